"""The pegging table against every holding (`benchmarks/pegging_table.py`): the generator's
exact values weigh each holding as the draws would, and the discard comparison finds every
change and never counts a loss by the table that made it."""

from __future__ import annotations

import random

from cribbage.computer.search import PegSearch
from cribbage.computer.tables import Role, pegging_values, ranks_text

from .support import script

bench = script("benchmarks/pegging_table.py")
GENERATOR = bench.generator()


def only(weights: dict[tuple[int, ...], float]) -> dict[str, float]:
    """Keep weights that give these holdings alone their weight, every other none."""
    return {
        ranks_text(ranks): weights.get(ranks, 0.0) for ranks in GENERATOR._four_rank_multisets()
    }


def test_every_holding_is_weighed_as_it_would_be_drawn() -> None:
    kept = (5, 5, 10, 11)
    first, second = (1, 2, 3, 4), (7, 8, 9, 12)
    one = GENERATOR.pegging_values_of(("pone", [kept], only({first: 1.0}), None))[0]
    assert one == round(PegSearch().net(kept, first, (), 0, True), 3)
    # each can be held 4**4 ways beside the kept cards: the weights 1 and 3 decide
    both = GENERATOR.pegging_values_of(("pone", [kept], only({first: 1.0, second: 3.0}), None))
    nets = [PegSearch().net(kept, theirs, (), 0, True) for theirs in (first, second)]
    assert both[0] == round((nets[0] + 3 * nets[1]) / 4, 3)
    assert nets[0] != nets[1]


def test_the_same_table_changes_no_discard() -> None:
    tables = {role: (pegging_values(role), pegging_values(role)) for role in ("dealer", "pone")}
    differing, gains = bench.discard_changes(40, tables)
    assert differing == 0 and gains == [0.0] * 40


def test_a_changed_table_changes_discards_and_never_for_less() -> None:
    rng = random.Random(2)
    tables: dict[Role, tuple[dict[tuple[int, ...], float], dict[tuple[int, ...], float]]] = {}
    for role in ("dealer", "pone"):
        shipped = pegging_values(role)
        tables[role] = (shipped, {k: v + rng.gauss(0, 1) for k, v in shipped.items()})
    differing, gains = bench.discard_changes(60, tables)
    assert differing > 0
    assert sum(gain > 1e-9 for gain in gains) == differing
    assert min(gains) >= 0.0
