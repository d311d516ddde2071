"""Saves, resumes, statistics and replays of every variant: three- and four-handed, partners and
five-card cribbage are saved after every action, resume with their own rules whatever the
command line says, are counted under their own name, and replay with every hand face up."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest

from cribbage.glyphs import UNICODE
from cribbage.match import FirstDealer
from cribbage.record import replay
from cribbage.rules import Counting, Overcount, Phase, Seat
from cribbage.storage import SavedMatch, Storage
from cribbage.ui.game import Options
from cribbage.ui.saving import RESUME_QUESTION, play_kept, resumed_options
from cribbage.ui.screen import ENTER
from cribbage.ui.testing import FakeScreen, Key, OutOfKeys

DATA = Path(__file__).parent / "data"
BASE = Options(seed=5, delay=0, level="easy")
VARIANTS = {
    "three": replace(BASE, players=3),
    "four": replace(BASE, players=4),
    "partners": replace(BASE, players=4, partners=True),
    "five-card": replace(BASE, five_card=True, target=61),
}
NAMES = {"three": "West", "four": "North", "partners": "You & North", "five-card": "Computer"}


def start(
    home: Path, keys: list[Key], options: Options, *, autokey: bool = False
) -> tuple[Storage, FakeScreen, int | None]:
    """One run of the program on a fake screen: its storage, screen and exit status."""
    storage = Storage(home)

    def player(screen: FakeScreen) -> str | None:
        return "n" if "Another game?" in screen.text() else ENTER

    screen = FakeScreen(keys=keys, autokey=player if autokey else None)
    try:
        status: int | None = play_kept(screen, options, storage)
    except OutOfKeys:
        status = None
    finally:
        storage.release()
    return storage, screen, status


def saved(home: Path) -> SavedMatch:
    with Storage(home) as storage:
        assert storage.claim() is None
        match, message = storage.load()
    assert message is None and match is not None
    return match


@pytest.mark.parametrize("name", list(VARIANTS))
def test_a_variant_is_saved_and_its_save_reads_back_the_same(name: str, tmp_path: Path) -> None:
    options = VARIANTS[name]
    start(tmp_path, [ENTER, ENTER, ENTER, ENTER, ENTER], options)
    match = saved(tmp_path)
    assert match.record.game_config == options.game_config()
    assert match.record.match_config == options.match_config()
    assert match.state.game.phase is not Phase.CUT_FOR_DEAL
    again = SavedMatch.from_json(match.to_json())
    assert again.state == match.state and again.record == match.record
    assert replay(again.record) == match.state


@pytest.mark.parametrize("name", list(VARIANTS))
def test_a_variant_resumes_as_it_was_whatever_the_command_line_says(
    name: str, tmp_path: Path
) -> None:
    options = VARIANTS[name]
    start(tmp_path, [ENTER, ENTER, ENTER], options)
    before = saved(tmp_path)
    hand = before.state.game.hands[Seat.HUMAN]
    _, screen, _ = start(tmp_path, [], BASE)  # plain `cribbage` this time
    assert RESUME_QUESTION in screen.text()
    assert NAMES[name] in screen.text()
    assert all(UNICODE.card(card) in screen.text() for card in hand)  # your cards are back
    _, screen, _ = start(tmp_path, [ENTER], BASE)
    text = screen.text()
    assert "The saved game goes on." in text
    assert NAMES[name] in text
    after = saved(tmp_path)
    assert after.record.game_config == options.game_config()
    assert after.record.steps[: len(before.record.steps)] == before.record.steps


@pytest.mark.parametrize(
    ("name", "phrase"),
    [
        ("three", "the game is three-handed"),
        ("four", "the game is four-handed"),
        ("partners", "the game is four-handed, as partners"),
        ("five-card", "the game is five-card cribbage"),
    ],
)
def test_resuming_names_the_game_when_the_command_line_asked_for_another(
    name: str, phrase: str
) -> None:
    options = VARIANTS[name]
    match = SavedMatch.start(7, options.game_config(), options.match_config(), {"level": "easy"})
    resumed, differences = resumed_options(BASE, match)
    assert resumed.game_config() == options.game_config()
    assert differences[0] == phrase
    same, none = resumed_options(options, match)
    assert same == options and none == []


def test_the_match_and_rules_options_come_back_with_a_resumed_match() -> None:
    options = replace(
        BASE,
        players=3,
        games=7,
        points=7,
        values=(2, 3, 4),
        first_dealer=FirstDealer.ALTERNATE,
        lurch=True,
        counting=Counting.CLAIMED,
        penalty=Overcount.RUTHLESS,
    )
    match = SavedMatch.start(7, options.game_config(), options.match_config(), {"level": "easy"})
    resumed, differences = resumed_options(BASE, match)
    assert resumed.game_config() == options.game_config()
    assert resumed.match_config() == options.match_config()
    assert differences == [
        "the game is three-handed",
        "the match goes to 7 match points (2-3-4)",
        "the first dealer of a later game is the next player round the table",
        "a loser is lurched",
        "you count your hands",
        "the penalty for an over-count is ruthless",
    ]


def test_a_save_from_before_the_variants_resumes_as_the_two_handed_game() -> None:
    match = SavedMatch.from_json((DATA / "two_handed_save_v1.json").read_text())
    asked = Options(level="classic", games=3)
    resumed, differences = resumed_options(asked, match)
    assert differences == []
    assert (resumed.players, resumed.partners, resumed.five_card) == (2, False, False)
    assert resumed.game_config() == match.record.game_config
    assert resumed.match_config() == match.record.match_config
    data = json.loads(match.to_json())
    assert "partners" not in data["record"]["game"] and "five_card" not in data["record"]["game"]
