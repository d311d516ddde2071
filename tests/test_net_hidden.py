"""No seat is told a card it may not know: whole matches at a table on 127.0.0.1, in every
game, with people's seats played over the network and an onlooker watching, and every
message the table sends each of them read before it is encrypted (`Host(tap=...)`).

What a seat may know is worked out here from the table's own state at the moment of sending
(its engine runs in the same thread as the tap) and from the engine's full log of events,
not from `cribbage.view`: the seat's own cards (held, kept and laid away), the cuts, the
starter, every card played, the hands and crib shown in this deal's show (and, to the seat
counting it, the hand or crib face up before it), and in the news of one step the cards that
step made public. Every card named anywhere in a message (a two-character card text, alone
or inside a sentence) must be among them; an onlooker is told no hand at all.

So that the proof is not empty, the test also counts the messages sent while other seats
held cards hidden from the receiver, and checks that the same check catches a leak: the news
of each step written for the next seat, with the engine's own events, is found out.
"""

from __future__ import annotations

import contextlib
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Final

import pytest

from cribbage.cards import DECK, Card
from cribbage.computer import Computer
from cribbage.events import CutCard, Dealt, Discarded, Played, Shown, StarterTurned
from cribbage.match import MatchConfig
from cribbage.net import messages as m
from cribbage.net.host import Host
from cribbage.net.values import encode
from cribbage.record import NEXT_GAME, Recorder
from cribbage.rules import (
    Counting,
    CutForDeal,
    Discard,
    GameConfig,
    GameState,
    Phase,
    pending,
    show_turn,
)
from cribbage.tables import Seats
from cribbage.tables.news import Presence
from cribbage.view import events_for, match_view_for

from .net_support import MATCH, Person, drive, on_host, open_table, wait_for_news

CARD_TEXTS: Final = frozenset(str(card) for card in DECK)
CARD_WORD: Final = re.compile(r"(?<![0-9A-Za-z])[A2-9TJQK][CDHS](?![0-9A-Za-z])")
OPAQUE: Final = frozenset({"ticket"})
"""Fields that carry random bytes in base64 (a seat's ticket), where "+5H/" is no card."""


def cards_in(value: Any) -> set[str]:
    """Every card named in a JSON value: a string that is a card's text, or a card's text
    standing as a word inside a longer one (a sentence)."""
    found: set[str] = set()
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            if item in CARD_TEXTS:
                found.add(item)
            else:
                found.update(CARD_WORD.findall(item))
        elif isinstance(item, dict):
            stack.extend(value for key, value in item.items() if key not in OPAQUE)
        elif isinstance(item, list):
            stack.extend(item)
    return found


def texts(cards: set[Card]) -> set[str]:
    return {str(card) for card in cards}


@dataclass
class Witness:
    """The tap: checks every message against what its seat may know at that moment.

    It follows the match step by step through the recorder (each step's events from the
    engine's log), so it knows which cards each step made public and which were shown in
    the deal's show so far.
    """

    host: Host | None = None
    recorder: Recorder | None = None
    steps: int = 0
    logged: int = 0
    step_events: tuple[Any, ...] = ()
    shown: set[Card] = field(default_factory=set)
    """The cards shown in this deal's show so far."""
    leaks: list[str] = field(default_factory=list)
    faults: list[str] = field(default_factory=list)
    updates: dict[int | None, int] = field(default_factory=dict)
    """Update messages checked, by seat."""
    hiding: dict[int | None, int] = field(default_factory=dict)
    """Update messages sent while other seats held cards the receiver may not know."""
    caught: dict[int | None, int] = field(default_factory=dict)
    """Leaks made on purpose (the next seat's news) that the check found."""

    def tap(self, seat: int | None, message: dict[str, Any]) -> None:
        try:
            self.check(seat, message)
        except Exception as err:  # the table's thread must not see the test's failures
            self.faults.append(f"{type(err).__name__}: {err}")

    # -- following the match

    def follow(self, recorder: Recorder) -> None:
        """Take the steps taken since the last message (there must be at most one)."""
        steps = len(recorder.record.steps)
        if recorder is not self.recorder:
            if steps:
                self.faults.append("a match was found with steps no message came after")
            self.recorder, self.steps, self.logged = recorder, steps, len(recorder.events)
            self.step_events, self.shown = (), set()
            return
        if steps == self.steps:
            return
        if steps != self.steps + 1:
            self.faults.append(f"{steps - self.steps} steps came between two messages")
        new = tuple(recorder.events[self.logged :])
        if recorder.record.steps[-1] == NEXT_GAME:
            self.shown = set()
        for event in new:
            if isinstance(event, Dealt):
                self.shown = set()
            elif isinstance(event, Shown):
                self.shown.update(event.cards)
        self.steps, self.logged, self.step_events = steps, len(recorder.events), new

    def known(self, state: GameState, seat: int | None) -> set[str]:
        """The cards `seat` (None: an onlooker) may know in `state`."""
        cards = {card for _, card in state.history} | set(self.shown)
        cards.update(card for card in state.cuts if card is not None)
        if state.starter is not None:
            cards.add(state.starter)
        if seat is not None:
            for holding in (state.hands, state.kept, state.discards):
                if holding:
                    cards.update(holding[seat])
            if state.phase is Phase.SHOW and seat in pending(state):
                owner, crib = show_turn(state)  # face up to the one counting it
                cards.update(state.crib if crib else state.kept[owner])
        return texts(cards)

    def hidden(self, state: GameState, seat: int | None) -> set[str]:
        """The cards of other seats (and the crib) that `seat` may not know."""
        cards = set(state.crib)
        for holding in (state.hands, state.kept, state.discards):
            for owner, held in enumerate(holding):
                if owner != seat:
                    cards.update(held)
        return texts(cards) - self.known(state, seat)

    def made_public(self, seat: int | None) -> set[str]:
        """The cards this step's events may show `seat`: the public ones, and its own
        discards."""
        cards: set[Card] = set()
        for event in self.step_events:
            match event:
                case CutCard(_, card) | StarterTurned(_, card) | Played(_, card, _):
                    cards.add(card)
                case Shown(_, shown, starter, _, _):
                    cards.update(shown)
                    cards.add(starter)
                case Discarded(owner, laid) if owner == seat:
                    cards.update(laid)
        return texts(cards)

    # -- checking a message

    def leaked(self, seat: int | None, message: dict[str, Any], state: GameState) -> set[str]:
        """The cards named in `message` that `seat` may not know."""
        known = self.known(state, seat)
        if message.get("type") != "update":
            return cards_in(message) - known
        game = dict(message["match"]["game"])
        if game.pop("past_plays") != encode(state.past_plays):
            self.faults.append("the plays of the earlier deals are not the game's")
        if game.pop("match_plays") != encode(state.match_plays):
            self.faults.append("the plays of the earlier games are not the match's")
        view = {**message["match"], "game": game}
        if message["missed"]:  # checked against the engine's own redaction (`check`)
            return cards_in(view) - known
        events = cards_in(message["events"]) - known - self.made_public(seat)
        return (cards_in(view) - known) | events

    def check(self, seat: int | None, message: dict[str, Any]) -> None:
        host = self.host
        assert host is not None
        for key in OPAQUE & message.keys():
            if message[key] is not None:  # a ticket, and nothing else, may hide there
                m._ticket(message[key], key)
        core = host.core
        if core is None:  # before the game: no card at all
            if cards_in(message):
                self.leaks.append(f"{message['type']} to {seat} before the game")
            return
        self.follow(core.recorder)
        state = core.recorder.state.game
        leaked = self.leaked(seat, message, state)
        if leaked:
            self.leaks.append(f"{sorted(leaked)} in a {message['type']} to seat {seat}")
        if message["type"] != "update":
            return
        self.updates[seat] = self.updates.get(seat, 0) + 1
        if self.hidden(state, seat):
            self.hiding[seat] = self.hiding.get(seat, 0) + 1
        events = message["events"]
        if message["missed"]:  # what a player joining again missed: the match's last steps,
            # exactly as the engine gives them to that seat, and nothing more
            assert self.recorder is not None
            told = encode(events_for(self.recorder.events, seat))
            if events and told[len(told) - len(events) :] != events:
                self.faults.append(f"the steps missed are not the match's last: {events}")
            return
        tags = [type(event).__name__ for event in self.step_events]
        if events and [event["event"] for event in events] != tags:
            self.faults.append(f"an update's events are not the step's: {events} for {tags}")
        if seat is None:
            game = message["match"]["game"]
            if (
                any(game[name] for name in ("hand", "kept", "discards", "legal"))
                or game["counting"]
            ):
                self.leaks.append("an onlooker was shown a hand")
        # the same news written for the next seat, with the engine's own events: a leak
        other = 0 if seat is None else (seat + 1) % state.config.players
        wrong = m.update_message(self.step_events, core.match_view(other), None)
        if self.leaked(seat, wrong, state):
            self.caught[seat] = self.caught.get(seat, 0) + 1


@dataclass(frozen=True)
class Variant:
    game: GameConfig
    people: int
    """Seats played by people over the network (the first ones); the computer takes the
    rest."""
    match: MatchConfig = MatchConfig()
    counting: Counting = Counting.AUTOMATIC
    """How the people count their hands: claimed counts show a crib to its dealer first."""


VARIANTS: Final = (
    pytest.param(Variant(GameConfig(target=61), 2, MatchConfig(games=2)), id="six-card"),
    pytest.param(
        Variant(GameConfig(five_card=True, target=61), 2, counting=Counting.CLAIMED),
        id="five-card",
    ),
    pytest.param(
        Variant(GameConfig(players=3, target=61), 2, counting=Counting.CLAIMED), id="three"
    ),
    pytest.param(Variant(GameConfig(players=4, target=61), 3), id="four"),
    pytest.param(
        Variant(GameConfig(players=4, partners=True, target=61), 4, counting=Counting.CLAIMED),
        id="partners",
    ),
)


def away(seat: int) -> Callable[[Any], bool]:
    def seen(news: Any) -> bool:
        return isinstance(news, Seats) and news.seats[seat].presence is Presence.AWAY

    return seen


@pytest.mark.parametrize("variant", VARIANTS)
def test_no_seat_is_told_a_card_it_may_not_know(variant: Variant) -> None:
    witness = Witness()
    config = variant.game
    with (
        open_table(config, variant.match, counting=variant.counting, tap=witness.tap) as table,
        contextlib.ExitStack() as stack,
    ):
        witness.host = table.host
        people = [
            Person(table.port, f"p{n}", seat=str(n + 1), computer=Computer("easy", 40 + n))
            for n in range(variant.people)
        ]
        onlooker = Person(table.port, "Olive", watch=True)
        for person in (*people, onlooker):
            person.join()
            stack.callback(person.leave)
        stack.callback(table.host.close)  # before the people leave, who would close it
        assert [person.table.seat for person in people] == list(range(variant.people))
        people[0].table.start()
        everyone = (*people, onlooker)

        # halfway through, the second person drops out and joins again, and a second
        # onlooker comes: both are sent the match as it stands
        drive(everyone, lambda: people[1].updates >= 25, what="25 updates")
        drive(everyone, lambda: not people[1].awaiting, what="an answer")
        people[1].leave()
        wait_for_news(onlooker, away(1), what="the second seat to be away")
        people[1].join()
        late = Person(table.port, "Late", watch=True)
        late.join()
        stack.callback(late.leave)
        stack.callback(table.host.close)  # again: before the late onlooker leaves

        def over() -> bool:
            return all(p.view is not None and p.view.over for p in (*everyone, late))

        drive((*everyone, late), over, seconds=MATCH, what="the match to end")
        core = table.host.core
        assert core is not None
        assert on_host(table.host, lambda: core.recorder.state.over)
        assert not table.unhandled
        for person in everyone:
            assert person.trouble == []

    assert witness.faults == []
    assert witness.leaks == []
    seats: list[int | None] = [*range(variant.people), None]
    for seat in seats:
        assert witness.updates.get(seat, 0) >= 30, (seat, witness.updates)
        assert witness.hiding.get(seat, 0) >= 20, (seat, witness.hiding)
        assert witness.caught.get(seat, 0) >= 10, (seat, witness.caught)


def test_the_check_finds_a_card_in_a_sentence_or_a_field() -> None:
    assert cards_in({"text": "West holds the 5H and TD.", "x": ["QS", "Q", "QSX"]}) == {
        "5H",
        "TD",
        "QS",
    }
    assert cards_in({"name": "p1", "level": "easy", "seat": 2}) == set()


def test_an_update_the_seat_may_not_see_is_found_out() -> None:
    """The check itself: the engine's raw news of a discard, or another seat's view, is a
    leak; the seat's own news of it is not."""
    recorder = Recorder.start(5, GameConfig(), MatchConfig())
    for seat in (0, 1):
        recorder.apply(CutForDeal(seat, 20))
    witness = Witness(recorder=recorder, steps=2, logged=len(recorder.events))
    hand = recorder.state.game.hands[1]
    recorder.apply(Discard(1, hand[:2]))
    witness.follow(recorder)
    state = recorder.state.game
    raw = witness.step_events
    fair = m.update_message(events_for(raw, 0), match_view_for(recorder.state, 0), 1)
    assert witness.leaked(0, fair, state) == set()
    assert (
        witness.leaked(1, m.update_message(raw, match_view_for(recorder.state, 1), 1), state)
        == set()
    )
    told = m.update_message(raw, match_view_for(recorder.state, 0), 1)
    assert witness.leaked(0, told, state) == texts(set(hand[:2]))
    other = m.update_message((), match_view_for(recorder.state, 1), 1)
    assert witness.leaked(0, other, state) == texts(set(hand))
    watched = m.update_message(events_for(raw, None), match_view_for(recorder.state, 0), 1)
    assert witness.leaked(None, watched, state) == texts(
        set(state.hands[0]) | set(state.discards[0])
    )
    assert witness.faults == []
