"""The engine driven by random sequences of legal and illegal actions (hypothesis stateful).

A simple statement of what is legal (`is_legal`) stands beside the engine: the engine must
accept exactly those actions, reject every other with a `CribbageError` whose text is one
sentence, and leave the state as it was. At any step, the match saved and loaded, and its
record replayed, must give the very same state.
"""

from __future__ import annotations

import random
import shutil
import tempfile

import pytest
from hypothesis import HealthCheck, event, settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    initialize,
    invariant,
    rule,
)

from cribbage.cards import DECK, Card
from cribbage.errors import CribbageError, IllegalPlayError, InvalidActionError
from cribbage.match import MatchConfig
from cribbage.record import NEXT_GAME, Record, replay
from cribbage.rules import (
    Action,
    Claim,
    Counting,
    CutForDeal,
    CutStarter,
    Discard,
    GameConfig,
    GameState,
    Overcount,
    Phase,
    Play,
    apply,
    is_legal,
    legal_actions,
    new_game,
    pending,
)
from cribbage.storage import SavedMatch, Storage

from .storage_support import random_step


def listed(game: GameState, action: Action) -> bool:
    """Whether `action` is among the engine's `legal_actions` (the cards laid away in any
    order), its numbers whole numbers and not merely equal to one (True == 1, 2.0 == 2)."""
    numbers = [getattr(action, name, 0) for name in ("seat", "position", "points")]
    if any(type(number) is not int for number in numbers):
        return False
    if (
        isinstance(action, Discard)
        and isinstance(action.cards, tuple)
        and all(isinstance(card, Card) for card in action.cards)
    ):
        action = Discard(action.seat, tuple(sorted(action.cards)))
    return action in legal_actions(game)


def is_sentence(text: str) -> bool:
    """One sentence for a player: a capital (or a card) first, a full stop last, one line."""
    return (
        bool(text)
        and (text[0].isupper() or text[0].isdigit())
        and text.endswith(".")
        and "\n" not in text
        and "Traceback" not in text
    )


seats = st.integers(-1, 2)
cards = st.sampled_from(DECK)
any_action: st.SearchStrategy[Action] = st.one_of(
    st.builds(CutForDeal, seats, st.integers(-2, 55)),
    st.builds(CutStarter, seats, st.integers(-2, 55)),
    st.builds(Discard, seats, st.lists(cards, max_size=3).map(tuple)),
    st.builds(Play, seats, cards),
    st.builds(Claim, seats, st.integers(-3, 33)),
    # fields of the wrong type: refused with a sentence like any other illegal action
    st.builds(Play, seats, st.sampled_from(["TS", 5, None])),
    st.builds(CutStarter, st.sampled_from([True, "0", 0.5]), st.integers(4, 40)),
    st.builds(Discard, seats, st.sampled_from(["5H 6D", (None, None), 7])),
    st.builds(Claim, seats, st.sampled_from([True, 2.0, "4"])),
)


# --- examples -------------------------------------------------------------------------------


def _game_in(phase: Phase) -> GameState:
    """A claimed-count game played to the first moment it is in `phase`."""
    config = GameConfig(counting=(Counting.CLAIMED, Counting.CLAIMED))
    game = new_game(config, seed=2)
    while game.phase is not phase:
        game, _ = apply(game, legal_actions(game)[0])
    return game


@pytest.mark.parametrize("phase", [p for p in Phase if p is not Phase.GAME_OVER])
def test_an_action_of_another_phase_is_refused_even_from_the_seat_to_act(phase: Phase) -> None:
    game = _game_in(phase)
    seat = pending(game)[0]
    hand = game.hands[seat] if game.hands else ()
    others: list[Action] = [CutForDeal(seat, 10), CutStarter(seat, 10), Claim(seat, 4)]
    if len(hand) >= 2:
        others += [Discard(seat, hand[:2]), Play(seat, hand[0])]
    for action in others:
        if is_legal(game, action):
            continue
        with pytest.raises(IllegalPlayError) as err:
            apply(game, action)
        assert is_sentence(str(err.value)), str(err.value)
    assert game == _game_in(phase)


@pytest.mark.parametrize("thing", [None, "Play", "5H", 3, Play, (1, "5H")])
def test_what_is_not_an_action_is_refused_with_one_sentence(thing: object) -> None:
    game = _game_in(Phase.PLAY)
    with pytest.raises(InvalidActionError) as err:
        apply(game, thing)  # type: ignore[arg-type]  # what a careless caller might pass
    assert isinstance(err.value, CribbageError)
    assert is_sentence(str(err.value)), str(err.value)
    assert game == _game_in(Phase.PLAY)


def test_a_card_played_during_the_discard_names_the_moment() -> None:
    game = _game_in(Phase.DISCARD)
    with pytest.raises(IllegalPlayError, match=r"You cannot play a card during the discard\."):
        apply(game, Play(1, game.hands[1][0]))


# --- the state machine ----------------------------------------------------------------------


class EngineMachine(RuleBasedStateMachine):
    """A match played by legal actions drawn by hypothesis, with illegal ones thrown in."""

    def __init__(self) -> None:
        super().__init__()
        self.home = tempfile.mkdtemp(prefix="cribbage-stateful-")
        self.storage = Storage(self.home)
        assert self.storage.claim() is None
        self.match = SavedMatch.start(0)
        self.rejected = 0

    @initialize(
        seed=st.integers(0, 2**40),
        points=st.sampled_from([15, 31, 61, 121]),
        counting=st.sampled_from([Counting.AUTOMATIC, Counting.CLAIMED]),
        muggins=st.booleans(),
        overcount=st.sampled_from(Overcount),
        games=st.integers(1, 3),
    )
    def start(
        self,
        seed: int,
        points: int,
        counting: Counting,
        muggins: bool,
        overcount: Overcount,
        games: int,
    ) -> None:
        config = GameConfig(
            target=points,
            counting=(counting, Counting.AUTOMATIC),
            muggins=muggins,
            overcount=overcount,
        )
        self.match = SavedMatch.start(
            seed, config, MatchConfig(games=games), {"level": "classic", "seed": seed}
        )

    @property
    def game(self) -> GameState:
        return self.match.state.game

    @rule(data=st.data())
    def legal_step(self, data: st.DataObject) -> None:
        if self.match.state.over:
            assert legal_actions(self.game) == ()
            return
        if self.game.phase is Phase.GAME_OVER:
            self.match.apply(NEXT_GAME)
            assert self.game.phase in (Phase.DISCARD,) and self.game.scores == (0, 0)
            return
        action = data.draw(st.sampled_from(legal_actions(self.game)))
        assert is_legal(self.game, action)  # what the engine lists, it accepts
        self.match.apply(action)

    @rule(rng=st.randoms(use_true_random=False), count=st.integers(1, 12))
    def several_legal_steps(self, rng: random.Random, count: int) -> None:
        for _ in range(count):
            step = random_step(self.match.state, rng)
            if step is None:
                return
            if step != NEXT_GAME:
                assert not isinstance(step, str) and listed(self.game, step)
            self.match.apply(step)

    @rule(action=any_action)
    def any_step(self, action: Action) -> None:
        before, record = self.match.state, self.match.record
        legal = listed(before.game, action)
        assert is_legal(before.game, action) == legal
        try:
            self.match.apply(action)
        except CribbageError as err:
            assert not legal, f"{action} is legal but was refused: {err}"
            assert is_sentence(str(err)), str(err)
            assert self.match.state is before and self.match.record is record
            self.rejected += 1
            return
        assert legal, f"{action} is illegal but was accepted"

    @rule()
    def save_and_load(self) -> None:
        assert self.storage.save(self.match) is None
        if self.match.state.over:  # a finished match is filed and its save removed
            assert not self.storage.save_path.exists()
            return
        loaded, message = self.storage.load()
        assert message is None and loaded is not None
        assert loaded.state == self.match.state
        assert loaded.record == self.match.record
        assert (loaded.id, loaded.options) == (self.match.id, self.match.options)
        self.match = loaded  # play on from the loaded match

    @rule()
    def record_replays_to_the_state(self) -> None:
        record = Record.from_json(self.match.record.to_json())
        assert record == self.match.record
        assert replay(record) == self.match.state

    @rule()
    def save_text_reads_back_the_same(self) -> None:
        again = SavedMatch.from_json(self.match.to_json())
        assert again.state == self.match.state and again.events == self.match.events

    @invariant()
    def note_progress(self) -> None:
        event(f"phase: {self.game.phase.value}")
        event(f"match over: {self.match.state.over}")
        event(f"games started: {self.match.state.number}")

    def teardown(self) -> None:
        self.storage.release()
        shutil.rmtree(self.home, ignore_errors=True)


EngineMachine.TestCase.settings = settings(
    max_examples=60,
    stateful_step_count=80,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
TestEngine = EngineMachine.TestCase
