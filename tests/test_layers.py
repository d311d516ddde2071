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


ENGINE_CORE = [
    "cribbage.memo",
    "cribbage.cards",
    "cribbage.scoring",
    "cribbage.pegging",
    "cribbage.rules",
    "cribbage.events",
    "cribbage.view",
    "cribbage.match",
    "cribbage.record",
    "cribbage.errors",
]
LAYERS = [
    *((module, ("ui", "storage", "computer", "cli", "coach", "stats")) for module in ENGINE_CORE),
    ("cribbage.computer", ("ui", "storage", "cli", "coach", "stats")),
    ("cribbage.storage", ("ui", "cli", "computer")),
    ("cribbage.stats", ("ui", "cli", "computer", "storage")),
    ("cribbage.coach", ("ui", "cli", "storage")),
    ("cribbage.cli", ("ui",)),
]


@pytest.mark.parametrize(("module", "above"), LAYERS)
def test_each_layer_imports_nothing_above_it(module: str, above: tuple[str, ...]) -> None:
    """The map of docs/architecture.md: imports point one way."""
    code = (
        f"import sys, {module}; "
        "print(' '.join(sorted({k.split('.')[1] for k in sys.modules if k.count('.') >= 1 "
        "and k.startswith('cribbage.')})))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    loaded = set(out.stdout.split())
    assert not loaded & set(above), f"{module} brings in {sorted(loaded & set(above))}"
