"""A table with people, in one process over loopback: seats and names, joining again, giving
a seat to the computer, talk, another match, versions, and what each player is told."""

from __future__ import annotations

import asyncio
import json
import queue
import socket
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import replace

import pytest

from cribbage.choices import Counting
from cribbage.computer import Computer
from cribbage.match import MatchConfig
from cribbage.net import channel
from cribbage.net.client import JoinError, RemoteTable
from cribbage.net.host import Host, HostSeat
from cribbage.rules import GameConfig
from cribbage.storage.tables import TableSnapshot
from cribbage.tables import Closed, Notice, Refused, Said, Seats, Update
from cribbage.tables.news import News, Presence
from cribbage.ui.lobby import rules_line

CODE = "8-moss-wren-lake-iris"


@pytest.fixture
def open_table() -> Iterator[Callable[..., Host]]:
    hosts: list[Host] = []

    def make(config: GameConfig | None = None, **options: object) -> Host:
        host = Host(
            config or GameConfig(target=61),
            MatchConfig(),
            level="easy",
            bind="127.0.0.1",
            port=0,
            code=CODE,
            **options,  # type: ignore[arg-type]  # the keyword options of Host
        )
        host.open()
        hosts.append(host)
        return host

    yield make
    for host in hosts:
        host.close()


@pytest.fixture
def players() -> Iterator[Callable[..., RemoteTable]]:
    joined: list[RemoteTable] = []

    def make(host: Host, name: str, **options: object) -> RemoteTable:
        table = RemoteTable("127.0.0.1", host.port, code=CODE, name=name, **options)  # type: ignore[arg-type]
        table.join()
        joined.append(table)
        return table

    yield make
    for table in joined:
        table.leave()


def wait_for(table: RemoteTable, test: Callable[[News], bool], seconds: float = 10) -> News:
    """The first news `test` accepts (others are dropped), within `seconds`."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        news = table.news(0.05)
        if news is not None and test(news):
            return news
    raise AssertionError("the news never came")


def on_host(host: Host, test: Callable[[], bool], seconds: float = 10) -> None:
    deadline = time.monotonic() + seconds
    while not test():
        assert time.monotonic() < deadline, "the table never got there"
        time.sleep(0.01)


def play_out(tables: Sequence[RemoteTable | HostSeat]) -> list[Update]:
    """Play every table's seat (a player's, or the host's own) with the easy computer until
    the match is over."""
    cpus = [Computer("easy", n) for n in range(len(tables))]
    waiting = [False] * len(tables)
    over = [False] * len(tables)
    last: list[Update] = [None] * len(tables)  # type: ignore[list-item]
    deadline = time.monotonic() + 120
    for n, table in enumerate(tables):  # a turn already told before
        told = table.inbox.last
        if told is not None and told.game.my_turn and not told.over:
            waiting[n] = True
            table.act(cpus[n].act(told.game))
    while not all(over):
        assert time.monotonic() < deadline
        for n, table in enumerate(tables):
            news = table.news(0.01)
            if not isinstance(news, Update):
                continue
            last[n] = news
            if news.by == 0:
                waiting[n] = False
            if news.match.over:
                over[n] = True
            elif news.match.game.my_turn and not waiting[n]:
                waiting[n] = True
                table.act(cpus[n].act(news.match.game))
    return last


def test_names_are_cleaned_and_unique_and_seats_taken_as_asked(
    open_table: Callable[..., Host], players: Callable[..., RemoteTable]
) -> None:
    host = open_table(GameConfig(players=4))
    ann = players(host, "Ann\x1b[2J the very long-named")
    twin = players(host, "Ann[2J  the  very  long", seat="east")
    assert ann.seat == 0 and twin.seat == 3
    on_host(host, lambda: host.seats[3].name != "")
    names = host.names()
    assert names[0] == "Ann[2J the very" and len(names[0]) <= 16
    assert names[3] != names[0] and names[3].endswith(" 2")
    with pytest.raises(JoinError, match=r"The seat East is taken; free: West and North\."):
        players(host, "Cat", seat="east")
    with pytest.raises(JoinError, match="is south, west or east"):
        players(open_table(GameConfig(players=3)), "Cat", seat="north")


def test_a_player_who_leaves_gets_the_seat_back_and_the_computer_may_keep_it_meanwhile(
    open_table: Callable[..., Host], players: Callable[..., RemoteTable]
) -> None:
    host = open_table()
    ann = players(host, "Ann")
    bob = players(host, "Bob")
    ann.start()
    wait_for(bob, lambda news: isinstance(news, Update))
    bob.leave()
    on_host(host, lambda: host.seats[1].presence is Presence.AWAY)
    notice = wait_for(ann, lambda news: isinstance(news, Notice) and "Bob has left" in news.text)
    assert isinstance(notice, Notice) and "waits for them" in notice.text
    with pytest.raises(JoinError, match=r"started, and its seats wait for their players \(Bob\)"):
        players(host, "Cat")
    host.call(lambda: host.give(1))
    on_host(host, lambda: host.seats[1].presence is Presence.COMPUTER)
    with pytest.raises(JoinError, match="only the program Bob sat down with can take back"):
        players(host, "bob")  # his name, without his ticket
    assert bob.ticket is not None
    again = players(host, "Bob", tickets=(bob.ticket,))
    assert again.seat == 1
    on_host(host, lambda: host.seats[1].presence is Presence.PERSON)
    update = wait_for(again, lambda news: isinstance(news, Update))
    assert isinstance(update, Update) and update.by is None  # the match as it stands
    assert 1 not in (host.core.computers if host.core else {})
    play_out([ann, again])


def test_a_ticket_takes_its_seat_back_under_the_name_the_table_gave(
    open_table: Callable[..., Host], players: Callable[..., RemoteTable]
) -> None:
    host = open_table()
    ann = players(host, "Ann")
    twin = players(host, "ANN")  # the same name, in other letters
    wait_for(twin, lambda news: isinstance(news, Seats) and news.seats[0].name == "ANN 2")
    assert twin.name == "ANN 2"  # what the table knows the player by
    ann.start()
    wait_for(twin, lambda news: isinstance(news, Update))
    twin.leave()
    on_host(host, lambda: host.seats[1].presence is Presence.AWAY)
    assert twin.ticket is not None
    again = players(host, "Someone", tickets=(b"\0" * 32, twin.ticket))  # other tickets too
    assert again.seat == 1 and again.ticket == twin.ticket
    on_host(host, lambda: host.seats[1].presence is Presence.PERSON)
    wait_for(again, lambda news: isinstance(news, Seats) and news.seats[0].name == "ANN 2")


def test_a_table_opened_again_takes_no_action_before_the_host_goes_on(
    open_table: Callable[..., Host], players: Callable[..., RemoteTable]
) -> None:
    first = open_table()
    ann = players(first, "Ann")
    bob = players(first, "Bob")
    ann.start()
    update = wait_for(ann, lambda news: isinstance(news, Update))
    assert isinstance(update, Update) and update.match.game.my_turn  # each cuts for the deal
    cut = Computer("easy", 1).act(update.match.game)
    snapshot = first.snapshot()
    assert snapshot is not None
    ann.leave()
    bob.leave()
    first.close()
    host = open_table(resume=snapshot)
    assert snapshot.tickets[0] == ann.ticket is not None  # the table keeps each seat's ticket
    ann = players(host, "Ann", tickets=(snapshot.tickets[0],))  # her seat back, and her turn
    steps = len(snapshot.recorder.record.steps)
    ann.act(cut)
    told: list[News] = []

    def heard(news: News) -> bool:
        told.append(news)
        return isinstance(news, Refused)

    wait_for(ann, heard)
    assert [news.text for news in told if isinstance(news, Refused)] == [
        "The game goes on once the host says so."
    ]
    assert not any(isinstance(news, Update) for news in told)  # the game waits for the host
    assert len(host.snapshot().recorder.record.steps) == steps  # type: ignore[union-attr]
    host.call(host.start)
    going_on = wait_for(ann, lambda news: isinstance(news, Update))
    assert isinstance(going_on, Update) and going_on.match.game.my_turn
    ann.act(cut)
    cut_made = wait_for(ann, lambda news: isinstance(news, Update) and news.by == 0)
    assert isinstance(cut_made, Update) and not cut_made.match.game.my_turn


def test_a_code_the_host_changes_is_told_to_the_seated_and_kept(
    open_table: Callable[..., Host], players: Callable[..., RemoteTable]
) -> None:
    kept: list[TableSnapshot] = []
    host = open_table(keep=lambda snapshot: kept.append(snapshot))
    ann = players(host, "Ann")
    players(host, "Bob")
    ann.start()
    wait_for(ann, lambda news: isinstance(news, Update))
    host.call(host.change_code)
    on_host(host, lambda: host.code != CODE)
    told = wait_for(ann, lambda news: isinstance(news, Notice) and "join code" in news.text)
    assert told == Notice(f"The host changed the join code: it is now {host.code}.")
    assert ann.code == host.code  # to join again with
    on_host(host, lambda: bool(kept) and kept[-1].code == host.code)
    assert kept[-1].recorder.record.names == ("Ann", "Bob")  # the record names its people
    with pytest.raises(JoinError, match="did not accept the code"):
        players(host, "Eve", watch=True)  # the old code
    watcher = RemoteTable("127.0.0.1", host.port, code=host.code, name="Wat", watch=True)
    try:
        watcher.join()
    finally:
        watcher.leave()


def test_a_table_that_closes_is_told_at_once_even_while_the_player_decides(
    open_table: Callable[..., Host], players: Callable[..., RemoteTable]
) -> None:
    host = open_table()
    ann = players(host, "Ann")
    host.close()
    deadline = time.monotonic() + 10
    heard: list[News] = []
    while not any(isinstance(news, Closed) for news in heard):
        assert time.monotonic() < deadline, heard
        heard += ann.chatter()  # what the screen looks at while a question is asked
    assert any(isinstance(news, Notice) and "closed the table" in news.text for news in heard)


def test_a_table_on_every_address_takes_players_over_ipv4_too() -> None:
    if not socket.has_dualstack_ipv6():
        pytest.skip("this system has no IPv6 socket that takes IPv4 too")
    host = Host(GameConfig(), MatchConfig(), level="easy", bind="::", port=0, code=CODE)
    host.open()
    ann = RemoteTable("127.0.0.1", host.port, code=CODE, name="Ann")
    try:
        ann.join()  # at an IPv4 address, as the host's screen lists them
        assert ann.seat == 0
    finally:
        ann.leave()
        host.close()


def test_at_a_table_with_a_host_the_next_match_waits_for_every_players_answer(
    open_table: Callable[..., Host], players: Callable[..., RemoteTable]
) -> None:
    host = open_table(GameConfig(players=3, target=31), own_name="Hank")
    ann = players(host, "Ann")
    bob = players(host, "Bob")
    assert host.local is not None
    host.call(host.start)
    assert all(update.match.over for update in play_out([host.local, ann, bob]))
    host.call(host.again)  # the host says yes first
    ann.again()
    on_host(host, lambda: host.seats[1].conn is not None and host.seats[1].conn.again)
    assert host.core is not None and host.core.recorder.state.over  # Bob has not answered
    bob.leave()  # Bob says no
    fresh = wait_for(ann, lambda news: isinstance(news, Update) and not news.match.over)
    assert isinstance(fresh, Update) and fresh.match.number == 1
    assert host.seats[2].presence is Presence.COMPUTER  # Bob's seat, the computer's now


def test_a_player_joining_is_told_by_their_own_screen_and_the_others_by_the_table(
    open_table: Callable[..., Host], players: Callable[..., RemoteTable]
) -> None:
    host = open_table()
    ann = players(host, "Ann")
    bob = players(host, "Bob")
    wait_for(ann, lambda news: isinstance(news, Notice) and news.text == "Bob has joined.")
    ann.say("hello")  # comes to Bob after anything the table told him of his joining
    heard: list[News] = []

    def until_talk(news: News) -> bool:
        heard.append(news)
        return isinstance(news, Said)

    wait_for(bob, until_talk)
    assert not any(isinstance(news, Notice) for news in heard), heard


def test_a_player_joining_learns_the_tables_rules_before_its_game(
    open_table: Callable[..., Host], players: Callable[..., RemoteTable]
) -> None:
    config = GameConfig(players=3, counting=(Counting.CLAIMED,) + (Counting.AUTOMATIC,) * 2)
    host = open_table(replace(config, muggins=True))
    bob = players(host, "Bob", seat="west")  # seat 1: the counting is the host's, at seat 0
    assert bob.match_config is not None
    said = rules_line(bob.config, bob.match_config)
    assert said == "Rules: each person counts their own hands, with muggins."


@pytest.mark.parametrize("name", ["Computer", "computer 2", "Computer  1"])
def test_a_person_may_not_take_the_computers_name(
    open_table: Callable[..., Host], players: Callable[..., RemoteTable], name: str
) -> None:
    host = open_table()
    with pytest.raises(JoinError, match="is what the table calls its computer players"):
        players(host, name)


def test_a_seat_is_never_taken_by_its_name_alone(
    open_table: Callable[..., Host], players: Callable[..., RemoteTable]
) -> None:
    host = open_table()
    ann = players(host, "Ann")
    bob = players(host, "Bob")
    ann.start()
    wait_for(bob, lambda news: isinstance(news, Update))
    with pytest.raises(JoinError, match="Bob has a seat at this table"):
        players(host, "Bob")  # while he is there
    bob.leave()
    on_host(host, lambda: host.seats[1].presence is Presence.AWAY)
    with pytest.raises(JoinError, match="Bob has a seat at this table"):
        players(host, "Bob")  # and once he has gone


def test_talk_reaches_everyone_made_visible_and_is_limited(
    open_table: Callable[..., Host], players: Callable[..., RemoteTable]
) -> None:
    heard: queue.Queue[str] = queue.Queue()
    host = open_table(on_notice=heard.put)
    ann = players(host, "Ann")
    bob = players(host, "Bob")
    ann.say("hello\x1b[31m there")
    said = wait_for(bob, lambda news: isinstance(news, Said))
    assert said == Said("Ann", "hello\\x1b[31m there")
    for n in range(6):
        ann.say(f"line {n}")
    refused = wait_for(ann, lambda news: "too fast" in str(news))
    assert "wait a moment" in str(refused)


@pytest.mark.parametrize(
    "theirs",
    [
        {"program": "cribbage", "version": "9.0", "protocol": 99},
        {"program": "cribbage", "version": "0.1.0", "protocol": 1},  # the last version
    ],
)
def test_a_player_of_another_version_is_told_so_in_a_sentence(theirs: dict[str, object]) -> None:
    """A player whose hello names another protocol gets the table's hello and a sentence
    naming both versions; a table of another version is refused the same way."""

    async def talk() -> tuple[dict[str, object], str]:
        server_said: dict[str, object] = {}

        async def table(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
            try:
                await channel.table_handshake(reader, writer, CODE)
            except channel.VersionMismatch as err:
                server_said["error"] = str(err)
            writer.close()

        server = await asyncio.start_server(table, "127.0.0.1", 0)
        port = server.sockets[0].getsockname()[1]
        reader, writer = await asyncio.open_connection("127.0.0.1", port)
        channel.write_frame(writer, json.dumps(theirs).encode())
        answer = json.loads(await channel.read_frame(reader, 4096))
        writer.close()
        await asyncio.sleep(0.05)
        server.close()
        return answer, str(server_said.get("error"))

    answer, host_side = asyncio.run(talk())
    assert answer["protocol"] == channel.PROTOCOL and f"({theirs['version']} and " in str(
        answer["error"]
    )
    assert "different versions of cribbage" in host_side

    async def old_table() -> str:
        async def table(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
            await channel.read_frame(reader, 4096)
            hello = {"program": "cribbage", "version": "0.0.1", "protocol": 0}
            channel.write_frame(writer, json.dumps(hello).encode())
            await writer.drain()
            writer.close()

        server = await asyncio.start_server(table, "127.0.0.1", 0)
        port = server.sockets[0].getsockname()[1]
        reader, writer = await asyncio.open_connection("127.0.0.1", port)
        try:
            await channel.join_handshake(reader, writer, CODE)
        except channel.VersionMismatch as err:
            return str(err)
        finally:
            writer.close()
            server.close()
        return ""

    said = asyncio.run(old_table())
    assert "0.0.1" in said and "use the same version" in said


def test_a_table_without_a_host_starts_on_a_players_word_and_plays_again_when_all_agree(
    open_table: Callable[..., Host], players: Callable[..., RemoteTable]
) -> None:
    host = open_table(GameConfig(players=3, target=31))
    ann = players(host, "Ann")
    bob = players(host, "Bob")
    seats = wait_for(ann, lambda news: isinstance(news, Seats) and not news.started)
    assert isinstance(seats, Seats)
    bob.start()
    first = wait_for(ann, lambda news: isinstance(news, Update))
    assert isinstance(first, Update)
    assert host.seats[2].presence is Presence.COMPUTER and host.seats[2].name == "Computer"
    last = play_out([ann, bob])
    assert all(update.match.over for update in last)
    ann.again()
    bob.again()
    fresh = wait_for(
        ann, lambda news: isinstance(news, Update) and not news.match.over and news.by is None
    )
    assert isinstance(fresh, Update) and fresh.match.number == 1


def test_after_the_match_a_leaver_is_not_waited_for_and_the_last_onlooker_closes_it(
    open_table: Callable[..., Host], players: Callable[..., RemoteTable]
) -> None:
    host = open_table(GameConfig(target=31))
    ann = players(host, "Ann")
    bob = players(host, "Bob")
    eve = players(host, "Eve", watch=True)
    ann.start()
    assert all(update.match.over for update in play_out([ann, bob]))
    bob.leave()
    left = wait_for(eve, lambda news: isinstance(news, Notice) and "Bob" in news.text)
    assert isinstance(left, Notice) and left.text == "Bob has left."  # no waiting: it is over
    ann.leave()
    wait_for(eve, lambda news: isinstance(news, Notice) and news.text == "Ann has left.")
    assert not host.ended.is_set()  # an onlooker is still there
    eve.leave()
    assert host.ended.wait(10)  # the last one out: a table with no host closes


def test_each_player_sees_the_game_from_its_own_seat(
    open_table: Callable[..., Host], players: Callable[..., RemoteTable]
) -> None:
    """The same match, seen by South and by North: each is seat 0 of its own frame, and
    each side's score stands for the same side."""
    host = open_table(GameConfig(players=4, partners=True, target=31))
    south = players(host, "Ann")
    west = players(host, "Bob", seat="west")
    north = players(host, "Cat", seat="north")
    south.start()
    last = play_out([south, west, north])
    states = host.core.recorder.state if host.core else None
    assert states is not None
    scores = states.game.scores
    assert last[0].match.game.scores == scores  # South's frame is the table's
    assert last[2].match.game.scores == scores  # North is South's partner: side 0 too
    assert last[1].match.game.scores == (scores[1], scores[0])  # West's side first
    for seat, update in enumerate(last):  # each its own hand, as the table holds it
        assert update.match.game.hand == states.game.hands[seat]
        assert update.match.game.seat == 0


def test_with_partners_the_first_friend_sits_beside_the_host_and_seats_may_change(
    open_table: Callable[..., Host], players: Callable[..., RemoteTable]
) -> None:
    host = open_table(GameConfig(players=4, partners=True), own_name="Hal")
    bob = players(host, "Bob")
    cat = players(host, "Cat")
    assert (bob.seat, cat.seat) == (2, 1)  # North, the host's partner, then West
    host.call(lambda: host.swap(2, 1))  # the host makes Cat its partner
    # in Bob's frame, from West now: Cat is on his left
    wait_for(bob, lambda news: isinstance(news, Seats) and news.seats[1].name == "Cat")
    wait_for(cat, lambda news: isinstance(news, Seats) and news.seats[1].name != "Bob")
    assert host.names()[1:3] == ("Bob", "Cat")
    assert (bob.seat, cat.seat) == (1, 2)  # each was told its new seat
    host.call(lambda: host.swap(0, 3))  # never the host's own seat
    bob.sit(3)  # Bob moves to the free seat East himself
    wait_for(bob, lambda news: isinstance(news, Seats) and news.seats[1].name == "Hal")
    assert bob.seat == 3 and host.names()[3] == "Bob"
    cat.sit(3)  # taken
    refused = wait_for(cat, lambda news: isinstance(news, Refused))
    assert refused == Refused("The seat East is taken.")
    assert host.names()[0] == "Hal"


def test_the_host_frees_a_seat_for_its_person_to_take_from_another_machine(
    open_table: Callable[..., Host], players: Callable[..., RemoteTable]
) -> None:
    notices: queue.Queue[str] = queue.Queue()
    host = open_table(on_notice=notices.put)
    ann = players(host, "Ann")
    bob = players(host, "Bob")
    ann.start()
    wait_for(bob, lambda news: isinstance(news, Update))
    old = bob.ticket
    assert old is not None and host.freeable() == ()  # Bob is there: nothing to free
    bob.leave()
    on_host(host, lambda: host.freeable() == (1,))
    host.call(lambda: host.free(1))
    on_host(host, lambda: host.freeable() == ())
    said = ""
    while "free" not in said:
        said = notices.get(timeout=10)
    assert (
        said == "Bob's seat is free: Bob takes it back joining under that name, from any machine."
    )
    elsewhere = players(host, "BOB")  # Bob on another machine, without his ticket
    assert elsewhere.seat == 1 and elsewhere.ticket not in (None, old)
    wait_for(elsewhere, lambda news: isinstance(news, Update))
    elsewhere.leave()
    on_host(host, lambda: host.seats[1].presence is Presence.AWAY)
    with pytest.raises(JoinError, match="Bob has a seat"):
        players(host, "Bob", tickets=(old,))  # the old ticket is worth nothing now


def test_a_player_joining_again_is_told_what_happened_meanwhile(
    open_table: Callable[..., Host], players: Callable[..., RemoteTable]
) -> None:
    host = open_table()
    ann = players(host, "Ann")
    bob = players(host, "Bob")
    ann.start()
    wait_for(bob, lambda news: isinstance(news, Update))
    bob.leave()
    on_host(host, lambda: host.seats[1].presence is Presence.AWAY)
    host.call(lambda: host.give(1))  # the computer plays for Bob while Ann plays on
    cpu = Computer("easy", 7)
    played = 0
    while played < 3:
        news = ann.news(0.05)
        if isinstance(news, Update) and news.match.game.my_turn:
            ann.act(cpu.act(news.match.game))
            played += 1
    on_host(host, lambda: len(host.history) >= 3)
    assert bob.ticket is not None
    again = players(host, "Bob", tickets=(bob.ticket,))
    first = wait_for(again, lambda news: isinstance(news, Update))
    assert isinstance(first, Update) and first.missed and first.by is None
    assert len(first.events) >= 3  # Ann's moves at least, as Bob's seat may see them
    assert first.match == again.inbox.last


def test_an_onlooker_coming_and_going_is_told_to_the_table(
    open_table: Callable[..., Host], players: Callable[..., RemoteTable]
) -> None:
    host = open_table()
    ann = players(host, "Ann")
    wat = players(host, "Wat", watch=True)
    wait_for(ann, lambda news: news == Notice("Wat is watching."))
    wat.say("hello")
    said = wait_for(ann, lambda news: isinstance(news, Said))
    assert said == Said("Wat", "hello", watching=True)
    wat.leave()
    wait_for(ann, lambda news: news == Notice("Wat has stopped watching."))


@pytest.mark.parametrize(
    "name", ["C\u043emputer", "\uff23omputer 2", "COMPUTER\u200b3", "C0mputer"]
)
def test_a_look_alike_of_the_computers_name_is_the_computers(
    open_table: Callable[..., Host], players: Callable[..., RemoteTable], name: str
) -> None:
    host = open_table()
    with pytest.raises(JoinError, match="is what the table calls its computer players"):
        players(host, name)
