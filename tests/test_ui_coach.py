"""The hint panel and the coach in the game, against a fake screen."""

from __future__ import annotations

import pytest

from cribbage.calculator import shown_figures
from cribbage.coach import review_hands, summarize
from cribbage.computer import Computer
from cribbage.glyphs import UNICODE
from cribbage.record import Recorder
from cribbage.rules import Discard, Phase, Play, Seat, legal_plays, pending
from cribbage.ui.game import Hooks, Options, help_lines
from cribbage.ui.keys import ENTER, F1, LEFT
from cribbage.ui.testing import FakeScreen, Key
from cribbage.ui.words import coach_lines, coach_summary_lines
from cribbage.view import view_for

from .test_ui_game import (
    advance,
    box_rows,
    dealt,
    find_recorder,
    make_ui,
    run_until_out_of_keys,
)

FAST = Options(seed=1, delay=0)


def hint_frame(screen: FakeScreen) -> str:
    frames = [frame for frame in screen.frames if "─ Hint ─" in frame]
    assert frames, screen.text()
    return frames[-1]


def human_to_play_with_a_choice(recorder: Recorder) -> bool:
    game = recorder.state.game
    return (
        game.phase is Phase.PLAY
        and pending(game) == (Seat.HUMAN,)
        and len({card.rank for card in legal_plays(game, Seat.HUMAN)}) >= 2
    )


@pytest.mark.parametrize("key", ["H", F1])
def test_the_hint_at_the_discard_is_the_computers_choice_and_is_counted(key: str) -> None:
    recorder = dealt(4)
    hinted: list[str] = []
    ui, screen = make_ui(
        [key],
        recorder=recorder,
        hooks=Hooks(on_hint=hinted.append),
        options=Options(seed=1, delay=0, level="classic"),
    )
    view = view_for(recorder.state.game, Seat.HUMAN)
    run_until_out_of_keys(ui)
    frame = hint_frame(screen)
    action = ui.adviser.act(view)
    assert isinstance(action, Discard)
    assert f"Lay away {UNICODE.cards(list(action.cards))}." in frame
    options = ui.adviser.discard_options_for(view)
    for option in options[:3]:
        hand, crib, pegging, heels, total = shown_figures(
            option.hand, option.crib, option.pegging, option.heels, option.total
        )
        assert f"{hand:6.2f}{crib:7.2f}{pegging:9.2f}{heels:7.2f}{total:7.2f}" in frame
    assert f"{options[3].total:7.2f}" not in frame.replace(f"{options[2].total:7.2f}", "")
    assert hinted == ["classic"]
    assert ui.adviser.level == "expert"
    # the key only showed the hint: nothing was chosen, and the panel goes with the next key
    assert ui.recorder.state.game.phase is Phase.DISCARD


def test_the_hint_in_the_play_is_the_card_the_computer_would_play() -> None:
    recorder = find_recorder(human_to_play_with_a_choice)
    view = view_for(recorder.state.game, Seat.HUMAN)
    hinted: list[str] = []
    ui, screen = make_ui(["H", "x"], recorder=recorder, hooks=Hooks(on_hint=hinted.append))
    run_until_out_of_keys(ui)
    action = ui.adviser.act(view)
    assert isinstance(action, Play)
    frame = hint_frame(screen)
    assert f"Play the {UNICODE.card(action.card)}." in frame
    for option in ui.adviser.play_options_for(view)[:3]:
        assert f"{UNICODE.card(option.card):>3}  {option.points:+6.2f}" in frame
    assert hinted == ["expert"]
    assert "─ Hint ─" not in screen.frames[-1]  # any key put it away
    assert len(ui.recorder.record.steps) == len(recorder.record.steps)


def test_a_small_h_still_moves_and_a_typed_rank_takes_a_capital_h_as_hearts() -> None:
    recorder = dealt(4)
    ui, screen = make_ui(["h"], recorder=recorder)
    run_until_out_of_keys(ui)
    assert not any("─ Hint ─" in frame for frame in screen.frames)
    arrow = next(row for row in screen.frames[-1].splitlines() if "▲" in row)
    assert (
        arrow.index("▲") == 5 * (len(recorder.state.game.hands[Seat.HUMAN]) - 1) + 2
    )  # the last card

    ui, screen = make_ui(["5", "H"], recorder=dealt(4))
    run_until_out_of_keys(ui)
    assert not any("─ Hint ─" in frame for frame in screen.frames)
    assert "crib: 5H" in screen.frames[-1]  # the typed text follows the question


def test_a_hint_where_there_is_nothing_to_hint_says_so_and_is_not_counted() -> None:
    hinted: list[str] = []
    ui, screen = make_ui(["H"], hooks=Hooks(on_hint=hinted.append))
    run_until_out_of_keys(ui)
    assert ui.log.entries[-1].text == "Hints are for your discard and your play."
    assert not any("─ Hint ─" in frame for frame in screen.frames)
    assert hinted == []


def test_the_help_names_the_hint_and_coach_keys() -> None:
    text = "\n".join(help_lines(UNICODE))
    assert "H  F1" in text and "a hint" in text and "the coach" in text


def at_hand_over(screen: FakeScreen) -> str | None:
    return None if "The hand is over" in screen.text() else ENTER


def test_with_coach_the_review_shows_when_the_hand_is_over() -> None:
    recorder = advance(dealt(6), lambda r: r.state.game.phase is Phase.PLAY)
    options = Options(seed=1, delay=0, coach=True)

    def autokey(screen: FakeScreen) -> str | None:
        if "─ Coach: hand" in screen.text():
            return "x"
        return at_hand_over(screen)

    ui, screen = make_ui(recorder=recorder, options=options, autokey=autokey)
    run_until_out_of_keys(ui)
    frame = next(frame for frame in screen.frames if "─ Coach: hand 1 ─" in frame)
    assert "The hand is over" in frame
    review = review_hands(ui.recorder.record, ui.adviser, Seat.HUMAN)[0]
    for line in coach_lines(review, UNICODE):
        assert line in frame
    assert "The hand is over" in screen.frames[-1] and "Coach" not in screen.frames[-1]


def test_without_coach_c_at_the_end_of_the_hand_shows_the_review() -> None:
    recorder = advance(dealt(6), lambda r: r.state.game.phase is Phase.PLAY)
    asked: list[str] = []

    def autokey(screen: FakeScreen) -> str | None:
        text = screen.text()
        if "─ Coach: hand" in text:
            asked.append(text)
            return "x"  # puts the box away
        if "The hand is over" in text:
            return None if asked else "c"
        return ENTER

    ui, screen = make_ui(recorder=recorder, autokey=autokey)
    run_until_out_of_keys(ui)
    assert len(asked) == 1 and "─ Coach: hand 1 ─" in asked[0]
    first = next(i for i, frame in enumerate(screen.frames) if "The hand is over" in frame)
    assert "c coach" in screen.frames[first] and "Coach: hand" not in screen.frames[first]
    review = review_hands(ui.recorder.record, ui.adviser, Seat.HUMAN)[-1]
    assert review.hand == 1
    for line in coach_lines(review, UNICODE):
        assert line in asked[0]
    assert "Coach" not in screen.frames[-1] and "The hand is over" in screen.frames[-1]


def test_a_costly_play_is_explained_on_the_screen() -> None:
    # the human plays the lowest legal card each time, so the coach has something to say
    def lowest_then_on(screen: FakeScreen) -> str | None:
        return None if "The hand is over" in screen.text() else ENTER

    for seed in range(1, 12):
        recorder = advance(dealt(seed), lambda r: r.state.game.phase is Phase.PLAY)
        ui, screen = make_ui(
            recorder=recorder, options=Options(seed=1, delay=0, coach=True), autokey=lowest_then_on
        )
        run_until_out_of_keys(ui)
        review = review_hands(ui.recorder.record, ui.adviser, Seat.HUMAN)[0]
        if review.costly_plays:
            break
    else:
        pytest.fail("no costly play found")
    frame = next(frame for frame in screen.frames if "Coach: hand 1" in frame)
    lines = coach_lines(review, UNICODE)
    for line in lines:
        assert line in frame
    play = review.costly_plays[0]
    said = " ".join(line.strip() for line in lines)
    assert f"the {UNICODE.card(play.card)}" in said and f"cost {play.lost:.2f} points" in said


def test_with_coach_the_end_of_the_game_sums_up_the_points_lost() -> None:
    def autokey(screen: FakeScreen) -> str:
        return "n" if "Another game?" in screen.text() else ENTER

    ui, screen = make_ui(options=Options(seed=7, delay=0, target=61, coach=True), autokey=autokey)
    assert ui.run() == 0
    final = [frame for frame in screen.frames if "Another game?" in frame][-1]
    summary = summarize(
        review_hands(ui.recorder.record, Computer("expert", ui.computer.seed), Seat.HUMAN)
    )
    assert summary.hands >= 3
    said = " ".join(" ".join(box_rows(final, "Game over")).split())
    assert " ".join(coach_summary_lines(summary)) in said  # wrapped to the box
    assert "points lost to discards" in said and "to pegging" in said


def test_without_coach_the_end_of_the_game_has_no_summary() -> None:
    def autokey(screen: FakeScreen) -> str:
        return "n" if "Another game?" in screen.text() else ENTER

    ui, screen = make_ui(options=Options(seed=7, delay=0, target=61), autokey=autokey)
    assert ui.run() == 0
    assert "points lost" not in screen.frames[-1]


def test_c_while_counting_your_own_hand_shows_the_review() -> None:
    from cribbage.rules import Counting

    options = Options(seed=2, delay=0, counting=Counting.CLAIMED)
    recorder = advance(dealt(2, options), lambda r: r.state.game.phase is Phase.SHOW)
    ui, screen = make_ui(["c", "x"], recorder=recorder, options=options)
    run_until_out_of_keys(ui)
    assert any("─ Coach: hand 1 ─" in frame for frame in screen.frames)
    assert "Count your hand:" in screen.frames[-1]


def test_the_adviser_is_the_games_computer_at_the_expert_level() -> None:
    ui, _ = make_ui(options=Options(seed=3, delay=0))
    assert ui.adviser is ui.computer
    ui, _ = make_ui(options=Options(seed=3, delay=0, level="easy"))
    assert ui.adviser.level == "expert" and ui.adviser.seed == ui.computer.seed


def test_keys_typed_into_the_hint_do_not_choose_cards() -> None:
    recorder = dealt(4)
    keys: list[Key] = ["H", " ", "H", ENTER, LEFT]
    ui, _ = make_ui(keys, recorder=recorder)
    run_until_out_of_keys(ui)
    assert ui.picture.chosen == frozenset()
