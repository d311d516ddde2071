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
from cribbage.ui.keys import ENTER
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

    def news(self, timeout: float = 0) -> News | None:
        return self.coming.popleft() if self.coming else None

    def start(self) -> None:
        self.starts += 1

    def say(self, text: str) -> None:
        pass


def wait(
    table: Waiting, keys: list[Key], *, can_start: bool, starter: str = "the host"
) -> tuple[FakeScreen, bool | None, list[Line]]:
    """The lobby on a fake screen: the screen, whether the game started (None: still
    waiting when the keys ran out), and the messages seen."""
    screen = FakeScreen(24, 80, keys, patience=3)
    try:
        started, lines = lobby(
            screen,
            cast(Opening, table),
            title="A table",
            particulars=lambda: ["Join with: cribbage --join box --code 7-amber-otter"],
            me=1,
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


def test_q_leaves_the_table_with_the_messages_seen() -> None:
    _, started, lines = wait(Waiting([Notice("Cat is watching.")]), ["q"], can_start=False)
    assert started is False and [line.text for line in lines] == ["Cat is watching."]
