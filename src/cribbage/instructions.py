"""The rules text (`cribbage --rules`): shipped in the wheel, found in a source checkout too.

The rules are written once, as a roff document with the man(7) macros (`docs/cribbage.n`,
which `man -l` renders); `render` lays the few macros it uses out as plain text for the
terminal, so `--rules` needs no man or nroff.
"""

from __future__ import annotations

import textwrap
from importlib.resources import files
from pathlib import Path
from typing import Final

from .errors import CribbageError

__all__ = ["RULES_FILE", "InstructionsMissingError", "render", "rules_section", "rules_text"]

RULES_FILE: Final = "cribbage.n"


class InstructionsMissingError(CribbageError):
    """The rules text is not where an installed or checked-out copy keeps it."""


def rules_text() -> str:
    """The complete rules as this program plays them.

    An installed package carries the file beside its modules (`cribbage/cribbage.n`); a
    source checkout, or an editable install of one, keeps it as `docs/cribbage.n`.

    Raises:
        InstructionsMissingError: neither place has it.

    >>> "muggins" in rules_text().lower()
    True
    """
    return render(_rules_roff())


def _rules_roff() -> str:
    shipped = files("cribbage").joinpath(RULES_FILE)
    if shipped.is_file():
        return shipped.read_text(encoding="utf-8")
    checkout = Path(__file__).resolve().parents[2] / "docs" / RULES_FILE
    if checkout.is_file():
        return checkout.read_text(encoding="utf-8")
    raise InstructionsMissingError(
        f"The rules text ({RULES_FILE}) is missing from this installation."
    )


_UNWRAPPED: Final = 100_000
"""A width no paragraph of the rules reaches: each is laid out on one line."""


def rules_section(heading: str) -> tuple[str, ...]:
    """The section of the rules under `heading` (`THE PLAY`), for quoting: each paragraph on
    one line with single spaces between its sentences, the lines of a table as `--rules`
    shows them, a blank line between paragraphs; the section's own indent taken off.

    Raises:
        InstructionsMissingError: the rules text is missing.
        LookupError: the rules have no section of that heading.

    >>> rules_section("THE BOARD")[0][:46]
    'Each player has two tracks of holes and two pe'
    """
    lines = render(_rules_roff(), _UNWRAPPED).splitlines()
    try:
        start = lines.index(heading) + 1
    except ValueError:
        raise LookupError(f"The rules have no section '{heading}'.") from None
    section: list[str] = []
    for line in lines[start:]:
        if line and not line.startswith(" "):
            break  # the next heading
        text = line[_SECTION_INDENT:]
        if text and not text.startswith(" "):
            text = " ".join(text.split())  # a paragraph: fix_sentence_endings' double spaces
        section.append(text)
    while section and not section[0]:
        section.pop(0)
    while section and not section[-1]:
        section.pop()
    return tuple(section)


WIDTH: Final = 72
"""The width the rules are laid out to."""
_SECTION_INDENT: Final = 4


def _unescape(text: str) -> str:
    """Text of a roff line as it reads: minus signs, backslashes, the zero-width escape."""
    return text.replace("\\-", "-").replace("\\&", "").replace("\\e", "\\")


def _arguments(line: str) -> list[str]:
    """A macro line's arguments, double quotes grouping words."""
    words: list[str] = []
    rest = line.split(None, 1)[1] if " " in line else ""
    while rest:
        rest = rest.lstrip()
        if rest.startswith('"'):
            end = rest.find('"', 1)
            end = len(rest) if end < 0 else end
            words.append(rest[1:end])
            rest = rest[end + 1 :]
        elif rest:
            word, _, rest = rest.partition(" ")
            words.append(word)
    return [_unescape(word) for word in words]


def render(roff: str, width: int = WIDTH) -> str:
    """Plain text of a roff document written with the man(7) macros the rules use.

    `.TH` (the title, centred), `.SH` (a heading), `.SS` (a subheading), `.PP` (a
    paragraph), `.TP n` (a term and its description, n columns in), `.RS n`/`.RE` (indent
    and back), `.nf`/`.fi` (lines as they stand, and filling again); comments are left out.
    Paragraphs are filled to `width` columns.

    >>> print(render('.TH X 6 "" "" "a title"\\n.SH ONE\\n.PP\\nSome\\nwords.\\n.TP 6\\n\\\\-q\\nquiet', 20))
             X
          a title
    <BLANKLINE>
    ONE
    <BLANKLINE>
        Some words.
        -q    quiet
    <BLANKLINE>
    """
    out: list[str] = []
    words: list[str] = []
    base = 0  # the paragraphs' indent: nothing before the first heading
    extra = 0  # .RS
    filling = True
    term: str | None = None
    term_width = 0
    expect_term = False

    def blank() -> None:
        if out and out[-1] != "":
            out.append("")

    def flush() -> None:
        nonlocal term
        indent = base + extra
        text = " ".join(words)
        words.clear()
        if term is not None:
            body_indent = " " * (indent + term_width)
            first = " " * indent + term
            if text and len(term) < term_width:
                lines = textwrap.wrap(
                    text,
                    width,
                    initial_indent=first.ljust(indent + term_width),
                    subsequent_indent=body_indent,
                    fix_sentence_endings=True,
                    break_on_hyphens=False,
                )
            else:
                lines = [first] + textwrap.wrap(
                    text,
                    width,
                    initial_indent=body_indent,
                    subsequent_indent=body_indent,
                    fix_sentence_endings=True,
                    break_on_hyphens=False,
                )
            out.extend(lines)
            term = None
        elif text:
            out.extend(
                textwrap.wrap(
                    text,
                    width,
                    initial_indent=" " * indent,
                    subsequent_indent=" " * indent,
                    fix_sentence_endings=True,
                    break_on_hyphens=False,
                )
            )

    for line in roff.splitlines():
        if line.startswith('.\\"'):
            continue
        if line.startswith("."):
            name = line[1:].split(None, 1)[0] if line[1:].strip() else ""
            args = _arguments(line)
            if name in ("nf", "fi"):
                flush()
                filling = name == "fi"
            elif name == "TH":
                title = args[0] if args else ""
                out.append(title.center(width).rstrip())
                if len(args) >= 5 and args[4]:
                    out.append(args[4].center(width).rstrip())
            elif name == "SH":
                flush()
                blank()
                out.append(" ".join(args))
                out.append("")
                base, extra = _SECTION_INDENT, 0
            elif name == "SS":
                flush()
                blank()
                out.extend(
                    textwrap.wrap(
                        " ".join(args),
                        width,
                        initial_indent="  ",
                        subsequent_indent="  ",
                        break_on_hyphens=False,
                    )
                )
            elif name == "PP":
                flush()
                extra = 0
                blank()
            elif name == "TP":
                flush()
                term_width = int(args[0]) if args else 8
                expect_term = True
            elif name == "RS":
                flush()
                extra += int(args[0]) if args else _SECTION_INDENT
            elif name == "RE":
                flush()
                extra = 0
            continue
        text = _unescape(line)
        if expect_term:
            term, expect_term = text.strip(), False
        elif not filling:
            out.append((" " * (base + extra) + text).rstrip())
        else:
            words.extend(text.split())
    flush()
    while out and out[-1] == "":
        out.pop()
    return "\n".join(out) + "\n"
