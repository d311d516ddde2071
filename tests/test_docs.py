"""The README and the documents in docs/: their links lead somewhere, each document says in its
first sentence who it is for, the README lists them all, stays short and keeps the test command
that CI runs. (Their examples run as doctests: see testpaths in pyproject.toml.)"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / "README.md"
DOCUMENTS = sorted((ROOT / "docs").glob("*.md"))
LINK = re.compile(r"\[[^\]]*\]\(([^)\s]+)\)")


def _prose(path: Path) -> str:
    """The text of a Markdown file without its fenced blocks."""
    return re.sub(r"^```.*?^```", "", path.read_text(encoding="utf-8"), flags=re.S | re.M)


def _anchor(heading: str) -> str:
    """The anchor a heading gets, as GitHub makes it: lower case, punctuation dropped, spaces
    made hyphens."""
    return re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-")


def _anchors(path: Path) -> set[str]:
    return {
        _anchor(line.lstrip("#"))
        for line in _prose(path).splitlines()
        if re.match(r"#{1,6} ", line)
    }


def test_there_are_documents() -> None:
    names = {path.name for path in DOCUMENTS}
    assert {"computer.md", "library.md", "reliability.md", "performance.md"} <= names


@pytest.mark.parametrize("path", [README, *DOCUMENTS], ids=lambda path: path.name)
def test_every_link_leads_to_a_file_and_a_heading_there(path: Path) -> None:
    for target in LINK.findall(_prose(path)):
        if re.match(r"[a-z]+:", target):
            continue
        name, _, anchor = target.partition("#")
        destination = (path.parent / name).resolve() if name else path
        assert destination.is_file(), f"{path.name}: {target}"
        if anchor:
            assert anchor in _anchors(destination), f"{path.name}: {target}"


@pytest.mark.parametrize("path", DOCUMENTS, ids=lambda path: path.name)
def test_each_document_starts_with_one_sentence_saying_who_it_is_for(path: Path) -> None:
    title, blank, *rest = path.read_text(encoding="utf-8").splitlines()
    assert title.startswith("# ") and not blank
    first = " ".join(rest[: rest.index("")]) if "" in rest else " ".join(rest)
    assert first.startswith("For "), first
    assert first.endswith(".") and first.count(". ") == 0, first


def test_the_readme_lists_every_document() -> None:
    text = README.read_text(encoding="utf-8")
    for path in DOCUMENTS:
        assert f"(docs/{path.name})" in text, path.name


def test_the_readme_is_read_in_five_minutes() -> None:
    assert len(README.read_text(encoding="utf-8").splitlines()) <= 300


def test_the_readme_gives_the_test_command_ci_runs() -> None:
    """.ci/run ends with the command the README's "Run the tests" gives."""
    text = README.read_text(encoding="utf-8")
    section = text.split("## Run the tests\n", 1)[1].split("\n## ", 1)[0]
    command = section.split("```sh\n", 1)[1].split("\n```", 1)[0]
    assert command.startswith("python -m pytest")
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8").strip().splitlines()
    assert ci[-1] == command
