"""How long saving after an action, resuming and counting a finished game take.

    python benchmarks/bench_storage.py                 # in a temporary directory under /tmp
    python benchmarks/bench_storage.py --dir ~/.local/state --repeat 500

A save is a full `Storage.save`: the match as JSON, a temporary file written and fsynced,
renamed over the old save, and the directory fsynced. Matches are the tests' random legal
play (tests/storage_support.py), cut at a given number of steps: a 121-point game takes
about 145 steps, a long match several hundred.
"""

from __future__ import annotations

import argparse
import functools
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

# storage_support is the support module the storage tests share with the benchmarks
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))

from cribbage.match import MatchConfig
from cribbage.storage import SavedMatch, Storage
from storage_support import match_after


def _median_ms(action: object, repeat: int) -> tuple[float, float]:
    assert callable(action)
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        action()
        times.append((time.perf_counter() - start) * 1000)
    times.sort()
    return statistics.median(times), times[int(len(times) * 0.95) - 1]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dir", type=Path, default=None, help="where to write (default /tmp)")
    parser.add_argument("--repeat", type=int, default=300)
    args = parser.parse_args()
    print(
        f"python {sys.version.split()[0]}, {os.cpu_count()} cores, "
        f"load average {os.getloadavg()[0]:.2f}"
        if hasattr(os, "getloadavg")
        else ""
    )
    with tempfile.TemporaryDirectory(dir=args.dir) as home, Storage(home) as storage:
        assert storage.claim() is None
        print(f"directory: {home}")
        print(
            f"{'steps':>6} {'save bytes':>10} {'save ms (median, p95)':>22} "
            f"{'resume ms (median)':>19}"
        )
        for steps in (10, 70, 145, 400):
            match = match_after(1, steps, match_config=MatchConfig(games=5))
            size = len(match.to_json())
            save, save95 = _median_ms(functools.partial(storage.save, match), args.repeat)
            resume, _ = _median_ms(storage.load, max(20, args.repeat // 10))
            print(
                f"{len(match.record.steps):>6} {size:>10,} {save:>12.2f} {save95:>9.2f} "
                f"{resume:>19.2f}"
            )
        final = match_after(2, None, options={"level": "expert"})
        finish, _ = _median_ms(
            lambda: storage.save(
                SavedMatch(f"m{time.perf_counter_ns()}", final.recorder, final.options)
            ),
            max(20, args.repeat // 10),
        )
        print(f"saving the last action of a game (count it, file the record): {finish:.2f} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
