"""A hosted table kept as a save (`table.json`): what it keeps comes back as it was, and a
field that is not valid is refused in a sentence."""

from __future__ import annotations

from dataclasses import replace

import pytest

from cribbage.net.codes import parse_code
from cribbage.people import strong_code
from cribbage.record import Recorder
from cribbage.rules import GameConfig
from cribbage.storage.saves import SavedMatch, UnusableSaveError
from cribbage.storage.tables import PEOPLE, TableSnapshot, from_saved, to_saved

SNAPSHOT = TableSnapshot(
    Recorder.start(7, GameConfig(players=3)),
    "7-amber-otter-cello-maple",
    ("Ann", None, "Bob"),
    "easy",
    headless=False,
    port=40121,
    bind="127.0.0.1",
    tickets=(None, None, b"t" * 32),
)


def kept(snapshot: TableSnapshot) -> TableSnapshot:
    """The snapshot written to a save's text and read back."""
    return from_saved(SavedMatch.from_json(to_saved(snapshot).to_json()))


def test_a_table_comes_back_with_its_code_people_level_port_and_address() -> None:
    back = kept(SNAPSHOT)
    assert (back.code, back.names, back.level, back.headless, back.tickets) == (
        "7-amber-otter-cello-maple",
        ("Ann", None, "Bob"),
        "easy",
        False,
        (None, None, b"t" * 32),  # the host's seat has none, nor a computer's
    )
    assert (back.port, back.bind) == (40121, "127.0.0.1")
    assert back.recorder.record == SNAPSHOT.recorder.record
    assert to_saved(SNAPSHOT).options["level"] == PEOPLE  # filed apart from the levels


def test_a_table_kept_by_the_last_version_opens_with_a_strong_code_and_no_tickets() -> None:
    saved = to_saved(replace(SNAPSHOT, code="7-amber-otter", tickets=()))
    for seat in range(3):
        saved.options.pop(f"ticket{seat}", None)
    back = from_saved(SavedMatch.from_json(saved.to_json()))
    assert back.tickets == (None, None, None)  # its seats go back by name
    notes: list[str] = []
    opened = strong_code(back, notes)
    assert parse_code(opened.code) == opened.code != "7-amber-otter"
    assert notes == [
        "The kept table's join code was of an older, shorter kind, too easily guessed: its "
        f"code is now {opened.code}."
    ]
    assert strong_code(SNAPSHOT, notes) is SNAPSHOT and len(notes) == 1


def test_a_table_kept_before_ports_were_kept_opens_on_the_default() -> None:
    saved = to_saved(SNAPSHOT)
    del saved.options["port"], saved.options["bind"]
    back = from_saved(SavedMatch.from_json(saved.to_json()))
    assert (back.port, back.bind) == (None, None)


@pytest.mark.parametrize(
    ("field", "value", "reason"),
    [
        ("code", "", "it keeps no valid join code"),
        ("computer", "grandmaster", "it keeps no valid level for the computer"),
        ("seat1", "x" * 17, "it keeps a name that is not valid"),
        ("seat3", "Cat", "it keeps more seats than its game has"),
        ("headless", "no", "it does not say whether the host had a seat"),
        ("port", 0, "it keeps a port that is not valid"),
        ("port", 65536, "it keeps a port that is not valid"),
        ("port", True, "it keeps a port that is not valid"),
        ("port", "7121", "it keeps a port that is not valid"),
        ("bind", "", "it keeps an address that is not valid"),
        ("bind", "127.0.0.1\n", "it keeps an address that is not valid"),
        ("bind", 127, "it keeps an address that is not valid"),
        ("ticket2", "short", "it keeps a seat's ticket that is not valid"),
        ("ticket1", 5, "it keeps a seat's ticket that is not valid"),
        ("ticket3", None, "it keeps more seats than its game has"),
    ],
)
def test_a_field_that_is_not_valid_is_refused_in_a_sentence(
    field: str, value: object, reason: str
) -> None:
    saved = to_saved(SNAPSHOT)
    saved.options[field] = value  # type: ignore[assignment]  # what a damaged file may hold
    with pytest.raises(UnusableSaveError) as refused:
        from_saved(saved)
    assert refused.value.reason == reason
