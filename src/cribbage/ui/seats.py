"""Who sits where, and what the screen and the messages call each seat and each side.

You are seat 0, in the south. Play passes to the left (`cribbage.pegging.next_seat`), so the
others sit, in turn, West, North and East: three-handed West and East, four-handed all
three, with North your partner when four play as partners. Two-handed, the other seat is
the Computer, as it always was.

>>> seating = Seating(4, partners=True)
>>> seating.name(2), seating.side_name(0), seating.side_subject(1)
('North', 'You & North', 'West and East')
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from ..rules import GameConfig

__all__ = ["Seating"]

_NAMES: Final = {
    2: ("You", "Computer"),
    3: ("You", "West", "East"),
    4: ("You", "West", "North", "East"),
}


@dataclass(frozen=True, slots=True)
class Seating:
    """The names of a table of `players`, four of them as two partnerships or not."""

    players: int = 2
    partners: bool = False

    @staticmethod
    def of(config: GameConfig) -> Seating:
        """The seating of the game `config` describes."""
        return Seating(config.players, config.partners)

    @property
    def two_handed(self) -> bool:
        """True for two players, whose screen is BSD's."""
        return self.players == 2

    @property
    def sides(self) -> int:
        """How many sides score: two partnerships, or one a player."""
        return 2 if self.partners else self.players

    def side_of(self, seat: int) -> int:
        """The side `seat` pegs for (seats 0 and 2 are side 0 with partners)."""
        return seat % 2 if self.partners else seat

    def seats_of(self, side: int) -> tuple[int, ...]:
        """The seats of `side`, yours first."""
        return tuple(seat for seat in range(self.players) if self.side_of(seat) == side)

    def is_partner(self, seat: int) -> bool:
        """True for your partner (never you yourself)."""
        return seat != 0 and self.side_of(seat) == self.side_of(0)

    # -- a seat

    def name(self, seat: int) -> str:
        """'You', 'Computer', 'West'."""
        return _NAMES[self.players][seat]

    def subject(self, seat: int) -> str:
        """The seat as the subject of a sentence: 'You', 'The computer', 'West'."""
        return "The computer" if self.two_handed and seat == 1 else self.name(seat)

    def object(self, seat: int) -> str:
        """The seat inside a sentence: 'you', 'the computer', 'West'."""
        return "you" if seat == 0 else self.subject(seat).replace("The ", "the ")

    def verb(self, seat: int, verb: str, *, inside: bool = False) -> str:
        """'You play', 'The computer plays', 'West plays'; `inside` a sentence, 'you play'."""
        who = self.object(seat) if inside else self.subject(seat)
        return f"{who} {verb if seat == 0 else _third_person(verb)}"

    def whose(self, seat: int) -> str:
        """'Your', "Computer's", "West's"."""
        return "Your" if seat == 0 else f"{self.name(seat)}'s"

    def label(self, seat: int) -> str:
        """At most three letters under a card on the table: 'you', 'cpu', 'W'."""
        if seat == 0:
            return "you"
        return "cpu" if self.two_handed else self.name(seat)[0]

    # -- a side

    def side_name(self, side: int) -> str:
        """A side on the board: 'You', 'Computer', 'West', 'You & North'."""
        return " & ".join(self.name(seat) for seat in self.seats_of(side))

    def side_subject(self, side: int) -> str:
        """A side as the subject of a sentence: 'You', 'The computer', 'West and East'."""
        return " and ".join(
            self.subject(seat) if i == 0 else self.object(seat)
            for i, seat in enumerate(self.seats_of(side))
        )

    def side_object(self, side: int) -> str:
        """A side inside a sentence: 'you', 'the computer', 'you and North'."""
        return " and ".join(self.object(seat) for seat in self.seats_of(side))

    def side_verb(self, side: int, verb: str) -> str:
        """'You win', 'The computer wins', 'West and East win'."""
        plural = side == self.side_of(0) or len(self.seats_of(side)) > 1
        return f"{self.side_subject(side)} {verb if plural else _third_person(verb)}"

    def pegging_sides(self) -> tuple[str, str]:
        """Whose pegging a play is weighed for, and against whose, inside a sentence: 'yours'
        and "the computer's", or "the others'"; with partners, "your side's" and the other
        side's.

        >>> Seating().pegging_sides(), Seating(4, partners=True).pegging_sides()
        (('yours', "the computer's"), ("your side's", "West & East's"))
        """
        if self.partners:
            return "your side's", f"{self.side_name(1 - self.side_of(0))}'s"
        return "yours", "the computer's" if self.two_handed else "the others'"

    def board_order(self) -> tuple[int, ...]:
        """The sides from the top of the board down: the others in turn, yours last."""
        mine = self.side_of(0)
        return tuple(side for side in range(self.sides) if side != mine) + (mine,)


def _third_person(verb: str) -> str:
    return {"say": "says", "take": "takes"}.get(verb, verb + "s")
