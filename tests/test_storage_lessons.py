"""The lessons finished (`lessons.json`): remembered safely, and a broken or hostile file is one
sentence, moved aside, with nothing lost."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from cribbage.storage.lessons import LESSONS_NAME, LessonProgress, dump_lessons

needs_fifo = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs")


@pytest.fixture
def home(tmp_path: Path) -> Path:
    home = tmp_path / "data"
    home.mkdir(mode=0o700)
    return home


def test_lessons_finished_are_remembered(home: Path) -> None:
    progress = LessonProgress(home)
    assert progress.load() == (frozenset(), None)
    assert progress.finish("counting") is None
    assert progress.finish("the-play") is None
    assert LessonProgress(home).load() == (frozenset({"counting", "the-play"}), None)
    data = json.loads((home / LESSONS_NAME).read_text())
    assert data == {"format": "cribbage-lessons", "version": 1, "done": ["counting", "the-play"]}
    assert not [name for name in os.listdir(home) if name.endswith(".tmp")]


def test_what_another_copy_remembered_meanwhile_is_kept(home: Path) -> None:
    mine, other = LessonProgress(home), LessonProgress(home)
    mine.load()
    other.load()
    other.finish("counting")
    mine.finish("laying-away")
    assert LessonProgress(home).load()[0] == {"counting", "laying-away"}


def test_a_lesson_this_version_does_not_know_is_kept(home: Path) -> None:
    (home / LESSONS_NAME).write_bytes(dump_lessons(["counting", "pegging-tricks"]))
    progress = LessonProgress(home)
    assert progress.load() == (frozenset({"counting", "pegging-tricks"}), None)
    progress.finish("the-play")
    assert LessonProgress(home).load()[0] == {"counting", "pegging-tricks", "the-play"}


@pytest.mark.parametrize(
    "content",
    [
        b"",
        b"{",
        b"\xff\xfe",
        b"[]",
        b'{"format": "cribbage-stats", "version": 1, "done": []}',
        b'{"format": "cribbage-lessons", "version": true, "done": []}',
        b'{"format": "cribbage-lessons", "version": 1, "done": "counting"}',
        b'{"format": "cribbage-lessons", "version": 1, "done": [1]}',
        b'{"format": "cribbage-lessons", "version": 1, "done": ["../../etc"]}',
        b'{"format": "cribbage-lessons", "version": 1, "done": ["\\u001b[2J"]}',
        b'{"format": "cribbage-lessons", "version": 1, "done": [], "extra": 1}',
        b" " * 70_000 + dump_lessons(["counting"]),
        dump_lessons(f"lesson-{n}" for n in range(101)),
        b"[" * 100_000,
    ],
    ids=[
        "empty",
        "cut-short",
        "not-utf8",
        "a-list",
        "another-format",
        "bool-version",
        "not-a-list",
        "not-names",
        "a-path",
        "escapes",
        "extra-field",
        "too-large",
        "too-many",
        "deep",
    ],
)
def test_a_broken_file_is_one_sentence_and_moved_aside(home: Path, content: bytes) -> None:
    path = home / LESSONS_NAME
    path.write_bytes(content)
    progress = LessonProgress(home)
    done, message = progress.load()
    assert done == frozenset() and message is not None
    assert message.startswith("The lessons file ") and message.endswith("the lessons start again.")
    assert message.count(". ") == 0 and "\n" not in message
    aside = [name for name in os.listdir(home) if name.startswith(f"{LESSONS_NAME}.broken-")]
    assert len(aside) == 1 and (home / aside[0]).read_bytes() == content  # nothing lost
    assert progress.finish("counting") is None
    assert LessonProgress(home).load() == (frozenset({"counting"}), None)


def test_a_link_is_moved_aside_and_never_followed(home: Path, tmp_path: Path) -> None:
    precious = tmp_path / "precious"
    precious.write_bytes(dump_lessons(["counting"]))
    (home / LESSONS_NAME).symlink_to(precious)
    progress = LessonProgress(home)
    done, message = progress.load()
    assert done == frozenset() and message is not None and "symbolic link" in message
    progress.finish("the-play")
    assert precious.read_bytes() == dump_lessons(["counting"])
    assert not (home / LESSONS_NAME).is_symlink()
    aside = [path for path in home.iterdir() if path.name.startswith(f"{LESSONS_NAME}.broken-")]
    assert len(aside) == 1 and aside[0].is_symlink()


@needs_fifo
def test_a_fifo_is_moved_aside_without_waiting(home: Path) -> None:
    os.mkfifo(home / LESSONS_NAME)
    done, message = LessonProgress(home).load()
    assert done == frozenset() and message is not None and "not a regular file" in message


def test_a_directory_in_its_place_is_moved_aside(home: Path) -> None:
    (home / LESSONS_NAME).mkdir()
    done, message = LessonProgress(home).load()
    assert done == frozenset() and message is not None and "moved to" in message


def test_a_file_of_a_newer_version_is_left_alone(home: Path) -> None:
    newer = b'{"format": "cribbage-lessons", "version": 7, "done": ["x"], "more": {}}'
    (home / LESSONS_NAME).write_bytes(newer)
    progress = LessonProgress(home)
    done, message = progress.load()
    assert done == frozenset() and message is not None and "newer version" in message
    assert progress.finish("counting") is None
    assert (home / LESSONS_NAME).read_bytes() == newer


def test_a_data_directory_others_can_write_to_is_not_written_in(home: Path) -> None:
    home.chmod(0o777)
    try:
        progress = LessonProgress(home)
        assert progress.load() == (frozenset(), None)
        message = progress.finish("counting")
        assert message is not None and "other users can write to it" in message
        assert not (home / LESSONS_NAME).exists()
    finally:
        home.chmod(0o700)


@pytest.mark.skipif(hasattr(os, "geteuid") and os.geteuid() == 0, reason="root writes anyway")
def test_a_read_only_data_directory_is_one_sentence(home: Path) -> None:
    home.chmod(0o500)
    try:
        message = LessonProgress(home).finish("counting")
        assert message is not None and message.startswith("The finished lesson could not be")
    finally:
        home.chmod(0o700)


def test_a_file_spoilt_after_it_was_read_is_set_aside_when_finishing(home: Path) -> None:
    progress = LessonProgress(home)
    progress.load()
    (home / LESSONS_NAME).write_bytes(b"not json")
    message = progress.finish("counting")
    assert message is not None and "moved to" in message
    assert LessonProgress(home).load() == (frozenset({"counting"}), None)


def test_with_no_home_nothing_is_remembered(monkeypatch: pytest.MonkeyPatch) -> None:
    def homeless() -> Path:
        raise RuntimeError("No home directory is known.")

    monkeypatch.setattr("cribbage.storage.lessons.data_dir", homeless)
    progress = LessonProgress()
    done, message = progress.load()
    assert done == frozenset() and message is not None and "CRIBBAGE_HOME" in message
    assert progress.finish("counting") is None


def test_the_file_of_the_version_with_four_lessons_loads_and_keeps_them(home: Path) -> None:
    """As the version with four lessons wrote it: their keys are this version's keys for the
    same lessons, so they stay finished, and finishing the new first lesson adds to them."""
    from cribbage.learn import LESSONS

    old = ["a-hand", "counting", "laying-away", "the-play"]
    written = '{\n "format": "cribbage-lessons",\n "version": 1,\n "done": [\n'
    written += ",\n".join(f'  "{key}"' for key in old) + "\n ]\n}"
    (home / LESSONS_NAME).write_text(written)
    progress = LessonProgress(home)
    assert progress.load() == (frozenset(old), None)
    assert set(old) == {lesson.key for lesson in LESSONS[1:]}
    assert progress.finish(LESSONS[0].key) is None
    assert LessonProgress(home).load() == (frozenset({*old, LESSONS[0].key}), None)
