"""`cribbage --learn --plain`: the lessons in plain lines.

The lessons are the screen's (`learn.Lessons`, `learn.CountingLesson`, `learn.LessonUI` and
its scripts): the same order, the same deals, the same words and the same checks of each
decision. Here what a lesson shows in a box is printed, a line a paragraph, and "go on" is
a line typed; the cards each combination of a count uses, which the screen raises, are said
in words; the hands are played as in the plain game (`plain.PlainUI`).
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Sequence
from typing import Final

from ..cards import Card
from ..events import Event
from ..glyphs import WORDS, Glyphs
from ..learn import LESSONS, OVERVIEW, TOO_MANY, Deal, PracticeHand, read_count
from ..match import MatchOver
from ..storage.lessons import LessonProgress
from .game import Quit
from .learn import (
    OVERVIEW_WORDS,
    REAL_GAME,
    CountingLesson,
    Lessons,
    LessonUI,
    Outcome,
    Overview,
    Script,
    Words,
)
from .plain import EndOfInput, Lines, LineScreen, PlainUI
from .screen import Screen, Style

__all__ = [
    "PlainCountingLesson",
    "PlainLessonUI",
    "PlainLessons",
    "PlainOverview",
    "run_plain_learn",
]

GO_ON: Final = "Type Enter to go on, q to quit; ? for help."
"""The question after each thing a lesson says."""
KEYS_NOTE: Final = (
    "The lessons are written for the board: where one speaks of its keys, its cursor or "
    "its messages on the right, here you answer each question as it says, and the "
    "messages are the lines as they come."
)


def _lines_of(screen: Screen) -> Lines:
    if not isinstance(screen, LineScreen):
        raise TypeError("A plain lesson is given on plain lines.")
    return screen.lines


def _title(key: str) -> str:
    """A lesson's title as the screen heads it: 'Lesson 2 of 5: Counting a hand'."""
    number = next(n for n, lesson in enumerate(LESSONS, 1) if lesson.key == key)
    return f"Lesson {number} of {len(LESSONS)}: {LESSONS[number - 1].title}"


def _say_words(lines: Lines, words: Words) -> None:
    """A lesson's words: each paragraph on a line (wrapped), each row as it stands."""
    for part in words:
        if isinstance(part, str):
            lines.say(part)
        else:
            for row in part:
                if row.strip():
                    lines.say(row.rstrip())


def _go_on(lines: Lines, *, back: bool = False, help_lines: Sequence[str] = ()) -> bool:
    """Wait for the player to go on (True: Enter, or any other line) or back (False: b).

    Raises:
        Quit: q, or the end of input.
    """
    question = GO_ON if not back else GO_ON.replace("go on,", "go on, b to go back,")
    lines.say(question)
    while True:
        try:
            text = lines.read()
        except EndOfInput:
            raise Quit from None
        answer = (text or "").strip().lower()
        if answer in ("q", "quit"):
            raise Quit
        if answer in ("b", "back") and back:
            return False
        if answer in ("?", "help"):
            for line in help_lines:
                lines.say(line)
            lines.say(question)
            continue
        return True


_HELP: Final = (
    "Enter: go on",
    "b: go back a step, where a lesson can",
    "q: quit (the lessons finished are remembered)",
)


class PlainLessonUI(PlainUI, LessonUI):
    """A lesson's hand in plain lines: `LessonUI`'s script on the plain game."""

    hand_over = LessonUI.hand_over  # the script's, not the plain game's
    """The hand's show is over: the script speaks, and ends the lesson."""

    def __init__(
        self,
        screen: Screen,
        deal: Deal,
        script: Script,
        *,
        glyphs: Glyphs = WORDS,
        delay: float = 0,
    ) -> None:
        self.lines = _lines_of(screen)
        self._box = None
        LessonUI.__init__(self, screen, deal, script, glyphs=glyphs, delay=0)
        self.print_messages()

    def retell(self, events: Sequence[Event | MatchOver]) -> None:
        """The lesson's deal so far, every message of it (nothing was shown before)."""
        self._telling_all = True
        try:
            super().retell(events)
        finally:
            self._telling_all = False

    def tell(self, title: str, words: Words, *, low: bool = False) -> None:
        """What the lesson says, under its title, until the player goes on."""
        self.lines.say(f"{title}:")
        _say_words(self.lines, words)
        self.ask_line(GO_ON)  # q quits; s, p and the other commands work here too


class PlainOverview(Overview):
    """The first page of the first lesson in plain lines."""

    def run(self) -> bool:
        lines = _lines_of(self.screen)
        lines.say(f"{_title(OVERVIEW)}.")
        for paragraph in OVERVIEW_WORDS:
            lines.say(paragraph)
        return _go_on(lines, help_lines=_HELP)


class PlainCountingLesson(CountingLesson):
    """The counting lesson in plain lines: each combination's cards said in words."""

    def __init__(self, screen: Screen, glyphs: Glyphs) -> None:
        super().__init__(screen, glyphs)
        self.lines = _lines_of(screen)
        self._heading = ""

    def run(self) -> bool:
        self.lines.say(f"{_title('counting')}.")
        return super().run()

    def page(
        self,
        hand: PracticeHand | None,
        lines: Sequence[tuple[str, Style]],
        picked: frozenset[Card] = frozenset(),
        *,
        heading: str = "",
        back: bool = True,
        done: bool = False,
    ) -> bool:
        say = self.lines.say
        if heading and heading != self._heading:
            self._heading = heading
            say(heading)
        stepping = hand is not None and bool(picked)
        if stepping:
            assert hand is not None
            cards = [card for card in (*hand.hand, hand.starter) if card in picked]
            say(f"The cards: {self.glyphs.cards(cards)}.")
        said_before = stepping  # the rows of the steps before, which the screen shows unbold
        for text, style in lines:
            if not text.strip():
                said_before = False
            elif not (said_before and style == Style()):
                say(text.rstrip())
        if done:
            say("That is the whole count.")
        return _go_on(self.lines, back=back, help_lines=_HELP)

    def ask_count(self, hand: PracticeHand, intro: str) -> int:
        say = self.lines.say
        say(intro)
        question = (
            f"Count your hand: {self.glyphs.cards(list(hand.hand))} with the starter, the "
            f"{self.glyphs.card(hand.starter)}. Type the points (19 for nothing), q to quit; "
            "? for help."
        )
        while True:
            say(question)
            try:
                text = (self.lines.read() or "").strip()
            except EndOfInput:
                raise Quit from None
            if text.lower() in ("q", "quit"):
                raise Quit
            if text == "?":
                say("Type the points the hand and the starter count together, then Enter.")
                continue
            if text.isdigit() and text.isascii():
                points = read_count(text)
                if points is not None:
                    return points
                say(TOO_MANY)
            else:
                say("Type the points as a number (19 if the hand has nothing).")


class PlainLessons(Lessons):
    """The list of lessons in plain lines: the same lessons offered, given and remembered."""

    overview = PlainOverview
    counting_lesson = PlainCountingLesson
    lesson_ui = PlainLessonUI

    def __init__(
        self,
        screen: Screen,
        progress: LessonProgress,
        *,
        glyphs: Glyphs = WORDS,
        delay: float = 0,
    ) -> None:
        super().__init__(screen, progress, glyphs=glyphs, delay=0)
        self.lines = _lines_of(screen)
        self._introduced = False

    def choose(self, chosen: int) -> int | None:
        """The lesson the player types the number of (`len(LESSONS)`: the real game), or
        the one offered on Enter; None to leave."""
        say = self.lines.say
        if not self._introduced:
            self._introduced = True
            say(
                f"Learn cribbage: {len(LESSONS)} short lessons on deals chosen so that what "
                "they say fits the cards. The lessons you finish are remembered."
            )
            say(KEYS_NOTE)
        for number, lesson in enumerate(LESSONS, 1):
            done = ", done" if lesson.key in self.done else ""
            say(f"{number} {lesson.title}: {lesson.about}{done}.")
        say(f"{len(LESSONS) + 1} A real game: to 121 against the easy computer.")
        for note in self.notes:
            say(note)
        entries = len(LESSONS) + 1
        offered = "the real game" if chosen == len(LESSONS) else f"lesson {chosen + 1}"
        question = (
            f"Type a number from 1 to {entries}, or just Enter for {offered}; q leaves; ? for help."
        )
        while True:
            say(question)
            try:
                text = (self.lines.read() or "").strip().lower()
            except EndOfInput:
                return None
            if text in ("q", "quit"):
                return None
            if not text:
                return chosen
            if text.isdigit() and text.isascii() and 1 <= int(text) <= entries:
                return int(text) - 1
            if text in ("?", "help"):
                say("Type a lesson's number to start it; in a lesson, q quits it.")
            else:
                say(f"Type a number from 1 to {entries}.")


def run_plain_learn(
    progress: LessonProgress,
    *,
    glyphs: Glyphs = WORDS,
    play: Callable[[Lines], int] | None = None,
) -> int:
    """The lessons in plain lines on standard input and output; when the player asks for a
    real game at the end, `play` plays it on the same lines. Returns the exit status."""
    lines = Lines(sys.stdin, sys.stdout)
    lessons = PlainLessons(LineScreen(lines), progress, glyphs=glyphs, delay=REAL_GAME.delay)
    outcome = lessons.run()
    for line in lessons.farewell:
        lines.say(line)
    if outcome is Outcome.PLAY and play is not None:
        return play(lines)
    return 0
