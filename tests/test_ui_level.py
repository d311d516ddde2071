"""The first game's question (which computer to play), against a fake screen and a data
directory of the test's own."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from cribbage.choices import LEVELS
from cribbage.glyphs import ASCII, UNICODE
from cribbage.storage import SavedMatch, Storage
from cribbage.ui.game import NEWCOMER, Options
from cribbage.ui.keys import DOWN, END, ENTER, ESCAPE, HOME, UP
from cribbage.ui.learn import REAL_GAME
from cribbage.ui.level import LEVEL_ABOUT, LEVEL_TITLE, asks_level, level_keys, level_lines
from cribbage.ui.saving import play_kept
from cribbage.ui.testing import FakeScreen, Key, OutOfKeys

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
    assert "Welcome to cribbage." in screen.text()


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


def test_escape_asks_to_quit_like_q(tmp_path: Path) -> None:
    screen, status = start(tmp_path, [ESCAPE, "y"])
    assert status == 0 and "Quit? (y/n)" in "".join(screen.frames)
