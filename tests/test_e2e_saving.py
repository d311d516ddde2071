"""Saves, resuming, statistics and replays through the real `cribbage` command in a pseudo-terminal."""

from __future__ import annotations

import os
import signal
import subprocess
import termios
from collections.abc import Callable
from pathlib import Path

import pexpect
import pytest

from cribbage.rules import Phase, pending
from cribbage.storage import SavedMatch, Storage

from .support import simplest_action
from .terminal import COMMAND, TIMEOUT, Terminal, known_home, quit_game, save_three_handed

RESUME = "Resume the saved game? (Y/n)"


def table_and_board(text: str) -> list[str]:
    """What a resumed game must show again: the board (top right) and the cards (left)."""
    rows = text.splitlines()
    return rows[:7] + [row[:43].rstrip() for row in rows[7:22]]


def said(text: str) -> str:
    """The messages on the screen as one text (a message may wrap over lines)."""
    return " ".join(row[44:].strip() for row in text.splitlines()[7:22])


def play_into_the_hand(term: Terminal) -> str:
    """Cut for deal, lay away two cards, cut the starter if asked; the screen at the first play."""
    term.wait_for("Where do you cut the pack?")
    term.send("\r")
    term.wait_for("Choose 2 for")
    term.send("  ")
    term.wait_for("Lay away")
    term.send("\r")
    while True:
        screen = term.wait_for(lambda t: "Your play:" in t or "Where do you cut the pack?" in t)
        if "Your play:" in screen:
            return screen
        term.send("\r")
        term.wait_for(lambda t: "Where do you cut the pack?" not in t)


def finish(term: Terminal) -> tuple[int | None, bool]:
    """Wait for the program to end: its exit status, and whether it left the terminal in line
    mode with echo, as it was before the game."""
    term.child.expect(pexpect.EOF, timeout=TIMEOUT)
    flags = termios.tcgetattr(term.child.child_fd)[3]
    restored = bool(flags & termios.ECHO) and bool(flags & termios.ICANON)
    term.child.close()
    status: int | None = term.child.exitstatus
    return status, restored


@pytest.mark.parametrize("how", [signal.SIGKILL, signal.SIGHUP, signal.SIGINT])
def test_a_killed_game_resumes_with_the_same_cards_and_scores(
    terminals: Callable[..., Terminal], tmp_path: Path, how: signal.Signals
) -> None:
    env = {"CRIBBAGE_HOME": str(known_home(tmp_path))}
    first = terminals("--seed", "7", env=env)
    before = play_into_the_hand(first)
    first.child.kill(how)
    status, restored = finish(first)
    if how != signal.SIGKILL:  # SIGINT is what Ctrl-C sends
        assert (status, restored) == ({signal.SIGHUP: 129, signal.SIGINT: 130}[how], True)
    assert "Traceback" not in first.text

    second = terminals("--seed", "99", env=env)
    asked = second.wait_for(RESUME)
    assert table_and_board(asked)[:7] == table_and_board(before)[:7]
    second.send("\r")
    after = second.wait_for(lambda t: "Your play:" in t or "The hand is over" in t)
    assert table_and_board(after) == table_and_board(before)
    assert "The saved game goes on." in after
    quit_game(second)
    last_words = second.child.before  # printed after the terminal is restored
    assert isinstance(last_words, bytes) and b"The game is kept" in last_words


def test_sigterm_exits_143_and_leaves_the_game(
    terminals: Callable[..., Terminal], tmp_path: Path
) -> None:
    term = terminals("--seed", "3", env={"CRIBBAGE_HOME": str(known_home(tmp_path))})
    play_into_the_hand(term)
    term.child.kill(signal.SIGTERM)
    assert finish(term) == (143, True)
    assert (tmp_path / "save.json").exists()


def test_new_keeps_the_saved_game_as_a_backup(
    terminals: Callable[..., Terminal], tmp_path: Path
) -> None:
    env = {"CRIBBAGE_HOME": str(known_home(tmp_path))}
    first = terminals("--seed", "5", env=env)
    play_into_the_hand(first)
    first.child.kill(signal.SIGKILL)
    first.exit_status()
    saved = (tmp_path / "save.json").read_text()
    second = terminals("--new", "--seed", "5", env=env)
    screen = second.wait_for("Where do you cut the pack?")
    assert RESUME not in screen and "The saved game was backed up (save.json.backup)." in said(
        screen
    )
    assert (tmp_path / "save.json.backup").read_text() == saved


def test_another_game_on_the_command_line_is_what_enter_starts(
    terminals: Callable[..., Terminal], tmp_path: Path
) -> None:
    env = {"CRIBBAGE_HOME": str(known_home(tmp_path))}
    saved = save_three_handed(terminals, tmp_path)
    second = terminals("--players", "4", "--partners", env=env)
    screen = second.wait_for("(y/N)")
    question = "Resume the three-handed game instead of a new four-handed partners game? (y/N)"
    assert question in screen and RESUME not in screen
    assert "A three-handed game is saved, at hand 1." in said(screen)
    second.send("\r")
    screen = second.wait_for("Where do you cut the pack?")
    assert "You & North" in screen  # the game asked for
    assert (tmp_path / "save.json.backup").read_text() == saved
    quit_game(second)


def test_game_61_against_a_saved_game_to_121_asks_and_enter_starts_the_game_to_61(
    terminals: Callable[..., Terminal], tmp_path: Path
) -> None:
    env = {"CRIBBAGE_HOME": str(known_home(tmp_path))}
    first = terminals("--seed", "5", env=env)
    play_into_the_hand(first)
    quit_game(first)
    saved = (tmp_path / "save.json").read_text()
    second = terminals("--game", "61", env=env)
    screen = second.wait_for("(y/N)")
    assert "Resume the game to 121 instead of a new game to 61? (y/N)" in screen
    assert "Enter or n starts the game to 61" in screen and RESUME not in screen
    second.send("\r")
    screen = second.wait_for("Where do you cut the pack?")
    assert "── 61 ──" in screen and "── 121 ──" not in screen  # the board of the game asked for
    assert (tmp_path / "save.json.backup").read_text() == saved
    quit_game(second)


def test_a_broken_save_is_moved_aside_and_a_new_game_starts(
    terminals: Callable[..., Terminal], tmp_path: Path
) -> None:
    (tmp_path / "save.json").write_text('{"format": "cribbage-save", "version": 1, "id": "x", "rec')
    term = terminals(env={"CRIBBAGE_HOME": str(known_home(tmp_path))})
    screen = term.wait_for("Where do you cut the pack?")
    assert "The saved game could not be resumed because" in said(screen)
    assert RESUME not in screen
    assert len(list(tmp_path.glob("save.json.broken-*"))) == 1


def test_a_second_copy_says_the_game_is_open_elsewhere(
    terminals: Callable[..., Terminal], tmp_path: Path
) -> None:
    env = {"CRIBBAGE_HOME": str(known_home(tmp_path))}
    first = terminals("--seed", "1", env=env)
    first.wait_for("Where do you cut the pack?")
    second = terminals("--seed", "2", env=env)
    screen = second.wait_for("Where do you cut the pack?")
    assert "already open elsewhere" in said(screen) and "will not be saved" in said(screen)
    second.send("\r")
    second.wait_for("Choose 2 for")
    first.send("q")
    first.wait_for("Quit?")
    first.send("y")
    assert first.exit_status() == 0
    assert not (tmp_path / "save.json").exists()  # neither copy had played when the first quit


def finished_match(home: Path, seed: int = 11) -> None:
    """Play a whole game with the simplest choices and save it as the game would."""
    with Storage(home) as storage:
        assert storage.claim() is None
        match = SavedMatch.start(seed, options={"level": "easy"})
        while (game := match.state.game).phase is not Phase.GAME_OVER:
            seat = pending(game)[0]
            match.apply(simplest_action(game, seat))
            assert storage.save(match) is None


def run(home: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k != "PAGER"}
    env["CRIBBAGE_HOME"] = str(home)
    return subprocess.run(
        [COMMAND, *args],
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=TIMEOUT,
        env=env,
    )


def test_stats_print_the_statistics(tmp_path: Path) -> None:
    done = run(tmp_path, "--stats")
    assert (done.returncode, done.stdout.strip(), done.stderr) == (0, "No games finished yet.", "")
    finished_match(tmp_path)
    done = run(tmp_path, "--stats")
    assert done.returncode == 0 and done.stderr == ""
    rows = done.stdout.splitlines()
    assert rows[0].split() == ["easy"]
    assert rows[1].split()[-3:] in (["1", "/", "0"], ["0", "/", "1"])


def test_replay_shows_a_record_step_by_step(
    terminals: Callable[..., Terminal], tmp_path: Path
) -> None:
    finished_match(tmp_path)
    records = sorted((tmp_path / "records").glob("*.json"))
    assert len(records) == 1
    term = terminals("--replay", str(records[0]))
    screen = term.wait_for("Replay: step 0 of")
    term.send("   ")
    screen = term.wait_for("Replay: step 3 of")
    assert "You cut the" in screen
    term.send("\x1b[D")  # left: one step back
    term.wait_for("Replay: step 2 of")
    term.send("\x1b[4~")  # End (on the linux terminal): the last step
    screen = term.wait_for("(the end)")
    assert " win" in screen
    term.send("q")
    assert finish(term) == (0, True)


@pytest.mark.parametrize("content", [None, "", "{not json", '{"format": "cribbage-record"}'])
def test_a_bad_replay_file_is_one_line_and_status_2(tmp_path: Path, content: str | None) -> None:
    path = tmp_path / "record.json"
    if content is not None:
        path.write_text(content)
    done = run(tmp_path, "--replay", str(path))
    assert done.returncode == 2 and done.stdout == ""
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("cribbage: ") and str(path) in lines[0]


def test_a_first_game_asks_which_computer_plays_it_and_the_next_start_does_not_ask(
    terminals: Callable[..., Terminal], tmp_path: Path
) -> None:
    env = {"CRIBBAGE_HOME": str(tmp_path)}  # an empty data directory: a player never seen
    question = "Which computer do you want to play?"
    first = terminals("--seed", "4", env=env)
    screen = first.wait_for(question)
    assert "cribbage --learn" in screen and "Enter chooses easy." in screen
    first.send("j")
    first.wait_for("Enter chooses classic.")
    first.send("\r")
    play_into_the_hand(first)
    quit_game(first)
    with Storage(tmp_path) as storage:
        assert storage.claim() is None
        match, _ = storage.load()
    assert match is not None and match.options["level"] == "classic"

    second = terminals("--seed", "4", env=env)
    screen = second.wait_for(RESUME)
    assert question not in screen
    second.send("n")  # a new game: still not asked, at the level chosen
    screen = second.wait_for("Where do you cut the pack?")
    assert question not in screen
    second.send("\r")
    second.wait_for("Choose 2 for")
    quit_game(second)
    assert saved_level(tmp_path) == "classic"


def saved_level(home: Path) -> str:
    """The computer's level of the game saved in `home`."""
    with Storage(home) as storage:
        assert storage.claim() is None
        match, _ = storage.load()
    assert match is not None
    return str(match.options["level"])


def test_the_level_a_new_player_chooses_is_that_of_the_next_games_until_another_is_named(
    terminals: Callable[..., Terminal], tmp_path: Path
) -> None:
    env = {"CRIBBAGE_HOME": str(tmp_path)}  # an empty data directory: a player never seen
    question = "Which computer do you want to play?"

    def new_game(*args: str) -> str:
        """Start a new game with `args`, cut for the deal and quit: the first screen."""
        term = terminals("--new", "--seed", "4", *args, env=env)  # a cut with no tie
        screen = term.wait_for("Where do you cut the pack?")
        term.send("\r")
        term.wait_for("Choose 2 for")
        quit_game(term)
        return screen

    first = terminals("--seed", "4", env=env)
    first.wait_for(question)
    first.send("e")
    first.wait_for("Where do you cut the pack?")
    first.send("\r")
    first.wait_for("Choose 2 for")
    quit_game(first)
    assert saved_level(tmp_path) == "easy"

    assert question not in new_game()  # not asked again, and easy again
    assert saved_level(tmp_path) == "easy"
    new_game("--level", "classic")
    assert saved_level(tmp_path) == "classic"
    assert question not in new_game()  # classic stays
    assert saved_level(tmp_path) == "classic"
