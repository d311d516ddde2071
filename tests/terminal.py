"""The real `cribbage` command on a pseudo-terminal, read through a terminal emulator (pyte).

`Terminal` starts the program and reads its screen; the `terminals` fixture (in conftest.py)
starts as many as a test needs and closes them afterwards.
"""

from __future__ import annotations

import os
import shutil
import signal
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

import pexpect
import pyte

from cribbage.stats import Statistics
from cribbage.storage import SavedMatch
from cribbage.storage.statistics import write_statistics

COMMAND = str(Path(sys.executable).with_name("cribbage"))
TIMEOUT = 30.0


class Terminal:
    """A `cribbage` process on a pseudo-terminal, with an emulated screen."""

    def __init__(
        self,
        *args: str,
        rows: int = 24,
        cols: int = 80,
        env: dict[str, str] | None = None,
        preexec_fn: Callable[[], None] | None = None,
    ) -> None:
        """Start `cribbage *args` in a data directory of its own, a player's who has played
        before (`known_home`), unless `env` names one (an empty one: a newcomer's)."""
        # LINES and COLUMNS would fix the size curses sees (pytest-xdist's workers set them):
        # the size is the pseudo-terminal's own.
        dropped = ("NO_COLOR", "PAGER", "MANPAGER", "LINES", "COLUMNS")
        base = {k: v for k, v in os.environ.items() if k not in dropped}
        base.update(
            {"TERM": "linux", "LANG": "C.UTF-8", "LC_ALL": "C.UTF-8", "CRIBBAGE_DELAY": "0.05"}
        )
        self.own_home: str | None = None
        if env is None or "CRIBBAGE_HOME" not in env:  # never the player's own saves
            self.own_home = base["CRIBBAGE_HOME"] = tempfile.mkdtemp(prefix="cribbage-e2e-")
            known_home(Path(self.own_home))
        if env is not None:
            base.update(env)
            base = {k: v for k, v in base.items() if v}
        self.screen = pyte.Screen(cols, rows)
        self.stream = pyte.ByteStream(self.screen)
        self.child = pexpect.spawn(
            COMMAND, list(args), dimensions=(rows, cols), env=base, preexec_fn=preexec_fn
        )

    def pump(self, wait: float = 0.05) -> None:
        """Feed whatever the program has written into the emulator."""
        if self.child.closed:
            return
        try:
            while True:
                data = self.child.read_nonblocking(65536, timeout=wait)
                self.stream.feed(data if isinstance(data, bytes) else data.encode())
                wait = 0.01
        except (pexpect.TIMEOUT, pexpect.EOF):
            pass

    @property
    def text(self) -> str:
        return "\n".join(line.rstrip() for line in self.screen.display)

    def wait_for(self, what: str | Callable[[str], bool], timeout: float = TIMEOUT) -> str:
        """Wait until the screen shows `what` (or satisfies it); return the screen."""
        test = (lambda text: what in text) if isinstance(what, str) else what
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            self.pump()
            if test(self.text):
                return self.text
            if not self.child.isalive():
                self.pump()
                if test(self.text):
                    return self.text
                break
        raise AssertionError(f"the screen never showed {what!r}:\n{self.text}")

    def send(self, keys: str | bytes) -> None:
        self.child.send(keys)

    def resize(self, rows: int, cols: int) -> None:
        self.screen.resize(rows, cols)
        self.child.setwinsize(rows, cols)

    def exit_status(self) -> int | None:
        self.child.expect(pexpect.EOF, timeout=TIMEOUT)
        self.child.close()
        status: int | None = self.child.exitstatus
        return status

    def close(self) -> None:
        if self.child.isalive():
            self.child.terminate(force=True)
        if self.own_home is not None:
            shutil.rmtree(self.own_home, ignore_errors=True)


def known_home(home: Path) -> Path:
    """Make `home` the data directory of a player who has played before, as the game knows
    one (`Storage.knows_the_player`): its statistics file, with no game finished yet. Such a
    player is not asked which computer to play; `home` is returned."""
    home.mkdir(parents=True, exist_ok=True)
    write_statistics(home / "stats.json", Statistics())
    return home


def ignore_interrupts() -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def quit_game(term: Terminal) -> None:
    """Quit the game as a player does (q, then y), and see the program end well."""
    term.send("q")
    term.wait_for("Quit? (y/n)")
    term.send("y")
    assert term.exit_status() == 0


def save_three_handed(terminals: Callable[..., Terminal], home: Path) -> str:
    """Start a three-handed game in `home`, cut for the deal, lay a card away and quit once
    the starter is cut (a save a new game backs up): the save's text it leaves."""
    known_home(home)
    first = terminals("--players", "3", "--seed", "5", env={"CRIBBAGE_HOME": str(home)})
    first.wait_for("Where do you cut the pack?")
    first.send("\r")
    first.wait_for("Choose 1 for")
    first.send("\r")
    save = home / "save.json"
    cut = "Where do you cut the pack?"
    while cut in first.wait_for(
        lambda text: cut in text or SavedMatch.from_json(save.read_bytes()).begun
    ):
        first.send("\r")  # the starter is yours to cut
        first.wait_for(lambda text: cut not in text)
    quit_game(first)
    return (home / "save.json").read_text()
