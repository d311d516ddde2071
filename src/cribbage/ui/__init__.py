"""The curses game: the only part of the package that imports curses.

`run(options)` takes over the terminal, plays until the player stops, and always gives the
terminal back as it found it (`curses.wrapper`), whatever happens.
"""

from __future__ import annotations

import curses

from .game import GameUI, Hooks, Options, Quit
from .glyphs import choose_glyphs
from .screen import CursesScreen, wants_color

__all__ = ["run", "GameUI", "Hooks", "Options", "Quit"]


def run(options: Options, *, ascii_only: bool = False, hooks: Hooks | None = None) -> int:
    """Play in the terminal; return the exit status."""
    glyphs = choose_glyphs(ascii_only)

    def session(window: curses.window) -> int:
        screen = CursesScreen(window, color=wants_color())
        return GameUI(screen, options, glyphs=glyphs, hooks=hooks).run()

    return curses.wrapper(session)
