from __future__ import annotations

import json
import random
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cribbage.errors import InvalidRecordError
from cribbage.match import MatchConfig
from cribbage.record import NEXT_GAME, Record, Recorder, replay
from cribbage.rules import Counting, GameConfig, GameState, Overcount, Phase, new_game
from cribbage.view import view_for

from .support import cards_named_in, known_to, play_random_game, random_action


def hide_differently(state: GameState, seat: int, rng: random.Random) -> GameState:
    """The same game with the cards `seat` cannot see dealt out among their places anew."""
    other = 1 - seat
    hidden_hand = list(state.hands[other]) if state.hands else []
    played = {card for _, card in state.history}
    kept_unplayed = [c for c in state.kept[other] if c not in played] if state.kept else []
    discards = (
        list(state.discards[other]) if state.discards and state.phase is not Phase.SHOW else []
    )
    pack = [c for c in state.pack if c != state.starter]
    pool = hidden_hand + discards + pack
    assert set(kept_unplayed) <= set(hidden_hand)
    rng.shuffle(pool)
    new_hand = tuple(sorted(pool[: len(hidden_hand)]))
    new_discards = tuple(sorted(pool[len(hidden_hand) : len(hidden_hand) + len(discards)]))
    new_pack = pool[len(hidden_hand) + len(discards) :]
    if state.starter is not None and state.starter in state.pack:
        index = state.pack.index(state.starter)
        new_pack.insert(index, state.starter)
    hands = list(state.hands)
    kept = list(state.kept)
    all_discards = list(state.discards)
    if hands:
        hands[other] = new_hand
        if state.kept and state.kept[other]:
            kept[other] = tuple(sorted(set(new_hand) | (set(state.kept[other]) & played)))
        if discards:
            all_discards[other] = new_discards
    crib = state.crib
    if discards:
        crib = tuple(sorted(set(state.discards[seat]) | set(new_discards)))
    return replace(
        state,
        seed=state.seed + 1,
        hands=tuple(hands),
        kept=tuple(kept),
        discards=tuple(all_discards),
        crib=crib,
        pack=tuple(new_pack),
    )


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 10**6), st.integers(0, 400), st.sampled_from([0, 1]))
def test_hidden_cards_do_not_change_a_view(seed: int, steps: int, seat: int) -> None:
    rng = random.Random(seed)
    state = new_game(seed=seed)
    for _before, _, after, _ in play_random_game(state, rng):
        state = after
        steps -= 1
        if steps <= 0:
            break
    view = view_for(state, seat)
    # what the view names is what the rules let the seat know, in every phase: the other
    # hand until it is played or shown, its discards and the crib until the crib is shown
    # (or counted by this seat), and the pack beyond the starter never appear
    assert cards_named_in(view) == known_to(state, seat)
    if state.phase in (Phase.SHOW, Phase.GAME_OVER):
        return  # hands are face up in the show: hide_differently deals the rest anew before it
    other = hide_differently(state, seat, rng)
    assert view_for(other, seat) == view


def test_a_view_holds_only_what_the_seat_may_know() -> None:
    state = new_game(seed=4, dealer=0)
    view = view_for(state, 1)
    assert view.hand == state.hands[1] and view.hand_sizes == (6, 6)
    assert view.starter is None and not view.is_dealer and view.my_turn
    assert set(state.hands[0]).isdisjoint(view.seen)
    assert not hasattr(view, "pack") and not hasattr(view, "seed")


def recorded_match(seed: int) -> Recorder:
    rng = random.Random(seed)
    recorder = Recorder.start(
        seed,
        GameConfig(
            target=61,
            counting=(Counting.CLAIMED, Counting.AUTOMATIC),
            muggins=True,
            overcount=Overcount.RUTHLESS,
        ),
        MatchConfig(games=2),
    )
    while not recorder.state.over:
        if recorder.state.game.phase is Phase.GAME_OVER:
            recorder.apply(NEXT_GAME)
        else:
            recorder.apply(random_action(recorder.state.game, rng))
    return recorder


def test_a_record_replays_the_match_exactly() -> None:
    recorder = recorded_match(12)
    text = recorder.record.to_json()
    assert len(text) < 8000
    again = Record.from_json(text)
    assert again == recorder.record
    assert replay(again) == recorder.state
    assert "names" not in json.loads(text)  # a game against the computer names nobody


def test_a_tables_record_keeps_its_peoples_names_through_every_step() -> None:
    start = Recorder.start(4, GameConfig(players=3))
    recorder = Recorder(start.state, replace(start.record, names=("Ann", "Bob", "Computer")))
    rng = random.Random(4)
    for _ in range(20):
        recorder.apply(random_action(recorder.state.game, rng))
    again = Record.from_json(recorder.record.to_json())
    assert again.names == ("Ann", "Bob", "Computer") and again == recorder.record
    assert replay(again) == recorder.state  # names change nothing in the match


@pytest.mark.parametrize(
    "mangle, message",
    [
        (lambda d: "not json {", "not valid JSON"),
        (lambda d: json.dumps({**d, "format": "chess"}), "not a cribbage record"),
        (lambda d: json.dumps({**d, "version": 99}), "newer"),
        (lambda d: json.dumps({**d, "seed": "x"}), "bad or missing field"),
        (
            lambda d: json.dumps({k: v for k, v in d.items() if k != "steps"}),
            "bad or missing field",
        ),
        (
            lambda d: json.dumps({**d, "steps": d["steps"][:3] + [{"seat": 0, "play": "QX"}]}),
            "bad or missing",
        ),
        (lambda d: json.dumps({**d, "steps": [d["steps"][1]] + d["steps"]}), "not legal"),
        (
            lambda d: json.dumps(
                {**d, "steps": d["steps"][:2] + [{"seat": 0, "discard": ["AS", "AS"]}]}
            ),
            "not legal",
        ),
        (lambda d: json.dumps({**d, "names": ["Ann"]}), "not one for each seat"),
        (lambda d: json.dumps({**d, "names": "Ann Bob"}), "not one for each seat"),
        (lambda d: json.dumps({**d, "names": ["Ann", "B" * 17]}), "1 to 16 characters"),
        (lambda d: json.dumps({**d, "names": ["Ann", "\u001b[2J"]}), "1 to 16 characters"),
        (lambda d: json.dumps({**d, "names": ["Ann", ""]}), "1 to 16 characters"),
    ],
)
def test_broken_records_are_refused_with_a_sentence(mangle: object, message: str) -> None:
    data = recorded_match(5).record.to_dict()
    assert callable(mangle)
    with pytest.raises(InvalidRecordError, match=message):
        replay(Record.from_json(mangle(data)))
