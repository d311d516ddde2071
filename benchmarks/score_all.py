"""Score every hand-and-starter case (12,994,800) with the scorer the game and computer use.

    python benchmarks/score_all.py            # hand and crib distributions, time, cases/s

Each case is really scored by `cribbage.scoring.hand_points` (the fast scorer behind
`score_hand`); the printed distributions are compared with the reference tables in tests/data.
"""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path

from cribbage.scoring import enumerate_show_scores


def main() -> int:
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
    return 0


if __name__ == "__main__":
    sys.exit(main())
