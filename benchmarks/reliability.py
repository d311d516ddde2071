"""The reliability figures: games killed while saving, damaged saves and statistics files.

    python benchmarks/reliability.py                       # 1000 kills, 2000 damaged of each
    python benchmarks/reliability.py --kills 200 --damaged 500

Kills: a real `python` process plays a seeded match of two games to 31, resuming the save and
saving after every step; it is killed with SIGKILL at a random moment (as soon as it has
reported a random number of saves, from 0 to 40, and half the time once its next save has
begun), over and over. After each kill the save must be absent or be exactly the match as
played up to the last save the process confirmed, or one step further (saved, not yet
confirmed); in the end each finished match must be counted once in the statistics and filed
once as a record. Damaged files: every truncation of a save and of a statistics file, and
random damage (flipped bits, bytes dropped or added, noise); each must resume as a legal
match (or read as valid statistics) or be moved aside with a message. Any other outcome,
including an exception, is a loss.
"""

from __future__ import annotations

import argparse
import os
import random
import signal
import subprocess
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Callable, Iterable
from pathlib import Path

TESTS = Path(__file__).resolve().parents[1] / "tests"
sys.path.insert(0, str(TESTS))  # for storage_support, shared with the storage tests

from cribbage.storage import Storage  # noqa: E402
from storage_support import (  # noqa: E402
    Reports,
    damage,
    kill_and_check,
    match_after,
    run_saver,
    truncations,
    try_damaged_save,
    try_damaged_statistics,
)


class ProcessSaver:
    """`run_saver` in a new interpreter, reporting on its standard output."""

    def __init__(self, home: Path, seed: int) -> None:
        self._process = subprocess.Popen(
            [sys.executable, __file__, "--child", str(home), str(seed)],
            stdout=subprocess.PIPE,
        )
        self.pid = self._process.pid
        assert self._process.stdout is not None
        self.reports = Reports(self._process.stdout.fileno())

    def kill(self) -> bytes:
        self._process.send_signal(signal.SIGKILL)
        self._process.wait()
        reported = self.reports.finish()
        assert self._process.stdout is not None
        self._process.stdout.close()
        return reported


def _damaged(
    kind: str,
    try_one: Callable[[Storage, bytes, list[str]], str],
    storage: Storage,
    cases: Iterable[bytes],
) -> int:
    failures: list[str] = []
    outcomes = Counter(try_one(storage, case, failures) for case in cases)
    tried = sum(outcomes.values())
    shown = ", ".join(f"{name} {count}" for name, count in sorted(outcomes.items()))
    print(f"damaged {kind}: {tried} tried ({shown}); losses: {len(failures)}")
    for failure in failures[:5]:
        print(f"  {failure}")
    return len(failures)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--kills", type=int, default=1000)
    parser.add_argument("--damaged", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--child", nargs=2, metavar=("HOME", "SEED"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        run_saver(args.child[0], int(args.child[1]), sys.stdout.fileno())
        return 0
    losses = 0
    rng = random.Random(args.seed)
    with tempfile.TemporaryDirectory() as directory:
        home = Path(directory) / "kills"
        start = time.perf_counter()
        figures = kill_and_check(
            home, args.seed, args.kills, lambda: ProcessSaver(home, args.seed), rng
        )
        print(
            f"kills: {figures.kills} in {time.perf_counter() - start:.0f} s "
            f"(in the middle of a save: {figures.mid_save}; a save to resume after: "
            f"{figures.resumed}; matches finished: {figures.matches}); "
            f"losses: {len(figures.losses)}"
        )
        for loss in figures.losses[:5]:
            print(f"  {loss}")
        losses += len(figures.losses)
        with Storage(Path(directory) / "damage") as storage:
            storage.claim()
            save = match_after(args.seed, 90).to_json().encode()
            losses += _damaged(
                "saves",
                try_damaged_save,
                storage,
                [*truncations(save), *(damage(save, rng) for _ in range(args.damaged))],
            )
            storage.save(match_after(args.seed, None, options={"level": "expert"}))
            stats = storage.stats_path.read_bytes()
            losses += _damaged(
                "statistics",
                try_damaged_statistics,
                storage,
                [*truncations(stats), *(damage(stats, rng) for _ in range(args.damaged))],
            )
    print(f"load average {os.getloadavg()[0]:.2f}; total losses: {losses}")
    return 1 if losses else 0


if __name__ == "__main__":
    sys.exit(main())
