"""Choosing cards from your hand with keys, as a pure state machine (no screen, no curses).

A `Choice` is everything the card prompt shows: the hand, the cards that may be chosen, how
many are wanted, the cursor, the cards chosen so far and the text typed. `step` takes one
key and returns the next `Choice`, the cards chosen once the choice is made (`Chosen`), and a
sentence for the player when a key could not do what it asked. The game draws the state
and feeds it keys; the keys that work anywhere (quit, help, hints) never reach it.

The keys: arrows and h j k l move between the choosable cards, always; a suit letter right
after a j or a k names that jack or king (`jh`, `kc`), and a capital `J` or `K` names your
jack or king as any rank does. Home and End go to the first and last; space or Enter chooses
the card under the cursor, or the card typed (`5h`, `10d`, `K`, `five of hearts`); with two
to choose, a chosen card is taken back by choosing it again, and Enter lays the two away;
Backspace and Esc undo typing, and Esc with nothing typed takes back the cards chosen.
With the keypad's keys (`--keypad`), 4 and 6 move, 2 chooses, 8 is Enter, and cards are
chosen by moving only: nothing is typed.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Final

from ..cards import Card
from ..errors import AmbiguousCardError, CribbageError
from .keys import BACKSPACE, DOWN, END, ENTER, ESCAPE, HOME, LEFT, RIGHT, UP, keypad_key

__all__ = ["Choice", "Chosen", "step"]

_NEXT: Final = frozenset({RIGHT, DOWN, "l", "k"})
_ARROWS: Final = frozenset({LEFT, RIGHT, UP, DOWN})
_MOVES: Final = frozenset({"h", "j", "k", "l"})
"""Letters that move the cursor, unless they are part of a card being typed."""
_FACES: Final = frozenset({"j", "k"})
"""Moves that also begin a card: after one, a suit letter names that jack or king (`jh`)."""
_SUITS: Final = frozenset("cdhs")
_QUEEN: Final = "q"
"""The game asks before quitting on q; answered with a suit letter, a queen is being typed.
No card's name has a q after its first letter, so a q always starts the text afresh."""
_HOW_MANY: Final = ("None", "One", "Two", "Three", "Four", "Five", "Six")


@dataclass(frozen=True, slots=True)
class Chosen:
    """The choice is made: these cards, in the order chosen."""

    cards: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class Choice:
    """The card prompt at one moment. Build it with `Choice.start`."""

    hand: tuple[Card, ...]
    choosable: frozenset[Card]
    """The cards the cursor visits (the others are drawn dimmed)."""
    want: int
    cursor: int
    """The index in `hand` of the card under the cursor: always a choosable one."""
    chosen: tuple[Card, ...] = ()
    """Cards chosen so far, in order (only when more than one is wanted)."""
    typed: str = ""

    @staticmethod
    def start(hand: tuple[Card, ...], choosable: frozenset[Card], want: int) -> Choice:
        """A fresh prompt for `want` cards of `hand`, the cursor on the first choosable one.

        Raises:
            ValueError: no card of `hand` is choosable, or `want` is not 1 to `len(hand)`.

        >>> from cribbage.cards import parse_cards
        >>> hand = parse_cards(["5h", "jd", "kc"])
        >>> Choice.start(hand, frozenset(hand[1:]), 1).cursor
        1
        """
        places = [i for i, card in enumerate(hand) if card in choosable]
        if not places:
            raise ValueError("There is no card to choose.")
        if not 1 <= want <= len(hand):
            raise ValueError(f"Cannot choose {want} of {len(hand)} cards.")
        return Choice(hand, choosable, want, places[0])

    @property
    def card(self) -> Card:
        """The card under the cursor."""
        return self.hand[self.cursor]

    @property
    def shown(self) -> str:
        """The text the prompt shows as typed: nothing for a lone j or k, which moved (a
        suit may follow it still).

        >>> from cribbage.cards import parse_cards
        >>> state = Choice.start(parse_cards(["5h", "jd"]), frozenset(parse_cards(["5h", "jd"])), 1)
        >>> [step(state, "j")[0].shown, step(step(state, "j")[0], "d")[0].shown]
        ['', 'jd']
        """
        return "" if self.typed in _FACES else self.typed


def step(
    state: Choice, key: str, *, keypad: bool = False
) -> tuple[Choice, Chosen | None, str | None]:
    """The prompt after `key`: the next state, the cards chosen if the choice is made, and a
    sentence for the player when the key could not do what it asked.

    With one card wanted, a typed card that cannot be chosen is still returned as chosen, so
    that the rules can say why it cannot be played. Any other key does nothing. With
    `keypad`, a digit stands for the key `keys.KEYPAD` gives it, and nothing is typed.

    >>> from cribbage.cards import parse_cards
    >>> hand = parse_cards(["5h", "jd", "kc", "2s"])
    >>> state = Choice.start(hand, frozenset(hand), 2)
    >>> state, chosen, _ = step(state, " ")
    >>> state.chosen, state.card
    ((Card(Rank.FIVE, Suit.HEARTS),), Card(Rank.JACK, Suit.DIAMONDS))
    >>> for key in "2s":
    ...     state, chosen, _ = step(state, key)
    >>> state.typed, state.card
    ('2s', Card(Rank.TWO, Suit.SPADES))
    >>> state, chosen, _ = step(state, ENTER)
    >>> step(state, ENTER)[1]
    Chosen(cards=(Card(Rank.FIVE, Suit.HEARTS), Card(Rank.TWO, Suit.SPADES)))
    """
    if keypad:
        meant = keypad_key(key)
        if meant is None or (len(meant) == 1 and meant.isprintable() and meant not in " hjkl"):
            return state, None, None  # a digit standing for nothing, or a card being typed
        if meant in _MOVES:  # a letter that moves: it names no card here
            meant = RIGHT if meant in _NEXT else LEFT
        key = meant
    if state.typed in _FACES and key in (ENTER, " "):
        state = replace(state, typed="")  # the j or k moved: the card is the one under the cursor
    if key in (ENTER, " "):
        if state.typed.strip():
            return _choose_typed(state, key)
        if key == ENTER and len(state.chosen) == state.want > 1:
            return state, Chosen(state.chosen), None
        return _choose(replace(state, typed=""), state.card)
    if key in _MOVES and (not state.typed or (state.typed in _FACES and key not in _SUITS)):
        # h j k l always move; a j or k is kept as typed, in case a suit follows (jh, kc)
        moved = _move(state.hand, state.choosable, state.cursor, key in _NEXT)
        return replace(state, typed=key if key in _FACES else "", cursor=moved), None, None
    if key in _ARROWS:
        moved = _move(state.hand, state.choosable, state.cursor, key in _NEXT)
        return replace(state, typed="", cursor=moved), None, None
    if key in (HOME, END):
        places = [i for i, card in enumerate(state.hand) if card in state.choosable]
        return replace(state, cursor=places[0] if key == HOME else places[-1]), None, None
    if key == BACKSPACE:
        return replace(state, typed=state.typed[:-1]), None, None
    if key == ESCAPE:
        if state.typed:
            return replace(state, typed=""), None, None
        return replace(state, chosen=()), None, None
    if len(key) == 1 and key.isprintable():
        typed = key if key == _QUEEN else state.typed + key
        return _jump(replace(state, typed=typed), _parse(typed, state.hand)), None, None
    return state, None, None


def _jump(state: Choice, card: Card | None) -> Choice:
    """The cursor on `card` when it is a choosable one; else where it was."""
    if card is None or card not in state.choosable:
        return state
    return replace(state, cursor=state.hand.index(card))


def _choose(state: Choice, card: Card) -> tuple[Choice, Chosen | None, str | None]:
    """Choose `card` (or take it back); with one wanted, that makes the choice."""
    if state.want == 1:
        return state, Chosen((card,)), None  # if it cannot be played, the rules say why
    if card not in state.choosable:
        return state, None, None
    state = replace(state, cursor=state.hand.index(card))
    if card in state.chosen:
        return replace(state, chosen=tuple(c for c in state.chosen if c != card)), None, None
    if len(state.chosen) >= state.want:
        many = _HOW_MANY[state.want] if state.want < len(_HOW_MANY) else str(state.want)
        return state, None, f"{many} are chosen: Enter lays them away, space takes one back."
    chosen = state.chosen + (card,)
    state = replace(state, chosen=chosen)
    unchosen = state.choosable - set(chosen)
    if len(chosen) < state.want and unchosen:
        state = replace(state, cursor=_move(state.hand, unchosen, state.cursor, True))
    return state, None, None


def _choose_typed(state: Choice, key: str) -> tuple[Choice, Chosen | None, str | None]:
    """Enter or space after typing: choose the card typed, or say why the text names none."""
    try:
        card = Card.parse(state.typed, state.hand)
    except CribbageError as err:
        if key == " " and not isinstance(err, AmbiguousCardError):
            return replace(state, typed=state.typed + " "), None, None  # 'five of hearts'
        return replace(state, typed=""), None, str(err)
    return _choose(replace(state, typed=""), card)


def _move(hand: tuple[Card, ...], choosable: frozenset[Card], cursor: int, forward: bool) -> int:
    """The next choosable card after (or before) the cursor, wrapping round."""
    step_ = 1 if forward else -1
    for offset in range(1, len(hand) + 1):
        index = (cursor + step_ * offset) % len(hand)
        if hand[index] in choosable:
            return index
    return cursor


def _parse(text: str, hand: tuple[Card, ...]) -> Card | None:
    """The card of `hand` that `text` names, if one."""
    try:
        return Card.parse(text, hand)
    except CribbageError:
        return None
