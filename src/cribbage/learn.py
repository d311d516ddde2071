"""The lessons of `cribbage --learn`: their deals, and what they say, each thing from one place.

Five short lessons: the whole game (a hand from the deal to the show, and how a game is won),
counting a hand, laying away, the play, and a whole hand against the easy computer with the
coach. Each is played on fixed deals (a seed, and where each player
cuts for the deal), so that what it says always fits the cards. The seeds were found with
`tools/lesson_deals.py`; the tests check that each deal still holds what its lesson says of
it.

The words come from where the game already says them: the rules as `--rules` shows them
(`rules_passage`, `rules_rows`), the show's count as the game announces it
(`cribbage.scoring.announce`) and as `--count` lays it out (`breakdown`), and the hint's
figures (`DiscardOption`), said in words by `discard_words`. The coach's words, the hint
panel and the game's messages are the screen's (`cribbage.ui.learn`). Nothing here draws,
reads keys or touches a file.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Final

from .calculator import breakdown_lines
from .cards import Card
from .computer import Computer, DiscardOption
from .events import Event, Go, Reason, Scored
from .glyphs import Glyphs
from .instructions import rules_section
from .match import MatchOver, MatchState, apply_match
from .practice import TOO_MANY, PracticeHand, deal_practice_hand, read_count

# The hand to count, how a typed count is read and what a count past 29 is told are counting
# practice's; the lesson's screen takes them from here.
from .record import Recorder
from .rules import CutForDeal, Discard, Phase, Play, Seat, legal_plays, pending
from .scoring import Score, ScoreItem, ScoreKind, score_play
from .tables import TableCore
from .view import view_for

__all__ = [
    "A_HAND",
    "COUNTED",
    "EASY",
    "LAYING_AWAY",
    "LESSONS",
    "OVERVIEW",
    "PLAY_TOPICS",
    "SHOWN",
    "THE_GAME",
    "THE_PLAY",
    "TOO_MANY",
    "Deal",
    "Lesson",
    "PracticeHand",
    "ShowStep",
    "best_plays",
    "breakdown",
    "counting_hand",
    "discard_words",
    "every_play",
    "lesson_number",
    "next_lesson",
    "play_topics",
    "read_count",
    "rules_passage",
    "rules_rows",
    "show_rows",
    "show_steps",
]


@dataclass(frozen=True, slots=True)
class Lesson:
    """One lesson: `key` names it in the progress file, `title` on the screen."""

    key: str
    title: str
    about: str
    """What it teaches, in a line for the list of lessons."""


LESSONS: Final = (
    Lesson("the-game", "The whole game", "a hand played through, and how a game is won"),
    Lesson("counting", "Counting a hand", "fifteens, pairs, runs, flushes, his nobs"),
    Lesson("laying-away", "Laying away", "the crib, whose it is, which two cards go"),
    Lesson("the-play", "The play", "the count, 15 and 31, pairs, runs, go, last card"),
    Lesson("a-hand", "A whole hand", "against the easy computer, with the coach"),
)
"""The lessons, in the order `--learn` offers them. A lesson's key is what the progress file
remembers (`cribbage.storage.lessons`): a lesson keeps its key when lessons are added before
it, so that what a player finished stays finished."""

OVERVIEW: Final = LESSONS[0].key
"""The lesson offered first to a newcomer, and skipped in what is offered to a player who
has finished another lesson (it came after them)."""


def lesson_number(key: str) -> int:
    """The number of the lesson `key` on the list, from 1.

    >>> lesson_number("counting")
    2
    """
    return next(number for number, lesson in enumerate(LESSONS, 1) if lesson.key == key)


def next_lesson(done: frozenset[str]) -> int:
    """The index of the lesson to offer a player who finished the lessons `done` (after the
    last: `len(LESSONS)`, the real game): the first not finished, but the whole game only to
    a newcomer.

    >>> next_lesson(frozenset()), next_lesson(frozenset({"the-game"}))
    (0, 1)
    >>> next_lesson(frozenset({"counting"})), next_lesson(frozenset(l.key for l in LESSONS[1:]))
    (2, 5)
    """
    begun = any(lesson.key in done for lesson in LESSONS)
    return next(
        (
            index
            for index, lesson in enumerate(LESSONS)
            if lesson.key not in done and not (begun and lesson.key == OVERVIEW)
        ),
        len(LESSONS),
    )


EASY: Final = "easy"
"""The level of the computer in the lessons."""


# -- the rules, quoted


def rules_passage(heading: str, starts: str, until: str | None = None) -> str:
    """The words of the rules' section `heading` from `starts` to the end of its paragraph,
    or to the end of the first sentence that holds `until`.

    Raises:
        LookupError: the section or the words are not in the rules (a test calls every
            passage the lessons quote, so a change of the rules' words shows there).

    >>> rules_passage("THE STARTER", "If the starter", "heels")
    'If the starter is a jack, the dealer pegs 2 at once: "two for his heels".'
    """
    for paragraph in rules_section(heading):
        at = paragraph.find(starts)
        if at < 0:
            continue
        text = paragraph[at:]
        if until is None:
            return text
        found = text.find(until)
        if found < 0:
            break
        end = text.find(". ", found)
        return text if end < 0 else text[: end + 1]
    raise LookupError(f"The rules' {heading} do not say '{starts}'.")


def rules_rows(heading: str, term: str) -> tuple[str, ...]:
    """The rows of a table in the rules' section `heading` for `term` ("a pair"): its line and
    the lines that go on with it, as `--rules` shows them, without the table's indent.

    Raises:
        LookupError: no row of that section starts with `term`.

    >>> rules_rows("THE SHOW", "his nobs")
    ("his nobs        the jack of the starter's suit in the hand    1",)
    """
    lines = rules_section(heading)
    for index, line in enumerate(lines):
        text = line.lstrip(" ")
        indent = len(line) - len(text)
        if indent and text.startswith(term + " "):
            rows = [text]
            for more in lines[index + 1 :]:
                rest = more.lstrip(" ")
                if not rest or len(more) - len(rest) <= indent:
                    break
                rows.append(more[indent:])
            return tuple(rows)
    raise LookupError(f"The rules' {heading} have no row for '{term}'.")


# -- lesson 2: counting a hand

SHOWN: Final = (150, 6793)
"""The seeds of the hands counted for the player (`counting_hand`): fifteens, a pair and
a double run; then a flush, his nobs, a fifteen and a run."""
COUNTED: Final = (17, 20)
"""The seeds of the hands the player counts: the second only after a miscount of the first."""

_SHOW_TERMS: Final = {
    ScoreKind.FIFTEEN: "fifteen",
    ScoreKind.PAIR: "a pair",
    ScoreKind.RUN: "a run",
    ScoreKind.FLUSH: "a flush",
    ScoreKind.NOBS: "his nobs",
}
_ORDER: Final = (ScoreKind.FIFTEEN, ScoreKind.PAIR, ScoreKind.RUN, ScoreKind.FLUSH, ScoreKind.NOBS)
"""The order a count is said in (`cribbage.scoring.announce`)."""


def counting_hand(seed: int) -> PracticeHand:
    """A hand and its starter to count: counting practice's deal (`--practice`) from `seed`."""
    return deal_practice_hand(random.Random(seed))


@dataclass(frozen=True, slots=True)
class ShowStep:
    """One step of counting a hand aloud: the combination named now (a pair with the other
    pairs of its rank, so that three of a kind is named at once), and the count so far."""

    kind: ScoreKind
    items: tuple[ScoreItem, ...]
    so_far: Score
    """Every combination named up to this step, this one included."""

    @property
    def cards(self) -> frozenset[Card]:
        """The cards picked out at this step."""
        return frozenset(card for item in self.items for card in item.cards)

    @property
    def points(self) -> int:
        return sum(item.points for item in self.items)


def show_steps(score: Score) -> tuple[ShowStep, ...]:
    """The combinations of a show's `score` in the order a player counts them aloud.

    >>> hand = counting_hand(SHOWN[1])
    >>> [step.kind.value for step in show_steps(hand.score)]
    ['fifteen', 'run', 'flush', 'his nobs']
    """
    groups: list[tuple[ScoreKind, tuple[ScoreItem, ...]]] = []
    for kind in _ORDER:
        items = score.of_kind(kind)
        if kind is ScoreKind.PAIR:
            ranks = sorted({item.cards[0].rank for item in items})
            groups.extend(
                (kind, tuple(item for item in items if item.cards[0].rank is rank))
                for rank in ranks
            )
        else:
            groups.extend((kind, (item,)) for item in items)
    steps: list[ShowStep] = []
    named: tuple[ScoreItem, ...] = ()
    for kind, items in groups:
        named += items
        steps.append(ShowStep(kind, items, Score(named)))
    return tuple(steps)


def show_rows(kind: ScoreKind) -> tuple[str, ...]:
    """What the rules' table of the show says of a kind of combination."""
    return rules_rows("THE SHOW", _SHOW_TERMS[kind])


def breakdown(score: Score, glyphs: Glyphs) -> list[str]:
    """The combinations of `score` a line each, as `cribbage --count` lays them out."""
    return breakdown_lines(score, glyphs)


# -- the deals of lessons 1 and 3 to 5


@dataclass(frozen=True, slots=True)
class Deal:
    """A two-handed game started from `seed`, you and the computer cutting for the deal at
    `cuts`, so that `dealer` deals (the tests check it); the easy computer plays from
    `computer`, its seed. `discard`: the cards you lay away, when the lesson begins after
    the discards."""

    seed: int
    cuts: tuple[int, int]
    dealer: int
    computer: int = 1
    discard: tuple[str, ...] = ()

    def table(self) -> TableCore:
        """The table of this deal: dealt, and with the discard made when `discard` is given
        (the computer laying away as it would, and, as you deal, cutting the starter)."""
        recorder = Recorder.start(self.seed)
        for seat, position in enumerate(self.cuts):
            recorder.apply(CutForDeal(seat, position))
        state = recorder.state.game
        if state.phase is not Phase.DISCARD or state.dealer != self.dealer:
            raise RuntimeError(f"The deal of seed {self.seed} is not the lesson's.")
        core = TableCore(recorder, {Seat.COMPUTER: Computer(EASY, self.computer)})
        if self.discard:
            cards = tuple(Card.parse(text) for text in self.discard)
            core.apply(core.computer_action(Seat.COMPUTER))
            core.apply(Discard(Seat.HUMAN, cards))
            core.apply(core.computer_action(recorder.state.game.pone))  # the starter
        return core


THE_GAME: Final = Deal(19, (20, 30), dealer=Seat.COMPUTER)
"""Lesson 1: the computer deals you 4♠ 5♦ 5♥ 6♠ 9♥ K♣ (fifteens, a pair, runs); you lay away
any two, cut the starter and lead, and the hand is played out and shown."""

LAYING_AWAY: Final = (
    Deal(31, (20, 30), dealer=Seat.COMPUTER),
    Deal(32, (20, 30), dealer=Seat.HUMAN),
)
"""Lesson 3: the computer deals, then you do. In each, keeping the most points in hand is
not the best discard: the crib decides."""

THE_PLAY: Final = Deal(2970, (20, 30), dealer=Seat.HUMAN, discard=("2d", "4h"))
"""Lesson 4: you deal and have laid away; the computer leads. Playing a card that pegs the
most whenever one pegs, the play shows a fifteen, a thirty-one and a run, a pair and three
of a kind, a go and last card."""

A_HAND: Final = Deal(80, (20, 30), dealer=Seat.COMPUTER)
"""Lesson 5: the computer deals; you lay away, cut the starter and lead."""


# -- lesson 3: laying away


def discard_words(option: DiscardOption, crib: str) -> str:
    """The hint's figures of a discard said in words; `crib` names whose crib it is, as a
    possessive ("the computer's", "your").

    >>> from cribbage.computer import discard_options
    >>> from cribbage.cards import parse_cards
    >>> hand = parse_cards(["5d", "6h", "7s", "tc", "jc", "kc"])
    >>> best = discard_options(hand, dealer=False)[0]
    >>> [str(card) for card in best.discard], discard_words(best, "the computer's")
    (['TC', 'KC'], "keeps about 8 points in hand with the starter, gives the computer's crib about 4")

    (The four cards kept count 5 alone; with each starter they might turn up, 8 on average.)
    """
    hand, crib_points = round(option.hand), round(abs(option.crib))
    return (
        f"keeps about {hand} point{'' if hand == 1 else 's'} in hand with the starter, "
        f"gives {crib} crib about {crib_points}"
    )


# -- lesson 4: the play

PLAY_TOPICS: Final = (
    "fifteen",
    "thirty-one",
    "pair",
    "three of a kind",
    "run",
    "go",
    "one for the go",
    "last card",
)
"""What the play lesson explains, each the first time it happens."""


def play_topics(events: Iterable[Event | MatchOver]) -> list[str]:
    """The topics of `PLAY_TOPICS` that `events` show, in the order of `PLAY_TOPICS`.

    >>> from cribbage.cards import parse_cards
    >>> score = score_play(parse_cards(["7c", "8h", "7d", "9c"]))
    >>> play_topics([Scored(0, score.total, Reason.PLAY, 5, score), Go(1)])
    ['thirty-one', 'run', 'go']
    """
    found: set[str] = set()
    for event in events:
        if isinstance(event, Go):
            found.add("go")
        elif isinstance(event, Scored):
            if event.reason is Reason.GO:
                found.add("one for the go")
            elif event.reason is Reason.LAST_CARD:
                found.add("last card")
            elif event.reason is Reason.PLAY:
                for item in event.score.items:
                    if item.kind is ScoreKind.PAIR:
                        found.add("pair" if item.points == 2 else "three of a kind")
                    else:
                        found.add(item.kind.value)
    return [topic for topic in PLAY_TOPICS if topic in found]


def best_plays(pile: Sequence[Card], legal: Sequence[Card]) -> tuple[frozenset[Card], int]:
    """The cards of `legal` that peg the most on `pile` now, and how much (none when no card
    pegs).

    >>> from cribbage.cards import parse_cards
    >>> cards, points = best_plays(parse_cards(["7c"]), parse_cards(["8h", "9c", "kh"]))
    >>> sorted(str(card) for card in cards), points
    (['8H'], 2)
    """
    points = {card: score_play((*pile, card)).total for card in legal}
    most = max(points.values(), default=0)
    if not most:
        return frozenset(), 0
    return frozenset(card for card, value in points.items() if value == most), most


def every_play(state: MatchState, computer: Computer) -> Iterator[list[Event | MatchOver]]:
    """Every way the play of a lesson's hand can go from `state`: the computer plays as it
    does, the player any card the lesson allows (one that pegs the most when one pegs, else
    any); each as the events of the rest of the play. For checking the lessons' deals."""
    game = state.game
    if game.phase is not Phase.PLAY:
        yield []
        return
    seat = pending(game)[0]
    if seat == Seat.COMPUTER:
        actions = [computer.act(view_for(game, seat))]
    else:
        legal = legal_plays(game, seat)
        cards, _ = best_plays(game.pile, legal)
        actions = [Play(seat, card) for card in sorted(cards or legal)]
    for action in actions:
        after, events = apply_match(state, action)
        for rest in every_play(after, computer):
            yield [*events, *rest]
