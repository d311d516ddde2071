"""The table before its game starts: who has sat down, how to join, and the key that starts.

The host sees how others can join (the addresses, the port and the join code, as a command
to type) and the seats filling; Enter starts the game, and the computer takes the seats
still empty. The host may move the people who have joined from seat to seat (two seats'
numbers swap them: with partners, who plays beside whom) and draw a new join code (N).
Someone who has joined sees the same seats, may move to a free one (its number), and waits
for the host (on a table with no host at its screen, any player's Enter starts it). Talk
works here as in the game; q asks before it leaves (for the host, it closes the table).
"""

from __future__ import annotations

import textwrap
from collections.abc import Callable, Sequence
from typing import Final, Protocol

from ..choices import MATCH_POINTS, Counting, Overcount
from ..match import MatchConfig
from ..rules import GameConfig
from ..tables import Closed, Notice, Refused, Said, Table, Update
from ..tables.news import SEAT_PLACES, TALK_LENGTH, Hosting, Presence, SeatInfo
from ..variants import variant_of
from .keys import BACKSPACE, CODE_KEY, ENTER, ESCAPE, F10, REDRAW, RESIZE
from .screen import Screen, Style
from .words import Line, Tone

__all__ = ["LobbyState", "Opening", "describe", "lobby", "rules_line", "seat_key", "seat_words"]

_POLL: Final = 0.1
_MIN_ROWS: Final = 12
_MIN_COLS: Final = 50


class Opening(Table, Protocol):
    """A table with people, which has a lobby before its game."""

    @property
    def place(self) -> int | None:
        """The player's seat as the table numbers it (None: watching)."""
        ...

    def start(self) -> None:
        """Start the game (the host, or anyone at a table with no host at its screen)."""
        ...

    def sit(self, seat: int) -> None:
        """Move to the free seat `seat` (as the table numbers it) before the game."""
        ...


def describe(config: GameConfig, games: int | None, points: int | None) -> str:
    """The game of a table in a few words: 'Four-handed partners, to 121'."""
    what = variant_of(config).title
    line = f"{what}, to {config.target}"
    if points is not None:
        line += f", a match to {points} match points"
    elif games is not None and games > 1:
        line += f", a match of {games} games"
    return line


_OVERCOUNT: Final = {
    Overcount.RUTHLESS: "an over-count gives the excess to the opponent",
    Overcount.NONE: "an over-count is only corrected",
}


def rules_line(config: GameConfig, match: MatchConfig) -> str | None:
    """The table's rules beyond its game, in a sentence (None when they are the usual ones).

    >>> claimed = (Counting.CLAIMED, Counting.AUTOMATIC)
    >>> rules_line(GameConfig(counting=claimed, muggins=True), MatchConfig())
    'Rules: each person counts their own hands, with muggins.'
    >>> rules_line(GameConfig(), MatchConfig(games=None, points=5, values=(2, 3, 4)))
    'Rules: match points 2 a win, 3 a skunk, 4 a double skunk.'
    """
    said: list[str] = []
    if Counting.CLAIMED in config.counts:  # the host's way, which every person's is
        said.append(
            "each person counts their own hands" + (", with muggins" if config.muggins else "")
        )
        if config.overcount in _OVERCOUNT:
            said.append(_OVERCOUNT[config.overcount])
    if config.double_skunk_line == 0 and config.skunk_line is not None:
        said.append(f"the lurch: a loser under {config.skunk_line} loses a double game")
    if match.points is not None and match.values != MATCH_POINTS["games"]:
        win, skunk, double = match.values
        said.append(f"match points {win} a win, {skunk} a skunk, {double} a double skunk")
    return f"Rules: {'; '.join(said)}." if said else None


def lobby(
    screen: Screen,
    table: Opening,
    *,
    title: str,
    particulars: Callable[[], Sequence[str]],
    can_start: bool,
    notes: Sequence[str] = (),
    starter: str = "the host",
) -> tuple[bool, list[Line], Update | None]:
    """Wait on `screen` for the game at `table` to start.

    `particulars` gives the lines on how to join (asked afresh at each drawing: the join code
    may change). With `can_start`, Enter starts the game, else `starter` does ("the host",
    "a player"); `notes` open the messages. Returns whether the game started (False: the
    player left with q), the messages seen meanwhile, for the game's message log, and the
    first news of the game (what the player missed, when they join a game under way).
    """
    log: list[Line] = [Line(note, Tone.ERROR) for note in notes]
    state = LobbyState()
    hosting = table if isinstance(table, Hosting) else None
    while True:
        _draw(screen, table, title, particulars(), can_start, starter, log, state, hosting)
        key = screen.read_key(_POLL)
        while (news := table.news()) is not None:
            match news:
                case Update():
                    return True, log, news
                case Said():
                    log.append(Line(news.line, Tone.TALK))
                case Notice(text):
                    log.append(Line(text))
                case Refused(text):
                    log.append(Line(text, Tone.ERROR))
                case Closed():  # its sentence came as a notice
                    state.gone = True
                    state.asking = state.swapping = None
                    log.append(Line("q leaves; then join again the same way.", Tone.ERROR))
                case _:
                    pass
        if key is None or key in (RESIZE, REDRAW):
            continue
        if state.typing is not None:
            _type(table, state, key)
            continue
        if state.asking is not None:
            if key in ("y", "Y"):
                return False, log, None
            if key in ("n", "N", ESCAPE, "q", "Q", F10):
                state.asking = None
            continue
        if key in ("q", "Q", F10):
            if state.gone:
                return False, log, None
            state.asking = (
                "Close the table for everyone? (y/n)"
                if hosting is not None
                else "Leave the table? (y/n)"
            )
        elif state.gone:
            continue
        elif key == "m":
            state.typing = ""
        elif key in (ENTER, "s") and can_start:
            state.swapping = None
            table.start()
            resumed = table.seats is not None and table.seats.started
            log.append(Line("Going on..." if resumed else "Starting the game...", Tone.RESULT))
        elif key == CODE_KEY and hosting is not None:
            hosting.change_code()
        elif key == ESCAPE:
            state.swapping = None
        elif key.isdigit() and key.isascii():
            seat_key(table, hosting, state, int(key) - 1)


class LobbyState:
    """What the lobby is in the middle of: a line being typed, a question asked, the first
    of two seats chosen to swap, and whether the table has gone."""

    def __init__(self) -> None:
        self.typing: str | None = None
        self.asking: str | None = None
        self.swapping: int | None = None
        self.gone = False


def _type(table: Opening, state: LobbyState, key: str) -> None:
    typing = state.typing
    assert typing is not None
    if key == ENTER:
        if typing.strip():
            table.say(typing.strip())
        state.typing = None
    elif key == ESCAPE:
        state.typing = None
    elif key == BACKSPACE:
        state.typing = typing[:-1]
    elif len(key) == 1 and key.isprintable():
        state.typing = (typing + key)[:TALK_LENGTH]


def seat_key(table: Opening, hosting: Hosting | None, state: LobbyState, seat: int) -> None:
    """A seat's number, before the game: the host chooses two seats to swap their people;
    a player moves to a free seat (the table says no to one taken)."""
    seats = table.seats
    if seats is None or seats.started or not 0 <= seat < table.config.players:
        return
    if hosting is None:
        if table.place is not None and seat != table.place:
            table.sit(seat)
        return
    if seat == table.place:  # the host's own seat stays
        return
    if state.swapping is None:
        state.swapping = seat
        return
    first, state.swapping = state.swapping, None
    if first != seat:
        hosting.swap(first, seat)


def seat_words(info: SeatInfo, *, you: bool) -> str:
    """Who sits at a seat, as the lobby says it ('Ann (you)', 'empty: the computer plays if
    nobody sits here')."""
    if info.presence is Presence.EMPTY:
        return "empty: the computer plays if nobody sits here"
    if info.presence is Presence.AWAY:
        return f"{info.name} (gone: the table waits for them)"
    if info.presence is Presence.COMPUTER:
        return f"{info.name} (the computer)"
    return info.name + (" (you)" if you else "")


def _draw(
    screen: Screen,
    table: Opening,
    title: str,
    particulars: Sequence[str],
    can_start: bool,
    starter: str,
    log: list[Line],
    state: LobbyState,
    hosting: Hosting | None,
) -> None:
    rows, cols = screen.size()
    screen.clear()
    if rows < _MIN_ROWS or cols < _MIN_COLS:
        screen.put(0, 0, f"The table needs at least {_MIN_COLS}x{_MIN_ROWS}.")
        screen.put(1, 0, "Make the window larger, or press q to leave.")
        screen.refresh()
        return
    bold = Style(bold=True)
    y = 0
    screen.put(y, 0, title[:cols], bold)
    y += 2
    for text in particulars:
        for part in textwrap.wrap(text, cols - 1) or [""]:
            screen.put(y, 0, part)
            y += 1
    y += 1
    screen.put(y, 0, "Seats:", bold)
    y += 1
    places = SEAT_PLACES[table.config.players]
    seats = table.seats
    me = table.place
    for number, place in enumerate(places):
        if seats is None:
            break
        info = seats.seats[(number - (me or 0)) % len(places)]  # the player's frame: me is 0
        who = seat_words(info, you=number == me)
        partner = ""
        if table.config.partners:
            partner = "  North-South" if number % 2 == 0 else "  West-East"
        chosen = ">" if number == state.swapping else " "
        row = f"{chosen}{number + 1} {place:<6} {who}{partner}"
        screen.put(y, 1, row[: cols - 2], bold if number == state.swapping else Style())
        y += 1
    y += 1
    room = rows - y - 2
    if room > 0:
        wrapped = [
            Line(part, line.tone)
            for line in log
            for part in textwrap.wrap(line.text, cols - 1, subsequent_indent=" ")
        ]
        for line in wrapped[-room:]:
            screen.put(y, 0, line.text)
            y += 1
    status, keys = _bottom(table, can_start, starter, state, hosting)
    screen.put(rows - 2, 0, status[-(cols - 1) :] if state.typing is not None else status[:cols])
    screen.put(rows - 1, 0, keys[:cols])
    screen.refresh()


def _bottom(
    table: Opening, can_start: bool, starter: str, state: LobbyState, hosting: Hosting | None
) -> tuple[str, str]:
    """The lobby's two bottom lines: what is happening, and the keys."""
    if state.typing is not None:
        return f"Say: {state.typing}", "type, Enter sends   Esc: never mind"
    if state.asking is not None:
        return state.asking, "y yes   n no"
    if state.gone:
        return "The table has closed.", "q leave"
    seats = table.seats
    resumed = seats is not None and seats.started
    players = table.config.players
    if state.swapping is not None:
        place = SEAT_PLACES[players][state.swapping]
        return (
            f"Swap {place} with which seat? (1 to {players})",
            "a seat's number   Esc: never mind",
        )
    presences = {info.presence for info in seats.seats} if seats is not None else set()
    if can_start and resumed:
        waiting = "Enter goes on with the game" + (
            "; the table waits for those who are gone." if Presence.AWAY in presences else "."
        )
    elif can_start:
        waiting = "Enter starts the game" + (
            "; the computer takes the empty seats." if Presence.EMPTY in presences else "."
        )
    else:
        waiting = f"Waiting for {starter} to {'go on with' if resumed else 'start'} the game."
    keys = ["Enter start"] if can_start else []
    if not resumed and table.place is not None and players > 2:  # two: nobody to move
        keys.append(f"1-{players} {'swap seats' if hosting is not None else 'change seat'}")
    if hosting is not None:
        keys.append(f"{CODE_KEY} new code")
    keys += ["m talk", "q close" if hosting is not None else "q leave"]
    return waiting, "   ".join(keys)
