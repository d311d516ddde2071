"""Saves, statistics and game records in the player's data directory, all written atomically.

The data directory (`data_dir`) holds:

* `save.json`: the match in progress, rewritten after every action. It is the match's
  `Record` (seed, rules, every step) with the match's id, when it started and the player's
  options; loading it replays the record, so a file whose steps are not a legal game is
  refused. `save.json.backup` is a save set aside by `--new`; `save.json.broken-<time>` a
  save that could not be resumed, kept for a look.
* `stats.json`: the statistics (`cribbage.stats`), counted once per finished game.
* `records/`: one JSON record per finished match, for `cribbage --replay`.
* `lock` and `stats.lock`: lock files. The process holding `lock` owns the save; a second
  copy of the game plays without saving. `stats.lock` is held only while the statistics are
  read, changed and written, so two copies never lose each other's counts.

Every file is replaced whole: written to a temporary file in the same directory, flushed
to disk, renamed over the old one, and the directory flushed too, so a crash at any moment
leaves either the old file or the new one.

A driver uses one `Storage` for the whole run:

>>> import tempfile
>>> from cribbage.rules import CutForDeal
>>> with tempfile.TemporaryDirectory() as home, Storage(home) as storage:
...     storage.claim() is None                  # this copy owns the save
...     match = SavedMatch.start(seed=7, options={"level": "expert"})
...     _ = match.apply(CutForDeal(0, 10))
...     storage.save(match) is None              # no news is good news
...     resumed, message = storage.load()
...     resumed.state == match.state, resumed.options, message
True
True
(True, {'level': 'expert'}, None)
"""

from __future__ import annotations

import contextlib
import errno
import json
import os
import re
import sys
import tempfile
import time
import uuid
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from types import TracebackType
from typing import Any, Final, TypeAlias

from .errors import InvalidRecordError
from .events import Event
from .match import MatchConfig, MatchOver, MatchState
from .record import Record, Recorder, Step, replay_steps
from .rules import GameConfig, Phase
from .stats import Statistics, is_level_name, tally_match

__all__ = [
    "MAX_FILE_BYTES",
    "MIGRATIONS",
    "SAVE_FORMAT",
    "SAVE_VERSION",
    "STATS_FORMAT",
    "STATS_VERSION",
    "FileLock",
    "OptionValue",
    "Options",
    "SavedMatch",
    "Storage",
    "UnusableSaveError",
    "data_dir",
    "load_record",
    "new_match_id",
    "replay_steps",
    "write_atomic",
    "write_record",
]

SAVE_FORMAT: Final = "cribbage-save"
SAVE_VERSION: Final = 1
STATS_FORMAT: Final = "cribbage-stats"
STATS_VERSION: Final = 1

OptionValue: TypeAlias = str | int | float | bool | None
Options: TypeAlias = dict[str, OptionValue]
"""What the UI needs to resume a match besides its record: level, explain, seeds, ..."""

Migration: TypeAlias = Callable[[dict[str, Any]], dict[str, Any]]
MIGRATIONS: dict[int, Migration] = {}
"""Upgrades of older saves: `MIGRATIONS[n]` turns the JSON of a version-n save into version n+1.

There is only version 1 so far; the day the save changes, its version goes up and the upgrade
from the old one goes here, so old saves keep loading.
"""

_ID: Final = re.compile(r"[0-9A-Za-z_-]{1,64}")
_MAX_OPTIONS: Final = 64
_SAVE_NAME: Final = "save.json"
_STATS_NAME: Final = "stats.json"
_STALE_SECONDS: Final = 600
MAX_FILE_BYTES: Final = 2_000_000
"""Saves, records and statistics larger than this are refused unread (a long match is ~30 kB)."""


# --- where the files live -------------------------------------------------------------------


def data_dir(environ: Mapping[str, str] | None = None, platform: str | None = None) -> Path:
    """The directory for saves and statistics (not created here).

    `CRIBBAGE_HOME` if set; otherwise `$XDG_STATE_HOME/cribbage` or `~/.local/state/cribbage`
    on Linux and other Unixes, `~/Library/Application Support/cribbage` on macOS and
    `%LOCALAPPDATA%\\cribbage` on Windows.

    Raises:
        RuntimeError: no home directory is known and none of those variables is set.

    >>> data_dir({"HOME": "/home/ann"}, "linux").as_posix()
    '/home/ann/.local/state/cribbage'
    >>> data_dir({"HOME": "/home/ann", "XDG_STATE_HOME": "/st"}, "linux").as_posix()
    '/st/cribbage'
    >>> data_dir({"HOME": "/Users/ann"}, "darwin").as_posix()
    '/Users/ann/Library/Application Support/cribbage'
    >>> data_dir({"CRIBBAGE_HOME": "/tmp/c", "HOME": "/home/ann"}, "linux").as_posix()
    '/tmp/c'
    """
    env = os.environ if environ is None else environ
    system = sys.platform if platform is None else platform
    override = env.get("CRIBBAGE_HOME")
    if override:
        return Path(override)
    if system == "win32":
        local = env.get("LOCALAPPDATA")
        profile = env.get("USERPROFILE")
        base = Path(local) if local else _home(profile) / "AppData" / "Local"
        return base / "cribbage"
    if system == "darwin":
        return _home(env.get("HOME")) / "Library" / "Application Support" / "cribbage"
    state = env.get("XDG_STATE_HOME")
    if state and os.path.isabs(state):  # the XDG rules ignore a relative path
        return Path(state) / "cribbage"
    return _home(env.get("HOME")) / ".local" / "state" / "cribbage"


def _home(given: str | None) -> Path:
    """The home directory named in the environment, or the system's record of it.

    Raises:
        RuntimeError: no home directory is known.
    """
    if given:
        return Path(given)
    try:
        return Path.home()
    except (RuntimeError, KeyError):
        raise RuntimeError("No home directory is known.") from None


# --- atomic files and locks -----------------------------------------------------------------


def _make_dir(directory: Path) -> None:
    directory.mkdir(mode=0o700, parents=True, exist_ok=True)


def _fsync(fd: int) -> None:
    if sys.platform == "darwin":  # plain fsync leaves the data in the drive's cache there
        import fcntl

        full = getattr(fcntl, "F_FULLFSYNC", None)
        if full is not None:
            with contextlib.suppress(OSError):
                fcntl.fcntl(fd, full)
                return
    os.fsync(fd)


def _fsync_directory(directory: Path) -> None:
    """Flush a rename or deletion to disk, where the platform allows it (not on Windows)."""
    if os.name == "nt":
        return
    fd = os.open(directory, os.O_RDONLY)
    try:
        os.fsync(fd)
    except OSError as err:
        if err.errno not in (errno.EINVAL, errno.EBADF, errno.ENOTSUP):
            raise
    finally:
        os.close(fd)


def write_atomic(path: Path, data: bytes) -> None:
    """Replace the file at `path` with `data`: a crash leaves the old file or the new, whole.

    Writes a temporary file in the same directory, flushes it to disk, renames it over
    `path`, then flushes the directory. On failure the temporary file is removed and the
    old file is untouched.

    Raises:
        OSError: the directory cannot be written (full, read-only, missing rights...).
    """
    directory = path.parent
    _make_dir(directory)
    fd, temporary = tempfile.mkstemp(dir=directory, prefix=f".{path.name}.", suffix=".tmp")
    try:
        try:
            view = memoryview(data)
            while view:
                view = view[os.write(fd, view) :]
            _fsync(fd)
        finally:
            os.close(fd)
        os.replace(temporary, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise
    _fsync_directory(directory)


def _remove_temporary(directory: Path, name: str, older_than: float = 0.0) -> None:
    """Delete temporary files of `name` left by a process killed while writing."""
    limit = time.time() - older_than
    with contextlib.suppress(OSError):
        for leftover in directory.glob(f".{name}.*.tmp"):
            with contextlib.suppress(OSError):
                if leftover.stat().st_mtime <= limit:
                    leftover.unlink()


if sys.platform == "win32":
    import msvcrt

    def _lock_fd(fd: int, wait: bool) -> bool:
        os.lseek(fd, 0, os.SEEK_SET)
        try:
            msvcrt.locking(fd, msvcrt.LK_LOCK if wait else msvcrt.LK_NBLCK, 1)
        except OSError:
            if wait:
                raise
            return False
        return True

    def _unlock_fd(fd: int) -> None:
        os.lseek(fd, 0, os.SEEK_SET)
        msvcrt.locking(fd, msvcrt.LK_UNLCK, 1)

else:
    import fcntl

    def _lock_fd(fd: int, wait: bool) -> bool:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | (0 if wait else fcntl.LOCK_NB))
        except BlockingIOError:
            return False
        return True

    def _unlock_fd(fd: int) -> None:
        fcntl.flock(fd, fcntl.LOCK_UN)


class FileLock:
    """An exclusive operating-system lock on a file (flock on POSIX, msvcrt on Windows).

    The system drops the lock when the process ends, however it ends, so a crashed game
    never leaves a stale lock behind. Two `FileLock`s on one path exclude each other even
    within one process.
    """

    def __init__(self, path: Path) -> None:
        self.path = path
        self._fd: int | None = None

    @property
    def held(self) -> bool:
        """True while this object holds the lock."""
        return self._fd is not None

    def acquire(self, wait: bool = False) -> bool:
        """Take the lock; False if another holder has it and `wait` is false.

        Raises:
            OSError: the lock file cannot be created or opened.
        """
        if self._fd is not None:
            return True
        _make_dir(self.path.parent)
        fd = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o600)
        try:
            if not _lock_fd(fd, wait):
                os.close(fd)
                return False
        except BaseException:
            os.close(fd)
            raise
        self._fd = fd
        with contextlib.suppress(OSError):  # who holds it, for the other copy's message
            os.ftruncate(fd, 0)
            os.write(fd, f"{os.getpid()}\n".encode())
        return True

    def release(self) -> None:
        """Give the lock up (nothing happens if it is not held)."""
        fd, self._fd = self._fd, None
        if fd is None:
            return
        with contextlib.suppress(OSError):
            _unlock_fd(fd)
        os.close(fd)

    def holder(self) -> int | None:
        """The process id written by the holder, if it can be read."""
        with contextlib.suppress(OSError, ValueError):
            return int(self.path.read_text().strip())
        return None

    @contextlib.contextmanager
    def held_for(self) -> Iterator[None]:
        """Hold the lock for a `with` block, waiting for it if need be."""
        self.acquire(wait=True)
        try:
            yield
        finally:
            self.release()


# --- the match in progress ------------------------------------------------------------------


class UnusableSaveError(InvalidRecordError):
    """A save that cannot be resumed; `reason` completes "could not be resumed because ..."."""

    def __init__(self, reason: str) -> None:
        super().__init__(f"The saved game could not be resumed because {reason}.")
        self.reason = reason


class _NewerStatistics(Exception):
    """The statistics file comes from a newer version of the program."""


def new_match_id() -> str:
    """A fresh random id for a match (32 hex digits)."""
    return uuid.uuid4().hex


def _now() -> str:
    return datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


def _check_options(options: object) -> Options:
    if (
        not isinstance(options, dict)
        or len(options) > _MAX_OPTIONS
        or not all(isinstance(key, str) for key in options)
        or not all(
            value is None or isinstance(value, (str, int, float, bool))
            for value in options.values()
        )
    ):
        raise TypeError("Options are a small table of names to strings, numbers or booleans.")
    return dict(options)


@dataclass(slots=True)
class SavedMatch:
    """A match being played, with what is needed to resume it: id, start time and options.

    Build one with `start` (a new match) or get one from `Storage.load`; `apply` each
    step through it, then hand it to `Storage.save`.
    """

    id: str
    recorder: Recorder
    options: Options = field(default_factory=dict)
    started: str = field(default_factory=_now)
    """When the match started, UTC, as `YYYY-MM-DDTHH:MM:SSZ`."""

    def __post_init__(self) -> None:
        if not _ID.fullmatch(self.id):
            raise ValueError(f"A match id is 1 to 64 letters, digits, '-' or '_', not {self.id!r}.")

    @staticmethod
    def start(
        seed: int,
        game_config: GameConfig | None = None,
        match_config: MatchConfig | None = None,
        options: Mapping[str, OptionValue] | None = None,
    ) -> SavedMatch:
        """A new match from `seed` with a fresh id.

        Raises:
            TypeError: an option value is not a string, number, boolean or None.
        """
        recorder = Recorder.start(seed, game_config, match_config)
        return SavedMatch(new_match_id(), recorder, _check_options(dict(options or {})))

    @property
    def state(self) -> MatchState:
        """The match now."""
        return self.recorder.state

    @property
    def record(self) -> Record:
        """Every step so far."""
        return self.recorder.record

    @property
    def events(self) -> list[Event | MatchOver]:
        """Every event of the match so far (rebuilt by replay when resumed)."""
        return self.recorder.events

    @property
    def level(self) -> str:
        """The computer's level, from the `level` option, for the statistics."""
        level = self.options.get("level")
        return level if isinstance(level, str) and is_level_name(level) else "unknown"

    def apply(self, step: Step) -> tuple[Event | MatchOver, ...]:
        """Carry out and record one step (see `Recorder.apply`, whose errors it raises)."""
        return self.recorder.apply(step)

    def to_json(self) -> str:
        """The save file's text."""
        return json.dumps(
            {
                "format": SAVE_FORMAT,
                "version": SAVE_VERSION,
                "id": self.id,
                "started": self.started,
                "options": self.options,
                "record": self.record.to_dict(),
            },
            separators=(",", ":"),
        )

    @staticmethod
    def from_json(text: bytes | str) -> SavedMatch:
        """Read and replay a save written by `to_json`, upgrading an older version.

        Raises:
            UnusableSaveError: the text is not a save, is newer than this program, or does
                not replay.
        """
        try:
            data = json.loads(text)
        except (ValueError, RecursionError):
            raise UnusableSaveError("it is cut short or is not valid JSON") from None
        if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
            raise UnusableSaveError("it is not a cribbage save")
        data = _migrate(data)
        try:
            match_id, started = data["id"], data["started"]
            if not isinstance(match_id, str) or not _ID.fullmatch(match_id):
                raise ValueError("bad id")
            if not isinstance(started, str) or len(started) > 40:
                raise ValueError("bad start time")
            options = _check_options(data["options"])
            record = Record.from_dict(data["record"])
        except (KeyError, TypeError, ValueError):
            raise UnusableSaveError("it has a bad or missing field") from None
        events: list[Event | MatchOver] = []
        try:
            for state, step_events in replay_steps(record):  # noqa: B007  (the last one is kept)
                events.extend(step_events)
        except InvalidRecordError:
            raise UnusableSaveError("its moves do not form a legal game") from None
        return SavedMatch(match_id, Recorder(state, record, events), options, started)


def _migrate(data: dict[str, Any]) -> dict[str, Any]:
    version = data.get("version")
    if isinstance(version, bool) or not isinstance(version, int) or version < 1:
        raise UnusableSaveError("it has no valid format version")
    if version > SAVE_VERSION:
        raise UnusableSaveError("it was saved by a newer version of cribbage")
    while version < SAVE_VERSION:
        try:
            data = MIGRATIONS[version](data)
        except Exception:  # an old file that does not fit its version's shape
            raise UnusableSaveError(f"it could not be upgraded from version {version}") from None
        version += 1
    return data


# --- the directory --------------------------------------------------------------------------


class _TooLarge(Exception):
    """A file too large to be ours."""


def _read_limited(path: Path) -> bytes:
    """The bytes of `path`, refusing a file larger than `MAX_FILE_BYTES`.

    Raises:
        OSError: the file cannot be read.
        _TooLarge: the file is larger than any the program writes.
    """
    with path.open("rb") as file:
        data = file.read(MAX_FILE_BYTES + 1)
    if len(data) > MAX_FILE_BYTES:
        raise _TooLarge("it is far too large")
    return data


def _why(err: OSError) -> str:
    """An OSError as a short phrase: 'No space left on device'."""
    return err.strerror or str(err)


def _join(messages: list[str | None]) -> str | None:
    text = " ".join(message for message in messages if message)
    return text or None


class Storage:
    """The player's data directory: the save and its lock, statistics and records.

    Nothing raises for want of disk: every method that writes returns a sentence to show the
    player when something went wrong (or None), and the game goes on.
    """

    def __init__(self, home: Path | str | None = None) -> None:
        self._homeless = False
        if home is None:
            try:
                home = data_dir()
            except RuntimeError:  # nowhere to save: every write fails and says so
                self._homeless = True
                home = Path(os.devnull, "cribbage")
        self.home = Path(home)
        self.save_path = self.home / _SAVE_NAME
        self.backup_path = self.home / f"{_SAVE_NAME}.backup"
        self.stats_path = self.home / _STATS_NAME
        self.records_dir = self.home / "records"
        self._lock = FileLock(self.home / "lock")
        self._stats_lock = FileLock(self.home / "stats.lock")
        self._save_failing = False
        self._counted: set[tuple[str, int]] = set()

    def __enter__(self) -> Storage:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        self.release()

    # -- the lock

    @property
    def owns_save(self) -> bool:
        """True when this process holds the lock and so reads and writes the save."""
        return self._lock.held

    def claim(self) -> str | None:
        """Take the save for this process; None on success, else why this game goes unsaved.

        Call once at start-up. When another copy of the game holds the save, or the
        directory cannot be used, the sentence says so and `load` and `save` leave the save
        alone from then on (statistics are still counted).
        """
        if self._homeless:
            return (
                "No home directory is known, so this game will not be saved "
                "(set CRIBBAGE_HOME to a directory for saved games)."
            )
        try:
            if not self._lock.acquire(wait=False):
                pid = self._lock.holder()
                where = f" (process {pid})" if pid is not None else ""
                return (
                    f"A game of cribbage is already open elsewhere{where}, "
                    "so this game will not be saved."
                )
        except OSError as err:
            return (
                f"The data directory {self.home} cannot be used ({_why(err)}), "
                "so this game will not be saved."
            )
        _remove_temporary(self.home, _SAVE_NAME)
        _remove_temporary(self.records_dir, "*", older_than=_STALE_SECONDS)
        return None

    def release(self) -> None:
        """Give the save up (at exit; the system also does it when the process dies)."""
        self._lock.release()

    # -- the save

    def load(self) -> tuple[SavedMatch | None, str | None]:
        """The saved match to resume, or None; and a sentence for the player, or None.

        A save that cannot be read, is cut short, is not JSON, comes from a newer version or
        does not replay as a legal game is moved aside (`save.json.broken-<time>`) and the
        sentence says so. A save whose match had ended (the program stopped before cleaning
        up) is counted in the statistics if it was not yet, filed as a record and removed.
        Returns (None, None) when there is no save or this copy does not own it.
        """
        if not self.owns_save:
            return None, None
        try:
            text = _read_limited(self.save_path)
        except FileNotFoundError:
            return None, None
        except OSError as err:
            return None, self._set_aside(f"it cannot be read ({_why(err)})")
        except _TooLarge:
            return None, self._set_aside("it is far too large to be a save")
        try:
            match = SavedMatch.from_json(text)
        except UnusableSaveError as err:
            return None, self._set_aside(err.reason)
        message = self._after_game(match) if match.state.game.phase is Phase.GAME_OVER else None
        return (None if match.state.over else match), message

    def save(self, match: SavedMatch) -> str | None:
        """Save `match`: call after every action. Returns a sentence to show, or None.

        If the save cannot be written (disk full, read-only...) the first failure says so and
        later ones say nothing until saving works again; the previous save stays intact and
        play goes on. When a game has just ended, it is counted in the statistics; when the
        match has ended, it is filed under `records/` and the save is removed.
        """
        messages = [self._write_save(match) if self.owns_save else None]
        if match.state.game.phase is Phase.GAME_OVER:
            messages.append(self._after_game(match))
        return _join(messages)

    def back_up(self) -> str | None:
        """For `--new`: move a resumable save to `save.json.backup`; a sentence, or None.

        A save that turns out broken or finished is dealt with as `load` does.
        """
        match, message = self.load()
        if match is None:
            return message
        try:
            os.replace(self.save_path, self.backup_path)
        except OSError as err:
            return f"The saved game could not be kept as a backup ({_why(err)})."
        return _join([message, f"The saved game was kept as {self.backup_path}."])

    def _write_save(self, match: SavedMatch) -> str | None:
        try:
            write_atomic(self.save_path, match.to_json().encode())
        except OSError as err:
            if self._save_failing:
                return None
            self._save_failing = True
            return f"The game cannot be saved ({_why(err)}); play goes on without saving."
        if self._save_failing:
            self._save_failing = False
            return "The game is being saved again."
        return None

    def _set_aside(self, reason: str) -> str:
        stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
        aside = self.home / f"{_SAVE_NAME}.broken-{stamp}"
        serial = 1
        while aside.exists():
            aside = self.home / f"{_SAVE_NAME}.broken-{stamp}-{serial}"
            serial += 1
        try:
            os.replace(self.save_path, aside)
        except OSError as err:
            return (
                f"The saved game could not be resumed because {reason}, "
                f"and it could not be moved aside ({_why(err)})."
            )
        return f"The saved game could not be resumed because {reason}; it was moved to {aside}."

    def _after_game(self, match: SavedMatch) -> str | None:
        """Count a finished game once; file a finished match and remove its save."""
        key = (match.id, match.state.number)
        messages: list[str | None] = []
        if key not in self._counted:
            tally = tally_match(match.record)
            counted, message = self._update_statistics(
                lambda stats: stats.count_match(match.id, tally, match.level)
            )
            messages.append(message)
            if not counted:
                return _join(messages)  # keep the save so a later start counts the game
            self._counted.add(key)
        if match.state.over:
            messages.append(self._file_record(match))
        return _join(messages)

    def _file_record(self, match: SavedMatch) -> str | None:
        digits = re.sub(r"[^0-9]", "", match.started)[:14]
        path = self.records_dir / f"{digits[:8]}-{digits[8:]}-{match.id[:8]}.json"
        try:
            write_record(match.record, path)
        except OSError as err:
            return f"The record of this match could not be written ({_why(err)})."
        if not self.owns_save:
            return None
        try:
            self.save_path.unlink(missing_ok=True)
            _fsync_directory(self.home)
        except OSError as err:
            return f"The finished match's save could not be removed ({_why(err)})."
        return None

    # -- statistics

    def statistics(self) -> tuple[Statistics, str | None]:
        """The statistics, for `cribbage --stats` or the end-of-game screen; and a sentence.

        A corrupted statistics file is moved aside (the sentence says so) and fresh
        statistics start.
        """
        stats: Statistics = Statistics()
        _, message = self._update_statistics(lambda read: _keep(read, stats))
        return stats, message

    def count_hint(self, level: str) -> str | None:
        """Count one hint asked for at `level`; a sentence if it could not be written."""
        _, message = self._update_statistics(lambda stats: _hint(stats, level))
        return message

    def _update_statistics(self, change: Callable[[Statistics], bool]) -> tuple[bool, str | None]:
        """Read, change and (if `change` says so) write the statistics under their lock.

        Returns whether the change is safely on disk, and a sentence for the player.
        """
        try:
            with self._stats_lock.held_for():
                _remove_temporary(self.home, _STATS_NAME)
                stats, message = self._read_statistics()
                if change(stats):
                    text = {"format": STATS_FORMAT, "version": STATS_VERSION, **stats.to_dict()}
                    write_atomic(self.stats_path, json.dumps(text, indent=1).encode())
                return True, message
        except _NewerStatistics:
            return False, (
                "The statistics file comes from a newer version of cribbage, "
                "so it is left as it is and nothing is counted."
            )
        except OSError as err:
            return False, f"The statistics could not be updated ({_why(err)})."

    def _read_statistics(self) -> tuple[Statistics, str | None]:
        try:
            text = _read_limited(self.stats_path)
        except FileNotFoundError:
            return Statistics(), None
        except _TooLarge:
            text = b""
        try:
            data = json.loads(text)
            if not isinstance(data, dict) or data.pop("format", None) != STATS_FORMAT:
                raise ValueError("not a statistics file")
            version = data.pop("version", None)
            if (
                isinstance(version, int)
                and not isinstance(version, bool)
                and version > STATS_VERSION
            ):
                raise _NewerStatistics
            if version != STATS_VERSION:
                raise ValueError("no known version")
            return Statistics.from_dict(data), None
        except (ValueError, RecursionError):
            pass
        stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
        aside = self.home / f"{_STATS_NAME}.broken-{stamp}"
        os.replace(self.stats_path, aside)
        return Statistics(), (
            f"The statistics file could not be read and was moved to {aside}; "
            "new statistics start now."
        )

    # -- records

    def records(self) -> list[Path]:
        """The records of finished matches, oldest first."""
        with contextlib.suppress(OSError):
            return sorted(self.records_dir.glob("*.json"))
        return []


def _keep(read: Statistics, into: Statistics) -> bool:
    into.levels, into.counted = read.levels, read.counted
    return False


def _hint(stats: Statistics, level: str) -> bool:
    stats.count_hint(level)
    return True


# --- game records ---------------------------------------------------------------------------


def write_record(record: Record, path: Path | str) -> None:
    """Write `record` as a JSON file at `path`, atomically.

    Raises:
        OSError: the file cannot be written.
    """
    write_atomic(Path(path), record.to_json().encode())


def load_record(path: Path | str) -> Record:
    """The record in a record file (or in a save file), checked by replaying it.

    Raises:
        InvalidRecordError: the file cannot be read, is not a record, or does not replay;
            the text is one sentence naming the file.
    """
    try:
        text = _read_limited(Path(path)).decode("utf-8")
    except OSError as err:
        raise InvalidRecordError(f"Cannot read the record {path} ({_why(err)}).") from None
    except (UnicodeDecodeError, _TooLarge):
        raise InvalidRecordError(f"The record {path} is not a cribbage record.") from None
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        raise InvalidRecordError(f"The record {path} is cut short or is not valid JSON.") from None
    if isinstance(data, dict) and data.get("format") == SAVE_FORMAT:
        data = data.get("record")
    try:
        record = Record.from_dict(data)
        for _ in replay_steps(record):
            pass
    except InvalidRecordError as err:
        raise InvalidRecordError(f"The record {path} cannot be replayed: {err}") from None
    return record
