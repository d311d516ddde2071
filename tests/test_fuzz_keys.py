"""A short run of the key fuzzer (`benchmarks/fuzz_keys.py`) against the real program."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

BENCHMARKS = Path(__file__).resolve().parents[1] / "benchmarks"


def fuzzer() -> ModuleType:
    spec = importlib.util.spec_from_file_location("fuzz_keys", BENCHMARKS / "fuzz_keys.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("fuzz_keys", module)
    spec.loader.exec_module(module)
    return module


def test_random_keys_neither_break_hang_nor_leave_the_terminal_broken(tmp_path: Path) -> None:
    fuzz_keys = fuzzer()
    figures = fuzz_keys.fuzz(250, 11, home=tmp_path)
    assert figures.failures == []
    assert figures.keys >= 250 and figures.probes >= 5
    assert sum(figures.ends.values()) == figures.runs


def test_the_fuzzer_sees_a_program_that_dies(tmp_path: Path) -> None:
    """The checks can fail: a program that is not cribbage ends at once and is reported."""
    # python given cribbage's options: one line of error and status 2
    figures = fuzzer().fuzz(1, 1, home=tmp_path, command=sys.executable)
    assert len(figures.failures) == 1
