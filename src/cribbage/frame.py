"""The table turned round: a seat's view and events renumbered so that it sits at seat 0.

The screen always shows its player at the bottom, as seat 0, with the others in turn to the
left. A person at another seat of a table sees the same game turned round: seat `me` becomes
0, the seat to its left 1, and so on, and the sides turn with the seats (with partners, a
seat's partnership is side 0 whichever seat it is). Turning is only a renumbering: the seat
to the left stays to the left, so every rule reads the same in either frame.

`Frame(players, partners, me)` turns a seat, a side, a view, events and an action one way
(`seat`, `view`, `events`) or back (`global_seat`, `action`).

>>> frame = Frame(GameConfig(players=4, partners=True), me=3)
>>> frame.seat(3), frame.seat(0), frame.side(1), frame.global_seat(1)
(0, 1, 0, 0)
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace
from typing import TypeVar, assert_never

from .events import (
    Claimed,
    CountReset,
    CutCard,
    CutTied,
    DealerChosen,
    Dealt,
    Discarded,
    Event,
    GameOver,
    Go,
    HandOver,
    Played,
    Scored,
    Shown,
    StarterTurned,
)
from .match import MatchOver
from .rules import Action, Claim, CutForDeal, CutStarter, Discard, GameConfig, Play
from .view import MatchView, PlayerView, ShownHand

__all__ = ["Frame"]

T = TypeVar("T")


@dataclass(frozen=True, slots=True)
class Frame:
    """The game `config` seen from seat `me`, turned so that `me` is seat 0."""

    config: GameConfig
    me: int

    def __post_init__(self) -> None:
        if not 0 <= self.me < self.config.players:
            raise ValueError(f"There is no seat {self.me}.")

    @property
    def players(self) -> int:
        return self.config.players

    def seat(self, seat: int) -> int:
        """The number of the table's `seat` in this frame."""
        return (seat - self.me) % self.players

    def global_seat(self, seat: int) -> int:
        """The table's number of this frame's `seat`."""
        return (seat + self.me) % self.players

    def side(self, side: int) -> int:
        """The number of the table's `side` in this frame."""
        return self.config.side_of(self.seat(self.config.seats_of(side)[0]))

    def per_seat(self, values: tuple[T, ...]) -> tuple[T, ...]:
        """A value for each of the table's seats, in this frame's order."""
        return tuple(values[self.global_seat(seat)] for seat in range(self.players))

    def per_side(self, values: tuple[T, ...]) -> tuple[T, ...]:
        """A value for each of the table's sides, in this frame's order."""
        turned = [values[0]] * len(values)
        for side, value in enumerate(values):
            turned[self.side(side)] = value
        return tuple(turned)

    def game_config(self) -> GameConfig:
        """The rules in this frame: each seat's way of counting moves with the seat."""
        return replace(self.config, counting=self.per_seat(self.config.counts))

    def view(self, view: PlayerView) -> PlayerView:
        """`view` (of seat `me`, or an onlooker's from seat 0) turned into this frame."""
        seat, side = self.seat, self.side
        return replace(
            view,
            seat=seat(view.seat),
            dealer=None if view.dealer is None else seat(view.dealer),
            scores=self.per_side(view.scores),
            back_pegs=self.per_side(view.back_pegs),
            hand_sizes=self.per_seat(view.hand_sizes),
            discarded=self.per_seat(view.discarded),
            history=tuple((seat(s), card) for s, card in view.history),
            past_plays=tuple(
                tuple((seat(s), card) for s, card in deal) for deal in view.past_plays
            ),
            match_plays=tuple(
                tuple((seat(s), card) for s, card in deal) for deal in view.match_plays
            ),
            to_move=None if view.to_move is None else seat(view.to_move),
            pending=tuple(seat(s) for s in view.pending),
            passed=frozenset(seat(s) for s in view.passed),
            cuts=self.per_seat(view.cuts) if view.cuts else view.cuts,
            shown=tuple(self._shown(shown) for shown in view.shown),
            winner=None if view.winner is None else side(view.winner),
            config=self.game_config(),
            counting=None if view.counting is None else self._shown(view.counting),
        )

    def _shown(self, shown: ShownHand) -> ShownHand:
        return replace(shown, seat=self.seat(shown.seat))

    def match_view(self, view: MatchView) -> MatchView:
        """`view` turned into this frame."""
        return replace(
            view,
            game=self.view(view.game),
            match_points=self.per_side(view.match_points),
            games_won=self.per_side(view.games_won),
            winner=None if view.winner is None else self.side(view.winner),
        )

    def events(self, events: Iterable[Event | MatchOver]) -> tuple[Event | MatchOver, ...]:
        """`events` turned into this frame."""
        return tuple(self.event(event) for event in events)

    def event(self, event: Event | MatchOver) -> Event | MatchOver:
        """One event turned into this frame."""
        seat = self.seat
        match event:
            case CutCard() | Discarded() | Played() | Go() | Scored() | Shown() | Claimed():
                return replace(event, seat=seat(event.seat))
            case DealerChosen():
                return replace(event, seat=seat(event.seat))
            case Dealt():
                return replace(event, dealer=seat(event.dealer))
            case StarterTurned():
                return replace(event, cutter=seat(event.cutter))
            case CountReset():
                return replace(event, leader=seat(event.leader))
            case GameOver():
                return replace(
                    event, winner=self.side(event.winner), scores=self.per_side(event.scores)
                )
            case MatchOver():
                return replace(
                    event, winner=self.side(event.winner), points=self.per_side(event.points)
                )
            case CutTied() | HandOver():
                return event
            case _:
                assert_never(event)

    def action(self, action: Action) -> Action:
        """An action of this frame's seat 0 (or any seat of this frame) for the table."""
        match action:
            case CutForDeal() | Discard() | CutStarter() | Play() | Claim():
                return replace(action, seat=self.global_seat(action.seat))
            case _:
                assert_never(action)
