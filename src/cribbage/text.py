"""Text for players: text from outside the program made safe to show (`visible`), one
sentence set inside another (`clause`), names in a list (`listed`), a paragraph in lines
(`wrap`), and the width of what is printed (`LINE_WIDTH`)."""

from __future__ import annotations

import textwrap
from collections.abc import Sequence
from typing import Final

__all__ = ["LINE_WIDTH", "clause", "keep_company", "listed", "visible", "wrap"]

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


def wrap(text: str, width: int, *, indent: str = "", hyphens: bool = True) -> list[str]:
    """`text` in lines of `width` columns at most, as `textwrap.wrap` lays it out (`indent`
    before every line but the first; with `hyphens`, a line may break after a hyphen), except
    that its last line never holds a word alone when the line before can spare one
    (`keep_company`).

    >>> wrap("Fifteen two, fifteen four, and a pair is six.", 42)
    ['Fifteen two, fifteen four, and a pair', 'is six.']
    """
    lines = textwrap.wrap(text, width, subsequent_indent=indent, break_on_hyphens=hyphens)
    return keep_company(lines, width, indent)


def keep_company(lines: Sequence[str], width: int, indent: str = "") -> list[str]:
    """`lines` of a paragraph (each after the first starting with `indent`), the last one's
    word alone given company: the last word of the line before moves down to it, when that
    line keeps two words at least and the moved word fits. A word alone on the last line
    reads as an afterthought, and a short one ("six.") is easily missed.

    >>> keep_company(["One for the go: the computer pegs", " one."], 34, " ")
    ['One for the go: the computer', ' pegs one.']
    >>> keep_company(["a b", "c"], 10)  # the line before has no word to spare
    ['a b', 'c']
    """
    out = list(lines)
    if len(out) < 2:
        return out
    last = out[-1].removeprefix(indent)
    before = out[-2]
    if not last or " " in last.strip() or before.strip().count(" ") < 2:
        return out
    kept, moved = before.rstrip().rsplit(" ", 1)
    joined = f"{indent}{moved} {last}"
    if len(joined) > width:
        return out
    out[-2:] = [kept.rstrip(), joined]
    return out
