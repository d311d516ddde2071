"""An in-memory `Screen` for testing the UI without a terminal.

Keys come from a list (a callable in the list runs against the screen, e.g. to resize it,
and returns the key to deliver), then from `autokey` if given; when both are exhausted,
reading a key raises `OutOfKeys`. A timed wait with no key queued returns at once, as if
the time had passed. Every `refresh` keeps a copy of the grid as the player would see it.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable

from .keys import RESIZE
from .screen import PLAIN, Style

__all__ = ["FakeScreen", "Key", "OutOfKeys"]

Key = str | None | Callable[["FakeScreen"], str | None]
"""A key pressed, or what makes it (None: no key before the wait is over)."""


class OutOfKeys(Exception):
    """The script of keys ran out while the UI waited for one."""


class FakeScreen:
    """A grid of characters and styles, with scripted keys."""

    def __init__(
        self,
        rows: int = 24,
        cols: int = 80,
        keys: Iterable[Key] = (),
        autokey: Callable[[FakeScreen], str | None] | None = None,
        patience: int | None = None,
    ) -> None:
        """`patience`: after this many timed waits in a row with no key left, the script is
        over (`OutOfKeys`), for a screen that waits on a live table in short timed waits."""
        self.rows, self.cols = rows, cols
        self.keys: deque[Key] = deque(keys)
        self.autokey = autokey
        self.waits: list[float | None] = []
        self.patience = patience
        self._idle = 0
        """The timeout of every key read, in order."""
        self.frames: list[str] = []
        self.clear()

    def size(self) -> tuple[int, int]:
        return self.rows, self.cols

    def clear(self) -> None:
        self.chars = [[" "] * self.cols for _ in range(self.rows)]
        self.styles = [[PLAIN] * self.cols for _ in range(self.rows)]

    def put(self, y: int, x: int, text: str, style: Style = PLAIN) -> None:
        if not 0 <= y < self.rows:
            return
        for i, char in enumerate(text):
            if 0 <= x + i < self.cols:
                self.chars[y][x + i] = char
                self.styles[y][x + i] = style

    def refresh(self) -> None:
        self.frames.append(self.text())

    def read_key(self, timeout: float | None = None) -> str | None:
        self.waits.append(timeout)
        if self.keys:
            self._idle = 0
            scripted = self.keys.popleft()
            return scripted(self) if callable(scripted) else scripted
        if timeout is not None:
            self._idle += 1
            if self.patience is not None and self._idle > self.patience:
                raise OutOfKeys
            return None
        chosen = self.autokey(self) if self.autokey is not None else None
        if chosen is None:
            raise OutOfKeys
        return chosen

    # -- for tests

    def resize(self, rows: int, cols: int) -> str:
        """Change the size (the grid is blank until the next draw); returns the resize key."""
        self.rows, self.cols = rows, cols
        self.clear()
        return RESIZE

    def text(self) -> str:
        """The grid as lines of text, trailing blanks removed."""
        return "\n".join("".join(row).rstrip() for row in self.chars)

    def row(self, y: int) -> str:
        return "".join(self.chars[y]).rstrip()

    def find(self, text: str) -> tuple[int, int] | None:
        """Where `text` first appears on the grid (row, column), if anywhere."""
        for y in range(self.rows):
            x = "".join(self.chars[y]).find(text)
            if x >= 0:
                return y, x
        return None

    def style_at(self, y: int, x: int) -> Style:
        return self.styles[y][x]
