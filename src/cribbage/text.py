"""Text for players: text from outside the program made safe to show (`visible`), one
sentence set inside another (`clause`), names in a list (`listed`), and the width of what
is printed (`LINE_WIDTH`)."""

from __future__ import annotations

from typing import Final

__all__ = ["LINE_WIDTH", "clause", "listed", "visible"]

LINE_WIDTH: Final = 79
"""The widest line printed: an 80-column terminal's, less the column it may wrap at."""


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


def clause(sentence: str) -> str:
    """`sentence` as part of a longer one: without its full stop, and with its first word in
    small letters unless that word is a name in capitals (a card such as `QS`).

    For an error's text put after a colon or in brackets, so that what the player reads is
    one sentence, not a sentence inside a sentence.

    >>> clause("It is not your turn to act (cut for deal).")
    'it is not your turn to act (cut for deal)'
    >>> clause("'QX' is not a card."), clause("QS is not in your hand.")
    ("'QX' is not a card", 'QS is not in your hand')
    """
    text = sentence.removesuffix(".")
    if text[:1].isupper() and text[1:2].islower():
        return text[0].lower() + text[1:]
    return text


def listed(names: list[str]) -> str:
    """`names` in a sentence: commas between them, and 'and' before the last.

    >>> listed(["you"]), listed(["you", "West"]), listed(["you", "Ann 2", "Computer 2"])
    ('you', 'you and West', 'you, Ann 2 and Computer 2')
    """
    *most, last = names
    return f"{', '.join(most)} and {last}" if most else last
