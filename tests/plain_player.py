"""A scripted player for `cribbage --plain`: runs the real command with pipes for standard
input and output, reads its lines, and answers each prompt as a person would type it.

The prompts are told apart by their words, as a person hears them; every prompt ends with
"? for help.", and a long one goes on, indented, on the lines after its first.
"""

from __future__ import annotations

import contextlib
import os
import re
import subprocess
import sys
import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from cribbage.cards import Card
from cribbage.errors import CribbageError
from cribbage.scoring import score_hand

from .terminal import known_home

PROMPT_END = "? for help."
_NUMBERED = re.compile(r"(\d+) ([^,]+?)(?: \((too high)\))?(?:,|\.$)")


@dataclass
class Transcript:
    """What the program printed, a line each, and the prompts among them (each whole)."""

    lines: list[str] = field(default_factory=list)
    prompts: list[str] = field(default_factory=list)
    status: int | None = None
    errors: str = ""
    """What it wrote on standard error."""


CLOSE = "<the end of input>"
"""An answer that closes the input instead of typing a line."""
Answer = Callable[[str], str | None]
"""Given a whole prompt, the line to type (None: nothing; `CLOSE`: close the input)."""


def hand_in(prompt: str) -> list[tuple[int, str, bool]]:
    """The numbered cards a prompt lists: (number, the card as said, playable)."""
    cards = prompt.split("Your cards: ", 1)[1].split(". Type", 1)[0] + "."
    return [(int(n), name, not high) for n, name, high in _NUMBERED.findall(cards)]


def card_of(said: str) -> Card:
    """The card a line says ('five of hearts', or '5H' in the short forms)."""
    return Card.parse(said.strip().removeprefix("the "))


def count_in(prompt: str) -> int:
    """The right count of the hand or crib a prompt asks for."""
    words = prompt.split(": ", 1)[1].split(". Type", 1)[0]
    cards_text, _, starter = words.partition(" with the starter, the ")
    names = [part for part in re.split(r", | and ", cards_text) if part.strip()]
    cards = [card_of(name) for name in names]
    crib = prompt.startswith("Count your crib")
    try:
        return score_hand(cards, card_of(starter), crib=crib).total
    except CribbageError:
        return 19


def sensible(prompt: str, *, miscount: bool = False) -> str | None:
    """What a sensible player types: the first cards for the crib, the first card that
    fits, the middle of the pack, the right count (one more with `miscount`), and no more
    games."""
    if "Another game?" in prompt:
        return "n"
    if prompt.startswith("Which computer?"):
        return "x"  # a player new here is asked: the expert, the level of a plain command
    if prompt.startswith("Resume"):
        return ""
    if "Enter to go on" in prompt or "Type a number from 1 to" in prompt:
        return ""  # the lessons: go on, and take the lesson (or the game) offered
    if "s or Enter starts the game" in prompt:
        return "s"
    if "Cut the pack" in prompt:
        return ""
    if "Count your" in prompt:
        right = count_in(prompt)
        return str(right + 1 if miscount and right < 28 else right)
    if ": lay away " in prompt:
        many = 2 if "lay away two" in prompt else 1
        return " ".join(str(n) for n, _, _ in hand_in(prompt)[:many])
    if "Your play" in prompt:
        playable = [n for n, _, fits in hand_in(prompt) if fits]
        return str(playable[0])
    return None


class Learner:
    """A player of the lessons: sensible, and when a lesson says which cards it wants
    ("Choose again", "Play the ..."), those."""

    def __init__(self) -> None:
        self.heard: list[str] = []

    def line(self, text: str) -> None:
        self.heard.append(text.strip())

    def __call__(self, prompt: str) -> str | None:
        heard = " ".join(self.heard)
        if ": lay away " in prompt or "Your play" in prompt:
            self.heard = []  # what was said before a decision is about that decision
        if ": lay away " in prompt:
            wanted = re.search(r"with ([a-z ]+?)\. Choose again", heard)
            if wanted:
                return wanted.group(1)
        if "Your play" in prompt:
            wanted = re.search(r"Play the ([a-z ]+?)\.", heard)
            if wanted:
                return wanted.group(1)
        return sensible(prompt)


def play(
    args: Sequence[str],
    answer: Answer = sensible,
    *,
    home: Path,
    newcomer: bool = False,
    typed_first: Sequence[str] = (),
    timeout: float = 600,
    env: dict[str, str] | None = None,
) -> Transcript:
    """Run `cribbage --plain ARGS` with its data in `home`, answering each prompt with
    `answer` (after the lines of `typed_first`, typed before anything is read), until the
    program ends; the transcript of what it printed. The data directory is that of a
    player who has played before, unless `newcomer`."""
    if not newcomer:
        known_home(home)  # a player who has played before: not asked which computer
    environment = {**os.environ, "CRIBBAGE_HOME": str(home), **(env or {})}
    environment.pop("COLUMNS", None)
    process = subprocess.Popen(
        [sys.executable, "-m", "cribbage", "--plain", *args],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        encoding="utf-8",
        env=environment,
    )
    assert process.stdin is not None and process.stdout is not None
    timer = threading.Timer(timeout, process.kill)
    timer.start()
    transcript = Transcript()
    try:
        for line in typed_first:
            process.stdin.write(line + "\n")
        process.stdin.flush()
        prompt: list[str] = []
        for raw in process.stdout:
            line = raw.rstrip("\n")
            transcript.lines.append(line)
            hear = getattr(answer, "line", None)
            if hear is not None:  # a player who listens to every line, not only prompts
                hear(line)
            if prompt and line.startswith("  "):
                prompt.append(line.strip())
            else:
                prompt = [line]
            whole = " ".join(prompt)
            if not whole.endswith(PROMPT_END):
                continue
            transcript.prompts.append(whole)
            if typed_first and len(transcript.prompts) <= len(typed_first):
                continue  # answered already, by the lines typed first
            reply = answer(whole)
            try:
                if reply == CLOSE:
                    process.stdin.close()
                elif reply is not None:
                    process.stdin.write(reply + "\n")
                    process.stdin.flush()
            except (BrokenPipeError, ValueError):
                pass
            prompt = []
        transcript.status = process.wait()
        assert process.stderr is not None
        transcript.errors = process.stderr.read()
    finally:
        timer.cancel()
        if process.poll() is None:
            process.kill()
            process.wait()
        for stream in (process.stdin, process.stdout, process.stderr):
            if stream is not None and not stream.closed:
                with contextlib.suppress(BrokenPipeError):
                    stream.close()
    return transcript
