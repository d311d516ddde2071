"""Speed of the play's searches alone: `python benchmarks/bench_search.py [--deals N]`.

Deals N seeded hands of four ranks each and times, on one core (CPU time of the process,
best of three passes), every first play solved with both hands known: the pegging search
(`PegSearch`, points), the search for the chance of winning (`WinSearch`, the end of the
play worth an even chance) and, with a third hand, the search over three seats
(`TableSearch`). Prints each search's time, and the sum of the values it found, so that two
versions can be checked to agree.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable

from cribbage.computer.search import PegSearch, TableSearch, WinSearch

Hands = tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]


def deals(count: int) -> list[Hands]:
    rng = random.Random("bench-search")
    out = []
    for _ in range(count):
        deck = [rank for rank in range(1, 14) for _ in range(4)]
        rng.shuffle(deck)
        out.append((tuple(sorted(deck[:4])), tuple(sorted(deck[4:8])), tuple(sorted(deck[8:12]))))
    return out


def best_of_three(work: Callable[[], float]) -> tuple[float, float]:
    times, total = [], 0.0
    for _ in range(3):
        started = time.process_time()
        total = work()
        times.append(time.process_time() - started)
    return min(times), total


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--deals", type=int, default=300)
    args = parser.parse_args()
    hands = deals(args.deals)

    def pegging() -> float:
        return sum(
            PegSearch().move(mine, theirs, (), 0, rank)
            for mine, theirs, _ in hands
            for rank in set(mine)
        )

    def winning() -> float:
        return sum(
            WinSearch(10, 12, lambda got, lost: 0.5).move_chance(mine, theirs, (), 0, rank)
            for mine, theirs, _ in hands
            for rank in set(mine)
        )

    def three_seats() -> float:
        return sum(
            TableSearch((1.0, -0.5, -0.5)).move(deal, (), 0, 0, rank)
            for deal in hands
            for rank in set(deal[0])
        )

    for name, work in (
        ("PegSearch", pegging),
        ("WinSearch", winning),
        ("TableSearch", three_seats),
    ):
        seconds, total = best_of_three(work)
        print(
            f"{name:<12} {1000 * seconds:8.1f} ms for {args.deals} deals   sum of values {total:.4f}"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
