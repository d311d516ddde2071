"""The help box, and the keys named under each question: every key the game takes, said for
the game being played and the keys in use.

The keys are listed in two columns, the keys and what they do; the box's lines are laid out
here, so that the words fit the game (one card or two to lay away), the keys (the keypad's
2 4 6 8 or not, which K in the box turns on and off) and the window: narrower lines in a
narrow one, and in one too low for them all a page at a time, which Up and Down scroll
(`help_page`). `prompt_keys` names the keys under a question the same way.
"""

from __future__ import annotations

import textwrap
from dataclasses import dataclass
from typing import Final

from ..glyphs import Glyphs
from .keys import CODE_KEY, FREE_KEY, GIVE_KEY, TALK_KEY

__all__ = ["KEYPAD_TOGGLE", "HelpPage", "PromptKeys", "help_lines", "help_page", "prompt_keys"]

KEY_COLUMN: Final = 16
"""The width of the column naming the keys."""
TEXT_WIDTH: Final = 46
"""The width of what each key does."""
_REMINDER: Final = (
    "Make 15 or 31, pairs and runs in the play; count fifteens, pairs, runs, flushes and "
    "his nobs in the show. First to the end of the board wins; 'cribbage --rules' has all "
    "the rules."
)
KEYPAD_TOGGLE: Final = "K"
"""In the help box: turns the keypad's keys (`--keypad`) on or off."""


def _back(keypad: bool) -> str:
    """The help box's last line: the keypad's keys, and going back."""
    return f"K turns {'off' if keypad else 'on'} the keypad's 2 4 6 8; any other key goes back."


def _entries(
    glyphs: Glyphs,
    discards: int,
    keypad: bool,
    people: bool = False,
    giving: bool = False,
    hosting: bool = False,
) -> list[tuple[str, str]]:
    """Each key, and what it does (a new line where the text is best broken), in the game
    where each player lays away `discards` cards, with the keypad's keys or not; at a table
    with `people`, their keys too, the key that gives a seat when `giving`, and the host's
    own keys when `hosting`."""
    left, right = glyphs.arrows[0], glyphs.arrows[1]
    if keypad:
        if discards > 1:
            choose = "choose the card; again: take it back"
            confirm = "lay the two chosen away, play the card,\nor cut the pack there"
        else:
            choose = "choose the card: it is laid away or played"
            confirm = "the same, or cut the pack there"
        keys = [
            (f"4 6  {left} {right}  h l", "move between cards (or along the pack)"),
            ("7 1  Home End", "the first or last card (or end of the pack)"),
            ("2 5  space", choose),
            ("8  Enter", confirm),
            *([("Esc", "take back the crib cards chosen")] if discards > 1 else []),
            ("digits, Enter", "a count in the show"),
        ]
    else:
        if discards > 1:
            choose = "choose the card; with two chosen for\nthe crib, Enter lays them away"
            undo = "undo typing; Esc with nothing typed\ntakes back the crib cards chosen"
        else:
            choose = "choose the card: it is laid away or played"
            undo = "undo typing"
        keys = [
            (f"{left} {right}  h l  j k", "move between cards (or along the pack)"),
            ("Home End", "the first or last card (or end of the pack)"),
            ("space, Enter", choose),
            (
                "5h, 10d, Jh, kc",
                "type a card: the cursor jumps to it\n(j k move, q quits: a lone J, Q or K)",
            ),
            ("Backspace, Esc", undo),
            ("digits, Enter", "a count in the show, or a place to cut"),
        ]
    return [
        *keys,
        ("PgUp PgDn", "scroll the messages"),
        ("Ctrl-L", "redraw the screen"),
        ("q  F10", "quit (asks first), then y or n"),
        ("?", "this help"),
        ("H  F1", "a hint: the computer's choice, with\nthe expected points of the best three"),
        ("c", "at the end of a hand: the coach"),
        *([(TALK_KEY, "say something to the table")] if people else []),
        *([(GIVE_KEY, "the computer plays the seat of a player\nwho has gone")] if giving else []),
        *(
            [
                (CODE_KEY, "a new join code: the old one lets\nnobody in any more"),
                (FREE_KEY, "free the seat of a player who has gone,\nto take from another machine"),
            ]
            if hosting
            else []
        ),
    ]


def help_lines(
    glyphs: Glyphs,
    *,
    discards: int = 2,
    keypad: bool = False,
    width: int = KEY_COLUMN + TEXT_WIDTH,
    people: bool = False,
    giving: bool = False,
    hosting: bool = False,
) -> list[str]:
    """Every key the game takes and a short reminder of the game, for the help box of a game
    where each player lays away `discards` cards, with the keypad's keys (`keypad`) or not,
    in lines of at most `width` columns (or, in a window narrower than that, of the key
    column and a dozen more); at a table with `people`, their keys (`giving`: the key that
    gives a gone player's seat to the computer; `hosting`: the host's own keys).

    >>> from cribbage.glyphs import ASCII
    >>> help_lines(ASCII)[2:4]
    ['space, Enter    choose the card; with two chosen for', '                the crib, Enter lays them away']
    >>> help_lines(ASCII, discards=1)[2]
    'space, Enter    choose the card: it is laid away or played'
    """
    text_width = max(min(TEXT_WIDTH, width - KEY_COLUMN), _NARROWEST)
    lines: list[str] = []
    for keys, does in _entries(glyphs, discards, keypad, people, giving, hosting):
        # the breaks chosen for the widest box, or in a narrower one wherever the words fit
        parts = does.split("\n") if text_width == TEXT_WIDTH else [does.replace("\n", " ")]
        said = [line for part in parts for line in textwrap.wrap(part, text_width)]
        lines.append(f"{keys:<{KEY_COLUMN}}{said[0]}")
        lines.extend(" " * KEY_COLUMN + more for more in said[1:])
    width = _reminder_width(width)
    reminder = textwrap.wrap(_REMINDER, width)
    return [*lines, "", *reminder, "", *textwrap.wrap(_back(keypad), width)]


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


def help_page(
    glyphs: Glyphs,
    rows: int,
    cols: int,
    *,
    top: int = 0,
    discards: int = 2,
    keypad: bool = False,
    people: bool = False,
    giving: bool = False,
    hosting: bool = False,
) -> HelpPage:
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
    lines = help_lines(
        glyphs,
        discards=discards,
        keypad=keypad,
        width=width,
        people=people,
        giving=giving,
        hosting=hosting,
    )
    room = rows - 2
    if len(lines) <= room or room < 2:
        return HelpPage(lines, 0, False, False)
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


@dataclass(frozen=True, slots=True)
class PromptKeys:
    """The keys named under a question about cards or the cut, as they are in use."""

    move: str
    """'← → move', or '4 6 move'."""
    choose: str
    """The key that chooses a card: 'space/Enter', or '2'."""
    confirm: str
    """The key that says yes to the cards chosen, or cuts: 'Enter', or '8'."""
    again: str
    """The key that takes a chosen card back: 'space', or '2'."""
    typing: str
    """How a card is typed, after the other keys (nothing with the keypad's keys)."""
    ends: str
    """The keys to the first and the last card, or the ends of the pack."""
    number: str
    """How a place to cut is typed, after the other keys (nothing with the keypad's keys)."""


def prompt_keys(glyphs: Glyphs, *, keypad: bool = False) -> PromptKeys:
    """The keys to name under a question, with the keypad's keys (`keypad`) or not.

    >>> from cribbage.glyphs import ASCII
    >>> keys = prompt_keys(ASCII, keypad=True)
    >>> f"{keys.move}   {keys.choose} play{keys.typing}"
    '4 6 move   2 play'
    >>> keys = prompt_keys(ASCII)
    >>> f"{keys.move}   {keys.choose} play{keys.typing}"
    '< > move   space/Enter play   or type a card (5h, Kc)'
    """
    if keypad:
        return PromptKeys("4 6 move", "2", "8", "2", "", "7 1 ends", "")
    left, right = glyphs.arrows[0], glyphs.arrows[1]
    return PromptKeys(
        f"{left} {right} move",
        "space/Enter",
        "Enter",
        "space",
        "   or type a card (5h, Kc)",
        "Home End",
        "   or type a number",
    )
