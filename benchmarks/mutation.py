"""Mutation testing of the rules engine: `python benchmarks/mutation.py [--jobs N] [--fresh]`.

mutmut (`pip install -e '.[test,mutation]'`) changes the rule modules one small change at a
time (an operator, a constant, a condition, an argument left out) and runs the engine's tests
against each changed copy, a mutant; a test that fails kills it, and a mutant no test kills
survives. The modules and the tests are set in pyproject.toml under [tool.mutmut]; the
mutants and mutmut's results live in `mutants/` (not kept in git). It runs outside CI: the
whole run takes most of an hour on two cores. docs/mutation.md gives the latest figures and
says, for each mutant that survives, why it changes nothing.

The script runs `mutmut run` under `nice` (a second run re-tests only what changed, unless
`--fresh`), then prints each module's mutants killed, surviving, timed out and untested, and
the names of the survivors (`mutmut show NAME` prints one as a diff). `--summary` prints the
figures of the last run without running anything.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
MODULES = ("rules", "scoring", "pegging", "match")
"""The modules mutated, in src/cribbage (as in pyproject.toml's [tool.mutmut])."""

STATUS = {1: "killed", 3: "killed", 0: "survived", 36: "timeout", 24: "timeout", -24: "timeout"}
STATUS |= {152: "timeout", 255: "timeout", 5: "no tests", 33: "no tests"}
"""mutmut's exit codes of a mutant's test run, as its `mutmut results` names them."""

COLUMNS = ("killed", "survived", "timeout", "no tests", "other")


def status(code: int | None) -> str:
    """The verdict on a mutant from the exit code of its test run (None: not run yet)."""
    if code is None:
        return "other"
    return STATUS.get(code, "other")


def results(root: Path = ROOT) -> dict[str, dict[str, int | None]]:
    """Each module's mutants and the exit codes of their runs, from mutmut's files."""
    found: dict[str, dict[str, int | None]] = {}
    for module in MODULES:
        meta = root / "mutants" / "src" / "cribbage" / f"{module}.py.meta"
        if meta.exists():
            found[module] = json.loads(meta.read_text())["exit_code_by_key"]
    return found


def table(found: dict[str, dict[str, int | None]]) -> str:
    """The figures per module and in all, as a Markdown table."""
    lines = ["| module | mutants | " + " | ".join(COLUMNS) + " |"]
    lines.append("|---" * (len(COLUMNS) + 2) + "|")
    total: Counter[str] = Counter()
    for module, codes in found.items():
        counts = Counter(status(code) for code in codes.values())
        total += counts
        cells = " | ".join(str(counts[column]) for column in COLUMNS)
        lines.append(f"| {module}.py | {len(codes)} | {cells} |")
    cells = " | ".join(str(total[column]) for column in COLUMNS)
    lines.append(f"| all | {sum(len(codes) for codes in found.values())} | {cells} |")
    return "\n".join(lines)


def survivors(found: dict[str, dict[str, int | None]]) -> list[str]:
    """The names of the mutants no test killed (for `mutmut show`)."""
    return sorted(
        name
        for codes in found.values()
        for name, code in codes.items()
        if status(code) in ("survived", "no tests")
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--fresh", action="store_true", help="forget the last run's results")
    parser.add_argument("--summary", action="store_true", help="only print the last figures")
    args = parser.parse_args()
    if not args.summary:
        mutmut = shutil.which("mutmut")
        if mutmut is None:
            print("mutmut is not installed: pip install -e '.[test,mutation]'", file=sys.stderr)
            return 2
        if args.fresh:
            shutil.rmtree(ROOT / "mutants", ignore_errors=True)
        start = time.monotonic()
        done = subprocess.run(
            ["nice", "-n", "10", mutmut, "run", "--max-children", str(args.jobs)],
            cwd=ROOT,
            check=False,
        )
        minutes = (time.monotonic() - start) / 60
        print(
            f"\nmutmut ran {minutes:.0f} minutes with {args.jobs} jobs (status {done.returncode})"
        )
    found = results()
    if not found:
        print("No results yet: run without --summary first.", file=sys.stderr)
        return 1
    print(table(found))
    names = survivors(found)
    print(f"\n{len(names)} mutants survive (mutmut show NAME prints one):")
    print("\n".join(names))
    return 0


if __name__ == "__main__":
    sys.exit(main())
