"""What happened: the engine answers every action with events that say who scored what and why.

Events carry every card involved, hidden ones included (a discard names its cards): whoever
shows them to a person decides what that person may see. The computer never reads events;
it reads a `PlayerView`.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import TypeAlias

from .cards import Card
from .scoring import Score

__all__ = [
    "Claimed",
    "CountReset",
    "CutCard",
    "CutTied",
    "DealerChosen",
    "Dealt",
    "Discarded",
    "Event",
    "GameOver",
    "GameResult",
    "Go",
    "HandOver",
    "Played",
    "Reason",
    "Scored",
    "Shown",
    "StarterTurned",
]


class Reason(Enum):
    """Why points were pegged."""

    HEELS = "his heels"
    THREE_FOR_LAST = "three for last"
    PLAY = "the play"
    GO = "go"
    LAST_CARD = "last card"
    HAND = "hand"
    CRIB = "crib"
    OVERCLAIM = "over-count penalty"
    MUGGINS = "muggins"


class GameResult(Enum):
    """How soundly a game was won, by the loser's score against the skunk lines."""

    WIN = "win"
    SKUNK = "skunk"
    DOUBLE_SKUNK = "double skunk"


@dataclass(frozen=True, slots=True)
class CutCard:
    """A seat cut `card` in the cut for first deal."""

    seat: int
    card: Card


@dataclass(frozen=True, slots=True)
class CutTied:
    """The cut for deal tied on rank; the pack is shuffled and everyone cuts again."""


@dataclass(frozen=True, slots=True)
class DealerChosen:
    """`seat` deals first (low card in the cut, or by the match's rule)."""

    seat: int


@dataclass(frozen=True, slots=True)
class Dealt:
    """A new hand was dealt by `dealer`: hand number `number` of this game (from 1)."""

    dealer: int
    number: int


@dataclass(frozen=True, slots=True)
class Discarded:
    """`seat` laid `cards` away to the crib."""

    seat: int
    cards: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class StarterTurned:
    """`cutter` cut the pack and the dealer turned `card` as the starter."""

    cutter: int
    card: Card


@dataclass(frozen=True, slots=True)
class Played:
    """`seat` played `card`, making the count `count`."""

    seat: int
    card: Card
    count: int


@dataclass(frozen=True, slots=True)
class Go:
    """`seat` cannot play without passing 31 and says "go"."""

    seat: int


@dataclass(frozen=True, slots=True)
class CountReset:
    """The count went back to zero; `leader` plays first in the new count."""

    leader: int


@dataclass(frozen=True, slots=True)
class Scored:
    """`seat` pegged `points` for `reason`, reaching `total`.

    `score` itemizes points made in the play or the show (empty for go, heels, penalties).
    """

    seat: int
    points: int
    reason: Reason
    total: int
    score: Score = Score()


@dataclass(frozen=True, slots=True)
class Shown:
    """`seat` showed `cards` (its hand, or the crib when `crib`) with the starter.

    `score` is the true count, itemized; `claimed` what the seat counted, when it counts its
    own (see `Claimed`), else None.
    """

    seat: int
    cards: tuple[Card, ...]
    starter: Card
    crib: bool
    score: Score
    claimed: int | None = None


@dataclass(frozen=True, slots=True)
class Claimed:
    """`seat` counted its own hand or crib as `claimed`; the true count is `actual`."""

    seat: int
    claimed: int
    actual: int
    crib: bool


@dataclass(frozen=True, slots=True)
class HandOver:
    """The show is done; the next hand follows."""


@dataclass(frozen=True, slots=True)
class GameOver:
    """`winner` reached the target; final `scores` and how it was won.

    `winner` and `scores` are by side: a seat's, or with partners a partnership's (side 0
    is seats 0 and 2). `result` is measured against the best of the losers."""

    winner: int
    scores: tuple[int, ...]
    result: GameResult


Event: TypeAlias = (
    CutCard
    | CutTied
    | DealerChosen
    | Dealt
    | Discarded
    | StarterTurned
    | Played
    | Go
    | CountReset
    | Scored
    | Shown
    | Claimed
    | HandOver
    | GameOver
)
