"""What a table tells the player at one of its seats (`News`), and what the screen asks of a
table (`Table`).

All of it is in the player's own frame: the player is seat 0 (see `cribbage.frame`).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import Protocol, TypeAlias

from ..events import Event
from ..match import MatchOver
from ..rules import Action, GameConfig
from ..view import MatchView

__all__ = [
    "Closed",
    "News",
    "Notice",
    "Presence",
    "Refused",
    "Said",
    "SeatInfo",
    "Seats",
    "Table",
    "Update",
]


@dataclass(frozen=True, slots=True)
class Update:
    """The events of one step as the seat may see them, and the match after them.

    `by` is the seat whose action it was (None for a step of the table's own: the next game
    of a match, or a new match).
    """

    events: tuple[Event | MatchOver, ...]
    match: MatchView
    by: int | None


@dataclass(frozen=True, slots=True)
class Refused:
    """The player's last action was not taken; `text` says why, in a sentence."""

    text: str


@dataclass(frozen=True, slots=True)
class Said:
    """`name` said `text` to the table (both made safe to show)."""

    name: str
    text: str


@dataclass(frozen=True, slots=True)
class Notice:
    """Something about the table to tell the player, in a sentence ("Ann has left")."""

    text: str


@dataclass(frozen=True, slots=True)
class Closed:
    """The table is gone for this player (the host left, the connection dropped); `text`
    says so in a sentence. Nothing more comes."""

    text: str


class Presence(Enum):
    """Who is at a seat."""

    PERSON = "person"
    """A person, connected."""
    AWAY = "away"
    """A person whose connection is gone: the table waits for them."""
    COMPUTER = "computer"
    EMPTY = "empty"
    """Nobody yet (before the game starts)."""


@dataclass(frozen=True, slots=True)
class SeatInfo:
    """A seat of the table: who sits there, by name."""

    name: str
    presence: Presence


@dataclass(frozen=True, slots=True)
class Seats:
    """Every seat of the table, in the player's frame (seat 0 is the player's own, or for an
    onlooker South's), and whether the game has started."""

    seats: tuple[SeatInfo, ...]
    started: bool = True


News: TypeAlias = Update | Refused | Said | Notice | Closed | Seats


class Table(Protocol):
    """A table the screen plays seat 0 of (in its own frame)."""

    @property
    def config(self) -> GameConfig:
        """The rules of each game, in the player's frame."""
        ...

    @property
    def seats(self) -> Seats | None:
        """Who sits where, by name; None for a game against the computer alone, whose seats
        are named by the screen."""
        ...

    @property
    def watching(self) -> bool:
        """True for an onlooker, who never acts."""
        ...

    @property
    def live(self) -> bool:
        """True when news may come by itself (others play from elsewhere): the screen then
        waits for it; a table of this process only moves when asked."""
        ...

    def snapshot(self) -> MatchView:
        """The match as it stands now (as the player's seat may know it)."""
        ...

    def news(self, timeout: float = 0) -> News | None:
        """The next piece of news, waiting at most `timeout` seconds; None when there is none.

        A table of this process moves the computers on here, one action at a time.
        """
        ...

    def act(self, action: Action) -> None:
        """Take the player's action (its seat is 0); the answer comes as news: an `Update`,
        or a `Refused` saying why not."""
        ...

    def next_game(self) -> None:
        """The player has seen the end of a game of an unfinished match: go on to the next."""
        ...
