"""Cribbage: the classic BSD card game for the terminal, and a library to script it.

>>> from cribbage import Card, score_hand
>>> hand = [Card.parse(text) for text in ("5h", "5c", "5s", "jd")]
>>> score_hand(hand, Card.parse("5d")).total
29
"""

from .lazy import lazy_names

TYPE_CHECKING = False  # typing itself is not imported: `import cribbage` stays quick

if TYPE_CHECKING:
    from .cards import (
        DECK,
        Card,
        Rank,
        Suit,
        format_cards,
        parse_cards,
    )
    from .computer import (
        Computer,
    )
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
    from .events import (
        GameResult,
        Reason,
    )
    from .match import (
        FirstDealer,
        MatchConfig,
        MatchState,
        apply_match,
        new_match,
        next_game,
    )
    from .record import (
        NEXT_GAME,
        Record,
        Recorder,
        replay,
    )
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
    from .scoring import (
        Score,
        ScoreItem,
        ScoreKind,
        announce,
        score_hand,
        score_play,
    )
    from .view import (
        PlayerView,
        view_for,
    )

_HOME: dict[str, str] = {
    "DECK": ".cards",
    "Card": ".cards",
    "Rank": ".cards",
    "Suit": ".cards",
    "format_cards": ".cards",
    "parse_cards": ".cards",
    "AmbiguousCardError": ".errors",
    "CardNotInHandError": ".errors",
    "CribbageError": ".errors",
    "IllegalPlayError": ".errors",
    "InvalidActionError": ".errors",
    "InvalidCardError": ".errors",
    "InvalidClaimError": ".errors",
    "InvalidRecordError": ".errors",
    "NotYourTurnError": ".errors",
    "GameResult": ".events",
    "Reason": ".events",
    "FirstDealer": ".match",
    "MatchConfig": ".match",
    "MatchState": ".match",
    "apply_match": ".match",
    "new_match": ".match",
    "next_game": ".match",
    "NEXT_GAME": ".record",
    "Record": ".record",
    "Recorder": ".record",
    "replay": ".record",
    "Action": ".rules",
    "Claim": ".rules",
    "Counting": ".rules",
    "CutForDeal": ".rules",
    "CutStarter": ".rules",
    "Discard": ".rules",
    "GameConfig": ".rules",
    "GameState": ".rules",
    "Overcount": ".rules",
    "Phase": ".rules",
    "Play": ".rules",
    "Seat": ".rules",
    "apply": ".rules",
    "cut_positions": ".rules",
    "is_legal": ".rules",
    "legal_actions": ".rules",
    "legal_plays": ".rules",
    "new_game": ".rules",
    "pending": ".rules",
    "Score": ".scoring",
    "ScoreItem": ".scoring",
    "ScoreKind": ".scoring",
    "announce": ".scoring",
    "score_hand": ".scoring",
    "score_play": ".scoring",
    "PlayerView": ".view",
    "view_for": ".view",
    "Computer": ".computer",
}
"""The module each public name lives in, relative to this package: loaded on first use, so
that `import cribbage` (and `cribbage --version`) costs next to nothing."""

__version__ = "0.2.0"

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


__getattr__, __dir__ = lazy_names(globals(), _HOME)
