"""The `classic` level: the behaviour of the BSD cribbage(6) computer, as that program documents
and shows it.

Discard: for each of the 15 discards, the kept four are counted with each of the 46 cards
it has not seen as starter, and, as BSD does, counted like a crib (a four-card flush in the
hand earns nothing in its reckoning); to that it adds, for its own crib, or subtracts, for
the opponent's, the random-crib average of the two cards laid away rounded to a whole
number. The first best option (in the order of the sorted hand) is laid away.

The play: the card that pegs the most points at once (the lowest such card on a tie);
when no card pegs, fixed patterns, tried in order:

1. a single card left is played;
2. with the count below 4, a card that makes it exactly 4, or, leading, a three;
3. with the count from 1 to 19, a card that leaves 21 - v when another card of value v
   is kept for a later 31;
4. with the count below 15, a card that makes one of 8, 7, 9, 6, 11, 12, 13, 14, 10, 5
   (in that order of preference) while a card that would make 15 from it is kept back;
5. the highest card that does not leave the count at 5, 10 or 21;
6. the highest card that does not leave 5 or 21; else the highest playable card.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from typing import Final

from ..cards import Card, Rank, Suit
from ..pegging import playable
from ..scoring import hand_points, peg_points
from .discard import DiscardOption, make_option
from .sums import DISCARD_PAIRS
from .tables import crib_random_sum

__all__ = [
    "classic_choose_play",
    "classic_discard_options",
    "classic_lead",
    "classic_play_points",
]

_SETUPS_FOR_FIFTEEN: Final = (8, 7, 9, 6, 11, 12, 13, 14, 10, 5)
_AVOID: Final = (5, 10, 21)


def _crib_estimate(first: Card, second: Card) -> int:
    """The random-crib average of a discard, rounded half up to a whole number, as BSD keeps it."""
    total = crib_random_sum(first.rank, second.rank, first.suit == second.suit)
    return (total + 29_400) // 58_800


def classic_discard_options(hand: Sequence[Card], *, dealer: bool) -> tuple[DiscardOption, ...]:
    """The 15 discards of six cards, best first, as the BSD computer values them.

    `hand` is the kept cards' count with each unseen starter, scored as a crib (no
    four-card flush); `crib` the rounded crib estimate, signed for whose crib it is.

    >>> from cribbage.cards import parse_cards
    >>> best = classic_discard_options(parse_cards("5h 5c 5s jd 5d ac".split()), dealer=True)[0]
    >>> [str(card) for card in best.discard], best.crib
    (['AC', 'JD'], 4)
    """
    cards = tuple(sorted(hand))
    if len(cards) != 6 or len(set(cards)) != 6:
        raise ValueError("A discard is chosen from six different cards.")
    indices = [card.index for card in cards]
    unseen = [index for index in range(52) if index not in indices]
    sign = 1 if dealer else -1
    options = []
    for i, j in DISCARD_PAIRS:
        a, b, c, d = (indices[k] for k in range(6) if k != i and k != j)
        hand_total = sum(hand_points(a, b, c, d, s, True) for s in unseen)
        crib = sign * _crib_estimate(cards[i], cards[j])
        options.append(make_option(cards, i, j, hand=hand_total / 46, crib=crib))
    order = sorted(range(15), key=lambda k: (-options[k].total, k))
    return tuple(options[k] for k in order)


def classic_play_points(
    hand: Sequence[Card], sequence: Sequence[Card]
) -> tuple[tuple[Card, int], ...]:
    """Each playable card of `hand` with the points it pegs at once on `sequence`."""
    count = sum(card.value for card in sequence)
    ranks = tuple(int(card.rank) for card in sequence)
    return tuple(
        (card, peg_points(ranks + (int(card.rank),))) for card in playable(sorted(hand), count)
    )


def classic_choose_play(hand: Sequence[Card], sequence: Sequence[Card]) -> Card:
    """The card the BSD computer plays (see the module notes).

    Raises:
        ValueError: no card of `hand` can be played on `sequence`.

    >>> from cribbage.cards import parse_cards
    >>> classic_choose_play(parse_cards(["2c", "4d", "kh"]), ())  # leads the four
    Card(Rank.FOUR, Suit.DIAMONDS)
    """
    scored = classic_play_points(hand, sequence)
    if not scored:
        raise ValueError("No card in the hand can be played on this count.")
    best_card, best_points = max(scored, key=lambda item: item[1])  # first of the highest
    if best_points > 0:
        return best_card
    cards = sorted(hand)
    count = sum(card.value for card in sequence)
    if len(cards) == 1:
        return cards[0]

    def making(total: int) -> Card | None:
        return next((card for card in cards if count + card.value == total), None)

    def holds_another(value: int, besides: Card) -> bool:
        same = [card for card in cards if card.value == value]
        return len(same) > 1 or (len(same) == 1 and besides.value != value)

    if count < 4:
        card = making(4)
        if card is not None:
            return card
        card = making(3)
        if card is not None and count == 0:
            return card
    if 0 < count < 20:
        for value in range(1, 11):
            card = making(21 - value)
            if card is not None and holds_another(value, card):
                return card
    if count < 15:
        for total in _SETUPS_FOR_FIFTEEN:
            card = making(total)
            if card is not None and holds_another(15 - total, card):
                return card
    highest_first = playable(reversed(cards), count)
    for avoid in (_AVOID, (5, 21)):
        for card in highest_first:
            if count + card.value not in avoid:
                return card
    return highest_first[0]


@cache
def classic_lead(kept: tuple[int, ...]) -> int:
    """The rank the classic level leads from four kept ranks (its play depends on ranks only).

    >>> classic_lead((2, 4, 9, 13)), classic_lead((5, 6, 9, 13)), classic_lead((5, 5, 10, 10))
    (4, 9, 10)
    """
    suits = list(Suit)
    hand = [Card(Rank(rank), suits[kept[:k].count(rank)]) for k, rank in enumerate(kept)]
    return int(classic_choose_play(hand, ()).rank)
