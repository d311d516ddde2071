"""Looking ahead in the play: the rest of the play solved for one guess at the opponent's cards.

Pegging depends only on ranks, so a position is the ranks each side still holds, the count,
what of the cards played since the count began can still score, and whose turn it is.
`net_points` solves the rest of the play when both hands are known (each side playing its
best for points: mine minus the opponent's), with go, thirty-one and the last card as the
rules have them; `WinSearch` does the same for the chance of winning the game, given what
the end of the play is worth. The computer averages these over the hands the opponent may
hold (see `cribbage.computer.play`).

Of the cards played since the count began, only a tail can still score with later cards:
the cards of the last card's rank, if it was paired, or else the longest run of different
ranks at the end (an earlier card is cut off from any run by the repeated rank). Positions
are kept with that tail only, so play orders that cannot differ in what follows are solved
once. Solutions are remembered in tables shared by all calls (they depend on ranks alone, so
a remembered answer is the same answer); the tables are emptied when they grow large.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final, TypeAlias

__all__ = [
    "Ranks",
    "WinSearch",
    "clear_memory",
    "move_points",
    "net_points",
    "peg_score",
    "scoring_tail",
]

Ranks: TypeAlias = tuple[int, ...]
"""Ranks 1..13 in ascending order (a hand) or in the order played (a count)."""

_MEMORY_LIMIT: Final = 250_000  # about 80 MB of positions; few are met again in later deals
_EXTEND: dict[tuple[Ranks, int], tuple[Ranks, int]] = {}
_NET: dict[tuple[Ranks, Ranks, Ranks, int, bool], tuple[float, int]] = {}


def clear_memory() -> None:
    """Forget remembered solutions (results do not change; only speed does)."""
    _EXTEND.clear()
    _NET.clear()
    _MOVES.clear()


def _pairs_and_runs(played: Ranks) -> int:
    """Pair and run points for the last card of `played` (fifteen and 31 not included)."""
    last = played[-1]
    n = len(played)
    if n >= 2 and played[-2] == last:
        same = 2
        while same < n and played[-same - 1] == last:
            same += 1
        return same * (same - 1)
    run = 0
    low = high = last
    held = 1 << last
    for k in range(2, n + 1):
        rank = played[-k]
        if held >> rank & 1:
            break
        held |= 1 << rank
        if rank < low:
            low = rank
        elif rank > high:
            high = rank
        if k >= 3 and high - low == k - 1:
            run = k
    return run


def scoring_tail(played: Ranks) -> Ranks:
    """The cards of a count that can still score with later cards (see the module notes).

    >>> scoring_tail((9, 4, 6, 4, 5)), scoring_tail((9, 7, 7)), scoring_tail((3, 5, 8))
    ((6, 4, 5), (7, 7), (3, 5, 8))
    """
    n = len(played)
    if n >= 2 and played[-1] == played[-2]:
        same = 2
        while same < n and played[-same - 1] == played[-1]:
            same += 1
        return played[-same:]
    held = 0
    for k in range(1, n + 1):
        rank = played[-k]
        if held >> rank & 1:
            return played[-k + 1 :]
        held |= 1 << rank
    return played


def _extend(tail: Ranks, rank: int) -> tuple[Ranks, int]:
    """The scoring tail after `rank` is played on `tail`, and its pair and run points."""
    key = (tail, rank)
    known = _EXTEND.get(key)
    if known is None:
        played = tail + (rank,)
        known = (scoring_tail(played), _pairs_and_runs(played))
        if len(_EXTEND) > _MEMORY_LIMIT:
            _EXTEND.clear()
        _EXTEND[key] = known
    return known


def peg_score(count_ranks: Ranks) -> int:
    """Points for the last card of `count_ranks` (the ranks since the count began).

    The same rules as `scoring.peg_points` (tests hold them equal), written for speed.

    >>> peg_score((5, 10)), peg_score((4, 6, 5)), peg_score((7, 7, 7))
    (2, 5, 6)
    """
    count = sum(rank if rank < 10 else 10 for rank in count_ranks)
    return (2 if count in (15, 31) else 0) + _extend(count_ranks[:-1], count_ranks[-1])[1]


def net_points(mine: Ranks, theirs: Ranks, count_ranks: Ranks, count: int, my_turn: bool) -> float:
    """My pegging points minus the opponent's from here to the end of the play, both playing best.

    `mine` and `theirs` are the ranks each side still holds (ascending); `count_ranks` the
    ranks played since the count began, totalling `count`. The player to move must hold a
    playable card.

    >>> net_points((5,), (10,), (), 0, False)  # they lead the ten; fifteen two and last card
    3
    >>> net_points((5, 10), (5, 10), (), 0, True)  # whatever I lead, they pair it
    -5
    """
    return _net(mine, theirs, scoring_tail(count_ranks), count, my_turn, -_INFINITY, _INFINITY)


def move_points(mine: Ranks, theirs: Ranks, count_ranks: Ranks, count: int, rank: int) -> float:
    """What playing `rank` now is worth to me: `net_points` after it, with its own points.

    >>> move_points((5, 10), (5, 10), (), 0, 5), move_points((5, 10), (5, 10), (), 0, 10)
    (-5, -5)
    """
    tail = scoring_tail(count_ranks)
    return _net_after(mine, theirs, tail, count, True, mine.index(rank), -_INFINITY, _INFINITY)


_INFINITY: Final = 1000.0
_EXACT, _AT_LEAST, _AT_MOST = 0, 1, 2
_MOVES: dict[tuple[Ranks, int], tuple[int, ...]] = {}


def _moves(hand: Ranks, count: int) -> tuple[int, ...]:
    """Positions in `hand` of one card of each rank that can be played on `count`."""
    room = 31 - count
    moves = tuple(
        i
        for i, rank in enumerate(hand)
        if (i == 0 or rank != hand[i - 1]) and (rank if rank < 10 else 10) <= room
    )
    if len(_MOVES) > _MEMORY_LIMIT:
        _MOVES.clear()
    _MOVES[(hand, count)] = moves
    return moves


def _window(
    known: tuple[float, int], alpha: float, beta: float
) -> tuple[float | None, float, float]:
    """A remembered result against the search window: the value when it settles the
    position, else None and the window narrowed by the bound."""
    value, kind = known
    if kind == _EXACT:
        return value, alpha, beta
    if kind == _AT_LEAST:
        return (value, alpha, beta) if value >= beta else (None, max(alpha, value), beta)
    return (value, alpha, beta) if value <= alpha else (None, alpha, min(beta, value))


def _net(
    mine: Ranks, theirs: Ranks, tail: Ranks, count: int, my_turn: bool, alpha: float, beta: float
) -> float:
    """`net_points` by alpha-beta search: exact when strictly between `alpha` and `beta`,
    otherwise a bound on the far side of the window."""
    key = (mine, theirs, tail, count, my_turn)
    known = _NET.get(key)
    if known is not None:
        value, alpha, beta = _window(known, alpha, beta)
        if value is not None:
            return value
    low, high = alpha, beta
    moves = _MOVES.get((mine if my_turn else theirs, count)) or _moves(
        mine if my_turn else theirs, count
    )
    if my_turn:
        best = -_INFINITY
        for i in moves:
            value = _net_after(mine, theirs, tail, count, True, i, alpha, beta)
            if value > best:
                best = value
                if best > alpha:
                    alpha = best
                    if alpha >= beta:
                        break
    else:
        best = _INFINITY
        for i in moves:
            value = _net_after(mine, theirs, tail, count, False, i, alpha, beta)
            if value < best:
                best = value
                if best < beta:
                    beta = best
                    if alpha >= beta:
                        break
    if len(_NET) > _MEMORY_LIMIT:
        _NET.clear()
    _NET[key] = (best, _AT_MOST if best <= low else _AT_LEAST if best >= high else _EXACT)
    return best


def _net_after(
    mine: Ranks,
    theirs: Ranks,
    tail: Ranks,
    count: int,
    my_turn: bool,
    i: int,
    alpha: float,
    beta: float,
) -> float:
    """`_net` once the player to move has played the card at position `i`."""
    hand, other = (mine, theirs) if my_turn else (theirs, mine)
    rank = hand[i]
    rest = hand[:i] + hand[i + 1 :]
    new_count = count + (rank if rank < 10 else 10)
    tail, points = _EXTEND.get((tail, rank)) or _extend(tail, rank)
    if new_count == 15 or new_count == 31:
        points += 2
    if my_turn:
        mine_after, theirs_after = rest, other
        alpha, beta = alpha - points, beta - points
    else:
        mine_after, theirs_after = other, rest
        alpha, beta = alpha + points, beta + points
    if new_count == 31:
        if not rest and not other:
            return points if my_turn else -points
        leader_is_me = my_turn if not other else not my_turn
        future = _net(mine_after, theirs_after, (), 0, leader_is_me, alpha, beta)
    elif not rest and not other:
        return points + 1 if my_turn else -points - 1  # the last card
    elif other and (other[0] if other[0] < 10 else 10) + new_count <= 31:
        future = _net(mine_after, theirs_after, tail, new_count, not my_turn, alpha, beta)
    elif rest and (rest[0] if rest[0] < 10 else 10) + new_count <= 31:
        future = _net(mine_after, theirs_after, tail, new_count, my_turn, alpha, beta)
    else:  # a go: the other side leads a new count if it holds cards
        points += 1
        alpha, beta = (alpha - 1, beta - 1) if my_turn else (alpha + 1, beta + 1)
        leader_is_me = my_turn if not other else not my_turn
        future = _net(mine_after, theirs_after, (), 0, leader_is_me, alpha, beta)
    return points + future if my_turn else future - points


EndValue: TypeAlias = Callable[[int, int], float]
"""My chance of winning when the play ends with me pegging m and the opponent o more points."""

WinMemory: TypeAlias = dict[tuple[Ranks, Ranks, Ranks, int, bool, int, int], tuple[float, int]]


class WinSearch:
    """My chance of winning the game, both sides playing the rest of the play to win.

    `my_need` and `their_need` are the points each side still needs (positive); a side that
    pegs them wins at once. `at_end(m, o)` values the end of the play after pegging m and o
    more points (the show and the deals after it). Solutions are remembered per search.

    >>> WinSearch(2, 50, lambda m, o: 0.5).chance((5,), (10,), (), 0, False)
    1.0
    """

    def __init__(self, my_need: int, their_need: int, at_end: EndValue) -> None:
        self.my_need = my_need
        self.their_need = their_need
        self.at_end = at_end
        self.memory: WinMemory = {}

    def chance(
        self, mine: Ranks, theirs: Ranks, count_ranks: Ranks, count: int, my_turn: bool
    ) -> float:
        """My chance of winning from a position of the play."""
        return self._chance(
            mine, theirs, scoring_tail(count_ranks), count, my_turn, 0, 0, -1.0, 2.0
        )

    def move_chance(
        self, mine: Ranks, theirs: Ranks, count_ranks: Ranks, count: int, rank: int
    ) -> float:
        """My chance of winning if I play `rank` now."""
        tail = scoring_tail(count_ranks)
        return self._after(mine, theirs, tail, count, True, mine.index(rank), 0, 0, -1.0, 2.0)

    def _chance(
        self,
        mine: Ranks,
        theirs: Ranks,
        tail: Ranks,
        count: int,
        my_turn: bool,
        got: int,
        lost: int,
        alpha: float,
        beta: float,
    ) -> float:
        """By alpha-beta search, as `_net` does for points."""
        key = (mine, theirs, tail, count, my_turn, got, lost)
        known = self.memory.get(key)
        if known is not None:
            value, alpha, beta = _window(known, alpha, beta)
            if value is not None:
                return value
        low, high = alpha, beta
        best = -1.0 if my_turn else 2.0
        hand = mine if my_turn else theirs
        for i in _MOVES.get((hand, count)) or _moves(hand, count):
            value = self._after(mine, theirs, tail, count, my_turn, i, got, lost, alpha, beta)
            if my_turn:
                if value > best:
                    best = value
                    if best > alpha:
                        alpha = best
            elif value < best:
                best = value
                if best < beta:
                    beta = best
            if alpha >= beta:
                break
        self.memory[key] = (
            best,
            _AT_MOST if best <= low else _AT_LEAST if best >= high else _EXACT,
        )
        return best

    def _after(
        self,
        mine: Ranks,
        theirs: Ranks,
        tail: Ranks,
        count: int,
        my_turn: bool,
        i: int,
        got: int,
        lost: int,
        alpha: float,
        beta: float,
    ) -> float:
        hand, other = (mine, theirs) if my_turn else (theirs, mine)
        rank = hand[i]
        rest = hand[:i] + hand[i + 1 :]
        new_count = count + (rank if rank < 10 else 10)
        tail, points = _EXTEND.get((tail, rank)) or _extend(tail, rank)
        if new_count == 15 or new_count == 31:
            points += 2
        mine_after, theirs_after = (rest, other) if my_turn else (other, rest)
        to_move_is_me = my_turn
        if new_count == 31:
            tail, new_count = (), 0
            to_move_is_me = my_turn if not other else not my_turn
        elif not rest and not other:
            points += 1  # the last card
        elif other and (other[0] if other[0] < 10 else 10) + new_count <= 31:
            to_move_is_me = not my_turn
        elif not (rest and (rest[0] if rest[0] < 10 else 10) + new_count <= 31):
            points += 1  # a go
            tail, new_count = (), 0
            to_move_is_me = my_turn if not other else not my_turn
        if my_turn:
            got += points
        else:
            lost += points
        if got >= self.my_need:
            return 1.0
        if lost >= self.their_need:
            return 0.0
        if not rest and not other:
            return self.at_end(got, lost)
        return self._chance(
            mine_after, theirs_after, tail, new_count, to_move_is_me, got, lost, alpha, beta
        )
