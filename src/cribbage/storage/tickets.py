"""The seat tickets a player holds (`cribbage --join`), kept in `tickets.json` in the data
directory.

A table gives each person who takes a seat its ticket, a secret that alone takes the seat
back (`cribbage.net.host`). The player's program keeps it here, with the table's address
and the name the player sat under, so that joining again the same way takes the seat back
even after the program has ended. The file holds at most `KEPT` tickets, the newest first;
a player joining shows the table a proof of each (never a ticket itself), and the table
knows its own.

The file is JSON with a format name and a version:
`{"format": "cribbage-tickets", "version": 1, "tickets": [{"table": "box:7121",
"name": "Ann", "ticket": "<base64>"}]}`. It is written as every file of the data directory
is (`files.write_atomic`: readable by its owner alone), and read only when it is a regular
file of a sensible size (`files.read_regular`). A file that is not one (cut short, not JSON,
a field wrong, a link, a FIFO) is moved aside as `tickets.json.broken-<time>`, one sentence
says so, and the player joins without tickets (a seat then waits for the host to free it).
A file from a newer version is left as it is, and nothing is written over it.
"""

from __future__ import annotations

import base64
import binascii
import json
import os
from dataclasses import dataclass
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

__all__ = ["KEPT", "TICKETS_NAME", "Ticket", "TicketBook"]

TICKETS_NAME: Final = "tickets.json"
TICKETS_FORMAT: Final = "cribbage-tickets"
TICKETS_VERSION: Final = 1
KEPT: Final = 16
"""Tickets kept at most (the oldest go first): as many as a player shows a table at once."""
TICKET_BYTES: Final = 32
_LIMIT: Final = 64_000
_TEXT: Final = 300
"""The longest table address or name kept."""


@dataclass(frozen=True, slots=True)
class Ticket:
    """A seat's ticket: the table's address as the player joined it, and the name the
    player sat under (both to tell the player), and the secret."""

    table: str
    name: str
    secret: bytes


class _Damaged(Exception):
    """The file is not a tickets file; `what` completes "The tickets file ..."."""

    def __init__(self, what: str = "could not be read") -> None:
        super().__init__(what)
        self.what = what


class _Newer(Exception):
    """A newer version of the program wrote the file."""


def parse_tickets(data: object) -> tuple[Ticket, ...]:
    """The tickets, from the file's parsed JSON.

    Raises:
        _Damaged: it is not a tickets file.
        _Newer: a newer version of the program wrote it.
    """
    if not isinstance(data, dict) or data.get("format") != TICKETS_FORMAT:
        raise _Damaged
    version = data.get("version")
    if isinstance(version, bool) or not isinstance(version, int) or version < 1:
        raise _Damaged
    if version > TICKETS_VERSION:
        raise _Newer
    items = data.get("tickets")
    if set(data) != {"format", "version", "tickets"} or not isinstance(items, list):
        raise _Damaged
    if len(items) > KEPT:
        raise _Damaged
    return tuple(_ticket(item) for item in items)


def _ticket(item: object) -> Ticket:
    if not isinstance(item, dict) or set(item) != {"table", "name", "ticket"}:
        raise _Damaged
    table, name, secret = item["table"], item["name"], item["ticket"]
    if not all(
        isinstance(text, str) and 0 < len(text) <= _TEXT and text.isprintable()
        for text in (table, name, secret)
    ):
        raise _Damaged
    try:
        data = base64.b64decode(secret, validate=True)
    except (binascii.Error, ValueError):
        raise _Damaged from None
    if len(data) != TICKET_BYTES:
        raise _Damaged
    return Ticket(table, name, data)


def dump_tickets(tickets: tuple[Ticket, ...]) -> bytes:
    """The file's bytes for `tickets`."""
    items = [
        {"table": t.table, "name": t.name, "ticket": base64.b64encode(t.secret).decode()}
        for t in tickets
    ]
    data = {"format": TICKETS_FORMAT, "version": TICKETS_VERSION, "tickets": items}
    return json.dumps(data, indent=1).encode()


class TicketBook:
    """The tickets kept in the data directory `home` (by default the player's).

    Nothing raises for want of a disk or for a bad file: each method returns a sentence to
    show the player when something went wrong (else None), and the player joins on.
    """

    def __init__(self, home: Path | str | None = None) -> None:
        self.home: Path | None
        if home is None:
            try:
                home = data_dir()
            except RuntimeError:  # no home directory known: nothing is kept
                home = None
        self.home = None if home is None else Path(home)
        self.path = None if self.home is None else self.home / TICKETS_NAME
        self._newer = False

    def load(self) -> tuple[tuple[Ticket, ...], str | None]:
        """The tickets kept, the newest first, and a sentence about the file, or None."""
        if self.path is None:
            return (), (
                "No home directory is known, so the ticket of your seat is not kept: to take "
                "it back after leaving, the host frees it (set CRIBBAGE_HOME to a directory)."
            )
        try:
            return self._read(), None
        except FileNotFoundError:
            return (), None
        except _Newer:
            self._newer = True
            return (), f"{self.path} comes from a newer version of cribbage: it is left as it is."
        except OSError as err:
            return (), f"{self.path} cannot be read ({describe(err)})."
        except _Damaged as damaged:
            return (), self._set_aside(damaged.what)

    def keep(self, ticket: Ticket) -> str | None:
        """Keep `ticket` first, in place of any other for the same table or with the same
        secret; a sentence if it could not be kept.

        The file is read again first, so that what another copy of the game kept meanwhile
        stays; a file that cannot be read is not written over.
        """
        if self.path is None or self.home is None or self._newer:
            return None  # `load` said why nothing is kept
        message = None
        try:
            prepare_directory(self.home)
            try:
                kept = self._read()
            except FileNotFoundError:
                kept = ()
            except _Damaged as damaged:  # spoilt since it was loaded
                message = self._set_aside(damaged.what)
                if os.path.lexists(self.path):
                    return message
                kept = ()
            others = tuple(t for t in kept if t.table != ticket.table and t.secret != ticket.secret)
            write_atomic(self.path, dump_tickets((ticket, *others)[:KEPT]))
        except _Newer:
            self._newer = True
        except UnusableDirectoryError as err:
            return (
                f"The data directory {self.home} cannot be used ({err.reason}), so the "
                "ticket of your seat is not kept: to take it back after leaving, the host "
                "frees it."
            )
        except OSError as err:
            return f"The ticket of your seat could not be kept ({describe(err)})."
        return message

    def _read(self) -> tuple[Ticket, ...]:
        assert self.path is not None
        try:
            data = json.loads(read_regular(self.path, _LIMIT))
        except NotRegularFileError as err:
            raise _Damaged(err.what) from None
        except TooLargeError:
            raise _Damaged("is far too large to be one") from None
        except (ValueError, RecursionError):
            raise _Damaged("could not be read") from None
        return parse_tickets(data)

    def _set_aside(self, what: str) -> str:
        assert self.path is not None
        try:
            aside = move_aside(self.path)
        except OSError as err:
            return (
                f"The tickets file {self.path} {what}, and it could not be moved aside "
                f"({describe(err)})."
            )
        return f"The tickets file {what} and was moved to {aside}."
