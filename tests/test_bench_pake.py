"""A quick run of the key exchange's timing (`benchmarks/pake_timing.py`): every code is
timed and named, and the figures and the conclusion are printed."""

from __future__ import annotations

import re

import pytest

from .support import script


def test_a_quick_run_names_every_code_and_prints_its_figures(
    capsys: pytest.CaptureFixture[str],
) -> None:
    pake_timing = script("benchmarks/pake_timing.py")
    assert pake_timing.main(["--exchanges", "20", "--shuffles", "100"]) == 0
    out = capsys.readouterr().out
    for code in pake_timing.CODES:
        rows = re.findall(rf"^  {re.escape(code)} +\d+/\d+ ", out, re.MULTILINE)
        assert len(rows) == 3, code  # a row in each step's table
    assert out.count(f"\n  {pake_timing.CODES[0]} (again) ") == 3
    for step in ("start", "finish, same code", "finish, wrong code"):
        assert f"\n{step} (µs" in out
    assert out.count("permutation test (100 shuffles): p = ") == 3
    assert "The table's key exchange takes " in out and "run-to-run noise" in out


def test_codes_on_the_command_line_are_read_as_join_codes(
    capsys: pytest.CaptureFixture[str],
) -> None:
    pake_timing = script("benchmarks/pake_timing.py")
    assert (
        pake_timing.main(
            [
                "--exchanges",
                "3",
                "--shuffles",
                "10",
                "--codes",
                "7 Amber Otter cello maple",
                "1-bay-fox-oak-elm",
            ]
        )
        == 0
    )
    out = capsys.readouterr().out
    assert "  7-amber-otter-cello-maple (again) " in out and "  1-bay-fox-oak-elm " in out
    with pytest.raises(SystemExit):
        pake_timing.main(["--codes", "7-amber"])
    assert "a number and four words" in capsys.readouterr().err
