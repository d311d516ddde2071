"""A hand counted wrong with -m, through the real `cribbage` command in a pseudo-terminal:
the true count stays on the screen until a key."""

from __future__ import annotations

from collections.abc import Callable

from .terminal import Terminal, quit_game

HELD = "not 27: press any key."


def test_an_over_count_holds_the_true_count_until_a_key(
    terminals: Callable[..., Terminal],
) -> None:
    term = terminals("-m", "--seed", "5", "--random-cut")
    term.wait_for("Choose 2 for")
    term.send("  \r")
    while True:
        screen = term.wait_for(lambda t: "Your play:" in t or "Count your hand:" in t)
        if "Count your hand:" in screen:
            break
        term.send("\r")
        term.wait_for(screen.__ne__)
    term.send("27\r")  # no hand holds 27: an over-count
    screen = term.wait_for(HELD)
    prompt = next(line for line in screen.splitlines() if HELD in line)
    assert prompt.startswith("Your hand holds ")
    said = " ".join(line[44:].strip() for line in screen.splitlines())
    assert "You count 27, but the hand is worth" in said
    assert "The computer pegs two for the over-count." in said
    assert "The hand is over" not in screen  # held: the show goes on only after a key
    term.send("x")
    term.wait_for(lambda t: HELD not in t and ("The hand is over" in t or "Count your crib:" in t))
    quit_game(term)
