"""`FileLock`: an exclusive operating-system lock on a file, dropped when its process ends."""

from __future__ import annotations

import contextlib
import errno
import os
import sys
from collections.abc import Iterator
from pathlib import Path

from .files import TooLargeError, make_dir, open_regular, read_regular

__all__ = ["FileLock"]

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
    within one process. The holder writes its process id in the file, so the file must be
    the program's own: a symbolic link, a hard link or anything but a regular file there is
    refused, never followed or overwritten.
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
            NotRegularFileError: the lock file is a link, FIFO, device or directory.
            OSError: the lock file cannot be created or opened, or has other names.
        """
        if self._fd is not None:
            return True
        make_dir(self.path.parent)
        fd = open_regular(self.path, os.O_RDWR, create=True)
        try:
            if os.fstat(fd).st_nlink > 1:
                raise OSError(errno.EMLINK, f"{self.path.name} is a hard link", str(self.path))
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
        """The process id written by the holder, if it can be read and is one."""
        with contextlib.suppress(OSError, ValueError, TooLargeError):
            pid = int(read_regular(self.path, limit=64).decode().strip())
            if 0 < pid < 2**32:
                return pid
        return None

    @contextlib.contextmanager
    def held_for(self) -> Iterator[None]:
        """Hold the lock for a `with` block, waiting for it if need be."""
        self.acquire(wait=True)
        try:
            yield
        finally:
            self.release()
