"""The screen at a table with people, against a fake screen: talk, whom the table waits for,
giving a gone player's seat to the computer, news that comes while the player decides, and a
table that goes away and is joined again."""

from __future__ import annotations

import threading
from collections import deque

import pytest

from cribbage.computer import Computer
from cribbage.events import Event
from cribbage.match import MatchConfig, MatchOver
from cribbage.record import Recorder
from cribbage.rules import GameConfig, Phase
from cribbage.tables import (
    Closed,
    LocalTable,
    News,
    Notice,
    Said,
    SeatInfo,
    Seats,
    TableCore,
    Update,
)
from cribbage.tables.news import Presence
from cribbage.ui.game import GameUI, Options
from cribbage.ui.keys import BACKSPACE, ENTER, ESCAPE
from cribbage.ui.testing import FakeScreen, Key, OutOfKeys

FAST = Options(seed=3, delay=0)


class PeopleTable(LocalTable):
    """A game against the computer dressed as a table with people: its seats have names, the
    news may hold talk, and what the player says, gives and rejoins is written down."""

    def __init__(self, extra: list[News] | None = None) -> None:
        recorder = Recorder.start(5, GameConfig(), MatchConfig())
        super().__init__(TableCore(recorder, {1: Computer("easy", 1)}))
        self.said: list[str] = []
        self.given: list[int] = []
        self.rejoined = 0
        self.gone: tuple[int, ...] = ()
        self.extra: deque[News] = deque(extra or [])
        self.chat: list[News] = []
        self.people = (SeatInfo("Ann", Presence.PERSON), SeatInfo("Bob", Presence.PERSON))

    @property
    def seats(self) -> Seats | None:
        return Seats(self.people)

    @property
    def live(self) -> bool:
        return True

    def news(self, timeout: float = 0) -> News | None:
        if self.extra:
            return self.extra.popleft()
        return super().news(timeout)

    def chatter(self) -> list[News]:
        said, self.chat = self.chat, []
        return said

    def say(self, text: str) -> None:
        self.said.append(text)

    def away(self) -> tuple[int, ...]:
        return self.gone

    def give(self, seat: int) -> None:
        self.given.append(seat)
        self.gone = ()
        name = self.people[seat].name  # the table tells everyone, as the host does
        self.chat.append(Notice(f"The computer plays for {name} until they join again."))

    def rejoin(self) -> str | None:
        self.rejoined += 1
        return None if self.rejoined > 1 else "The table at box port 7121 did not answer in time."


def run(table: PeopleTable, keys: list[Key]) -> FakeScreen:
    screen = FakeScreen(24, 80, keys, patience=100)
    with pytest.raises(OutOfKeys):
        GameUI(screen, FAST, table=table).run()
    return screen


def test_m_opens_a_line_that_enter_sends_to_the_table() -> None:
    table = PeopleTable()
    screen = run(table, ["m", "h", "i", "!", ESCAPE, "m", "g", "g", BACKSPACE, "o", ENTER])
    assert table.said == ["go"]  # Escape took the first line back
    assert any("Say: hi!" in frame for frame in screen.frames)


def test_the_board_and_the_messages_name_the_people() -> None:
    table = PeopleTable()
    screen = run(table, [ENTER] * 6)
    last = screen.frames[-1]
    assert "Bob" in last and "Computer" not in last


def test_g_gives_a_gone_players_seat_to_the_computer() -> None:
    table = PeopleTable()
    table.gone = (1,)
    screen = run(table, ["?", " ", "g"])
    assert table.given == [1]
    assert any("say something to the table" in frame for frame in screen.frames)
    assert any("the computer plays the seat of a player" in frame for frame in screen.frames)
    rows = screen.frames[-1].splitlines()[7:22]  # the messages: below the board, above the prompt
    messages = " ".join(row[44:].strip() for row in rows if row[44:].strip())
    assert "The computer plays for Bob until they join again." in messages
    assert messages.count("Bob") == 1  # said once, by the table


def test_talk_that_comes_is_shown_with_its_name() -> None:
    table = PeopleTable(
        [Said("Bob", "good luck"), Notice("Cat is watching."), Said("Cat", "go Bob", True)]
    )
    screen = run(table, [])
    assert "Bob: good luck" in screen.frames[-1] and "Cat is watching." in screen.frames[-1]
    assert "Cat (watching): go Bob" in screen.frames[-1]  # an onlooker's words, marked


def test_a_table_that_goes_is_joined_again_on_r() -> None:
    table = PeopleTable([Closed("The connection to the table was lost.")])
    screen = run(table, ["x", "r", "r"])
    assert table.rejoined == 2
    assert any("r joins it again" in frame for frame in screen.frames)
    assert any("box port 7121" in frame for frame in screen.frames)
    assert "You are back at the table." in screen.frames[-1]


def test_a_table_lost_while_the_player_decides_drops_the_question_at_once() -> None:
    """The news of a lost connection comes while the cut is asked: the question goes (the
    game may move on meanwhile), r joins again, and the table asks afresh."""

    class Lost(PeopleTable):
        told = False

        def chatter(self) -> list[News]:
            if self.told:
                return []
            self.told = True
            return [Notice("The connection to the table was lost."), Closed("Lost.")]

    table = Lost()
    table.rejoined = 1  # the next attempt joins
    screen = run(table, [None, "r"])  # nothing typed for a moment: the news comes
    gone = next(frame for frame in screen.frames if "r joins it again" in frame)
    assert "The table is gone." in gone and "Where do you cut the pack?" not in gone
    assert table.rejoined == 2
    assert "You are back at the table." in screen.frames[-1]
    assert "Where do you cut the pack?" in screen.frames[-1]  # asked afresh


def test_the_screen_answers_while_the_table_is_joined_again() -> None:
    """Joining again waits on the network aside from the screen: a resize meanwhile is
    answered, with the table still being joined."""

    class Slow(PeopleTable):
        def __init__(self) -> None:
            super().__init__([Closed("The connection to the table was lost.")])
            self.let_in = threading.Event()

        def rejoin(self) -> str | None:
            self.let_in.wait(5)
            return None

    table = Slow()

    def grow(screen: FakeScreen) -> str:
        return screen.resize(30, 90)

    def let_in(screen: FakeScreen) -> None:
        table.let_in.set()
        for thread in threading.enumerate():  # the attempt is over before the next look
            if thread.name == "rejoin":
                thread.join(5)
        return None

    screen = run(table, ["r", grow, let_in])
    joining = [frame for frame in screen.frames if frame.count("\n") == 29]
    assert joining and "Joining the table again..." in joining[0].splitlines()[-2]
    assert "You are back at the table." in screen.frames[-1]


def test_an_onlooker_is_not_asked_for_another_game_and_watches_on() -> None:
    class Onlooker(PeopleTable):
        def __init__(self) -> None:
            super().__init__()
            recorder = Recorder.start(5, GameConfig(target=31), MatchConfig())
            self.core = TableCore(recorder, {0: Computer("easy", 0), 1: Computer("easy", 1)})
            self.agains = 0

        @property
        def watching(self) -> bool:
            return True

        @property
        def live(self) -> bool:
            return False  # the computers' moves come as soon as asked for

        def again(self) -> None:
            self.agains += 1
            raise OutOfKeys  # enough: the onlooker would watch the next match

    table = Onlooker()

    def autokey(screen: FakeScreen) -> str:
        return "n" if "Another game?" in screen.text() else ENTER

    screen = FakeScreen(24, 80, autokey=autokey, patience=100)
    with pytest.raises(OutOfKeys):
        GameUI(screen, FAST, table=table).run()
    frames = "\n".join(screen.frames)
    assert "Press any key to watch the next game at the table." in frames
    assert "Another game?" not in frames and table.agains == 1


def test_an_onlooker_is_not_offered_the_coach_at_the_end_of_a_hand() -> None:
    class Watching(PeopleTable):
        @property
        def watching(self) -> bool:
            return True

    asked: list[PeopleTable] = []

    class Coached(GameUI):
        def show_coach(self) -> None:
            assert isinstance(self.game_table, PeopleTable)
            asked.append(self.game_table)

    for table, offered in ((PeopleTable(), True), (Watching(), False)):
        screen = FakeScreen(24, 80, ["c", "x"])
        Coached(screen, FAST, table=table).hand_over()
        assert ("c coach" in screen.frames[0]) is offered
        assert (table in asked) is offered


@pytest.mark.parametrize("gone", [False, True])
def test_the_table_says_whom_it_waits_for(gone: bool) -> None:
    """While another person decides, the prompt names them and what they are to do, and says
    once that one has gone."""

    class Waiting(PeopleTable):
        looks = 0

        def news(self, timeout: float = 0) -> News | None:
            found = super().news(timeout)
            if found is None:
                self.looks += 1
                if self.looks > 3:  # enough: the table goes, and the screen asks what to do
                    return Closed("The table has closed.")
            return found

    table = Waiting()
    table.core.computers.clear()  # nobody plays North: the table waits for Bob
    if gone:
        table.people = (SeatInfo("Ann", Presence.PERSON), SeatInfo("Bob", Presence.AWAY))
        table.gone = (1,)
    screen = run(table, [ENTER])  # South cuts for the deal; then North is to cut
    waiting = [frame for frame in screen.frames if "Waiting for" in frame]
    said = (
        "Waiting for Bob to cut for the deal; Bob has gone."
        if gone
        else "Waiting for Bob to cut for the deal."
    )
    assert waiting and said in waiting[-1]
    assert ("g: the computer takes Bob's seat" in waiting[-1]) == gone


def test_on_a_table_opened_again_the_player_waits_for_the_host_to_go_on() -> None:
    """Joined again while the host is still in the lobby of the table it opened again: the
    screen says the game goes on once the host says so, not that the host is to play."""

    class Reopened(PeopleTable):
        looks = 0

        @property
        def seats(self) -> Seats | None:
            return Seats(self.people, started=True, playing=False)

        def news(self, timeout: float = 0) -> News | None:
            self.looks += 1
            return Closed("The table has closed.") if self.looks > 3 else None

    table = Reopened()  # the player is the first to cut: but not yet
    screen = run(table, [])
    waiting = [frame for frame in screen.frames if "Waiting for" in frame]
    assert waiting and "Waiting for the host to go on with the game." in waiting[-1]
    assert "Waiting for Bob" not in "\n".join(screen.frames)


def test_what_happened_while_the_player_was_away_is_told() -> None:
    """Joining again, the first news is the steps missed: told in the messages, not played
    out, with the table as it stands after them."""
    table = PeopleTable()
    core = table.core
    core.computers[0] = Computer("easy", 0)  # the player's seat, played while they were away
    missed: list[Event | MatchOver] = []
    while core.recorder.state.game.phase is not Phase.PLAY:
        seat = core.computer_due()
        assert seat is not None
        missed.extend(core.apply(core.computer_action(seat)))
    del core.computers[0]
    update = core.update_for(0, tuple(missed), None)
    table.extra.append(Update(update.events, update.match, None, missed=True))
    screen = run(table, [])
    shown = screen.frames[-1]
    assert "While you were away:" in shown
    assert "the starter is the" in shown  # the last of what was missed
    starter = core.recorder.state.game.starter
    assert (starter is not None and str(starter.rank.value) in shown) or "starter" in shown
