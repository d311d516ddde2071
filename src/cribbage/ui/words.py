"""What the game says: every event in the game's words, and the scrolling message history.

Nothing here decides anything: the words come from the events and from
`cribbage.scoring.announce`.
"""

from __future__ import annotations

import textwrap
from collections.abc import Sequence
from dataclasses import dataclass, field
from enum import Enum
from typing import Final, assert_never

from ..calculator import PLAY_NOT_RECKONED
from ..coach import GameSummary, HandReview, Miscount, PlayReview
from ..computer import DiscardOption, PlayOption
from ..events import (
    Claimed,
    CountReset,
    CutCard,
    CutTied,
    DealerChosen,
    Dealt,
    Discarded,
    Event,
    GameOver,
    GameResult,
    Go,
    HandOver,
    Played,
    Reason,
    Scored,
    Shown,
    StarterTurned,
)
from ..glyphs import Glyphs
from ..match import MatchOver
from ..rules import GameConfig, Seat
from ..scoring import Score, ScoreKind, announce, announce_sentence, number_word
from .seats import Seating

__all__ = [
    "Line",
    "MessageLog",
    "Speaker",
    "Tone",
    "coach_lines",
    "coach_summary_lines",
    "hint_lines",
    "play_words",
]


class Tone(Enum):
    """What kind of message a line is; the screen gives each kind its look."""

    INFO = "info"
    HUMAN = "human"
    """Something the player did or scored."""
    COMPUTER = "computer"
    """Something the computer did or scored."""
    RESULT = "result"
    ERROR = "error"
    TALK = "talk"
    """Something a person at the table said."""


@dataclass(frozen=True, slots=True)
class Line:
    """One message."""

    text: str
    tone: Tone = Tone.INFO


def play_words(score: Score) -> str:
    """Points made in the play, as announced: 'fifteen for two', 'a pair for two'.

    >>> from cribbage.cards import parse_cards
    >>> from cribbage.scoring import score_play
    >>> play_words(score_play(parse_cards(["tc", "5h", "5d", "5s"])))
    'three of a kind for six'
    >>> play_words(score_play(parse_cards(["5h", "5d", "5s"])))
    'fifteen and three of a kind for eight'
    """
    phrases: list[str] = []
    for item in score.items:
        match item.kind:
            case ScoreKind.FIFTEEN:
                phrases.append("fifteen")
            case ScoreKind.THIRTY_ONE:
                phrases.append("thirty-one")
            case ScoreKind.PAIR:
                phrases.append(
                    {2: "a pair", 6: "three of a kind", 12: "four of a kind"}[item.points]
                )
            case ScoreKind.RUN:
                phrases.append(f"a run of {number_word(item.points)}")
            case ScoreKind.FLUSH | ScoreKind.NOBS:
                phrases.append(item.kind.value)
            case _ as unreachable:
                assert_never(unreachable)
    return f"{' and '.join(phrases)} for {number_word(score.total)}"


@dataclass(frozen=True, slots=True)
class Speaker:
    """Turns events into lines, in full or (`quiet`) in short, naming seats as `seating` does."""

    glyphs: Glyphs
    quiet: bool = False
    explain: tuple[bool, ...] = (True, True)
    """Per seat: lay out the breakdown of a hand counted by that seat."""
    seating: Seating = field(default_factory=Seating)
    config: GameConfig = GameConfig()
    """The rules of the game spoken of (what goes to the crib, whether muggins is taken)."""

    def subject(self, seat: int) -> str:
        return self.seating.subject(seat)

    def verb(self, seat: int, verb: str, *, inside: bool = False) -> str:
        """'You play', 'The computer plays', 'West plays' (`inside` a sentence: 'you play')."""
        return self.seating.verb(seat, verb, inside=inside)

    def whose(self, seat: int) -> str:
        return self.seating.whose(seat)

    def tone(self, seat: int) -> Tone:
        return Tone.HUMAN if seat == Seat.HUMAN and not self.seating.watching else Tone.COMPUTER

    def lines(self, event: Event | MatchOver) -> list[Line]:
        """The messages for one event (none for an event that says nothing by itself)."""
        g = self.glyphs
        match event:
            case CutCard(seat, card):
                return [Line(f"{self.verb(seat, 'cut')} the {g.card(card)}.", self.tone(seat))]
            case CutTied():
                return [Line("The same rank: cut again.")]
            case DealerChosen(seat):
                return [Line(f"Low card deals first. {self.verb(seat, 'deal')}.")]
            case Dealt(dealer, number):
                who = self.verb(dealer, "deal", inside=True)
                extra = self.config.crib_from_pack
                if extra:  # three-handed: say why the crib already holds a card
                    cards = "a card" if extra == 1 else f"{number_word(extra)} cards"
                    who += f", and {cards} from the pack goes to the crib"
                return [Line(f"Hand {number}: {who}.", Tone.RESULT)]
            case Discarded(seat, cards):
                if seat == Seat.HUMAN and not self.seating.watching:
                    return [Line(f"You lay away {g.cards(cards)}.", Tone.HUMAN)]
                if self.quiet:
                    return []
                laid = len(cards) or self.seating.discards  # cards hidden: as many as the rules say
                many = "one card" if laid == 1 else f"{number_word(laid)} cards"
                return [Line(f"{self.verb(seat, 'lay')} away {many}.", Tone.COMPUTER)]
            case StarterTurned(cutter, card):
                return [Line(f"{self.verb(cutter, 'cut')}: the starter is the {g.card(card)}.")]
            case Played(seat, card, count):
                if self.quiet:
                    return [
                        Line(f"{self.subject(seat)}: {g.card(card)} ({count})", self.tone(seat))
                    ]
                return [
                    Line(f"{self.verb(seat, 'play')} the {g.card(card)}: {count}.", self.tone(seat))
                ]
            case Go(seat):
                return [Line(f"{self.verb(seat, 'say')} go.", self.tone(seat))]
            case CountReset(leader):
                if self.quiet:
                    return []
                who = self.verb(leader, "lead", inside=True)
                return [Line(f"The count starts again at zero; {who}.")]
            case Scored():
                return self._scored(event)
            case Shown(seat, cards, starter, crib, score, claimed):
                what = "crib" if crib else "hand"
                said = f"{self.whose(seat)} {what} {g.cards(cards)} + {g.card(starter)}"
                lines = [Line(f"{said}: {score.total}", self.tone(seat))]
                # a miscount is shown what the cards held (and muggins takes what was missed)
                miscounted = claimed is not None and claimed != score.total
                if self.explain[seat] or miscounted:
                    lines.append(Line(f"  {announce_sentence(score)}", self.tone(seat)))
                return lines
            case Claimed():
                return self._claimed(event)
            case HandOver():
                return []
            case GameOver(winner, scores, result):
                text = f"{self.seating.side_verb(winner, 'win')} {self._against(winner, scores)}"
                if result is GameResult.SKUNK:
                    text += ": a skunk"
                elif result is GameResult.DOUBLE_SKUNK:
                    text += ": a double skunk"
                return [Line(text + "!", Tone.RESULT)]
            case MatchOver(winner, points):
                who = self.seating.side_verb(winner, "win")
                return [Line(f"{who} the match, {self._against(winner, points)}.", Tone.RESULT)]
            case _ as unreachable:
                assert_never(unreachable)

    def _scored(self, event: Scored) -> list[Line]:
        seat, points, tone = event.seat, number_word(event.points), self.tone(event.seat)
        pegs = self.verb(seat, "peg", inside=True)
        match event.reason:
            case Reason.HEELS:
                return [Line(f"His heels: {pegs} two.", tone)]
            case Reason.PLAY:
                return [Line(f"{_capital(play_words(event.score))}.", tone)]
            case Reason.GO:
                return [Line(f"One for the go: {pegs} one.", tone)]
            case Reason.THREE_FOR_LAST:
                return [Line(f"Three for last: {pegs} three.", tone)]
            case Reason.LAST_CARD:
                return [Line(f"One for last card: {pegs} one.", tone)]
            case Reason.HAND | Reason.CRIB:
                return []  # the count itself was just laid out (Shown) or stated (Claimed)
            case Reason.OVERCLAIM:
                return [Line(f"{self.verb(seat, 'peg')} {points} for the over-count.", tone)]
            case Reason.MUGGINS:
                return [Line(f"Muggins! {self.verb(seat, 'take')} the {points} missed.", tone)]
            case _ as unreachable:
                assert_never(unreachable)

    def _claimed(self, event: Claimed) -> list[Line]:
        seat, tone = event.seat, self.tone(event.seat)
        what = "crib" if event.crib else "hand"
        said = f"{self.verb(seat, 'count')} {event.claimed}"
        if event.claimed == event.actual:
            return [Line(f"{said}: right.", tone)]
        return [Line(f"{said}, but the {what} is worth {event.actual}.", Tone.ERROR)]

    def _against(self, winner: int, scores: tuple[int, ...]) -> str:
        """The winner's score against the others', best first: '121 to 97'; with more than
        two sides, each named: "121 to West's 97 and your 80".

        >>> from cribbage.glyphs import ASCII
        >>> Speaker(ASCII, seating=Seating(3))._against(1, (80, 121, 97))
        "121 to East's 97 and your 80"
        """
        seating = self.seating
        others = sorted(
            (side for side in range(len(scores)) if side != winner), key=lambda s: -scores[s]
        )
        # more than two sides: one seat each, so a side is named as its seat
        *most, last = [
            f"{seating.whose(side).replace('Your', 'your')} {scores[side]}"
            if seating.sides > 2
            else str(scores[side])
            for side in others
        ]
        return f"{scores[winner]} to {', '.join(most) + ' and ' if most else ''}{last}"


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


# -- hints and the coach

HINT_OPTIONS: Final = 3
"""How many options a hint lists."""
_TWO_HANDED: Final = Seating()
_COACH_WIDTH: Final = 60


def hint_lines(
    options: Sequence[DiscardOption] | Sequence[PlayOption],
    glyphs: Glyphs,
    *,
    seating: Seating = _TWO_HANDED,
) -> list[str]:
    """The hint panel's lines: the computer's choice and the figures of the best options.

    `seating` says whose pegging a play's figure is measured for and against (yours
    against the others', or your side's against the other side's).
    """
    if not options:
        return []
    first = options[0]
    if isinstance(first, DiscardOption):
        discards = [o for o in options if isinstance(o, DiscardOption)][:HINT_OPTIONS]
        return _discard_hint(discards, glyphs)
    plays = [o for o in options if isinstance(o, PlayOption)][:HINT_OPTIONS]
    return _play_hint(plays, glyphs, seating)


def _percent(chance: float | None) -> str:
    return "" if chance is None else f"{100 * chance:5.1f}%"


def _reckons_play(options: Sequence[DiscardOption]) -> bool:
    """True when the discard figures hold the pegging (in the two-handed game of six cards);
    the other games' figures leave it out, as 0."""
    return any(option.pegging for option in options)


def _discard_hint(options: list[DiscardOption], glyphs: Glyphs) -> list[str]:
    win = options[0].win is not None
    pegging = _reckons_play(options)
    lines = [
        f"Lay away {glyphs.cards(list(options[0].discard))}.",
        "Expected points of this deal, for the best discards:",
        f"{'lay away':<9}{'hand':>6}{'crib':>7}"
        + (f"{'pegging':>9}" if pegging else "")
        + f"{'total':>7}"
        + ("  to win" if win else ""),
    ]
    for option in options:
        lines.append(
            f"{glyphs.cards(list(option.discard)):<9}{option.hand:6.2f}{option.crib:7.2f}"
            + (f"{option.pegging:9.2f}" if pegging else "")
            + f"{option.total:7.2f}"
            + (f" {_percent(option.win)}" if win else "")
        )
    if any(option.crib < 0 for option in options):
        lines.append("The crib is not yours: its points count against you.")
    if win:
        lines.append("Near the end the chance of winning decides.")
    if not pegging:
        lines.append(PLAY_NOT_RECKONED)
    return lines


def _play_hint(options: list[PlayOption], glyphs: Glyphs, seating: Seating) -> list[str]:
    win = options[0].win is not None
    yours, others = seating.pegging_sides()
    lines = [
        f"Play the {glyphs.card(options[0].card)}.",
        "Pegging to expect to the end of the play,",
        f"{yours} less {others}:",
    ]
    for option in options:
        lines.append(
            f"  {glyphs.card(option.card):>3}  {option.points:+6.2f}"
            + (f"  {_percent(option.win)} to win" if win else "")
        )
    if win:
        lines.append("Near the end the chance of winning decides.")
    return lines


def _peg_phrase(score: Score) -> str:
    """'a fifteen for two', 'a pair for two', 'thirty-one for two'."""
    words = play_words(score)
    return "a " + words if words.startswith("fifteen") else words


def coach_lines(review: HandReview, glyphs: Glyphs, seating: Seating = _TWO_HANDED) -> list[str]:
    """The coach's review of one hand, in the game's words, wrapped for a box; `seating`
    names the other seats."""
    texts: list[str] = []
    discard = review.discard
    if discard is not None:
        mine = glyphs.cards(list(discard.chosen.discard))
        best = glyphs.cards(list(discard.best.discard))
        if discard.is_best:
            if _reckons_play((discard.chosen, discard.best)):
                reckoned = "the hand, the crib and the pegging."
            else:
                reckoned = f"the hand and the crib. {PLAY_NOT_RECKONED}"
            texts.append(
                f"Your discard, {mine}, was the best: {discard.chosen.total:.2f} points "
                f"to expect from {reckoned}"
            )
        elif discard.by_win:
            texts.append(
                f"You laid away {mine}: a {_percent(discard.chosen.win).strip()} chance "
                f"of winning; laying away {best} gave {_percent(discard.best.win).strip()}."
            )
        else:
            texts.append(
                f"You laid away {mine}, worth {discard.chosen.total:.2f} points on "
                f"average; laying away {best} was worth {discard.best.total:.2f}: "
                f"{discard.lost:.2f} points lost."
            )
    costly = review.costly_plays
    if costly:
        texts.extend(_play_review(play, glyphs, seating) for play in costly)
    elif review.plays:
        texts.append("Each of your plays was the best, or as good.")
    elif discard is not None:
        texts.append("No play of this hand gave you a choice.")
    lines: list[str] = []
    for text in texts:
        lines.extend(textwrap.wrap(text, _COACH_WIDTH, subsequent_indent="  "))
    for miscount in review.miscounts:
        lines.extend(
            textwrap.wrap(miscount_words(miscount, seating), _COACH_WIDTH, subsequent_indent="  ")
        )
    return lines


def miscount_words(miscount: Miscount, seating: Seating = _TWO_HANDED) -> str:
    """The coach on a hand or crib you counted wrong: what it held, and what it cost.

    >>> from cribbage.cards import parse_cards
    >>> from cribbage.scoring import score_hand
    >>> *hand, starter = parse_cards(["5h", "tc", "5s", "2d", "ac"])
    >>> miscount_words(Miscount(False, 8, score_hand(hand, starter), 2, 1))
    'You counted 8 for your hand; it holds 6 (fifteen two, fifteen four, and a pair is six): the computer pegged two for the over-count.'
    >>> miscount_words(Miscount(True, 4, score_hand(hand, starter), 2, 1))
    'You counted 4 for your crib; it holds 6 (fifteen two, fifteen four, and a pair is six): you missed 2, which the computer took.'
    """
    score, what = miscount.score, "crib" if miscount.crib else "hand"
    held = f"{score.total} ({announce(score)})" if score.total else "nothing"
    text = f"You counted {miscount.claimed} for your {what}; it holds {held}: "
    taker = None if miscount.taker is None else seating.object(miscount.taker)
    if miscount.over:
        if taker is None or not miscount.taken:
            return text + "there was no penalty for the over-count."
        return text + f"{taker} pegged {number_word(miscount.taken)} for the over-count."
    missed = score.total - miscount.claimed
    if taker is None or not miscount.taken:
        return text + f"you missed {missed}."
    return text + f"you missed {missed}, which {taker} took."


def _play_review(play: PlayReview, glyphs: Glyphs, seating: Seating) -> str:
    card, best = glyphs.card(play.card), glyphs.card(play.best.card)
    what = (
        f"Leading the {card}"
        if not play.pile
        else f"Playing the {card} on the count of {play.count}"
    )
    if play.by_win:
        text = (
            f"{what} left you a {_percent(play.chosen.win).strip()} chance of winning; "
            f"the {best} gave {_percent(play.best.win).strip()}"
        )
    else:
        text = f"{what} cost {play.lost:.2f} points on average against the {best}"
    reasons: list[str] = []
    if play.reply is not None:
        replier = 1 if play.replier is None else play.replier
        reasons.append(f"it gave {seating.object(replier)} {_peg_phrase(play.reply)}")
    if play.best_pegs is not None:
        reasons.append(f"the {best} would have pegged {_peg_phrase(play.best_pegs)}")
    if not reasons:
        others = seating.object(1) if seating.two_handed else "the others"
        reasons.append(f"the difference comes later in the play, over the hands {others} may hold")
    return f"{text}: {' and '.join(reasons)}."


def coach_summary_lines(summary: GameSummary) -> list[str]:
    """The coach's summary of a game, for the end-of-game box."""
    if not summary.hands:
        return []
    if summary.hands == 1:
        lines = _one_hand_summary(summary)
    else:
        lines = [
            f"Coach: {summary.discard_lost:.1f} points lost to discards "
            f"({summary.best_discards} of {summary.hands} the best),",
            f"{summary.pegging_lost:.1f} to pegging ({summary.costly_plays} costly "
            f"play{'' if summary.costly_plays == 1 else 's'}), on average.",
        ]
    if summary.by_win:
        lines.append(
            f"{summary.by_win} decision{'' if summary.by_win == 1 else 's'} near the end "
            "went by the chance of winning, not points."
        )
    return lines


def _one_hand_summary(summary: GameSummary) -> list[str]:
    """The coach's summary of a single hand, its figures said in words."""
    if summary.best_discards:
        discard = "Coach: your discard was the best,"
    elif summary.discard_lost >= 0.05:
        discard = (
            f"Coach: your discard gave up about {summary.discard_lost:.1f} points against the best,"
        )
    else:
        discard = "Coach: your discard was not the best,"
    costly = summary.costly_plays
    if not costly:
        return [discard, "and each of your plays was the best, or as good."]
    return [
        discard,
        f"and your plays another {summary.pegging_lost:.1f} ({costly} costly "
        f"play{'' if costly == 1 else 's'}).",
    ]


_HISTORY: Final = 2000
"""Messages kept for scrolling back."""

_CLOSING: Final = frozenset(".,;:!?)'\"")
"""What may close a word: kept on a line with some of the word, never on a line alone."""


class _MessageWrapper(textwrap.TextWrapper):
    """`textwrap` for messages: a word too long for any line (a file's path) is broken after
    a `/` where one fits in the latter half of the line, and never so that only its closing
    full stop is left over."""

    def _handle_long_word(  # textwrap's hook for a word longer than a whole line
        self, reversed_chunks: list[str], cur_line: list[str], cur_len: int, width: int
    ) -> None:
        chunk = reversed_chunks[-1]
        end = 1 if width < 1 else width - cur_len  # as textwrap: nothing more on a full line
        slash = chunk.rfind("/", 0, end)
        if slash > 0 and 2 * (slash + 1) >= end:  # unless that would leave most of the line
            end = slash + 1
        while 1 < end < len(chunk) and set(chunk[end:]) <= _CLOSING:
            end -= 1
        cur_line.append(chunk[:end])
        reversed_chunks[-1] = chunk[end:]


@dataclass(slots=True)
class MessageLog:
    """Every message of the session, newest last, with a scroll position."""

    entries: list[Line] = field(default_factory=list)
    back: int = 0
    """How many wrapped lines the view is scrolled up from the newest."""

    def add(self, line: Line) -> None:
        """Append a message and scroll back to the newest."""
        self.entries.append(line)
        del self.entries[:-_HISTORY]
        self.back = 0

    def say(self, text: str, tone: Tone = Tone.INFO) -> None:
        """Append a message given as text."""
        self.add(Line(text, tone))

    def wrapped(self, width: int) -> list[Line]:
        """Every message wrapped to `width` columns, continuation lines indented."""
        out: list[Line] = []
        for entry in self.entries:
            indent = " " * (len(entry.text) - len(entry.text.lstrip(" ")))
            wrapper = _MessageWrapper(
                max(width, 8), subsequent_indent=indent + " ", break_on_hyphens=False
            )
            parts = wrapper.wrap(entry.text)
            for part in parts or [""]:
                out.append(Line(part, entry.tone))
        return out

    def window(self, width: int, height: int) -> tuple[list[Line], bool, bool]:
        """The lines to show in `height` rows, and whether older and newer ones are hidden."""
        lines = self.wrapped(width)
        self.back = max(0, min(self.back, len(lines) - height))
        end = len(lines) - self.back
        start = max(0, end - height)
        return lines[start:end], start > 0, self.back > 0

    def scroll(self, rows: int) -> None:
        """Scroll up (positive) or down (negative) by `rows` wrapped lines."""
        self.back = max(0, self.back + rows)
