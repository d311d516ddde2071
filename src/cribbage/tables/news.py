"""What a table tells the player at one of its seats (`News`), and what the screen asks of a
table (`Table`).

All of it is in the player's own frame: the player is seat 0 (see `cribbage.frame`).
"""

from __future__ import annotations

import contextlib
import queue
from dataclasses import dataclass
from enum import Enum
from typing import Final, Protocol, TypeAlias, runtime_checkable

from .. import record
from ..events import Event
from ..match import MatchOver
from ..rules import Action, GameConfig
from ..view import MatchView

NAME_LENGTH: Final = record.NAME_LENGTH
"""The longest name at a table with people (and in its record)."""
TALK_LENGTH: Final = 200
"""The longest line of talk."""
SEAT_PLACES: Final = {
    2: ("South", "North"),
    3: ("South", "West", "East"),
    4: ("South", "West", "North", "East"),
}
"""Where a table's seats are, by the table's numbering: from South's side (the host's), in
turn to the left."""

__all__ = [
    "NAME_LENGTH",
    "SEAT_PLACES",
    "TALK_LENGTH",
    "Closed",
    "Hosting",
    "Inbox",
    "LiveTable",
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
    missed: bool = False
    """The events are what happened while the player was away: to be told, not played out
    (the match is already as they leave it)."""


@dataclass(frozen=True, slots=True)
class Refused:
    """The player's last action was not taken; `text` says why, in a sentence."""

    text: str


@dataclass(frozen=True, slots=True)
class Said:
    """`name` said `text` to the table (both made safe to show); `watching`: an onlooker."""

    name: str
    text: str
    watching: bool = False

    @property
    def line(self) -> str:
        """What was said, as the message log shows it.

        >>> Said("Ann", "hi").line, Said("Wat", "hi", watching=True).line
        ('Ann: hi', 'Wat (watching): hi')
        """
        return f"{self.name}{' (watching)' if self.watching else ''}: {self.text}"


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
    onlooker South's), whether the game has started, and whether it is under way (a table
    opened again waits for its host's word first)."""

    seats: tuple[SeatInfo, ...]
    started: bool = True
    playing: bool = True


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

    def chatter(self) -> list[News]:
        """The news about the people at the table that has come (talk, notices, seats), to
        show at once, even while the player is deciding."""
        ...

    def act(self, action: Action) -> None:
        """Take the player's action (its seat is 0); the answer comes as news: an `Update`,
        or a `Refused` saying why not."""
        ...

    def next_game(self) -> None:
        """The player has seen the end of a game of an unfinished match: go on to the next."""
        ...

    def again(self) -> None:
        """The player wants another match once this one is over; it comes as news (an
        `Update` of its start) when the table starts it."""
        ...

    def say(self, text: str) -> None:
        """Say `text` to the people at the table (a live table only)."""
        ...

    def away(self) -> tuple[int, ...]:
        """The seats of people who have gone, which this player may give to the computer
        (the host of a table, or anyone at a table with no host at its screen)."""
        ...

    def give(self, seat: int) -> None:
        """Let the computer play `seat` (one of `away()`) until its person comes back."""
        ...

    def rejoin(self) -> str | None:
        """After `Closed`: join the table again; None when back, else why not, in a
        sentence."""
        ...

    def leave(self) -> None:
        """The player is done with the table (quit, or no more games)."""
        ...


@runtime_checkable
class Hosting(Protocol):
    """What the host of a table with people may do at its screen besides playing its seat.
    Seats are numbered as the table numbers them (the host's is 0)."""

    @property
    def code(self) -> str:
        """The table's join code now."""
        ...

    def change_code(self) -> None:
        """Draw a new join code; the old one no longer opens the door."""
        ...

    def swap(self, a: int, b: int) -> None:
        """Before the game: the people at seats `a` and `b` change places (never the
        host's own)."""
        ...

    def freeable(self) -> tuple[int, ...]:
        """The seats of people who have gone that the host may free."""
        ...

    def free(self, seat: int) -> None:
        """Free `seat` for its person to take back from any machine, under its name."""
        ...


class Inbox:
    """The news of a table that lives in another thread (a connection, a server): put there,
    taken by the screen when it is ready, in order. News about the people (talk, notices,
    seats) is kept apart, to be shown at once even while the player decides. That the table
    has closed (`Closed`) is heard at once too, but only after the game's news that came
    before it: a player sees the end of the game the host has just closed the table on.

    `last` is the match as the screen has been told it: the last `Update` taken.
    """

    def __init__(self, game: queue.Queue[News] | None = None) -> None:
        """`game` is the queue the game's news waits in (a benchmark's, which notes when
        each comes; by default a plain one)."""
        self._game: queue.Queue[News] = game if game is not None else queue.Queue()
        self._people: queue.Queue[News] = queue.Queue()
        self._closed: queue.Queue[News] = queue.Queue()
        self.last: MatchView | None = None

    def post(self, news: News, *, chatter: bool = False) -> None:
        """Put `news` in (from any thread); `chatter` for news about the people."""
        if isinstance(news, Closed):
            self._closed.put(news)
        else:
            (self._people if chatter else self._game).put(news)

    def close(self, text: str) -> None:
        """The table has closed for this player, as `text` says: a notice, then `Closed`,
        both after the game's news that came before them."""
        self._closed.put(Notice(text))
        self._closed.put(Closed(text))

    def news(self, timeout: float = 0) -> News | None:
        """The next news, the people's first, waiting up to `timeout` seconds for the game's;
        the table's closing once the game's news before it has been taken."""
        found: News | None = None
        for source in (self._people, self._game, self._closed):
            with contextlib.suppress(queue.Empty):
                found = source.get_nowait()
                break
        if found is None and timeout > 0:
            with contextlib.suppress(queue.Empty):
                found = self._game.get(timeout=timeout)
        if isinstance(found, Update):
            self.last = found.match
        return found

    def chatter(self) -> list[News]:
        """Every piece of news about the people that has come, at once, and the table's
        closing when no news of the game is still to be taken before it."""
        found: list[News] = []
        with contextlib.suppress(queue.Empty):
            while True:
                found.append(self._people.get_nowait())
        with contextlib.suppress(queue.Empty):
            while self._game.empty():
                found.append(self._closed.get_nowait())
        return found


class LiveTable:
    """What every table whose news comes from another thread does alike: its news waits in
    `inbox`, and the table goes on to the next game by itself."""

    inbox: Inbox

    @property
    def live(self) -> bool:
        return True

    def snapshot(self) -> MatchView:
        if self.inbox.last is None:
            raise RuntimeError("The game has not started.")
        return self.inbox.last

    def news(self, timeout: float = 0) -> News | None:
        return self.inbox.news(timeout)

    def chatter(self) -> list[News]:
        return self.inbox.chatter()

    def next_game(self) -> None:
        pass  # the table goes on to the next game by itself
