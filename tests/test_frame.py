"""A seat's view of the table turned so that it sits at seat 0 (`cribbage.frame`), and what a
seat may see of events (`events_for`) and of a match (`match_view_for`, `onlooker_view`)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cribbage.computer import Computer
from cribbage.events import (
    CountReset,
    DealerChosen,
    Dealt,
    Discarded,
    Event,
    Played,
    Shown,
    StarterTurned,
)
from cribbage.frame import Frame
from cribbage.match import MatchConfig, MatchOver, apply_match, new_match
from cribbage.rules import GameConfig, GameState, Phase, pending
from cribbage.ui.table import Table
from cribbage.view import events_for, match_view_for, onlooker_view, view_for

from .support import OTHER_GAMES, play_random_game

GAMES = (GameConfig(), *OTHER_GAMES)
games = st.sampled_from(GAMES)


def states_of(
    seed: int, config: GameConfig, limit: int
) -> list[tuple[GameState, tuple[Event, ...]]]:
    """A random game's states after each action (at most `limit`), with each action's events."""
    from cribbage.rules import new_game

    rng = random.Random(seed)
    found = []
    for _, _, after, events in play_random_game(new_game(config, seed=seed), rng):
        found.append((after, events))
        if len(found) >= limit:
            break
    return found


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10**6), games, st.integers(0, 300), st.data())
def test_a_turned_view_puts_its_seat_at_zero_and_keeps_every_place(
    seed: int, config: GameConfig, steps: int, data: st.DataObject
) -> None:
    state = states_of(seed, config, steps + 1)[-1][0]
    me = data.draw(st.integers(0, config.players - 1))
    frame = Frame(config, me)
    view = view_for(state, me)
    turned = frame.view(view)
    assert turned.seat == 0
    assert turned.hand == state.hands[me] if state.hands else turned.hand == ()
    assert turned.my_score == view.my_score
    assert turned.best_other_score == view.best_other_score
    assert turned.is_dealer == view.is_dealer
    assert turned.my_turn == view.my_turn
    assert turned.legal == view.legal
    for seat in range(config.players):
        here = frame.seat(seat)
        assert frame.global_seat(here) == seat
        assert turned.hand_sizes[here] == view.hand_sizes[seat]
        assert turned.discarded[here] == view.discarded[seat]
        assert turned.config.counts[here] is config.counts[seat]
        # the partnerships turn with the seats, and to the left stays to the left
        assert turned.config.side_of(here) == frame.side(config.side_of(seat))
        assert frame.seat((seat + 1) % config.players) == (here + 1) % config.players
        if state.phase is not Phase.CUT_FOR_DEAL and state.dealer is not None:
            assert (turned.dealer == here) == (state.dealer == seat)
    for side in range(config.sides):
        assert turned.scores[frame.side(side)] == state.scores[side]
    assert [card for _, card in turned.history] == [card for _, card in view.history]
    assert [frame.global_seat(s) for s, _ in turned.history] == [s for s, _ in view.history]
    assert {frame.global_seat(s) for s in turned.pending} == set(pending(state))


@settings(max_examples=15, deadline=None)
@given(st.integers(0, 10**6), games, st.integers(0, 200), st.data())
def test_the_computer_decides_the_same_from_either_frame(
    seed: int, config: GameConfig, steps: int, data: st.DataObject
) -> None:
    """The classic computer reads nothing but seats relative to its own, so a turned view
    must give it the same decision, turned back: a seat or side turned wrongly would not."""
    state = states_of(seed, config, steps + 1)[-1][0]
    if state.phase is Phase.GAME_OVER:
        return
    me = data.draw(st.sampled_from(pending(state)))
    frame = Frame(config, me)
    view = view_for(state, me)
    cpu = Computer("classic", seed=3)
    assert frame.action(cpu.act(frame.view(view))) == cpu.act(view)


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 10**6), games, st.data())
def test_the_picture_from_turned_events_agrees_with_the_turned_view(
    seed: int, config: GameConfig, data: st.DataObject
) -> None:
    """What the screen draws from one seat's turned events, one at a time, is what that
    seat's turned view says once they are shown: scores, the count, the cards in each hand
    and the crib, the cards played. A seat, side or hidden card turned wrongly shows here."""
    me = data.draw(st.integers(0, config.players - 1))
    frame = Frame(config, me)
    picture = Table.for_game(frame.game_config())
    synced = Table.for_game(frame.game_config())
    for state, events in states_of(seed, config, 10_000):
        seen = frame.events(events_for(events, me))
        view = frame.view(view_for(state, me))
        for event in seen:
            picture.update(event)
            if isinstance(event, Dealt):  # a deal's cards come with the view, as on screen
                picture.sync(view)
            match event:
                case DealerChosen(seat) | Dealt(seat):
                    assert seat == view.dealer
                case StarterTurned(cutter):
                    assert view.dealer is not None
                    assert cutter == (view.dealer + 1) % config.players
                case CountReset(leader) if state.phase is Phase.PLAY:
                    assert leader == view.to_move or view.history[-1][0] == leader
        if state.phase is Phase.GAME_OVER:
            assert picture.scores == list(view.scores)
            break
        if any(isinstance(event, Shown) for event in seen) or state.phase is Phase.SHOW:
            picture.sync(view)  # the show lays hands out as the view says
            continue
        synced.sync(view)
        assert picture.scores == synced.scores
        assert picture.count == synced.count
        assert [len(hand) for hand in picture.hands] == [len(hand) for hand in synced.hands]
        assert picture.hands[0] == synced.hands[0]
        assert len(picture.crib) == len(synced.crib)
        if state.phase is Phase.PLAY:
            assert picture.played == synced.played
            assert picture.passed <= synced.passed  # a seat out of cards passes unsaid
        picture.sync(view)


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 10**6), games, st.integers(0, 300))
def test_events_show_a_seat_its_own_discards_and_nobody_elses(
    seed: int, config: GameConfig, steps: int
) -> None:
    for _, events in states_of(seed, config, steps + 1):
        for seat in (*range(config.players), None):
            shown = events_for(events, seat)
            assert len(shown) == len(events)
            for event, seen in zip(events, shown, strict=True):
                if isinstance(event, Discarded):
                    assert isinstance(seen, Discarded) and seen.seat == event.seat
                    assert seen.cards == (event.cards if event.seat == seat else ())
                else:
                    assert seen == event


def test_the_crib_stays_hidden_until_it_is_counted() -> None:
    """The crib's cards reach another seat only in the `Shown` of the show, for any seat."""
    config = GameConfig(players=3)
    for seed in range(5):
        for state, events in states_of(seed, config, 400):
            for seat in range(3):
                for event in events_for(events, seat):
                    if isinstance(event, Discarded) and event.seat != seat:
                        assert event.cards == ()
                view = view_for(state, seat)
                crib_shown = [shown for shown in view.shown if shown.crib]
                if state.phase is not Phase.SHOW and state.phase is not Phase.GAME_OVER:
                    assert crib_shown == []
                for shown in crib_shown:
                    assert set(shown.cards) == set(state.crib)


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 10**6), games, st.integers(0, 300))
def test_an_onlooker_sees_no_hand_and_no_choice(seed: int, config: GameConfig, steps: int) -> None:
    state = states_of(seed, config, steps + 1)[-1][0]
    view = onlooker_view(state)
    assert view.hand == view.kept == view.discards == view.legal == ()
    assert view.counting is None and view.cut_range is None
    assert view.scores == state.scores
    assert view.history == state.history
    public = view.seen
    hidden = {card for hand in state.hands for card in hand} - {c for _, c in state.history}
    if state.phase not in (Phase.SHOW, Phase.GAME_OVER):
        assert not public & hidden


def test_a_match_view_keeps_the_match_standing_and_the_seats_view() -> None:
    config = GameConfig(target=31, players=3)
    state = new_match(MatchConfig(games=2), config, seed=4)
    rng = random.Random(4)
    from cribbage.rules import legal_actions

    while state.game.phase is not Phase.GAME_OVER:
        state, _ = apply_match(state, rng.choice(legal_actions(state.game)))
    for seat in (0, 1, 2):
        view = match_view_for(state, seat)
        assert view.game == view_for(state.game, seat)
        assert (view.number, view.match_points, view.games_won) == (
            state.number,
            state.match_points,
            state.games_won,
        )
        assert view.over is state.over
    assert match_view_for(state, None).game == onlooker_view(state.game)


@pytest.mark.parametrize("me", [0, 1, 2, 3])
def test_a_match_turns_its_points_with_the_sides(me: int) -> None:
    config = GameConfig(players=4, partners=True)
    frame = Frame(config, me)
    over = MatchOver(winner=1, points=(0, 3))
    turned = frame.event(over)
    assert isinstance(turned, MatchOver)
    mine = config.side_of(me)
    # your side is side 0 in your own frame
    assert turned.points[0] == over.points[mine]
    assert (turned.winner == 0) == (mine == 1)


def test_a_frame_refuses_a_seat_the_table_lacks() -> None:
    with pytest.raises(ValueError, match="no seat 3"):
        Frame(GameConfig(players=3), 3)


def test_a_played_card_keeps_its_seat_turned() -> None:
    from cribbage.cards import Card

    frame = Frame(GameConfig(players=3), 2)
    assert frame.event(Played(2, Card.parse("5h"), 5)) == Played(0, Card.parse("5h"), 5)
    assert frame.event(Played(0, Card.parse("5h"), 5)) == Played(1, Card.parse("5h"), 5)
