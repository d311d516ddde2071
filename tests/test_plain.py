"""`cribbage --plain` end to end: the real command with pipes for standard input and output,
played to the end of every kind of game by a scripted player (`plain_player`), as a person
with a screen reader or a program would play it."""

from __future__ import annotations

import re
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path

import pytest

from cribbage.cards import parse_cards
from cribbage.errors import CribbageError
from cribbage.learn import LESSONS
from cribbage.ui.plain import WIDTH, parse_choice

from .plain_player import CLOSE, PROMPT_END, Learner, Transcript, play, sensible

_ESCAPE = re.compile(r"[\x00-\x08\x0b-\x1f\x7f\x9b]")
_BOXES = re.compile("[\u2500-\u259f\u2190-\u21ff\u25a0-\u25ff]")
_SUITS = re.compile("[\u2660-\u2667]")


def check_lines(transcript: Transcript) -> None:
    """What every plain transcript must be: lines a screen reader reads well."""
    assert transcript.lines, "nothing was printed"
    for line in transcript.lines:
        assert not _ESCAPE.search(line), repr(line)
        assert not _BOXES.search(line), line
        assert not _SUITS.search(line), line
        assert len(line) <= WIDTH, line
    for prompt in transcript.prompts:
        assert "Type" in prompt and prompt.endswith(PROMPT_END), prompt


def check_game_over(transcript: Transcript) -> None:
    check_lines(transcript)
    assert transcript.status == 0, transcript.lines[-20:]
    assert transcript.prompts[-1].startswith("Another game?"), transcript.lines[-20:]
    assert any(re.search(r"wins? \d+ to", line) for line in transcript.lines)


VARIANTS = [
    pytest.param(["--game", "61"], id="two-handed"),
    pytest.param(["--players", "3", "--game", "61"], id="three-handed"),
    pytest.param(["--players", "4", "--game", "61"], id="four-handed"),
    pytest.param(["--players", "4", "--partners", "--game", "61"], id="partners"),
    pytest.param(["--five-card"], id="five-card"),
    pytest.param(["--match", "2", "--game", "61", "--level", "easy"], id="match"),
    pytest.param(["--match", "2", "--match-points", "2-3-4", "--game", "61"], id="match-points"),
    pytest.param(["-e", "--game", "61"], id="explain"),
    pytest.param(["--manual", "--game", "61", "--penalty", "none"], id="manual"),
    pytest.param(["--coach", "--game", "61", "-r"], id="coach"),
    pytest.param(["-q", "--lurch", "--game", "61", "--no-autoplay"], id="quiet"),
]


@pytest.mark.parametrize("options", VARIANTS)
def test_a_whole_game_through_pipes(options: list[str], tmp_path: Path) -> None:
    transcript = play(["--seed", "11", *options], home=tmp_path)
    check_game_over(transcript)
    assert "The game is kept" not in "\n".join(transcript.lines)  # over: nothing to keep
    if "--match" in options:
        said = transcript.lines
        assert "Match points: " in "\n".join(said)
        if "--match-points" not in options:  # a first win does not end the match
            assert any(line.startswith("Game 2 of the match.") for line in said)
    if "--coach" in options:
        assert any(line.startswith("Coach: hand 1:") for line in transcript.lines)
    if "--players" in options:
        everything = "\n".join(transcript.lines)
        assert "West" in everything and "East" in everything


def test_muggins_takes_the_points_a_player_misses(tmp_path: Path) -> None:
    transcript = play(
        ["--seed", "2", "-m", "--game", "61"],
        lambda prompt: sensible(prompt, miscount=True),
        home=tmp_path,
    )
    check_game_over(transcript)
    said = "\n".join(transcript.lines)
    assert "but the hand is worth" in said or "but the crib is worth" in said


def test_the_short_forms_on_request(tmp_path: Path) -> None:
    transcript = play(["--seed", "3", "--ascii", "--game", "61"], home=tmp_path)
    check_game_over(transcript)
    said = "\n".join(transcript.lines)
    assert re.search(r"You play the [2-9TJQKA][CDHS]: \d+\.", said)
    assert " of hearts" not in said and " of spades" not in said


def test_cards_are_said_in_words_by_default(tmp_path: Path) -> None:
    transcript = play(["--seed", "3", "--game", "61"], home=tmp_path)
    said = "\n".join(transcript.lines)
    assert re.search(r"You play the (\w+) of (clubs|diamonds|hearts|spades): \d+\.", said)
    discard = next(p for p in transcript.prompts if ": lay away " in p)
    assert re.search(r"Your cards: 1 \w+ of \w+, 2 \w+ of \w+, 3 ", discard)
    assert discard.endswith(
        "Type two cards or their numbers; h for a hint, s for the scores, ? for help."
    )


def test_the_same_input_twice_prints_the_same_lines(tmp_path: Path) -> None:
    first = play(["--seed", "7", "--players", "3", "--game", "61"], home=tmp_path / "a")
    second = play(["--seed", "7", "--players", "3", "--game", "61"], home=tmp_path / "b")
    assert first.lines == second.lines
    assert first.prompts[-1].startswith("Another game?")


def test_a_player_new_here_is_asked_which_computer_in_a_line(tmp_path: Path) -> None:
    answers = iter(["c", CLOSE])
    transcript = play(["--seed", "5"], lambda _: next(answers), home=tmp_path, newcomer=True)
    check_lines(transcript)
    assert transcript.prompts[0].startswith("Which computer? Type e for easy, c for classic or x")
    assert "The computer plays at the classic level." in transcript.lines
    again = play(["--seed", "5", "--new"], lambda _: CLOSE, home=tmp_path)
    assert not any(prompt.startswith("Which computer?") for prompt in again.prompts)
    assert "The computer plays at the classic level." in again.lines  # the level stays


def test_the_end_of_input_quits_and_keeps_the_game(tmp_path: Path) -> None:
    answers = iter(["", "1 2", CLOSE])
    kept = play(["--seed", "5"], lambda _: next(answers), home=tmp_path)
    check_lines(kept)
    assert kept.status == 0
    assert kept.lines[-1] == "The game is kept: start cribbage again to resume it."
    # the game goes on where it stood, after a question
    again = play(["--seed", "5"], lambda _: CLOSE, home=tmp_path)
    check_lines(again)
    assert again.prompts[0].startswith("Resume the saved game?"), again.lines
    assert "You lay away" in "\n".join(again.lines)  # the game so far, in its last lines


def test_q_quits_and_keeps_the_game_and_resumes(tmp_path: Path) -> None:
    answers = iter(["", "q"])
    kept = play(["--seed", "5"], lambda _: next(answers), home=tmp_path)
    assert kept.status == 0 and kept.lines[-1].startswith("The game is kept")
    resumed = play(["--seed", "5"], sensible, home=tmp_path)
    check_game_over(resumed)
    assert "The saved game goes on." in resumed.lines


def test_a_wrong_entry_is_said_and_the_question_asked_again(tmp_path: Path) -> None:
    typed = ["", "zz", "1", "1 1", "9h 1", "1 2", CLOSE]
    answers = iter(typed)
    transcript = play(["--seed", "5"], lambda _: next(answers), home=tmp_path)
    check_lines(transcript)
    said = "\n".join(transcript.lines)
    assert "'zz' is not a card." in said
    assert "Type two cards, each as on the board (5h, kc) or by its number." in said
    assert "is named twice." in said
    assert "You don't have the nine of hearts." in said
    discards = [p for p in transcript.prompts if ": lay away " in p]
    assert len(discards) == 5  # asked again after each of the four wrong entries
    assert "You lay away" in said


JUNK = [
    "\x1b[2J",
    "   ",
    "1 2 3 4 5 6 7",
    "m hi",
    "g",
    "N",
    "f",
    "99",
    "-1",
    "ten",
    "q h",
    "5h,",
    ",,",
    " and ",
    "\u00e9t\u00e9",
    "x" * 5000,
    "s extra",
    "h",
    "c",
]


def test_junk_is_answered_with_sentences_never_a_traceback(tmp_path: Path) -> None:
    junk = iter(JUNK)
    asked: set[str] = set()

    def answer(prompt: str) -> str | None:
        if prompt not in asked:  # each new question gets junk first
            asked.add(prompt)
            return next(junk, None) or sensible(prompt)
        return sensible(prompt)

    transcript = play(["--seed", "6", "--game", "61", "-m"], answer, home=tmp_path)
    check_game_over(transcript)
    assert "Traceback" not in transcript.errors and not transcript.errors
    assert "\x1b" not in "".join(transcript.lines)


def test_commands_say_the_state_again(tmp_path: Path) -> None:
    commands = iter(["s", "p", "l", "h", "r", "?", "c"])
    done: list[str] = []

    def answer(prompt: str) -> str | None:
        if "Your play" in prompt and len(done) < 7:
            done.append(next(commands))
            return done[-1]
        return sensible(prompt)

    transcript = play(["--seed", "9", "--game", "61"], answer, home=tmp_path)
    check_game_over(transcript)
    said = "\n".join(transcript.lines)
    assert re.search(r"Scores: you \d+, computer \d+\. A game is to 61\.", said)
    assert "the crib is " in said and "The starter is the " in said
    assert re.search(r"deals?: the crib is (yours|the computer's)\.", said)  # not "your."
    assert re.search(r"(Count \d+: .+ \((you|computer)\)\.|No card is on the count\.)", said)
    assert "Play the " in said and "Pegging to expect" in said  # the hint
    assert "s: the scores, who deals and the starter" in said  # the help
    assert "Coach: hand" in said or "The coach has no hand" in said


def test_plain_needs_no_terminal_and_says_so_in_help() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "cribbage", "--help"], capture_output=True, text=True, timeout=60
    )
    assert "--plain" in done.stdout


def test_practice_in_plain_lines(tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "cribbage", "--practice", "--plain", "--seed", "1"],
        input="19\n0\nq\n",
        capture_output=True,
        text=True,
        timeout=60,
        env={"CRIBBAGE_HOME": str(tmp_path), "PATH": "/usr/bin:/bin"},
    )
    assert done.returncode == 0, done.stderr
    assert re.search(r"Hand 1: \w+ of \w+, ", done.stdout) or "Crib 1: " in done.stdout
    assert not _SUITS.search(done.stdout)
    for line in done.stdout.splitlines():
        assert len(line) <= WIDTH


@pytest.mark.parametrize(
    ("typed", "want", "expected"),
    [
        ("kc", 1, ["kc"]),
        ("2", 1, ["kc"]),
        ("king", 1, ["kc"]),
        ("1 4", 2, ["5h", "2s"]),
        ("1,4", 2, ["5h", "2s"]),
        ("5h kc", 2, ["5h", "kc"]),
        ("ten of diamonds, 1", 2, ["td", "5h"]),
    ],
)
def test_cards_are_typed_as_on_the_board_or_by_number(
    typed: str, want: int, expected: Sequence[str]
) -> None:
    hand = parse_cards(["5h", "kc", "td", "2s"])
    assert parse_choice(typed, hand, want) == parse_cards(expected)


@pytest.mark.parametrize("typed", ["", "1", "1 2 3", "5h 5h", "zz", "9h", "5", "7 1"])
def test_a_wrong_choice_is_a_sentence(typed: str) -> None:
    hand = parse_cards(["5h", "kc", "td", "2s"])
    with pytest.raises(CribbageError) as raised:
        parse_choice(typed, hand, 2)
    assert str(raised.value).endswith(".")


def test_the_lessons_and_the_real_game_in_plain_lines(tmp_path: Path) -> None:
    transcript = play(["--learn"], Learner(), home=tmp_path)
    check_game_over(transcript)
    said = "\n".join(transcript.lines)
    for number, lesson in enumerate(LESSONS, 1):
        assert f"Lesson {number}, {lesson.title}, is done." in said
    # the cards each combination of a count uses, which the board raises, said in words
    assert re.search(r"The cards: \w+ of \w+(, \w+ of \w+)* and \w+ of \w+\.", said)
    assert "Every lesson is done" in said
    assert (tmp_path / "lessons.json").exists()


def test_a_lesson_left_by_the_end_of_input_is_offered_again(tmp_path: Path) -> None:
    answers = iter(["", "", CLOSE])
    left = play(["--learn"], lambda _: next(answers), home=tmp_path)
    check_lines(left)
    assert left.status == 0
    assert left.lines[-1].endswith("is not finished: cribbage --learn offers it again.")
    again = play(["--learn"], lambda _: CLOSE, home=tmp_path)
    assert again.prompts[0].endswith("or just Enter for lesson 1; q leaves; ? for help.")
