"""Saves, locks, records and the statistics file, through `cribbage.storage`."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from cribbage.errors import InvalidRecordError
from cribbage.match import MatchConfig
from cribbage.record import NEXT_GAME, Record, Recorder, replay, replay_steps
from cribbage.rules import CutForDeal, Discard, GameConfig, Phase
from cribbage.stats import Statistics
from cribbage.storage import (
    SAVE_VERSION,
    SavedMatch,
    Storage,
    data_dir,
    files,
    load_record,
    saves,
    write_atomic,
    write_record,
)
from cribbage.storage.statistics import STATS_VERSION, parse_statistics
from cribbage.storage.store import BACKUPS

from .storage_support import match_after

TESTS = Path(__file__).parent
SRC = TESTS.parent / "src"


def is_one_sentence(text: str | None) -> bool:
    """A message the UI can show on one line: a capital first, one full stop, at the end."""
    return (
        text is not None
        and text[:1].isupper()
        and text.endswith(".")
        and "\n" not in text
        and ". " not in text
    )


@pytest.fixture
def storage(tmp_path: Path) -> Storage:
    owner = Storage(tmp_path / "home")
    assert owner.claim() is None
    return owner


def reopen(storage: Storage) -> Storage:
    """The same directory as a new run of the program sees it."""
    storage.release()
    again = Storage(storage.home)
    assert again.claim() is None
    return again


def stats_of(storage: Storage) -> Statistics:
    stats, message = storage.statistics()
    assert message is None
    return stats


# --- the data directory ---------------------------------------------------------------------


def test_windows_uses_local_app_data() -> None:
    env = {"LOCALAPPDATA": "C:/Users/ann/AppData/Local", "HOME": "/x"}
    assert data_dir(env, "win32").as_posix() == "C:/Users/ann/AppData/Local/cribbage"
    assert (
        data_dir({"USERPROFILE": "C:/Users/ann"}, "win32").as_posix()
        == "C:/Users/ann/AppData/Local/cribbage"
    )


def test_a_relative_xdg_state_home_is_ignored() -> None:
    env = {"HOME": "/home/ann", "XDG_STATE_HOME": "state"}
    assert data_dir(env, "linux").as_posix() == "/home/ann/.local/state/cribbage"


def test_cribbage_home_overrides_every_platform() -> None:
    for platform in ("linux", "darwin", "win32", "freebsd"):
        assert data_dir({"CRIBBAGE_HOME": "/c", "HOME": "/h"}, platform).as_posix() == "/c"


def test_the_default_storage_follows_the_environment(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("CRIBBAGE_HOME", str(tmp_path / "from-env"))
    assert Storage().home == tmp_path / "from-env"


def test_without_a_home_directory_the_game_is_unsaved(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    for name in ("CRIBBAGE_HOME", "HOME", "XDG_STATE_HOME"):
        monkeypatch.delenv(name, raising=False)

    monkeypatch.setattr(os.path, "expanduser", lambda path: path)  # no home to put for "~"
    monkeypatch.chdir(tmp_path)
    with pytest.raises(RuntimeError):
        data_dir(platform="linux")
    with Storage() as homeless:
        message = homeless.claim()
        assert message is not None and message.startswith("No home directory is known")
        assert homeless.load() == (None, None)
        assert homeless.save(match_after(1, None)) is not None  # its statistics cannot be kept
        assert homeless.statistics()[0] == Statistics()
    assert list(tmp_path.iterdir()) == []


def test_the_directory_is_created_on_demand_and_private(tmp_path: Path) -> None:
    home = tmp_path / "a" / "b" / "cribbage"
    with Storage(home) as fresh:
        assert not home.exists()
        assert fresh.claim() is None
        assert home.is_dir()
        if os.name == "posix":
            assert home.stat().st_mode & 0o077 == 0


def test_an_unusable_directory_means_an_unsaved_game(tmp_path: Path) -> None:
    (tmp_path / "file").write_text("not a directory")
    with Storage(tmp_path / "file" / "cribbage") as blocked:
        message = blocked.claim()
        assert message is not None and is_one_sentence(message)
        assert "will not be saved" in message
        assert not blocked.owns_save
        match = match_after(1, 30)
        assert blocked.save(match) is None
        assert blocked.load() == (None, None)


# --- save and resume ------------------------------------------------------------------------


def test_nothing_saved_loads_as_nothing(storage: Storage) -> None:
    assert storage.load() == (None, None)


def test_a_saved_match_resumes_exactly(storage: Storage) -> None:
    match = match_after(
        8, 57, options={"level": "expert", "explain": True, "seed": 12, "speed": 0.5, "name": None}
    )
    assert storage.save(match) is None
    resumed, message = reopen(storage).load()
    assert message is None and resumed is not None
    assert resumed.state == match.state
    assert resumed.record == match.record
    assert resumed.events == match.events
    assert (resumed.id, resumed.started, resumed.options) == (
        match.id,
        match.started,
        match.options,
    )
    following = match_after(8, 70).record.steps[57:]
    for step in following:  # the resumed match plays on as the original would have
        assert resumed.apply(step) == match.apply(step)
    assert resumed.state == match.state


def test_every_step_of_a_match_can_be_resumed(storage: Storage) -> None:
    final = match_after(21, None, GameConfig(target=31), MatchConfig(games=2))
    match = SavedMatch.start(21, GameConfig(target=31), MatchConfig(games=2))
    for step in final.record.steps[:-1]:
        match.apply(step)
        assert storage.save(match) is None
        resumed, message = storage.load()
        assert message is None and resumed is not None
        assert resumed.state == match.state


def test_the_save_is_the_record_with_a_version_and_the_options(storage: Storage) -> None:
    match = match_after(3, 20, options={"level": "easy"})
    storage.save(match)
    data = json.loads(storage.save_path.read_text())
    assert data["format"] == "cribbage-save" and data["version"] == SAVE_VERSION
    assert Record.from_dict(data["record"]) == match.record
    assert data["options"] == {"level": "easy"} and data["id"] == match.id
    assert [p.name for p in storage.home.iterdir() if p.name.endswith(".tmp")] == []


@pytest.mark.parametrize("options", [{"a": [1]}, {"a": {"b": 1}}, {1: 2}, {"a": object()}])
def test_options_are_a_small_table_of_plain_values(options: Any) -> None:
    with pytest.raises(TypeError):
        SavedMatch.start(1, options=options)


def test_a_second_storage_object_does_not_read_the_save(storage: Storage) -> None:
    storage.save(match_after(2, 10))
    with Storage(storage.home) as other:
        assert other.load() == (None, None)


def _tamper_discard(text: str) -> str:
    data = json.loads(text)
    for step in data["record"]["steps"]:
        if isinstance(step, dict) and "discard" in step:
            step["discard"] = ["AC", "AD"] if step["discard"] != ["AC", "AD"] else ["2C", "2D"]
            break
    return json.dumps(data)


def _with(**changes: object) -> Any:
    def change(text: str) -> str:
        data = json.loads(text)
        data.update(changes)
        return json.dumps(data)

    return change


BROKEN: dict[str, Any] = {
    "empty": lambda text: "",
    "cut short": lambda text: text[: len(text) // 2],
    "garbage": lambda text: "\x00\xff garbage",
    "a list": lambda text: "[1, 2, 3]",
    "another format": _with(format="cribbage-record"),
    "newer version": _with(version=SAVE_VERSION + 1),
    "no version": _with(version="1"),
    "version zero": _with(version=0),
    "an unsafe id": _with(id="../../etc/passwd"),
    "options not a table": _with(options=["level"]),
    "no record": _with(record=None),
    "an illegal step": _tamper_discard,
    "an extra step": lambda text: text.replace('"steps":[', '"steps":[{"seat":0,"play":"5H"},'),
}


@pytest.mark.parametrize("kind", sorted(BROKEN))
def test_a_broken_save_is_moved_aside_with_one_sentence(storage: Storage, kind: str) -> None:
    match = match_after(4, 30)
    text = BROKEN[kind](match.to_json())
    storage.save_path.write_text(text, encoding="latin-1")
    loaded, message = reopen(storage).load()
    assert loaded is None and message is not None
    assert is_one_sentence(message)
    assert message.startswith("The saved game could not be resumed because ")
    assert not storage.save_path.exists()
    aside = list(storage.home.glob("save.json.broken-*"))
    assert len(aside) == 1 and str(aside[0]) in message
    assert aside[0].read_text(encoding="latin-1") == text


def test_the_reasons_name_what_went_wrong(storage: Storage) -> None:
    reasons = {}
    for kind in ("cut short", "newer version", "an illegal step", "a list"):
        storage.save_path.write_text(BROKEN[kind](match_after(4, 30).to_json()))
        _, reasons[kind] = storage.load()
    assert "cut short or is not valid JSON" in str(reasons["cut short"])
    assert "newer version of cribbage" in str(reasons["newer version"])
    assert "do not form a legal game" in str(reasons["an illegal step"])
    assert "not a cribbage save" in str(reasons["a list"])
    assert len(list(storage.home.glob("save.json.broken-*"))) == 4


def test_a_huge_file_is_refused_unread(storage: Storage, monkeypatch: pytest.MonkeyPatch) -> None:
    text = match_after(4, 30).to_json()
    monkeypatch.setattr(files, "MAX_FILE_BYTES", len(text) - 1)
    storage.save_path.write_text(text)
    loaded, message = storage.load()
    assert loaded is None and "far too large to be a save" in str(message)
    storage.stats_path.write_text(" " * len(text))
    assert storage.statistics()[1] is not None and list(storage.home.glob("stats.json.broken-*"))
    record = storage.home / "record.json"
    record.write_text(text)
    with pytest.raises(InvalidRecordError) as err:
        load_record(record)
    assert str(err.value) == (
        f"The record {record} is too large to be a cribbage record (over the "
        f"{len(text) - 1:,}-byte limit)."
    )


def test_an_unreadable_save_is_moved_aside(storage: Storage) -> None:
    storage.save_path.mkdir()
    loaded, message = storage.load()
    assert loaded is None and message is not None and "it is not a regular file" in message
    assert not storage.save_path.exists()


def test_an_older_version_is_upgraded_by_the_migration_hook(
    storage: Storage, monkeypatch: pytest.MonkeyPatch
) -> None:
    match = match_after(6, 25, options={"level": "expert"})
    old = json.loads(match.to_json())
    old["settings"] = old.pop("options")  # how version 1 would look if version 2 renamed it

    def upgrade(data: dict[str, Any]) -> dict[str, Any]:
        data["options"] = data.pop("settings")
        data["version"] = 2
        return data

    monkeypatch.setattr(saves, "SAVE_VERSION", 2)
    monkeypatch.setitem(saves.MIGRATIONS, 1, upgrade)
    storage.save_path.write_text(json.dumps(old))
    loaded, message = storage.load()
    assert message is None and loaded is not None
    assert loaded.state == match.state and loaded.options == {"level": "expert"}
    storage.save(loaded)
    assert json.loads(storage.save_path.read_text())["version"] == 2


def test_a_save_the_upgrade_cannot_read_is_moved_aside(
    storage: Storage, monkeypatch: pytest.MonkeyPatch
) -> None:
    storage.save_path.write_text(match_after(6, 25).to_json())  # version 1
    monkeypatch.setattr(saves, "SAVE_VERSION", 2)
    monkeypatch.setitem(saves.MIGRATIONS, 1, lambda data: data["missing"])
    loaded, message = storage.load()
    assert loaded is None and "could not be upgraded from version 1" in str(message)


def test_new_keeps_the_old_save_as_a_backup(storage: Storage) -> None:
    match = match_after(9, 33)
    storage.save(match)
    message = reopen(storage).back_up()
    assert message == "The saved game was backed up (save.json.backup)."
    assert not storage.save_path.exists()
    kept = SavedMatch.from_json(storage.backup_path.read_bytes())
    assert kept.state == match.state
    assert storage.back_up() is None  # nothing left to keep


def test_each_new_game_keeps_the_earlier_backups_numbered_and_removes_the_oldest(
    storage: Storage,
) -> None:
    ids: list[str] = []
    messages: list[str | None] = []
    for seed in range(BACKUPS + 2):
        match = match_after(seed, 20)
        storage.save(match)
        storage = reopen(storage)
        messages.append(storage.back_up())
        ids.append(match.id)
    earlier = [storage.backup_path.with_name(f"save.json.backup.{n}") for n in range(1, BACKUPS)]
    kept = [SavedMatch.from_json(path.read_bytes()).id for path in [storage.backup_path, *earlier]]
    assert kept == ids[::-1][:BACKUPS]  # newest first; the two oldest are gone
    assert sorted(storage.home.glob("save.json.backup*")) == sorted([storage.backup_path, *earlier])
    assert set(messages) == {"The saved game was backed up (save.json.backup)."}  # said alike


def test_a_save_not_yet_at_the_first_starter_is_removed_not_backed_up(
    storage: Storage,
) -> None:
    storage.save(match_after(3, 25))
    storage = reopen(storage)
    storage.back_up()
    kept = storage.backup_path.read_bytes()
    steps = match_after(4, 10).record.steps
    dealt = next(n for n, step in enumerate(steps) if not isinstance(step, CutForDeal | Discard))
    assert dealt >= 4  # each player cuts for the deal and lays away
    assert not any(match_after(4, n).begun for n in range(dealt + 1))
    assert match_after(4, dealt + 1).begun  # the starter is cut
    match = match_after(4, dealt)
    storage.save(match)
    storage = reopen(storage)
    assert storage.back_up() is None  # nothing said
    assert not storage.save_path.exists()
    assert storage.backup_path.read_bytes() == kept  # the real game is still the latest backup
    assert not storage.backup_path.with_name("save.json.backup.1").exists()


def test_new_with_a_broken_save_says_so(storage: Storage) -> None:
    storage.save_path.write_text("{")
    message = storage.back_up()
    assert message is not None and message.startswith("The saved game could not be resumed")
    assert not storage.backup_path.exists()


# --- the end of a game and of a match -------------------------------------------------------


def play_saving(storage: Storage, final: SavedMatch) -> SavedMatch:
    """Play the steps of `final` again under its id, saving after every step."""
    match = SavedMatch(
        final.id,
        Recorder.start(final.record.seed, final.record.game_config, final.record.match_config),
        dict(final.options),
        final.started,
    )
    for step in final.record.steps:
        match.apply(step)
        assert storage.save(match) is None
    return match


def test_a_finished_match_is_counted_filed_and_its_save_removed(storage: Storage) -> None:
    final = match_after(13, None, options={"level": "expert"})
    match = play_saving(storage, final)
    assert match.state.over and not storage.save_path.exists()
    [path] = storage.records()
    assert load_record(path) == final.record
    stats = stats_of(storage)
    expert = stats.levels["expert"]
    assert expert.games == 1
    assert (expert.games_won == 1) == (final.state.game.winner == 0)
    assert storage.save(match) is None  # saved again: nothing counted twice
    assert stats_of(storage) == stats and len(storage.records()) == 1


def test_each_game_of_a_match_is_counted_as_it_ends(storage: Storage) -> None:
    final = match_after(17, None, GameConfig(target=31), MatchConfig(games=3))
    games = 0
    match = SavedMatch(
        final.id,
        Recorder.start(17, final.record.game_config, final.record.match_config),
        final.options,
    )
    for step in final.record.steps:
        match.apply(step)
        storage.save(match)
        if match.state.game.phase is Phase.GAME_OVER and step != NEXT_GAME:
            games += 1
            assert stats_of(storage).levels["classic"].games == games
    level = stats_of(storage).levels["classic"]
    assert level.matches_won + level.matches_lost == 1
    assert level.games == sum(final.state.games_won)


def test_a_crash_after_saving_a_finished_game_counts_it_at_the_next_start(storage: Storage) -> None:
    final = match_after(14, None)
    write_atomic(storage.save_path, final.to_json().encode())  # the program died here
    storage = reopen(storage)
    assert storage.load() == (None, None)
    assert stats_of(storage).levels["classic"].games == 1
    assert not storage.save_path.exists() and len(storage.records()) == 1
    assert reopen(storage).load() == (None, None)
    assert stats_of(storage).levels["classic"].games == 1


def test_a_crash_before_the_save_was_removed_never_counts_twice(storage: Storage) -> None:
    final = match_after(15, None)
    storage.save(final)
    write_atomic(storage.save_path, final.to_json().encode())  # the removal never reached disk
    storage = reopen(storage)
    assert storage.load() == (None, None)
    assert stats_of(storage).levels["classic"].games == 1
    assert not storage.save_path.exists()


def test_a_game_that_cannot_be_counted_keeps_its_save(storage: Storage) -> None:
    final = match_after(16, None)
    storage.stats_path.write_text(json.dumps({"format": "cribbage-stats", "version": 99}))
    message = storage.save(final)
    assert message is not None and "newer version" in message
    assert storage.save_path.exists()
    storage.stats_path.unlink()
    storage = reopen(storage)
    assert storage.load() == (None, None)
    assert stats_of(storage).levels["classic"].games == 1


@pytest.mark.parametrize("level", [None, "", "x" * 41, "tab\there", 3])
def test_a_strange_level_is_counted_as_unknown(storage: Storage, level: Any) -> None:
    assert storage.save(match_after(29, None, options={"level": level})) is None
    assert stats_of(storage).levels["unknown"].games == 1


def test_a_match_id_is_safe_in_a_file_name() -> None:
    match = match_after(29, 3)
    with pytest.raises(ValueError):
        SavedMatch("../x", match.recorder)


def test_hints_are_counted_per_level(storage: Storage) -> None:
    for level in ("easy", "easy", "expert"):
        assert storage.count_hint(level) is None
    stats = stats_of(storage)
    assert (stats.levels["easy"].hints, stats.levels["expert"].hints) == (2, 1)


# --- the lock -------------------------------------------------------------------------------


def test_a_second_copy_plays_unsaved_and_leaves_the_save_alone(storage: Storage) -> None:
    mine = match_after(18, 40)
    storage.save(mine)
    before = storage.save_path.read_bytes()
    with Storage(storage.home) as second:
        message = second.claim()
        assert message == (
            f"A game of cribbage is already open elsewhere (process {os.getpid()}), "
            "so this game will not be saved."
        )
        assert second.load() == (None, None)
        theirs = match_after(19, None, options={"level": "easy"})
        assert second.save(theirs) is None
        assert storage.save_path.read_bytes() == before
        assert stats_of(second).levels["easy"].games == 1  # statistics still count
    assert storage.load()[0] is not None


def test_the_lock_passes_on_when_released(storage: Storage) -> None:
    second = Storage(storage.home)
    assert second.claim() is not None
    storage.release()
    assert second.claim() is None and second.owns_save
    second.release()


HOLDER = """
import sys
from cribbage.storage import Storage
storage = Storage(sys.argv[1])
print(storage.claim(), flush=True)
sys.stdin.readline()
"""


@pytest.mark.skipif(os.name != "posix", reason="SIGKILL is POSIX")
def test_two_processes_one_save_and_the_lock_dies_with_its_holder(tmp_path: Path) -> None:
    env = {**os.environ, "PYTHONPATH": str(SRC)}
    holder = subprocess.Popen(
        [sys.executable, "-c", HOLDER, str(tmp_path)],
        env=env,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert holder.stdout is not None and holder.stdout.readline() == "None\n"
        with Storage(tmp_path) as second:
            assert second.claim() == (
                f"A game of cribbage is already open elsewhere (process {holder.pid}), "
                "so this game will not be saved."
            )
            holder.send_signal(signal.SIGKILL)
            holder.wait()
            assert second.claim() is None  # a killed game leaves no stale lock
    finally:
        holder.kill()
        holder.wait()


COUNTER = """
import sys
sys.path.insert(0, sys.argv[2])
from cribbage.storage import Storage
from storage_support import match_after
with Storage(sys.argv[1]) as storage:
    print(storage.claim() is None, flush=True)
    for seed in range(int(sys.argv[3]), int(sys.argv[3]) + 15):
        message = storage.save(match_after(seed, None, options={"level": "expert"}))
        assert message is None, message
"""


@pytest.mark.skipif(os.name != "posix", reason="runs two interpreters side by side")
def test_two_processes_finishing_games_at_once_lose_no_count(tmp_path: Path) -> None:
    env = {**os.environ, "PYTHONPATH": str(SRC)}
    runs = [
        subprocess.Popen(
            [sys.executable, "-c", COUNTER, str(tmp_path), str(TESTS), str(first)],
            env=env,
            stdout=subprocess.PIPE,
            text=True,
        )
        for first in (0, 100)
    ]
    outputs = [run.communicate(timeout=120)[0] for run in runs]
    assert [run.returncode for run in runs] == [0, 0]
    assert sorted(outputs) == ["False\n", "True\n"]  # one owned the save, one did not
    with Storage(tmp_path) as storage:
        expert = stats_of(storage).levels["expert"]
        assert expert.games == 30
        assert len(stats_of(storage).counted) == 30
        assert len(storage.records()) == 30


# --- game records ---------------------------------------------------------------------------


def test_a_record_file_round_trips_and_replays(tmp_path: Path) -> None:
    final = match_after(22, None, GameConfig(target=61), MatchConfig(games=2))
    path = tmp_path / "game.json"
    write_record(final.record, path)
    assert json.loads(path.read_text())["format"] == "cribbage-record"
    record = load_record(path)
    assert record == final.record and replay(record) == final.state


def test_a_save_file_also_loads_as_a_record(storage: Storage) -> None:
    match = match_after(23, 44)
    storage.save(match)
    assert load_record(storage.save_path) == match.record


def test_replay_steps_walks_the_match_with_its_events() -> None:
    final = match_after(24, None, GameConfig(target=31), MatchConfig(games=2))
    pairs = list(replay_steps(final.record))
    assert len(pairs) == len(final.record.steps) + 1
    assert pairs[0][1] == () and pairs[0][0].game.phase is Phase.CUT_FOR_DEAL
    assert pairs[-1][0] == final.state
    assert [event for _, events in pairs for event in events] == final.events
    again = Recorder.start(24, final.record.game_config, final.record.match_config)
    for step, (state, events) in zip(final.record.steps, pairs[1:], strict=True):
        assert again.apply(step) == events and again.state == state


UNREADABLE_RECORDS: dict[str, bytes] = {
    "missing": b"",
    "binary": b"\xff\xfe\x00garbage",
    "not JSON": b'{"format":',
    "not a record": b'{"format": "something"}',
    "illegal": b"",
}


@pytest.mark.parametrize("kind", sorted(UNREADABLE_RECORDS))
def test_a_bad_record_file_is_one_sentence_naming_it(tmp_path: Path, kind: str) -> None:
    path = tmp_path / "record.json"
    if kind == "illegal":
        text = match_after(25, 30).record.to_json()
        path.write_text(text.replace('"cut_for_deal":', '"cut_for_deal":9', 1))
    elif kind != "missing":
        path.write_bytes(UNREADABLE_RECORDS[kind])
    with pytest.raises(InvalidRecordError) as err:
        load_record(path)
    message = str(err.value)
    assert str(path) in message and message.endswith(".") and "\n" not in message


def test_records_are_listed_oldest_first(storage: Storage) -> None:
    for seed, started in ((30, "2024-05-02T10:00:00Z"), (31, "2023-01-01T00:00:00Z")):
        final = match_after(seed, None)
        final.started = started
        storage.save(final)
    names = [path.name[:15] for path in storage.records()]
    assert names == ["20230101-000000", "20240502-100000"]


# --- the statistics file --------------------------------------------------------------------


def test_no_statistics_file_reads_as_empty(storage: Storage) -> None:
    assert storage.statistics() == (Statistics(), None)


@pytest.mark.parametrize(
    "text",
    [
        "",
        "{",
        "[]",
        "null",
        '{"format": "cribbage-stats"}',
        '{"format": "cribbage-stats", "version": 1, "levels": {}, "counted": [1]}',
        '{"format": "cribbage-stats", "version": 1, "levels": {"easy": {}}, "counted": []}',
        '{"format": "other", "version": 1, "levels": {}, "counted": []}',
    ],
)
def test_a_corrupted_statistics_file_is_moved_aside_and_started_afresh(
    storage: Storage, text: str
) -> None:
    storage.stats_path.write_text(text)
    stats, message = storage.statistics()
    assert stats == Statistics()
    assert message is not None and message.startswith("The statistics file could not be read")
    assert message.endswith("new statistics start now.")
    [aside] = storage.home.glob("stats.json.broken-*")
    assert aside.read_text() == text and str(aside) in message
    assert storage.count_hint("easy") is None
    assert stats_of(storage).levels["easy"].hints == 1


def test_a_newer_statistics_file_is_left_alone(storage: Storage) -> None:
    text = json.dumps({"format": "cribbage-stats", "version": STATS_VERSION + 1, "levels": {}})
    storage.stats_path.write_text(text)
    message = storage.count_hint("easy")
    assert message is not None and "newer version" in message
    assert storage.stats_path.read_text() == text


def test_the_statistics_file_reads_back(storage: Storage) -> None:
    storage.save(match_after(26, None, options={"level": "expert"}))
    storage.count_hint("expert")
    written = json.loads(storage.stats_path.read_text())
    assert written["format"] == "cribbage-stats" and written["version"] == 1
    assert parse_statistics({k: written[k] for k in ("levels", "counted")}) == stats_of(storage)


def test_this_module_runs_without_curses() -> None:
    code = "import sys, cribbage.storage, cribbage.stats; print('curses' in sys.modules)"
    env = {**os.environ, "PYTHONPATH": str(SRC)}
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True)
    assert out.stdout == "False\n"


def test_no_temporary_file_is_left_behind(storage: Storage) -> None:
    (storage.home / ".save.json.abc123.tmp").write_text("left by a killed process")
    storage = reopen(storage)
    assert not (storage.home / ".save.json.abc123.tmp").exists()
    storage.save(match_after(27, None))
    storage.save(match_after(28, 12))
    leftovers = [p.name for p in storage.home.rglob("*") if p.name.endswith(".tmp")]
    assert leftovers == []
