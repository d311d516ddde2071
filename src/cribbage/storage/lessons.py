"""The lessons finished (`cribbage --learn`), kept in `lessons.json` in the data directory.

The file holds the names of the lessons finished, as JSON with a format name and a version:
`{"format": "cribbage-lessons", "version": 1, "done": ["counting", "the-play"]}`. It is read
and written as every small file the program keeps for the player (`kept.KeptFile`). A name
this version does not know (one of a later version's lessons) is kept.

A file that is not one (cut short, not JSON, a field wrong, a link, a FIFO) is moved aside as
`lessons.json.broken-<time>` and the lessons start again; one sentence says so, and nothing is
lost. A file from a newer version is left as it is, and nothing is written over it.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from pathlib import Path
from typing import Final

from .kept import Damaged, KeptFile, Words, header
from .paths import data_dir

__all__ = ["LESSONS_FORMAT", "LESSONS_NAME", "LESSONS_VERSION", "LessonProgress"]

LESSONS_NAME: Final = "lessons.json"
LESSONS_FORMAT: Final = "cribbage-lessons"
LESSONS_VERSION: Final = 1
_LIMIT: Final = 64_000
"""The largest progress file read: a hundred names at most, each short."""
_NAMES: Final = 100
_NAME_LENGTH: Final = 40
_WORDS: Final = Words(
    title="The lessons file",
    lost="finished lessons are not remembered",
    fresh="the lessons start again",
    failed="The finished lesson could not be remembered",
)


def parse_lessons(data: object) -> frozenset[str]:
    """The lessons finished, from the file's parsed JSON.

    Raises:
        Damaged: it is not a progress file.
        Newer: a newer version of the program wrote it.

    >>> sorted(parse_lessons({"format": "cribbage-lessons", "version": 1, "done": ["b", "a"]}))
    ['a', 'b']
    """
    done = header(data, LESSONS_FORMAT, LESSONS_VERSION, frozenset({"done"}))["done"]
    if not isinstance(done, list):
        raise Damaged
    if len(done) > _NAMES or not all(_is_name(name) for name in done):
        raise Damaged
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
        if home is None:
            try:
                home = data_dir()
            except RuntimeError:  # no home directory known: nothing is remembered
                home = None
        self.file: KeptFile[frozenset[str]] = KeptFile(
            None if home is None else Path(home),
            LESSONS_NAME,
            parse=parse_lessons,
            dump=dump_lessons,
            empty=frozenset(),
            limit=_LIMIT,
            words=_WORDS,
        )
        self.home = self.file.home
        self.path = self.file.path

    def load(self) -> tuple[frozenset[str], str | None]:
        """The lessons finished so far, and a sentence about the file, or None."""
        return self.file.load()

    def finish(self, key: str) -> str | None:
        """Remember that the lesson `key` is finished; a sentence if it could not be.

        The file is read again first, so that what another copy of the game remembered
        meanwhile is kept too; a file that cannot be read is not written over.
        """
        return self.file.update(lambda done: done | {key})
