"""The first game's question (which computer to play) and the next level suggested at the end
of a game, against a fake screen and a data directory of the test's own."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cribbage.choices import LEVELS
from cribbage.glyphs import ASCII, UNICODE
from cribbage.rules import GameConfig
from cribbage.stats import (
    SUGGEST_ABOVE,
    SUGGEST_AFTER,
    LevelStats,
    Statistics,
    suggested_level,
    suggestion_line,
)
from cribbage.storage import SavedMatch, Storage
from cribbage.storage.statistics import write_statistics
from cribbage.ui.game import NEWCOMER, Options
from cribbage.ui.keys import DOWN, END, ENTER, ESCAPE, HOME, UP
from cribbage.ui.learn import REAL_GAME
from cribbage.ui.level import LEVEL_ABOUT, LEVEL_TITLE, asks_level, level_keys, level_lines
from cribbage.ui.saving import Keeper, play_kept, saved_options
from cribbage.ui.testing import FakeScreen, Key, OutOfKeys
from cribbage.variants import Variant

QUESTION = "Which computer do you want to play?"
PLAIN = Options(seed=5, delay=0)
"""As `cribbage --seed 5` asks: no level named."""


def start(
    home: Path, keys: list[Key], options: Options = PLAIN, *, autokey: bool = False
) -> tuple[FakeScreen, int | None]:
    """One run of the program on a fake screen: the screen and the exit status (None when
    the keys ran out first)."""
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
    return screen, status


def saved(home: Path) -> SavedMatch:
    with Storage(home) as storage:
        assert storage.claim() is None
        match, message = storage.load()
    assert message is None and match is not None
    return match


def asked(screen: FakeScreen) -> bool:
    return any(QUESTION in frame for frame in screen.frames)


# -- the question


def test_every_level_has_a_key_of_its_own_from_its_name() -> None:
    keys = level_keys()
    assert sorted(keys.values()) == sorted(LEVELS)
    assert all(key in level for key, level in keys.items())
    assert keys["c"] == "classic" and keys["e"] == "easy"  # a first letter where it is free


@pytest.mark.parametrize(
    ("keys", "level"),
    [
        ([ENTER], "easy"),
        ([" "], "easy"),
        (["c"], "classic"),
        (["x"], "expert"),
        (["e"], "easy"),
        ([DOWN, ENTER], "classic"),
        (["j", "j", ENTER], "expert"),
        ([UP, ENTER], "expert"),  # round from the first to the last
        (["j", "k", ENTER], "easy"),
        ([END, ENTER], "expert"),
        ([END, HOME, ENTER], "easy"),
        (["z", "Z", "5", ENTER], "easy"),  # keys that choose nothing do nothing
        (["q", "n", "c"], "classic"),  # not quitting after all: the question again
        (["?", "j", "x"], "expert"),  # the help box, closed by any key
    ],
)
def test_a_newcomer_chooses_the_level_and_the_game_is_played_and_saved_at_it(
    tmp_path: Path, keys: list[Key], level: str
) -> None:
    screen, _ = start(tmp_path, [*keys, ENTER])  # the level, then the cut for the deal
    assert asked(screen)
    assert saved(tmp_path).options["level"] == level
    said = " ".join(" ".join(row[44:] for row in screen.text().splitlines()).split())
    assert "Welcome to cribbage." in said
    assert NEWCOMER not in said  # the box has just pointed to the lessons


def test_the_keypad_moves_with_4_and_6_and_chooses_with_2_or_8(tmp_path: Path) -> None:
    keypad = replace(PLAIN, keypad=True)
    start(tmp_path / "a", ["6", "6", "4", "2", ENTER], keypad)
    start(tmp_path / "b", ["4", "8", ENTER], keypad)
    assert saved(tmp_path / "a").options["level"] == "classic"
    assert saved(tmp_path / "b").options["level"] == "expert"


def test_the_box_says_what_each_level_does_and_points_to_the_lessons(tmp_path: Path) -> None:
    screen, _ = start(tmp_path, [])
    box = " ".join(" ".join(line.strip("│ ") for line in screen.frames[-1].splitlines()).split())
    assert LEVEL_TITLE in screen.frames[-1]
    for level, about in LEVEL_ABOUT.items():
        assert f"{level} {about}" in box
    assert "cribbage --learn" in box
    assert "Next time you get the same computer, until cribbage --level names another." in box
    assert f"{QUESTION} Enter chooses easy." in screen.frames[-1]


def test_the_level_under_the_cursor_is_drawn_in_reverse_and_no_help_line_is(
    tmp_path: Path,
) -> None:
    screen, _ = start(tmp_path / "moved", ["j"])
    spot = screen.find("→ c  classic")
    assert spot is not None and screen.style_at(*spot).reverse
    plain = screen.find("x  expert")
    assert plain is not None and not screen.style_at(*plain).reverse
    screen, _ = start(tmp_path / "help", ["?"])
    assert "─ Keys ─" in screen.text() and QUESTION not in screen.text()
    assert not any(style.reverse for row in screen.styles for style in row)


def test_every_line_of_the_box_fits_an_80_column_screen_in_ascii_too() -> None:
    for glyphs in (UNICODE, ASCII):
        for level in LEVELS:
            lines, marked = level_lines(level, glyphs)
            assert max(len(line) for line in lines) <= 76  # 80 less the frame
            assert lines[min(marked)].startswith(f"{glyphs.arrows[1]} ")


def test_q_then_y_quits_before_anything_is_saved_and_the_next_start_asks_again(
    tmp_path: Path,
) -> None:
    screen, status = start(tmp_path, ["q", "y"])
    assert status == 0 and asked(screen)
    assert not (tmp_path / "save.json").exists()
    screen, _ = start(tmp_path, [])
    assert asked(screen)


def test_a_second_start_resumes_without_asking(tmp_path: Path) -> None:
    start(tmp_path, ["c", ENTER])
    screen, _ = start(tmp_path, [ENTER])
    assert not asked(screen)
    assert "The saved game goes on." in screen.text()
    assert saved(tmp_path).options["level"] == "classic"


# -- the level remembered


@pytest.mark.parametrize("key", ["e", "c", "x"])
def test_the_level_chosen_in_the_box_is_that_of_the_next_new_games(
    tmp_path: Path, key: str
) -> None:
    level = level_keys()[key]
    start(tmp_path, [key, ENTER])
    screen, _ = start(tmp_path, ["n", ENTER])  # a new game instead of the saved one
    assert not asked(screen)
    assert saved(tmp_path).options["level"] == level
    screen, _ = start(tmp_path, ["n", ENTER])  # and the one after
    assert saved(tmp_path).options["level"] == level


def test_a_level_named_once_is_that_of_the_next_new_games_until_another_is(
    tmp_path: Path,
) -> None:
    start(tmp_path, ["e", ENTER])
    classic = replace(PLAIN, level="classic", level_named=True)
    start(tmp_path, [ENTER, ENTER], classic)  # Enter: the new game at classic, then the cut
    assert saved(tmp_path).options["level"] == "classic"
    start(tmp_path, ["n", ENTER])
    assert saved(tmp_path).options["level"] == "classic"
    start(tmp_path, ["n", ENTER], replace(PLAIN, level="expert", level_named=True))
    start(tmp_path, ["n", ENTER])
    assert saved(tmp_path).options["level"] == "expert"


def test_a_resumed_game_keeps_its_level_and_the_level_named_is_not_remembered(
    tmp_path: Path,
) -> None:
    start(tmp_path, ["e", ENTER])
    classic = replace(PLAIN, level="classic", level_named=True)
    screen, _ = start(tmp_path, ["y", " "], classic)  # resume the game at easy after all
    question = "Resume the game at easy instead of a new game at classic? (y/N)"
    assert any(question in frame for frame in screen.frames)
    assert saved(tmp_path).options["level"] == "easy"
    screen, _ = start(tmp_path, [ENTER])  # resumed as it was, without a word on its level
    assert "the computer plays at" not in screen.text()
    start(tmp_path, ["n", ENTER])
    assert saved(tmp_path).options["level"] == "easy"


def lessons_game(home: Path) -> None:
    """The real game after the lessons, started in `home` and left at its first question."""
    storage = Storage(home)
    screen = FakeScreen(keys=[ENTER])
    with pytest.raises(OutOfKeys):
        play_kept(screen, replace(REAL_GAME, delay=0), storage, remember_level=False)
    storage.release()
    assert saved(home).options["level"] == "easy"


def test_the_game_after_the_lessons_is_the_level_of_a_player_who_never_chose_one(
    tmp_path: Path,
) -> None:
    write_statistics(tmp_path / "stats.json", Statistics())
    lessons_game(tmp_path)
    start(tmp_path, ["n", ENTER])
    assert saved(tmp_path).options["level"] == "easy"  # the first real game's level stays


def test_the_game_after_the_lessons_leaves_a_level_chosen_as_it_was(tmp_path: Path) -> None:
    write_statistics(tmp_path / "stats.json", Statistics())
    start(tmp_path, [ENTER], replace(PLAIN, level="classic", level_named=True))
    (tmp_path / "save.json").unlink()  # that game is over
    lessons_game(tmp_path)
    start(tmp_path, ["n", ENTER])
    assert saved(tmp_path).options["level"] == "classic"


def test_a_broken_level_file_is_one_sentence_and_the_game_is_against_the_expert(
    tmp_path: Path,
) -> None:
    (tmp_path / "level.json").write_text('{"format": "cribbage-level", "version": 1, "lev')
    screen, _ = start(tmp_path, [ENTER])
    assert not asked(screen)  # the file says the player has been here
    said = " ".join(" ".join(row[44:] for row in screen.text().splitlines()).split())
    assert "The level file could not be read and was moved to" in said
    assert "a new game is against the expert." in said
    assert saved(tmp_path).options["level"] == "expert"


def test_the_game_chosen_is_the_one_the_level_named_on_the_command_line_plays(
    tmp_path: Path,
) -> None:
    start(tmp_path / "asked", ["x", ENTER, ENTER, ENTER])
    named = replace(PLAIN, level="expert", level_named=True)
    start(tmp_path / "named", [ENTER, ENTER, ENTER], named)
    first, second = saved(tmp_path / "asked"), saved(tmp_path / "named")
    assert first.record.steps == second.record.steps and first.options == second.options


@pytest.mark.parametrize("been_here", ["stats.json", "lessons.json", "save.json.backup", "records"])
def test_a_player_the_data_directory_knows_is_not_asked(tmp_path: Path, been_here: str) -> None:
    if been_here == "records":
        (tmp_path / been_here).mkdir()
    else:
        (tmp_path / been_here).write_text("{}")
    screen, _ = start(tmp_path, [])
    assert not asked(screen)
    assert "Where do you cut the pack?" in screen.text()


def test_a_level_on_the_command_line_and_the_game_after_the_lessons_are_not_asked(
    tmp_path: Path,
) -> None:
    named = replace(PLAIN, level="classic", level_named=True)
    screen, _ = start(tmp_path / "named", [ENTER], named)
    assert not asked(screen)
    assert NEWCOMER in " ".join(" ".join(row[44:] for row in screen.text().splitlines()).split())
    screen, _ = start(tmp_path / "learn", [ENTER], replace(REAL_GAME, delay=0))
    assert not asked(screen)
    assert not asks_level(REAL_GAME)
    assert asks_level(replace(PLAIN, newcomer=True))
    assert not asks_level(PLAIN)


# -- the next level


def stats_with(
    level: str, won: int, lost: int, variant: Variant = Variant.TWO_HANDED
) -> Statistics:
    stats = Statistics()
    played = stats.level(level, variant)
    played.games_won, played.games_lost = won, lost
    return stats


@pytest.mark.parametrize(
    ("level", "won", "lost", "stronger"),
    [
        ("easy", 4, 1, "classic"),  # 80 % of 5
        ("easy", 3, 2, None),  # 60 % is not more than 60 %
        ("easy", 4, 0, None),  # too few games to tell
        ("classic", 7, 3, "expert"),
        ("classic", 6, 4, None),
        ("expert", 10, 0, None),  # nothing stronger
        ("unknown", 10, 0, None),  # a level of no known strength
    ],
)
def test_the_next_level_is_suggested_after_most_of_five_games_or_more_are_won(
    level: str, won: int, lost: int, stronger: str | None
) -> None:
    assert suggested_level(stats_with(level, won, lost), level) == stronger


def test_the_suggestion_counts_the_games_of_the_game_being_played() -> None:
    three = stats_with("easy", 5, 0, Variant.THREE_HANDED)
    assert suggested_level(three, "easy", Variant.THREE_HANDED) == "classic"
    assert suggested_level(three, "easy") is None
    line = suggestion_line(three, "easy", Variant.THREE_HANDED)
    assert line == (
        "You have won 5 of your 5 games at easy (three-handed): try cribbage --level classic."
    )


levels = st.sampled_from([*LEVELS, "unknown", "x"])
records = st.tuples(st.integers(0, 40), st.integers(0, 40))


@given(st.dictionaries(levels, records), levels, st.sampled_from(Variant))
def test_a_suggestion_is_always_one_step_stronger_and_only_after_enough_wins(
    played: dict[str, tuple[int, int]], level: str, variant: Variant
) -> None:
    stats = Statistics()
    for name, (won, lost) in played.items():
        stats.table(variant)[name] = LevelStats(games_won=won, games_lost=lost)
    stronger = suggested_level(stats, level, variant)
    if stronger is None:
        assert suggestion_line(stats, level, variant) is None
        won, lost = played.get(level, (0, 0))
        enough = won + lost >= SUGGEST_AFTER and won * 100 > SUGGEST_ABOVE * (won + lost)
        assert level not in LEVELS[:-1] or not enough
        return
    assert level in LEVELS and stronger in LEVELS
    assert LEVELS.index(stronger) == LEVELS.index(level) + 1  # never weaker, never the same
    won, lost = played[level]
    assert won + lost >= SUGGEST_AFTER and won * 100 > SUGGEST_ABOVE * (won + lost)
    assert f"--level {stronger}." in str(suggestion_line(stats, level, variant))


def test_the_end_of_game_box_suggests_the_next_level_once(tmp_path: Path) -> None:
    write_statistics(tmp_path / "stats.json", stats_with("easy", 4, 0))
    easy = replace(PLAIN, level="easy", level_named=True)
    screen, status = start(tmp_path, [], easy, autokey=True)
    assert status == 0
    with Storage(tmp_path) as storage:
        stats, _ = storage.statistics()
    assert stats.levels["easy"].games == 5  # won or lost, more than 60 % of 5 are won
    expected = suggestion_line(stats, "easy")
    assert expected is not None and expected.endswith("try cribbage --level classic.")
    end = next(frame for frame in screen.frames if "Another game?" in frame)
    box = " ".join(" ".join(row[:43].strip(" │") for row in end.splitlines()).split())
    assert box.count(expected) == 1


def test_the_keeper_adds_no_suggestion_at_the_strongest_level(tmp_path: Path) -> None:
    write_statistics(tmp_path / "stats.json", stats_with("expert", 9, 1))
    with Storage(tmp_path) as storage:
        notes = Keeper(storage, saved_options(replace(PLAIN, level="expert"))).end_notes(
            GameConfig()
        )
    assert len(notes) == 2 and "At expert you have won 9 games" in notes[1]
    assert not any("--level" in note for note in notes)


def test_escape_asks_to_quit_like_q(tmp_path: Path) -> None:
    screen, status = start(tmp_path, [ESCAPE, "y"])
    assert status == 0 and "Quit? (y/n)" in "".join(screen.frames)
