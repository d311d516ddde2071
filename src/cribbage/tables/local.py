"""A game against the computer: the whole table in this process, the player at seat 0."""

from __future__ import annotations

from collections import deque
from collections.abc import Callable

from ..errors import CribbageError
from ..record import Recorder
from ..rules import Action, GameConfig, Phase
from ..view import MatchView
from .core import TableCore
from .news import News, Refused, Seats

__all__ = ["LocalTable"]


class LocalTable:
    """The player at seat 0 of `core`, whose other seats are all the computer's.

    The computers move when news is asked for, one action at a time, so the screen can show
    each move before the next is made.
    """

    def __init__(self, core: TableCore, new_recorder: Callable[[], Recorder] | None = None) -> None:
        """`new_recorder` gives the match of each new one asked for (`again`)."""
        self.core = core
        self.new_recorder = new_recorder
        self._queue: deque[News] = deque()

    @property
    def recorder(self) -> Recorder:
        """The match and its record."""
        return self.core.recorder

    @property
    def config(self) -> GameConfig:
        return self.core.config

    @property
    def seats(self) -> Seats | None:
        return None

    @property
    def watching(self) -> bool:
        return False

    @property
    def live(self) -> bool:
        return False

    def snapshot(self) -> MatchView:
        return self.core.match_view(0)

    def news(self, timeout: float = 0) -> News | None:
        if self._queue:
            return self._queue.popleft()
        seat = self.core.computer_due()
        if seat is None:
            return None
        events = self.core.apply(self.core.computer_action(seat))
        return self.core.update_for(0, events, seat)

    def chatter(self) -> list[News]:
        return []

    def act(self, action: Action) -> None:
        try:
            events = self.core.apply(action)
        except CribbageError as err:
            self._queue.append(Refused(str(err)))
            return
        self._queue.append(self.core.update_for(0, events, action.seat))

    def next_game(self) -> None:
        state = self.core.recorder.state
        if state.game.phase is Phase.GAME_OVER and not state.over:
            self._queue.append(self.core.update_for(0, self.core.next_game(), None))

    def again(self) -> None:
        if self.new_recorder is None:
            raise RuntimeError("This table plays one match.")
        self.core.recorder = self.new_recorder()
        self._queue.clear()
        self._queue.append(self.core.update_for(0, (), None))

    def say(self, text: str) -> None:
        pass  # nobody to hear it

    def away(self) -> tuple[int, ...]:
        return ()

    def give(self, seat: int) -> None:
        pass

    def rejoin(self) -> str | None:
        return "A game against the computer cannot be joined."

    def leave(self) -> None:
        pass
