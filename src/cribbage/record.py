"""Game records: the seed, the rules and every action, as small JSON that replays exactly.

A record covers a match (a single game is a match of one game); the marker `NEXT_GAME`
stands where the next game of the match was started.

>>> from cribbage.rules import new_game
>>> recorder = Recorder.start(seed=5)
>>> _ = recorder.apply(CutForDeal(0, 10)); _ = recorder.apply(CutForDeal(1, 10))
>>> replay(Record.from_json(recorder.record.to_json())) == recorder.state
True
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any, Final, Literal, TypeAlias

from .cards import Card
from .errors import CribbageError, InvalidCardError, InvalidRecordError
from .events import Event
from .match import (
    FirstDealer,
    MatchConfig,
    MatchOver,
    MatchState,
    apply_match,
    new_match,
    next_game,
)
from .rules import (
    Action,
    Claim,
    Counting,
    CutForDeal,
    CutStarter,
    Discard,
    GameConfig,
    Overcount,
    Play,
)
from .text import clause

__all__ = [
    "FORMAT",
    "NAME_LENGTH",
    "NEXT_GAME",
    "SEEDS",
    "VERSION",
    "Record",
    "Recorder",
    "Step",
    "replay",
    "replay_steps",
]

FORMAT: Final = "cribbage-record"
VERSION: Final = 1

SEEDS: Final = range(-(2**63), 2**64)
"""The seeds a record may hold: any that fits in 64 bits, signed or not."""
_SEATS: Final = range(8)
_CUTS: Final = range(53)
_POINTS: Final = range(1001)
"""Targets, skunk lines and claimed counts: a score, 0 to 1000."""
_COUNTS: Final = range(1, 10**9 + 1)
"""Games and match points of a match."""

NEXT_GAME: Final = "next game"
Step: TypeAlias = Action | Literal["next game"]


@dataclass(frozen=True, slots=True)
class Record:
    """Everything needed to replay a match: seed, rules and steps."""

    seed: int
    game_config: GameConfig = GameConfig()
    match_config: MatchConfig = MatchConfig()
    steps: tuple[Step, ...] = ()
    names: tuple[str, ...] | None = None
    """Who sat at each seat, by name, for a match played by people at a table (None:
    against the computer). It changes nothing in the replay but the names shown."""

    def to_json(self) -> str:
        """The record as compact, stable JSON."""
        return json.dumps(self.to_dict(), separators=(",", ":"))

    def to_dict(self) -> dict[str, Any]:
        game = self.game_config
        match = self.match_config
        return {
            "format": FORMAT,
            "version": VERSION,
            "seed": self.seed,
            "game": {
                "target": game.target,
                "players": game.players,
                "skunk_line": game.skunk_line,
                "double_skunk_line": game.double_skunk_line,
                "counting": [mode.value for mode in game.counts],
                "overcount": game.overcount.value,
                "muggins": game.muggins,
                # written only when set, so that a two-handed record reads as it always has
                **({"partners": True} if game.partners else {}),
                **({"five_card": True} if game.five_card else {}),
            },
            "match": {
                "games": match.games,
                "points": match.points,
                "values": list(match.values),
                "first_dealer": match.first_dealer.value,
            },
            "steps": [_step_to_json(step) for step in self.steps],
            **({"names": list(self.names)} if self.names is not None else {}),
        }

    @staticmethod
    def from_json(text: str) -> Record:
        """Read a record written by `to_json`.

        Raises:
            InvalidRecordError: not JSON, not a record, a newer version, or a bad field.
        """
        try:
            data = json.loads(text)
        except (ValueError, RecursionError) as err:
            raise InvalidRecordError(f"The record is not valid JSON ({err}).") from None
        return Record.from_dict(data)

    @staticmethod
    def from_dict(data: object) -> Record:
        """Read a record from parsed JSON (see `from_json`).

        Every number is checked against its range (a seed of 64 bits, a score from 0 to
        1000, a match of at most a billion games or points), as every other field is.

        Raises:
            InvalidRecordError: not a record, a newer version, or a bad field.
        """
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise InvalidRecordError("This file is not a cribbage record.")
        version = data.get("version")
        if isinstance(version, bool) or not isinstance(version, int) or version < 1:
            raise InvalidRecordError("The record has no valid format version.")
        if version > VERSION:
            raise InvalidRecordError("The record's format version is newer than this program.")
        try:
            game = data["game"]
            match = data["match"]
            game_config = GameConfig(
                target=_int(game["target"], _POINTS),
                players=_int(game["players"], _SEATS),
                skunk_line=_opt_int(game["skunk_line"], _POINTS),
                double_skunk_line=_opt_int(game["double_skunk_line"], _POINTS),
                counting=tuple(Counting(mode) for mode in game["counting"]),
                overcount=Overcount(game["overcount"]),
                muggins=_bool(game["muggins"]),
                partners=_bool(game.get("partners", False)),
                five_card=_bool(game.get("five_card", False)),
            )
            values = tuple(_int(v, _COUNTS) for v in match["values"])
            if len(values) != 3:
                raise ValueError("three match values")
            match_config = MatchConfig(
                games=_opt_int(match["games"], _COUNTS),
                points=_opt_int(match["points"], _COUNTS),
                values=(values[0], values[1], values[2]),
                first_dealer=FirstDealer(match["first_dealer"]),
            )
            steps = tuple(_step_from_json(step) for step in data["steps"])
            names = _names(data.get("names"), game_config.players)
            return Record(_int(data["seed"], SEEDS), game_config, match_config, steps, names)
        except (KeyError, TypeError, ValueError, InvalidCardError) as err:
            raise InvalidRecordError(
                f"The record has a bad or missing field ({clause(str(err))})."
            ) from None


def _int(value: object, allowed: range) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValueError(f"{value!r} is not a whole number")
    if value not in allowed:
        raise ValueError(f"a number is not from {allowed.start} to {allowed.stop - 1}")
    return value


NAME_LENGTH: Final = 16
"""The longest name a record holds: a seat's at a table with people."""


def _names(value: object, players: int) -> tuple[str, ...] | None:
    if value is None:
        return None
    if not isinstance(value, list) or len(value) != players:
        raise ValueError("the names are not one for each seat")
    for name in value:
        if not isinstance(name, str) or not 0 < len(name) <= NAME_LENGTH or not name.isprintable():
            raise ValueError(f"a name is not printable text of 1 to {NAME_LENGTH} characters")
    return tuple(value)


def _bool(value: object) -> bool:
    if not isinstance(value, bool):
        raise ValueError(f"{value!r} is not true or false")
    return value


def _opt_int(value: object, allowed: range) -> int | None:
    return None if value is None else _int(value, allowed)


def _step_to_json(step: Step) -> object:
    match step:
        case "next game":
            return NEXT_GAME
        case CutForDeal(seat, position):
            return {"seat": seat, "cut_for_deal": position}
        case Discard(seat, cards):
            return {"seat": seat, "discard": [str(card) for card in cards]}
        case CutStarter(seat, position):
            return {"seat": seat, "cut": position}
        case Play(seat, card):
            return {"seat": seat, "play": str(card)}
        case Claim(seat, points):
            return {"seat": seat, "claim": points}
    raise TypeError(f"not a step: {step!r}")


def _step_from_json(data: object) -> Step:
    if data == NEXT_GAME:
        return NEXT_GAME
    if not isinstance(data, dict) or len(data) != 2 or "seat" not in data:
        raise ValueError(f"{data!r} is not a step")
    seat = _int(data["seat"], _SEATS)
    if "cut_for_deal" in data:
        return CutForDeal(seat, _int(data["cut_for_deal"], _CUTS))
    if "discard" in data:
        return Discard(seat, tuple(Card.parse(_str(text)) for text in data["discard"]))
    if "cut" in data:
        return CutStarter(seat, _int(data["cut"], _CUTS))
    if "play" in data:
        return Play(seat, Card.parse(_str(data["play"])))
    if "claim" in data:
        return Claim(seat, _int(data["claim"], _POINTS))
    raise ValueError(f"{data!r} is not a step")


def _str(value: object) -> str:
    if not isinstance(value, str):
        raise ValueError(f"{value!r} is not a card")
    return value


@dataclass(slots=True)
class Recorder:
    """A match being played, with its record kept step by step (the one mutable driver)."""

    state: MatchState
    record: Record
    events: list[Event | MatchOver] = field(default_factory=list)

    @staticmethod
    def start(
        seed: int,
        game_config: GameConfig | None = None,
        match_config: MatchConfig | None = None,
    ) -> Recorder:
        """A new match (a single game by default) from `seed`."""
        record = Record(seed, game_config or GameConfig(), match_config or MatchConfig())
        return Recorder(new_match(record.match_config, record.game_config, seed), record)

    def apply(self, step: Step) -> tuple[Event | MatchOver, ...]:
        """Carry out one step, record it, and return its events.

        Raises the errors of `cribbage.rules.apply`; the match and record are unchanged then.
        """
        if step == NEXT_GAME:
            self.state = next_game(self.state)
            new_events: tuple[Event | MatchOver, ...] = ()
        else:
            assert not isinstance(step, str)
            self.state, new_events = apply_match(self.state, step)
        self.record = Record(
            self.record.seed,
            self.record.game_config,
            self.record.match_config,
            self.record.steps + (step,),
            self.record.names,
        )
        self.events.extend(new_events)
        return new_events


def replay(record: Record) -> MatchState:
    """The match state after every step of `record`.

    Raises:
        InvalidRecordError: a step is not legal where it stands.
    """
    *_, (state, _) = replay_steps(record)
    return state


def replay_steps(record: Record) -> Iterator[tuple[MatchState, tuple[Event | MatchOver, ...]]]:
    """Each state of the match in `record` with the events of the step that led to it.

    The first pair is the match before any step (with no events); then one pair per step
    (a `NEXT_GAME` step has no events). A viewer can show a record step by step from these.

    Raises:
        InvalidRecordError: on reaching a step that is not legal where it stands.

    >>> recorder = Recorder.start(seed=5)
    >>> _ = recorder.apply(CutForDeal(0, 10))
    >>> [(state.game.phase.value, len(events)) for state, events in replay_steps(recorder.record)]
    [('cut for deal', 0), ('cut for deal', 1)]
    """
    state = new_match(record.match_config, record.game_config, record.seed)
    yield state, ()
    for number, step in enumerate(record.steps, 1):
        events: tuple[Event | MatchOver, ...] = ()
        try:
            if step == NEXT_GAME:
                state = next_game(state)
            else:
                assert not isinstance(step, str)
                state, events = apply_match(state, step)
        except (CribbageError, RuntimeError) as err:
            raise InvalidRecordError(
                f"Step {number} of the record is not legal: {clause(str(err))}."
            ) from None
        yield state, events
