"""The keypad's keys (`--keypad`, or K in the help box) against a fake screen: 4 and 6 move,
2 chooses, 8 confirms, and a count in the show is still typed in digits."""

from __future__ import annotations

from dataclasses import replace

import pytest

from cribbage.rules import (
    Claim,
    Counting,
    CutForDeal,
    Discard,
    Phase,
    Play,
    Seat,
    legal_plays,
    pending,
)
from cribbage.ui.game import GameUI, Options
from cribbage.ui.keys import ENTER
from cribbage.ui.testing import FakeScreen, Key, OutOfKeys

from .test_ui_game import advance, dealt, find_recorder, human_to_play_with_an_illegal_card

KEYPAD = Options(seed=1, delay=0, keypad=True)


def play(keys: list[Key], options: Options = KEYPAD, **kwargs: object) -> tuple[GameUI, FakeScreen]:
    screen = FakeScreen(keys=keys)
    ui = GameUI(screen, options, **kwargs)  # type: ignore[arg-type]  # a recorder, or nothing
    with pytest.raises(OutOfKeys):
        ui.run()
    return ui, screen


def test_the_cut_moves_with_4_and_6_and_8_cuts_there() -> None:
    ui, screen = play(["4", "4", "6", "7", "6", "8"])
    assert ui.recorder.record.steps[0] == CutForDeal(Seat.HUMAN, 5)  # Home, then one on
    asked = next(frame for frame in screen.frames if "Where do you cut" in frame)
    assert "4 6 move" in asked and "8 cut" in asked and "type a number" not in asked


def test_digits_do_not_type_a_place_to_cut() -> None:
    ui, screen = play(["3", "0", "9", "2"])  # 2 cuts, as space does
    assert ui.recorder.record.steps[0] == CutForDeal(Seat.HUMAN, (4 + 48) // 2)
    assert not any("cut the pack? 3" in frame for frame in screen.frames)


def test_the_crib_is_chosen_with_2_and_laid_away_with_8() -> None:
    recorder = dealt(4)
    hand = recorder.state.game.hands[Seat.HUMAN]
    ui, screen = play(["2", "6", "2", "8"], recorder=recorder)
    mine = [s for s in ui.recorder.record.steps if isinstance(s, Discard) and s.seat == Seat.HUMAN]
    assert mine == [Discard(Seat.HUMAN, (hand[0], hand[2]))]
    asked = next(frame for frame in screen.frames if "Choose 2 for" in frame)
    assert "4 6 move   2 choose" in asked and "type a card" not in asked
    confirm = next(frame for frame in screen.frames if "Lay away" in frame and "? 8: yes" in frame)
    assert "2 on a chosen card takes it back" in confirm


def test_a_card_is_played_with_2_and_the_cursor_skips_what_cannot_be_played() -> None:
    recorder = find_recorder(human_to_play_with_an_illegal_card)
    game = recorder.state.game
    hand = game.hands[Seat.HUMAN]
    legal = legal_plays(game, Seat.HUMAN)
    before = len(recorder.record.steps)
    ui, screen = play(["6", "2"], recorder=recorder)
    played = list(ui.recorder.record.steps[before:])
    second = [card for card in hand if card in legal][1]
    assert played[0] == Play(Seat.HUMAN, second)
    asked = next(frame for frame in screen.frames if "Your play:" in frame)
    assert "4 6 move   2 play" in asked


def test_the_show_is_counted_in_digits_and_enter() -> None:
    options = replace(KEYPAD, seed=2, counting=Counting.CLAIMED)
    recorder = advance(dealt(2, options), lambda r: r.state.game.phase is Phase.SHOW)
    assert pending(recorder.state.game) == (Seat.HUMAN,)
    ui, _ = play(["2", "8", ENTER], options, recorder=recorder)
    claims = [s for s in ui.recorder.record.steps if isinstance(s, Claim)]
    assert claims[0] == Claim(Seat.HUMAN, 28)  # 2 and 8 are digits here: no card is chosen


def test_k_in_the_help_box_turns_the_keypad_on_and_off() -> None:
    ui, screen = play(["?", "K", "x", "4", "8"], Options(seed=1, delay=0))
    assert ui.keypad
    boxes = [frame for frame in screen.frames if "─ Keys" in frame]
    assert "K turns on the keypad" in boxes[0] and "K turns off the keypad" in boxes[-1]
    assert "4 6" in boxes[-1]  # the keys listed are the keypad's now
    closed = screen.frames[screen.frames.index(boxes[-1]) + 1]
    assert "4 6 move" in closed and "26 cards off the top" in closed  # before another key
    assert ui.recorder.record.steps[0] == CutForDeal(Seat.HUMAN, (4 + 48) // 2 - 1)
    ui, _ = play(["?", "K", "K", "x", "3", "0", ENTER], Options(seed=1, delay=0))
    assert not ui.keypad and ui.recorder.record.steps[0] == CutForDeal(Seat.HUMAN, 30)


def test_a_suit_letter_after_q_goes_back_to_the_game_and_types_no_queen() -> None:
    recorder = dealt(4)
    hand = recorder.state.game.hands[Seat.HUMAN]
    ui, _ = play(["q", "h", "2", "2", "8"], recorder=recorder)
    mine = [s for s in ui.recorder.record.steps if isinstance(s, Discard) and s.seat == Seat.HUMAN]
    assert mine == [Discard(Seat.HUMAN, (hand[0], hand[1]))]  # the cursor did not move
