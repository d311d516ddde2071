"""Saves, statistics and game records in the player's data directory, all written atomically.

One concern a module:

* `paths`: where the data directory is (`data_dir`).
* `files`: atomic writes, reads of limited size, clean-up of temporary files.
* `locks`: `FileLock`, the operating system's lock on a file.
* `saves`: the match in progress (`SavedMatch`), its format and `MIGRATIONS`.
* `statistics`: the statistics file's format, read and written.
* `records`: where finished matches are filed, `write_record` and `load_record`.
* `store`: `Storage`, which uses all of these for one data directory.

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

from ..record import replay_steps
from .files import MAX_FILE_BYTES, write_atomic
from .locks import FileLock
from .paths import data_dir
from .records import load_record, records_directory, write_record
from .saves import (
    MIGRATIONS,
    SAVE_FORMAT,
    SAVE_VERSION,
    Options,
    OptionValue,
    SavedMatch,
    UnusableSaveError,
    new_match_id,
)
from .statistics import STATS_FORMAT, STATS_VERSION
from .store import Storage

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
    "records_directory",
    "replay_steps",
    "write_atomic",
    "write_record",
]
