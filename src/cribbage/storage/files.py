"""Files in the data directory: atomic writes, reads of limited size, and clean-up.

Every file is replaced whole: written to a temporary file in the same directory, flushed
to disk, renamed over the old one, and the directory flushed too, so a crash at any moment
leaves either the old file or the new one. A killed process can leave a temporary file
behind; `remove_temporary` deletes those.
"""

from __future__ import annotations

import contextlib
import errno
import os
import sys
import tempfile
import time
from pathlib import Path
from typing import Final

__all__ = [
    "MAX_FILE_BYTES",
    "TooLargeError",
    "describe",
    "fsync_directory",
    "make_dir",
    "read_limited",
    "remove_temporary",
    "write_atomic",
]

MAX_FILE_BYTES: Final = 2_000_000
"""Saves, records and statistics larger than this are refused unread (a long match is ~30 kB)."""


class TooLargeError(Exception):
    """A file too large to be ours."""


def describe(err: OSError) -> str:
    """An OSError as a short phrase: 'No space left on device'."""
    return err.strerror or str(err)


def make_dir(directory: Path) -> None:
    """Create `directory` (and its parents) if need be, private to the user."""
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
        OSError: the directory cannot be written (full, read-only, missing rights...).
    """
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


def remove_temporary(directory: Path, name: str, older_than: float = 0.0) -> None:
    """Delete temporary files of `name` left by a process killed while writing."""
    limit = time.time() - older_than
    with contextlib.suppress(OSError):
        for leftover in directory.glob(f".{name}.*.tmp"):
            with contextlib.suppress(OSError):
                if leftover.stat().st_mtime <= limit:
                    leftover.unlink()


def read_limited(path: Path) -> bytes:
    """The bytes of `path`, refusing a file larger than `MAX_FILE_BYTES`.

    Raises:
        OSError: the file cannot be read.
        TooLargeError: the file is larger than any the program writes.
    """
    with path.open("rb") as file:
        data = file.read(MAX_FILE_BYTES + 1)
    if len(data) > MAX_FILE_BYTES:
        raise TooLargeError("it is far too large")
    return data
