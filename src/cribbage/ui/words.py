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

from ..calculator import PLAY_NOT_RECKONED, discard_reason_texts, ranks_words, shown_figures
from ..cards import Card
from ..coach import GameSummary, HandReview, PlayReview
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
from ..reasons import (
    HoldsBack,
    Invites,
    NoReplyPegs,
    Pegs,
    PlayClaim,
    PlaysAfterTen,
    discard_reasons,
    play_reasons,
)
from ..rules import GameConfig, Seat
from ..scoring import Score, ScoreKind, announce_sentence, number_word
from ..text import keep_company
from ..view import PlayerView
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
                # muggins takes the points missed by showing them
                missed = claimed is not None and claimed < score.total and self.config.muggins
                if self.explain[seat] or missed:
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
_COACH_LINES: Final = 16
"""The most lines the coach's box holds: with its last two, the box clears the question at
the foot of a 24-row screen."""


_HINT_WIDTH: Final = 64
"""The width the hint's reasons are wrapped to (the panel is as wide as its widest line)."""
_HINT_REASONS: Final = 8
"""The most lines of reasons a hint gives (the panel must fit 24 rows)."""


def hint_lines(
    options: Sequence[DiscardOption] | Sequence[PlayOption],
    glyphs: Glyphs,
    *,
    seating: Seating = _TWO_HANDED,
    view: PlayerView | None = None,
) -> list[str]:
    """The hint panel's lines: the computer's choice, why in cards (against the next best, or
    for a play the next best of another rank), and the figures of the best options.

    `seating` says whose pegging a play's figure is measured for and against (yours
    against the others', or your side's against the other side's). `view` is the seat's
    view the options are for: a play's reasons need it (the cards of the count, the cards
    held and seen), and it says whose crib a discard feeds.
    """
    if not options:
        return []
    first = options[0]
    if isinstance(first, DiscardOption):
        discards = [o for o in options if isinstance(o, DiscardOption)][:HINT_OPTIONS]
        return _discard_hint(discards, glyphs, view)
    plays = [o for o in options if isinstance(o, PlayOption)][:HINT_OPTIONS]
    return _play_hint(plays, glyphs, seating, view)


def _percent(chance: float | None) -> str:
    return "" if chance is None else f"{100 * chance:5.1f}%"


def _reckons_play(options: Sequence[DiscardOption]) -> bool:
    """True when the discard figures hold the pegging (in the two-handed game of six cards);
    the other games' figures leave it out, and the hint leaves out its column."""
    return any(option.pegging for option in options)


def _own_crib(view: PlayerView | None) -> str:
    """How the player's side's crib is named: a partner's deal is the side's crib."""
    if view is not None and view.dealer is not None and view.dealer != view.seat:
        return "your side's crib"
    return "your own crib"


def _reason_lines(texts: Sequence[str]) -> list[str]:
    """Reasons wrapped for the hint panel, whole sentences only, as many as fit."""
    lines: list[str] = []
    for text in texts:
        wrapped = textwrap.wrap(text, _HINT_WIDTH, subsequent_indent="  ", break_on_hyphens=False)
        if len(lines) + len(wrapped) > _HINT_REASONS:
            break
        lines.extend(wrapped)
    return lines


def _discard_hint(
    options: list[DiscardOption], glyphs: Glyphs, view: PlayerView | None
) -> list[str]:
    win = options[0].win is not None
    pegging = _reckons_play(options)
    reasons = discard_reasons(options[0], options[1] if len(options) > 1 else None)
    lines = [
        f"Lay away {glyphs.cards(list(options[0].discard))}.",
        *_reason_lines(discard_reason_texts(reasons, glyphs, own_crib=_own_crib(view))),
        "Expected points of this deal, for the best discards:",
        f"{'lay away':<9}{'hand':>6}{'crib':>7}"
        + (f"{'pegging':>9}" if pegging else "")
        + f"{'heels':>7}{'total':>7}"
        + ("  to win" if win else ""),
    ]
    widths = (6, 7, 9, 7, 7) if pegging else (6, 7, 7, 7)
    for option in options:
        figures = shown_figures(
            option.hand,
            option.crib,
            option.pegging if pegging else None,
            option.heels,
            option.total,
        )
        lines.append(
            f"{glyphs.cards(list(option.discard)):<9}"
            + "".join(f"{figure:{width}.2f}" for figure, width in zip(figures, widths, strict=True))
            + (f" {_percent(option.win)}" if win else "")
        )
    if any(option.crib < 0 for option in options):
        lines.append("The crib is not yours: its points count against you.")
    if win:
        lines.append("Near the end the chance of winning decides.")
    if not pegging:
        lines.append(PLAY_NOT_RECKONED)
    return lines


def _play_hint(
    options: list[PlayOption], glyphs: Glyphs, seating: Seating, view: PlayerView | None
) -> list[str]:
    win = options[0].win is not None
    yours, others = seating.pegging_sides()
    lines = [f"Play the {glyphs.card(options[0].card)}."]
    if view is not None:
        best = options[0]
        other = next((o for o in options if o.card.rank != best.card.rank), None)
        reasons = play_reasons(
            best,
            other,
            pile=view.pile,
            hand=view.hand,
            seen=view.seen,
        )
        lines.extend(_reason_lines(play_reason_texts(reasons.claims, glyphs, seating)))
    lines += [
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


def play_reason_texts(
    claims: Sequence[PlayClaim], glyphs: Glyphs, seating: Seating = _TWO_HANDED
) -> list[str]:
    """A play's reasons (`cribbage.reasons.play_reasons`) as sentences, the next player named
    as `seating` names the seat on your left.

    >>> from cribbage.cards import parse_cards
    >>> from cribbage.glyphs import ASCII
    >>> from cribbage.reasons import reply_threat
    >>> pile, card = parse_cards(["kh", "4c"]), Card.parse("7d")
    >>> threat = reply_threat(pile, card, parse_cards(["7s", "th", "qc"]))
    >>> play_reason_texts(threat, ASCII)
    ['The 7D leaves the count at 21: a ten or a queen gives the computer thirty-one for two, and a seven a pair for two.']
    """
    texts: list[str] = []
    invited: dict[Card, list[Invites]] = {}
    for claim in claims:
        if isinstance(claim, Invites):
            invited.setdefault(claim.card, []).append(claim)
    said: set[Card] = set()
    nextone = seating.object(1)
    for claim in claims:
        card = glyphs.card(claim.card)
        match claim:
            case Pegs(score=score):
                texts.append(f"The {card} pegs {_peg_phrase(score)}.")
            case Invites():
                if claim.card in said:
                    continue
                said.add(claim.card)
                ways = [
                    f"{ranks_words(way.ranks)}{' gives ' + nextone if k == 0 else ''} "
                    f"{_peg_phrase(way.score)}"
                    for k, way in enumerate(invited[claim.card])
                ]
                texts.append(
                    f"The {card} leaves the count at {claim.count}: {', and '.join(ways)}."
                )
            case NoReplyPegs():
                texts.append(f"After the {card} no card pegs at once.")
            case PlaysAfterTen(answer=answer, score=score):
                pegs = f", for {_peg_phrase(score)}" if score.total else ""
                texts.append(
                    f"The {card} leaves you the {glyphs.card(answer)} to play after any ten{pegs}."
                )
            case HoldsBack(held=held):
                them = "them" if len(held) > 1 else "it"
                texts.append(
                    f"The {card} keeps {glyphs.cards(held)} for later, and the search of the "
                    f"rest of the play finds {them} the better to hold."
                )
            case _ as unreachable:
                assert_never(unreachable)
    return texts


def _peg_phrase(score: Score) -> str:
    """'a fifteen for two', 'a pair for two', 'thirty-one for two'."""
    words = play_words(score)
    return "a " + words if words.startswith("fifteen") else words


def _shown_difference(best: float, other: float) -> float:
    """The difference of two figures as they are shown (to two decimals), so that the words
    agree with the figures beside them: 1.76 and -1.79 differ by 3.55.

    >>> f"{_shown_difference(1.7649, -1.7949):.2f}", f"{1.7649 - -1.7949:.2f}"
    ('3.55', '3.56')
    """
    return round(best, 2) - round(other, 2)


def coach_lines(review: HandReview, glyphs: Glyphs, seating: Seating = _TWO_HANDED) -> list[str]:
    """The coach's review of one hand, in the game's words, wrapped for a box; `seating`
    names the other seats."""
    said: list[tuple[str, list[str]]] = []
    """What the coach says: each figure's sentence, with its reasons in cards."""
    discard = review.discard
    if discard is not None:
        mine = glyphs.cards(list(discard.chosen.discard))
        best = glyphs.cards(list(discard.best.discard))
        if discard.is_best:
            if _reckons_play((discard.chosen, discard.best)):
                reckoned = "the hand, the crib and the pegging."
            else:
                reckoned = f"the hand and the crib. {PLAY_NOT_RECKONED}"
            text = (
                f"Your discard, {mine}, was the best: {discard.chosen.total:.2f} points "
                f"to expect from {reckoned}"
            )
            reasons = discard_reasons(discard.chosen)
        else:
            if discard.by_win:
                text = (
                    f"You laid away {mine}: a {_percent(discard.chosen.win).strip()} chance "
                    f"of winning; laying away {best} gave {_percent(discard.best.win).strip()}."
                )
            else:
                lost = _shown_difference(discard.best.total, discard.chosen.total)
                text = (
                    f"You laid away {mine}, worth {discard.chosen.total:.2f} points on "
                    f"average; laying away {best} was worth {discard.best.total:.2f}: "
                    f"{lost:.2f} points lost."
                )
            reasons = discard_reasons(discard.best, discard.chosen)
        said.append((text, discard_reason_texts(reasons, glyphs)))
    costly = review.costly_plays
    if costly:
        said.extend(_play_review(play, glyphs, seating) for play in costly)
    elif review.plays:
        said.append(("Each of your plays was the best, or as good.", []))
    elif discard is not None:
        said.append(("No play of this hand gave you a choice.", []))
    return _fitted(said)


def _wrapped(text: str) -> list[str]:
    return textwrap.wrap(text, _COACH_WIDTH, subsequent_indent="  ", break_on_hyphens=False)


def _fitted(said: Sequence[tuple[str, Sequence[str]]]) -> list[str]:
    """The coach's sentences wrapped for the box: every figure's sentence, and as many of
    their reasons as keep the box within `_COACH_LINES`: the first reason of each in turn,
    then the others in order."""
    room = _COACH_LINES - sum(len(_wrapped(text)) for text, _ in said)
    kept: set[tuple[int, int]] = set()
    for first in (True, False):
        for i, (_, reasons) in enumerate(said):
            for j, reason in enumerate(reasons):
                if not first and (i, 0) not in kept:
                    break  # no later reason without the first
                if (j == 0) != first or (i, j) in kept:
                    continue
                size = len(_wrapped(reason))
                if size > room:
                    break
                kept.add((i, j))
                room -= size
    lines: list[str] = []
    for i, (text, reasons) in enumerate(said):
        lines.extend(_wrapped(text))
        for j, reason in enumerate(reasons):
            if (i, j) in kept:
                lines.extend(_wrapped(reason))
    return lines


def _play_review(play: PlayReview, glyphs: Glyphs, seating: Seating) -> tuple[str, list[str]]:
    """What a costly play cost, what followed it, and why in cards (`play_reasons`)."""
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
    followed: list[str] = []
    if play.reply is not None:
        replier = 1 if play.replier is None else play.replier
        followed.append(f"it gave {seating.object(replier)} {_peg_phrase(play.reply)}")
    if play.best_pegs is not None:
        followed.append(f"the {best} would have pegged {_peg_phrase(play.best_pegs)}")
    figures = f"{text}: {' and '.join(followed)}." if followed else f"{text}."
    if not play.hand:
        return figures, []
    reasons = play_reasons(play.best, play.chosen, pile=play.pile, hand=play.hand, seen=play.seen)
    claims = [claim for claim in reasons.claims if not _said(claim, play)]
    return figures, play_reason_texts(claims, glyphs, seating)


def _said(claim: PlayClaim, play: PlayReview) -> bool:
    """True for what the coach has said already: what the best card would have pegged."""
    return isinstance(claim, Pegs) and claim.card == play.best.card and play.best_pegs is not None


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
            parts = keep_company(wrapper.wrap(entry.text), max(width, 8), indent + " ")
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
