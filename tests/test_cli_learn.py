"""`cribbage --learn` on the command line: alone or with --ascii, a sentence and status 2 with
anything else, and what it starts."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from cribbage import cli
from cribbage.glyphs import ASCII
from cribbage.storage.lessons import LessonProgress
from cribbage.ui.testing import FakeScreen


@pytest.mark.parametrize(
    ("args", "sentence"),
    [
        (["--learn", "--seed", "3"], "--seed does not go with --learn."),
        (["--learn", "--level", "easy"], "--level does not go with --learn."),
        (["--learn", "--players", "3"], "--players does not go with --learn."),
        (["--learn", "-m"], "--muggins does not go with --learn."),
        (["--learn", "--coach"], "--coach does not go with --learn."),
        (["--learn", "--new"], "--new does not go with --learn."),
        (["--stats", "--learn"], "--stats and --learn go one at a time."),
        (["--learn", "--practice"], "--practice and --learn go one at a time."),
        (["--learn", "--crib"], "--crib goes with --count."),
        (["--learn", "--join", "host"], "--learn and --join go one at a time."),
        (["--learn", "--host"], "--learn and --host go one at a time."),
    ],
)
def test_learn_with_another_option_is_one_sentence_and_status_2(
    args: list[str], sentence: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert cli.main(args) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1
    assert err == f"cribbage: {sentence} Try 'cribbage --help'.\n"


def test_learn_needs_a_terminal(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["--learn", "--ascii"]) == 2  # the tests' standard input is no terminal
    assert capsys.readouterr().err == (
        "cribbage: The game needs a terminal: standard input and output must be one.\n"
    )


def test_the_help_names_learn(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["--help"]) == 0
    out = " ".join(capsys.readouterr().out.split())
    assert "cribbage --learn [--ascii]" in out and "learn to play: five short lessons" in out


@pytest.fixture
def started(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> list[dict[str, Any]]:
    """Start no lessons: record what they would have been started with."""
    seen: list[dict[str, Any]] = []

    def fake_run_learn(progress: LessonProgress, **given: Any) -> int:
        seen.append({"progress": progress, **given})
        return 0

    monkeypatch.setattr("cribbage.ui.learn.run_learn", fake_run_learn)
    monkeypatch.setattr(cli, "has_terminal", lambda: True)
    monkeypatch.setattr("curses.setupterm", lambda term, fd: None)
    monkeypatch.setattr("curses.tigetstr", lambda name: b"\x1b[%i%p1%d;%p2%dH")
    monkeypatch.setenv("TERM", "xterm")
    monkeypatch.setenv("CRIBBAGE_HOME", str(tmp_path))
    monkeypatch.delenv("CRIBBAGE_DELAY", raising=False)
    return seen


def test_learn_starts_the_lessons_in_the_data_directory(
    started: list[dict[str, Any]], tmp_path: Path
) -> None:
    assert cli.main(["--learn", "--ascii"]) == 0
    (given,) = started
    assert given["progress"].home == tmp_path and given["ascii_only"] is True
    assert given["delay"] == 0.7


def test_the_real_game_at_the_end_is_against_the_easy_computer_and_saved(
    started: list[dict[str, Any]], monkeypatch: pytest.MonkeyPatch
) -> None:
    played: list[Any] = []

    def fake_play_kept(screen: FakeScreen, options: Any, storage: Any, **rest: Any) -> int:
        played.append((options, storage))
        return 0

    monkeypatch.setattr("cribbage.ui.saving.play_kept", fake_play_kept)
    monkeypatch.setenv("CRIBBAGE_DELAY", "0")
    assert cli.main(["--learn"]) == 0
    (given,) = started
    assert given["delay"] == 0
    play: Callable[[FakeScreen, object, list[str]], int] = given["play"]
    assert play(FakeScreen(), ASCII, []) == 0
    ((options, storage),) = played
    assert options.level == "easy" and options.coach and options.delay == 0
    assert options.game_named and options.level_named  # another saved game is asked about
    assert options.target == 121 and options.players == 2
    assert storage.save_path.name == "save.json"
