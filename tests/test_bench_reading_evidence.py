"""What a player's keeps and plays say of it (`benchmarks/reading_evidence.py`): the expert's
own keeps speak for its weights and keeps made at random against them; a player that always
takes the most points is read as passing up none."""

from __future__ import annotations

import math
import random
import statistics
from itertools import combinations

import pytest

from cribbage.cards import DECK, Card, parse_cards
from cribbage.computer.tables import keep_weights

from .support import script

script("benchmarks/sparring.py")  # the partners, registered as players
evidence = script("benchmarks/reading_evidence.py")


def test_a_keep_is_weighed_by_its_ranks_in_any_order() -> None:
    kept = parse_cards(["5H", "JS", "5D", "TC"])
    expected = math.log(keep_weights("pone")[(5, 5, 10, 11)])
    assert evidence.kept_log_weight(kept, "pone") == expected
    assert evidence.kept_log_weight(kept[::-1], "pone") == expected
    assert evidence.kept_log_weight(kept, "dealer") != expected


def test_the_experts_keeps_speak_for_its_weights_and_random_keeps_against() -> None:
    found = evidence.keep_evidence("expert", 24, seed=3)
    assert len(found["dealer"]) == len(found["pone"]) == 12
    assert statistics.fmean(found["dealer"] + found["pone"]) > 0.3
    rng = random.Random(5)
    at_random = [
        evidence.kept_log_weight(rng.sample(DECK, 4), role)
        for role in ("dealer", "pone")
        for _ in range(400)
    ]
    assert statistics.fmean(at_random) < 0


def test_a_player_who_takes_the_most_points_passes_up_none() -> None:
    """The greedy partner pegs the most it can at once with every card; the easy level only
    half the time."""
    passed, taken = evidence.passed_up_in_games("greedy", "easy", 2)
    assert passed == 0 and taken > 5
    passed, taken = evidence.passed_up_in_games("easy", "greedy", 6)
    assert passed > 0


def test_the_report_names_each_player_and_role(capsys: pytest.CaptureFixture[str]) -> None:
    assert evidence.main(["greedy", "--deals", "4", "--games", "1", "--against", "easy"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert [line.split()[:3] for line in lines[1:3]] == [
        ["greedy", "dealer", "2"],
        ["greedy", "pone", "2"],
    ]
    assert lines[5].split()[:2] == ["greedy", "1"] and lines[5].endswith("0.0%")


def _keeps_drawn(
    power: float | None, deals: int, seed: int
) -> list[tuple[tuple[Card, ...], tuple[Card, ...]]]:
    """Seeded six-card hands, each keep drawn from the 15 with a chance in proportion to the
    expert's weight as pone to `power` (None: always the most weighed)."""
    rng = random.Random(seed)
    weights = keep_weights("pone")
    made: list[tuple[tuple[Card, ...], tuple[Card, ...]]] = []
    for _ in range(deals):
        hand = tuple(rng.sample(DECK, 6))
        options = list(combinations(hand, 4))
        weight = [weights.get(tuple(sorted(int(c.rank) for c in o)), 0.0) for o in options]
        if power is None:
            kept = options[weight.index(max(weight))]
        else:
            kept = rng.choices(options, [w**power for w in weight])[0]
        made.append((hand, kept))
    return made


def test_the_sharpness_of_keeps_is_the_power_they_were_drawn_by() -> None:
    assert evidence.keep_sharpness(_keeps_drawn(0.0, 600, 1), "pone") < 0.3
    assert evidence.keep_sharpness(_keeps_drawn(2.0, 600, 2), "pone") == pytest.approx(2.0, abs=0.4)
    assert evidence.keep_sharpness(_keeps_drawn(None, 300, 3), "pone") > 5
