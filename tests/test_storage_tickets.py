"""The seat tickets a player holds (`tickets.json`): kept safely, for its owner's eyes alone,
the newest first and no more than it shows a table, and a broken or hostile file is one
sentence, moved aside, with nothing else lost."""

from __future__ import annotations

import json
import os
import stat
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cribbage.storage.tickets import (
    KEPT,
    TICKETS_NAME,
    Ticket,
    TicketBook,
    dump_tickets,
    parse_tickets,
)

needs_fifo = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs")


@pytest.fixture
def home(tmp_path: Path) -> Path:
    home = tmp_path / "data"
    home.mkdir(mode=0o700)
    return home


def ticket(n: int, table: str = "box:7121") -> Ticket:
    return Ticket(table, f"Ann {n}", bytes([n]) * 32)


def test_tickets_are_kept_newest_first_one_a_table_for_their_owner_alone(home: Path) -> None:
    book = TicketBook(home)
    assert book.load() == ((), None)
    assert book.keep(ticket(1, "box:7121")) is None
    assert book.keep(ticket(2, "pi:4000")) is None
    assert book.keep(ticket(3, "box:7121")) is None  # a new seat at the first table
    assert TicketBook(home).load() == ((ticket(3, "box:7121"), ticket(2, "pi:4000")), None)
    path = home / TICKETS_NAME
    assert stat.S_IMODE(path.stat().st_mode) & 0o077 == 0  # nobody else may read it
    data = json.loads(path.read_text())
    assert data["format"] == "cribbage-tickets" and data["version"] == 1
    assert not [name for name in os.listdir(home) if name.endswith(".tmp")]


def test_no_more_tickets_are_kept_than_a_player_shows_a_table(home: Path) -> None:
    book = TicketBook(home)
    for n in range(KEPT + 5):
        book.keep(ticket(n, f"box:{7000 + n}"))
    kept, _ = TicketBook(home).load()
    assert len(kept) == KEPT and kept[0] == ticket(KEPT + 4, f"box:{7000 + KEPT + 4}")


@given(
    st.lists(
        st.tuples(st.text(min_size=1, max_size=30), st.binary(min_size=32, max_size=32)),
        max_size=KEPT,
    )
)
def test_a_file_reads_back_what_was_written(items: list[tuple[str, bytes]]) -> None:
    tickets = tuple(Ticket(name.replace("\n", " ") or "x", "Ann", secret) for name, secret in items)
    tickets = tuple(t for t in tickets if t.table.isprintable())
    assert parse_tickets(json.loads(dump_tickets(tickets))) == tickets


@pytest.mark.parametrize(
    "content",
    [
        b"",
        b"{",
        b"[]",
        b'{"format": "cribbage-lessons", "version": 1, "tickets": []}',
        b'{"format": "cribbage-tickets", "version": 1, "tickets": [{"table": "x"}]}',
        b'{"format": "cribbage-tickets", "version": 1, "tickets": '
        b'[{"table": "x", "name": "Ann", "ticket": "c2hvcnQ="}]}',  # a secret too short
        b" " * 70_000,
    ],
)
def test_a_damaged_file_is_moved_aside_in_a_sentence(home: Path, content: bytes) -> None:
    (home / TICKETS_NAME).write_bytes(content)
    kept, message = TicketBook(home).load()
    assert kept == ()
    assert message is not None and message.startswith("The tickets file ")
    assert "a seat taken before it is the host's to free" in message
    aside = [name for name in os.listdir(home) if name.startswith(f"{TICKETS_NAME}.broken-")]
    assert len(aside) == 1


def test_a_link_is_not_followed_and_its_target_is_left_as_it_was(
    home: Path, tmp_path: Path
) -> None:
    precious = tmp_path / "precious"
    precious.write_bytes(b"mine")
    (home / TICKETS_NAME).symlink_to(precious)
    book = TicketBook(home)
    _, message = book.load()
    assert message is not None and "symbolic link" in message
    assert book.keep(ticket(1)) is None
    assert precious.read_bytes() == b"mine"
    assert not (home / TICKETS_NAME).is_symlink()


@needs_fifo
def test_a_fifo_is_not_waited_on(home: Path) -> None:
    os.mkfifo(home / TICKETS_NAME)
    _, message = TicketBook(home).load()
    assert message is not None and "not a regular file" in message


def test_a_newer_versions_file_is_left_as_it_is(home: Path) -> None:
    newer = json.dumps({"format": "cribbage-tickets", "version": 2, "tickets": []}).encode()
    (home / TICKETS_NAME).write_bytes(newer)
    book = TicketBook(home)
    kept, message = book.load()
    assert kept == () and message is not None and "newer version" in message
    assert book.keep(ticket(1)) is None
    assert (home / TICKETS_NAME).read_bytes() == newer


def test_without_a_home_nothing_is_kept_and_it_is_said(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def homeless() -> Path:
        raise RuntimeError("no home")

    monkeypatch.setattr("cribbage.storage.tickets.data_dir", homeless)
    book = TicketBook()
    kept, message = book.load()
    assert kept == () and message is not None and "No home directory is known" in message
    assert book.keep(ticket(1)) is None
