"""Exact expectations for the discard: the kept hand over every starter, the crib over every completion.

Everything here works on card indices (0..51, see `Card.index`) and plain ranks (1..13).

The crib is the two cards laid away, two cards from the opponent and the starter. Seen from
the discarding player, the opponent's two cards are any two of the 46 cards it has not seen
and the starter any one of the other 44: 45,540 completions per discard. Fifteens, pairs and
runs depend only on the five ranks, so the completions are grouped by the ranks of the three
unknown cards (at most 455 groups, each weighed by how many card combinations it stands
for); the five-card flush and his nobs are counted separately from the suits.

The opponent's throw may be weighed by rank pair (`PairWeights`; the shipped weights are `cribbage.computer.tables.throw_weights`):
a weight of 1 for every pair is the random-crib model, whose sums are exact integers.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from functools import cache
from operator import mul
from typing import Final, TypeAlias

from ..scoring import RANK_KEY, hand_points, rank_table

__all__ = [
    "DISCARD_PAIRS",
    "UNIFORM",
    "CribSums",
    "PairWeights",
    "crib_sums",
    "hand_counts",
    "hand_distribution",
    "hand_sums",
    "rank_key",
]

PairWeights: TypeAlias = Sequence[Sequence[float]]
"""Relative weight of an opponent's throw by its two ranks: `weights[a][b]`, ranks 1..13 (row
and column 0 unused), symmetric."""

UNIFORM: Final[tuple[tuple[int, ...], ...]] = tuple((1,) * 14 for _ in range(14))
"""Every throw equally likely: the random-crib model."""

DISCARD_PAIRS: Final[tuple[tuple[int, int], ...]] = tuple(
    (i, j) for i in range(6) for j in range(i + 1, 6)
)
"""The 15 ways to lay away two of six cards, as positions, in the reference order."""

_RANK_BIT: Final = tuple(0 if rank == 0 else 1 << (3 * (rank - 1)) for rank in range(14))
_JACK: Final = 11


def rank_key(ranks: Sequence[int]) -> int:
    """The rank-multiset key of `ranks` (as `scoring.RANK_KEY` sums it for cards).

    >>> from cribbage.scoring import rank_points
    >>> rank_points(rank_key((5, 5, 5, 11, 5)))
    28
    """
    return sum(_RANK_BIT[rank] for rank in ranks)


_TRIPLES: Final = tuple(itertools.combinations_with_replacement(range(1, 14), 3))
"""The ranks of a crib's three cards not yet seen (the opponent's two and the starter): each
multiset once, 455 of them."""


@cache
def _third() -> tuple[tuple[tuple[int, ...], ...], ...]:
    """`_third()[a][b][c]`: the index in `_TRIPLES` of the ranks a, b and c (1..13); made
    on first use."""
    third = [[[0] * 14 for _ in range(14)] for _ in range(14)]
    for k, ranks in enumerate(_TRIPLES):
        for a, b, c in itertools.permutations(ranks):
            third[a][b][c] = k
    return tuple(tuple(tuple(row) for row in plane) for plane in third)


@cache
def _crib_points(base: int) -> tuple[int, ...]:
    """The fifteens, pairs and runs of a crib by the ranks of its three unseen cards
    (`_TRIPLES`), when the two laid away have the rank key `base` (0 where five cards would
    share a rank, which no pack holds)."""
    table = rank_table()
    return tuple(table.get(base + rank_key(ranks), 0) for ranks in _TRIPLES)


def hand_sums(hand6: Sequence[int]) -> tuple[int, ...]:
    """For each of the 15 discards, the kept four's show total summed over the 46 starters.

    >>> sums = hand_sums((18, 16, 19, 41, 17, 0))  # 5H 5C 5S JD 5D AC
    >>> sums[13], sums[14]  # keep the four fives; keep 5H 5C 5S JD
    (1040, 751)
    """
    seen = set(hand6)
    starters = [card for card in range(52) if card not in seen]
    return tuple(
        sum(_shows([hand6[k] for k in range(6) if k != i and k != j], starters))
        for i, j in DISCARD_PAIRS
    )


def hand_counts(hand6: Sequence[int]) -> tuple[dict[int, int], ...]:
    """For each of the 15 discards, how often each show total of the kept four occurs over
    the 46 starters (`hand_sums` are their totals).

    >>> counts = hand_counts((18, 16, 19, 41, 17, 0))  # 5H 5C 5S JD 5D AC
    >>> sorted(counts[13].items())  # the four fives: 28 with one of 15 ten-cards turned, else 20
    [(20, 31), (28, 15)]
    """
    seen = set(hand6)
    starters = [card for card in range(52) if card not in seen]
    return tuple(
        hand_distribution([hand6[k] for k in range(6) if k != i and k != j], starters)
        for i, j in DISCARD_PAIRS
    )


def hand_distribution(keep: Sequence[int], unseen: Sequence[int]) -> dict[int, int]:
    """How often each show total occurs for the kept four over the `unseen` starters."""
    counts: dict[int, int] = {}
    for points in _shows(keep, unseen):
        counts[points] = counts.get(points, 0) + 1
    return counts


def _shows(keep: Sequence[int], unseen: Sequence[int]) -> list[int]:
    """The kept four's show with each of the `unseen` starters.

    A show's fifteens, pairs and runs come from the ranks alone, and its flush and his nobs
    from the starter's suit: what the suit adds is worked out once for each suit
    (`hand_points` less the rank part), and the rank part looked up for each starter."""
    a, b, c, d = keep
    key = RANK_KEY[a] + RANK_KEY[b] + RANK_KEY[c] + RANK_KEY[d]
    table = rank_table()
    by_suit: dict[int, int] = {}
    shows = []
    for starter in unseen:
        rank_part = table[key + RANK_KEY[starter]]
        suit_part = by_suit.get(starter & 3)
        if suit_part is None:
            suit_part = by_suit[starter & 3] = hand_points(a, b, c, d, starter) - rank_part
        shows.append(rank_part + suit_part)
    return shows


class CribSums:
    """The crib totals of every discard from one six-card hand, under one throw model.

    `total(i, j)` is the sum of the crib score over every completion (the opponent's two
    cards, each pair weighed by `weights`, times the starters left), and `weight` the total
    weight of all completions: the expected crib is their quotient. With the uniform weights
    both are whole numbers; from six cards `weight` is 45,540, from the two discards alone
    58,800.

    >>> sums = CribSums((16, 17, 18, 19, 40, 44))  # the four fives, JC, QC
    >>> sums.weight, round(sums.total(0, 1) / sums.weight, 4)  # 5C 5D laid away
    (45540, 8.23)
    """

    def __init__(self, hand: Sequence[int], weights: PairWeights = UNIFORM) -> None:
        if len(hand) < 2 or len(set(hand)) != len(hand):
            raise ValueError("A discard is chosen from two or more different cards.")
        self.hand = tuple(hand)
        seen = set(hand)
        unseen = [card for card in range(52) if card not in seen]
        n = [0] * 14  # unseen cards by rank
        by_suit: list[list[int]] = [[], [], [], []]  # ranks of the unseen cards, by suit
        for card in unseen:
            n[(card >> 2) + 1] += 1
            by_suit[card & 3].append((card >> 2) + 1)

        # Total weight of the opponent's throws, and each rank's row sum (a card of rank r
        # paired with every other unseen card).
        row = [0.0] * 14
        pair_total: float = 0
        # The weight of each multiset of ranks of the three unknown cards (`_TRIPLES`).
        groups: list[float] = [0] * len(_TRIPLES)
        third = _third()
        for a in range(1, 14):
            if not n[a]:
                continue
            wa = weights[a]
            row[a] = sum(n[c] * wa[c] for c in range(1, 14)) - wa[a]
            for b in range(a, 14):
                pairs = n[a] * (n[a] - 1) // 2 if a == b else n[a] * n[b]
                if not pairs:
                    continue
                w = wa[b] * pairs
                pair_total += w
                left = n[:]  # the starters left beside the throw, by rank
                left[a] -= 1
                left[b] -= 1
                for triple, starters in zip(third[a][b], left, strict=True):
                    if starters > 0:
                        groups[triple] += w * starters
        self._groups = groups
        # The fifteens, pairs and runs of a discard depend on its two ranks alone: summed
        # once for each pair of ranks, as a total (`_totals`) and as the weight of each
        # points total (`_by_points`, for `distribution`).
        self._totals: dict[int, float] = {}
        self._by_points: dict[int, list[float]] = {}
        self.weight = pair_total * (len(unseen) - 2)

        # Flushes: the opponent's two cards and the starter all of the discards' suit.
        self._flush = [0.0] * 4
        for suit, ranks in enumerate(by_suit):
            inside = sum(
                weights[ranks[x]][ranks[y]]
                for x in range(len(ranks))
                for y in range(x + 1, len(ranks))
            )
            self._flush[suit] = 5 * inside * (len(ranks) - 2)

        # His nobs from a discarded jack: the starter of its suit, any throw beside it.
        self._nobs_from_discard = [0.0] * 4
        for suit, ranks in enumerate(by_suit):
            in_suit = sum(row[r] for r in ranks)  # throws counted once per card in the suit
            self._nobs_from_discard[suit] = len(ranks) * pair_total - in_suit
        # His nobs from a jack the opponent throws: the same for every discard.
        self._nobs_thrown: float = 0
        wj = weights[_JACK]
        for ranks in by_suit:
            if _JACK in ranks:
                others_in_suit = sum(wj[r] for r in ranks) - wj[_JACK]
                self._nobs_thrown += (len(ranks) - 1) * row[_JACK] - others_in_suit

    def total(self, i: int, j: int) -> float:
        """The weighted crib total when the cards at positions `i` and `j` are laid away."""
        first, second = self.hand[i], self.hand[j]
        base = _RANK_BIT[(first >> 2) + 1] + _RANK_BIT[(second >> 2) + 1]
        total = self._totals.get(base)
        if total is None:
            total = self._totals[base] = sum(map(mul, self._groups, _crib_points(base)))
        suit = first & 3
        if second & 3 == suit:
            total += self._flush[suit]
        for card in (first, second):
            if (card >> 2) + 1 == _JACK:
                total += self._nobs_from_discard[card & 3]
        return total + self._nobs_thrown

    def distribution(self, i: int, j: int) -> dict[int, float]:
        """The chance of each crib total when the cards at `i` and `j` are laid away.

        Fifteens, pairs and runs are exact; the five-card flush and his nobs are added as
        if independent of them (close enough for weighing chances of winning).
        """
        first, second = self.hand[i], self.hand[j]
        base = _RANK_BIT[(first >> 2) + 1] + _RANK_BIT[(second >> 2) + 1]
        scale = 1 / self.weight
        by_points = self._by_points.get(base)
        if by_points is None:
            by_points = self._by_points[base] = [0.0] * 30
            for points, w in zip(_crib_points(base), self._groups, strict=True):
                by_points[points] += w
        chances = {points: w * scale for points, w in enumerate(by_points) if w}
        nobs = self._nobs_thrown
        for card in (first, second):
            if (card >> 2) + 1 == _JACK:
                nobs += self._nobs_from_discard[card & 3]
        flush = self._flush[first & 3] / 5 if second & 3 == first & 3 else 0.0
        for bonus, total in ((1, nobs), (5, flush)):
            chance = total * scale
            if chance > 0:
                shifted: dict[int, float] = {}
                for points, p in chances.items():
                    shifted[points] = shifted.get(points, 0.0) + p * (1 - chance)
                    shifted[points + bonus] = shifted.get(points + bonus, 0.0) + p * chance
                chances = shifted
        return chances


def crib_sums(hand6: Sequence[int], weights: PairWeights = UNIFORM) -> tuple[float, ...]:
    """For each of the 15 discards, the crib total over all completions (see `CribSums`)."""
    sums = CribSums(hand6, weights)
    return tuple(sums.total(i, j) for i, j in DISCARD_PAIRS)
