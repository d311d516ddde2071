"""Hostile files: links, FIFOs, devices, absurd numbers, huge saves and text with escapes.

Whatever is found in the data directory, or named on the command line, the program reads
only regular files, follows no link there, writes nothing outside it, never waits on a
file, and answers in one sentence (with control characters shown, not sent).
"""

from __future__ import annotations

import json
import os
import stat
import sys
import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, TypeVar

import pytest

from cribbage import cli
from cribbage.errors import InvalidRecordError
from cribbage.storage import Storage, files, load_record, write_record

from .storage_support import match_after
from .test_storage import is_one_sentence

T = TypeVar("T")
POSIX = os.name == "posix"
IS_ROOT = hasattr(os, "geteuid") and os.geteuid() == 0
needs_fifo = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs")
needs_links = pytest.mark.skipif(not POSIX, reason="symbolic links need privileges on Windows")


@pytest.fixture
def home(tmp_path: Path) -> Path:
    directory = tmp_path / "home"
    directory.mkdir(mode=0o700)
    return directory


@pytest.fixture
def storage(home: Path) -> Iterator[Storage]:
    with Storage(home) as owner:
        assert owner.claim() is None
        yield owner


@pytest.fixture
def precious(tmp_path: Path) -> Path:
    """A file outside the data directory that nothing may change."""
    path = tmp_path / "precious.txt"
    path.write_text("the player's own file\n")
    return path


def returns(call: Callable[[], T], unblock: Path | None = None) -> T:
    """What `call` returns; fails instead of hanging if it waits forever on the FIFO `unblock`.

    With the program working the call returns at once; the time limit only bounds how long
    a broken program takes to fail.
    """
    result: list[T] = []
    errors: list[BaseException] = []

    def run() -> None:
        try:
            result.append(call())
        except BaseException as err:  # handed to the test below
            errors.append(err)

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    thread.join(timeout=60)
    if thread.is_alive():
        if unblock is not None:  # let the stuck reader go: open the FIFO's other end
            fd = os.open(unblock, os.O_WRONLY | os.O_NONBLOCK)
            os.close(fd)
        pytest.fail("the program waited on a file that is not a regular file")
    if errors:
        raise errors[0]
    return result[0]


def replay_error(
    target: str, capsys: pytest.CaptureFixture[str], unblock: Path | None = None
) -> str:
    """The one line `cribbage --replay target` writes to stderr before exiting 2."""
    assert returns(lambda: cli.main(["--replay", target]), unblock) == 2
    err = capsys.readouterr().err
    assert err.startswith("cribbage: ") and err.count("\n") == 1
    return err.removeprefix("cribbage: ").strip()


# --- links and the data directory -----------------------------------------------------------


@needs_links
@pytest.mark.parametrize("name", ["lock", "stats.lock"])
def test_a_link_at_a_lock_file_is_not_followed(home: Path, precious: Path, name: str) -> None:
    (home / name).symlink_to(precious)
    with Storage(home) as storage:
        claimed = storage.claim()
        _stats, counted = storage.statistics()
    assert precious.read_text() == "the player's own file\n"
    assert (home / name).is_symlink()
    told = claimed if name == "lock" else counted
    assert told is not None and is_one_sentence(told)
    assert f"{name} is a symbolic link" in told
    if name == "lock":
        assert told.startswith(f"The data directory {home} cannot be used")
        assert told.endswith("so this game will not be saved.")


@pytest.mark.skipif(not POSIX, reason="hard links to a file the player owns")
def test_a_hard_link_at_the_lock_is_not_overwritten(home: Path, precious: Path) -> None:
    os.link(precious, home / "lock")
    with Storage(home) as storage:
        message = storage.claim()
    assert message is not None and "lock is a hard link" in message
    assert precious.read_text() == "the player's own file\n"


@needs_links
def test_a_link_at_the_save_is_moved_aside_unread(home: Path, tmp_path: Path) -> None:
    elsewhere = tmp_path / "elsewhere.json"
    elsewhere.write_text(match_after(3, 20).to_json())
    before = elsewhere.read_bytes()
    (home / "save.json").symlink_to(elsewhere)
    with Storage(home) as storage:
        assert storage.claim() is None
        loaded, message = storage.load()
    assert loaded is None and message is not None and is_one_sentence(message)
    assert message.startswith("The saved game could not be resumed because it is a symbolic link")
    assert elsewhere.read_bytes() == before
    [aside] = home.glob("save.json.broken-*")
    assert aside.is_symlink() and not (home / "save.json").exists()


@needs_links
def test_a_link_at_the_statistics_is_moved_aside_unread(storage: Storage, tmp_path: Path) -> None:
    storage.save(match_after(5, None, options={"level": "easy"}))
    real = tmp_path / "stats-elsewhere.json"
    storage.stats_path.rename(real)
    before = real.read_bytes()
    storage.stats_path.symlink_to(real)
    stats, message = storage.statistics()
    assert "easy" not in stats.levels
    assert message is not None and is_one_sentence(message)
    assert "is a symbolic link" in message and "new statistics start now" in message
    [aside] = storage.home.glob("stats.json.broken-*")
    assert aside.is_symlink()
    assert storage.count_hint("easy") is None
    assert not storage.stats_path.is_symlink() and real.read_bytes() == before


@needs_links
def test_a_link_at_the_records_directory_is_not_followed(storage: Storage, tmp_path: Path) -> None:
    outside = tmp_path / "outside"
    outside.mkdir()
    storage.records_dir.symlink_to(outside, target_is_directory=True)
    message = storage.save(match_after(6, None))
    assert list(outside.iterdir()) == []
    assert message is not None and is_one_sentence(message)
    assert f"The records directory {storage.records_dir} cannot be used" in message
    assert "is a symbolic link" in message
    assert storage.save_path.exists()  # kept until the record can be filed


@pytest.mark.skipif(not POSIX, reason="POSIX permissions")
@pytest.mark.parametrize("mode", [0o777, 0o770, 0o702])
def test_a_data_directory_others_can_write_is_not_used(home: Path, mode: int) -> None:
    home.chmod(mode)
    try:
        with Storage(home) as storage:
            message = storage.claim()
            assert message == (
                f"The data directory {home} cannot be used (other users can write to it), "
                "so this game will not be saved."
            )
            assert not storage.owns_save
            assert storage.save(match_after(7, 30)) is None
            _stats, counted = storage.statistics()
            assert counted is not None and is_one_sentence(counted)
            assert f"The data directory {home} cannot be used" in counted
        assert list(home.iterdir()) == []
    finally:
        home.chmod(0o700)


@pytest.mark.skipif(not IS_ROOT or not POSIX, reason="giving a directory away needs root")
def test_a_data_directory_of_another_user_is_not_used(home: Path) -> None:
    os.chown(home, 65534, 65534)
    with Storage(home) as storage:
        assert storage.claim() == (
            f"The data directory {home} cannot be used (it belongs to another user), "
            "so this game will not be saved."
        )
    assert list(home.iterdir()) == []


def test_a_new_data_directory_is_private(tmp_path: Path) -> None:
    home = tmp_path / "new" / "cribbage"
    with Storage(home) as storage:
        assert storage.claim() is None
        storage.save(match_after(8, None))
    if POSIX:
        assert stat.S_IMODE(home.stat().st_mode) == 0o700
        assert stat.S_IMODE((home / "records").stat().st_mode) == 0o700


# --- files that are not regular files -------------------------------------------------------


@needs_fifo
def test_a_fifo_as_the_save_is_moved_aside_without_waiting(storage: Storage) -> None:
    os.mkfifo(storage.save_path)
    loaded, message = returns(storage.load, unblock=storage.save_path)
    assert loaded is None and message is not None and is_one_sentence(message)
    assert message.startswith("The saved game could not be resumed because it is not a regular")
    [aside] = storage.home.glob("save.json.broken-*")
    assert stat.S_ISFIFO(aside.lstat().st_mode)


@needs_fifo
def test_a_fifo_as_the_statistics_is_moved_aside_without_waiting(storage: Storage) -> None:
    os.mkfifo(storage.stats_path)
    _stats, message = returns(storage.statistics, unblock=storage.stats_path)
    assert message is not None and is_one_sentence(message)
    assert "is not a regular file" in message and "new statistics start now" in message
    assert storage.count_hint("easy") is None


@pytest.mark.parametrize("kind", ["fifo", "device", "directory"])
def test_replaying_something_that_is_not_a_regular_file_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], kind: str
) -> None:
    if kind == "fifo":
        if not hasattr(os, "mkfifo"):
            pytest.skip("needs FIFOs")
        target = tmp_path / "record.json"
        os.mkfifo(target)
    elif kind == "device":
        if not os.path.exists("/dev/null"):
            pytest.skip("needs /dev/null")
        target = Path("/dev/null")
    else:
        target = tmp_path
    message = replay_error(str(target), capsys, unblock=target if kind == "fifo" else None)
    assert message == f"The record {target} is not a regular file."


# --- numbers out of range -------------------------------------------------------------------


def _statistics_with(storage: Storage, change: Callable[[dict[str, Any]], None]) -> str:
    storage.save(match_after(9, None, options={"level": "easy"}))
    data = json.loads(storage.stats_path.read_text())
    change(data["levels"]["easy"])
    text = json.dumps(data)
    storage.stats_path.write_text(text)
    return text


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("hints", 10**400),
        ("hints", int("9" * 4300)),
        ("deals", 10**9 + 1),
        ("you", {"hand_points": 10**12, "hands": 1, "crib_points": 0, "cribs": 0,
                 "pegging_points": 0}),
        ("best_hand", {"points": 30, "cards": ["5H", "5C", "5S", "JD"], "starter": "5D"}),
    ],
    ids=["400 digits", "4300 digits", "a billion deals", "a trillion points", "30 in a hand"],
)  # fmt: skip
def test_a_number_out_of_range_makes_the_statistics_damaged(
    storage: Storage, field: str, value: object
) -> None:
    def spoil(level: dict[str, object]) -> None:
        level[field] = value

    text = _statistics_with(storage, spoil)
    stats, message = storage.statistics()
    assert message is not None and message.startswith("The statistics file could not be read")
    assert "easy" not in stats.levels
    [aside] = storage.home.glob("stats.json.broken-*")
    assert aside.read_text() == text
    assert storage.count_hint("easy") is None


def test_a_huge_count_does_not_break_the_report(
    home: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    def spoil(level: dict[str, Any]) -> None:
        level["you"]["hand_points"] = 10**400

    with Storage(home) as storage:
        _statistics_with(storage, spoil)
    monkeypatch.setenv("CRIBBAGE_HOME", str(home))
    assert cli.main(["--stats"]) == 0
    out, err = capsys.readouterr()
    assert "could not be read" in err and out.strip() == "No games finished yet."


@pytest.mark.parametrize("where", ["statistics", "save", "record"])
def test_more_digits_than_python_reads_is_damage(storage: Storage, where: str) -> None:
    huge = "9" * 5000
    if where == "statistics":
        text = _statistics_with(storage, lambda level: None).replace(
            '"hints": 0', f'"hints": {huge}'
        )
        storage.stats_path.write_text(text)
        assert "could not be read" in str(storage.statistics()[1])
        return
    text = match_after(10, 20).to_json().replace('"seed":10,', f'"seed":{huge},')
    if where == "save":
        storage.save_path.write_text(text)
        loaded, message = storage.load()
        assert loaded is None and "cut short or is not valid JSON" in str(message)
    else:
        path = storage.home / "record.json"
        path.write_text(text)
        with pytest.raises(InvalidRecordError, match="cut short or is not valid JSON"):
            load_record(path)


SPOILED_SAVES = {
    "a seed past 64 bits": lambda data: data["record"].update(seed=2**64),
    "a negative seed past 64 bits": lambda data: data["record"].update(seed=-(2**63) - 1),
    "an option past 64 bits": lambda data: data["options"].update(seed=10**30),
    "an infinite option": lambda data: data["options"].update(speed=float("inf")),
    "a match of a billion games": lambda data: data["record"]["match"].update(games=10**9 + 1),
    "match points past a billion": lambda data: data["record"]["match"].update(
        values=[1, 2, 10**10]
    ),
    "a cut past the pack": lambda data: data["record"]["steps"][0].update(cut_for_deal=10**20),
    "a seat past the table": lambda data: data["record"]["steps"][0].update(seat=10**20),
}


@pytest.mark.parametrize("kind", sorted(SPOILED_SAVES))
def test_a_number_out_of_range_makes_the_save_damaged(storage: Storage, kind: str) -> None:
    data = json.loads(match_after(11, 12).to_json())
    SPOILED_SAVES[kind](data)
    storage.save_path.write_text(json.dumps(data))
    loaded, message = storage.load()
    assert loaded is None and message is not None
    assert message.startswith("The saved game could not be resumed because it has a bad")
    assert len(list(storage.home.glob("save.json.broken-*"))) == 1


def test_a_seed_past_64_bits_makes_a_record_unreadable(tmp_path: Path) -> None:
    data = json.loads(match_after(12, 12).record.to_json())
    data["seed"] = 2**70
    path = tmp_path / "record.json"
    path.write_text(json.dumps(data))
    with pytest.raises(InvalidRecordError, match="bad or missing field"):
        load_record(path)


def _first_play_made(steps: list[Any], card: str) -> list[Any]:
    played = next(i for i, step in enumerate(steps) if isinstance(step, dict) and "play" in step)
    return [*steps[:played], {**steps[played], "play": card}, *steps[played + 1 :]]


@pytest.mark.parametrize(
    ("spoil", "reason"),
    [
        (
            lambda steps: _first_play_made(steps, "QX"),
            "the record has a bad or missing field ('QX' is not a card)",
        ),
        (
            lambda steps: [steps[1], *steps],
            "step 1 of the record is not legal: it is not your turn to act (cut for deal)",
        ),
    ],
)
def test_a_record_that_cannot_be_replayed_says_why_in_one_sentence(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    spoil: Callable[[list[Any]], list[Any]],
    reason: str,
) -> None:
    data = json.loads(match_after(18, 12).record.to_json())
    data["steps"] = spoil(data["steps"])
    path = tmp_path / "record.json"
    path.write_text(json.dumps(data))
    message = replay_error(str(path), capsys)
    assert message == f"The record {path} cannot be replayed: {reason}."
    assert is_one_sentence(message)


def test_a_save_the_reader_would_refuse_is_not_written(storage: Storage) -> None:
    kept = match_after(13, 10)
    assert storage.save(kept) is None
    odd = match_after(13, 11)
    odd.options["seed"] = 2**64  # as from `cribbage --seed` with a number that large
    assert storage.save(odd) == (
        "The game cannot be saved (a number in it is out of range); play goes on without saving."
    )
    resumed, _ = storage.load()
    assert resumed is not None and resumed.record == kept.record


def test_an_absurd_process_id_in_the_lock_is_not_shown(home: Path) -> None:
    with Storage(home) as first:
        assert first.claim() is None
        (home / "lock").write_text("9" * 400)  # the lock is held on the file, not its text
        with Storage(home) as second:
            assert second.claim() == (
                "A game of cribbage is already open elsewhere, so this game will not be saved."
            )


# --- one size limit for writing and reading -------------------------------------------------


def test_a_save_too_large_to_read_back_is_not_written(
    storage: Storage, monkeypatch: pytest.MonkeyPatch
) -> None:
    kept = match_after(14, 20)
    assert storage.save(kept) is None
    monkeypatch.setattr(files, "MAX_FILE_BYTES", len(kept.to_json()) + 100)
    longer = match_after(14, 60)
    message = storage.save(longer)
    assert message == (
        f"The game cannot be saved (it would be over the {files.MAX_FILE_BYTES:,}-byte "
        "limit); play goes on without saving."
    )
    resumed, told = storage.load()
    assert told is None and resumed is not None and resumed.record == kept.record


def test_a_record_too_large_to_read_back_is_not_written(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(files, "MAX_FILE_BYTES", 100)
    with pytest.raises(OSError, match="over the 100-byte limit"):
        write_record(match_after(15, 20).record, tmp_path / "record.json")
    assert list(tmp_path.iterdir()) == []


# --- damaged files are kept, each one -------------------------------------------------------


@pytest.mark.parametrize("name", ["save.json", "stats.json"])
def test_damaged_files_set_aside_in_the_same_second_are_all_kept(
    storage: Storage, name: str
) -> None:
    texts = ["{ the first", "{ the second", "{ the third"]
    prefix = len(f"{name}.broken-YYYYmmdd-HHMMSS")
    for _ in range(100):  # until all three are set aside within one second
        for text in texts:
            (storage.home / name).write_text(text)
            if name == "save.json":
                assert storage.load()[1] is not None
            else:
                assert storage.statistics()[1] is not None
        asides = list(storage.home.glob(f"{name}.broken-*"))
        if len({aside.name[:prefix] for aside in asides}) == 1:
            break
        for aside in asides:
            aside.unlink()
    assert sorted(aside.read_text() for aside in asides) == texts


# --- --replay and the records directory -----------------------------------------------------


@pytest.fixture
def records(home: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The records directory of a data directory named by CRIBBAGE_HOME."""
    monkeypatch.setenv("CRIBBAGE_HOME", str(home))
    return home / "records"


def test_a_missing_record_names_the_records_directory(
    records: Path,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    monkeypatch.chdir(tmp_path)
    message = replay_error("20250101-120000-1a2b3c4d.json", capsys)
    assert is_one_sentence(message) and str(records) in message
    message = replay_error("20250101-120000-1a2b3c4d", capsys)
    assert message == f"There is no file 20250101-120000-1a2b3c4d here or in {records}."
    message = replay_error(str(tmp_path / "nowhere" / "x.json"), capsys)
    assert is_one_sentence(message) and str(records) in message


@pytest.mark.parametrize("name", ["20250101-120000-abcdef01.json", "20250101-120000-abcdef01"])
def test_a_bare_name_is_looked_up_in_the_records_directory(
    records: Path,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    name: str,
) -> None:
    """As typed, or with `.json` added when it has no extension."""
    final = match_after(16, None)
    write_record(final.record, records / "20250101-120000-abcdef01.json")
    monkeypatch.chdir(tmp_path)
    # found, so what stops it now is that the tests run without a terminal
    assert replay_error(name, capsys).startswith("The game needs a")
    with Storage() as storage:
        assert storage.open_record(name) == final.record
    (tmp_path / name).write_text("{")  # here first
    message = replay_error(name, capsys)
    assert message == f"The record {name} is cut short or is not valid JSON."


def test_the_help_names_the_records_directory(
    records: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("COLUMNS", "400")
    text = cli.build_parser().format_help()
    [line] = [line for line in text.splitlines() if line.strip().startswith("--replay FILE")]
    assert str(records) in line


# --- text from outside is shown, not obeyed -------------------------------------------------


def test_a_card_in_a_record_is_shown_with_its_escapes(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    text = match_after(17, 12).record.to_json()
    path = tmp_path / "record.json"
    path.write_text(text.replace('"discard":["', '"discard":["\\u001b[2J\\u001b]0;owned\\u0007', 1))
    message = replay_error(str(path), capsys)
    assert "\x1b" not in message and "\x07" not in message
    assert "'\\x1b[2J\\x1b]0;owned\\x07" in message


@pytest.mark.parametrize("option", ["--count", "--discard"])
def test_a_card_on_the_command_line_is_shown_with_its_escapes(
    capsys: pytest.CaptureFixture[str], option: str
) -> None:
    cards = ["5h", "5c", "\x1b[31mjd", "5s", "5d", "ac"][: 5 if option == "--count" else 6]
    assert cli.main([option, *cards]) == 2
    err = capsys.readouterr().err
    assert err == "cribbage: '\\x1b[31mjd' is not a card.\n"


@pytest.mark.skipif(sys.platform == "win32", reason="file names with control characters")
def test_a_file_name_with_escapes_is_shown_with_them(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "record\x1b[2J.json"
    path.write_text("{")
    message = replay_error(str(path), capsys)
    assert "\x1b" not in message and "record\\x1b[2J.json" in message
