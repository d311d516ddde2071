"""The match in progress as a save: `SavedMatch`, its file format and the upgrades of old ones.

A save is the match's `Record` (seed, rules, every step) with the match's id, when it
started and the player's options; reading one replays the record, so a file whose steps are
not a legal game is refused (`UnusableSaveError`).
"""

from __future__ import annotations

import json
import math
import re
import uuid
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime
from typing import Any, Final, TypeAlias

from ..errors import InvalidRecordError
from ..events import Event
from ..match import MatchConfig, MatchOver, MatchState
from ..record import SEEDS, Record, Recorder, Step, replay_steps
from ..rules import CutForDeal, Discard, GameConfig
from ..stats import is_level_name

__all__ = [
    "MIGRATIONS",
    "SAVE_FORMAT",
    "SAVE_VERSION",
    "OptionValue",
    "Options",
    "SavedMatch",
    "UnusableSaveError",
    "new_match_id",
]

SAVE_FORMAT: Final = "cribbage-save"
SAVE_VERSION: Final = 1

OptionValue: TypeAlias = str | int | float | bool | None
Options: TypeAlias = dict[str, OptionValue]
"""What the UI needs to resume a match besides its record: level, explain, seeds, ..."""

Migration: TypeAlias = Callable[[dict[str, Any]], dict[str, Any]]
MIGRATIONS: dict[int, Migration] = {}
"""Upgrades of older saves: `MIGRATIONS[n]` turns the JSON of a version-n save into version n+1.

There is only version 1 so far; the day the save changes, its version goes up and the upgrade
from the old one goes here, so old saves keep loading.
"""

_ID: Final = re.compile(r"[0-9A-Za-z_-]{1,64}")
_MAX_OPTIONS: Final = 64
_VERSIONS: Final = range(1, 1001)


class UnusableSaveError(InvalidRecordError):
    """A save that cannot be resumed; `reason` completes "could not be resumed because ..."."""

    def __init__(self, reason: str) -> None:
        super().__init__(f"The saved game could not be resumed because {reason}.")
        self.reason = reason


def new_match_id() -> str:
    """A fresh random id for a match (32 hex digits)."""
    return uuid.uuid4().hex


def _now() -> str:
    return datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


def _check_options(options: object) -> Options:
    """The options as a save holds them.

    Raises:
        TypeError: they are not a small table of names to strings, numbers or booleans.
        ValueError: a number is out of range: an integer beyond 64 bits (as a seed may be),
            or a number that is not finite or beyond 2**64.
    """
    if (
        not isinstance(options, dict)
        or len(options) > _MAX_OPTIONS
        or not all(isinstance(key, str) for key in options)
        or not all(
            value is None or isinstance(value, (str, int, float, bool))
            for value in options.values()
        )
    ):
        raise TypeError("Options are a small table of names to strings, numbers or booleans.")
    for value in options.values():
        if (isinstance(value, int) and value not in SEEDS) or (
            isinstance(value, float) and not (math.isfinite(value) and abs(value) <= 2**64)
        ):
            raise ValueError("An option's number is out of range.")
    return dict(options)


@dataclass(slots=True)
class SavedMatch:
    """A match being played, with what is needed to resume it: id, start time and options.

    Build one with `start` (a new match) or get one from `Storage.load`; `apply` each
    step through it, then hand it to `Storage.save`.
    """

    id: str
    recorder: Recorder
    options: Options = field(default_factory=dict)
    started: str = field(default_factory=_now)
    """When the match started, UTC, as `YYYY-MM-DDTHH:MM:SSZ`."""

    def __post_init__(self) -> None:
        if not _ID.fullmatch(self.id):
            raise ValueError(f"A match id is 1 to 64 letters, digits, '-' or '_', not {self.id!r}.")

    @staticmethod
    def start(
        seed: int,
        game_config: GameConfig | None = None,
        match_config: MatchConfig | None = None,
        options: Mapping[str, OptionValue] | None = None,
    ) -> SavedMatch:
        """A new match from `seed` with a fresh id.

        Raises:
            TypeError: an option value is not a string, number, boolean or None.
            ValueError: an option's number is out of the range a save holds.
        """
        recorder = Recorder.start(seed, game_config, match_config)
        return SavedMatch(new_match_id(), recorder, _check_options(dict(options or {})))

    @property
    def state(self) -> MatchState:
        """The match now."""
        return self.recorder.state

    @property
    def record(self) -> Record:
        """Every step so far."""
        return self.recorder.record

    @property
    def events(self) -> list[Event | MatchOver]:
        """Every event of the match so far (rebuilt by replay when resumed)."""
        return self.recorder.events

    @property
    def begun(self) -> bool:
        """True once the first starter is cut: a match a player may want back. Before it,
        only the cuts for the deal and the laying away have happened, dealt again at no cost.

        >>> match = SavedMatch.start(5)
        >>> match.apply(CutForDeal(0, 20)) and match.begun
        False
        """
        return any(not isinstance(step, CutForDeal | Discard) for step in self.record.steps)

    @property
    def level(self) -> str:
        """The computer's level, from the `level` option, for the statistics."""
        level = self.options.get("level")
        return level if isinstance(level, str) and is_level_name(level) else "unknown"

    def apply(self, step: Step) -> tuple[Event | MatchOver, ...]:
        """Carry out and record one step (see `Recorder.apply`, whose errors it raises)."""
        return self.recorder.apply(step)

    def to_json(self) -> str:
        """The save file's text.

        Raises:
            ValueError: a number in the save (an option, the seed, a rule) is out of the range
                `from_json` reads back, so the save would be refused; nothing is written then.
        """
        try:
            _check_options(self.options)
            Record.from_dict(replace(self.record, steps=()).to_dict())  # its steps are legal
        except ValueError:
            raise ValueError("a number in it is out of range") from None
        return json.dumps(
            {
                "format": SAVE_FORMAT,
                "version": SAVE_VERSION,
                "id": self.id,
                "started": self.started,
                "options": self.options,
                "record": self.record.to_dict(),
            },
            separators=(",", ":"),
        )

    @staticmethod
    def from_json(text: bytes | str) -> SavedMatch:
        """Read and replay a save written by `to_json`, upgrading an older version.

        Raises:
            UnusableSaveError: the text is not a save, is newer than this program, or does
                not replay.
        """
        try:
            data = json.loads(text)
        except (ValueError, RecursionError):
            raise UnusableSaveError("it is cut short or is not valid JSON") from None
        if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
            raise UnusableSaveError("it is not a cribbage save")
        data = _migrate(data)
        try:
            match_id, started = data["id"], data["started"]
            if not isinstance(match_id, str) or not _ID.fullmatch(match_id):
                raise ValueError("bad id")
            if not isinstance(started, str) or len(started) > 40:
                raise ValueError("bad start time")
            options = _check_options(data["options"])
            record = Record.from_dict(data["record"])
        except (KeyError, TypeError, ValueError):
            raise UnusableSaveError("it has a bad or missing field") from None
        events: list[Event | MatchOver] = []
        try:
            for state, step_events in replay_steps(record):  # noqa: B007  (the last one is kept)
                events.extend(step_events)
        except InvalidRecordError:
            raise UnusableSaveError("its moves do not form a legal game") from None
        return SavedMatch(match_id, Recorder(state, record, events), options, started)


def _migrate(data: dict[str, Any]) -> dict[str, Any]:
    version = data.get("version")
    if isinstance(version, bool) or not isinstance(version, int) or version not in _VERSIONS:
        raise UnusableSaveError("it has no valid format version")
    if version > SAVE_VERSION:
        raise UnusableSaveError("it was saved by a newer version of cribbage")
    while version < SAVE_VERSION:
        try:
            data = MIGRATIONS[version](data)
        except Exception:  # an old file that does not fit its version's shape
            raise UnusableSaveError(f"it could not be upgraded from version {version}") from None
        version += 1
    return data
