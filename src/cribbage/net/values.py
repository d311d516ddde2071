"""The game's values as JSON and back: views, events, rules, actions.

`encode` turns any value the engine hands a seat (a `MatchView`, an event, a `GameConfig`...)
into plain JSON data, and `decode(kind, data)` builds a value of `kind` from such data,
checking every field against the type the engine gives it: a card is a card (`"5H"`), a
phase one of the phases, a tuple of cards a list of cards, and no list longer than any game
can make. Anything else raises `ValueError` with a short account of what is wrong.

Events travel tagged by their class (`{"event": "Played", "seat": 1, ...}`).

>>> from cribbage.events import Played
>>> from cribbage.cards import Card
>>> encode(Played(1, Card.parse("5h"), 15))
{'event': 'Played', 'seat': 1, 'card': '5H', 'count': 15}
>>> decode(EventOrMatchOver, {'event': 'Played', 'seat': 1, 'card': '5H', 'count': 15})
Played(seat=1, card=Card(Rank.FIVE, Suit.HEARTS), count=15)
"""

from __future__ import annotations

import dataclasses
import types
import typing
from collections.abc import Callable
from enum import Enum
from typing import Any, Final, TypeAlias, Union, get_args, get_origin, get_type_hints

from .. import events as _events
from ..cards import DECK, Card
from ..errors import CribbageError
from ..match import MatchConfig, MatchOver
from ..rules import Claim, CutForDeal, CutStarter, Discard, GameConfig, Play
from ..scoring import Score, ScoreItem
from ..view import MatchView, PlayerView, ShownHand

__all__ = ["ACTIONS", "EVENTS", "EventOrMatchOver", "decode", "encode"]

EventOrMatchOver: TypeAlias = _events.Event | MatchOver

EVENTS: Final[dict[str, type]] = {
    kind.__name__: kind for kind in (*get_args(_events.Event), MatchOver)
}
"""The classes an event may be, by name."""

ACTIONS: Final[dict[str, type]] = {
    kind.__name__: kind for kind in (CutForDeal, Discard, CutStarter, Play, Claim)
}
"""The classes an action may be, by name."""

MAX_ITEMS: Final = 1000
"""The most items in any list (a game's plays, kept deal by deal, are far fewer)."""
MAX_NUMBER: Final = 10**9
"""No number in a game is larger than this (targets and match points included)."""
_CLASSES: Final = (
    MatchView,
    PlayerView,
    ShownHand,
    GameConfig,
    MatchConfig,
    ScoreItem,
    *EVENTS.values(),
    *ACTIONS.values(),
)


def encode(value: object) -> Any:
    """`value` as JSON data (see the module's description)."""
    kind = type(value)
    encoder = _ENCODERS.get(kind)
    if encoder is None:
        encoder = _ENCODERS[kind] = _make_encoder(kind)
    return encoder(value)


_ENCODERS: dict[type, Callable[[Any], Any]] = {}
"""The function that encodes each type met, chosen once: a table sends a view of the match to
every seat after every step."""
_CARD_TEXTS: Final = tuple(str(card) for card in DECK)


def _make_encoder(kind: type) -> Callable[[Any], Any]:
    if kind is type(None) or issubclass(kind, bool | int | str):
        return _same
    if issubclass(kind, Card):
        return lambda card: _CARD_TEXTS[card.index]
    if issubclass(kind, Enum):
        return lambda member: member.value
    if issubclass(kind, Score):
        return lambda score: [encode(item) for item in score.items]
    if issubclass(kind, range):
        return lambda span: [span.start, span.stop]
    if issubclass(kind, tuple):
        return _encode_tuple
    if issubclass(kind, list):
        return lambda items: [encode(item) for item in items]
    if issubclass(kind, frozenset | set):
        return lambda items: sorted(encode(item) for item in items)
    if dataclasses.is_dataclass(kind):
        names = tuple(field.name for field in dataclasses.fields(kind))
        tag = kind.__name__ if kind.__name__ in EVENTS and kind in EVENTS.values() else None

        def instance(value: Any) -> dict[str, Any]:
            data: dict[str, Any] = {} if tag is None else {"event": tag}
            for name in names:
                data[name] = encode(getattr(value, name))
            return data

        return instance
    raise TypeError(f"cannot encode {kind.__name__}")


def _same(value: Any) -> Any:
    return value


_LONG: Final = 4
"""A tuple of more items than this is kept once written (see `_encode_tuple`): a deal's plays
and the deals of a game are, the pairs inside them are not."""
_WRITTEN: dict[int, tuple[tuple[object, ...], list[Any]]] = {}
"""Long tuples written lately, by identity, each with the tuple itself (so that its identity
is not taken by another while it is here) and what it was written as."""


def _encode_tuple(items: tuple[object, ...]) -> list[Any]:
    """A tuple as a list. A long one (the plays of the earlier deals, the same tuple in every
    seat's view until the next deal) is written once and its list shared: the lists written
    are only ever turned into text, never changed."""
    if len(items) <= _LONG:
        return [encode(item) for item in items]
    kept = _WRITTEN.get(id(items))
    if kept is not None and kept[0] is items:
        return kept[1]
    written = [encode(item) for item in items]
    if len(_WRITTEN) >= 64:
        _WRITTEN.clear()
    _WRITTEN[id(items)] = (items, written)
    return written


def decode(kind: Any, data: Any) -> Any:
    """A value of `kind` from JSON `data`.

    Raises:
        ValueError: `data` does not describe a value of `kind`.
    """
    return _decoder(kind)(data)


_DECODERS: dict[Any, Callable[[Any], Any]] = {}


def _decoder(kind: Any) -> Callable[[Any], Any]:
    """The function that decodes `kind`, made once for each kind."""
    found = _DECODERS.get(kind)
    if found is None:
        found = _DECODERS[kind] = _make_decoder(kind)
    return found


def _make_decoder(kind: Any) -> Callable[[Any], Any]:
    origin = get_origin(kind)
    if kind is EventOrMatchOver or kind is _events.Event:
        return _decode_event
    if origin in (Union, types.UnionType):
        return _union_decoder(get_args(kind))
    if origin is tuple:
        args = get_args(kind)
        if len(args) == 2 and args[1] is Ellipsis:
            item = _decoder(args[0])
            return lambda data: tuple(item(each) for each in _list(data))
        items = tuple(_decoder(arg) for arg in args)

        def fixed(data: Any) -> tuple[Any, ...]:
            values = _list(data)
            if len(values) != len(items):
                raise ValueError(f"{len(items)} items were expected")
            return tuple(item(value) for item, value in zip(items, values, strict=True))

        return fixed
    if origin is frozenset:
        (arg,) = get_args(kind)
        member = _decoder(arg)
        return lambda data: frozenset(member(each) for each in _list(data))
    simple = _SIMPLE.get(kind)
    if simple is not None:
        return simple
    if isinstance(kind, type) and issubclass(kind, Enum):
        return _enum_decoder(kind)
    if kind in _CLASSES:
        return _class_decoder(kind)
    raise TypeError(f"cannot decode a {kind!r}")


def _union_decoder(options: tuple[Any, ...]) -> Callable[[Any], Any]:
    optional = type(None) in options
    decoders = [_decoder(option) for option in options if option is not type(None)]

    def union(data: Any) -> Any:
        if data is None and optional:
            return None
        first = "a value was expected"
        for decoder in decoders:
            try:
                return decoder(data)
            except ValueError as err:
                first = str(err)
        raise ValueError(first)

    return union


def _enum_decoder(kind: type[Enum]) -> Callable[[Any], Any]:
    def enum(data: Any) -> Any:
        try:
            return kind(data)
        except (ValueError, TypeError):
            raise ValueError(f"{str(data)[:20]!r} is not a {kind.__name__}") from None

    return enum


def _decode_event(data: Any) -> Any:
    if not isinstance(data, dict):
        raise ValueError("an event was expected")
    name = data.get("event")
    kind = EVENTS.get(name) if isinstance(name, str) else None
    if kind is None:
        raise ValueError("not an event")
    return _decoder(kind)({key: value for key, value in data.items() if key != "event"})


def _class_decoder(kind: type) -> Callable[[Any], Any]:
    module = typing.cast(Any, __import__(kind.__module__, fromlist=["_"]))
    hints = get_type_hints(kind, vars(module))
    fields = [
        (
            field.name,
            _decoder(hints[field.name]),
            field.default is dataclasses.MISSING and field.default_factory is dataclasses.MISSING,
        )
        for field in dataclasses.fields(kind)
    ]
    names = {name for name, _, _ in fields}
    title = kind.__name__

    def instance(data: Any) -> Any:
        if not isinstance(data, dict):
            raise ValueError(f"a {title} was expected")
        if not names.issuperset(data):
            unknown = sorted(str(key) for key in set(data) - names)[0]
            raise ValueError(f"a {title} has no field {unknown[:20]!r}")
        values: dict[str, Any] = {}
        for name, decoder, required in fields:
            if name not in data:
                if required:
                    raise ValueError(f"a {title} needs its {name}")
                continue
            try:
                values[name] = decoder(data[name])
            except ValueError as err:
                raise ValueError(f"{title}.{name}: {err}") from None
        try:
            return kind(**values)
        except (ValueError, TypeError, CribbageError) as err:
            raise ValueError(f"a {title} that cannot be: {err}") from None

    return instance


def _list(data: Any) -> list[Any]:
    if not isinstance(data, list):
        raise ValueError("a list was expected")
    if len(data) > MAX_ITEMS:
        raise ValueError("a list is too long")
    return data


def _int(data: Any) -> int:
    if isinstance(data, bool) or not isinstance(data, int):
        raise ValueError(f"{str(data)[:20]!r} is not a whole number")
    if abs(data) > MAX_NUMBER:
        raise ValueError("a number is too large")
    return data


def _bool(data: Any) -> bool:
    if not isinstance(data, bool):
        raise ValueError("true or false was expected")
    return data


def _str(data: Any) -> str:
    if not isinstance(data, str) or len(data) > 200:
        raise ValueError("a short text was expected")
    return data


_CARDS: Final = {str(card): card for card in DECK}
"""Every card as the table writes it."""


def _card(data: Any) -> Card:
    found = _CARDS.get(data) if isinstance(data, str) else None
    if found is not None:
        return found
    # not a card as the table writes it: say what is wrong
    if not isinstance(data, str) or len(data) > 3:
        raise ValueError("a card was expected")
    try:
        card = Card.parse(data)
    except CribbageError:
        raise ValueError(f"{data!r} is not a card") from None
    if str(card) != data:
        raise ValueError(f"{data!r} is not a card as the table writes it")
    return card


def _score(data: Any) -> Score:
    item = _decoder(ScoreItem)
    return Score(tuple(item(each) for each in _list(data)))


def _range(data: Any) -> range:
    items = _list(data)
    if len(items) != 2:
        raise ValueError("a range is its start and its stop")
    return range(_int(items[0]), _int(items[1]))


def _none(data: Any) -> None:
    if data is not None:
        raise ValueError("nothing was expected")


_SIMPLE: Final[dict[Any, Callable[[Any], Any]]] = {
    int: _int,
    bool: _bool,
    str: _str,
    Card: _card,
    Score: _score,
    range: _range,
    type(None): _none,
}
