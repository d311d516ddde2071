"""Join codes: a number and four words (`7-amber-otter-cello-maple`), the key to a table's door.

A code is what the host reads out to friends; it never crosses the network (see
`cribbage.net.channel`), and each connection that tries one gets one guess, judged at the
table's door (`cribbage.net.door`), which judges at most a few codes a second in all. A
number up to 999 and four of 256 words make 999 x 256**4, about 4.3 million million codes
(42 bits): at the door's fastest, one guess in 20 million hits a day (docs/protocol.md,
"Threat model").

>>> parse_code("  7-Amber-OTTER cello  maple ")
'7-amber-otter-cello-maple'
>>> new_code(random.Random(1)).count("-")
4
"""

from __future__ import annotations

import random
from typing import Final

__all__ = ["CODE_SPACE", "EXAMPLE", "WORDS", "CodeError", "new_code", "parse_code"]

WORDS: Final = (
    "acorn",
    "adder",
    "alder",
    "amber",
    "anchor",
    "apple",
    "arrow",
    "aspen",
    "aster",
    "badger",
    "bamboo",
    "banjo",
    "barley",
    "basil",
    "bay",
    "beacon",
    "beaver",
    "bell",
    "berry",
    "birch",
    "bison",
    "blossom",
    "bluebell",
    "bluff",
    "bobcat",
    "bonnet",
    "boulder",
    "bramble",
    "brass",
    "breeze",
    "brook",
    "bucket",
    "buffalo",
    "bugle",
    "butter",
    "cabin",
    "cactus",
    "camel",
    "canal",
    "canary",
    "candle",
    "canoe",
    "canyon",
    "carrot",
    "castle",
    "cedar",
    "cello",
    "chalk",
    "cherry",
    "cinder",
    "clover",
    "cobalt",
    "comet",
    "compass",
    "copper",
    "coral",
    "cotton",
    "cougar",
    "coyote",
    "crane",
    "creek",
    "cricket",
    "crow",
    "cypress",
    "daisy",
    "dawn",
    "delta",
    "desert",
    "dingo",
    "dolphin",
    "dove",
    "dragon",
    "drum",
    "dune",
    "eagle",
    "elm",
    "ember",
    "falcon",
    "fern",
    "ferry",
    "fiddle",
    "field",
    "finch",
    "fjord",
    "flame",
    "flint",
    "forest",
    "fossil",
    "fox",
    "frost",
    "gale",
    "garnet",
    "gecko",
    "geyser",
    "ginger",
    "glacier",
    "glade",
    "goose",
    "granite",
    "grape",
    "gravel",
    "grove",
    "gull",
    "harbor",
    "harp",
    "hawk",
    "hazel",
    "heather",
    "hedge",
    "heron",
    "hill",
    "holly",
    "honey",
    "horizon",
    "hornet",
    "iris",
    "island",
    "ivory",
    "ivy",
    "jackal",
    "jade",
    "jasmine",
    "jasper",
    "juniper",
    "kayak",
    "kelp",
    "kestrel",
    "kettle",
    "kiwi",
    "koala",
    "lagoon",
    "lake",
    "lantern",
    "larch",
    "lark",
    "laurel",
    "lemon",
    "lily",
    "linden",
    "lizard",
    "llama",
    "lotus",
    "lynx",
    "magnet",
    "mango",
    "maple",
    "marble",
    "marsh",
    "meadow",
    "melon",
    "mesa",
    "meteor",
    "mint",
    "mole",
    "moon",
    "moose",
    "moss",
    "moth",
    "nectar",
    "nettle",
    "newt",
    "nutmeg",
    "oak",
    "oasis",
    "ocean",
    "olive",
    "onyx",
    "opal",
    "orchard",
    "orchid",
    "osprey",
    "otter",
    "owl",
    "oyster",
    "paddle",
    "panda",
    "panther",
    "parrot",
    "peach",
    "pear",
    "pebble",
    "pecan",
    "pelican",
    "pepper",
    "pigeon",
    "pine",
    "plum",
    "pond",
    "poplar",
    "poppy",
    "prairie",
    "puffin",
    "pumpkin",
    "quail",
    "quartz",
    "quill",
    "rabbit",
    "raccoon",
    "radish",
    "rain",
    "raven",
    "reed",
    "reef",
    "ridge",
    "river",
    "robin",
    "rocket",
    "rose",
    "ruby",
    "saddle",
    "sage",
    "salmon",
    "sandal",
    "seal",
    "shell",
    "shore",
    "sierra",
    "silver",
    "sky",
    "slate",
    "sparrow",
    "spruce",
    "squirrel",
    "star",
    "stone",
    "stork",
    "summit",
    "sun",
    "swallow",
    "swan",
    "thistle",
    "thunder",
    "tide",
    "tiger",
    "timber",
    "toucan",
    "trail",
    "trout",
    "tulip",
    "tundra",
    "turtle",
    "valley",
    "velvet",
    "violet",
    "walnut",
    "walrus",
    "wasp",
    "wave",
    "willow",
    "wind",
    "wolf",
    "wren",
    "yak",
    "yarrow",
    "zebra",
    "zinnia",
)
"""The words of a code: short, common, and no two alike."""

_WORD_SET: Final = frozenset(WORDS)
NUMBERS: Final = range(1, 1000)
CODE_WORDS: Final = 4
"""Words in a code, after its number."""
CODE_SPACE: Final = len(NUMBERS) * len(WORDS) ** CODE_WORDS
"""How many codes `new_code` draws from, each as likely as the others."""
MAX_LENGTH: Final = 64
MIN_WORD: Final = 3
"""The shortest word a code made up for a script may have (as short as the shortest of
`WORDS`)."""
EXAMPLE: Final = "7-amber-otter-cello-maple"


class CodeError(ValueError):
    """Text that is not a join code; the message is a sentence for the player."""


def new_code(rng: random.Random | None = None) -> str:
    """A fresh code, drawn from `rng` (by default the system's source of secrets)."""
    source = rng or random.SystemRandom()
    number = source.choice(NUMBERS)
    return "-".join([str(number), *(source.choice(WORDS) for _ in range(CODE_WORDS))])


def parse_code(text: str) -> str:
    """The code `text` names, in its one spelling: small letters, parts joined by '-'.

    Spaces may stand for the dashes, and case does not matter. A code made up for a script
    (`--code`) may use any words, but must be as hard to guess as one the table draws: a
    number from 1 to 999 and four words at least, of the letters a to z, each word of three
    letters or more.

    >>> parse_code("007 Amber otter cello maple")
    '7-amber-otter-cello-maple'
    >>> try:
    ...     parse_code("1-a-b")
    ... except CodeError as err:
    ...     print(err)
    A join code is a number and four words, like 7-amber-otter-cello-maple: a shorter one is too easily guessed.

    Raises:
        CodeError: not a number and four words at least, a part that is not of the letters
            a to z (or a number of digits), or a code longer than 64 characters; each said
            in a sentence.
    """
    parts = [part for part in text.strip().lower().replace(" ", "-").split("-") if part]
    if not all(part.isascii() and part.isalnum() for part in parts):
        raise CodeError(
            "A join code is made of a number and words of the letters a to z, joined by "
            f"'-', like {EXAMPLE}."
        )
    if len("-".join(parts)) > MAX_LENGTH:
        raise CodeError(f"A join code is at most {MAX_LENGTH} characters, like {EXAMPLE}.")
    number, *words = parts or [""]
    if (
        not (number.isdigit() and int(number) in NUMBERS)
        or len(words) < CODE_WORDS
        or not all(word.isalpha() and len(word) >= MIN_WORD for word in words)
    ):
        raise CodeError(
            f"A join code is a number and four words, like {EXAMPLE}: a shorter one is too "
            "easily guessed."
        )
    return "-".join([str(int(number)), *words])
