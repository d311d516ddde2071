"""The question before a first game: which computer to play.

A player the data directory has never seen (`Options.newcomer`), starting a game without
`--level`, is asked on the game's own screen (`asks_level`): a box over the table lists the
levels of `cribbage.choices.LEVELS`, weakest first, a sentence on each, and points a player new
to the game to `cribbage --learn`. Up and Down (or j and k, as in the lessons' list) move,
Enter or space chooses, a level's own key (`level_keys`: e easy, c classic, x expert) chooses
it at once, ? shows the game's keys and q asks "Quit? (y/n)" as everywhere in the game. With
`--keypad`, 4 and 6 move and 2 or 8 choose.
"""

from __future__ import annotations

import textwrap
from collections.abc import Mapping, Sequence
from types import MappingProxyType
from typing import Final

from ..choices import LEVELS
from ..glyphs import Glyphs
from .game import GameUI, Options, Quit
from .keys import DOWN, END, ENTER, ESCAPE, F10, HOME, LEFT, RIGHT, UP, keypad_key

__all__ = ["LEVEL_ABOUT", "LEVEL_TITLE", "ask_level", "asks_level", "level_keys", "level_lines"]

LEVEL_TITLE: Final = "Your first game"
LEVEL_ABOUT: Final[Mapping[str, str]] = MappingProxyType(
    {
        "easy": "plays like a beginner: keeps the cards that score most as they are, "
        "forgets the crib, plays any card half the time.",
        "classic": "BSD cribbage's computer: counts what it keeps with every starter, "
        "pegs what it can, else plays by fixed habits.",
        "expert": "works out every discard exactly, reads your hand from your plays and "
        "searches the rest of the play: the strongest.",
    }
)
"""One sentence on each level, as docs/computer.md tells them at length."""

_WIDTH: Final = 74
"""The box's lines at most, to fit an 80-column screen with its frame."""
_PREVIOUS: Final = frozenset({UP, LEFT, "k", "h"})
_NEXT: Final = frozenset({DOWN, RIGHT, "j", "l"})


def asks_level(options: Options) -> bool:
    """True when a new game's level is asked: the player is new here (`Options.newcomer`)
    and the command line did not name a level (`--level`, or a game that names its own,
    like the one after the lessons)."""
    return options.newcomer and not options.names("level")


def level_keys(levels: Sequence[str] = LEVELS) -> dict[str, str]:
    """The key that chooses each level at once: its first letter that no weaker level's key
    has taken.

    >>> level_keys()
    {'e': 'easy', 'c': 'classic', 'x': 'expert'}
    """
    keys: dict[str, str] = {}
    for level in levels:
        key = next(letter for letter in level + "0123456789" if letter not in keys)
        keys[key] = level
    return keys


def level_lines(chosen: str, glyphs: Glyphs) -> tuple[list[str], frozenset[int]]:
    """The box's lines with `chosen` under the cursor, and the indexes of its lines."""
    keys = {level: key for key, level in level_keys().items()}
    name_width = max(len(level) for level in LEVELS)
    lines = ["Which computer do you want to play?", ""]
    marked: set[int] = set()
    for level in LEVELS:
        mark = glyphs.arrows[1] if level == chosen else " "
        head = f"{mark} {keys[level]}  {level:<{name_width}}  "
        wrapped = textwrap.wrap(
            LEVEL_ABOUT[level],
            _WIDTH,
            initial_indent=head,
            subsequent_indent=" " * len(head),
        )
        if level == chosen:
            marked.update(range(len(lines), len(lines) + len(wrapped)))
        lines.extend(wrapped)
    lines.append("")
    lines.extend(
        textwrap.wrap(
            "New to cribbage? Quit (q, then y) and run cribbage --learn: short lessons, "
            "then a game against the easy computer.",
            _WIDTH,
        )
    )
    lines.extend(
        textwrap.wrap(
            "Next time you get the same computer, until cribbage --level names another.",
            _WIDTH,
        )
    )
    return lines, frozenset(marked)


def ask_level(ui: GameUI, chosen: str = LEVELS[0]) -> str | None:
    """Ask which computer to play, `chosen` under the cursor first: the level, or None when
    the player quits."""
    keys = level_keys()
    at = LEVELS.index(chosen)
    saved = ui.overlay, ui.marked
    try:
        while True:
            level = LEVELS[at]
            lines, ui.marked = level_lines(level, ui.glyphs)
            ui.overlay = (LEVEL_TITLE, lines)
            ui.set_prompt(
                f"Which computer do you want to play? Enter chooses {level}.",
                "arrows or j k move   Enter chooses   "
                + " ".join(f"{key} {name}" for key, name in keys.items())
                + "   q quit",
            )
            key = ui.read_key()
            if key is not None and ui.keypad:
                key = keypad_key(key)
            if key in (ENTER, " "):
                return level
            if key is not None and key in keys:
                return keys[key]
            if key in _PREVIOUS:
                at = (at - 1) % len(LEVELS)
            elif key in _NEXT:
                at = (at + 1) % len(LEVELS)
            elif key in (HOME, END):
                at = 0 if key == HOME else len(LEVELS) - 1
            elif key == "?":
                ui.marked = frozenset()  # the help box has no cursor
                ui.show_help()
            elif key in ("q", "Q", F10, ESCAPE):
                try:
                    ui.confirm_quit()
                except Quit:
                    return None
    finally:
        ui.overlay, ui.marked = saved
        ui.set_prompt("", "")
