"""The names people take at a table: made fit to show (`clean_name`), compared as they look
(`name_key`), and kept apart from the computer's (`is_computer_name`, `check_person_name`).

Two names are one when their keys are equal. The key is Unicode's NFKC normalization, case
folding and a look-alike skeleton after Unicode Technical Standard #39 ("Unicode Security
Mechanisms"): each character drawn like another is replaced by one prototype of them all,
from confusables.txt. So "Ann" is "ann", and "ANN" with a Cyrillic A (U+0410) or a Greek
Alpha (U+0391), in fullwidth or mathematical bold letters, in Latin small capitals (U+1D00,
U+0274) or with a zero-width joiner inside; "Ann" and "Anne" are two names.

What the key merges and what it keeps apart, and why:

* Look-alikes are Unicode's, confusables.txt version 13.0.0, shipped as a table in
  `data/lookalikes.txt` (written by tools/gen_lookalikes.py, read once on first use). As
  there, the digit 0 is drawn like the letter O and 1 like l, so "J0hn" is "John".
* Case is folded as Python's `str.casefold` does ("Straße" is "STRASSE"). Capitals of other
  scripts drawn like a Latin capital are read as that capital first (Cyrillic En, U+041D, as
  H, not as its small letter U+043D, which is drawn like the small capital H). One pair cannot be had both ways: the standard
  draws I like l, and folding makes I an i; the key folds, so "AI" and "Al" stay two names.
* With case folded, a Latin small capital is a capital drawn small: U+1D00 is a.
* Characters that show nothing (Unicode's Default_Ignorable_Code_Point: zero-width spaces
  and joiners, bidirectional controls, variation selectors, Hangul fillers) are dropped,
  and every run of spaces counts as one.
* Accents are kept: "José" and "Jose", "Zoë" and "Zoe" are different names, as in the
  standard; the mark is there to see. An accent written as a combining mark is the same
  name as the accented letter (NFKC). The computer's names are kept stricter: no mark makes
  a name other than the computer's ("Cömputer").

Why a table of our own, and not the `confusable-homoglyphs` package (3.3.1, January 2024):
that package says whether a string mixes scripts and holds look-alikes, and gives no
skeleton, so it cannot say which taken name a newcomer copies. Measured on the 124 disguises
of tests/test_names.py (109 look-alikes by kind, 14 guises of the computer's name, "AIice")
and on 1,998 common first names of 15 languages, each name cleaned first; caught, ordinary
names merged or refused, time a name (Python 3.11), size:

* this key: 123 caught; 0 merged; 4.8 µs; a 30 kB table, 0.25 MiB once read.
* NFKC and case folding alone: 53; 0; 0.2 µs.
* those, refusing what the package calls dangerous (mixed scripts): 96; 0; 38 µs;
  0.98 MB installed, 10 MiB in memory.
* those, refusing any look-alike of a Latin letter: 97; 240 refused, every Greek and
  Russian name; 16 µs; the same.

The key misses "AIice" (see above). Dropping accents would merge 57 pairs of those names
(Maria, María and Mária; David and Dávid); making i and l one, 3 (Ian and Lan).
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Final

from .record import NAME_LENGTH

__all__ = ["check_person_name", "clash", "clean_name", "is_computer_name", "name_key"]

TABLE_FILE: Final = "lookalikes.txt"
"""The look-alike table, in the package's `data` directory."""
IGNORABLE: Final[tuple[tuple[int, int], ...]] = (
    (0x00AD, 0x00AD),
    (0x034F, 0x034F),
    (0x061C, 0x061C),
    (0x115F, 0x1160),
    (0x17B4, 0x17B5),
    (0x180B, 0x180F),
    (0x200B, 0x200F),
    (0x202A, 0x202E),
    (0x2060, 0x206F),
    (0x3164, 0x3164),
    (0xFE00, 0xFE0F),
    (0xFEFF, 0xFEFF),
    (0xFFA0, 0xFFA0),
    (0xFFF0, 0xFFF8),
    (0x1BCA0, 0x1BCA3),
    (0x1D173, 0x1D17A),
    (0xE0000, 0xE0FFF),
)
"""The characters that show nothing: Default_Ignorable_Code_Point in Unicode 15.0.0's
DerivedCoreProperties.txt, as ranges of code points."""
COMPUTER: Final = "Computer"
"""What the table calls its computer player; more than one are 'Computer 1', 'Computer 2'."""
_NUMERALS: Final = "0123456789I"
"""What may follow the computer's name, as the key reads it (the I of Roman numerals too)."""
_ROUNDS: Final = 8
"""Folding and mapping repeat until nothing changes; no character needs more than three."""


@dataclass(frozen=True, slots=True)
class _Table:
    """The look-alike table: code points to what `str.translate` puts for them."""

    capitals: dict[int, str]
    """Capitals of other scripts drawn like a Latin capital, to that capital's small letter."""
    prototypes: dict[int, str]
    """Each character the key can meet, to the prototype it is drawn like."""


@cache
def _table() -> _Table:
    """The look-alike table, read from the package on first use.

    Raises:
        RuntimeError: the table is missing (a broken install).
    """
    path = resources.files(__package__).joinpath("data", TABLE_FILE)
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise RuntimeError(
            f"The table of look-alike letters, {TABLE_FILE}, is missing; "
            "run python tools/gen_lookalikes.py."
        ) from None
    capitals: dict[int, str] = {}
    prototypes: dict[int, str] = {}
    for line in text.splitlines():
        kind, _, rest = line.partition(" ")
        if kind not in ("C", "P"):
            continue
        target, *sources = rest.split(" ")
        into = capitals if kind == "C" else prototypes
        drawn = "".join(chr(int(point, 16)) for point in target.split("+"))
        into.update((int(point, 16), drawn) for point in sources)
    return _Table(capitals, prototypes)


@cache
def _ignorable() -> re.Pattern[str]:
    """A pattern matching each character that shows nothing."""
    ranges = "".join(f"{re.escape(chr(first))}-{re.escape(chr(last))}" for first, last in IGNORABLE)
    return re.compile(f"[{ranges}]")


def clean_name(text: str) -> str:
    """A name fit for the table: printable, spaces made single, at most 16 characters.

    Characters that show nothing (zero-width spaces and joiners, bidirectional controls,
    variation selectors) are dropped; a name with nothing left is 'Player'.

    >>> clean_name("  Ann\\x1b[2J  the   Great and Terrible "), clean_name("\\t")
    ('Ann[2J the Great', 'Player')
    >>> clean_name("A\\u200dnn\\u202e"), clean_name("\\u3164")
    ('Ann', 'Player')
    """
    shown = _ignorable().sub("", text)
    kept = "".join(char for char in shown if char.isprintable() or char.isspace())
    name = " ".join(kept.split())[:NAME_LENGTH].strip()
    return name or "Player"


def name_key(name: str) -> str:
    """What two names are compared by: equal keys, one name. Not for showing.

    NFKC normalization (the key is kept decomposed), case folding and Unicode's look-alike
    prototypes, as the module's docstring says; characters that show nothing are dropped
    and spaces made single. The key of a key is itself.

    >>> name_key("Ann") == name_key("aNN") == name_key("\\u0410NN") == name_key("\\uff21nn")
    True
    >>> name_key("Ann") == name_key("Anne"), name_key("José") == name_key("Jose")
    (False, False)
    >>> name_key("  Computer   2 ")
    'cornputer 2'
    """
    table = _table()
    text = _ignorable().sub("", unicodedata.normalize("NFKD", name))
    text = text.translate(table.capitals)
    for _ in range(_ROUNDS):
        folded = unicodedata.normalize("NFKD", text.casefold())
        drawn = unicodedata.normalize("NFD", folded.translate(table.prototypes))
        if drawn == text:
            break
        text = drawn
    return " ".join(text.split())


def clash(name: str, taken: Iterable[str]) -> str | None:
    """The name among `taken` that `name` would be taken for, or None.

    >>> clash("ANNE", ["Bob", "Anne"]), clash("Ann", ["Bob", "Anne"])
    ('Anne', None)
    """
    key = name_key(name)
    return next((other for other in taken if name_key(other) == key), None)


def is_computer_name(name: str) -> bool:
    """Whether `name` reads as the computer's: 'Computer', or it and a number ('Computer 2').

    Compared by `name_key`, and stricter still: the number may be in any script's digits or
    a Roman numeral's I, the space before it may be left out, and marks on the letters are
    not seen ('Cömputer').

    >>> [is_computer_name(n) for n in ("Computer", "c\\u043emputer 2", "Computer1", "Computers")]
    [True, True, True, False]
    """
    digits = "".join(str(unicodedata.decimal(c)) if c.isdecimal() else c for c in name)
    key = _unmarked(name_key(digits))
    computer, numerals = _computer()
    if not key.startswith(computer):
        return False
    number = key.removeprefix(computer).removeprefix(" ")
    return all(char in numerals for char in number)


def check_person_name(name: str) -> None:
    """Return when `name` may be a person's at a table: the computer's seats are called
    'Computer' and 'Computer 1' to 'Computer 3', and nobody else is (`is_computer_name`).

    Raises:
        ValueError: the name is the computer's, in a sentence.
    """
    if is_computer_name(name):
        raise ValueError(
            f"{name} is what the table calls its computer players: choose another name with --name."
        )


def _unmarked(key: str) -> str:
    """`key` (decomposed, as `name_key` gives it) without its combining marks."""
    return "".join(char for char in key if unicodedata.category(char) not in ("Mn", "Me"))


@cache
def _computer() -> tuple[str, frozenset[str]]:
    """The computer's name and the numerals that may follow it, as `is_computer_name` reads
    them."""
    return _unmarked(name_key(COMPUTER)), frozenset(name_key(numeral) for numeral in _NUMERALS)
