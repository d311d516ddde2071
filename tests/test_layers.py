"""The engine is pure: no curses, no terminal, whatever is imported."""

from __future__ import annotations

import subprocess
import sys

import pytest

ENGINE = [
    "cribbage",
    "cribbage.cards",
    "cribbage.scoring",
    "cribbage.rules",
    "cribbage.events",
    "cribbage.view",
    "cribbage.match",
    "cribbage.record",
    "cribbage.errors",
    "cribbage.computer",
]


@pytest.mark.parametrize("module", ENGINE)
def test_engine_modules_do_not_import_curses(module: str) -> None:
    code = f"import sys, {module}; print('curses' in sys.modules or '_curses' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


@pytest.mark.parametrize("module", ["cribbage.glyphs", "cribbage.calculator", "cribbage.practice"])
def test_the_printed_tools_and_their_glyphs_do_not_import_curses(module: str) -> None:
    code = f"import sys, {module}; print('curses' in sys.modules or '_curses' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


def test_the_computer_is_public_and_loaded_only_when_asked_for() -> None:
    code = (
        "import sys, cribbage; loaded = 'cribbage.computer' in sys.modules; "
        "from cribbage import Computer; import cribbage.computer as c; "
        "print(loaded, Computer is c.Computer)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.split() == ["False", "True"]
