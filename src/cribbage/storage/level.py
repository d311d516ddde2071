"""The computer's level the player last chose, kept in `level.json` in the data directory: the
level of a new game started without `--level`.

The level is the one chosen in the question before a first game (`cribbage.ui.level`), or the
one last named with `--level` for a new game; a new game started without `--level` is played
at it, and against the expert (`DEFAULT_LEVEL`) when none was ever chosen. The file is JSON
with a format name and a version: `{"format": "cribbage-level", "version": 1, "level":
"easy"}`, read and written as every small file the program keeps for the player
(`kept.KeptFile`: atomic writes, regular files only, never through a link).

A file that is not one (cut short, not JSON, a field wrong, a link, a FIFO, far too large) is
moved aside as `level.json.broken-<time>`, one sentence says so, and a new game is against the
expert. A file from a newer version, or naming a level this version does not know, is left as
it is and the expert plays too, with a sentence.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Final

from ..choices import LEVELS
from .kept import Damaged, KeptFile, Words, header

__all__ = ["DEFAULT_LEVEL", "LEVEL_FORMAT", "LEVEL_NAME", "LEVEL_VERSION", "ChosenLevel"]

LEVEL_NAME: Final = "level.json"
LEVEL_FORMAT: Final = "cribbage-level"
LEVEL_VERSION: Final = 1
DEFAULT_LEVEL: Final = LEVELS[-1]
"""The level of a new game when the player never chose one: the strongest."""
_LIMIT: Final = 4_000
"""The largest level file read: a format, a version and a short name."""
_NAME_LENGTH: Final = 40
_WORDS: Final = Words(
    title="The level file",
    lost="the level you choose is not remembered",
    fresh="a new game is against the expert",
    failed="The level you chose could not be remembered",
)


def parse_level(data: object) -> str:
    """The level named in the file's parsed JSON (perhaps one this version does not know).

    Raises:
        Damaged: it is not a level file.
        Newer: a newer version of the program wrote it.

    >>> parse_level({"format": "cribbage-level", "version": 1, "level": "easy"})
    'easy'
    """
    level = header(data, LEVEL_FORMAT, LEVEL_VERSION, frozenset({"level"}))["level"]
    if not (
        isinstance(level, str)
        and 0 < len(level) <= _NAME_LENGTH
        and all(char.isascii() and (char.isalnum() or char == "-") for char in level)
    ):
        raise Damaged
    return level


def dump_level(level: str | None) -> bytes:
    """The level file's bytes for `level` (None only as the value of no file)."""
    data = {"format": LEVEL_FORMAT, "version": LEVEL_VERSION, "level": level}
    return json.dumps(data, indent=1).encode()


class ChosenLevel:
    """The level the player last chose, in the data directory `home` (None: there is none,
    and nothing is kept or said).

    Nothing raises for want of a disk or for a bad file: each method returns a sentence to
    show the player when something went wrong (else None), and the game goes on.
    """

    def __init__(self, home: Path | str | None) -> None:
        self.file: KeptFile[str | None] = KeptFile(
            None if home is None else Path(home),
            LEVEL_NAME,
            parse=parse_level,
            dump=dump_level,
            empty=None,
            limit=_LIMIT,
            words=_WORDS,
        )
        self.path = self.file.path

    def load(self) -> tuple[str, str | None]:
        """The level of a new game started without `--level`: the one last chosen, else
        the expert; and a sentence about the file, or None."""
        if self.path is None:
            return DEFAULT_LEVEL, None
        level, message = self.file.load()
        if level is None:
            return DEFAULT_LEVEL, message
        if level not in LEVELS:
            return DEFAULT_LEVEL, (
                f"{self.path} names the level {level}, which this version of cribbage does "
                f"not know, so {_WORDS.fresh}."
            )
        return level, None

    def choose(self, level: str) -> str | None:
        """Make `level` the one of later games started without `--level`; a sentence if it
        could not be remembered."""
        return self.file.update(lambda _: level)
