"""Duplicate tournaments between computer levels: `python -m cribbage.tournament expert classic`.

Every deal is played twice with the seats swapped: a pair of games shares one seed, so each
seat is dealt the same cards and cuts the same starters in both games, and the two players
take turns holding them. What is left is skill (and how the two games drift apart once the
players' choices differ). Pairs run on several processes; the result is the first player's
win rate with a 95% confidence interval (from the spread of the pair results), the skunks,
and both players' average points per completed deal, as dealer and as pone, split into hand,
crib, pegging and his heels.

`--match N` plays each seat of a pair as a match of N games, every later game carrying the
plays of the ones before it (`GameState.match_plays`), so that reading an opponent across a
match can be measured.

`--game` plays the other games the same way. Three- and four-handed, the first player takes
one seat and the second every other, and a set of games shares one seed with the first player
in each seat in turn (three or four games; its fair share of wins is a third or a quarter).
With partners the first player's two computers sit against the second's, and a pair of games
swaps the partnerships. Five-card cribbage is played in pairs to 61.

A player is a level (`easy`, `classic`, `expert`), optionally with expert settings after a
colon, e.g. `expert:crib=random,pegging=off` (see `cribbage.computer.settings.Settings`), or
a sparring partner registered under a name of its own (`cribbage.computer.strategy.register`:
the benchmarks' players of other styles), with its settings after the colon. Every player
takes the same place: a `Computer` deciding by its `Strategy`.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field, replace
from typing import Final, TextIO

from .cards import Card
from .computer import Computer
from .computer.strategy import strategy_for
from .events import Dealt, GameResult, HandOver, Reason, Scored, StarterTurned
from .match import plays_so_far
from .rules import (
    Action,
    CutStarter,
    GameConfig,
    GameState,
    Phase,
    apply,
    cut_range,
    new_game,
    pending,
)
from .variants import Variant
from .view import view_for

__all__ = [
    "DealPoints",
    "GameRecord",
    "Player",
    "Summary",
    "game_config",
    "main",
    "pair_seed",
    "parse_player",
    "play_game",
    "play_pair",
    "play_set",
    "summarize",
]

CATEGORIES: Final = ("hand", "crib", "pegging", "heels")


@dataclass(frozen=True, slots=True)
class Player:
    """A contestant: a level or a registered sparring partner
    (`cribbage.computer.strategy.register`), with its settings as written after the colon."""

    level: str
    settings: str = ""
    name: str = ""

    def computer(self, seed: int) -> Computer:
        """A fresh computer of this kind."""
        spec = f"{self.level}:{self.settings}" if self.settings else self.level
        return Computer.playing(strategy_for(spec, seed))

    def __str__(self) -> str:
        return self.name or self.level


def parse_player(text: str) -> Player:
    """A player from 'name' or 'name:setting=value,...': a level, or a sparring partner
    registered with `cribbage.computer.strategy.register`.

    Raises:
        ValueError: an unknown player or setting (the message is a sentence for the user).

    >>> parse_player("expert:crib=random").computer(1).settings.crib
    'random'
    """
    strategy_for(text, 0)  # says what is wrong with it, if anything
    level, _, rest = text.partition(":")
    return Player(level, rest, text)


@dataclass(frozen=True, slots=True)
class DealPoints:
    """What one seat scored in one completed deal, and whether it dealt."""

    dealer: bool
    hand: int
    crib: int
    pegging: int
    heels: int


@dataclass(frozen=True, slots=True)
class GameRecord:
    """One game of a tournament, from the first player's side."""

    seed: int
    first_seat: int
    winner_is_first: bool
    result: GameResult
    scores: tuple[int, int]
    """Final scores: the first player's side's, then the best of the others'."""
    deals: tuple[tuple[DealPoints, ...], ...]
    """Completed deals: each seat's points, the first player's seats first (`first_seats` of
    them), then the second's, each in order round the table."""
    dealt: tuple[tuple[tuple[tuple[Card, ...], ...], Card | None], ...]
    """Every deal begun: the cards dealt to each seat, and the starter (if cut)."""
    seconds: float
    first_seats: int = 1
    """How many of the seats the first player holds (two with partners)."""


def pair_seed(seed: int, pair: int) -> int:
    """The game seed of pair number `pair` in a tournament seeded `seed`.

    >>> pair_seed(1, 0) == pair_seed(1, 0) != pair_seed(1, 1)
    True
    """
    return random.Random(f"tournament:{seed}:{pair}").getrandbits(62)


def _cut(seed: int, hand_number: int, positions: range) -> int:
    """The starter cut of a deal: fixed by the game seed, so both games of a pair share it."""
    return random.Random(f"cut:{seed}:{hand_number}").choice(positions)


def game_config(variant: Variant, target: int | None = None) -> GameConfig:
    """The rules of a tournament's games: `variant` to `target` (121, or 61 in five-card).

    >>> game_config(Variant.PARTNERS).partners, game_config(Variant.FIVE_CARD).target
    (True, 61)
    """
    five_card = variant is Variant.FIVE_CARD
    if target is None:
        target = 61 if five_card else 121
    return GameConfig(
        target=target,
        players=variant.players,
        partners=variant is Variant.PARTNERS,
        five_card=five_card,
    )


def play_game(
    first: Player,
    second: Player,
    seed: int,
    first_seat: int,
    target: int = 121,
    config: GameConfig | None = None,
) -> GameRecord:
    """Play one game: `first` in `first_seat` (and its partner's seat, with partners), the
    second player in every other seat, seat 0 dealing first, cuts fixed by `seed`.
    `config` sets the game (the two-handed game to `target` when not given)."""
    return _play_game(first, second, seed, first_seat, config or GameConfig(target=target))[0]


def _play_game(
    first: Player,
    second: Player,
    seed: int,
    first_seat: int,
    config: GameConfig,
    earlier: tuple[tuple[tuple[int, Card], ...], ...] = (),
) -> tuple[GameRecord, GameState]:
    """`play_game`, after the plays `earlier` of the games before it in a match
    (`GameState.match_plays`); with the final state."""
    started = time.perf_counter()
    players = config.players
    mine = config.side_of(first_seat)
    order = sorted(
        range(players), key=lambda s: (config.side_of(s) != mine, (s - first_seat) % players)
    )
    seats = [first if config.side_of(s) == mine else second for s in range(players)]
    computers = [player.computer(seed * 2 + k) for k, player in enumerate(seats)]
    state = replace(new_game(config, seed=seed, dealer=0), match_plays=earlier)
    points = [dict.fromkeys(CATEGORIES, 0) for _ in range(players)]
    dealer = 0
    deals: list[tuple[DealPoints, ...]] = []
    dealt: list[tuple[tuple[tuple[Card, ...], ...], Card | None]] = [(state.hands, None)]
    while state.phase is not Phase.GAME_OVER:
        seat = pending(state)[0]
        action: Action
        if state.phase is Phase.CUT_STARTER:
            positions = cut_range(len(state.pack))
            action = CutStarter(seat, _cut(seed, state.hand_number, positions))
        else:
            action = computers[seat].act(view_for(state, seat))
        state, events = apply(state, action)
        for event in events:
            if isinstance(event, Scored):
                kind = {
                    Reason.HAND: "hand",
                    Reason.CRIB: "crib",
                    Reason.HEELS: "heels",
                }.get(event.reason, "pegging")
                points[event.seat][kind] += event.points
            elif isinstance(event, HandOver):
                by_seat = [
                    DealPoints(s == dealer, p["hand"], p["crib"], p["pegging"], p["heels"])
                    for s, p in enumerate(points)
                ]
                deals.append(tuple(by_seat[s] for s in order))
                points = [dict.fromkeys(CATEGORIES, 0) for _ in range(players)]
            elif isinstance(event, Dealt):
                dealer = event.dealer
                dealt.append((state.hands, None))
            elif isinstance(event, StarterTurned):
                dealt[-1] = (dealt[-1][0], event.card)
    assert state.winner is not None and state.result is not None
    others = [score for side, score in enumerate(state.scores) if side != mine]
    record = GameRecord(
        seed=seed,
        first_seat=first_seat,
        winner_is_first=state.winner == mine,
        result=state.result,
        scores=(state.scores[mine], max(others)),
        deals=tuple(deals),
        dealt=tuple(dealt),
        seconds=time.perf_counter() - started,
        first_seats=len(config.seats_of(mine)),
    )
    return record, state


def play_pair(job: tuple[Player, Player, int, int]) -> tuple[GameRecord, GameRecord]:
    """Both games of one duplicate pair: the same seed, the players in swapped seats."""
    first, second, seed, target = job
    return (
        play_game(first, second, seed, 0, target),
        play_game(first, second, seed, 1, target),
    )


def play_set(
    job: tuple[Player, Player, int, GameConfig] | tuple[Player, Player, int, GameConfig, int],
) -> tuple[GameRecord, ...]:
    """The games of one duplicate set: one seed, the first player in each of its places in
    turn (each seat three- and four-handed, each partnership with partners, each seat of two).

    With a fifth element `n` above 1, each place plays a match of `n` games instead (seeds
    drawn from the set's), every game after the plays of the ones before it, as in a match
    (`cribbage.match.plays_so_far`): the players can read each other across it."""
    first, second, seed, config = job[:4]
    n = job[4] if len(job) == 5 else 1
    places = config.sides if config.partners else config.players
    seeds = [seed] + [pair_seed(seed, k) for k in range(1, n)]
    records = []
    for place in range(places):
        earlier: tuple[tuple[tuple[int, Card], ...], ...] = ()
        for game_seed in seeds:
            record, state = _play_game(first, second, game_seed, place, config, earlier)
            records.append(record)
            earlier = plays_so_far(state)
    return tuple(records)


@dataclass(slots=True)
class Summary:
    """Totals over a tournament, from the first player's side."""

    pairs: list[float] = field(default_factory=list)
    """Per duplicate pair or set, the first player's share of its games (0, 0.5 or 1 for a
    pair)."""
    games: int = 0
    wins: list[int] = field(default_factory=lambda: [0, 0])
    skunks: list[int] = field(default_factory=lambda: [0, 0])
    double_skunks: list[int] = field(default_factory=lambda: [0, 0])
    seconds: float = 0.0
    deal_totals: dict[str, list[int]] = field(default_factory=dict)
    """'side:role:category' -> [points, deals]."""

    def add(self, records: Sequence[GameRecord]) -> None:
        """Count one pair (or set) of games."""
        self.pairs.append(sum(r.winner_is_first for r in records) / len(records))
        for record in records:
            self.games += 1
            self.seconds += record.seconds
            side = 0 if record.winner_is_first else 1
            self.wins[side] += 1
            if record.result is GameResult.SKUNK:
                self.skunks[side] += 1
            elif record.result is GameResult.DOUBLE_SKUNK:
                self.double_skunks[side] += 1
            for deal in record.deals:
                for k, points in enumerate(deal):
                    side = 0 if k < record.first_seats else 1
                    role = "dealer" if points.dealer else "pone"
                    for category in CATEGORIES:
                        cell = self.deal_totals.setdefault(f"{side}:{role}:{category}", [0, 0])
                        cell[0] += getattr(points, category)
                        cell[1] += 1

    def win_rate(self) -> tuple[float, float]:
        """The first player's win rate and the half-width of its 95% confidence interval."""
        n = len(self.pairs)
        if n == 0:
            return 0.0, 0.0
        mean = sum(self.pairs) / n
        if n == 1:
            return mean, 1.0
        variance = sum((x - mean) ** 2 for x in self.pairs) / (n - 1)
        return mean, 1.96 * math.sqrt(variance / n)

    def average(self, side: int, role: str, category: str) -> float:
        """Average points per completed deal."""
        points, deals = self.deal_totals.get(f"{side}:{role}:{category}", [0, 0])
        return points / deals if deals else 0.0


def summarize(
    first: Player, second: Player, summary: Summary, out: TextIO, *, sides: int = 2
) -> None:
    """Print the tournament's result table (`sides`: how many sides each game has, so that
    the first player's fair share of wins is one in `sides`)."""
    rate, half = summary.win_rate()
    names = [str(first), str(second)]
    width = max(len(name) for name in names) + 2
    print(
        f"{names[0]} wins {summary.wins[0]} of {summary.games} games: {100 * rate:.1f}% "
        f"(95% CI {100 * (rate - half):.1f}-{100 * (rate + half):.1f}%)"
        + (f"; a fair share is {100 / sides:.1f}%" if sides > 2 else ""),
        file=out,
    )
    print(f"{'':{width}}{'wins':>6}{'skunks':>8}{'double':>8}", file=out)
    for k, name in enumerate(names):
        print(
            f"{name:{width}}{summary.wins[k]:>6}{summary.skunks[k]:>8}{summary.double_skunks[k]:>8}",
            file=out,
        )
    print("average points per deal:", file=out)
    print(
        f"{'':{width}}{'dealer:':>8}{'hand':>6}{'crib':>6}{'peg':>6}{'heels':>6}{'total':>7}"
        f"{'pone:':>8}{'hand':>6}{'peg':>6}{'total':>7}",
        file=out,
    )
    for k, name in enumerate(names):
        dealer = [summary.average(k, "dealer", c) for c in CATEGORIES]
        pone = [summary.average(k, "pone", c) for c in CATEGORIES]
        print(
            f"{name:{width}}{'':>8}{dealer[0]:>6.2f}{dealer[1]:>6.2f}{dealer[2]:>6.2f}"
            f"{dealer[3]:>6.2f}{sum(dealer):>7.2f}{'':>8}{pone[0]:>6.2f}{pone[2]:>6.2f}"
            f"{sum(pone):>7.2f}",
            file=out,
        )
    per_game = summary.seconds / summary.games if summary.games else 0.0
    print(f"{per_game:.2f} s of computing per game", file=out)


def _progress(done: int, total: int, summary: Summary, started: float, out: TextIO) -> None:
    width = 30
    filled = width * done // total
    rate, half = summary.win_rate()
    elapsed = time.monotonic() - started
    left = elapsed / done * (total - done) if done else 0.0
    print(
        f"\r[{'#' * filled}{'.' * (width - filled)}] {done}/{total} sets "
        f"{100 * rate:5.1f}% ±{100 * half:.1f}  {elapsed:5.0f} s, about {left:4.0f} s left ",
        end="",
        file=out,
        flush=True,
    )


def main(argv: Sequence[str] | None = None) -> int:
    """Run a tournament from the command line; returns the exit code."""
    parser = argparse.ArgumentParser(
        prog="python -m cribbage.tournament",
        description="Duplicate games between two computer players.",
    )
    parser.add_argument("first", help="a level (easy, classic, expert), e.g. expert:crib=random")
    parser.add_argument("second", help="the other player")
    parser.add_argument(
        "--games",
        type=int,
        help="games in all, a whole number of sets: pairs, or three or four games three- and "
        "four-handed (default 1,000 sets: 2,000 games in pairs)",
    )
    parser.add_argument("--seed", type=int, default=1, help="tournament seed (default 1)")
    parser.add_argument("--jobs", type=int, default=2, help="processes (default 2)")
    parser.add_argument(
        "--game",
        choices=[variant.value for variant in Variant],
        default=Variant.TWO_HANDED.value,
        help="the game played (default two-handed)",
    )
    parser.add_argument(
        "--target", type=int, help="points to win a game (default 121; 61 in five-card)"
    )
    parser.add_argument(
        "--match",
        type=int,
        default=1,
        metavar="N",
        help="play each set's places as matches of N games, each player reading the other "
        "across them (default 1: single games); --games counts every game",
    )
    parser.add_argument("--json", metavar="FILE", help="also write the results to FILE as JSON")
    parser.add_argument("--quiet", action="store_true", help="no progress bar")
    args = parser.parse_args(argv)
    try:
        first, second = parse_player(args.first), parse_player(args.second)
        config = game_config(Variant(args.game), args.target)
        size = config.sides if config.partners else config.players
        unit = "pairs" if size == 2 else f"sets of {size}"
        if args.games is None:
            args.games = 1000 * size
        if args.match < 1:
            raise ValueError("--match must be at least 1.")
        size *= args.match
        if args.match > 1:
            unit = f"sets of {size} in matches of {args.match}"
        if args.games < size or args.games % size:
            raise ValueError(
                f"--games must be a positive multiple of {size} (games come in {unit})."
            )
        if args.jobs < 1:
            raise ValueError("--jobs must be at least 1.")
    except ValueError as err:
        print(f"tournament: {err}", file=sys.stderr)
        return 2
    pairs = args.games // size
    if pairs == 1:
        unit = unit.replace("pairs", "pair").replace("sets", "set")
    jobs = [(first, second, pair_seed(args.seed, k), config, args.match) for k in range(pairs)]
    summary = Summary()
    started = time.monotonic()
    try:
        with ProcessPoolExecutor(max_workers=args.jobs) as pool:
            for done, records in enumerate(pool.map(play_set, jobs, chunksize=1), 1):
                summary.add(records)
                if not args.quiet:
                    _progress(done, pairs, summary, started, sys.stderr)
    except KeyboardInterrupt:
        print("\ntournament: interrupted", file=sys.stderr)
        return 130
    if not args.quiet:
        print(file=sys.stderr)
    game = "" if config == GameConfig() else f"{Variant(args.game).phrase}, "
    print(
        f"{first} against {second}: {summary.games} games in {pairs} duplicate {unit}, "
        f"{game}target {config.target}, seed {args.seed}, {args.jobs} processes, "
        f"{time.monotonic() - started:.0f} s",
    )
    summarize(first, second, summary, sys.stdout, sides=config.sides)
    if args.json:
        rate, half = summary.win_rate()
        with open(args.json, "w", encoding="utf-8") as handle:
            json.dump(
                {
                    "first": str(first),
                    "second": str(second),
                    "games": summary.games,
                    "seed": args.seed,
                    "game": args.game,
                    "target": config.target,
                    "win_rate": rate,
                    "ci95": half,
                    "wins": summary.wins,
                    "skunks": summary.skunks,
                    "double_skunks": summary.double_skunks,
                    "seconds_per_game": summary.seconds / summary.games,
                    "per_deal": {
                        key: value[0] / value[1]
                        for key, value in sorted(summary.deal_totals.items())
                    },
                },
                handle,
                indent=1,
            )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
