"""The messages of a table and its players, inside the encrypted channel.

Every message is a JSON object with a `type`. What a player may send is small and checked
field by field (`from_player`) before anything acts on it; what a table sends carries the
game's values (`cribbage.net.values`) and is checked as strictly on the player's side
(`from_table`). docs/protocol.md lists them all.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final, TypeAlias

from ..match import MatchConfig
from ..rules import Action, GameConfig
from ..tables.news import NAME_LENGTH, TALK_LENGTH, Presence, SeatInfo
from ..view import MatchView
from .values import ACTIONS, EventOrMatchOver, decode, encode

__all__ = [
    "NAME_LENGTH",
    "TALK_LENGTH",
    "Again",
    "Bye",
    "Give",
    "Join",
    "MessageError",
    "Ping",
    "Pong",
    "Start",
    "TakeAction",
    "Talk",
    "action_message",
    "from_player",
    "from_table",
]

_RAW_NAME: Final = 64
"""The longest name a player may send (it is cut to `NAME_LENGTH` when cleaned)."""


class MessageError(ValueError):
    """A message of the wrong shape; the text says what is wrong, briefly."""


# -- from a player


@dataclass(frozen=True, slots=True)
class Join:
    """Sit at the table as `name`, at `seat` if given, or watch."""

    name: str
    seat: str | None = None
    """A seat by where it sits (`south`) or its number from 1, as `seat_number` reads it."""
    watch: bool = False


@dataclass(frozen=True, slots=True)
class TakeAction:
    """The player's action, for its own seat (numbered as the table numbers it)."""

    action: Action


@dataclass(frozen=True, slots=True)
class Talk:
    text: str


@dataclass(frozen=True, slots=True)
class Start:
    """Start the game now (a table without a host at the screen: any player may)."""


@dataclass(frozen=True, slots=True)
class Again:
    """The player wants another match once this one is over."""


@dataclass(frozen=True, slots=True)
class Give:
    """Give the seat of a player who has gone to the computer (as `Start`, on a table
    without a host at the screen)."""

    seat: int


@dataclass(frozen=True, slots=True)
class Ping:
    """Are you there? (Either side; the answer is `Pong`.)"""


@dataclass(frozen=True, slots=True)
class Pong:
    """Here."""


@dataclass(frozen=True, slots=True)
class Bye:
    """The sender leaves."""

    text: str = ""


FromPlayer: TypeAlias = Join | TakeAction | Talk | Start | Again | Give | Ping | Pong | Bye


def _fields(data: Any, allowed: dict[str, type | tuple[type, ...]]) -> dict[str, Any]:
    """`data`'s fields, each of its type, none missing and none more than `allowed`."""
    if not isinstance(data, dict):
        raise MessageError("a message is a JSON object")
    extra = set(data) - set(allowed) - {"type"}
    if extra:
        raise MessageError(f"a field the message does not have: {sorted(extra)[0][:20]!r}")
    for name, kind in allowed.items():
        if name not in data:
            raise MessageError(f"the message lacks its {name}")
        value = data[name]
        if isinstance(value, bool) and kind is int:
            raise MessageError(f"its {name} is not a number")
        if not isinstance(value, kind):
            raise MessageError(f"its {name} is of the wrong type")
    return data


def _text(value: str, limit: int, what: str) -> str:
    if len(value) > limit:
        raise MessageError(f"the {what} is longer than {limit} characters")
    return value


def from_player(data: Any) -> FromPlayer:
    """The message a player sent, checked.

    Raises:
        MessageError: not a message a player may send, or a field of the wrong type or size.
    """
    if not isinstance(data, dict) or not isinstance(data.get("type"), str):
        raise MessageError("a message is a JSON object with a type")
    match data["type"]:
        case "join":
            fields = _fields(data, {"name": str, "seat": (str, type(None)), "watch": bool})
            seat = fields["seat"]
            if seat is not None:
                seat = _text(seat, 8, "seat")
            return Join(_text(fields["name"], _RAW_NAME, "name"), seat, fields["watch"])
        case "action":
            fields = _fields(data, {"action": dict})
            return TakeAction(_action(fields["action"]))
        case "talk":
            return Talk(_text(_fields(data, {"text": str})["text"], TALK_LENGTH, "talk"))
        case "start":
            _fields(data, {})
            return Start()
        case "again":
            _fields(data, {})
            return Again()
        case "give":
            seat = _fields(data, {"seat": int})["seat"]
            if not 0 <= seat < 4:
                raise MessageError("a seat is a number from 0 to 3")
            return Give(seat)
        case "ping":
            _fields(data, {})
            return Ping()
        case "pong":
            _fields(data, {})
            return Pong()
        case "bye":
            _fields(data, {})
            return Bye()
    raise MessageError(f"no message is of the type {str(data['type'])[:20]!r}")


def _action(data: dict[str, Any]) -> Action:
    name = data.get("action")
    kind = ACTIONS.get(name) if isinstance(name, str) else None
    if kind is None:
        raise MessageError("not an action")
    try:
        action: Action = decode(
            kind, {key: value for key, value in data.items() if key != "action"}
        )
    except ValueError as err:
        raise MessageError(f"a bad action ({err})") from None
    if not 0 <= action.seat < 4:
        raise MessageError("a seat is a number from 0 to 3")
    return action


def action_message(action: Action) -> dict[str, Any]:
    """The message that sends `action` to the table."""
    return {"type": "action", "action": {"action": type(action).__name__, **encode(action)}}


# -- from the table


@dataclass(frozen=True, slots=True)
class Welcome:
    """The player sits at `seat` (None: watches) of a table playing by these rules."""

    seat: int | None
    game: GameConfig
    match: MatchConfig
    level: str
    hosted: bool
    """The host plays at its screen: it starts the game and gives seats away."""


@dataclass(frozen=True, slots=True)
class SeatsMessage:
    seats: tuple[SeatInfo, ...]
    started: bool


@dataclass(frozen=True, slots=True)
class UpdateMessage:
    events: tuple[EventOrMatchOver, ...]
    match: MatchView
    by: int | None


@dataclass(frozen=True, slots=True)
class Text:
    """`refused`, `notice`, `error` (the table then closes the connection) and `bye`."""

    kind: str
    text: str


@dataclass(frozen=True, slots=True)
class SaidMessage:
    name: str
    text: str


@dataclass(frozen=True, slots=True)
class NewCode:
    """The table's join code has changed (after wrong codes were tried): rejoin with this."""

    code: str


FromTable: TypeAlias = (
    Welcome | SeatsMessage | UpdateMessage | Text | SaidMessage | NewCode | Ping | Pong
)


def welcome(
    seat: int | None, game: GameConfig, match: MatchConfig, level: str, hosted: bool
) -> dict[str, Any]:
    return {
        "type": "welcome",
        "seat": seat,
        "game": encode(game),
        "match": encode(match),
        "level": level,
        "hosted": hosted,
    }


def seats_message(seats: tuple[SeatInfo, ...], started: bool) -> dict[str, Any]:
    return {
        "type": "seats",
        "seats": [{"name": s.name, "presence": s.presence.value} for s in seats],
        "started": started,
    }


def update_message(
    events: tuple[EventOrMatchOver, ...], match: MatchView, by: int | None
) -> dict[str, Any]:
    return {"type": "update", "events": encode(events), "match": encode(match), "by": by}


def text_message(kind: str, text: str) -> dict[str, Any]:
    return {"type": kind, "text": text}


def said_message(name: str, text: str) -> dict[str, Any]:
    return {"type": "said", "name": name, "text": text}


_TEXTS: Final = ("refused", "notice", "error", "bye")


def from_table(data: Any) -> FromTable:
    """The message a table sent, checked.

    Raises:
        MessageError: not a message a table sends, or a field of the wrong shape.
    """
    if not isinstance(data, dict) or not isinstance(data.get("type"), str):
        raise MessageError("a message is a JSON object with a type")
    kind = data["type"]
    try:
        match kind:
            case "welcome":
                fields = _fields(
                    data,
                    {
                        "seat": (int, type(None)),
                        "game": dict,
                        "match": dict,
                        "level": str,
                        "hosted": bool,
                    },
                )
                return Welcome(
                    decode(int | None, fields["seat"]),
                    decode(GameConfig, fields["game"]),
                    decode(MatchConfig, fields["match"]),
                    _text(fields["level"], 20, "level"),
                    fields["hosted"],
                )
            case "seats":
                fields = _fields(data, {"seats": list, "started": bool})
                return SeatsMessage(
                    tuple(_seat_info(item) for item in fields["seats"][:4]), fields["started"]
                )
            case "update":
                fields = _fields(data, {"events": list, "match": dict, "by": (int, type(None))})
                return UpdateMessage(
                    decode(tuple[EventOrMatchOver, ...], fields["events"]),
                    decode(MatchView, fields["match"]),
                    decode(int | None, fields["by"]),
                )
            case "said":
                fields = _fields(data, {"name": str, "text": str})
                return SaidMessage(
                    _text(fields["name"], NAME_LENGTH, "name"),
                    _text(fields["text"], TALK_LENGTH, "talk"),
                )
            case "ping":
                return Ping()
            case "pong":
                return Pong()
            case "code":
                return NewCode(_text(_fields(data, {"code": str})["code"], 64, "code"))
            case _ if kind in _TEXTS:
                return Text(kind, _text(_fields(data, {"text": str})["text"], 400, "text"))
    except ValueError as err:
        raise MessageError(str(err)) from None
    raise MessageError(f"no message is of the type {str(kind)[:20]!r}")


def _seat_info(data: Any) -> SeatInfo:
    fields = _fields(data, {"name": str, "presence": str})
    try:
        presence = Presence(fields["presence"])
    except ValueError:
        raise MessageError("a seat's presence is not one of the table's") from None
    return SeatInfo(_text(fields["name"], NAME_LENGTH, "name"), presence)
