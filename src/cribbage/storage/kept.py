"""A small file the program keeps for the player in the data directory (the lessons finished,
the seat tickets), read and written alike.

The file is JSON with a format name and a version (`header`). It is written as every file
of the data directory is (`files.write_atomic`: readable by its owner alone), and read only
when it is a regular file of a sensible size (`files.read_regular`). A file that is not one
(cut short, not JSON, a field wrong, a link, a FIFO) is moved aside as
`<name>.broken-<time>`, one sentence says so, and the program goes on without it. A file
from a newer version is left as it is, and nothing is written over it. Nothing raises for
want of a disk or for a bad file: each method returns a sentence to show the player when
something went wrong (else None).
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Generic, TypeVar

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

__all__ = ["Damaged", "KeptFile", "Newer", "Words", "header"]

T = TypeVar("T")


class Damaged(Exception):
    """The file is not one of its kind; `what` completes "The ... file ..."."""

    def __init__(self, what: str = "could not be read") -> None:
        super().__init__(what)
        self.what = what


class Newer(Exception):
    """A newer version of the program wrote the file."""


def header(data: object, form: str, version: int, fields: frozenset[str]) -> dict[str, Any]:
    """`data` as a file of the format `form`, up to `version`, with exactly `fields` beside
    its format and version.

    Raises:
        Damaged: it is not such a file.
        Newer: a newer version of the program wrote it.
    """
    if not isinstance(data, dict) or data.get("format") != form:
        raise Damaged
    found = data.get("version")
    if isinstance(found, bool) or not isinstance(found, int) or found < 1:
        raise Damaged
    if found > version:
        raise Newer
    if set(data) != {"format", "version", *fields}:
        raise Damaged
    return data


@dataclass(frozen=True)
class Words:
    """How the sentences about one kind of file are worded."""

    title: str
    """The file, to begin a sentence: "The lessons file"."""
    lost: str
    """What the player goes without when it cannot be used: "finished lessons are not
    remembered"."""
    fresh: str
    """What happens once a damaged one is set aside: "the lessons start again"."""
    failed: str
    """A change that could not be written: "The finished lesson could not be remembered"."""


class KeptFile(Generic[T]):
    """The file `name` in the data directory `home` (None: no home directory is known, and
    nothing is kept), holding a value read by `parse` (from the file's JSON; raising
    `Damaged` or `Newer`) and written by `dump`, `empty` when there is no file, at most
    `limit` bytes."""

    def __init__(
        self,
        home: Path | None,
        name: str,
        *,
        parse: Callable[[object], T],
        dump: Callable[[T], bytes],
        empty: T,
        limit: int,
        words: Words,
    ) -> None:
        self.home = home
        self.path = None if home is None else home / name
        self.parse = parse
        self.dump = dump
        self.empty = empty
        self.limit = limit
        self.words = words
        self._newer = False

    def load(self) -> tuple[T, str | None]:
        """What the file holds, and a sentence about the file, or None."""
        words = self.words
        if self.path is None:
            return self.empty, (
                f"No home directory is known, so {words.lost} (set CRIBBAGE_HOME to a "
                "directory for them)."
            )
        try:
            return self._read(), None
        except FileNotFoundError:
            return self.empty, None
        except Newer:
            self._newer = True
            return self.empty, (
                f"{self.path} comes from a newer version of cribbage, so it is left as it is "
                f"and {words.lost}."
            )
        except OSError as err:
            return self.empty, f"{self.path} cannot be read ({describe(err)}), so {words.lost}."
        except Damaged as damaged:
            return self.empty, self._set_aside(damaged.what)

    def update(self, change: Callable[[T], T]) -> str | None:
        """Write what `change` makes of the file's value; a sentence if it could not be.

        The file is read again first, so that what another copy of the game wrote meanwhile
        is kept too; a file that cannot be read is not written over.
        """
        if self.path is None or self.home is None or self._newer:
            return None  # `load` said why nothing is kept
        message = None
        try:
            prepare_directory(self.home)
            try:
                value = self._read()
            except FileNotFoundError:
                value = self.empty
            except Damaged as damaged:  # spoilt since it was loaded
                message = self._set_aside(damaged.what)
                if os.path.lexists(self.path):
                    return message
                value = self.empty
            write_atomic(self.path, self.dump(change(value)))
        except Newer:
            self._newer = True
        except UnusableDirectoryError as err:
            return f"The data directory {self.home} cannot be used ({err.reason}), so {self.words.lost}."
        except OSError as err:
            return f"{self.words.failed} ({describe(err)})."
        return message

    def _read(self) -> T:
        assert self.path is not None
        try:
            data = json.loads(read_regular(self.path, self.limit))
        except NotRegularFileError as err:
            raise Damaged(err.what) from None
        except TooLargeError:
            raise Damaged("is far too large to be one") from None
        except (ValueError, RecursionError):
            raise Damaged("could not be read") from None
        return self.parse(data)

    def _set_aside(self, what: str) -> str:
        assert self.path is not None
        words = self.words
        try:
            aside = move_aside(self.path)
        except OSError as err:
            return (
                f"{words.title} {self.path} {what}, and it could not be moved aside "
                f"({describe(err)}); {words.lost}."
            )
        return f"{words.title} {what} and was moved to {aside}; {words.fresh}."
