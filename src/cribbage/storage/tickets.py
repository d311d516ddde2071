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
"name": "Ann", "ticket": "<base64>"}]}`, read and written as every small file the program
keeps for the player (`kept.KeptFile`: readable by its owner alone). A file that is not one
is moved aside as `tickets.json.broken-<time>`, one sentence says so, and the player joins
without tickets (a seat then waits for the host to free it). A file from a newer version is
left as it is, and nothing is written over it.
"""

from __future__ import annotations

import base64
import binascii
import json
from dataclasses import dataclass
from pathlib import Path
from typing import Final

from .kept import Damaged, KeptFile, Words, header
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
_WORDS: Final = Words(
    title="The tickets file",
    lost="the tickets of your seats are not kept",
    fresh="a seat taken before it is the host's to free",
    failed="The ticket of your seat could not be kept",
)


@dataclass(frozen=True, slots=True)
class Ticket:
    """A seat's ticket: the table's address as the player joined it, and the name the
    player sat under (both to tell the player), and the secret."""

    table: str
    name: str
    secret: bytes


def parse_tickets(data: object) -> tuple[Ticket, ...]:
    """The tickets, from the file's parsed JSON.

    Raises:
        Damaged: it is not a tickets file.
        Newer: a newer version of the program wrote it.
    """
    items = header(data, TICKETS_FORMAT, TICKETS_VERSION, frozenset({"tickets"}))["tickets"]
    if not isinstance(items, list) or len(items) > KEPT:
        raise Damaged
    return tuple(_ticket(item) for item in items)


def _ticket(item: object) -> Ticket:
    if not isinstance(item, dict) or set(item) != {"table", "name", "ticket"}:
        raise Damaged
    table, name, secret = item["table"], item["name"], item["ticket"]
    if not all(
        isinstance(text, str) and 0 < len(text) <= _TEXT and text.isprintable()
        for text in (table, name, secret)
    ):
        raise Damaged
    try:
        data = base64.b64decode(secret, validate=True)
    except (binascii.Error, ValueError):
        raise Damaged from None
    if len(data) != TICKET_BYTES:
        raise Damaged
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
        if home is None:
            try:
                home = data_dir()
            except RuntimeError:  # no home directory known: nothing is kept
                home = None
        self.file: KeptFile[tuple[Ticket, ...]] = KeptFile(
            None if home is None else Path(home),
            TICKETS_NAME,
            parse=parse_tickets,
            dump=dump_tickets,
            empty=(),
            limit=_LIMIT,
            words=_WORDS,
        )
        self.path = self.file.path

    def load(self) -> tuple[tuple[Ticket, ...], str | None]:
        """The tickets kept, the newest first, and a sentence about the file, or None."""
        return self.file.load()

    def keep(self, ticket: Ticket) -> str | None:
        """Keep `ticket` first, in place of any other for the same table or with the same
        secret; a sentence if it could not be kept."""

        def kept(tickets: tuple[Ticket, ...]) -> tuple[Ticket, ...]:
            others = (t for t in tickets if t.table != ticket.table and t.secret != ticket.secret)
            return (ticket, *others)[:KEPT]

        return self.file.update(kept)
