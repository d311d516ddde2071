"""Properties of whole games under random legal play."""

from __future__ import annotations

import math
import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cribbage.events import CountReset, Played, Reason, Scored, Shown
from cribbage.rules import Counting, GameConfig, GameState, Phase, new_game

from .support import checked_random_game, play_random_game

CONFIGS = [
    GameConfig(),
    GameConfig(target=61),
    GameConfig(counting=(Counting.CLAIMED, Counting.AUTOMATIC), muggins=True),
]


def check_game(seed: int, config: GameConfig) -> GameState:
    """A random game of `config` (see `checked_random_game`), in which what the play scores
    lies within the current count and no hand shows 19, 25, 26 or 27."""
    pile: list[object] = []
    for before, after, events in checked_random_game(seed, config):
        for event in events:
            match event:
                case Played(_, card, _):
                    pile.append(card)
                case CountReset():
                    pile.clear()
                case Scored(_, points, Reason.PLAY, _, score):
                    assert points == score.total > 0
                    for item in score.items:
                        assert set(item.cards) <= set(pile)  # never across a reset
                case Shown(_, cards, starter, _, score):
                    assert score.total not in {19, 25, 26, 27}
                    assert len(cards) == 4 and starter not in cards
                    pile.clear()
        if after.phase is Phase.DISCARD and before.phase is not Phase.DISCARD:
            pile.clear()
    return after


@settings(max_examples=150, deadline=None)
@given(st.integers(0, 2**63 - 1), st.sampled_from(CONFIGS))
def test_random_games_keep_every_rule(seed: int, config: GameConfig) -> None:
    final = check_game(seed, config)
    assert final.phase is Phase.GAME_OVER and final.winner is not None


def test_a_thousand_seeded_random_games_end_with_one_winner_and_favour_neither_seat() -> None:
    fair: Counter[int] = Counter()
    for seed in range(1000):
        rng = random.Random(seed)
        config = CONFIGS[seed % 3]
        state = new_game(config, seed=seed)
        *_, (_, _, state, _) = play_random_game(state, rng)
        assert state.winner is not None
        assert state.scores[state.winner] >= state.config.target
        if config.counts == (Counting.AUTOMATIC, Counting.AUTOMATIC):
            fair[state.winner] += 1
    # Where both seats are counted alike, both play at random by the same rules and the cut
    # for deal (each seat's card as likely to be low) decides who deals first, so each seat
    # wins a game with probability 1/2 unless the engine favours one. Of n such games seat 0
    # then wins n/2 on average with a standard deviation of sqrt(n * 1/2 * 1/2) = sqrt(n)/2:
    # for n = 667 (two seeds in three), 333.5 and 12.91. Four standard deviations, 51.6 games,
    # put a fair engine outside the bound once in 16,000 runs (two-sided), while a seat that
    # won 65% of its games (433.6 on average, a standard deviation of 12.3) would stand 3.9
    # of its standard deviations past it and be caught nearly always.
    n = fair.total()
    assert n == 667
    half, spread = n / 2, 4 * math.sqrt(n) / 2
    assert half - spread <= fair[0] <= half + spread
    assert half - spread <= fair[1] <= half + spread


def test_a_random_game_that_never_ends_fails_at_the_step_limit() -> None:
    state = new_game(GameConfig(), seed=5)
    with pytest.raises(AssertionError, match="did not end in 40 actions"):
        for _ in play_random_game(state, random.Random(5), limit=40):
            pass
