"""Names at a table: look-alikes of a taken name and of the computer's are the same name,
ordinary names stay apart, and a cleaned name is fit to show."""

from __future__ import annotations

import string
import unicodedata

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cribbage import names
from cribbage.names import (
    check_person_name,
    clash,
    clean_name,
    is_computer_name,
    name_key,
)
from cribbage.record import NAME_LENGTH

from .support import ROOT, script

# -- look-alikes ------------------------------------------------------------------------------

ATTACKS = {
    "cyrillic": [
        ("Ann", "\u0410nn"),
        ("Bob", "B\u043eb"),
        ("Computer", "C\u043emputer"),
        ("Peter", "\u0420\u0435ter"),
        ("Oscar", "\u041escar"),
        ("Maria", "M\u0430ri\u0430"),
        ("Chris", "\u0421hris"),
        ("Joe", "\u0408oe"),
        ("Kate", "\u041a\u0430te"),
        ("Sam", "\u0405am"),
        ("HANS", "\u041dANS"),
        ("Ian", "\u0406an"),
        ("Computer 2", "\u0421\u041eMPUTER 2"),
        ("Alex", "Ale\u0445"),
    ],
    "greek": [
        ("Ann", "\u0391NN"),
        ("Bob", "\u0392ob"),
        ("Oscar", "\u039fscar"),
        ("PETER", "\u03a1ETER"),
        ("Kate", "\u039aate"),
        ("TOM", "\u03a4OM"),
        ("Nick", "\u039dick"),
        ("MARY", "\u039cARY"),
        ("Zoe", "\u0396oe"),
        ("IAN", "\u0399AN"),
        ("EVA", "\u0395VA"),
        ("Jon", "J\u03bfn"),
        ("Computer", "C\u03bfmputer"),
    ],
    "whole names in another script": [
        ("BOB", "\u0412\u041e\u0412"),
        ("ANNA", "\u0391\u039d\u039d\u0391"),
        ("KATE", "\u041a\u0410\u0422\u0415"),
    ],
    "fullwidth": [
        ("Ann", "\uff21nn"),
        ("Bob", "\uff22\uff4f\uff42"),
        ("Computer", "\uff23omputer"),
        ("PETER", "\uff30\uff25\uff34\uff25\uff32"),
        ("Computer 2", "\uff23\uff4f\uff4d\uff50\uff55\uff54\uff45\uff52\u3000\uff12"),
        ("Mary", "Mar\uff59"),
    ],
    "mathematical letters": [
        ("Ann", "\U0001d400\U0001d427\U0001d427"),
        ("Bob", "\U0001d609\U0001d630\U0001d623"),
        (
            "Computer",
            "\U0001d672\U0001d698\U0001d696\U0001d699\U0001d69e\U0001d69d\U0001d68e\U0001d69b",
        ),
        ("Mary", "\U0001d544\U0001d552\U0001d563\U0001d56a"),
        ("Alice", "\U0001d4d0\U0001d4f5\U0001d4f2\U0001d4ec\U0001d4ee"),
        ("Peter", "\U0001d513\U0001d522\U0001d531\U0001d522\U0001d52f"),
        ("Tom", "T\U0001d428m"),
        ("Computer 3", "Computer \U0001d7d1"),
    ],
    "letterlike symbols and Roman numerals": [
        ("Computer", "\u2102omputer"),
        ("Kate", "\u212aate"),
        ("Hans", "\u210cans"),
        ("Computer 2", "Computer \u2161"),
        ("Mary", "\u216fary"),
        ("Lucy", "\u216cucy"),
    ],
    "combining marks": [
        ("Jos\u00e9", "Jose\u0301"),
        ("Zo\u00eb", "Zoe\u0308"),
        ("Ren\u00e9e", "Rene\u0341e"),
        ("Ren\u00e9e", "Rene\u0954e"),
        ("Andr\u00e9", "Andre\u0341"),
        ("Ann", "Ann\u034f"),
        ("Ann", "An\ufe0fn"),
        ("Bob", "Bob\U000e0100"),
        ("Ann", "A\u180bnn"),
    ],
    "cherokee": [
        ("ANN", "\u13aaNN"),
        ("DAVE", "\u13a0AVE"),
        ("BOB", "\u13f4O\u13f4"),
        ("CHRIS", "\u13df\u13bbRIS"),
        ("EVA", "\u13acVA"),
        ("Ann", "\uab7ann"),
        ("SAM", "\u13daAM"),
    ],
    "lisu": [
        ("ANN", "\ua4eeNN"),
        ("BOB", "\ua4d0O\ua4d0"),
        ("PETER", "\ua4d1\ua4f0TER"),
    ],
    "armenian": [("Oscar", "\u0555scar"), ("John", "J\u0585hn"), ("Uma", "\u054dma")],
    "latin small capitals": [
        ("Ann", "\u1d00\u0274\u0274"),
        ("Bob", "\u0299\u1d0f\u0299"),
        ("Computer", "\u1d04\u1d0f\u1d0d\u1d18\u1d1c\u1d1b\u1d07\u0280"),
        ("Peter", "\u1d18\u1d07\u1d1b\u1d07\u0280"),
        ("Mary", "\u1d0d\u1d00\u0280\u028f"),
        ("Joe", "\u1d0a\u1d0f\u1d07"),
    ],
    "other latin letters": [("Ann", "\u0251nn"), ("Ian", "\u0196an")],
    "zero-width and other invisible characters": [
        ("Ann", "A\u200dnn"),
        ("Ann", "A\u200cnn"),
        ("Ann", "An\u200bn"),
        ("Ann", "Ann\u2060"),
        ("Ann", "\ufeffAnn"),
        ("Ann", "An\u00adn"),
        ("Computer", "Comp\u200buter"),
        ("Ann", "Ann\u3164"),
        ("Bob", "Bo\u180eb"),
        ("Ann", "A\u115fnn"),
    ],
    "bidirectional controls": [
        ("Ann", "\u202eAnn"),
        ("Ann", "Ann\u200f"),
        ("Bob", "\u2066Bob\u2069"),
    ],
    "spaces": [
        ("Ann Lee", "Ann\u00a0Lee"),
        ("Ann Lee", "Ann\u3000Lee"),
        ("Ann Lee", "Ann  Lee"),
        ("Computer 2", "Computer\u20032"),
    ],
    "digits and letters the standard draws alike": [
        ("John", "J0hn"),
        ("Oscar", "0scar"),
        ("Computer", "Cornputer"),
        ("Emma", "Ernrna"),
        ("Will", "Wi11"),
        ("Computer 1", "Computer l"),
        ("Computer", "C0mputer"),
    ],
    "case": [
        ("Ann", "ANN"),
        ("Ann", "aNN"),
        ("Computer", "COMPUTER"),
        ("Computer 2", "computer 2"),
        ("Stra\u00dfe", "STRASSE"),
    ],
}
"""Look-alikes of a name, by kind, each the same name as the one it copies."""


@pytest.mark.parametrize(
    ("genuine", "copy"),
    [
        pytest.param(*pair, id=f"{kind}-{pair[0]}")
        for kind, pairs in ATTACKS.items()
        for pair in pairs
    ],
)
def test_a_look_alike_is_the_same_name(genuine: str, copy: str) -> None:
    """A look-alike of the computer's name is the computer's; of another, that name."""
    if is_computer_name(genuine):
        assert is_computer_name(clean_name(copy))
    else:
        assert name_key(clean_name(copy)) == name_key(clean_name(genuine))
        assert clash(copy, ["Nobody", genuine]) == genuine


def test_a_capital_i_for_a_small_l_is_another_name() -> None:
    """The standard draws I like l, and case folding makes I an i: the key folds, since
    one key cannot do both without making i and l one ('Ian' and 'Lan')."""
    assert name_key("AIice") != name_key("Alice")
    assert name_key("Ian") != name_key("Lan")


LOOK_ALIKES: dict[str, str] = {
    "A": "\u0410\u0391\u13aa\ua4ee",
    "a": "\u0430\u0251\u03b1\u1d00",
    "B": "\u0412\u0392\u13f4\ua4d0",
    "b": "\u0299",
    "C": "\u0421\u13df\u2102",
    "c": "\u0441\u1d04",
    "d": "\u0501",
    "E": "\u0415\u0395\u13ac",
    "e": "\u0435",
    "H": "\u041d\u0397\u13bb",
    "h": "\u04bb",
    "I": "\u0406\u0399\u04c0",
    "i": "\u0456\u04cf",
    "J": "\u0408",
    "j": "\u0458",
    "K": "\u041a\u039a\u212a",
    "l": "1|",
    "M": "\u041c\u039c\u13b7",
    "m": "\u1d0d",
    "N": "\u039d",
    "O": "\u041e\u039f\u0555" + "0",
    "o": "\u043e\u03bf\u0585\u1d0f" + "0",
    "P": "\u0420\u03a1\u13e2",
    "p": "\u0440\u03c1",
    "q": "\u051b",
    "r": "\u0280",
    "S": "\u0405\u13da",
    "s": "\u0455\ua731",
    "T": "\u0422\u03a4\u13a2",
    "u": "\u1d1c",
    "v": "\u1d20\u03bd",
    "w": "\u051d\u1d21",
    "X": "\u0425\u03a7",
    "x": "\u0445",
    "Y": "\u03a5\u04ae",
    "y": "\u0443",
    "Z": "\u0396",
}
"""Characters of other scripts drawn like an ASCII letter (or like it as case folds it)."""


def _fullwidth(letter: str) -> str:
    return chr(ord(letter) + 0xFEE0)


def _bold(letter: str) -> str:
    """MATHEMATICAL BOLD CAPITAL or SMALL of `letter`."""
    offset = string.ascii_uppercase.find(letter)
    return chr(0x1D400 + offset if offset >= 0 else 0x1D41A + string.ascii_lowercase.index(letter))


@pytest.mark.parametrize("letter", sorted(LOOK_ALIKES))
def test_each_listed_look_alike_reads_as_its_letter(letter: str) -> None:
    for char in LOOK_ALIKES[letter] + _fullwidth(letter) + _bold(letter):
        assert name_key(char) == name_key(letter), f"{char!r} U+{ord(char):04X}"


ascii_names = st.text(string.ascii_letters + " ", min_size=1, max_size=NAME_LENGTH)


@given(ascii_names, st.data())
def test_a_name_with_letters_swapped_for_look_alikes_keeps_its_key(
    name: str, data: st.DataObject
) -> None:
    copy = "".join(
        data.draw(
            st.sampled_from([char, _fullwidth(char), _bold(char), *LOOK_ALIKES.get(char, "")])
        )
        if char.isalpha()
        else char
        for char in name
    )
    assert name_key(copy) == name_key(name)


@given(ascii_names)
def test_the_key_of_an_ascii_name_is_blind_to_case(name: str) -> None:
    assert name_key(name.swapcase()) == name_key(name.upper()) == name_key(name)


@given(ascii_names, st.data())
def test_characters_that_show_nothing_change_no_key(name: str, data: st.DataObject) -> None:
    invisible = st.sampled_from("\u200b\u200c\u200d\u2060\ufeff\u00ad\u034f\u202e\u2066\ufe0f")
    where = data.draw(st.integers(0, len(name)))
    copy = name[:where] + data.draw(invisible) + name[where:]
    assert name_key(copy) == name_key(name)


# -- what stays apart -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("one", "other"),
    [
        ("Ann", "Anne"),
        ("Ann", "Ann 2"),
        ("Jos\u00e9", "Jose"),
        ("Zo\u00eb", "Zoe"),
        ("M\u00e1rk", "Mark"),
        ("Emma", "Erma"),
        ("Ian", "Lan"),
        ("Blanka", "Bianka"),
        ("Malte", "Maite"),
        ("Chris", "Kris"),
        ("Computer", "Computers"),
    ],
)
def test_different_names_have_different_keys(one: str, other: str) -> None:
    """Accents are kept, as in the standard: a mark is there to see."""
    assert name_key(one) != name_key(other)
    assert clash(one, ["Nobody", other]) is None


FIRST_NAMES = """
Aaron Abigail Adam Adrian Agnes Aiden Aisha Alan Albert Alberto Alejandro Aleksandra Alessandro
Alex Alexander Alexandra Alfie Ali Alice Alicia Alina Amelia Amir Ana Andrea Andreas Andrei
Andrew Andrés Anja Ann Anna Anne Annika Antoine António Arjun Astrid Ava Ayşe Barbara Beatriz
Ben Benjamin Bianca Blanka Bianka Björn Bogdan Camille Carla Carlos Carmen Caroline Catalina
Charlotte Chiara Chloe Chloé Christian Claire Clara Cristina Daniel Daniela Dávid David Diego
Dmitri Dominik Dorota Eduardo Elena Eli Elif Elisa Elise Ella Emil Emilia Emily Emma Emre
Enzo Erik Erma Ethan Eva Ewa Fatima Felix Filip Finn Francesca François Freya Gabriel Gabriela
Georg Giulia Giuseppe Grace Greta Gustavo Hana Hannah Hans Harry Hedda Helena Hugo Ian Ida
Ilona Ines Inès Ingrid Irene Isabel Isla Ivan Jack Jakub Jan Jana Javier Jean Jens Joana Joe
Johan John Jonas Jorge José Jose Josef Joseph Juan Julia Júlia Julian Kai Karin Karl Kasia
Katarzyna Kate Katja Kenji Kerstin Kim Klara Kris Chris Lan Lara Laura Lea Léa Lena Leo León
Leon Liam Lily Linnea Lisa Lotte Louis Luca Lucas Lucía Lucie Lucy Luis Lukas Łukasz Maite
Malte Maja Małgorzata Marco Margit Maria María Marie Marek Mark Márk Marta Martin Mateo Matteo
Max Maya Mehmet Mia Michael Michał Miguel Mika Mila Milan Mohammed Nadia Natalia Nils Noah Noel
Noël Nora Oliver Olivia Omar Oscar Óscar Otto Pablo Paola Patrick Paula Paulo Pedro Peter Petra
Pierre Piotr Priya Rafael Rahul René Rene Ricardo Rita Robert Rosa Ruth Sam Samuel Sara Sarah
Sebastian Selin Sergei Simon Sofia Sofía Sophie Stefan Sven Tanja Teresa Thomas Tim Tomás
Tomasz Ulla Uwe Valentina Vera Victor Vincent Wei Will William Yara Yusuf Zoe Zoë Zofia Zoltán
""".split()  # noqa: SIM905  (a paragraph of names reads better than a list of 250)
"""Common first names of many languages, a few of them the same name spelt with and without
an accent (each is a name of its own)."""


def test_common_first_names_keep_apart() -> None:
    keys: dict[str, str] = {}
    for first in FIRST_NAMES:
        assert keys.setdefault(name_key(first), first) == first, (first, keys[name_key(first)])
    assert not any(is_computer_name(first) for first in FIRST_NAMES)


# -- the computer's names ---------------------------------------------------------------------


@pytest.mark.parametrize(
    "name",
    [
        "Computer",
        "Computer 1",
        "computer 3",
        "COMPUTER 2",
        "C\u043emputer",
        "\uff23omputer",
        "C0mputer",
        "Cornputer",
        "Comp\u200buter",
        "C\u00f6mputer",
        "Co\u0300mputer 2",
        "Computer \u2161",
        "Computer I",
        "Computer \u0663",
        "Computer \U0001d7d0",
        "Computer1",
        "Computer l",
        "Computer 10",
        "\u1d04\u1d0f\u1d0d\u1d18\u1d1c\u1d1b\u1d07\u0280",
        "  Computer   2 ",
    ],
)
def test_the_computers_names_in_any_guise_are_the_computers(name: str) -> None:
    assert is_computer_name(name)
    with pytest.raises(ValueError) as raised:
        check_person_name(name)
    assert str(raised.value) == (
        f"{name} is what the table calls its computer players: choose another name with --name."
    )


@pytest.mark.parametrize(
    "name", ["Ann", "Computers", "Computer Ann", "Compute", "Comp", "Mr Computer", "Computer 2b"]
)
def test_other_names_are_a_persons(name: str) -> None:
    assert not is_computer_name(name)
    check_person_name(name)


def test_the_seats_the_table_gives_the_computer_are_the_computers() -> None:
    for name in ("Computer", "Computer 1", "Computer 2", "Computer 3"):
        assert is_computer_name(name)


# -- clean names ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("  Ann\x1b[2J  the   Great and Terrible ", "Ann[2J the Great"),
        ("\t", "Player"),
        ("", "Player"),
        ("Ann\nLee", "Ann Lee"),
        ("A\u200dnn\u202e", "Ann"),
        ("\u3164\u200b", "Player"),
        ("Jos\u00e9 Mar\u00eda", "Jos\u00e9 Mar\u00eda"),
        ("\u0410nn", "\u0410nn"),
    ],
)
def test_clean_name(text: str, name: str) -> None:
    """Look-alikes are kept as typed: the key, not the name shown, tells them apart."""
    assert clean_name(text) == name


@given(st.text())
def test_a_clean_name_is_fit_to_show(text: str) -> None:
    name = clean_name(text)
    assert name.isprintable()
    assert 0 < len(name) <= NAME_LENGTH
    assert "  " not in name
    assert name == name.strip()
    assert clean_name(name) == name


# -- the key ----------------------------------------------------------------------------------


@given(st.text(max_size=3 * NAME_LENGTH))
def test_the_key_is_its_own_key(text: str) -> None:
    key = name_key(text)
    assert name_key(key) == key
    assert "  " not in key
    assert key == key.strip()


@given(st.text(max_size=NAME_LENGTH))
def test_normalizing_a_name_changes_no_key(text: str) -> None:
    for form in ("NFC", "NFD", "NFKC", "NFKD"):
        assert name_key(unicodedata.normalize(form, text)) == name_key(text)


def test_the_table_is_read_once_and_holds_what_the_key_can_meet() -> None:
    table = names._table()
    assert names._table() is table
    assert len(table.prototypes) > 2000
    for point, prototype in table.prototypes.items():
        char = chr(point)
        assert unicodedata.normalize("NFKD", char) == char == char.casefold()
        assert not any(ord(part) in table.prototypes for part in prototype), char
    for point, letter in table.capitals.items():
        assert chr(point).isupper() and letter in string.ascii_lowercase


def test_the_table_carries_the_unicode_notice_and_its_source() -> None:
    text = (ROOT / "src" / "cribbage" / "data" / names.TABLE_FILE).read_text(encoding="utf-8")
    head = text[: text.index("\nC ")]
    assert "COPYRIGHT AND PERMISSION NOTICE" in head
    assert "https://www.unicode.org/Public/security/13.0.0/confusables.txt" in head


def test_the_generator_folds_small_capitals_and_keeps_what_the_key_meets() -> None:
    tool = script("tools/gen_lookalikes.py")
    sample = "\n".join(
        [
            "0430 ;\t0061 ;\tMA\t# CYRILLIC SMALL LETTER A → LATIN SMALL LETTER A",
            "0410 ;\t0041 ;\tMA\t# CYRILLIC CAPITAL LETTER A → LATIN CAPITAL LETTER A",
            "0399 ;\t006C ;\tMA\t# GREEK CAPITAL LETTER IOTA → LATIN SMALL LETTER L",
            "0049 ;\t006C ;\tMA\t# LATIN CAPITAL LETTER I → LATIN SMALL LETTER L",
            "043D ;\t029C ;\tMA\t# CYRILLIC SMALL LETTER EN → LATIN LETTER SMALL CAPITAL H",
            "006D ;\t0072 006E ;\tMA\t# LATIN SMALL LETTER M → R, N",
            "FF41 ;\t0061 ;\tMA\t# FULLWIDTH LATIN SMALL LETTER A → LATIN SMALL LETTER A",
            "# total: 7",
        ]
    )
    table = {
        (kind, target): set(sources)
        for kind, target, *sources in (
            line.split(" ")
            for line in tool.table_text(tool.read_confusables(sample)).splitlines()
            if not line.startswith("#")
        )
    }
    assert table["C", "0061"] == {"0410"}
    assert table["C", "0069"] == {"0399"}
    assert {"0430", "1D00"} <= table["P", "0061"]
    assert {"029C", "043D"} <= table["P", "0068"]
    assert "006D" in table["P", "0072+006E"]
    assert not any("FF41" in sources or "0049" in sources for sources in table.values())
