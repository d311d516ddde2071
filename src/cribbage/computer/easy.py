"""The `easy` level: legal but loose cribbage, the way a beginner plays.

Discard: keeps the four cards that score the most as they stand, before any starter
(fifteens, pairs, runs and flush among the four), never thinking of the crib; among equal
keeps it picks at random. The play: half the time it takes the card that pegs the most at
once, otherwise it plays any legal card.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Sequence

from ..cards import Card
from ..pegging import playable
from ..scoring import peg_points
from .sums import DISCARD_PAIRS

__all__ = ["easy_discard", "easy_play", "four_card_points"]


def four_card_points(cards: Sequence[Card]) -> int:
    """What four cards score on their own, with no starter (as a beginner sees a hand).

    >>> from cribbage.cards import parse_cards
    >>> four_card_points(parse_cards(["5h", "tc", "5s", "jd"]))
    10
    """
    ranks = [int(card.rank) for card in cards]
    values = [card.value for card in cards]
    points = sum(
        2
        for size in range(2, 5)
        for combo in itertools.combinations(values, size)
        if sum(combo) == 15
    )
    points += sum(2 for a, b in itertools.combinations(ranks, 2) if a == b)
    points += _runs(ranks)
    if len({card.suit for card in cards}) == 1:
        points += 4
    return points


def _runs(ranks: list[int]) -> int:
    """Run points among four ranks (double runs included).

    >>> _runs([3, 4, 4, 5]), _runs([1, 2, 4, 5])
    (6, 0)
    """
    counts = {rank: ranks.count(rank) for rank in ranks}
    best = 0
    for low in counts:
        length, ways = 0, 1
        while low + length in counts:
            ways *= counts[low + length]
            length += 1
        if length >= 3 and low - 1 not in counts:
            best += length * ways
    return best


def easy_discard(hand: Sequence[Card], rng: random.Random) -> tuple[Card, Card]:
    """The two cards a beginner lays away: keep what already scores, ignore the crib."""
    cards = tuple(sorted(hand))
    scores = []
    for i, j in DISCARD_PAIRS:
        keep = [cards[k] for k in range(6) if k != i and k != j]
        scores.append(four_card_points(keep))
    best = max(scores)
    choices = [DISCARD_PAIRS[k] for k, score in enumerate(scores) if score == best]
    i, j = rng.choice(choices)
    return cards[i], cards[j]


def easy_play(hand: Sequence[Card], sequence: Sequence[Card], rng: random.Random) -> Card:
    """A legal card: the best immediate score half the time, otherwise any.

    Raises:
        ValueError: no card of `hand` can be played on `sequence`.
    """
    count = sum(card.value for card in sequence)
    legal = playable(sorted(hand), count)
    if not legal:
        raise ValueError("No card in the hand can be played on this count.")
    if rng.random() < 0.5:
        ranks = tuple(int(card.rank) for card in sequence)
        return max(legal, key=lambda card: peg_points(ranks + (int(card.rank),)))
    return rng.choice(legal)
