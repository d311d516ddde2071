"""The helpers of `storage_support` at work: random play that is legal and the same for a
seed, and a saving process killed and checked."""

from __future__ import annotations

import os
import random
from pathlib import Path

import pytest

from cribbage.match import MatchConfig
from cribbage.record import NEXT_GAME, Record, replay
from cribbage.rules import Claim, GameConfig

from .storage_support import CLAIMED, ForkedSaver, kill_and_check, match_after


def test_random_play_reaches_the_end_of_a_match_legally() -> None:
    config = MatchConfig(games=3)
    for seed in range(4):
        match = match_after(seed, None, GameConfig(target=61), config)
        assert match.state.over
        assert sum(match.state.games_won) >= 3
        assert match.record.steps.count(NEXT_GAME) == sum(match.state.games_won) - 1
        assert replay(Record.from_json(match.record.to_json())) == match.state


def test_random_play_with_claimed_counts_ends_the_game() -> None:
    match = match_after(11, None, CLAIMED)
    assert match.state.over
    claims = [step for step in match.record.steps if isinstance(step, Claim)]
    assert claims and all(0 <= claim.points <= 29 for claim in claims)


def test_the_canonical_match_depends_only_on_its_seed() -> None:
    first, second = match_after(5), match_after(5)
    assert first.record == second.record and first.id != second.id
    assert match_after(6).record != first.record
    assert match_after(5, 40).record.steps == first.record.steps[:40]


def test_a_killed_saver_reports_what_it_saved(tmp_path: Path) -> None:
    if not hasattr(os, "fork"):
        pytest.skip("needs fork")
    figures = kill_and_check(
        tmp_path, 1, 3, lambda: ForkedSaver(tmp_path, 1), random.Random(0), most_saves=5
    )
    assert figures.kills == 3 and figures.losses == []
    assert figures.resumed >= 1
