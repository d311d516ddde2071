"""`Storage`: the save and its lock, the statistics and the records of one data directory.

The data directory (`data_dir`) holds:

* `save.json`: the match in progress, rewritten after every action (`cribbage.storage.saves`).
  `save.json.backup` is the save set aside by the latest `--new` (or "n" to the question
  to resume), and `save.json.backup.1` to `.4` the ones before it, newest first (the oldest
  is removed; a save not yet at the first starter is removed instead);
  `save.json.broken-<time>` a save that could not be resumed, kept for a look.
* `stats.json`: the statistics (`cribbage.storage.statistics`), counted once per finished game,
  per game (two-handed, three-handed...) and level.
* `records/`: one JSON record per finished match, for `cribbage --replay`.
* `level.json`: the computer's level the player last chose, that of a new game started
  without `--level` (`cribbage.storage.level`).
* `lock` and `stats.lock`: lock files. The process holding `lock` owns the save; a second
  copy of the game plays without saving. `stats.lock` is held only while the statistics are
  read, changed and written, so two copies never lose each other's counts.

Nothing is written in a data directory that is not the user's own or that others can write
to, nor through a symbolic link inside it: the game then plays without saving and says so.
"""

from __future__ import annotations

import contextlib
import itertools
import os
from collections.abc import Callable
from pathlib import Path
from typing import Final

from ..errors import InvalidRecordError
from ..record import Record
from ..rules import Phase
from ..stats import MatchTally, Statistics, tally_match
from ..text import visible
from ..variants import Variant
from .files import (
    NotRegularFileError,
    TooLargeError,
    UnusableDirectoryError,
    check_directory,
    describe,
    fsync_directory,
    move_aside,
    prepare_directory,
    read_regular,
    remove_temporary,
    write_atomic,
)
from .lessons import LESSONS_NAME
from .level import LEVEL_NAME, ChosenLevel
from .locks import FileLock
from .paths import data_dir
from .records import RECORDS_DIR, load_record, record_name, write_record
from .saves import SavedMatch, UnusableSaveError
from .statistics import (
    DamagedStatisticsError,
    NewerStatisticsError,
    read_statistics,
    write_statistics,
)

__all__ = ["BACKUPS", "Storage"]

_SAVE_NAME: Final = "save.json"
_STATS_NAME: Final = "stats.json"
_STALE_SECONDS: Final = 600
BACKUPS: Final = 5
"""Saves kept as backups: `save.json.backup` and the numbered ones before it."""


def _join(messages: list[str | None]) -> str | None:
    text = " ".join(message for message in messages if message)
    return text or None


class Storage:
    """The player's data directory: the save and its lock, statistics and records.

    Nothing raises for want of disk: every method that writes returns a sentence to show the
    player when something went wrong (or None), and the game goes on.
    """

    def __init__(
        self,
        home: Path | str | None = None,
        *,
        save_name: str = _SAVE_NAME,
        counts: bool = True,
    ) -> None:
        """The data directory `home` (by default the player's), whose save is `save_name`:
        `save.json` for the game against the computer, `table.json` for a table the player
        hosts, each with its own lock, so one of each can be open at once. With `counts`
        False, finished games are not counted in the statistics (a table with no seat of
        the player's own)."""
        self._homeless = False
        self._save_name = save_name
        self.counts = counts
        if home is None:
            try:
                home = data_dir()
            except RuntimeError:  # nowhere to save: every write fails and says so
                self._homeless = True
                home = Path(os.devnull, "cribbage")
        self.home = Path(home)
        self.save_path = self.home / save_name
        self.backup_path = self.home / f"{save_name}.backup"
        self.stats_path = self.home / _STATS_NAME
        self.records_dir = self.home / RECORDS_DIR
        self._lock = FileLock(
            self.home / ("lock" if save_name == _SAVE_NAME else f"{save_name}.lock")
        )
        self._stats_lock = FileLock(self.home / "stats.lock")
        self._level = ChosenLevel(None if self._homeless else self.home)
        self._save_failing = False
        self._counted: set[tuple[str, int]] = set()

    def __enter__(self) -> Storage:
        return self

    def __exit__(self, *_: object) -> None:
        self.release()

    def knows_the_player(self) -> bool:
        """True when the data directory shows the player has been here: a game saved, kept,
        counted or filed, a lesson or a level chosen (or when there is no data directory to
        tell)."""
        if self._homeless:
            return True
        kept = (self.save_path, self.backup_path, self.stats_path, self.records_dir)
        others = (self.home / LESSONS_NAME, self.home / LEVEL_NAME)
        return any(os.path.lexists(path) for path in (*kept, *others))

    # -- the level of a new game

    def has_chosen_level(self) -> bool:
        """True when a level was chosen here before (its file is there, whatever it holds)."""
        return not self._homeless and os.path.lexists(self.home / LEVEL_NAME)

    def chosen_level(self) -> tuple[str, str | None]:
        """The computer's level for a new game started without `--level`: the one the
        player last chose (`choose_level`), else the expert; and a sentence about its file
        (damaged, say), or None."""
        return self._level.load()

    def choose_level(self, level: str) -> str | None:
        """Make `level` the one of the player's later new games started without `--level`;
        a sentence if it could not be remembered."""
        return self._level.choose(level)

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
            prepare_directory(self.home)
            if not self._lock.acquire(wait=False):
                pid = self._lock.holder()
                where = f" (process {pid})" if pid is not None else ""
                return (
                    f"A game of cribbage is already open elsewhere{where}, "
                    "so this game will not be saved."
                )
        except OSError as err:
            return (
                f"The data directory {self.home} cannot be used ({describe(err)}), "
                "so this game will not be saved."
            )
        remove_temporary(self.home, self._save_name)
        with contextlib.suppress(OSError):
            check_directory(self.records_dir, link=False)
            remove_temporary(self.records_dir, "*", older_than=_STALE_SECONDS)
        return None

    def release(self) -> None:
        """Give the save up (at exit; the system also does it when the process dies)."""
        self._lock.release()

    # -- the save

    def load(self) -> tuple[SavedMatch | None, str | None]:
        """The saved match to resume, or None; and a sentence for the player, or None.

        A save that cannot be read, is not a regular file, is cut short, is not JSON, comes
        from a newer version or does not replay as a legal game is moved aside (`save.json.broken-<time>`) and the
        sentence says so. A save whose match had ended (the program stopped before cleaning
        up) is counted in the statistics if it was not yet, filed as a record and removed.
        Returns (None, None) when there is no save or this copy does not own it.
        """
        if not self.owns_save:
            return None, None
        try:
            text = read_regular(self.save_path)
        except FileNotFoundError:
            return None, None
        except NotRegularFileError as err:
            return None, self._set_aside(f"it {err.what}")
        except OSError as err:
            return None, self._set_aside(f"it cannot be read ({describe(err)})")
        except TooLargeError:
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
        """For a new game asked for over the save (`--new`, or "n" to resume it): move a
        begun save (`SavedMatch.begun`) to `save.json.backup`; a sentence, or None.

        The backups before it move one number on (`save.json.backup` to `.1`, `.1` to `.2`
        and so on), and the oldest goes once `BACKUPS` are kept. A save of a match not yet at its
        first starter holds nothing to want back: it is removed without a word, and the
        backups stay as they are. A save that turns out broken or
        finished is dealt with as `load` does.
        """
        match, message = self.load()
        if match is None:
            return message
        if not match.begun:
            try:
                self.save_path.unlink()
            except OSError as err:
                return f"The saved game could not be removed ({describe(err)})."
            return message
        kept = [self.backup_path] + [self._earlier(n) for n in range(1, BACKUPS)]
        try:
            kept[-1].unlink(missing_ok=True)
            for newer, older in reversed(list(itertools.pairwise(kept))):
                if newer.exists() or newer.is_symlink():
                    os.replace(newer, older)  # one number on
            os.replace(self.save_path, self.backup_path)
        except OSError as err:
            return f"The saved game could not be kept as a backup ({describe(err)})."
        return _join([message, f"The saved game was backed up ({self.backup_path.name})."])

    def _earlier(self, number: int) -> Path:
        """The backup `number` before the latest: `save.json.backup.1` is the one before."""
        return self.backup_path.with_name(f"{self.backup_path.name}.{number}")

    def _write_save(self, match: SavedMatch) -> str | None:
        try:
            write_atomic(self.save_path, match.to_json().encode())
        except (OSError, ValueError) as err:  # ValueError: a save that could not be read back
            if self._save_failing:
                return None
            self._save_failing = True
            why = describe(err) if isinstance(err, OSError) else str(err)
            return f"The game cannot be saved ({why}); play goes on without saving."
        if self._save_failing:
            self._save_failing = False
            return "The game is being saved again."
        return None

    def _set_aside(self, reason: str) -> str:
        try:
            aside = move_aside(self.save_path)
        except OSError as err:
            return (
                f"The saved game could not be resumed because {reason}, "
                f"and it could not be moved aside ({describe(err)})."
            )
        return f"The saved game could not be resumed because {reason}; it was moved to {aside}."

    def _after_game(self, match: SavedMatch) -> str | None:
        """Count a finished game once; file a finished match and remove its save."""
        key = (match.id, match.state.number)
        messages: list[str | None] = []
        if key not in self._counted and self.counts:
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

    def count_match(self, match_id: str, tally: MatchTally, level: str) -> str | None:
        """Count the finished games of `tally` (a match played at a table hosted elsewhere,
        whose record is the host's) under `level`, each once; a sentence if that failed."""
        _, message = self._update_statistics(
            lambda stats: stats.count_match(match_id, tally, level)
        )
        return message

    def _file_record(self, match: SavedMatch) -> str | None:
        path = self.records_dir / record_name(match.started, match.id)
        try:
            prepare_directory(self.records_dir, link=False)
            write_record(match.record, path)
        except UnusableDirectoryError as err:
            return (
                f"The records directory {self.records_dir} cannot be used ({err.reason}), "
                "so the record of this match was not written."
            )
        except OSError as err:
            return f"The record of this match could not be written ({describe(err)})."
        if not self.owns_save:
            return None
        try:
            self.save_path.unlink(missing_ok=True)
            fsync_directory(self.home)
        except OSError as err:
            return f"The finished match's save could not be removed ({describe(err)})."
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

    def count_hint(self, level: str, variant: Variant = Variant.TWO_HANDED) -> str | None:
        """Count one hint asked for at `level` in `variant`; a sentence if it could not be
        written."""
        _, message = self._update_statistics(lambda stats: _hint(stats, level, variant))
        return message

    def _update_statistics(self, change: Callable[[Statistics], bool]) -> tuple[bool, str | None]:
        """Read, change and (if `change` says so) write the statistics under their lock.

        Returns whether the change is safely on disk, and a sentence for the player.
        """
        try:
            prepare_directory(self.home)
            with self._stats_lock.held_for():
                remove_temporary(self.home, _STATS_NAME)
                stats, message = self._read_statistics()
                if change(stats):
                    write_statistics(self.stats_path, stats)
                return True, message
        except UnusableDirectoryError as err:
            return False, (
                f"The data directory {self.home} cannot be used ({err.reason}), "
                "so no statistics are kept."
            )
        except NewerStatisticsError:
            return False, (
                "The statistics file comes from a newer version of cribbage, "
                "so it is left as it is and nothing is counted."
            )
        except OSError as err:
            return False, f"The statistics could not be updated ({describe(err)})."

    def _read_statistics(self) -> tuple[Statistics, str | None]:
        try:
            return read_statistics(self.stats_path), None
        except FileNotFoundError:
            return Statistics(), None
        except DamagedStatisticsError as err:
            what = err.what
        aside = move_aside(self.stats_path)
        return Statistics(), (
            f"The statistics file {what} and was moved to {aside}; new statistics start now."
        )

    # -- records

    def open_record(self, name: str) -> Record:
        """The record that `name` names, for `cribbage --replay`: a path, or a record's name.

        A bare file name (no directory part) that is not in the current directory is looked
        up in the records directory too, following no link there; a bare name with no
        extension also as that name with `.json` added, as records are filed.

        Raises:
            InvalidRecordError: one sentence: there is no such file (saying where the records
                are), or it cannot be read, is not a record, or does not replay.
        """
        path = Path(name)
        if self._homeless or os.path.lexists(path):
            return load_record(path)
        if not os.path.dirname(name):
            names = [name] if Path(name).suffix else [name, f"{name}.json"]
            for filed in (self.records_dir / each for each in names):
                if os.path.lexists(filed):
                    return load_record(filed, follow_links=False)
            raise InvalidRecordError(
                f"There is no file {visible(name)} here or in {self.records_dir}."
            )
        raise InvalidRecordError(
            f"There is no file {visible(name)}; finished matches are filed in {self.records_dir}."
        )

    def records(self) -> list[Path]:
        """The records of finished matches, oldest first."""
        with contextlib.suppress(OSError):
            check_directory(self.records_dir, link=False)
            return sorted(self.records_dir.glob("*.json"))
        return []


def _keep(read: Statistics, into: Statistics) -> bool:
    into.levels, into.counted, into.variants = read.levels, read.counted, read.variants
    return False


def _hint(stats: Statistics, level: str, variant: Variant) -> bool:
    stats.count_hint(level, variant)
    return True
