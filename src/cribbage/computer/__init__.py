"""The computer opponent: decides from a seat's view only.

This first version plays legal, unambitious cribbage (random choices); the levels
`easy`, `classic` and `expert` replace it.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Literal

from ..cards import Card
from ..rules import Action, CutForDeal, CutStarter, Discard, Phase, Play
from ..view import PlayerView

__all__ = ["Computer", "LEVELS", "Who"]

LEVELS = ("easy", "classic", "expert")
Who = Literal["me", "opponent"]


class Computer:
    """A computer player of a given level; `seed` makes its choices repeatable."""

    def __init__(self, level: str = "expert", seed: int | None = None) -> None:
        if level not in LEVELS:
            raise ValueError(f"Unknown level {level!r}; choose one of {', '.join(LEVELS)}.")
        self.level = level
        self._rng = random.Random(seed)

    def discard(
        self,
        hand: Sequence[Card],
        *,
        dealer: bool,
        my_score: int = 0,
        opp_score: int = 0,
        target: int = 121,
    ) -> tuple[Card, Card]:
        """The two cards to lay away from a six-card hand."""
        first, second = self._rng.sample(list(hand), 2)
        return first, second

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
    ) -> Card:
        """A legal card to play on `sequence`; raises ValueError when none is legal."""
        count = sum(card.value for card in sequence)
        legal = [card for card in hand if count + card.value <= 31]
        if not legal:
            raise ValueError("No card in the hand can be played on this count.")
        return self._rng.choice(legal)

    def cut(self, positions: range) -> int:
        """Where to cut the pack."""
        return self._rng.choice(positions)

    def act(self, view: PlayerView) -> Action:
        """The computer's action for the decision its view is waiting on."""
        seat = view.seat
        me = view.seat
        if view.phase is Phase.CUT_FOR_DEAL and view.cut_range is not None:
            return CutForDeal(seat, self.cut(view.cut_range))
        if view.phase is Phase.CUT_STARTER and view.cut_range is not None:
            return CutStarter(seat, self.cut(view.cut_range))
        opp = max(s for i, s in enumerate(view.scores) if i != me)
        if view.phase is Phase.DISCARD:
            return Discard(seat, self.discard(view.hand, dealer=view.is_dealer,
                                              my_score=view.scores[me], opp_score=opp,
                                              target=view.target))
        if view.phase is Phase.PLAY:
            history = tuple(_who(who == me, card) for who, card in view.history)
            return Play(seat, self.play(view.hand, sequence=view.pile, history=history,
                                        starter=view.starter, dealer=view.is_dealer,
                                        my_score=view.scores[me], opp_score=opp,
                                        target=view.target, discards=view.discards))
        raise RuntimeError(f"The computer has nothing to decide in {view.phase.value}.")


def _who(mine: bool, card: Card) -> tuple[Who, Card]:
    return ("me" if mine else "opponent"), card
