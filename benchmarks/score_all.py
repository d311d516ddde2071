"""How fast hands are counted, and that every count is right.

    python benchmarks/score_all.py            # all three figures
    python benchmarks/score_all.py --public   # only the public scorer's two rates

1. The exhaustive check: every hand-and-starter case (12,994,800), as a hand and as a crib,
   counted by `cribbage.scoring.hand_points` (the integer scorer on card indices that the
   computer's loops call, and that `score_hand` takes its total from); the distributions
   are compared with the reference tables in tests/data.
2. The public scorer, `score_hand(hand, starter).total`, on 200,000 seeded random hands of
   `Card` objects (the best of three passes).
3. The same with the itemized breakdown, `score_hand(hand, starter).items` (what `--count`,
   the show's explanations and the coach print).
"""

from __future__ import annotations

import json
import random
import sys
import time
from pathlib import Path

from cribbage.cards import DECK
from cribbage.scoring import enumerate_show_scores, score_hand


def public_rates(hands: int = 200_000) -> None:
    """Hands a second through `score_hand`: the total alone, then the itemized breakdown."""
    rng = random.Random(1)
    cases = [(tuple(five[:4]), five[4]) for five in (rng.sample(DECK, 5) for _ in range(hands))]
    for what in ("total", "items"):
        best = 0.0
        for _ in range(3):
            start = time.perf_counter()
            if what == "total":
                for hand, starter in cases:
                    score_hand(hand, starter).total  # noqa: B018  (the figure timed)
            else:
                for hand, starter in cases:
                    score_hand(hand, starter).items  # noqa: B018  (the figure timed)
            best = max(best, hands / (time.perf_counter() - start))
        print(f"score_hand(...).{what + ':':<7} {best:,.0f} hands/s")


def main() -> int:
    if sys.argv[1:] == ["--public"]:
        public_rates()
        return 0
    start = time.perf_counter()
    hand, crib = enumerate_show_scores()
    elapsed = time.perf_counter() - start
    cases = sum(hand)
    print(f"cases scored:   {cases:,} hands and {sum(crib):,} cribs")
    print(f"time:           {elapsed:.1f} s")
    print(f"cases per sec:  {2 * cases / elapsed:,.0f} (hand and crib each count as a case)")
    print(f"hand mean:      {sum(i * n for i, n in enumerate(hand)) / cases:.6f}")
    reference = Path(__file__).resolve().parents[1] / "tests" / "data"
    for name, counts in (("hand", hand), ("crib", crib)):
        path = reference / f"{name}_distribution.json"
        if path.exists():
            expected = json.loads(path.read_text())["counts"]
            same = all(expected[str(i)] == n for i, n in enumerate(counts))
            print(f"{name} table:     {'matches' if same else 'DIFFERS FROM'} {path.name}")
    public_rates()
    return 0


if __name__ == "__main__":
    sys.exit(main())
