"""A table that people join: the host's engine, its seats, and a server for the players.

`Host` opens a table on a port: people join with the code (`cribbage.net.channel`), each
takes a seat, and whoever starts the game (the host at its screen, or on a table with no
screen of its own any player) fills the empty seats with the computer. From then on every
action, from a player's connection, the host's own screen or a computer, goes through the
one `TableCore`, and each seat is sent what it may see of it (`TableCore.update_for`).

The server runs in a thread of its own with an asyncio loop; the engine is touched only
there. The host's own screen plays its seat through `HostSeat`, a `cribbage.tables.Table`
whose news comes from that loop, so the screen never waits on the network.

Strangers meet the door first (`cribbage.net.door`): limits per source and in all, turns at
the key exchange, slower turns after wrong codes. A person who takes a seat is given its
ticket, a secret their program keeps: a player whose connection is gone keeps the seat, and
only the ticket takes it back (the host may free a seat, for its person to take from another
machine under the same name). Everything a player sends is checked before it acts
(`messages.from_player`); a message that is malformed, over its size, out of turn or for
another seat, a connection that does not finish its handshake in 10 seconds or goes silent
for 15, or floods, is told why and closed, and the table plays on.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import hmac
import math
import os
import random
import secrets
import socket
import sys
import threading
import time
from collections import deque
from collections.abc import Callable, Iterable
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass, field, replace
from typing import Any, Final

from .. import choices
from ..computer import Computer
from ..errors import CribbageError, NotYourTurnError
from ..events import Event
from ..match import MatchConfig, MatchOver
from ..names import check_person_name, clean_name, name_key
from ..record import Recorder
from ..rules import Action, Counting, GameConfig, Phase, new_game
from ..scoring import score_hand
from ..storage.tables import TableSnapshot
from ..tables import News, Notice, Refused, Said, SeatInfo, Seats, TableCore
from ..tables.news import SEAT_PLACES, Inbox, LiveTable, Presence
from ..text import listed, visible
from ..view import view_for
from . import messages as m
from .channel import (
    Channel,
    ChannelError,
    Refusal,
    TooLarge,
    WrongCode,
    ready,
    table_handshake,
)
from .codes import new_code
from .door import Busy, Door, Visitor

__all__ = [
    "DEFAULT_PORT",
    "SEAT_NAMES",
    "Host",
    "HostError",
    "HostSeat",
    "seat_number",
    "why",
]

DEFAULT_PORT: Final = choices.DEFAULT_PORT
"""The port a table opens on unless told otherwise."""
HANDSHAKE_SECONDS: Final = 10.0
"""A connection must finish its handshake and say who joins within this time."""
HEARTBEAT_SECONDS: Final = 5.0
"""How often the table asks each player whether it is still there."""
SILENCE_SECONDS: Final = 15.0
"""A player heard nothing from for this long is gone (the heartbeat finds it)."""
MAX_WATCHERS: Final = 8
FLOOD_MESSAGES: Final = 60
"""More messages than this in one second is a flood: the connection is closed. Every message
counts, refused actions too, but for the actions the table takes (a program may play as fast
as the game goes, which the game's own length bounds)."""
TALK_MESSAGES: Final = 5
TALK_SECONDS: Final = 10.0
"""At most `TALK_MESSAGES` lines of talk in `TALK_SECONDS` from one player."""
LINGER_SECONDS: Final = 2.0
"""How long a connection the table hangs up on may go on sending before it is closed."""
MAX_LINGERING: Final = 32
"""Connections lingering so at once; more are closed at once (their last words may be lost)."""
MISSED_STEPS: Final = 400
"""Steps of the game kept to tell a player who joins again what happened meanwhile (a game
to 121 has some 150)."""
TICKET_BYTES: Final = m.TICKET_BYTES
SWITCH_SECONDS: Final = 0.001
"""How soon a thread computing hands the interpreter to the table's loop when it asks."""
ACCEPTS_AT_ONCE: Final = 8
"""Connections taken at each look: a flood of them is taken a few at a time, between the
players' messages."""
FILES: Final = 4096
"""File descriptors the table asks the system for, where it may (a connection is one)."""
BUFFER_LIMIT: Final = 4 * 1024 * 1024
"""A player that leaves this much unread is too slow, and is let go."""

SEAT_NAMES: Final = SEAT_PLACES


def _more_files() -> None:
    """Ask the system for room for `FILES` connections, where it allows a process more than
    it gives at first (macOS gives 256)."""
    if sys.platform == "win32":
        return
    import resource

    with contextlib.suppress(ValueError, OSError):
        soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
        wanted = FILES if hard == resource.RLIM_INFINITY else min(FILES, hard)
        if soft != resource.RLIM_INFINITY and soft < wanted:
            resource.setrlimit(resource.RLIMIT_NOFILE, (wanted, hard))


class HostError(Exception):
    """The table cannot open (the port is in use, the address is not this machine's); the
    text says so in a sentence."""


def why(err: OSError) -> str:
    """What went wrong with the network, in the system's words (without Python's)."""
    if isinstance(err.errno, int) and err.errno > 0:
        return os.strerror(err.errno).lower()
    if isinstance(err, socket.gaierror) and err.strerror:  # a name lookup's own words
        return err.strerror.lower()
    return "the network did not say why"


def seat_number(text: str, players: int) -> int:
    """The seat `text` names at a table of `players`: a compass point or its number from 1.

    >>> seat_number("west", 4), seat_number("2", 4), seat_number("North", 2)
    (1, 1, 1)

    Raises:
        ValueError: no such seat, in a sentence that lists the seats.
    """
    names = SEAT_NAMES[players]
    word = text.strip().lower()
    for number, name in enumerate(names):
        if word in (name.lower(), str(number + 1)):
            return number
    *most, last = (name.lower() for name in names)
    listed = f"{', '.join(most)} or {last}"
    raise ValueError(f"A seat at this table of {players} is {listed} (or 1 to {players}).")


@dataclass(slots=True)
class _Conn:
    """A player's connection (or an onlooker's)."""

    channel: Channel
    peer: str
    seat: int | None = None
    watcher: bool = False
    heard: float = 0.0
    """When the player was last heard from."""
    recent: deque[float] = field(default_factory=deque)
    talked: deque[float] = field(default_factory=deque)
    again: bool = False
    closed: bool = False
    name: str = ""


@dataclass(slots=True)
class _Seat:
    name: str = ""
    presence: Presence = Presence.EMPTY
    conn: _Conn | None = None
    local: bool = False
    """The host's own screen plays this seat."""
    owner: str | None = None
    """The person a seat given to the computer belongs to (who may take it back)."""
    ticket: bytes | None = None
    """The secret its person was given, which alone takes the seat back (None: the host's
    own seat, a seat nobody has, or one freed to be taken back by its name)."""
    left_at: int = 0
    """The step of the game at which its person's connection was lost."""

    @property
    def person(self) -> str | None:
        """The name of the person whose seat it is, gone or not (None: nobody's)."""
        if self.presence in (Presence.PERSON, Presence.AWAY):
            return self.name
        return self.owner


class Host:
    """A table open on the network (see the module's description).

    `own_name` seats the host's screen at seat 0 (None: a table with no screen of its own).
    `on_news` hears, from the server's thread, each step's events as an onlooker sees them,
    with the seats' names, and `on_notice` each sentence about the table (for a table with
    no screen, which prints them). `keep` is called after every step with what it takes to
    open the table again (to save it). `tap` hears every message sent to a seat before it
    is encrypted (seat None: an onlooker), for tests that check what each seat is told.
    What `keep` answers (a sentence when the table could not be kept) is told to the host.
    """

    def __init__(
        self,
        game: GameConfig,
        match: MatchConfig,
        *,
        level: str = "expert",
        counting: Counting = Counting.AUTOMATIC,
        own_name: str | None = None,
        code: str | None = None,
        bind: str | None = None,
        port: int = DEFAULT_PORT,
        seed: int | None = None,
        resume: TableSnapshot | None = None,
        on_news: Callable[[tuple[Event | MatchOver, ...], tuple[str, ...]], None] | None = None,
        on_notice: Callable[[str], None] | None = None,
        keep: Callable[[TableSnapshot], str | None] | None = None,
        tap: Callable[[int | None, dict[str, Any]], None] | None = None,
    ) -> None:
        self.game_config = game
        self.match_config = match
        self.level = level
        self.counting = counting
        """How each person counts their own hands (the computers' are counted for them)."""
        self.code = code or new_code()
        self.bind = bind
        self.port = port
        self.rng = random.Random(seed)
        self.on_news = on_news
        self.on_notice = on_notice
        self.keep = keep
        self.tap = tap
        players = game.players
        self.seats = [_Seat() for _ in range(players)]
        self.watchers: list[_Conn] = []
        self.core: TableCore | None = None
        self.started = False
        """The game exists (it started, or was resumed)."""
        self.playing = False
        """The table is past its lobby: the computers play (a resumed table waits for the
        host's word, as a new one does)."""
        self.host_again = False
        """The host has asked for another match (which waits for the players' answers)."""
        self.door = Door(handshake_seconds=HANDSHAKE_SECONDS)
        self.lingering = 0
        """Connections being hung up on that may still send their last words."""
        self.steps = 0
        """Steps of the game told so far."""
        self.history: deque[tuple[int, tuple[Event | MatchOver, ...], int | None]] = deque(
            maxlen=MISSED_STEPS
        )
        """The last steps told: their number, their events and whose action it was."""
        self.closing = False
        self.ended = threading.Event()
        """Set once the table has closed."""
        self.local: HostSeat | None = None
        if own_name is not None:
            self.seats[0] = _Seat(clean_name(own_name), Presence.PERSON, local=True)
            self.local = HostSeat(self)
        if resume is not None:
            self._resume(resume)
        self.loop: asyncio.AbstractEventLoop = asyncio.SelectorEventLoop()
        """The table's loop: a selector's on every system (Windows' default cannot watch a
        socket for the table's own accepting, `_accept`)."""
        self.thread: threading.Thread | None = None
        self.sockets: list[socket.socket] = []
        self._thinking = False
        self._computers = ThreadPoolExecutor(max_workers=1, thread_name_prefix="computer")
        self._keeping = ThreadPoolExecutor(max_workers=1, thread_name_prefix="keep")
        self._pakes = ThreadPoolExecutor(max_workers=1, thread_name_prefix="pake")
        """Where the key exchanges' arithmetic is done: one at a time, as the door allows."""
        self._handlers: set[asyncio.Task[None]] = set()
        """The task of each connection, to end them all when the table closes."""

    # -- opening and closing (from the caller's thread)

    def open(self) -> tuple[str, int]:
        """Listen on the port and start serving; return the address bound and the port.

        Raises:
            HostError: the port is in use or cannot be used, or the address is not this
                machine's, said in a sentence.
        """
        host = self.bind or None
        six = host is not None and ":" in host
        try:
            sock = socket.create_server(
                (host or "", self.port),
                family=socket.AF_INET6 if six else socket.AF_INET,
                reuse_port=False,
                # every address of the machine, IPv4 ones too (as they are listed to join at)
                dualstack_ipv6=host == "::" and socket.has_dualstack_ipv6(),
            )
        except OSError as err:
            if isinstance(err, socket.gaierror) or (err.errno or 0) < 0:  # a name not known
                raise HostError(
                    f"{host} is not an address of this machine: name one of its own with "
                    "--bind (the port goes with --port), or leave --bind out to listen on all "
                    "of them."
                ) from None
            where = f"{host or 'every address'} port {self.port}"
            if err.errno in (98, 48, 10048):  # EADDRINUSE on Linux, macOS, Windows
                raise HostError(
                    f"Port {self.port} is in use on this machine: choose another with --port."
                ) from None
            if err.errno in (99, 49, 10049):  # EADDRNOTAVAIL
                raise HostError(
                    f"{host} is not an address of this machine: name one of its own with "
                    "--bind, or leave --bind out to listen on all of them."
                ) from None
            raise HostError(f"The table cannot listen on {where} ({why(err)}).") from None
        self.sockets = [sock]
        self.port = sock.getsockname()[1]
        _more_files()
        # The key exchanges' arithmetic (and the computer's thinking) run in threads of
        # their own, in pure Python: they hand the interpreter back to the table's loop
        # within a millisecond of its asking, not five, so players are answered at once.
        sys.setswitchinterval(SWITCH_SECONDS)
        self._warm_up()
        self.thread = threading.Thread(target=self._run, name="table", daemon=True)
        self.thread.start()
        return sock.getsockname()[0], self.port

    def _warm_up(self) -> None:
        """Build the tables the scoring and the computer make on first use, now, so that no
        player's action waits for them in the middle of the game; then set everything made
        so far aside from the garbage collector, whose full passes over those tables would
        otherwise stop the table for tens of milliseconds while connections come and go."""
        game = new_game(self.game_config, seed=0, dealer=0)
        Computer(self.level, 0).act(view_for(game, 1))
        score_hand(game.hands[0][:4], game.hands[0][4])
        ready(self.code)
        gc.collect()
        gc.freeze()

    def close(self, text: str = "The host has closed the table.") -> None:
        """Tell everyone the table is closing, close it, and wait for the server to stop."""
        if self.thread is not None and self.thread.is_alive():
            if not self.ended.is_set() and not self.loop.is_closed():
                closing = self._close(text)
                try:
                    asyncio.run_coroutine_threadsafe(closing, self.loop).result(5)
                except (RuntimeError, TimeoutError):  # the loop stopped meanwhile
                    closing.close()
            self.thread.join(5)
        self._computers.shutdown(wait=False, cancel_futures=True)
        self._pakes.shutdown(wait=False, cancel_futures=True)
        self._keeping.shutdown(wait=True)  # the last step is kept before the program ends

    def call(self, function: Callable[[], object]) -> None:
        """Run `function` in the server's thread (from any thread)."""
        with contextlib.suppress(RuntimeError):  # closed: nothing is done any more
            self.loop.call_soon_threadsafe(function)

    def _run(self) -> None:
        asyncio.set_event_loop(self.loop)
        try:
            self.loop.run_until_complete(self._serve())
        finally:
            self.loop.close()
            self.ended.set()

    async def _serve(self) -> None:
        self._stopped = asyncio.Event()
        listening = self.sockets[0]
        listening.setblocking(False)
        self.loop.add_reader(listening.fileno(), self._accept, listening)
        heartbeat = asyncio.create_task(self._heartbeat())
        try:
            await self._stopped.wait()
        finally:
            heartbeat.cancel()
            self.loop.remove_reader(listening.fileno())
            listening.close()
            self.closing = True
            handlers = list(self._handlers)
            for task in handlers:  # the last words are out: every connection ends now
                task.cancel()
            with contextlib.suppress(Exception):
                await asyncio.wait_for(asyncio.gather(*handlers, return_exceptions=True), 2)

    def _accept(self, listening: socket.socket) -> None:
        """Take the connections waiting, a few at a time (the players' messages are read
        in between): each the door hangs up on is closed at once, before anything is made
        for it; the others are handled (`_handle`)."""
        for _ in range(ACCEPTS_AT_ONCE):
            try:
                sock, address = listening.accept()
            except (BlockingIOError, InterruptedError):
                return
            except OSError:  # out of file descriptors, say: look again in a moment
                self.loop.remove_reader(listening.fileno())
                self.loop.call_later(0.1, self._accept_again, listening)
                return
            door = _DoorSide(sock)
            visitor = None if self.closing else self.door.enter(str(address[0]), door.close)
            if visitor is None:  # its source opens connections too quickly
                sock.close()
                continue
            self.loop.create_task(self._admit(sock, door, visitor))

    def _accept_again(self, listening: socket.socket) -> None:
        if not self.closing and listening.fileno() >= 0:
            self.loop.add_reader(listening.fileno(), self._accept, listening)

    def _watch(self, task: asyncio.Task[None] | None) -> None:
        """Keep `task`, a connection's, to end it when the table closes (and not in a local
        variable of its own frame: a task and its frame holding each other are garbage the
        collector must find, and thousands of connections make its passes long)."""
        assert task is not None
        self._handlers.add(task)
        task.add_done_callback(self._handlers.discard)

    async def _admit(self, sock: socket.socket, door: _DoorSide, visitor: Visitor) -> None:
        """A connection the door let in: its reader and writer, then `_handle`."""
        self._watch(asyncio.current_task())
        reader = asyncio.StreamReader()
        try:
            transport, protocol = await self.loop.connect_accepted_socket(
                lambda: asyncio.StreamReaderProtocol(reader), sock
            )
        except (OSError, asyncio.CancelledError):
            self.door.left(visitor)
            sock.close()
            return
        door.transport = transport
        writer = asyncio.StreamWriter(transport, protocol, reader, self.loop)
        await self._handle(reader, writer, visitor)

    async def _close(self, text: str) -> None:
        self.closing = True
        for conn in self._connections():
            self._send(conn, m.text_message("bye", text))
            await self._drain(conn)
            conn.channel.close()
        self._stopped.set()

    # -- the seats

    def seat_infos(self) -> tuple[SeatInfo, ...]:
        """Every seat, by name, in the table's order."""
        return tuple(
            SeatInfo(seat.name or SEAT_NAMES[len(self.seats)][i], seat.presence)
            for i, seat in enumerate(self.seats)
        )

    def names(self) -> tuple[str, ...]:
        return tuple(info.name for info in self.seat_infos())

    def _connections(self) -> list[_Conn]:
        conns = [seat.conn for seat in self.seats if seat.conn is not None]
        return conns + list(self.watchers)

    def _held(self, proofs: tuple[bytes, ...], channel: Channel) -> int | None:
        """The seat whose ticket the joiner shows it holds (`Channel.seat_proof`), if any."""
        for number, seat in enumerate(self.seats):
            if seat.ticket is None:
                continue
            mine = channel.seat_proof(seat.ticket)
            if any(hmac.compare_digest(proof, mine) for proof in proofs):
                return number
        return None

    def _seat_for(self, join: m.Join, channel: Channel) -> int | None:
        """The seat a joining player takes (None: watching): the seat whose ticket they
        hold, else a free one before the game.

        Raises:
            ValueError: no seat for them, in a sentence.
        """
        name = clean_name(join.name)
        check_person_name(name)
        if join.watch:
            if len(self.watchers) >= MAX_WATCHERS:
                raise ValueError("The table has as many onlookers as it can take.")
            return None
        held = self._held(join.proofs, channel)
        if held is not None:
            return held
        key = name_key(name)
        for number, seat in enumerate(self.seats):
            person = seat.person
            if person is None or name_key(person) != key:
                continue
            if seat.local and self.started:
                raise ValueError(
                    f"{person} is the host's name at this table: choose another with --name."
                )
            if not seat.local and seat.ticket is None and seat.presence is not Presence.PERSON:
                return number  # freed by the host (or kept by a table without tickets)
            if self.started:
                raise ValueError(
                    f"{person} has a seat at this table, which only the program {person} sat "
                    "down with can take back. From another machine, ask the host to free "
                    "the seat; if you are not "
                    f"{person}, choose another name with --name."
                )
        if self.started:
            waiting = [seat.name for seat in self.seats if seat.presence is Presence.AWAY]
            if waiting:
                raise ValueError(
                    f"The game at this table has started, and its seats wait for their "
                    f"players ({listed(waiting)}): watch it with --watch."
                )
            raise ValueError(
                "The game at this table has started, and every seat is taken: watch it "
                "with --watch."
            )
        free = self._free_seats()
        names = SEAT_NAMES[len(self.seats)]
        if not free:
            raise ValueError("The table is full. Watch its game with --watch instead.")
        if join.seat is not None:
            wanted = seat_number(join.seat, len(self.seats))  # ValueError: no such seat
            if wanted not in free:
                free_ones = listed([names[n] for n in sorted(free)])
                raise ValueError(f"The seat {names[wanted]} is taken; free: {free_ones}.")
            return wanted
        return free[0]

    def _free_seats(self) -> list[int]:
        """The empty seats, in the order people are given them: with partners the host's
        partner first, so that the first friend to join plays beside the host."""
        order = (0, 2, 1, 3) if self.game_config.partners else range(len(self.seats))
        return [n for n in order if self.seats[n].presence is Presence.EMPTY]

    def _unique(self, name: str, seat: int | None) -> str:
        """`name`, or with a number after it when another person at the table (`seat`
        aside), or an onlooker, has a name that looks the same."""
        taken = {name_key(s.name) for n, s in enumerate(self.seats) if n != seat and s.name}
        taken |= {name_key(conn.name) for conn in self.watchers}
        if name_key(name) not in taken:
            return name
        for number in range(2, 10):
            suffix = f" {number}"
            candidate = name[: m.NAME_LENGTH - len(suffix)] + suffix
            if name_key(candidate) not in taken:
                return candidate
        return "Player" if seat is None else f"Player {seat + 1}"

    def _seats_changed(self) -> None:
        infos = self.seat_infos()
        for conn in self._connections():
            self._send(conn, m.seats_message(infos, self.started, self.playing))
        if self.local is not None:
            self.local.post(Seats(infos, self.started, self.playing), chatter=True)

    def _notice(
        self, text: str, *, seats: Iterable[int] | None = None, but: int | None = None
    ) -> None:
        """Tell the people at the table and its onlookers (or only `seats`), but not the
        seat `but`, and the host."""
        chosen = set(range(len(self.seats))) if seats is None else set(seats)
        chosen.discard(but)  # None: nobody left out
        for number, seat in enumerate(self.seats):
            if number in chosen and seat.conn is not None:
                self._send(seat.conn, m.text_message("notice", text))
        if seats is None:
            for conn in self.watchers:
                self._send(conn, m.text_message("notice", text))
        if self.local is not None and 0 in chosen:
            self.local.post(Notice(text), chatter=True)
        if self.on_notice is not None:
            self.on_notice(text)

    def _tell_host(self, text: str) -> None:
        """Tell the host alone (its screen, or the lines a table with no screen prints)."""
        self._notice(text, seats=[0])

    # -- what the host may do

    def swap(self, a: int, b: int) -> None:
        """Before the game, the people (or the empty places) at seats `a` and `b` change
        places; the host's own seat stays where it is."""
        n = len(self.seats)
        if self.started or a == b or not (0 <= a < n and 0 <= b < n):
            return
        if self.seats[a].local or self.seats[b].local:
            return
        self.seats[a], self.seats[b] = self.seats[b], self.seats[a]
        moved = []
        for number in (a, b):
            seat = self.seats[number]
            if seat.conn is not None:
                seat.conn.seat = number
                self._welcome(seat.conn, number)
            if seat.presence is Presence.PERSON:
                moved.append(f"{seat.name} sits {SEAT_NAMES[n][number]}")
        self._seats_changed()
        if moved:
            self._notice(f"{' and '.join(moved)} now.")

    def _sit(self, conn: _Conn, seat: int) -> None:
        """A player moves to the free seat `seat` before the game."""
        if conn.seat is None:
            return
        names = SEAT_NAMES[len(self.seats)]
        if self.started:
            self._send(conn, m.text_message("refused", "The game has started: seats stay."))
        elif not 0 <= seat < len(self.seats):
            self._send(conn, m.text_message("refused", "There is no such seat."))
        elif self.seats[seat].presence is not Presence.EMPTY:
            self._send(conn, m.text_message("refused", f"The seat {names[seat]} is taken."))
        else:
            self.swap(conn.seat, seat)

    def free(self, seat: int) -> None:
        """Free the seat of a person who has gone, for them to take back from any machine
        by joining under its name (their ticket is then worth nothing)."""
        if not 0 <= seat < len(self.seats):
            return
        place = self.seats[seat]
        person = place.person
        if place.local or person is None or place.presence is Presence.PERSON:
            return
        if place.ticket is None:
            return
        place.ticket = None
        self._tell_host(
            f"{person}'s seat is free: {person} takes it back joining under that name, from "
            "any machine."
        )
        self._keep()

    def freeable(self) -> tuple[int, ...]:
        """The seats the host may free: those of people who have gone, not yet freed."""
        return tuple(
            n
            for n, seat in enumerate(self.seats)
            if not seat.local
            and seat.person is not None
            and seat.presence is not Presence.PERSON
            and seat.ticket is not None
        )

    def change_code(self) -> None:
        """Draw a new join code: the old one no longer opens the door. The people seated
        are told the new one (to join again with); onlookers are not."""
        self.code = new_code()
        ready(self.code)
        for seat in self.seats:
            if seat.conn is not None:
                self._send(seat.conn, {"type": "code", "code": self.code})
        self._tell_host(f"The join code is now {self.code}.")
        self._keep()  # a table opened again opens with the new code

    def _report(self) -> None:
        """Tell the host of the wrong codes tried, at most once a minute."""
        text = self.door.report()
        if text is not None:
            self._tell_host(text)

    # -- connections

    async def _handle(
        self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter, visitor: Visitor
    ) -> None:
        transport = writer.transport
        if self.closing:
            self.door.left(visitor)
            transport.abort()
            return
        sock = writer.get_extra_info("socket")
        if sock is not None:  # each message goes at once, not held back for an earlier one's ack
            with contextlib.suppress(OSError):
                sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        conn: _Conn | None = None
        try:
            try:  # not wait_for, whose task for the handshake, holding the exception that
                # ends it, and the frame waiting on it, hold each other: garbage to collect
                async with asyncio.timeout(HANDSHAKE_SECONDS):
                    conn = await self._introduce(reader, writer, visitor)
            finally:
                self.door.left(visitor)
                self._report()
            if conn is not None:
                await self._listen(conn)
        except (
            TimeoutError,
            ChannelError,
            Busy,
            asyncio.IncompleteReadError,
            ConnectionError,
            OSError,
        ):
            if conn is not None:
                self._leave(conn, quit=False)
        except Exception:  # a bug: this player goes, the table plays on
            if conn is not None:
                self._close_conn(conn, "The table could not go on with your connection.")
            raise
        finally:
            await self._hang_up(reader, writer)

    async def _hang_up(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        """Close a connection so that what was last said reaches the player: say no more,
        let the player finish (its messages still on the way are read and dropped, so that
        the system does not reset the connection over the last words), then close. With
        `MAX_LINGERING` lingering already, close at once."""
        if writer.is_closing() or self.closing or self.lingering >= MAX_LINGERING:
            writer.transport.abort()
            return
        self.lingering += 1
        try:
            with contextlib.suppress(Exception):
                if writer.can_write_eof():
                    writer.write_eof()
                async with asyncio.timeout(LINGER_SECONDS):
                    while await reader.read(4096):
                        pass
        finally:
            self.lingering -= 1
            writer.close()

    async def _introduce(
        self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter, visitor: Visitor
    ) -> _Conn | None:
        """The handshake and the join, within `HANDSHAKE_SECONDS`: the player's connection,
        seated, or None when it was turned away."""
        door = self.door

        async def turn() -> None:
            barred = door.barred(visitor)
            if barred:
                raise Refusal(
                    "Too many wrong join codes came from your address: try again in "
                    f"{_wait_words(barred)}."
                )
            try:
                async with asyncio.timeout_at(visitor.deadline - 0.5):
                    await door.turn(visitor)
            except TimeoutError:
                raise Refusal(
                    "The table is busy with others joining: try again in a moment."
                ) from None

        try:
            channel = await table_handshake(
                reader, writer, self.code, turn=turn, executor=self._pakes
            )
        except WrongCode:
            door.judged(visitor, right=False)
            return None
        door.judged(visitor, right=True)
        conn = _Conn(channel, visitor.source, heard=time.monotonic())
        try:
            join = m.from_player(await channel.receive())
        except (m.MessageError, ChannelError) as err:
            self._refuse(conn, f"The table expected to be told who joins ({err}).")
            return None
        if not isinstance(join, m.Join):
            self._refuse(conn, "The table expected to be told who joins first.")
            return None
        try:
            self._seat(conn, join)
        except ValueError as err:
            self._refuse(conn, str(err))
            return None
        return conn

    def _refuse(self, conn: _Conn, text: str) -> None:
        """Turn a player away before it has a seat, saying why (the connection's handler
        then hangs up)."""
        self._send(conn, m.text_message("error", text))
        conn.closed = True

    def _welcome(self, conn: _Conn, seat: int | None) -> None:
        ticket = None if seat is None else self.seats[seat].ticket
        hosted = self.local is not None
        self._send(
            conn,
            m.welcome(seat, self.game_config, self.match_config, self.level, hosted, ticket),
        )

    def _seat(self, conn: _Conn, join: m.Join) -> None:
        number = self._seat_for(join, conn.channel)
        name = clean_name(join.name)
        if number is None:
            conn.watcher = True
            conn.name = self._unique(name, None)
            self.watchers.append(conn)
            self._welcome(conn, None)
            self._send(conn, m.seats_message(self.seat_infos(), self.started, self.playing))
            if self.core is not None and self.playing:
                self._send_update(conn, None, (), None)
            self._notice(f"{conn.name} is watching.")
            return
        seat = self.seats[number]
        back = seat.person is not None
        if seat.conn is not None:  # its person again, from a new connection: the old one goes
            old = seat.conn
            seat.conn, old.seat = None, None
            self._close_conn(old, "You joined the table again elsewhere.")
        if back and self.core is not None:
            self.core.computers.pop(number, None)
        if back:
            seat.name = seat.person or seat.name
        else:
            seat.name = self._unique(name, number)
        if seat.ticket is None:  # a new seat, or one freed by the host
            seat.ticket = secrets.token_bytes(TICKET_BYTES)
        seat.presence = Presence.PERSON
        seat.conn = conn
        seat.owner = None
        conn.seat = number
        conn.name = seat.name
        self._welcome(conn, number)
        self._seats_changed()
        if self.core is not None and self.playing:  # else the game is shown once it goes on
            missed = self._missed(number) if back else ()
            update = self.core.update_for(number, missed, None)
            self._send(conn, m.update_message(update.events, update.match, None, missed=True))
        said = f"{seat.name} is back." if back else f"{seat.name} has joined."
        self._notice(said, but=number)  # the player's own screen says so in its words
        self._keep()  # the seat's ticket, to open the table again with
        self._advance()

    def _missed(self, seat: int) -> tuple[Event | MatchOver, ...]:
        """What `seat` may see of the steps since its person's connection was lost."""
        assert self.core is not None
        since = self.seats[seat].left_at
        found: list[Event | MatchOver] = []
        for step, events, by in self.history:
            if step > since:
                found.extend(self.core.update_for(seat, events, by).events)
        return tuple(found)

    async def _listen(self, conn: _Conn) -> None:
        channel = conn.channel
        while not conn.closed:
            try:
                async with asyncio.timeout(SILENCE_SECONDS):
                    data = await channel.receive()
            except TimeoutError:
                self._close_conn(conn, "Nothing was heard from you for 15 seconds.")
                return
            except TooLarge as err:
                self._close_conn(conn, str(err))
                return
            except ChannelError as err:
                self._close_conn(conn, str(err))
                return
            now = time.monotonic()
            conn.heard = now
            conn.recent.append(now)
            while conn.recent and conn.recent[0] < now - 1:
                conn.recent.popleft()
            if len(conn.recent) > FLOOD_MESSAGES:
                self._close_conn(conn, "Too many messages: the table cannot keep up.")
                return
            try:
                message = m.from_player(data)
            except m.MessageError as err:
                self._close_conn(conn, f"The table cannot read a message: {err}.")
                return
            if self._dispatch(conn, message):  # the game went on: its own pace, no flood
                conn.recent.pop()
            await self._drain(conn)

    async def _drain(self, conn: _Conn) -> None:
        with contextlib.suppress(ConnectionError, OSError):
            await conn.channel.writer.drain()

    def _dispatch(self, conn: _Conn, message: m.FromPlayer) -> bool:
        """Act on `message`; True when it was an action the table took."""
        match message:
            case m.Ping():
                self._send(conn, {"type": "pong"})
            case m.Pong():
                pass
            case m.Bye():
                self._leave(conn, quit=True)
            case m.Join():
                self._close_conn(conn, "You have joined the table already.")
            case _ if conn.watcher:
                if isinstance(message, m.Talk):
                    self._talk(conn, message.text)
                else:
                    self._close_conn(conn, "An onlooker only watches and talks.")
            case m.TakeAction(action):
                assert conn.seat is not None
                return self._take(conn, conn.seat, action)
            case m.Talk(text):
                self._talk(conn, text)
            case m.Start():
                if self.local is not None:
                    self._send(conn, m.text_message("refused", "The host starts the game."))
                else:
                    self.start()
            case m.Again():
                conn.again = True
                self._maybe_again()
            case m.Give(seat):
                if self.local is not None:
                    self._send(conn, m.text_message("refused", "The host gives seats away."))
                else:
                    self.give(seat)
            case m.Sit(seat):
                self._sit(conn, seat)
        return False

    def _take(self, conn: _Conn, seat: int, action: Action) -> bool:
        if action.seat != seat:
            self._close_conn(conn, "An action was sent for another player's seat.")
            return False
        if self.core is None:
            self._close_conn(conn, "An action was sent before the game started.")
            return False
        if not self.playing:  # a table opened again, before the host goes on with it
            self._send(conn, m.text_message("refused", "The game goes on once the host says so."))
            return False
        return self.act(seat, action, conn)

    def act(self, seat: int, action: Action, conn: _Conn | None = None) -> bool:
        """`seat`'s action, checked by the engine; the news goes to every seat. True when
        the engine took it."""
        core = self.core
        if core is None or seat in core.computers:
            return False
        try:
            events = core.apply(action)
        except NotYourTurnError as err:
            if conn is not None:
                self._close_conn(conn, f"An action out of turn: {err}")
            else:
                self._post_local(Refused(str(err)))
            return False
        except CribbageError as err:
            if conn is not None:
                self._send(conn, m.text_message("refused", str(err)))
            else:
                self._post_local(Refused(str(err)))
            return False
        self._broadcast(events, seat)
        self._advance()
        return True

    def _talk(self, conn: _Conn, text: str) -> None:
        now = time.monotonic()
        while conn.talked and conn.talked[0] < now - TALK_SECONDS:
            conn.talked.popleft()
        if len(conn.talked) >= TALK_MESSAGES:
            self._send(conn, m.text_message("refused", "You are talking too fast: wait a moment."))
            return
        conn.talked.append(now)
        name = self.seats[conn.seat].name if conn.seat is not None else conn.name
        self.say(name, text, watching=conn.watcher)

    def say(self, name: str, text: str, *, watching: bool = False) -> None:
        """Tell everyone at the table that `name` said `text` (made safe to show); an
        onlooker's words are marked as an onlooker's (`watching`)."""
        said = Said(name, visible(text)[: m.TALK_LENGTH], watching)
        for conn in self._connections():
            self._send(conn, m.said_message(said.name, said.text, watching))
        if self.local is not None:
            self.local.post(said, chatter=True)
        if self.on_notice is not None:
            self.on_notice(said.line)

    def _leave(self, conn: _Conn, *, quit: bool, hang_up: bool = True) -> None:
        """`conn` has gone (it said so, or the connection is lost); `hang_up` closes the
        connection now (else its handler hangs up once the last words are out)."""
        conn.closed = True
        if hang_up:
            conn.channel.close()
        if conn.watcher:
            if conn in self.watchers:
                self.watchers.remove(conn)
                if not self.closing:
                    self._notice(f"{conn.name} has stopped watching.")
            self._maybe_again()  # the last to leave a table with no host closes it
            return
        if conn.seat is None:
            return
        seat = self.seats[conn.seat]
        if seat.conn is not conn:
            return
        seat.conn = None
        seat.left_at = self.steps
        if self.started:
            seat.presence = Presence.AWAY
            verb = "has left" if quit else "has lost the connection"
            over = self.core is not None and self.core.recorder.state.over
            waits = "" if over else "; the table waits for them to join again"  # mid-match
            self._notice(f"{seat.name} {verb}{waits}.")
        else:
            seat.presence = Presence.EMPTY
            self._notice(f"{seat.name} has left.")
            seat.name = ""
            seat.ticket = None
        self._seats_changed()
        self._maybe_again()

    def _close_conn(self, conn: _Conn, text: str) -> None:
        """Tell a player what was wrong and close its connection; the table plays on."""
        if conn.closed:
            return
        self._send(conn, m.text_message("error", text))
        self._leave(conn, quit=False, hang_up=False)
        with contextlib.suppress(Exception):  # no more from the table; the handler hangs up
            conn.channel.writer.write_eof()

    # -- sending

    def _send(self, conn: _Conn, message: dict[str, Any]) -> None:
        if conn.closed and message.get("type") != "error":
            return
        if self.tap is not None:
            self.tap(conn.seat if not conn.watcher else None, message)
        writer = conn.channel.writer
        if writer.is_closing():
            return
        if writer.transport.get_write_buffer_size() > BUFFER_LIMIT:
            conn.closed = True
            writer.close()
            return
        try:
            conn.channel.send(message)
        except (ConnectionError, OSError, RuntimeError):
            conn.closed = True

    def _send_update(
        self,
        conn: _Conn,
        seat: int | None,
        events: tuple[Event | MatchOver, ...],
        by: int | None,
    ) -> None:
        assert self.core is not None
        update = self.core.update_for(seat, events, by)
        self._send(conn, m.update_message(update.events, update.match, update.by))

    def _broadcast(self, events: tuple[Event | MatchOver, ...], by: int | None) -> None:
        """Send each seat what it may see of one step, then keep the table."""
        core = self.core
        assert core is not None
        self.steps += 1
        if events:
            self.history.append((self.steps, events, by))
        for number, seat in enumerate(self.seats):
            if seat.conn is not None:
                self._send_update(seat.conn, number, events, by)
            if seat.local and self.local is not None:
                self.local.post(core.update_for(number, events, by))
        for conn in self.watchers:
            self._send_update(conn, None, events, by)
        if self.on_news is not None:
            self.on_news(core.update_for(None, events, by).events, self.names())
        self._keep()

    def _post_local(self, news: News) -> None:
        if self.local is not None:
            self.local.post(news)

    def snapshot(self) -> TableSnapshot | None:
        """What it takes to open this table again, once its game has started."""
        if self.core is None:
            return None
        names = tuple(
            (seat.owner or seat.name)
            if seat.presence is not Presence.COMPUTER or seat.owner
            else None
            for seat in self.seats
        )
        recorder = self.core.recorder
        record = replace(recorder.record, names=self.names())  # for the replay, by name
        frozen = Recorder(recorder.state, record)  # as it stands at this step
        return TableSnapshot(
            frozen,
            self.code,
            names,
            self.level,
            headless=self.local is None,
            port=self.port or None,
            bind=self.bind,
            tickets=tuple(seat.ticket for seat in self.seats),
        )

    def _keep(self) -> None:
        """Keep the table as it stands, aside from the server's thread: writing a file waits
        for the disk, and the players should not. One step after another, in order."""
        snapshot = self.snapshot()
        keep = self.keep
        if keep is None or snapshot is None:
            return

        def kept(done: Future[str | None]) -> None:
            message = None if done.cancelled() or done.exception() else done.result()
            if message:
                self.call(lambda: self._notice(message, seats=[0]))

        self._keeping.submit(keep, snapshot).add_done_callback(kept)

    # -- the game

    def start(self) -> None:
        """Start the game: the computer takes every empty seat; or go on with a resumed
        one. (In the server's thread.)"""
        if self.playing or self.closing:
            return
        self.playing = True
        if self.started:  # resumed: everyone sees the game as it stands
            self._seats_changed()
            self._broadcast((), None)
            self._advance()
            return
        self.started = True
        computers = [n for n, seat in enumerate(self.seats) if seat.presence is Presence.EMPTY]
        for n in computers:
            self.seats[n].presence = Presence.COMPUTER
            self.seats[n].name = self._unique(
                "Computer" if len(computers) == 1 else f"Computer {computers.index(n) + 1}", n
            )
        people = [seat.presence is Presence.PERSON for seat in self.seats]
        self.game_config = replace(
            self.game_config,
            counting=tuple(self.counting if person else Counting.AUTOMATIC for person in people),
        )
        seed = self.rng.getrandbits(63)
        recorder = Recorder.start(seed, self.game_config, self.match_config)
        self.core = TableCore(recorder, self._computers_for(computers))
        self._seats_changed()
        self._broadcast((), None)
        self._advance()

    def _computers_for(self, seats: Iterable[int]) -> dict[int, Computer]:
        return {n: Computer(self.level, self.rng.getrandbits(32)) for n in seats}

    def _resume(self, snapshot: TableSnapshot) -> None:
        self.code = snapshot.code
        self.level = snapshot.level
        recorder = snapshot.recorder
        self.game_config = recorder.state.game_config
        self.match_config = recorder.state.config
        self.seats = [_Seat() for _ in range(self.game_config.players)]
        computers = []
        for n, name in enumerate(snapshot.names):
            if n == 0 and self.local is not None:
                self.seats[0] = _Seat(name or "Host", Presence.PERSON, local=True)
            elif name is None:
                computers.append(n)
                self.seats[n] = _Seat("", Presence.COMPUTER)
            else:  # a seat without its ticket (a table kept without them) is taken by its name
                ticket = snapshot.tickets[n] if n < len(snapshot.tickets) else None
                self.seats[n] = _Seat(name, Presence.AWAY, ticket=ticket)
        for n in computers:
            self.seats[n].name = self._unique(
                "Computer" if len(computers) == 1 else f"Computer {computers.index(n) + 1}", n
            )
        self.core = TableCore(recorder, self._computers_for(computers))
        self.started = True

    def give(self, seat: int) -> None:
        """Give the seat of a person who has gone to the computer until they come back."""
        core = self.core
        if core is None or not 0 <= seat < len(self.seats):
            return
        place = self.seats[seat]
        if place.presence is not Presence.AWAY:
            return
        core.computers.update(self._computers_for([seat]))
        place.presence = Presence.COMPUTER
        place.owner = place.name
        self._notice(f"The computer plays for {place.name} until they join again.")
        self._seats_changed()
        self._advance()

    def _advance(self) -> None:
        """Let the computers move, one action at a time, and go on to the next game."""
        core = self.core
        if core is None or self._thinking or self.closing or not self.playing:
            return
        state = core.recorder.state
        if state.game.phase is Phase.GAME_OVER:
            if not state.over:
                self._broadcast(core.next_game(), None)
                self._advance()
            return
        seat = core.computer_due()
        if seat is None:
            return
        self._thinking = True
        computer = core.computers[seat]
        view = core.match_view(seat).game
        future = self.loop.run_in_executor(self._computers, computer.act, view)
        future.add_done_callback(lambda done: self._computed(seat, view.hand_number, done))

    def _computed(self, seat: int, hand: int, done: asyncio.Future[Action]) -> None:
        self._thinking = False
        core = self.core
        if done.cancelled() or core is None or self.closing:
            return
        action = done.result()
        if seat in core.computers and core.computer_due() is not None:
            try:
                events = core.apply(action)
            except CribbageError:
                events = None  # the table moved on meanwhile (a seat taken back)
            if events is not None:
                self._broadcast(events, seat)
        self._advance()

    def again(self) -> None:
        """The host wants another match: it starts once every player at the table has
        answered (those who say no leave, and the computer takes their seats)."""
        self.host_again = True
        self._maybe_again()

    def _maybe_again(self) -> None:
        """Start the next match once everyone still at the table wants it (the host too,
        at a table with a host); close a table with no host once everyone has gone."""
        core = self.core
        if core is None or not core.recorder.state.over:
            return
        people = [seat.conn for seat in self.seats if seat.conn is not None]
        if self.local is not None:
            if self.host_again and all(conn.again for conn in people):
                self._again_now()
        elif people and all(conn.again for conn in people):
            self._again_now()
        elif not people and not self.watchers:
            self.loop.create_task(self._close("Everyone has left the table."))

    def _again_now(self) -> None:
        core = self.core
        if core is None or not core.recorder.state.over:
            return
        self.host_again = False
        self.history.clear()
        for n, seat in enumerate(self.seats):
            if seat.presence is Presence.AWAY:
                core.computers.update(self._computers_for([n]))
                seat.presence, seat.owner = Presence.COMPUTER, seat.name
            if seat.conn is not None:
                seat.conn.again = False
        core.recorder = Recorder.start(
            self.rng.getrandbits(63), self.game_config, self.match_config
        )
        self._seats_changed()
        self._broadcast((), None)
        self._advance()

    async def _heartbeat(self) -> None:
        while True:
            await asyncio.sleep(HEARTBEAT_SECONDS)
            self._report()
            now = time.monotonic()
            for conn in self._connections():
                if now - conn.heard > SILENCE_SECONDS + HEARTBEAT_SECONDS:
                    self._close_conn(conn, "Nothing was heard from you for 15 seconds.")
                else:
                    self._send(conn, {"type": "ping"})


def _wait_words(seconds: float) -> str:
    """A wait in words: 'a few seconds', '40 seconds', '3 minutes'.

    >>> _wait_words(4), _wait_words(39.5), _wait_words(150)
    ('a few seconds', '40 seconds', '3 minutes')
    """
    if seconds < 10:
        return "a few seconds"
    if seconds < 90:
        return f"{math.ceil(seconds / 10) * 10} seconds"
    return f"{math.ceil(seconds / 60)} minutes"


class _DoorSide:
    """How the door closes a connection it pushes out: its socket, until the table has
    made it a transport, then the transport."""

    def __init__(self, sock: socket.socket) -> None:
        self.sock = sock
        self.transport: asyncio.BaseTransport | None = None

    def close(self) -> None:
        if self.transport is None:
            self.sock.close()
        elif isinstance(self.transport, asyncio.Transport):
            self.transport.abort()


class HostSeat(LiveTable):
    """The host's own seat (seat 0), as a table its screen plays: news from the server's
    thread, actions into it."""

    def __init__(self, host: Host) -> None:
        self.host = host
        self.inbox = Inbox()

    # -- from the server's thread

    def post(self, news: News, *, chatter: bool = False) -> None:
        self.inbox.post(news, chatter=chatter)

    # -- the Table the screen plays

    @property
    def config(self) -> GameConfig:
        return self.host.game_config

    @property
    def seats(self) -> Seats | None:
        return Seats(self.host.seat_infos(), self.host.started, self.host.playing)

    @property
    def watching(self) -> bool:
        return False

    def act(self, action: Action) -> None:
        self.host.call(lambda: self.host.act(0, replace(action, seat=0)))

    def say(self, text: str) -> None:
        host = self.host
        host.call(lambda: host.say(host.seats[0].name, text))

    def start(self) -> None:
        self.host.call(self.host.start)

    def give(self, seat: int) -> None:
        self.host.call(lambda: self.host.give(seat))

    def again(self) -> None:
        self.host.call(self.host.again)

    def away(self) -> tuple[int, ...]:
        return tuple(n for n, seat in enumerate(self.host.seats) if seat.presence is Presence.AWAY)

    @property
    def place(self) -> int | None:
        return 0

    def sit(self, seat: int) -> None:
        pass  # the host's seat stays where it is; the host moves the others (`swap`)

    # -- what the host may do besides (`cribbage.tables.news.Hosting`)

    @property
    def code(self) -> str:
        return self.host.code

    def swap(self, a: int, b: int) -> None:
        self.host.call(lambda: self.host.swap(a, b))

    def freeable(self) -> tuple[int, ...]:
        return self.host.freeable()

    def free(self, seat: int) -> None:
        self.host.call(lambda: self.host.free(seat))

    def change_code(self) -> None:
        self.host.call(self.host.change_code)

    def rejoin(self) -> str | None:
        return "The table has closed."

    def leave(self) -> None:
        self.host.close()
