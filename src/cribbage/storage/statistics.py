"""The statistics file, `stats.json`: its format, and reading and writing it.

The file holds a `cribbage.stats.Statistics` as JSON with a format name and a version.
Reading checks every field: anything missing, extra, of the wrong type or out of range (a
count is 0 to a billion, a hand's points 0 to 29) makes the file damaged
(`DamagedStatisticsError`), and the caller moves it aside.

Version 1 holds the two-handed game's statistics (`levels`). Version 2 adds `variants`, the
other games' (`"three-handed": {level: ...}`), and is written only once one of those has
been counted: a player of the two-handed game keeps a version 1 file, which the programs
before the variants read too, and a version 1 file is read as the two-handed game's. A
program older than version 2 leaves a version 2 file alone rather than losing its counts.

>>> from cribbage.stats import Statistics
>>> stats = Statistics()
>>> stats.count_hint("easy")
>>> parse_statistics(dump_statistics(stats)) == stats
True
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import fields
from pathlib import Path
from typing import Any, Final

from ..cards import Card
from ..errors import InvalidCardError
from ..stats import BestHand, LevelStats, SideStats, Statistics, is_level_name
from ..variants import Variant
from .files import NotRegularFileError, TooLargeError, read_regular, write_atomic

__all__ = [
    "STATS_FORMAT",
    "STATS_VERSION",
    "DamagedStatisticsError",
    "NewerStatisticsError",
    "dump_statistics",
    "parse_statistics",
    "read_statistics",
    "write_statistics",
]

STATS_FORMAT: Final = "cribbage-stats"
STATS_VERSION: Final = 2
_VERSIONS: Final = range(1, STATS_VERSION + 1)

MAX_COUNT: Final = 10**9
"""The largest count the file may hold (games, points, hints...)."""
_LAST_VERSION: Final = 1000
"""A larger version number is damage, not a newer program."""
_HAND_POINTS: Final = range(30)


class DamagedStatisticsError(Exception):
    """The statistics file is not one this program wrote: cut short, not JSON, a bad field.

    `what` completes "The statistics file ...": "could not be read", "is a symbolic link"...
    """

    def __init__(self, what: str = "could not be read") -> None:
        super().__init__(what)
        self.what = what


class NewerStatisticsError(Exception):
    """The statistics file comes from a newer version of the program."""


def read_statistics(path: Path) -> Statistics:
    """The statistics in the file at `path`.

    Raises:
        FileNotFoundError: there is no statistics file.
        OSError: the file cannot be read.
        DamagedStatisticsError: the file is not valid statistics, or not a regular file.
        NewerStatisticsError: the file was written by a newer version of the program.
    """
    try:
        data = json.loads(read_regular(path))
        if not isinstance(data, dict) or data.pop("format", None) != STATS_FORMAT:
            raise ValueError("not a statistics file")
        version = data.pop("version", None)
        newer = range(STATS_VERSION + 1, _LAST_VERSION + 1)
        if isinstance(version, int) and not isinstance(version, bool) and version in newer:
            raise NewerStatisticsError
        if isinstance(version, bool) or version not in _VERSIONS:
            raise ValueError("no known version")
        if (version == 1) == ("variants" in data):
            raise ValueError("the variants do not fit the version")
        return parse_statistics(data)
    except NotRegularFileError as err:
        raise DamagedStatisticsError(err.what) from None
    except (ValueError, RecursionError, TooLargeError):
        raise DamagedStatisticsError from None


def write_statistics(path: Path, stats: Statistics) -> None:
    """Replace the statistics file at `path` with `stats`, atomically.

    Raises:
        OSError: the file cannot be written.
    """
    body = dump_statistics(stats)
    version = STATS_VERSION if "variants" in body else 1
    text = {"format": STATS_FORMAT, "version": version, **body}
    write_atomic(path, json.dumps(text, indent=1).encode())


# --- the statistics as plain JSON data -------------------------------------------------------

_SIDE_COUNTS: Final = tuple(f.name for f in fields(SideStats))
_LEVEL_COUNTS: Final = tuple(f.name for f in fields(LevelStats) if f.type == "int")
_SIDES: Final = ("you", "computer")


def dump_statistics(stats: Statistics) -> dict[str, Any]:
    """The statistics as plain JSON data (see `parse_statistics`); `variants` only when one
    of the other games has statistics."""
    data: dict[str, Any] = {
        "levels": _table_to_dict(stats.levels),
        "counted": list(stats.counted),
    }
    if stats.variants:
        data["variants"] = {
            variant.value: _table_to_dict(table) for variant, table in stats.variants.items()
        }
    return data


def _table_to_dict(table: dict[str, LevelStats]) -> dict[str, Any]:
    return {name: _level_to_dict(level) for name, level in table.items()}


def parse_statistics(data: object) -> Statistics:
    """Read statistics written by `dump_statistics`.

    Raises:
        ValueError: anything missing, extra, of the wrong type or out of range.
    """
    keys = {"levels", "counted"}
    if isinstance(data, dict) and "variants" in data:
        keys.add("variants")
    body = _exact_keys(data, keys, "the statistics")
    counted = body["counted"]
    if not isinstance(counted, list) or not all(isinstance(key, str) for key in counted):
        raise ValueError("the counted games are not a list of ids")
    variants = body.get("variants", {})
    if not isinstance(variants, dict):
        raise ValueError("the variants are not a table")
    return Statistics(
        _table_from_dict(body["levels"]),
        list(counted),
        {_variant(name): _table_from_dict(table) for name, table in variants.items()},
    )


def _table_from_dict(levels: object) -> dict[str, LevelStats]:
    if not isinstance(levels, dict):
        raise ValueError("the levels are not a table")
    return {_name(name): _level_from_dict(value) for name, value in levels.items()}


def _variant(name: object) -> Variant:
    """A game other than the two-handed one, by its name."""
    if not isinstance(name, str) or name == Variant.TWO_HANDED.value:
        raise ValueError("the statistics name no other game")
    return Variant(name)  # ValueError for a name that is none


def _level_to_dict(stats: LevelStats) -> dict[str, Any]:
    data: dict[str, Any] = {name: getattr(stats, name) for name in _LEVEL_COUNTS}
    for side in _SIDES:
        data[side] = {name: getattr(getattr(stats, side), name) for name in _SIDE_COUNTS}
    best = stats.best_hand
    data["best_hand"] = (
        None
        if best is None
        else {
            "points": best.points,
            "cards": [str(card) for card in best.cards],
            "starter": str(best.starter),
        }
    )
    return data


def _level_from_dict(data: object) -> LevelStats:
    body = _exact_keys(data, {*_LEVEL_COUNTS, *_SIDES, "best_hand"}, "a level")
    stats = LevelStats()
    _set_counts(stats, body, _LEVEL_COUNTS)
    for side in _SIDES:
        _set_counts(
            getattr(stats, side), _exact_keys(body[side], set(_SIDE_COUNTS), side), _SIDE_COUNTS
        )
    if body["best_hand"] is not None:
        best = _exact_keys(body["best_hand"], {"points", "cards", "starter"}, "the best hand")
        texts = best["cards"]
        if not isinstance(texts, list):
            raise ValueError("the best hand has no list of cards")
        try:
            cards = tuple(Card.parse(_text(text)) for text in texts)
            starter = Card.parse(_text(best["starter"]))
        except (InvalidCardError, TypeError) as err:
            raise ValueError(f"the best hand names no cards ({err})") from None
        if len(cards) not in (3, 4) or len({*cards, starter}) != len(cards) + 1:
            raise ValueError("the best hand is not four cards (three in five-card) and a starter")
        points = _count(best["points"], "points")
        if points not in _HAND_POINTS:
            raise ValueError("the best hand has more points than a hand can")
        stats.best_hand = BestHand(points, cards, starter)
    if stats.streak > stats.longest_streak or stats.longest_streak > stats.games_won:
        raise ValueError("the winning streaks do not add up")
    return stats


def _exact_keys(data: object, keys: set[str], what: str) -> Mapping[str, object]:
    if not isinstance(data, dict) or set(data) != keys:
        raise ValueError(f"{what} do not have the expected fields")
    return data


def _set_counts(target: object, body: Mapping[str, object], names: tuple[str, ...]) -> None:
    for name in names:
        setattr(target, name, _count(body[name], name))


def _count(value: object, name: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= MAX_COUNT:
        raise ValueError(f"{name} is not a count from 0 to {MAX_COUNT}")
    return value


def _text(value: object) -> str:
    if not isinstance(value, str):
        raise TypeError(f"{value!r} is not a card")
    return value


def _name(value: str) -> str:
    if not is_level_name(value):
        raise ValueError("a level has no usable name")
    return value
