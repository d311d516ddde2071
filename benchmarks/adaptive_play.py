"""What the adaptive play saves and what it changes: `python benchmarks/adaptive_play.py [--games N]`.

Plays seeded expert-against-expert games to 121. At every play with a real choice (two
ranks or more) the opponent's possible hands are drawn once and searched twice: all of them
(as the expert does) and adaptively (as `expert:adaptive=on` does, stopping once the rest
cannot change the choice; see `cribbage.computer.play.settled`). Prints how many of the holdings
the adaptive play searched, how often it stopped early, how often it chose a card of
another rank than the full search, and what that cost by the full search's own figures (in
points, or near the end in the chance of winning).
"""

from __future__ import annotations

import argparse
import random
import statistics
from dataclasses import replace

from cribbage.computer.play import PlayContext, evaluate_play
from cribbage.computer.settings import EXPERT
from expert_games import plays_with_a_choice


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=40)
    args = parser.parse_args()
    shares: list[float] = []
    plays = early = changed = 0
    cost_points: list[float] = []
    cost_chance: list[float] = []
    for game, view in plays_with_a_choice(args.games):
        context = PlayContext.from_view(view)
        settings = replace(EXPERT, read=False)  # the adaptive stop is for the best replies
        draw = f"{game}:{len(view.history)}:{view.seat}"
        full = evaluate_play(
            context, settings=replace(settings, adaptive=False), rng=random.Random(draw)
        ).options
        quick = evaluate_play(
            context, settings=replace(settings, adaptive=True), rng=random.Random(draw)
        )
        plays += 1
        shares.append(quick.searched / quick.holdings)
        early += quick.searched < quick.holdings
        by_rank = {option.card.rank: option for option in full}
        best, chosen = full[0], by_rank[quick.options[0].card.rank]
        if chosen.card.rank != best.card.rank:
            changed += 1
            if best.win is not None and chosen.win is not None:
                cost_chance.append(best.win - chosen.win)
            else:
                cost_points.append(best.points - chosen.points)
    print(
        f"{plays} plays with a choice: {early} stopped early ({100 * early / plays:.1f}%), "
        f"{100 * statistics.fmean(shares):.1f}% of the holdings searched on average"
    )
    print(
        f"another rank than the full search in {changed} ({100 * changed / plays:.2f}%): "
        f"by points {len(cost_points)}, costing {sum(cost_points) / plays:.4f} points a play "
        f"on average; by the chance of winning {len(cost_chance)}, costing "
        f"{sum(cost_chance) / plays:.5f} a play"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
