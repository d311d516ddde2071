"""The terminal as the rest of the UI sees it: a grid of styled text and a stream of keys.

`Screen` is the small interface every drawing and key-handling function uses; `CursesScreen`
is the real one, and the tests use a fake that keeps the grid in memory. Keys arrive as
strings: a printable character as itself, anything else as one of the names in `keys`.
"""

from __future__ import annotations

import contextlib
import curses
import os
from dataclasses import dataclass
from enum import Enum
from typing import Final, Protocol

from . import keys

__all__ = [
    "Color",
    "CursesScreen",
    "Screen",
    "Style",
    "TerminalGone",
    "start_colors",
    "wants_color",
]


class TerminalGone(Exception):
    """The terminal stopped answering: waiting for a key fails again and again (it was closed)."""


_DEAD_READS: Final = 100
"""Failed waits for a key in a row, with no time limit, after which the terminal is gone."""
REPLACEMENT: Final = "\ufffd"
"""The key read for bytes that are not UTF-8."""
_REST_OF_CHARACTER_MS: Final = 50
"""How long the other bytes of a character typed may take to arrive."""


class Color(Enum):
    """The few colours the game uses; a terminal without colour ignores them."""

    RED = curses.COLOR_RED
    GREEN = curses.COLOR_GREEN
    YELLOW = curses.COLOR_YELLOW
    BLUE = curses.COLOR_BLUE
    CYAN = curses.COLOR_CYAN
    MAGENTA = curses.COLOR_MAGENTA


@dataclass(frozen=True, slots=True)
class Style:
    """How a piece of text looks: an optional colour and attributes that work in monochrome."""

    color: Color | None = None
    bold: bool = False
    dim: bool = False
    reverse: bool = False
    underline: bool = False


PLAIN: Final = Style()


class Screen(Protocol):
    """What the UI needs from a terminal."""

    def size(self) -> tuple[int, int]:
        """The number of rows and columns."""
        ...

    def clear(self) -> None:
        """Blank the whole grid (shown at the next `refresh`)."""
        ...

    def put(self, y: int, x: int, text: str, style: Style = PLAIN) -> None:
        """Write `text` at row `y`, column `x`; whatever falls outside the grid is dropped."""
        ...

    def refresh(self) -> None:
        """Show what was drawn."""
        ...

    def read_key(self, timeout: float | None = None) -> str | None:
        """The next key, waiting at most `timeout` seconds (None: forever); None on timeout."""
        ...


def wants_color() -> bool:
    """False when the user asked for no colour (the NO_COLOR convention: set and not empty)."""
    return not os.environ.get("NO_COLOR")


def start_colors(wanted: bool) -> bool:
    """Set up the terminal's colours once curses has started; True when the game may paint
    with its colour pairs (`wanted`, and the terminal has colours).

    Whenever the terminal has colours the game keeps the terminal's own foreground and
    background (`use_default_colors`), under NO_COLOR too, where no pair is defined: started
    colour alone would paint white on black.
    """
    if not curses.has_colors():
        return False
    curses.start_color()
    try:
        curses.use_default_colors()
        background = -1
    except curses.error:  # a terminal that cannot say "the default colour"
        background = curses.COLOR_BLACK
    if not wanted:
        return False
    for number, color in enumerate(Color, 1):
        curses.init_pair(number, color.value, background)
    return True


_SPECIAL_KEYS: Final[dict[int, str]] = {
    curses.KEY_LEFT: keys.LEFT,
    curses.KEY_RIGHT: keys.RIGHT,
    curses.KEY_UP: keys.UP,
    curses.KEY_DOWN: keys.DOWN,
    curses.KEY_ENTER: keys.ENTER,
    curses.KEY_BACKSPACE: keys.BACKSPACE,
    curses.KEY_F10: keys.F10,
    curses.KEY_F1: keys.F1,
    curses.KEY_RESIZE: keys.RESIZE,
    curses.KEY_PPAGE: keys.PAGE_UP,
    curses.KEY_NPAGE: keys.PAGE_DOWN,
    curses.KEY_HOME: keys.HOME,
    curses.KEY_END: keys.END,
    # the numeric keypad's keys by their labels (Num Lock off, or the application mode
    # curses turns on, where a terminal's description names the corners and the centre)
    curses.KEY_A1: keys.HOME,
    curses.KEY_C1: keys.END,
    curses.KEY_A3: keys.PAGE_UP,
    curses.KEY_C3: keys.PAGE_DOWN,
    curses.KEY_B2: keys.CENTRE,
    curses.KEY_BEG: keys.CENTRE,
}
_KEYPAD_SS3: Final[dict[int, str]] = {ord("p") + digit: str(digit) for digit in range(10)} | {
    ord("M"): keys.ENTER
}
"""The keypad's digits and Enter in application mode (ESC O p to ESC O y, ESC O M), for a
terminal whose description does not name them: curses then hands over the bytes one by one."""
_CONTROL_KEYS: Final[dict[str, str]] = {
    "\n": keys.ENTER,
    "\r": keys.ENTER,
    "\x7f": keys.BACKSPACE,
    "\x08": keys.BACKSPACE,
    "\x1b": keys.ESCAPE,
    "\x0c": keys.REDRAW,
}


class CursesScreen:
    """A `Screen` on a curses window (the whole terminal); with `color`, styles use the colour
    pairs `start_colors` defined."""

    def __init__(self, window: curses.window, *, color: bool = False) -> None:
        self._window = window
        self._attrs: dict[Style, int] = {}
        self._color = color
        with contextlib.suppress(curses.error):
            curses.curs_set(0)
        window.keypad(True)
        self._failed_reads = 0
        self._pending: list[int] = []
        """Bytes already read that belong to the next reads."""

    def size(self) -> tuple[int, int]:
        rows, cols = self._window.getmaxyx()
        return rows, cols

    def clear(self) -> None:
        self._window.erase()

    def put(self, y: int, x: int, text: str, style: Style = PLAIN) -> None:
        rows, cols = self.size()
        if not 0 <= y < rows or x >= cols or not text:
            return
        if x < 0:
            text, x = text[-x:], 0
        text = text[: cols - x]
        # Writing the bottom-right cell moves the cursor off the grid; the text is there.
        with contextlib.suppress(curses.error):
            self._window.addstr(y, x, text, self._attr(style))

    def refresh(self) -> None:
        self._window.refresh()

    def read_key(self, timeout: float | None = None) -> str | None:
        # Bytes are read with getch and decoded here: ncurses' get_wch stops answering for
        # good after a byte that cannot start a UTF-8 character (a stray 0xB3, say).
        self._window.timeout(-1 if timeout is None else max(0, int(timeout * 1000)))
        key = self._pending.pop(0) if self._pending else self._window.getch()
        if key == -1:
            if timeout is None:
                self._failed_reads += 1
                if self._failed_reads >= _DEAD_READS:
                    raise TerminalGone("The terminal is gone.")
            return None
        self._failed_reads = 0
        if key > 0xFF:
            name = _SPECIAL_KEYS.get(key, f"KEY_{key}")
        elif key == 0x1B:
            name = self._escape()
        else:
            char = self._character(key)
            name = _CONTROL_KEYS.get(char, char)
        if name in (keys.RESIZE, keys.REDRAW):
            if name == keys.RESIZE:
                curses.update_lines_cols()
            # Paint every cell at the next refresh: after a resize the terminal may have
            # moved or dropped lines, and Ctrl-L is asked for when the screen looks wrong.
            self._window.clearok(True)
        return name

    def _escape(self) -> str:
        """Esc alone, or a keypad key in application mode that curses did not name (its
        bytes, already read by curses, follow at once); other bytes are kept for the next
        reads."""
        self._window.timeout(0)
        follow = [self._window.getch()]
        if follow[0] == ord("O"):
            follow.append(self._window.getch())
            name = _KEYPAD_SS3.get(follow[1])
            if name is not None:
                return name
        self._pending.extend(byte for byte in follow if byte != -1)
        return keys.ESCAPE

    def _character(self, first: int) -> str:
        """The character that starts with byte `first`, its other UTF-8 bytes read at once;
        U+FFFD for bytes that are not UTF-8 (a byte that breaks a character is kept for the
        next read)."""
        if first < 0x80:
            return chr(first)
        length = (
            2
            if 0xC2 <= first <= 0xDF
            else 3
            if 0xE0 <= first <= 0xEF
            else 4
            if 0xF0 <= first <= 0xF4
            else 0
        )
        if not length:
            return REPLACEMENT
        data = bytearray([first])
        self._window.timeout(_REST_OF_CHARACTER_MS)
        while len(data) < length:
            byte = self._window.getch()
            if not 0x80 <= byte <= 0xBF:
                if byte != -1:
                    self._pending.append(byte)  # the start of the next key
                return REPLACEMENT
            data.append(byte)
        return data.decode("utf-8", "replace")

    def _attr(self, style: Style) -> int:
        attr = self._attrs.get(style)
        if attr is None:
            attr = curses.A_NORMAL
            if style.color is not None and self._color:
                attr |= curses.color_pair(list(Color).index(style.color) + 1)
            if style.bold:
                attr |= curses.A_BOLD
            if style.dim:
                attr |= curses.A_DIM
            if style.reverse:
                attr |= curses.A_REVERSE
            if style.underline:
                attr |= curses.A_UNDERLINE
            self._attrs[style] = attr
        return attr
