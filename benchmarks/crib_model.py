"""The expert's model of the opponent's throws, beside published crib tables of real play.

    python benchmarks/crib_model.py            # about a minute

For every rank pair laid away, the average crib when the other two crib cards are thrown as
the shipped model says (`opponent.json`: the pone's throws for the dealer's own crib, the
dealer's for the crib the pone gives to), the starter at random, and the discarder's other
cards unknown; then the same with the other two at random. Each table is compared with the
published ones in `tests/data/published_crib_tables.json`:
the mean over all 1,326 card pairs, the correlation over the 91 rank pairs and the mean
absolute difference.
"""

from __future__ import annotations

import itertools
import json
import math
import sys
from pathlib import Path

from cribbage.cards import DECK
from cribbage.computer.tables import throw_weights
from cribbage.scoring import hand_points

PUBLISHED = Path(__file__).resolve().parents[1] / "tests" / "data" / "published_crib_tables.json"
RANK_PAIRS = [(low, high) for low in range(1, 14) for high in range(low, 14)]
Table = dict[tuple[int, int], float]


def crib_table(weights: tuple[tuple[float, ...], ...] | None) -> Table:
    """Average crib by rank pair laid away; `weights` (rank by rank) the other two cards'
    throw, None for at random. Unsuited and suited pairs are counted as often as they occur."""
    table: Table = {}
    for low, high in RANK_PAIRS:
        kinds = [(False, 6)] if low == high else [(False, 12), (True, 4)]
        value = 0.0
        for suited, count in kinds:
            first = next(card for card in DECK if card.rank.value == low)
            second = next(
                card
                for card in DECK
                if card.rank.value == high and card != first and (card.suit == first.suit) == suited
            )
            rest = [card for card in DECK if card not in (first, second)]
            total = weight = 0.0
            for third, fourth in itertools.combinations(rest, 2):
                w = 1.0 if weights is None else weights[third.rank.value][fourth.rank.value]
                if not w:
                    continue
                starters = [card.index for card in rest if card not in (third, fourth)]
                points = sum(
                    hand_points(first.index, second.index, third.index, fourth.index, s, True)
                    for s in starters
                )
                total += w * points / len(starters)
                weight += w
            value += count * total / weight
        table[low, high] = value / sum(count for _, count in kinds)
    return table


def mean(table: Table) -> float:
    """Over all 1,326 card pairs: a pair of one rank occurs 6 ways, of two ranks 16."""
    return sum(value * (6 if low == high else 16) for (low, high), value in table.items()) / 1326


def compare(table: Table, published: list[list[float]]) -> tuple[float, float]:
    """Correlation and mean absolute difference over the 91 rank pairs."""
    xs = [table[pair] for pair in RANK_PAIRS]
    ys = [published[low - 1][high - 1] for low, high in RANK_PAIRS]
    mx, my = sum(xs) / len(xs), sum(ys) / len(ys)
    covariance = sum((x - mx) * (y - my) for x, y in zip(xs, ys, strict=True))
    spread = math.sqrt(sum((x - mx) ** 2 for x in xs) * sum((y - my) ** 2 for y in ys))
    return covariance / spread, sum(abs(x - y) for x, y in zip(xs, ys, strict=True)) / len(xs)


def main() -> int:
    random_table = crib_table(None)
    at_random = mean(random_table)
    own, given = crib_table(throw_weights("pone")), crib_table(throw_weights("dealer"))
    print(f"at random: {at_random:.3f}")
    print(
        f"model, dealer's own crib: {mean(own):.3f} ({mean(own) - at_random:+.3f}); "
        f"crib the pone gives to: {mean(given):.3f} ({mean(given) - at_random:+.3f})"
    )
    if not PUBLISHED.exists():
        print(f"{PUBLISHED} is missing: no published tables to compare with.", file=sys.stderr)
        return 1
    tables = json.loads(PUBLISHED.read_text())["tables"]
    print(
        "model against published   own crib: mean  corr  mean |diff|   pone's gift: mean  corr  mean |diff|"
    )
    for name, published in tables.items():
        mine, theirs = published["dealer_own_crib"], published["pone_opponent_crib"]
        own_fit, given_fit = compare(own, mine), compare(given, theirs)
        means = [
            mean({(low, high): rows[low - 1][high - 1] for low, high in RANK_PAIRS})
            for rows in (mine, theirs)
        ]
        print(
            f"{name:<12} {means[0]:27.3f} {own_fit[0]:5.3f} {own_fit[1]:8.3f}"
            f" {means[1]:22.3f} {given_fit[0]:5.3f} {given_fit[1]:8.3f}"
        )
        own_fit, given_fit = compare(random_table, mine), compare(random_table, theirs)
        print(
            f"  {'at random':<10} {'':27} {own_fit[0]:5.3f} {own_fit[1]:8.3f}"
            f" {'':22} {given_fit[0]:5.3f} {given_fit[1]:8.3f}"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
