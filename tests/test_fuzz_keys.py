"""A short run of the key fuzzer (`benchmarks/fuzz_keys.py`) against the real program."""

from __future__ import annotations

import sys
from pathlib import Path

from .support import script


def test_random_keys_neither_break_hang_nor_leave_the_terminal_broken(tmp_path: Path) -> None:
    fuzz_keys = script("benchmarks/fuzz_keys.py")
    figures = fuzz_keys.fuzz(250, 11, home=tmp_path)
    assert figures.failures == []
    assert figures.keys >= 250 and figures.probes >= 5
    assert sum(figures.ends.values()) == figures.runs


def test_the_fuzzer_sees_a_program_that_dies(tmp_path: Path) -> None:
    """The checks can fail: a program that is not cribbage ends at once and is reported."""
    # python given cribbage's options: one line of error and status 2
    figures = script("benchmarks/fuzz_keys.py").fuzz(1, 1, home=tmp_path, command=sys.executable)
    assert len(figures.failures) == 1
