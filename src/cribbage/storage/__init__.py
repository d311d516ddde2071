"""Saves, statistics and game records in the player's data directory, all written atomically.

One concern a module:

* `paths`: where the data directory is (`data_dir`).
* `files`: atomic writes, reads of limited size, clean-up of temporary files.
* `locks`: `FileLock`, the operating system's lock on a file.
* `saves`: the match in progress (`SavedMatch`), its format and `MIGRATIONS`.
* `statistics`: the statistics file's format, read and written.
* `records`: where finished matches are filed, `write_record` and `load_record`.
* `level`: the computer's level the player last chose, for a new game without `--level`.
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

from ..lazy import lazy_names

TYPE_CHECKING = False  # typing is not imported: `cribbage --help` loads this package
if TYPE_CHECKING:
    from ..record import (
        replay_steps,
    )
    from .files import (
        MAX_FILE_BYTES,
        write_atomic,
    )
    from .locks import (
        FileLock,
    )
    from .paths import (
        data_dir,
    )
    from .records import (
        load_record,
        records_directory,
        write_record,
    )
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
    from .statistics import (
        STATS_FORMAT,
        STATS_VERSION,
    )
    from .store import (
        Storage,
    )

_HOME: dict[str, str] = {
    "replay_steps": "cribbage.record",
    "MAX_FILE_BYTES": "cribbage.storage.files",
    "write_atomic": "cribbage.storage.files",
    "FileLock": "cribbage.storage.locks",
    "data_dir": "cribbage.storage.paths",
    "load_record": "cribbage.storage.records",
    "records_directory": "cribbage.storage.records",
    "write_record": "cribbage.storage.records",
    "MIGRATIONS": "cribbage.storage.saves",
    "SAVE_FORMAT": "cribbage.storage.saves",
    "SAVE_VERSION": "cribbage.storage.saves",
    "Options": "cribbage.storage.saves",
    "OptionValue": "cribbage.storage.saves",
    "SavedMatch": "cribbage.storage.saves",
    "UnusableSaveError": "cribbage.storage.saves",
    "new_match_id": "cribbage.storage.saves",
    "STATS_FORMAT": "cribbage.storage.statistics",
    "STATS_VERSION": "cribbage.storage.statistics",
    "Storage": "cribbage.storage.store",
}
"""The module each name lives in, imported on first use: `cribbage --help` needs only
`records_directory`."""

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


__getattr__, __dir__ = lazy_names(globals(), _HOME)
