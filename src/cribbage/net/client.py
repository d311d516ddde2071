"""Joining a table from another terminal: `RemoteTable`, a `cribbage.tables.Table` whose
news comes over a connection to the host.

The connection lives in a thread of its own (an asyncio loop): it answers the table's
heartbeat, reads each message, checks it and cleans every text in it
(`messages.from_table`), turns it into the player's frame (`cribbage.frame`: the player is
seat 0), and the screen picks the news up when it is ready, so it never waits on the
network. An action goes the other way, turned back into the table's numbering.

A seat taken comes with its ticket, the secret that alone takes the seat back: `ticket`
holds it (the caller keeps it in the player's data directory), and joining again shows the
table a proof of it (`Channel.seat_proof`), never the ticket itself.
"""

from __future__ import annotations

import asyncio
import contextlib
import socket
import threading
from collections.abc import Sequence
from concurrent.futures import Future
from typing import Any, Final

from ..choices import port_number
from ..frame import Frame
from ..match import MatchConfig
from ..rules import Action, GameConfig
from ..tables import Notice, Refused, Said, Seats, Update
from ..tables.news import Inbox, LiveTable, Presence
from ..text import clause, visible
from ..view import MatchView
from . import messages as m
from .channel import Channel, ChannelError, VersionMismatch, WrongCode, join_handshake
from .host import SILENCE_SECONDS, why

__all__ = ["JoinError", "RemoteTable", "parse_address"]

CONNECT_SECONDS: Final = 15.0
"""How long joining may take, from the first packet to the seat."""
ANSWER_SECONDS: Final = 5.0
"""How long the table may take to answer at all (the connection, its hello): a table that
has not answered by then is not there."""


class JoinError(Exception):
    """The table cannot be joined; the text says why in a sentence."""


def parse_address(text: str, default_port: int) -> tuple[str, int]:
    """The host and port of `HOST[:PORT]` (an IPv6 address in brackets: `[::1]:7121`).

    >>> parse_address("192.168.1.5", 7121), parse_address("box:4000", 7121)
    (('192.168.1.5', 7121), ('box', 4000))
    >>> parse_address("[::1]:4000", 7121)
    ('::1', 4000)

    Raises:
        ValueError: no host, or a port that is not a number from 1 to 65535, in a clause (to
            follow `--join: `).
    """
    text = text.strip()
    port = default_port
    if text.startswith("["):
        end = text.find("]")
        if end < 0:
            raise ValueError(f"'{visible(text)}' is not HOST[:PORT]")
        host, rest = text[1:end], text[end + 1 :]
        if rest:
            if not rest.startswith(":"):
                raise ValueError(f"'{visible(text)}' is not HOST[:PORT]")
            port = port_number(rest[1:])
    elif text.count(":") == 1:
        host, number = text.split(":")
        port = port_number(number)
    else:
        host = text
    if not host:
        raise ValueError("name the host to join, as HOST or HOST:PORT")
    return host, port


class RemoteTable(LiveTable):
    """A seat (or an onlooker's place) at a table hosted elsewhere.

    `join` connects and takes the seat; the table is then played as any other. A lost
    connection is news (`Closed`); `join` again takes the seat back.
    """

    def __init__(
        self,
        host: str,
        port: int,
        *,
        code: str,
        name: str,
        seat: str | None = None,
        watch: bool = False,
        tickets: Sequence[bytes] = (),
    ) -> None:
        self.host = host
        self.port = port
        self.code = code
        """The table's join code (a new one when the host changes it)."""
        self.name = name
        self.tickets = tuple(tickets)
        """The seat tickets the player holds (kept from earlier joins), shown to the table."""
        self.ticket: bytes | None = None
        """The ticket of the seat taken at this table (given when it was first taken)."""
        self.wanted = seat
        """The seat asked for (south, west, north, east, or its number from 1)."""
        self.seat: int | None = None
        self.watch = watch
        self.frame: Frame | None = None
        self.match_config: MatchConfig | None = None
        self.level = "expert"
        self.hosted = True
        """The table's host plays at its screen (who starts the game and gives seats)."""
        self.started = False
        self._seats: Seats | None = None
        self.inbox = Inbox()
        self._loop: asyncio.AbstractEventLoop | None = None
        self._channel: Channel | None = None
        self._thread: threading.Thread | None = None
        self._welcomed: Future[None] | None = None
        self._leaving = False
        """The goodbye is sent: the connection waits for the table to read it (`_linger`)."""

    # -- connecting

    def join(self) -> None:
        """Connect to the table and take the seat (again, after a lost connection).

        Raises:
            JoinError: the host cannot be reached, refuses, or is not a table of this
                version, said in a sentence.
        """
        self.leave(quietly=True)
        self._welcomed = Future()
        loop = asyncio.new_event_loop()
        self._loop = loop
        self._thread = threading.Thread(target=self._run, args=(loop,), name="join", daemon=True)
        self._thread.start()
        try:
            self._welcomed.result(CONNECT_SECONDS + 5)
        except TimeoutError:
            self.leave(quietly=True)
            raise JoinError(self._no_answer(CONNECT_SECONDS)) from None

    def _no_answer(self, seconds: float) -> str:
        return (
            f"The table at {self.host} port {self.port} did not answer in "
            f"{seconds:.0f} seconds: check the address and the port, and that the table is "
            "open."
        )

    def _run(self, loop: asyncio.AbstractEventLoop) -> None:
        asyncio.set_event_loop(loop)
        try:
            loop.run_until_complete(self._connection())
        finally:
            loop.close()

    async def _connection(self) -> None:
        welcomed = self._welcomed
        assert welcomed is not None
        try:
            channel = await asyncio.wait_for(self._connect(), CONNECT_SECONDS)
        except JoinError as err:
            welcomed.set_exception(err)
            return
        except TimeoutError:
            welcomed.set_exception(JoinError(self._no_answer(CONNECT_SECONDS)))
            return
        self._channel = channel
        text = "The connection to the table was lost."
        try:
            while True:
                # not wait_for, which (Python 3.11) loses the cancel of `leave` that comes as
                # a message has just been read: the connection would go on after leaving
                async with asyncio.timeout(SILENCE_SECONDS):
                    data = await channel.receive()
                message = m.from_table(data)
                done = self._take(channel, message)
                if done is not None:
                    text = done
                    break
        except TimeoutError:
            text = "The table has not been heard from for 15 seconds: the connection is lost."
        except m.MessageError as err:
            text = f"The table sent something this program cannot read ({err})."
        except (ChannelError, asyncio.IncompleteReadError, ConnectionError, OSError):
            pass
        except asyncio.CancelledError:
            if self._leaving:
                await _linger(channel)
            return
        finally:
            channel.close()
        if not welcomed.done():
            welcomed.set_exception(JoinError(text))
        else:  # heard at once, after the game's news before it, while the player decides too
            self.inbox.close(text)

    async def _connect(self) -> Channel:
        where = f"{self.host} port {self.port}"
        try:
            async with asyncio.timeout(ANSWER_SECONDS):
                reader, writer = await asyncio.open_connection(self.host, self.port)
        except TimeoutError:
            raise JoinError(self._no_answer(ANSWER_SECONDS)) from None
        except socket.gaierror:
            raise JoinError(f"The host '{visible(self.host)}' is not known.") from None
        except ConnectionRefusedError:
            raise JoinError(f"No table is open at {where}: the connection was refused.") from None
        except OSError as err:
            raise JoinError(f"The table at {where} cannot be reached ({why(err)}).") from None
        try:
            channel = await join_handshake(reader, writer, self.code, answer_seconds=ANSWER_SECONDS)
        except TimeoutError:
            writer.close()
            raise JoinError(self._no_answer(ANSWER_SECONDS)) from None
        except VersionMismatch as err:
            writer.close()
            raise JoinError(str(err)) from None
        except WrongCode:
            writer.close()
            raise JoinError(f"The table at {where} did not accept the code {self.code}.") from None
        except (ChannelError, asyncio.IncompleteReadError, ConnectionError, OSError) as err:
            writer.close()
            detail = str(err) if isinstance(err, ChannelError) else "the connection closed"
            said = clause(detail[:200])
            raise JoinError(f"The table at {where} could not be joined: {said}.") from None
        held = [] if self.ticket is None else [self.ticket]
        held += [ticket for ticket in self.tickets if ticket != self.ticket]
        proofs = [m.ticket_text(channel.seat_proof(ticket)) for ticket in held[: m.PROOFS]]
        channel.send(
            {
                "type": "join",
                "name": self.name[:64],
                "seat": self.wanted,
                "watch": self.watch,
                "tickets": proofs,
            }
        )
        await writer.drain()
        return channel

    def _take(self, channel: Channel, message: m.FromTable) -> str | None:
        """Take one message from the table; a sentence when the connection ends with it."""
        welcomed = self._welcomed
        assert welcomed is not None
        match message:
            case m.Welcome(seat, game, match, level, hosted, ticket):
                self.frame = Frame(game, seat if seat is not None else 0)
                self.match_config = match
                self.seat = seat
                self.level = level
                self.hosted = hosted
                if ticket is not None:
                    self.ticket = ticket
                if not welcomed.done():
                    welcomed.set_result(None)
            case m.SeatsMessage(seats, started, playing):
                frame = self._frame()
                if len(seats) == frame.players:
                    if self.seat is not None:  # the name the table knows the player by
                        self.name = seats[self.seat].name
                    self._seats = Seats(frame.per_seat(seats), started, playing)
                    self.started = started
                    self.inbox.post(self._seats, chatter=True)
            case m.UpdateMessage(events, match, by, missed):
                frame = self._frame()
                turned = frame.match_view(match)
                self.started = True
                seat = None if by is None else frame.seat(by)
                self.inbox.post(Update(frame.events(events), turned, seat, missed))
            case m.Text("refused", text):
                self.inbox.post(Refused(text))
            case m.Text("notice", text):
                self.inbox.post(Notice(text), chatter=True)
            case m.Text(_, text):  # error or bye: the table closes the connection
                return text
            case m.SaidMessage(name, text, watching):
                self.inbox.post(Said(name, text, watching), chatter=True)
            case m.NewCode(code):
                self.code = code
                said = f"The host changed the join code: it is now {code}."
                self.inbox.post(Notice(said), chatter=True)
            case m.Ping():
                channel.send({"type": "pong"})
            case m.Pong():
                pass
        return None

    def _frame(self) -> Frame:
        if self.frame is None:
            raise m.MessageError("the table sent news before its welcome")
        return self.frame

    def _send(self, message: dict[str, Any]) -> None:
        loop, channel = self._loop, self._channel
        if loop is None or channel is None or loop.is_closed():
            return

        def send() -> None:
            if not channel.writer.is_closing():
                channel.send(message)

        with contextlib.suppress(RuntimeError):
            loop.call_soon_threadsafe(send)

    def leave(self, *, quietly: bool = False) -> None:
        """Say goodbye to the table (unless `quietly`) and close the connection."""
        loop, thread, channel = self._loop, self._thread, self._channel
        if loop is None or thread is None:
            return

        def stop() -> None:
            # the goodbye and the stop in one step: the table's closing after the goodbye,
            # read first, would be news of a lost connection
            if not quietly and channel is not None and not channel.writer.is_closing():
                channel.send({"type": "bye"})
                self._leaving = True
            for task in asyncio.all_tasks(loop):
                task.cancel()

        with contextlib.suppress(RuntimeError):
            loop.call_soon_threadsafe(stop)
        thread.join(5)
        self._loop = self._thread = self._channel = None
        self._leaving = False

    # -- the Table the screen plays

    @property
    def config(self) -> GameConfig:
        if self.last is not None:  # the rules as the game started: who counts their own
            return self.last.game.config
        return self._frame().game_config()

    @property
    def seats(self) -> Seats | None:
        return self._seats

    @property
    def watching(self) -> bool:
        return self.watch

    @property
    def last(self) -> MatchView | None:
        """The match as the screen has been told it."""
        return self.inbox.last

    def act(self, action: Action) -> None:
        self._send(m.action_message(self._frame().action(action)))

    def say(self, text: str) -> None:
        self._send({"type": "talk", "text": text[: m.TALK_LENGTH]})

    def start(self) -> None:
        self._send({"type": "start"})

    def again(self) -> None:
        if not self.watch:  # an onlooker watches whatever match the table plays next
            self._send({"type": "again"})

    def away(self) -> tuple[int, ...]:
        """On a table with no host at its screen, anyone may give a gone player's seat."""
        seats = self._seats
        if seats is None or self.hosted or self.watch:
            return ()
        return tuple(n for n, seat in enumerate(seats.seats) if seat.presence is Presence.AWAY)

    def give(self, seat: int) -> None:
        self._send({"type": "give", "seat": self._frame().global_seat(seat)})

    @property
    def place(self) -> int | None:
        """The player's seat as the table numbers it (None: watching)."""
        return self.seat

    def sit(self, seat: int) -> None:
        """Before the game, move to the free seat `seat` (as the table numbers it)."""
        if not self.watch:
            self._send({"type": "sit", "seat": seat})

    def rejoin(self) -> str | None:
        try:
            self.join()
        except JoinError as err:
            return str(err)
        return None


LINGER_SECONDS: Final = 1.0
"""How long a player leaving waits for the table to read the goodbye and hang up."""


async def _linger(channel: Channel) -> None:
    """Wait, briefly, for the table to hang up after reading the goodbye, reading (and
    dropping) whatever it still sends. A connection closed with unread news in it is reset,
    and a reset can reach the table before the goodbye, which it then never reads: the
    others would hear of a lost connection, not of a player who left."""
    task = asyncio.current_task()
    if task is not None:
        task.uncancel()  # the leave's cancel is handled: this wait is the way out
    with contextlib.suppress(TimeoutError, ConnectionError, OSError):
        async with asyncio.timeout(LINGER_SECONDS):
            await channel.writer.drain()
            if channel.writer.can_write_eof():
                channel.writer.write_eof()
            while await channel.reader.read(1 << 16):
                pass
