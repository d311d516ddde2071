"""A table on 127.0.0.1 against players who break the protocol (docs/protocol.md, Errors)."""

from __future__ import annotations

import socket
from typing import Final

from cribbage.rules import GameConfig

from .net_support import Person, on_host, open_table

GAME: Final = GameConfig(target=61)


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
