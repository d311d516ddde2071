"""Ranks, suits, cards, the 52-card deck, and reading cards the way a player types them."""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from enum import IntEnum
from typing import Final

from .errors import AmbiguousCardError, CardNotInHandError, InvalidCardError
from .text import visible

__all__ = [
    "COUNTING_VALUES",
    "DECK",
    "Card",
    "Rank",
    "Suit",
    "format_cards",
    "not_held",
    "parse_cards",
    "resolve_card",
    "which",
]


COUNTING_VALUES: Final[tuple[int, ...]] = tuple(min(rank, 10) for rank in range(14))
"""Each rank's value toward 15 and 31, indexed by the rank (1..13; index 0 is unused): tens
and face cards count ten. `Rank.counting_value` reads it; loops over plain ranks index it.

>>> COUNTING_VALUES[5], COUNTING_VALUES[13]
(5, 10)
"""


class Rank(IntEnum):
    """A card's rank; aces are always low."""

    ACE = 1
    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13

    @property
    def counting_value(self) -> int:
        """Value toward 15 and 31; tens and face cards count ten.

        >>> Rank.KING.counting_value, Rank.ACE.counting_value
        (10, 1)
        """
        return COUNTING_VALUES[self]

    @property
    def letter(self) -> str:
        """The one-character symbol used in `str(card)`: A 2-9 T J Q K."""
        return _RANK_LETTERS[self - 1]

    @property
    def word(self) -> str:
        """The rank in words, lower case: 'ace', 'two', ..., 'king'."""
        return _RANK_WORDS[self - 1]

    @property
    def plural(self) -> str:
        """The rank's plural: 'aces', 'sixes', 'kings'."""
        return self.word + ("es" if self is Rank.SIX else "s")


class Suit(IntEnum):
    """A card's suit, in bridge order."""

    CLUBS = 0
    DIAMONDS = 1
    HEARTS = 2
    SPADES = 3

    @property
    def letter(self) -> str:
        """The one-letter symbol used in `str(card)`: C D H S."""
        return "CDHS"[self]

    @property
    def symbol(self) -> str:
        """The Unicode suit symbol."""
        return "\u2663\u2666\u2665\u2660"[self]

    @property
    def is_red(self) -> bool:
        """True for hearts and diamonds."""
        return self in (Suit.DIAMONDS, Suit.HEARTS)


_RANK_LETTERS: Final = "A23456789TJQK"
_RANK_WORDS: Final = (
    "ace",
    "two",
    "three",
    "four",
    "five",
    "six",
    "seven",
    "eight",
    "nine",
    "ten",
    "jack",
    "queen",
    "king",
)


@dataclass(frozen=True, slots=True, order=True)
class Card:
    """One playing card. Cards sort by rank, then suit.

    >>> Card.parse("5h")
    Card(Rank.FIVE, Suit.HEARTS)
    >>> str(Card.parse("ten of clubs"))
    'TC'
    """

    rank: Rank
    suit: Suit
    index: int = field(init=False, repr=False, compare=False)
    """Dense id 0..51 for lookup tables: (rank - 1) * 4 + suit."""
    value: int = field(init=False, repr=False, compare=False)
    """Counting value toward 15 and 31."""

    def __post_init__(self) -> None:
        # Worked out once: the computer and the scorer read them in their innermost loops.
        object.__setattr__(self, "index", (self.rank - 1) * 4 + self.suit)
        object.__setattr__(self, "value", self.rank.counting_value)

    def __hash__(self) -> int:
        return self.index

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Card):
            return self.index == other.index
        return NotImplemented

    @staticmethod
    def from_index(index: int) -> Card:
        """The card whose `index` is `index` (0..51)."""
        return DECK[index]

    @property
    def long_name(self) -> str:
        """The card in words, BSD style: 'FIVE of HEARTS'."""
        return f"{self.rank.name} of {self.suit.name}"

    def __str__(self) -> str:
        return self.rank.letter + self.suit.letter

    def __repr__(self) -> str:
        return f"Card(Rank.{self.rank.name}, Suit.{self.suit.name})"

    @staticmethod
    def parse(text: str, hand: Sequence[Card] | None = None) -> Card:
        """Read a card the way a player types it, in any case.

        Accepts '5h', '5 h', 'th', '10h', 'five of hearts', 'king diamonds', 'k of d',
        and suit symbols ('5♥'). With `hand`, a rank alone ('k', 'king') names the one
        card of that rank in the hand, and a full card must be in the hand.

        Raises:
            InvalidCardError: the text names no card (or only a rank, without a hand).
            CardNotInHandError: `hand` is given and holds no such card.
            AmbiguousCardError: a rank alone matches two or more cards of `hand`.

        >>> Card.parse("King Diamonds"), Card.parse("k", [Card.parse("kd"), Card.parse("5h")])
        (Card(Rank.KING, Suit.DIAMONDS), Card(Rank.KING, Suit.DIAMONDS))
        """
        rank, suit = _parse_words(text)
        if suit is None:
            if hand is None:
                raise InvalidCardError(f"'{_shown(text)}' names a rank but no suit.")
            matches = [card for card in hand if card.rank is rank]
            if not matches:
                raise CardNotInHandError(f"You have no {rank.word} in your hand.")
            if len(matches) > 1:
                raise AmbiguousCardError(which(sorted(matches)))
            return matches[0]
        card = DECK[(rank - 1) * 4 + suit]
        if hand is not None and card not in hand:
            raise not_held(card)
        return card


DECK: Final[tuple[Card, ...]] = tuple(Card(rank, suit) for rank in Rank for suit in Suit)
"""The 52 cards in index order (ace of clubs first, king of spades last)."""


_RANK_NAMES: Final[dict[str, Rank]] = {
    **{rank.letter.lower(): rank for rank in Rank},
    **{rank.word: rank for rank in Rank},
    **{rank.plural: rank for rank in Rank},
    "1": Rank.ACE,
    "10": Rank.TEN,
}
_SUIT_NAMES: Final[dict[str, Suit]] = {
    **{suit.letter.lower(): suit for suit in Suit},
    **{suit.name.lower(): suit for suit in Suit},
    **{suit.name.lower()[:-1]: suit for suit in Suit},
    **{suit.symbol: suit for suit in Suit},
    "\u2667": Suit.CLUBS,
    "\u2662": Suit.DIAMONDS,
    "\u2661": Suit.HEARTS,
    "\u2664": Suit.SPADES,
}
_COMPACT: Final = re.compile(r"^(10|[a2-9tjqk1])(.+)$")


def _parse_words(text: str) -> tuple[Rank, Suit | None]:
    """Split card text into its rank and suit (None when only a rank is given)."""
    words = [w for w in re.split(r"[\s,]+", text.strip().lower()) if w and w != "of"]
    if len(words) == 1 and words[0] not in _RANK_NAMES:
        compact = _COMPACT.match(words[0])
        if compact:
            words = [compact.group(1), compact.group(2)]
    if 1 <= len(words) <= 2 and words[0] in _RANK_NAMES:
        rank = _RANK_NAMES[words[0]]
        if len(words) == 1:
            return rank, None
        if words[1] in _SUIT_NAMES:
            return rank, _SUIT_NAMES[words[1]]
    shown = _shown(text)
    raise InvalidCardError(f"'{shown}' is not a card." if shown else "Please name a card.")


def not_held(card: Card) -> CardNotInHandError:
    """The error for naming `card` when it is not in the player's hand (in words, as any
    screen shows them).

    >>> str(not_held(Card.parse("5h")))
    "You don't have the five of hearts."
    """
    return CardNotInHandError(f"You don't have the {card.long_name.lower()}.")


def which(cards: Sequence[Card]) -> str:
    """The question for a rank typed alone that names two or more `cards` of a hand, in
    words (as any screen shows them), with what to type.

    >>> which(parse_cards(["td", "tc", "th"]))
    'Which ten do you mean, of diamonds, clubs or hearts? Type its suit too, as in 10d.'
    """
    *most, last = [card.suit.name.lower() for card in cards]
    first = cards[0]
    typed = "10" if first.rank is Rank.TEN else first.rank.letter.lower()
    return (
        f"Which {first.rank.word} do you mean, of {', '.join(most)} or {last}? "
        f"Type its suit too, as in {typed}{first.suit.letter.lower()}."
    )


def _shown(text: str) -> str:
    """Text that named no card, as an error may quote it: trimmed, control characters visible.

    The text comes from the player or from a file, so it is shown, never obeyed:

    >>> print(_shown(" 5\\x1b[2J "))
    5\\x1b[2J
    """
    return visible(text.strip())


def parse_cards(texts: Iterable[str]) -> tuple[Card, ...]:
    """Read several cards, each a separate string; no card may appear twice.

    Raises:
        InvalidCardError: a text names no card, or one card is named twice.

    >>> parse_cards(["5h", "jack of clubs"])
    (Card(Rank.FIVE, Suit.HEARTS), Card(Rank.JACK, Suit.CLUBS))
    """
    cards = tuple(Card.parse(text) for text in texts)
    for i, card in enumerate(cards):
        if card in cards[:i]:
            raise InvalidCardError(f"{card} is named twice.")
    return cards


def resolve_card(text: str, hand: Sequence[Card]) -> Card:
    """The card of `hand` that `text` names (see `Card.parse`)."""
    return Card.parse(text, hand)


def format_cards(cards: Iterable[Card]) -> str:
    """Cards separated by spaces: '5H 5C JD'.

    >>> format_cards(parse_cards(["5h", "jd"]))
    '5H JD'
    """
    return " ".join(str(card) for card in cards)
