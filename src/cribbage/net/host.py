"""A table that people join: the host's engine, its seats, and a server for the players.

`Host` opens a table on a port: people join with the code (`cribbage.net.channel`), each
takes a seat, and whoever starts the game (the host at its screen, or on a table with no
screen of its own any player) fills the empty seats with the computer. From then on every
action, from a player's connection, the host's own screen or a computer, goes through the
one `TableCore`, and each seat is sent what it may see of it (`TableCore.update_for`).

The server runs in a thread of its own with an asyncio loop; the engine is touched only
there. The host's own screen plays its seat through `HostSeat`, a `cribbage.tables.Table`
whose news comes from that loop, so the screen never waits on the network.

A player whose connection is gone keeps the seat: the table waits for them (the host can
give the seat to the computer meanwhile), and joining again under the same name takes it
back. Everything a player sends is checked before it acts (`messages.from_player`); a
message that is malformed, over its size, out of turn or for another seat, a connection
that does not finish its handshake in 10 seconds or goes silent for 15, or floods, is told
why and closed, and the table plays on.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import random
import re
import socket
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
from ..record import Recorder
from ..rules import Action, Counting, GameConfig, Phase, new_game, pending
from ..scoring import score_hand
from ..storage.tables import TableSnapshot
from ..tables import News, Notice, Refused, Said, SeatInfo, Seats, TableCore
from ..tables.news import SEAT_PLACES, Inbox, LiveTable, Presence
from ..text import visible
from ..view import view_for
from . import messages as m
from .channel import Channel, ChannelError, TooLarge, WrongCode, table_handshake
from .codes import new_code

__all__ = [
    "DEFAULT_PORT",
    "SEAT_NAMES",
    "Host",
    "HostError",
    "HostSeat",
    "check_person_name",
    "clean_name",
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
WRONG_CODES: Final = 5
"""After this many wrong codes the table changes its code."""
MAX_WATCHERS: Final = 8
MAX_WAITING: Final = 16
"""Connections still in their handshake at once; more are turned away."""
FLOOD_MESSAGES: Final = 60
"""More messages than this in one second, not counting the actions the table waits for, is a
flood: the connection is closed."""
TALK_MESSAGES: Final = 5
TALK_SECONDS: Final = 10.0
"""At most `TALK_MESSAGES` lines of talk in `TALK_SECONDS` from one player."""
LINGER_SECONDS: Final = 2.0
"""How long a connection the table hangs up on may go on sending before it is closed."""
BUFFER_LIMIT: Final = 4 * 1024 * 1024
"""A player that leaves this much unread is too slow, and is let go."""

SEAT_NAMES: Final = SEAT_PLACES


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


def clean_name(text: str) -> str:
    """A name fit for the table: printable, spaces made single, at most 16 characters.

    >>> clean_name("  Ann\\x1b[2J  the   Great and Terrible "), clean_name("\\t")
    ('Ann[2J the Great', 'Player')
    """
    kept = "".join(char for char in text if char.isprintable() or char.isspace())
    name = " ".join(kept.split())[: m.NAME_LENGTH].strip()
    return name or "Player"


def check_person_name(name: str) -> None:
    """Return when `name` may be a person's at a table: the computer's seats are called
    'Computer' and 'Computer 1' to 'Computer 3', and nobody else is.

    Raises:
        ValueError: the name is the computer's, in a sentence.
    """
    if re.fullmatch(r"computer(?: \d+)?", name, flags=re.IGNORECASE):
        raise ValueError(
            f"{name} is what the table calls its computer players: choose another name with --name."
        )


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
        self.failures: list[str] = []
        self.host_again = False
        """The host has asked for another match (which waits for the players' answers)."""
        self.waiting = 0
        self.closing = False
        self.ended = threading.Event()
        """Set once the table has closed."""
        self.local: HostSeat | None = None
        if own_name is not None:
            self.seats[0] = _Seat(clean_name(own_name), Presence.PERSON, local=True)
            self.local = HostSeat(self)
        if resume is not None:
            self._resume(resume)
        self.loop = asyncio.new_event_loop()
        self.thread: threading.Thread | None = None
        self.server: asyncio.Server | None = None
        self.sockets: list[socket.socket] = []
        self._thinking = False
        self._computers = ThreadPoolExecutor(max_workers=1, thread_name_prefix="computer")
        self._keeping = ThreadPoolExecutor(max_workers=1, thread_name_prefix="keep")

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
        self._warm_up()
        self.thread = threading.Thread(target=self._run, name="table", daemon=True)
        self.thread.start()
        return sock.getsockname()[0], self.port

    def _warm_up(self) -> None:
        """Build the tables the scoring and the computer make on first use, now, so that no
        player's action waits for them in the middle of the game."""
        game = new_game(self.game_config, seed=0, dealer=0)
        Computer(self.level, 0).act(view_for(game, 1))
        score_hand(game.hands[0][:4], game.hands[0][4])

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
        self._keeping.shutdown(wait=True)  # the last step is kept before the program ends

    def call(self, function: Callable[[], None]) -> None:
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
        self.server = await asyncio.start_server(self._handle, sock=self.sockets[0])
        heartbeat = asyncio.create_task(self._heartbeat())
        try:
            await self._stopped.wait()
        finally:
            heartbeat.cancel()
            self.server.close()
            with contextlib.suppress(Exception):
                await asyncio.wait_for(self.server.wait_closed(), 2)

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

    def _seat_for(self, join: m.Join) -> int | None:
        """The seat a joining player takes (None: watching).

        Raises:
            ValueError: no seat for them, in a sentence.
        """
        name = clean_name(join.name)
        check_person_name(name)
        if join.watch:
            if len(self.watchers) >= MAX_WATCHERS:
                raise ValueError("The table has as many onlookers as it can take.")
            return None
        for number, seat in enumerate(self.seats):
            mine = seat.name == name or seat.owner == name
            if mine and seat.presence is Presence.AWAY:
                return number
            if mine and seat.owner == name and seat.presence is Presence.COMPUTER:
                return number
            if mine and seat.presence is Presence.PERSON and self.started:
                raise ValueError(
                    f"{name} is still at this table: if that was you, wait a moment and "
                    "join again; if not, choose another name with --name."
                )
        if self.started:
            raise ValueError(
                "The table is full: its game has started. Watch it with --watch instead."
            )
        free = [n for n, seat in enumerate(self.seats) if seat.presence is Presence.EMPTY]
        names = SEAT_NAMES[len(self.seats)]
        if not free:
            raise ValueError("The table is full. Watch its game with --watch instead.")
        if join.seat is not None:
            wanted = seat_number(join.seat, len(self.seats))  # ValueError: no such seat
            if wanted not in free:
                listed = ", ".join(names[n] for n in free)
                raise ValueError(f"The seat {names[wanted]} is taken; free: {listed}.")
            return wanted
        return free[0]

    def _unique(self, name: str, seat: int) -> str:
        taken = {s.name for n, s in enumerate(self.seats) if n != seat and s.name}
        if name not in taken:
            return name
        for number in range(2, 10):
            suffix = f" {number}"
            candidate = name[: m.NAME_LENGTH - len(suffix)] + suffix
            if candidate not in taken:
                return candidate
        return f"Player {seat + 1}"

    def _seats_changed(self) -> None:
        infos = self.seat_infos()
        for conn in self._connections():
            self._send(conn, m.seats_message(infos, self.started))
        if self.local is not None:
            self.local.post(Seats(infos, self.started), chatter=True)

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

    # -- connections

    async def _handle(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        peer = str((writer.get_extra_info("peername") or ("?",))[0])
        sock = writer.get_extra_info("socket")
        if sock is not None:  # each message goes at once, not held back for an earlier one's ack
            with contextlib.suppress(OSError):
                sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        if self.waiting >= MAX_WAITING or self.closing:
            writer.close()
            return
        self.waiting += 1
        conn: _Conn | None = None
        try:
            try:
                conn = await asyncio.wait_for(
                    self._introduce(reader, writer, peer), HANDSHAKE_SECONDS
                )
            finally:
                self.waiting -= 1
            if conn is not None:
                await self._listen(conn)
        except (
            TimeoutError,
            ChannelError,
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
        the system does not reset the connection over the last words), then close."""
        with contextlib.suppress(Exception):
            if writer.can_write_eof() and not writer.is_closing():
                writer.write_eof()
            async with asyncio.timeout(LINGER_SECONDS):
                while await reader.read(4096):
                    pass
        writer.close()

    async def _introduce(
        self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter, peer: str
    ) -> _Conn | None:
        """The handshake and the join, within `HANDSHAKE_SECONDS`: the player's connection,
        seated, or None when it was turned away."""
        code = self.code
        try:
            channel = await asyncio.wait_for(
                table_handshake(reader, writer, code), HANDSHAKE_SECONDS
            )
        except WrongCode:
            self._wrong_code(peer, code)
            return None
        conn = _Conn(channel, peer, heard=time.monotonic())
        try:
            join = m.from_player(await asyncio.wait_for(channel.receive(), HANDSHAKE_SECONDS))
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

    def _wrong_code(self, peer: str, code: str) -> None:
        if code != self.code:
            return  # tried the code that was just changed
        self.failures.append(peer)
        if len(self.failures) < WRONG_CODES:
            return
        where = sorted(set(self.failures))
        self.failures = []
        self.code = new_code()
        places = ", ".join(where[:-1]) + (" and " if len(where) > 1 else "") + where[-1]
        for seat in self.seats:
            if seat.conn is not None:
                self._send(seat.conn, {"type": "code", "code": self.code})
        self._notice(
            f"{WRONG_CODES} tries with a wrong code, from {places}: the join code is now "
            f"{self.code}.",
            seats=[0],
        )
        self._keep()  # a table opened again opens with the new code

    def _seat(self, conn: _Conn, join: m.Join) -> None:
        number = self._seat_for(join)
        name = clean_name(join.name)
        conn.name = name
        if number is None:
            conn.watcher = True
            self.watchers.append(conn)
            self._send(
                conn,
                m.welcome(
                    None, self.game_config, self.match_config, self.level, self.local is not None
                ),
            )
            self._send(conn, m.seats_message(self.seat_infos(), self.started))
            if self.core is not None and self.playing:
                self._send_update(conn, None, (), None)
            self._notice(f"{name} is watching.")
            return
        seat = self.seats[number]
        back = seat.presence in (Presence.AWAY, Presence.COMPUTER)
        if back and self.core is not None:
            self.core.computers.pop(number, None)
        if not back:
            seat.name = self._unique(name, number)
        seat.presence = Presence.PERSON
        seat.conn = conn
        seat.owner = None
        conn.seat = number
        self._send(
            conn,
            m.welcome(
                number, self.game_config, self.match_config, self.level, self.local is not None
            ),
        )
        self._seats_changed()
        if self.core is not None and self.playing:  # else the game is shown once it goes on
            self._send_update(conn, number, (), None)
        said = f"{seat.name} is back." if back else f"{seat.name} has joined."
        self._notice(said, but=number)  # the player's own screen says so in its words
        self._advance()

    async def _listen(self, conn: _Conn) -> None:
        channel = conn.channel
        while not conn.closed:
            try:
                data = await asyncio.wait_for(channel.receive(), SILENCE_SECONDS)
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
            try:
                message = m.from_player(data)
            except m.MessageError as err:
                self._close_conn(conn, f"The table cannot read a message: {err}.")
                return
            if not self._awaited(conn, message):  # a player's own turn is never a flood
                conn.recent.append(now)
                while conn.recent and conn.recent[0] < now - 1:
                    conn.recent.popleft()
                if len(conn.recent) > FLOOD_MESSAGES:
                    self._close_conn(conn, "Too many messages: the table cannot keep up.")
                    return
            self._dispatch(conn, message)
            await self._drain(conn)

    def _awaited(self, conn: _Conn, message: m.FromPlayer) -> bool:
        """True for an action of the seat the table is waiting for: as many of those come
        as the game asks, however quickly a program plays."""
        core = self.core
        return (
            isinstance(message, m.TakeAction)
            and core is not None
            and conn.seat is not None
            and message.action.seat == conn.seat
            and conn.seat in pending(core.recorder.state.game)
        )

    async def _drain(self, conn: _Conn) -> None:
        with contextlib.suppress(ConnectionError, OSError):
            await conn.channel.writer.drain()

    def _dispatch(self, conn: _Conn, message: m.FromPlayer) -> None:
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
                self._take(conn, conn.seat, action)
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

    def _take(self, conn: _Conn, seat: int, action: Action) -> None:
        if action.seat != seat:
            self._close_conn(conn, "An action was sent for another player's seat.")
            return
        if self.core is None:
            self._close_conn(conn, "An action was sent before the game started.")
            return
        if not self.playing:  # a table opened again, before the host goes on with it
            self._send(conn, m.text_message("refused", "The game goes on once the host says so."))
            return
        self.act(seat, action, conn)

    def act(self, seat: int, action: Action, conn: _Conn | None = None) -> None:
        """`seat`'s action, checked by the engine; the news goes to every seat."""
        core = self.core
        if core is None or seat in core.computers:
            return
        try:
            events = core.apply(action)
        except NotYourTurnError as err:
            if conn is not None:
                self._close_conn(conn, f"An action out of turn: {err}")
            else:
                self._post_local(Refused(str(err)))
            return
        except CribbageError as err:
            if conn is not None:
                self._send(conn, m.text_message("refused", str(err)))
            else:
                self._post_local(Refused(str(err)))
            return
        self._broadcast(events, seat)
        self._advance()

    def _talk(self, conn: _Conn, text: str) -> None:
        now = time.monotonic()
        while conn.talked and conn.talked[0] < now - TALK_SECONDS:
            conn.talked.popleft()
        if len(conn.talked) >= TALK_MESSAGES:
            self._send(conn, m.text_message("refused", "You are talking too fast: wait a moment."))
            return
        conn.talked.append(now)
        self.say(self.seats[conn.seat].name if conn.seat is not None else conn.name, text)

    def say(self, name: str, text: str) -> None:
        """Tell everyone at the table that `name` said `text` (made safe to show)."""
        line = visible(text)[: m.TALK_LENGTH]
        for conn in self._connections():
            self._send(conn, m.said_message(name, line))
        if self.local is not None:
            self.local.post(Said(name, line), chatter=True)
        if self.on_notice is not None:
            self.on_notice(f"{name}: {line}")

    def _leave(self, conn: _Conn, *, quit: bool, hang_up: bool = True) -> None:
        """`conn` has gone (it said so, or the connection is lost); `hang_up` closes the
        connection now (else its handler hangs up once the last words are out)."""
        conn.closed = True
        if hang_up:
            conn.channel.close()
        if conn.watcher:
            if conn in self.watchers:
                self.watchers.remove(conn)
            self._maybe_again()  # the last to leave a table with no host closes it
            return
        if conn.seat is None:
            return
        seat = self.seats[conn.seat]
        if seat.conn is not conn:
            return
        seat.conn = None
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
            else:
                self.seats[n] = _Seat(name, Presence.AWAY)
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
            now = time.monotonic()
            for conn in self._connections():
                if now - conn.heard > SILENCE_SECONDS + HEARTBEAT_SECONDS:
                    self._close_conn(conn, "Nothing was heard from you for 15 seconds.")
                else:
                    self._send(conn, {"type": "ping"})


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
        return Seats(self.host.seat_infos(), self.host.started)

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

    def rejoin(self) -> str | None:
        return "The table has closed."

    def leave(self) -> None:
        self.host.close()
