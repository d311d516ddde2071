"""The start-up benchmark (`benchmarks/bench_startup.py`) times the program as installed:
its children write and read bytecode whatever this environment says."""

from __future__ import annotations

import subprocess
import sys

import pytest

from .support import script

bench = script("benchmarks/bench_startup.py")


def test_children_write_bytecode_where_the_environment_says_not_to(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("PYTHONDONTWRITEBYTECODE", "1")
    monkeypatch.setenv("CRIBBAGE_BENCH_MARK", "kept")
    asked = [
        sys.executable,
        "-c",
        "import os, sys; print(sys.dont_write_bytecode, os.environ['CRIBBAGE_BENCH_MARK'])",
    ]
    told = subprocess.run(asked, capture_output=True, text=True, check=True).stdout.split()
    assert told == ["True", "kept"]  # the setting is seen here
    child = subprocess.run(
        asked, capture_output=True, text=True, check=True, env=bench.child_environment()
    ).stdout.split()
    assert child == ["False", "kept"]  # and not in the benchmark's children, the rest kept
