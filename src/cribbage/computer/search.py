"""Looking ahead in the play: the rest of the play solved for one guess at the opponent's cards.

Pegging depends only on ranks, so a position is the ranks each side still holds, the ranks
played since the count began, and whose turn it is. `net_points` solves the rest of the play
when both hands are known (each side playing its best for points: mine minus the
opponent's), with go, thirty-one and the last card as the rules have them;
`WinSearch` does the same for the chance of winning the game, given what the end of the
play is worth. The computer averages these over the hands the opponent may hold (see
`cribbage.computer.play`).

Solutions are remembered in a table shared by all calls (they depend on ranks alone, so a
remembered answer is the same answer); the table is emptied when it grows large.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final, TypeAlias

from ..scoring import peg_points

__all__ = [
    "Ranks", "net_points", "move_points", "WinSearch", "peg_score", "next_turn", "clear_memory",
]

Ranks: TypeAlias = tuple[int, ...]
"""Ranks 1..13 in ascending order (a hand) or in the order played (a count)."""

_MEMORY_LIMIT: Final = 1_500_000
_PEG: dict[Ranks, int] = {}
_NET: dict[tuple[Ranks, Ranks, Ranks, bool], float] = {}


def clear_memory() -> None:
    """Forget remembered solutions (results do not change; only speed does)."""
    _PEG.clear()
    _NET.clear()


def peg_score(count_ranks: Ranks) -> int:
    """Points for the last card of `count_ranks` (ranks since the count began), remembered.

    The same rules as `scoring.peg_points` (tests hold them equal), written for speed.

    >>> peg_score((5, 10)), peg_score((4, 6, 5)), peg_score((7, 7, 7))
    (2, 5, 6)
    """
    points = _PEG.get(count_ranks)
    if points is not None:
        return points
    last = count_ranks[-1]
    n = len(count_ranks)
    count = sum(rank if rank < 10 else 10 for rank in count_ranks)
    points = 2 if count == 15 or count == 31 else 0
    if n >= 2 and count_ranks[-2] == last:
        same = 2
        while same < n and count_ranks[-same - 1] == last:
            same += 1
        points += same * (same - 1)
    elif n >= 3:
        low = high = last
        held = 1 << last
        run = 0
        for k in range(2, n + 1):
            rank = count_ranks[-k]
            if held >> rank & 1:
                break
            held |= 1 << rank
            if rank < low:
                low = rank
            elif rank > high:
                high = rank
            if k >= 3 and high - low == k - 1:
                run = k
        points += run
    if len(_PEG) > _MEMORY_LIMIT:
        _PEG.clear()
    _PEG[count_ranks] = points
    return points


def _value(rank: int) -> int:
    return rank if rank < 10 else 10


def next_turn(mover: Ranks, other: Ranks, count: int) -> tuple[int, bool]:
    """After a card that left the count at `count` (below 31): the point it earns and who is next.

    Returns (go or last-card point for the player who just played, True when the other
    player moves next / False when the same player moves again). When nobody can play the
    count starts again: the point is 1, and the returned flag says whether the other player
    leads (it does whenever it still holds cards). When no card is left at all the point
    is the last card and the flag is meaningless.

    >>> next_turn((10,), (5,), 20)   # the other can play the five
    (0, True)
    >>> next_turn((1,), (10,), 25)   # go: the same player plays the ace
    (0, False)
    >>> next_turn((10,), (10,), 25)  # nobody can play: a go, the other leads
    (1, True)
    """
    if not mover and not other:
        return 1, True
    if other and _value(other[0]) + count <= 31:
        return 0, True
    if mover and _value(mover[0]) + count <= 31:
        return 0, False
    return 1, bool(other)


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
    key = (mine, theirs, count_ranks, my_turn)
    known = _NET.get(key)
    if known is not None:
        return known
    hand = mine if my_turn else theirs
    room = 31 - count
    best: float = -1000 if my_turn else 1000
    previous = 0
    for i, rank in enumerate(hand):
        if rank == previous:
            continue
        previous = rank
        if (rank if rank < 10 else 10) > room:
            break
        total = _net_after(mine, theirs, count_ranks, count, my_turn, i)
        if my_turn:
            if total > best:
                best = total
        elif total < best:
            best = total
    if len(_NET) > _MEMORY_LIMIT:
        _NET.clear()
    _NET[key] = best
    return best


def move_points(mine: Ranks, theirs: Ranks, count_ranks: Ranks, count: int, rank: int) -> float:
    """What playing `rank` now is worth to me: `net_points` after it, with its own points.

    >>> move_points((5, 10), (5, 10), (), 0, 5), move_points((5, 10), (5, 10), (), 0, 10)
    (-5, -5)
    """
    return _net_after(mine, theirs, count_ranks, count, True, mine.index(rank))


def _net_after(mine: Ranks, theirs: Ranks, count_ranks: Ranks, count: int, my_turn: bool, i: int) -> float:
    """`net_points` once the player to move has played the card at position `i`."""
    hand, other = (mine, theirs) if my_turn else (theirs, mine)
    rank = hand[i]
    rest = hand[:i] + hand[i + 1 :]
    played = count_ranks + (rank,)
    new_count = count + (rank if rank < 10 else 10)
    points: float = _PEG.get(played, -1)
    if points < 0:
        points = peg_score(played)
    mine_after, theirs_after = (rest, other) if my_turn else (other, rest)
    if new_count == 31:
        if not rest and not other:
            return points if my_turn else -points
        leader_is_me = my_turn if not other else not my_turn
        future = net_points(mine_after, theirs_after, (), 0, leader_is_me)
    elif not rest and not other:
        return points + 1 if my_turn else -points - 1  # the last card
    elif other and (other[0] if other[0] < 10 else 10) + new_count <= 31:
        future = net_points(mine_after, theirs_after, played, new_count, not my_turn)
    elif rest and (rest[0] if rest[0] < 10 else 10) + new_count <= 31:
        future = net_points(mine_after, theirs_after, played, new_count, my_turn)
    else:  # a go: the other side leads a new count if it holds cards
        points += 1
        leader_is_me = my_turn if not other else not my_turn
        future = net_points(mine_after, theirs_after, (), 0, leader_is_me)
    return points + future if my_turn else future - points


EndValue: TypeAlias = Callable[[int, int], float]
"""My chance of winning when the play ends with me pegging m and the opponent o more points."""

WinMemory: TypeAlias = dict[tuple[Ranks, Ranks, Ranks, bool, int, int], float]


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
        self, mine: Ranks, theirs: Ranks, count_ranks: Ranks, count: int, my_turn: bool,
        got: int = 0, lost: int = 0,
    ) -> float:
        """The chance from a position, having pegged `got` and conceded `lost` so far."""
        key = (mine, theirs, count_ranks, my_turn, got, lost)
        known = self.memory.get(key)
        if known is not None:
            return known
        hand = mine if my_turn else theirs
        room = 31 - count
        best = -1.0 if my_turn else 2.0
        previous = 0
        for i, rank in enumerate(hand):
            if rank == previous:
                continue
            previous = rank
            if (rank if rank < 10 else 10) > room:
                break
            chance = self._after(mine, theirs, count_ranks, count, my_turn, i, got, lost)
            if my_turn:
                if chance > best:
                    best = chance
            elif chance < best:
                best = chance
        self.memory[key] = best
        return best

    def move_chance(self, mine: Ranks, theirs: Ranks, count_ranks: Ranks, count: int, rank: int) -> float:
        """My chance of winning if I play `rank` now."""
        return self._after(mine, theirs, count_ranks, count, True, mine.index(rank), 0, 0)

    def _after(
        self, mine: Ranks, theirs: Ranks, count_ranks: Ranks, count: int, my_turn: bool,
        i: int, got: int, lost: int,
    ) -> float:
        hand, other = (mine, theirs) if my_turn else (theirs, mine)
        rank = hand[i]
        rest = hand[:i] + hand[i + 1 :]
        played = count_ranks + (rank,)
        points = peg_score(played)
        new_count = count + (rank if rank < 10 else 10)
        mine_after, theirs_after = (rest, other) if my_turn else (other, rest)
        next_count: Ranks = ()
        counted = 0
        if new_count == 31:
            to_move_is_me = my_turn if not other else not my_turn
        else:
            bonus, switch = next_turn(rest, other, new_count)
            points += bonus
            to_move_is_me = my_turn != switch
            if not bonus:
                next_count, counted = played, new_count
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
        return self.chance(mine_after, theirs_after, next_count, counted, to_move_is_me, got, lost)
