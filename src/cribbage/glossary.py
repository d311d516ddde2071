"""The game's words for a newcomer: each term, the short definition the lessons show for it,
and the forms it is written in.

`cribbage --learn` defines every term here before any lesson uses it: lesson 1 (the whole
game) shows these definitions as they are written here, and a test reads every screen of the
lessons in order, failing where a form of a term shows before its definition. A term a
lesson starts to use goes here first, with its definition, in the order lesson 1 teaches it.
Nothing here draws or reads a file.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Final

__all__ = ["GLOSSARY", "Term", "define"]


@dataclass(frozen=True, slots=True)
class Term:
    """A word of the game: `definition` is the sentence that teaches it, `forms` how the
    lessons and the game write it (matched as whole words, in any case)."""

    name: str
    definition: str
    forms: tuple[str, ...]

    def pattern(self) -> re.Pattern[str]:
        """Where any of the forms stands as words of its own in a text.

        >>> bool(GLOSSARY["go"].pattern().search('You say "go".'))
        True
        >>> bool(GLOSSARY["the play"].pattern().search("the player who deals"))
        False
        """
        either = "|".join(re.escape(form) for form in sorted(self.forms, key=len, reverse=True))
        return re.compile(rf"(?<![\w-])(?:{either})(?![\w-])", re.IGNORECASE)


_TERMS: Final = (
    Term(
        "peg",
        "Points are kept on a board with pegs: each time you score, you peg, moving a peg "
        "ahead by the points scored, so that your front peg shows your score.",
        ("peg", "pegs", "pegged", "pegging", "pegged it"),
    ),
    Term(
        "dealer",
        "The dealer is the player who deals the cards: six to each player in the game for two.",
        ("dealer", "dealer's"),
    ),
    Term("pone", "The other player is the pone.", ("pone", "pone's")),
    Term(
        "crib",
        "Each player lays away two of their six cards, face down: those four cards make the "
        "crib, an extra hand that counts for the dealer.",
        ("crib", "crib's", "cribs"),
    ),
    Term(
        "starter",
        "The pone cuts the pack, and the dealer turns up the top card of the lower part: "
        "that card is the starter. It counts with each hand when the hands are counted, "
        "but it is never played.",
        ("starter", "starters", "starter's"),
    ),
    Term(
        "his heels",
        "If the starter is a jack, the dealer pegs 2 at once for his heels.",
        ("his heels", "heels"),
    ),
    Term(
        "the play",
        "In the play, the players lay their cards face up one at a time, taking turns, the "
        "pone first.",
        ("the play",),
    ),
    Term(
        "lead",
        "The player who lays the first card of a count leads.",
        ("lead", "leads", "led"),
    ),
    Term(
        "tenth card",
        "A ten, jack, queen or king is a tenth card.",
        ("tenth card", "tenth cards"),
    ),
    Term(
        "count",
        "The count is the total of the cards laid: an ace counts 1, a two to a nine its "
        "number, a tenth card 10. The count may never go past 31.",
        ("count:", "the count", "a count", "new count"),
    ),
    Term(
        "fifteen",
        "A fifteen, cards adding up to 15, scores 2 (in the play: the count becomes 15).",
        ("fifteen", "fifteens"),
    ),
    Term(
        "thirty-one",
        "Thirty-one, a count of exactly 31, scores 2.",
        ("thirty-one",),
    ),
    Term(
        "pair",
        "A pair, two cards of the same rank, scores 2 (in the play: the card just before "
        "has the same rank); three of a kind score 6.",
        ("pair", "pairs", "pairing"),
    ),
    Term(
        "run",
        "A run, three or more cards in sequence such as 4 5 6 (laid in any order), scores "
        "a point a card.",
        ("run", "runs", "double run"),
    ),
    Term(
        "go",
        'A player who cannot lay a card without going past 31 says "go"; the other lays '
        "cards while they can, and the last to lay one pegs 1 for the go. Then a new count "
        "starts at 0.",
        ('"go"', "says go", "say go", "the go", "a go"),
    ),
    Term(
        "last card",
        "The player who lays the last card of the hand pegs 1 for last card.",
        ("last card",),
    ),
    Term(
        "the show",
        "In the show the hands are counted, each with the starter as a fifth card: first "
        "the pone's hand, then the dealer's, then the crib, for the dealer.",
        ("the show",),
    ),
    Term(
        "flush",
        "A flush, the four cards of a hand of one suit, scores 4, or 5 with the starter of "
        "that suit too.",
        ("flush", "flushes"),
    ),
    Term(
        "his nobs",
        "His nobs, the jack of the starter's suit in a hand, scores 1.",
        ("his nobs", "nobs"),
    ),
)

GLOSSARY: Final = {term.name: term for term in _TERMS}
"""Every term the lessons teach, in the order lesson 1 teaches them."""


def define(name: str) -> str:
    """The sentence that teaches the term `name`, as the lessons show it.

    Raises:
        KeyError: the glossary has no such term.

    >>> define("pone")
    'The other player is the pone.'
    """
    return GLOSSARY[name].definition
