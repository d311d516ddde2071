"""Hints, the coach and counting practice through the real `cribbage` command in a
pseudo-terminal, read as a player would see them."""

from __future__ import annotations

import re
from collections.abc import Callable

import pexpect
import pytest

from cribbage.cards import parse_cards
from cribbage.scoring import score_hand

from .terminal import COMMAND, TIMEOUT, Terminal, ignore_interrupts


def quit_game(term: Terminal) -> None:
    term.send("q")
    term.wait_for("Quit? (y/n)")
    term.send("y")
    assert term.exit_status() == 0


def test_the_hint_panel_at_the_discard_and_in_the_play(terminals: Callable[..., Terminal]) -> None:
    term = terminals("--seed", "5", "--random-cut")
    term.wait_for("Choose 2 for")
    term.send("H")
    screen = term.wait_for("─ Hint ─")
    assert re.search(r"Lay away \S+ \S+\.", screen)
    assert "lay away   hand   crib  pegging  heels  total" in screen
    figures = [
        line for line in screen.splitlines() if re.search(r"(-?\d+\.\d\d\s+){4}-?\d+\.\d\d", line)
    ]
    assert len(figures) == 3
    term.send("x")
    screen = term.wait_for(lambda text: "─ Hint ─" not in text)
    assert "Choose 2 for" in screen
    term.send("  \r")
    term.wait_for("You lay away")
    while True:
        screen = term.wait_for(lambda t: "Your play:" in t or "The hand is over" in t)
        if "Your play:" in screen:
            break
        term.send("\r")  # no choice in this deal: go on to the next
    term.send("H")
    screen = term.wait_for("─ Hint ─")
    assert re.search(r"Play the \S+\.", screen)
    assert "yours less the computer's" in screen
    assert re.search(r"[+-]\d+\.\d\d", screen)
    term.send("x")
    term.wait_for(lambda text: "─ Hint ─" not in text and "Your play:" in text)
    quit_game(term)


def test_the_coach_after_a_hand_and_again_on_c(terminals: Callable[..., Terminal]) -> None:
    term = terminals("--seed", "5", "--random-cut", "--coach")
    term.wait_for("Choose 2 for")
    term.send("  \r")
    while True:
        screen = term.wait_for(lambda t: "Your play:" in t or "─ Coach: hand 1 ─" in t)
        if "─ Coach: hand 1 ─" in screen:
            break
        term.send("\r")
        before = screen
        term.wait_for(before.__ne__)
    assert "You laid away" in screen or "Your discard" in screen
    assert "Press any key to go back to the game." in screen
    term.send("x")
    # the prompt shows under the box too: wait for the box to go, not for the prompt
    screen = term.wait_for(lambda t: "The hand is over" in t and "─ Coach" not in t)
    assert "c coach" in screen
    term.send("c")
    term.wait_for("─ Coach: hand 1 ─")
    term.send("x")
    term.wait_for(lambda t: "The hand is over" in t and "─ Coach" not in t)
    quit_game(term)


def first_hand(child: pexpect.spawn[str]) -> tuple[str, int]:
    """The next hand shown by practice and its true count."""
    child.expect(r"(Hand|Crib) \d+: (\S+ \S+ \S+ \S+), starter (\S+)\r?\n")
    match = child.match
    assert isinstance(match, re.Match)
    kind, cards, starter = match.groups()
    hand = parse_cards([*cards.split(), starter])
    return kind, score_hand(hand[:4], hand[4], crib=kind == "Crib").total


def test_counting_practice_in_a_terminal() -> None:
    child = pexpect.spawn(COMMAND, ["--practice", "--seed", "2"], timeout=TIMEOUT, encoding="utf-8")
    try:
        _, total = first_hand(child)
        child.expect("Your count: ")
        child.sendline("twelve")
        child.expect("Type the points as a number")
        child.expect("Your count: ")
        child.sendline(str(total))
        child.expect(f"Right: {total}.")
        child.expect(r"1 of 1 right \(100%\), \d+\.\d seconds a hand on average\.")
        _, total = first_hand(child)
        child.expect("Your count: ")
        wrong = 1 if total != 1 else 2
        child.sendline(str(wrong))
        child.expect(f"Not {wrong}: the (hand|crib) is worth {total}.")
        child.expect(r"1 of 2 right \(50%\)")
        child.expect("Your count: ")
        child.sendline("q")
        child.expect(r"Practice over\. 1 of 2 right \(50%\)")
        child.expect(pexpect.EOF)
    finally:
        child.close()
    assert child.exitstatus == 0


@pytest.mark.parametrize("ignored", [False, True], ids=["as-usual", "started-with-sigint-ignored"])
def test_ctrl_c_ends_practice_quietly_with_status_130(ignored: bool) -> None:
    # started with SIGINT ignored, as sh starts a background job: Ctrl-C still ends practice
    child = pexpect.spawn(
        COMMAND,
        ["--practice", "--seed", "3"],
        timeout=TIMEOUT,
        encoding="utf-8",
        preexec_fn=ignore_interrupts if ignored else None,
    )
    try:
        child.expect("Your count: ")
        child.sendintr()
        child.expect(r"Practice over\. No hands counted\.")
        child.expect(pexpect.EOF)
        assert "Traceback" not in str(child.before)
    finally:
        child.close()
    assert child.exitstatus == 130
