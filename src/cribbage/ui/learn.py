"""`cribbage --learn`: the list of lessons and the lessons themselves, on the screen.

Lesson 1 (the whole game) begins on a page of its own, then plays a hand on the game's own
screen, a box at each step saying what it is (the words of `cribbage.glossary`). Lesson 2
(counting a hand) has a screen of its own: a hand and its starter, the cards of each
combination raised and marked as it is named. Lessons 3 to 5 are played on the game's own
screen (`LessonUI`, a `GameUI` at a table of the lesson's deal) with the game's own keys; a
lesson speaks in boxes over the table, checks each of the player's decisions before the
table takes it (a wrong one is explained, and asked again), and ends the game when its hand
has shown what it is about.

What is said comes from `cribbage.learn` (the rules, the announcements, the hint's figures)
and from the game's words (`words.coach_lines`, `words.play_words`, `Speaker`).
"""

from __future__ import annotations

import curses
from collections.abc import Callable, Sequence
from enum import Enum
from typing import Final

from ..cards import Card, Rank
from ..coach import DiscardReview, HandReview, review_decisions, summarize
from ..computer import DiscardOption
from ..events import (
    Claimed,
    CountReset,
    Dealt,
    Discarded,
    Event,
    HandOver,
    Played,
    Reason,
    Scored,
    Shown,
    StarterTurned,
)
from ..glossary import define
from ..glyphs import UNICODE, Glyphs, choose_glyphs
from ..learn import (
    A_HAND,
    COUNTED,
    LAYING_AWAY,
    LESSONS,
    OVERVIEW,
    SHOWN,
    THE_GAME,
    THE_PLAY,
    TOO_MANY,
    Deal,
    PracticeHand,
    ShowStep,
    best_plays,
    breakdown,
    counting_hand,
    discard_words,
    lesson_number,
    next_lesson,
    play_topics,
    read_count,
    rules_passage,
    rules_rows,
    show_rows,
    show_steps,
)
from ..match import MatchOver
from ..rules import Action, Discard, Play, Seat
from ..scoring import announce, announce_sentence, score_hand, score_play
from ..storage.lessons import LessonProgress
from ..tables import LocalTable, News, Update
from ..text import wrap
from ..view import PlayerView
from .draw import CARD_WIDTH, LEFT_WIDTH, MIN_COLS, Layout, Painter, note_lines
from .game import GameUI, Options, Quit
from .keys import BACKSPACE, DOWN, END, ENTER, ESCAPE, F10, HOME, LEFT, REDRAW, RESIZE, RIGHT, UP
from .screen import PLAIN, CursesScreen, Screen, Style, start_colors, wants_color
from .words import Speaker, coach_lines, coach_summary_lines, play_words

__all__ = [
    "OVERVIEW_WORDS",
    "REAL_GAME",
    "CountingLesson",
    "LessonOver",
    "LessonUI",
    "Lessons",
    "Outcome",
    "Overview",
    "TheGame",
    "run_learn",
]

WIDTH: Final = MIN_COLS - 4
"""The width the lessons' words are wrapped to, in their boxes: across the screen, so that no
end of a message shows beside a box."""
REAL_GAME: Final = Options(level="easy", coach=True, game_named=True, level_named=True)
"""The game offered once the lessons are done: against the easy computer, with the coach."""
_BOLD: Final = Style(bold=True)
_DIM: Final = Style(dim=True)
_GO_ON: Final = frozenset({ENTER, " ", RIGHT, "l"})
_BACK: Final = frozenset({LEFT, "h", BACKSPACE})
_DIGITS: Final = frozenset("0123456789")
"""The digits a count or a lesson's number is typed with (not every character that
`str.isdigit` takes, such as a superscript two, is a number `int` reads)."""

Words = Sequence[str | tuple[str, ...]]
"""What a lesson says in one box: paragraphs to wrap, and rows (a table of the rules, the
coach's lines) to show as they stand."""


def _lines(words: Words, width: int = WIDTH) -> list[str]:
    """`words` laid out in lines: paragraphs wrapped, rows as they stand, a blank line
    between each."""
    lines: list[str] = []
    for part in words:
        if lines:
            lines.append("")
        if isinstance(part, str):
            lines.extend(wrap(part, width, hyphens=False) or [""])
        else:
            lines.extend(part)
    return lines


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def _title(number: int) -> str:
    lesson = LESSONS[number - 1]
    return f"Lesson {number} of {len(LESSONS)}: {lesson.title}"


# -- lessons 1 and 3 to 5: the game's screen


class LessonOver(Quit):
    """The lesson has shown what it is about: the game stops, as it does when the player
    quits (`LessonUI.finished` tells the two apart)."""


BOX_LINES: Final = 9
"""The most lines a lesson's box holds: at 80x24, a box over the middle of the screen leaves
your hand in sight, and one below the table (`LessonUI.tell`, `low`) the cards of the count."""


_ACROSS: Final = 1000
"""Long enough to fill a box's line across any screen (the box cuts it at its border)."""
NARROW: Final = LEFT_WIDTH - 5
"""The width a low box's words are wrapped to when they have no rows, so that the box
stays left of the messages (which the lessons point to)."""


def _pages(words: Words, width: int = WIDTH) -> list[list[str]]:
    """`words` laid out in boxes of `BOX_LINES` lines at most, broken between paragraphs
    (and inside a paragraph only when it is longer than a box)."""
    pages: list[list[str]] = [[]]
    for part in words:
        lines = _lines([part], width)
        if pages[-1] and len(pages[-1]) + 1 + len(lines) > BOX_LINES:
            pages.append([])
        elif pages[-1]:
            lines = ["", *lines]
        for line in lines:
            if len(pages[-1]) == BOX_LINES:
                pages.append([])
            pages[-1].append(line)
    return pages


class Script:
    """What a lesson does at each moment of its hand; by default nothing."""

    number = 0
    """The lesson's number, from 1."""

    def start(self, ui: LessonUI) -> None:
        """Before anything is played (the table is dealt, and drawn)."""

    def before(self, ui: LessonUI, view: PlayerView) -> None:
        """Before the player is asked for the decision `view` waits on."""

    def check(self, ui: LessonUI, view: PlayerView, action: Action) -> bool:
        """True to send `action` to the table; False to ask again (having said why)."""
        return True

    def after(self, ui: LessonUI, update: Update) -> None:
        """After `update` was shown."""

    def shown(self, ui: LessonUI, events: Sequence[Event | MatchOver]) -> None:
        """After `events` were shown: an update's, up to where the count starts again, or
        the show begins (so that what is on the table is what they are about)."""

    def hand_over(self, ui: LessonUI) -> None:
        """The show of the hand is on the screen."""

    def end(self, ui: LessonUI) -> None:
        """The lesson is finished: stop the game."""
        ui.finished = True
        raise LessonOver


class LessonUI(GameUI):
    """The game's screen playing one hand of a lesson's deal, as `script` says."""

    def __init__(
        self,
        screen: Screen,
        deal: Deal,
        script: Script,
        *,
        glyphs: Glyphs = UNICODE,
        delay: float = REAL_GAME.delay,
    ) -> None:
        self.script = script
        self.finished = False
        """The lesson got to its end (else the player quit)."""
        self.low_box: tuple[str, list[str]] | None = None
        """A box of the lesson's below the table's count (see `tell`)."""
        options = Options(level=REAL_GAME.level, delay=delay)
        super().__init__(screen, options, glyphs=glyphs, table=LocalTable(deal.table()))

    def run(self) -> int:
        """Play the lesson's hand; return the exit status (0)."""
        events = self.recorder.events
        dealt = next(i for i, event in enumerate(events) if isinstance(event, Dealt))
        self.retell(events[dealt:])  # the cut for the deal was the lesson's, not the player's
        try:
            self.script.start(self)
        except Quit:
            return 0
        return super().run()

    def ask(self, view: PlayerView) -> Action:
        self.script.before(self, view)
        while True:
            action = super().ask(view)
            if self.script.check(self, view, action):
                return action

    def take(self, news: News) -> None:
        super().take(news)
        if isinstance(news, Update):
            self.script.after(self, news)

    def show(self, events: Sequence[Event | MatchOver]) -> None:
        """Show `events` as the game does, telling the script after each part: up to where
        the count starts again, and up to the show."""
        part: list[Event | MatchOver] = []
        for event in events:
            if part and isinstance(event, CountReset | Shown | Claimed | HandOver):
                super().show(part)
                self.script.shown(self, part)
                part = []
            part.append(event)
        if part:
            super().show(part)
            self.script.shown(self, part)

    def hand_over(self) -> None:
        self.script.hand_over(self)
        self.script.end(self)

    def crib(self) -> str:
        """Whose the crib is, as a possessive: 'your', "the computer's"."""
        return self.crib_owner()

    def tell(self, title: str, words: Words, *, low: bool = False) -> None:
        """A box saying `words` until a key (several, one after the other, when they are
        longer than `BOX_LINES`); q asks whether to quit (`Quit` on y). A `low` box lies
        below the table's count, leaving its cards in sight.
        """
        saved = self.overlay, self.prompt, self.keys
        self.set_prompt("", "any key goes on   ? help   q quit")
        narrow = low and all(isinstance(part, str) for part in words)
        try:
            for page in _pages(words, NARROW if narrow else WIDTH):
                if not narrow:  # across the screen: no ends of messages beside it
                    page = [line.ljust(_ACROSS) for line in page]
                if low:
                    self.low_box = (title, page)
                else:
                    self.overlay = (title, page)
                self.key()
        finally:
            self.overlay, self.prompt, self.keys = saved
            self.low_box = None

    def draw(self) -> bool:
        fits = super().draw()
        if fits and self.low_box is not None and self.overlay is None:
            rows, cols = self.screen.size()
            top = Layout.for_game(rows, cols, self.game_table.config).table_y + 5
            note = self.table.note
            if note is not None:  # a hand shown: below what is said of its count
                top += len(note_lines(note.words)) - 1
            title, lines = self.low_box
            height = min(len(lines) + 2, rows - 2 - top)  # just under the count
            below = Painter(_Below(self.screen, top), self.glyphs)
            narrow = max(map(len, lines), default=0) <= NARROW
            width = LEFT_WIDTH - 1 if narrow else cols  # beside the messages when it can
            below.overlay(Layout.for_size(height, width), title, lines)
            self.screen.refresh()
        return fits


class _Below:
    """The part of a screen from row `top` down, as a screen of its own (to draw a box on)."""

    def __init__(self, screen: Screen, top: int) -> None:
        self.screen = screen
        self.top = top

    def size(self) -> tuple[int, int]:
        rows, cols = self.screen.size()
        return max(rows - self.top, 0), cols

    def clear(self) -> None:
        pass  # only ever drawn on

    def put(self, y: int, x: int, text: str, style: Style = PLAIN) -> None:
        self.screen.put(y + self.top, x, text, style)

    def refresh(self) -> None:
        pass

    def read_key(self, timeout: float | None = None) -> str | None:
        return self.screen.read_key(timeout)


class TheGame(Script):
    """Lesson 1, on the board: a hand of the computer's deal from the discard to the show,
    each step said in the glossary's words as it comes. The player lays away any two, cuts
    and plays any cards: what is said fits every way the hand can go."""

    number = lesson_number(OVERVIEW)

    def __init__(self) -> None:
        self.played = 0
        """Cards played so far: after the last, the show."""
        self.pegged = False
        """Someone has pegged in the play, and the board was pointed out."""

    def start(self, ui: LessonUI) -> None:
        ui.tell(
            _title(self.number),
            [
                "Here is a hand on the game's screen. The computer deals: its cards are at "
                "the top, face down, and yours at the bottom. The board is at the top right, "
                "and the messages under it say what happens.",
                "Lay away two cards to the computer's crib: move along your cards with the "
                "arrow keys, choose one with space, then another, and press Enter. Which two "
                f"is for lesson {lesson_number('laying-away')}: here any two will do.",
            ],
        )

    def after(self, ui: LessonUI, update: Update) -> None:
        for event in update.events:
            if isinstance(event, Discarded) and event.seat == Seat.HUMAN:
                ui.tell(
                    "The starter",
                    [
                        define("starter"),
                        define("his heels"),
                        "You are the pone: choose where to cut the pack with the arrow keys "
                        "(or type a number), and press Enter.",
                    ],
                )
            elif isinstance(event, StarterTurned):
                ui.tell("The play", self._play(ui, event.card))

    def _play(self, ui: LessonUI, starter: Card) -> Words:
        heels = " It is a jack: the dealer pegs 2." if starter.rank is Rank.JACK else ""
        return [
            f"The starter is the {ui.glyphs.card(starter)}, turned up beside the crib.{heels}",
            f"{define('the play')} {define('lead')}",
            f"{define('tenth card')} {define('count')}",
            "You peg as you play, for the card you lay:",
            define("fifteen"),
            define("thirty-one"),
            define("pair"),
            define("run"),
            define("go"),
            f"{define('last card')} You lead: choose a card as you chose the two for the crib.",
        ]

    def shown(self, ui: LessonUI, events: Sequence[Event | MatchOver]) -> None:
        for event in events:
            if isinstance(event, Played):
                self.played += 1
            elif isinstance(event, Scored) and event.reason in _PEGGED and not self.pegged:
                self.pegged = True
                points = f"{event.points} hole{'' if event.points == 1 else 's'}"
                ui.tell(
                    "The board",
                    [
                        f"{ui.seating.verb(event.seat, 'peg')} {event.points}: on the board, "
                        f"{ui.seating.possessive(event.seat)} front peg has jumped "
                        f"{points}, and the back peg behind it shows where it was.",
                    ],
                    low=True,
                )
        hand = ui.current.game.players * 4
        if self.played == hand:
            self.played += 1  # told once
            ui.tell(
                "The show",
                [
                    define("the show"),
                    "A hand scores for the fifteens, pairs and runs among its five cards.",
                    define("flush"),
                    define("his nobs"),
                    "The messages on the right say each count; lesson "
                    f"{lesson_number('counting')} teaches counting.",
                ],
                low=True,
            )

    def hand_over(self, ui: LessonUI) -> None:
        you, computer = ui.current.game.scores
        ui.tell(
            "The hand is over",
            [
                f"You have {you} points, the computer {computer}: see the board.",
                "Then the deal passes to the other player, and hand follows hand until a "
                "player pegs 121: that player wins at once, even in the middle of the play "
                "or the show.",
                f"Lesson {lesson_number('counting')} teaches counting a hand, lesson "
                f"{lesson_number('laying-away')} which two cards to lay away, and lesson "
                f"{lesson_number('the-play')} the play; lesson {lesson_number('a-hand')} is a "
                "whole hand against the easy computer, with a coach who says how you did.",
            ],
            low=True,
        )


_PEGGED: Final = frozenset({Reason.PLAY, Reason.GO, Reason.LAST_CARD})
"""Points pegged in the play."""


class LayingAway(Script):
    """Lesson 3: the crib, whose it is, and which two cards to lay away, on two deals (the
    computer's, then yours)."""

    number = lesson_number("laying-away")

    def __init__(self, part: int) -> None:
        self.part = part
        self.options: tuple[DiscardOption, ...] = ()
        self.chosen: DiscardOption | None = None

    def start(self, ui: LessonUI) -> None:
        dealer = ui.current.game.dealer
        if dealer == Seat.HUMAN:
            whose = "Now you deal: the crib is yours."
            advice = rules_passage("SOME ADVICE", "As dealer, lay away", until="since the crib")
        else:
            whose = "Here the computer deals: the crib is the computer's."
            advice = rules_passage("SOME ADVICE", "As pone, lay away", until="a five")
        words: list[str | tuple[str, ...]] = []
        if self.part == 0:
            words.append(rules_passage("THE DEAL AND THE CRIB", "The dealer gives"))
        words += [whose, advice]
        if self.part == 0:
            words.append(
                rules_passage("HINTS AND THE COACH", "Press H at your discard", "decides by")
            )
        ui.tell(_title(self.number), words)

    def check(self, ui: LessonUI, view: PlayerView, action: Action) -> bool:
        if not isinstance(action, Discard):
            return True
        self.options = ui.adviser.discard_options_for(view)
        chosen = next((o for o in self.options if set(o.discard) == set(action.cards)), None)
        if chosen is None:
            return True  # not a discard of this hand: the table says why not
        best = self.options[0]
        if DiscardReview(chosen, best).is_best:
            self.chosen = chosen
            return True
        g, crib = ui.glyphs, ui.crib()
        ui.tell(
            "Not the best two",
            [
                f"{_capital(self._said(chosen, g, crib))}; {self._said(best, g, crib)}.",
                f"Counting the play too, the hint reckons this deal at {_net(chosen.total)} "
                f"with these two, and at {_net(best.total)} with "
                f"{g.cards(list(best.discard))}. Choose again; H shows the hint's figures.",
            ],
        )
        return False

    @staticmethod
    def _said(option: DiscardOption, glyphs: Glyphs, crib: str) -> str:
        return f"laying away {glyphs.cards(list(option.discard))} {discard_words(option, crib)}"

    def after(self, ui: LessonUI, update: Update) -> None:
        turned = next((e for e in update.events if isinstance(e, StarterTurned)), None)
        if turned is not None:
            self._starter(ui, turned.card)
            self.end(ui)
        if not any(isinstance(e, Discarded) and e.seat == Seat.HUMAN for e in update.events):
            return
        chosen = self.chosen
        assert chosen is not None
        g, crib = ui.glyphs, ui.crib()
        words = [f"{_capital(self._said(chosen, g, crib))}: the best of the 15 ways."]
        most = max(self.options, key=lambda option: option.hand)
        if most.hand > chosen.hand:
            cards = g.cards(list(most.discard))
            if round(most.hand) > round(chosen.hand):
                more = f"more in hand ({most.hand:.0f} points against {chosen.hand:.0f})"
            else:
                tenths = max(1, round(10 * (most.hand - chosen.hand)))
                more = (
                    f"a little more in hand ({'a tenth' if tenths == 1 else f'{tenths} tenths'}"
                    " of a point)"
                )
            words.append(
                f"Laying away {cards} would keep {more}, but it gives {crib} crib about "
                f"{abs(most.crib):.0f}: the crib makes the difference."
            )
        if ui.current.game.dealer == Seat.HUMAN:
            words.append("Now the computer, the pone, cuts for the starter.")
        else:
            words.append(f"Now you cut for the starter, as in lesson {lesson_number(OVERVIEW)}.")
        ui.tell("Why these two", words)

    def _starter(self, ui: LessonUI, starter: Card) -> None:
        """What the cards kept count with the starter turned, against what the hint
        expected of them over every starter."""
        assert self.chosen is not None
        g = ui.glyphs
        kept = ui.current.game.kept
        score = score_hand(kept, starter)
        expected = round(self.chosen.hand)
        ui.tell(
            "The starter",
            [
                f"The starter is the {g.card(starter)}. With it, the four cards you kept "
                f"({g.cards(list(kept))}) count {score.total}: {announce(score)}.",
                f"The hint's {expected} was their average over every starter that could "
                f"turn up; this one gives {score.total}.",
            ],
        )


def _net(points: float) -> str:
    """The points a deal is expected to bring the player (their hand, their crib or less the
    other's, the pegging less the other's), said in words."""
    whole = round(abs(points))
    if whole == 0:
        return "about 0 points"
    side = "for you" if points > 0 else "against you"
    return f"about {whole} point{'' if whole == 1 else 's'} {side}"


class ThePlay(Script):
    """Lesson 4: the count, fifteen and 31, pairs and runs, go and last card, each explained
    the first time it happens; a card that pegs must be played when there is one."""

    number = lesson_number("the-play")

    def __init__(self) -> None:
        self.told: set[str] = set()

    def start(self, ui: LessonUI) -> None:
        game = ui.current.game
        kept = ui.glyphs.cards(list(game.hand))
        laid = ui.glyphs.cards(list(game.discards))
        assert game.starter is not None
        ui.tell(
            _title(self.number),
            [
                rules_passage("THE PLAY", "The pone leads"),
                f"You deal this hand. For this lesson {laid} went to your crib, and you "
                f"keep {kept}; the starter is the {ui.glyphs.card(game.starter)}. The "
                "computer, the pone, leads.",
                "In this lesson, when one of your cards pegs, play it: the one that pegs the "
                "most. A wrong card is explained, and you choose again.",
                rules_passage("THE PLAY", "Here the program never lets you"),
            ],
        )

    def check(self, ui: LessonUI, view: PlayerView, action: Action) -> bool:
        if not isinstance(action, Play) or action.card not in view.legal:
            return True  # the table says why a card cannot be played
        cards, _ = best_plays(view.pile, view.legal)
        if not cards or action.card in cards:
            return True
        g = ui.glyphs
        best = min(cards)
        made = score_play((*view.pile, action.card))
        effect = (
            f"pegs {play_words(made)}"
            if made.total
            else f"makes the count {view.count + action.card.value} and pegs nothing"
        )
        ui.tell(
            "Not that one",
            [
                f"The {g.card(action.card)} {effect}; the {g.card(best)} pegs "
                f"{play_words(score_play((*view.pile, best)))}. Play the {g.card(best)}."
            ],
            low=True,
        )
        return False

    def shown(self, ui: LessonUI, events: Sequence[Event | MatchOver]) -> None:
        topics = [topic for topic in play_topics(events) if topic not in self.told]
        if not topics:
            return
        words: list[str | tuple[str, ...]] = []
        if not self.told:
            words.append(rules_passage("THE PLAY", "While playing, you score"))
        self.told.update(topics)
        for topic in topics:
            words.extend(_TOPIC_WORDS[topic]())
        ui.tell("In the play", words, low=True)

    def hand_over(self, ui: LessonUI) -> None:
        ui.tell(
            "The show",
            [
                rules_passage("THE SHOW", "After the play the hands are counted", "crib"),
                "The messages on the right show this hand's counts, as lesson "
                f"{lesson_number('counting')} did.",
            ],
            low=True,  # under the crib's count, which stays in sight
        )


_TOPIC_WORDS: Final[dict[str, Callable[[], list[str | tuple[str, ...]]]]] = {
    "fifteen": lambda: [rules_rows("THE PLAY", "fifteen")],
    "thirty-one": lambda: [rules_rows("THE PLAY", "thirty-one")],
    "pair": lambda: [
        rules_rows("THE PLAY", "a pair"),
        rules_passage("THE PLAY", "Pairs go strictly by rank", "not a pair"),
    ],
    "three of a kind": lambda: [
        rules_rows("THE PLAY", "three of a kind"),
        rules_passage("SOME ADVICE", "Pairing your opponent's card", "before you pair"),
    ],
    "run": lambda: [
        rules_rows("THE PLAY", "a run"),
        rules_passage("THE PLAY", "A run is made of", "breaks it"),
    ],
    "go": lambda: [rules_passage("THE PLAY", "A player who has no card", "while they can")],
    "one for the go": lambda: [rules_passage("THE PLAY", "When neither can play", "play last")],
    "last card": lambda: [rules_passage("THE PLAY", "The player who lays the very last card")],
}
"""What the rules say of each topic of the play lesson."""


class AHand(Script):
    """Lesson 5: a whole hand against the easy computer; the coach speaks up after each of
    the player's decisions."""

    number = lesson_number("a-hand")

    def __init__(self) -> None:
        self.due = False
        """A play with a choice waits for the coach's word (once its reply is known)."""
        self.spoken = 0
        """The player's plays with a choice the coach has spoken of."""

    def start(self, ui: LessonUI) -> None:
        ui.tell(
            _title(self.number),
            [
                "A whole hand against the easy computer. It deals: you lay away, cut the "
                "starter, and lead.",
                rules_passage("THE BOARD", "Every time you score", "front peg"),
                rules_passage("HINTS AND THE COACH", "The coach (", "who pegged it"),
                "Here the coach speaks up after each of your decisions.",
                rules_passage("HINTS AND THE COACH", "Press H at your discard", "decides by"),
            ],
        )

    def before(self, ui: LessonUI, view: PlayerView) -> None:
        self._speak(ui)

    def check(self, ui: LessonUI, view: PlayerView, action: Action) -> bool:
        if isinstance(action, Play) and len({card.rank for card in view.legal}) >= 2:
            self.due = True
        return True

    def after(self, ui: LessonUI, update: Update) -> None:
        if update.by == Seat.HUMAN and any(
            isinstance(e, Discarded) and e.seat == Seat.HUMAN for e in update.events
        ):
            review = self._review(ui)
            if review is not None and review.discard is not None:
                one = HandReview(review.game, review.hand, review.dealer, review.discard, ())
                ui.tell("Coach", _first(coach_lines(one, ui.glyphs, ui.seating)))
        elif update.by is not None and update.by != Seat.HUMAN:
            self._speak(ui)

    def hand_over(self, ui: LessonUI) -> None:
        self._speak(ui)
        reviews = ui.game_reviews(last=True)
        ui.tell(
            "The hand is over",
            [
                tuple(coach_summary_lines(summarize(reviews))),
                "That was a whole hand of cribbage: the deal, the crib, the starter, the play "
                "and the show. A game goes on, hand after hand, until a player pegs 121.",
            ],
        )

    def _review(self, ui: LessonUI) -> HandReview | None:
        log = ui.seat_log
        reviews = review_decisions(log.decisions, {log.current}, log.current, ui.adviser)
        return reviews[-1] if reviews else None

    def _speak(self, ui: LessonUI) -> None:
        """The coach's word on the player's last play with a choice, when one is due."""
        if not self.due:
            return
        self.due = False
        review = self._review(ui)
        if review is None or len(review.plays) <= self.spoken:
            return
        self.spoken = len(review.plays)
        play = review.plays[-1]
        if play.costly:
            one = HandReview(review.game, review.hand, review.dealer, None, (play,))
            words: Words = _first(coach_lines(one, ui.glyphs, ui.seating))
        elif not review.costly_plays and len(review.plays) > 1:  # "each of your plays was..."
            plays = HandReview(review.game, review.hand, review.dealer, None, review.plays)
            words = _first(coach_lines(plays, ui.glyphs, ui.seating))
        else:
            words = [f"Playing the {ui.glyphs.card(play.card)} was the best, or as good."]
        ui.tell("Coach", words, low=True)


def _first(lines: Sequence[str]) -> list[str | tuple[str, ...]]:
    """The first thing the coach says in `lines` (a sentence and its indented lines)."""
    first: list[str] = []
    for line in lines:
        if first and not line.startswith(" "):
            break
        first.append(line)
    return [tuple(first)]


# -- pages of their own: the list of lessons, the start of lesson 1, and lesson 2


class _Pages:
    """A screen of the lessons' own: what `body` draws, the prompt and its keys, and a box."""

    def __init__(self, screen: Screen, glyphs: Glyphs) -> None:
        self.screen = screen
        self.glyphs = glyphs
        self.painter = Painter(screen, glyphs)
        self.body: Callable[[int, int], None] = lambda rows, cols: None
        self.prompt = ""
        self.keys = ""
        self.typed = ""
        self.overlay: tuple[str, list[str]] | None = None

    def draw(self) -> bool:
        """Draw the page; False when the terminal is too small for it."""
        rows, cols = self.screen.size()
        layout = Layout.for_size(rows, cols)
        self.screen.clear()
        if not layout.fits:
            self.painter.too_small(rows, cols)
            self.screen.refresh()
            return False
        self.body(rows, cols)
        self.painter.prompt(layout, self.prompt, self.typed, self.keys)
        if self.overlay is not None:
            self.painter.overlay(layout, *self.overlay)
        self.screen.refresh()
        return True

    def read_key(self) -> str:
        """The next key, the page drawn; resizes and Ctrl-L redraw, and while the terminal is
        too small only q, F10, y and n are taken."""
        while True:
            fits = self.draw()
            key = self.screen.read_key()
            if key is None or key in (RESIZE, REDRAW):
                continue
            if fits or key in ("q", F10, "y", "Y", "n", "N"):
                return key

    def key(self) -> str:
        """The next key for the page: ? shows the keys, q asks whether to quit."""
        while True:
            key = self.read_key()
            if key == "?":
                self.box("Keys", self.help_lines())
            elif key in ("q", F10):
                self.confirm_quit()
            else:
                return key

    def help_lines(self) -> list[str]:
        left, right = self.glyphs.arrows[0], self.glyphs.arrows[1]
        rows = [
            (f"space, Enter, {right}", "go on"),
            (f"{left}, Backspace", "go back a step"),
            ("digits, Enter", "your count, when you are asked for one"),
            ("q, F10", "quit (asks first)"),
            ("?", "these keys"),
        ]
        return [f"{keys:<18}{does}" for keys, does in rows]

    def confirm_quit(self) -> None:
        """Ask "Quit? (y/n)"; raise `Quit` on y."""
        saved = self.prompt, self.keys, self.typed
        self.prompt, self.keys, self.typed = (
            "Quit? (y/n)",
            "y quits   any other key goes back",
            "",
        )
        try:
            key = self.read_key()
        finally:
            self.prompt, self.keys, self.typed = saved
        if key in ("y", "Y"):
            raise Quit

    def box(self, title: str, lines: list[str]) -> None:
        """A box over the page until a key."""
        saved = self.overlay
        self.overlay = (title, [*lines, "", "Press any key to go back."])
        try:
            self.read_key()
        finally:
            self.overlay = saved

    def text(self, y: int, lines: Sequence[tuple[str, Style]], bottom: int) -> int:
        """`lines` from row `y`, each wrapped to the screen, none at or below `bottom`;
        returns the row after them."""
        width = self.screen.size()[1] - 1
        for text, style in lines:
            for part in _wrap(text, width) or [""]:
                if y >= bottom:
                    return y
                self.screen.put(y, 0, part, style)
                y += 1
        return y


_HAND_Y: Final = 3
"""The row of lesson 2's cards (a picked card rises a row above it)."""
_STARTER_X: Final = 4 * CARD_WIDTH + 3
_HEADING_X: Final = _STARTER_X + CARD_WIDTH + 4


_PONE: Final = "The dealer is the player who dealt the cards, and the pone the other player."

OVERVIEW_WORDS: Final = (
    "Cribbage is a card game for two players (three or four can play it too): here, you and "
    "the computer. You score points for combinations of cards, such as cards adding up to 15 "
    "or cards of the same rank.",
    f"{define('peg')} The board is at the top right of the game's screen, and the first to "
    "peg 121 points wins.",
    f"A game is played hand after hand. {define('dealer')} {define('pone')} The deal passes "
    "from one to the other each hand.",
    define("crib"),
    "Next, a hand on the game's own screen, one step at a time.",
)
"""The first page of lesson 1: the game, its goal, and the start of a hand."""


class Overview(_Pages):
    """The first page of lesson 1, before a hand on the game's screen."""

    def run(self) -> bool:
        """Show the page until the player goes on (`Quit` when the player quits)."""
        right = self.glyphs.arrows[1]
        self.body = lambda rows, cols: self._draw(rows)
        self.prompt = ""
        self.keys = f"space, Enter or {right} go on   ? help   q quit"
        while self.key() not in _GO_ON:
            pass
        return True

    def _draw(self, rows: int) -> None:
        self.screen.put(0, 0, _title(lesson_number(OVERVIEW)), _BOLD)
        y = 2
        for paragraph in OVERVIEW_WORDS:
            y = self.text(y, [(paragraph, Style())], rows - 2) + 1


class CountingLesson(_Pages):
    """Lesson 2: two hands counted for the player combination by combination, then one (or,
    after a miscount, two) that the player counts."""

    def __init__(self, screen: Screen, glyphs: Glyphs) -> None:
        super().__init__(screen, glyphs)
        self.speaker = Speaker(glyphs)

    def run(self) -> bool:
        """Give the lesson; True once it is finished (`Quit` when the player quits)."""
        self.page(
            None,
            [
                (rules_passage("THE SHOW", "After the play the hands are counted", "crib"), _BOLD),
                (_PONE, Style()),
                ("", Style()),
                (rules_passage("THE CARDS", "For adding up"), Style()),
                ("", Style()),
                (rules_passage("THE SHOW", "The program lays out each count"), Style()),
                ("", Style()),
                (
                    "Here are two hands counted for you, one combination at a time; then you "
                    "count one.",
                    Style(),
                ),
            ],
            back=False,
        )
        for number, seed in enumerate(SHOWN, 1):
            self.walk(counting_hand(seed), f"Hand {number} of {len(SHOWN)}")
        own = " ".join(
            (
                rules_passage("COUNTING YOUR OWN HAND", "when asked"),
                rules_passage("THE SHOW", "Some counts cannot happen"),
            )
        )
        for number, seed in enumerate(COUNTED):
            hand = counting_hand(seed)
            intro = "Now count one yourself: " + own if number == 0 else "Try another one."
            claimed = self.ask_count(hand, intro)
            said = Claimed(Seat.HUMAN, claimed, hand.score.total, crib=False)
            line = self.speaker.lines(said)[0].text
            if claimed == hand.score.total:
                self.page(hand, self._whole(hand), heading=line, back=False, done=True)
                return True
            self.walk(hand, line)
        return True

    def walk(self, hand: PracticeHand, heading: str) -> None:
        """Count `hand` combination by combination, then as a whole; the left arrow goes
        back a step."""
        steps = show_steps(hand.score)
        place = -1
        while place <= len(steps):
            if place < 0:
                cards, starter = self.glyphs.cards(list(hand.hand)), self.glyphs.card(hand.starter)
                lines = [(f"{cards}, and the starter {starter}: each combination in turn.", _BOLD)]
                went = self.page(hand, lines, heading=heading, back=False)
            elif place < len(steps):
                went = self.page(
                    hand, self._step(steps[place]), steps[place].cards, heading=heading
                )
            else:
                went = self.page(hand, self._whole(hand), heading=heading, done=True)
            place += 1 if went else -1

    def _step(self, step: ShowStep) -> list[tuple[str, Style]]:
        named = step.so_far.items
        rows = breakdown(step.so_far, self.glyphs)
        current = len(named) - len(step.items)
        lines = [(row, _BOLD if i >= current else Style()) for i, row in enumerate(rows)]
        lines.append(("", Style()))
        lines.append((announce_sentence(step.so_far), _BOLD))
        lines.append(("", Style()))
        lines.append(("The rules (cribbage --rules):", _DIM))
        lines += [(row, Style()) for row in show_rows(step.kind)]
        return lines

    def _whole(self, hand: PracticeHand) -> list[tuple[str, Style]]:
        """The whole count, in the order it is said."""
        steps = show_steps(hand.score)
        score = steps[-1].so_far if steps else hand.score
        rows = [*breakdown(score, self.glyphs), f"  {score.total:2}  total"]
        lines = [(row, Style()) for row in rows]
        lines.append(("", Style()))
        lines.append((announce_sentence(score), _BOLD))
        return lines

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
        """Show a page until the player goes on (True) or back (False)."""
        right, left = self.glyphs.arrows[1], self.glyphs.arrows[0]
        self.body = lambda rows, cols: self._draw(rows, hand, picked, lines, heading)
        self.prompt = "That is the whole count." if done else ""
        self.keys = f"space, Enter or {right} go on" + (f"   {left} back" if back else "")
        self.keys += "   ? help   q quit"
        while True:
            key = self.key()
            if key in _GO_ON:
                return True
            if key in _BACK and back:
                return False

    def ask_count(self, hand: PracticeHand, intro: str) -> int:
        """The player's count of `hand` (19 or 0 for nothing), typed then Enter."""
        lines = [(intro, Style())]
        self.body = lambda rows, cols: self._draw(rows, hand, frozenset(), lines, "")
        self.prompt = "Count your hand:"
        self.keys = "type the points (19 for nothing) and Enter   ? help   q quit"
        self.typed = ""
        try:
            while True:
                key = self.key()
                if key in _DIGITS and len(self.typed) < 2:
                    self.typed += key
                elif key == BACKSPACE:
                    self.typed = self.typed[:-1]
                elif key == ESCAPE:
                    self.typed = ""
                elif key == ENTER and self.typed:
                    points = read_count(self.typed)
                    if points is not None:
                        return points
                    self.typed = ""
                    lines = [(intro, Style()), ("", Style()), (TOO_MANY, _BOLD)]
        finally:
            self.typed = ""

    def _draw(
        self,
        rows: int,
        hand: PracticeHand | None,
        picked: frozenset[Card],
        lines: Sequence[tuple[str, Style]],
        heading: str,
    ) -> None:
        screen, painter, g = self.screen, self.painter, self.glyphs
        screen.put(0, 0, _title(lesson_number("counting")), _BOLD)
        y = 2
        if hand is not None:
            screen.put(_HAND_Y - 2, 0, "hand", _DIM)
            screen.put(_HAND_Y - 2, _STARTER_X, "starter", _DIM)
            screen.put(_HAND_Y + 1, _HEADING_X, heading, _BOLD)
            places = [(i * CARD_WIDTH, card) for i, card in enumerate(hand.hand)]
            places.append((_STARTER_X, hand.starter))
            for x, card in places:
                up = card in picked
                painter.card(_HAND_Y - up, x, card, cursor=up)
                if up:
                    screen.put(_HAND_Y + 3, x + 2, g.arrows[2], _BOLD)
            y = _HAND_Y + 5
        self.text(y, lines, rows - 2)


def _wrap(text: str, width: int = MIN_COLS - 1) -> list[str]:
    """`text` in lines of `width` at most; a line that fits keeps its spaces."""
    if len(text) <= width:
        return [text] if text else []
    return wrap(text, width, hyphens=False)


# -- the list of lessons


class Outcome(Enum):
    """How a session of lessons ends."""

    LEFT = "left"
    PLAY = "play"
    """The player asked for a real game."""


_REAL_GAME_TITLE: Final = "A real game"
_REAL_GAME_ABOUT: Final = "to 121 against the easy computer"


class Lessons(_Pages):
    """The list of lessons: it offers the next one not finished, gives the one chosen, and
    remembers it once finished; after the last, it offers a real game."""

    overview: type[Overview] = Overview
    """What gives the first page of the first lesson (another face gives it in plain
    lines)."""
    counting_lesson: type[CountingLesson] = CountingLesson
    """What gives the counting lesson."""
    lesson_ui: type[LessonUI] = LessonUI
    """What plays a lesson's hand."""

    def __init__(
        self,
        screen: Screen,
        progress: LessonProgress,
        *,
        glyphs: Glyphs = UNICODE,
        delay: float = REAL_GAME.delay,
    ) -> None:
        super().__init__(screen, glyphs)
        self.progress = progress
        self.delay = delay
        self.done: frozenset[str] = frozenset()
        self.notes: list[str] = []
        """Sentences for the player under the list (the progress file's, the last lesson's)."""
        self.farewell: list[str] = []
        """What to say once the terminal is restored."""

    def run(self) -> Outcome:
        """Offer lessons until the player leaves or asks for a real game."""
        done, message = self.progress.load()
        self.done = done
        if message:
            self.notes.append(message)
        if done and OVERVIEW not in done:
            number = lesson_number(OVERVIEW)
            self.notes.append(
                f"Lesson {number}, {LESSONS[number - 1].title}, goes over a hand from the deal "
                f"to the show in a few minutes: {number} starts it."
            )
        offered = self.next_lesson()
        while True:
            chosen = self.choose(offered)
            if chosen is None:
                self._leaving()
                return Outcome.LEFT
            if chosen == len(LESSONS):
                return Outcome.PLAY
            lesson = LESSONS[chosen]
            if not self.give(chosen + 1):
                self.farewell.append(
                    f"Lesson {chosen + 1}, {lesson.title}, is not finished: "
                    "cribbage --learn offers it again."
                )
                return Outcome.LEFT
            self.done |= {lesson.key}
            self.notes = [f"Lesson {chosen + 1}, {lesson.title}, is done."]
            message = self.progress.finish(lesson.key)
            if message:
                self.notes.append(message)
            offered = self.next_lesson()
            if all(lesson.key in self.done for lesson in LESSONS):
                self.notes.append("Every lesson is done: Enter starts a real game.")
            elif offered == len(LESSONS):
                self.notes.append("Enter starts a real game.")

    def next_lesson(self) -> int:
        """The lesson to offer (after the last: the real game), as `learn.next_lesson`."""
        return next_lesson(self.done)

    def _leaving(self) -> None:
        chosen = self.next_lesson()
        if chosen < len(LESSONS):
            lesson = LESSONS[chosen]
            self.farewell.append(
                f"cribbage --learn goes on with lesson {chosen + 1}, {lesson.title}."
            )

    def give(self, number: int) -> bool:
        """Give lesson `number` (from 1); True once it is finished, False if the player quit."""
        key = LESSONS[number - 1].key
        scripts: list[tuple[Deal, Script]]
        if key == "counting":
            try:
                return self.counting_lesson(self.screen, self.glyphs).run()
            except Quit:
                return False
        if key == OVERVIEW:
            try:
                self.overview(self.screen, self.glyphs).run()
            except Quit:
                return False
            scripts = [(THE_GAME, TheGame())]
        elif key == "laying-away":
            scripts = [(deal, LayingAway(part)) for part, deal in enumerate(LAYING_AWAY)]
        elif key == "the-play":
            scripts = [(THE_PLAY, ThePlay())]
        else:
            scripts = [(A_HAND, AHand())]
        for deal, script in scripts:
            ui = self.lesson_ui(self.screen, deal, script, glyphs=self.glyphs, delay=self.delay)
            ui.run()
            if not ui.finished:
                return False
        return True

    def choose(self, chosen: int) -> int | None:
        """The lesson the player chooses (`len(LESSONS)`: the real game), None to leave."""
        entries = len(LESSONS) + 1
        self.prompt = ""
        self.keys = f"arrows or j k choose   Enter starts   1-{entries}   ? help   q leaves"
        while True:

            def body(rows: int, cols: int, at: int = chosen) -> None:
                self._draw(rows, at)

            self.body = body
            key = self.read_key()
            if key in ("q", F10, ESCAPE):
                return None
            if key == "?":
                self.box("Keys", self.help_lines())
            elif key in (UP, LEFT, "k", "h"):
                chosen = (chosen - 1) % entries
            elif key in (DOWN, RIGHT, "j", "l"):
                chosen = (chosen + 1) % entries
            elif key in (HOME, END):
                chosen = 0 if key == HOME else entries - 1
            elif key in _DIGITS and 1 <= int(key) <= entries:
                return int(key) - 1
            elif key in (ENTER, " "):
                return chosen

    def help_lines(self) -> list[str]:
        return [
            "arrows, j k      choose a lesson",
            "Enter, space     start it",
            f"1 to {len(LESSONS) + 1}           start that one",
            "q                leave (the lessons finished are remembered)",
            "?                these keys",
            "",
            "In a lesson the game's own keys work, and q quits.",
        ]

    def _draw(self, rows: int, chosen: int) -> None:
        screen, g = self.screen, self.glyphs
        screen.put(0, 0, "Learn cribbage", _BOLD)
        intro = (
            "Five short lessons, each of a few minutes, on deals chosen so that "
            "what they say fits the cards. The game's keys work in them, and q quits at any "
            "time. The lessons you finish are remembered; the next one is offered."
        )
        y = self.text(2, [(intro, Style())], rows - 2) + 1
        entries = [(lesson.title, lesson.about, lesson.key in self.done) for lesson in LESSONS]
        entries.append((_REAL_GAME_TITLE, _REAL_GAME_ABOUT, False))
        done_x = 2 + 3 + 17 + max(len(about) for _, about, _ in entries) + 2
        for i, (title, about, finished) in enumerate(entries):
            mark = g.arrows[1] if i == chosen else " "
            style = Style(bold=i == chosen, reverse=i == chosen)
            screen.put(y, 0, mark, _BOLD)
            screen.put(y, 2, f"{i + 1}  {title:<17}{about}", style)
            if finished:
                screen.put(y, done_x, "done", _DIM)
            y += 1
        y += 1
        for note in self.notes:
            y = self.text(y, [(note, Style())], rows - 2)
        if chosen < len(LESSONS):
            self.prompt = f"Lesson {chosen + 1}: {LESSONS[chosen].title}. Enter starts it."
        else:
            self.prompt = "A real game against the easy computer. Enter starts it."


def run_learn(
    progress: LessonProgress,
    *,
    ascii_only: bool = False,
    delay: float = REAL_GAME.delay,
    play: Callable[[Screen, Glyphs, list[str]], int] | None = None,
) -> int:
    """The lessons in the terminal; return the exit status.

    When the player asks for a real game at the end, `play` plays it on the same screen
    (with the save: `saving.play_kept`), adding to the lines said once the terminal is
    restored.
    """
    farewell: list[str] = []

    def session(window: curses.window) -> int:
        glyphs = choose_glyphs(ascii_only, window.encoding)
        screen = CursesScreen(window, color=start_colors(wants_color()))
        lessons = Lessons(screen, progress, glyphs=glyphs, delay=delay)
        outcome = lessons.run()
        farewell.extend(lessons.farewell)
        if outcome is Outcome.PLAY and play is not None:
            return play(screen, glyphs, farewell)
        return 0

    status = curses.wrapper(session)
    for line in farewell:
        print(line)
    return status
