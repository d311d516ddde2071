"""Support shared by the network tests (`test_net_hidden.py`, `test_net_rogue.py`): a table
opened on 127.0.0.1 and always closed, people who join it and always leave, each seat played
by the computer from that seat's own news, and calls into the table's thread. Not a test
module itself.

Nothing here sleeps to let something happen: each wait is for the news itself (a queue read
with a timeout), with a deadline after which the test fails saying what it waited for.
"""

from __future__ import annotations

import concurrent.futures
import contextlib
import queue
import time
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any, Final, TypeVar

from cribbage.computer import Computer
from cribbage.match import MatchConfig
from cribbage.net.client import RemoteTable
from cribbage.net.host import Host
from cribbage.rules import Counting, GameConfig
from cribbage.tables import Closed, News, Notice, Refused, Said, Seats, Update
from cribbage.view import MatchView, PlayerView

__all__ = [
    "CODE",
    "LOCAL",
    "MATCH",
    "WAIT",
    "OpenTable",
    "Person",
    "drive",
    "on_host",
    "open_table",
    "wait_for_news",
]

CODE: Final = "7-amber-otter"
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
    ) -> None:
        self.table = RemoteTable(LOCAL, port, code=code, name=name, seat=seat, watch=watch)
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
