"""The door of a table: what a stranger can do to it is decided here, before anything reaches
the seats.

Every connection passes the door before its player has a seat (`cribbage.net.host` asks it at
each step; this module does no I/O of its own):

1. **Entering** (`Door.enter`). Connections are counted by their *source*: an IPv4 address, or
   an IPv6 address's /64 (the network one household is given). A source may open
   `ARRIVALS_A_SECOND` connections a second (with bursts of `ARRIVAL_BURST`); more are hung
   up on at once, before a byte is read. At most `MAX_FROM_SOURCE` connections of one source,
   and `MAX_INSIDE` in all, may be in their handshake at once: a new one that would be over
   either limit pushes out the oldest of its own source, or, when the door is full, the
   oldest of the source with the most inside. So idle, slow and half-finished connections
   from a few sources crowd only each other out, and a friend from another address always
   finds room.
2. **The key exchange** (`Door.turn`). Each costs the table some milliseconds of arithmetic,
   and is a guess at the code. The door gives turns at `TURNS_A_SECOND` in all (bursts of
   `TURN_BURST`), each to the waiting connection whose source was served longest ago, and
   never to a source still paying for its wrong tries. A source's first wrong try costs it
   `PENALTY_FIRST` seconds, each further one in a row twice the last, up to `PENALTY_MAX`;
   a right code clears it. A source whose wait is longer than its handshake may last is
   told so at once (`barred`).
3. **Judged** (`Door.judged`, `Door.left`): a wrong code, and a key exchange the other side
   abandoned after the table did its part, both count as wrong tries.
4. **Told** (`Door.report`): the host hears, at most once every `REPORT_SECONDS`, how many
   wrong tries came from where.

At the door's fastest, `TURNS_A_SECOND` codes a second are judged, from any number of
sources: with `codes.CODE_SPACE` codes, the chance of hitting the code is about 2 in 10
million a day (docs/protocol.md, "Threat model").
"""

from __future__ import annotations

import asyncio
import ipaddress
import math
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Final

from ..text import listed

__all__ = [
    "ARRIVALS_A_SECOND",
    "ARRIVAL_BURST",
    "MAX_FROM_SOURCE",
    "MAX_INSIDE",
    "PENALTY_FIRST",
    "PENALTY_MAX",
    "REPORT_SECONDS",
    "TURNS_A_SECOND",
    "TURN_BURST",
    "Door",
    "Visitor",
    "source_of",
]

MAX_INSIDE: Final = 128
"""Connections in their handshake at once, in all: room for every friend, and few enough
file descriptors for any system (macOS allows a process 256 by default)."""
MAX_FROM_SOURCE: Final = 8
"""Connections of one source in their handshake at once: a household of friends joining
together, with room to spare."""
ARRIVALS_A_SECOND: Final = 10.0
ARRIVAL_BURST: Final = 20
"""New connections a source may open a second, and at once: far more than a person makes
(a join, a join again); more are hung up on before anything is read from them."""
TURNS_A_SECOND: Final = 10.0
TURN_BURST: Final = 10
"""Key exchanges (codes judged) a second in all, and at once: a whole table of friends and
onlookers joining together is served at once, and guessing is hopeless
(`codes.CODE_SPACE`)."""
PENALTY_FIRST: Final = 1.0
PENALTY_MAX: Final = 600.0
"""Seconds a source waits for its next key exchange after a wrong try: the first costs one
second, each further one in a row twice the one before, and never more than ten minutes."""
FORGET_SECONDS: Final = 3600.0
"""A source's wrong tries are forgotten after an hour without one."""
MAX_SOURCES: Final = 4096
"""Sources remembered at once; the quietest are forgotten first."""
REPORT_SECONDS: Final = 60.0
"""The host is told of wrong tries at most this often."""
_REPORTED_PLACES: Final = 3
"""The sources named in a report (the others are counted)."""


def source_of(peer: str) -> str:
    """Where a connection comes from, as the door counts it: an IPv4 address (also one
    written as IPv6), or an IPv6 address's /64 network.

    >>> source_of("127.0.0.2"), source_of("::ffff:10.0.0.7"), source_of("2001:db8:1:2:3:4:5:6")
    ('127.0.0.2', '10.0.0.7', '2001:db8:1:2::/64')
    >>> source_of("?")
    '?'
    """
    if peer.count(".") == 3 and ":" not in peer:  # IPv4 as the system writes it
        return peer
    try:
        address = ipaddress.ip_address(peer.split("%")[0])
    except ValueError:
        return peer
    if isinstance(address, ipaddress.IPv6Address):
        if address.ipv4_mapped is not None:
            return str(address.ipv4_mapped)
        return str(ipaddress.IPv6Network((address, 64), strict=False))
    return str(address)


@dataclass(eq=False, slots=True)
class Visitor:
    """A connection in the door: where it comes from, when it came, and how to push it out."""

    source: str
    arrived: float
    number: int
    """In the order of arrival."""
    close: Callable[[], None]
    """Close the connection (it is pushed out, or the table is closing)."""
    deadline: float
    """When its handshake must be done (the door's clock)."""
    turned: bool = False
    """It has had its key exchange."""
    judged: bool = False
    waiting: asyncio.Future[None] | None = None


@dataclass(slots=True)
class _Source:
    inside: list[Visitor] = field(default_factory=list)
    tokens: float = 0.0
    """New connections it may open now."""
    refilled: float = 0.0
    wrong: int = 0
    """Wrong tries in a row (forgotten after `FORGET_SECONDS`)."""
    last_wrong: float = -math.inf
    ready: float = -math.inf
    """No key exchange before this time."""
    last_turn: float = -math.inf
    seen: float = 0.0


class Busy(Exception):
    """The connection was pushed out of the door, or its turn did not come in time."""


class Door:
    """The door of one table (see the module's description). All of it runs in the table's
    thread; `clock` is the table's loop's clock (or a test's)."""

    def __init__(
        self, *, clock: Callable[[], float] = time.monotonic, handshake_seconds: float = 10.0
    ) -> None:
        self.clock = clock
        self.handshake_seconds = handshake_seconds
        self.max_inside = MAX_INSIDE
        self.max_from_source = MAX_FROM_SOURCE
        self.arrivals_a_second = ARRIVALS_A_SECOND
        self.arrival_burst = ARRIVAL_BURST
        self.turns_a_second = TURNS_A_SECOND
        self.turn_burst = TURN_BURST
        """The limits (the module's constants; a test may change one table's)."""
        self.sources: dict[str, _Source] = {}
        self.inside = 0
        self._arrivals = 0
        self._tokens = float(self.turn_burst)
        self._refilled = clock()
        self._queue: list[Visitor] = []
        self._timer: asyncio.TimerHandle | None = None
        self._tries: Counter[str] = Counter()
        """Wrong tries not yet reported, by source."""
        self._first_try = 0.0
        self._reported = -math.inf
        self.judged_right = 0
        self.judged_wrong = 0
        """Codes judged since the table opened (for the benchmarks)."""
        self.turned_away = 0
        """Connections hung up on as they came, or pushed out (for the benchmarks)."""

    # -- entering

    def enter(self, peer: str, close: Callable[[], None]) -> Visitor | None:
        """A new connection from `peer`, in the door; None when its source has opened too
        many too quickly (hang up at once). Another connection may be pushed out (closed)
        to make room."""
        now = self.clock()
        name = source_of(peer)
        source = self._source(name, now)
        source.tokens = min(
            self.arrival_burst, source.tokens + (now - source.refilled) * self.arrivals_a_second
        )
        source.refilled = now
        if source.tokens < 1:
            self.turned_away += 1
            return None
        source.tokens -= 1
        if len(source.inside) >= self.max_from_source:
            self._push_out(source.inside[0])
        elif self.inside >= self.max_inside:
            self._push_out(self._crowded())
        self._arrivals += 1
        visitor = Visitor(name, now, self._arrivals, close, now + self.handshake_seconds)
        source.inside.append(visitor)
        self.inside += 1
        return visitor

    def _crowded(self) -> Visitor:
        """The connection to push out when the door is full: the oldest of the source with
        the most inside (of those, the one whose oldest came first)."""
        busiest = max(
            (source for source in self.sources.values() if source.inside),
            key=lambda source: (len(source.inside), -source.inside[0].number),
        )
        return busiest.inside[0]

    def _push_out(self, visitor: Visitor) -> None:
        self.left(visitor)
        self.turned_away += 1
        visitor.close()

    def left(self, visitor: Visitor) -> None:
        """`visitor` is out of the door: its handshake is over (it joined, or failed), or it
        was pushed out. A key exchange it had and was not judged on is a wrong try."""
        source = self.sources.get(visitor.source)
        if source is None or visitor not in source.inside:
            return
        source.inside.remove(visitor)
        self.inside -= 1
        if visitor in self._queue:
            self._queue.remove(visitor)
        if visitor.waiting is not None and not visitor.waiting.done():
            visitor.waiting.set_exception(Busy())
        if visitor.turned and not visitor.judged:
            self.judged(visitor, right=False)

    def _source(self, name: str, now: float) -> _Source:
        source = self.sources.get(name)
        if source is None:
            if len(self.sources) >= MAX_SOURCES:
                self._forget_some()
            source = self.sources[name] = _Source(tokens=self.arrival_burst, refilled=now)
        source.seen = now
        return source

    def _forget_some(self) -> None:
        """Forget the quietest half of the sources with no connection inside."""
        idle = sorted(
            (source.seen, name) for name, source in self.sources.items() if not source.inside
        )
        for _, name in idle[: max(1, len(idle) // 2)]:
            del self.sources[name]

    # -- the key exchange

    def barred(self, visitor: Visitor) -> float:
        """Seconds `visitor`'s source must still wait for a key exchange, when that is past
        its handshake's deadline (0: it may wait for its turn)."""
        now = self.clock()
        source = self.sources.get(visitor.source)
        if source is None:
            return 0.0
        self._forgive(source, now)
        wait = source.ready - now
        return wait if wait > 0 and source.ready > visitor.deadline - 0.5 else 0.0

    async def turn(self, visitor: Visitor) -> None:
        """Wait for `visitor`'s key exchange to be due.

        Raises:
            Busy: it was pushed out meanwhile.
        """
        if visitor.turned:
            return
        waiting: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        visitor.waiting = waiting
        self._queue.append(visitor)
        self._grant()
        try:
            await waiting
        finally:
            visitor.waiting = None
            if visitor in self._queue:
                self._queue.remove(visitor)
            # the future holds the exception that may end the wait, whose traceback holds
            # this frame: the frame lets go of the future, or the two are garbage to collect
            del waiting

    def _grant(self) -> None:
        """Give the turns due now; come back when the next one may be."""
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        now = self.clock()
        self._tokens = min(
            float(self.turn_burst), self._tokens + (now - self._refilled) * self.turns_a_second
        )
        self._refilled = now
        while self._queue and self._tokens >= 1:
            ready = [v for v in self._queue if self.sources[v.source].ready <= now]
            if not ready:
                break
            chosen = min(ready, key=lambda v: (self.sources[v.source].last_turn, v.number))
            self._queue.remove(chosen)
            self._tokens -= 1
            self.sources[chosen.source].last_turn = now
            chosen.turned = True
            if chosen.waiting is not None and not chosen.waiting.done():
                chosen.waiting.set_result(None)
        if self._queue:
            token = max(0.0, (1 - self._tokens) / self.turns_a_second)
            ready_at = min(self.sources[v.source].ready for v in self._queue)
            later = max(token, ready_at - now, 0.001)
            self._timer = asyncio.get_running_loop().call_later(later, self._grant)

    def judged(self, visitor: Visitor, *, right: bool) -> None:
        """`visitor`'s code was judged: right (its source's wrong tries are cleared) or
        wrong (its source waits longer for its next try, and the host will hear of it)."""
        if visitor.judged:
            return
        visitor.judged = True
        now = self.clock()
        source = self._source(visitor.source, now)
        if right:
            self.judged_right += 1
            source.wrong = 0
            source.ready = -math.inf
            return
        self.judged_wrong += 1
        self._forgive(source, now)
        source.wrong += 1
        source.last_wrong = now
        source.ready = now + min(PENALTY_MAX, PENALTY_FIRST * 2 ** (source.wrong - 1))
        if not self._tries:
            self._first_try = now
        self._tries[visitor.source] += 1

    @staticmethod
    def _forgive(source: _Source, now: float) -> None:
        if now - source.last_wrong > FORGET_SECONDS:
            source.wrong = 0

    # -- told

    def report(self) -> str | None:
        """The wrong tries since the last report, in a sentence for the host, if there were
        any and the last report was `REPORT_SECONDS` ago or more."""
        now = self.clock()
        if not self._tries or now - self._reported < REPORT_SECONDS:
            return None
        total = sum(self._tries.values())
        named = [f"{source} ({count})" for source, count in self._tries.most_common()]
        if len(named) > _REPORTED_PLACES:
            others = len(named) - _REPORTED_PLACES
            named = [*named[:_REPORTED_PLACES], f"{others} other addresses"]
        minutes = max(1, math.ceil((now - self._first_try) / 60))
        when = "minute" if minutes == 1 else f"{minutes} minutes"
        tries = "wrong join code was" if total == 1 else "wrong join codes were"
        self._tries.clear()
        self._reported = now
        return f"{total:,} {tries} tried in the last {when}, from {listed(named)}."
