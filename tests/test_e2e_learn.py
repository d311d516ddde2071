"""`cribbage --learn` through the real command in a pseudo-terminal, read as a player sees it:
at 80x24, without colour and in ASCII."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

from cribbage.learn import COUNTED, SHOWN, counting_hand, show_steps

from .terminal import Terminal, quit_game, save_three_handed


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
    term.wait_for("Lesson 1: The whole game. Enter starts it.")
    term.send("2")
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
    screen = term.wait_for("Lesson 2, Counting a hand, is done.")
    assert "Lesson 3: Laying away. Enter starts it." in screen
    term.send("q")
    assert term.exit_status() == 0
    assert b"cribbage --learn goes on with lesson 3, Laying away." in last_words(term)
    done = json.loads((tmp_path / "lessons.json").read_text())
    assert done["done"] == ["counting"]

    again = terminals("--learn", env=env)
    again.wait_for("Lesson 3: Laying away. Enter starts it.")
    again.send("\r")
    again.wait_for("Here the computer deals: the crib is the computer's.")
    quit_game(again)
    assert b"Lesson 3, Laying away, is not finished: cribbage --learn offers it" in (
        last_words(again)
    )


def waiting(screen: str) -> bool:
    """The lessons wait for a key: a box, a question under the board, or the list."""
    rows = screen.splitlines()
    asked = len(rows) > PROMPT_ROW and rows[PROMPT_ROW].strip() != ""
    return asked or "any key goes on" in screen or "Enter starts it." in screen


PROMPT_ROW = 22


def play_through(term: Terminal, moves: list[tuple[str, str]]) -> list[str]:
    """Play a lesson to its end as a player would: at each question that `moves` names (in
    order), the keys given and Enter; Enter to lay away and to cut; space for everything
    else. Every screen seen on the way, the last the list of lessons it comes back to."""
    todo = list(moves)
    seen: list[str] = []
    while True:
        screen = term.wait_for(waiting)
        seen.append(screen)
        if "Enter starts it." in screen:
            assert not todo, todo
            return seen
        prompt = screen.splitlines()[PROMPT_ROW]
        if "any key goes on" in screen:
            key = " "
        elif todo and todo[0][0] in prompt:
            key = todo.pop(0)[1] + "\r"
        elif prompt.startswith(("Lay away", "Where do you cut")):
            key = "\r"
        else:
            key = " "
        term.send(key)
        seen.append(term.wait_for(screen.__ne__))


def test_the_laying_away_lesson_explains_a_worse_discard_then_goes_on_as_dealer(
    terminals: Callable[..., Terminal],
) -> None:
    term = terminals("--learn", env={"NO_COLOR": "1"})
    term.wait_for("Enter starts it.")
    term.send("3")
    term.wait_for("Lesson 3 of 5: Laying away")
    moves = [("Choose 2", "6h"), ("Choose 1 more", "7s"), ("Choose 2", "tc"), ("Choose 1", "kc")]
    seen = play_through(term, [*moves, ("Choose 2", "td"), ("Choose 1", "ts")])
    screen = seen[-1]
    box = next(screen for screen in seen if "─ Not the best two ─" in screen)
    said = " ".join(line.split("│")[1].strip() for line in box.splitlines() if "│ " in line)
    assert "the hint reckons this deal at about 1 point for you with these two" in said
    said = " ".join(" ".join(seen).split())
    assert "Why these two" in said and "Now you deal: the crib is yours." in said
    assert "You lay away 10♦ 10♠." in said
    assert "Lesson 3, Laying away, is done." in screen
    term.send("q")
    assert term.exit_status() == 0


def test_the_play_lesson_in_ascii_from_its_first_card_to_its_end(
    terminals: Callable[..., Terminal],
) -> None:
    term = terminals("--learn", "--ascii")
    term.wait_for("Enter starts it.")
    term.send("4")
    screen = term.wait_for("Lesson 4 of 5: The play")
    assert "+-" in screen and "8H" in screen  # an ASCII box, ASCII cards
    plays = [("Your play:", "kh"), ("Your play:", "8h"), ("Your play:", "jd")]
    screen = play_through(term, plays)[-1]
    assert "Lesson 4, The play, is done." in screen
    term.send("q")
    assert term.exit_status() == 0


def test_the_whole_hand_lesson_ends_with_the_coach_then_the_real_game_is_offered(
    terminals: Callable[..., Terminal], tmp_path: Path
) -> None:
    done = ["counting", "laying-away", "the-play"]
    progress = {"format": "cribbage-lessons", "version": 1, "done": done}
    (tmp_path / "lessons.json").write_text(json.dumps(progress))
    term = terminals("--learn", env={"CRIBBAGE_HOME": str(tmp_path)})
    term.wait_for("Lesson 5: A whole hand. Enter starts it.")
    term.send("\r")
    term.wait_for("Lesson 5 of 5: A whole hand")
    seen = play_through(term, [])
    screen = seen[-1]
    coach = [shown for shown in seen if "─ Coach ─" in shown or "─ The hand is over ─" in shown]
    assert coach and "Coach: your discard " in coach[-1]  # the hand's summary, in words
    assert "Lesson 5, A whole hand, is done." in screen
    assert "A real game" in screen
    assert "a-hand" in json.loads((tmp_path / "lessons.json").read_text())["done"]
    term.send("\r")  # the real game, offered next
    screen = term.wait_for("Where do you cut the pack?")
    assert "Computer" in screen and "West" not in screen
    quit_game(term)


def test_the_real_game_names_a_saved_game_of_another_kind_before_resuming_it(
    terminals: Callable[..., Terminal], tmp_path: Path
) -> None:
    saved = save_three_handed(terminals, tmp_path)
    term = terminals("--learn", env={"CRIBBAGE_HOME": str(tmp_path)})
    term.wait_for("Enter starts it.")
    term.send("6")  # a real game against the easy computer
    screen = term.wait_for("(y/N)")
    assert "Resume the three-handed game instead of a new two-handed game? (y/N)" in screen
    term.send("\r")
    screen = term.wait_for("Where do you cut the pack?")
    assert "Computer" in screen and "West" not in screen  # the two-handed game asked for
    assert (tmp_path / "save.json.backup").read_text() == saved
    quit_game(term)


def test_a_broken_lessons_file_is_one_sentence(
    terminals: Callable[..., Terminal], tmp_path: Path
) -> None:
    (tmp_path / "lessons.json").write_bytes(b"\x1b[2J not json")
    term = terminals("--learn", env={"CRIBBAGE_HOME": str(tmp_path)})
    screen = term.wait_for("Enter starts it.")
    assert "The lessons file could not be read and was moved to" in screen
    assert "Lesson 1: The whole game." in screen
    term.send("q")
    assert term.exit_status() == 0
    assert [path.name.startswith("lessons.json.broken-") for path in tmp_path.iterdir()] == [True]


def test_the_whole_game_first_from_the_list_to_the_show(
    terminals: Callable[..., Terminal], tmp_path: Path
) -> None:
    term = terminals("--learn", env={"CRIBBAGE_HOME": str(tmp_path), "NO_COLOR": "1"})
    term.wait_for("Lesson 1: The whole game. Enter starts it.")
    term.send("\r")
    screen = term.wait_for("Lesson 1 of 5: The whole game")
    assert "first to peg 121 points wins" in " ".join(screen.split())
    term.send(" ")
    seen = play_through(term, [])
    said = " ".join(" ".join(seen).split())
    assert "You cut: the starter is the" in said and "You play the" in said
    assert "Lesson 1, The whole game, is done." in seen[-1]
    assert "Lesson 2: Counting a hand. Enter starts it." in seen[-1]
    term.send("q")
    assert term.exit_status() == 0
    assert json.loads((tmp_path / "lessons.json").read_text())["done"] == ["the-game"]
