"""The named choices a player makes: the computer's level, how hands are counted, what an
over-count costs, match points and who deals first in later games.

They are kept apart from the rules that use them (`cribbage.rules`, `cribbage.match`,
`cribbage.computer`, which all take them from here) so that the command line can list them
in `--help` without loading the game.
"""

from __future__ import annotations

from enum import Enum

__all__ = [
    "DEFAULT_PORT",
    "LEVELS",
    "MATCH_POINTS",
    "Counting",
    "FirstDealer",
    "Overcount",
    "port_number",
]

DEFAULT_PORT = 7121
"""The port a table with people opens on, and is joined at, unless told otherwise."""


def port_number(text: str, *, any_free: bool = False) -> int:
    """The port `text` names, for `--join HOST:PORT` and (`any_free`, where 0 asks for any
    free port) `--port`: one rule, and one sentence for a mistake in either.

    >>> port_number("7121"), port_number("0", any_free=True)
    (7121, 0)
    >>> try:
    ...     port_number("99999")
    ... except ValueError as err:
    ...     print(err)
    a port is a number from 1 to 65535, not '99999'

    Raises:
        ValueError: not a port, in a clause (to follow the option's name).
    """
    low = 0 if any_free else 1
    if text.isascii() and text.isdigit() and low <= int(text) <= 65535:
        return int(text)
    free = " (or 0, any free port)" if any_free else ""
    shown = text.encode("unicode_escape").decode("ascii")[:20]
    raise ValueError(f"a port is a number from 1 to 65535{free}, not '{shown}'")


LEVELS = ("easy", "classic", "expert")
"""The computer's levels, from weakest to strongest."""

MATCH_POINTS: dict[str, tuple[int, int, int]] = {
    "games": (1, 2, 4),
    "2-3-4": (2, 3, 4),
    "2-4-6": (2, 4, 6),
}
"""Common scales of match points for a win, a skunk and a double skunk."""


class Counting(Enum):
    """Who counts a seat's hand and crib in the show."""

    AUTOMATIC = "automatic"
    """The engine counts and pegs the true score."""
    CLAIMED = "claimed"
    """The player states a number (0..29, 19 meaning nothing), BSD style."""


class Overcount(Enum):
    """What an over-counted hand costs, after it is corrected to the true count."""

    BSD = "bsd"
    """The opponent pegs 2, as BSD cribbage does."""
    RUTHLESS = "ruthless"
    """The opponent pegs the excess claimed."""
    NONE = "none"
    """Only the correction."""


class FirstDealer(Enum):
    """Who deals first in the second and later games of a match."""

    LOSER = "loser"
    """The loser of the previous game (the standard rule); with more than two sides, the
    side with the fewest points, by its seat first to the left of the last first dealer."""
    ALTERNATE = "alternate"
    """Whoever did not deal first in the previous game (the next seat to the left)."""
    SAME = "same"
    """Whoever dealt first in the first game, every game."""
