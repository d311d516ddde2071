"""The real `cribbage` command in a pseudo-terminal, read through a terminal emulator.

Each test waits for what a player would see on the screen (never for a fixed time) and
types keys, as a person would.
"""

from __future__ import annotations

import os
import re
import subprocess
from collections.abc import Callable
from pathlib import Path

import pytest

from .terminal import COMMAND, TIMEOUT, Terminal, ignore_interrupts


def play_to_the_show(term: Terminal) -> str:
    """Answer each question of the play with Enter until the hand is over; the screen then."""
    questions = ("Your play:", "Where do you cut the pack?")
    while True:
        before = term.wait_for(lambda t: "The hand is over" in t or any(q in t for q in questions))
        if "The hand is over" in before:
            return before
        term.send("\r")
        term.wait_for(before.__ne__)


def board_score(text: str, name: str) -> int:
    found = re.search(rf"─ {name}: (\d+) ─", text)
    assert found, text
    return int(found.group(1))


def test_a_seeded_hand_from_the_cut_to_the_show(terminals: Callable[..., Terminal]) -> None:
    term = terminals("--seed", "1")
    term.wait_for("Where do you cut the pack?")
    term.send("\x1b[D\x1b[D\r")  # two cards to the left, then cut
    screen = term.wait_for("Choose 2 for")
    assert "You cut the" in screen and "The computer cuts the" in screen
    term.send(" ")
    term.wait_for("Choose 1 more for")
    term.send(" ")
    term.wait_for("Lay away")
    term.send("\r")
    term.wait_for("You lay away")
    screen = play_to_the_show(term)
    assert "Your hand" in screen and "Computer's hand" in screen
    assert re.search(r"(Your|Computer's) crib .*: \d+", screen)
    assert "starter" in screen
    # someone always pegs in the play (at least the last card), and nothing is lost on the way
    assert board_score(screen, "You") + board_score(screen, "Computer") > 0
    term.send("q")
    term.wait_for("Quit? (y/n)")
    term.send("y")
    assert term.exit_status() == 0


def test_the_board_pegs_stand_at_the_scores(terminals: Callable[..., Terminal]) -> None:
    term = terminals("--seed", "2", "--random-cut")
    term.wait_for("Choose 2 for")
    term.send("  \r")
    screen = play_to_the_show(term)
    rows = screen.splitlines()
    top = next(i for i, row in enumerate(rows) if "┌─ Computer" in row)
    left = rows[top].index("┌")
    for n, name in enumerate(("Computer", "You")):
        score = board_score(screen, name)
        if score == 0:
            continue
        hole = score - 1
        row, column = (1, hole) if hole < 30 else (2, 59 - hole)
        assert rows[top + 3 * n + row][left + 1 + column + column // 5] == "●", screen
    term.send("q")
    term.wait_for("Quit?")
    term.send("y")
    assert term.exit_status() == 0


def test_a_small_terminal_says_the_size_needed_and_resizing_resumes(
    terminals: Callable[..., Terminal],
) -> None:
    term = terminals("--seed", "3", rows=20, cols=70)
    screen = term.wait_for("needs a terminal of at least 80x24")
    said = " ".join(screen.split())
    assert "70x20" in said and "Make the window larger to go on, or press q to quit" in said
    term.resize(24, 80)
    term.wait_for("Where do you cut the pack?")
    term.send("\r")
    term.wait_for("Choose 2 for")
    term.resize(20, 70)
    term.wait_for("needs a terminal of at least 80x24")
    term.resize(30, 100)
    screen = term.wait_for("Choose 2 for")
    assert "You cut the" in screen
    term.send("\x1b[21~")  # F10
    term.wait_for("Quit? (y/n)")
    term.send("y")
    assert term.exit_status() == 0


def test_q_then_y_quits_while_the_terminal_is_too_small(terminals: Callable[..., Terminal]) -> None:
    term = terminals("--seed", "3", rows=20, cols=70)
    term.wait_for("needs a terminal of at least 80x24")
    term.send("q")
    term.wait_for("Quit? (y/n)")
    term.send("y")
    assert term.exit_status() == 0


def cell_colours(term: Terminal) -> set[tuple[str, str]]:
    """The foreground and background colours of every cell on the screen."""
    return {(char.fg, char.bg) for row in term.screen.buffer.values() for char in row.values()}


def test_no_color_draws_in_the_terminals_own_colours(terminals: Callable[..., Terminal]) -> None:
    plain = terminals("--seed", "1", env={"NO_COLOR": "1"})
    plain.wait_for("Where do you cut the pack?")
    assert cell_colours(plain) == {("default", "default")}
    coloured = terminals("--seed", "1")
    coloured.wait_for("Where do you cut the pack?")
    assert {bg for _, bg in cell_colours(coloured)} == {"default"}
    assert len(cell_colours(coloured)) > 1


def test_a_locale_without_the_suit_symbols_gets_ascii_cards(
    terminals: Callable[..., Terminal],
) -> None:
    term = terminals("--seed", "1", "--random-cut", env={"LC_ALL": "C", "LANG": "C"})
    screen = term.wait_for("Choose 2 for")
    assert re.search(r"You cut the (10|[2-9AJQK])[CDHS]\.", screen), screen
    assert re.search(r"\| ?(10|[2-9AJQK])[CDHS]\|", screen), screen
    assert all(ord(char) < 128 for char in screen)


def test_ctrl_c_ends_the_game_quietly(terminals: Callable[..., Terminal]) -> None:
    term = terminals("--seed", "4")
    term.wait_for("Where do you cut the pack?")
    term.send("\x03")
    status = term.exit_status()
    assert status == 130
    term.pump()
    assert "Traceback" not in term.text


def test_ctrl_c_ends_the_game_even_when_started_with_interrupts_ignored(
    terminals: Callable[..., Terminal],
) -> None:
    """A script's background job (`cribbage &` in sh) starts with SIGINT ignored; in the
    game Ctrl-C still quits, as the help says."""
    term = terminals("--seed", "4", preexec_fn=ignore_interrupts)
    term.wait_for("Where do you cut the pack?")
    term.send("\x03")
    assert term.exit_status() == 130


def test_bytes_that_are_not_utf8_do_not_stop_the_keyboard(
    terminals: Callable[..., Terminal],
) -> None:
    term = terminals("--seed", "58", "--level", "easy")
    term.wait_for("Where do you cut the pack?")
    term.send("\r")
    term.wait_for("Choose 2 for")
    term.send(b"\xb3")  # a byte no UTF-8 character starts with: once the keyboard went dead here
    term.send("5")
    term.wait_for("\ufffd5")
    term.send("\x1b")
    term.wait_for(lambda text: "\ufffd5" not in text)
    term.send("q")
    term.wait_for("Quit? (y/n)")
    term.send("y")
    assert term.exit_status() == 0


def test_a_missing_term_is_one_line_and_status_2(terminals: Callable[..., Terminal]) -> None:
    term = terminals(env={"TERM": ""})
    screen = term.wait_for("TERM is not set")
    assert term.exit_status() == 2
    assert "Traceback" not in screen


def test_a_terminal_that_cannot_move_the_cursor_is_refused(
    terminals: Callable[..., Terminal],
) -> None:
    term = terminals("--seed", "1", cols=120, env={"TERM": "dumb"})
    screen = term.wait_for("so the game cannot draw on it.")
    assert "cribbage: The terminal type 'dumb' cannot move the cursor" in screen
    assert term.exit_status() == 1
    assert "Traceback" not in term.text


def run(*args: str, stdin: int | None = subprocess.DEVNULL) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k != "PAGER"}
    return subprocess.run(
        [COMMAND, *args], stdin=stdin, capture_output=True, text=True, timeout=TIMEOUT, env=env
    )


def test_rules_print_when_output_is_not_a_terminal() -> None:
    done = run("--rules")
    assert done.returncode == 0
    for heading in ("THE PLAY", "THE SHOW", "KEYS", "OPTIONS", "muggins"):
        assert heading in done.stdout


def test_rules_are_printed_on_the_terminal_when_the_pager_fails(
    terminals: Callable[..., Terminal],
) -> None:
    term = terminals("--rules", env={"PAGER": "false"})
    screen = term.wait_for("it may win the go.")
    assert "Near 31, keep a low card back" in screen
    assert term.exit_status() == 0


@pytest.mark.parametrize(
    "args",
    [
        ["--game", "100"],
        ["--match", "0"],
        ["--level", "hard"],
        ["--seed", "x"],
        ["--bogus"],
        ["extra"],
        ["--players", "5"],
        ["--partners"],
        ["--partners", "--players", "3"],
        ["--five-card", "--players", "3"],
        ["--match", "3", "--match-points", "1-2-3"],
        ["--match-points", "2-3-4"],
        ["--penalty", "none"],
    ],
)
def test_bad_options_are_one_line_and_status_2(args: list[str]) -> None:
    done = run(*args)
    assert done.returncode == 2
    assert done.stdout == ""
    assert len(done.stderr.strip().splitlines()) == 1 and done.stderr.startswith("cribbage: ")


def test_a_game_needs_a_terminal() -> None:
    done = run("--seed", "1")
    assert done.returncode == 2
    assert (
        done.stderr.strip()
        == "cribbage: The game needs a terminal: standard input and output must be one."
    )


@pytest.mark.parametrize(
    "args",
    [
        ["--rules"],
        ["--count", "5h", "5c", "5s", "jd", "5d"],
        ["--discard", "5h", "5c", "6d", "jd", "kd", "2s", "--dealer"],
        ["--stats"],
        ["--practice", "--seed", "1"],
        ["--help"],
    ],
)
def test_output_to_a_closed_pipe_ends_quietly(args: list[str], tmp_path: Path) -> None:
    """`cribbage --rules | head -1`: the reader goes away, and the command ends without a
    word, with status 141 as `cat` would (the pipe here is closed before anything is written,
    so every write fails; argparse's --help swallows the failure itself and ends with 0)."""
    reader, writer = os.pipe()
    os.close(reader)
    env = {k: v for k, v in os.environ.items() if k not in ("PAGER", "MANPAGER")}
    env["CRIBBAGE_HOME"] = str(tmp_path)
    try:
        done = subprocess.run(
            [COMMAND, *args],
            stdin=subprocess.DEVNULL,
            stdout=writer,
            stderr=subprocess.PIPE,
            text=True,
            timeout=TIMEOUT,
            env=env,
        )
    finally:
        os.close(writer)
    assert done.stderr == ""
    assert done.returncode == (0 if args == ["--help"] else 141)


def test_the_printed_tools_draw_cards_as_the_game_does(terminals: Callable[..., Terminal]) -> None:
    cards = ["th", "5c", "5s", "jd", "5d"]
    term = terminals("--count", *cards)
    screen = term.wait_for("total")
    assert "Hand 10♥ 5♣ 5♠ J♦, starter 5♦" in screen and "10♥ 5♣" in screen
    assert term.exit_status() == 0
    ascii_term = terminals("--count", *cards, "--ascii")
    assert "Hand 10H 5C 5S JD, starter 5D" in ascii_term.wait_for("total")
    piped = run("--count", *cards)  # a pipe gets ASCII, whatever the terminal
    assert piped.stdout.startswith("Hand 10H 5C 5S JD, starter 5D\n")
