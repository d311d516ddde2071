"""Records and saves written before the three- and four-handed games still load, replay to
the very state they did, and are written back byte for byte the same."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from cribbage.cards import format_cards
from cribbage.match import MatchState
from cribbage.record import Record, replay
from cribbage.storage import SavedMatch

DATA = Path(__file__).parent / "data"
EXPECTED = json.loads((DATA / "two_handed_files_v1.json").read_text())


def summary(state: MatchState) -> dict[str, Any]:
    game = state.game
    return {
        "match_points": list(state.match_points),
        "games_won": list(state.games_won),
        "number": state.number,
        "phase": game.phase.value,
        "scores": list(game.scores),
        "dealer": game.dealer,
        "hand_number": game.hand_number,
        "hands": [format_cards(hand) for hand in game.hands],
        "crib": format_cards(game.crib),
        "starter": str(game.starter) if game.starter else None,
        "winner": state.winner,
    }


def test_an_old_record_replays_to_the_same_match_and_is_written_the_same() -> None:
    text = (DATA / "two_handed_record_v1.json").read_text()
    record = Record.from_json(text)
    assert summary(replay(record)) == EXPECTED["record"]
    assert record.to_json() == text


def test_an_old_save_resumes_at_the_same_moment_and_is_written_the_same() -> None:
    text = (DATA / "two_handed_save_v1.json").read_text()
    saved = SavedMatch.from_json(text)
    assert summary(saved.state) == EXPECTED["save"]
    assert saved.to_json() == text
