from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cribbage.cards import Card
from cribbage.events import DealerChosen, GameOver, GameResult
from cribbage.match import (
    MATCH_MEMORY,
    FirstDealer,
    MatchConfig,
    MatchOver,
    MatchState,
    apply_match,
    new_match,
    next_game,
    plays_so_far,
)
from cribbage.rules import GameConfig, GameState, Phase, Play
from cribbage.view import view_for

from .support import cards_named_in, checked_random_match, known_to, play_state, random_action


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
    assert match.first_dealers == ()  # nobody has dealt yet
    match, events = finish_game(match, rng)
    first = next(event.seat for event in events if isinstance(event, DealerChosen))
    assert match.first_dealers == (first,)
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
    assert following.first_dealers == (first, dealer)  # who dealt first in each game


def test_each_game_of_a_match_is_dealt_from_new_shuffles() -> None:
    # One seed for the match: the second game goes on from the first game's shuffles, so
    # that it does not deal the first game's hands again (its first dealer deals the same).
    config = MatchConfig(games=3, first_dealer=FirstDealer.SAME)
    match = new_match(config, GameConfig(target=31), seed=4)
    rng = random.Random(4)
    while match.game.phase is Phase.CUT_FOR_DEAL:
        match, _ = apply_match(match, random_action(match.game, rng))
    first_deal = match.game.hands
    match, _ = finish_game(match, rng)
    following = next_game(match)
    assert following.game.dealer == match.first_dealers[0]
    assert following.game.shuffles > match.game.shuffles
    assert set(following.game.hands[0]) != set(first_deal[0])


def test_the_next_game_waits_for_the_end_of_this_one_in_an_open_match() -> None:
    match = new_match(MatchConfig(games=3), GameConfig(target=31), seed=2)
    with pytest.raises(RuntimeError) as err:
        next_game(match)
    assert str(err.value) == "The next game starts only after a game ends in an open match."


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


@pytest.mark.parametrize(
    "settings, message",
    [
        ({"games": None}, "A match is a number of games or a number of match points."),
        ({"games": 3, "points": 5}, "A match is a number of games or a number of match points."),
        ({"games": 0}, "A match needs at least one game or one match point."),
        ({"games": None, "points": 0}, "A match needs at least one game or one match point."),
        ({"values": (1, 0, 2)}, "Match points for a win, skunk and double skunk must be positive."),
        ({"values": (1, 2)}, "Match points for a win, skunk and double skunk must be positive."),
    ],
)
def test_bad_match_configs_are_refused_in_a_sentence(
    settings: dict[str, object], message: str
) -> None:
    with pytest.raises(ValueError) as err:
        MatchConfig(**settings)  # type: ignore[arg-type]  # the settings a caller might pass
    assert str(err.value) == message
    assert MatchConfig(games=None, points=1).points == 1  # one match point is a match


# --- match points by the result of each game ----------------------------------------------------


MATCHES = [
    (GameConfig(target=61), MatchConfig(games=3)),
    (
        GameConfig(target=61, skunk_line=52, double_skunk_line=44),
        MatchConfig(games=3, first_dealer=FirstDealer.SAME),
    ),
    (
        GameConfig(target=31),
        MatchConfig(games=None, points=7, values=(2, 3, 4), first_dealer=FirstDealer.ALTERNATE),
    ),
    (
        GameConfig(target=61, players=3, skunk_line=50, double_skunk_line=40),
        MatchConfig(games=2, values=(2, 4, 6)),
    ),
    (
        GameConfig(target=61, players=3),
        MatchConfig(games=None, points=4, first_dealer=FirstDealer.SAME),
    ),
    (
        GameConfig(target=61, players=4, partners=True, skunk_line=55, double_skunk_line=45),
        MatchConfig(games=2),
    ),
    (
        GameConfig(target=61, players=4, partners=True),
        MatchConfig(games=3, first_dealer=FirstDealer.ALTERNATE),
    ),
    (GameConfig(target=31, five_card=True), MatchConfig(games=None, points=5)),
]
"""Matches of every kind and each rule for who deals first, with skunk lines set where
random play seldom crosses BSD's."""


def test_random_matches_score_each_game_by_its_result() -> None:
    results: Counter[GameResult] = Counter()
    for seed in range(8):
        for config, match_config in MATCHES:
            steps = list(checked_random_match(seed, config, match_config))
            for _, _, events in steps:
                results.update(e.result for e in events if isinstance(e, GameOver))
            assert steps[-1][1].over
    # every result came up, so each value of the scale was checked (the seeds are fixed)
    assert min(results[result] for result in GameResult) >= 5, results


def _ends_with_a_fifteen(loser: int, config: GameConfig = GameConfig()) -> GameState:
    """A game where the dealer (seat 1) stands at 119 and pegs 2 for fifteen with its king on
    the pone's five, against the pone's `loser` points."""
    return play_state("5h 5c 5d jc", "kh 3h 4h 6h", "2s", scores=(loser, 119), config=config)


@pytest.mark.parametrize(
    "values, loser, gained",
    [
        # BSD: a game is 1, a skunk (the loser under 91 of 121) 2, a double skunk (under 61) 4
        ((1, 2, 4), 91, 1),
        ((1, 2, 4), 90, 2),
        ((1, 2, 4), 61, 2),
        ((1, 2, 4), 60, 4),
        ((1, 2, 4), 0, 4),
        ((2, 3, 4), 100, 2),
        ((2, 3, 4), 75, 3),
        ((2, 3, 4), 12, 4),
        ((2, 4, 6), 90, 4),
        ((2, 4, 6), 60, 6),
    ],
)
def test_a_skunk_counts_double_and_a_double_skunk_four_times_in_match_points(
    values: tuple[int, int, int], loser: int, gained: int
) -> None:
    # A bug that scored every game as a plain win would fail here.
    match = new_match(MatchConfig(games=3, values=values), GameConfig(), seed=1)
    match = replace(match, game=_ends_with_a_fifteen(loser), first_dealers=(1,))
    match, _ = apply_match(match, Play(0, Card.parse("5h")))
    match, events = apply_match(match, Play(1, Card.parse("kh")))
    assert match.game.phase is Phase.GAME_OVER and match.game.scores == (loser, 121)
    assert match.match_points == (0, gained) and match.games_won == (0, 1)
    assert not match.over and not any(isinstance(event, MatchOver) for event in events)


def test_the_lurch_is_worth_a_skunk_in_match_points() -> None:
    lurch = GameConfig(skunk_line=61, double_skunk_line=0)  # Hoyle: under 61 loses double
    match = new_match(MatchConfig(games=3), lurch, seed=1)
    match = replace(match, game=_ends_with_a_fifteen(0, lurch), first_dealers=(1,))
    match, _ = apply_match(match, Play(0, Card.parse("5h")))
    match, _ = apply_match(match, Play(1, Card.parse("kh")))
    assert match.match_points == (0, 2)


def test_in_a_match_of_two_games_a_skunk_outweighs_a_plain_win() -> None:
    # `--match 2` is MatchConfig(games=2): seat 1 skunks seat 0 (2 match points), then loses
    # the second game plainly (1 to seat 0): 2 to 1 after two games, and seat 1 has won the
    # match. Were a skunk worth a plain game, 1 to 1 would play on.
    match = new_match(MatchConfig(games=2), GameConfig(), seed=1)
    match = replace(match, game=_ends_with_a_fifteen(80), first_dealers=(1,))
    match, _ = apply_match(match, Play(0, Card.parse("5h")))
    match, _ = apply_match(match, Play(1, Card.parse("kh")))
    assert match.match_points == (0, 2) and not match.over
    match = next_game(match)
    assert match.number == 2
    # the second game: seat 0 deals and pegs 2 for fifteen from 119; seat 1 has 100
    second = play_state("5h 5c 5d jc", "kh 3h 4h 6h", "2s", dealer_seat=0, scores=(119, 100))
    match = replace(match, game=second)
    match, _ = apply_match(match, Play(1, Card.parse("5h")))
    match, events = apply_match(match, Play(0, Card.parse("kh")))
    assert match.game.winner == 0 and match.games_won == (1, 1)
    assert match.match_points == (1, 2)
    assert match.over and match.winner == 1 and events[-1] == MatchOver(1, (1, 2))


def test_the_next_game_of_a_match_carries_every_deal_played_before_it() -> None:
    rng = random.Random(5)
    match = new_match(MatchConfig(games=3), GameConfig(target=61), seed=5)
    before: tuple[tuple[tuple[int, Card], ...], ...] = ()
    for _ in range(2):
        match, _events = finish_game(match, rng)
        game = match.game
        assert game.match_plays == before
        seen = (*before, *game.past_plays, *((game.history,) if game.history else ()))
        assert plays_so_far(game) == seen
        match = next_game(match)
        assert match.game.match_plays == seen and match.game.past_plays == ()
        before = seen
    played = [card for deal in before for _, card in deal]
    assert len(before) >= 4 and len(played) > 8 * (len(before) - 2)


def test_a_long_match_carries_the_latest_deals_alone() -> None:
    rng = random.Random(6)
    match = new_match(MatchConfig(games=40), GameConfig(target=61), seed=6)
    seen: list[tuple[tuple[int, Card], ...]] = []
    while len(seen) <= MATCH_MEMORY + 10:
        match, _events = finish_game(match, rng)
        game = match.game
        seen += [*game.past_plays, *((game.history,) if game.history else ())]
        match = next_game(match)
        assert match.game.match_plays == tuple(seen[-MATCH_MEMORY:])


@settings(max_examples=20, deadline=None)
@given(st.integers(0, 2**32), st.integers(0, 400), st.integers(0, 1))
def test_every_view_of_a_match_names_what_its_seat_may_know(
    seed: int, steps: int, seat: int
) -> None:
    match_config = MatchConfig(games=3)
    state = None
    for k, (_, after, _) in enumerate(
        checked_random_match(seed, GameConfig(target=31), match_config)
    ):
        state = after
        if k >= steps:
            break
    assert state is not None
    view = view_for(state.game, seat)
    assert cards_named_in(view) == known_to(state.game, seat)
    assert view.match_plays == state.game.match_plays
