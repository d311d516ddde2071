"""The table before its game, against a fake screen: who starts it, what a player is told
while waiting, and news that is refused or ends the table."""

from __future__ import annotations

from collections import deque
from typing import cast

import pytest

from cribbage.choices import Counting, Overcount
from cribbage.match import MatchConfig
from cribbage.rules import GameConfig
from cribbage.tables import Closed, Notice, Refused, SeatInfo, Seats
from cribbage.tables.news import News, Presence
from cribbage.ui.keys import ENTER, ESCAPE
from cribbage.ui.lobby import Opening, lobby, rules_line
from cribbage.ui.testing import FakeScreen, Key, OutOfKeys
from cribbage.ui.words import Line

ANN_AND_BOB = (SeatInfo("Ann", Presence.PERSON), SeatInfo("Bob", Presence.PERSON))
"""Ann, the player (in her frame, first), at North; Bob at South."""


class Waiting:
    """A table in its lobby: its seats, news to come, and the starts asked for."""

    def __init__(self, news: list[News], *, started: bool = False) -> None:
        self.config = GameConfig()
        self.seats = Seats(ANN_AND_BOB, started)
        self.coming: deque[News] = deque(news)
        self.starts = 0
        self.place = 1
        """Ann's seat, as the table numbers it."""
        self.sat: list[int] = []

    def news(self, timeout: float = 0) -> News | None:
        return self.coming.popleft() if self.coming else None

    def start(self) -> None:
        self.starts += 1

    def say(self, text: str) -> None:
        pass

    def sit(self, seat: int) -> None:
        self.sat.append(seat)


def wait(
    table: Waiting, keys: list[Key], *, can_start: bool, starter: str = "the host"
) -> tuple[FakeScreen, bool | None, list[Line]]:
    """The lobby on a fake screen: the screen, whether the game started (None: still
    waiting when the keys ran out), and the messages seen."""
    screen = FakeScreen(24, 80, keys, patience=3)
    try:
        started, lines, _ = lobby(
            screen,
            cast(Opening, table),
            title="A table",
            particulars=lambda: ["Join with: cribbage --join box --code 7-amber-otter-cello-maple"],
            can_start=can_start,
            starter=starter,
        )
    except OutOfKeys:
        return screen, None, []
    return screen, started, lines


def test_a_player_at_a_table_without_a_host_is_told_any_player_starts_it() -> None:
    screen, started, _ = wait(Waiting([]), [], can_start=False, starter="a player")
    assert started is None
    assert "Waiting for a player to start the game." in screen.text()
    # the seats come in the player's frame (theirs first), and sit at the table's places
    assert "South  Bob" in screen.text() and "North  Ann (you)" in screen.text()


def test_a_table_opened_again_waits_for_the_host_to_go_on() -> None:
    screen, _, _ = wait(Waiting([], started=True), [], can_start=False)
    assert "Waiting for the host to go on with the game." in screen.text()
    host, _, _ = wait(Waiting([], started=True), [ENTER], can_start=True)
    assert "Enter goes on with the game" in host.text() and "Going on..." in host.text()


@pytest.mark.parametrize(
    ("bob", "started", "said"),
    [
        (Presence.EMPTY, False, "Enter starts the game; the computer takes the empty seats."),
        (Presence.PERSON, False, "Enter starts the game."),  # the table is full
        (Presence.AWAY, True, "Enter goes on with the game; the table waits for those who"),
        (Presence.PERSON, True, "Enter goes on with the game."),  # everyone is back
    ],
)
def test_the_host_is_told_what_enter_does_as_the_seats_stand(
    bob: Presence, started: bool, said: str
) -> None:
    table = Waiting([], started=started)
    table.seats = Seats((ANN_AND_BOB[0], SeatInfo("Bob", bob)), started)
    screen, _, _ = wait(table, [], can_start=True)
    assert said in screen.text()


CLAIMED = (Counting.CLAIMED, Counting.AUTOMATIC)


@pytest.mark.parametrize(
    ("config", "match", "said"),
    [
        (GameConfig(), MatchConfig(games=3), None),  # the usual rules: nothing to say
        (
            GameConfig(counting=CLAIMED, overcount=Overcount.NONE),
            MatchConfig(),
            "Rules: each person counts their own hands; an over-count is only corrected.",
        ),
        (
            GameConfig(counting=CLAIMED, muggins=True, overcount=Overcount.RUTHLESS),
            MatchConfig(),
            "Rules: each person counts their own hands, with muggins; an over-count gives the "
            "excess to the opponent.",
        ),
        (
            GameConfig(skunk_line=61, double_skunk_line=0),
            MatchConfig(games=None, points=7, values=(1, 2, 4)),  # the usual match points
            "Rules: the lurch: a loser under 61 loses a double game.",
        ),
    ],
)
def test_the_tables_rules_beyond_its_game_are_said_in_a_line(
    config: GameConfig, match: MatchConfig, said: str | None
) -> None:
    assert rules_line(config, match) == said


def test_enter_starts_the_game_for_whoever_may_start_it() -> None:
    table = Waiting([])
    screen, _, _ = wait(table, [ENTER], can_start=True)
    assert table.starts == 1 and "Starting the game..." in screen.text()
    table = Waiting([])
    wait(table, [ENTER], can_start=False)
    assert table.starts == 0


def test_what_the_table_refuses_and_its_end_are_shown() -> None:
    table = Waiting(
        [
            Refused("You are talking too fast: wait a moment."),
            Notice("The connection to the table was lost."),
            Closed("The connection to the table was lost."),
        ]
    )
    screen, _, _ = wait(table, [], can_start=False)
    shown = screen.text()
    assert "You are talking too fast: wait a moment." in shown
    assert "The connection to the table was lost." in shown
    assert "q leaves; then join again the same way." in shown


def test_q_asks_before_it_leaves_the_table_with_the_messages_seen() -> None:
    screen, started, _ = wait(Waiting([]), ["q"], can_start=False)
    assert started is None and "Leave the table? (y/n)" in screen.text()
    screen, started, _ = wait(Waiting([]), ["q", "n"], can_start=False)
    assert started is None and "Waiting for the host to start the game." in screen.text()
    _, started, lines = wait(Waiting([Notice("Cat is watching.")]), ["q", "y"], can_start=False)
    assert started is False and [line.text for line in lines] == ["Cat is watching."]


def test_once_the_table_has_closed_the_lobby_says_so_and_q_leaves_at_once() -> None:
    table = Waiting([Notice("The host has closed the table."), Closed("closed")])
    screen, started, _ = wait(table, [], can_start=False)
    assert started is None
    assert "The table has closed." in screen.text()
    assert "Waiting for the host" not in screen.text()
    _, started, _ = wait(Waiting([Closed("closed")]), [None, "q"], can_start=False)
    assert started is False


class Hosted(Waiting):
    """The host's own table in its lobby (seat 0 is the host's): what it was asked to do."""

    def __init__(self, seats: tuple[SeatInfo, ...]) -> None:
        super().__init__([])
        self.config = GameConfig(players=len(seats), partners=len(seats) == 4)
        self.seats = Seats(seats, False)
        self.place = 0
        self.code = "7-amber-otter-cello-maple"
        self.swaps: list[tuple[int, int]] = []
        self.codes = 0

    def change_code(self) -> None:
        self.codes += 1

    def swap(self, a: int, b: int) -> None:
        self.swaps.append((a, b))

    def freeable(self) -> tuple[int, ...]:
        return ()

    def free(self, seat: int) -> None:
        pass


FOUR = (
    SeatInfo("Hal", Presence.PERSON),
    SeatInfo("Bob", Presence.PERSON),
    SeatInfo("", Presence.EMPTY),
    SeatInfo("", Presence.EMPTY),
)


def test_the_host_swaps_two_seats_by_their_numbers_and_draws_a_new_code() -> None:
    table = Hosted(FOUR)
    screen, _, _ = wait(table, ["2"], can_start=True)
    assert "Swap West with which seat? (1 to 4)" in screen.text()
    table = Hosted(FOUR)
    wait(table, ["2", "3", "1", "4", "N"], can_start=True)  # the host's own seat is not moved
    assert table.swaps == [(1, 2)] and table.codes == 1
    table = Hosted(FOUR)
    screen, _, _ = wait(table, ["2", ESCAPE], can_start=True)
    assert table.swaps == [] and "Close" not in screen.text()
    assert "1-4 swap seats   N new code   m talk   q close" in screen.text()


def test_a_player_moves_to_another_seat_by_its_number() -> None:
    table = Waiting([])
    table.config = GameConfig(players=3)
    table.seats = Seats((*ANN_AND_BOB, SeatInfo("", Presence.EMPTY)), False)
    screen, _, _ = wait(table, ["1", "2", "3", "9"], can_start=False)
    assert table.sat == [0, 2]  # seat 2 is Ann's own; the table says whether the others are free
    assert "1-3 change seat   m talk   q leave" in screen.text()
    two, _, _ = wait(Waiting([]), [], can_start=False)
    assert "change seat" not in two.text()  # at a table of two, there is nowhere to go
