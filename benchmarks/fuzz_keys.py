"""Random keys for the real `cribbage` program in a pseudo-terminal.

    python benchmarks/fuzz_keys.py                    # 3000 keys, seed 1
    python benchmarks/fuzz_keys.py --keys 300 --seed 7
    python benchmarks/fuzz_keys.py --keep /tmp/kept       # keep failing runs to study
    python benchmarks/fuzz_keys.py --again /tmp/kept/run-7-7   # play one again, same timing

Each run starts `cribbage` (random options, a seeded deal, `CRIBBAGE_DELAY=0`, saves in a
temporary `CRIBBAGE_HOME` shared by the runs, so later runs meet the resume question) on a
pseudo-terminal read through a terminal emulator, as the end-to-end tests do. It then types
random keys: arrows, function and editing keys, Enter, space, Backspace, Escape, letters
(q, y and n among them), digits, Ctrl-L, other control characters, stray escape sequences,
bytes that are not UTF-8 and other Unicode, and resizes the terminal, now and then below the
size the game needs. A run ends when the keys quit it, or after a few hundred keys by one of
q then y, Ctrl-C, SIGTERM or closing the terminal (a hangup), chosen at random.

Checks, each a failure when broken:

* no traceback, on the screen or anywhere in the output;
* the program ends only by a quit: exit 0 after the "Quit? (y/n)" or "Another game?"
  question, 130 after Ctrl-C, 143 after SIGTERM, 129 after a hangup;
* it never hangs: every 40 keys, and after every resize, the terminal is made too small and
  the screen must say so with the new size, then large again and the board must come back,
  each within 30 seconds;
* at every exit the terminal is restored: line mode and echo back on (read from the
  pseudo-terminal's settings) and the cursor shown again after it was hidden.

Keys Ctrl-S, Ctrl-Q (flow control), Ctrl-Z (suspend) and Ctrl-\\ (quit with a core dump) are
not sent: the terminal acts on them before the program sees them.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import termios
import time
from collections import Counter, deque
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import pexpect
import pyte

COMMAND = str(Path(sys.executable).with_name("cribbage"))
ANSWER_SECONDS = 30.0
PROBE_EVERY = 40
KEYS_PER_RUN = (150, 600)
BOARD = re.compile(r"won \d+ games? |\d+ match points? |match \d+ of \d+ ")
"""What the board says each player has won: it shows when the game is drawn."""

_NAMED: dict[str, str] = {
    "up": "\x1b[A",
    "down": "\x1b[B",
    "right": "\x1b[C",
    "left": "\x1b[D",
    "home": "\x1b[1~",
    "insert": "\x1b[2~",
    "delete": "\x1b[3~",
    "end": "\x1b[4~",
    "pgup": "\x1b[5~",
    "pgdn": "\x1b[6~",
    **{f"f{n}": f"\x1b[[{'ABCDE'[n - 1]}" for n in range(1, 6)},
    "f6": "\x1b[17~",
    "f7": "\x1b[18~",
    "f8": "\x1b[19~",
    "f9": "\x1b[20~",
    "f10": "\x1b[21~",
    "f11": "\x1b[23~",
    "f12": "\x1b[24~",
}
_STRAY: tuple[str, ...] = (
    "\x1bOA",
    "\x1b[1;5C",
    "\x1b[200~",
    "\x1b[M !!",
    "\x1b[99~",
    "\x1b[",
    "\x1bO",
    "\x1bOr",  # the keypad in application mode: 2, 5, Enter
    "\x1bOu",
    "\x1bOM",
    "\x1b[G",  # the linux console's keypad centre
)
_CONTROL: tuple[str, ...] = tuple(
    chr(c) for c in range(1, 32) if chr(c) not in "\x03\x11\x13\x1a\x1c\x1b\r\n"
)
_UNICODE: tuple[str, ...] = ("é", "♥", "€", "𝄞", "ß", "\u200b", "日")


def random_key(rng: random.Random) -> bytes:
    """One key (or a short burst of bytes) as a player's fingers, or a cat, might type it."""
    roll = rng.random()
    if roll < 0.30:
        text = rng.choice(("\r", " ", "\r", " ", "\n"))
    elif roll < 0.50:
        text = _NAMED[rng.choice(("up", "down", "left", "right"))]
    elif roll < 0.58:
        text = rng.choice(list(_NAMED.values()))
    elif roll < 0.73:
        text = rng.choice("qynQYNhjklcdhsakt" + "abcdefghijklmnopqrstuvwxyz")
    elif roll < 0.80:
        text = rng.choice("0123456789")
    elif roll < 0.84:
        text = rng.choice(("\x7f", "\x08", "\x1b", "\x0c", "?", "\t"))
    elif roll < 0.88:
        text = rng.choice(_CONTROL)
    elif roll < 0.91:
        text = rng.choice(_STRAY)
    elif roll < 0.94:  # not UTF-8
        return bytes(rng.randrange(0x80, 0x100) for _ in range(rng.randint(1, 3)))
    elif roll < 0.97:
        text = rng.choice(_UNICODE)
    else:
        text = rng.choice("!@#$%^&*()_+-=[]{};:'\",.<>/\\|`~")
    return text.encode()


def random_options(rng: random.Random) -> list[str]:
    """Command-line options for a run: short games are more likely to be finished."""
    args = ["--seed", str(rng.randrange(1000))]
    args += rng.choice((["--game", "61"], ["--game", "61"], [], ["--game", "61", "--match", "2"]))
    args += ["--level", rng.choice(("easy", "easy", "classic", "expert"))]
    for flag, chance in (
        ("-m", 0.15),
        ("--manual", 0.05),
        ("-e", 0.1),
        ("-q", 0.1),
        ("-r", 0.2),
        ("--ascii", 0.15),
        ("--no-autoplay", 0.1),
        ("--keypad", 0.1),
        ("--new", 0.05),
    ):
        if rng.random() < chance:
            args.append(flag)
    return args


@dataclass
class Figures:
    """What a fuzzing session did and found."""

    keys: int = 0
    resizes: int = 0
    probes: int = 0
    runs: int = 0
    resumed: int = 0
    ends: Counter[str] = field(default_factory=Counter)
    games_finished: int = 0
    matches_filed: int = 0
    failures: list[str] = field(default_factory=list)

    def report(self) -> str:
        ends = ", ".join(f"{how} {count}" for how, count in sorted(self.ends.items()))
        return (
            f"keys sent: {self.keys} (and {self.resizes} resizes, {self.probes} answer checks); "
            f"runs: {self.runs} ({self.resumed} resumed a saved game); ends: {ends}; "
            f"games finished: {self.games_finished} (matches filed: {self.matches_filed}); "
            f"failures: {len(self.failures)}"
        )


class Failure(Exception):
    """A check failed; the text says which and what the screen showed."""


class Ended(Failure):
    """The program ended while the screen was expected to answer (a failure unless a key
    just sent was a quit, which the program may act on only after the next check began)."""


class Run:
    """One `cribbage` process on a pseudo-terminal with an emulated screen."""

    def __init__(
        self, args: list[str], home: Path, rows: int = 24, cols: int = 80, command: str = COMMAND
    ) -> None:
        # the size is the pseudo-terminal's, not one that LINES and COLUMNS would fix
        dropped = ("NO_COLOR", "PAGER", "LINES", "COLUMNS")
        env = {k: v for k, v in os.environ.items() if k not in dropped}
        env.update(
            {
                "TERM": "linux",
                "LANG": "C.UTF-8",
                "LC_ALL": "C.UTF-8",
                "CRIBBAGE_DELAY": "0",
                "CRIBBAGE_HOME": str(home),
                "ESCDELAY": "25",
            }
        )
        self.args = args
        self.screen = pyte.Screen(cols, rows)
        self.stream = pyte.ByteStream(self.screen)
        self.output = bytearray()
        self.child = pexpect.spawn(command, args, dimensions=(rows, cols), env=env)
        self.start = time.monotonic()
        self.events: list[tuple[float, str, str]] = []
        """What was done to the program: (seconds since start, "key" or "resize", what)."""

    def send(self, key: bytes) -> None:
        self.events.append((time.monotonic() - self.start, "key", key.hex()))
        self.child.send(key)

    @property
    def text(self) -> str:
        return "\n".join(line.rstrip() for line in self.screen.display)

    def pump(self, wait: float = 0.02) -> None:
        """Feed what the program wrote into the emulator."""
        try:
            while True:
                data = self.child.read_nonblocking(65536, timeout=wait)
                chunk = data if isinstance(data, bytes) else data.encode()
                self.output += chunk
                self.stream.feed(chunk)
                wait = 0.005
        except (pexpect.TIMEOUT, pexpect.EOF):
            pass
        if b"Traceback" in self.output or "Traceback" in self.text:
            raise Failure("a traceback:\n" + self.output[-3000:].decode("utf-8", "replace"))

    def wait_for(self, test: Callable[[str], bool], what: str) -> None:
        """Wait until the screen passes `test`, or fail: the program stopped answering."""
        deadline = time.monotonic() + ANSWER_SECONDS
        while time.monotonic() < deadline:
            self.pump()
            if test(self.text):
                return
            if not self.child.isalive():
                self.pump()
                raise Ended(f"the program ended while waiting for {what}")
        raise Failure(f"no answer within {ANSWER_SECONDS:.0f} s (waiting for {what})")

    def resize(self, rows: int, cols: int) -> None:
        self.events.append((time.monotonic() - self.start, "resize", f"{rows}x{cols}"))
        self.screen.resize(rows, cols)
        self.child.setwinsize(rows, cols)

    def probe(self, rng: random.Random) -> None:
        """Too small, then large: the screen must answer both.

        At least 24 columns, where the message still names the size (narrower ones get
        only "80x24 needed").
        """
        rows, cols = rng.randint(5, 23), rng.randint(24, 79)
        self.resize(rows, cols)
        self.wait_for(lambda text: f"{cols}x{rows}" in text, f"the {cols}x{rows} size message")
        self.resize(rng.randint(24, 40), rng.randint(80, 120))
        self.wait_for(lambda text: BOARD.search(text) is not None, "the board")

    def diagnosis(self) -> str:
        """What the process is doing, as far as Linux and py-spy (when installed) tell."""
        pid = self.child.pid
        try:
            state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
            wchan = Path(f"/proc/{pid}/wchan").read_text()
        except OSError:
            return "no process information"
        spy = shutil.which("py-spy") or shutil.which(
            "py-spy", path=str(Path(sys.executable).parent)
        )
        stack = ""
        if spy:
            done = subprocess.run(
                [spy, "dump", "--pid", str(pid)], capture_output=True, text=True, check=False
            )
            stack = "\n" + (done.stdout or done.stderr)[-2500:]
        return f"state {state}, waiting in {wchan or '-'}{stack}"

    def finish(self) -> tuple[int | None, bool]:
        """Wait for the end: the exit status, and whether the terminal was restored."""
        deadline = time.monotonic() + ANSWER_SECONDS
        while self.child.isalive() and time.monotonic() < deadline:
            self.pump(0.1)
        if self.child.isalive():
            raise Failure(f"the program did not end ({self.diagnosis()})")
        self.pump()
        try:
            flags = termios.tcgetattr(self.child.child_fd)[3]
            line_mode = bool(flags & termios.ECHO) and bool(flags & termios.ICANON)
        except termios.error:
            line_mode = True  # the terminal is gone (a hangup): nothing left to restore
        hidden, shown = self.output.rfind(b"\x1b[?25l"), self.output.rfind(b"\x1b[?25h")
        self.child.close()
        status: int | None = self.child.exitstatus
        return status, line_mode and shown >= hidden


def fuzz(
    keys: int,
    seed: int,
    *,
    home: Path,
    log: Callable[[str], None] = lambda _: None,
    command: str = COMMAND,
    keep: Path | None = None,
) -> Figures:
    """Type `keys` random keys into as many runs of `cribbage` (`command`) as it takes.

    With `keep`, each failing run is kept there to be played again (`again`): its options,
    the files it started from and every key and resize with its time.
    """
    rng = random.Random(seed)
    figures = Figures()
    while figures.keys < keys:
        args = random_options(rng)
        figures.runs += 1
        kept = None
        if keep is not None:
            kept = keep / f"run-{seed}-{figures.runs}"
            shutil.rmtree(kept, ignore_errors=True)
            shutil.copytree(home, kept / "home")
        run = Run(args, home, command=command)
        sent: list[bytes] = []
        try:
            _one_run(run, rng, figures, sent, min(rng.randint(*KEYS_PER_RUN), keys - figures.keys))
        except Failure as failure:
            screen = run.text
            figures.failures.append(
                f"run {figures.runs} (cribbage {' '.join(args)}): {failure}\n"
                f"last keys: {sent[-20:]!r}\nscreen:\n{screen}"
            )
            log(figures.failures[-1])
            if kept is not None:
                (kept / "run.json").write_text(
                    json.dumps(
                        {"args": args, "failure": figures.failures[-1], "events": run.events},
                        indent=1,
                    )
                )
                kept = None
            if run.child.isalive():
                run.child.kill(signal.SIGKILL)
            run.child.close()
            if not sent:
                break  # the program does not even start: every run would fail the same way
        if kept is not None:
            shutil.rmtree(kept, ignore_errors=True)
        log(f"run {figures.runs}: {figures.keys} keys so far")
    figures.games_finished, figures.matches_filed = _counted(home)
    return figures


def _one_run(
    run: Run, rng: random.Random, figures: Figures, sent: list[bytes], budget: int
) -> None:
    run.wait_for(lambda text: "Computer" in text, "the first screen")
    if "Resume the saved game?" in run.text and rng.random() < 0.7:
        run.send(b"\r")
        sent.append(b"\r")
        figures.keys += 1
        figures.resumed += 1
    recent: deque[tuple[bytes, str, str]] = deque(maxlen=4)
    """The last keys, each with the question on the screen before and after it."""
    for count in range(budget):
        try:
            if rng.random() < 0.02:
                figures.resizes += 1
                figures.probes += 1
                run.resize(rng.randint(5, 50), rng.randint(20, 140))
                run.pump()
                run.probe(rng)
            key = random_key(rng)
            before = _asking(run.text)
            run.send(key)
            sent.append(key)
            figures.keys += 1
            run.pump()
            recent.append((key, before, _asking(run.text)))
            if not run.child.isalive():
                raise Ended("the program ended")
            if count % PROBE_EVERY == PROBE_EVERY - 1:
                figures.probes += 1
                run.probe(rng)
        except Ended:
            _ended_by_keys(run, figures, recent)
            return
    _end(run, rng, figures)


def _asking(text: str) -> str:
    for question in ("Quit? (y/n)", "Another game?", "Resume the saved game?"):
        if question in text:
            return question
    return ""


def _ended_by_keys(run: Run, figures: Figures, recent: deque[tuple[bytes, str, str]]) -> None:
    """The keys ended the program: only a quit may, with status 0 and the terminal restored."""
    status, restored = run.finish()
    if not restored:
        raise Failure("the terminal was not restored")
    questions = {question for _, before, after in recent for question in (before, after)}
    keys = {key for key, _, _ in recent}
    if status == 0 and (
        "Another game?" in questions or ("Quit? (y/n)" in questions and keys & {b"y", b"Y"})
    ):
        figures.ends["quit"] += 1
        return
    raise Failure(f"the program ended with status {status} after the keys {list(recent)!r}")


def _end(run: Run, rng: random.Random, figures: Figures) -> None:
    """End a run that is still going by one of the ways a player might."""
    how = rng.choice(("q", "ctrl-c", "sigterm", "hangup"))
    expected = {"q": 0, "ctrl-c": 130, "sigterm": 143, "hangup": 129}[how]
    if how == "q":
        run.resize(24, 80)
        run.wait_for(lambda text: BOARD.search(text) is not None, "the board")
        for key in (b"\x1b", b"\x1b"):
            run.send(key)
            time.sleep(0.05)
        run.pump()
        if run.child.isalive() and _asking(run.text) != "Another game?":
            run.send(b"q")
            run.wait_for(
                lambda text: _asking(text) in ("Quit? (y/n)", "Another game?"), "a question after q"
            )
            run.send(b"y" if _asking(run.text) == "Quit? (y/n)" else b"n")
        elif run.child.isalive():
            run.send(b"n")
    elif how == "ctrl-c":
        run.send(b"\x03")
    elif how == "sigterm":
        run.child.kill(signal.SIGTERM)
    else:
        run.child.kill(signal.SIGHUP)
    try:
        status, restored = run.finish()
    except Failure as failure:
        raise Failure(f"ended by {how}: {failure}") from None
    if status != expected:
        raise Failure(f"ended by {how}: status {status}, not {expected}")
    if not restored:
        raise Failure(f"ended by {how}: the terminal was not restored")
    figures.ends[how] += 1


def again(kept: Path, *, command: str = COMMAND) -> str:
    """Play a kept run again with the same timing; what the screen shows at the end."""
    spec = json.loads((kept / "run.json").read_text())
    home = Path(tempfile.mkdtemp(prefix="cribbage-again-"))
    shutil.copytree(kept / "home", home, dirs_exist_ok=True)
    run = Run(spec["args"], home, command=command)
    try:
        for at, kind, what in spec["events"]:
            while time.monotonic() - run.start < at:
                run.pump(min(0.02, max(0.0, at - (time.monotonic() - run.start))))
            if kind == "key":
                run.send(bytes.fromhex(what))
            else:
                rows, cols = map(int, what.split("x"))
                run.resize(rows, cols)
        run.pump(1.0)
        return f"alive: {run.child.isalive()}\n{run.text}"
    finally:
        if run.child.isalive():
            run.child.kill(signal.SIGKILL)
        run.child.close()
        shutil.rmtree(home, ignore_errors=True)


def _counted(home: Path) -> tuple[int, int]:
    from cribbage.storage import Storage

    with Storage(home) as storage:
        stats, _ = storage.statistics()
        games = sum(level.games for level in stats.levels.values())
        return games, len(storage.records())


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--keys", type=int, default=3000, help="keys to send in all (default 3000)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--verbose", action="store_true", help="say how far it got after each run")
    parser.add_argument("--keep", type=Path, metavar="DIR", help="keep each failing run in DIR")
    parser.add_argument(
        "--again", type=Path, metavar="RUN", help="play a kept run again (its folder)"
    )
    args = parser.parse_args(argv)
    if args.again is not None:
        print(again(args.again))
        return 0
    start = time.perf_counter()
    home = Path(tempfile.mkdtemp(prefix="cribbage-fuzz-"))
    try:
        figures = fuzz(
            args.keys,
            args.seed,
            home=home,
            log=print if args.verbose else lambda _: None,
            keep=args.keep,
        )
    finally:
        shutil.rmtree(home, ignore_errors=True)
    print(figures.report())
    for failure in figures.failures[:5]:
        print(failure)
    print(f"{time.perf_counter() - start:.0f} s; load average {os.getloadavg()[0]:.2f}")
    return 1 if figures.failures else 0


if __name__ == "__main__":
    sys.exit(main())
