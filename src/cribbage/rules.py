"""The game of two-handed cribbage as frozen states and one validating entry point, `apply`.

A driver (the curses UI, a test, a tournament, a replay) loops over "who must act, what is
legal, apply". `apply` never waits, prints or reads a clock: it checks the action, returns
the next state and the events it caused, and raises a `CribbageError` (leaving the given
state untouched, as every state is immutable) when the action is not allowed now.

Randomness: a state carries its `seed`; the n-th shuffle of a game uses
`random.Random(f"cribbage:{seed}:{n}")`, so a state alone fixes everything that follows
and a record needs only the seed and the actions. Cuts are the players' choices (a position
in the pack), so the card a player cuts really depends on where they cut.

Two, three or four play (`GameConfig.players`), each for themselves or, four-handed, as two
partnerships; two may play five-card cribbage (`GameConfig.five_card`). Points go to a side
(`GameConfig.side_of`): a seat alone, or a partnership, so `GameState.scores`, the winner
and the skunks are per side. "To the left" is `cribbage.pegging.next_seat`: the deal, the
turn in the play, the lead after a count and the show all pass that way.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Sequence
from dataclasses import dataclass, field, fields
from enum import Enum, IntEnum
from typing import Final, TypeAlias

from .cards import DECK, Card, Rank, not_held
from .choices import Counting, Overcount
from .errors import (
    CribbageError,
    IllegalPlayError,
    InvalidActionError,
    InvalidClaimError,
    NotYourTurnError,
)
from .events import (
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
from .pegging import LIMIT, fits, least_value, next_seat, next_turn, playable
from .scoring import Score, score_hand, score_play

__all__ = [
    "HAND_SIZE",
    "MIN_PACKET",
    "Action",
    "Claim",
    "Counting",
    "CutForDeal",
    "CutStarter",
    "Discard",
    "GameConfig",
    "GameState",
    "Overcount",
    "Phase",
    "Play",
    "Seat",
    "apply",
    "check",
    "check_cut",
    "cut_positions",
    "cut_range",
    "cut_rule",
    "is_legal",
    "legal_actions",
    "legal_plays",
    "new_game",
    "pending",
    "show_order",
    "show_turn",
]

HAND_SIZE: Final = 6
"""Cards dealt to each player in the two-handed six-card game (`GameConfig.hand_size`)."""

MIN_PACKET: Final = 4
"""Each packet of a cut holds at least this many cards."""


class Seat(IntEnum):
    """The two seats of a game against the computer."""

    HUMAN = 0
    COMPUTER = 1


class Phase(Enum):
    """Where a game stands."""

    CUT_FOR_DEAL = "cut for deal"
    DISCARD = "discard"
    CUT_STARTER = "cut for the starter"
    PLAY = "the play"
    SHOW = "the show"
    GAME_OVER = "game over"


@dataclass(frozen=True, slots=True)
class GameConfig:
    """The rules of one game.

    `players` is 2, 3 or 4; with four, `partners` plays seats 0 and 2 against 1 and 3, each
    partnership pegging onto one score. `five_card` is the older two-handed game of five
    cards (usually to 61): two laid away, three kept, the first hand's pone pegs three for
    last, a single count in the play, and a flush of three in the hand. The deal follows from
    these: six cards each two-handed, five with three or four players (one laid away each,
    and with three one card from the pack to the crib).

    Skunk lines: a loser below `skunk_line` is skunked, below `double_skunk_line` double
    skunked; 0 means no such result. Left as None they are BSD's margins: more than 30
    points short of the target is a skunk and more than 60 short a double skunk (so a 121
    game skunks below 91 and double skunks below 61; a 61 game skunks below 31, and BSD
    counts a loser still at 0 as double skunked). The Hoyle "lurch" is
    `GameConfig(skunk_line=61, double_skunk_line=0)`: a loser under 61 loses a double game.

    Raises:
        ValueError: a setting outside what the engine plays, said in a sentence.
    """

    target: int = 121
    players: int = 2
    skunk_line: int | None = None
    double_skunk_line: int | None = None
    counting: tuple[Counting, ...] | None = None
    """How each seat's hand is counted; None: automatically for every seat."""
    overcount: Overcount = Overcount.BSD
    muggins: bool = False
    partners: bool = False
    five_card: bool = False

    def __post_init__(self) -> None:
        if isinstance(self.players, bool) or self.players not in (2, 3, 4):
            raise ValueError(f"A game is for 2, 3 or 4 players, not {self.players}.")
        if self.partners and self.players != 4:
            raise ValueError("Partners play four-handed, two against two.")
        if self.five_card and self.players != 2:
            raise ValueError("Five-card cribbage is a game for two players.")
        if not 1 <= self.target <= 1000:
            raise ValueError(f"A game is played to 1..1000 points, not {self.target}.")
        if self.counting is None:
            object.__setattr__(self, "counting", (Counting.AUTOMATIC,) * self.players)
        elif len(self.counting) != self.players:
            raise ValueError("Give a counting mode for each seat.")
        for line in (self.skunk_line, self.double_skunk_line):
            if line is not None and not 0 <= line <= self.target:
                raise ValueError(f"A skunk line must be 0..{self.target}, not {line}.")

    @property
    def counts(self) -> tuple[Counting, ...]:
        """How each seat's hand is counted (`counting`, filled in)."""
        assert self.counting is not None
        return self.counting

    @property
    def sides(self) -> int:
        """How many sides score: 2 for partners, else one a player."""
        return 2 if self.partners else self.players

    def side_of(self, seat: int) -> int:
        """The side `seat` pegs for: its partnership (seats 0 and 2 are side 0), or itself.

        >>> GameConfig(players=4, partners=True).side_of(3), GameConfig(players=3).side_of(2)
        (1, 2)
        """
        return seat % 2 if self.partners else seat

    def seats_of(self, side: int) -> tuple[int, ...]:
        """The seats of `side`."""
        return tuple(seat for seat in range(self.players) if self.side_of(seat) == side)

    @property
    def hand_size(self) -> int:
        """Cards dealt to each player: six two-handed, else five."""
        return 6 if self.players == 2 and not self.five_card else 5

    @property
    def discards(self) -> int:
        """Cards each player lays away: two in the two-handed games, else one."""
        return 2 if self.players == 2 else 1

    @property
    def kept_size(self) -> int:
        """Cards each player keeps for the play and the show (three in five-card)."""
        return self.hand_size - self.discards

    @property
    def crib_from_pack(self) -> int:
        """Cards dealt from the pack straight to the crib (one three-handed)."""
        return 1 if self.players == 3 else 0

    @property
    def three_for_last(self) -> int:
        """Points the first hand's pone pegs at the start (five-card cribbage: three)."""
        return 3 if self.five_card else 0

    @property
    def skunk_below(self) -> int:
        """A loser with fewer points than this is skunked (0: never)."""
        if self.skunk_line is not None:
            return self.skunk_line
        return max(self.target - 30, 0)

    @property
    def double_skunk_below(self) -> int:
        """A loser with fewer points than this is double skunked (0: never)."""
        if self.double_skunk_line is not None:
            return self.double_skunk_line
        return max(self.target - 60, 0)

    def result_for(self, loser_score: int) -> GameResult:
        """How a game is won against a loser with `loser_score` points.

        >>> GameConfig().result_for(90), GameConfig().result_for(91)
        (<GameResult.SKUNK: 'skunk'>, <GameResult.WIN: 'win'>)
        >>> GameConfig(target=61).result_for(0)
        <GameResult.DOUBLE_SKUNK: 'double skunk'>
        """
        if loser_score < self.double_skunk_below:
            return GameResult.DOUBLE_SKUNK
        if loser_score < self.skunk_below:
            return GameResult.SKUNK
        return GameResult.WIN


# --- actions --------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class CutForDeal:
    """`seat` cuts the pack at `position` (cards in the top packet) to draw for first deal."""

    seat: int
    position: int


@dataclass(frozen=True, slots=True)
class Discard:
    """`seat` lays `cards` away to the crib."""

    seat: int
    cards: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class CutStarter:
    """The pone cuts the stock at `position`; the dealer turns the top card of the lower packet."""

    seat: int
    position: int


@dataclass(frozen=True, slots=True)
class Play:
    """`seat` plays `card` in the play."""

    seat: int
    card: Card


@dataclass(frozen=True, slots=True)
class Claim:
    """`seat` states the count of the hand or crib it is showing (19 means nothing)."""

    seat: int
    points: int


Action: TypeAlias = CutForDeal | Discard | CutStarter | Play | Claim


# --- state ----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class GameState:
    """Everything about a game at one moment, hidden cards included.

    Only the engine reads hidden fields (`pack`, other seats' hands and discards, `seed`);
    players and the computer see a game through `cribbage.view.view_for`.
    """

    config: GameConfig
    seed: int
    shuffles: int
    phase: Phase
    scores: tuple[int, ...]
    """Each side's points (a seat's, or a partnership's: see `GameConfig.side_of`)."""
    back_pegs: tuple[int, ...]
    """Each side's score before its latest peg (the back peg of the board)."""
    dealer: int | None = None
    hand_number: int = 0
    cuts: tuple[Card | None, ...] = ()
    pack: tuple[Card, ...] = ()
    """The cards not dealt: the pack being cut for deal, then the stock."""
    hands: tuple[tuple[Card, ...], ...] = ()
    """Cards each seat holds now (as dealt, then those kept, fewer in the play)."""
    kept: tuple[tuple[Card, ...], ...] = ()
    """The cards each seat kept, for the show."""
    discards: tuple[tuple[Card, ...], ...] = ()
    crib: tuple[Card, ...] = ()
    starter: Card | None = None
    pile: tuple[Card, ...] = ()
    """Cards of the current count, in order."""
    count: int = 0
    history: tuple[tuple[int, Card], ...] = ()
    """Every card played this hand, in order, with the seat that played it."""
    past_plays: tuple[tuple[tuple[int, Card], ...], ...] = ()
    """The `history` of each earlier deal of this game, oldest first: what every player has
    seen played (the computer reads its opponent's way of playing from it)."""
    match_plays: tuple[tuple[tuple[int, Card], ...], ...] = ()
    """The `history` of every deal of the earlier games of the match this game is part of,
    oldest first (empty outside a match; `cribbage.match.plays_so_far`): the computer reads
    its opponent across the match."""
    to_move: int | None = None
    passed: frozenset[int] = field(default_factory=frozenset)
    """Seats that cannot play in the current count (said go, or hold no card)."""
    show_step: int = 0
    """Hands counted so far in the show: the players from the dealer's left, then the crib."""
    winner: int | None = None
    result: GameResult | None = None

    cutters: tuple[int, ...] | None = None
    """The seats cutting for deal in this round (None: all; after a tie, the tied)."""

    @property
    def pone(self) -> int:
        """The seat to the dealer's left, who cuts for the starter and leads."""
        if self.dealer is None:
            raise RuntimeError("No dealer has been chosen yet.")
        return next_seat(self.dealer, self.config.players)


_FIELDS: Final = tuple(f.name for f in fields(GameState))


def _shuffled(seed: int, shuffle: int) -> tuple[Card, ...]:
    deck = list(DECK)
    random.Random(f"cribbage:{seed}:{shuffle}").shuffle(deck)
    return tuple(deck)


def new_game(
    config: GameConfig | None = None,
    seed: int | None = None,
    *,
    dealer: int | None = None,
    shuffles: int = 0,
    rng: random.Random | None = None,
) -> GameState:
    """A new game: waiting for the cut for first deal, or dealt already when `dealer` is given.

    `seed` fixes every shuffle; without one it is drawn from `rng` (or the system).
    `shuffles` continues a match's count of shuffles so that its games differ.

    >>> state = new_game(seed=7)
    >>> state.phase, pending(state)
    (<Phase.CUT_FOR_DEAL: 'cut for deal'>, (0,))
    >>> new_game(seed=7, dealer=1).hands[0] == new_game(seed=7, dealer=1).hands[0]
    True
    """
    config = config or GameConfig()
    if seed is None:
        seed = (rng or random.SystemRandom()).getrandbits(63)
    n = config.players
    state = GameState(
        config=config,
        seed=seed,
        shuffles=shuffles + 1,
        phase=Phase.CUT_FOR_DEAL,
        scores=(0,) * config.sides,
        back_pegs=(0,) * config.sides,
        cuts=(None,) * n,
        pack=_shuffled(seed, shuffles + 1),
    )
    if dealer is None:
        return state
    if not 0 <= dealer < n:
        raise ValueError(f"There is no seat {dealer}.")
    table = _Table(state)
    table.dealer = dealer
    table.deal()
    return table.freeze()


# --- queries --------------------------------------------------------------------------------


def pending(state: GameState) -> tuple[int, ...]:
    """The seats that must act now (several at once only when discarding)."""
    match state.phase:
        case Phase.CUT_FOR_DEAL:
            cutters = state.cutters or range(state.config.players)
            return (next(seat for seat in cutters if state.cuts[seat] is None),)
        case Phase.DISCARD:
            return tuple(s for s, cards in enumerate(state.discards) if not cards)
        case Phase.CUT_STARTER:
            return (state.pone,)
        case Phase.PLAY:
            assert state.to_move is not None
            return (state.to_move,)
        case Phase.SHOW:
            seat, _ = show_turn(state)
            return (seat,)
        case Phase.GAME_OVER:
            return ()


def legal_plays(state: GameState, seat: int) -> tuple[Card, ...]:
    """The cards `seat` may play now: none unless it is that seat's turn in the play."""
    if state.phase is not Phase.PLAY or state.to_move != seat:
        return ()
    return playable(state.hands[seat], state.count)


def cut_range(pack_size: int) -> range:
    """Where a pack of `pack_size` cards may be cut: each packet keeps at least four cards.

    >>> cut_range(52)
    range(4, 49)
    """
    return range(MIN_PACKET, pack_size - MIN_PACKET + 1)


def check_cut(pack_size: int, position: int) -> None:
    """Return when a pack of `pack_size` cards may be cut `position` cards down (see `cut_range`).

    Raises:
        IllegalPlayError: a packet would keep fewer than four cards.

    >>> check_cut(52, 48)
    >>> check_cut(52, 49)
    Traceback (most recent call last):
    ...
    cribbage.errors.IllegalPlayError: Cut between 4 and 48 cards down, leaving at least 4 cards in each packet.
    """
    if position not in cut_range(pack_size):
        raise IllegalPlayError(cut_rule(pack_size))


def cut_rule(pack_size: int) -> str:
    """Where a pack of `pack_size` cards may be cut, in a sentence (see `cut_range`).

    >>> cut_rule(40)
    'Cut between 4 and 36 cards down, leaving at least 4 cards in each packet.'
    """
    places = cut_range(pack_size)
    return (
        f"Cut between {places.start} and {places.stop - 1} cards down, leaving at "
        f"least {MIN_PACKET} cards in each packet."
    )


def cut_positions(state: GameState) -> range:
    """Where the pack may be cut now (see `cut_range`).

    Raises:
        IllegalPlayError: nobody is cutting now.
    """
    if state.phase not in (Phase.CUT_FOR_DEAL, Phase.CUT_STARTER):
        raise IllegalPlayError("Nobody is cutting the pack now.")
    return cut_range(len(state.pack))


def show_order(dealer: int, players: int) -> tuple[tuple[int, bool], ...]:
    """The order of the show: each hand from the dealer's left, the dealer's last, then the
    crib; each as (seat, whether it is the crib).

    >>> show_order(0, 3)
    ((1, False), (2, False), (0, False), (0, True))
    """
    seats = [next_seat(dealer, players)]
    while seats[-1] != dealer:
        seats.append(next_seat(seats[-1], players))
    return tuple((seat, False) for seat in seats) + ((dealer, True),)


def show_turn(state: GameState) -> tuple[int, bool]:
    """In the show, whose count comes next and whether it is the crib."""
    if state.phase is not Phase.SHOW or state.dealer is None:
        raise RuntimeError("Nothing is being shown now.")
    return show_order(state.dealer, state.config.players)[state.show_step]


# --- the one entry point --------------------------------------------------------------------


_MOMENTS: Final[dict[type, tuple[Phase, str]]] = {
    CutForDeal: (Phase.CUT_FOR_DEAL, "cut for the deal"),
    Discard: (Phase.DISCARD, "lay cards away"),
    CutStarter: (Phase.CUT_STARTER, "cut for the starter"),
    Play: (Phase.PLAY, "play a card"),
    Claim: (Phase.SHOW, "count a hand"),
}
"""The one phase in which each kind of action is allowed, and what the action does."""

_DURING: Final = {
    Phase.CUT_FOR_DEAL: "the cut for deal",
    Phase.DISCARD: "the discard",
    Phase.CUT_STARTER: "the cut for the starter",
    Phase.PLAY: "the play",
    Phase.SHOW: "the show",
    Phase.GAME_OVER: "the end of the game",
}


def check(state: GameState, action: Action) -> None:
    """Return when `action` is legal now; otherwise raise the error `apply` would raise.

    Raises:
        InvalidActionError: not an action, or a field of the wrong type (a seat that is not
            a whole number, a card that is not a `Card`).
        and the errors of `apply`.
    """
    _check_types(action)
    if state.phase is Phase.GAME_OVER:
        raise IllegalPlayError("The game is over.")
    if action.seat not in pending(state):
        if not 0 <= action.seat < state.config.players:
            raise NotYourTurnError(f"There is no seat {action.seat}.")
        raise NotYourTurnError(f"It is not your turn to act ({state.phase.value}).")
    phase, doing = _MOMENTS[type(action)]
    if phase is not state.phase:
        raise IllegalPlayError(f"You cannot {doing} during {_DURING[state.phase]}.")
    match action:
        case CutForDeal(_, position) | CutStarter(_, position):
            check_cut(len(state.pack), position)
        case Discard(seat, cards):
            chosen = tuple(cards)
            want = state.config.discards
            if len(chosen) != want or len(set(chosen)) != want:
                raise IllegalPlayError(
                    f"Lay away exactly {want} different cards." if want > 1 else "Lay away 1 card."
                )
            for card in chosen:
                if card not in state.hands[seat]:
                    raise not_held(card)
        case Play(seat, card):
            if card not in state.hands[seat]:
                raise not_held(card)
            if not fits(state.count, card.value):
                raise IllegalPlayError(
                    f"The {card.long_name.lower()} would take the count to "
                    f"{state.count + card.value}, past {LIMIT}."
                )
        case Claim(_, points):
            if not 0 <= points <= 29:
                raise InvalidClaimError("A count is a whole number from 0 to 29 (19 for nothing).")


def _check_types(action: object) -> None:
    """Raise `InvalidActionError` unless `action` is an action whose fields have their types."""
    if type(action) not in _MOMENTS:
        *most, last = (kind.__name__ for kind in _MOMENTS)
        given = f"the class {action.__name__}" if isinstance(action, type) else repr(action)
        raise InvalidActionError(f"An action is a {', '.join(most)} or {last}, not {given}.")
    assert isinstance(action, CutForDeal | Discard | CutStarter | Play | Claim)
    if not _is_whole(action.seat):
        raise InvalidActionError(f"A seat is a whole number, not {action.seat!r}.")
    match action:
        case CutForDeal(_, position) | CutStarter(_, position):
            if not _is_whole(position):
                raise InvalidActionError(f"A cut is a whole number of cards, not {position!r}.")
        case Discard(_, cards):
            if not isinstance(cards, tuple | list) or not all(isinstance(c, Card) for c in cards):
                raise InvalidActionError(f"Cards to lay away are a tuple of cards, not {cards!r}.")
        case Play(_, card):
            if not isinstance(card, Card):
                raise InvalidActionError(
                    f"A card to play is a Card (Card.parse reads one), not {card!r}."
                )
        case Claim(_, points):
            if not _is_whole(points):
                raise InvalidClaimError("A count is a whole number from 0 to 29 (19 for nothing).")


def _is_whole(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def is_legal(state: GameState, action: Action) -> bool:
    """True when `apply(state, action)` would accept `action`.

    >>> state = new_game(seed=3, dealer=0)
    >>> is_legal(state, Discard(1, state.hands[1][:2])), is_legal(state, Play(1, state.hands[1][0]))
    (True, False)
    """
    try:
        check(state, action)
    except CribbageError:
        return False
    return True


def legal_actions(state: GameState) -> tuple[Action, ...]:
    """Every action that may be taken now, by every seat that must act.

    Cuts at every place in the pack, each way to lay cards away, each card that may be
    played, or each count a seat may state for its hand (0 to 29).

    >>> state = new_game(seed=3, dealer=0)
    >>> len(legal_actions(state))  # 15 discards for each of the two seats
    30
    """
    seats = pending(state)
    match state.phase:
        case Phase.CUT_FOR_DEAL:
            return tuple(CutForDeal(seats[0], p) for p in cut_positions(state))
        case Phase.CUT_STARTER:
            return tuple(CutStarter(seats[0], p) for p in cut_positions(state))
        case Phase.DISCARD:
            return tuple(
                Discard(seat, cards)
                for seat in seats
                for cards in itertools.combinations(state.hands[seat], state.config.discards)
            )
        case Phase.PLAY:
            return tuple(Play(seats[0], card) for card in legal_plays(state, seats[0]))
        case Phase.SHOW:
            return tuple(Claim(seats[0], points) for points in range(30))
        case Phase.GAME_OVER:
            return ()


def apply(state: GameState, action: Action) -> tuple[GameState, tuple[Event, ...]]:
    """Carry out `action`; return the new state and what happened.

    Go, the count resets, the points for go and last card, his heels, automatic counting in
    the show and the next deal all follow by themselves. Points are pegged strictly in the
    order of the rules, and the game ends the moment a player reaches the target: nothing
    after that is scored.

    Raises:
        InvalidActionError: not an action, or a field of the wrong type.
        NotYourTurnError: the seat is not one that must act now.
        IllegalPlayError: the action does not fit this moment (a card played during the
            discard, say) or breaks a rule.
        CardNotInHandError: a card the seat does not hold.
        InvalidClaimError: a claimed count outside 0..29.

    >>> state = new_game(seed=3, dealer=0)
    >>> state, events = apply(state, Discard(1, state.hands[1][:2]))
    >>> [type(event).__name__ for event in events], pending(state)
    (['Discarded'], (0,))
    """
    check(state, action)
    table = _Table(state)
    try:
        match action:
            case CutForDeal(seat, position):
                table.cut_for_deal(seat, position)
            case Discard(seat, cards):
                table.discard(seat, cards)
            case CutStarter(seat, position):
                table.cut_starter(seat, position)
            case Play(seat, card):
                table.play(seat, card)
            case Claim(seat, points):
                table.claim(seat, points)
    except _GameEnded:
        pass
    return table.freeze(), tuple(table.events)


class _GameEnded(Exception):
    """Raised inside `apply` the moment a player reaches the target."""


class _Table:
    """A mutable working copy of a state, alive only inside one call of `apply`."""

    config: GameConfig
    seed: int
    shuffles: int
    phase: Phase
    scores: tuple[int, ...]
    back_pegs: tuple[int, ...]
    dealer: int | None
    hand_number: int
    cuts: tuple[Card | None, ...]
    pack: tuple[Card, ...]
    hands: tuple[tuple[Card, ...], ...]
    kept: tuple[tuple[Card, ...], ...]
    discards: tuple[tuple[Card, ...], ...]
    crib: tuple[Card, ...]
    starter: Card | None
    pile: tuple[Card, ...]
    count: int
    history: tuple[tuple[int, Card], ...]
    past_plays: tuple[tuple[tuple[int, Card], ...], ...]
    match_plays: tuple[tuple[tuple[int, Card], ...], ...]
    to_move: int | None
    passed: frozenset[int]
    show_step: int
    winner: int | None
    result: GameResult | None
    cutters: tuple[int, ...] | None

    def __init__(self, state: GameState) -> None:
        for name in _FIELDS:
            setattr(self, name, getattr(state, name))
        self.events: list[Event] = []

    def freeze(self) -> GameState:
        return GameState(**{name: getattr(self, name) for name in _FIELDS})

    # -- helpers

    @property
    def players(self) -> int:
        return self.config.players

    def _dealer(self) -> int:
        assert self.dealer is not None
        return self.dealer

    def peg(self, seat: int, points: int, reason: Reason, score: Score = Score()) -> None:
        """Peg `points` for `seat`'s side; end the game at once if that reaches the target."""
        if points <= 0:
            return
        side = self.config.side_of(seat)
        before = self.scores[side]
        total = before + points
        self.scores = self.scores[:side] + (total,) + self.scores[side + 1 :]
        self.back_pegs = self.back_pegs[:side] + (before,) + self.back_pegs[side + 1 :]
        self.events.append(Scored(seat, points, reason, total, score))
        if total >= self.config.target:
            loser_score = max(s for i, s in enumerate(self.scores) if i != side)
            self.phase = Phase.GAME_OVER
            self.winner = side
            self.result = self.config.result_for(loser_score)
            self.to_move = None
            self.events.append(GameOver(side, self.scores, self.result))
            raise _GameEnded

    # -- cut for deal, deal, discard, starter

    def cut_for_deal(self, seat: int, position: int) -> None:
        card = self.pack[position]
        self.pack = self.pack[:position] + self.pack[position + 1 :]
        self.cuts = self.cuts[:seat] + (card,) + self.cuts[seat + 1 :]
        self.events.append(CutCard(seat, card))
        cutters = self.cutters or tuple(range(self.players))
        cut = {s: c for s in cutters if (c := self.cuts[s]) is not None}
        if len(cut) < len(cutters):
            return
        low = min(c.rank for c in cut.values())
        lowest = tuple(s for s, c in cut.items() if c.rank == low)
        if len(lowest) > 1:  # those tied for low cut again, from a new shuffle
            self.events.append(CutTied())
            self.shuffles += 1
            out = {card for s, card in enumerate(self.cuts) if s not in lowest}
            self.pack = tuple(c for c in _shuffled(self.seed, self.shuffles) if c not in out)
            self.cuts = tuple(None if s in lowest else c for s, c in enumerate(self.cuts))
            self.cutters = None if len(lowest) == self.players else lowest
            return
        self.dealer = lowest[0]
        self.events.append(DealerChosen(self.dealer))
        self.deal()

    def deal(self) -> None:
        """Deal each seat its cards one at a time from the dealer's left (and, three-handed,
        one card from the pack to the crib)."""
        dealer = self._dealer()
        n = self.players
        size = self.config.hand_size
        self.shuffles += 1
        deck = _shuffled(self.seed, self.shuffles)
        dealt: list[list[Card]] = [[] for _ in range(n)]
        seat = dealer
        for card in deck[: size * n]:
            seat = next_seat(seat, n)
            dealt[seat].append(card)
        to_crib = self.config.crib_from_pack
        self.hands = tuple(tuple(sorted(hand)) for hand in dealt)
        self.crib = tuple(sorted(deck[size * n : size * n + to_crib]))
        self.pack = deck[size * n + to_crib :]
        self.cuts = ()
        self.cutters = None
        self.kept = ((),) * n
        self.discards = ((),) * n
        self.starter = None
        self.pile = ()
        self.count = 0
        if self.history:
            self.past_plays += (self.history,)
        self.history = ()
        self.to_move = None
        self.passed = frozenset()
        self.show_step = 0
        self.hand_number += 1
        self.phase = Phase.DISCARD
        self.events.append(Dealt(dealer, self.hand_number))

    def discard(self, seat: int, cards: Sequence[Card]) -> None:
        chosen = tuple(cards)
        rest = tuple(card for card in self.hands[seat] if card not in chosen)
        self.hands = self.hands[:seat] + (rest,) + self.hands[seat + 1 :]
        self.kept = self.kept[:seat] + (rest,) + self.kept[seat + 1 :]
        self.discards = self.discards[:seat] + (tuple(sorted(chosen)),) + self.discards[seat + 1 :]
        self.crib = tuple(sorted(self.crib + chosen))
        self.events.append(Discarded(seat, tuple(sorted(chosen))))
        if all(self.discards):
            self.phase = Phase.CUT_STARTER

    def cut_starter(self, seat: int, position: int) -> None:
        starter = self.pack[position]
        self.starter = starter
        self.events.append(StarterTurned(seat, starter))
        self.phase = Phase.PLAY
        self.to_move = next_seat(self._dealer(), self.players)
        if self.hand_number == 1:
            self.peg(self.to_move, self.config.three_for_last, Reason.THREE_FOR_LAST)
        if starter.rank is Rank.JACK:
            self.peg(self._dealer(), 2, Reason.HEELS)

    # -- the play

    def play(self, seat: int, card: Card) -> None:
        hand = self.hands[seat]
        self.hands = (
            self.hands[:seat] + (tuple(c for c in hand if c != card),) + self.hands[seat + 1 :]
        )
        self.pile += (card,)
        self.count += card.value
        self.history += ((seat, card),)
        self.events.append(Played(seat, card, self.count))
        score = score_play(self.pile)
        self.peg(seat, score.total, Reason.PLAY, score)
        least = tuple(least_value([c.value for c in cards]) for cards in self.hands)
        turn = next_turn(self.count, seat, least, self.config.five_card)
        if turn.to_move >= 0 and not turn.reset:  # the turn passes on, over seats that say go
            self.say_go(seat, turn.to_move)
            self.to_move = turn.to_move
            return
        if turn.bonus:
            if turn.reset:
                self.say_go(seat, seat)
            self.peg(seat, turn.bonus, Reason.GO if turn.reset else Reason.LAST_CARD)
        if turn.reset:
            self.count = 0
            self.pile = ()
            self.passed = frozenset()
        if turn.to_move < 0:
            self.start_show()
            return
        self.to_move = turn.to_move
        self.events.append(CountReset(turn.to_move))

    def say_go(self, mover: int, to_move: int) -> None:
        """The seats the turn passes over, from `mover`'s left to `to_move`, cannot play:
        each that holds a card and has not said so in this count says go."""
        seat = next_seat(mover, self.players)
        while seat != to_move:
            if seat not in self.passed:
                if self.hands[seat]:
                    self.events.append(Go(seat))
                self.passed |= {seat}
            seat = next_seat(seat, self.players)

    # -- the show

    def next_opponent(self, seat: int) -> int:
        """Who takes a penalty or muggins from `seat`: the first opponent on its left, which
        is the next seat, as partners sit across the table from each other."""
        return next_seat(seat, self.players)

    def start_show(self) -> None:
        self.phase = Phase.SHOW
        self.to_move = None
        self.show_step = 0
        self.run_show()

    def show_target(self) -> tuple[int, bool, tuple[Card, ...]]:
        seat, is_crib = show_order(self._dealer(), self.players)[self.show_step]
        return seat, is_crib, self.crib if is_crib else self.kept[seat]

    def run_show(self) -> None:
        """Count hands in order until a claimed count is awaited; then the next deal."""
        starter = self.starter
        assert starter is not None
        while self.show_step <= self.players:
            seat, is_crib, cards = self.show_target()
            if self.config.counts[seat] is Counting.CLAIMED:
                return
            score = score_hand(cards, starter, crib=is_crib)
            self.show_step += 1
            self.events.append(Shown(seat, cards, starter, is_crib, score))
            self.peg(seat, score.total, Reason.CRIB if is_crib else Reason.HAND)
        self.events.append(HandOver())
        self.dealer = next_seat(self._dealer(), self.players)
        self.deal()

    def claim(self, seat: int, points: int) -> None:
        claimed = 0 if points == 19 else points
        starter = self.starter
        assert starter is not None
        _, is_crib, cards = self.show_target()
        score = score_hand(cards, starter, crib=is_crib)
        actual = score.total
        reason = Reason.CRIB if is_crib else Reason.HAND
        opponent = self.next_opponent(seat)
        self.show_step += 1
        self.events.append(Claimed(seat, claimed, actual, is_crib))
        self.events.append(Shown(seat, cards, starter, is_crib, score, claimed))
        if claimed > actual:
            self.peg(seat, actual, reason)
            penalty = {
                Overcount.BSD: 2,
                Overcount.RUTHLESS: claimed - actual,
                Overcount.NONE: 0,
            }[self.config.overcount]
            self.peg(opponent, penalty, Reason.OVERCLAIM)
        else:
            self.peg(seat, claimed, reason)
            if claimed < actual and self.config.muggins:
                self.peg(opponent, actual - claimed, Reason.MUGGINS)
        self.run_show()
