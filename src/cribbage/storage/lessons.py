"""The lessons finished (`cribbage --learn`), kept in `lessons.json` in the data directory.

The file holds the names of the lessons finished, as JSON with a format name and a version:
`{"format": "cribbage-lessons", "version": 1, "done": ["counting", "the-play"]}`. It is
written as every file of the data directory is (`files.write_atomic`), and read only when it
is a regular file of a sensible size (`files.read_regular`). A name this version does not
know (one of a later version's lessons) is kept.

A file that is not one (cut short, not JSON, a field wrong, a link, a FIFO) is moved aside as
`lessons.json.broken-<time>` and the lessons start again; one sentence says so, and nothing is
lost. A file from a newer version is left as it is, and nothing is written over it.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterable
from pathlib import Path
from typing import Final

from .files import (
    NotRegularFileError,
    TooLargeError,
    UnusableDirectoryError,
    describe,
    move_aside,
    prepare_directory,
    read_regular,
    write_atomic,
)
from .paths import data_dir

__all__ = ["LESSONS_FORMAT", "LESSONS_NAME", "LESSONS_VERSION", "LessonProgress"]

LESSONS_NAME: Final = "lessons.json"
LESSONS_FORMAT: Final = "cribbage-lessons"
LESSONS_VERSION: Final = 1
_LIMIT: Final = 64_000
"""The largest progress file read: a hundred names at most, each short."""
_NAMES: Final = 100
_NAME_LENGTH: Final = 40


class _Damaged(Exception):
    """The file is not a progress file; `what` completes "The lessons file ..."."""

    def __init__(self, what: str = "could not be read") -> None:
        super().__init__(what)
        self.what = what


class _Newer(Exception):
    """The file comes from a newer version of the program."""


def parse_lessons(data: object) -> frozenset[str]:
    """The lessons finished, from the file's parsed JSON.

    Raises:
        _Damaged: it is not a progress file.
        _Newer: a newer version of the program wrote it.

    >>> sorted(parse_lessons({"format": "cribbage-lessons", "version": 1, "done": ["b", "a"]}))
    ['a', 'b']
    """
    if not isinstance(data, dict) or data.get("format") != LESSONS_FORMAT:
        raise _Damaged
    version = data.get("version")
    if isinstance(version, bool) or not isinstance(version, int) or version < 1:
        raise _Damaged
    if version > LESSONS_VERSION:
        raise _Newer
    done = data.get("done")
    if set(data) != {"format", "version", "done"} or not isinstance(done, list):
        raise _Damaged
    if len(done) > _NAMES or not all(_is_name(name) for name in done):
        raise _Damaged
    return frozenset(done)


def _is_name(name: object) -> bool:
    return (
        isinstance(name, str)
        and 0 < len(name) <= _NAME_LENGTH
        and all(char.isascii() and (char.isalnum() or char == "-") for char in name)
    )


def dump_lessons(done: Iterable[str]) -> bytes:
    """The progress file's bytes for the lessons `done`."""
    data = {"format": LESSONS_FORMAT, "version": LESSONS_VERSION, "done": sorted(set(done))}
    return json.dumps(data, indent=1).encode()


class LessonProgress:
    """The lessons finished, in the data directory `home` (by default the player's).

    Nothing raises for want of a disk or for a bad file: each method returns a sentence to
    show the player when something went wrong (else None), and the lessons go on.
    """

    def __init__(self, home: Path | str | None = None) -> None:
        self.home: Path | None
        if home is None:
            try:
                home = data_dir()
            except RuntimeError:  # no home directory known: nothing is kept
                home = None
        self.home = None if home is None else Path(home)
        self.path = None if self.home is None else self.home / LESSONS_NAME
        self._newer = False

    def load(self) -> tuple[frozenset[str], str | None]:
        """The lessons finished so far, and a sentence about the file, or None."""
        if self.path is None:
            return frozenset(), (
                "No home directory is known, so finished lessons are not remembered "
                "(set CRIBBAGE_HOME to a directory for them)."
            )
        try:
            return self._read(), None
        except FileNotFoundError:
            return frozenset(), None
        except _Newer:
            self._newer = True
            return frozenset(), (
                f"{self.path} comes from a newer version of cribbage, so it is left as it "
                "is and finished lessons are not remembered."
            )
        except OSError as err:
            return frozenset(), (
                f"{self.path} cannot be read ({describe(err)}), so finished lessons are "
                "not remembered."
            )
        except _Damaged as damaged:
            return frozenset(), self._set_aside(damaged.what)

    def finish(self, key: str) -> str | None:
        """Remember that the lesson `key` is finished; a sentence if it could not be.

        The file is read again first, so that what another copy of the game remembered
        meanwhile is kept too; a file that cannot be read is not written over.
        """
        if self.path is None or self.home is None or self._newer:
            return None  # `load` said why nothing is remembered
        message = None
        try:
            prepare_directory(self.home)
            try:
                done = self._read()
            except FileNotFoundError:
                done = frozenset()
            except _Damaged as damaged:  # spoilt since it was loaded
                message = self._set_aside(damaged.what)
                if os.path.lexists(self.path):
                    return message
                done = frozenset()
            write_atomic(self.path, dump_lessons(done | {key}))
        except _Newer:
            self._newer = True
        except UnusableDirectoryError as err:
            return (
                f"The data directory {self.home} cannot be used ({err.reason}), so finished "
                "lessons are not remembered."
            )
        except OSError as err:
            return f"The finished lesson could not be remembered ({describe(err)})."
        return message

    def _read(self) -> frozenset[str]:
        assert self.path is not None
        try:
            data = json.loads(read_regular(self.path, _LIMIT))
        except NotRegularFileError as err:
            raise _Damaged(err.what) from None
        except TooLargeError:
            raise _Damaged("is far too large to be one") from None
        except (ValueError, RecursionError):
            raise _Damaged("could not be read") from None
        return parse_lessons(data)

    def _set_aside(self, what: str) -> str:
        assert self.path is not None
        try:
            aside = move_aside(self.path)
        except OSError as err:
            return (
                f"The lessons file {self.path} {what}, and it could not be moved aside "
                f"({describe(err)}); finished lessons are not remembered."
            )
        return f"The lessons file {what} and was moved to {aside}; the lessons start again."
