"""The table itself: a match with its record, and the computers at some of its seats.

`TableCore` is where a table's decisions are made, for a game against the computer and for a
table people join: every action goes through the engine (`Recorder.apply`), and what each
seat is told of it comes from `cribbage.view` (`match_view_for`, `events_for`). It waits for
nobody and does no I/O; whoever holds it (the screen's `LocalTable`, the network's host)
decides when the computers move and where the news goes.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from ..computer import Computer
from ..events import Event
from ..match import MatchOver
from ..record import NEXT_GAME, Recorder, Step
from ..rules import Action, GameConfig, Phase, pending
from ..view import MatchView, events_for, match_view_for, view_for
from .news import Update

__all__ = ["TableCore"]


class TableCore:
    """A match on a table: `recorder` holds it, `computers` play the seats they are given.

    `on_step` is called with the recorder after every step applied (to save the match).
    """

    def __init__(
        self,
        recorder: Recorder,
        computers: Mapping[int, Computer],
        *,
        on_step: Callable[[Recorder], None] | None = None,
    ) -> None:
        self.recorder = recorder
        self.computers = dict(computers)
        self.on_step = on_step

    @property
    def config(self) -> GameConfig:
        """The rules of each game of the match."""
        return self.recorder.state.game_config

    def computer_due(self) -> int | None:
        """A seat the computer plays that must act now, if any.

        While cards are laid away every seat acts at once: the computers lay theirs away
        first, so a person is never kept waiting for them afterwards.
        """
        game = self.recorder.state.game
        if game.phase is Phase.GAME_OVER:
            return None
        return next((seat for seat in pending(game) if seat in self.computers), None)

    def computer_action(self, seat: int) -> Action:
        """What the computer at `seat` does now, from that seat's view alone."""
        return self.computers[seat].act(view_for(self.recorder.state.game, seat))

    def apply(self, step: Step) -> tuple[Event | MatchOver, ...]:
        """Carry out one step and tell `on_step`; the engine's errors pass through unchanged
        (the match is then as it was)."""
        events = self.recorder.apply(step)
        if self.on_step is not None:
            self.on_step(self.recorder)
        return events

    def next_game(self) -> tuple[Event | MatchOver, ...]:
        """Start the next game of the match, if a game is over and the match is not."""
        state = self.recorder.state
        if state.game.phase is not Phase.GAME_OVER or state.over:
            return ()
        return self.apply(NEXT_GAME)

    def match_view(self, seat: int | None) -> MatchView:
        """The match as `seat` may know it now (None: an onlooker)."""
        return match_view_for(self.recorder.state, seat)

    def update_for(
        self, seat: int | None, events: tuple[Event | MatchOver, ...], by: int | None
    ) -> Update:
        """The news of one step for `seat` (None: an onlooker), in the table's own frame."""
        return Update(events_for(events, seat), self.match_view(seat), by)
