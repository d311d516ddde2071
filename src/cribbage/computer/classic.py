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

from ..cards import COUNTING_VALUES, Card
from ..pegging import LIMIT, playable
from ..scoring import hand_points, peg_points
from .discard import DiscardOption, make_option
from .search import Ranks, pegs_at_once
from .sums import DISCARD_PAIRS
from .tables import crib_random_sum

__all__ = [
    "classic_choose_play",
    "classic_discard_options",
    "classic_lead",
    "classic_play_index",
    "classic_play_points",
]

_SETUPS_FOR_FIFTEEN: Final = (8, 7, 9, 6, 11, 12, 13, 14, 10, 5)
_AVOID: Final = (5, 10, 21)
_VALUE: Final = COUNTING_VALUES


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
    """The card the BSD computer plays (see the module notes; `classic_play_index`).

    Raises:
        ValueError: no card of `hand` can be played on `sequence`.

    >>> from cribbage.cards import parse_cards
    >>> classic_choose_play(parse_cards(["2c", "4d", "kh"]), ())  # leads the four
    Card(Rank.FOUR, Suit.DIAMONDS)
    """
    cards = sorted(hand)
    count = sum(card.value for card in sequence)
    if not playable(cards, count):
        raise ValueError("No card in the hand can be played on this count.")
    ranks = tuple(int(card.rank) for card in cards)
    return cards[classic_play_index(ranks, tuple(int(card.rank) for card in sequence), count)]


def classic_play_index(hand: Ranks, played: Ranks, count: int) -> int:
    """The position in `hand` (ranks, ascending) of the card the classic level plays on a
    count of `count` whose cards were `played` (ranks, in order; only the end of them that
    can still score matters, so their `cribbage.computer.search.scoring_tail` does as well).
    It decides on ranks alone; of equal ranks, which one is a matter of position. Some card
    of `hand` must fit.

    >>> classic_play_index((2, 4, 13), (), 0), classic_play_index((5, 6, 9, 13), (10,), 10)
    (1, 0)
    """
    room = LIMIT - count
    best, best_points = -1, -1
    for i, rank in enumerate(hand):
        if _VALUE[rank] <= room:
            points = pegs_at_once(played, count, rank)
            if points > best_points:  # the first of the highest
                best, best_points = i, points
    if best_points > 0 or len(hand) == 1:
        return best

    first_of: dict[int, int] = {}  # the first position of each counting value
    held: dict[int, int] = {}  # how many cards of each counting value
    for i, rank in enumerate(hand):
        value = _VALUE[rank]
        first_of.setdefault(value, i)
        held[value] = held.get(value, 0) + 1

    def making(total: int) -> int | None:
        return first_of.get(total - count)

    def holds_another(value: int, besides: int) -> bool:
        same = held.get(value, 0)
        return same > 1 or (same == 1 and _VALUE[hand[besides]] != value)

    if count < 4:
        found = making(4)
        if found is not None:
            return found
        found = making(3)
        if found is not None and count == 0:
            return found
    if 0 < count < 20:
        for value in range(1, 11):
            found = making(21 - value)
            if found is not None and holds_another(value, found):
                return found
    if count < 15:
        for total in _SETUPS_FOR_FIFTEEN:
            found = making(total)
            if found is not None and holds_another(15 - total, found):
                return found
    highest_first = [i for i in reversed(range(len(hand))) if _VALUE[hand[i]] <= room]
    for avoid in (_AVOID, (5, 21)):
        for i in highest_first:
            if count + _VALUE[hand[i]] not in avoid:
                return i
    return highest_first[0]


@cache
def classic_lead(kept: Ranks) -> int:
    """The rank the classic level leads from four kept ranks (ascending).

    >>> classic_lead((2, 4, 9, 13)), classic_lead((5, 6, 9, 13)), classic_lead((5, 5, 10, 10))
    (4, 9, 10)
    """
    return kept[classic_play_index(kept, (), 0)]
