"""The expert's play: every legal card valued by searching the rest of the play.

The opponent's cards are unknown, but not entirely: it cannot hold a card the computer has
seen (its own, its discards, the starter, every card played); when it said go at a count,
every card it still holds is too big for that count; and it kept its cards on purpose
(`Settings.prior`: hands it would often keep weigh more; `Settings.leads`: as dealer, so do
the hands a pone would often lead its first card from). Pegging depends
only on ranks, so the computer lists the rank combinations the opponent may hold, weighs
each by how many card combinations stand for it and by those clues, and solves the rest of
the play for each (`cribbage.computer.search`): all of them when they are few, a weighted
sample when many (`sample_holdings`).
Each legal card's value is the weighted average: pegging points for minus against, or,
near the end of the game, the chance of winning.

The search expects the opponent's best reply to every card. With `Settings.read`, the
computer also reckons how likely the opponent is to play by the classic level's rule, from
every card it has played in the game (`cribbage.computer.reading`), and values each card by
the mixture, in that proportion, of the best replies and the rule's replies (searched over
the holdings weighed, too, by how well the rule explains its plays this deal); with
`Settings.styles`, of the likeliest of several rules. With `Settings.lead_styles`, the lead
clue is read in the shares learned of this opponent's earlier leads (`learned_lead_weights`).
"""

from __future__ import annotations

import math
import random
from bisect import bisect_right
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import cache, lru_cache
from itertools import accumulate
from math import comb
from typing import Final, Literal, TypeAlias

from ..cards import COUNTING_VALUES, DECK, Card
from ..pegging import LIMIT, fits, next_seat, playable
from ..scoring import hand_points
from ..view import PlayerView
from .classic import classic_lead, classic_play_index
from .endgame import crib_chances, end_of_play_value, is_aware, rank_show
from .reading import (
    LEAD_STYLES,
    RULES,
    SURE,
    Turn,
    lead_likelihood,
    lead_mix,
    may_matter,
    opponent_turns,
    pass_up_rate,
    passed_up,
    rule_share,
    rule_shares,
    rules_likelihoods,
)
from .search import (
    PegSearch,
    Ranks,
    Reply,
    WinSearch,
    collection_paused,
    follow,
    moves,
    scoring_tail,
)
from .settings import EXPERT, Settings
from .sums import UNIFORM
from .tables import (
    RANK_LETTERS,
    Distribution,
    Role,
    keep_weights,
    ranks_text,
    read_table,
    throw_weights,
)

__all__ = [
    "LEAD_MIX",
    "Holding",
    "PlayContext",
    "PlayEvaluation",
    "PlayOption",
    "Who",
    "best_play",
    "blind_points",
    "choice_settled",
    "evaluate_play",
    "lead_weights",
    "learned_lead_weights",
    "least_value_held",
    "least_values",
    "opponent_holdings",
    "play_options",
    "sample_holdings",
]

Who: TypeAlias = Literal["me", "opponent"]
Holding: TypeAlias = tuple[Ranks, float]
"""Ranks the opponent may hold (ascending) and the weight of that guess."""


@dataclass(frozen=True, slots=True)
class PlayOption:
    """A legal card with what the computer expects from playing it.

    Attributes:
        card: the card.
        points: expected pegging for the rest of the play, own points minus the
            opponent's, this card's included.
        win: the chance of winning the game, when the score made it matter (else None).
    """

    card: Card
    points: float
    win: float | None = None


def least_values(
    history: Sequence[tuple[int, Card]], players: int, to_move: int, new_count: bool
) -> tuple[int, ...]:
    """For each seat, the smallest counting value it can still hold, from the play so far.

    `history` is every card played this deal, in order, with its seat; `to_move` the seat to
    play now and `new_count` whether the count has started again since the last card. When
    the turn passed over a seat at some count (the next card came from further round the
    table), or the count started again without reaching 31 (nobody could play), every card
    those seats still hold is worth more than 31 minus that count.

    >>> from cribbage.cards import parse_cards
    >>> k, q, five = parse_cards(["kc", "qd", "5h"])
    >>> least_values([(0, k), (1, q), (0, five)], 3, 1, False)  # seat 2 could not play on 20
    (1, 1, 12)
    >>> least_values([(0, k), (1, q), (0, five)], 3, 1, True)  # nobody could play on 25
    (7, 7, 12)
    """
    least = [1] * players
    count = 0
    previous: int | None = None
    moves: list[tuple[int, Card | None]] = [*history, (to_move, None)]
    for seat, card in moves:
        if previous is not None and count < LIMIT:
            again = not fits(count, card.value) if card is not None else new_count
            if again:
                passed = list(range(players))  # nobody could play
            elif seat == previous:
                passed = [s for s in range(players) if s != seat]
            else:
                passed = []
                between = next_seat(previous, players)
                while between != seat:
                    passed.append(between)
                    between = next_seat(between, players)
            for s in passed:
                least[s] = max(least[s], LIMIT + 1 - count)
        if card is None:
            break
        if count == LIMIT or not fits(count, card.value):
            count = 0
        count += card.value
        previous = seat
    return tuple(least)


def least_value_held(history: Sequence[tuple[Who, Card]], sequence: Sequence[Card]) -> int:
    """The smallest counting value the opponent can still hold, from its go's, on my turn
    (`least_values` for two seats).

    >>> from cribbage.cards import parse_cards
    >>> k, q, three, four, ace = parse_cards(["kc", "qd", "3h", "4s", "ad"])
    >>> played = [("opponent", k), ("me", q), ("opponent", three), ("me", four), ("me", ace)]
    >>> least_value_held(played, [k, q, three, four, ace])  # no go at 27: only fives and up
    5
    >>> least_value_held(played[:3], [k, q, three])
    1
    """
    seats = [(0 if who == "me" else 1, card) for who, card in history]
    return least_values(seats, 2, 0, bool(history) and not sequence)[1]


LEAD_MIX: Final = (0.4, 0.4, 0.2)
"""How the opponent's first lead is read (`lead_weights`): as the expert would lead it, as
the classic level would, or as any card of the hand, in these shares. Players do not all
lead alike; a model of one alone misreads the others (the expert's alone, two parts in three,
won 59.0% against the classic level where the expert without leads wins 60.8%)."""


@cache
def lead_weights(rank: int) -> dict[tuple[int, ...], float]:
    """`keep_weights("pone")` with each four kept ranks weighed too by how likely a pone is
    to lead `rank` from them (`LEAD_MIX`): the share of deals the expert led it in
    (`leads.json`), whether the classic level leads it (`classic_lead`), and that rank's
    share of the four.

    >>> weights = lead_weights(5)
    >>> weights[(5, 5, 10, 10)] < keep_weights("pone")[(5, 5, 10, 10)]  # few lead a five
    True
    """
    data = read_table("leads.json")
    contexts = int(data["contexts"])
    expert_share, classic_share, any_share = LEAD_MIX
    letter = RANK_LETTERS[rank - 1]
    weights = {}
    for kept, weight in keep_weights("pone").items():
        if rank not in kept:
            continue
        expert = int(data["leads"][ranks_text(kept)].get(letter, 0)) / contexts
        classic = 1.0 if classic_lead(kept) == rank else 0.0
        share = kept.count(rank) / 4
        weights[kept] = weight * (
            expert_share * expert + classic_share * classic + any_share * share
        )
    return weights


@lru_cache(maxsize=256)
def learned_lead_weights(rank: int, mix: tuple[float, ...]) -> dict[tuple[int, ...], float]:
    """`lead_weights` with the lead read in the shares `mix` learned of this opponent
    (`Settings.lead_styles`; `cribbage.computer.reading.lead_mix`: a share for each of
    `LEAD_STYLES`) instead of `LEAD_MIX`.

    >>> from cribbage.computer.reading import LEAD_STYLES
    >>> highest = tuple(float(style == "highest") for style in LEAD_STYLES)
    >>> weights, keeps = learned_lead_weights(5, highest), keep_weights("pone")
    >>> [round(weights[kept] / keeps[kept], 4) for kept in [(2, 3, 4, 5), (5, 5, 10, 10)]]
    [0.9775, 0.015]
    """
    active = [k for k, share in enumerate(mix) if share > 0]
    if len(mix) != len(LEAD_STYLES):
        raise ValueError("One share for each lead style.")
    weights = {}
    for kept, weight, chances in _lead_chances(rank):
        total: float = 0  # as `sum` starts
        for k in active:
            total += mix[k] * chances[k]
        weights[kept] = weight * total
    return weights


@cache
def _lead_chances(rank: int) -> tuple[tuple[tuple[int, ...], float, tuple[float, ...]], ...]:
    """The four kept ranks of `keep_weights("pone")` that hold `rank`, in its order, each
    with its weight and how likely each of `LEAD_STYLES` leads `rank` from them."""
    return tuple(
        (kept, weight, tuple(lead_likelihood(style, kept, rank) for style in LEAD_STYLES))
        for kept, weight in keep_weights("pone").items()
        if rank in kept
    )


def opponent_holdings(
    pool: Sequence[int],
    size: int,
    least_value: int,
    played: Ranks,
    keeps: dict[tuple[int, ...], float] | None,
) -> list[Holding]:
    """Every rank combination of `size` cards the opponent may hold, with its weight.

    `pool[r]` is how many cards of rank r (1..13) the computer has not seen; `least_value`
    the smallest counting value the opponent can hold; `played` the ranks it has played
    this deal; `keeps` (optional) the relative likelihood of its four kept ranks.

    >>> [h for h, w in opponent_holdings([0] + [4] * 13, 1, 10, (), None)]
    [(10,), (11,), (12,), (13,)]
    """
    ranks = [r for r in range(1, 14) if pool[r] and COUNTING_VALUES[r] >= least_value]
    held: list[Holding] = []
    if size == 0:
        weight = 1.0
        if keeps is not None:
            weight *= keeps.get(tuple(sorted(played)), 0.0)
        if weight > 0:
            held.append(((), weight))
        return held
    # for each rank: its groups of n cards (n ascending), with the ways to choose them
    groups = [
        [(n, (r,) * n, _COMB[pool[r]][n]) for n in range(1, min(pool[r], size) + 1)] for r in ranks
    ]
    singles = [((r,), _COMB[pool[r]][1]) for r in ranks]
    get = None if keeps is None else keeps.get
    _extend_holdings(held, groups, singles, get, played, size, 0, (), 1.0)
    return held


_COMB: Final = tuple(tuple(comb(available, n) for n in range(5)) for available in range(5))
"""`comb(available, n)` for up to four cards of a rank."""


def _extend_holdings(
    held: list[Holding],
    groups: Sequence[Sequence[tuple[int, Ranks, int]]],
    singles: Sequence[tuple[Ranks, int]],
    get: Callable[[Ranks, float], float] | None,
    played: Ranks,
    left: int,
    start: int,
    combo: Ranks,
    weight: float,
) -> None:
    """`opponent_holdings`' enumeration: `left` more cards from the ranks of `groups[start:]`
    after `combo` (`get` the keeps' weights, if any). Holdings come in the order of a search
    that takes each rank in turn, one card of it, then two, ...: the last card, for most
    of them, in a loop of its own. (A function of its own, not a closure calling itself,
    which would be a reference cycle: see `search.collection_paused`.)"""
    append = held.append
    if left == 1:
        if get is None:
            for k in range(start, len(singles)):
                group, ways = singles[k]
                append((combo + group, weight * ways))
        elif not played:  # `grown` is in ascending order, as the ranks are
            for k in range(start, len(singles)):
                group, ways = singles[k]
                grown = combo + group
                grown_weight = weight * ways * get(grown, 0.0)
                if grown_weight > 0:
                    append((grown, grown_weight))
        else:
            for k in range(start, len(singles)):
                group, ways = singles[k]
                grown = combo + group
                grown_weight = weight * ways * get(tuple(sorted(played + grown)), 0.0)
                if grown_weight > 0:
                    append((grown, grown_weight))
        return
    for k in range(start, len(groups)):
        for n, group, ways in groups[k]:
            grown = combo + group
            if n < left:
                _extend_holdings(
                    held, groups, singles, get, played, left - n, k + 1, grown, weight * ways
                )
            elif n == left:
                grown_weight = weight * ways
                if get is not None:
                    grown_weight *= get(tuple(sorted(played + grown)) if played else grown, 0.0)
                if grown_weight > 0:
                    append((grown, grown_weight))


def sample_holdings(
    held: list[Holding],
    samples: int,
    rng: random.Random,
    *,
    shuffled: bool = False,
    systematic: bool = True,
) -> list[Holding]:
    """All holdings when few, else a weighted sample (with repeats counted), in the order
    of `held`; or, `shuffled`, in a random order, so that any first part of the list is a
    fair sample too.

    The sample is `systematic` (by default): the holdings, in their order, laid end to end
    along the total weight, and `samples` points taken at equal steps from one random
    start. Every holding heavier than a step is drawn in proportion to its weight, give or
    take one, and neighbours in the order (which share ranks) share the rest, so the card
    chosen strays less often from the one the search of every holding would choose than
    with independent draws (`Settings.sampling`).
    """
    if len(held) <= samples:
        if shuffled:
            held = held[:]
            rng.shuffle(held)
        return held
    cumulative = list(accumulate([weight for _, weight in held]))  # 0.0 + w0 + w1 ..., in order
    total = cumulative[-1]
    if systematic:
        step = total / samples
        start = rng.random() * step
        last = len(held) - 1  # a point at the very end, by rounding, falls in the last
        picks = [min(bisect_right(cumulative, start + k * step), last) for k in range(samples)]
    else:
        picks = rng.choices(range(len(held)), cum_weights=cumulative, k=samples)
    counts: dict[int, int] = {}
    for pick in picks:
        counts[pick] = counts.get(pick, 0) + 1
    order = sorted(counts.items())
    if shuffled:  # not in the order first drawn: the heavy holdings come first that way
        rng.shuffle(order)
    return [(held[k][0], float(n)) for k, n in order]


BATCH: Final = 12
"""With `Settings.adaptive`, the play checks after every this many holdings searched
whether the rest can still change its choice (see `settled`)."""

POINTS_MARGIN: Final = 0.05
CHANCE_MARGIN: Final = 0.005
"""How far short of the best card the adaptive play may settle: in points, and near the end
in the chance of winning."""


def choice_settled(
    points: Sequence[tuple[float, dict[int, float]]],
    chances: Sequence[tuple[float, dict[int, float]]],
) -> bool:
    """True when the holdings searched settle the choice (`settled`): by the chance of
    winning when it is reckoned, and by points where it is not or where the best chances
    tie (the points decide between them then)."""
    if not chances:
        return settled(points, POINTS_MARGIN)
    if not settled(chances, CHANCE_MARGIN):
        return False
    total = sum(w for w, _ in chances)
    means = sorted(sum(w * v[rank] for w, v in chances) / total for rank in chances[0][1])
    return means[-1] - means[-2] > 1e-9 or settled(points, POINTS_MARGIN)


def settled(
    values: Sequence[tuple[float, dict[int, float]]], margin: float, z: float = 2.0
) -> bool:
    """True when the holdings searched so far (`values`: each holding's weight, and what
    each legal rank is worth against it) make the best rank sure enough: for every other
    rank, the weighted mean of what the best gains over it, less `z` standard errors, is
    above `-margin` (so the best is at worst `margin` short of it, at that confidence).

    >>> settled([(1.0, {5: 2.0, 10: 0.0})] * 12, 0.05), settled([(1.0, {5: 2.0, 10: 0.0}), (1.0, {5: 0.0, 10: 2.0})] * 6, 0.05)
    (True, False)
    """
    total = sum(w for w, _ in values)
    squares = sum(w * w for w, _ in values)
    ranks = values[0][1].keys()
    means = {rank: sum(w * v[rank] for w, v in values) / total for rank in ranks}
    best = max(ranks, key=lambda rank: means[rank])
    effective = total * total / squares  # the number of equal holdings the weights amount to
    for rank in ranks:
        if rank == best:
            continue
        gain = means[best] - means[rank]
        spread = sum(w * (v[best] - v[rank] - gain) ** 2 for w, v in values) / total
        if gain - z * math.sqrt(spread / effective) < -margin:
            return False
    return True


def blind_points(
    search: PegSearch,
    mine: Ranks,
    chosen: Sequence[Holding],
    count_ranks: Ranks,
    count: int,
    ranks: Sequence[int],
) -> dict[int, float]:
    """What each rank is worth when my next card, too, is chosen without seeing the
    opponent's: for each holding the opponent answers as the search says it would, and at my
    next turn I play the one card that is best over all the holdings that would have led
    there (those that answered alike), the rest of the play then solved with both hands
    known. Weighted averages over `chosen`, as the plain search's."""
    tail = scoring_tail(count_ranks)
    weight = sum(w for _, w in chosen)
    values = {}
    for rank in ranks:
        i = mine.index(rank)
        # Where my next turn comes, by what I saw: [(weight, mine, theirs, tail, count, points)]
        groups: dict[object, list[tuple[float, Ranks, Ranks, Ranks, int, float]]] = {}
        total = 0.0
        for theirs, w in chosen:
            rest, tail1, count1, points, to_move = follow(mine, theirs, tail, count, i)
            if to_move < 0:
                total += w * points
                continue
            if to_move == 0:  # they cannot play: my turn again
                groups.setdefault(("go", count1), []).append(
                    (w, rest, theirs, tail1, count1, points)
                )
                continue
            best = math.inf
            reply = None
            for j in moves(theirs, count1):
                left, tail2, count2, got, after = follow(theirs, rest, tail1, count1, j)
                value: float = -got
                if after >= 0:
                    value += search.net_at(rest, left, tail2, count2, after == 1)
                if value < best:
                    best, reply = value, (j, left, tail2, count2, got, after)
            assert reply is not None
            j, left, tail2, count2, got, after = reply
            if after != 1:  # the play is over, or they play on: both hands known from here
                total += w * (points + best)
                continue
            groups.setdefault((theirs[j], count2), []).append(
                (w, rest, left, tail2, count2, points - got)
            )
        for members in groups.values():
            options = moves(members[0][1], members[0][4])
            sums = dict.fromkeys(options, 0.0)
            for w, rest, others, tail_now, count_now, _ in members:
                for k in options:
                    sums[k] += w * search.move_at(rest, others, tail_now, count_now, k)
            total += max(sums.values()) + sum(m[0] * m[5] for m in members)
        values[rank] = total / weight
    return values


@dataclass(frozen=True, slots=True)
class PlayContext:
    """What one seat knows when it must play a card: everything a play is decided from.

    Attributes:
        hand: the cards it still holds.
        sequence: the cards of the current count, in order.
        history: every card played this deal, in order, each with who played it.
        starter: the starter (None only in examples that leave it out).
        dealer: whether this seat dealt.
        my_score, opp_score, target: the game's scores and target.
        discards: the cards this seat laid away, when known.
        past_plays: every card played in each earlier deal of this game, in order, with
            who played it (what the expert reads its opponent's way of playing from:
            `Settings.read`).
        match_plays: the same for every deal of the earlier games of a match
            (`Settings.whole_match`).
    """

    hand: tuple[Card, ...]
    sequence: tuple[Card, ...] = ()
    history: tuple[tuple[Who, Card], ...] = ()
    starter: Card | None = None
    dealer: bool = False
    my_score: int = 0
    opp_score: int = 0
    target: int = 121
    discards: tuple[Card, ...] | None = None
    past_plays: tuple[tuple[tuple[Who, Card], ...], ...] = ()
    match_plays: tuple[tuple[tuple[Who, Card], ...], ...] = ()

    @staticmethod
    def from_view(view: PlayerView) -> PlayContext:
        """The play `view`'s seat is waiting on, from that seat's side."""

        def side(plays: tuple[tuple[int, Card], ...]) -> tuple[tuple[Who, Card], ...]:
            return tuple(("me" if who == view.seat else "opponent", card) for who, card in plays)

        return PlayContext(
            hand=view.hand,
            sequence=view.pile,
            history=side(view.history),
            starter=view.starter,
            dealer=view.is_dealer,
            my_score=view.my_score,
            opp_score=view.best_other_score,
            target=view.target,
            discards=view.discards,
            past_plays=tuple(side(plays) for plays in view.past_plays),
            match_plays=tuple(side(plays) for plays in view.match_plays),
        )

    def plays_read(self, settings: Settings) -> tuple[tuple[tuple[Who, Card], ...], ...]:
        """The earlier deals the opponent is read from: this game's, after those of the
        earlier games of the match with `Settings.whole_match`."""
        return self.match_plays + self.past_plays if settings.whole_match else self.past_plays

    @property
    def count(self) -> int:
        """The count now."""
        return sum(card.value for card in self.sequence)

    @property
    def legal(self) -> tuple[Card, ...]:
        """The cards that may be played now, in order.

        Raises:
            ValueError: none can be played.
        """
        legal = playable(sorted(self.hand), self.count)
        if not legal:
            raise ValueError("No card in the hand can be played on this count.")
        return legal


@dataclass(frozen=True, slots=True)
class PlayEvaluation:
    """The expert's options for a play, with how much of the opponent's possible hands it
    searched to find them.

    Attributes:
        options: each legal card with its value, best first.
        searched: the opponent's holdings searched (fewer than `holdings` when the adaptive
            play stopped early), in both accounts of its replies when both were searched
            (`Settings.read`).
        holdings: the holdings there were to search (all of them, or the sample drawn), in
            the same accounts.
    """

    options: tuple[PlayOption, ...]
    searched: int
    holdings: int


def play_options(
    context: PlayContext,
    *,
    settings: Settings = EXPERT,
    rng: random.Random | None = None,
    search: PegSearch | None = None,
    rule_search: PegSearch | None = None,
    rule_searches: Mapping[Reply, PegSearch] | None = None,
) -> tuple[PlayOption, ...]:
    """Each legal card with its value, best first, as the expert sees them (the options of
    `evaluate_play`).

    `rng` draws the sample of the opponent's hands when there are too many to search all
    (a fixed default when not given, so the answer is repeatable). `search` is a search whose
    remembered positions may serve again (a computer keeps one for its later plays), and
    `rule_search` the same for the replies of an opponent who plays by the classic level's
    rule (`Settings.read`; a `PegSearch` whose `reply` is `classic_play_index`), and
    `rule_searches` the same for the other rules read (`Settings.styles`), by rule; the
    answer is the same with or without them.

    Raises:
        ValueError: no card of the hand can be played on the count.

    >>> from cribbage.cards import parse_cards
    >>> ten, four, five, king = parse_cards(["td", "4c", "5h", "ks"])
    >>> context = PlayContext((ten, four), (five,), (("opponent", five),), starter=king)
    >>> [str(option.card) for option in play_options(context)]  # the ten makes fifteen
    ['TD', '4C']
    """
    return evaluate_play(
        context,
        settings=settings,
        rng=rng,
        search=search,
        rule_search=rule_search,
        rule_searches=rule_searches,
    ).options


def evaluate_play(
    context: PlayContext,
    *,
    settings: Settings = EXPERT,
    rng: random.Random | None = None,
    search: PegSearch | None = None,
    rule_search: PegSearch | None = None,
    rule_searches: Mapping[Reply, PegSearch] | None = None,
) -> PlayEvaluation:
    """`play_options`, with the holdings searched (see `PlayEvaluation`).

    Raises:
        ValueError: no card of the hand can be played on the count.
    """
    with collection_paused():
        return _evaluate(_decision(context, settings, rng, search, rule_search, rule_searches))


def best_play(
    context: PlayContext,
    *,
    settings: Settings = EXPERT,
    rng: random.Random | None = None,
    search: PegSearch | None = None,
    rule_search: PegSearch | None = None,
    rule_searches: Mapping[Reply, PegSearch] | None = None,
) -> Card:
    """The first card of `play_options` (the same arguments), found with less searching:
    where the chance of winning decides, the points are searched only for the cards it
    ties at the top.

    Raises:
        ValueError: no card of the hand can be played on the count.
    """
    with collection_paused():
        return _first(_decision(context, settings, rng, search, rule_search, rule_searches))


@dataclass(frozen=True, slots=True)
class _Decision:
    """What a play is valued from: my ranks, the legal cards and their ranks, what the end of
    the play is worth (None where points decide), and the accounts of the opponent's
    replies, each with its weight, the holdings it searches and its search."""

    context: PlayContext
    settings: Settings
    mine: Ranks
    legal: tuple[Card, ...]
    ranks: list[int]
    ends: _Ends | None
    accounts: list[tuple[float, list[Holding], PegSearch]]
    drawn_from: list[list[Holding]]
    """What each account's holdings were sampled from (the same list where it searches them
    all)."""
    samples: int
    """How many holdings a sample draws."""
    rng: random.Random

    def values(
        self, *, point_ranks: Sequence[int] | None = None, chances: bool = True
    ) -> list[tuple[float, _Values]]:
        """Each account's `_Values` with its weight (points for `point_ranks` only, when
        given; chances only when `chances`)."""
        return [
            (w, self._account(held, search, point_ranks, chances))
            for w, held, search in self.accounts
        ]

    def looked_again(self, first: list[tuple[float, _Values]]) -> list[tuple[float, _Values]]:
        """`first` (this decision's `values()`) with a second sample of the holdings
        searched in each account that was sampled, the two together
        (`Settings.second_look`)."""
        both = []
        for (w, _, search), drawn_from, sampled, (_, values) in zip(
            self.accounts, self.drawn_from, self.sampled(), first, strict=True
        ):
            if sampled:
                more = sample_holdings(drawn_from, self.samples, self.rng)
                values = _together(values, self._account(more, search, None, True))
            both.append((w, values))
        return both

    def sampled(self) -> list[bool]:
        """Whether each account searches a sample of its holdings (not every one)."""
        return [
            len(drawn_from) > len(held)
            for drawn_from, (_, held, _) in zip(self.drawn_from, self.accounts, strict=True)
        ]

    def _account(
        self,
        held: list[Holding],
        search: PegSearch,
        point_ranks: Sequence[int] | None,
        chances: bool,
    ) -> _Values:
        return _values(
            self.mine,
            held,
            self.ranks,
            self.context,
            self.ends if chances else None,
            search,
            self.settings,
            point_ranks=self.ranks if point_ranks is None else point_ranks,
        )


def _decision(
    context: PlayContext,
    settings: Settings,
    rng: random.Random | None,
    search: PegSearch | None,
    rule_search: PegSearch | None,
    rule_searches: Mapping[Reply, PegSearch] | None,
) -> _Decision:
    hand, sequence, history = context.hand, context.sequence, context.history
    starter, dealer, discards = context.starter, context.dealer, context.discards
    legal = context.legal
    rng = rng or random.Random(0)
    mine = tuple(sorted(int(card.rank) for card in hand))
    their_played = tuple(int(card.rank) for who, card in history if who == "opponent")
    seen = set(hand) | {card for _, card in history} | set(discards or ())
    if starter is not None:
        seen.add(starter)
    pool = [0] + [4] * 13
    for card in seen:
        pool[card.rank] -= 1
    size = max(0, 4 - len(their_played))
    role: Role = "pone" if dealer else "dealer"  # the opponent's role
    keeps = keep_weights(role) if settings.prior else None
    least = least_value_held(history, sequence)
    clues = keeps
    if keeps is not None and settings.leads and dealer and history and history[0][0] == "opponent":
        led = int(history[0][1].rank)  # what its lead says of its hand
        if settings.lead_styles:
            clues = learned_lead_weights(led, lead_mix(context.plays_read(settings)))
        else:
            clues = lead_weights(led)
    samples = settings.samples if size == 4 else settings.later_samples
    held = _holdings(pool, size, least, their_played, clues)
    weighed = held
    if settings.takes and their_played:
        turns = opponent_turns(history)
        rate = pass_up_rate(context.plays_read(settings))
        weighed = [(theirs, weight * rate ** passed_up(turns, theirs)) for theirs, weight in held]
    chosen = sample_holdings(
        weighed,
        samples,
        rng,
        shuffled=settings.adaptive,
        systematic=settings.sampling == "systematic",
    )
    share, by_rule, rule = _rule_account(
        context,
        settings,
        lambda: held if clues is keeps else _holdings(pool, size, least, their_played, keeps),
    )
    accounts: list[tuple[float, list[Holding], PegSearch]] = []
    drawn_from: list[list[Holding]] = []
    if share < SURE:
        if settings.expect_takes:
            search = _taking_search()
        accounts.append((1.0 if share <= 1 - SURE else 1 - share, chosen, search or PegSearch()))
        drawn_from.append(weighed)
    if share > 1 - SURE:
        ruled = sample_holdings(by_rule, samples, rng)
        if rule is not classic_play_index:
            rule_search = (rule_searches or {}).get(rule)
        accounts.append(
            (1.0 if share >= SURE else share, ruled, rule_search or PegSearch(reply=rule))
        )
        drawn_from.append(by_rule)
    return _Decision(
        context,
        settings,
        mine,
        legal,
        sorted({int(card.rank) for card in legal}),
        _Ends.of(context, settings, role, seen),
        accounts,
        drawn_from,
        samples,
        rng,
    )


@cache
def _taking_search() -> PegSearch:
    """The search of an opponent who takes the most points it can at once
    (`Settings.expect_takes`), one for the process: what a position is worth against such
    a player does not depend on who asks."""
    return PegSearch(takes=True)


def _evaluate(decision: _Decision) -> PlayEvaluation:
    values = decision.values()
    ranks, ends = decision.ranks, decision.ends
    points, chances = _weighed(values, ranks)
    if ends is None and _close(decision, points):
        values = decision.looked_again(values)
        points, chances = _weighed(values, ranks)
    options = [
        PlayOption(
            card,
            points[int(card.rank)],
            min(1.0, max(0.0, chances[int(card.rank)])) if ends is not None else None,
        )
        for card in decision.legal
    ]
    order = sorted(
        range(len(options)),
        key=lambda k: (-(options[k].win or 0.0), -options[k].points, k),
    )
    return PlayEvaluation(
        tuple(options[k] for k in order),
        sum(v.searched for _, v in values),
        sum(v.holdings for _, v in values),
    )


def _weighed(
    values: list[tuple[float, _Values]], ranks: Sequence[int]
) -> tuple[dict[int, float], dict[int, float]]:
    """Each rank's points and chances over the accounts `values`, by their weights."""
    points = {rank: sum(w * v.points[rank] for w, v in values) for rank in ranks}
    chances = {rank: sum(w * v.chances[rank] for w, v in values) for rank in ranks}
    return points, chances


def _first(decision: _Decision) -> Card:
    """The first card of `_evaluate`'s options, searching for points only where they decide:
    where the chance of winning is reckoned, only between the cards it ties at the top."""
    settings, ends, ranks = decision.settings, decision.ends, decision.ranks
    if ends is None or settings.adaptive or settings.blind:
        return _evaluate(decision).options[0].card
    values = decision.values(point_ranks=())
    chances = {
        rank: min(1.0, max(0.0, sum(w * v.chances[rank] for w, v in values))) for rank in ranks
    }
    best = max(chances.values())
    tied = [rank for rank in ranks if chances[rank] == best]
    if len(tied) == 1:
        return next(card for card in decision.legal if int(card.rank) == tied[0])
    values = decision.values(point_ranks=tied, chances=False)
    points = {rank: sum(w * v.points[rank] for w, v in values) for rank in tied}
    return min(
        (card for card in decision.legal if int(card.rank) in points),
        key=lambda card: -points[int(card.rank)],
    )


def _close(decision: _Decision, points: dict[int, float]) -> bool:
    """Whether the best two ranks are near enough in `points` for a second look at the
    opponent's hands (`Settings.second_look`), where any account of them was sampled."""
    settings = decision.settings
    if not settings.second_look or settings.adaptive or settings.blind or len(points) < 2:
        return False
    if not any(decision.sampled()):
        return False
    best, second = sorted(points.values(), reverse=True)[:2]
    return best - second < settings.second_look


def _holdings(
    pool: Sequence[int],
    size: int,
    least: int,
    played: Ranks,
    keeps: dict[tuple[int, ...], float] | None,
) -> list[Holding]:
    """`opponent_holdings`, with fewer clues when no holding fits them all: without the
    likelihood of its keeps, then without its go's too (a clue is never a certainty)."""
    held = opponent_holdings(pool, size, least, played, keeps)
    if not held and keeps is not None:
        held = opponent_holdings(pool, size, least, played, None)
    if not held:
        held = opponent_holdings(pool, size, 1, played, None)
    return held


def _rule_account(
    context: PlayContext, settings: Settings, holdings: Callable[[], list[Holding]]
) -> tuple[float, list[Holding], Reply]:
    """With `Settings.read`, the chance that the opponent plays by the classic level's rule
    (`cribbage.computer.reading`), from its plays in the earlier deals and in this one, and
    the holdings it may have (`holdings()`: weighed by its likely keeps, not its lead), each
    weighed too by how likely its plays this deal were by the rule; otherwise no chance and
    no holdings. With `Settings.styles`, the same for the rule of `RULES` the opponent most
    likely plays by (`rule_shares`, and its plays this deal), which is returned too."""
    if not settings.read:
        return 0.0, [], classic_play_index
    turns = opponent_turns(context.history)
    if not settings.styles:
        share = rule_share(context.plays_read(settings))
        if not may_matter(share, len(turns)):
            return share, [], classic_play_index
        return _by_rules(share, turns, holdings(), (classic_play_index,), (share,))
    shares = rule_shares(context.plays_read(settings))
    if not any(may_matter(share, len(turns)) for share in shares):
        return max(shares), [], classic_play_index
    return _by_rules(max(shares), turns, holdings(), RULES, shares)


def _by_rules(
    share: float,
    turns: Sequence[Turn],
    held: list[Holding],
    rules: Sequence[Reply],
    shares: Sequence[float],
) -> tuple[float, list[Holding], Reply]:
    """`_rule_account` once the holdings `held` are to be weighed: the chance of each of
    `rules` (`shares` before this deal) taken on by how likely each makes the opponent's
    plays this deal (`turns`) against any legal rank alike; the likeliest rule, its chance
    and the holdings weighed by it. `share` is the chance when no card of this deal says
    more (no turns)."""
    best = max(range(len(rules)), key=lambda k: shares[k])
    if not turns:
        return share, held, rules[best]
    weighed: list[list[Holding]] = [[] for _ in rules]
    totals = [0.0] * len(rules)
    any_total = 0.0
    found = rules_likelihoods(turns, [theirs for theirs, _ in held], rules)
    for (theirs, weight), (by_rules, by_any) in zip(held, found, strict=True):
        for k, rule_likelihood in enumerate(by_rules):
            weighed[k].append((theirs, weight * rule_likelihood))
            totals[k] += weight * rule_likelihood
        any_total += weight * by_any
    mixture = [shares[k] * totals[k] for k in range(len(rules))]
    whole = sum(mixture) + (1 - sum(shares)) * any_total
    best = max(range(len(rules)), key=lambda k: mixture[k])
    if whole > 0:
        share = mixture[best] / whole
    return share, weighed[best], rules[best]


@dataclass(frozen=True, slots=True)
class _Ends:
    """What the end of the play is worth, where the chance of winning is reckoned: each side's
    need, my hand's count and the crib's chances (see `end_of_play_value`)."""

    dealer: bool
    my_need: int
    their_need: int
    my_show: int
    crib: Distribution
    starter: Card

    @staticmethod
    def of(context: PlayContext, settings: Settings, role: Role, seen: set[Card]) -> _Ends | None:
        """The ends of `context`'s play, or None where points decide."""
        starter = context.starter
        my_need, their_need = context.target - context.my_score, context.target - context.opp_score
        if starter is None or not is_aware(settings, my_need, their_need):
            return None
        my_kept = [card.index for card in context.hand]
        my_kept += [card.index for who, card in context.history if who == "me"]
        my_show = 0
        if len(my_kept) == 4:
            a, b, c, d = my_kept
            my_show = hand_points(a, b, c, d, starter.index)
        throws = throw_weights(role) if settings.crib == "opponent" else UNIFORM
        unseen = [index for index in range(52) if DECK[index] not in seen]
        crib = crib_chances(context.discards, starter, unseen, throws)
        return _Ends(context.dealer, my_need, their_need, my_show, crib, starter)


@dataclass(frozen=True, slots=True)
class _Values:
    """One account of the opponent's replies: what each legal rank is worth, weighed over the
    holdings searched (points, and chances of winning where reckoned, else 0)."""

    points: dict[int, float]
    chances: dict[int, float]
    searched: int
    holdings: int


def _together(first: _Values, second: _Values) -> _Values:
    """Two equal samples' values as one."""
    return _Values(
        {rank: (value + second.points[rank]) / 2 for rank, value in first.points.items()},
        {rank: (value + second.chances[rank]) / 2 for rank, value in first.chances.items()},
        first.searched + second.searched,
        first.holdings + second.holdings,
    )


def _values(
    mine: Ranks,
    chosen: Sequence[Holding],
    ranks: Sequence[int],
    context: PlayContext,
    ends: _Ends | None,
    search: PegSearch,
    settings: Settings,
    *,
    point_ranks: Sequence[int],
) -> _Values:
    """Each legal rank's weighted value over the holdings `chosen`, the opponent replying as
    `search` has it: its best, or its `reply` rule (the adaptive stop and the blind choice
    are for its best replies only). Points are searched for `point_ranks` only (0 for the
    other ranks), chances where `ends` is given."""
    tail = scoring_tail(tuple(int(card.rank) for card in context.sequence))
    count = context.count
    positions = {rank: mine.index(rank) for rank in ranks}
    their_played = tuple(int(card.rank) for who, card in context.history if who == "opponent")
    reply = search.reply
    adaptive = settings.adaptive and reply is None
    weight = sum(w for _, w in chosen)
    points = dict.fromkeys(ranks, 0.0)
    chances = dict.fromkeys(ranks, 0.0)
    win_searches: dict[int, WinSearch] = {}
    points_so_far: list[tuple[float, dict[int, float]]] = []
    chances_so_far: list[tuple[float, dict[int, float]]] = []
    done = 0.0  # the weight of the holdings searched
    searched = 0
    for theirs, w in chosen:
        pegged = {
            rank: search.move_at(mine, theirs, tail, count, positions[rank]) for rank in point_ranks
        }
        for rank in point_ranks:
            points[rank] += w * pegged[rank] / weight
        if ends is not None:
            # The end of the play is worth the same against holdings whose hands count the
            # same, so one search, with its memory of positions, serves them all.
            their_show = rank_show(their_played + theirs, ends.starter)
            win_search = win_searches.get(their_show)
            if win_search is None:
                at_end = end_of_play_value(
                    dealer=ends.dealer,
                    my_need=ends.my_need,
                    their_need=ends.their_need,
                    my_show=ends.my_show,
                    their_show=their_show,
                    crib=ends.crib,
                )
                win_search = WinSearch(
                    ends.my_need, ends.their_need, at_end, reply=reply, takes=search.takes
                )
                win_searches[their_show] = win_search
            won = {
                rank: win_search.move_chance_at(mine, theirs, tail, count, positions[rank])
                for rank in ranks
            }
            for rank in ranks:
                chances[rank] += w * won[rank] / weight
            chances_so_far.append((w, won))
        done += w
        searched += 1
        if adaptive and len(ranks) > 1:
            points_so_far.append((w, pegged))
            if searched % BATCH == 0 and choice_settled(points_so_far, chances_so_far):
                break
    if settings.blind and reply is None and len(ranks) > 1 and searched == len(chosen):
        count_ranks = tuple(int(card.rank) for card in context.sequence)
        points = blind_points(search, mine, chosen, count_ranks, count, ranks)
    if searched < len(chosen):  # stopped early: averages over the holdings searched
        for table in (points, chances):
            for rank in ranks:
                table[rank] *= weight / done
    return _Values(points, chances, searched, len(chosen))
