"""The computer opponent: decides from a seat's view only.

Three levels, from weakest to strongest:

* `easy`: legal but loose play (`cribbage.computer.easy`).
* `classic`: the BSD cribbage(6) computer's behaviour (`cribbage.computer.classic`).
* `expert` (the default): exact discard values with a model of the opponent's throws and
  the pegging of the kept cards (`cribbage.computer.discard`), a search of the rest of the
  play over the hands the opponent may hold (`cribbage.computer.play`), a reading of how far
  the opponent plays by a fixed rule (`cribbage.computer.reading`), and the chance of
  winning near the end of the game (`cribbage.computer.endgame`).

`Computer.discard_options` and `Computer.play_options` return the figures each decision is
made from, best first; `discard` and `play` take the first, so a hint built on the options
always agrees with the computer.

>>> from cribbage.cards import parse_cards
>>> cpu = Computer("expert", seed=1)
>>> cpu.discard(parse_cards("5h 5c 5s jd 5d ac".split()), dealer=True)
(Card(Rank.ACE, Suit.CLUBS), Card(Rank.JACK, Suit.DIAMONDS))
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from ..cards import Card
from ..choices import LEVELS
from ..rules import Action, Claim, CutForDeal, CutStarter, Discard, Phase, Play
from ..scoring import score_hand
from ..view import PlayerView
from .discard import DiscardOption, discard_options
from .play import PlayContext, PlayOption, Who, play_options
from .settings import EXPERT, Settings, parse_settings
from .strategy import LEVEL_STRATEGIES, Strategy

__all__ = [
    "EXPERT",
    "LEVELS",
    "Computer",
    "DiscardOption",
    "PlayContext",
    "PlayOption",
    "Settings",
    "Strategy",
    "Who",
    "discard_options",
    "parse_settings",
    "play_options",
]


class Computer:
    """A computer player of a given level; `seed` makes its choices repeatable.

    The level names its `Strategy` (`cribbage.computer.strategy`): how it values its
    choices. Every decision draws its randomness from the seed and what the computer can see
    at that moment, so the same position always gets the same answer (and asking for the
    options first does not change the decision).

    Raises:
        ValueError: an unknown level.
    """

    def __init__(
        self, level: str = "expert", seed: int | None = None, settings: Settings | None = None
    ) -> None:
        if level not in LEVEL_STRATEGIES:
            raise ValueError(f"Unknown level {level!r}; choose one of {', '.join(LEVELS)}.")
        self.seed = seed if seed is not None else random.SystemRandom().getrandbits(63)
        self.settings = settings or EXPERT
        self.strategy: Strategy = LEVEL_STRATEGIES[level](self.seed, self.settings)
        self.level = level

    @classmethod
    def playing(cls, strategy: Strategy) -> Computer:
        """A computer that decides by `strategy` (a level's, or a sparring partner's)."""
        computer = cls.__new__(cls)
        computer.seed, computer.settings = strategy.seed, strategy.settings
        computer.strategy, computer.level = strategy, strategy.name
        return computer

    def __repr__(self) -> str:
        return f"Computer({self.level!r}, seed={self.seed})"

    # -- discarding

    def discard_options(
        self,
        hand: Sequence[Card],
        *,
        dealer: bool,
        my_score: int = 0,
        opp_score: int = 0,
        target: int = 121,
    ) -> tuple[DiscardOption, ...]:
        """The 15 ways to lay away two of the six cards in `hand`, best first, as this level
        values them (`easy`: the four kept cards' points as they stand; `classic`: BSD's
        reckoning; `expert`: see `cribbage.computer.discard.discard_options`). The first is
        the one `discard` lays away.

        Raises:
            ValueError: not six different cards.
        """
        return self.strategy.discard_options(
            hand, dealer=dealer, my_score=my_score, opp_score=opp_score, target=target
        )

    def discard(
        self,
        hand: Sequence[Card],
        *,
        dealer: bool,
        my_score: int = 0,
        opp_score: int = 0,
        target: int = 121,
    ) -> tuple[Card, Card]:
        """The two cards to lay away from a six-card hand.

        Raises:
            ValueError: not six different cards.
        """
        options = self.discard_options(
            hand, dealer=dealer, my_score=my_score, opp_score=opp_score, target=target
        )
        first, second = options[0].discard
        return first, second

    # -- the play

    def play_options(
        self,
        hand: Sequence[Card],
        *,
        sequence: Sequence[Card] = (),
        history: Sequence[tuple[Who, Card]] = (),
        starter: Card | None = None,
        dealer: bool = False,
        my_score: int = 0,
        opp_score: int = 0,
        target: int = 121,
        discards: Sequence[Card] | None = None,
        past_plays: Sequence[Sequence[tuple[Who, Card]]] = (),
    ) -> tuple[PlayOption, ...]:
        """Each legal card of `hand` with its value, best first, as this level values them
        (`easy` and `classic`: the points it pegs at once, the card it plays first; `expert`:
        see `cribbage.computer.play.play_options`). The first is the one `play` plays.

        `sequence` is the cards of the current count; `history` every card played this
        deal, in order, with who played it; `discards` the two cards this player laid away;
        `past_plays` the `history` of each earlier deal of the game (the expert reads from
        them how its opponent plays: `Settings.read`).

        Raises:
            ValueError: no card of `hand` can be played on `sequence`.
        """
        return self.options_in(
            _context(
                hand,
                sequence,
                history,
                starter,
                dealer,
                my_score,
                opp_score,
                target,
                discards,
                past_plays,
            )
        )

    def play(
        self,
        hand: Sequence[Card],
        *,
        sequence: Sequence[Card] = (),
        history: Sequence[tuple[Who, Card]] = (),
        starter: Card | None = None,
        dealer: bool = False,
        my_score: int = 0,
        opp_score: int = 0,
        target: int = 121,
        discards: Sequence[Card] | None = None,
        past_plays: Sequence[Sequence[tuple[Who, Card]]] = (),
    ) -> Card:
        """A legal card to play on `sequence` (see `play_options` for the arguments).

        Raises:
            ValueError: no card of `hand` can be played on `sequence`.
        """
        return self.choose_play(
            _context(
                hand,
                sequence,
                history,
                starter,
                dealer,
                my_score,
                opp_score,
                target,
                discards,
                past_plays,
            )
        )

    def options_in(self, context: PlayContext) -> tuple[PlayOption, ...]:
        """`play_options` for a play described by `context`."""
        return self.strategy.play_options(context)

    def choose_play(self, context: PlayContext) -> Card:
        """`play` for a play described by `context`."""
        return self.strategy.first_play(context)

    # -- the options for a seat's view (hints and coaching)

    def discard_options_for(self, view: PlayerView) -> tuple[DiscardOption, ...]:
        """The ways to lay away for the discard `view` is waiting on, best first, from that
        seat's side, as this level values them: its first option is what `act` lays away.

        In the two-handed six-card game these are `discard_options`; in the other games (one
        of five laid away with three or four players, two of five in five-card cribbage) the
        expert's are `cribbage.computer.variant_discard.variant_discard_options`.

        Raises:
            ValueError: the view's hand is not the cards of a discard.
        """
        return self.strategy.discard_options_for(view)

    def play_options_for(self, view: PlayerView) -> tuple[PlayOption, ...]:
        """Each legal card for the play `view` is waiting on, best first, from that seat's
        side, as this level values them: its first option is what `act` plays.

        In the two-handed six-card game these are `play_options`; in the other games the
        expert's are `cribbage.computer.variant_play.variant_play_options`.

        Raises:
            ValueError: no card of the view's hand can be played now.
        """
        return self.strategy.play_options_for(view)

    # -- cutting and acting on a view

    def cut(self, positions: range) -> int:
        """Where to cut the pack (anywhere: a cut is luck)."""
        return self.strategy.rng("cut", positions.start, positions.stop).choice(positions)

    def act(self, view: PlayerView) -> Action:
        """The computer's action for the decision its view is waiting on.

        Reads nothing but `view`. When it must count its own hand or crib (a game where
        counts are claimed), it claims the true count.

        Raises:
            RuntimeError: the view is not waiting on this seat for a cut, discard, play or count.
        """
        seat = view.seat
        if seat not in view.pending:
            raise RuntimeError("It is not the computer's turn.")
        if view.phase is Phase.CUT_FOR_DEAL and view.cut_range is not None:
            return CutForDeal(seat, self.cut(view.cut_range))
        if view.phase is Phase.CUT_STARTER and view.cut_range is not None:
            return CutStarter(seat, self.cut(view.cut_range))
        if view.phase is Phase.DISCARD:
            return Discard(seat, self.discard_options_for(view)[0].discard)
        if view.phase is Phase.PLAY:
            return Play(seat, self.strategy.play_for(view))
        if view.phase is Phase.SHOW and view.counting is not None and view.starter is not None:
            shown = view.counting
            return Claim(seat, score_hand(shown.cards, view.starter, crib=shown.crib).total)
        raise RuntimeError(f"The computer has nothing to decide in {view.phase.value}.")


def _context(
    hand: Sequence[Card],
    sequence: Sequence[Card],
    history: Sequence[tuple[Who, Card]],
    starter: Card | None,
    dealer: bool,
    my_score: int,
    opp_score: int,
    target: int,
    discards: Sequence[Card] | None,
    past_plays: Sequence[Sequence[tuple[Who, Card]]],
) -> PlayContext:
    return PlayContext(
        tuple(hand),
        tuple(sequence),
        tuple(history),
        starter,
        dealer,
        my_score,
        opp_score,
        target,
        None if discards is None else tuple(discards),
        tuple(tuple(plays) for plays in past_plays),
    )
