"""A table on 127.0.0.1 against players who break the protocol (docs/protocol.md, Errors).

Each test has a table with a real game going: Ann, an honest player (`RemoteTable`, played
by the computer from her own news), at South; Rob, who sat at North when the game started,
has gone, and the computer plays for him. A rogue joins as Rob with Rob's seat ticket
(taking his seat back), or watches, or never gets that far, and writes its frames itself
with the channel's own primitives: the table must tell it what was wrong (`{"type": "error", "text": ...}`) and
close its connection, never crash, leave the game as it was, and let Ann play on.

The game is left waiting for Ann's play while a rogue is at work, so that nothing else
changes it: the record before and after must be equal. Nothing waits on the clock but the
tests of time limits, whose limits are made short.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import hashlib
import json
import os
import socket
import struct
import time
from collections.abc import Awaitable, Callable, Iterator
from dataclasses import dataclass
from typing import Any, Final

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cribbage.cards import DECK
from cribbage.computer import Computer
from cribbage.match import MatchConfig
from cribbage.net import channel as channel_module
from cribbage.net import host as host_module
from cribbage.net import messages as m
from cribbage.net.channel import (
    HANDSHAKE_LIMIT,
    PLAYER_LIMIT,
    hello,
    read_frame,
    write_frame,
)
from cribbage.net.values import ACTIONS
from cribbage.rules import GameConfig
from cribbage.tables import Closed, Said, Seats
from cribbage.tables.news import Presence, SeatInfo

from .net_support import (
    CODE,
    Game,
    OpenTable,
    Person,
    Rogue,
    on_host,
    open_table,
    seats_news,
    serving,
    start_game,
    wait_for_news,
)

GAME: Final = GameConfig(target=61)


@pytest.fixture
def game() -> Iterator[Game]:
    with open_table(GAME) as table, contextlib.ExitStack() as stack:
        yield start_game(table, stack)


# -- what rogues do


@dataclass(frozen=True)
class Facts:
    ann_card: str
    """A card Ann may play now."""
    rob_card: str
    """A card Rob holds (or played, when he holds none)."""
    rob: bytes | None = None
    """Rob's seat ticket."""


Misdeed = Callable[[Rogue, Facts], Awaitable[None]]


def sending(value: Any) -> Misdeed:
    async def send(rogue: Rogue, facts: Facts) -> None:
        rogue.send(value)

    return send


def playing(seat: int, whose: str) -> Misdeed:
    async def play(rogue: Rogue, facts: Facts) -> None:
        card = facts.ann_card if whose == "ann" else facts.rob_card
        rogue.send({"type": "action", "action": {"action": "Play", "seat": seat, "card": card}})

    return play


async def oversized(rogue: Rogue, facts: Facts) -> None:
    rogue.writer.write(struct.pack(">I", PLAYER_LIMIT + 1))  # the length alone: it is not read


async def not_json(rogue: Rogue, facts: Facts) -> None:
    rogue.write(rogue.seal_bytes(b"{'type': 'ping'}"))


async def not_text(rogue: Rogue, facts: Facts) -> None:
    rogue.write(rogue.seal_bytes(b'{"type": "\xff\xfe"}'))


async def replayed(rogue: Rogue, facts: Facts) -> None:
    ping = rogue.seal({"type": "ping"})
    rogue.write(ping)
    await rogue.expect("pong")
    rogue.write(ping)


async def reordered(rogue: Rogue, facts: Facts) -> None:
    first, second = rogue.seal({"type": "ping"}), rogue.seal({"type": "ping"})
    rogue.write(second)
    rogue.write(first)


async def altered(rogue: Rogue, facts: Facts) -> None:
    sealed = bytearray(rogue.seal({"type": "ping"}))
    sealed[3] ^= 1
    rogue.write(bytes(sealed))


async def flood(rogue: Rogue, facts: Facts) -> None:
    for _ in range(host_module.FLOOD_MESSAGES + 20):
        rogue.send({"type": "ping"})


@dataclass(frozen=True)
class Case:
    misdeed: Misdeed
    said: str
    """Words the table's error must contain."""
    stage: str = "seated"
    """How far the rogue gets first: seated (as Rob), watching, keyed (the handshake done,
    no join), or connected (nothing said yet)."""


CASES: Final = {
    "a frame over the limit": Case(oversized, f"over the limit of {PLAYER_LIMIT}"),
    "a frame that is not JSON": Case(not_json, "not JSON"),
    "a frame that is not text": Case(not_text, "not JSON"),
    "a list for a message": Case(sending([1, 2]), "a JSON object with a type"),
    "a message without a type": Case(sending({"text": "hi"}), "a JSON object with a type"),
    "a number for a type": Case(sending({"type": 5}), "a JSON object with a type"),
    "a table's message": Case(
        sending({"type": "welcome", "seat": 0}), "no message is of the type 'welcome'"
    ),
    "an unknown type": Case(sending({"type": "cheat"}), "no message is of the type 'cheat'"),
    "a missing field": Case(sending({"type": "talk"}), "lacks its text"),
    "an extra field": Case(
        sending({"type": "ping", "cards": ["5H"]}), "a field the message does not have: 'cards'"
    ),
    "a field of the wrong type": Case(
        sending({"type": "give", "seat": "north"}), "its seat is of the wrong type"
    ),
    "true for a number": Case(sending({"type": "give", "seat": True}), "its seat is not a number"),
    "talk too long": Case(
        sending({"type": "talk", "text": "x" * 201}), "longer than 200 characters"
    ),
    "a card that is no card": Case(
        sending({"type": "action", "action": {"action": "Play", "seat": 1, "card": "5X"}}),
        "a bad action",
    ),
    "an action of no kind": Case(
        sending({"type": "action", "action": {"action": "Cheat", "seat": 1}}), "not an action"
    ),
    "an action with a field too many": Case(
        sending({"type": "action", "action": {"action": "Play", "seat": 1, "card": "5H", "x": 1}}),
        "a bad action",
    ),
    "an action for another seat": Case(playing(0, "ann"), "another player's seat"),
    "an action out of turn": Case(playing(1, "rob"), "out of turn"),
    "a second join": Case(
        sending({"type": "join", "name": "Rob", "seat": None, "watch": False, "tickets": []}),
        "joined the table already",
    ),
    "a replayed frame": Case(replayed, "replayed"),
    "a reordered frame": Case(reordered, "out of order"),
    "an altered frame": Case(altered, "altered"),
    "a flood": Case(flood, "Too many messages"),
    "an onlooker's action": Case(playing(0, "ann"), "only watches and talks", "watching"),
    "an onlooker's start": Case(sending({"type": "start"}), "only watches and talks", "watching"),
    "a first message that is no join": Case(
        sending({"type": "ping"}), "told who joins first", "keyed"
    ),
    "a join over the limit": Case(oversized, f"over the limit of {PLAYER_LIMIT}", "keyed"),
    "a join that is not JSON": Case(not_json, "not JSON", "keyed"),
    "a join reordered": Case(reordered, "out of order", "keyed"),
    "a join with its name too long": Case(
        sending({"type": "join", "name": "n" * 65, "seat": None, "watch": False, "tickets": []}),
        "longer than 64",
        "keyed",
    ),
    "a join when the game is on": Case(
        sending({"type": "join", "name": "Zed", "seat": "north", "watch": False, "tickets": []}),
        "The game at this table has started, and every seat is taken",
        "keyed",
    ),
    "a join for a seat taken": Case(
        sending({"type": "join", "name": "Ann", "seat": None, "watch": False, "tickets": []}),
        "Ann has a seat at this table, which only the program Ann sat down with can take back",
        "keyed",
    ),
    "a join under a gone player's name, without the ticket": Case(
        sending({"type": "join", "name": "ROB", "seat": None, "watch": False, "tickets": []}),
        "Rob has a seat at this table",
        "keyed",
    ),
    "a join with a made-up ticket": Case(
        sending(
            {
                "type": "join",
                "name": "Rob",
                "seat": None,
                "watch": False,
                "tickets": ["A" * 43 + "="],
            }
        ),
        "Rob has a seat at this table",
        "keyed",
    ),
    "a join with a ticket that is not base64": Case(
        sending({"type": "join", "name": "Rob", "seat": None, "watch": False, "tickets": ["*"]}),
        "not base64",
        "keyed",
    ),
    "a join with too many tickets": Case(
        sending(
            {"type": "join", "name": "Rob", "seat": None, "watch": False, "tickets": ["A"] * 17}
        ),
        "at most 16",
        "keyed",
    ),
    "an onlooker's move to a seat": Case(
        sending({"type": "sit", "seat": 1}), "only watches and talks", "watching"
    ),
}


async def misbehave(port: int, case: Case, facts: Facts) -> str:
    """Connect, go as far as the case says, misbehave; what the table said was wrong."""
    async with await Rogue.connect(port) as rogue:
        if case.stage == "seated":
            assert (await rogue.join(ticket=facts.rob))["seat"] == 1
        elif case.stage == "watching":
            assert (await rogue.join("Wat", watch=True))["seat"] is None
        elif case.stage == "keyed":
            await rogue.handshake()
        await case.misdeed(rogue, facts)
        await rogue.writer.drain()
        if case.stage == "connected":
            return await rogue.plain_refusal()
        return await rogue.refusal()


@pytest.mark.parametrize("case", CASES.values(), ids=CASES.keys())
def test_a_rogue_is_told_what_was_wrong_and_the_game_goes_on(game: Game, case: Case) -> None:
    before = game.record()
    assert before is not None
    robs = before[1].game
    facts = Facts(str(game.ann.game.legal[0]), str((*robs.hands[1], *robs.kept[1])[0]), game.rob)
    text = asyncio.run(misbehave(game.port, case, facts))
    assert case.said in text
    assert game.record() == before
    assert game.presence(1) in (Presence.AWAY, Presence.COMPUTER)
    game.ann_plays()
    assert not game.table.unhandled


def test_an_action_before_the_game_starts_is_refused() -> None:
    with open_table(GAME) as table, contextlib.ExitStack() as stack:
        ann = Person(table.port, "Ann", seat="south", computer=Computer("easy", 3))
        ann.join()
        stack.callback(ann.leave)
        stack.callback(table.host.close)  # before Ann leaves the match's end
        cut = {"type": "action", "action": {"action": "CutForDeal", "seat": 1, "position": 9}}
        case = Case(sending(cut), "before the game started")
        text = asyncio.run(misbehave(table.port, case, Facts("", "")))
        assert case.said in text
        assert on_host(table.host, lambda: table.host.core) is None
        assert on_host(table.host, lambda: table.host.seats[1].presence) is Presence.EMPTY
        ann.table.start()  # the computer takes Rob's empty seat
        Game(table, ann).finish()


# -- before the keys


def test_a_frame_over_the_limit_before_the_handshake_is_refused(game: Game) -> None:
    async def misdeed(rogue: Rogue, facts: Facts) -> None:
        rogue.writer.write(struct.pack(">I", HANDSHAKE_LIMIT + 1))

    before = game.record()
    text = asyncio.run(misbehave(game.port, Case(misdeed, "", "connected"), Facts("", "")))
    assert f"over the limit of {HANDSHAKE_LIMIT}" in text
    assert game.record() == before
    game.ann_plays()


# -- slow and silent


async def stall(port: int, stage: str) -> Rogue:
    """A connection that stops partway through its handshake: at once (connected), after
    the hellos (hello), or after the whole handshake, before saying who joins (keyed)."""
    rogue = await Rogue.connect(port)
    if stage == "hello":
        write_frame(rogue.writer, json.dumps(hello()).encode())
        json.loads(await read_frame(rogue.reader, HANDSHAKE_LIMIT))  # the table's hello
    elif stage == "keyed":
        await rogue.handshake()
    return rogue


async def end_of(rogue: Rogue, seconds: float = 10) -> bytes:
    """What comes before the end of the connection (b"": nothing), read within `seconds`."""
    try:
        return await asyncio.wait_for(rogue.reader.read(), seconds)
    except ConnectionError:
        return b""


@pytest.mark.parametrize("stage", ["connected", "hello", "keyed"])
def test_a_handshake_not_finished_in_time_is_closed(
    monkeypatch: pytest.MonkeyPatch, game: Game, stage: str
) -> None:
    monkeypatch.setattr(host_module, "HANDSHAKE_SECONDS", 0.5)

    async def run() -> None:
        async with await stall(game.port, stage) as rogue:
            assert await end_of(rogue) == b""  # closed within the limit of 10 seconds

    asyncio.run(run())
    assert on_host(game.table.host, lambda: game.table.host.door.inside) == 0
    game.ann_plays()


def test_the_handshake_and_the_join_share_one_time_limit(
    monkeypatch: pytest.MonkeyPatch, game: Game
) -> None:
    """A slow handshake leaves the join only what is left of the limit, not the limit anew:
    a join sent after the limit, counted from the connection, is not taken."""
    monkeypatch.setattr(host_module, "HANDSHAKE_SECONDS", 2.5)

    async def run() -> None:
        loop = asyncio.get_running_loop()
        async with await Rogue.connect(game.port) as rogue:
            began = loop.time()
            await asyncio.sleep(1.5)  # the rogue is slow to begin (the limit is 2.5 s)
            await rogue.handshake()
            await asyncio.sleep(began + 3.3 - loop.time())  # and to say who joins
            with contextlib.suppress(ConnectionError):
                rogue.send({"type": "join", "name": "Rob", "seat": None, "watch": False})
            assert await rogue.receive() is None  # closed: no welcome, no seat

    asyncio.run(run())
    assert game.presence(1) is Presence.COMPUTER
    game.ann_plays()


def test_a_silent_player_is_found_by_the_heartbeat(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(host_module, "HEARTBEAT_SECONDS", 0.25)
    monkeypatch.setattr(host_module, "SILENCE_SECONDS", 1.5)
    with open_table(GAME) as table, contextlib.ExitStack() as stack:
        game = start_game(table, stack)
        before = game.record()

        async def silent() -> tuple[str, list[dict[str, Any]]]:
            async with await Rogue.connect(game.port) as rogue:
                await rogue.join(ticket=game.rob)
                return await rogue.refusal(), rogue.heard

        text, heard = asyncio.run(silent())
        assert "Nothing was heard from you" in text
        assert {"type": "ping"} in heard
        wait_for_news(game.ann, seats_news(1, Presence.AWAY), what="Rob to be away")
        assert game.presence(1) is Presence.AWAY
        assert game.record() == before
        game.finish()


# -- thousands of random messages


class QuickKeys:
    """The key exchange without its arithmetic, so that thousands of connections take
    seconds: both sides with the same code agree on a key, as with SPAKE2. Everything else
    (the hellos, the transcript, the key confirmation, the encrypted frames) is the
    channel's own."""

    def __init__(self, code: str) -> None:
        self.key = hashlib.sha256(code.encode()).digest()

    def start(self) -> bytes:
        return os.urandom(33)

    def finish(self, inbound: bytes) -> bytes:
        return self.key


CARD_TEXTS: Final = [str(card) for card in DECK]
json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner),
    max_leaves=6,
)
"""Any JSON value at all."""
junk = (
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats()
    | st.text(max_size=4)
    | st.sampled_from([[], {}, [1, "5H"], {"seat": 1}, "5H", "south", 10**40])
)
"""A value of the wrong kind, most of the time (quicker to draw than any JSON value)."""
cards = st.sampled_from(CARD_TEXTS)
ACTION_FIELDS: Final[dict[str, st.SearchStrategy[Any]]] = {
    "seat": st.integers(-1, 4),
    "position": st.integers(-1, 53),
    "card": cards,
    "cards": st.lists(cards, max_size=3),
    "points": st.integers(-1, 30),
}
TABLE_TYPES: Final = ["welcome", "seats", "update", "refused", "said", "notice", "code", "error"]


def shaped(fields: dict[str, st.SearchStrategy[Any]]) -> st.SearchStrategy[dict[str, Any]]:
    """Dictionaries of these fields with values of their kinds, half of them with a flaw:
    one value of another kind, one field left out, or one field too many."""
    whole = st.fixed_dictionaries(fields)
    names = st.sampled_from(sorted(fields) or ["x"])
    other = st.builds(lambda values, name, value: {**values, name: value}, whole, names, junk)
    left_out = st.builds(
        lambda values, name: {key: value for key, value in values.items() if key != name},
        whole,
        names,
    )
    too_many = st.builds(lambda values, value: {**values, "x": value}, whole, junk)
    return st.one_of(whole, whole, whole, other, left_out, too_many)


def action_of(kind: str) -> st.SearchStrategy[dict[str, Any]]:
    """An action of this kind (with a Play's fields for a kind that does not exist)."""
    fields = dataclasses.fields(ACTIONS.get(kind, ACTIONS["Play"]))
    found = shaped({field.name: ACTION_FIELDS[field.name] for field in fields})
    return found.map(lambda values: {"action": kind, **values})


PLAYER_FIELDS: Final[dict[str, dict[str, st.SearchStrategy[Any]]]] = {
    "join": {
        "name": st.sampled_from(["Rob", "Ann", "Zed", "", " Rob ", "R" * 65]) | st.text(max_size=8),
        "seat": st.none() | st.sampled_from(["south", "north", "west", "1", "2", "9", "up"]),
        "watch": st.booleans(),
        "tickets": st.lists(st.sampled_from(["A" * 44, "*", "", "A" * 43 + "="]), max_size=2),
    },
    "sit": {"seat": st.integers(-1, 4)},
    "action": {"action": st.one_of([action_of(kind) for kind in [*ACTIONS, "Cheat"]])},
    "talk": {"text": st.text(max_size=8) | st.sampled_from(["x" * 200, "x" * 201, "\x1b[2J"])},
    "give": {"seat": st.integers(-1, 4)},
    **{kind: {} for kind in ("start", "again", "ping", "pong", "bye")},
}
"""The fields of each message a player sends, with values of their kinds."""


def typed(kind: str) -> st.SearchStrategy[dict[str, Any]]:
    fields = PLAYER_FIELDS.get(kind)
    values = (
        shaped(fields)
        if fields is not None
        else st.dictionaries(st.sampled_from(["seat", "text", "x"]), junk, max_size=2)
    )
    return values.map(lambda found: {"type": kind, **found})


typed_messages = st.one_of([typed(kind) for kind in [*PLAYER_FIELDS, *TABLE_TYPES]])
"""Messages of every type, with their fields (or others), mostly of their kinds."""


async def deliver(port: int, items: list[tuple[bool, Any]], rob: bytes) -> None:
    """Send each message, on a fresh connection as its first message, or on Rob's seat
    (joined when needed, with his ticket `rob`), and check the answer: the table goes on (a
    ping after it is answered), or says what was wrong and closes the connection."""
    rogue: Rogue | None = None
    try:
        for fresh, message in items:
            if fresh:
                async with await Rogue.connect(port) as first:
                    await first.handshake()
                    if await answered(first, message, first=True):
                        first.send({"type": "bye"})
                        await first.ended()
                continue
            if rogue is None:
                rogue = await Rogue.connect(port)
                await rogue.join(ticket=rob)
            if not await answered(rogue, message, first=False):
                await rogue.close()
                rogue = None
    finally:
        if rogue is not None:
            rogue.send({"type": "bye"})
            await rogue.ended()
            await rogue.close()


async def answered(rogue: Rogue, message: Any, *, first: bool) -> bool:
    """True when the connection goes on after `message`; else the table said why."""
    rogue.heard.clear()
    rogue.send(message)
    if first:
        welcome_or_error = await next_of(rogue, ("welcome", "error"))
        if welcome_or_error is not None and welcome_or_error["type"] == "welcome":
            return True
    else:
        rogue.send({"type": "ping"})
        found = await next_of(rogue, ("pong", "error"))
        if found is not None and found["type"] == "pong" and message == {"type": "ping"}:
            found = await next_of(rogue, ("pong", "error"))  # that pong was the message's own
        if found is not None and found["type"] == "pong":
            return True
        if found is None:  # only a goodbye closes without an error
            assert message == {"type": "bye"}, rogue.heard
            return False
    assert rogue.heard and rogue.heard[-1]["type"] == "error", (message, rogue.heard)
    assert rogue.heard[-1]["text"], message
    assert await rogue.receive() is None, "the table went on after its error"
    return False


async def next_of(rogue: Rogue, kinds: tuple[str, ...]) -> dict[str, Any] | None:
    while (found := await rogue.receive()) is not None:
        if found["type"] in kinds:
            return found
    return None


def open_door(table: OpenTable) -> None:
    """Let one address open connections and shake hands as fast as it likes (the door's
    limits are tested in test_net_door.py)."""

    def lift() -> None:
        door = table.host.door
        door.arrivals_a_second = door.turns_a_second = 1e6
        door.arrival_burst = door.turn_burst = 10**6

    on_host(table.host, lift)


def random_messages_leave_the_game_as_it_was(
    game: Game,
    monkeypatch: pytest.MonkeyPatch,
    messages: st.SearchStrategy[Any],
    examples: int,
) -> None:
    before = game.record()
    sent: list[int] = []
    open_door(game.table)  # thousands of connections from one address, in seconds
    loop = asyncio.new_event_loop()
    try:
        with monkeypatch.context() as patch:
            patch.setattr(channel_module, "_pake", QuickKeys)

            @settings(
                max_examples=examples,
                deadline=None,
                suppress_health_check=[HealthCheck.too_slow],
            )
            @given(st.lists(st.tuples(st.booleans(), messages), min_size=4, max_size=10))
            def each(items: list[tuple[bool, Any]]) -> None:
                assert game.rob is not None
                loop.run_until_complete(deliver(game.port, items, game.rob))
                sent.append(len(items))

            each()
    finally:
        loop.close()
    assert len(sent) >= examples and sum(sent) >= 4 * examples  # thousands, in all
    host = game.table.host
    assert host.thread is not None and host.thread.is_alive()
    assert game.record() == before
    assert not game.table.unhandled
    watcher = Person(game.port, "Wat", watch=True)  # with the real key exchange again
    try:
        watcher.join()
    finally:
        watcher.leave()
    game.finish()


def test_random_json_never_harms_the_table(game: Game, monkeypatch: pytest.MonkeyPatch) -> None:
    random_messages_leave_the_game_as_it_was(game, monkeypatch, json_values, 120)


def test_random_messages_never_harm_the_table(game: Game, monkeypatch: pytest.MonkeyPatch) -> None:
    random_messages_leave_the_game_as_it_was(game, monkeypatch, typed_messages, 300)


# -- the table's side


def test_the_table_sends_each_message_at_once() -> None:
    """The table's side of a connection does not hold a small message back until the last
    one is acknowledged (TCP_NODELAY). Held back, the answer to a player's first message
    after joining waited some 40 ms for the player's delayed acknowledgement, and an error
    held back so was lost when the table closed the connection at once after it."""
    with open_table(GAME) as table:
        ann = Person(table.port, "Ann")
        try:
            ann.join()

            def nodelay() -> list[int]:
                conns = [seat.conn for seat in table.host.seats if seat.conn is not None]
                return [
                    conn.channel.writer.get_extra_info("socket").getsockopt(
                        socket.IPPROTO_TCP, socket.TCP_NODELAY
                    )
                    for conn in conns
                ]

            assert on_host(table.host, nodelay) == [1]
        finally:
            ann.leave()


# -- the player's side


def slow_to_go_on(loop: asyncio.AbstractEventLoop) -> None:
    """Make every thread that hands `loop` something to do slow to go on afterwards."""
    hand_over = loop.call_soon_threadsafe

    def slowly(callback: Callable[..., object], *args: Any) -> asyncio.Handle:
        handle = hand_over(callback, *args)
        time.sleep(0.05)
        return handle

    loop.call_soon_threadsafe = slowly  # type: ignore[method-assign, assignment]


def test_a_player_who_leaves_hears_of_no_lost_connection() -> None:
    """Leaving says goodbye and stops the connection's thread at once, whatever that thread
    is doing: had the table's closing after the goodbye been read first, it would be news
    of a lost connection, waiting for the next join. Ann leaves as the table's first
    messages come in, and her own thread is slow to go on after handing over the goodbye."""
    with open_table(GAME) as table:
        for _ in range(10):
            ann = Person(table.port, "Ann")
            try:
                ann.join()
                assert ann.table._loop is not None
                slow_to_go_on(ann.table._loop)
                ann.leave()
                news = []
                while (one := ann.table.news()) is not None:
                    news.append(one)
                assert not [one for one in news if isinstance(one, Closed)]
            finally:
                ann.leave()


# -- a table the player does not trust


@contextlib.contextmanager
def hostile_table(*messages: dict[str, Any]) -> Iterator[int]:
    """A table on the loopback that shakes hands as a table does, welcomes the player, then
    sends `messages` (whatever they hold) and waits for the player to hang up."""

    async def table(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        with contextlib.suppress(Exception):
            channel = await channel_module.table_handshake(reader, writer, CODE)
            await channel.receive()  # the join
            channel.send(m.welcome(1, GAME, MatchConfig(), "easy", True, b"t" * 32))
            for message in messages:
                channel.send(message)
            await writer.drain()
            await reader.read()
        writer.close()

    with serving(table) as port:
        yield port


ESCAPES: Final = "\x1b[2J\x1b]0;owned\x07\u202e\x9b"
"""What a hostile table hides in its words: clear the screen, retitle the terminal, turn
the text right to left, a C1 control."""
SHORT: Final = "\x1b[2J\u202e\x9b"
"""The same, short enough for a name."""


def test_everything_a_hostile_table_says_is_cleaned_before_it_is_shown() -> None:
    said = [
        m.seats_message(
            (SeatInfo(f"Eve{SHORT}", Presence.PERSON), SeatInfo(SHORT, Presence.PERSON)),
            False,
            False,
        ),
        m.text_message("notice", f"Hello{ESCAPES}"),
        m.text_message("refused", ESCAPES),
        m.said_message(f"Eve{SHORT}", f"hi{ESCAPES}", False),
        {"type": "code", "code": "7 AMBER otter cello maple"},
        m.text_message("bye", f"Bye{ESCAPES}"),
    ]
    with hostile_table(*said) as port:
        ann = Person(port, "Ann")
        try:
            ann.join()
            wait_for_news(ann, lambda news: isinstance(news, Closed), what="the table's goodbye")
        finally:
            ann.leave()
    shown = [*ann.chatter, *ann.trouble]
    texts = [
        text
        for news in ann.chatter
        for text in (
            [seat.name for seat in news.seats]
            if isinstance(news, Seats)
            else [news.name, news.text]
            if isinstance(news, Said)
            else [news.text]  # type: ignore[union-attr]  # a Notice
        )
    ] + ann.trouble
    assert len(shown) >= 6 and texts
    for text in texts:
        assert text.isprintable(), text
        assert "\x1b" not in text and "\u202e" not in text
    assert "The host changed the join code: it is now 7-amber-otter-cello-maple." in texts
    assert ann.table.code == "7-amber-otter-cello-maple"


@pytest.mark.parametrize(
    "message",
    [
        {"type": "code", "code": "1-a-b"},  # not a code this program would take
        {"type": "welcome", "seat": 0, "game": {}, "match": {}, "level": "\x1b[2J", "hosted": True},
        {"type": "seats", "seats": [{"name": "x" * 17, "presence": "person"}], "started": False},
        {"type": "said", "name": "Eve", "text": "x" * 201, "watching": False},
    ],
)
def test_a_hostile_tables_message_of_the_wrong_shape_ends_the_connection(
    message: dict[str, Any],
) -> None:
    with hostile_table(message) as port:
        ann = Person(port, "Ann")
        try:
            ann.join()
            closed = wait_for_news(ann, lambda news: isinstance(news, Closed), what="the end")
        finally:
            ann.leave()
    assert isinstance(closed, Closed)
    assert closed.text.startswith("The table sent something this program cannot read")
