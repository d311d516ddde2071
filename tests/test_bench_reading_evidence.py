"""What a player's keeps and plays say of it (`benchmarks/reading_evidence.py`): the expert's
own keeps speak for its weights and keeps made at random against them; a player that always
takes the most points is read as passing up none."""

from __future__ import annotations

import math
import random
import statistics
from dataclasses import replace
from itertools import combinations

import pytest

from cribbage.cards import DECK, Card, parse_cards
from cribbage.computer import Computer
from cribbage.computer.tables import keep_weights
from cribbage.rules import GameState, Phase, apply, new_game, pending
from cribbage.view import view_for

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
    plays = evidence.plays_in_games("greedy", "easy", 2)
    assert plays.passed == 0 and plays.taken > 5
    assert evidence.plays_in_games("easy", "greedy", 6).passed > 0


def _lead(mine: list[str], theirs: list[str], scores: tuple[int, int] = (0, 0)) -> GameState:
    """A seeded game at seat 0's lead, each seat's hand replaced by the cards named."""
    state = new_game(seed=4, dealer=1)
    computers = [Computer("expert", seed=seat) for seat in (0, 1)]
    while not (state.phase is Phase.PLAY and not state.history):
        seat = pending(state)[0]
        state, _ = apply(state, computers[seat].act(view_for(state, seat)))
    assert state.to_move == 0
    return replace(state, hands=(parse_cards(mine), parse_cards(theirs)), scores=scores)


def test_a_lead_that_gives_away_a_fifteen_is_not_the_best_reply() -> None:
    """Led, the five gives the ten a fifteen; the king gives nothing, and the five then
    answers the ten's ten for fifteen."""
    state = _lead(["5H", "KS"], ["TD", "TC"])
    five, king = (evidence.reply_judged(state, card, 1) for card in parse_cards(["5H", "KS"]))
    assert five is not None and king is not None
    assert (five[0], king[0]) == (False, True)
    assert five[2] > 0 and king[2] == 0
    assert five[1] != king[1]  # the expert's card is one of the two
    assert evidence.reply_judged(state, parse_cards(["KS"])[0], 1) == king  # repeatable


def test_plays_without_a_choice_or_near_the_end_are_not_judged() -> None:
    assert (
        evidence.reply_judged(_lead(["5H", "5S"], ["TD", "TC"]), parse_cards(["5H"])[0], 1) is None
    )
    near = _lead(["5H", "KS"], ["TD", "TC"], scores=(100, 60))
    assert evidence.reply_judged(near, parse_cards(["KS"])[0], 1) is None


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
