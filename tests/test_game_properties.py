"""Properties of whole games under random legal play."""

from __future__ import annotations

import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from cribbage.cards import DECK
from cribbage.events import CountReset, GameOver, Played, Reason, Scored, Shown
from cribbage.rules import Counting, GameConfig, GameState, Phase, new_game

from .support import play_random_game

CONFIGS = [
    GameConfig(),
    GameConfig(target=61),
    GameConfig(counting=(Counting.CLAIMED, Counting.AUTOMATIC), muggins=True),
]


def cards_in_place(state: GameState) -> Counter[object]:
    """Every card once: in a hand, played, in the crib or in the pack."""
    places: Counter[object] = Counter(state.pack)
    for hand in state.hands:
        places.update(hand)
    places.update(card for _, card in state.history)
    places.update(state.crib)
    return places


def check_game(seed: int, config: GameConfig) -> GameState:
    rng = random.Random(seed)
    state = new_game(config, seed=seed)
    game_overs = 0
    pile: list[object] = []
    for before, _action, after, events in play_random_game(state, rng):
        assert game_overs == 0
        if after.phase is not Phase.CUT_FOR_DEAL:
            assert cards_in_place(after) == Counter(DECK)
        assert 0 <= after.count <= 31
        assert sum(card.value for card in after.pile) == after.count
        assert all(a >= b for a, b in zip(after.scores, before.scores, strict=True))
        for event in events:
            match event:
                case Played(_, card, count):
                    pile.append(card)
                    assert count <= 31
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
                case GameOver(winner, scores, result):
                    game_overs += 1
                    assert scores[winner] >= config.target > scores[1 - winner]
                    assert result is config.result_for(scores[1 - winner])
        if after.phase is Phase.DISCARD and before.phase is not Phase.DISCARD:
            pile.clear()
    assert game_overs == 1
    return after


@settings(max_examples=150, deadline=None)
@given(st.integers(0, 2**63 - 1), st.sampled_from(CONFIGS))
def test_random_games_keep_every_rule(seed: int, config: GameConfig) -> None:
    final = check_game(seed, config)
    assert final.phase is Phase.GAME_OVER and final.winner is not None


def test_a_thousand_seeded_random_games_end_with_one_winner() -> None:
    winners: Counter[int] = Counter()
    for seed in range(1000):
        rng = random.Random(seed)
        state = new_game(CONFIGS[seed % 3], seed=seed)
        *_, (_, _, state, _) = play_random_game(state, rng)
        assert state.winner is not None
        assert state.scores[state.winner] >= state.config.target
        winners[state.winner] += 1
    assert min(winners.values()) > 350  # both seats win: no seat is favoured by the engine
