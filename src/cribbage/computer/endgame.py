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
from bisect import bisect_left
from collections.abc import Callable, Iterable, Sequence
from functools import cache
from math import comb, floor
from operator import mul

from ..cards import Card
from ..scoring import hand_points, rank_points
from .settings import Settings
from .sums import CribSums, PairWeights, hand_distribution, rank_key
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
    "crib_chances",
    "discard_win_chances",
    "end_of_play_value",
    "is_aware",
    "rank_show",
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


@cache
def _pegging_rows(dealer: bool) -> tuple[tuple[int, tuple[tuple[int, float], ...]], ...]:
    """The joint pegging distribution of a deal by my points: (m, ((the opponent's o, chance),
    ...)), m ascending."""
    rows: dict[int, list[tuple[int, float]]] = {}
    for pone, dealer_points, chance in deal_distributions().pegging:
        mine, theirs = (dealer_points, pone) if dealer else (pone, dealer_points)
        rows.setdefault(mine, []).append((theirs, chance))
    return tuple((m, tuple(sorted(cells))) for m, cells in sorted(rows.items()))


class _Pegging:
    """What the chances of one hand need of the joint pegging distribution, summed once for
    all its discards: by my pegging m (a row), the chance the opponent stays below its need
    (`below`) or reaches it (`above`), that weighed by the opponent's show not reaching it
    either (`safe`, for the dealer, whose count comes last), and for the first k rows the
    opponent's pegging plus its hand's show, below its need (`with_hand(k)`)."""

    def __init__(self, dealer: bool, their_need: int, their_hand: Distribution) -> None:
        rows = _pegging_rows(dealer)
        their_tail = _tail(their_hand) if dealer else None
        self._need = their_need
        self._hand = their_hand
        self._with_hand: dict[int, list[float]] = {}
        self._cells = [cells for _, cells in rows]
        self.points = [m for m, _ in rows]
        self.below: list[float] = []
        self.above: list[float] = []
        self.safe: list[float] = []
        for cells in self._cells:
            below = above = safe = 0.0
            for o, w in cells:
                if o >= their_need:
                    above += w
                    continue
                below += w
                if their_tail is not None:
                    safe += w * (1.0 - _at_least(their_tail, their_need - o))
            self.below.append(below)
            self.above.append(above)
            self.safe.append(safe)

    def with_hand(self, rows: int) -> list[float]:
        """The opponent's pegging in the first `rows` rows plus its hand's show, below its
        need (see `_totals`); remembered."""
        totals = self._with_hand.get(rows)
        if totals is None:
            pegs = [0.0] * self._need
            for cells in self._cells[:rows]:
                for o, w in cells:
                    if o < self._need:
                        pegs[o] += w
            totals = _totals([(o, w) for o, w in enumerate(pegs) if w], self._hand, self._need)
            self._with_hand[rows] = totals
        return totals


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
    hands: Sequence[dict[int, int]] | None = None,
) -> list[float]:
    """The chance of winning for each discard of `hand` (see the module notes).

    `keeps[k]` are the kept cards of the discard at `positions[k]` (positions in `cribs`),
    `pegging[k]` its pegging value (0 when pegging values are not used), and `hands[k]`,
    when given, its `hand_distribution` over the starters not in `hand`.

    Who reaches the target first is followed exactly through the pegging (its joint
    distribution) and the order of the show; the deal's totals that carry over to the next
    deal are taken as independent between the two sides.
    """
    table = win_table()
    deals = deal_distributions()
    seen = {card.index for card in hand}
    unseen = [index for index in range(52) if index not in seen]
    role: Role = "dealer" if dealer else "pone"
    mean = _pegging_mean(role) if any(pegging) else 0.0
    their_hand = deals.pone_hand if dealer else deals.dealer_hand
    pegging_rows = _Pegging(dealer, their_need, their_hand)
    next_deal = _next_deal(table, my_need, their_need, not dealer)

    @cache
    def by_my_points(rows: int) -> list[float]:
        """As dealer: my chance from the next deal by my points in this one (pegging and
        show), weighed over the opponent's totals when it pegs by the first `rows` rows;
        the same for every discard."""
        theirs = pegging_rows.with_hand(rows)
        columns = zip(*(next_deal(b) for b in range(len(theirs))), strict=True)
        return [sum(map(mul, theirs, column)) for column in columns]

    chances = []
    for k, (keep, peg, (i, j)) in enumerate(zip(keeps, pegging, positions, strict=True)):
        my_hand = _as_list(
            hands[k]
            if hands is not None
            else hand_distribution([card.index for card in keep], unseen)
        )
        crib = _normalized(cribs.distribution(i, j).items())
        # Each side's show in the order it is counted: the pone's hand, then the dealer's.
        mine = _sum_of(my_hand, crib) if dealer else my_hand
        my_tail = _tail(mine)
        chance = 0.0
        my_pegs: dict[int, float] = {}
        their_shares: dict[int, float] = {}  # by the rows below my need, their share
        shift = peg - mean
        low = floor(shift)
        for step, share in ((low, 1 - (shift - low)), (low + 1, shift - low)):
            if share <= 0:
                continue
            rows_below = 0  # the rows whose m, moved by step, stays below my need
            for row, m0 in enumerate(pegging_rows.points):
                m = m0 + step if m0 + step > 0 else 0
                if m >= my_need:
                    chance += share * (0.5 * pegging_rows.above[row] + pegging_rows.below[row])
                    continue
                rows_below = row + 1
                w = share * pegging_rows.below[row]
                my_pegs[m] = my_pegs.get(m, 0.0) + w
                # Reaching the target in the show, before the other side's count.
                if dealer:
                    chance += share * _at_least(my_tail, my_need - m) * pegging_rows.safe[row]
                else:
                    chance += w * _at_least(my_tail, my_need - m)
            their_shares[rows_below] = their_shares.get(rows_below, 0.0) + share
        # Neither side reaches the target: the next deal, from the points each still needs.
        scale = sum(my_pegs.values())
        if scale > 0:
            if dealer:
                factor, by_mine = _mixed(their_shares, by_my_points)
                show = _dense(mine)
                ahead = sum(wp * sum(map(mul, show, by_mine[p:])) for p, wp in my_pegs.items())
            else:
                # The opponent's pegging and hand below its need, summed once for each set of
                # rows below my need (`pegging_rows.with_hand`), then its crib.
                factor, their_totals = _mixed(their_shares, pegging_rows.with_hand)
                top = min(their_need, len(their_totals) + crib[-1][0])
                my_totals = _totals(list(my_pegs.items()), mine, my_need)
                # My chance by the opponent's points in this deal, weighed over mine.
                by_theirs = [sum(map(mul, my_totals, next_deal(b))) for b in range(top)]
                ahead = sum(wc * sum(map(mul, their_totals, by_theirs[c:])) for c, wc in crib)
            chance += factor * ahead / scale
        chances.append(min(1.0, max(0.0, chance)))
    return chances


def _normalized(pairs: Iterable[tuple[int, float]]) -> Distribution:
    items = sorted(pairs)
    total = sum(w for _, w in items)
    return tuple((points, w / total) for points, w in items)


def _as_list(counts: dict[int, int]) -> Distribution:
    return _normalized((points, float(n)) for points, n in counts.items())


def _sum_of(first: Distribution, second: Distribution) -> Distribution:
    """The distribution of the sum of two independent totals."""
    top = max((a for a, _ in first), default=0) + max((b for b, _ in second), default=0)
    chances = [0.0] * (top + 1)
    for a, wa in first:
        for b, wb in second:
            chances[a + b] += wa * wb
    return tuple((points, w) for points, w in enumerate(chances) if w)


def _dense(distribution: Distribution) -> list[float]:
    """`dense[p]`: the chance of exactly p points, from 0 to the most there can be."""
    chances = [0.0] * (distribution[-1][0] + 1 if distribution else 1)
    for points, w in distribution:
        chances[points] += w
    return chances


def _tail(distribution: Distribution) -> list[float]:
    """`tail[p]`: the chance of at least p points, for p from 0 to the most there can be."""
    top = max((value for value, _ in distribution), default=0)
    chances = [0.0] * (top + 2)
    for value, w in distribution:
        chances[value] += w
    for p in range(top, -1, -1):
        chances[p] += chances[p + 1]
    return chances


def _at_least(tail: list[float], points: int) -> float:
    """The chance of at least `points`, from a `_tail`."""
    if points <= 0:
        return tail[0]
    return tail[points] if points < len(tail) else 0.0


def _totals(pegs: Sequence[tuple[int, float]], show: Distribution, need: int) -> list[float]:
    """Pegging plus show below `need`, weighed by the pegging's (unnormalized) chances:
    `totals[t]` for t from 0 to `need` - 1 or the most there can be, whichever is less."""
    top = max((p for p, _ in pegs), default=0) + (show[-1][0] if show else 0)
    below = [0.0] * min(need, top + 1)
    points = [p for p, _ in show]
    for p, wp in pegs:
        for total, w in show[: bisect_left(points, need - p)]:
            below[p + total] += wp * w
    return below


def _mixed(
    shares: dict[int, float], values: Callable[[int], list[float]]
) -> tuple[float, list[float]]:
    """The lists `values(rows)` weighed by `shares[rows]` and summed, as a factor and a
    list: the share and the list itself when there is only one."""
    if len(shares) == 1:
        [(rows, share)] = shares.items()
        return share, values(rows)
    mixed: list[float] = []
    for rows, share in shares.items():
        part = values(rows)
        if len(mixed) < len(part):
            mixed.extend([0.0] * (len(part) - len(mixed)))
        for t, w in enumerate(part):
            mixed[t] += share * w
    return 1.0, mixed


def _next_deal(
    table: WinTable, my_need: int, their_need: int, i_deal: bool
) -> Callable[[int], Sequence[float]]:
    """`next_deal(b)[a]`: my chance of winning from the next deal, when this one ends with
    a more of my points and b more of the opponent's, both short of their needs."""
    limit = table.limit

    @cache
    def next_deal(b: int) -> Sequence[float]:
        row = table.row(their_need - b, i_deal)  # by the points I need, read at most at limit
        if my_need <= limit:
            return row[my_need:0:-1]
        return (row[limit],) * (my_need - limit) + row[limit:0:-1]

    return next_deal


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


def rank_show(kept: Sequence[int], starter: Card) -> int:
    """The count of a hand known by its four ranks only (fifteens, pairs and runs: its suits
    are unknown), or 0 when fewer than four are known."""
    ranks = [*kept, int(starter.rank)]
    return rank_points(rank_key(ranks)) if len(ranks) == 5 else 0


def end_of_play_value(
    *,
    dealer: bool,
    my_need: int,
    their_need: int,
    my_show: int,
    their_show: int,
    crib: Distribution,
) -> Callable[[int, int], float]:
    """My chance of winning when the play ends having pegged m and conceded o more points.

    `my_show` is my hand's count, `their_show` the opponent's (`rank_show`); the crib is
    `crib`.
    """
    table = win_table()

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
