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

from collections.abc import MutableMapping
from dataclasses import dataclass
from typing import Final

from .cards import Card
from .computer import Computer, DiscardOption, PlayOption
from .events import Event, Reason, Scored
from .match import MatchOver, MatchState
from .record import NEXT_GAME, Record, replay_steps
from .rules import Discard, Phase, Play
from .scoring import Score, score_play
from .view import view_for

__all__ = ["DiscardReview", "GameSummary", "HandReview", "PlayReview", "review_hands", "summarize"]

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
    """

    pile: tuple[Card, ...]
    chosen: PlayOption
    best: PlayOption
    reply: Score | None
    best_pegs: Score | None
    replier: int | None = None

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
    replayed = list(replay_steps(record))
    states = [state for state, _ in replayed]
    events = [happened for _, happened in replayed]
    done: set[HandKey] = set()
    for state in states:
        if state.game.phase in (Phase.SHOW, Phase.GAME_OVER):
            done.add(_key(state))
    current = _key(states[-1])
    decisions: dict[HandKey, list[int]] = {}
    for index, step in enumerate(record.steps):
        if step == NEXT_GAME or not isinstance(step, (Discard, Play)) or step.seat != seat:
            continue
        key = _key(states[index])
        if game is not None and key[0] != game:
            continue
        if key != current or key in done:
            decisions.setdefault(key, []).append(index)
    if last and decisions:
        final = list(decisions)[-1]
        decisions = {final: decisions[final]}
    reviews: list[HandReview] = []
    for key, indexes in decisions.items():
        if cache is not None and key in cache:
            reviews.append(cache[key])
            continue
        review = _review(record, states, events, indexes, adviser, seat, key)
        if cache is not None:
            cache[key] = review
        reviews.append(review)
    return reviews


def _key(state: MatchState) -> HandKey:
    return state.number, state.game.hand_number


def _review(
    record: Record,
    states: list[MatchState],
    events: list[tuple[Event | MatchOver, ...]],
    indexes: list[int],
    adviser: Computer,
    seat: int,
    key: HandKey,
) -> HandReview:
    discard: DiscardReview | None = None
    plays: list[PlayReview] = []
    dealer = False
    for index in indexes:
        step = record.steps[index]
        before = states[index].game
        view = view_for(before, seat)
        dealer = view.is_dealer
        if isinstance(step, Discard):
            options = adviser.discard_options_for(view)
            chosen = next(o for o in options if set(o.discard) == set(step.cards))
            discard = DiscardReview(chosen, options[0])
        elif isinstance(step, Play):
            if len({card.rank for card in view.legal}) < 2:
                continue  # no real choice
            play_options = adviser.play_options_for(view)
            chosen_play = next(o for o in play_options if o.card == step.card)
            best = play_options[0]
            best_score = score_play(before.pile + (best.card,))
            reply = _reply(record, states, events, index, seat)
            plays.append(
                PlayReview(
                    pile=before.pile,
                    chosen=chosen_play,
                    best=best,
                    reply=None if reply is None else reply[0],
                    best_pegs=best_score if best_score.total else None,
                    replier=None if reply is None else reply[1],
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
