"""Speed of the search sparring partner: `python benchmarks/bench_sparring.py [--games N] [--passes P]`.

Plays N seeded games of the expert against `ismcts:passes=P` (`benchmarks/sparring.py`) in
this one process and times every decision of the search (CPU time of the process): its cost
a pass at a discard and in the play, and its computing in a game. The figures tell how many
passes fit into a tournament of a given length.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time

import sparring
from cribbage.tournament import parse_player, play_game
from cribbage.view import PlayerView


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--passes", type=int, default=2000)
    args = parser.parse_args()
    times: dict[str, list[float]] = {"discard": [], "play": []}
    searched = sparring.Ismcts._children

    def timed(self: sparring.Ismcts, view: PlayerView, what: str) -> dict[int, sparring.Node]:
        started = time.process_time()
        children = searched(self, view, what)
        times[what].append(time.process_time() - started)
        return children

    sparring.Ismcts._children = timed  # type: ignore[method-assign]
    expert, search = parse_player("expert"), parse_player(f"ismcts:passes={args.passes}")
    games = []
    for game in range(args.games):
        started = time.process_time()
        play_game(expert, search, 1000 + game, game % 2)
        games.append(time.process_time() - started)
    computing = sum(times["discard"]) + sum(times["play"])
    print(f"{args.games} games, {args.passes} passes a decision")
    for what, spent in times.items():
        each = [t / args.passes * 1e6 for t in spent]
        print(
            f"{what:8} {len(spent):5} decisions: a pass {statistics.median(each):.0f} µs"
            f" (median), {statistics.fmean(each):.0f} µs (mean)"
        )
    print(
        f"the search's computing a game: {computing / args.games:.2f} s;"
        f" a whole game, both players: {statistics.fmean(games):.2f} s"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
