"""The rules of the play on plain numbers: what fits on the count, and what follows a card.

The engine (`cribbage.rules`) and the computer's searches (`cribbage.computer.search`) both
ask `next_turn` what happens once a card is on the count, so the rules of go, thirty-one, the
last card, the new count and who plays next are written here once, for any number of seats.
Points for the card itself (fifteen, thirty-one, pairs, runs) are `cribbage.scoring`'s.

A seat is described by the smallest counting value it still holds (`least`), or `NO_CARD`
when it holds none: that is all the turn order depends on, because the count only grows
within a count, so a seat that cannot play now cannot play later in the same count.

>>> next_turn(25, 0, (10, 4))  # seat 1 can play its four
Turn(new_count=25, bonus=0, reset=False, to_move=1)
>>> next_turn(25, 0, (10, 10))  # nobody can play: a go for seat 0, seat 1 leads at zero
Turn(new_count=0, bonus=1, reset=True, to_move=1)
>>> next_turn(20, 1, (NO_CARD, NO_CARD))  # the last card
Turn(new_count=20, bonus=1, reset=False, to_move=-1)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Final, NamedTuple

from .cards import Card
from .memo import Table

__all__ = [
    "LIMIT",
    "NO_CARD",
    "TURNS",
    "Turn",
    "fits",
    "least_value",
    "next_seat",
    "next_turn",
    "playable",
]

LIMIT: Final = 31
"""The count may not pass this."""

NO_CARD: Final = 99
"""The `least` value of a seat that holds no card: it can never play."""


def fits(count: int, value: int) -> bool:
    """True when a card of counting value `value` may be played on `count`.

    >>> fits(21, 10), fits(22, 10)
    (True, False)
    """
    return count + value <= LIMIT


def playable(cards: Iterable[Card], count: int) -> tuple[Card, ...]:
    """The cards of `cards` that may be played on `count`, in the order given.

    >>> from cribbage.cards import parse_cards
    >>> [str(card) for card in playable(parse_cards(["kd", "ah", "9c"]), 22)]
    ['AH', '9C']
    """
    room = LIMIT - count
    return tuple(card for card in cards if card.value <= room)


def least_value(values: Sequence[int]) -> int:
    """The smallest of counting `values`, or `NO_CARD` when there are none."""
    return min(values) if values else NO_CARD


def next_seat(seat: int, players: int) -> int:
    """The seat to the left of `seat`: the turn, the lead, the show and the deal pass this way.

    >>> next_seat(0, 3), next_seat(2, 3)
    (1, 0)
    """
    return (seat + 1) % players


class Turn(NamedTuple):
    """What follows a card: the count now, a go or last-card point, and who plays next."""

    new_count: int
    """The count after the card, or 0 when the count starts again."""
    bonus: int
    """1 for a go or the last card, pegged by the seat that played; else 0 (thirty-one's two
    points are the card's own, from the scoring)."""
    reset: bool
    """True when the count starts again from zero."""
    to_move: int
    """The seat to play next, or -1 when the play is over."""


def next_turn(count: int, mover: int, least: tuple[int, ...], single_count: bool = False) -> Turn:
    """What follows once seat `mover` has played a card that brought the count to `count`.

    `least[s]` is the smallest counting value seat `s` still holds (`NO_CARD` for none),
    with the card just played already gone from `mover`'s hand.

    * Thirty-one: the count starts again (its two points are the card's own).
    * Otherwise the turn passes to the left, to the first seat that can play, the mover
      included (it plays on while the others say go); when every card has been played, the
      mover pegs one for the last card; when nobody can play, it pegs one for the go and the
      count starts again.
    * After a new count, the first seat to the mover's left that still holds a card leads.
    * `single_count` (five-card cribbage): there is one count only, and the play ends at
      thirty-one or at the go instead of starting again; cards still held are not played.
    """
    return Turn(*TURNS[count, mover, least, single_count])


def _next_turn(
    count: int, mover: int, least: tuple[int, ...], single_count: bool
) -> tuple[int, int, bool, int]:
    """`next_turn`'s answer as a plain tuple, worked out."""
    players = len(least)
    anyone_holds = any(value != NO_CARD for value in least)
    if count == LIMIT:
        if not anyone_holds or single_count:
            return (0, 0, True, -1)
        return (0, 0, True, _leader(mover, least))
    if not anyone_holds:
        return (count, 1, False, -1)
    room = LIMIT - count
    seat = mover
    for _ in range(players):
        seat = seat + 1 if seat + 1 < players else 0
        if least[seat] <= room:
            return (count, 0, False, seat)
    if single_count:
        return (0, 1, True, -1)
    return (0, 1, True, _leader(mover, least))


TURNS: Final[Table[tuple[int, int, bool, int]]] = Table(_next_turn, 65_536)
"""`next_turn`'s answers as plain tuples (new count, bonus, reset, who moves next), by its
arguments, kept: about 8,000 come up with two seats, many more with four. The computer's
search reads it directly; plain tuples cost the cycle collector nothing once seen."""


def _leader(mover: int, least: tuple[int, ...]) -> int:
    """The first seat to the left of `mover` (ending with `mover`) that holds a card."""
    players = len(least)
    seat = mover
    for _ in range(players):
        seat = seat + 1 if seat + 1 < players else 0
        if least[seat] != NO_CARD:
            return seat
    raise AssertionError("no seat holds a card")
