"""How each kind of computer player values its choices: one shape for every player.

A `Strategy` turns a decision into options, best first: the ways to lay away and the cards to
play, each with the figures it was chosen by. `Computer` holds one and does the rest the same
way for every player (cutting, counting its own hand when counts are claimed, acting on a
seat's view). The levels are the strategies `easy`, `classic` and `expert`; a tournament or a
benchmark may add others under names of their own (`register`), and plays them in the same
place as the levels.

Every strategy draws its randomness from the seed and the visible facts of one decision
(`Strategy.rng`), so the same position always gets the same answer.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable, Mapping, Sequence
from typing import Final, TypedDict

from ..cards import Card, format_cards
from ..view import PlayerView
from .classic import (
    classic_choose_play,
    classic_discard_options,
    classic_play_index,
    classic_play_points,
)
from .discard import DiscardOption, discard_options, make_option
from .easy import easy_discard, easy_play, four_card_points
from .play import PlayContext, PlayOption, best_play, play_options
from .reading import RULES
from .search import PegSearch, Reply, TableSearch
from .settings import EXPERT, Settings, parse_settings
from .sums import DISCARD_PAIRS
from .variant_discard import variant_discard_options
from .variant_play import search_for, variant_play_options

__all__ = [
    "LEVEL_STRATEGIES",
    "ClassicStrategy",
    "EasyStrategy",
    "ExpertStrategy",
    "Strategy",
    "StrategyFactory",
    "register",
    "strategy_for",
    "strategy_names",
]


class Strategy:
    """A way of valuing a computer player's choices; subclasses say how.

    The two-handed six-card game, the one every level plays in full, is asked through
    `discard_options` and `play_options`; the other games (three or four players, five-card)
    through `variant_discard_options` and `variant_play_options`, from the seat's view. A
    strategy that decides every game from the view alike overrides `discard_options_for`
    and `play_options_for` instead.
    """

    name: str = ""

    def __init__(self, seed: int, settings: Settings = EXPERT) -> None:
        self.seed = seed
        self.settings = settings

    def rng(self, *parts: object) -> random.Random:
        """A generator seeded by the seed and the visible facts of one decision."""
        return random.Random(":".join([str(self.seed), *(str(part) for part in parts)]))

    # -- the two-handed six-card game

    def discard_options(
        self, hand: Sequence[Card], *, dealer: bool, my_score: int, opp_score: int, target: int
    ) -> tuple[DiscardOption, ...]:
        """The 15 ways to lay away two of six cards, best first."""
        raise NotImplementedError(f"The {self.name} player decides from a seat's view only.")

    def play_options(self, context: PlayContext) -> tuple[PlayOption, ...]:
        """Each legal card for the play `context` describes, best first."""
        raise NotImplementedError(f"The {self.name} player decides from a seat's view only.")

    def quick_play(self, legal: Sequence[Card]) -> Card | None:
        """A card to play without working out the options, when they could only agree."""
        return None

    def first_play(self, context: PlayContext) -> Card:
        """The first of `play_options`: a strategy may find it with less work."""
        quick = self.quick_play(context.legal)
        return quick if quick is not None else self.play_options(context)[0].card

    # -- the other games

    def variant_discard_options(self, view: PlayerView) -> tuple[DiscardOption, ...]:
        """The ways to lay away in the games other than the two-handed six-card one."""
        raise NotImplementedError(f"The {self.name} player plays the two-handed game only.")

    def variant_play_options(self, view: PlayerView) -> tuple[PlayOption, ...]:
        """The cards to play in the games other than the two-handed six-card one."""
        return self.play_options(PlayContext.from_view(view))

    # -- any game, from a seat's view

    def discard_options_for(self, view: PlayerView) -> tuple[DiscardOption, ...]:
        """The ways to lay away for the discard `view` is waiting on, best first."""
        if six_card_pair(view):
            return self.discard_options(**discard_args(view))
        if view.dealer is None:
            raise ValueError("There is no discard before the deal.")
        return self.variant_discard_options(view)

    def play_options_for(self, view: PlayerView) -> tuple[PlayOption, ...]:
        """Each legal card for the play `view` is waiting on, best first."""
        if six_card_pair(view):
            return self.play_options(PlayContext.from_view(view))
        return self.variant_play_options(view)

    def play_for(self, view: PlayerView) -> Card:
        """The card to play for `view`: the first option, or a quick play when one is sure."""
        if six_card_pair(view):
            return self.first_play(PlayContext.from_view(view))
        quick = self.quick_play(view.legal)
        return quick if quick is not None else self.variant_play_options(view)[0].card


class EasyStrategy(Strategy):
    """Legal but loose play: keeps the cards that score most as they stand, plays a card
    that pegs when it sees one (`cribbage.computer.easy`)."""

    name = "easy"

    def discard_options(
        self, hand: Sequence[Card], *, dealer: bool, my_score: int, opp_score: int, target: int
    ) -> tuple[DiscardOption, ...]:
        chosen = set(easy_discard(hand, self.rng("discard", format_cards(sorted(hand)))))
        return tuple(sorted(_easy_discard_options(hand), key=lambda o: set(o.discard) != chosen))

    def play_options(self, context: PlayContext) -> tuple[PlayOption, ...]:
        hand, sequence = context.hand, context.sequence
        rng = self.rng("play", format_cards(sorted(hand)), format_cards(sequence))
        return _first(classic_play_points(hand, sequence), lambda: easy_play(hand, sequence, rng))

    def variant_discard_options(self, view: PlayerView) -> tuple[DiscardOption, ...]:
        return _easy_variant_options(view, self.rng("discard", format_cards(view.hand)))


class ClassicStrategy(Strategy):
    """The BSD cribbage(6) computer's behaviour (`cribbage.computer.classic`)."""

    name = "classic"

    def discard_options(
        self, hand: Sequence[Card], *, dealer: bool, my_score: int, opp_score: int, target: int
    ) -> tuple[DiscardOption, ...]:
        return classic_discard_options(hand, dealer=dealer)

    def play_options(self, context: PlayContext) -> tuple[PlayOption, ...]:
        hand, sequence = context.hand, context.sequence
        return _first(
            classic_play_points(hand, sequence), lambda: classic_choose_play(hand, sequence)
        )

    def variant_discard_options(self, view: PlayerView) -> tuple[DiscardOption, ...]:
        assert view.dealer is not None  # checked by `discard_options_for`
        return variant_discard_options(view.hand, view.config, view.seat, view.dealer, bsd=True)


class ExpertStrategy(Strategy):
    """Exact discard values with a model of the opponent's throws and the pegging of the kept
    cards, a search of the rest of the play over the hands the opponent may hold, a reading
    of how far the opponent plays by a fixed rule, and the chance of winning near the end."""

    name = "expert"

    def __init__(self, seed: int, settings: Settings = EXPERT) -> None:
        super().__init__(seed, settings)
        # Positions of the play solved for one decision often come again in the next ones
        # of the same deal; the search remembers a bounded number of them.
        self._search = PegSearch()
        self._rule_search = PegSearch(reply=classic_play_index)  # for `Settings.read`
        self._rule_searches = {rule: PegSearch(reply=rule) for rule in RULES}  # and `styles`
        self._table: TableSearch | None = None  # the same, for three or four seats

    def discard_options(
        self, hand: Sequence[Card], *, dealer: bool, my_score: int, opp_score: int, target: int
    ) -> tuple[DiscardOption, ...]:
        return discard_options(
            hand,
            dealer=dealer,
            my_score=my_score,
            opp_score=opp_score,
            target=target,
            settings=self.settings,
        )

    def play_options(self, context: PlayContext) -> tuple[PlayOption, ...]:
        return play_options(context, **self._play_args(context))

    def first_play(self, context: PlayContext) -> Card:
        quick = self.quick_play(context.legal)
        return quick if quick is not None else best_play(context, **self._play_args(context))

    def _play_args(self, context: PlayContext) -> _PlayArgs:
        """What `play_options` and `best_play` take besides the context: the settings, the
        searches kept between plays, and a generator seeded by what the seat sees."""
        rng = self.rng(
            "play",
            format_cards(sorted(context.hand)),
            format_cards(context.sequence),
            " ".join(f"{who}:{card}" for who, card in context.history),
            context.starter,
            format_cards(sorted(context.discards or ())),
            context.dealer,
            context.my_score,
            context.opp_score,
            context.target,
        )
        return _PlayArgs(
            settings=self.settings,
            rng=rng,
            search=self._search,
            rule_search=self._rule_search,
            rule_searches=self._rule_searches,
        )

    def quick_play(self, legal: Sequence[Card]) -> Card | None:
        # Cards of one rank peg alike: the options would agree.
        return legal[0] if len({card.rank for card in legal}) == 1 else None

    def variant_discard_options(self, view: PlayerView) -> tuple[DiscardOption, ...]:
        assert view.dealer is not None  # checked by `discard_options_for`
        return variant_discard_options(view.hand, view.config, view.seat, view.dealer, bsd=False)

    def variant_play_options(self, view: PlayerView) -> tuple[PlayOption, ...]:
        rng = self.rng(
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


StrategyFactory = Callable[[int, str], Strategy]
"""Makes a strategy from a seed and its settings as written after the name's colon
(`expert:crib=random`, `ismcts:passes=5000`; empty when none are given).

Raises:
    ValueError: settings it does not take (the message is a sentence for the user).
"""

LEVEL_STRATEGIES: Final[dict[str, Callable[[int, Settings], Strategy]]] = {
    "easy": EasyStrategy,
    "classic": ClassicStrategy,
    "expert": ExpertStrategy,
}
"""The levels' strategies, made from a seed and the expert's settings (which only the expert
reads)."""

_OTHERS: Final[dict[str, StrategyFactory]] = {}


def register(name: str, factory: StrategyFactory) -> None:
    """Make `factory` the strategy played under `name` (a benchmark's sparring partner, in
    tournaments); the levels' names cannot be taken.

    Raises:
        ValueError: `name` is a level's, or not a plain lowercase word.
    """
    if name in LEVEL_STRATEGIES:
        raise ValueError(f"{name!r} is a level's name.")
    if not (name.isascii() and name.isalnum() and name.islower()):
        raise ValueError(f"A player's name is a lowercase word, not {name!r}.")
    _OTHERS[name] = factory


def strategy_names() -> tuple[str, ...]:
    """The names strategies are known by: the levels first, then any registered."""
    return (*LEVEL_STRATEGIES, *_OTHERS)


def strategy_for(spec: str, seed: int) -> Strategy:
    """A fresh strategy from `spec`, a name with settings after a colon if any
    (`expert:crib=random`).

    >>> strategy_for("expert:crib=random", 1).settings.crib
    'random'

    Raises:
        ValueError: no strategy has that name, or it does not take those settings (the
            message is a sentence for the user).
    """
    name, _, rest = spec.partition(":")
    if name in LEVEL_STRATEGIES:
        if rest and name != "expert":
            raise ValueError("Only the expert level takes settings.")
        return LEVEL_STRATEGIES[name](seed, parse_settings(rest) if rest else EXPERT)
    factory = _OTHERS.get(name)
    if factory is None:
        raise ValueError(f"Unknown player {name!r}; choose one of {', '.join(strategy_names())}.")
    return factory(seed, rest)


def six_card_pair(view: PlayerView) -> bool:
    """True in the two-handed six-card game, the one every level plays in full."""
    return view.players == 2 and not view.config.five_card


class _PlayArgs(TypedDict):
    """What the expert's play takes besides its context (see `play_options`)."""

    settings: Settings
    rng: random.Random
    search: PegSearch
    rule_search: PegSearch
    rule_searches: Mapping[Reply, PegSearch]


class DiscardArgs(TypedDict):
    """What a discard of the two-handed six-card game is decided from."""

    hand: Sequence[Card]
    dealer: bool
    my_score: int
    opp_score: int
    target: int


def discard_args(view: PlayerView) -> DiscardArgs:
    """What a discard is decided from, read off a seat's view."""
    return DiscardArgs(
        hand=view.hand,
        dealer=view.is_dealer,
        my_score=view.my_score,
        opp_score=view.best_other_score,
        target=view.target,
    )


def _first(
    scored: Sequence[tuple[Card, int]], choose: Callable[[], Card]
) -> tuple[PlayOption, ...]:
    """The points each legal card pegs at once, the chosen card first.

    Raises:
        ValueError: no card can be played.
    """
    if not scored:
        raise ValueError("No card in the hand can be played on this count.")
    chosen = choose()
    ordered = sorted(scored, key=lambda item: item[0] != chosen)
    return tuple(PlayOption(card, points) for card, points in ordered)


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
