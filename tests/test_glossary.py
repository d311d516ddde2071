"""The lessons use only words already taught: every screen of the five lessons is read in the
order a learner meets it (the lessons' own scripts, on a fake screen, at each key they wait
for), and no term of the glossary shows before the screen that shows its definition."""

from __future__ import annotations

import re
from collections.abc import Iterable
from pathlib import Path

import pytest

from cribbage.glossary import GLOSSARY, Term, define
from cribbage.learn import COUNTED, LESSONS, counting_hand, lesson_number
from cribbage.storage.lessons import LessonProgress
from cribbage.ui.learn import Lessons
from cribbage.ui.testing import FakeScreen

from .test_ui_learn import player

MOVES: dict[str, list[tuple[str, str]]] = {
    "the-game": [],  # any cards: the lesson's words fit every way the hand goes
    "counting": [("Count your hand:", str(counting_hand(COUNTED[0]).score.total))],
    "laying-away": [("Choose 2", "tc"), ("Choose 1", "kc"), ("Choose 2", "td"), ("Choose 1", "ts")],
    "the-play": [("Your play:", "8h"), ("Your play:", "jd")],
    "a-hand": [],
}
"""What the learner types in each lesson, at the question named; space or Enter elsewhere."""


def screens_of(key: str, home: Path) -> list[str]:
    """Every screen of the lesson `key` that waits for a key, in order, as the learner reads
    it: boxes, pages, the table, the messages and the questions."""
    seen: list[str] = []
    inner = player(MOVES[key], limit=1000)

    def look(screen: FakeScreen) -> str:
        seen.append(screen.text())
        return inner(screen)

    school = Lessons(FakeScreen(autokey=look), LessonProgress(home), delay=0)
    assert school.give(lesson_number(key))
    return seen


_INSIDE = re.compile(r"│ (.*?) *│")


def flattened(screen: str) -> str:
    """The words of a screen as one line: the inside of each box (its wrapped lines joined
    again), and every row outside a box whole."""
    parts: list[str] = []
    for row in screen.splitlines():
        inside = _INSIDE.findall(row)
        parts.extend(inside if inside else [row])
    return " ".join(" ".join(parts).split())


def early_words(screens: Iterable[str], terms: Iterable[Term] = GLOSSARY.values()) -> list[str]:
    """Each term of `terms` that a screen shows before the screen that defines it (or that
    is never defined), with the screen; the terms are read as `Term.pattern` finds them."""
    terms = list(terms)
    defined: set[str] = set()
    found: list[str] = []
    for index, screen in enumerate(screens):
        flat = flattened(screen)
        defined |= {term.name for term in terms if " ".join(term.definition.split()) in flat}
        for term in terms:
            if term.name in defined:
                continue
            match = term.pattern().search(screen) or term.pattern().search(flat)
            if match:
                defined.add(term.name)  # said once
                found.append(f"{term.name!r} as {match.group()!r} on screen {index}:\n{screen}")
    return found


@pytest.fixture(scope="module")
def every_screen(tmp_path_factory: pytest.TempPathFactory) -> list[str]:
    home = tmp_path_factory.mktemp("lessons")
    return [screen for lesson in LESSONS for screen in screens_of(lesson.key, home)]


def test_no_lesson_uses_a_word_before_it_is_taught(every_screen: list[str]) -> None:
    assert len(every_screen) > 80
    assert early_words(every_screen) == []


def test_the_first_lesson_teaches_every_word_of_the_game(tmp_path: Path) -> None:
    screens = screens_of("the-game", tmp_path)
    flat = " ".join(flattened(screen) for screen in screens)
    missing = [term.name for term in GLOSSARY.values() if term.definition not in flat]
    assert missing == []
    assert early_words(screens) == []


def test_a_word_planted_before_its_definition_is_found(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from cribbage.ui import learn

    planted = ("Watch the starter.", *learn.OVERVIEW_WORDS)
    monkeypatch.setattr(learn, "OVERVIEW_WORDS", planted)
    found = early_words(screens_of("the-game", tmp_path))
    assert len(found) == 1 and found[0].startswith("'starter' as 'starter' on screen 0:")


@pytest.mark.parametrize(
    ("screens", "early"),
    [
        (["The crib is here.", define("crib")], ["crib"]),
        ([define("crib"), "The crib is here."], []),
        (["│ The other player   │\n│ is the pone.       │ the pone", "the pone"], []),
        (['You say "go".'], ["go"]),
        (["Go on: the player who deals."], []),
        (["COUNT: 12"], ["count"]),
    ],
)
def test_what_counts_as_a_word_used_and_a_word_defined(
    screens: list[str], early: list[str]
) -> None:
    found = early_words(screens, [GLOSSARY[name] for name in ("crib", "pone", "go", "count")])
    assert [line.split(" as ")[0].strip("'") for line in found] == early


def test_each_form_names_its_term_alone() -> None:
    def match(name: str, text: str) -> bool:
        return bool(GLOSSARY[name].pattern().search(text))

    assert match("run", "a double run of three") and not match("run", "a runner")
    assert match("peg", "you pegged 2") and not match("peg", "the pegboard")
    assert match("count", "the count is 12") and not match("count", "Count your hand:")
