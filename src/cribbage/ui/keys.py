"""The names of the keys the game reads: a printable character is itself, anything else is
one of these. No terminal here, so pure code (choosing cards, say) can speak of keys too."""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
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
    "KEYPAD",
    "LEFT",
    "PAGE_DOWN",
    "PAGE_UP",
    "REDRAW",
    "RESIZE",
    "RIGHT",
    "UP",
    "keypad_key",
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

KEYPAD: Final[Mapping[str, str | None]] = MappingProxyType(
    {
        "4": LEFT,
        "6": RIGHT,
        "2": CENTRE,
        "5": CENTRE,
        "8": ENTER,
        "7": HOME,
        "1": END,
        "0": None,
        "3": None,
        "9": None,
    }
)
"""With `--keypad`, what the digits of a numeric keypad stand for where cards are chosen or
the pack is cut: 4 and 6 move, 2 (and the centre, 5) chooses, 8 confirms, 7 and 1 go to the
first and last card (Home and End), and the others do nothing (None)."""


def keypad_key(key: str) -> str | None:
    """The key a keypad's digit stands for with `--keypad` (None: nothing); any other key as
    it is.

    >>> keypad_key("4"), keypad_key("8"), keypad_key("3"), keypad_key("q")
    ('LEFT', 'ENTER', None, 'q')
    """
    return KEYPAD.get(key, key)


TALK_KEY: Final = "m"
"""At a table with people: a line of talk (a message) to the table."""
GIVE_KEY: Final = "g"
"""For the host: give the seat of a player who has gone to the computer."""
FREE_KEY: Final = "f"
"""For the host: free the seat of a player who has gone, for them to take from another
machine (their seat's ticket no longer needed)."""
CODE_KEY: Final = "N"
"""For the host: a new join code (the old one no longer lets anyone in)."""
