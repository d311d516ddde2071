"""Tables: what the screen plays a seat of.

A table seats the players of a match. The screen plays one seat of it and does not know what
kind of table it has:

* `LocalTable`: the engine, the match's record and the computers at the other seats, all in
  this process (a game against the computer).
* a table hosted by someone else, or by this program for others to join
  (`cribbage.net`): the same news over a connection.

Everything a table tells its player is `News`, always in the player's own frame (see
`cribbage.frame`): the player is seat 0, the others follow to the left. An `Update` carries
the events of one action as that seat may see them and the match as it stands after them; a
`Refused` says why an action was not taken; the others are about the people at the table.
"""

from __future__ import annotations

from .core import TableCore
from .local import LocalTable
from .news import (
    Closed,
    News,
    Notice,
    Refused,
    Said,
    SeatInfo,
    Seats,
    Table,
    Update,
)

__all__ = [
    "Closed",
    "LocalTable",
    "News",
    "Notice",
    "Refused",
    "Said",
    "SeatInfo",
    "Seats",
    "Table",
    "TableCore",
    "Update",
]
