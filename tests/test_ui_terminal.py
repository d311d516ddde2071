"""How the game meets the terminal: colours and the characters it can show."""

from __future__ import annotations

import curses
import locale

import pytest

from cribbage.glyphs import ASCII, UNICODE, choose_glyphs
from cribbage.ui import screen as screen_module
from cribbage.ui.screen import Color, start_colors


@pytest.fixture
def colour_calls(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, tuple[int, ...]]]:
    """A colour terminal that only records what it is asked."""
    calls: list[tuple[str, tuple[int, ...]]] = []
    monkeypatch.setattr(curses, "has_colors", lambda: True)
    for name in ("start_color", "use_default_colors", "init_pair"):
        monkeypatch.setattr(
            curses, name, lambda *args, name=name: calls.append((name, tuple(args)))
        )
    return calls


def test_colours_keep_the_terminals_own_foreground_and_background(
    colour_calls: list[tuple[str, tuple[int, ...]]],
) -> None:
    assert start_colors(True)
    assert ("use_default_colors", ()) in colour_calls
    pairs = [args for name, args in colour_calls if name == "init_pair"]
    assert [fg for _, fg, _ in pairs] == [color.value for color in Color]
    assert all(background == -1 for _, _, background in pairs)


def test_no_color_keeps_the_terminals_colours_and_defines_no_pair(
    colour_calls: list[tuple[str, tuple[int, ...]]],
) -> None:
    assert not start_colors(False)
    assert ("use_default_colors", ()) in colour_calls
    assert not any(name == "init_pair" for name, _ in colour_calls)


def test_a_terminal_without_colours_is_asked_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(curses, "has_colors", lambda: False)
    monkeypatch.setattr(curses, "start_color", lambda: pytest.fail("no colours to start"))
    assert not screen_module.start_colors(True)


@pytest.mark.parametrize(
    ("encoding", "unicode"),
    [
        ("UTF-8", True),
        ("utf8", True),
        ("ANSI_X3.4-1968", False),  # LC_ALL=C, even when Python itself runs in UTF-8 mode
        ("ISO-8859-1", False),  # a middle dot, but no suit symbols
        ("no-such-encoding", False),
    ],
)
def test_unicode_is_drawn_only_when_the_terminals_encoding_has_every_glyph(
    encoding: str, unicode: bool
) -> None:
    assert (choose_glyphs(encoding=encoding) is UNICODE) == unicode
    assert choose_glyphs(True, encoding) is ASCII


def test_the_locales_encoding_decides_by_default(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(locale, "getencoding", lambda: "ANSI_X3.4-1968")
    monkeypatch.setattr(locale, "getpreferredencoding", lambda do_setlocale=True: "utf-8")
    assert choose_glyphs() is ASCII
