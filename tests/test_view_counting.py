"""The show: a seat that counts its own cards sees them through its view, and only then."""

from __future__ import annotations

from cribbage.rules import (
    Claim,
    Counting,
    CutStarter,
    Discard,
    GameConfig,
    GameState,
    Phase,
    Play,
    Seat,
    apply,
    legal_plays,
    new_game,
    pending,
)
from cribbage.view import view_for

CLAIMING = GameConfig(counting=(Counting.CLAIMED, Counting.AUTOMATIC))


def _to_show(state: GameState) -> GameState:
    for who in (Seat.HUMAN, Seat.COMPUTER):
        state, _ = apply(state, Discard(who, state.hands[who][:2]))
    state, _ = apply(state, CutStarter(state.pone, 10))
    while state.phase is Phase.PLAY:
        seat = pending(state)[0]
        state, _ = apply(state, Play(seat, legal_plays(state, seat)[0]))
    return state


def test_the_hand_to_count_is_in_the_counting_seats_view() -> None:
    state = _to_show(new_game(CLAIMING, seed=11, dealer=Seat.COMPUTER))
    assert state.phase is Phase.SHOW and pending(state) == (Seat.HUMAN,)
    counting = view_for(state, Seat.HUMAN).counting
    assert counting is not None
    assert (counting.seat, counting.crib, counting.cards) == (
        Seat.HUMAN,
        False,
        state.kept[Seat.HUMAN],
    )
    assert view_for(state, Seat.COMPUTER).counting is None


def test_the_dealer_counting_the_crib_sees_the_whole_crib() -> None:
    state = _to_show(new_game(CLAIMING, seed=11, dealer=Seat.HUMAN))
    state, _ = apply(state, Claim(Seat.HUMAN, 0))  # the hand; the crib comes next
    assert state.phase is Phase.SHOW and pending(state) == (Seat.HUMAN,)
    counting = view_for(state, Seat.HUMAN).counting
    assert counting is not None
    assert counting.crib and sorted(counting.cards) == sorted(state.crib)


def test_no_counting_outside_the_show() -> None:
    state = new_game(CLAIMING, seed=11, dealer=Seat.HUMAN)
    assert view_for(state, Seat.HUMAN).counting is None
