"""The characters cards and the board are drawn with: Unicode by default, plain ASCII as a
fallback. The game's screen and the printed tools (`--count`, `--discard`, `--practice`)
draw cards the same way and choose between the two by the same rule (`choose_glyphs`);
text printed to a file or a pipe is always ASCII (`glyphs_for`), so scripts read the same
cards whatever the terminal. `WORDS` says each card in words ('five of hearts'), for the
game in plain lines (`--plain`), which a screen reader reads aloud."""

from __future__ import annotations

import locale
from dataclasses import dataclass, fields, replace
from typing import Final, TextIO

from .cards import Card, Rank

__all__ = ["ASCII", "UNICODE", "WORDS", "Glyphs", "can_encode", "choose_glyphs", "glyphs_for"]


@dataclass(frozen=True, slots=True)
class Glyphs:
    """One set of drawing characters."""

    suits: str
    """Clubs, diamonds, hearts, spades, in `Suit` order."""
    top: str
    """A card's top edge: left corner, fill, right corner."""
    side: str
    bottom: str
    back: str
    """The pattern on the back of a card."""
    box: str
    """A frame: horizontal, vertical, four corners (top-left, top-right, bottom-left,
    bottom-right), then the left and right tees."""
    hole: str
    front_peg: str
    back_peg: str
    sliver: str
    """One card of a pack seen edge-on, for cutting."""
    arrows: str
    """Left, right, up (the cursor mark under a card)."""
    dot: str
    ellipsis: str
    """Where letters of a name too long for its place are left out."""
    words: bool = False
    """Cards are said in words ('five of hearts'), and listed in a sentence."""

    def card(self, card: Card) -> str:
        """The card as shown on screen: '5♥', '10♠', 'KD'; in words, 'five of hearts'.

        >>> UNICODE.card(Card.parse("th")), ASCII.card(Card.parse("kd"))
        ('10♥', 'KD')
        >>> WORDS.card(Card.parse("5h"))
        'five of hearts'
        """
        if self.words:
            return f"{card.rank.word} of {card.suit.name.lower()}"
        rank = "10" if card.rank is Rank.TEN else card.rank.letter
        return rank + self.suits[card.suit]

    def cards(self, cards: tuple[Card, ...] | list[Card]) -> str:
        """Cards separated by spaces; in words, with commas and 'and'.

        >>> WORDS.cards([Card.parse("5h"), Card.parse("kc"), Card.parse("ad")])
        'five of hearts, king of clubs and ace of diamonds'
        """
        if self.words and cards:
            *most, last = [self.card(card) for card in cards]
            return f"{', '.join(most)} and {last}" if most else last
        return " ".join(self.card(card) for card in cards)


UNICODE: Final = Glyphs(
    suits="\u2663\u2666\u2665\u2660",
    top="\u250c\u2500\u2510",
    side="\u2502",
    bottom="\u2514\u2500\u2518",
    back="\u2592",
    box="\u2500\u2502\u250c\u2510\u2514\u2518\u251c\u2524",
    hole="\u00b7",
    front_peg="\u25cf",
    back_peg="\u25cb",
    sliver="\u258f",
    arrows="\u2190\u2192\u25b2",
    dot="\u00b7",
    ellipsis="\u2026",
)

ASCII: Final = Glyphs(
    suits="CDHS",
    top=".-.",
    side="|",
    bottom="'-'",
    back="#",
    box="-|++++++",
    hole=".",
    front_peg="*",
    back_peg="o",
    sliver="|",
    arrows="<>^",
    dot="-",
    ellipsis=".",
)


WORDS: Final = replace(ASCII, words=True)
"""ASCII, with each card said in words: for the game in plain lines."""


def can_encode(glyphs: Glyphs, encoding: str) -> bool:
    """True when every character of `glyphs` has a form in `encoding`.

    >>> can_encode(UNICODE, "UTF-8"), can_encode(UNICODE, "latin-1"), can_encode(ASCII, "ascii")
    (True, False, True)
    """
    characters = "".join(
        text for field in fields(glyphs) if isinstance(text := getattr(glyphs, field.name), str)
    )
    try:
        characters.encode(encoding)
    except (UnicodeEncodeError, LookupError):
        return False
    return True


def choose_glyphs(force_ascii: bool = False, encoding: str | None = None) -> Glyphs:
    """Unicode when ASCII was not asked for and `encoding` can encode all of it; else ASCII.

    `encoding` is the one curses prints in (`window.encoding`); by default the locale's
    (`locale.getencoding`), which is curses' too, whatever Python's UTF-8 mode says: with
    LC_ALL=C, Python itself speaks UTF-8 but curses prints ASCII, and a suit symbol it
    cannot print would vanish.

    >>> choose_glyphs(encoding="UTF-8").card(Card.parse("5h"))
    '5♥'
    >>> choose_glyphs(encoding="ANSI_X3.4-1968").card(Card.parse("5h"))
    '5H'
    """
    if force_ascii:
        return ASCII
    return UNICODE if can_encode(UNICODE, encoding or locale.getencoding()) else ASCII


def glyphs_for(stream: TextIO, force_ascii: bool = False) -> Glyphs:
    """The glyphs for text printed on `stream`: on a terminal, the game's choice (which the
    stream's own encoding must also take); on a file or a pipe, ASCII.

    >>> import io
    >>> glyphs_for(io.StringIO()) is ASCII
    True
    """
    if not stream.isatty():
        return ASCII
    glyphs = choose_glyphs(force_ascii)
    encoding = getattr(stream, "encoding", None)
    if glyphs is UNICODE and isinstance(encoding, str) and not can_encode(glyphs, encoding):
        return ASCII
    return glyphs
