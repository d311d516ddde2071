"""Text from outside the program, made safe to show: `visible`."""

from __future__ import annotations

__all__ = ["visible"]


def visible(text: str) -> str:
    """`text` with its control and other unprintable characters shown as escapes.

    For anything shown that the program did not write itself (a card typed on the command
    line, text read from a file), so that it cannot move the cursor, clear the screen or
    change the terminal: an escape character is shown as the four characters `\\x1b`.

    >>> visible("5H\\x1b[2J")
    '5H\\\\x1b[2J'
    >>> print(visible("tab\\tand newline\\n, nothing else: 5♥ é"))
    tab\\tand newline\\n, nothing else: 5♥ é
    """
    if text.isprintable():
        return text
    return "".join(char if char.isprintable() else repr(char)[1:-1] for char in text)
