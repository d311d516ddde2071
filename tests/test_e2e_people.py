"""Playing people end to end: real `cribbage --host` and `cribbage --join` processes on
pseudo-terminals, joined over loopback, played as people would, by keys, to the end.

Each player answers whatever the screen asks with Enter (cut, choose, lay away, play, go
on), so the games are real games between the processes; the tests wait for what the
screens show, never for a fixed time.
"""

from __future__ import annotations

import re
import signal
import time
from collections.abc import Callable, Sequence
from pathlib import Path

import pytest

from cribbage.record import Record, replay
from cribbage.storage.statistics import read_statistics

from .terminal import TIMEOUT, Terminal

pytestmark = pytest.mark.skipif(not Path("/dev/ptmx").exists(), reason="needs pseudo-terminals")

ASKED = (
    "Where do you cut the pack?",
    "Choose ",
    "Lay away ",
    "Your play:",
    "The hand is over",
    "Press any key for game",
)
"""The questions a player answers with Enter."""
CODE = "4-lark-reef-moss-iris"


def host(
    terminals: Callable[..., Terminal], home: Path, *options: str, name: str = "Ann"
) -> tuple[Terminal, int]:
    """A host on any free port of the loopback; it and the port it listens on."""
    term = terminals(
        "--host",
        "--bind",
        "127.0.0.1",
        "--port",
        "0",
        "--code",
        CODE,
        "--name",
        name,
        *options,
        env={"CRIBBAGE_HOME": str(home)},
    )
    screen = term.wait_for("Join with:")
    found = re.search(r"--join 127\.0\.0\.1:(\d+) --code " + CODE, screen)
    assert found, screen
    return term, int(found.group(1))


def join(
    terminals: Callable[..., Terminal], home: Path, port: int, name: str, *options: str
) -> Terminal:
    home.mkdir(exist_ok=True)
    term = terminals(
        "--join",
        f"127.0.0.1:{port}",
        "--code",
        CODE,
        "--name",
        name,
        *options,
        env={"CRIBBAGE_HOME": str(home)},
    )
    term.wait_for(lambda text: "Seats:" in text or "Waiting for" in text or "Choose" in text)
    return term


def bottom(term: Terminal) -> str:
    """The prompt lines at the foot of the screen."""
    return "\n".join(term.text.splitlines()[-2:])


def play(terms: Sequence[Terminal], until: Callable[[], bool], limit: float = 240) -> None:
    """Answer every question on every screen with Enter until `until()`."""
    deadline = time.monotonic() + limit
    while not until():
        assert time.monotonic() < deadline, "\n\n".join(term.text for term in terms)
        for term in terms:
            term.pump(0.01)
            if any(question in bottom(term) for question in ASKED):
                before = term.text
                term.send("\r")
                term.wait_for(before.__ne__, timeout=TIMEOUT)


def over(*terms: Terminal) -> Callable[[], bool]:
    return lambda: all("Another game? (y/n)" in term.text for term in terms)


def seats_show(term: Terminal, *names: str) -> None:
    term.wait_for(lambda text: all(name in text for name in names))


def start(host_term: Terminal) -> None:
    host_term.send("\r")
    host_term.wait_for(lambda text: "Seats:" not in text)


def finish(*terms: Terminal) -> None:
    for term in terms:
        term.send("n")
    for term in terms:
        assert term.exit_status() == 0


def result_line(text: str) -> str:
    found = re.search(r"(\w+) wins? \d+\s+to\s", text)  # the message may wrap at "to"
    assert found, text
    return found.group(0)


def test_two_people_play_a_game_to_its_end(
    terminals: Callable[..., Terminal], tmp_path: Path
) -> None:
    ann, port = host(terminals, tmp_path / "ann", "--game", "61")
    bob = join(terminals, tmp_path / "bob", port, "Bob")
    seats_show(ann, "Bob")
    start(ann)
    play([ann, bob], over(ann, bob))
    # each sees the same game from its own side: the other by name, themselves as "you"
    assert "Bob" in ann.text and "Ann" in bob.text
    ann_result, bob_result = result_line(ann.text), result_line(bob.text)
    winner_ann = ann_result.startswith("You")
    assert winner_ann == bob_result.startswith("Ann"), (ann_result, bob_result)
    finish(ann, bob)
    # each counts the game in their own statistics, apart from the computer's levels
    for home, won in ((tmp_path / "ann", winner_ann), (tmp_path / "bob", not winner_ann)):
        stats = read_statistics(home / "stats.json")
        assert set(stats.levels) == {"people"}  # two-handed games, against no computer level
        counted = stats.levels["people"]
        assert (counted.games_won, counted.games_lost) == (int(won), int(not won))
    # the host keeps the record of the match, and no table is left to resume
    records = list((tmp_path / "ann" / "records").glob("*.json"))
    assert len(records) == 1 and not (tmp_path / "ann" / "table.json").exists()
    record = Record.from_json(records[0].read_text())
    assert replay(record).over


def test_partners_with_two_people_and_two_computers(
    terminals: Callable[..., Terminal], tmp_path: Path
) -> None:
    ann, port = host(terminals, tmp_path / "ann", "--players", "4", "--partners", "--game", "61")
    cat = join(terminals, tmp_path / "cat", port, "Cat", "--seat", "north")
    seats_show(ann, "Cat")
    start(ann)
    screen = cat.wait_for("Ann (partner")
    assert "Computer 1" in screen and "Computer 2" in screen
    play([ann, cat], over(ann, cat))
    # partners win or lose together
    assert ("You & Cat" in ann.text or "You and Cat" in ann.text) or "Cat" in ann.text
    ann_won = result_line(ann.text).startswith("You")
    cat_won = result_line(cat.text).startswith("You")
    assert ann_won == cat_won
    finish(ann, cat)


def test_three_people_play_three_handed(terminals: Callable[..., Terminal], tmp_path: Path) -> None:
    ann, port = host(terminals, tmp_path / "ann", "--players", "3", "--game", "61")
    bob = join(terminals, tmp_path / "bob", port, "Bob")
    cat = join(terminals, tmp_path / "cat", port, "Cat")
    seats_show(ann, "Bob", "Cat")
    start(ann)
    play([ann, bob, cat], over(ann, bob, cat))
    assert "Computer" not in ann.text.split("Another game")[0].split("\n", 1)[0]
    winners = {result_line(term.text).split()[0] for term in (ann, bob, cat)}
    assert "You" in winners and len(winners) == 2  # the winner says You, the others its name
    finish(ann, bob, cat)


def test_a_player_killed_mid_game_joins_again_and_gets_the_seat_back(
    terminals: Callable[..., Terminal], tmp_path: Path
) -> None:
    ann, port = host(terminals, tmp_path / "ann", "--game", "61")
    bob = join(terminals, tmp_path / "bob", port, "Bob")
    seats_show(ann, "Bob")
    start(ann)
    play([ann, bob], lambda: "Hand 2:" in bob.text)
    bob.child.kill(signal.SIGKILL)
    ann.wait_for("Bob has lost the connection")
    play([ann], lambda: "Bob has gone." in ann.text)
    again = join(terminals, tmp_path / "bob", port, "Bob")
    screen = again.wait_for(lambda text: "Hand 2" in text or "Ann" in text)
    assert "Ann" in screen
    ann.wait_for("Bob is back")
    play([ann, again], over(ann, again))
    finish(ann, again)


def test_a_host_killed_mid_game_opens_the_table_again(
    terminals: Callable[..., Terminal], tmp_path: Path
) -> None:
    home = tmp_path / "ann"
    ann, port = host(terminals, home, "--game", "61")
    bob = join(terminals, tmp_path / "bob", port, "Bob")
    seats_show(ann, "Bob")
    start(ann)
    play([ann, bob], lambda: "Hand 2:" in ann.text)
    ann.child.kill(signal.SIGKILL)
    bob.wait_for("The connection to the table")
    assert (home / "table.json").is_file()
    again = terminals(  # on the address and port it had, which the table keeps
        "--host", "--name", "Ann", "--resume", env={"CRIBBAGE_HOME": str(home)}
    )
    screen = again.wait_for("opened again")
    assert f"--code {CODE}" in screen and "Bob (gone" in screen
    play([bob], lambda: "r joins it again" in bob.text)
    bob.send("r")
    bob.wait_for("You are back at the table")
    again.wait_for(lambda text: "Bob (gone" not in text)
    start(again)
    again.wait_for("The game goes on: hand 2")
    play([again, bob], over(again, bob))
    finish(again, bob)


def printed(term: Terminal) -> str:
    """What the program printed once the terminal was restored (after `exit_status`), its
    lines joined; each line is checked to fit an 80-column terminal."""
    said = term.child.before
    assert isinstance(said, bytes)
    tail = said.decode(errors="replace").split("\x1b[?1049l")[-1]  # after the screen's end
    lines = [line.rstrip() for line in re.sub(r"\x1b\[[0-9;?]*[a-zA-Z]", "", tail).splitlines()]
    assert all(len(line) < 80 for line in lines), lines
    return " ".join(line.strip() for line in lines if line.strip())


def test_leaving_mid_game_prints_how_to_come_back_in_lines_of_the_terminal(
    terminals: Callable[..., Terminal], tmp_path: Path
) -> None:
    ann, port = host(terminals, tmp_path / "ann", "--game", "61")
    bob = join(terminals, tmp_path / "bob", port, "Ann")  # a namesake: the table calls him Ann 2
    seats_show(ann, "Ann 2")
    start(ann)
    bob.wait_for("Cut for the deal")  # the game has started: Ann cuts first
    for term in (bob, ann):
        term.send("q")
        term.wait_for("Quit? (y/n)")
        term.send("y")
        assert term.exit_status() == 0
    assert printed(bob).endswith(
        "You left the table; join it again the same way to take your seat back: cribbage "
        f"--join 127.0.0.1:{port} --code {CODE} --name 'Ann 2'"
    )
    assert printed(ann).endswith(
        "The table is kept: cribbage --host --resume opens it again, with the same code and "
        f"port ({port})."
    )


def test_ctrl_c_at_a_table_prints_how_to_come_back_as_q_does(
    terminals: Callable[..., Terminal], tmp_path: Path
) -> None:
    ann, port = host(terminals, tmp_path / "ann", "--game", "61")
    bob = join(terminals, tmp_path / "bob", port, "Bob")
    seats_show(ann, "Bob")
    start(ann)
    bob.wait_for("Cut for the deal")
    bob.child.sendintr()
    assert bob.exit_status() == 130
    assert printed(bob).endswith(
        "You left the table; join it again the same way to take your seat back: cribbage "
        f"--join 127.0.0.1:{port} --code {CODE} --name Bob"
    )
    ann.wait_for("Bob has left")
    again = join(terminals, tmp_path / "bob", port, "Bob")  # the same way: his ticket
    ann.wait_for("Bob is back")
    ann.child.sendintr()
    assert ann.exit_status() == 130
    assert printed(ann).endswith(
        "The table is kept: cribbage --host --resume opens it again, with the same code and "
        f"port ({port})."
    )
    again.wait_for("The host has closed the table")


def test_q_in_the_lobby_asks_before_the_host_closes_the_table(
    terminals: Callable[..., Terminal], tmp_path: Path
) -> None:
    ann, port = host(terminals, tmp_path / "ann", "--game", "61")
    bob = join(terminals, tmp_path / "bob", port, "Bob")
    seats_show(ann, "Bob")
    ann.send("q")
    ann.wait_for("Close the table for everyone? (y/n)")
    ann.send("n")
    ann.wait_for("Enter starts the game")
    ann.send("q")
    ann.wait_for("Close the table for everyone? (y/n)")
    ann.send("y")
    assert ann.exit_status() == 0
    bob.wait_for("The table has closed.")
    assert "Waiting for the host" not in bottom(bob)
    bob.send("q")
    assert bob.exit_status() == 0
