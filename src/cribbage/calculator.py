"""The hand calculator behind `cribbage --count`: a show count laid out item by item."""

from __future__ import annotations

from collections.abc import Sequence

from .cards import Card, format_cards, parse_cards
from .errors import InvalidCardError
from .scoring import Score, announce, score_hand

__all__ = ["count_text", "breakdown_lines"]


def breakdown_lines(score: Score) -> list[str]:
    """One line per scoring combination: its points, what it is, and its cards.

    >>> from cribbage.cards import parse_cards
    >>> *hand, starter = parse_cards(["7h", "8c", "ks", "2d", "ac"])
    >>> breakdown_lines(score_hand(hand, starter))
    ['   2  fifteen     7H 8C']
    """
    return [f"  {item.points:2}  {item.kind.value:<10}  {format_cards(item.cards)}" for item in score.items]


def count_text(texts: Sequence[str], *, crib: bool = False) -> str:
    """The count of four cards and a starter, given as card texts, laid out for a terminal.

    Raises:
        InvalidCardError: not five cards, a text that names no card, or a card named twice.

    >>> print(count_text(["5h", "tc", "5s", "2d", "ac"]))
    Hand 5H TC 5S 2D, starter AC
       2  fifteen     5H TC
       2  fifteen     TC 5S
       2  pair        5H 5S
       6  total
    fifteen two, fifteen four, and a pair is six.
    """
    if len(texts) != 5:
        raise InvalidCardError(
            f"Give four cards and then the starter (five cards), not {len(texts)}."
        )
    cards = parse_cards(texts)
    hand: tuple[Card, ...] = cards[:4]
    starter = cards[4]
    score = score_hand(hand, starter, crib=crib)
    title = f"{'Crib' if crib else 'Hand'} {format_cards(hand)}, starter {starter}"
    lines = [title, *breakdown_lines(score), f"  {score.total:2}  total", announce(score) + "."]
    return "\n".join(lines)
