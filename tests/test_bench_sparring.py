"""The sparring partners (`benchmarks/sparring.py`): their fast deal keeps the engine's rules,
the search deals only cards its seat cannot see, and both play whole games in a tournament."""

from __future__ import annotations

import itertools
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cribbage.computer import Computer
from cribbage.computer.easy import four_card_points
from cribbage.rules import (
    CutStarter,
    Discard,
    GameConfig,
    Phase,
    Play,
    apply,
    cut_range,
    legal_plays,
    new_game,
    pending,
)
from cribbage.scoring import peg_points
from cribbage.tournament import parse_player, play_pair
from cribbage.view import view_for

from .support import script

sparring = script("benchmarks/sparring.py")


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 2**32), st.integers(0, 1))
def test_the_fast_deal_scores_a_deal_as_the_engine_does(seed: int, dealer: int) -> None:
    rng = random.Random(seed)
    state = new_game(GameConfig(target=1000), seed=seed, dealer=dealer)
    hands = [[card.index for card in hand] for hand in state.hands]
    actions: list[int] = []
    starter: int | None = None
    while state.hand_number == 1:  # the show is counted as the play ends
        seat = pending(state)[0]
        if state.phase is Phase.DISCARD:
            thrown = tuple(sorted(rng.sample(state.hands[seat], 2)))
            action: object = Discard(seat, thrown)
            packed = thrown[0].index * 52 + thrown[1].index
        elif state.phase is Phase.CUT_STARTER:
            action = CutStarter(seat, rng.choice(cut_range(len(state.pack))))
            packed = -1
        else:
            card = rng.choice(legal_plays(state, seat))
            action, packed = Play(seat, card), card.index
        state, _ = apply(state, action)  # type: ignore[arg-type]
        if state.starter is not None:
            starter = state.starter.index
        if packed >= 0:
            actions.append(packed)
    assert starter is not None
    deal = sparring.Deal(hands, [], starter, dealer, [0, 0], 1000)
    for action in actions:  # seat 0 lays away first, as the engine was asked
        deal.do(action)
    assert deal.over
    assert deal.scores == list(state.scores)


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 2**32))
def test_a_search_deals_only_the_cards_its_seat_cannot_see(seed: int) -> None:
    rng = random.Random(seed)
    state = new_game(GameConfig(), seed=seed, dealer=seed % 2)
    cpus = [Computer("easy", seed=0), Computer("easy", seed=1)]
    stop = rng.randrange(12)
    for _ in range(stop):
        if state.phase not in (Phase.DISCARD, Phase.CUT_STARTER, Phase.PLAY):
            break
        seat = pending(state)[0]
        state, _ = apply(state, cpus[seat].act(view_for(state, seat)))
    if state.phase not in (Phase.DISCARD, Phase.PLAY):
        return
    seat = pending(state)[0]
    view = view_for(state, seat)
    deal = sparring._deal_for(view, rng)
    assert deal.hands[0] == [card.index for card in view.hand]
    other = 1 - seat
    assert len(deal.hands[1]) == len(state.hands[other])
    placed = [*deal.hands[0], *deal.hands[1], *deal.crib, deal.starter, *deal.pile]
    assert len(set(placed)) == len(placed)
    seen = {card.index for card in view.seen}
    assert not set(deal.hands[1]) & seen
    assert deal.mover() == 0
    if state.phase is Phase.PLAY:
        assert sorted(deal.actions()) == sorted(card.index for card in view.legal)
        assert deal.count == state.count


@pytest.mark.parametrize("spec", ["ismcts:passes=30", "habits", "greedy"])
def test_a_sparring_partner_plays_whole_games_against_the_expert(spec: str) -> None:
    first, second = play_pair((parse_player(spec), parse_player("classic"), 5, 121))
    assert max(first.scores) >= 121 and max(second.scores) >= 121


def test_the_settings_are_said_in_a_sentence() -> None:
    with pytest.raises(ValueError, match="Unknown setting 'depth'"):
        parse_player("ismcts:depth=3")
    with pytest.raises(ValueError, match="passes must be a number"):
        parse_player("ismcts:passes=many")
    with pytest.raises(ValueError, match="takes no settings"):
        parse_player("habits:x=1")
    with pytest.raises(ValueError, match="takes no settings"):
        parse_player("greedy:x=1")


def test_the_habits_player_leads_its_highest_card() -> None:
    state = new_game(GameConfig(), seed=3, dealer=0)
    habits = parse_player("habits").computer(0)
    while state.phase is not Phase.PLAY:
        seat = pending(state)[0]
        state, _ = apply(state, habits.act(view_for(state, seat)))
    seat = pending(state)[0]
    play = habits.act(view_for(state, seat))
    assert isinstance(play, Play)
    assert play.card.value == max(card.value for card in state.hands[seat])


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 2**32))
def test_the_greedy_player_keeps_the_most_and_pegs_the_most_at_once(seed: int) -> None:
    state = new_game(GameConfig(), seed=seed, dealer=seed % 2)
    greedy = parse_player("greedy").computer(seed)
    seat = pending(state)[0]
    hand = state.hands[seat]
    laid = greedy.act(view_for(state, seat))
    assert isinstance(laid, Discard)
    kept = [card for card in hand if card not in laid.cards]
    best = max(four_card_points(keep) for keep in itertools.combinations(hand, 4))
    assert four_card_points(kept) == best
    while state.phase is not Phase.PLAY:
        state, _ = apply(state, greedy.act(view_for(state, pending(state)[0])))
    rng = random.Random(seed)
    while state.phase is Phase.PLAY:  # the greedy player in every seat's place, by turns
        seat = pending(state)[0]
        pile = [card.rank.value for card in view_for(state, seat).pile]
        play = greedy.act(view_for(state, seat)) if rng.random() < 0.5 else None
        if isinstance(play, Play):
            most = max(peg_points([*pile, card.rank.value]) for card in legal_plays(state, seat))
            assert peg_points([*pile, play.card.rank.value]) == most
        else:
            play = Play(seat, rng.choice(legal_plays(state, seat)))
        state, _ = apply(state, play)


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 2**32), st.integers(0, 52))
def test_the_search_draws_its_deals_as_the_standard_shuffle_would(seed: int, size: int) -> None:
    cards, expected = list(range(size)), list(range(size))
    random.Random(seed).shuffle(expected)
    sparring._shuffle(cards, random.Random(seed).getrandbits)
    assert cards == expected
