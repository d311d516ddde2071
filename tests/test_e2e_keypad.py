"""The numeric keypad through the real `cribbage` command in a pseudo-terminal: its keys as
each terminal sends them, with Num Lock off (Home, End, the centre key, Enter), and with
`--keypad` (2, 4, 6 and 8)."""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest

from .terminal import Terminal

CARD = re.compile(r"│ ?(10|[2-9AJQK])([♣♦♥♠])│")

# What each terminal's keypad sends (its terminfo entry names these keys), with Num Lock off,
# and with Num Lock on in the application mode curses turns on.
KEYPADS = {
    "linux": {"TERM": "linux", "home": "\x1b[1~", "end": "\x1b[4~", "centre": "\x1b[G", "enter": "\r"},
    "xterm": {"TERM": "xterm", "home": "\x1bOH", "end": "\x1bOF", "centre": "\x1bOE", "enter": "\x1bOM"},
    "xterm, the corners": {
        "TERM": "xterm", "home": "\x1bOw", "end": "\x1bOq", "centre": "\x1bOu", "enter": "\x1bOM"
    },
    # no centre key in its description: ESC O u is the 5 of application mode, a digit
    "screen": {"TERM": "screen", "home": "\x1b[1~", "end": "\x1b[4~", "centre": " ", "enter": "\x1bOM"},
}  # fmt: skip


def hand_on(screen: str) -> list[str]:
    """Your cards as the screen shows them, left to right (the row with the most faces)."""
    rows = [["".join(card) for card in CARD.findall(row[:43])] for row in screen.splitlines()]
    return max(rows, key=len)


def quit_game(term: Terminal) -> None:
    term.send("q")
    term.wait_for("Quit? (y/n)")
    term.send("y")
    assert term.exit_status() == 0


@pytest.mark.parametrize("name", list(KEYPADS))
def test_the_keypads_home_end_centre_and_enter_do_what_they_say(
    terminals: Callable[..., Terminal], name: str
) -> None:
    keypad = KEYPADS[name]
    term = terminals("--seed", "1", env={"TERM": keypad["TERM"]})
    term.wait_for("Where do you cut the pack?")
    term.send(keypad["home"])
    term.wait_for("4 cards off the top")
    term.send(keypad["end"])
    term.wait_for("48 cards off the top")
    term.send(keypad["centre"])  # cuts, as space does
    hand = hand_on(term.wait_for("Choose 2 for"))
    assert len(hand) == 6
    term.send(keypad["end"])
    term.send(keypad["centre"])  # chooses the last card
    term.wait_for("Choose 1 more for")
    term.send(keypad["home"])
    term.send(keypad["centre"])  # and the first
    term.wait_for("Lay away")
    term.send(keypad["enter"])
    screen = term.wait_for("You lay away")
    laid = next(row for row in screen.splitlines() if "You lay away" in row)
    assert hand[0] in laid and hand[-1] in laid
    quit_game(term)


def test_the_keypads_digits_in_application_mode_are_digits(
    terminals: Callable[..., Terminal],
) -> None:
    term = terminals("--seed", "1", env={"TERM": "screen"})  # names none of them
    term.wait_for("Where do you cut the pack?")
    term.send("\x1bOr\x1bOp")  # 2 and 0 of the keypad, as tmux sends them
    term.wait_for("20 cards off the top")
    term.send("\x1bOM")
    term.wait_for("Choose 2 for")
    quit_game(term)


def test_with_keypad_2_4_6_and_8_cut_choose_lay_away_and_play(
    terminals: Callable[..., Terminal],
) -> None:
    term = terminals("--keypad", "--seed", "1")
    screen = term.wait_for("Where do you cut the pack?")
    assert "4 6 move" in screen and "8 cut" in screen and "type a number" not in screen
    term.send("4")
    term.wait_for("25 cards off the top")
    term.send("66")
    term.wait_for("27 cards off the top")
    term.send("8")
    screen = term.wait_for("Choose 2 for")
    assert "4 6 move   2 choose" in screen and "type a card" not in screen
    hand = hand_on(screen)
    term.send("9d")  # typing a card does nothing: only moving chooses
    term.send("2")
    term.wait_for("Choose 1 more for")
    term.send("62")  # the cursor moved on by itself to the second card: the third is chosen
    screen = term.wait_for("? 8: yes")
    term.send("8")
    screen = term.wait_for("You lay away")
    laid = next(row for row in screen.splitlines() if "You lay away" in row)
    assert hand[0] in laid and hand[2] in laid
    while True:  # the starter (cut with 8 if it is yours), then your play
        screen = term.wait_for(lambda t: "Your play:" in t or "Where do you cut the pack?" in t)
        if "Your play:" in screen:
            break
        term.send("8")
        term.wait_for(lambda t: "Where do you cut the pack?" not in t)
    assert "4 6 move   2 play" in screen
    term.send("2")
    term.wait_for("You play the")
    quit_game(term)


def test_k_in_the_help_box_turns_the_keypad_on(terminals: Callable[..., Terminal]) -> None:
    term = terminals("--seed", "1")
    term.wait_for("Where do you cut the pack?")
    term.send("?")
    term.wait_for("K turns on the keypad's 2 4 6 8")
    term.send("K")
    term.wait_for("K turns off the keypad's 2 4 6 8")
    term.send("x")
    term.wait_for("4 6 move")
    term.send("4")
    term.wait_for("25 cards off the top")
    quit_game(term)
