"""The manual page (docs/cribbage.6) and the rules (docs/cribbage.n): roff documents for man(1),
written in the common man(7) macros that groff formats without a warning; the manual names
every option."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest

from cribbage.cli import build_parser
from cribbage.instructions import rules_text

MANUAL = Path(__file__).resolve().parents[1] / "docs" / "cribbage.6"
DOCS = Path(__file__).resolve().parents[1] / "docs"
KNOWN_MACROS = {"TH", "SH", "SS", "TP", "PP", "RS", "RE", "nf", "fi"}
"""The macros the rules use, which `cribbage.instructions.render` lays out."""
MANUAL_MACROS = KNOWN_MACROS | {"B", "I", "BR", "RB", "BI", "IB", "RI", "IR", "br"}


def text() -> str:
    return MANUAL.read_text(encoding="utf-8")


def test_the_manual_names_every_option_of_the_command() -> None:
    shown = text().replace("\\-", "-")
    for action in build_parser()._actions:
        for option in action.option_strings:
            assert re.search(rf"(?<![\w-]){re.escape(option)}(?![\w-])", shown), option


@pytest.mark.parametrize(
    ("name", "allowed"), [("cribbage.6", MANUAL_MACROS), ("cribbage.n", KNOWN_MACROS)]
)
def test_the_documents_use_only_the_common_man_macros(name: str, allowed: set[str]) -> None:
    """Lines that start with a dot are man(7) macros the document is written in, so that man,
    nroff and mandoc all render it alike (and, for the rules, `--rules` too)."""
    document = (DOCS / name).read_text(encoding="utf-8")
    for number, line in enumerate(document.splitlines(), 1):
        if line.startswith(".") and not line.startswith('.\\"'):
            macro = line[1:].split()[0]
            assert macro in allowed, f"{name} line {number}: .{macro}"
        if line and not line.startswith("."):
            assert "\\" not in line.replace("\\-", "").replace("\\e", "").replace("\\&", ""), line
    assert document.startswith('.\\"') and "\n.TH CRIBBAGE 6 " in document


def _roff_check_command() -> list[str] | None:
    """groff with no output (-z), or else nroff, each with every warning on (-ww)."""
    if groff := shutil.which("groff"):
        return [groff, "-man", "-ww", "-z"]
    if nroff := shutil.which("nroff"):
        return [nroff, "-man", "-ww"]
    return None


@pytest.mark.parametrize("name", ["cribbage.6", "cribbage.n"])
def test_roff_formats_the_documents_without_a_warning(name: str) -> None:
    command = _roff_check_command()
    if command is None:
        pytest.skip("neither groff nor nroff is installed")
    done = subprocess.run(
        [*command, str(DOCS / name)], capture_output=True, text=True, timeout=60, check=False
    )
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""


def test_the_rules_as_shown_keep_every_word_of_the_document() -> None:
    """`--rules` lays the roff out as text: every word of the document's text lines is there,
    in the same order."""
    document = (DOCS / "cribbage.n").read_text(encoding="utf-8")
    words = [
        word
        for line in document.splitlines()
        if line and not line.startswith(".")
        for word in line.replace("\\-", "-").replace("\\e", "\\").replace("\\&", "").split()
    ]
    shown = iter(rules_text().split())
    assert all(word in shown for word in words)  # in order: `in` consumes the iterator


def test_the_manual_has_the_sections_of_a_manual_page() -> None:
    sections = re.findall(r"^\.SH (.+)$", text(), flags=re.M)
    for needed in ("NAME", "SYNOPSIS", "DESCRIPTION", "OPTIONS", "FILES", "ENVIRONMENT"):
        assert needed in sections
    assert "EXIT STATUS" in sections
