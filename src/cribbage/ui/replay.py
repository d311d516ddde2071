"""A recorded match shown step by step (`cribbage --replay FILE`), on the game's own screen.

The record is replayed through the engine (`cribbage.record.replay_steps`); each step is
drawn as the game draws it, with the same table, board and messages, and with every other
seat's cards face up, whatever the game (two-handed, three- or four-handed, partners or
five-card). A step that ends a deal shows the show first, then the next deal.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass
from typing import Final

from ..events import HandOver
from ..glyphs import UNICODE, Glyphs
from ..match import MatchOver, MatchState
from ..record import Record, replay_steps
from ..rules import Seat
from ..view import view_for
from .draw import HandPicture, Layout, Painter
from .keys import BACKSPACE, END, F10, HOME, LEFT, PAGE_DOWN, PAGE_UP, REDRAW, RESIZE
from .screen import Screen
from .seats import Seating
from .table import Table
from .words import Line, MessageLog, Speaker

__all__ = ["Frame", "ReplayUI", "frames_of"]

_BACK: Final = frozenset({LEFT, BACKSPACE, "h"})
_QUIT: Final = frozenset({"q", "Q", F10})


@dataclass(frozen=True, slots=True)
class Frame:
    """What the screen shows at one moment of the record."""

    table: Table
    lines: int
    """How many of the record's messages have been said by then."""
    games_won: tuple[int, ...]
    match_points: tuple[int, ...]
    game: int
    hand: int

    @classmethod
    def of(cls, table: Table, lines: int, state: MatchState, hand: int) -> Frame:
        """The moment of `state`, deal number `hand`: a copy of `table` as it is now, and the
        first `lines` messages."""
        return cls(
            copy.deepcopy(table), lines, state.games_won, state.match_points, state.number, hand
        )


def frames_of(record: Record, speaker: Speaker) -> tuple[list[Frame], list[Line]]:
    """Every moment of `record` worth a look, and all its messages.

    Raises:
        InvalidRecordError: a step of the record is not legal where it stands.
    """
    frames: list[Frame] = []
    lines: list[Line] = []
    named = record.names is not None  # a table's: everyone by name, as an onlooker sees it
    table = Table.for_game(record.game_config, watching=named)
    table.names = record.names
    for state, events in replay_steps(record):
        for event in events:
            if isinstance(event, HandOver):  # the show, before the next deal is dealt
                frames.append(
                    Frame.of(table, len(lines), state, max(state.game.hand_number - 1, 1))
                )
            if not (isinstance(event, MatchOver) and record.match_config.games == 1):
                lines.extend(speaker.lines(event))  # as in the game: a one-game match says it once
            table.update(event)
        game = state.game
        table.sync(view_for(game, Seat.HUMAN))
        if game.hands and not table.note:
            for seat in range(Seat.HUMAN if named else Seat.COMPUTER, game.config.players):
                table.hands[seat] = list(game.hands[seat])
                table.face_up[seat] = True
        frames.append(Frame.of(table, len(lines), state, game.hand_number))
    return frames, lines


class ReplayUI:
    """Steps through a record: any key goes on, left arrow or Backspace goes back, q quits."""

    def __init__(self, screen: Screen, record: Record, *, glyphs: Glyphs = UNICODE) -> None:
        self.screen = screen
        self.record = record
        self.painter = Painter(screen, glyphs)
        config = record.game_config
        seating = Seating.of(config, names=record.names, watching=record.names is not None)
        speaker = Speaker(glyphs, explain=(True,) * config.players, seating=seating, config=config)
        self.frames, self.lines = frames_of(record, speaker)
        self.index = 0
        self.back = 0
        self.glyphs = glyphs

    def run(self) -> int:
        """Show the record until q; return the exit status (0)."""
        while True:
            self.draw()
            key = self.screen.read_key(None)
            if key is None or key in (RESIZE, REDRAW):
                continue
            if key in _QUIT:
                return 0
            last = len(self.frames) - 1
            if key in (PAGE_UP, PAGE_DOWN):
                rows, cols = self.screen.size()
                height = Layout.for_game(rows, cols, self.record.game_config).messages_h
                self.back = max(0, self.back + (height - 1 if key == PAGE_UP else 1 - height))
                continue
            self.back = 0
            if key in _BACK:
                self.index = max(0, self.index - 1)
            elif key == HOME:
                self.index = 0
            elif key == END:
                self.index = last
            else:
                self.index = min(last, self.index + 1)

    def draw(self) -> None:
        """The frame at the current step, with where it stands and the keys."""
        screen = self.screen
        rows, cols = screen.size()
        target = self.record.game_config.target
        layout = Layout.for_game(rows, cols, self.record.game_config)
        screen.clear()
        if not layout.fits:
            self.painter.too_small(rows, cols)
            screen.refresh()
            return
        frame = self.frames[self.index]
        log = MessageLog(self.lines[: frame.lines], self.back)
        self.painter.table(layout, frame.table, HandPicture(), None)
        if self.record.match_config.games == 1:
            self.painter.board(layout, frame.table, target, frame.games_won)
        else:
            self.painter.board(
                layout,
                frame.table,
                target,
                frame.match_points,
                match_points=True,
                of=self.record.match_config.points,
            )
        self.painter.messages(layout, log)
        self.back = log.back
        last = len(self.frames) - 1
        where = f"Replay: step {self.index} of {last}, game {frame.game}, hand {frame.hand}"
        if self.index == last:
            where += " (the end)"
        left, right = self.glyphs.arrows[0], self.glyphs.arrows[1]
        keys = f"{right} space: next   {left} Backspace: back   Home End   PgUp PgDn   q quit"
        self.painter.prompt(layout, where, "", keys)
        screen.refresh()
