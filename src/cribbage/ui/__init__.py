"""The curses game: the only part of the package that imports curses.

`run(options)` takes over the terminal, plays until the player stops, and always gives the
terminal back as it found it (`curses.wrapper`), whatever happens.
"""

from __future__ import annotations

import curses
from typing import TYPE_CHECKING

from ..glyphs import choose_glyphs
from .game import GameUI, Hooks, Options, Quit
from .screen import CursesScreen, start_colors, wants_color

if TYPE_CHECKING:
    from collections.abc import Callable, Sequence

    from ..record import Record
    from ..storage import Storage
    from .lobby import Opening

__all__ = ["GameUI", "Hooks", "Options", "Quit", "run", "run_replay", "run_table"]


def run(
    options: Options,
    *,
    ascii_only: bool = False,
    hooks: Hooks | None = None,
    storage: Storage | None = None,
    fresh: bool = False,
) -> int:
    """Play in the terminal; return the exit status.

    With `storage` the game is resumed from and saved to it (`saving.play_kept`; `fresh`
    backs up the save and starts a new match); `hooks` are then the keeper's, and a game
    left unfinished is said to be kept once the terminal is restored.
    """
    farewell: list[str] = []

    def session(window: curses.window) -> int:
        glyphs = choose_glyphs(ascii_only, window.encoding)  # what curses can really print
        screen = CursesScreen(window, color=start_colors(wants_color()))
        if storage is not None:
            from .saving import play_kept

            return play_kept(
                screen, options, storage, glyphs=glyphs, fresh=fresh, farewell=farewell
            )
        return GameUI(screen, options, glyphs=glyphs, hooks=hooks).run()

    status = curses.wrapper(session)
    for line in farewell:  # once the terminal is back, where the player will see it
        print(line)
    return status


def run_replay(record: Record, *, ascii_only: bool = False) -> int:
    """Show a recorded match step by step in the terminal; return the exit status."""
    from .replay import ReplayUI

    def session(window: curses.window) -> int:
        glyphs = choose_glyphs(ascii_only, window.encoding)
        screen = CursesScreen(window, color=start_colors(wants_color()))
        return ReplayUI(screen, record, glyphs=glyphs).run()

    return curses.wrapper(session)


def run_table(
    table: Opening,
    options: Options,
    *,
    ascii_only: bool = False,
    title: str,
    particulars: Callable[[], Sequence[str]],
    can_start: bool,
    hooks: Hooks | None = None,
    notes: Sequence[str] = (),
    starter: str = "the host",
) -> int:
    """Play a seat of a table with people in the terminal, from its lobby (`lobby.lobby`,
    whose arguments these are, with `notes` for its messages) to the last game; return the
    exit status."""
    from .lobby import lobby

    def session(window: curses.window) -> int:
        glyphs = choose_glyphs(ascii_only, window.encoding)
        screen = CursesScreen(window, color=start_colors(wants_color()))
        started, lines, first = lobby(
            screen,
            table,
            title=title,
            particulars=particulars,
            can_start=can_start,
            notes=notes,
            starter=starter,
        )
        if not started:
            table.leave()
            return 0
        ui = GameUI(screen, options, glyphs=glyphs, table=table, hooks=hooks)
        for line in lines:
            ui.log.add(line)
        if first is not None and first.missed:
            ui.missed(first)
        return ui.run()

    return curses.wrapper(session)
