"""The shipped tables: present, consistent, and what the generator makes."""

from __future__ import annotations

import random
from math import comb

import pytest

from cribbage.computer.play import lead_weights
from cribbage.computer.search import scoring_tail
from cribbage.computer.tables import (
    Role,
    deal_distributions,
    keep_weights,
    pegging_values,
    ranks_text,
    throw_weights,
    win_table,
)
from cribbage.scoring import pair_and_run_points

from .support import script

GENERATOR = script("tools/gen_tables.py")


def test_the_scoring_tail_keeps_every_point_of_later_cards() -> None:
    """The search keeps only the scoring tail of a count, and the tail of that after each
    card: every card played later scores the same on the tails as on the whole count. Half
    the counts are drawn from eight neighbouring ranks, where long runs are common."""
    rng = random.Random(4)
    checked = 0
    while checked < 20_000:
        low = rng.randint(1, 6) if checked % 2 else 1
        high = low + 7 if checked % 2 else 13
        ranks = tuple(rng.randint(low, high) for _ in range(rng.randint(1, 8)))
        if sum(min(rank, 10) for rank in ranks) > 31:
            continue
        cut = rng.randrange(len(ranks))
        tail = scoring_tail(ranks[:cut])
        for k in range(cut, len(ranks)):
            played = tail + ranks[k : k + 1]
            assert pair_and_run_points(played) == pair_and_run_points(ranks[: k + 1]), ranks
            tail = scoring_tail(played)
        checked += 1
    seven = (4, 2, 6, 1, 5, 3, 7)  # a run of seven, the longest a count of 31 holds
    assert pair_and_run_points(scoring_tail(seven[:-1]) + (7,)) == 7


def test_throw_weights_are_symmetric_and_positive() -> None:
    for role in ("dealer", "pone"):
        weights = throw_weights(role)
        for a in range(1, 14):
            for b in range(1, 14):
                assert weights[a][b] == weights[b][a] > 0
    # A dealer throws fives to its own crib far more readily than a pone gives them away.
    assert throw_weights("dealer")[5][5] > 5 * throw_weights("pone")[5][5]


def test_keep_and_pegging_tables_cover_every_four_ranks() -> None:
    hands = [
        (a, b, c, d)
        for a in range(1, 14)
        for b in range(a, 14)
        for c in range(b, 14)
        for d in range(c, 14)
    ]
    assert len(hands) == 1820
    for role in ("dealer", "pone"):
        keeps, values = keep_weights(role), pegging_values(role)
        assert set(keeps) == set(values) == set(hands)
        assert all(w > 0 for w in keeps.values())
        # Weighted by how often the hands are kept, the keep weights average one.
        total = sum(keeps[h] * _random_chance(h) for h in hands)
        assert total == pytest.approx(1.0, abs=0.05)  # relative to random, smoothed
    # The dealer pegs more than the pone on average.
    assert _mean(pegging_values("dealer")) > 0 > _mean(pegging_values("pone"))


def _random_chance(hand: tuple[int, ...]) -> float:
    chance = 1.0
    for rank in set(hand):
        chance *= comb(4, hand.count(rank))
    return chance / comb(52, 4)


def _mean(values: dict[tuple[int, ...], float]) -> float:
    return sum(v * _random_chance(h) for h, v in values.items())


def test_win_table_is_consistent() -> None:
    table = win_table()
    for a in range(1, 122, 6):
        for b in range(1, 122, 6):
            dealer = table.chance(a, b, True)
            assert 0 <= dealer <= 1
            assert table.chance(b, a, False) == pytest.approx(1 - dealer)
            if a > 1:
                assert table.chance(a - 1, b, True) >= dealer - 1e-9  # nearer the end is better
            if b > 1:
                assert table.chance(a, b - 1, True) <= dealer + 1e-9
    # At the start of a game the first dealer is the favourite, as published (55-56%).
    assert 0.52 < table.chance(121, 121, True) < 0.60


def test_deal_distributions_are_distributions() -> None:
    deals = deal_distributions()
    assert sum(w for _, _, w in deals.pegging) == pytest.approx(1, abs=1e-3)
    for dist in (deals.pone_hand, deals.dealer_hand, deals.crib):
        assert sum(w for _, w in dist) == pytest.approx(1, abs=1e-3)
        assert {points for points, _ in dist} <= set(range(30)) - {19, 25, 26, 27}


@pytest.mark.slow
def test_win_table_is_what_the_shipped_distributions_give() -> None:
    data = GENERATOR.read_table("winning.json")
    pegging = {(p, q): w for p, q, w in data["pegging"]}
    pone = {int(k): v for k, v in data["pone_hand"].items()}
    show = {int(k): v for k, v in data["dealer_show"].items()}
    table = GENERATOR.win_chances(pegging, pone, show, 40)
    shipped = data["dealer_wins"]
    for a in range(40):
        for b in range(40):
            assert table[a][b] == pytest.approx(shipped[a][b], abs=2e-5)


@pytest.mark.slow
def test_pegging_values_are_what_the_generator_makes() -> None:
    pegging = GENERATOR.read_table("pegging.json")
    keeps, samples = pegging["opponent_keeps"], pegging["samples"]
    cases: tuple[tuple[Role, Role, tuple[int, ...]], ...] = (
        ("dealer", "pone", (5, 5, 10, 11)),
        ("pone", "dealer", (1, 2, 3, 4)),
    )
    for role, other, hand in cases:
        value = GENERATOR.pegging_values_of((role, [hand], keeps[other], samples))[0]
        assert value == pegging_values(role)[hand], ranks_text(hand)


@pytest.mark.slow
def test_the_winning_tables_standard_error_is_the_spread_between_its_parts() -> None:
    """Deals that say the same in every part give a table with no error; parts that differ
    give one, largest where the game is long."""
    rng = random.Random(3)
    same = [(2, 4, 8, 8, 4), (1, 3, 6, 9, 5)] * 6
    table = GENERATOR._table_of(same)
    assert GENERATOR.standard_errors(same, table, groups=3) == {
        "first_dealer": 0.0,
        "median": 0.0,
        "largest": 0.0,
    }
    varied = [
        (
            rng.randint(0, 5),
            rng.randint(0, 7),
            rng.randint(0, 16),
            rng.randint(0, 16),
            rng.randint(0, 12),
        )
        for _ in range(60)
    ]
    errors = GENERATOR.standard_errors(varied, GENERATOR._table_of(varied), groups=3)
    assert 0 < errors["median"] <= errors["largest"] < 0.5
    assert errors["first_dealer"] > 0


def test_a_hands_lead_weights_add_up_to_its_keep_weight() -> None:
    """Each four kept ranks is shared out among the ranks the pone may lead from it, so the
    chance of the hand is unchanged until a lead is seen."""
    keeps = keep_weights("pone")
    for kept in [(1, 2, 3, 4), (5, 5, 10, 13), (2, 3, 8, 9), (7, 7, 7, 7)]:
        leads = [lead_weights(rank)[kept] for rank in sorted(set(kept))]
        assert sum(leads) == pytest.approx(keeps[kept])
        assert min(leads) > 0  # every lead stays possible


@pytest.mark.slow
def test_lead_counts_are_what_the_generator_makes() -> None:
    leads = GENERATOR.read_table("leads.json")
    for kept in [(1, 2, 3, 4), (5, 5, 10, 11)]:
        counts = GENERATOR.leads_of(([kept], leads["contexts"]))[0]
        assert counts == leads["leads"][ranks_text(kept)]
