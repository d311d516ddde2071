"""The statistics file, `stats.json`: its format, and reading and writing it.

The file holds a `cribbage.stats.Statistics` as JSON with a format name and a version.
Reading checks every field: anything missing, extra, of the wrong type or out of range (a
count is 0 to a billion, a hand's points 0 to 29) makes the file damaged
(`DamagedStatisticsError`), and the caller moves it aside.

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
STATS_VERSION: Final = 1

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
        if version != STATS_VERSION:
            raise ValueError("no known version")
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
    text = {"format": STATS_FORMAT, "version": STATS_VERSION, **dump_statistics(stats)}
    write_atomic(path, json.dumps(text, indent=1).encode())


# --- the statistics as plain JSON data -------------------------------------------------------

_SIDE_COUNTS: Final = tuple(f.name for f in fields(SideStats))
_LEVEL_COUNTS: Final = tuple(f.name for f in fields(LevelStats) if f.type == "int")
_SIDES: Final = ("you", "computer")


def dump_statistics(stats: Statistics) -> dict[str, Any]:
    """The statistics as plain JSON data (see `parse_statistics`)."""
    return {
        "levels": {name: _level_to_dict(level) for name, level in stats.levels.items()},
        "counted": list(stats.counted),
    }


def parse_statistics(data: object) -> Statistics:
    """Read statistics written by `dump_statistics`.

    Raises:
        ValueError: anything missing, extra, of the wrong type or out of range.
    """
    body = _exact_keys(data, {"levels", "counted"}, "the statistics")
    levels = body["levels"]
    counted = body["counted"]
    if not isinstance(levels, dict):
        raise ValueError("the levels are not a table")
    if not isinstance(counted, list) or not all(isinstance(key, str) for key in counted):
        raise ValueError("the counted games are not a list of ids")
    return Statistics(
        {_name(name): _level_from_dict(value) for name, value in levels.items()},
        list(counted),
    )


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
        if len(cards) != 4 or len({*cards, starter}) != 5:
            raise ValueError("the best hand is not four cards and a starter")
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
