"""What sampling the opponent's hands costs the play: `python benchmarks/play_sampling.py [--games N]`.

Plays seeded expert-against-expert games to 121. At every play with a real choice (cards of
two ranks or more) the opponent's possible hands are searched every one, and then sampled
as each way of sampling below does (`cribbage.computer.play.sample_holdings`), all by points
(`aware=off`, so that every play is judged on one scale). Prints, for each way, how often it
chose a card of another rank than the search of every holding, what that cost by that
search's own figures (points a play with a choice), and its CPU time. The figures are the
expert's own reckoning against its own model of the opponent, not points won in games: a
tournament measures those.
"""

from __future__ import annotations

import argparse
import random
import time
from dataclasses import replace

from cribbage.computer.play import PlayContext, evaluate_play
from cribbage.computer.settings import EXPERT, Settings
from expert_games import plays_with_a_choice

BEST_REPLIES = replace(EXPERT, read=False)
"""The sample studied is of the search of the opponent's best replies (reading aside)."""

WAYS = {
    "independent draws, 60": replace(BEST_REPLIES, later_samples=60, sampling="random"),
    "systematic, 60": replace(BEST_REPLIES, later_samples=60),
    "systematic, 60 then 240": replace(BEST_REPLIES, later_samples=240),
    "systematic, 60 then 80 (the expert)": BEST_REPLIES,
    "the expert, a second look within 0.1": replace(BEST_REPLIES, second_look=0.1),
    "the expert, a second look within 0.3": replace(BEST_REPLIES, second_look=0.3),
}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1000, help="the first game's seed")
    args = parser.parse_args()
    every = Settings(aware=False, samples=10**9, later_samples=10**9, read=False)
    plays = 0
    changed = dict.fromkeys(WAYS, 0)
    cost = dict.fromkeys(WAYS, 0.0)
    spent = dict.fromkeys(WAYS, 0.0)
    for game, view in plays_with_a_choice(args.games, args.seed):
        context = PlayContext.from_view(view)
        full = evaluate_play(context, settings=every).options
        by_rank = {option.card.rank: option.points for option in full}
        plays += 1
        for name, settings in WAYS.items():
            draw = random.Random(f"{game}:{len(view.history)}:{view.seat}")
            started = time.process_time()
            quick = evaluate_play(context, settings=replace(settings, aware=False), rng=draw)
            spent[name] += time.process_time() - started
            rank = quick.options[0].card.rank
            if rank != full[0].card.rank:
                changed[name] += 1
                cost[name] += full[0].points - by_rank[rank]
    print(f"{plays} plays with a choice, against the search of every holding:")
    for name in WAYS:
        print(
            f"  {name}: another rank in {changed[name]} ({100 * changed[name] / plays:.1f}%), "
            f"costing {cost[name] / plays:.4f} points a play; "
            f"{1000 * spent[name] / plays:.1f} ms a play"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
