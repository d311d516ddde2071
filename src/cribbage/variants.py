"""The games this program plays, by name: the two-handed game of six cards, five-card
cribbage, three-handed, four-handed, and four-handed in partnerships.

Statistics are kept per game, the command line names them, and the screen's title says
which is being played; all of them ask `variant_of` which game a `GameConfig` describes.

>>> variant_of(GameConfig(players=4, partners=True)).title
'Four-handed, partners'
"""

from __future__ import annotations

from enum import Enum

from .rules import GameConfig

__all__ = ["Variant", "variant_of"]


class Variant(Enum):
    """One of the games; the value is the name statistics are filed under."""

    TWO_HANDED = "two-handed"
    FIVE_CARD = "five-card"
    THREE_HANDED = "three-handed"
    FOUR_HANDED = "four-handed"
    PARTNERS = "partners"

    @property
    def title(self) -> str:
        """The game's name as a heading: 'Three-handed'."""
        return _TITLES[self]

    @property
    def phrase(self) -> str:
        """The game inside a sentence: 'the game is three-handed'."""
        return _PHRASES[self]

    @property
    def game(self) -> str:
        """The game as a noun: 'a new three-handed game', 'the four-handed partners game'."""
        return _GAMES[self]

    @property
    def players(self) -> int:
        """How many play it."""
        return {Variant.THREE_HANDED: 3, Variant.FOUR_HANDED: 4, Variant.PARTNERS: 4}.get(self, 2)


_TITLES = {
    Variant.TWO_HANDED: "Two-handed",
    Variant.FIVE_CARD: "Five-card",
    Variant.THREE_HANDED: "Three-handed",
    Variant.FOUR_HANDED: "Four-handed",
    Variant.PARTNERS: "Four-handed, partners",
}

_PHRASES = {
    Variant.TWO_HANDED: "two-handed",
    Variant.FIVE_CARD: "five-card cribbage",
    Variant.THREE_HANDED: "three-handed",
    Variant.FOUR_HANDED: "four-handed",
    Variant.PARTNERS: "four-handed, as partners",
}


_GAMES = {
    Variant.TWO_HANDED: "two-handed game",
    Variant.FIVE_CARD: "five-card game",
    Variant.THREE_HANDED: "three-handed game",
    Variant.FOUR_HANDED: "four-handed game",
    Variant.PARTNERS: "four-handed partners game",
}


def variant_of(config: GameConfig) -> Variant:
    """The game `config` describes.

    >>> variant_of(GameConfig()), variant_of(GameConfig(players=3))
    (<Variant.TWO_HANDED: 'two-handed'>, <Variant.THREE_HANDED: 'three-handed'>)
    >>> variant_of(GameConfig(five_card=True, target=61))
    <Variant.FIVE_CARD: 'five-card'>
    """
    if config.partners:
        return Variant.PARTNERS
    if config.players == 4:
        return Variant.FOUR_HANDED
    if config.players == 3:
        return Variant.THREE_HANDED
    return Variant.FIVE_CARD if config.five_card else Variant.TWO_HANDED
