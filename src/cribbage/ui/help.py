"""The help box: every key the game takes, said for the game being played.

The keys are listed in two columns, the keys and what they do; the box's lines are laid out
here, so that the words fit the game (one card or two to lay away).
"""

from __future__ import annotations

import textwrap
from typing import Final

from ..glyphs import Glyphs

__all__ = ["help_lines"]

KEY_COLUMN: Final = 16
"""The width of the column naming the keys."""
TEXT_WIDTH: Final = 46
"""The width of what each key does."""
_REMINDER: Final = (
    "Make 15 or 31, pairs and runs in the play; count fifteens, pairs, runs, flushes and "
    "his nobs in the show. First to the end of the board wins; 'cribbage --rules' has all "
    "the rules."
)
_BACK: Final = "Press any key to go back to the game."


def _entries(glyphs: Glyphs, discards: int) -> list[tuple[str, str]]:
    """Each key, and what it does (a new line where the text is best broken), in the game
    where each player lays away `discards` cards."""
    left, right = glyphs.arrows[0], glyphs.arrows[1]
    if discards > 1:
        choose = "choose the card; with two chosen for\nthe crib, Enter lays them away"
        undo = "undo typing; Esc with nothing typed\ntakes back the crib cards chosen"
    else:
        choose = "choose the card: it is laid away or played"
        undo = "undo typing"
    return [
        (f"{left} {right}  h l  j k", "move between cards (or along the pack)"),
        ("Home End", "the first or last card (or end of the pack)"),
        ("space, Enter", choose),
        ("5h, 10d, k, Qs", "type a card: the cursor jumps to it\n(Q for a queen; q is quit)"),
        ("Backspace, Esc", undo),
        ("digits, Enter", "a count in the show, or a place to cut"),
        ("PgUp PgDn", "scroll the messages"),
        ("Ctrl-L", "redraw the screen"),
        ("q  F10", "quit (asks first), then y or n"),
        ("?", "this help"),
        ("H  F1", "a hint: the computer's choice, with\nthe expected points of the best three"),
        ("c", "at the end of a hand: the coach"),
    ]


def help_lines(glyphs: Glyphs, *, discards: int = 2) -> list[str]:
    """Every key the game takes and a short reminder of the game, for the help box of a game
    where each player lays away `discards` cards.

    >>> from cribbage.glyphs import ASCII
    >>> help_lines(ASCII)[2:4]
    ['space, Enter    choose the card; with two chosen for', '                the crib, Enter lays them away']
    >>> help_lines(ASCII, discards=1)[2]
    'space, Enter    choose the card: it is laid away or played'
    """
    lines: list[str] = []
    for keys, does in _entries(glyphs, discards):
        said = [line for part in does.split("\n") for line in textwrap.wrap(part, TEXT_WIDTH)]
        lines.append(f"{keys:<{KEY_COLUMN}}{said[0]}")
        lines.extend(" " * KEY_COLUMN + more for more in said[1:])
    reminder = textwrap.wrap(_REMINDER, KEY_COLUMN + TEXT_WIDTH)
    return [*lines, "", *reminder, "", _BACK]
