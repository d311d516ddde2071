"""Faults: full and read-only disks, a process killed while saving, damaged files.

Each test checks the same promise: the player is told once, in one sentence, the game goes
on, and the last good save (or statistics) survives.
"""

from __future__ import annotations

import contextlib
import errno
import json
import os
import random
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from cribbage.storage import SavedMatch, Storage

from .storage_support import (
    ForkedSaver,
    damage,
    kill_and_check,
    match_after,
    truncations,
    try_damaged_save,
    try_damaged_statistics,
)

TESTS = Path(__file__).parent
SRC = TESTS.parent / "src"
IS_ROOT = hasattr(os, "geteuid") and os.geteuid() == 0


@pytest.fixture
def storage(tmp_path: Path) -> Iterator[Storage]:
    with Storage(tmp_path / "home") as owner:
        assert owner.claim() is None
        yield owner


@contextlib.contextmanager
def failing(module: object, name: str, code: int) -> Iterator[None]:
    """`module.name` raises OSError(`code`) inside the block."""
    real = getattr(module, name)

    def fail(*args: object, **kwargs: object) -> None:
        raise OSError(code, os.strerror(code))

    setattr(module, name, fail)
    try:
        yield
    finally:
        setattr(module, name, real)


def play_on_through(
    storage: Storage, match: SavedMatch, steps: int, fault: contextlib.AbstractContextManager[None]
) -> list[str | None]:
    """Play `steps` more canonical steps of `match` inside `fault`, saving after each."""
    canonical = match_after(
        match.record.seed,
        len(match.record.steps) + steps,
        match.record.game_config,
        match.record.match_config,
    )
    messages = []
    with fault:
        for step in canonical.record.steps[len(match.record.steps) :]:
            match.apply(step)
            messages.append(storage.save(match))
    return messages


def assert_told_once_and_kept(
    storage: Storage, messages: list[str | None], kept: SavedMatch, why: str
) -> None:
    assert messages[0] == f"The game cannot be saved ({why}); play goes on without saving."
    assert messages[1:] == [None] * (len(messages) - 1)
    assert SavedMatch.from_json(storage.save_path.read_bytes()).state == kept.state
    assert [p.name for p in storage.home.iterdir() if p.name.endswith(".tmp")] == []


FAULTS = [
    (os, "write", errno.ENOSPC),
    (os, "fsync", errno.ENOSPC),
    (os, "fsync", errno.EIO),
    (os, "replace", errno.EACCES),
    (tempfile, "mkstemp", errno.EROFS),
    (tempfile, "mkstemp", errno.EDQUOT),
]


@pytest.mark.parametrize(
    ("module", "name", "code"),
    FAULTS,
    ids=[f"{name}-{errno.errorcode[code]}" for _, name, code in FAULTS],
)
def test_a_failing_disk_is_reported_once_and_the_last_save_survives(
    storage: Storage, module: object, name: str, code: int
) -> None:
    match = match_after(40, 30)
    assert storage.save(match) is None
    kept = SavedMatch.from_json(match.to_json())
    messages = play_on_through(storage, match, 12, failing(module, name, code))
    assert_told_once_and_kept(storage, messages, kept, os.strerror(code))
    assert play_on_through(storage, match, 1, contextlib.nullcontext()) == [
        "The game is being saved again."
    ]
    resumed, _ = storage.load()
    assert resumed is not None and resumed.state == match.state


def test_a_full_disk_at_the_end_of_a_game_counts_it_later(storage: Storage) -> None:
    final = match_after(41, None)
    match = match_after(41, len(final.record.steps) - 1)
    storage.save(match)
    with failing(os, "fsync", errno.ENOSPC):
        match.apply(final.record.steps[-1])
        message = storage.save(match)
    assert message is not None
    assert message.startswith("The game cannot be saved (No space left on device);")
    assert "The statistics could not be updated (No space left on device)." in message
    resumed, _ = storage.load()  # the last action is the one lost
    assert resumed is not None and len(resumed.record.steps) == len(final.record.steps) - 1
    resumed.apply(final.record.steps[-1])
    assert storage.save(resumed) == "The game is being saved again."
    assert storage.statistics()[0].levels["classic"].games == 1


def _permissions_bind(directory: Path) -> bool:
    """Whether a directory without write permission really refuses us (not so for root)."""
    probe = directory / "probe"
    probe.mkdir(mode=0o500)
    try:
        (probe / "file").touch()
    except PermissionError:
        return True
    finally:
        probe.chmod(0o700)
        shutil.rmtree(probe)
    return False


@pytest.mark.skipif(os.name != "posix", reason="POSIX permissions")
def test_a_read_only_directory(storage: Storage, tmp_path: Path) -> None:
    if not _permissions_bind(tmp_path):
        pytest.skip("permissions do not bind this user (root)")
    match = match_after(42, 30)
    storage.save(match)
    kept = SavedMatch.from_json(match.to_json())
    storage.home.chmod(0o500)
    try:
        messages = play_on_through(storage, match, 5, contextlib.nullcontext())
    finally:
        storage.home.chmod(0o700)
    assert_told_once_and_kept(storage, messages, kept, os.strerror(errno.EACCES))


@contextlib.contextmanager
def tmpfs(where: Path, size: str, *options: str) -> Iterator[Path]:
    """A small tmpfs mounted at `where` (root on Linux only; skips the test otherwise)."""
    where.mkdir()
    mount = shutil.which("mount")
    if not IS_ROOT or sys.platform != "linux" or mount is None:
        pytest.skip("mounting a small file system needs root on Linux")
    flags = ",".join((f"size={size}", "mode=0700", *options))  # a data directory is private
    done = subprocess.run(
        [mount, "-t", "tmpfs", "-o", flags, "tmpfs", str(where)], capture_output=True
    )
    if done.returncode:
        pytest.skip(f"cannot mount a tmpfs: {done.stderr.decode().strip()}")
    try:
        yield where
    finally:
        subprocess.run(["umount", str(where)], check=True)


def test_a_real_full_disk(tmp_path: Path) -> None:
    with tmpfs(tmp_path / "disk", "64k") as disk, Storage(disk) as storage:
        assert storage.claim() is None
        match = match_after(43, 30)
        assert storage.save(match) is None
        kept = SavedMatch.from_json(match.to_json())
        filler = disk / "filler"
        with contextlib.suppress(OSError), filler.open("wb") as out:
            while True:
                out.write(b"x" * 4096)
                out.flush()
        messages = play_on_through(storage, match, 6, contextlib.nullcontext())
        assert_told_once_and_kept(storage, messages, kept, os.strerror(errno.ENOSPC))
        filler.unlink()
        assert play_on_through(storage, match, 1, contextlib.nullcontext()) == [
            "The game is being saved again."
        ]


def test_a_read_only_file_system_means_an_unsaved_game(tmp_path: Path) -> None:
    with tmpfs(tmp_path / "ro", "64k", "ro") as disk, Storage(disk) as storage:
        message = storage.claim()
        assert message == (
            f"The data directory {disk} cannot be used "
            f"({os.strerror(errno.EROFS)}), so this game will not be saved."
        )
        assert storage.save(match_after(44, 20)) is None
        assert list(disk.iterdir()) == []


FSIZE_CHILD = """
import json, resource, signal, sys
sys.path.insert(0, sys.argv[2])
from cribbage.storage import Storage
from storage_support import match_after
signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
storage = Storage(sys.argv[1])
assert storage.claim() is None
match = match_after(45, 3)
messages = [storage.save(match)]
resource.setrlimit(resource.RLIMIT_FSIZE, (1500, 1500))
for step in match_after(45, 80).record.steps[3:]:
    match.apply(step)
    messages.append(storage.save(match))
print(json.dumps(messages))
"""


@pytest.mark.skipif(sys.platform == "win32", reason="resource limits are POSIX")
def test_a_file_size_limit_in_a_real_process(tmp_path: Path) -> None:
    env = {**os.environ, "PYTHONPATH": str(SRC)}
    done = subprocess.run(
        [sys.executable, "-c", FSIZE_CHILD, str(tmp_path), str(TESTS)],
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    messages = json.loads(done.stdout)
    failed = [n for n, message in enumerate(messages) if message is not None]
    assert len(failed) == 1
    assert messages[failed[0]] == (
        f"The game cannot be saved ({os.strerror(errno.EFBIG)}); play goes on without saving."
    )
    with Storage(tmp_path) as storage:
        assert storage.claim() is None
        saved, _ = storage.load()
        assert saved is not None
        assert len(saved.record.steps) == 3 + failed[0] - 1  # the last save that fitted
        assert saved.state == match_after(45, 3 + failed[0] - 1).state
        assert len(storage.save_path.read_bytes()) <= 1500


@pytest.mark.slow
@pytest.mark.skipif(not hasattr(os, "fork"), reason="needs fork")
def test_killing_a_game_while_it_saves_never_loses_a_confirmed_save(tmp_path: Path) -> None:
    iterations = int(os.environ.get("CRIBBAGE_KILLS", "40"))
    figures = kill_and_check(
        tmp_path, 7, iterations, lambda: ForkedSaver(tmp_path, 7), random.Random(7)
    )
    assert figures.losses == []
    assert figures.kills == iterations
    assert figures.resumed >= iterations // 4  # not a run where nothing was ever saved


def test_every_truncation_of_a_save_is_moved_aside(storage: Storage) -> None:
    failures: list[str] = []
    data = match_after(46, 12).to_json().encode()
    outcomes = {try_damaged_save(storage, cut, failures) for cut in truncations(data)}
    assert failures == [] and outcomes == {"set aside"}


def test_randomly_damaged_saves_resume_legally_or_are_moved_aside(storage: Storage) -> None:
    failures: list[str] = []
    data = match_after(47, 60).to_json().encode()
    rng = random.Random(47)
    outcomes = [try_damaged_save(storage, damage(data, rng), failures) for _ in range(300)]
    assert failures == []
    assert outcomes.count("set aside") > 100  # most damage is caught, some is harmless


def test_every_truncation_of_the_statistics_is_moved_aside(storage: Storage) -> None:
    storage.save(match_after(48, None, options={"level": "expert"}))
    data = storage.stats_path.read_bytes()
    failures: list[str] = []
    outcomes = {try_damaged_statistics(storage, cut, failures) for cut in truncations(data)}
    assert failures == [] and outcomes == {"set aside"}


def test_randomly_damaged_statistics_are_kept_or_moved_aside(storage: Storage) -> None:
    storage.save(match_after(49, None, options={"level": "expert"}))
    data = storage.stats_path.read_bytes()
    failures: list[str] = []
    rng = random.Random(49)
    outcomes = [try_damaged_statistics(storage, damage(data, rng), failures) for _ in range(300)]
    assert failures == []
    assert outcomes.count("set aside") > 100
