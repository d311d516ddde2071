"""Speed of the expert: `python benchmarks/bench_computer.py [discard] [play] [--games N] [--game G]`.

* discard: 1,000 seeded deals (six random cards, dealer or pone in turn, both scores drawn
  at random from 0..120, so about half the decisions are near the end of a game and weigh
  chances of winning); the time of each `Computer.discard`.
* play: seeded expert-against-expert games to 121 (200 by default); the time of every
  `Computer.play` call (forced plays included), of every discard, and of each whole game.

`--game three-handed` (four-handed, partners, five-card) times the same in that game: the
discard of five cards dealt at random (the dealer's seat drawn at random), and games in which
the expert takes every seat.

Prints the median, 99th percentile and maximum in milliseconds of CPU time (the process's own
time on one core, so other work on the machine barely changes it) and the same of wall-clock
time. Run it on an otherwise idle machine (it uses one core) and say what else was running.
"""

from __future__ import annotations

import argparse
import functools
import os
import platform
import random
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from typing import cast

from cribbage.cards import DECK
from cribbage.computer import Computer
from cribbage.computer.settings import EXPERT, Settings, parse_settings
from cribbage.rules import (
    Action,
    CutStarter,
    GameConfig,
    Phase,
    apply,
    cut_range,
    new_game,
    pending,
)
from cribbage.tournament import game_config
from cribbage.variants import Variant
from cribbage.view import view_for


def _percentiles(name: str, seconds: Sequence[float]) -> None:
    ms = sorted(1000 * s for s in seconds)
    p99 = ms[min(len(ms) - 1, round(0.99 * (len(ms) - 1)))]
    print(
        f"{name:<30} n={len(ms):>6}  median {statistics.median(ms):7.1f} ms  "
        f"p99 {p99:7.1f} ms  max {ms[-1]:7.1f} ms  mean {statistics.fmean(ms):7.1f} ms"
    )


class Clock:
    """Both clocks at once: CPU time of this process and wall-clock time."""

    def __init__(self) -> None:
        self.cpu: list[float] = []
        self.wall: list[float] = []

    def time(self, decide: Callable[[], object]) -> object:
        cpu, wall = time.process_time(), time.perf_counter()
        result = decide()
        self.cpu.append(time.process_time() - cpu)
        self.wall.append(time.perf_counter() - wall)
        return result

    def report(self, name: str) -> None:
        _percentiles(f"{name}, CPU", self.cpu)
        _percentiles(f"{name}, wall", self.wall)


def bench_variant_discard(deals: int, config: GameConfig) -> None:
    cpu = Computer("expert", seed=1)
    times = Clock()
    for deal in range(deals):
        rng = random.Random(f"bench-discard:{deal}")
        state = new_game(config, seed=rng.getrandbits(32), dealer=rng.randrange(config.players))
        view = view_for(state, rng.randrange(config.players))
        times.time(functools.partial(cpu.act, view))
    times.report("discard")


def bench_discard(deals: int) -> None:
    cpu = Computer("expert", seed=1)
    times, near_end = Clock(), Clock()
    for deal in range(deals):
        rng = random.Random(f"bench-discard:{deal}")
        hand = rng.sample(DECK, 6)
        mine, theirs = rng.randint(0, 120), rng.randint(0, 120)
        times.time(
            functools.partial(
                cpu.discard,
                hand,
                dealer=deal % 2 == 0,
                my_score=mine,
                opp_score=theirs,
                target=121,
            )
        )
        if min(121 - mine, 121 - theirs) <= cpu.settings.aware_within:
            near_end.cpu.append(times.cpu[-1])
            near_end.wall.append(times.wall[-1])
    times.report("discard (all)")
    near_end.report("discard (near the end)")


def bench_play(games: int, config: GameConfig, settings: Settings = EXPERT) -> None:
    plays, discards, whole = Clock(), Clock(), Clock()
    players = config.players
    for game in range(games):
        cpus = [
            Computer("expert", seed=players * game + k, settings=settings) for k in range(players)
        ]
        state = new_game(config, seed=game, dealer=game % players)
        spent_cpu = spent_wall = 0.0
        while state.phase is not Phase.GAME_OVER:
            seat = pending(state)[0]
            action: Action
            if state.phase is Phase.CUT_STARTER:
                positions = cut_range(len(state.pack))
                action = CutStarter(
                    seat, random.Random(f"cut:{game}:{state.hand_number}").choice(positions)
                )
            else:
                view = view_for(state, seat)
                clock = plays if state.phase is Phase.PLAY else discards
                action = cast(Action, clock.time(functools.partial(cpus[seat].act, view)))
                spent_cpu += clock.cpu[-1]
                spent_wall += clock.wall[-1]
            state, _ = apply(state, action)
        whole.cpu.append(spent_cpu)
        whole.wall.append(spent_wall)
        print(f"\rgame {game + 1}/{games}", end="", file=sys.stderr)
    print(file=sys.stderr)
    plays.report("play")
    discards.report("discard (in games)")
    whole.report("whole game (every seat)" if players > 2 else "whole game (both sides)")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("parts", nargs="*", default=["discard", "play"])
    parser.add_argument("--deals", type=int, default=1000)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument(
        "--game", choices=[v.value for v in Variant], default=Variant.TWO_HANDED.value
    )
    parser.add_argument(
        "--settings", default="", help="the expert's settings, e.g. v1 (see parse_settings)"
    )
    args = parser.parse_args()
    config = game_config(Variant(args.game))
    settings = parse_settings(args.settings)
    print(
        f"Python {platform.python_version()} on {platform.machine()}, load {os.getloadavg()[0]:.2f}"
        f", {args.game}{', expert:' + args.settings if args.settings else ''}"
    )
    if "discard" in args.parts:
        if config == GameConfig():
            bench_discard(args.deals)
        else:
            bench_variant_discard(args.deals, config)
    if "play" in args.parts:
        bench_play(args.games, config, settings)
    print(f"load afterwards {os.getloadavg()[0]:.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
