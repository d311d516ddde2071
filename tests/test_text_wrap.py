"""A paragraph in lines (`cribbage.text.wrap`): no word is lost or moved out of order, no line
is too long, and the last line holds a word alone only when the line before has none to
spare; on the screen, what a shown hand and the messages say is wrapped by that rule."""

from __future__ import annotations

import textwrap

from hypothesis import given
from hypothesis import strategies as st

from cribbage.text import keep_company, wrap
from cribbage.ui.words import MessageLog

words = st.lists(st.text(alphabet="abcdefghij.,", min_size=1, max_size=9), min_size=1, max_size=30)


@given(words, st.integers(min_value=10, max_value=60), st.sampled_from(["", " ", "  "]))
def test_wrapping_keeps_every_word_and_gives_the_last_one_company(
    said: list[str], width: int, indent: str
) -> None:
    text = " ".join(said)
    lines = wrap(text, width, indent=indent)
    assert " ".join(" ".join(lines).split()) == text
    assert all(len(line) <= width for line in lines)
    assert all(line.startswith(indent) for line in lines[1:])
    plain = textwrap.wrap(text, width, subsequent_indent=indent)
    assert len(lines) == len(plain)  # never a line more than textwrap's
    if len(lines) >= 2 and len(lines[-1].split()) == 1:
        moved = f"{indent}{lines[-2].split()[-1]} {lines[-1].strip()}"
        assert len(lines[-2].split()) < 3 or len(moved) > width  # nothing to spare


def test_a_word_alone_on_the_last_line_is_given_company() -> None:
    said = "Fifteen two, fifteen four, and a pair is six"
    assert textwrap.wrap(said, 42)[-1] == "six"  # what the show's note used to say
    assert wrap(said, 42) == ["Fifteen two, fifteen four, and a pair", "is six"]
    assert keep_company(["one line"], 8) == ["one line"]
    assert keep_company(["two words", "here"], 20) == ["two words", "here"]


def test_the_messages_leave_no_word_alone() -> None:
    log = MessageLog()
    log.say("One for the go: the computer pegs one.")
    lines = [line.text for line in log.wrapped(34)]
    assert lines == ["One for the go: the computer", " pegs one."]
