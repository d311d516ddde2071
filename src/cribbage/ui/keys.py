"""The names of the keys the game reads: a printable character is itself, anything else is
one of these. No terminal here, so pure code (choosing cards, say) can speak of keys too."""

from __future__ import annotations

from typing import Final

__all__ = [
    "BACKSPACE",
    "CENTRE",
    "DOWN",
    "END",
    "ENTER",
    "ESCAPE",
    "F1",
    "F10",
    "HOME",
    "LEFT",
    "PAGE_DOWN",
    "PAGE_UP",
    "REDRAW",
    "RESIZE",
    "RIGHT",
    "UP",
]

LEFT: Final = "LEFT"
RIGHT: Final = "RIGHT"
UP: Final = "UP"
DOWN: Final = "DOWN"
ENTER: Final = "ENTER"
BACKSPACE: Final = "BACKSPACE"
ESCAPE: Final = "ESCAPE"
F10: Final = "F10"
F1: Final = "F1"
RESIZE: Final = "RESIZE"
REDRAW: Final = "REDRAW"
"""Ctrl-L."""
PAGE_UP: Final = "PAGE_UP"
PAGE_DOWN: Final = "PAGE_DOWN"
HOME: Final = "HOME"
END: Final = "END"
CENTRE: Final = " "
"""The keypad's centre key (5 with Num Lock off) reads as space: it chooses, or cuts."""
