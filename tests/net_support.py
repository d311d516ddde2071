"""Support shared by the network tests (`test_net_hidden.py`, `test_net_rogue.py`,
`test_net_door.py`): a table opened on 127.0.0.1 and always closed, people who join it and
always leave, each seat played by the computer from that seat's own news, calls into the
table's thread, a rogue connection whose every frame a test writes, and a table with a game
going that a rogue may spoil. Not a test module itself.

Nothing here sleeps to let something happen: each wait is for the news itself (a queue read
with a timeout), with a deadline after which the test fails saying what it waited for.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import json
import queue
import threading
import time
from collections.abc import Awaitable, Callable, Iterable, Iterator
from dataclasses import dataclass, field
from types import TracebackType
from typing import Any, Final, TypeVar

from cribbage.computer import Computer
from cribbage.match import MatchConfig, MatchState
from cribbage.net.channel import (
    HANDSHAKE_LIMIT,
    Channel,
    join_handshake,
    read_frame,
    write_frame,
)
from cribbage.net.client import RemoteTable
from cribbage.net.host import Host
from cribbage.net.messages import ticket_text
from cribbage.record import Record
from cribbage.rules import Counting, GameConfig, Phase
from cribbage.tables import Closed, News, Notice, Refused, Said, Seats, Update
from cribbage.tables.news import Presence
from cribbage.view import MatchView, PlayerView

__all__ = [
    "CODE",
    "LOCAL",
    "MATCH",
    "WAIT",
    "Game",
    "OpenTable",
    "Person",
    "Rogue",
    "drive",
    "on_host",
    "open_table",
    "seats_news",
    "serving",
    "start_game",
    "wait_for_news",
]

CODE: Final = "7-amber-otter-cello-maple"
LOCAL: Final = "127.0.0.1"
WAIT: Final = 30.0
"""The longest any test waits for one thing before it fails (far longer than it takes)."""
MATCH: Final = 180.0
"""The longest a whole match may take (seconds on an idle machine, far more on a busy one)."""

T = TypeVar("T")


@dataclass
class OpenTable:
    """A table open on 127.0.0.1: its host, the sentences it told the host (`on_notice`),
    and every exception its loop met that nothing handled (the loop's exception handler)."""

    host: Host
    notices: queue.Queue[str] = field(default_factory=queue.Queue)
    unhandled: list[str] = field(default_factory=list)

    @property
    def port(self) -> int:
        return self.host.port

    def notice(self, wanted: Callable[[str], bool], seconds: float = WAIT) -> str:
        """The first sentence told to the host (from now on) for which `wanted` holds."""
        deadline = time.monotonic() + seconds
        while (left := deadline - time.monotonic()) > 0:
            with contextlib.suppress(queue.Empty):
                text = self.notices.get(timeout=left)
                if wanted(text):
                    return text
        raise AssertionError("the host was not told what the test waited for")


@contextlib.contextmanager
def open_table(
    game: GameConfig,
    match: MatchConfig | None = None,
    *,
    counting: Counting = Counting.AUTOMATIC,
    tap: Callable[[int | None, dict[str, Any]], None] | None = None,
    seed: int = 1,
) -> Iterator[OpenTable]:
    """A table with no host at its screen, open on 127.0.0.1 at a port the system chose;
    closed at the end, whatever happened."""
    notices: queue.Queue[str] = queue.Queue()
    host = Host(
        game,
        match or MatchConfig(),
        level="easy",
        counting=counting,
        own_name=None,
        code=CODE,
        bind=LOCAL,
        port=0,
        seed=seed,
        on_notice=notices.put,
        tap=tap,
    )
    table = OpenTable(host, notices)

    def unhandled(_: Any, context: dict[str, Any]) -> None:
        table.unhandled.append(f"{context.get('message')}: {context.get('exception')!r}")

    host.loop.set_exception_handler(unhandled)
    host.open()
    try:
        yield table
    finally:
        host.close()
        if host.thread is not None:
            host.thread.join(WAIT)


Handler = Callable[[asyncio.StreamReader, asyncio.StreamWriter], Awaitable[None]]


@contextlib.contextmanager
def serving(handler: Handler) -> Iterator[int]:
    """A program of the test's own on 127.0.0.1, at a port the system chose (yielded), that
    answers each connection with `handler`, in a thread of its own; stopped at the end,
    whatever happened."""
    loop = asyncio.new_event_loop()
    ready: concurrent.futures.Future[int] = concurrent.futures.Future()
    stop = asyncio.Event()

    async def serve() -> None:
        server = await asyncio.start_server(handler, LOCAL, 0)
        ready.set_result(server.sockets[0].getsockname()[1])
        async with server:
            await stop.wait()

    thread = threading.Thread(target=loop.run_until_complete, args=(serve(),), daemon=True)
    thread.start()
    try:
        yield ready.result(WAIT)
    finally:
        loop.call_soon_threadsafe(stop.set)
        thread.join(WAIT)
        loop.close()


def on_host(host: Host, function: Callable[[], T]) -> T:
    """`function()` run in the table's thread, where the engine lives, and its answer."""
    future: concurrent.futures.Future[T] = concurrent.futures.Future()

    def run() -> None:
        try:
            future.set_result(function())
        except BaseException as err:  # handed to the caller
            future.set_exception(err)

    host.loop.call_soon_threadsafe(run)
    return future.result(WAIT)


class Person:
    """A person's seat (or an onlooker's place) at a table, joined over the network; with a
    computer, it plays the seat from its own news, as the screen would.

    The computer acts only on the latest view, and never again before the answer to its last
    action (an update of its own, `by` 0) has come: the table numbers a seat's actions, and
    a second action sent on the same view would be out of turn.
    """

    def __init__(
        self,
        port: int,
        name: str,
        *,
        seat: str | None = None,
        watch: bool = False,
        computer: Computer | None = None,
        code: str = CODE,
        tickets: tuple[bytes, ...] = (),
    ) -> None:
        self.table = RemoteTable(
            LOCAL, port, code=code, name=name, seat=seat, watch=watch, tickets=tickets
        )
        self.computer = computer
        self.awaiting = False
        self.view: MatchView | None = None
        self.updates = 0
        self.chatter: list[News] = []
        self.trouble: list[str] = []
        """Refusals and closings: an honest player should meet none."""

    def join(self) -> None:
        self.awaiting = False
        self.table.join()

    def leave(self) -> None:
        self.table.leave()

    @property
    def game(self) -> PlayerView:
        assert self.view is not None, "no update has come yet"
        return self.view.game

    def take(self, news: News) -> None:
        """Note one piece of news."""
        match news:
            case Update(_, view, by):
                self.updates += 1
                self.view = view
                if by == 0:
                    self.awaiting = False
            case Refused(text) | Closed(text):
                self.trouble.append(text)
                self.awaiting = False
            case Said() | Notice() | Seats():
                self.chatter.append(news)

    def poll(self, timeout: float) -> News | None:
        news = self.table.news(timeout)
        if news is not None:
            self.take(news)
        return news

    def due(self) -> bool:
        """True when the seat must act now and is not waiting for an answer."""
        view = self.view
        if self.computer is None or self.awaiting or view is None or view.over:
            return False
        return view.game.my_turn

    def describe(self) -> str:
        """Where the seat stands, for a test that fails."""
        view = self.view
        where = "no update" if view is None else f"{view.game.phase.value}, {view.game.pending}"
        return f"{self.table.name}: {where}, awaiting {self.awaiting}, trouble {self.trouble}"

    def act(self) -> None:
        """The computer's action for the seat, from its own view."""
        assert self.computer is not None and self.due()
        self.awaiting = True
        self.table.act(self.computer.act(self.game))


def drive(
    people: Iterable[Person],
    until: Callable[[], bool],
    *,
    hold: Callable[[Person], bool] = lambda _: False,
    seconds: float = WAIT,
    what: str = "the game to go on",
) -> None:
    """Let every person with a computer play, reading everyone's news, until `until()`.

    A person for whom `hold` is true does not act (the test acts for it, or lets it wait).
    """
    people = list(people)
    deadline = time.monotonic() + seconds
    while not until():
        if time.monotonic() > deadline:
            told = "; ".join(person.describe() for person in people)
            raise AssertionError(f"waited {seconds:.0f} s for {what} ({told})")
        quiet = True
        for person in people:
            while person.poll(0) is not None:
                quiet = False
            if person.due() and not hold(person):
                person.act()
                quiet = False
        if quiet and people:  # nothing to do: wait for the first one's news
            people[0].poll(0.01)


def wait_for_news(
    person: Person, wanted: Callable[[News], bool], *, what: str, seconds: float = WAIT
) -> News:
    """Read `person`'s news until a piece for which `wanted` holds (noting all of it)."""
    deadline = time.monotonic() + seconds
    while (left := deadline - time.monotonic()) > 0:
        news = person.poll(min(left, 0.01))  # talk and seats do not end the wait early
        if news is not None and wanted(news):
            return news
    raise AssertionError(f"{person.table.name} waited {seconds:.0f} s for {what}")


# -- the rogue


class KeepingReader(asyncio.StreamReader):
    """A stream whose reset reads as its end, after what came before it.

    The table closes a connection at once after its error; frames the rogue sent after the
    faulty one are then unread, and the system answers them with a reset, which a plain
    `StreamReader` raises before the error already received could be read.
    """

    def set_exception(self, exc: Exception) -> None:
        if isinstance(exc, ConnectionResetError):
            self.feed_eof()
        else:
            super().set_exception(exc)


class Rogue:
    """A connection to the table whose every frame the test writes itself."""

    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.reader = reader
        self.writer = writer
        self.channel: Channel | None = None
        self.heard: list[dict[str, Any]] = []
        """Every message read from the table, in order."""

    @classmethod
    async def connect(cls, port: int, source: str | None = None) -> Rogue:
        """A connection to the table at `port` (from the address `source`, of the loopback)."""
        loop = asyncio.get_running_loop()
        reader = KeepingReader(loop=loop)
        protocol = asyncio.StreamReaderProtocol(reader, loop=loop)
        local = None if source is None else (source, 0)
        transport, _ = await loop.create_connection(lambda: protocol, LOCAL, port, local_addr=local)
        return cls(reader, asyncio.StreamWriter(transport, protocol, reader, loop))

    async def __aenter__(self) -> Rogue:
        return self

    async def __aexit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        await self.close()

    async def close(self) -> None:
        self.writer.close()
        with contextlib.suppress(Exception):
            await self.writer.wait_closed()

    async def handshake(self, code: str = CODE) -> None:
        self.channel = await asyncio.wait_for(join_handshake(self.reader, self.writer, code), WAIT)

    async def join(
        self, name: str = "Rob", *, watch: bool = False, ticket: bytes | None = None
    ) -> dict[str, Any]:
        """Shake hands and join (showing a seat's ticket, if given); the table's welcome."""
        await self.handshake()
        self.send(self.join_message(name, watch=watch, ticket=ticket))
        return await self.expect("welcome")

    def join_message(
        self, name: str, *, watch: bool = False, ticket: bytes | None = None
    ) -> dict[str, Any]:
        """The join that says who this is (with a proof of `ticket`, if given)."""
        assert self.channel is not None
        proofs = [] if ticket is None else [ticket_text(self.channel.seat_proof(ticket))]
        return {"type": "join", "name": name, "seat": None, "watch": watch, "tickets": proofs}

    def seal_bytes(self, data: bytes) -> bytes:
        """The next frame's payload for `data`, whatever it is (the channel seals only JSON
        objects; a rogue seals anything)."""
        channel = self.channel
        assert channel is not None
        sealed = channel._send.encrypt(channel._nonce(channel._sent), data, None)
        channel._sent += 1
        return sealed

    def seal(self, value: Any) -> bytes:
        return self.seal_bytes(json.dumps(value).encode())

    def write(self, payload: bytes) -> None:
        write_frame(self.writer, payload)

    def send(self, value: Any) -> None:
        self.write(self.seal(value))

    async def receive(self, seconds: float = WAIT) -> dict[str, Any] | None:
        """The table's next message; None once the connection has ended."""
        channel = self.channel
        assert channel is not None
        try:
            message: dict[str, Any] = await asyncio.wait_for(channel.receive(), seconds)
        except (asyncio.IncompleteReadError, ConnectionError):
            return None
        self.heard.append(message)
        return message

    async def expect(self, kind: str) -> dict[str, Any]:
        """The table's next message of type `kind` (others are read past)."""
        while (message := await self.receive()) is not None:
            if message["type"] == kind:
                return message
            assert message["type"] != "error", message
        raise AssertionError(f"the connection ended before a {kind!r}")

    async def refusal(self) -> str:
        """The text of the table's error, after which the connection must end at once."""
        while (message := await self.receive()) is not None:
            if message["type"] == "error":
                assert await self.receive() is None, "the table went on after its error"
                text: str = message["text"]
                return text
        raise AssertionError("the table closed the connection without saying why")

    async def plain_refusal(self) -> str:
        """The same before the keys are agreed: the table's plain handshake frame."""
        try:
            answer = json.loads(await read_frame(self.reader, HANDSHAKE_LIMIT))
        except (asyncio.IncompleteReadError, ConnectionError):
            raise AssertionError("the table closed the connection without saying why") from None
        assert await self.ended(), "the table went on after its error"
        assert isinstance(answer, dict) and isinstance(answer.get("error"), str), answer
        text: str = answer["error"]
        return text

    async def ended(self, seconds: float = WAIT) -> bool:
        """Wait for the end of the connection (reading past whatever comes)."""
        try:
            while await asyncio.wait_for(self.reader.read(65536), seconds):
                pass
        except ConnectionError:
            pass
        return True


# -- the table


@dataclass
class Game:
    table: OpenTable
    ann: Person
    rob: bytes | None = None
    """Rob's seat ticket (which a rogue shows, to take his seat)."""

    @property
    def port(self) -> int:
        return self.table.port

    def record(self) -> tuple[Record, MatchState] | None:
        """The table's record and match, read in its own thread (None before the game)."""

        def read() -> tuple[Record, MatchState] | None:
            core = self.table.host.core
            return None if core is None else (core.recorder.record, core.recorder.state)

        return on_host(self.table.host, read)

    def presence(self, seat: int) -> Presence:
        return on_host(self.table.host, lambda: self.table.host.seats[seat].presence)

    def to_ann_play(self) -> None:
        """Play until Ann is to play a card (the game then waits for her)."""
        ann = self.ann

        def in_play(person: Person) -> bool:
            return person.game.phase is Phase.PLAY

        try:
            drive([ann], lambda: ann.due() and in_play(ann), hold=in_play, what="Ann's play")
        except AssertionError as err:
            raise AssertionError(f"{err}; the table: {self.standing()}") from None

    def standing(self) -> str:
        """Where the table stands, for a test that fails."""
        host = self.table.host

        def read() -> str:
            core = host.core
            if core is None:
                return "no game"
            game = core.recorder.state.game
            seats = [seat.presence.value for seat in host.seats]
            return f"{game.phase.value}, to move {game.to_move}, seats {seats}, computers {sorted(core.computers)}, thinking {host._thinking}"

        return on_host(host, read)

    def ann_plays(self) -> None:
        """Ann gives Rob's seat to the computer (if he has gone), plays her card and hears
        it taken."""
        ann = self.ann
        ann.table.give(1)
        assert ann.due()
        ann.act()
        drive([ann], lambda: not ann.awaiting, what="the answer to Ann's play")
        assert ann.trouble == []

    def finish(self) -> None:
        ann = self.ann
        ann.table.give(1)

        def over() -> bool:
            return ann.view is not None and ann.view.over

        drive([ann], over, seconds=MATCH, what="the match's end")
        assert ann.trouble == []
        assert not self.table.unhandled


def seats_news(seat: int, presence: Presence) -> Callable[[Any], bool]:
    def wanted(news: Any) -> bool:
        return isinstance(news, Seats) and news.seats[seat].presence is presence

    return wanted


def start_game(table: OpenTable, stack: contextlib.ExitStack) -> Game:
    """Ann and Rob sit down, the game starts, Rob goes and the computer plays for him, and
    the game goes on to Ann's first play. (The table closes before they leave.)"""
    ann = Person(table.port, "Ann", seat="south", computer=Computer("easy", 3))
    ann.join()
    stack.callback(ann.leave)
    rob = Person(table.port, "Rob", seat="north")
    rob.join()
    stack.callback(rob.leave)
    stack.callback(table.host.close)
    ann.table.start()
    wait_for_news(ann, lambda news: isinstance(news, Update), what="the game to start")
    rob.leave()
    wait_for_news(ann, seats_news(1, Presence.AWAY), what="Rob to be away")
    ann.table.give(1)
    assert rob.table.ticket is not None
    game = Game(table, ann, rob.table.ticket)
    game.to_ann_play()
    return game
