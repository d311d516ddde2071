"""The door of a table against strangers (docs/protocol.md, "Threat model").

First the door's rules alone, on a clock the test turns: limits per source and in all, who is
pushed out when the door is full, turns at the key exchange, slower turns after wrong codes,
and what the host is told. Then the real table on the loopback under attack from sixteen
addresses (127.0.0.2 to 127.0.0.17; `net_attacks`): idle, trickling and half-finished
connections, the cheap flood, wrong codes: a friend with the code still gets in, a player
who dropped gets back, the seated player plays on, and the code is the code read out.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import Iterator

import pytest

from cribbage.cards import DECK
from cribbage.net import door as door_module
from cribbage.net.client import JoinError
from cribbage.net.door import (
    MAX_FROM_SOURCE,
    MAX_INSIDE,
    PENALTY_MAX,
    REPORT_SECONDS,
    Busy,
    Door,
    Visitor,
    source_of,
)
from cribbage.net.host import FLOOD_MESSAGES
from cribbage.rules import GameConfig
from cribbage.tables import Closed, Said, Update
from cribbage.tables.news import Presence

from .net_attacks import SOURCES, Attack, Attacker
from .net_support import (
    CODE,
    WAIT,
    Game,
    Person,
    Rogue,
    on_host,
    open_table,
    start_game,
    wait_for_news,
)


class Clock:
    """A clock the test turns."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def clock() -> Clock:
    return Clock()


def enter(door: Door, peer: str, closed: list[str] | None = None, mark: str = "") -> Visitor:
    visitor = door.enter(peer, lambda: (closed if closed is not None else []).append(mark))
    assert visitor is not None
    return visitor


# -- entering


def test_a_source_over_its_share_pushes_out_its_own_oldest(clock: Clock) -> None:
    door = Door(clock=clock)
    closed: list[str] = []
    for n in range(MAX_FROM_SOURCE + 2):
        enter(door, "127.0.0.2", closed, f"rogue {n}")
        clock.now += 0.01
    assert closed == ["rogue 0", "rogue 1"] and door.inside == MAX_FROM_SOURCE
    enter(door, "127.0.0.1", closed, "friend")
    assert "friend" not in closed and door.inside == MAX_FROM_SOURCE + 1


def test_a_full_door_pushes_out_the_oldest_of_the_source_with_the_most_inside(
    clock: Clock,
) -> None:
    door = Door(clock=clock)
    closed: list[str] = []
    sources = [f"127.0.0.{n}" for n in range(2, 2 + MAX_INSIDE // MAX_FROM_SOURCE)]
    for round_ in range(MAX_FROM_SOURCE):
        for source in sources:
            enter(door, source, closed, f"{source}/{round_}")
            clock.now += 0.001
    assert door.inside == MAX_INSIDE and closed == []
    friend = enter(door, "127.0.0.1", closed, "friend")
    assert closed == [f"{sources[0]}/0"]  # the oldest of the fullest
    for n in range(50):  # the strangers come back, again and again
        enter(door, sources[n % len(sources)], closed, f"again {n}")
        clock.now += 0.001
    assert "friend" not in closed and friend in door.sources["127.0.0.1"].inside
    assert door.inside == MAX_INSIDE


def test_a_source_opening_connections_too_quickly_is_hung_up_on(clock: Clock) -> None:
    door = Door(clock=clock)
    let_in = [door.enter("127.0.0.2", lambda: None) for _ in range(door.arrival_burst + 5)]
    assert sum(visitor is not None for visitor in let_in) == door.arrival_burst
    assert door.enter("127.0.0.3", lambda: None) is not None  # another source is not slowed
    clock.now += 1 / door.arrivals_a_second
    assert door.enter("127.0.0.2", lambda: None) is not None


def test_an_ipv6_network_is_one_source() -> None:
    door = Door()
    closed: list[str] = []
    for n in range(MAX_FROM_SOURCE + 1):
        enter(door, f"2001:db8:1:2::{n + 1}", closed, str(n))
    assert closed == ["0"]  # one household's /64 shares one share
    assert source_of("2001:db8:1:3::1") != source_of("2001:db8:1:2::1")


# -- turns at the key exchange


def test_turns_go_first_to_the_source_served_longest_ago() -> None:
    async def run() -> list[str]:
        door = Door(clock=asyncio.get_running_loop().time)
        door.turn_burst, door.turns_a_second = 1, 50.0
        served: list[str] = []

        async def wait_turn(visitor: Visitor, mark: str) -> None:
            await door.turn(visitor)
            served.append(mark)

        rogues = [enter(door, "127.0.0.2") for _ in range(3)]
        tasks = [asyncio.create_task(wait_turn(v, f"rogue {n}")) for n, v in enumerate(rogues)]
        await asyncio.sleep(0)
        tasks.append(asyncio.create_task(wait_turn(enter(door, "127.0.0.1"), "friend")))
        await asyncio.wait_for(asyncio.gather(*tasks), WAIT)
        return served

    assert asyncio.run(run()) == ["rogue 0", "friend", "rogue 1", "rogue 2"]


def test_the_door_gives_no_more_turns_a_second_than_its_limit() -> None:
    async def run() -> float:
        loop = asyncio.get_running_loop()
        door = Door(clock=loop.time)
        door.turn_burst, door.turns_a_second = 2, 20.0
        visitors = [enter(door, f"127.0.0.{2 + n}") for n in range(8)]
        began = loop.time()
        await asyncio.wait_for(asyncio.gather(*(door.turn(v) for v in visitors)), WAIT)
        return loop.time() - began

    # eight turns: two at once, then six at twenty a second
    assert asyncio.run(run()) >= 6 / 20 - 0.01


def test_a_connection_pushed_out_while_it_waits_for_its_turn_is_told_so() -> None:
    async def run() -> None:
        door = Door(clock=asyncio.get_running_loop().time)
        door.turn_burst, door.turns_a_second = 1, 0.001
        await door.turn(enter(door, "127.0.0.3"))  # the only turn for a long while
        waiting = enter(door, "127.0.0.2")
        task = asyncio.create_task(door.turn(waiting))
        await asyncio.sleep(0)
        door.left(waiting)
        with pytest.raises(Busy):
            await asyncio.wait_for(task, WAIT)

    asyncio.run(run())


def test_each_wrong_try_doubles_its_sources_wait_and_a_right_code_clears_it(
    clock: Clock,
) -> None:
    door = Door(clock=clock, handshake_seconds=10)
    waits = []
    for _ in range(12):
        visitor = enter(door, "127.0.0.2")
        visitor.turned = True
        door.judged(visitor, right=False)
        door.left(visitor)
        waits.append(door.sources["127.0.0.2"].ready - clock.now)
    assert waits[:5] == [1, 2, 4, 8, 16] and waits[-1] == PENALTY_MAX
    assert door.barred(enter(door, "127.0.0.2")) == PENALTY_MAX  # past its handshake: told
    assert door.barred(enter(door, "127.0.0.1")) == 0  # another address is not slowed
    right = enter(door, "127.0.0.2")
    door.judged(right, right=True)
    assert door.barred(enter(door, "127.0.0.2")) == 0


def test_an_exchange_abandoned_after_its_turn_is_a_wrong_try(clock: Clock) -> None:
    door = Door(clock=clock)
    visitor = enter(door, "127.0.0.2")
    door.left(enter(door, "127.0.0.2"))  # gone before its turn: nothing was judged
    assert door.judged_wrong == 0
    visitor.turned = True
    door.left(visitor)
    assert door.judged_wrong == 1 and door.sources["127.0.0.2"].wrong == 1


# -- what the host is told


def test_the_host_hears_of_wrong_tries_at_most_once_a_minute_by_address(clock: Clock) -> None:
    door = Door(clock=clock)

    def wrong(peer: str, times: int = 1) -> None:
        for _ in range(times):
            visitor = enter(door, peer)
            door.judged(visitor, right=False)
            door.left(visitor)

    assert door.report() is None
    wrong("127.0.0.2", 3)
    wrong("127.0.0.3")
    assert door.report() == (
        "4 wrong join codes were tried in the last minute, from 127.0.0.2 (3) and 127.0.0.3 (1)."
    )
    clock.now += 1
    wrong("127.0.0.4")
    assert door.report() is None  # a minute has not passed
    clock.now += 150
    for n in range(5, 10):
        wrong(f"127.0.0.{n}", 10 - n)
    assert door.report() == (
        "16 wrong join codes were tried in the last 3 minutes, from 127.0.0.5 (5), "
        "127.0.0.6 (4), 127.0.0.7 (3) and 3 other addresses."
    )
    clock.now += REPORT_SECONDS
    assert door.report() is None  # nothing new


# -- the real table, attacked


@pytest.fixture
def game() -> Iterator[Game]:
    with open_table(GameConfig(target=61)) as table, contextlib.ExitStack() as stack:
        yield start_game(table, stack)


def loopback_sources() -> None:
    """Skip where the loopback has no other addresses than 127.0.0.1 (macOS, by default)."""

    async def bind() -> None:
        server = await asyncio.start_server(lambda r, w: w.close(), "127.0.0.1", 0)
        port = server.sockets[0].getsockname()[1]
        try:
            _, writer = await asyncio.open_connection(
                "127.0.0.1", port, local_addr=(SOURCES[-1], 0)
            )
            writer.close()
        finally:
            server.close()

    try:
        asyncio.run(bind())
    except OSError:
        pytest.skip("this system's loopback has no address but 127.0.0.1")


def under_way(
    attacker: Attacker, game: Game, *, held: int = 0, judged: int = 0, opened: int = 0
) -> None:
    """Wait for the attack to be under way: `held` connections in the table's door,
    `judged` wrong codes judged, and `opened` connections opened by the attacker."""
    host = game.table.host
    deadline = time.monotonic() + WAIT
    while True:
        inside = on_host(host, lambda: host.door.inside)
        if inside >= held and host.door.judged_wrong >= judged and attacker.tally.opened >= opened:
            return
        assert time.monotonic() < deadline, (inside, host.door.judged_wrong, attacker.tally)
        time.sleep(0.05)


def join_and_come_back(game: Game) -> None:
    """A friend with the code joins, and Rob, who dropped, takes his seat back with his
    ticket; Ann plays on. Each must get in (the figures for how fast are the benchmark's)."""
    friend = Person(game.port, "Fay", watch=True)
    try:
        friend.join()
        assert friend.table.seat is None
    finally:
        friend.leave()
    rob = Person(game.port, "Rob", tickets=(game.rob,) if game.rob else ())
    try:
        rob.join()
        assert rob.table.seat == 1
        assert game.presence(1) is Presence.PERSON
    finally:
        rob.leave()
    wait_for_news(game.ann, lambda news: "Rob has left" in str(news), what="Rob to leave")
    game.ann_plays()


def test_held_connections_from_sixteen_addresses_keep_nobody_out(game: Game) -> None:
    loopback_sources()
    attack = Attack(idle=80, trickle=60, half=60)
    with Attacker(game.port, attack) as attacker:
        under_way(attacker, game, held=100, opened=200)
        join_and_come_back(game)
    assert on_host(game.table.host, lambda: game.table.host.code) == CODE
    game.finish()


def test_floods_and_wrong_codes_from_sixteen_addresses_keep_nobody_out(game: Game) -> None:
    loopback_sources()
    host = game.table.host
    attack = Attack(idle=16, half=16, flood=20.0, wrong=2.0)
    with Attacker(game.port, attack) as attacker:
        under_way(attacker, game, held=16, judged=len(SOURCES))
        join_and_come_back(game)
        assert attacker.tally.floods > 0
    assert on_host(host, lambda: host.code) == CODE  # the code read out still opens the door
    told = game.table.notice(lambda text: "wrong join code" in text)
    assert "from 127.0.0." in told
    game.finish()


def test_an_address_that_keeps_guessing_is_told_to_wait_and_others_are_not(
    game: Game, monkeypatch: pytest.MonkeyPatch
) -> None:
    loopback_sources()
    monkeypatch.setattr(door_module, "PENALTY_FIRST", 30.0)

    async def guess(source: str, code: str) -> str:
        async with await Rogue.connect(game.port, source) as rogue:
            try:
                await rogue.handshake(code)
            except Exception as err:  # what the table said, in its words
                return str(err)
            return "joined"

    wrong = "8-bramble-otter-cello-maple"
    assert "not the table's join code" in asyncio.run(guess("127.0.0.2", wrong))
    told = asyncio.run(guess("127.0.0.2", CODE))  # even with the right code, it waits
    assert told == "Too many wrong join codes came from your address: try again in 30 seconds."
    assert asyncio.run(guess("127.0.0.3", CODE)) == "joined"
    watcher = Person(game.port, "Wat", watch=True)
    try:
        watcher.join()
    finally:
        watcher.leave()
    assert on_host(game.table.host, lambda: game.table.host.code) == CODE
    game.ann_plays()


def test_a_join_under_a_gone_players_name_without_the_ticket_never_sees_the_hand() -> None:
    sent: list[tuple[int | None, dict[str, object]]] = []
    with (
        open_table(GameConfig(target=61), tap=lambda seat, m: sent.append((seat, m))) as table,
        contextlib.ExitStack() as stack,
    ):
        game = start_game(table, stack)
        before = len(sent)
        for name in ("Rob", "rob", "R\u043eb"):  # the last with a Cyrillic o
            with pytest.raises(JoinError, match="has a seat at this table"):
                Person(game.port, name).join()
        impostor = Person(game.port, "R\u043eb", watch=True)  # an onlooker under his name
        try:
            impostor.join()
            impostor.table.say("it is me, Rob")
            said = wait_for_news(game.ann, lambda news: isinstance(news, Said), what="talk")
            assert said == Said("R\u043eb 2", "it is me, Rob", watching=True)
            assert said.line == "R\u043eb 2 (watching): it is me, Rob"
        finally:
            impostor.leave()
        to_seat_one = [m for seat, m in sent[before:] if seat == 1]
        assert to_seat_one == []  # nothing of Rob's seat went to any of them
        assert game.presence(1) is Presence.COMPUTER
        rob = Person(game.port, "Rob", tickets=(game.rob,) if game.rob else ())
        try:
            rob.join()
            assert rob.table.seat == 1
        finally:
            rob.leave()
        game.ann_plays()


def test_a_player_whose_connection_hangs_takes_the_seat_back_at_once_with_the_ticket(
    game: Game,
) -> None:
    """The old connection, silent but not yet found gone, gives way to the new one."""
    ticket = game.rob
    assert ticket is not None

    async def hang_and_return() -> None:
        async with await Rogue.connect(game.port) as stale:
            await stale.join(ticket=ticket)  # Rob, then his network goes quiet
            rob = Person(game.port, "Rob", tickets=(ticket,))
            try:
                await asyncio.to_thread(rob.join)
                assert rob.table.seat == 1
                told = await stale.refusal()
                assert "joined the table again elsewhere" in told
            finally:
                rob.leave()

    asyncio.run(hang_and_return())
    wait_for_news(game.ann, lambda news: "Rob has left" in str(news), what="Rob to leave")
    game.ann_plays()


def test_a_flood_of_refused_actions_is_a_flood(game: Game) -> None:
    """Ann's own program, gone rogue (it has her ticket), plays a card she does not hold
    again and again on her turn: each is refused, and together they are a flood."""
    ann = game.ann
    ticket = ann.table.ticket
    assert ticket is not None
    held = {str(card) for card in ann.game.hand}
    card = next(str(c) for c in DECK if str(c) not in held)

    async def flood() -> list[str]:
        async with await Rogue.connect(game.port) as rogue:
            await rogue.join("Ann", ticket=ticket)
            await rogue.expect("update")
            play = {"type": "action", "action": {"action": "Play", "seat": 0, "card": card}}
            for _ in range(FLOOD_MESSAGES + 20):
                rogue.send(play)
            text = await rogue.refusal()
            return [text] + [m["text"] for m in rogue.heard if m["type"] == "refused"]

    said = asyncio.run(flood())
    assert "Too many messages" in said[0]
    assert 0 < len(said) - 1 <= FLOOD_MESSAGES  # refused one by one, until the flood
    wait_for_news(ann, lambda news: isinstance(news, Closed), what="Ann's old connection to end")
    assert ann.trouble == ["You joined the table again elsewhere."]
    ann.trouble.clear()
    ann.join()  # her program takes the seat back with her ticket
    drive_until_ann_plays(game)


def drive_until_ann_plays(game: Game) -> None:
    """After Ann joined again: her news up to her turn (the update of the match as it
    stands), then her play."""
    wait_for_news(game.ann, lambda news: isinstance(news, Update), what="the game as it stands")
    game.to_ann_play()
    game.ann_plays()


# -- the key exchange's time


@pytest.mark.parametrize("code", [CODE, "999-bluebell-squirrel-ridge-wren", "1-bay-fox-oak-elm"])
def test_the_key_exchange_is_the_packages_own_with_the_codes_products_worked_out_once(
    code: str,
) -> None:
    """The table's key exchange agrees with the `spake2` package's own, either way round,
    and not with another code; the products by the code's scalar are made once a code."""
    from spake2 import SPAKE2_Symmetric

    from cribbage.net import channel

    def package(password: str) -> SPAKE2_Symmetric:
        return SPAKE2_Symmetric(password.encode(), idSymmetric=b"cribbage table")

    for other, same in ((package(code), True), (package(CODE + "-x"), code == CODE + "-x")):
        ours = channel._pake(code)
        mine, theirs = ours.start(), other.start()
        assert (ours.finish(theirs) == other.finish(mine)) is same
    made = channel._multiples.cache_info().misses
    for _ in range(3):
        channel._pake(code).start()
    assert channel._multiples.cache_info().misses == made  # none made again
