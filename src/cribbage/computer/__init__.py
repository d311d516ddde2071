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

import itertools
import random
from collections.abc import Callable, Sequence
from typing import TypedDict

from ..cards import Card, format_cards
from ..choices import LEVELS
from ..rules import Action, Claim, CutForDeal, CutStarter, Discard, Phase, Play
from ..scoring import score_hand
from ..view import PlayerView
from .classic import (
    classic_choose_play,
    classic_discard_options,
    classic_play_index,
    classic_play_points,
)
from .discard import DiscardOption, discard_options, make_option
from .easy import easy_discard, easy_play, four_card_points
from .play import PlayContext, PlayOption, Who, play_options
from .search import PegSearch, TableSearch
from .settings import EXPERT, Settings, parse_settings
from .sums import DISCARD_PAIRS
from .variant_discard import variant_discard_options
from .variant_play import search_for, variant_play_options

__all__ = [
    "EXPERT",
    "LEVELS",
    "Computer",
    "DiscardOption",
    "PlayContext",
    "PlayOption",
    "Settings",
    "Who",
    "discard_options",
    "parse_settings",
    "play_options",
]


class Computer:
    """A computer player of a given level; `seed` makes its choices repeatable.

    Every decision draws its randomness from the seed and what the computer can see at that
    moment, so the same position always gets the same answer (and asking for the options
    first does not change the decision).

    Raises:
        ValueError: an unknown level.
    """

    def __init__(
        self, level: str = "expert", seed: int | None = None, settings: Settings | None = None
    ) -> None:
        if level not in LEVELS:
            raise ValueError(f"Unknown level {level!r}; choose one of {', '.join(LEVELS)}.")
        self.level = level
        self.seed = seed if seed is not None else random.SystemRandom().getrandbits(63)
        self.settings = settings or EXPERT
        # Positions of the play solved for one decision often come again in the next ones
        # of the same deal; the search remembers a bounded number of them.
        self._search = PegSearch()
        self._rule_search = PegSearch(reply=classic_play_index)  # for `Settings.read`
        self._table: TableSearch | None = None  # the same, for three or four seats

    def __repr__(self) -> str:
        return f"Computer({self.level!r}, seed={self.seed})"

    def _rng(self, *parts: object) -> random.Random:
        """A generator seeded by the computer's seed and the visible facts of one decision."""
        return random.Random(":".join([str(self.seed), *(str(part) for part in parts)]))

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
        if self.level == "classic":
            return classic_discard_options(hand, dealer=dealer)
        if self.level == "easy":
            chosen = set(easy_discard(hand, self._rng("discard", format_cards(sorted(hand)))))
            return tuple(
                sorted(_easy_discard_options(hand), key=lambda o: set(o.discard) != chosen)
            )
        return discard_options(
            hand,
            dealer=dealer,
            my_score=my_score,
            opp_score=opp_score,
            target=target,
            settings=self.settings,
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
        hand, sequence = context.hand, context.sequence
        if self.level != "expert":
            scored = classic_play_points(hand, sequence)
            if not scored:
                raise ValueError("No card in the hand can be played on this count.")
            if self.level == "classic":
                chosen = classic_choose_play(hand, sequence)
            else:
                rng = self._rng("play", format_cards(sorted(hand)), format_cards(sequence))
                chosen = easy_play(hand, sequence, rng)
            scored = tuple(sorted(scored, key=lambda item: item[0] != chosen))
            return tuple(PlayOption(card, points) for card, points in scored)
        rng = self._rng(
            "play",
            format_cards(sorted(hand)),
            format_cards(sequence),
            " ".join(f"{who}:{card}" for who, card in context.history),
            context.starter,
            format_cards(sorted(context.discards or ())),
            context.dealer,
            context.my_score,
            context.opp_score,
            context.target,
        )
        return play_options(
            context,
            settings=self.settings,
            rng=rng,
            search=self._search,
            rule_search=self._rule_search,
        )

    def choose_play(self, context: PlayContext) -> Card:
        """`play` for a play described by `context`."""
        return self._choose(context.legal, lambda: self.options_in(context))

    def _choose(self, legal: Sequence[Card], options: Callable[[], Sequence[PlayOption]]) -> Card:
        """The first of `options()`, or for the expert, without asking, the first legal card
        when every one is of a rank (they peg alike: the options would agree)."""
        if self.level == "expert" and len({card.rank for card in legal}) == 1:
            return legal[0]
        return options()[0].card

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
        if _six_card_pair(view):
            return self.discard_options(**_discard_args(view))
        if view.dealer is None:
            raise ValueError("There is no discard before the deal.")
        if self.level == "easy":
            return _easy_variant_options(view, self._rng("discard", format_cards(view.hand)))
        return variant_discard_options(
            view.hand, view.config, view.seat, view.dealer, bsd=self.level == "classic"
        )

    def play_options_for(self, view: PlayerView) -> tuple[PlayOption, ...]:
        """Each legal card for the play `view` is waiting on, best first, from that seat's
        side, as this level values them: its first option is what `act` plays.

        In the two-handed six-card game these are `play_options`; in the other games the
        expert's are `cribbage.computer.variant_play.variant_play_options`.

        Raises:
            ValueError: no card of the view's hand can be played now.
        """
        if _six_card_pair(view) or self.level != "expert":
            return self.options_in(PlayContext.from_view(view))
        rng = self._rng(
            "play",
            view.seat,
            format_cards(sorted(view.hand)),
            " ".join(f"{seat}:{card}" for seat, card in view.history),
            view.starter,
            view.dealer,
            view.scores,
        )
        self._table = search_for(view, self._table)
        return variant_play_options(view, settings=self.settings, rng=rng, search=self._table)

    def _play_for(self, view: PlayerView) -> Card:
        """The card `act` plays for `view` in the games other than the two-handed six-card one."""
        return self._choose(view.legal, lambda: self.play_options_for(view))

    # -- cutting and acting on a view

    def cut(self, positions: range) -> int:
        """Where to cut the pack (anywhere: a cut is luck)."""
        return self._rng("cut", positions.start, positions.stop).choice(positions)

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
            if _six_card_pair(view):
                return Play(seat, self.choose_play(PlayContext.from_view(view)))
            return Play(seat, self._play_for(view))
        if view.phase is Phase.SHOW and view.counting is not None and view.starter is not None:
            shown = view.counting
            return Claim(seat, score_hand(shown.cards, view.starter, crib=shown.crib).total)
        raise RuntimeError(f"The computer has nothing to decide in {view.phase.value}.")


def _six_card_pair(view: PlayerView) -> bool:
    """True in the two-handed six-card game, the one every level plays in full."""
    return view.players == 2 and not view.config.five_card


def _easy_variant_options(view: PlayerView, rng: random.Random) -> tuple[DiscardOption, ...]:
    """The easy level's discard in the other games: the kept cards' points as they stand,
    the best first (ties in a random order)."""
    cards = sorted(view.hand)
    options = []
    for keep in itertools.combinations(cards, view.config.kept_size):
        points = four_card_points(keep)
        thrown = tuple(card for card in cards if card not in keep)
        options.append(DiscardOption(thrown, keep, points, 0.0, 0.0, 0.0, points))
    rng.shuffle(options)
    return tuple(sorted(options, key=lambda option: -option.total))


class _DiscardArgs(TypedDict):
    hand: Sequence[Card]
    dealer: bool
    my_score: int
    opp_score: int
    target: int


def _discard_args(view: PlayerView) -> _DiscardArgs:
    """What a discard is decided from, read off a seat's view (used by `act` and the hints)."""
    return _DiscardArgs(
        hand=view.hand,
        dealer=view.is_dealer,
        my_score=view.my_score,
        opp_score=view.best_other_score,
        target=view.target,
    )


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


def _easy_discard_options(hand: Sequence[Card]) -> tuple[DiscardOption, ...]:
    """The easy level's view of a discard: what the kept four score as they stand."""
    cards = tuple(sorted(hand))
    if len(cards) != 6 or len(set(cards)) != 6:
        raise ValueError("A discard is chosen from six different cards.")
    options = [
        make_option(
            cards, i, j, hand=four_card_points([c for c in cards if c not in (cards[i], cards[j])])
        )
        for i, j in DISCARD_PAIRS
    ]
    return tuple(sorted(options, key=lambda o: -o.total))
