"""The manual page, docs/cribbage.6: a roff document for man(1) that names every option."""

from __future__ import annotations

import re
from pathlib import Path

from cribbage.cli import build_parser

MANUAL = Path(__file__).resolve().parents[1] / "docs" / "cribbage.6"
KNOWN_MACROS = {"TH", "SH", "SS", "TP", "PP", "B", "I", "BR", "RB", "BI", "IB", "RI", "IR", "br"}


def text() -> str:
    return MANUAL.read_text(encoding="utf-8")


def test_the_manual_names_every_option_of_the_command() -> None:
    shown = text().replace("\\-", "-")
    for action in build_parser()._actions:
        for option in action.option_strings:
            assert re.search(rf"(?<![\w-]){re.escape(option)}(?![\w-])", shown), option


def test_the_manual_uses_only_the_common_man_macros() -> None:
    """Lines that start with a dot are man(7) macros the page is written in, so that man,
    nroff and mandoc all render it alike."""
    for number, line in enumerate(text().splitlines(), 1):
        if line.startswith(".") and not line.startswith('.\\"'):
            macro = line[1:].split()[0]
            assert macro in KNOWN_MACROS, f"line {number}: .{macro}"
    assert text().startswith('.\\"') and "\n.TH CRIBBAGE 6 " in text()


def test_the_manual_has_the_sections_of_a_manual_page() -> None:
    sections = re.findall(r"^\.SH (.+)$", text(), flags=re.M)
    for needed in ("NAME", "SYNOPSIS", "DESCRIPTION", "OPTIONS", "FILES", "ENVIRONMENT"):
        assert needed in sections
    assert "EXIT STATUS" in sections
