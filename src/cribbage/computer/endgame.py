"""Score awareness: near the end of a game the computer maximises its chance of winning.

Points are not all equal when a game can end: pegging out wins at once, and in the show the
pone counts first, so a pone needing six points prefers a sure six to a likely ten. From the
start of a deal the chance of winning is read from a table (`tables.win_table`, dynamic
programming over the points each side needs and who deals). Within a deal:

* a discard's chance multiplies out the deal in the order it is scored: both sides' pegging
  (a joint distribution measured in self-play, moved by the kept cards' pegging value),
  then the pone's hand, then the dealer's hand and crib (exact distributions for the
  computer's own cards and crib, measured ones for the opponent's hand), then the table;
* a play is searched to the end of the play (`search.WinSearch`), pegging out included, and
  the end of the play is valued by the show in the same order, then the table.

The distributions are treated as independent of each other, which they nearly are.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Sequence
from functools import cache
from math import comb, floor

from ..cards import Card
from ..scoring import hand_points, rank_points
from .sums import CribSums, PairWeights, hand_distribution, rank_key
from .settings import Settings
from .tables import (
    Distribution,
    Role,
    WinTable,
    deal_distributions,
    keep_weights,
    pegging_values,
    win_table,
)

__all__ = [
    "is_aware",
    "discard_win_chances",
    "crib_chances",
    "end_of_play_value",
]


def is_aware(settings: Settings, my_need: int, their_need: int) -> bool:
    """True when the score makes the chance of winning worth deciding by."""
    return settings.aware and min(my_need, their_need) <= settings.aware_within


@cache
def _pegging_mean(role: Role) -> float:
    """The average pegging value of the hands the expert keeps as `role`."""
    keeps = keep_weights(role)
    values = pegging_values(role)
    total = weight = 0.0
    for ranks, value in values.items():
        chance = keeps.get(ranks, 0.0)
        for rank in set(ranks):
            chance *= comb(4, ranks.count(rank))
        total += chance * value
        weight += chance
    return total / weight


def _shifted_pegging(dealer: bool, shift: float) -> list[tuple[int, int, float]]:
    """(my pegging, the opponent's, chance), my pegging moved by `shift` (split between the
    two nearest whole numbers, never below zero)."""
    low = floor(shift)
    part = shift - low
    cells: dict[tuple[int, int], float] = {}
    for pone, dealer_points, chance in deal_distributions().pegging:
        mine, theirs = (dealer_points, pone) if dealer else (pone, dealer_points)
        for step, share in ((low, 1 - part), (low + 1, part)):
            if share > 0:
                key = (max(0, mine + step), theirs)
                cells[key] = cells.get(key, 0.0) + chance * share
    return [(m, o, w) for (m, o), w in cells.items()]


def discard_win_chances(
    hand: Sequence[Card],
    keeps: Sequence[tuple[Card, ...]],
    pegging: Sequence[float],
    cribs: CribSums,
    positions: Sequence[tuple[int, int]],
    *,
    dealer: bool,
    my_need: int,
    their_need: int,
) -> list[float]:
    """The chance of winning for each discard of `hand` (see the module notes).

    `keeps[k]` are the kept cards of the discard at `positions[k]` (positions in `cribs`),
    `pegging[k]` its pegging value (0 when pegging values are not used).
    """
    table = win_table()
    deals = deal_distributions()
    seen = {card.index for card in hand}
    unseen = [index for index in range(52) if index not in seen]
    role: Role = "dealer" if dealer else "pone"
    mean = _pegging_mean(role) if any(pegging) else 0.0
    their_hand = deals.pone_hand if dealer else deals.dealer_hand

    limit = table.limit

    @cache
    def opponent_then_table(x: int, w: int) -> float:
        """Me pone: I still need x after my show; the dealer needs w before its hand."""
        value = 0.0
        for points, chance in their_hand:
            if points >= w:
                break
            value += chance * table.row(w - points, True)[min(x, limit)]
        return value

    chances = []
    for keep, peg, (i, j) in zip(keeps, pegging, positions):
        mine = _as_list(hand_distribution([card.index for card in keep], unseen))
        crib = sorted(cribs.distribution(i, j).items())
        after_play = _after_play_value(dealer, mine, crib, their_hand, opponent_then_table, table)
        chance = 0.0
        for m, o, w in _shifted_pegging(dealer, peg - mean):
            if m >= my_need:
                chance += w * (0.5 if o >= their_need else 1.0)
            elif o < their_need:
                chance += w * after_play(my_need - m, their_need - o)
        chances.append(chance)
    return chances


def _as_list(counts: dict[int, int]) -> Distribution:
    total = sum(counts.values())
    return tuple((points, n / total) for points, n in sorted(counts.items()))


def _after_play_value(
    dealer: bool,
    mine: Distribution,
    crib: Sequence[tuple[int, float]],
    their_hand: Distribution,
    opponent_then_table: Callable[[int, int], float],
    table: WinTable,
) -> Callable[[int, int], float]:
    """My chance of winning after the play, needing x while the opponent needs z."""
    if not dealer:

        @cache
        def their_show(x: int, z: int) -> float:  # the dealer's crib, then its hand
            value = 0.0
            for points, chance in crib:
                if points >= z:
                    break
                value += chance * opponent_then_table(x, z - points)
            return value

        @cache
        def after(x: int, z: int) -> float:
            return sum(
                chance * (1.0 if points >= x else their_show(x - points, z))
                for points, chance in mine
            )

        return after

    limit = table.limit

    @cache
    def my_crib(x: int, y: int) -> float:  # I need x before my crib, the pone y
        row = table.row(y, False)
        value = 0.0
        for points, chance in crib:
            value += chance * (1.0 if points >= x else row[min(x - points, limit)])
        return value

    @cache
    def my_show(x: int, y: int) -> float:  # my hand, then my crib
        return sum(
            chance * (1.0 if points >= x else my_crib(x - points, y)) for points, chance in mine
        )

    @cache
    def after_dealer(x: int, z: int) -> float:
        value = 0.0
        for points, chance in their_hand:
            if points >= z:
                break
            value += chance * my_show(x, z - points)
        return value

    return after_dealer


def crib_chances(
    discards: Sequence[Card] | None,
    starter: Card,
    unseen: Sequence[int],
    throws: PairWeights,
) -> Distribution:
    """The chance of each crib total once the starter is turned: the two known discards and
    two unknown cards from `unseen` (weighed by `throws`), or the measured crib distribution
    when the discards are not known."""
    if discards is None or len(discards) != 2:
        return deal_distributions().crib
    a, b = (card.index for card in discards)
    s = starter.index
    counts: dict[int, float] = {}
    for c, d in itertools.combinations(unseen, 2):
        w = throws[(c >> 2) + 1][(d >> 2) + 1]
        if w:
            points = hand_points(a, b, c, d, s, True)
            counts[points] = counts.get(points, 0.0) + w
    total = sum(counts.values())
    return tuple((points, w / total) for points, w in sorted(counts.items()))


def end_of_play_value(
    *,
    dealer: bool,
    my_need: int,
    their_need: int,
    my_show: int,
    their_kept: Sequence[int],
    starter: Card,
    crib: Distribution,
) -> Callable[[int, int], float]:
    """My chance of winning when the play ends having pegged m and conceded o more points.

    `my_show` is my hand's count; the opponent's hand is counted from its four kept ranks
    (fifteens, pairs and runs: its suits are unknown); the crib is `crib`.
    """
    table = win_table()
    ranks = list(their_kept) + [int(starter.rank)]
    their_show = rank_points(rank_key(ranks)) if len(ranks) == 5 else 0
    @cache
    def value(m: int, o: int) -> float:
        mine, theirs = my_need - m, their_need - o
        if not dealer:
            if my_show >= mine:
                return 1.0
            if their_show >= theirs:
                return 0.0
            return sum(
                chance * table.chance(mine - my_show, theirs - their_show - points, True)
                for points, chance in crib
                if theirs - their_show - points > 0
            )
        if their_show >= theirs:
            return 0.0
        return sum(
            chance * table.chance(mine - my_show - points, theirs - their_show, False)
            for points, chance in crib
        )

    return value

