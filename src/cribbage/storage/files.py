"""Files in the data directory: atomic writes, reads of limited size, and clean-up.

Every file is replaced whole: written to a temporary file in the same directory, flushed
to disk, renamed over the old one, and the directory flushed too, so a crash at any moment
leaves either the old file or the new one. A killed process can leave a temporary file
behind; `remove_temporary` deletes those.

Only regular files are read (`read_regular`): a FIFO, a device or a directory is refused
without waiting on it, and a symbolic link in the data directory is refused, not followed.
A directory is written in only once `prepare_directory` has found it the user's own, and
writable by nobody else.
"""

from __future__ import annotations

import contextlib
import errno
import os
import stat
import sys
import tempfile
import time
from datetime import datetime
from pathlib import Path
from typing import Final

__all__ = [
    "MAX_FILE_BYTES",
    "NotRegularFileError",
    "TooLargeError",
    "UnusableDirectoryError",
    "check_directory",
    "describe",
    "fsync_directory",
    "make_dir",
    "move_aside",
    "open_regular",
    "prepare_directory",
    "read_regular",
    "remove_temporary",
    "write_atomic",
]

MAX_FILE_BYTES: Final = 2_000_000
"""The size limit of saves, records and statistics, for writing and reading alike.

A larger file is refused unread, and one that would be larger is not written, so that
everything written can be read back (a long match is ~30 kB).
"""


_NO_FOLLOW: Final = getattr(os, "O_NOFOLLOW", 0)
_NON_BLOCK: Final = getattr(os, "O_NONBLOCK", 0)
_NO_TERMINAL: Final = getattr(os, "O_NOCTTY", 0)
_BINARY: Final = getattr(os, "O_BINARY", 0)


class TooLargeError(Exception):
    """A file too large to be ours: larger than `limit` bytes."""

    def __init__(self, limit: int) -> None:
        super().__init__(f"it is over the {limit:,}-byte limit")
        self.limit = limit


class NotRegularFileError(OSError):
    """A name that is a symbolic link, a FIFO, a device or a directory where a file should be.

    `what` completes "<the file> ...": "is a symbolic link" or "is not a regular file".
    """

    def __init__(self, path: Path, what: str) -> None:
        super().__init__(errno.EINVAL, f"{path.name} {what}", str(path))
        self.what = what


class UnusableDirectoryError(OSError):
    """A directory the program will not write in; `reason` says why ("it is a symbolic link")."""

    def __init__(self, directory: Path, reason: str) -> None:
        super().__init__(errno.EPERM, reason, str(directory))
        self.directory = directory
        self.reason = reason


def describe(err: OSError) -> str:
    """An OSError as a short phrase: 'No space left on device'."""
    return err.strerror or str(err)


def make_dir(directory: Path) -> None:
    """Create `directory` (and its parents) if need be, private to the user."""
    directory.mkdir(mode=0o700, parents=True, exist_ok=True)


def check_directory(directory: Path, *, link: bool = True) -> None:
    """Check that `directory` is safe to write in: the user's own, writable by nobody else.

    `link` says whether it may be reached through a symbolic link: the data directory may
    (the player chose it), a directory inside it may not. Ownership and permissions are
    checked where the system has them (not on Windows).

    Raises:
        UnusableDirectoryError: it is a link where none may be, another user's, or others
            can write to it.
        OSError: it cannot be looked at (FileNotFoundError: it does not exist).
    """
    info = os.stat(directory) if link else os.lstat(directory)
    if stat.S_ISLNK(info.st_mode):
        raise UnusableDirectoryError(directory, "it is a symbolic link")
    if not stat.S_ISDIR(info.st_mode):
        raise UnusableDirectoryError(directory, "it is not a directory")
    if hasattr(os, "geteuid"):
        if info.st_uid != os.geteuid():
            raise UnusableDirectoryError(directory, "it belongs to another user")
        if info.st_mode & (stat.S_IWGRP | stat.S_IWOTH):
            raise UnusableDirectoryError(directory, "other users can write to it")


def prepare_directory(directory: Path, *, link: bool = True) -> None:
    """Create `directory` if need be, private to the user, and `check_directory` it.

    Raises:
        UnusableDirectoryError: see `check_directory`.
        OSError: it cannot be created.
    """
    if not link and os.path.islink(directory):  # not even to create what it points to
        raise UnusableDirectoryError(directory, "it is a symbolic link")
    make_dir(directory)
    check_directory(directory, link=link)


def _fsync(fd: int) -> None:
    if sys.platform == "darwin":  # plain fsync leaves the data in the drive's cache there
        import fcntl

        full = getattr(fcntl, "F_FULLFSYNC", None)
        if full is not None:
            with contextlib.suppress(OSError):
                fcntl.fcntl(fd, full)
                return
    os.fsync(fd)


def fsync_directory(directory: Path) -> None:
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
        OSError: the directory cannot be written (full, read-only, missing rights...), or
            `data` is larger than `MAX_FILE_BYTES`, so could not be read back (EFBIG).
    """
    if len(data) > MAX_FILE_BYTES:
        raise OSError(errno.EFBIG, f"it would be over the {MAX_FILE_BYTES:,}-byte limit", str(path))
    directory = path.parent
    make_dir(directory)
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
    fsync_directory(directory)


def move_aside(path: Path) -> Path:
    """Rename the damaged file `path` to `<name>.broken-<time>` beside it; return the new name.

    The name is taken exclusively: a second file set aside within the same second becomes
    `<name>.broken-<time>-1`, and so on, and no file set aside ever replaces another. A
    symbolic link is moved, not followed.

    Raises:
        OSError: the file cannot be renamed.
    """
    stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
    serial = 0
    while True:
        aside = path.with_name(f"{path.name}.broken-{stamp}{f'-{serial}' if serial else ''}")
        try:
            _rename_exclusive(path, aside)
        except FileExistsError:
            serial += 1
            continue
        return aside


def _rename_exclusive(source: Path, target: Path) -> None:
    """Rename `source` to `target`, failing with FileExistsError if `target` exists.

    A hard link, then removing the old name: the link fails if the name is taken. Where a
    hard link cannot be made (some file systems, a directory) the rename goes ahead once the
    name is seen free (Windows' rename never replaces a file anyway).
    """
    try:
        os.link(source, target, follow_symlinks=False)
    except FileExistsError:
        raise
    except (OSError, NotImplementedError):
        if os.path.lexists(target):
            raise FileExistsError(errno.EEXIST, "File exists", str(target)) from None
        os.rename(source, target)
        return
    os.unlink(source)


def remove_temporary(directory: Path, name: str, older_than: float = 0.0) -> None:
    """Delete temporary files of `name` left by a process killed while writing."""
    limit = time.time() - older_than
    with contextlib.suppress(OSError):
        for leftover in directory.glob(f".{name}.*.tmp"):
            with contextlib.suppress(OSError):
                if leftover.lstat().st_mtime <= limit:
                    leftover.unlink()


def open_regular(
    path: Path, flags: int = os.O_RDONLY, *, follow: bool = False, create: bool = False
) -> int:
    """A descriptor of the regular file at `path`, opened with `flags`.

    Never waits: a FIFO or a device is opened without blocking, then refused. Unless
    `follow`, a symbolic link at `path` is refused, not followed (`O_NOFOLLOW` where the
    system has it, a look at the name first elsewhere). With `create`, a missing file is
    created, exclusively (`O_EXCL`) and readable by the user only.

    Raises:
        NotRegularFileError: `path` is a link (unless `follow`), FIFO, device or directory.
        OSError: the file cannot be opened (FileNotFoundError: there is none).
    """
    if not follow and not _NO_FOLLOW and os.path.islink(path):
        raise NotRegularFileError(path, "is a symbolic link")
    flags |= _NON_BLOCK | _NO_TERMINAL | _BINARY | (0 if follow else _NO_FOLLOW)
    try:
        fd = _open_or_create(path, flags) if create else os.open(path, flags)
    except OSError:
        _refuse_if_not_regular(path, follow)
        raise
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise NotRegularFileError(path, "is not a regular file")
        if _NON_BLOCK:  # only for the open: reads of a regular file never wait anyway
            os.set_blocking(fd, True)
    except BaseException:
        os.close(fd)
        raise
    return fd


def _open_or_create(path: Path, flags: int) -> int:
    while True:
        try:
            return os.open(path, flags | os.O_CREAT | os.O_EXCL, 0o600)
        except FileExistsError:
            pass
        try:
            return os.open(path, flags)
        except FileNotFoundError:  # removed in between: create it after all
            pass


def _refuse_if_not_regular(path: Path, follow: bool) -> None:
    """After a failed open: raise NotRegularFileError if `path` names no regular file."""
    try:
        info = os.stat(path) if follow else os.lstat(path)
    except OSError:
        return
    if stat.S_ISLNK(info.st_mode):
        raise NotRegularFileError(path, "is a symbolic link") from None
    if not stat.S_ISREG(info.st_mode):
        raise NotRegularFileError(path, "is not a regular file") from None


def read_regular(path: Path, limit: int | None = None, *, follow: bool = False) -> bytes:
    """The bytes of the regular file at `path`, at most `limit` (`MAX_FILE_BYTES`) of them.

    Every reader of the program's files reads through here (see `open_regular` for what is
    refused; `follow` says whether a symbolic link is followed).

    Raises:
        NotRegularFileError: `path` is not a regular file.
        OSError: the file cannot be read.
        TooLargeError: the file is larger than `limit`, larger than any the program writes.
    """
    limit = MAX_FILE_BYTES if limit is None else limit
    with open(open_regular(path, follow=follow), "rb") as file:
        if os.fstat(file.fileno()).st_size > limit:
            raise TooLargeError(limit)
        data = file.read(limit + 1)
    if len(data) > limit:
        raise TooLargeError(limit)
    return data
