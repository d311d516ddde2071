"""A table the player hosts, kept as a save (`table.json`) so that it can be opened again.

It is a `SavedMatch` like the game against the computer's (the match's record, checked by
replaying it when read), whose options say what else the table needs: its join code, the
computer's level, who sat where and each seat's ticket, so that each person who joins again
with their ticket gets their seat back. The file is the host's alone (as every file of the
data directory, readable by its owner only): its tickets are secrets. The statistics file the host's own games under `PEOPLE`, apart from the computer's
levels.
"""

from __future__ import annotations

import base64
import binascii
from dataclasses import dataclass
from typing import Final

from ..choices import LEVELS
from ..record import Recorder
from .saves import Options, SavedMatch, UnusableSaveError, new_match_id

__all__ = ["PEOPLE", "TABLE_SAVE", "TableSnapshot", "from_saved", "to_saved"]

TABLE_SAVE: Final = "table.json"
PEOPLE: Final = "people"
"""What games against people are filed under in the statistics, beside the levels."""
_SEATS: Final = 4


@dataclass(frozen=True, slots=True)
class TableSnapshot:
    """What it takes to open a table again: its match, join code, level and people."""

    recorder: Recorder
    code: str
    names: tuple[str | None, ...]
    """Each seat's person, by name (None: a seat the computer plays)."""
    level: str
    headless: bool = False
    """The table had no seat of the host's own (`--headless`)."""
    port: int | None = None
    """The port it listened on (None: not known; the default is used)."""
    bind: str | None = None
    """The address it listened on (`--bind`; None: every address of the machine)."""
    tickets: tuple[bytes | None, ...] = ()
    """Each seat's ticket (None: a seat without one; none at all: a table kept by a version
    without tickets, whose seats are taken back by name)."""


_TICKET_BYTES: Final = 32


def to_saved(snapshot: TableSnapshot, match_id: str | None = None) -> SavedMatch:
    """The table as a save (a new match id unless `match_id` is given)."""
    options: Options = {
        "level": PEOPLE,
        "computer": snapshot.level,
        "code": snapshot.code,
        "headless": snapshot.headless,
        "port": snapshot.port,
        "bind": snapshot.bind,
    }
    for seat, name in enumerate(snapshot.names):
        options[f"seat{seat}"] = name
    for seat, ticket in enumerate(snapshot.tickets):
        options[f"ticket{seat}"] = None if ticket is None else base64.b64encode(ticket).decode()
    return SavedMatch(match_id or new_match_id(), snapshot.recorder, options)


def from_saved(saved: SavedMatch) -> TableSnapshot:
    """The table a save keeps.

    Raises:
        UnusableSaveError: the save is not a table's, or a field of it is not valid.
    """
    options = saved.options
    code, level = options.get("code"), options.get("computer")
    if not isinstance(code, str) or not 0 < len(code) <= 64 or not code.isprintable():
        raise UnusableSaveError("it keeps no valid join code")
    if level not in LEVELS:
        raise UnusableSaveError("it keeps no valid level for the computer")
    assert isinstance(level, str)
    players = saved.record.game_config.players
    names: list[str | None] = []
    for seat in range(players):
        name = options.get(f"seat{seat}")
        if name is not None and (
            not isinstance(name, str) or not 0 < len(name) <= 16 or not name.isprintable()
        ):
            raise UnusableSaveError("it keeps a name that is not valid")
        names.append(name)
    tickets = tuple(_ticket(options.get(f"ticket{seat}")) for seat in range(players))
    if any(
        f"{what}{seat}" in options for what in ("seat", "ticket") for seat in range(players, _SEATS)
    ):
        raise UnusableSaveError("it keeps more seats than its game has")
    headless = options.get("headless", False)
    if not isinstance(headless, bool):
        raise UnusableSaveError("it does not say whether the host had a seat")
    port, bind = options.get("port"), options.get("bind")
    if port is not None and (
        not isinstance(port, int) or isinstance(port, bool) or not 1 <= port <= 65535
    ):
        raise UnusableSaveError("it keeps a port that is not valid")
    if bind is not None and (
        not isinstance(bind, str) or not 0 < len(bind) <= 255 or not bind.isprintable()
    ):
        raise UnusableSaveError("it keeps an address that is not valid")
    return TableSnapshot(saved.recorder, code, tuple(names), level, headless, port, bind, tickets)


def _ticket(text: object) -> bytes | None:
    """A seat's ticket as the save keeps it (base64, or null).

    Raises:
        UnusableSaveError: not a ticket.
    """
    if text is None:
        return None
    try:
        data = base64.b64decode(text, validate=True) if isinstance(text, str) else b""
    except (binascii.Error, ValueError):
        data = b""
    if len(data) != _TICKET_BYTES:
        raise UnusableSaveError("it keeps a seat's ticket that is not valid")
    return data
