"""The hand calculators: `cribbage --count` (a show count laid out item by item) and
`cribbage --discard` (the 15 ways to lay away two of six cards, ranked by the expert).

Cards are drawn with the game's glyphs: by default ASCII (`5H`, `10C`), as for a file or a
pipe; the command gives Unicode ones (`5♥`) on a terminal that shows them."""

from __future__ import annotations

from collections.abc import Sequence

from .cards import Card, parse_cards
from .errors import InvalidCardError
from .glyphs import ASCII, Glyphs
from .scoring import Score, announce_sentence, score_hand

__all__ = ["breakdown_lines", "count_text", "discard_table", "discard_text"]


def breakdown_lines(score: Score, glyphs: Glyphs = ASCII) -> list[str]:
    """One line per scoring combination: its points, what it is, and its cards.

    >>> from cribbage.cards import parse_cards
    >>> from cribbage.glyphs import UNICODE
    >>> *hand, starter = parse_cards(["7h", "8c", "ks", "2d", "ac"])
    >>> breakdown_lines(score_hand(hand, starter)), breakdown_lines(score_hand(hand, starter), UNICODE)
    (['   2  fifteen     7H 8C'], ['   2  fifteen     7♥ 8♣'])
    """
    return [
        f"  {item.points:2}  {item.kind.value:<10}  {glyphs.cards(item.cards)}"
        for item in score.items
    ]


def count_text(texts: Sequence[str], *, crib: bool = False, glyphs: Glyphs = ASCII) -> str:
    """The count of four cards and a starter, given as card texts, laid out for a terminal.

    Raises:
        InvalidCardError: not five cards, a text that names no card, or a card named twice.

    >>> print(count_text(["5h", "tc", "5s", "2d", "ac"]))
    Hand 5H 10C 5S 2D, starter AC
       2  fifteen     5H 10C
       2  fifteen     10C 5S
       2  pair        5H 5S
       6  total
    Fifteen two, fifteen four, and a pair is six.
    """
    if len(texts) != 5:
        raise InvalidCardError(
            f"Give four cards and then the starter (five cards), not {len(texts)}."
        )
    cards = parse_cards(texts)
    hand: tuple[Card, ...] = cards[:4]
    starter = cards[4]
    score = score_hand(hand, starter, crib=crib)
    title = f"{'Crib' if crib else 'Hand'} {glyphs.cards(hand)}, starter {glyphs.card(starter)}"
    lines = [
        title,
        *breakdown_lines(score, glyphs),
        f"  {score.total:2}  total",
        announce_sentence(score),
    ]
    return "\n".join(lines)


def discard_table(hand: Sequence[Card], *, dealer: bool, glyphs: Glyphs = ASCII) -> list[str]:
    """The 15 discards of six cards, best first, as the expert values them at the start of a
    game: expected points of the kept hand (over the 46 starters), of the crib (negative when
    it is the opponent's), of the pegging (own minus the opponent's) and in all. The total
    also holds his heels (the same for every discard), so a note gives it.

    Raises:
        ValueError: not six different cards.
    """
    from .computer import Computer  # the calculator stays importable without the tables

    options = Computer("expert", seed=0).discard_options(hand, dealer=dealer)
    laid = [glyphs.cards(option.discard) for option in options]
    kept = [glyphs.cards(option.keep) for option in options]
    lay_w = max(9, *map(len, laid))  # wider only for tens ('10C 10D')
    keep_w = max(12, *map(len, kept))
    lines = [
        f"{'lay away':<{lay_w}} {'keep':<{keep_w}} "
        f"{'hand':>6} {'crib':>6} {'pegging':>8} {'total':>6}"
    ]
    for option, discard, keep in zip(options, laid, kept, strict=True):
        lines.append(
            f"{discard:<{lay_w}} {keep:<{keep_w}} "
            f"{option.hand:6.2f} {option.crib:6.2f} {option.pegging:8.2f} {option.total:6.2f}"
        )
    heels = options[0].heels
    lines.append(f"The totals hold his heels, {heels:+.2f} (a jack may be cut as the starter).")
    return lines


def discard_text(
    texts: Sequence[str], *, dealer: bool | None = None, glyphs: Glyphs = ASCII
) -> str:
    """Every discard of six cards, given as card texts, ranked by the expert's expected value:
    as dealer, as pone, or (`dealer` None) both, the dealer's table first.

    Raises:
        InvalidCardError: not six cards, a text that names no card, or a card named twice.

    >>> print(discard_text("5h 5c 6d jd kd 2s".split(), dealer=True).splitlines()[2])
    2S 6D     5C 5H JD KD   12.39   3.80     0.69  17.01
    """
    if len(texts) != 6:
        raise InvalidCardError(
            f"Give the six cards dealt to choose a discard from, not {len(texts)}."
        )
    cards = parse_cards(texts)
    sections: list[str] = []
    for role in (True, False) if dealer is None else (dealer,):
        whose = "as dealer (your crib)" if role else "as pone (the dealer's crib)"
        table = discard_table(cards, dealer=role, glyphs=glyphs)
        sections.append("\n".join([f"Hand {glyphs.cards(cards)}, {whose}", *table]))
    return "\n\n".join(sections)
