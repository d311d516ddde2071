"""Counting practice (`cribbage --practice`): random hands and starters to count, one at a time.

Plain lines in and out, so it works in any terminal: each hand (or crib) is shown with its
starter, the player types the count, and the answer is checked against the scorer and laid
out item by item. The session keeps the accuracy and the average time a hand, shown after
every answer and at the end. As in BSD's game, 19 is accepted for a hand with nothing.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Final, TextIO

from .calculator import breakdown_lines
from .cards import DECK, Card
from .glyphs import ASCII, Glyphs, glyphs_for
from .scoring import Score, announce_sentence, score_hand

__all__ = ["PracticeHand", "Tally", "deal_practice_hand", "practise", "read_count"]

CRIB_CHANCE: Final = 0.25
"""How often the cards to count are a crib (where a four-card flush does not count)."""
STOP: Final = frozenset({"q", "quit"})
NOT_A_NUMBER: Final = "Type the points as a number (0 or 19 for nothing), or q to stop."
TOO_MANY: Final = "No hand scores more than 29: type the points again, or q to stop."


@dataclass(frozen=True, slots=True)
class PracticeHand:
    """Four cards and a starter to count, as a hand or as a crib."""

    hand: tuple[Card, Card, Card, Card]
    starter: Card
    crib: bool

    @property
    def score(self) -> Score:
        return score_hand(self.hand, self.starter, crib=self.crib)

    def title(self, number: int, glyphs: Glyphs = ASCII) -> str:
        what = "Crib" if self.crib else "Hand"
        return f"{what} {number}: {glyphs.cards(self.hand)}, starter {glyphs.card(self.starter)}"


def deal_practice_hand(rng: random.Random) -> PracticeHand:
    """Five different cards from a shuffled pack, the last the starter; sometimes a crib."""
    first, second, third, fourth, starter = rng.sample(DECK, 5)
    return PracticeHand((first, second, third, fourth), starter, rng.random() < CRIB_CHANCE)


def read_count(text: str) -> int | None:
    """The points a player typed, or None when the text is not a count.

    19 stands for a hand with nothing, as in BSD's game (no hand scores 19).

    >>> read_count(" 12 "), read_count("19"), read_count("twelve"), read_count("30")
    (12, 0, None, None)
    """
    text = text.strip()
    if not (text.isascii() and text.isdigit()):  # int() refuses a superscript two
        return None
    points = int(text)
    if points == 19:
        return 0
    return points if points <= 29 else None


@dataclass(slots=True)
class Tally:
    """Hands counted this session, how many right, and the seconds they took."""

    right: int = 0
    seconds: list[float] = field(default_factory=list)

    @property
    def counted(self) -> int:
        return len(self.seconds)

    def add(self, right: bool, seconds: float) -> None:
        self.right += right
        self.seconds.append(seconds)

    def line(self) -> str:
        """'3 of 4 right (75%), 6.1 seconds a hand on average.'"""
        if not self.seconds:
            return "No hands counted."
        percent = round(100 * self.right / self.counted)
        average = sum(self.seconds) / self.counted
        return (
            f"{self.right} of {self.counted} right ({percent}%), "
            f"{average:.1f} seconds a hand on average."
        )


def practise(
    seed: int | None = None,
    *,
    ask: Callable[[str], str] | None = None,
    out: TextIO | None = None,
    clock: Callable[[], float] = time.monotonic,
    glyphs: Glyphs | None = None,
) -> int:
    """Run a practice session; return the exit status (0, or 130 after Ctrl-C).

    `ask` reads one answer after showing its prompt (`input` by default; EOFError ends the
    session), `out` receives everything else (standard output by default). Cards are drawn
    with `glyphs`, by default as the game would draw them on `out` (ASCII unless it is a
    terminal that shows Unicode).
    """
    import sys

    stream = out or sys.stdout
    glyphs = glyphs or glyphs_for(stream)
    read = ask or input
    rng = random.Random(seed)
    tally = Tally()

    def say(*lines: str) -> None:
        stream.write("".join(line + "\n" for line in lines))
        stream.flush()

    say(
        "Counting practice: type the points of each hand with its starter and press Enter",
        "(0 or 19 for nothing); q, or an end of input, stops.",
    )
    try:
        while True:
            deal = deal_practice_hand(rng)
            say("", deal.title(tally.counted + 1, glyphs))
            started = clock()
            answer = _ask_until_a_count(read, say)
            if answer is None:
                break
            score = deal.score
            right = answer == score.total
            tally.add(right, clock() - started)
            _verdict(say, answer, score, deal.crib, glyphs)
            say(tally.line())
    except KeyboardInterrupt:
        say("", "Practice over. " + tally.line())
        return 130
    say("", "Practice over. " + tally.line())
    return 0


def _ask_until_a_count(ask: Callable[[str], str], say: Callable[..., None]) -> int | None:
    """The count typed, asking again after anything else; None to stop."""
    while True:
        try:
            text = ask("Your count: ")
        except EOFError:
            say("")
            return None
        if text.strip().lower() in STOP:
            return None
        points = read_count(text)
        if points is not None:
            return points
        say(TOO_MANY if text.strip().isdigit() else NOT_A_NUMBER)


def _verdict(
    say: Callable[..., None], answer: int, score: Score, crib: bool, glyphs: Glyphs
) -> None:
    what = "crib" if crib else "hand"
    if answer == score.total:
        head = f"Right: {score.total}."
    else:
        head = f"Not {answer}: the {what} is worth {score.total}."
    say(head, *_breakdown(score, glyphs), announce_sentence(score))


def _breakdown(score: Score, glyphs: Glyphs) -> Sequence[str]:
    return [*breakdown_lines(score, glyphs), f"  {score.total:2}  total"]
