"""The help box: every key the game takes, said for the game being played.

The keys are listed in two columns, the keys and what they do; the box's lines are laid out
here, so that the words fit the game (one card or two to lay away) and the window: narrower
lines in a narrow one, and in one too low for them all a page at a time, which Up and Down
scroll (`help_page`).
"""

from __future__ import annotations

import textwrap
from dataclasses import dataclass
from typing import Final

from ..glyphs import Glyphs

__all__ = ["HelpPage", "help_lines", "help_page"]

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


def help_lines(
    glyphs: Glyphs, *, discards: int = 2, width: int = KEY_COLUMN + TEXT_WIDTH
) -> list[str]:
    """Every key the game takes and a short reminder of the game, for the help box of a game
    where each player lays away `discards` cards, in lines of at most `width` columns (or,
    in a window narrower than that, of the key column and a dozen more).

    >>> from cribbage.glyphs import ASCII
    >>> help_lines(ASCII)[2:4]
    ['space, Enter    choose the card; with two chosen for', '                the crib, Enter lays them away']
    >>> help_lines(ASCII, discards=1)[2]
    'space, Enter    choose the card: it is laid away or played'
    """
    text_width = max(min(TEXT_WIDTH, width - KEY_COLUMN), _NARROWEST)
    lines: list[str] = []
    for keys, does in _entries(glyphs, discards):
        # the breaks chosen for the widest box, or in a narrower one wherever the words fit
        parts = does.split("\n") if text_width == TEXT_WIDTH else [does.replace("\n", " ")]
        said = [line for part in parts for line in textwrap.wrap(part, text_width)]
        lines.append(f"{keys:<{KEY_COLUMN}}{said[0]}")
        lines.extend(" " * KEY_COLUMN + more for more in said[1:])
    width = _reminder_width(width)
    return [*lines, "", *textwrap.wrap(_REMINDER, width), "", *textwrap.wrap(_BACK, width)]


def _reminder_width(width: int) -> int:
    """The width of the lines under the keys, in a box at most `width` wide."""
    return max(min(width, KEY_COLUMN + TEXT_WIDTH), KEY_COLUMN + _NARROWEST)


_NARROWEST: Final = 12
"""The fewest columns what a key does is wrapped to, however narrow the window."""


@dataclass(frozen=True, slots=True)
class HelpPage:
    """What the help box shows in a window: its lines, and where it can scroll."""

    lines: list[str]
    top: int
    """The first line of the whole help shown."""
    up: bool
    """Lines above are hidden: Up scrolls back to them."""
    down: bool
    """Lines below are hidden: Down scrolls on to them."""


def help_page(glyphs: Glyphs, rows: int, cols: int, *, top: int = 0, discards: int = 2) -> HelpPage:
    """The help box for a room of `rows` by `cols` (its frame included), from line `top` of
    the whole help when it does not fit; the last row then says how to see the rest.

    >>> from cribbage.glyphs import ASCII
    >>> page = help_page(ASCII, 10, 60)
    >>> len(page.lines), page.up, page.down, page.lines[-1]
    (8, False, True, 'Down: more   other keys: back')
    >>> help_page(ASCII, 24, 80).down
    False
    """
    width = cols - 4  # a border and a space each side
    lines = help_lines(glyphs, discards=discards, width=width)
    room = rows - 2
    if len(lines) <= room or room < 2:
        return HelpPage(lines, 0, False, False)
    lines = lines[: -len(textwrap.wrap(_BACK, _reminder_width(width))) - 1]  # said below
    shown = room - 1
    top = max(0, min(top, len(lines) - shown))
    up, down = top > 0, top + shown < len(lines)
    keys = ", ".join(name for name, more in (("Up", up), ("Down", down)) if more)
    return HelpPage(
        [*lines[top : top + shown], f"{keys}: more   other keys: back"],
        top,
        up,
        down,
    )
