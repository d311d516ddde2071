from __future__ import annotations

import random

import pytest

from cribbage.events import GameOver, GameResult
from cribbage.match import (
    FirstDealer,
    MatchConfig,
    MatchOver,
    MatchState,
    apply_match,
    new_match,
    next_game,
)
from cribbage.rules import GameConfig, Phase

from .support import random_action


def finish_game(match: MatchState, rng: random.Random) -> tuple[MatchState, list[object]]:
    events: list[object] = []
    while match.game.phase is not Phase.GAME_OVER:
        match, new = apply_match(match, random_action(match.game, rng))
        events.extend(new)
    return match, events


def test_a_match_of_games_scores_match_points_by_result() -> None:
    rng = random.Random(3)
    match = new_match(MatchConfig(games=3), GameConfig(target=61), seed=3)
    games = 0
    while not match.over:
        if match.game.phase is Phase.GAME_OVER:
            match = next_game(match)
        match, events = finish_game(match, rng)
        games += 1
        over = next(e for e in events if isinstance(e, GameOver))
        assert match.games_won[over.winner] >= 1
    assert games >= 3 and match.number == games
    assert sum(match.games_won) == games
    winner = match.winner
    assert winner is not None and match.match_points[winner] > match.match_points[1 - winner]
    with pytest.raises(RuntimeError):
        next_game(match)


def test_match_points_follow_the_configured_scale() -> None:
    config = MatchConfig(games=1, values=(2, 3, 4))
    assert [config.value_of(r) for r in GameResult] == [2, 3, 4]
    assert [MatchConfig().value_of(r) for r in GameResult] == [1, 2, 4]


def test_a_match_to_points_ends_when_a_player_reaches_them() -> None:
    rng = random.Random(8)
    match = new_match(MatchConfig(games=None, points=5), GameConfig(target=31), seed=8)
    while not match.over:
        if match.game.phase is Phase.GAME_OVER:
            match = next_game(match)
        match, events = finish_game(match, rng)
    assert max(match.match_points) >= 5
    assert isinstance(events[-1], MatchOver) and events[-1].winner == match.winner


@pytest.mark.parametrize(
    "rule, expected",
    [
        (FirstDealer.LOSER, "loser"),
        (FirstDealer.ALTERNATE, "alternate"),
        (FirstDealer.SAME, "same"),
    ],
)
def test_who_deals_first_in_the_next_game(rule: FirstDealer, expected: str) -> None:
    rng = random.Random(1)
    match = new_match(MatchConfig(games=5, first_dealer=rule), GameConfig(target=31), seed=1)
    match, _ = finish_game(match, rng)
    first = match.first_dealers[0]
    winner = match.game.winner
    assert winner is not None
    following = next_game(match)
    dealer = following.game.dealer
    assert following.game.phase is Phase.DISCARD and following.number == 2
    if expected == "loser":
        assert dealer == 1 - winner
    elif expected == "alternate":
        assert dealer == 1 - first
    else:
        assert dealer == first
    assert following.game.hands != match.game.hands


def test_a_match_tied_after_its_games_plays_on_until_someone_leads() -> None:
    ties = 0
    for seed in range(40):
        rng = random.Random(seed)
        match = new_match(MatchConfig(games=2, values=(1, 1, 1)), GameConfig(target=31), seed)
        match, _ = finish_game(match, rng)
        match, _ = finish_game(next_game(match), rng)
        if match.match_points != (1, 1):
            assert match.over
            continue
        ties += 1
        assert not match.over
        match, events = finish_game(next_game(match), rng)
        assert match.over and match.number == 3 and isinstance(events[-1], MatchOver)
    assert ties > 0


def test_bad_match_configs_are_refused() -> None:
    for kwargs in ({"games": None}, {"games": 3, "points": 5}, {"games": 0}, {"values": (1, 0, 2)}):
        with pytest.raises(ValueError):
            MatchConfig(**kwargs)
