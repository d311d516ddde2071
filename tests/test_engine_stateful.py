"""The engine driven by random sequences of legal and illegal actions (hypothesis stateful).

A simple statement of what is legal (`is_legal`) stands beside the engine: the engine must
accept exactly those actions, reject every other with a `CribbageError` whose text is one
sentence, and leave the state as it was. At any step, the match saved and loaded, and its
record replayed, must give the very same state.
"""

from __future__ import annotations

import itertools

import pytest
from hypothesis import strategies as st

from cribbage.cards import DECK
from cribbage.errors import IllegalPlayError
from cribbage.rules import (
    Action,
    Claim,
    Counting,
    CutForDeal,
    CutStarter,
    Discard,
    GameConfig,
    GameState,
    Phase,
    Play,
    apply,
    cut_positions,
    legal_plays,
    new_game,
    pending,
)


def is_legal(game: GameState, action: Action) -> bool:
    """Whether the rules allow `action` now, stated as plainly as possible."""
    if game.phase is Phase.GAME_OVER or action.seat not in pending(game):
        return False
    match action:
        case CutForDeal(_, position):
            return game.phase is Phase.CUT_FOR_DEAL and position in cut_positions(game)
        case CutStarter(_, position):
            return game.phase is Phase.CUT_STARTER and position in cut_positions(game)
        case Discard(seat, cards):
            return (
                game.phase is Phase.DISCARD
                and len(cards) == 2
                and len(set(cards)) == 2
                and set(cards) <= set(game.hands[seat])
            )
        case Play(seat, card):
            return (
                game.phase is Phase.PLAY
                and card in game.hands[seat]
                and game.count + card.value <= 31
            )
        case Claim(_, points):
            return game.phase is Phase.SHOW and 0 <= points <= 29
    return False


def legal_actions(game: GameState) -> list[Action]:
    """Every legal action now, for every seat that must act (discards in one card order)."""
    actions: list[Action] = []
    for seat in pending(game):
        match game.phase:
            case Phase.CUT_FOR_DEAL:
                actions += [CutForDeal(seat, p) for p in cut_positions(game)]
            case Phase.CUT_STARTER:
                actions += [CutStarter(seat, p) for p in cut_positions(game)]
            case Phase.DISCARD:
                actions += [Discard(seat, pair) for pair in itertools.combinations(game.hands[seat], 2)]
            case Phase.PLAY:
                actions += [Play(seat, card) for card in legal_plays(game, seat)]
            case Phase.SHOW:
                actions += [Claim(seat, points) for points in range(30)]
    return actions


def is_sentence(text: str) -> bool:
    """One sentence for a player: a capital (or a card) first, a full stop last, one line."""
    return bool(text) and (text[0].isupper() or text[0].isdigit()) and text.endswith(".") \
        and "\n" not in text and "Traceback" not in text


seats = st.integers(-1, 2)
cards = st.sampled_from(DECK)
any_action: st.SearchStrategy[Action] = st.one_of(
    st.builds(CutForDeal, seats, st.integers(-2, 55)),
    st.builds(CutStarter, seats, st.integers(-2, 55)),
    st.builds(Discard, seats, st.lists(cards, max_size=3).map(tuple)),
    st.builds(Play, seats, cards),
    st.builds(Claim, seats, st.integers(-3, 33)),
)


# --- examples -------------------------------------------------------------------------------


def _game_in(phase: Phase) -> GameState:
    """A claimed-count game played to the first moment it is in `phase`."""
    config = GameConfig(counting=(Counting.CLAIMED, Counting.CLAIMED))
    game = new_game(config, seed=2)
    while game.phase is not phase:
        game, _ = apply(game, legal_actions(game)[0])
    return game


@pytest.mark.parametrize("phase", [p for p in Phase if p is not Phase.GAME_OVER])
def test_an_action_of_another_phase_is_refused_even_from_the_seat_to_act(phase: Phase) -> None:
    game = _game_in(phase)
    seat = pending(game)[0]
    hand = game.hands[seat] if game.hands else ()
    others: list[Action] = [CutForDeal(seat, 10), CutStarter(seat, 10), Claim(seat, 4)]
    if len(hand) >= 2:
        others += [Discard(seat, hand[:2]), Play(seat, hand[0])]
    for action in others:
        if is_legal(game, action):
            continue
        with pytest.raises(IllegalPlayError) as err:
            apply(game, action)
        assert is_sentence(str(err.value)), str(err.value)
    assert game == _game_in(phase)


def test_a_card_played_during_the_discard_names_the_moment() -> None:
    game = _game_in(Phase.DISCARD)
    with pytest.raises(IllegalPlayError, match="You cannot play a card during the discard."):
        apply(game, Play(1, game.hands[1][0]))
