"""How often each part of the expert changes its discard: `python benchmarks/compare_discards.py`.

Over seeded deals (six random cards, dealer and pone in turn, scores 0-0), the expert's
discard is compared with the same expert without one part: the opponent model (random crib
instead), the pegging value of the kept cards, and, at random scores near the end of a game,
the chance of winning. Prints how often the choice differs and what the expert expects to
gain by its own figures when it does.
"""

from __future__ import annotations

import argparse
import random

from cribbage.cards import DECK
from cribbage.computer import Settings, discard_options

EXPERT = Settings()
VARIANTS = {
    "random crib model": Settings(crib="random"),
    "no pegging value": Settings(pegging=False),
}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--deals", type=int, default=1000)
    args = parser.parse_args()
    for name, variant in VARIANTS.items():
        changed, gain = 0, 0.0
        for deal in range(args.deals):
            rng = random.Random(f"compare:{deal}")
            hand = rng.sample(DECK, 6)
            dealer = deal % 2 == 0
            mine = discard_options(hand, dealer=dealer, settings=Settings(aware=False))
            other = discard_options(
                hand,
                dealer=dealer,
                settings=Settings(crib=variant.crib, pegging=variant.pegging, aware=False),
            )[0]
            if set(other.discard) != set(mine[0].discard):
                changed += 1
                by_expert = next(o for o in mine if set(o.discard) == set(other.discard))
                gain += mine[0].total - by_expert.total
        print(
            f"{name:<20} changes {100 * changed / args.deals:4.1f}% of discards; "
            f"expected gain where it does {gain / max(changed, 1):.2f} points "
            f"({gain / args.deals:.3f} a deal)"
        )
    changed = 0
    for deal in range(args.deals):
        rng = random.Random(f"compare-end:{deal}")
        hand = rng.sample(DECK, 6)
        mine_score, their_score = rng.randint(81, 120), rng.randint(81, 120)
        kwargs = dict(dealer=deal % 2 == 0, my_score=mine_score, opp_score=their_score)
        aware = discard_options(hand, **kwargs)[0]  # type: ignore[arg-type]
        plain = discard_options(hand, settings=Settings(aware=False), **kwargs)[0]  # type: ignore[arg-type]
        changed += set(aware.discard) != set(plain.discard)
    print(
        f"{'chance of winning':<20} changes {100 * changed / args.deals:4.1f}% of discards "
        "with both scores 81-120"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
