"""Where the expert loses games: `python benchmarks/where_lost.py expert ismcts:passes=500 --games 40`.

Plays duplicate games (as `cribbage.tournament` does: `play_game`, the same seeds) between
the expert, or any player, and a partner (any tournament player, the sparring partners of
`benchmarks/sparring.py` included; `ismcts:passes=500` unless another is given), and reports:

1. **The points of each phase**: per completed deal, by the first player's role, each side's
   hand, crib, pegging and his heels, and the first player's margin in each, with a 95%
   interval (deals taken as independent).
2. **Where games are won and lost**: at three moments of each game (its start; the first deal
   begun with the leader past 40; the first begun with the leader within 40 points of 121,
   where the expert decides by its chance of winning), where the first player stands (behind
   or ahead, by bands), and the share of those games it won. Then the chance of winning the
   shipped table (`cribbage.computer.tables.win_table`, expert self-play) gives each of those
   positions, and the change between one moment and the next is what the first player gained
   or lost in that stretch of the game, the last stretch ending with the game's result.
3. **Disagreements with a deeper look**: each decision of the first player, valued again once
   both hands are known. A discard: each of the 15 against the opponent's six cards and its
   real throw, over the 40 starters left, counting both hands, the crib, his heels and the
   play (the play solved with both hands known, each side playing its best for points:
   `cribbage.computer.search.PegSearch`). A card of the play: each legal card, the rest of the
   play solved with the opponent's remaining cards known. How often the deeper look prefers
   another choice, the points given up (by its reckoning), by phase and role, and the most
   common kinds of difference. Decisions where the first player decides by the chance of
   winning are counted apart: there the points are not what it plays for.

The first player's decisions are watched through the `Strategy` it decides by, so the games
are the tournament's own. Decisions with one choice only (one rank among the legal cards) are
not counted. Each pair of games is studied in one job (`--jobs`, default 1).
"""

from __future__ import annotations

import argparse
import itertools
import math
import pickle
import sys
import time
from collections import Counter
from collections.abc import Iterable, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import Final

import sparring  # noqa: F401  # registers the sparring partners as players
from cribbage.cards import COUNTING_VALUES, DECK, Card, Rank
from cribbage.computer import Computer, DiscardOption, PlayOption
from cribbage.computer.endgame import is_aware
from cribbage.computer.search import PegSearch
from cribbage.computer.strategy import Strategy, strategy_for
from cribbage.computer.tables import win_table
from cribbage.rules import Phase
from cribbage.scoring import hand_points, peg_points
from cribbage.tournament import CATEGORIES, GameRecord, Player, pair_seed, parse_player, play_game
from cribbage.view import PlayerView

TARGET: Final = 121
ROLES: Final = ("dealer", "pone")
MOMENTS: Final = ("start", "leader past 40", "leader within 40")
MOMENT_SCORES: Final = (0, 41, TARGET - 40)
"""The leader's score from which each moment of a game begins."""
LEAD_BANDS: Final = ((-999, -21), (-20, -6), (-5, 5), (6, 20), (21, 999))
EPSILON: Final = 1e-6


# -- watching a player's decisions -------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Decision:
    """One decision of a watched player: the view it decided from and what it chose (the two
    cards laid away, or the card played), and whether it decided by the chance of winning."""

    view: PlayerView
    choice: tuple[Card, ...]
    aware: bool


class Watched(Strategy):
    """A strategy deciding as `inner` does, keeping each decision in `log`."""

    def __init__(self, inner: Strategy, log: list[Decision]) -> None:
        super().__init__(inner.seed, inner.settings)
        self.inner, self.log, self.name = inner, log, inner.name

    def _aware(self, view: PlayerView) -> bool:
        return self.inner.name == "expert" and is_aware(
            self.inner.settings, view.target - view.my_score, view.target - view.best_other_score
        )

    def discard_options_for(self, view: PlayerView) -> tuple[DiscardOption, ...]:
        options = self.inner.discard_options_for(view)
        self.log.append(Decision(view, tuple(options[0].discard), self._aware(view)))
        return options

    def play_options_for(self, view: PlayerView) -> tuple[PlayOption, ...]:
        return self.inner.play_options_for(view)

    def play_for(self, view: PlayerView) -> Card:
        card = self.inner.play_for(view)
        self.log.append(Decision(view, (card,), self._aware(view)))
        return card


@dataclass(frozen=True, slots=True)
class WatchedPlayer(Player):
    """A tournament player whose computers keep their decisions, by seed, in `logs`."""

    logs: dict[int, list[Decision]] = field(default_factory=dict, compare=False, hash=False)

    def computer(self, seed: int) -> Computer:
        spec = f"{self.level}:{self.settings}" if self.settings else self.level
        log = self.logs.setdefault(seed, [])
        return Computer.playing(Watched(strategy_for(spec, seed), log))


# -- the deeper look -------------------------------------------------------------------------


def _ranks(cards: Iterable[Card]) -> tuple[int, ...]:
    return tuple(sorted(int(card.rank) for card in cards))


def discard_values(
    hand: Sequence[Card],
    their_keep: Sequence[Card],
    their_throw: Sequence[Card],
    dealer: bool,
    search: PegSearch | None = None,
) -> dict[tuple[Card, Card], float]:
    """What each of the 15 discards from `hand` is worth to me once the opponent's cards are
    known (it keeps `their_keep` and throws `their_throw`): the average over the starters
    left of my hand less theirs, plus the crib and his heels (mine as `dealer`, theirs
    otherwise), plus the play solved with both hands known (my pegging less theirs).

    Keyed by the two cards laid away, in ascending order.

    >>> from cribbage.cards import format_cards, parse_cards
    >>> values = discard_values(parse_cards("5H 5S JH JS AC 2D".split()),
    ...     parse_cards("3C 4C 6C 7C".split()), parse_cards("KD QD".split()), dealer=True)
    >>> len(values), format_cards(max(values, key=values.__getitem__))  # the fives to my crib
    (15, '5H 5S')
    """
    search = search or PegSearch()
    known = {*hand, *their_keep, *their_throw}
    starters = [card.index for card in DECK if card not in known]
    a, b, c, d = (card.index for card in their_keep)
    theirs = sum(hand_points(a, b, c, d, s) for s in starters)
    heels = 2 * sum(1 for s in starters if s // 4 + 1 == Rank.JACK)
    sign = 1 if dealer else -1
    values = {}
    for throw in itertools.combinations(sorted(hand), 2):
        kept = [card for card in hand if card not in throw]
        e, f, g, h = (card.index for card in kept)
        w, x, y, z = (card.index for card in (*throw, *their_throw))
        total = sign * heels - theirs
        for s in starters:
            total += hand_points(e, f, g, h, s) + sign * hand_points(w, x, y, z, s, crib=True)
        play = search.net(_ranks(kept), _ranks(their_keep), (), 0, not dealer)
        values[throw[0], throw[1]] = total / len(starters) + play
    return values


def play_values(
    hand: Sequence[Card],
    pile: Sequence[Card],
    their_cards: Sequence[Card],
    search: PegSearch | None = None,
) -> dict[Card, float]:
    """What each card of `hand` that can be played on the count `pile` is worth to me in the
    rest of the play (my pegging less the opponent's, this card's points included) when the
    opponent is known to hold `their_cards`, both sides then playing their best.

    >>> from cribbage.cards import parse_cards
    >>> play_values(parse_cards(["5H", "KS"]), (), parse_cards(["TD"]))
    {Card(Rank.FIVE, Suit.HEARTS): -1, Card(Rank.KING, Suit.SPADES): 1}
    """
    search = search or PegSearch()
    mine, theirs = _ranks(hand), _ranks(their_cards)
    count_ranks = tuple(int(card.rank) for card in pile)
    count = sum(COUNTING_VALUES[rank] for rank in count_ranks)
    return {
        card: search.move(mine, theirs, count_ranks, count, int(card.rank))
        for card in hand
        if count + COUNTING_VALUES[card.rank] <= 31
    }


# -- kinds of difference ---------------------------------------------------------------------


def _rank_class(rank: int) -> str:
    return "5" if rank == 5 else "low" if rank < 5 else "ten-card" if rank >= 10 else "middle"


def throw_kind(throw: Sequence[Card]) -> str:
    """Two cards laid away in a few words: their kinds of rank and what they make together.

    >>> from cribbage.cards import parse_cards
    >>> throw_kind(parse_cards(["5H", "KS"])), throw_kind(parse_cards(["7H", "7S"]))
    ('5 and ten-card (fifteen)', 'a pair of middle')
    """
    first, second = sorted(int(card.rank) for card in throw)
    if first == second:
        return f"a pair of {_rank_class(first)}"
    classes = sorted((_rank_class(first), _rank_class(second)))
    words = f"two {classes[0]}" if classes[0] == classes[1] else " and ".join(classes)
    together = [
        name
        for name, made in (
            ("fifteen", COUNTING_VALUES[first] + COUNTING_VALUES[second] == 15),
            ("touching", second - first == 1),
        )
        if made
    ]
    return words + (f" ({', '.join(together)})" if together else "")


def card_kind(view: PlayerView, card: Card) -> str:
    """A card of the play in a few words: a lead by its rank and whether the hand pairs it,
    a reply by what it does to the count, with its kind of rank."""
    rank = int(card.rank)
    if not view.pile:
        paired = sum(1 for other in view.hand if other.rank == card.rank) > 1
        return f"leads a {_rank_class(rank)}" + (" from a pair" if paired else "")
    ranks = [int(c.rank) for c in view.pile]
    count = view.count + COUNTING_VALUES[rank]
    if rank == ranks[-1]:
        does = "pairs"
    elif peg_points([*ranks, rank]):
        does = "pegs"
    elif count in (5, 21):
        does = f"leaves {count}"
    elif abs(rank - ranks[-1]) <= 2:
        does = "plays near the last card"
    else:
        does = "leaves 6-14" if count < 15 else "leaves 16-30"
    return f"{does} with a {_rank_class(rank)}"


# -- one pair of games, studied --------------------------------------------------------------


@dataclass(slots=True)
class Judged:
    """One decision judged by the deeper look."""

    phase: str  # "discard", "lead" (a count's first card) or "reply"
    role: str
    aware: bool
    lost: float  # points the deeper look says the choice gave up (0 when it agrees)
    did: str  # what the choice was, in a few words
    kind: str  # that, and what the deeper look preferred, when they differ


@dataclass(slots=True)
class PairStudy:
    records: tuple[GameRecord, ...]
    judged: list[Judged]


def _judge_game(record: GameRecord, mine: list[Decision], theirs: list[Decision]) -> list[Judged]:
    search = PegSearch()
    their_deals = {d.view.hand_number: d for d in theirs if d.view.phase is Phase.DISCARD}
    thrown = {d.view.hand_number: d.choice for d in mine if d.view.phase is Phase.DISCARD}
    judged = []
    for decision in mine:
        view = decision.view
        other = their_deals.get(view.hand_number)
        if other is None:
            continue
        their_keep = [card for card in other.view.hand if card not in other.choice]
        role = "dealer" if view.is_dealer else "pone"
        if view.phase is Phase.DISCARD:
            throws = discard_values(view.hand, their_keep, other.choice, view.is_dealer, search)
            best = max(throws, key=throws.__getitem__)
            chosen = tuple(sorted(decision.choice))
            lost = throws[best] - throws[chosen[0], chosen[1]]
            did = f"{role} throws {throw_kind(chosen)}"
            kind = f"{did}, not {throw_kind(best)}" if lost > EPSILON else ""
            judged.append(Judged("discard", role, decision.aware, lost, did, kind))
            continue
        if len({card.rank for card in view.legal}) < 2 or view.hand_number not in thrown:
            continue
        played = {card for seat, card in view.history if seat != view.seat}
        remaining = [card for card in their_keep if card not in played]
        values = play_values(view.hand, view.pile, remaining, search)
        best_card = max(values, key=values.__getitem__)
        lost = values[best_card] - values[decision.choice[0]]
        did = f"{role}: {card_kind(view, decision.choice[0])}"
        kind = f"{did}, not {card_kind(view, best_card)}" if lost > EPSILON else ""
        phase = "lead" if not view.pile else "reply"
        judged.append(Judged(phase, role, decision.aware, lost, did, kind))
    return judged


def study_pair(job: tuple[Player, Player, int]) -> PairStudy:
    """Both games of one duplicate pair, and the first player's decisions judged."""
    first, second, seed = job
    watched = [WatchedPlayer(p.level, p.settings, p.name) for p in (first, second)]
    records, judged = [], []
    for first_seat in (0, 1):
        for player in watched:
            player.logs.clear()
        record = play_game(watched[0], watched[1], seed, first_seat, TARGET)
        records.append(record)
        mine = watched[0].logs.get(seed * 2 + first_seat, [])
        theirs = watched[1].logs.get(seed * 2 + 1 - first_seat, [])
        judged += _judge_game(record, mine, theirs)
    return PairStudy(tuple(records), judged)


# -- the figures -----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Mean:
    """A mean with the half-width of its 95% interval."""

    mean: float
    half: float
    n: int

    @staticmethod
    def of(values: Sequence[float]) -> Mean:
        n = len(values)
        if n == 0:
            return Mean(0.0, 0.0, 0)
        mean = sum(values) / n
        if n == 1:
            return Mean(mean, math.inf, 1)
        variance = sum((x - mean) ** 2 for x in values) / (n - 1)
        return Mean(mean, 1.96 * math.sqrt(variance / n), n)

    def __str__(self) -> str:
        return f"{self.mean:+.2f} ±{self.half:.2f}"


def phase_points(records: Iterable[GameRecord]) -> dict[tuple[str, str, int], list[int]]:
    """Per completed deal, by the first player's role, category and side (0: the first
    player, 1: the second, 2: the margin), the points; categories as the tournament's plus
    "total"."""
    cells: dict[tuple[str, str, int], list[int]] = {}
    for record in records:
        for deal in record.deals:
            role = "dealer" if deal[0].dealer else "pone"
            totals = [0, 0]
            for category in CATEGORIES:
                points = [getattr(deal[side], category) for side in (0, 1)]
                totals = [totals[0] + points[0], totals[1] + points[1]]
                for side, value in enumerate((*points, points[0] - points[1])):
                    cells.setdefault((role, category, side), []).append(value)
            for side, value in enumerate((*totals, totals[0] - totals[1])):
                cells.setdefault((role, "total", side), []).append(value)
    return cells


@dataclass(frozen=True, slots=True)
class Moment:
    """Where the first player stood at one moment of a game: its lead, whether it dealt
    next, and its chance of winning from there by the shipped table."""

    lead: int
    deals: bool
    chance: float


def moments(record: GameRecord) -> list[Moment | None]:
    """The first player's position at each of `MOMENTS` (None when the game ended first):
    the start of the first deal begun with the leader at or past each of `MOMENT_SCORES`."""
    table = win_table()
    scores = [0, 0]
    starts = []
    for number in range(len(record.deals) + 1):
        deals = (number % 2 == 0) == (record.first_seat == 0)
        starts.append((scores[0], scores[1], deals))
        if number < len(record.deals):
            deal = record.deals[number]
            for side in (0, 1):
                scores[side] += sum(getattr(deal[side], c) for c in CATEGORIES)
    found: list[Moment | None] = []
    for threshold in MOMENT_SCORES:
        for mine, theirs, deals in starts:
            if max(mine, theirs) >= threshold:
                chance = table.chance(TARGET - mine, TARGET - theirs, deals)
                found.append(Moment(mine - theirs, deals, chance))
                break
        else:
            found.append(None)
    return found


def stretch_gains(record: GameRecord) -> list[float]:
    """The first player's gain in its chance of winning over each stretch of the game: from
    each of `MOMENTS` to the next (the last to the game's result); a stretch the game did not
    reach gains nothing. They add up to the result less the chance at the start."""
    result = 1.0 if record.winner_is_first else 0.0
    chances = [m.chance if m is not None else result for m in moments(record)] + [result]
    return [chances[k + 1] - chances[k] for k in range(len(MOMENTS))]


def lead_band(lead: int) -> int:
    """The index in `LEAD_BANDS` of a lead (negative: behind)."""
    return next(k for k, (low, high) in enumerate(LEAD_BANDS) if low <= lead <= high)


def region_table(records: Sequence[GameRecord]) -> list[list[tuple[int, int, float]]]:
    """For each of `MOMENTS`, and each lead band (then one column for the games that ended
    before that moment), the games, the first player's wins among them, and the sum of its
    chances of winning from there by the shipped table; each row adds up to the games."""
    table = [[(0, 0, 0.0) for _ in range(len(LEAD_BANDS) + 1)] for _ in MOMENTS]
    for record in records:
        for row, moment in zip(table, moments(record), strict=True):
            k = len(LEAD_BANDS) if moment is None else lead_band(moment.lead)
            games, wins, chances = row[k]
            chance = float(record.winner_is_first) if moment is None else moment.chance
            row[k] = (games + 1, wins + record.winner_is_first, chances + chance)
    return table


def _wilson(wins: int, games: int) -> str:
    if games == 0:
        return "-"
    z, p = 1.96, wins / games
    centre = (p + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return f"{100 * p:.0f}% ({100 * (centre - half):.0f}-{100 * (centre + half):.0f})"


def report(first: Player, second: Player, studies: Sequence[PairStudy], top: int) -> str:
    """The three tables, as text."""
    records = [record for study in studies for record in study.records]
    judged = [j for study in studies for j in study.judged]
    lines = []
    wins = sum(r.winner_is_first for r in records)
    pairs = Mean.of([sum(r.winner_is_first for r in s.records) / 2 for s in studies])
    lines.append(
        f"{first} wins {wins} of {len(records)} games: {100 * pairs.mean:.1f}% "
        f"(95% CI {100 * (pairs.mean - pairs.half):.1f}-{100 * (pairs.mean + pairs.half):.1f}%)"
    )
    lines.append("")
    lines.append(f"1. Points per completed deal, by {first}'s role (margin: {first}'s less)")
    cells = phase_points(records)
    lines.append(f"{'':16}{str(first)[:14]:>14}{str(second)[:14]:>14}{'margin (95% CI)':>20}")
    for role in ROLES:
        for category in (*CATEGORIES, "total"):
            if (role, category, 0) not in cells:
                continue
            mine, theirs, margin = (Mean.of(cells[role, category, s]) for s in (0, 1, 2))
            lines.append(
                f"{role + ' ' + category:16}{mine.mean:>14.2f}{theirs.mean:>14.2f}{margin!s:>20}"
            )
    deals = len(cells.get(("dealer", "total", 0), [])), len(cells.get(("pone", "total", 0), []))
    lines.append(f"({deals[0]} deals as dealer, {deals[1]} as pone)")
    lines.append("")
    lines.append(f"2. Games by {first}'s lead at three moments, and its share of them won")
    bands = [f"{low:+d}..{high:+d}" for low, high in LEAD_BANDS]
    bands[0], bands[-1] = f"<{LEAD_BANDS[1][0]:+d}", f">{LEAD_BANDS[-2][1]:+d}"
    lines.append(f"{'':18}" + "".join(f"{band:>14}" for band in [*bands, "ended before"]))
    for name, row in zip(MOMENTS, region_table(records), strict=True):
        lines.append(f"{name:18}" + "".join(f"{games:>14}" for games, _, _ in row))
        lines.append(f"{'  won':18}" + "".join(f"{_wilson(w, g):>14}" for g, w, _ in row))
        lines.append(
            f"{'  by the table':18}"
            + "".join(f"{f'{100 * c / g:.0f}%' if g else '-':>14}" for g, _, c in row)
        )
    lines.append(
        f"{first}'s gain in its chance of winning in each stretch (table: expert self-play)"
    )
    gains = [stretch_gains(r) for r in records]
    start = Mean.of([r.winner_is_first - sum(g) for r, g in zip(records, gains, strict=True)])
    lines.append(f"  chance at the start {100 * start.mean:.1f}%")
    ends = [*MOMENTS[1:], "the result"]
    for k, name in enumerate(MOMENTS):
        gain = Mean.of([100 * g[k] for g in gains])
        lines.append(
            f"  {name} to {ends[k]}: {gain.mean:+.1f} ±{gain.half:.1f} points of a percent"
        )
    lines.append("")
    lines.append(f"3. {first}'s decisions against the deeper look (both hands known)")
    lines.append(
        f"{'':24}{'decisions':>10}{'differ':>9}{'points given up a decision':>30}"
        f"{'a difference':>14}"
    )
    for aware in (False, True):
        lines.append("deciding by the chance of winning" if aware else "deciding by points")
        for phase in ("discard", "lead", "reply"):
            for role in ROLES:
                group = [j for j in judged if (j.phase, j.role, j.aware) == (phase, role, aware)]
                if not group:
                    continue
                differ = [j.lost for j in group if j.lost > EPSILON]
                given = Mean.of([j.lost for j in group])
                share = 100 * len(differ) / len(group)
                each = sum(differ) / len(differ) if differ else 0.0
                lines.append(
                    f"  {phase + ', ' + role:22}{len(group):>10}{share:>8.1f}%"
                    f"{given.mean:>19.3f} ±{given.half:.3f}{each:>17.2f}"
                )
    by_points = [j for j in judged if not j.aware]
    kinds = Counter(j.kind for j in by_points if j.kind)
    lost_by: dict[str, float] = {}
    chosen = Counter(j.did for j in by_points)
    for j in by_points:
        lost_by[j.kind] = lost_by.get(j.kind, 0.0) + j.lost
        lost_by[j.did + ":"] = lost_by.get(j.did + ":", 0.0) + j.lost
    lines.append("the commonest differences deciding by points (times; points given up in all):")
    for kind, times in kinds.most_common(top):
        lines.append(f"  {times:>5} {lost_by[kind]:>7.1f}  {kind}")
    lines.append(
        "the choices that give up most in all (times chosen; how often the deeper look "
        "differs; points given up in all, and a choice):"
    )
    for did in sorted(chosen, key=lambda did: -lost_by[did + ":"])[:top]:
        picked = chosen[did]
        differing = sum(1 for j in by_points if j.did == did and j.kind)
        in_all = lost_by[did + ":"]
        lines.append(
            f"  {picked:>5} {100 * differing / picked:>5.0f}% {in_all:>7.1f} {in_all / picked:>6.2f}"
            f"  {did}"
        )
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the study from the command line; returns the exit code."""
    parser = argparse.ArgumentParser(
        prog="python benchmarks/where_lost.py",
        description="Where a player loses games: points by phase, games by score, and its "
        "decisions against a deeper look with both hands known.",
    )
    parser.add_argument("first", nargs="?", default="expert", help="the player studied")
    parser.add_argument("second", nargs="?", default="ismcts:passes=500", help="its partner")
    parser.add_argument("--games", type=int, default=40, help="games, in pairs (default 40)")
    parser.add_argument("--seed", type=int, default=1, help="tournament seed (default 1)")
    parser.add_argument("--jobs", type=int, default=1, help="processes (default 1)")
    parser.add_argument("--top", type=int, default=10, help="kinds of difference listed")
    parser.add_argument("--save", metavar="FILE", help="also keep the games studied in FILE")
    parser.add_argument(
        "--load",
        metavar="FILE",
        help="report on the games kept in FILE (name the players as they were played)",
    )
    args = parser.parse_args(argv)
    try:
        first, second = parse_player(args.first), parse_player(args.second)
        if args.games < 2 or args.games % 2:
            raise ValueError("--games must be a positive even number (games come in pairs).")
        if args.jobs < 1:
            raise ValueError("--jobs must be at least 1.")
    except ValueError as err:
        print(f"where_lost: {err}", file=sys.stderr)
        return 2
    started = time.monotonic()
    jobs = [(first, second, pair_seed(args.seed, k)) for k in range(args.games // 2)]
    studies: list[PairStudy]
    if args.load:
        try:
            with open(args.load, "rb") as handle:
                studies = pickle.load(handle)  # a file this script wrote
        except (OSError, pickle.UnpicklingError, EOFError) as err:
            print(f"where_lost: cannot read {args.load}: {err}", file=sys.stderr)
            return 2
    else:
        studies = []
        with ProcessPoolExecutor(max_workers=args.jobs) as pool:
            for study in pool.map(study_pair, jobs, chunksize=1):
                studies.append(study)
                if args.save:  # kept as they come, so that a long run stopped is not lost
                    with open(args.save, "wb") as handle:
                        pickle.dump(studies, handle)
                print(f"\r{len(studies)}/{len(jobs)} pairs", end="", file=sys.stderr, flush=True)
        print(file=sys.stderr)
    games = 2 * len(studies)
    print(
        f"{first} against {second}: {games} games in duplicate pairs, seed {args.seed}, "
        f"{time.monotonic() - started:.0f} s"
    )
    print(report(first, second, studies, args.top))
    return 0


if __name__ == "__main__":
    sys.exit(main())
