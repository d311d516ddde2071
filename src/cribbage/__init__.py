"""Cribbage: the classic BSD card game for the terminal, and a library to script it.

>>> from cribbage import Card, score_hand
>>> hand = [Card.parse(text) for text in ("5h", "5c", "5s", "jd")]
>>> score_hand(hand, Card.parse("5d")).total
29
"""

from typing import TYPE_CHECKING

from .cards import DECK, Card, Rank, Suit, format_cards, parse_cards
from .errors import (
    AmbiguousCardError,
    CardNotInHandError,
    CribbageError,
    IllegalPlayError,
    InvalidActionError,
    InvalidCardError,
    InvalidClaimError,
    InvalidRecordError,
    NotYourTurnError,
)
from .events import GameResult, Reason
from .match import FirstDealer, MatchConfig, MatchState, apply_match, new_match, next_game
from .record import NEXT_GAME, Record, Recorder, replay
from .rules import (
    Action,
    Claim,
    Counting,
    CutForDeal,
    CutStarter,
    Discard,
    GameConfig,
    GameState,
    Overcount,
    Phase,
    Play,
    Seat,
    apply,
    cut_positions,
    is_legal,
    legal_actions,
    legal_plays,
    new_game,
    pending,
)
from .scoring import Score, ScoreItem, ScoreKind, announce, score_hand, score_play
from .view import PlayerView, view_for

if TYPE_CHECKING:
    from .computer import Computer

__version__ = "0.1.0"

__all__ = [
    "DECK",
    "NEXT_GAME",
    "Action",
    "AmbiguousCardError",
    "Card",
    "CardNotInHandError",
    "Claim",
    "Computer",
    "Counting",
    "CribbageError",
    "CutForDeal",
    "CutStarter",
    "Discard",
    "FirstDealer",
    "GameConfig",
    "GameResult",
    "GameState",
    "IllegalPlayError",
    "InvalidActionError",
    "InvalidCardError",
    "InvalidClaimError",
    "InvalidRecordError",
    "MatchConfig",
    "MatchState",
    "NotYourTurnError",
    "Overcount",
    "Phase",
    "Play",
    "PlayerView",
    "Rank",
    "Reason",
    "Record",
    "Recorder",
    "Score",
    "ScoreItem",
    "ScoreKind",
    "Seat",
    "Suit",
    "__version__",
    "announce",
    "apply",
    "apply_match",
    "cut_positions",
    "format_cards",
    "is_legal",
    "legal_actions",
    "legal_plays",
    "new_game",
    "new_match",
    "next_game",
    "parse_cards",
    "pending",
    "replay",
    "score_hand",
    "score_play",
    "view_for",
]


def __getattr__(name: str) -> object:
    """`Computer` is loaded when first asked for, so the engine alone imports quickly."""
    if name == "Computer":
        from .computer import Computer

        return Computer
    raise AttributeError(f"module 'cribbage' has no attribute {name!r}")
