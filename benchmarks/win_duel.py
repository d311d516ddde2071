"""What a setting is worth in games won, deal by deal: `python benchmarks/win_duel.py expert expert:crib=random`.

A tournament needs tens of thousands of games to see an edge of a few tenths of a point a
game. This benchmark looks closer. Each deal starts from a game position (the scores and who
deals), and the two players being compared take the same seat, one after the other, against
the same opponent (the expert unless `--opponent` says otherwise), with the same cards and the
same starter. The deal is played to its end by the real engine, show included, and each
player's outcome is its chance of winning the game from there: 1 or 0 if someone reached 121
during the deal, otherwise the shipped table of winning chances (`winning.json`) at the new
scores with the deal passed on.

The two players are followed in lockstep: while they choose alike they share one game, and
where they part the game forks, so deals where they agree throughout cost one play-out and
add exactly zero. Every deal is played with `--cuts` different starters.

The positions: the first player's score is drawn evenly from 0 to 120, the opponent's
within 20 points of it, and either may deal.
"""

from __future__ import annotations

import argparse
import math
import random
import sys
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import replace

from cribbage.computer import Computer
from cribbage.computer.tables import win_table
from cribbage.events import HandOver
from cribbage.rules import (
    Action,
    CutStarter,
    GameConfig,
    GameState,
    Phase,
    apply,
    cut_positions,
    new_game,
    pending,
)
from cribbage.tournament import Player, parse_player
from cribbage.view import view_for

TARGET = 121


def position(deal: int) -> tuple[int, tuple[int, int], int]:
    """The seed, the scores (the compared seat first) and the dealer of deal number `deal`."""
    rng = random.Random(f"win-duel:{deal}")
    mine = rng.randint(0, TARGET - 1)
    theirs = min(max(mine + rng.randint(-20, 20), 0), TARGET - 1)
    return rng.getrandbits(32), (mine, theirs), rng.randint(0, 1)


def _outcome(state: GameState, start: tuple[int, ...]) -> tuple[float, int]:
    """Seat 0's chance of winning after the deal, and its points minus seat 1's in the deal."""
    points = (state.scores[0] - start[0]) - (state.scores[1] - start[1])
    if state.winner is not None:
        return (1.0 if state.winner == 0 else 0.0), points
    assert state.dealer is not None
    chance = win_table().chance(
        TARGET - state.scores[0], TARGET - state.scores[1], state.dealer == 0
    )
    return chance, points


def play_deal(
    state: GameState, players: Sequence[Computer], opponent: Computer, cuts: Sequence[int]
) -> dict[tuple[int, int], tuple[float, int]]:
    """Each of `players` in seat 0 against `opponent` in seat 1 for one deal, once for each
    of `cuts` (where the pone cuts the pack): by (cut, player), the player's chance of
    winning afterwards and its points minus the opponent's."""
    start = state.scores
    results: dict[tuple[int, int], tuple[float, int]] = {}
    games: list[tuple[GameState, list[int], int]] = [(state, list(range(len(players))), -1)]
    while games:
        state, who, cut = games.pop()
        seat = pending(state)[0]
        choices: list[tuple[Action, list[int], int]] = []
        if state.phase is Phase.CUT_STARTER:
            choices = [(CutStarter(seat, position), who, position) for position in cuts]
        elif seat == 1:
            choices = [(opponent.act(view_for(state, 1)), who, cut)]
        else:
            view = view_for(state, 0)
            chosen: dict[Action, list[int]] = {}
            for k in who:
                chosen.setdefault(players[k].act(view), []).append(k)
            choices = [(action, group, cut) for action, group in chosen.items()]
        for action, group, position in choices:
            after, events = apply(state, action)
            if after.phase is Phase.GAME_OVER or any(
                isinstance(event, HandOver) for event in events
            ):
                for k in group:
                    results[position, k] = _outcome(after, start)
            else:
                games.append((after, group, position))
    return results


def duel(job: tuple[Player, Player, Player, int, int]) -> tuple[float, float, bool]:
    """Deal number `deal`, averaged over `cuts` starters: the first player's chance of winning
    minus the second's, its points minus the second's, and whether their outcomes differ."""
    first, second, opponent, deal, cuts = job
    seed, scores, dealer = position(deal)
    state = replace(new_game(GameConfig(target=TARGET), seed=seed, dealer=dealer), scores=scores)
    positions = list(cut_positions(replace(state, phase=Phase.CUT_STARTER)))
    chosen = random.Random(f"win-duel-cuts:{deal}").sample(positions, cuts)
    results = play_deal(
        state, [first.computer(1), second.computer(1)], opponent.computer(2), chosen
    )
    chances = [results[cut, 0][0] - results[cut, 1][0] for cut in chosen]
    points = [results[cut, 0][1] - results[cut, 1][1] for cut in chosen]
    differ = any(results[cut, 0] != results[cut, 1] for cut in chosen)
    return sum(chances) / cuts, sum(points) / cuts, differ


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("first", help="a player, e.g. expert")
    parser.add_argument("second", help="the player compared with it, e.g. expert:crib=random")
    parser.add_argument(
        "--opponent", default="expert", help="who both play against (default expert)"
    )
    parser.add_argument("--deals", type=int, default=4000)
    parser.add_argument("--cuts", type=int, default=4, help="starters per deal (default 4)")
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args(argv)
    try:
        first, second, opponent = (
            parse_player(text) for text in (args.first, args.second, args.opponent)
        )
    except ValueError as error:
        parser.error(str(error))
    started = time.perf_counter()
    per_deal: list[tuple[float, float]] = []
    differing = 0
    jobs = [(first, second, opponent, deal, args.cuts) for deal in range(args.deals)]
    with ProcessPoolExecutor(args.workers) as pool:
        for done, (chance, points, differ) in enumerate(pool.map(duel, jobs, chunksize=8), 1):
            per_deal.append((chance, points))
            differing += differ
            if done % 100 == 0:
                print(f"\r{done}/{args.deals} deals", end="", file=sys.stderr)
    print(file=sys.stderr)
    n = len(per_deal)
    print(
        f"{args.first} minus {args.second}, each against {args.opponent}, over {n} deals "
        f"x {args.cuts} starters (outcomes differ in {differing} deals, {100 * differing / n:.1f}%):"
    )
    for name, values, scale, unit in (
        ("chance of winning", [d[0] for d in per_deal], 100, "points of %"),
        ("points in the deal", [float(d[1]) for d in per_deal], 1, "points"),
    ):
        mean = sum(values) / n
        sd = math.sqrt(sum((v - mean) ** 2 for v in values) / (n - 1))
        se = sd / math.sqrt(n)
        print(
            f"  {name:<19} {scale * mean:+.4f} {unit} a deal (standard error {scale * se:.4f}, "
            f"{mean / se if se else 0:+.1f} standard errors)"
        )
    print(f"{time.perf_counter() - started:.0f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
