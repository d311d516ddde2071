"""The level the player last chose (`level.json`): remembered safely, and a broken, linked or
huge file is one sentence, moved aside, and a new game against the expert."""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cribbage.choices import LEVELS
from cribbage.storage import Storage
from cribbage.storage.level import DEFAULT_LEVEL, LEVEL_NAME, ChosenLevel, dump_level

needs_fifo = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs")


@pytest.fixture
def home(tmp_path: Path) -> Path:
    home = tmp_path / "data"
    home.mkdir(mode=0o700)
    return home


def test_with_no_file_a_new_game_is_against_the_expert(home: Path) -> None:
    assert DEFAULT_LEVEL == "expert" == LEVELS[-1]
    assert ChosenLevel(home).load() == ("expert", None)
    assert not (home / LEVEL_NAME).exists()  # reading writes nothing


@pytest.mark.parametrize("level", LEVELS)
def test_the_level_chosen_is_remembered(home: Path, level: str) -> None:
    assert ChosenLevel(home).choose(level) is None
    assert ChosenLevel(home).load() == (level, None)
    data = json.loads((home / LEVEL_NAME).read_text())
    assert data == {"format": "cribbage-level", "version": 1, "level": level}
    assert (home / LEVEL_NAME).stat().st_mode & 0o077 == 0  # the owner's alone
    assert not [name for name in os.listdir(home) if name.endswith(".tmp")]


@given(st.lists(st.sampled_from(LEVELS), min_size=1, max_size=5))
def test_the_last_level_chosen_is_the_one_remembered(levels: list[str]) -> None:
    with tempfile.TemporaryDirectory() as home:
        for level in levels:
            assert ChosenLevel(home).choose(level) is None
        assert ChosenLevel(home).load() == (levels[-1], None)


@pytest.mark.parametrize(
    "content",
    [
        b"",
        b"{",
        b"\xff\xfe",
        b'"easy"',
        b'{"format": "cribbage-lessons", "version": 1, "level": "easy"}',
        b'{"format": "cribbage-level", "version": true, "level": "easy"}',
        b'{"format": "cribbage-level", "version": 0, "level": "easy"}',
        b'{"format": "cribbage-level", "version": 1}',
        b'{"format": "cribbage-level", "version": 1, "level": null}',
        b'{"format": "cribbage-level", "version": 1, "level": ""}',
        b'{"format": "cribbage-level", "version": 1, "level": ["easy"]}',
        b'{"format": "cribbage-level", "version": 1, "level": "\\u001b[2J"}',
        b'{"format": "cribbage-level", "version": 1, "level": "easy", "extra": 1}',
        b" " * 5_000 + dump_level("easy"),
        b"[" * 100_000,
    ],
    ids=[
        "empty",
        "cut-short",
        "not-utf8",
        "a-string",
        "another-format",
        "bool-version",
        "version-0",
        "no-level",
        "null-level",
        "empty-level",
        "a-list",
        "escapes",
        "extra-field",
        "huge",
        "deep",
    ],
)
def test_a_broken_file_is_one_sentence_moved_aside_and_the_expert(
    home: Path, content: bytes
) -> None:
    path = home / LEVEL_NAME
    path.write_bytes(content)
    level, message = ChosenLevel(home).load()
    assert level == "expert" and message is not None
    assert message.startswith("The level file ")
    assert message.endswith("; a new game is against the expert.")
    assert message.count(". ") == 0 and "\n" not in message
    aside = [name for name in os.listdir(home) if name.startswith(f"{LEVEL_NAME}.broken-")]
    assert len(aside) == 1 and (home / aside[0]).read_bytes() == content  # nothing lost
    assert not path.exists()
    assert ChosenLevel(home).choose("easy") is None  # a new choice is kept again
    assert ChosenLevel(home).load() == ("easy", None)


def test_a_link_is_moved_aside_and_never_followed(home: Path, tmp_path: Path) -> None:
    precious = tmp_path / "precious"
    precious.write_bytes(dump_level("easy"))
    (home / LEVEL_NAME).symlink_to(precious)
    chosen = ChosenLevel(home)
    level, message = chosen.load()
    assert level == "expert" and message is not None and "symbolic link" in message
    assert message.endswith("a new game is against the expert.")
    assert chosen.choose("classic") is None
    assert precious.read_bytes() == dump_level("easy")  # never written through
    assert not (home / LEVEL_NAME).is_symlink()
    assert ChosenLevel(home).load() == ("classic", None)


def test_a_link_made_after_reading_is_not_written_through(home: Path, tmp_path: Path) -> None:
    chosen = ChosenLevel(home)
    chosen.load()
    precious = tmp_path / "precious"
    precious.write_text("mine")
    (home / LEVEL_NAME).symlink_to(precious)
    message = chosen.choose("easy")
    assert message is not None and "moved to" in message
    assert precious.read_text() == "mine"


@needs_fifo
def test_a_fifo_is_moved_aside_without_waiting(home: Path) -> None:
    os.mkfifo(home / LEVEL_NAME)
    level, message = ChosenLevel(home).load()
    assert level == "expert" and message is not None and "not a regular file" in message


def test_a_directory_in_its_place_is_moved_aside(home: Path) -> None:
    (home / LEVEL_NAME).mkdir()
    level, message = ChosenLevel(home).load()
    assert level == "expert" and message is not None and "moved to" in message


def test_a_file_of_a_newer_version_is_left_alone_and_the_expert_plays(home: Path) -> None:
    newer = b'{"format": "cribbage-level", "version": 2, "level": "easy", "more": {}}'
    (home / LEVEL_NAME).write_bytes(newer)
    chosen = ChosenLevel(home)
    level, message = chosen.load()
    assert level == "expert" and message is not None and "newer version" in message
    assert chosen.choose("classic") is None
    assert (home / LEVEL_NAME).read_bytes() == newer


def test_a_level_this_version_does_not_know_is_left_as_it_is(home: Path) -> None:
    (home / LEVEL_NAME).write_bytes(dump_level("grandmaster"))
    level, message = ChosenLevel(home).load()
    assert level == "expert" and message is not None
    assert "grandmaster" in message and message.endswith("a new game is against the expert.")
    assert (home / LEVEL_NAME).read_bytes() == dump_level("grandmaster")


def test_a_data_directory_others_can_write_to_is_not_written_in(home: Path) -> None:
    home.chmod(0o777)
    try:
        message = ChosenLevel(home).choose("easy")
        assert message is not None and "other users can write to it" in message
        assert not (home / LEVEL_NAME).exists()
    finally:
        home.chmod(0o700)


def test_the_storage_keeps_the_level_and_knows_the_player_by_it(home: Path) -> None:
    with Storage(home) as storage:
        assert not storage.knows_the_player()
        assert storage.chosen_level() == ("expert", None)
        assert storage.choose_level("classic") is None
        assert storage.knows_the_player()
    with Storage(home) as storage:
        assert storage.chosen_level() == ("classic", None)


def test_with_no_home_the_expert_plays_and_nothing_is_said(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def homeless() -> Path:
        raise RuntimeError("No home directory is known.")

    monkeypatch.setattr("cribbage.storage.store.data_dir", homeless)
    with Storage() as storage:
        assert storage.chosen_level() == ("expert", None)
        assert storage.choose_level("easy") is None
        assert storage.chosen_level() == ("expert", None)
