"""How far the sampled pegging table is from the value it estimates, and what that moves.

    python benchmarks/pegging_table.py --deals 3000 --jobs 2    # about eight minutes

`pegging.json` values each four kept ranks by the play solved with both hands known against
200 opponent hands drawn as the expert keeps them. This solves every hand the opponent may
hold instead, each weighed as it would be drawn (`tools/gen_tables.py`,
`pegging_values_of` with no sample), against the same keep weights. It prints how far the
shipped entries are from those exact values, then, over seeded six-card hands (half as
dealer, half as pone, the score far from the end), how often the discard chosen with the
exact values differs and what the change is worth by the exact values themselves.
"""

from __future__ import annotations

import argparse
import importlib.util
import math
import random
import sys
from collections.abc import Sequence
from functools import cache
from pathlib import Path
from types import ModuleType

from cribbage.cards import DECK
from cribbage.computer.discard import evaluate_discards, rank_options
from cribbage.computer.sums import CribSums
from cribbage.computer.tables import Role, pegging_values, ranks_text, throw_weights

ROOT = Path(__file__).resolve().parents[1]
Table = dict[tuple[int, ...], float]


@cache
def generator() -> ModuleType:
    """`tools/gen_tables.py`, loaded once as a module."""
    spec = importlib.util.spec_from_file_location("gen_tables", ROOT / "tools" / "gen_tables.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("gen_tables", module)
    spec.loader.exec_module(module)
    return module


def exact_table(role: Role, jobs: int) -> Table:
    """Every four kept ranks' pegging as `role`, every opponent holding solved."""
    gen = generator()
    keeps = gen.read_table("pegging.json")["opponent_keeps"][
        "pone" if role == "dealer" else "dealer"
    ]
    kept = list(gen._four_rank_multisets())
    blocks = [(role, kept[k : k + 20], keeps, None) for k in range(0, len(kept), 20)]
    results = gen._in_parallel(gen.pegging_values_of, blocks, jobs, f"every holding as {role}")
    values = [value for block in results for value in block]
    return dict(zip(kept, values, strict=True))


def discard_changes(deals: int, tables: dict[Role, tuple[Table, Table]]) -> tuple[int, list[float]]:
    """Over `deals` seeded hands (alternately as dealer and as pone), the discards that differ
    between each role's two tables (shipped, exact), and for every hand the second choice's
    worth minus the first's, both valued with the exact table."""
    gains: list[float] = []
    differing = 0
    for deal in range(deals):
        hand = random.Random(f"pegging-table:{deal}").sample(DECK, 6)
        dealer = deal % 2 == 0
        role: Role = "dealer" if dealer else "pone"
        shipped, exact = tables[role]
        throws = throw_weights("pone" if dealer else "dealer")
        cribs = CribSums(tuple(card.index for card in sorted(hand)), throws)
        chosen = []
        for table in (shipped, exact):
            options = evaluate_discards(
                sorted(hand), dealer=dealer, throws=throws, pegging=table, cribs=cribs
            )
            chosen.append(rank_options(options)[0])
        worth = [
            option.hand
            + option.crib
            + option.heels
            + exact[tuple(sorted(c.rank.value for c in option.keep))]
            for option in chosen
        ]
        differing += set(chosen[0].discard) != set(chosen[1].discard)
        gains.append(worth[1] - worth[0])
    return differing, gains


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--deals", type=int, default=3000, help="six-card hands (default 3000)")
    parser.add_argument("--jobs", type=int, default=2, help="processes (default 2)")
    args = parser.parse_args(argv)
    tables: dict[Role, tuple[Table, Table]] = {}
    for role in ("dealer", "pone"):
        shipped, exact = pegging_values(role), exact_table(role, args.jobs)
        tables[role] = (shipped, exact)
        errors = [shipped[k] - exact[k] for k in exact]
        worst = max(exact, key=lambda k: abs(shipped[k] - exact[k]))
        spread = math.sqrt(sum(e * e for e in errors) / len(errors))
        print(
            f"as {role}: the shipped entries are {spread:.3f} points from the exact ones "
            f"(root mean square), at most {abs(shipped[worst] - exact[worst]):.3f} "
            f"({ranks_text(worst)})"
        )
    differing, gains = discard_changes(args.deals, tables)
    n = len(gains)
    mean = sum(gains) / n
    sd = math.sqrt(sum((g - mean) ** 2 for g in gains) / (n - 1))
    print(
        f"{n} discards: the exact table chooses another in {differing} "
        f"({100 * differing / n:.1f}%), worth {mean:+.4f} points a discard by its own values "
        f"(standard error {sd / math.sqrt(n):.4f})"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
