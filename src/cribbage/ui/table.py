"""What lies on the table, as the player sees it at this moment.

The engine answers an action with a batch of events (a computer's play, a go, a reset, the
whole show and the next deal can all follow from one card). The screen shows them one at a
time, so it keeps its own picture of the table: `sync` copies it from the player's view at a
moment when nothing is in flight, and `update` moves it on by one event. It is only a picture:
every decision is checked by the engine.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import assert_never

from ..cards import Card
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
    Go,
    HandOver,
    Played,
    Reason,
    Scored,
    Shown,
    StarterTurned,
)
from ..match import MatchOver
from ..rules import GameConfig, Phase, Seat
from ..scoring import Score, announce, score_hand
from ..view import PlayerView
from .seats import Seating

__all__ = ["ShowNote", "Table"]


@dataclass(frozen=True, slots=True)
class ShowNote:
    """The hand being counted in the show, laid out on the table."""

    seat: int
    crib: bool
    cards: tuple[Card, ...]
    score: Score | None
    """None while the player is still counting it."""

    @property
    def words(self) -> str:
        return announce(self.score) if self.score is not None else ""


@dataclass(slots=True)
class Table:
    """The picture of the table; hidden cards are None. Lists are per seat, except the
    scores and back pegs, which are per side (see `GameConfig.side_of`)."""

    hands: list[list[Card | None]] = field(default_factory=lambda: [[], []])
    face_up: list[bool] = field(default_factory=lambda: [True, False])
    pile: list[tuple[int, Card]] = field(default_factory=list)
    count: int = 0
    crib: list[Card | None] = field(default_factory=list)
    pack: int = 0
    """Cards in the pack (or the stock) while no starter is turned."""
    starter: Card | None = None
    dealer: int | None = None
    scores: list[int] = field(default_factory=lambda: [0, 0])
    back_pegs: list[int] = field(default_factory=lambda: [0, 0])
    cuts: list[Card | None] = field(default_factory=lambda: [None, None])
    passed: set[int] = field(default_factory=set)
    note: ShowNote | None = None
    phase: Phase = Phase.CUT_FOR_DEAL
    config: GameConfig = field(default_factory=GameConfig)
    """The rules of the game: how many seats, and which side each pegs for."""
    played: list[list[Card]] = field(default_factory=lambda: [[], []])
    """The cards each seat has played this hand, in order."""
    shown: dict[int, int] = field(default_factory=dict)
    """The points of each seat's hand counted so far in this show."""
    pegged: dict[int, int] = field(default_factory=dict)
    """What each seat that counts its own hand pegged for it in this show (less than the
    hand is worth when it was counted short)."""
    turn: int | None = None
    """The seat whose turn it is in the play or the show, when one is awaited."""
    watching: bool = False
    """An onlooker's picture: seat 0's hand is face down like the others'."""
    names: tuple[str, ...] | None = None
    """The seats' names at a table with people (see `Seating`)."""

    @property
    def seating(self) -> Seating:
        """Who sits where, by name."""
        return Seating.of(self.config, names=self.names, watching=self.watching)

    @staticmethod
    def for_game(config: GameConfig, *, watching: bool = False) -> Table:
        """An empty table for the game `config` describes (as an onlooker sees it, when
        `watching`)."""
        n, sides = config.players, config.sides
        return Table(
            hands=[[] for _ in range(n)],
            face_up=[seat == Seat.HUMAN and not watching for seat in range(n)],
            watching=watching,
            scores=[0] * sides,
            back_pegs=[0] * sides,
            cuts=[None] * n,
            config=config,
            played=[[] for _ in range(n)],
        )

    def sync(self, view: PlayerView) -> None:
        """Show exactly what `view` (the human seat's) says, with nothing in flight."""
        n = view.players
        self.config = view.config
        self.phase = view.phase
        mine: list[Card | None] = list(view.hand)
        if self.watching:
            mine = [None] * view.hand_sizes[Seat.HUMAN]
        self.hands = [mine] + [[None] * view.hand_sizes[s] for s in range(1, n)]
        self.face_up = [seat == Seat.HUMAN and not self.watching for seat in range(n)]
        in_count = len(view.pile)
        self.pile = list(view.history[len(view.history) - in_count :]) if in_count else []
        self.count = view.count
        self.crib = [None] * view.crib_size
        self.pack = view.pack_size
        self.starter = view.starter
        self.dealer = view.dealer
        self.scores = list(view.scores)
        self.back_pegs = list(view.back_pegs)
        self.cuts = list(view.cuts) if view.phase is Phase.CUT_FOR_DEAL else [None] * n
        self.passed = set(view.passed) if view.phase is Phase.PLAY else set()
        self.played = [[card for seat, card in view.history if seat == s] for s in range(n)]
        pegged = self.pegged if view.phase is Phase.SHOW else {}  # the view does not tell
        self.shown, self.pegged = {}, {}
        self.turn = view.pending[0] if view.phase in (Phase.PLAY, Phase.SHOW) else None
        self.note = None
        if view.phase is Phase.SHOW:
            self.pile, self.count, self.passed = [], 0, set()
            size = self.config.kept_size
            kept: list[Card | None] = [None] * size if self.watching else list(view.kept)
            self.hands = [kept] + [[None] * size for _ in range(1, n)]
            for shown in view.shown:
                if not shown.crib and view.starter is not None:
                    self.shown[shown.seat] = score_hand(shown.cards, view.starter).total
                    if shown.seat in pegged:
                        self.pegged[shown.seat] = pegged[shown.seat]
            counted = list(view.shown) + ([view.counting] if view.counting else [])
            for shown in counted:
                if shown.crib:
                    self.crib = list(shown.cards)
                else:
                    self.hands[shown.seat] = list(shown.cards)
                    self.face_up[shown.seat] = True
            if view.counting is not None:
                counting = view.counting
                self.note = ShowNote(counting.seat, counting.crib, counting.cards, None)

    def update(self, event: Event | MatchOver) -> None:
        """Move the picture on by one event."""
        match event:
            case CutCard(seat, card):
                self.cuts[seat] = card
                self.pack -= 1
            case CutTied():
                cut = [card for card in self.cuts if card is not None]
                low = min(card.rank for card in cut) if cut else None
                # those tied for low cut again; the others' cards stay where they are
                self.cuts = [
                    None if card is None or card.rank == low else card for card in self.cuts
                ]
                self.pack = 52 - sum(card is not None for card in self.cuts)
            case DealerChosen(seat):
                self.dealer = seat
            case Dealt(dealer, _):
                self.dealer = dealer  # the hands themselves come from the next `sync`
                self.cuts = [None] * len(self.cuts)
            case Discarded(seat, cards):
                if cards and self.face_up[seat]:
                    self.hands[seat] = [c for c in self.hands[seat] if c not in cards]
                else:  # another seat's discards, whose cards it does not show
                    self.hands[seat] = self.hands[seat][self.config.discards :]
                self.crib.extend([None] * self.config.discards)
            case StarterTurned(_, card):
                self.starter = card
                self.phase = Phase.PLAY
            case Played(seat, card, count):
                hand = self.hands[seat]
                if card in hand:
                    hand.remove(card)
                elif None in hand:
                    hand.remove(None)
                self.pile.append((seat, card))
                self.played[seat].append(card)
                self.count = count
                self.turn = None  # whose turn is next is known at the next `sync`
            case Go(seat):
                self.passed.add(seat)
            case CountReset():
                self.pile = []
                self.count = 0
                self.passed = set()
            case Scored(seat, points, reason, total):
                side = self.config.side_of(seat)
                self.back_pegs[side] = total - points
                self.scores[side] = total
                if reason is Reason.HAND and seat in self.pegged:
                    self.pegged[seat] = points
            case Shown(seat, cards, _, crib, score, claimed):
                self.phase = Phase.SHOW
                self.pile = []
                self.count = 0
                self.passed = set()
                self.turn = None
                if crib:
                    self.crib = list(cards)
                else:
                    self.hands[seat] = list(cards)
                    self.face_up[seat] = True
                    self.shown[seat] = score.total
                    if claimed is not None:
                        self.pegged[seat] = 0  # until the points pegged for it (none: 0)
                self.note = ShowNote(seat, crib, cards, score)
            case Claimed():
                pass
            case HandOver():
                pass
            case GameOver():
                self.phase = Phase.GAME_OVER
                self.turn = None
            case MatchOver():
                pass
            case _ as unreachable:
                assert_never(unreachable)
