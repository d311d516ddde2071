"""Three- and four-handed cribbage, partners and five-card cribbage through the real `cribbage`
command in a pseudo-terminal: a deal of each from the cut to the show, read from the screen as
a player reads it, and a variant game killed and resumed."""

from __future__ import annotations

import re
import signal
from collections.abc import Callable
from pathlib import Path

import pytest

from .terminal import Terminal, known_home

RESUME = "Resume the saved game? (Y/n)"
QUESTIONS = ("Your play:", "Where do you cut the pack?")

GAMES = {
    "three": (["--players", "3"], ["West", "East"], ["West", "East", "You"]),
    "four": (["--players", "4"], ["West", "North", "East"], ["West", "North", "East", "You"]),
    "partners": (
        ["--players", "4", "--partners"],
        ["West", "North (partner", "East"],
        ["West & East", "You & North"],
    ),
    "five-card": (["--five-card"], ["Computer"], ["Computer", "You"]),
}


def card_area(text: str) -> list[str]:
    """The left part of each row: the cards and the table, without the board and messages."""
    return [row[:43].rstrip() for row in text.splitlines()]


def board_scores(text: str, names: list[str]) -> list[int]:
    """The score beside each name on the board."""
    scores = []
    for name in names:
        found = re.search(rf"[┌├]─ {re.escape(name)}: (\d+) ─", text)
        assert found, f"{name} not on the board:\n{text}"
        scores.append(int(found.group(1)))
    return scores


def lay_away(term: Terminal, five_card: bool) -> str:
    """Cut for the deal, then lay away (one card, or two in five-card); the screen asked."""
    while True:  # the cut for the deal, again after a tie for low card
        screen = term.wait_for(lambda t: "Where do you cut the pack?" in t or "Choose " in t)
        if "Choose " in screen:
            break
        term.send("\r")
        term.wait_for(screen.__ne__)
    if five_card:
        asked = term.wait_for("Choose 2 for")
        term.send("  ")
        term.wait_for("Lay away")
        term.send("\r")
    else:
        asked = term.wait_for("Choose 1 for")
        term.send("\r")  # one card: choosing it lays it away
    term.wait_for("You lay away")
    return asked


def play_to_the_show(term: Terminal) -> tuple[str, list[str]]:
    """Answer each question of the play with Enter until the hand is over: the screen then,
    and every screen met on the way."""
    seen: list[str] = []
    while True:
        before = term.wait_for(lambda t: "The hand is over" in t or any(q in t for q in QUESTIONS))
        seen.append(before)
        if "The hand is over" in before:
            return before, seen
        term.send("\r")
        term.wait_for(before.__ne__)


@pytest.mark.parametrize("name", list(GAMES))
def test_a_deal_of_each_variant_from_the_cut_to_the_show(
    terminals: Callable[..., Terminal], name: str
) -> None:
    args, seats, sides = GAMES[name]
    five_card = name == "five-card"
    term = terminals(*args, "--seed", "4")
    asked = lay_away(term, five_card)
    left = "\n".join(card_area(asked))
    for seat in seats:
        assert seat in left  # every other player has a place at the table
    assert board_scores(asked, sides) == [0] * len(sides)
    if not five_card:
        owner = re.search(r"Choose 1 for (your|\w+'s) crib:", asked)
        assert owner and f"Lay away one card to {owner.group(1)} crib." in asked
    end, seen = play_to_the_show(term)
    plays = [screen for screen in seen if "Your play:" in screen]
    assert any(re.search(r"^Count: \d+", screen, re.M) for screen in plays)
    assert any("starter" in screen for screen in plays)
    rows = card_area(end)
    if five_card:  # the first hand's pone pegs three as the starter is turned
        assert any("Three for last" in screen for screen in seen)
    else:
        for seat in seats:  # each other hand face up on its row, with its count
            row = next(i for i, text in enumerate(rows) if seat.split(" (")[0] in text)
            assert re.search(r"counted \d+", rows[row]), end
            assert re.search(r"(10|[2-9AJQK])[♣♦♥♠]", rows[row + 1]), end
    assert re.search(r"(Your|\w+'s) crib: \d+", end), end  # the crib is counted last
    assert sum(board_scores(end, sides)) > 0
    term.send("q")
    term.wait_for("Quit? (y/n)")
    term.send("y")
    assert term.exit_status() == 0


def test_a_killed_three_handed_game_resumes_as_it_was(
    terminals: Callable[..., Terminal], tmp_path: Path
) -> None:
    env = {"CRIBBAGE_HOME": str(known_home(tmp_path))}
    first = terminals("--players", "3", "--seed", "7", env=env)
    lay_away(first, five_card=False)
    before = first.wait_for(lambda t: any(q in t for q in QUESTIONS))
    first.child.kill(signal.SIGKILL)
    first.exit_status()

    second = terminals("--seed", "99", env=env)  # plain cribbage: the save decides the game
    asked = second.wait_for(RESUME)
    assert card_area(asked)[:6] == card_area(before)[:6]  # the others, the crib, the starter
    assert board_scores(asked, ["West", "East", "You"]) == board_scores(
        before, ["West", "East", "You"]
    )
    second.send("\r")
    after = second.wait_for("The saved game goes on.")
    said = " ".join(row[44:].strip() for row in after.splitlines()[10:22])  # the messages
    assert "It keeps the options it was started with: the game is three-handed" in said
    after = second.wait_for(lambda t: any(q in t for q in QUESTIONS))
    assert card_area(after)[:20] == card_area(before)[:20]
    second.send("q")
    second.wait_for("Quit? (y/n)")
    second.send("y")
    assert second.exit_status() == 0
