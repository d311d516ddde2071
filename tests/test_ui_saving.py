"""The game with its save, against a fake screen: saved after every action, resumed exactly,
counted once finished, and the replay of a record."""

from __future__ import annotations

import curses
from dataclasses import replace
from pathlib import Path

import pytest

from cribbage.errors import InvalidRecordError
from cribbage.glyphs import UNICODE
from cribbage.record import Record, Recorder, replay
from cribbage.rules import (
    Counting,
    Phase,
    Seat,
    pending,
)
from cribbage.storage import SavedMatch, Storage, load_record
from cribbage.ui.game import NEWCOMER, Options
from cribbage.ui.keys import (
    BACKSPACE,
    END,
    ENTER,
    ESCAPE,
    HOME,
    LEFT,
    PAGE_DOWN,
    PAGE_UP,
    REDRAW,
    RIGHT,
)
from cribbage.ui.replay import ReplayUI, frames_of
from cribbage.ui.saving import (
    KEPT,
    RESUME_QUESTION,
    Keeper,
    play_kept,
    resumed_options,
    saved_options,
)
from cribbage.ui.screen import REPLACEMENT, CursesScreen, TerminalGone
from cribbage.ui.testing import FakeScreen, Key, OutOfKeys
from cribbage.ui.words import Speaker

from .support import simplest_action

FAST = Options(seed=5, delay=0, level="easy", level_named=True)
"""As `cribbage --seed 5 --level easy` asks: no question of the level."""


def player(screen: FakeScreen) -> str | None:
    """Answer every question the simplest way, and no to another game."""
    return "n" if "Another game?" in screen.text() else ENTER


def start(
    home: Path,
    keys: list[Key],
    *,
    options: Options = FAST,
    fresh: bool = False,
    autokey: bool = False,
) -> tuple[Storage, FakeScreen, int | None]:
    """One run of the program on a fake screen: its storage, screen and exit status
    (None when the keys ran out first)."""
    storage = Storage(home)
    screen = FakeScreen(keys=keys, autokey=player if autokey else None)
    try:
        status: int | None = play_kept(screen, options, storage, fresh=fresh)
    except OutOfKeys:
        status = None
    finally:
        storage.release()  # as the program does on its way out
    return storage, screen, status


def saved_state(home: Path) -> SavedMatch:
    with Storage(home) as storage:
        assert storage.claim() is None
        match, message = storage.load()
    assert message is None and match is not None
    return match


def test_every_action_is_saved_and_a_new_run_resumes_it_exactly(tmp_path: Path) -> None:
    storage, screen, status = start(tmp_path, [ENTER, " ", " ", ENTER])
    assert status is None
    played = storage.save_path.read_text()
    match = saved_state(tmp_path)
    assert match.options == saved_options(FAST)
    assert match.state.game.phase in (Phase.CUT_STARTER, Phase.PLAY)
    hand = match.state.game.hands[Seat.HUMAN]

    _again, screen, status = start(tmp_path, [])
    assert RESUME_QUESTION in screen.text()
    assert "You lay away" in screen.text()  # the messages of the match so far are back
    assert all(UNICODE.card(card) in screen.text() for card in hand)

    resumed, screen, _ = start(tmp_path, [ENTER])
    assert "The saved game goes on." in screen.text()
    assert resumed.save_path.read_text().startswith(played[:60])
    steps = saved_state(tmp_path).record.steps
    assert steps[: len(match.record.steps)] == match.record.steps


@pytest.mark.parametrize("been_here", [None, "stats.json", "lessons.json", "save.json.backup"])
def test_the_welcome_points_a_player_never_seen_here_to_the_lessons(
    tmp_path: Path, been_here: str | None
) -> None:
    if been_here is not None:
        (tmp_path / been_here).write_text("{}")
    _storage, screen, _ = start(tmp_path, [])
    said = " ".join(" ".join(row[44:] for row in screen.frames[-1].splitlines()).split())
    assert "Welcome to cribbage." in said
    assert (NEWCOMER in said) is (been_here is None)


BACKED_UP = "The saved game was backed up (save.json.backup)."


def test_no_to_the_question_starts_a_new_game_and_keeps_the_old_as_a_backup(tmp_path: Path) -> None:
    storage, _, _ = start(tmp_path, [ENTER, " ", " ", ENTER, ENTER])  # to the starter
    first = storage.save_path.read_text()
    again, screen, _ = start(tmp_path, ["n"])
    assert said(screen).count(BACKED_UP) == 1 and "Where do you cut the pack?" in screen.text()
    assert str(tmp_path) not in said(screen)  # briefly: the file's name, not its path
    assert again.backup_path.read_text() == first
    assert not again.save_path.exists()  # nothing played yet in the new game


def test_no_to_a_game_not_yet_at_its_starter_backs_nothing_up(tmp_path: Path) -> None:
    start(tmp_path, [ENTER, " ", " "])  # the cut for the deal, two cards chosen, then gone
    again, screen, _ = start(tmp_path, ["n"])
    assert "Where do you cut the pack?" in screen.text() and "backed up" not in screen.text()
    assert not again.backup_path.exists() and not again.save_path.exists()


def test_new_keeps_the_save_as_a_backup_without_asking(tmp_path: Path) -> None:
    storage, _, _ = start(tmp_path, [ENTER, " ", " ", ENTER, ENTER])
    first = storage.save_path.read_text()
    again, screen, _ = start(tmp_path, [], fresh=True)
    assert RESUME_QUESTION not in screen.text() and said(screen).count(BACKED_UP) == 1
    assert again.backup_path.read_text() == first


THREE = replace(FAST, players=3)
PARTNERS_ASKED = replace(FAST, players=4, partners=True, game_named=True)
OTHER_QUESTION = "Resume the three-handed game instead of a new four-handed partners game? (y/N)"


def saved_three_handed(home: Path) -> SavedMatch:
    start(home, [ENTER, ENTER, ENTER], options=THREE)  # the cut, then a card laid away
    return saved_state(home)


def test_asked_for_another_game_enter_starts_it_and_keeps_the_saved_one(tmp_path: Path) -> None:
    saved = saved_three_handed(tmp_path)
    storage, screen, _ = start(tmp_path, [ENTER], options=PARTNERS_ASKED)
    asked = next(frame for frame in screen.frames if "(y/N)" in frame)
    assert OTHER_QUESTION in asked and RESUME_QUESTION not in asked
    said = " ".join(" ".join(row[44:] for row in asked.splitlines()).split())
    hand = saved.state.game.hand_number
    assert f"A three-handed game is saved, at hand {hand}." in said
    assert "Enter or n starts the four-handed partners game" in asked
    assert SavedMatch.from_json(storage.backup_path.read_bytes()).id == saved.id
    assert "You & North" in screen.frames[-1]  # the partners' board: the game asked for


def test_asked_for_another_game_y_resumes_the_saved_one(tmp_path: Path) -> None:
    saved = saved_three_handed(tmp_path)
    _storage, screen, _ = start(tmp_path, ["y"], options=PARTNERS_ASKED)
    assert "The saved game goes on." in said(screen)
    assert saved_state(tmp_path).id == saved.id
    assert "You & North" not in screen.frames[-1] and "├─ East: " in screen.frames[-1]


def test_the_same_game_or_none_named_asks_as_before(tmp_path: Path) -> None:
    saved_three_handed(tmp_path)
    for options in (replace(THREE, game_named=True), replace(FAST, players=4, partners=True)):
        _storage, screen, _ = start(tmp_path, [], options=options)
        assert RESUME_QUESTION in screen.text() and "(y/N)" not in screen.text()


def test_another_level_on_the_command_line_is_asked_about_and_enter_starts_it(
    tmp_path: Path,
) -> None:
    start(tmp_path, [ENTER, " ", " ", ENTER])  # a game at easy, into its first hand
    saved = saved_state(tmp_path)
    for same in (FAST, replace(FAST, level="expert", level_named=False)):
        _storage, screen, _ = start(tmp_path, [], options=same)  # the same level, or none named
        assert RESUME_QUESTION in screen.text() and "(y/N)" not in screen.text()
    asked = replace(FAST, level="expert", level_named=True)
    storage, screen, _ = start(tmp_path, [ENTER], options=asked)
    question = next(frame for frame in screen.frames if "(y/N)" in frame)
    assert "Resume the game at easy instead of a new game at expert? (y/N)" in question
    assert "Enter or n starts the game at expert" in question
    assert SavedMatch.from_json(storage.backup_path.read_bytes()).id == saved.id


def test_a_broken_save_is_one_message_and_a_new_game(tmp_path: Path) -> None:
    storage, _, _ = start(tmp_path, [ENTER, " ", " ", ENTER])
    text = storage.save_path.read_bytes()
    storage.save_path.write_bytes(text[: len(text) // 2])
    _again, screen, _ = start(tmp_path, [])
    assert RESUME_QUESTION not in screen.text()
    assert "Where do you cut the pack?" in screen.text()
    assert said(screen).count("could not be resumed") == 1
    assert "it was moved to" in said(screen)
    assert len(list(tmp_path.glob("save.json.broken-*"))) == 1


def said(screen: FakeScreen) -> str:
    """The messages on the last screen as one text (a message may wrap over lines)."""
    return " ".join(row[44:].strip() for row in screen.text().splitlines())


def test_a_second_copy_plays_without_saving(tmp_path: Path) -> None:
    with Storage(tmp_path) as first:
        assert first.claim() is None
        second, screen, _ = start(tmp_path, [ENTER])
        assert "already open elsewhere" in said(screen)
        assert not second.save_path.exists()


def test_quitting_says_the_game_is_kept(tmp_path: Path) -> None:
    _storage, screen, status = start(tmp_path, [ENTER, "q", "y"])
    assert status == 0
    assert KEPT in said(screen)
    assert saved_state(tmp_path).record.steps


def test_quitting_before_any_action_says_nothing_is_kept(tmp_path: Path) -> None:
    storage, screen, status = start(tmp_path, ["q", "y"])
    assert status == 0 and not storage.save_path.exists()
    assert "kept" not in screen.text()


def test_a_finished_game_is_counted_filed_and_shown_on_the_end_screen(tmp_path: Path) -> None:
    storage, screen, status = start(tmp_path, [], autokey=True)
    assert status == 0
    assert not storage.save_path.exists()
    records = storage.records()
    assert len(records) == 1
    stats, _ = storage.statistics()
    easy = stats.levels["easy"]
    assert easy.games == 1
    end_screens = [frame for frame in screen.frames if "Another game?" in frame]
    assert end_screens and f"At easy you have won {easy.games_won} game" in end_screens[-1]
    assert replay(load_record(records[0])).over


def test_resumed_options_come_from_the_save_and_the_differences_are_named() -> None:
    match = SavedMatch.start(
        1,
        Options(target=61).game_config(),
        Options(games=3).match_config(),
        saved_options(Options(level="classic", target=61, games=3)),
    )
    asked = Options(level="expert", delay=0, quiet=True)
    resumed, differences = resumed_options(asked, match)
    assert (resumed.level, resumed.target, resumed.games) == ("classic", 61, 3)
    assert resumed.quiet and resumed.delay == 0  # how the screen looks is the player's choice now
    assert differences == [
        "the game is to 61",
        "the match is 3 games",
        "the computer plays at classic",
    ]
    same, none = resumed_options(Options(level="classic", target=61, games=3), match)
    assert none == [] and same.counting is Counting.AUTOMATIC


def test_a_save_naming_an_unknown_level_keeps_the_level_asked_for() -> None:
    match = SavedMatch.start(1, options={"level": "grandmaster", "explain": "yes"})
    resumed, differences = resumed_options(Options(level="easy"), match)
    assert resumed.level == "easy" and not resumed.explain and differences == []


def test_a_save_that_fails_is_one_message_and_play_goes_on(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def full(path: Path, data: bytes) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr("cribbage.storage.store.write_atomic", full)
    _storage, screen, _ = start(tmp_path, [ENTER, " ", " ", ENTER])
    assert said(screen).count("cannot be saved") == 1
    assert "You lay away" in said(screen)


def test_the_keeper_gives_each_new_match_its_own_id(tmp_path: Path) -> None:
    with Storage(tmp_path) as storage:
        assert storage.claim() is None
        keeper = Keeper(storage, saved_options(FAST))
        one, two = Recorder.start(1), Recorder.start(2)
        keeper.on_step(one)
        first = keeper.match
        keeper.on_step(one)
        assert keeper.match is first
        keeper.on_step(two)
        assert keeper.match is not first and keeper.match is not None
        assert first is not None and keeper.match.id != first.id
        assert keeper.hooks.quit_note == KEPT


# -- the replay -------------------------------------------------------------------------------


def finished_record(tmp_path: Path) -> Path:
    storage, _, _ = start(tmp_path, [], autokey=True)
    return storage.records()[0]


def test_the_replay_shows_every_step_and_the_show_before_the_next_deal(tmp_path: Path) -> None:
    record = load_record(finished_record(tmp_path))
    frames, lines = frames_of(record, Speaker(UNICODE))
    assert len(frames) > len(record.steps)  # a frame for each show as well
    assert frames[-1].lines == len(lines)
    assert [f.lines for f in frames] == sorted(f.lines for f in frames)
    shows = [f for f in frames if f.table.note is not None]
    assert shows
    texts = [line.text for line in lines]
    assert any(" win" in text for text in texts[-3:])
    assert not any("the match" in text for text in texts)  # a match of one game: said once


def test_the_replay_keys_go_forward_back_and_quit(tmp_path: Path) -> None:
    record = load_record(finished_record(tmp_path))
    screen = FakeScreen(keys=[RIGHT, " ", "x", ENTER, LEFT, BACKSPACE, "q"])
    ui = ReplayUI(screen, record)
    assert ui.run() == 0
    assert ui.index == 2
    assert "Replay: step 2 of" in screen.text()
    assert "Replay: step 4 of" in "\n".join(screen.frames)


def test_the_replay_of_a_tables_record_names_its_people(tmp_path: Path) -> None:
    record = replace(load_record(finished_record(tmp_path)), names=("Ann", "Bob"))
    screen = FakeScreen(keys=[" "] * 12 + ["q"])
    assert ReplayUI(screen, record).run() == 0
    shown = screen.text()
    assert "Ann" in shown and "Bob" in shown  # on the board and in the messages
    assert "You" not in shown and "Computer" not in shown


def test_the_replay_of_a_record_with_an_illegal_step_is_refused(tmp_path: Path) -> None:
    record = load_record(finished_record(tmp_path))
    steps = list(record.steps)
    steps[5], steps[6] = steps[6], steps[5]
    broken = Record(record.seed, record.game_config, record.match_config, tuple(steps))
    with pytest.raises(InvalidRecordError):
        frames_of(broken, Speaker(UNICODE))


def test_quit_in_the_resume_question_leaves_the_save(tmp_path: Path) -> None:
    storage, _, _ = start(tmp_path, [ENTER])
    before = storage.save_path.read_text()
    again, _, status = start(tmp_path, ["q", "y"])
    assert status == 0 and again.save_path.read_text() == before


def test_the_resume_question_is_answered_on_a_terminal_too_small(tmp_path: Path) -> None:
    start(tmp_path, [ENTER])
    _, screen, _ = start(tmp_path, [lambda s: s.resize(20, 70), "y", lambda s: s.resize(24, 80)])
    small = next(frame for frame in screen.frames if "needs a terminal" in frame)
    assert RESUME_QUESTION in small
    assert "The saved game goes on." in screen.text()


# -- the terminal -----------------------------------------------------------------------------


class DeadWindow:
    """A curses window whose terminal has gone: every wait for a key fails at once."""

    def __init__(self, keys: tuple[str | bytes | int, ...] = ()) -> None:
        self.keys: list[str | bytes | int] = list(keys)
        self.cleared: list[bool] = []

    def keypad(self, flag: bool) -> None:
        pass

    def timeout(self, delay: int) -> None:
        pass

    def clearok(self, flag: bool) -> None:
        self.cleared.append(flag)

    def getch(self) -> int:
        """The next byte of the keys (each a text, raw bytes or a key curses named), or -1:
        nothing came."""
        while self.keys:
            key = self.keys[0]
            if isinstance(key, int):
                return int(self.keys.pop(0))
            data = key.encode() if isinstance(key, str) else key
            if data:
                self.keys[0] = data[1:]
                return data[0]
            self.keys.pop(0)
        return -1


def test_a_terminal_that_stops_answering_ends_the_game() -> None:
    screen = CursesScreen(DeadWindow(), color=False)  # type: ignore[arg-type]  # a stand-in window
    for _ in range(500):
        assert screen.read_key(0.01) is None  # a wait with a time limit may well end keyless
    with pytest.raises(TerminalGone):
        for _ in range(500):
            screen.read_key(None)


def test_ctrl_l_repaints_every_cell() -> None:
    window = DeadWindow(("\x0c", "a"))
    screen = CursesScreen(window, color=False)  # type: ignore[arg-type]  # a stand-in window
    assert screen.read_key(None) == REDRAW and window.cleared == [True]
    assert screen.read_key(None) == "a" and window.cleared == [True]


@pytest.mark.parametrize(
    ("typed", "keys"),
    [
        ((b"\xb3", "q"), [REPLACEMENT, "q"]),  # a byte no character starts with
        ((b"\xe2\x99", "q"), [REPLACEMENT, "q"]),  # a character broken off: q still counts
        ((b"\xf8\xff", "y"), [REPLACEMENT, REPLACEMENT, "y"]),
        (("♥", "5", "é"), ["♥", "5", "é"]),
        (("\x1b", "\r"), [ESCAPE, ENTER]),
        # the keypad in application mode, when curses does not name its keys
        (("\x1bOr", "\x1bOp", "\x1bOM"), ["2", "0", ENTER]),
        (("\x1bOZ",), [ESCAPE, "O", "Z"]),  # not the keypad's: every byte kept
        (("\x1bx",), [ESCAPE, "x"]),
        (("\x1bO",), [ESCAPE, "O"]),
        # and when it does, by the labels of the keys (Num Lock off)
        (
            (curses.KEY_A1, curses.KEY_C1, curses.KEY_B2, curses.KEY_BEG, curses.KEY_ENTER),
            [HOME, END, " ", " ", ENTER],
        ),
        ((curses.KEY_A3, curses.KEY_C3), [PAGE_UP, PAGE_DOWN]),
    ],
)
def test_keys_are_decoded_and_bytes_that_are_not_utf8_do_not_stop_the_keyboard(
    typed: tuple[str | bytes | int, ...], keys: list[str]
) -> None:
    screen = CursesScreen(DeadWindow(typed), color=False)  # type: ignore[arg-type]  # a stand-in window
    assert [screen.read_key(None) for _ in keys] == keys
    assert screen.read_key(0.01) is None


def test_a_match_saved_between_games_resumes_at_the_end_of_game_box(tmp_path: Path) -> None:
    options = Options(seed=3, delay=0, level="easy", target=61, games=3)
    with Storage(tmp_path) as storage:
        assert storage.claim() is None
        match = SavedMatch.start(
            3, options.game_config(), options.match_config(), saved_options(options)
        )
        while match.state.game.phase is not Phase.GAME_OVER:
            game = match.state.game
            seat = pending(game)[0]
            match.apply(simplest_action(game, seat))
            storage.save(match)
    _, screen, _ = start(tmp_path, [ENTER, "x"], options=Options(delay=0))
    assert any("Press any key for game 2." in frame for frame in screen.frames)
    assert saved_state(tmp_path).state.number == 2
    with Storage(tmp_path) as storage:
        stats, _ = storage.statistics()
    assert stats.levels["easy"].games == 1  # counted once, when it ended, not again on resuming


def test_each_hint_is_counted_in_the_statistics_of_the_level(tmp_path: Path) -> None:
    _storage, screen, _ = start(tmp_path, [ENTER, "H", " ", "H", " ", "q", "y"])
    assert "Choose 2 for" in screen.text()  # the hints were asked at the discard
    with Storage(tmp_path) as again:
        stats, message = again.statistics()
    assert message is None
    assert stats.level("easy").hints == 2


def test_a_resumed_game_does_not_welcome_the_player_again(tmp_path: Path) -> None:
    start(tmp_path, [ENTER, " ", " ", ENTER])
    _, screen, _ = start(tmp_path, [ENTER])
    assert "The saved game goes on." in said(screen)
    assert "Welcome" not in screen.text()
