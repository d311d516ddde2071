"""The coach: a player's decisions in each hand against the expert's best, from the record.

Every discard and play of one seat is valued again from that seat's `PlayerView` at the
moment it was made (the record is replayed), with the same figures the expert computer
decides by (`Computer.discard_options_for`, `Computer.play_options_for`). A decision costs
the difference between the best option's expected points and the chosen one's; near the
end of a game, where the expert decides by the chance of winning, the cost is in that
chance instead, and is not added to the points.

What followed a costly play is taken from the record, so the reason given is what really
happened: an opponent's very next card in the same count and what it pegged. Every game is
reviewed the same way, three- and four-handed, partners and five-card included. Nothing here
draws or prints; `cribbage.ui.words.coach_lines` says a review in the game's words.
"""

from __future__ import annotations

from collections.abc import Container, Iterable, MutableMapping
from dataclasses import dataclass, replace
from typing import Final

from .cards import Card
from .computer import Computer, DiscardOption, PlayOption
from .events import (
    Claimed,
    CountReset,
    Event,
    GameOver,
    HandOver,
    Played,
    Reason,
    Scored,
    Shown,
)
from .match import MatchOver, MatchState
from .record import NEXT_GAME, Record, replay_steps
from .rules import Discard, Phase, Play
from .scoring import Score, score_play
from .view import PlayerView, view_for

__all__ = [
    "Decision",
    "DiscardReview",
    "GameSummary",
    "HandReview",
    "PlayReview",
    "SeatLog",
    "decisions_of",
    "review_decisions",
    "review_hands",
    "summarize",
]

NOTICED: Final = 0.005
"""The least cost, in points or in the chance of winning, that the coach mentions (it is
shown rounded to two decimals, or to a whole percent)."""

HandKey = tuple[int, int]
"""A hand of a match: (game number, hand number)."""


def _shortfall(
    best: float, chosen: float, best_win: float | None, chosen_win: float | None
) -> tuple[float, float]:
    """(points lost, chance of winning lost) against the best; a decision made by the chance
    of winning (both chances known) is measured by it alone."""
    if best_win is not None and chosen_win is not None:
        return 0.0, max(best_win - chosen_win, 0.0)
    return max(best - chosen, 0.0), 0.0


@dataclass(frozen=True, slots=True)
class DiscardReview:
    """A discard made, against the best."""

    chosen: DiscardOption
    best: DiscardOption

    @property
    def by_win(self) -> bool:
        """True when the score made the chance of winning the measure."""
        return self.best.win is not None and self.chosen.win is not None

    @property
    def lost(self) -> float:
        """Expected points lost against the best (0 when judged by the chance of winning)."""
        return _shortfall(self.best.total, self.chosen.total, self.best.win, self.chosen.win)[0]

    @property
    def win_lost(self) -> float:
        """The chance of winning given up (0 unless judged by it)."""
        return _shortfall(self.best.total, self.chosen.total, self.best.win, self.chosen.win)[1]

    @property
    def is_best(self) -> bool:
        return (
            set(self.chosen.discard) == set(self.best.discard)
            or max(self.lost, self.win_lost) < NOTICED
        )


@dataclass(frozen=True, slots=True)
class PlayReview:
    """A card played when there was a real choice, against the best card.

    Attributes:
        pile: the cards of the count before it (empty: it was a lead).
        chosen, best: the options of the card played and of the best card.
        reply: what an opponent's next card pegged in the same count, if anything.
        best_pegs: what the best card would have pegged at once, if anything.
        replier: the seat of that opponent.
        hand: the cards held before it.
        seen: every card the seat knew the place of then (its own, the starter, the cards
            played and shown).
    """

    pile: tuple[Card, ...]
    chosen: PlayOption
    best: PlayOption
    reply: Score | None
    best_pegs: Score | None
    replier: int | None = None
    hand: tuple[Card, ...] = ()
    seen: frozenset[Card] = frozenset()

    @property
    def card(self) -> Card:
        return self.chosen.card

    @property
    def count(self) -> int:
        """The count before the card was played."""
        return sum(card.value for card in self.pile)

    @property
    def by_win(self) -> bool:
        """True when the score made the chance of winning the measure."""
        return self.best.win is not None and self.chosen.win is not None

    @property
    def lost(self) -> float:
        """Expected points lost against the best (0 when judged by the chance of winning)."""
        return _shortfall(self.best.points, self.chosen.points, self.best.win, self.chosen.win)[0]

    @property
    def win_lost(self) -> float:
        """The chance of winning given up (0 unless judged by it)."""
        return _shortfall(self.best.points, self.chosen.points, self.best.win, self.chosen.win)[1]

    @property
    def costly(self) -> bool:
        """True when the card gave up something worth mentioning."""
        return (
            self.chosen.card.rank != self.best.card.rank
            and max(self.lost, self.win_lost) >= NOTICED
        )


@dataclass(frozen=True, slots=True)
class HandReview:
    """One hand of one seat: its discard and its plays where it had a choice."""

    game: int
    hand: int
    dealer: bool
    discard: DiscardReview | None
    plays: tuple[PlayReview, ...]

    @property
    def discard_lost(self) -> float:
        return self.discard.lost if self.discard is not None else 0.0

    @property
    def pegging_lost(self) -> float:
        return sum(play.lost for play in self.plays)

    @property
    def costly_plays(self) -> tuple[PlayReview, ...]:
        return tuple(play for play in self.plays if play.costly)


@dataclass(frozen=True, slots=True)
class GameSummary:
    """What a game's decisions cost in all."""

    hands: int
    discard_lost: float
    pegging_lost: float
    best_discards: int
    """Hands where the discard was the best."""
    costly_plays: int
    by_win: int
    """Decisions near the end judged by the chance of winning (not in the points)."""


def summarize(reviews: list[HandReview]) -> GameSummary:
    """The totals of some hands' reviews (usually one game's)."""
    discards = [review.discard for review in reviews if review.discard is not None]
    plays = [play for review in reviews for play in review.plays]
    return GameSummary(
        hands=len(reviews),
        discard_lost=sum(review.discard_lost for review in reviews),
        pegging_lost=sum(review.pegging_lost for review in reviews),
        best_discards=sum(1 for discard in discards if discard.is_best),
        costly_plays=sum(1 for play in plays if play.costly),
        by_win=sum(1 for d in discards if d.by_win)
        + sum(1 for p in plays if p.by_win and p.costly),
    )


@dataclass(frozen=True, slots=True)
class Decision:
    """A discard or a play of the seat being reviewed, with what it knew and what followed.

    `view` is the seat's view just before; `reply` is what an opponent's very next card in
    the same count pegged, with that opponent's seat (plays only; None when nothing was
    pegged so, or the next card was not an opponent's on the same count)."""

    key: HandKey
    view: PlayerView
    action: Discard | Play
    reply: tuple[Score, int] | None = None


def review_hands(
    record: Record,
    adviser: Computer,
    seat: int,
    *,
    game: int | None = None,
    last: bool = False,
    cache: MutableMapping[HandKey, HandReview] | None = None,
) -> list[HandReview]:
    """A review of each hand of `record` whose play is over, in order (of game `game` only,
    when given; only the last such hand when `last`), for the decisions of `seat`, as
    `adviser` values them.

    A hand is reviewed once its play is over: at the show, after it, or when the game ended
    during the play. `cache` keeps reviews between calls (a finished hand never changes).

    Raises:
        InvalidRecordError: the record does not replay.
    """
    decisions, done, current = decisions_of(record, seat)
    return review_decisions(decisions, done, current, adviser, game=game, last=last, cache=cache)


def decisions_of(record: Record, seat: int) -> tuple[list[Decision], set[HandKey], HandKey]:
    """The discards and plays of `seat` in `record`, each with the seat's view before it and
    the reply to it; the hands whose play is over; and the hand the record ends in.

    Raises:
        InvalidRecordError: the record does not replay.
    """
    replayed = list(replay_steps(record))
    states = [state for state, _ in replayed]
    events = [happened for _, happened in replayed]
    done: set[HandKey] = set()
    for state in states:
        if state.game.phase in (Phase.SHOW, Phase.GAME_OVER):
            done.add(_key(state))
    decisions: list[Decision] = []
    for index, step in enumerate(record.steps):
        if step == NEXT_GAME or not isinstance(step, (Discard, Play)) or step.seat != seat:
            continue
        before = states[index]
        reply = _reply(record, states, events, index, seat) if isinstance(step, Play) else None
        decisions.append(Decision(_key(before), view_for(before.game, seat), step, reply))
    return decisions, done, _key(states[-1])


def review_decisions(
    decisions: Iterable[Decision],
    done: Container[HandKey],
    current: HandKey,
    adviser: Computer,
    *,
    game: int | None = None,
    last: bool = False,
    cache: MutableMapping[HandKey, HandReview] | None = None,
) -> list[HandReview]:
    """A review of each hand of `decisions` whose play is over (see `review_hands`): the hands
    in `done`, and every hand but the `current` one."""
    by_hand: dict[HandKey, list[Decision]] = {}
    for decision in decisions:
        key = decision.key
        if game is not None and key[0] != game:
            continue
        if key != current or key in done:
            by_hand.setdefault(key, []).append(decision)
    if last and by_hand:
        final = list(by_hand)[-1]
        by_hand = {final: by_hand[final]}
    reviews: list[HandReview] = []
    for key, hand in by_hand.items():
        if cache is not None and key in cache:
            reviews.append(cache[key])
            continue
        review = _review(hand, adviser, key)
        if cache is not None:
            cache[key] = review
        reviews.append(review)
    return reviews


def _key(state: MatchState) -> HandKey:
    return state.number, state.game.hand_number


def _review(decisions: list[Decision], adviser: Computer, key: HandKey) -> HandReview:
    discard: DiscardReview | None = None
    plays: list[PlayReview] = []
    dealer = False
    for decision in decisions:
        step, view = decision.action, decision.view
        dealer = view.is_dealer
        if isinstance(step, Discard):
            options = adviser.discard_options_for(view)
            chosen = next(o for o in options if set(o.discard) == set(step.cards))
            discard = DiscardReview(chosen, options[0])
        else:
            if len({card.rank for card in view.legal}) < 2:
                continue  # no real choice
            play_options = adviser.play_options_for(view)
            chosen_play = next(o for o in play_options if o.card == step.card)
            best = play_options[0]
            best_score = score_play(view.pile + (best.card,))
            reply = decision.reply
            plays.append(
                PlayReview(
                    pile=view.pile,
                    chosen=chosen_play,
                    best=best,
                    reply=None if reply is None else reply[0],
                    best_pegs=best_score if best_score.total else None,
                    replier=None if reply is None else reply[1],
                    hand=view.hand,
                    seen=view.seen,
                )
            )
    return HandReview(key[0], key[1], dealer, discard, tuple(plays))


def _reply(
    record: Record,
    states: list[MatchState],
    events: list[tuple[Event | MatchOver, ...]],
    index: int,
    seat: int,
) -> tuple[Score, int] | None:
    """What an opponent's next card pegged, and its seat, when it was the next card on the
    same count."""
    after = index + 1
    if after >= len(record.steps):
        return None
    step = record.steps[after]
    config = states[index].game.config
    if not isinstance(step, Play) or config.side_of(step.seat) == config.side_of(seat):
        return None
    pile = states[after].game.pile
    played = record.steps[index]
    assert isinstance(played, Play)
    if not pile or pile[-1] != played.card:
        return None  # the count started again in between
    for event in events[after + 1]:
        if isinstance(event, Scored) and event.seat == step.seat and event.reason is Reason.PLAY:
            return event.score, step.seat
    return None


class SeatLog:
    """The decisions of one seat as it makes them, for the coach when no record is at hand
    (a seat of a table hosted elsewhere): each view it decided from, its action, and the news
    that followed, from which the reply to each play is read as `review_hands` reads it from
    a record.

    Call `decided` with each discard or play as it is sent, and `saw` with each update's
    events and where the match then stands, in order.
    """

    def __init__(self, seat: int = 0) -> None:
        self.seat = seat
        self.decisions: list[Decision] = []
        self.done: set[HandKey] = set()
        self.current: HandKey = (1, 0)
        self._open: int | None = None
        """The play whose reply is still to be seen, by its index in `decisions`."""
        self._stage = "mine"
        """Where the reply is looked for: the play's own card ("mine"), the next card
        ("next"), or what that card pegged ("pegged", by `_replier`)."""
        self._replier = 0

    def decided(self, key: HandKey, view: PlayerView, action: Discard | Play) -> None:
        """The seat took `action` in hand `key`, knowing `view`."""
        self.decisions.append(Decision(key, view, action))
        self._open = len(self.decisions) - 1 if isinstance(action, Play) else None
        self._stage = "mine"

    def saw(self, events: Iterable[Event | MatchOver], key: HandKey, phase: Phase) -> None:
        """Events followed; the match is now at hand `key`, in `phase`."""
        for event in events:
            if self._open is not None:
                self._follow(event, self._open)
        if phase in (Phase.SHOW, Phase.GAME_OVER):
            self.done.add(key)
        self.current = key

    def _follow(self, event: Event | MatchOver, index: int) -> None:
        decision = self.decisions[index]
        assert isinstance(decision.action, Play)
        config = decision.view.config
        if self._stage == "mine":
            if isinstance(event, Played) and event.seat == self.seat:
                self._stage = "next"
        elif self._stage == "next":
            if isinstance(event, Played):
                if config.side_of(event.seat) == config.side_of(self.seat):
                    self._open = None
                else:
                    self._stage, self._replier = "pegged", event.seat
            elif isinstance(event, CountReset | Shown | Claimed | HandOver | GameOver):
                self._open = None  # the count started again, or the play is over
        else:
            if (
                isinstance(event, Scored)
                and event.seat == self._replier
                and event.reason is Reason.PLAY
            ):
                self.decisions[index] = replace(decision, reply=(event.score, self._replier))
            self._open = None

    def reviews(
        self,
        adviser: Computer,
        *,
        game: int | None = None,
        last: bool = False,
        cache: MutableMapping[HandKey, HandReview] | None = None,
    ) -> list[HandReview]:
        """The reviews of the hands logged (see `review_decisions`)."""
        return review_decisions(
            self.decisions, self.done, self.current, adviser, game=game, last=last, cache=cache
        )
