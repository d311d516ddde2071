"""A seat in plain lines at a table with a curses player: a real `cribbage --host` on a
pseudo-terminal and a real `cribbage --join --plain` on pipes, over the loopback, played
to the end of a game."""

from __future__ import annotations

import re
import threading
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from .plain_player import Transcript, play, sensible
from .terminal import Terminal
from .test_e2e_people import ASKED, CODE, bottom, host, join, seats_show
from .test_plain import check_game_over

GONE = "The table is gone."
"""What a player's screen says once the host has closed the table."""

pytestmark = pytest.mark.skipif(not Path("/dev/ptmx").exists(), reason="needs pseudo-terminals")


def test_a_plain_seat_plays_a_game_with_a_curses_host(
    terminals: Callable[..., Terminal], tmp_path: Path
) -> None:
    ann, port = host(terminals, tmp_path / "ann", "--game", "61")
    (tmp_path / "bob").mkdir()
    said: list[str] = []

    def answer(prompt: str) -> str | None:
        if "Waiting for the host" in prompt and not said:
            said.append(prompt)
            return "m hello from Bob"
        return sensible(prompt)

    result: list[Transcript] = []
    bob = threading.Thread(
        target=lambda: result.append(
            play(
                ["--join", f"127.0.0.1:{port}", "--code", CODE, "--name", "Bob"],
                answer,
                home=tmp_path / "bob",
                timeout=240,
            )
        )
    )
    bob.start()
    try:
        seats_show(ann, "Bob")
        ann.wait_for("Bob: hello from Bob")  # talk, typed as a command
        ann.send("\r")
        ann.wait_for(lambda text: "Seats:" not in text)
        deadline = time.monotonic() + 240
        while "Another game? (y/n)" not in ann.text:
            assert time.monotonic() < deadline, ann.text
            ann.pump(0.01)
            if any(question in bottom(ann) for question in ASKED):
                before = ann.text
                ann.send("\r")
                ann.wait_for(before.__ne__)
        ann.send("n")
        assert ann.exit_status() == 0
    finally:
        bob.join(timeout=240)
    (transcript,) = result
    check_game_over(transcript)
    lines = transcript.lines
    assert "Bob: hello from Bob" in lines
    assert any(line.startswith("Ann plays the ") for line in lines)
    assert any(line.startswith("You play the ") for line in lines)


class _Host:
    """A host in plain lines who starts the game once Bob has sat down."""

    def __init__(self) -> None:
        self.bob = False
        self.port: int | None = None

    def line(self, text: str) -> None:
        found = re.search(r"--join 127\.0\.0\.1:(\d+) ", text)
        if found:
            self.port = int(found.group(1))
        self.bob = self.bob or ": Bob" in text

    def __call__(self, prompt: str) -> str | None:
        if "s or Enter starts the game" in prompt:
            return "s" if self.bob else None
        return sensible(prompt)


def test_a_plain_host_plays_a_game_with_a_curses_player(
    terminals: Callable[..., Terminal], tmp_path: Path
) -> None:
    (tmp_path / "ann").mkdir()
    host = _Host()
    result: list[Transcript] = []
    options = ["--host", "--bind", "127.0.0.1", "--port", "0", "--code", CODE, "--name", "Ann"]
    ann = threading.Thread(
        target=lambda: result.append(
            play([*options, "--game", "61"], host, home=tmp_path / "ann", timeout=240)
        )
    )
    ann.start()
    try:
        deadline = time.monotonic() + 60
        while host.port is None:  # as printed by the host, read by its player
            assert time.monotonic() < deadline and ann.is_alive()
            time.sleep(0.05)
        bob = join(terminals, tmp_path / "bob", host.port, "Bob")
        deadline = time.monotonic() + 240
        while not any(end in bob.text for end in ("Another game? (y/n)", GONE)):
            assert time.monotonic() < deadline, bob.text
            bob.pump(0.01)
            if any(question in bottom(bob) for question in ASKED):
                before = bob.text
                bob.send("\r")
                bob.wait_for(before.__ne__)
        # the game's end is seen, even when the host has closed the table at once after it
        bob.wait_for(lambda text: re.search(r"wins? \d+ to", text) is not None)
        if GONE in bob.text:
            bob.send("q")
            bob.wait_for("Quit? (y/n)")
            bob.send("y")
        else:
            bob.send("n")
        assert bob.exit_status() == 0
    finally:
        ann.join(timeout=240)
    (transcript,) = result
    check_game_over(transcript)
    assert any(line.startswith("Bob plays the ") for line in transcript.lines)
