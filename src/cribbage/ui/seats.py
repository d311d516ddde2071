"""Who sits where, and what the screen and the messages call each seat and each side.

You are seat 0, in the south. Play passes to the left (`cribbage.pegging.next_seat`), so the
others sit, in turn, West, North and East: three-handed West and East, four-handed all
three, with North your partner when four play as partners. Two-handed, the other seat is
the Computer, as it always was.

At a table with people, every seat but yours goes by the name it has at the table; an
onlooker, who has no seat, sees every seat by its name.

>>> seating = Seating(4, partners=True)
>>> seating.name(2), seating.side_name(0), seating.side_subject(1)
('North', 'You & North', 'West and East')
>>> people = Seating(3, names=("ann", "Bob", "Computer"))
>>> people.verb(1, "play"), people.side_name(0), people.label(2)
('Bob plays', 'You', 'Com')
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from ..rules import GameConfig

__all__ = ["Seating", "shorten"]

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
    names: tuple[str, ...] | None = None
    """Each seat's name at a table with people (seat 0's too, shown to an onlooker); None:
    the computers' seats, named by where they sit."""
    watching: bool = False
    """An onlooker's seating: seat 0 is South's, by its name, not "You"."""

    @staticmethod
    def of(
        config: GameConfig, *, names: tuple[str, ...] | None = None, watching: bool = False
    ) -> Seating:
        """The seating of the game `config` describes."""
        return Seating(config.players, config.partners, names, watching)

    def _mine(self, seat: int) -> bool:
        return seat == 0 and not self.watching

    @property
    def computer_only(self) -> bool:
        """True for a game against the computer alone, BSD's two-handed names and all."""
        return self.names is None

    @property
    def two_handed(self) -> bool:
        """True for two players, whose screen is BSD's."""
        return self.players == 2

    @property
    def discards(self) -> int:
        """How many cards each seat lays away (see `GameConfig.discards`)."""
        return GameConfig(players=self.players).discards

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
        """'You', 'Computer', 'West', or the name of the person at the seat."""
        if self._mine(seat):
            return "You"
        if self.names is not None:
            return self.names[seat]
        return _NAMES[self.players][seat]

    def subject(self, seat: int) -> str:
        """The seat as the subject of a sentence: 'You', 'The computer', 'West'."""
        if self.two_handed and seat == 1 and self.computer_only:
            return "The computer"
        return self.name(seat)

    def object(self, seat: int) -> str:
        """The seat inside a sentence: 'you', 'the computer', 'West'."""
        if self._mine(seat):
            return "you"
        subject = self.subject(seat)
        return "the computer" if subject == "The computer" else subject

    def short(self, seat: int) -> str:
        """The seat in a list of scores: 'you', 'computer', 'West'."""
        if self.computer_only and self.two_handed and seat == 1:
            return "computer"
        return self.object(seat)

    def verb(self, seat: int, verb: str, *, inside: bool = False) -> str:
        """'You play', 'The computer plays', 'West plays'; `inside` a sentence, 'you play'."""
        who = self.object(seat) if inside else self.subject(seat)
        return f"{who} {verb if self._mine(seat) else _third_person(verb)}"

    def whose(self, seat: int) -> str:
        """'Your', "Computer's", "West's"."""
        return "Your" if self._mine(seat) else f"{self.name(seat)}'s"

    def possessive(self, seat: int) -> str:
        """Whose, inside a sentence: 'your', "the computer's", "West's"."""
        return "your" if self._mine(seat) else f"{self.object(seat)}'s"

    def label(self, seat: int) -> str:
        """At most three letters under a card on the table, different for each seat: 'you',
        'cpu', 'W', or a person's: the number that tells namesakes apart after the start of
        the name ('Co1' for 'Computer 1', 'An2' for 'Ann 2'), else the start of the name,
        else its initials or first and last letters, else one with the seat's number.

        >>> table = Seating(4, names=("Ann", "Computer 1", "Ann 2", "Computer 2"))
        >>> [table.label(seat) for seat in range(4)]
        ['you', 'Co1', 'An2', 'Co2']
        >>> onlooker = Seating(4, names=("Anna", "Ann Smith", "Ann", "You"), watching=True)
        >>> [onlooker.label(seat) for seat in range(4)]
        ['Ana', 'AS', 'Ann', 'You']
        """
        if self._mine(seat):
            return "you"
        if self.computer_only:
            return "cpu" if self.two_handed else self.name(seat)[0]
        taken = set() if self.watching else {"you"}
        others = [other for other in range(self.players) if not self._mine(other)]
        # A name of three letters or fewer is its own label; the longer ones give way to it.
        for other in sorted(others, key=lambda other: (len(_letters(self.name(other))) > 3, other)):
            chosen = next(label for label in self._labels_of(other) if label.lower() not in taken)
            if other == seat:
                return chosen
            taken.add(chosen.lower())
        raise AssertionError(f"no seat {seat} at a table of {self.players}")

    def _labels_of(self, seat: int) -> list[str]:
        """The labels a person's seat may have, best first; the last four always differ."""
        words = self.name(seat).split()
        letters = _letters(self.name(seat))
        number = str(seat + 1)
        said = []
        if len(words) > 1 and words[-1].isdigit() and len(words[-1]) < 3:
            said.append("".join(words[:-1])[: 3 - len(words[-1])] + words[-1])
        said.append(letters[:3])
        if len(words) > 1:
            said.append("".join(word[0] for word in words)[:3])
        if len(letters) > 3:
            said.append(letters[:1] + letters[-2:])
        said += [letters[:2] + number, letters[:1] + number]
        said += [number, f"#{number}", f"?{number}", f"*{number}"]
        return [label for label in said if label]

    # -- a side

    def side_name(self, side: int, *, width: int | None = None, ellipsis: str = "\u2026") -> str:
        """A side on the board: 'You', 'Computer', 'West', 'You & North'; in at most `width`
        characters, each partner's name shortened (see `shorten`) to a fair share of them.

        >>> people = Seating(4, partners=True, names=("Ann", "Computer 1", "Bob", "Computer 2"))
        >>> people.side_name(1), people.side_name(1, width=13), people.side_name(0, width=9)
        ('Computer 1 & Computer 2', 'Com…1 & Com…2', 'You & Bob')
        """
        names = [self.name(seat) for seat in self.seats_of(side)]
        whole = " & ".join(names)
        if width is None or len(whole) <= width:
            return whole
        shares = _shares([len(name) for name in names], width - 3 * (len(names) - 1))
        if min(shares) < 2:  # too little room to say each: the start of them all
            return shorten(whole, width, ellipsis)
        return " & ".join(shorten(name, n, ellipsis) for name, n in zip(names, shares, strict=True))

    def side_subject(self, side: int) -> str:
        """A side as the subject of a sentence: 'You', 'The computer', 'West and East'."""
        return " and ".join(
            self.subject(seat) if i == 0 else self.object(seat)
            for i, seat in enumerate(self.seats_of(side))
        )

    def side_object(self, side: int) -> str:
        """A side inside a sentence: 'you', 'the computer', 'you and North'."""
        return " and ".join(self.object(seat) for seat in self.seats_of(side))

    def side_short(self, side: int) -> str:
        """A side in a list of scores: 'you', 'computer', 'you and North'."""
        return " and ".join(self.short(seat) for seat in self.seats_of(side))

    def side_verb(self, side: int, verb: str) -> str:
        """'You win', 'The computer wins', 'West and East win'."""
        plural = (side == self.side_of(0) and not self.watching) or len(self.seats_of(side)) > 1
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


def shorten(name: str, width: int, ellipsis: str = "\u2026") -> str:
    """`name` in at most `width` characters: whole when it fits, else its start and then
    `ellipsis`, keeping a closing number that tells it from a namesake ('Ann 2').

    >>> shorten("Computer 1", 5), shorten("Maximiliana Sm 2", 12), shorten("Alexandra", 6)
    ('Com…1', 'Maximilian…2', 'Alexa…')
    >>> shorten("Ann", 3), shorten("Computer 1", 3, "."), shorten("Computer 1", 1)
    ('Ann', 'C.1', 'C')
    """
    if len(name) <= width:
        return name
    if width <= len(ellipsis):
        return name[: max(width, 0)]
    head, _, number = name.rpartition(" ")
    keep = width - len(ellipsis) - len(number)
    if head and number.isdigit() and keep >= 1:
        return name[:keep].rstrip() + ellipsis + number
    return name[: width - len(ellipsis)].rstrip() + ellipsis


def _letters(name: str) -> str:
    return "".join(name.split())


def _shares(lengths: list[int], room: int) -> list[int]:
    """`room` shared out among names of `lengths`: a short name has all it needs, and the
    longer ones share what is left evenly.

    >>> _shares([3, 10], 11), _shares([10, 10], 11), _shares([16, 3, 10], 20)
    ([3, 8], [5, 5], [8, 3, 8])
    """
    shares = [0] * len(lengths)
    order = sorted(range(len(lengths)), key=lengths.__getitem__)
    for done, i in enumerate(order):
        fair = room // (len(order) - done)
        if lengths[i] > fair:  # this name and the longer ones: an even share each
            for j in order[done:]:
                shares[j] = fair
            break
        shares[i] = lengths[i]
        room -= lengths[i]
    return shares


def _third_person(verb: str) -> str:
    return {"say": "says", "take": "takes"}.get(verb, verb + "s")
