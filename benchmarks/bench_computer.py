"""Speed of the expert: `python benchmarks/bench_computer.py [discard] [play] [--games N]`.

* discard: 1,000 seeded deals (six random cards, dealer or pone in turn, both scores drawn
  at random from 0..120, so about half the decisions are near the end of a game and weigh
  chances of winning); the time of each `Computer.discard`.
* play: seeded expert-against-expert games to 121 (200 by default); the time of every
  `Computer.play` call (forced plays included), of every discard, and of each whole game.

Prints the median, 99th percentile and maximum in milliseconds. Run it on an otherwise idle
machine (it uses one core) and say what else was running.
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import statistics
import sys
import time
from collections.abc import Sequence

from cribbage.cards import DECK
from cribbage.computer import Computer
from cribbage.rules import MIN_PACKET, Action, CutStarter, GameConfig, Phase, apply, new_game, pending
from cribbage.view import view_for


def _percentiles(name: str, seconds: Sequence[float]) -> None:
    ms = sorted(1000 * s for s in seconds)
    p99 = ms[min(len(ms) - 1, round(0.99 * (len(ms) - 1)))]
    print(
        f"{name:<26} n={len(ms):>6}  median {statistics.median(ms):7.1f} ms  "
        f"p99 {p99:7.1f} ms  max {ms[-1]:7.1f} ms  mean {statistics.fmean(ms):7.1f} ms"
    )


def bench_discard(deals: int) -> None:
    cpu = Computer("expert", seed=1)
    times = []
    near_end = []
    for deal in range(deals):
        rng = random.Random(f"bench-discard:{deal}")
        hand = rng.sample(DECK, 6)
        mine, theirs = rng.randint(0, 120), rng.randint(0, 120)
        started = time.perf_counter()
        cpu.discard(hand, dealer=deal % 2 == 0, my_score=mine, opp_score=theirs, target=121)
        elapsed = time.perf_counter() - started
        times.append(elapsed)
        if min(121 - mine, 121 - theirs) <= cpu.settings.aware_within:
            near_end.append(elapsed)
    _percentiles("discard (all)", times)
    _percentiles("discard (near the end)", near_end)


def bench_play(games: int) -> None:
    plays: list[float] = []
    discards: list[float] = []
    whole: list[float] = []
    for game in range(games):
        cpus = [Computer("expert", seed=2 * game + k) for k in range(2)]
        state = new_game(GameConfig(), seed=game, dealer=game % 2)
        spent = 0.0
        while state.phase is not Phase.GAME_OVER:
            seat = pending(state)[0]
            action: Action
            if state.phase is Phase.CUT_STARTER:
                positions = range(MIN_PACKET, len(state.pack) - MIN_PACKET + 1)
                action = CutStarter(seat, random.Random(f"cut:{game}:{state.hand_number}").choice(positions))
            else:
                view = view_for(state, seat)
                started = time.perf_counter()
                action = cpus[seat].act(view)
                elapsed = time.perf_counter() - started
                spent += elapsed
                (plays if state.phase is Phase.PLAY else discards).append(elapsed)
            state, _ = apply(state, action)
        whole.append(spent)
        print(f"\rgame {game + 1}/{games}", end="", file=sys.stderr)
    print(file=sys.stderr)
    _percentiles("play", plays)
    _percentiles("discard (in games)", discards)
    _percentiles("whole game (both sides)", whole)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("parts", nargs="*", default=["discard", "play"])
    parser.add_argument("--deals", type=int, default=1000)
    parser.add_argument("--games", type=int, default=200)
    args = parser.parse_args()
    print(f"Python {platform.python_version()} on {platform.machine()}, load {os.getloadavg()[0]:.2f}")
    if "discard" in args.parts:
        bench_discard(args.deals)
    if "play" in args.parts:
        bench_play(args.games)
    print(f"load afterwards {os.getloadavg()[0]:.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
