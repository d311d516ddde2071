"""`cribbage --learn` through the real command in a pseudo-terminal, read as a player sees it:
at 80x24, without colour and in ASCII."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

from cribbage.learn import COUNTED, SHOWN, counting_hand, show_steps

from .terminal import Terminal


def last_words(term: Terminal) -> bytes:
    """What the program printed once the terminal was restored (after `exit_status`)."""
    said = term.child.before
    assert isinstance(said, bytes)
    return said


def go_on(term: Terminal, times: int) -> str:
    """Press space `times` times, each once the page before has changed; the screen then."""
    screen = term.text
    for _ in range(times):
        term.send(" ")
        screen = term.wait_for(screen.__ne__)
    return screen


def test_the_first_lesson_then_leaving_then_the_next_offered(
    terminals: Callable[..., Terminal], tmp_path: Path
) -> None:
    env = {"CRIBBAGE_HOME": str(tmp_path), "NO_COLOR": "1"}
    term = terminals("--learn", env=env)
    term.wait_for("Lesson 1: Counting a hand. Enter starts it.")
    term.send("\r")
    term.wait_for("After the play the hands are counted")
    go_on(term, 1)
    for seed in SHOWN:
        screen = go_on(term, len(show_steps(counting_hand(seed).score)) + 1)
        assert "That is the whole count." in screen
        go_on(term, 1)
    screen = term.wait_for("Count your hand:")
    assert "Now count one yourself" in screen
    term.send(f"{counting_hand(COUNTED[0]).score.total}\r")
    screen = term.wait_for(": right.")
    term.send(" ")
    screen = term.wait_for("Lesson 1, Counting a hand, is done.")
    assert "Lesson 2: Laying away. Enter starts it." in screen
    term.send("q")
    assert term.exit_status() == 0
    assert b"cribbage --learn goes on with lesson 2, Laying away." in last_words(term)
    done = json.loads((tmp_path / "lessons.json").read_text())
    assert done["done"] == ["counting"]

    again = terminals("--learn", env=env)
    again.wait_for("Lesson 2: Laying away. Enter starts it.")
    again.send("\r")
    again.wait_for("Here the computer deals: the crib is the computer's.")
    again.send("q")
    again.wait_for("Quit? (y/n)")
    again.send("y")
    assert again.exit_status() == 0
    assert b"Lesson 2, Laying away, is not finished: cribbage --learn offers it" in (
        last_words(again)
    )


def test_the_play_lesson_in_ascii_from_its_first_card_to_its_end(
    terminals: Callable[..., Terminal],
) -> None:
    term = terminals("--learn", "--ascii")
    term.wait_for("Enter starts it.")
    term.send("3")
    screen = term.wait_for("Lesson 3 of 4: The play")
    assert "+-" in screen and "8H" in screen  # an ASCII box, ASCII cards
    plays = ["kh", "8h", "jd"]
    while True:
        screen = term.wait_for(
            lambda t: "any key goes on" in t or "Your play:" in t or "Enter starts it." in t
        )
        if "Enter starts it." in screen:
            break
        if "Your play:" in screen and "any key goes on" not in screen:
            term.send(plays.pop(0) + "\r")
        else:
            term.send(" ")
        term.wait_for(screen.__ne__)
    assert not plays
    assert "Lesson 3, The play, is done." in screen
    term.send("q")
    assert term.exit_status() == 0


def test_a_broken_lessons_file_is_one_sentence(
    terminals: Callable[..., Terminal], tmp_path: Path
) -> None:
    (tmp_path / "lessons.json").write_bytes(b"\x1b[2J not json")
    term = terminals("--learn", env={"CRIBBAGE_HOME": str(tmp_path)})
    screen = term.wait_for("Enter starts it.")
    assert "The lessons file could not be read and was moved to" in screen
    assert "Lesson 1: Counting a hand." in screen
    term.send("q")
    assert term.exit_status() == 0
    assert [path.name.startswith("lessons.json.broken-") for path in tmp_path.iterdir()] == [True]
