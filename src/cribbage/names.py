"""The names people take at a table (a stand-in until the look-alike rules land)."""

from __future__ import annotations

import re
import unicodedata

from .record import NAME_LENGTH

__all__ = ["check_person_name", "clean_name", "is_computer_name", "name_key"]


def clean_name(text: str) -> str:
    """A name fit for the table: printable, spaces made single, at most 16 characters.

    >>> clean_name("  Ann\\x1b[2J  the   Great and Terrible "), clean_name("\\t")
    ('Ann[2J the Great', 'Player')
    """
    kept = "".join(char for char in text if char.isprintable() or char.isspace())
    name = " ".join(kept.split())[:NAME_LENGTH].strip()
    return name or "Player"


def name_key(name: str) -> str:
    return " ".join(unicodedata.normalize("NFKC", name).casefold().split())


def is_computer_name(name: str) -> bool:
    return re.fullmatch(r"computer(?: \d+)?", name_key(name)) is not None


def check_person_name(name: str) -> None:
    if is_computer_name(name):
        raise ValueError(
            f"{name} is what the table calls its computer players: choose another name with --name."
        )
