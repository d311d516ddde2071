"""Records of finished matches: where they are filed, and writing and reading them.

A record file is the engine's `Record` as JSON (`cribbage.record`), a few kilobytes, and
replays exactly; `load_record` also reads the record inside a save file.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

from ..errors import InvalidRecordError
from ..record import Record, replay_steps
from ..text import clause, visible
from .files import NotRegularFileError, TooLargeError, describe, read_regular, write_atomic
from .paths import RECORDS_DIR, records_directory
from .saves import SAVE_FORMAT

__all__ = ["RECORDS_DIR", "load_record", "record_name", "records_directory", "write_record"]


def record_name(started: str, match_id: str) -> str:
    """The file name of a match's record: when it started (UTC), then the start of its id.

    >>> record_name("2025-01-01T12:00:00Z", "1a2b3c4d5e6f")
    '20250101-120000-1a2b3c4d.json'
    """
    digits = re.sub(r"[^0-9]", "", started)[:14]
    return f"{digits[:8]}-{digits[8:]}-{match_id[:8]}.json"


def write_record(record: Record, path: Path | str) -> None:
    """Write `record` as a JSON file at `path`, atomically.

    Raises:
        OSError: the file cannot be written.
    """
    write_atomic(Path(path), record.to_json().encode())


def load_record(path: Path | str, *, follow_links: bool = True) -> Record:
    """The record in a record file (or in a save file), checked by replaying it.

    `follow_links` false refuses a symbolic link at `path` (for a file in the data directory).

    Raises:
        InvalidRecordError: the file cannot be read, is not a regular file, is not a record,
            or does not replay; the text is one sentence naming the file, with any control
            characters in its name or in text from the file shown as escapes.
    """
    try:
        return _load_record(path, follow_links)
    except InvalidRecordError as err:
        raise InvalidRecordError(visible(str(err))) from None


def _load_record(path: Path | str, follow_links: bool) -> Record:
    try:
        text = read_regular(Path(path), follow=follow_links).decode("utf-8")
    except NotRegularFileError:
        raise InvalidRecordError(f"The record {path} is not a regular file.") from None
    except OSError as err:
        raise InvalidRecordError(f"Cannot read the record {path} ({describe(err)}).") from None
    except TooLargeError as err:
        raise InvalidRecordError(
            f"The record {path} is too large to be a cribbage record (over the "
            f"{err.limit:,}-byte limit)."
        ) from None
    except UnicodeDecodeError:
        raise InvalidRecordError(f"The record {path} is not a cribbage record.") from None
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        raise InvalidRecordError(f"The record {path} is cut short or is not valid JSON.") from None
    if isinstance(data, dict) and data.get("format") == SAVE_FORMAT:
        data = data.get("record")
    try:
        record = Record.from_dict(data)
        for _ in replay_steps(record):
            pass
    except InvalidRecordError as err:
        raise InvalidRecordError(
            f"The record {path} cannot be replayed: {clause(str(err))}."
        ) from None
    return record
