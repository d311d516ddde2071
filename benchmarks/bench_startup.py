"""How quickly the command starts: `python benchmarks/bench_startup.py [--runs N]`.

Runs `cribbage --version`, `cribbage --help` and a bare `python -c pass` in turn, N times
each (after one warm-up), and prints each command's median CPU time (of the child process)
and its ratio to the bare interpreter's. The bar: at most five times the bare interpreter.

The children run with bytecode written and read, as an installed program's modules are, even
where the environment sets `PYTHONDONTWRITEBYTECODE`: without it every run would compile the
program's modules again (a third more time for `--version`), which no player's start does.
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
from pathlib import Path

COMMAND = str(Path(sys.executable).with_name("cribbage"))


def child_environment() -> dict[str, str]:
    """This process's environment, with bytecode written (the warm-up run writes it)."""
    return {name: value for name, value in os.environ.items() if name != "PYTHONDONTWRITEBYTECODE"}


def cpu_seconds(command: list[str]) -> float:
    """CPU time (user and system) of one run of `command`."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(
        command,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        check=False,
        env=child_environment(),
    )
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=20)
    args = parser.parse_args()
    commands = {
        "python -c pass": [sys.executable, "-c", "pass"],
        "cribbage --version": [COMMAND, "--version"],
        "cribbage --help": [COMMAND, "--help"],
    }
    times: dict[str, list[float]] = {name: [] for name in commands}
    for run in range(args.runs + 1):
        for name, command in commands.items():
            seconds = cpu_seconds(command)
            if run:  # the first round warms the caches
                times[name].append(seconds)
    bare = statistics.median(times["python -c pass"])
    print(f"load {os.getloadavg()[0]:.2f}, {args.runs} runs each")
    for name, runs in times.items():
        median = statistics.median(runs)
        print(f"{name:<20} median {1000 * median:6.1f} ms CPU   {median / bare:4.1f} x bare python")
    return 0


if __name__ == "__main__":
    sys.exit(main())
