"""A tiny run of the network benchmark (`benchmarks/bench_net.py`): a table on the loopback,
its players, its figures."""

from __future__ import annotations

import pytest

from .support import script


def test_a_quick_run_plays_without_an_error_and_prints_every_figure(
    capsys: pytest.CaptureFixture[str],
) -> None:
    bench_net = script("benchmarks/bench_net.py")
    assert bench_net.main(["--quick"]) == 0
    out = capsys.readouterr().out
    assert "12 actions" in out and "updates at the other players: median" in out
    assert "99th" in out and "round trip" in out
    assert "endurance: 2 of 2 matches of one game to 61 played, 0 errors" in out
    for when in ("nobody seated", "three players seated", "after a whole match", "(VmHWM)"):
        assert f"{when}: " in out
    assert out.count(" MiB") >= 6
