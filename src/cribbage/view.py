"""What one seat may know: the computer decides from this, and so does a fair UI.

`view_for` is what a seat may know of a game, `match_view_for` of a match, and `events_for`
the events as that seat may see them. The screen, the network and the records all take what
a seat sees from here, and from nowhere else.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace

from .cards import Card
from .events import Discarded, Event
from .match import MatchConfig, MatchOver, MatchState
from .rules import (
    GameConfig,
    GameState,
    Phase,
    cut_positions,
    legal_plays,
    pending,
    show_order,
    show_turn,
)

__all__ = [
    "MatchView",
    "PlayerView",
    "ShownHand",
    "events_for",
    "match_view_for",
    "onlooker_view",
    "view_for",
]


@dataclass(frozen=True, slots=True)
class ShownHand:
    """Cards laid face up in the show: `seat`'s hand, or its crib."""

    seat: int
    cards: tuple[Card, ...]
    crib: bool


@dataclass(frozen=True, slots=True)
class PlayerView:
    """What one seat may know at this moment, and nothing more.

    Its own cards (dealt, kept and laid away), the starter once turned, every card played
    (this deal, the earlier ones, and those of the earlier games of a match), the cards shown
    in the show, the cuts, the scores, and whose turn it is. Never another seat's hand or
    discards, the order of the pack, or the seed: two states that differ only there give
    equal views.
    """

    seat: int
    players: int
    target: int
    phase: Phase
    dealer: int | None
    hand_number: int
    scores: tuple[int, ...]
    """Each side's points: a seat's, or a partnership's."""
    back_pegs: tuple[int, ...]
    hand: tuple[Card, ...]
    """Cards this seat holds now."""
    kept: tuple[Card, ...]
    """The cards this seat kept for the show (empty before it discards)."""
    discards: tuple[Card, ...]
    """The cards this seat laid away (empty before it discards)."""
    hand_sizes: tuple[int, ...]
    """How many cards each seat holds now."""
    discarded: tuple[bool, ...]
    crib_size: int
    pack_size: int
    starter: Card | None
    pile: tuple[Card, ...]
    count: int
    history: tuple[tuple[int, Card], ...]
    past_plays: tuple[tuple[tuple[int, Card], ...], ...]
    """Every card played in each earlier deal of this game, with its seat (see
    `GameState.past_plays`)."""
    to_move: int | None
    pending: tuple[int, ...]
    legal: tuple[Card, ...]
    """The cards this seat may play now (empty unless it is its turn in the play)."""
    passed: frozenset[int]
    cuts: tuple[Card | None, ...]
    cut_range: range | None
    """Where this seat may cut now, when it is the one to cut."""
    shown: tuple[ShownHand, ...]
    winner: int | None
    """The side that won (see `GameConfig.side_of`), once the game is over."""
    config: GameConfig
    """The rules of the game (who partners whom, the deal, the target)."""
    counting: ShownHand | None = None
    """In the show, the hand or crib this seat must count now (face up to it), else None."""
    match_plays: tuple[tuple[tuple[int, Card], ...], ...] = ()
    """Every card played in each deal of the earlier games of this match, with its seat
    (see `GameState.match_plays`)."""

    @property
    def side(self) -> int:
        """The side this seat pegs for."""
        return self.config.side_of(self.seat)

    @property
    def my_score(self) -> int:
        """This seat's side's points."""
        return self.scores[self.side]

    @property
    def best_other_score(self) -> int:
        """The points of the leading side among the others."""
        return max(score for side, score in enumerate(self.scores) if side != self.side)

    @property
    def is_dealer(self) -> bool:
        """True when this seat dealt the current hand."""
        return self.dealer == self.seat

    @property
    def my_turn(self) -> bool:
        """True when this seat must act now."""
        return self.seat in self.pending

    @property
    def seen(self) -> frozenset[Card]:
        """Every card whose place this seat knows: its own, the starter, played and shown."""
        cards = set(self.hand) | set(self.kept) | set(self.discards)
        cards.update(card for _, card in self.history)
        for shown in self.shown:
            cards.update(shown.cards)
        if self.starter is not None:
            cards.add(self.starter)
        return frozenset(cards)


def view_for(state: GameState, seat: int) -> PlayerView:
    """What `seat` may know of `state`."""
    n = state.config.players
    shown: list[ShownHand] = []
    if state.dealer is not None and state.phase in (Phase.SHOW, Phase.GAME_OVER):
        for owner, crib in show_order(state.dealer, n)[: state.show_step]:
            shown.append(ShownHand(owner, state.crib if crib else state.kept[owner], crib))
    waiting = pending(state)
    counting = None
    if state.phase is Phase.SHOW and seat in waiting:
        owner, crib = show_turn(state)
        counting = ShownHand(owner, state.crib if crib else state.kept[owner], crib)
    cutting = state.phase in (Phase.CUT_FOR_DEAL, Phase.CUT_STARTER) and seat in waiting
    return PlayerView(
        seat=seat,
        players=n,
        target=state.config.target,
        phase=state.phase,
        dealer=state.dealer,
        hand_number=state.hand_number,
        scores=state.scores,
        back_pegs=state.back_pegs,
        hand=state.hands[seat] if state.hands else (),
        kept=state.kept[seat] if state.kept else (),
        discards=state.discards[seat] if state.discards else (),
        hand_sizes=tuple(len(hand) for hand in state.hands) if state.hands else (0,) * n,
        discarded=tuple(bool(d) for d in state.discards) if state.discards else (False,) * n,
        crib_size=len(state.crib),
        pack_size=len(state.pack),
        starter=state.starter,
        pile=state.pile,
        count=state.count,
        history=state.history,
        past_plays=state.past_plays,
        match_plays=state.match_plays,
        to_move=state.to_move,
        pending=waiting,
        legal=legal_plays(state, seat),
        passed=state.passed,
        cuts=state.cuts,
        cut_range=cut_positions(state) if cutting else None,
        shown=tuple(shown),
        winner=state.winner,
        config=state.config,
        counting=counting,
    )


def onlooker_view(state: GameState) -> PlayerView:
    """What someone watching the table may know: South's seat (seat 0) as everyone sees it.

    The board, the count, the cards played, the starter and the cards shown in the show:
    no hand, no discard, no card being counted before it is shown, and no choice to make.
    """
    return replace(
        view_for(state, 0),
        hand=(),
        kept=(),
        discards=(),
        legal=(),
        cut_range=None,
        counting=None,
    )


@dataclass(frozen=True, slots=True)
class MatchView:
    """What one seat (or an onlooker) may know of a match: the game as `game` shows it, and
    the match's standing. Sides are numbered as in `GameConfig.side_of`."""

    game: PlayerView
    config: MatchConfig
    number: int
    """The game in progress (or just finished), from 1."""
    match_points: tuple[int, ...]
    games_won: tuple[int, ...]
    winner: int | None
    """The side that won the match, once it is over."""

    @property
    def over(self) -> bool:
        """True once the match has a winner."""
        return self.winner is not None


def match_view_for(state: MatchState, seat: int | None) -> MatchView:
    """What `seat` may know of the match `state` (None: an onlooker, see `onlooker_view`)."""
    game = onlooker_view(state.game) if seat is None else view_for(state.game, seat)
    return MatchView(
        game=game,
        config=state.config,
        number=state.number,
        match_points=state.match_points,
        games_won=state.games_won,
        winner=state.winner,
    )


def events_for(
    events: Iterable[Event | MatchOver], seat: int | None
) -> tuple[Event | MatchOver, ...]:
    """`events` as `seat` may see them: another seat's discards without their cards.

    Every other event is public: cuts, the starter, cards played, go, points pegged and
    hands shown (a hand is shown only in the show). None is an onlooker, who sees no discard.

    >>> from cribbage.cards import parse_cards
    >>> laid = Discarded(1, tuple(parse_cards(["5h", "jc"])))
    >>> events_for([laid], 1) == (laid,), events_for([laid], 0)
    (True, (Discarded(seat=1, cards=()),))
    """
    return tuple(
        replace(event, cards=()) if isinstance(event, Discarded) and event.seat != seat else event
        for event in events
    )
