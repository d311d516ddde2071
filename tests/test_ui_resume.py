"""The rule for a saved match and a command line naming another game: for every option that
changes the game, a value other than the save's is asked about and Enter starts the game
asked for; the save's own values, or nothing named, get the plain question."""

from __future__ import annotations

import tempfile
from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cribbage.choices import MATCH_POINTS, FirstDealer, Overcount
from cribbage.rules import Counting
from cribbage.storage import SavedMatch, Storage
from cribbage.ui.draw import MIN_COLS
from cribbage.ui.game import Options
from cribbage.ui.keys import ENTER
from cribbage.ui.saving import GAME_OPTIONS, RESUME_QUESTION, play_kept, saved_options
from cribbage.ui.testing import FakeScreen, OutOfKeys

from .storage_support import match_after

FAST = Options(seed=5, delay=0, level="easy")

FIELDS = {
    "game": ("players", "partners", "five_card"),
    "target": ("target",),
    "match": ("games", "points", "values"),
    "first_dealer": ("first_dealer",),
    "lurch": ("lurch",),
    "counting": ("counting", "muggins", "explain"),
    "penalty": ("penalty",),
    "level": ("level",),
}
"""The fields of `Options` each option that changes the game sets (written out here, apart
from the code's table, so that the rule is checked against the options themselves)."""

BASE = {"first_dealer": {"games": 3}, "penalty": {"counting": Counting.CLAIMED}}
"""What a game needs for an option to mean something: a match to have a first dealer,
counting your own hands to have a penalty."""
ANOTHER = {
    "game": {"players": 3},
    "target": {"target": 61},
    "match": {"games": 3},
    "first_dealer": {"first_dealer": FirstDealer.ALTERNATE},
    "lurch": {"lurch": True},
    "counting": {"counting": Counting.CLAIMED, "muggins": True},
    "penalty": {"penalty": Overcount.RUTHLESS},
    "level": {"level": "expert"},
}
"""For each option, another value than the saved game's."""

QUESTIONS = {
    "game": "Resume the two-handed game instead of a new three-handed game? (y/N)",
    "target": "Resume the game to 121 instead of a new game to 61? (y/N)",
    "match": "Resume the match of one game instead of a new match of 3 games? (y/N)",
    "first_dealer": "Resume the game (loser deals) instead of a new game (deal rotates)? (y/N)",
    "lurch": "Resume the game with skunks instead of a new game with the lurch? (y/N)",
    "counting": "Resume the game counted for you instead of a new game with muggins? (y/N)",
    "penalty": "Resume the game (penalty bsd) instead of a new game (penalty ruthless)? (y/N)",
    "level": "Resume the game at easy instead of a new game at expert? (y/N)",
}


def save(home: Path, options: Options, seed: int = 3) -> SavedMatch:
    """A match of `options` saved in `home`, past its first starter (a match worth keeping)."""
    match = match_after(
        seed, 14, options.game_config(), options.match_config(), saved_options(options)
    )
    assert match.begun and not match.state.over
    with Storage(home) as storage:
        assert storage.claim() is None
        storage.save(match)
    return match


def run(home: Path, options: Options, keys: list[str]) -> tuple[FakeScreen, SavedMatch | None]:
    """The program started with `options` on a fake screen: the screen, and the save after."""
    screen = FakeScreen(keys=keys)
    storage = Storage(home)
    try:
        play_kept(screen, options, storage)
    except OutOfKeys:
        pass
    finally:
        storage.release()
    with Storage(home) as again:
        assert again.claim() is None
        match, _ = again.load()
    return screen, match


def asked_question(screen: FakeScreen) -> str:
    """The question row of the first frame that asks whether to resume."""
    frame = next(f for f in screen.frames if "(y/N)" in f or RESUME_QUESTION in f)
    return next(row for row in frame.splitlines() if "Resume the" in row).strip()


def is_game_of(match: SavedMatch, options: Options, home: Path | None = None) -> bool:
    """True when `match` is played to `options`' rules and level; for a new game in `home`,
    a level the command line did not name is the one the player last chose."""
    level = options.level
    if home is not None and not options.names("level"):
        with Storage(home) as storage:
            level = storage.chosen_level()[0]
    return (
        match.record.game_config == options.game_config()
        and match.record.match_config == options.match_config()
        and match.options.get("level") == level
    )


@pytest.mark.parametrize("name", [option.name for option in GAME_OPTIONS])
def test_each_option_named_with_another_value_is_asked_about_and_enter_starts_it(
    tmp_path: Path, name: str
) -> None:
    saved_as = replace(FAST, **BASE.get(name, {}))  # type: ignore[arg-type]
    saved = save(tmp_path, saved_as)
    asked = replace(saved_as, named=frozenset({name}), **ANOTHER[name])  # type: ignore[arg-type]
    screen, match = run(tmp_path, asked, [ENTER, ENTER])  # Enter, then the cut for the deal
    question = asked_question(screen)
    assert question == QUESTIONS[name] and len(question) <= MIN_COLS
    assert match is not None and match.id != saved.id and is_game_of(match, asked, tmp_path)


@pytest.mark.parametrize("name", [option.name for option in GAME_OPTIONS])
def test_each_option_named_with_the_saves_value_gets_the_plain_question(
    tmp_path: Path, name: str
) -> None:
    saved_as = replace(FAST, **BASE.get(name, {}), **ANOTHER[name])  # type: ignore[arg-type]
    saved = save(tmp_path, saved_as)
    asked = replace(saved_as, named=frozenset({name}))
    screen, match = run(tmp_path, asked, [ENTER])
    assert asked_question(screen) == RESUME_QUESTION
    assert match is not None and match.id == saved.id  # Enter resumed it


def test_the_options_that_change_the_game_are_those_a_save_keeps() -> None:
    assert [option.name for option in GAME_OPTIONS] == list(FIELDS)
    assert {option.name for option in GAME_OPTIONS} == set(ANOTHER) == set(QUESTIONS)


@st.composite
def games(draw: st.DrawFn) -> Options:
    """The options of a game as the command line can give them."""
    players, partners, five_card = draw(
        st.sampled_from([(2, False, False), (2, False, True), (3, False, False), (4, False, False),
                         (4, True, False)])
    )  # fmt: skip
    games = draw(st.sampled_from([1, 3, 7]))
    scale = draw(st.sampled_from(list(MATCH_POINTS)))
    points = games if scale != "games" and games > 1 else None
    counting = draw(st.sampled_from(Counting))
    claimed = counting is Counting.CLAIMED
    return Options(
        players=players,
        partners=partners,
        five_card=five_card,
        target=draw(st.sampled_from([61, 121])),
        games=games,
        points=points,
        values=MATCH_POINTS[scale if points is not None else "games"],
        first_dealer=draw(st.sampled_from(FirstDealer)),
        lurch=draw(st.booleans()),
        counting=counting,
        muggins=claimed and draw(st.booleans()),
        explain=claimed and draw(st.booleans()),
        penalty=draw(st.sampled_from(Overcount)),
        level=draw(st.sampled_from(["easy", "classic", "expert"])),
        seed=5,
        delay=0,
    )


def differs(saved: Options, asked: Options, name: str) -> bool:
    """True when the two games differ in the option `name`, read from the fields it sets."""
    if name == "penalty":  # a penalty is only a rule where you count your own hands
        claimed = Counting.CLAIMED
        return saved.counting is asked.counting is claimed and saved.penalty != asked.penalty
    return any(getattr(saved, field) != getattr(asked, field) for field in FIELDS[name])


@settings(max_examples=30, deadline=None)
@given(games(), games(), st.sets(st.sampled_from(list(FIELDS))))
def test_the_question_is_asked_exactly_when_a_named_option_differs_from_the_save(
    saved_as: Options, asked: Options, named: set[str]
) -> None:
    if "penalty" in named:
        named.add("counting")  # --penalty goes with -e, -m or --manual
    asked = replace(asked, named=frozenset(named))
    other = any(differs(saved_as, asked, name) for name in named)
    with tempfile.TemporaryDirectory() as home:
        saved = save(Path(home), saved_as)
        screen, match = run(Path(home), asked, [ENTER, ENTER])
        new_game = match is not None and is_game_of(match, asked, Path(home))
    question = asked_question(screen)
    assert len(question) <= MIN_COLS
    assert match is not None
    if other:
        assert question.endswith("(y/N)") and question != RESUME_QUESTION
        assert match.id != saved.id and new_game  # Enter: the game asked for
    else:
        assert question == RESUME_QUESTION
        assert match.id == saved.id and is_game_of(match, saved_as)  # Enter: the saved one


@pytest.mark.parametrize(
    ("saved_as", "asked", "question"),
    [
        (
            FAST,
            replace(FAST, target=61, level="expert", named=frozenset({"target", "level"})),
            "Resume the game to 121 at easy instead of a new game to 61 at expert? (y/N)",
        ),
        (  # the level does not fit on the line: the game is said first
            replace(FAST, players=3, level="expert"),
            replace(FAST, game_named=True, level_named=True),
            "Resume the three-handed game instead of a new two-handed game? (y/N)",
        ),
    ],
)
def test_several_differences_are_said_as_far_as_the_line_goes(
    tmp_path: Path, saved_as: Options, asked: Options, question: str
) -> None:
    save(tmp_path, saved_as)
    screen, match = run(tmp_path, asked, [ENTER, ENTER])
    assert asked_question(screen) == question
    assert match is not None and is_game_of(match, asked)
