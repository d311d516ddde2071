"""The rules text (`cribbage --rules`): shipped in the wheel, found in a source checkout too."""

from __future__ import annotations

from importlib.resources import files
from pathlib import Path
from typing import Final

from .errors import CribbageError

__all__ = ["RULES_FILE", "InstructionsMissingError", "rules_text"]

RULES_FILE: Final = "cribbage.n"


class InstructionsMissingError(CribbageError):
    """The rules text is not where an installed or checked-out copy keeps it."""


def rules_text() -> str:
    """The complete rules as this program plays them.

    An installed package carries the file beside its modules (`cribbage/cribbage.n`); a
    source checkout, or an editable install of one, keeps it as `docs/cribbage.n`.

    Raises:
        InstructionsMissingError: neither place has it.

    >>> "muggins" in rules_text().lower()
    True
    """
    shipped = files("cribbage").joinpath(RULES_FILE)
    if shipped.is_file():
        return shipped.read_text(encoding="utf-8")
    checkout = Path(__file__).resolve().parents[2] / "docs" / RULES_FILE
    if checkout.is_file():
        return checkout.read_text(encoding="utf-8")
    raise InstructionsMissingError(
        f"The rules text ({RULES_FILE}) is missing from this installation."
    )
