"""The computer player: legal actions, hidden cards, repeatability, the three levels."""

from __future__ import annotations

import random
from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cribbage.cards import DECK, Card, parse_cards
from cribbage.computer import LEVELS, Computer, Who
from cribbage.events import Claimed
from cribbage.rules import (
    Action,
    Counting,
    Discard,
    GameConfig,
    GameState,
    Phase,
    Play,
    apply,
    legal_actions,
    new_game,
    pending,
)
from cribbage.view import view_for

COMPUTER_SEAT = 1


def _random_action(state: GameState, seat: int, rng: random.Random) -> Action:
    """Any legal action for `seat` (a careless human)."""
    return rng.choice([action for action in legal_actions(state) if action.seat == seat])


def _advance(seed: int, steps: int, level: str, target: int = 121) -> GameState:
    """A game `steps` actions in: seat 0 acts at random, seat 1 is the computer."""
    rng = random.Random(seed)
    cpu = Computer(level, seed=seed)
    state = new_game(GameConfig(target=target), seed=seed)
    for _ in range(steps):
        if state.phase is Phase.GAME_OVER:
            break
        seat = pending(state)[0]
        if seat == COMPUTER_SEAT:
            action = cpu.act(view_for(state, seat))
        else:
            action = _random_action(state, seat, rng)
        state, _ = apply(state, action)  # raises if the computer's action were illegal
    return state


@given(st.sampled_from(LEVELS), st.integers(0, 2**32), st.integers(1, 80))
@settings(max_examples=45, deadline=None)
def test_every_level_always_acts_legally(level: str, seed: int, steps: int) -> None:
    _advance(seed, steps, level)


def test_a_whole_short_game_of_each_level_is_legal() -> None:
    for level in LEVELS:
        state = _advance(5, 10_000, level, target=61)
        assert state.phase is Phase.GAME_OVER


def _hide_differently(state: GameState, seat: int, rng: random.Random) -> GameState:
    """The same game with the cards `seat` cannot see dealt differently among themselves."""
    seen = view_for(state, seat).seen
    hidden = [card for card in DECK if card not in seen]
    shuffled = hidden[:]
    rng.shuffle(shuffled)
    swap = dict(zip(hidden, shuffled, strict=True))

    def move(cards: tuple[Card, ...]) -> tuple[Card, ...]:
        return tuple(swap.get(card, card) for card in cards)

    other = 1 - seat
    hands = list(state.hands)
    kept = list(state.kept)
    discards = list(state.discards)
    if hands:
        hands[other] = tuple(sorted(move(hands[other])))
    if kept:
        kept[other] = move(kept[other])
    if discards:
        discards[other] = tuple(sorted(move(discards[other])))
    return replace(
        state,
        pack=move(state.pack),
        hands=tuple(hands),
        kept=tuple(kept),
        discards=tuple(discards),
        crib=tuple(sorted(move(state.crib))),
    )


@given(st.sampled_from(LEVELS), st.integers(0, 2**32), st.integers(2, 60), st.integers(0, 99))
@settings(max_examples=40, deadline=None)
def test_decisions_ignore_cards_the_computer_cannot_see(
    level: str, seed: int, steps: int, relabel: int
) -> None:
    state = _advance(seed, steps, level)
    if state.phase is Phase.GAME_OVER or COMPUTER_SEAT not in pending(state):
        return
    twin = _hide_differently(state, COMPUTER_SEAT, random.Random(relabel))
    assert twin.pack != state.pack  # the hidden cards really moved
    view, twin_view = view_for(state, COMPUTER_SEAT), view_for(twin, COMPUTER_SEAT)
    assert view == twin_view
    action = Computer(level, seed=seed).act(view)
    assert Computer(level, seed=seed).act(twin_view) == action
    apply(twin, action)  # and it is legal in both


def test_the_computer_package_never_reads_a_game_state() -> None:
    package = Path(__file__).parents[1] / "src" / "cribbage" / "computer"
    for module in package.glob("*.py"):
        assert "GameState" not in module.read_text(), module.name


def test_the_same_seed_plays_the_same_game() -> None:
    def record(seed: int) -> list[Action]:
        cpus = [Computer("expert", seed=seed), Computer("classic", seed=seed + 1)]
        state = new_game(GameConfig(target=61), seed=4)
        actions = []
        while state.phase is not Phase.GAME_OVER:
            seat = pending(state)[0]
            action = cpus[seat].act(view_for(state, seat))
            actions.append(action)
            state, _ = apply(state, action)
        return actions

    assert record(8) == record(8)


def test_options_do_not_change_the_decision() -> None:
    """Asking for the figures first (a hint) leaves the computer's choice the same."""
    hand = parse_cards(["2h", "3d", "5s", "9c", "jc", "kd"])
    cpu = Computer("expert", seed=9)
    options = cpu.discard_options(hand, dealer=False, my_score=100, opp_score=95)
    assert cpu.discard(hand, dealer=False, my_score=100, opp_score=95) == options[0].discard
    mine = parse_cards(["4c", "6d", "9s"])
    starter, led = parse_cards(["kh", "5c"])
    kwargs = dict(sequence=[led], history=[("opponent", led)], starter=starter)
    best = cpu.play_options(mine, **kwargs)[0].card  # type: ignore[arg-type]
    assert cpu.play(mine, **kwargs) == best  # type: ignore[arg-type]


@given(st.sampled_from(LEVELS), st.integers(0, 2**32), st.integers(2, 60))
@settings(max_examples=30, deadline=None)
def test_every_level_decides_by_its_first_option(level: str, seed: int, steps: int) -> None:
    state = _advance(seed, steps, level)
    if state.phase not in (Phase.DISCARD, Phase.PLAY) or COMPUTER_SEAT not in pending(state):
        return
    view = view_for(state, COMPUTER_SEAT)
    cpu = Computer(level, seed=seed)
    action = cpu.act(view)
    scores = dict(my_score=view.scores[1], opp_score=view.scores[0], target=view.target)
    if isinstance(action, Discard):
        options = cpu.discard_options(view.hand, dealer=view.is_dealer, **scores)
        assert set(options[0].discard) == set(action.cards)
    else:
        assert isinstance(action, Play)

        def side(plays: tuple[tuple[int, Card], ...]) -> list[tuple[Who, Card]]:
            return [("me" if s == 1 else "opponent", c) for s, c in plays]

        play_options = cpu.play_options(
            view.hand,
            sequence=view.pile,
            history=side(view.history),
            starter=view.starter,
            dealer=view.is_dealer,
            discards=view.discards,
            past_plays=[side(plays) for plays in view.past_plays],
            my_score=view.scores[1],
            opp_score=view.scores[0],
            target=view.target,
        )
        assert play_options[0].card == action.card


def test_levels_and_errors() -> None:
    with pytest.raises(ValueError, match="Unknown level 'hard'"):
        Computer("hard")
    assert Computer().level == "expert"
    state = new_game(seed=1, dealer=0)
    view = view_for(replace(state), 1)
    cpu = Computer("easy", seed=1)
    action = cpu.act(view)
    assert isinstance(action, Discard) and set(action.cards) <= set(state.hands[1])
    state, _ = apply(state, action)
    with pytest.raises(RuntimeError, match="not the computer's turn"):
        cpu.act(view_for(state, 1))


def test_the_computer_claims_its_true_count() -> None:
    config = GameConfig(target=61, counting=(Counting.AUTOMATIC, Counting.CLAIMED))
    cpus = [Computer("classic", seed=1), Computer("classic", seed=2)]
    state = new_game(config, seed=12)
    claims = 0
    while state.phase is not Phase.GAME_OVER:
        seat = pending(state)[0]
        action = cpus[seat].act(view_for(state, seat))
        state, events = apply(state, action)
        for event in events:
            if isinstance(event, Claimed):
                assert event.seat == 1 and event.claimed == event.actual
                claims += 1
    assert claims > 3


def test_cut_is_within_range() -> None:
    cpu = Computer("classic", seed=3)
    positions = range(4, 37)
    assert cpu.cut(positions) in positions


def test_easy_keeps_what_scores_now_and_plays_legally() -> None:
    cpu = Computer("easy", seed=2)
    hand = parse_cards(["5h", "5c", "tc", "js", "2d", "9s"])
    kept = set(hand) - set(cpu.discard(hand, dealer=True))
    assert set(parse_cards(["5h", "5c", "tc", "js"])) == kept  # 4 fifteens' worth and a pair
    count_27 = parse_cards(["kc", "qc", "7c"])
    for seed in range(10):
        card = Computer("easy", seed=seed).play(parse_cards(["4d", "9d", "ad"]), sequence=count_27)
        assert card.value <= 4
