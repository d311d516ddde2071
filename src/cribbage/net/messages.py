"""The messages of a table and its players, inside the encrypted channel.

Every message is a JSON object with a `type`. What a player may send is small and checked
field by field (`from_player`) before anything acts on it; what a table sends carries the
game's values (`cribbage.net.values`) and is checked as strictly on the player's side
(`from_table`). docs/protocol.md lists them all.
"""

from __future__ import annotations

import base64
import binascii
from dataclasses import dataclass
from typing import Any, Final, TypeAlias

from ..choices import LEVELS
from ..match import MatchConfig
from ..names import clean_name
from ..rules import Action, GameConfig
from ..tables.news import NAME_LENGTH, TALK_LENGTH, Presence, SeatInfo
from ..text import visible
from ..view import MatchView
from .codes import CodeError, parse_code
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
    "Sit",
    "Start",
    "TakeAction",
    "Talk",
    "action_message",
    "from_player",
    "from_table",
]

_RAW_NAME: Final = 64
"""The longest name a player may send (it is cut to `NAME_LENGTH` when cleaned)."""
TICKET_BYTES: Final = 32
"""A seat ticket, and the proof of holding one (`Channel.seat_proof`), are this long."""
PROOFS: Final = 16
"""The most seat tickets a player shows at once (as many as its program keeps)."""
_TEXT_LENGTH: Final = 400
"""The longest sentence a table sends (a notice, a refusal, an error)."""


class MessageError(ValueError):
    """A message of the wrong shape; the text says what is wrong, briefly."""


# -- from a player


@dataclass(frozen=True, slots=True)
class Join:
    """Sit at the table as `name`, at `seat` if given, or watch; `proofs` show which seat
    tickets the player holds (`Channel.seat_proof`): one of this table's takes its seat
    back."""

    name: str
    seat: str | None = None
    """A seat by where it sits (`south`) or its number from 1, as `seat_number` reads it."""
    watch: bool = False
    proofs: tuple[bytes, ...] = ()


@dataclass(frozen=True, slots=True)
class Sit:
    """Move to the free seat `seat` (numbered as the table numbers it) before the game."""

    seat: int


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


FromPlayer: TypeAlias = Join | TakeAction | Talk | Start | Again | Give | Sit | Ping | Pong | Bye


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


def _ticket(value: str, what: str) -> bytes:
    """A ticket (or a proof of one) as it travels: base64 of `TICKET_BYTES` bytes."""
    try:
        data = base64.b64decode(_text(value, 64, what), validate=True)
    except (binascii.Error, ValueError):
        raise MessageError(f"the {what} is not base64") from None
    if len(data) != TICKET_BYTES:
        raise MessageError(f"the {what} is not {TICKET_BYTES} bytes")
    return data


def ticket_text(data: bytes) -> str:
    """A ticket (or a proof of one) as it travels."""
    return base64.b64encode(data).decode()


def _seat(value: int) -> int:
    if not 0 <= value < 4:
        raise MessageError("a seat is a number from 0 to 3")
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
            fields = _fields(
                data, {"name": str, "seat": (str, type(None)), "watch": bool, "tickets": list}
            )
            seat = fields["seat"]
            if seat is not None:
                seat = _text(seat, 8, "seat")
            proofs = fields["tickets"]
            if len(proofs) > PROOFS or not all(isinstance(proof, str) for proof in proofs):
                raise MessageError(f"the tickets are not a list of at most {PROOFS} texts")
            return Join(
                _text(fields["name"], _RAW_NAME, "name"),
                seat,
                fields["watch"],
                tuple(_ticket(proof, "ticket") for proof in proofs),
            )
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
            return Give(_seat(_fields(data, {"seat": int})["seat"]))
        case "sit":
            return Sit(_seat(_fields(data, {"seat": int})["seat"]))
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
    _seat(action.seat)
    return action


def action_message(action: Action) -> dict[str, Any]:
    """The message that sends `action` to the table."""
    return {"type": "action", "action": {"action": type(action).__name__, **encode(action)}}


# -- from the table


@dataclass(frozen=True, slots=True)
class Welcome:
    """The player sits at `seat` (None: watches) of a table playing by these rules, and
    takes the seat back with `ticket` (None for an onlooker). A welcome comes again when the
    player moves to another seat before the game."""

    seat: int | None
    game: GameConfig
    match: MatchConfig
    level: str
    hosted: bool
    """The host plays at its screen: it starts the game and gives seats away."""
    ticket: bytes | None = None


@dataclass(frozen=True, slots=True)
class SeatsMessage:
    seats: tuple[SeatInfo, ...]
    started: bool
    playing: bool


@dataclass(frozen=True, slots=True)
class UpdateMessage:
    events: tuple[EventOrMatchOver, ...]
    match: MatchView
    by: int | None
    missed: bool = False
    """The events are what happened while the player was away (told, not played out)."""


@dataclass(frozen=True, slots=True)
class Text:
    """`refused`, `notice`, `error` (the table then closes the connection) and `bye`."""

    kind: str
    text: str


@dataclass(frozen=True, slots=True)
class SaidMessage:
    name: str
    text: str
    watching: bool = False
    """An onlooker said it."""


@dataclass(frozen=True, slots=True)
class NewCode:
    """The table's join code has changed (after wrong codes were tried): rejoin with this."""

    code: str


FromTable: TypeAlias = (
    Welcome | SeatsMessage | UpdateMessage | Text | SaidMessage | NewCode | Ping | Pong
)


def welcome(
    seat: int | None,
    game: GameConfig,
    match: MatchConfig,
    level: str,
    hosted: bool,
    ticket: bytes | None = None,
) -> dict[str, Any]:
    return {
        "type": "welcome",
        "seat": seat,
        "game": encode(game),
        "match": encode(match),
        "level": level,
        "hosted": hosted,
        "ticket": None if ticket is None else ticket_text(ticket),
    }


def seats_message(seats: tuple[SeatInfo, ...], started: bool, playing: bool) -> dict[str, Any]:
    return {
        "type": "seats",
        "seats": [{"name": s.name, "presence": s.presence.value} for s in seats],
        "started": started,
        "playing": playing,
    }


def update_message(
    events: tuple[EventOrMatchOver, ...], match: MatchView, by: int | None, missed: bool = False
) -> dict[str, Any]:
    return {
        "type": "update",
        "events": encode(events),
        "match": encode(match),
        "by": by,
        "missed": missed,
    }


def text_message(kind: str, text: str) -> dict[str, Any]:
    return {"type": kind, "text": text}


def said_message(name: str, text: str, watching: bool) -> dict[str, Any]:
    return {"type": "said", "name": name, "text": text, "watching": watching}


_TEXTS: Final = ("refused", "notice", "error", "bye")


def from_table(data: Any) -> FromTable:
    """The message a table sent, checked, and every text in it made safe to show: names
    cleaned as the table cleans them (`names.clean_name`), sentences with their control
    characters made visible (`text.visible`), a level one of the levels, a code a code. A
    table is trusted with nothing the player's terminal draws.

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
                        "ticket": (str, type(None)),
                    },
                )
                if fields["level"] not in LEVELS:
                    raise MessageError("the level is not one of the computer's")
                return Welcome(
                    decode(int | None, fields["seat"]),
                    decode(GameConfig, fields["game"]),
                    decode(MatchConfig, fields["match"]),
                    fields["level"],
                    fields["hosted"],
                    None if fields["ticket"] is None else _ticket(fields["ticket"], "ticket"),
                )
            case "seats":
                fields = _fields(data, {"seats": list, "started": bool, "playing": bool})
                return SeatsMessage(
                    tuple(_seat_info(item) for item in fields["seats"][:4]),
                    fields["started"],
                    fields["playing"],
                )
            case "update":
                fields = _fields(
                    data,
                    {"events": list, "match": dict, "by": (int, type(None)), "missed": bool},
                )
                return UpdateMessage(
                    decode(tuple[EventOrMatchOver, ...], fields["events"]),
                    decode(MatchView, fields["match"]),
                    decode(int | None, fields["by"]),
                    fields["missed"],
                )
            case "said":
                fields = _fields(data, {"name": str, "text": str, "watching": bool})
                return SaidMessage(
                    clean_name(_text(fields["name"], NAME_LENGTH, "name")),
                    visible(_text(fields["text"], TALK_LENGTH, "talk")),
                    fields["watching"],
                )
            case "ping":
                _fields(data, {})
                return Ping()
            case "pong":
                _fields(data, {})
                return Pong()
            case "code":
                try:
                    return NewCode(
                        parse_code(_text(_fields(data, {"code": str})["code"], 64, "code"))
                    )
                except CodeError:
                    raise MessageError("the new code is not a join code") from None
            case _ if kind in _TEXTS:
                text = _text(_fields(data, {"text": str})["text"], _TEXT_LENGTH, "text")
                return Text(kind, visible(text))
    except ValueError as err:
        raise MessageError(str(err)) from None
    raise MessageError(f"no message is of the type {str(kind)[:20]!r}")


def _seat_info(data: Any) -> SeatInfo:
    fields = _fields(data, {"name": str, "presence": str})
    try:
        presence = Presence(fields["presence"])
    except ValueError:
        raise MessageError("a seat's presence is not one of the table's") from None
    return SeatInfo(clean_name(_text(fields["name"], NAME_LENGTH, "name")), presence)
