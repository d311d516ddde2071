"""Looking ahead in the play: the rest of the play solved for one guess at the opponent's cards.

Pegging depends only on ranks, so a position is the ranks each side still holds, the count,
what of the cards played since the count began can still score, and whose turn it is.
`PegSearch` solves the rest of the play when both hands are known (each side playing its
best for points: mine minus the opponent's, or, given a `Reply`, the opponent playing by
that rule); `WinSearch` does the same for the chance of winning the game, given what the
end of the play is worth; `TableSearch` solves it for three
or four seats, or for the single count of five-card cribbage. All three take the rules of the
play from `cribbage.pegging.next_turn` and the points of each card from `cribbage.scoring`.
The computer averages these over the hands the opponent may hold (see
`cribbage.computer.play`).

Of the cards played since the count began, only a tail can still score with later cards:
the cards of the last card's rank, if it was paired, or else the longest run of different
ranks at the end (an earlier card is cut off from any run by the repeated rank) that are
near enough to make a run together (seven ranks at most, lowest to highest). Positions are
kept with that tail only, so play orders that cannot differ in what follows are solved
once. Each search remembers the positions it has solved (a bounded table of its own).
"""

from __future__ import annotations

import gc
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Final, TypeAlias

from ..cards import COUNTING_VALUES
from ..memo import Table, forget_oldest
from ..pegging import LIMIT, NO_CARD, TURNS, next_turn
from ..scoring import count_points, pair_and_run_points

__all__ = [
    "EXTENDED",
    "PegSearch",
    "Ranks",
    "Reply",
    "TableSearch",
    "WinSearch",
    "collection_paused",
    "follow",
    "move_points",
    "moves",
    "net_points",
    "pegs_at_once",
    "reply_table",
    "scoring_tail",
]

Ranks: TypeAlias = tuple[int, ...]
"""Ranks 1..13 in ascending order (a hand) or in the order played (a count)."""

Reply: TypeAlias = Callable[[Ranks, Ranks, int], int]
"""A fixed way of playing: the position in a hand (ranks, ascending) of the card played on
a count, from the hand, the count's scoring tail and the count (for example
`cribbage.computer.classic.classic_play_index`). Some card of the hand fits."""

_VALUE: Final = COUNTING_VALUES
"""Counting value by rank (a short name for the innermost loops)."""


def scoring_tail(played: Ranks) -> Ranks:
    """The cards of a count that can still score with later cards (see the module notes).

    >>> scoring_tail((9, 4, 6, 4, 5)), scoring_tail((9, 7, 7)), scoring_tail((3, 5, 8))
    ((6, 4, 5), (7, 7), (3, 5, 8))
    >>> scoring_tail((13, 5)), scoring_tail((2, 13, 6, 7))  # a king and a five make no run
    ((5,), (6, 7))
    """
    n = len(played)
    if n >= 2 and played[-1] == played[-2]:
        same = 2
        while same < n and played[-same - 1] == played[-1]:
            same += 1
        return played[-same:]
    if n < 2:
        return played
    held = 0
    low = high = played[-1]
    for k in range(1, n + 1):
        rank = played[-k]
        if held >> rank & 1:
            return played[-k + 1 :]
        if rank < low:
            low = rank
        elif rank > high:
            high = rank
        if high - low > _RUN_SPAN:  # no run can hold both: the earlier cards are done with
            return played[-k + 1 :]
        held |= 1 << rank
    return played


_RUN_SPAN: Final = 6
"""The most ranks between the lowest and highest card of a run in the play: seven cards, ace
to seven, make 28 (eight would make 36). A card of the count further from one played after
it than this can no longer be part of a run, nor pair with a later card."""


def _extended(tail: Ranks, rank: int) -> tuple[Ranks, int]:
    """The scoring tail after `rank` is played on `tail`, and its pair and run points."""
    played = tail + (rank,)
    return scoring_tail(played), pair_and_run_points(played)


EXTENDED: Final[Table[tuple[Ranks, int]]] = Table(_extended, 250_000)
"""The scoring tail after a rank is played on a count, and that card's pair and run points
(`_extended`), by (the count's ranks or its scoring tail, the rank): the searches' loops and
the rules that look a card ahead (`cribbage.computer.classic`) look them up here. Some
200,000 pairs come up in a long session (a tail can be a run of up to seven ranks)."""


def _playable(hand: Ranks, count: int) -> tuple[int, ...]:
    """Positions in `hand` of one card of each rank that can be played on `count`, the
    highest rank first (the order alpha-beta prunes most with)."""
    room = LIMIT - count
    return tuple(
        i
        for i, rank in reversed(tuple(enumerate(hand)))
        if (i == 0 or rank != hand[i - 1]) and _VALUE[rank] <= room
    )


_MOVES: Final[Table[tuple[int, ...]]] = Table(_playable, 100_000)
"""`_playable` by (hand, count): some 25,000 come up."""


def moves(hand: Ranks, count: int) -> tuple[int, ...]:
    """Positions in `hand` of one card of each rank that can be played on `count`."""
    return _MOVES[hand, count]


_NONE: Final = 11
"""The least value of a side with no card left, in `_TURNS`' index (values are 1..10)."""

_Card: TypeAlias = tuple[int, Ranks, int, int]
"""A card of a hand as the searches' loops take it: its rank, the hand without it, its
counting value, and the least value left in the hand times 12 (its part of `_STEPS`' index)."""


def _cards(hand: Ranks) -> tuple[_Card, ...]:
    """Each card of `hand`, by its position, as the searches' loops take it (`_Card`)."""
    cards = []
    for i, rank in enumerate(hand):
        rest = hand[:i] + hand[i + 1 :]
        cards.append((rank, rest, _VALUE[rank], (_VALUE[rest[0]] if rest else _NONE) * 12))
    return tuple(cards)


_CARDS: Final[Table[tuple[_Card, ...]]] = Table(_cards, 25_000)
"""`_cards` by hand: some 2,500 hands of up to four ranks come up."""


def _plays(hand: Ranks, count: int) -> tuple[_Card, ...]:
    """The cards of `moves`, in its order, as the searches' loops take them."""
    cards = _CARDS[(hand,)]
    return tuple(cards[i] for i in _MOVES[hand, count])


_PLAYS: Final[Table[tuple[_Card, ...]]] = Table(_plays, 100_000)
"""`_plays` by (hand, count), as `_MOVES`."""


def _turns() -> tuple[tuple[int, int, bool, int], ...]:
    """`next_turn` for two sides, the side that played as seat 0, as a table indexed by
    count * 144 + its least value * 12 + the other side's (`_NONE` for no card): the search
    asks it at every node, so it is worked out once from the rules."""
    table = []
    for count in range(32):
        for mine in range(12):
            for other in range(12):
                least = tuple(NO_CARD if v == _NONE else v for v in (mine, other))
                table.append(
                    tuple(next_turn(count, 0, least))
                    if 0 not in (mine, other)
                    else (0, 0, False, -1)
                )
    return tuple(table)  # type: ignore[arg-type]


_TURNS: Final = _turns()
_COUNT_POINTS: Final = tuple(count_points(count) for count in range(32))
_STEPS: Final = tuple(
    (new_count, _COUNT_POINTS[index // 144] + bonus, reset, to_move)
    for index, (new_count, bonus, reset, to_move) in enumerate(_TURNS)
)
"""`_TURNS` with the points of the count the card made (fifteen, thirty-one) added to the go
or last card's: the points a card pegs are its pair and run points and these."""
_LAST: Final = tuple(_STEPS[count * 144 + _NONE * 13][1] for count in range(32))
"""`_STEPS`' points for the last card of the play, by the count it makes."""


def follow(
    hand: Ranks, other: Ranks, tail: Ranks, count: int, i: int
) -> tuple[Ranks, Ranks, int, int, int]:
    """The side to move plays the card at position `i` of `hand`: its hand then, the tail,
    the count, its points (the card's, with a go or the last card) and who plays next (0 the
    same side, 1 the other, -1 nobody: the play is over)."""
    rank = hand[i]
    rest = hand[:i] + hand[i + 1 :]
    count += _VALUE[rank]
    tail, points = EXTENDED[tail, rank]
    new_count, bonus, reset, to_move = _TURNS[
        count * 144
        + (_VALUE[rest[0]] if rest else _NONE) * 12
        + (_VALUE[other[0]] if other else _NONE)
    ]
    return rest, () if reset else tail, new_count, points + _COUNT_POINTS[count] + bonus, to_move


def _duel(first: int, second: int, tail: Ranks, count: int) -> int:
    """The rest of the play when each side holds one card, `first` to be played now (it
    fits the count) and `second` the last of the play: the points of the side playing
    `first` minus the other's (what `PegSearch._net` finds there, without a search)."""
    new_count, points, reset, _ = _STEPS[
        (count + _VALUE[first]) * 144 + _NONE * 12 + _VALUE[second]
    ]
    tail_after, pegged = EXTENDED[tail, first]
    return (
        points
        + pegged
        - EXTENDED[() if reset else tail_after, second][1]
        - _LAST[new_count + _VALUE[second]]
    )


@contextmanager
def collection_paused() -> Iterator[None]:
    """Python's collector of reference cycles kept out of the computer's decisions.

    A search makes and drops millions of small tuples and keeps hundreds of thousands in its
    memory of positions; none of them can form a cycle, so reference counting frees them all,
    but the collector, counting allocations, would stop the search again and again to walk
    the whole memory: a tenth of a second at a time, most of the slowest plays' time
    (`benchmarks/bench_computer.py`). So it is paused while the computer decides, and when it
    is enabled again, what is alive then is frozen (`gc.freeze`): the collector's next rounds
    walk only what is made afterwards, not the positions just remembered, which would cost
    the next decision 20 to 90 ms. Frozen objects are freed by reference counting as ever;
    what the collector no longer does is find a reference cycle among them that is dropped
    later. The computer makes none (a test checks every game); a program that drops many
    cycles of its own can call `gc.unfreeze()` and `gc.collect()` when a pause does not
    matter."""
    if not gc.isenabled():
        yield
        return
    gc.disable()
    try:
        yield
    finally:
        gc.freeze()
        gc.enable()


_INFINITY: Final = 1000.0


def _window(
    known: tuple[float, float], alpha: float, beta: float
) -> tuple[float | None, float, float]:
    """A remembered position's bounds (lowest and highest value it may have) against the
    search window: the value when they settle the position, else None and the window
    narrowed by them."""
    lower, upper = known
    if lower >= beta or lower == upper:
        return lower, alpha, beta
    if upper <= alpha:
        return upper, alpha, beta
    return None, max(alpha, lower), min(beta, upper)


_REPLIES: Final[dict[Reply, Table[int]]] = {}


def reply_table(reply: Reply) -> Table[int]:
    """The card `reply` plays, by (hand, tail, count): one table for every search that asks
    the same rule (a search near the end of a game is made for one decision only, and its
    positions come again in the next).

    >>> highest = lambda hand, tail, count: len(hand) - 1
    >>> reply_table(highest)[(2, 9), (), 0], reply_table(highest) is reply_table(highest)
    (1, True)
    """
    table = _REPLIES.get(reply)
    if table is None:
        if len(_REPLIES) >= 8:  # the computer asks one rule; a caller trying many forgets
            _REPLIES.clear()
        table = _REPLIES[reply] = Table(reply, 250_000)
    return table


_CHOICES: Final[dict[Reply, Table[tuple[_Card, ...]]]] = {}


def _choices_table(reply: Reply) -> Table[tuple[_Card, ...]]:
    """`reply_table`'s card, by (hand, tail, count), as the only move of the searches' loops."""
    table = _CHOICES.get(reply)
    if table is None:
        if len(_CHOICES) >= 8:
            _CHOICES.clear()
        replies = reply_table(reply)
        table = _CHOICES[reply] = Table(
            lambda hand, tail, count: (_CARDS[(hand,)][replies[hand, tail, count]],), 250_000
        )
    return table


def pegs_at_once(tail: Ranks, count: int, rank: int) -> int:
    """What `rank` pegs at once, played on `count` whose scoring tail is `tail`: a fifteen or
    31, a pair or a run (a go or the last card comes after).

    >>> pegs_at_once((5,), 5, 5), pegs_at_once((3, 4), 7, 5), pegs_at_once((), 0, 13)
    (2, 3, 0)
    """
    return _COUNT_POINTS[count + _VALUE[rank]] + EXTENDED[tail, rank][1]


def _taking(hand: Ranks, tail: Ranks, count: int) -> tuple[_Card, ...]:
    """The moves of `hand` on `count` (scoring tail `tail`) of a player who takes the most
    points it can at once: the cards that peg the most, when any pegs, else every card."""
    plays = _PLAYS[hand, count]
    pegs = [pegs_at_once(tail, count, rank) for rank, _, _, _ in plays]
    most = max(pegs)
    if most == 0:
        return plays
    return tuple(play for play, pegged in zip(plays, pegs, strict=True) if pegged == most)


_TAKING: Final[Table[tuple[_Card, ...]]] = Table(_taking, 250_000)
"""`_taking` by (hand, tail, count)."""


class _Search:
    """What the searches share: the positions they have solved, remembered up to `limit` of
    them (then the oldest forgotten, a 64th at a time), each with the lowest and highest
    value it may have (the same when it is known);
    and, given a `reply` rule, the card the opponent plays by it in each position (the only
    move searched there; `reply_table`), or, with `takes`, the cards that peg the most at
    once wherever one pegs (`_taking`: an opponent who takes its points, and plays its best
    only where there are none to take).

    Each search writes its own loop over the moves of a position: the loop is the innermost
    code of the computer's play, and one loop shared by them, at one more call for every move
    searched, took a fifth to a quarter more time (`benchmarks/bench_search.py`: WinSearch
    65 ms against 83 to 96, TableSearch 850 to 915 ms against 1,070 to 1,110)."""

    def __init__(self, limit: int, reply: Reply | None = None, takes: bool = False) -> None:
        self.limit = limit
        self.memory: dict[tuple[object, ...], tuple[float, float]] = {}
        self.reply = reply
        self.takes = takes
        self.replies = _choices_table(reply) if reply is not None else _TAKING if takes else None

    def _recall(
        self, key: tuple[object, ...], alpha: float, beta: float
    ) -> tuple[float | None, float, float]:
        """A remembered result for `key` against the search window: the value when it
        settles the position, else None and the window narrowed by what is known."""
        known = self.memory.get(key)
        if known is None:
            return None, alpha, beta
        return _window(known, alpha, beta)

    def _remember(self, key: tuple[object, ...], best: float, low: float, high: float) -> None:
        """Keep the value found for `key` in the window (`low`, `high`): a bound on its
        value when it fell outside, beside the bound known before, else the value."""
        memory = self.memory
        lower, upper = memory.get(key, (-_INFINITY, _INFINITY))
        if len(memory) > self.limit:
            forget_oldest(memory)
        if best <= low:
            memory[key] = (lower, best)
        elif best >= high:
            memory[key] = (best, upper)
        else:
            memory[key] = (best, best)


class PegSearch(_Search):
    """My pegging points minus the opponent's from a position to the end of the play, both
    playing their best, by alpha-beta search; or, given `reply`, the opponent playing by
    that rule and I my best against it.

    Positions solved are remembered (up to `limit` of them, then the oldest forgotten), so
    one search serves every guess at the opponent's hand in a decision.

    >>> PegSearch().net((5,), (10,), (), 0, False)  # they lead the ten; fifteen two and last card
    3
    >>> PegSearch().net((5, 10), (5, 10), (), 0, True)  # whatever I lead, they pair it
    -5
    >>> highest = PegSearch(reply=lambda hand, tail, count: len(hand) - 1)  # its highest card
    >>> highest.move((5, 10), (5, 10), (), 0, 5)  # ten on my five: then I pair, they go last
    -1
    """

    def __init__(
        self, limit: int = 250_000, reply: Reply | None = None, takes: bool = False
    ) -> None:
        super().__init__(limit, reply, takes)

    def net(
        self, mine: Ranks, theirs: Ranks, count_ranks: Ranks, count: int, my_turn: bool
    ) -> float:
        """`mine` and `theirs` are the ranks each side still holds (ascending); `count_ranks`
        the ranks played since the count began, totalling `count`. The side to move must hold
        a playable card."""
        return self._net(
            mine, theirs, scoring_tail(count_ranks), count, my_turn, -_INFINITY, _INFINITY
        )

    def net_at(self, mine: Ranks, theirs: Ranks, tail: Ranks, count: int, my_turn: bool) -> float:
        """`net` from a position whose count is given by its scoring tail."""
        return self._net(mine, theirs, tail, count, my_turn, -_INFINITY, _INFINITY)

    def move_at(self, mine: Ranks, theirs: Ranks, tail: Ranks, count: int, i: int) -> float:
        """`move` for the card at position `i` of `mine`, the count given by its tail."""
        return self._move(mine, theirs, tail, count, _CARDS[(mine,)][i])

    def move(self, mine: Ranks, theirs: Ranks, count_ranks: Ranks, count: int, rank: int) -> float:
        """What playing `rank` now is worth to me: `net` after it, with its own points."""
        card = _CARDS[(mine,)][mine.index(rank)]
        return self._move(mine, theirs, scoring_tail(count_ranks), count, card)

    def _move(self, mine: Ranks, theirs: Ranks, tail: Ranks, count: int, card: _Card) -> float:
        """`net` after I play `card` (one of `mine`'s `_CARDS`), with its own points: a
        result not remembered."""
        rank, rest, value, rest_least = card
        total = count + value
        new_count, points, reset, to_move = _STEPS[
            total * 144 + rest_least + (_VALUE[theirs[0]] if theirs else _NONE)
        ]
        tail_after, pegged = EXTENDED[tail, rank]
        points += pegged
        if to_move < 0:
            return points
        return points + self._net(
            rest,
            theirs,
            () if reset else tail_after,
            new_count,
            to_move == 0,
            -_INFINITY - points,
            _INFINITY - points,
        )

    def _net(
        self,
        mine: Ranks,
        theirs: Ranks,
        tail: Ranks,
        count: int,
        my_turn: bool,
        alpha: float,
        beta: float,
    ) -> float:
        """`net` by alpha-beta search: exact when strictly between `alpha` and `beta`,
        otherwise a bound on the far side of the window.

        `_Search`'s recall and remember and `follow` are written out here, a loop for each
        side, the cards taken from tables (`_PLAYS`, `_STEPS`), and the tens tried first:
        this is the loop the two-handed play spends nearly all its time in, and the calls
        and sums saved are a good part of that time."""
        memory = self.memory
        key = (mine, theirs, tail, count, my_turn)
        known = memory.get(key)
        if known is not None:
            lower, upper = known
            if lower >= beta:
                return lower
            if upper <= alpha:
                return upper
            if lower == upper:
                return lower
            if lower > alpha:
                alpha = lower
            if upper < beta:
                beta = upper
        else:
            lower, upper = -_INFINITY, _INFINITY
        low: float = alpha
        high: float = beta
        worth: float
        if my_turn:
            best = -_INFINITY
            other_least = _VALUE[theirs[0]] if theirs else _NONE
            last = theirs[0] if len(theirs) == 1 else 0  # their one card, if one is left
            alone = not theirs
            for rank, rest, value, rest_least in _PLAYS[mine, count]:
                total = count + value
                new_count, points, reset, to_move = _STEPS[total * 144 + rest_least + other_least]
                tail_after, pegged = EXTENDED[tail, rank]
                worth = points + pegged
                if to_move >= 0:  # the same side plays on (0) or the other side plays (1)
                    if reset:
                        tail_after = ()
                    if last and not rest:  # their card is the last of the play
                        worth -= EXTENDED[tail_after, last][1] + _LAST[new_count + _VALUE[last]]
                    elif alone and len(rest) == 1:  # so is my next
                        rank = rest[0]
                        worth += EXTENDED[tail_after, rank][1] + _LAST[new_count + _VALUE[rank]]
                    elif last and len(rest) == 1:  # a card each: the play is known (`_duel`)
                        if to_move == 0:
                            worth += _duel(rest[0], last, tail_after, new_count)
                        else:
                            worth -= _duel(last, rest[0], tail_after, new_count)
                    else:
                        worth += self._net(
                            rest,
                            theirs,
                            tail_after,
                            new_count,
                            to_move == 0,
                            alpha - worth,
                            beta - worth,
                        )
                if worth > best:
                    best = worth
                    if best > alpha:
                        alpha = best
                        if alpha >= beta:
                            break
        else:
            best = _INFINITY
            other_least = _VALUE[mine[0]] if mine else _NONE
            last = mine[0] if len(mine) == 1 else 0
            alone = not mine
            replies = self.replies
            choices = _PLAYS[theirs, count] if replies is None else replies[theirs, tail, count]
            for rank, rest, value, rest_least in choices:
                total = count + value
                new_count, points, reset, to_move = _STEPS[total * 144 + rest_least + other_least]
                tail_after, pegged = EXTENDED[tail, rank]
                worth = -(points + pegged)
                if to_move >= 0:
                    if reset:
                        tail_after = ()
                    if last and not rest:
                        worth += EXTENDED[tail_after, last][1] + _LAST[new_count + _VALUE[last]]
                    elif alone and len(rest) == 1:
                        rank = rest[0]
                        worth -= EXTENDED[tail_after, rank][1] + _LAST[new_count + _VALUE[rank]]
                    elif last and len(rest) == 1:
                        if to_move == 0:
                            worth -= _duel(rest[0], last, tail_after, new_count)
                        else:
                            worth += _duel(last, rest[0], tail_after, new_count)
                    else:
                        worth += self._net(
                            mine,
                            rest,
                            tail_after,
                            new_count,
                            to_move != 0,
                            alpha - worth,
                            beta - worth,
                        )
                if worth < best:
                    best = worth
                    if best < beta:
                        beta = best
                        if alpha >= beta:
                            break
        if len(memory) > self.limit:
            forget_oldest(memory)
        if best <= low:
            memory[key] = (lower, best)
        elif best >= high:
            memory[key] = (best, upper)
        else:
            memory[key] = (best, best)
        return best


def net_points(mine: Ranks, theirs: Ranks, count_ranks: Ranks, count: int, my_turn: bool) -> float:
    """`PegSearch.net` with a search of its own.

    >>> net_points((5,), (10,), (), 0, False)
    3
    """
    return PegSearch().net(mine, theirs, count_ranks, count, my_turn)


def move_points(mine: Ranks, theirs: Ranks, count_ranks: Ranks, count: int, rank: int) -> float:
    """`PegSearch.move` with a search of its own.

    >>> move_points((5, 10), (5, 10), (), 0, 5), move_points((5, 10), (5, 10), (), 0, 10)
    (-5, -5)
    """
    return PegSearch().move(mine, theirs, count_ranks, count, rank)


EndValue: TypeAlias = Callable[[int, int], float]
"""My chance of winning when the play ends with me pegging m and the opponent o more points."""


class WinSearch(_Search):
    """My chance of winning the game, both sides playing the rest of the play to win.

    `my_need` and `their_need` are the points each side still needs (positive); a side that
    pegs them wins at once. `at_end(m, o)` values the end of the play after pegging m and o
    more points (the show and the deals after it). Given `reply`, the opponent plays by that
    rule instead. Solutions are remembered per search.

    >>> WinSearch(2, 50, lambda m, o: 0.5).chance((5,), (10,), (), 0, False)
    1.0
    """

    def __init__(
        self,
        my_need: int,
        their_need: int,
        at_end: EndValue,
        limit: int = 250_000,
        reply: Reply | None = None,
        takes: bool = False,
    ) -> None:
        super().__init__(limit, reply, takes)
        self.my_need = my_need
        self.their_need = their_need
        self.at_end = at_end

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
        return self.move_chance_at(mine, theirs, scoring_tail(count_ranks), count, mine.index(rank))

    def move_chance_at(self, mine: Ranks, theirs: Ranks, tail: Ranks, count: int, i: int) -> float:
        """`move_chance` for the card at position `i` of `mine`, the count given by its tail."""
        rank, rest, value, rest_least = _CARDS[(mine,)][i]
        total = count + value
        new_count, points, reset, to_move = _STEPS[
            total * 144 + rest_least + (_VALUE[theirs[0]] if theirs else _NONE)
        ]
        tail_after, pegged = EXTENDED[tail, rank]
        got = points + pegged
        if got >= self.my_need:
            return 1.0
        if self.their_need <= 0:
            return 0.0
        if to_move < 0:
            return self.at_end(got, 0)
        return self._chance(
            rest, theirs, () if reset else tail_after, new_count, to_move == 0, got, 0, -1.0, 2.0
        )

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
        """By alpha-beta search, as `_net` does for points, and written out as it is."""
        memory = self.memory
        key = (mine, theirs, tail, count, my_turn, got, lost)
        known = memory.get(key)
        if known is not None:
            lower, upper = known
            if lower >= beta:
                return lower
            if upper <= alpha:
                return upper
            if lower == upper:
                return lower
            if lower > alpha:
                alpha = lower
            if upper < beta:
                beta = upper
        else:
            lower, upper = -1.0, 2.0
        low: float = alpha
        high: float = beta
        my_need, their_need = self.my_need, self.their_need
        if my_turn:
            best = -1.0
            other_least = _VALUE[theirs[0]] if theirs else _NONE
            last = theirs[0] if len(theirs) == 1 else 0  # their one card, if one is left
            alone = not theirs
            for rank, rest, value, rest_least in _PLAYS[mine, count]:
                total = count + value
                new_count, points, reset, to_move = _STEPS[total * 144 + rest_least + other_least]
                tail_after, pegged = EXTENDED[tail, rank]
                now = got + points + pegged
                if now >= my_need:
                    chance = 1.0
                elif lost >= their_need:
                    chance = 0.0
                elif to_move < 0:
                    chance = self.at_end(now, lost)
                else:
                    if reset:
                        tail_after = ()
                    if last and not rest:  # their card is the last of the play
                        then = (
                            lost + EXTENDED[tail_after, last][1] + _LAST[new_count + _VALUE[last]]
                        )
                        chance = 0.0 if then >= their_need else self.at_end(now, then)
                    elif alone and len(rest) == 1:  # so is my next
                        rank = rest[0]
                        then = now + EXTENDED[tail_after, rank][1] + _LAST[new_count + _VALUE[rank]]
                        chance = 1.0 if then >= my_need else self.at_end(then, lost)
                    elif last and len(rest) == 1:  # a card each: the play is known
                        if to_move == 0:
                            chance = self._duel(
                                rest[0], last, tail_after, new_count, True, now, lost
                            )
                        else:
                            chance = self._duel(
                                last, rest[0], tail_after, new_count, False, now, lost
                            )
                    else:
                        chance = self._chance(
                            rest,
                            theirs,
                            tail_after,
                            new_count,
                            to_move == 0,
                            now,
                            lost,
                            alpha,
                            beta,
                        )
                if chance > best:
                    best = chance
                    if best > alpha:
                        alpha = best
                if alpha >= beta:
                    break
        else:
            best = 2.0
            other_least = _VALUE[mine[0]] if mine else _NONE
            last = mine[0] if len(mine) == 1 else 0
            alone = not mine
            replies = self.replies
            choices = _PLAYS[theirs, count] if replies is None else replies[theirs, tail, count]
            for rank, rest, value, rest_least in choices:
                total = count + value
                new_count, points, reset, to_move = _STEPS[total * 144 + rest_least + other_least]
                tail_after, pegged = EXTENDED[tail, rank]
                now = lost + points + pegged
                if got >= my_need:
                    chance = 1.0
                elif now >= their_need:
                    chance = 0.0
                elif to_move < 0:
                    chance = self.at_end(got, now)
                else:
                    if reset:
                        tail_after = ()
                    if last and not rest:
                        then = got + EXTENDED[tail_after, last][1] + _LAST[new_count + _VALUE[last]]
                        chance = 1.0 if then >= my_need else self.at_end(then, now)
                    elif alone and len(rest) == 1:
                        rank = rest[0]
                        then = now + EXTENDED[tail_after, rank][1] + _LAST[new_count + _VALUE[rank]]
                        chance = 0.0 if then >= their_need else self.at_end(got, then)
                    elif last and len(rest) == 1:
                        if to_move == 0:
                            chance = self._duel(
                                rest[0], last, tail_after, new_count, False, got, now
                            )
                        else:
                            chance = self._duel(
                                last, rest[0], tail_after, new_count, True, got, now
                            )
                    else:
                        chance = self._chance(
                            mine,
                            rest,
                            tail_after,
                            new_count,
                            to_move != 0,
                            got,
                            now,
                            alpha,
                            beta,
                        )
                if chance < best:
                    best = chance
                    if best < beta:
                        beta = best
                if alpha >= beta:
                    break
        if len(memory) > self.limit:
            forget_oldest(memory)
        if best <= low:
            memory[key] = (lower, best)
        elif best >= high:
            memory[key] = (best, upper)
        else:
            memory[key] = (best, best)
        return best

    def _duel(
        self, first: int, second: int, tail: Ranks, count: int, mine: bool, got: int, lost: int
    ) -> float:
        """`_chance` where each side holds one card, `first` to be played now (by me when
        `mine`; it fits the count) and `second` the last of the play: the play is known, so
        it is worked out without a search (or a memory of it)."""
        new_count, points, reset, _ = _STEPS[
            (count + _VALUE[first]) * 144 + _NONE * 12 + _VALUE[second]
        ]
        tail_after, pegged = EXTENDED[tail, first]
        last = EXTENDED[() if reset else tail_after, second][1] + _LAST[new_count + _VALUE[second]]
        if mine:
            now = got + points + pegged
            if now >= self.my_need:
                return 1.0
            if lost >= self.their_need:
                return 0.0
            then = lost + last
            return 0.0 if then >= self.their_need else self.at_end(now, then)
        now = lost + points + pegged
        if got >= self.my_need:
            return 1.0
        if now >= self.their_need:
            return 0.0
        then = got + last
        return 1.0 if then >= self.my_need else self.at_end(then, now)


class TableSearch(_Search):
    """Points to the end of the play with any number of seats, every hand known: each point
    weighed by `weights[seat]` of the seat that pegs it (positive for the searching seat's
    side, negative for the others), the seats of positive weight playing to raise the total
    and the others to lower it (as if the others played together against the searching side:
    exact for partners, a cautious guess with three or four players each for themselves).

    `single_count` is five-card cribbage's play: it ends at thirty-one or the first go.
    `to_count_end` stops the search when the count starts again (the go or thirty-one
    scored), as a quicker guess early in a play of many cards. Positions solved are
    remembered, up to `limit` of them, as `PegSearch` does.

    >>> TableSearch((1.0, -0.5, -0.5)).move(((5,), (10,), (13,)), (), 0, 0, 5)  # 5, 10, K: 15 and last card
    -1.5
    """

    def __init__(
        self,
        weights: tuple[float, ...],
        *,
        single_count: bool = False,
        to_count_end: bool = False,
        limit: int = 250_000,
    ) -> None:
        super().__init__(limit)
        self.weights = weights
        self.single_count = single_count
        self.to_count_end = to_count_end

    def move(
        self, hands: tuple[Ranks, ...], count_ranks: Ranks, count: int, seat: int, rank: int
    ) -> float:
        """What `seat` playing `rank` now is worth: the points to the end of the play, this
        card's included. `hands` holds each seat's ranks (ascending); `count_ranks` the
        ranks played since the count began, totalling `count`."""
        tail = scoring_tail(count_ranks)
        i = hands[seat].index(rank)
        least = tuple(_VALUE[held[0]] if held else NO_CARD for held in hands)
        return self._after(hands, least, tail, count, seat, i, -_INFINITY, _INFINITY)

    def _value(
        self,
        hands: tuple[Ranks, ...],
        least: tuple[int, ...],
        tail: Ranks,
        count: int,
        seat: int,
        alpha: float,
        beta: float,
    ) -> float:
        """The position's value by alpha-beta search, as `PegSearch._net` (`least` holds each
        seat's smallest counting value, or `NO_CARD`)."""
        key = (hands, tail, count, seat)
        value, alpha, beta = self._recall(key, alpha, beta)
        if value is not None:
            return value
        low, high = alpha, beta
        raising = self.weights[seat] > 0
        best = -_INFINITY if raising else _INFINITY
        for i in _MOVES[hands[seat], count]:
            value = self._after(hands, least, tail, count, seat, i, alpha, beta)
            if raising:
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
        self._remember(key, best, low, high)
        return best

    def _after(
        self,
        hands: tuple[Ranks, ...],
        least: tuple[int, ...],
        tail: Ranks,
        count: int,
        seat: int,
        i: int,
        alpha: float,
        beta: float,
    ) -> float:
        """`_value` once `seat` has played the card at position `i` of its hand."""
        hand = hands[seat]
        rank = hand[i]
        rest = hand[:i] + hand[i + 1 :]
        after = hands[:seat] + (rest,) + hands[seat + 1 :]
        if i == 0:
            least = least[:seat] + (_VALUE[rest[0]] if rest else NO_CARD,) + least[seat + 1 :]
        count += _VALUE[rank]
        tail, points = EXTENDED[tail, rank]
        new_count, bonus, reset, to_move = TURNS[count, seat, least, self.single_count]
        gain = self.weights[seat] * (points + _COUNT_POINTS[count] + bonus)
        if to_move < 0 or (reset and self.to_count_end):
            return gain
        return gain + self._value(
            after,
            least,
            () if reset else tail,
            new_count,
            to_move,
            alpha - gain,
            beta - gain,
        )
