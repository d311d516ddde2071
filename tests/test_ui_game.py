"""The game loop against a fake screen: keys become the right actions, events the right screens."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable

import pytest

from cribbage.cards import DECK, Card
from cribbage.events import CutCard, GameOver
from cribbage.glyphs import ASCII, UNICODE
from cribbage.record import Recorder, replay
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
from cribbage.ui.draw import Layout, Painter
from cribbage.ui.game import GameUI, Hooks, Options, Quit
from cribbage.ui.keys import (
    BACKSPACE,
    DOWN,
    ENTER,
    ESCAPE,
    F10,
    LEFT,
    PAGE_UP,
    REDRAW,
    RIGHT,
    UP,
)
from cribbage.ui.testing import FakeScreen, Key, OutOfKeys

from .support import simplest_action

FAST = Options(seed=1, delay=0)


def make_ui(
    keys: Iterable[Key] = (),
    *,
    options: Options = FAST,
    rows: int = 24,
    cols: int = 80,
    recorder: Recorder | None = None,
    hooks: Hooks | None = None,
    autokey: Callable[[FakeScreen], str | None] | None = None,
) -> tuple[GameUI, FakeScreen]:
    screen = FakeScreen(rows, cols, keys, autokey)
    return GameUI(screen, options, recorder=recorder, hooks=hooks), screen


def run_until_out_of_keys(ui: GameUI) -> None:
    with pytest.raises(OutOfKeys):
        ui.run()


def dealt(seed: int = 1, options: Options = FAST) -> Recorder:
    """A match past the cut for deal (the computer cuts at 10, the player at 20)."""
    recorder = Recorder.start(seed, options.game_config(), options.match_config())
    recorder.apply(CutForDeal(Seat.HUMAN, 20))
    while recorder.state.game.phase is Phase.CUT_FOR_DEAL:
        seat = pending(recorder.state.game)[0]
        recorder.apply(CutForDeal(seat, 10))
    return recorder


def advance(recorder: Recorder, until: Callable[[Recorder], bool], limit: int = 400) -> Recorder:
    """Play both seats with the simplest legal choices until `until` holds."""
    for _ in range(limit):
        if until(recorder):
            return recorder
        game = recorder.state.game
        seat = pending(game)[0]
        recorder.apply(simplest_action(game, seat, cut=10))
    raise AssertionError("the condition never held")


def human_to_play_with_an_illegal_card(recorder: Recorder) -> bool:
    game = recorder.state.game
    if game.phase is not Phase.PLAY or pending(game) != (Seat.HUMAN,):
        return False
    legal = legal_plays(game, Seat.HUMAN)
    return 2 <= len(legal) < len(game.hands[Seat.HUMAN])


def find_recorder(condition: Callable[[Recorder], bool]) -> Recorder:
    for seed in range(200):
        recorder = advance(dealt(seed), lambda r: condition(r) or r.state.game.hand_number > 3)
        if condition(recorder):
            return recorder
    raise AssertionError("no seed gives that position")


# -- the cut --------------------------------------------------------------------------------


def test_the_players_cut_is_where_the_cursor_was_and_decides_the_card() -> None:
    ui, screen = make_ui([LEFT, LEFT, LEFT, "h", ENTER])
    pack = ui.recorder.state.game.pack
    run_until_out_of_keys(ui)
    first = ui.recorder.record.steps[0]
    assert first == CutForDeal(Seat.HUMAN, (4 + 48) // 2 - 4)
    assert f"You cut the {UNICODE.card(pack[first.position])}." in screen.text()


def test_a_cut_can_be_typed_as_a_number() -> None:
    ui, _ = make_ui(["3", "1", ENTER])
    run_until_out_of_keys(ui)
    assert ui.recorder.record.steps[0] == CutForDeal(Seat.HUMAN, 31)


def test_a_typed_cut_out_of_range_is_refused_in_the_words_of_the_rules() -> None:
    ui, screen = make_ui(["2", ENTER])
    run_until_out_of_keys(ui)
    assert ui.recorder.record.steps == ()
    assert "Cut between 4 and 48 cards down" in " ".join(screen.text().split())


def test_the_cut_for_the_deal_says_what_it_decides_and_where_the_pack_may_be_cut() -> None:
    ui, screen = make_ui([])
    run_until_out_of_keys(ui)
    shown = " ".join(screen.text().split())
    assert "Cut for the deal: the lowest card deals." in shown
    # the range, in the words the rules refuse a cut outside it with
    assert "Cut between 4 and 48 cards down, leaving at least 4 cards in each packet." in shown


def test_the_cut_for_the_starter_says_so() -> None:
    recorder = find_recorder(
        lambda r: r.state.game.phase is Phase.CUT_STARTER and pending(r.state.game) == (Seat.HUMAN,)
    )
    ui, screen = make_ui([], recorder=recorder)
    run_until_out_of_keys(ui)
    shown = " ".join(screen.text().split())
    assert "Cut for the starter." in shown and "Cut for the deal" not in shown
    assert "Cut between 4 and" in shown


def test_random_cut_asks_nothing() -> None:
    ui, screen = make_ui(options=Options(seed=1, delay=0, random_cut=True))
    run_until_out_of_keys(ui)
    assert ui.recorder.state.game.phase is Phase.DISCARD
    assert "Where do you cut" not in screen.text()


# -- the discard ----------------------------------------------------------------------------


def test_choose_two_change_your_mind_then_confirm() -> None:
    recorder = dealt(4)
    hand = recorder.state.game.hands[Seat.HUMAN]
    # Choosing a card moves the cursor on. The first two are chosen and Escape takes both
    # back; then the third and fourth are chosen, the third taken back, the fifth added.
    keys: list[Key] = [" ", " ", ESCAPE, RIGHT, " ", " ", LEFT, " ", RIGHT, RIGHT, " ", ENTER]
    ui, screen = make_ui(keys, recorder=recorder)
    run_until_out_of_keys(ui)
    mine = [s for s in ui.recorder.record.steps if isinstance(s, Discard) and s.seat == Seat.HUMAN]
    assert mine == [Discard(Seat.HUMAN, (hand[3], hand[4]))]
    assert f"You lay away {UNICODE.cards([hand[3], hand[4]])}." in screen.text()


def test_a_third_card_cannot_be_added_and_enter_confirms_only_two() -> None:
    recorder = dealt(4)
    ui, screen = make_ui([" ", " ", RIGHT, " "], recorder=recorder)
    run_until_out_of_keys(ui)
    assert "Two are chosen" in screen.text()
    assert "Lay away" in screen.text()
    assert ui.recorder.state.game.phase is Phase.DISCARD


def test_cards_typed_the_bsd_way_choose_the_crib() -> None:
    recorder = dealt(4)
    hand = recorder.state.game.hands[Seat.HUMAN]
    first, second = hand[5], hand[2]
    keys: list[Key] = [*str(first).lower(), ENTER, *str(second), ENTER, ENTER]
    ui, _ = make_ui(keys, recorder=recorder)
    run_until_out_of_keys(ui)
    assert Discard(Seat.HUMAN, (first, second)) in ui.recorder.record.steps


def test_a_typed_card_not_in_the_hand_is_explained() -> None:
    recorder = dealt(4)
    hand = recorder.state.game.hands[Seat.HUMAN]
    missing = next(card for card in recorder.state.game.hands[Seat.COMPUTER])
    ui, screen = make_ui([*str(missing), ENTER], recorder=recorder)
    run_until_out_of_keys(ui)
    assert f"You don't have the {missing.long_name.lower()}" in screen.text()
    assert ui.recorder.state.game.hands[Seat.HUMAN] == hand


def test_a_capital_k_jumps_to_the_king_held() -> None:
    for seed in range(100):
        recorder = dealt(seed)
        hand = recorder.state.game.hands[Seat.HUMAN]
        kings = [card for card in hand if card.rank == 13]
        if len(kings) == 1:
            break
    else:
        pytest.fail("no hand with one king")
    ui, _ = make_ui(["K", ENTER, "l", "l", ENTER, ENTER], recorder=recorder)
    run_until_out_of_keys(ui)
    discards = [
        s for s in ui.recorder.record.steps if isinstance(s, Discard) and s.seat == Seat.HUMAN
    ]
    assert discards and kings[0] in discards[0].cards


# -- the play -------------------------------------------------------------------------------


def test_the_cursor_skips_cards_that_cannot_be_played_and_typed_ones_are_refused() -> None:
    recorder = find_recorder(human_to_play_with_an_illegal_card)
    game = recorder.state.game
    hand = game.hands[Seat.HUMAN]
    illegal = next(card for card in hand if card not in legal_plays(game, Seat.HUMAN))
    ui, screen = make_ui([RIGHT] * 7 + [*str(illegal), ENTER], recorder=recorder)
    run_until_out_of_keys(ui)
    assert "past 31" in screen.text()
    assert ui.picture.cursor is None or hand[ui.picture.cursor] != illegal
    assert not any(isinstance(s, Play) and s.card == illegal for s in ui.recorder.record.steps[-1:])


def test_dimmed_cards_are_the_unplayable_ones() -> None:
    recorder = find_recorder(human_to_play_with_an_illegal_card)
    game = recorder.state.game
    legal = legal_plays(game, Seat.HUMAN)
    ui, screen = make_ui([], recorder=recorder)
    run_until_out_of_keys(ui)
    for card in game.hands[Seat.HUMAN]:
        where = screen.find(UNICODE.card(card).rjust(3))
        assert where is not None
        assert screen.style_at(*where).dim == (card not in legal)


def test_the_only_legal_card_is_played_for_you_unless_asked_not_to() -> None:
    def one_legal(recorder: Recorder) -> bool:
        game = recorder.state.game
        return (
            game.phase is Phase.PLAY
            and pending(game) == (Seat.HUMAN,)
            and len(legal_plays(game, Seat.HUMAN)) == 1
        )

    recorder = find_recorder(one_legal)
    only = legal_plays(recorder.state.game, Seat.HUMAN)[0]
    before = len(recorder.record.steps)
    ui, _ = make_ui([], recorder=recorder)
    run_until_out_of_keys(ui)
    assert ui.recorder.record.steps[before] == Play(Seat.HUMAN, only)

    recorder = find_recorder(one_legal)
    ui, screen = make_ui([], recorder=recorder, options=Options(seed=1, delay=0, autoplay=False))
    run_until_out_of_keys(ui)
    assert len(ui.recorder.record.steps) == before
    assert "Your play:" in screen.text()


# -- a whole game ---------------------------------------------------------------------------


def enter_until_another_game(screen: FakeScreen) -> str:
    return "n" if "Another game?" in screen.text() else ENTER


def test_a_whole_game_to_the_end_replays_exactly_and_says_who_won() -> None:
    steps: list[int] = []
    hooks = Hooks(on_step=lambda recorder: steps.append(len(recorder.record.steps)))
    ui, screen = make_ui(
        options=Options(seed=7, delay=0, target=61), hooks=hooks, autokey=enter_until_another_game
    )
    assert ui.run() == 0
    state = ui.recorder.state
    assert state.game.phase is Phase.GAME_OVER
    assert replay(ui.recorder.record) == state
    assert steps == list(range(1, len(ui.recorder.record.steps) + 1))
    over = next(e for e in ui.recorder.events if isinstance(e, GameOver))
    winner = "You win" if over.winner == Seat.HUMAN else "The computer wins"
    final = [frame for frame in screen.frames if "Another game?" in frame][-1]
    assert "Game over" in final and winner in final
    assert f"Games won: you {state.games_won[0]}, computer {state.games_won[1]}." in final


STATS_NOTE = "At expert you have won 0 games and lost 1; winning streak 0 (longest 0)."


@pytest.mark.parametrize(
    ("options", "rows", "cols"),
    [
        (Options(seed=7, delay=0, target=61), 24, 80),
        (Options(seed=3, delay=0, target=61, games=3), 24, 80),
        (Options(seed=7, delay=0, target=61, coach=True), 24, 80),
        (Options(seed=1, delay=0, target=61, players=3), 24, 80),
        (Options(seed=1, delay=0, target=61, players=4), 24, 80),
        (Options(seed=1, delay=0, target=61, players=4, partners=True), 24, 80),
        (Options(seed=2, delay=0, target=61, players=4, partners=True, games=3), 24, 80),
        (Options(seed=2, delay=0, target=61, players=3, points=3), 24, 80),
        (Options(seed=3, delay=0, target=61, games=3), 30, 100),
        (Options(seed=1, delay=0, target=61, players=4), 30, 100),
    ],
)
def test_the_game_over_box_sits_beside_the_messages_that_say_how_the_game_ended(
    options: Options, rows: int, cols: int
) -> None:
    """Every cell of the messages is as the log draws them while the box is up, the last
    lines saying who won among them; the box is whole above the question, its lines too."""
    seen: list[tuple[str, str]] = []  # the screen with the box up, and the messages alone

    def autokey(screen: FakeScreen) -> str:
        frame = screen.text()
        if "─ Game over ─" in frame or "─ Match over ─" in frame:
            alone = FakeScreen(rows, cols)
            Painter(alone, UNICODE).messages(layout, ui.log)
            seen.append((frame, alone.text()))
        return "n" if "Another game?" in frame else ENTER

    hooks = Hooks(end_notes=lambda config: ["", STATS_NOTE])
    ui, _ = make_ui(options=options, rows=rows, cols=cols, hooks=hooks, autokey=autokey)
    layout = Layout.for_game(rows, cols, ui.game_table.config)
    assert ui.run() == 0
    assert seen
    right = layout.right_x + 1
    for frame, alone in seen:
        shown, messages = frame.splitlines(), alone.splitlines()
        for y in range(layout.messages_y, layout.prompt_y):
            assert shown[y][right:] == messages[y][right:], f"row {y}:\n{frame}"
        said = " ".join(messages[layout.messages_y : layout.prompt_y])
        assert " win" in said  # how the game ended, in sight
        title = "Game over" if "─ Game over ─" in frame else "Match over"
        inside = " ".join(" ".join(box_rows(frame, title)).split())
        assert "Games won: you" in inside and inside.endswith(STATS_NOTE), frame
        if options.games != 1 or options.points is not None:
            assert "Match points: you" in inside, frame
        assert shown[layout.prompt_y].startswith(("Another game?", "Press any key for game"))


def test_a_match_goes_on_to_the_next_game_and_counts_games_won() -> None:
    ui, screen = make_ui(
        options=Options(seed=3, delay=0, target=61, games=2), autokey=enter_until_another_game
    )
    assert ui.run() == 0
    state = ui.recorder.state
    assert state.over and state.number >= 2
    assert any("Game 2 of the match." in frame for frame in screen.frames)
    assert "Match points:" in screen.frames[-1]
    points = state.match_points
    for n in (points[Seat.COMPUTER], points[Seat.HUMAN]):
        assert f" {n} match point{'' if n == 1 else 's'} ─" in screen.frames[-1]


def test_a_match_to_match_points_shows_the_points_each_has_of_the_target() -> None:
    ui, screen = make_ui(options=Options(seed=1, delay=0, points=3))
    run_until_out_of_keys(ui)
    assert screen.text().count(" match 0 of 3 ─") == 2


def test_another_game_starts_a_fresh_match_and_keeps_the_tally() -> None:
    answers = iter(["y", "n"])

    def autokey(screen: FakeScreen) -> str:
        return next(answers) if "Another game?" in screen.text() else ENTER

    ui, screen = make_ui(options=Options(seed=5, delay=0, target=61), autokey=autokey)
    assert ui.run() == 0
    assert sum(ui.games_won()) == 2
    assert f"won {ui.games_won()[0]}" in screen.frames[-1]


# -- the show, counted by the player ---------------------------------------------------------


@pytest.mark.parametrize("explain", [False, True])
def test_a_wrong_count_is_corrected_and_what_the_hand_held_is_shown(explain: bool) -> None:
    options = Options(seed=2, delay=0, counting=Counting.CLAIMED, muggins=True, explain=explain)
    recorder = advance(dealt(2, options), lambda r: r.state.game.phase is Phase.SHOW)
    game = recorder.state.game
    view_cards = game.kept[Seat.HUMAN] if pending(game) == (Seat.HUMAN,) else None
    assert view_cards is not None, "the player counts first in this deal"
    from cribbage.scoring import announce, score_hand

    assert game.starter is not None
    score = score_hand(view_cards, game.starter)
    wrong = score.total + 1 if score.total < 28 else 1
    ui, _screen = make_ui([*str(wrong), ENTER], recorder=recorder, options=options)
    run_until_out_of_keys(ui)
    text = " ".join(line.text for line in ui.log.entries)
    assert f"You count {wrong}, but the hand is worth {score.total}." in text
    breakdown = announce(score)
    assert breakdown[:1].upper() + breakdown[1:] in text  # with -e or not: it was miscounted


# -- keys that work anywhere ----------------------------------------------------------------


def test_q_asks_before_quitting_and_y_quits() -> None:
    ui, screen = make_ui(["q", "n", F10, "y"])
    assert ui.run() == 0
    assert any("Quit? (y/n)" in frame for frame in screen.frames)
    assert ui.recorder.record.steps == ()


@pytest.mark.parametrize("typed", ["3", "[200~h", "five of"])
def test_q_asks_to_quit_even_with_text_typed(typed: str) -> None:
    ui, screen = make_ui([*typed, "q", "y"], recorder=dealt(4))
    assert ui.run() == 0
    assert any("Quit? (y/n)" in frame for frame in screen.frames)


def test_answering_no_to_quit_goes_back_to_the_same_question() -> None:
    ui, screen = make_ui(["q", "n"])
    run_until_out_of_keys(ui)
    assert "Where do you cut the pack?" in screen.frames[-1]


def test_quit_says_the_hook_note() -> None:
    ui, _ = make_ui(["q", "y"], hooks=Hooks(quit_note="The game is kept."))
    assert ui.run() == 0
    assert ui.log.entries[-1].text == "The game is kept."


def test_help_shows_the_keys_and_any_key_returns() -> None:
    ui, screen = make_ui(["?", "x"])
    run_until_out_of_keys(ui)
    help_frame = next(frame for frame in screen.frames if "Keys" in frame and "this help" in frame)
    assert "quit (asks first)" in help_frame
    assert "this help" not in screen.frames[-1]


def test_a_small_terminal_shows_one_line_and_resizing_resumes_where_it_was() -> None:
    recorder = dealt(4)
    keys: list[Key] = [" ", lambda s: s.resize(20, 70), ENTER, " ", lambda s: s.resize(24, 80)]
    ui, screen = make_ui(keys, recorder=recorder)
    run_until_out_of_keys(ui)
    small = [frame for frame in screen.frames if "needs a terminal" in frame]
    assert small and all(
        frame.count("\n") == 19 and len(frame.strip().splitlines()) <= 3 for frame in small
    )
    said = " ".join(small[0].split())
    assert "at least 80x24" in said and "70x20" in said
    assert "Make the window larger to go on, or press q to quit" in said
    # the keys pressed while it was too small did nothing; the first card is still chosen
    assert ui.recorder.state.game.phase is Phase.DISCARD
    assert "Choose 1 more" in screen.frames[-1]


def test_a_game_is_counted_won_on_the_board_once_its_winning_points_are_pegged() -> None:
    def autokey(screen: FakeScreen) -> str:
        return "n" if "Another game?" in screen.text() else ENTER

    ui, screen = make_ui(options=Options(seed=7, delay=0, target=61), autokey=autokey)
    assert ui.run() == 0
    titles = [
        (int(score), won)
        for frame in screen.frames
        for score, won in re.findall(r"─ (?:You|Computer): (\d+) ─+ won (\d) game", frame)
    ]
    assert ("1" in [won for _, won in titles]) and all(
        score >= 61 for score, won in titles if won == "1"
    )  # never "won 1 game" beside a score short of the game


def test_ctrl_l_redraws_the_same_screen() -> None:
    ui, screen = make_ui([REDRAW])
    run_until_out_of_keys(ui)
    assert screen.frames[-1] == screen.frames[-2]


def test_page_up_shows_older_messages() -> None:
    ui, screen = make_ui(autokey=lambda s: None)
    for n in range(40):
        ui.log.say(f"message {n}")
    screen.keys.extend([PAGE_UP])
    run_until_out_of_keys(ui)
    assert "message 39" in screen.frames[-2] and "message 39" not in screen.frames[-1]
    assert "PgUp PgDn" in screen.frames[-1]  # older and newer both: the keys for each


def test_extra_keys_from_hooks_run_on_the_ui() -> None:
    seen: list[str] = []
    ui, _ = make_ui(["!"], hooks=Hooks(keys={"!": lambda game: seen.append(game.prompt)}))
    run_until_out_of_keys(ui)
    assert seen == ["Where do you cut the pack?"]


# -- pacing ---------------------------------------------------------------------------------


def test_the_computer_waits_before_it_moves_and_a_key_ends_the_wait() -> None:
    recorder = next(r for r in map(dealt, range(20)) if r.state.game.dealer == Seat.HUMAN)
    ui, screen = make_ui(
        [" ", " ", ENTER, "x"], recorder=recorder, options=Options(seed=1, delay=0.5)
    )
    run_until_out_of_keys(ui)
    # after the discard the computer (the pone) cuts for the starter, after a wait cut short
    timed = [w for w in screen.waits if w is not None]
    assert timed and all(w == pytest.approx(0.5, abs=0.05) for w in timed)
    assert "x" not in ui.typed
    assert ui.recorder.state.game.starter is not None


def test_ascii_glyphs_draw_only_ascii() -> None:
    screen = FakeScreen(24, 80, [" "])
    ui = GameUI(screen, FAST, glyphs=ASCII, recorder=dealt(4))
    run_until_out_of_keys(ui)
    assert all(ord(char) < 128 for frame in screen.frames for char in frame)


def test_quit_exception_is_what_ends_the_session() -> None:
    with pytest.raises(Quit):
        ui, _ = make_ui(["y"])
        ui.confirm_quit()


def test_card_glyphs() -> None:
    assert UNICODE.card(Card.parse("10h")) == "10\u2665"
    assert ASCII.cards([Card.parse("ah"), Card.parse("ks")]) == "AH KS"


def test_letters_after_a_typed_rank_are_part_of_the_card_not_moves() -> None:
    recorder = dealt(4)
    hand = recorder.state.game.hands[Seat.HUMAN]
    rank = hand[0].rank
    missing = next(
        card for card in DECK if card.rank is rank and card not in hand and card.suit.letter in "HS"
    )
    ui, screen = make_ui([*str(missing).lower(), ENTER], recorder=recorder)
    run_until_out_of_keys(ui)
    assert "You don't have the" in screen.text()
    assert ui.picture.chosen == frozenset()


@pytest.mark.parametrize(
    ("key", "kept"), [("5", ["5"]), ("h", ["h"]), (" ", []), (ENTER, []), (ESCAPE, [])]
)
def test_a_key_ends_the_wait_and_a_typed_one_is_kept_for_the_next_question(
    key: str, kept: list[str]
) -> None:
    ui, screen = make_ui([key], options=Options(seed=1, delay=0.5))
    ui.pause()
    assert screen.waits == [pytest.approx(0.5, abs=0.05)]
    assert ui.pushed == kept


def test_keys_typed_during_a_wait_answer_the_next_question_in_order() -> None:
    recorder = dealt(4)
    hand = recorder.state.game.hands[Seat.HUMAN]
    first, second = hand[4], hand[1]
    ui, _ = make_ui([*str(first)[1:], ENTER, *str(second), ENTER, ENTER], recorder=recorder)
    ui.pushed.append(str(first)[0])  # as if typed while the computer was thinking
    run_until_out_of_keys(ui)
    assert Discard(Seat.HUMAN, (first, second)) in ui.recorder.record.steps


def test_the_show_lays_out_each_count_and_waits_for_a_key_before_the_next_deal() -> None:
    recorder = advance(dealt(6), lambda r: r.state.game.phase is Phase.PLAY)
    ui, screen = make_ui(
        autokey=lambda s: None if "The hand is over" in s.text() else ENTER, recorder=recorder
    )
    run_until_out_of_keys(ui)
    final = screen.frames[-1]
    assert "The hand is over: press any key for the next deal." in final
    note = ui.table.note
    assert note is not None and note.crib and note.score is not None
    owner = "Your" if note.seat == Seat.HUMAN else "Computer's"
    assert f"{owner} crib: {note.score.total}" in final
    for card in note.cards:
        assert UNICODE.card(card) in final
    assert ui.recorder.state.game.hand_number == 2  # dealt already, shown after the key


def test_counting_your_own_hand_shows_it_without_the_answer() -> None:
    options = Options(seed=2, delay=0, counting=Counting.CLAIMED)
    recorder = advance(dealt(2, options), lambda r: r.state.game.phase is Phase.SHOW)
    ui, screen = make_ui(["1", "2", BACKSPACE, ENTER], recorder=recorder, options=options)
    run_until_out_of_keys(ui)
    assert "Your hand (yours to count)" in screen.frames[1]
    assert "Count your hand: 12" in "\n".join(screen.frames)
    claims = [s for s in ui.recorder.record.steps if isinstance(s, Claim)]
    assert claims[0] == Claim(Seat.HUMAN, 1)


def test_an_empty_count_is_asked_again() -> None:
    options = Options(seed=2, delay=0, counting=Counting.CLAIMED)
    recorder = advance(dealt(2, options), lambda r: r.state.game.phase is Phase.SHOW)
    ui, screen = make_ui([ENTER], recorder=recorder, options=options)
    run_until_out_of_keys(ui)
    assert "Type the points first" in screen.text()
    assert ui.recorder.state.game.phase is Phase.SHOW


def test_a_queen_typed_through_the_quit_question_reaches_the_card_prompt() -> None:
    recorder = next(
        r for r in map(dealt, range(200)) if any(c.rank == 12 for c in r.state.game.hands[0])
    )
    hand = recorder.state.game.hands[Seat.HUMAN]
    queen = next(card for card in hand if card.rank == 12)
    other = next(card for card in hand if card != queen)
    suit = queen.suit.letter.lower()
    keys: list[Key] = ["5", "q", suit, ENTER, *str(other), ENTER, ENTER]
    ui, screen = make_ui(keys, recorder=recorder)
    run_until_out_of_keys(ui)
    asked = next(i for i, frame in enumerate(screen.frames) if "Quit? (y/n)" in frame)
    assert any(
        f"for the computer's crib: q{suit}" in frame or f"for your crib: q{suit}" in frame
        for frame in screen.frames[asked:]
    )
    assert Discard(Seat.HUMAN, (queen, other)) in ui.recorder.record.steps


# -- a terminal too small ------------------------------------------------------------------


def test_q_then_y_quits_on_a_terminal_too_small() -> None:
    ui, screen = make_ui(["q", "y"], rows=20, cols=70)
    assert ui.run() == 0
    asked = next(frame for frame in screen.frames if "Quit? (y/n)" in frame)
    assert "needs a terminal of at least 80x24" in asked


def test_help_redraw_and_no_work_on_a_terminal_too_small_and_other_keys_wait() -> None:
    ui, screen = make_ui(["?", "x", REDRAW, F10, "n", ENTER, "5", " "], rows=20, cols=70)
    run_until_out_of_keys(ui)
    shown = [frame for frame in screen.frames if "this help" in frame]
    assert shown and "Keys" in shown[0] and "(now 70x20)" in shown[0]
    assert "this help" not in screen.frames[-1] and "Quit?" not in screen.frames[-1]
    assert screen.frames[-1].startswith("cribbage needs a terminal")
    assert ui.recorder.record.steps == () and ui.typed == ""


@pytest.mark.parametrize("cols", [30, 60, 79])
def test_the_help_box_keeps_its_frame_and_the_size_line_on_a_narrow_terminal(cols: int) -> None:
    ui, screen = make_ui(["?"], rows=20, cols=cols)
    run_until_out_of_keys(ui)
    *box, last = next(frame for frame in screen.frames if "Keys" in frame).splitlines()
    h, v, tl, tr, bl, br, _, _ = tuple(UNICODE.box)
    assert "80x24" in last and f"{cols}x20" in last and not set(last) & set(UNICODE.box)
    left = box[0].index(tl)
    box = [row[left:] for row in box]
    width = len(box[0])
    assert box[0][-1] == tr and left + width <= cols
    assert box[-1] == bl + h * (width - 2) + br
    assert all(len(row) == width and row[0] == v and row[-1] == v for row in box[1:-1]), box


def test_another_game_is_answered_on_a_terminal_too_small() -> None:
    def autokey(screen: FakeScreen) -> str:
        if screen.cols == 80:
            return screen.resize(20, 70) if "Another game?" in screen.text() else ENTER
        assert screen.row(0).startswith("cribbage needs a terminal")
        question = next(y for y in range(screen.rows) if "Another game?" in screen.row(y))
        assert screen.row(question) == "Another game? (y/n)"
        assert "q to quit" in screen.row(question - 1)  # under the message, not over it
        return "n"

    ui, _ = make_ui(options=Options(seed=7, delay=0, target=61), autokey=autokey)
    assert ui.run() == 0


@pytest.mark.parametrize(("rows", "cols"), [(20, 60), (23, 79), (12, 40)])
def test_on_a_terminal_too_small_the_help_fits_it_and_scrolls(rows: int, cols: int) -> None:
    keys: list[Key] = ["?", *[DOWN] * 30, UP, "x"]  # Down past the end stays on the last page
    ui, screen = make_ui(keys, rows=rows, cols=cols)
    run_until_out_of_keys(ui)
    boxes = [frame for frame in screen.frames if "─ Keys" in frame]
    inside = [box_rows(frame) for frame in boxes]
    assert all(len(line) <= cols for frame in boxes for line in frame.splitlines())
    assert all(len(rows_) <= rows - 3 for rows_ in inside)  # the frame, and the size line
    seen = " ".join(" ".join(row for rows_ in inside for row in rows_).split())
    for words in ("move between cards", "this help", "at the end of a hand: the coach"):
        assert words in seen, words
    assert "Down: more" in " ".join(inside[0]) and "Up" in " ".join(inside[-1])
    assert "Keys" not in screen.frames[-1]  # x went back to the game


def box_rows(frame: str, title: str = "Keys") -> list[str]:
    """The rows inside the frame of the box titled `title` (the help box's) on `frame`."""
    rows = frame.splitlines()
    top = next(i for i, row in enumerate(rows) if f"─ {title}" in row)
    left = rows[top].index("┌")
    right = rows[top].index("┐", left)
    inside: list[str] = []
    for row in rows[top + 1 :]:
        if row[left : left + 1] == "└":
            return inside
        inside.append(row[left + 1 : right].strip())
    raise AssertionError(f"the box has no bottom:\n{frame}")


def test_help_lists_every_key_the_game_takes_and_fits_the_smallest_screen() -> None:
    ui, screen = make_ui(["?"])
    run_until_out_of_keys(ui)
    shown = screen.frames[-1]
    for key in (
        "← →", "h l", "j k", "Home", "End", "space", "Enter", "Jh", "Backspace", "Esc",
        "digits", "PgUp", "PgDn", "Ctrl-L", "q  F10", "then y or n", "?", "H  F1",
        "c   ",
    ):  # fmt: skip
        assert key in shown, key
    assert "Keys" in shown and "K turns on the keypad's 2 4 6 8; any other key goes back." in shown


def test_a_superscript_digit_types_nothing_where_a_number_is_asked() -> None:
    """'²' is a digit to Python's str.isdigit but no number int reads: the cut takes only
    0 to 9, and the superscript is passed over without a traceback."""
    ui, _ = make_ui(["²", "2", "²", "0", ENTER])
    run_until_out_of_keys(ui)
    cut = next(e for e in ui.recorder.events if isinstance(e, CutCard) and e.seat == Seat.HUMAN)
    assert cut.card == dealt_card(ui.recorder, 20)


def dealt_card(recorder: Recorder, position: int) -> Card:
    """The card a cut for deal at `position` of the first shuffle turns up."""
    from cribbage.rules import new_game

    return new_game(recorder.record.game_config, seed=recorder.record.seed).pack[position]
