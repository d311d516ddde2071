"""The win duel benchmark (`benchmarks/win_duel.py`): its play-outs follow the real game."""

from __future__ import annotations

from dataclasses import replace

from cribbage.computer import Computer
from cribbage.rules import GameConfig, new_game

from .support import script


def test_the_same_player_twice_ties_every_deal_and_chances_are_chances() -> None:
    duel = script("benchmarks/win_duel.py")
    for deal in range(6):
        seed, scores, dealer = duel.position(deal)
        state = replace(new_game(GameConfig(), seed=seed, dealer=dealer), scores=scores)
        players = [Computer("classic", seed=1), Computer("classic", seed=1)]
        results = duel.play_deal(state, players, Computer("easy", seed=2), [4, 20, 36])
        assert sorted(results) == [(cut, k) for cut in (4, 20, 36) for k in (0, 1)]
        for cut in (4, 20, 36):
            assert results[cut, 0] == results[cut, 1]
            chance, points = results[cut, 0]
            assert 0.0 <= chance <= 1.0 and -60 < points < 60


def test_a_player_who_reaches_the_target_in_the_deal_has_won() -> None:
    duel = script("benchmarks/win_duel.py")
    # seat 0 needs one point and seat 1 a hundred, more than a deal can give: seat 0 wins
    # as soon as it scores at all, as it does with these cards, dealing or not
    for dealer in (0, 1):
        state = replace(new_game(GameConfig(), seed=5, dealer=dealer), scores=(120, 21))
        results = duel.play_deal(state, [Computer("easy", seed=1)], Computer("easy", seed=2), [10])
        assert results[10, 0] == (1.0, results[10, 0][1])
