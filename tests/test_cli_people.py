"""The command line of playing people: options that make no sense together are one sentence
and status 2; a table that cannot be opened or joined is one sentence and status 1."""

from __future__ import annotations

import asyncio
import contextlib
import errno
import json
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from cribbage import __version__
from cribbage.match import MatchConfig
from cribbage.net import channel
from cribbage.net.client import parse_address
from cribbage.net.host import Host, why
from cribbage.people import addresses, join_address
from cribbage.rules import GameConfig

from .net_support import serving
from .terminal import Terminal


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "cribbage", *args],
        capture_output=True,
        text=True,
        timeout=60,
        stdin=subprocess.DEVNULL,
    )


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["--join", "box", "--players", "3"], "--players does not go with --join"),
        (["--join", "box", "--muggins"], "--muggins does not go with --join"),
        (["--host", "--replay", "x"], "go one at a time"),
        (["--host", "--practice"], "go one at a time"),
        (["--host", "--count", "5h"], "go one at a time"),
        (["--host", "--join", "box"], "go one at a time"),
        (["--host", "--seat", "west"], "--seat goes with --join"),
        (["--watch"], "--watch goes with --join"),
        (["--port", "4000"], "--port goes with --host"),
        (["--join", "box", "--headless"], "--headless goes with --host"),
        (["--code", "1-a-b"], "--code goes with --host or --join"),
        (["--join", "box", "--seat", "west", "--watch"], "go one at a time"),
        (["--host", "--resume", "--players", "3"], "--players does not go with --resume"),
        (["--host", "--resume", "--code", "1-a-b"], "--code does not go with --resume"),
        (["--host", "--headless", "--name", "Bob"], "--name does not go with --headless"),
        (["--host", "--name", "Computer 2"], "is what the table calls its computer players"),
        (["--host", "--partners"], "--partners is for four players"),
        (["--host", "--port", "70000"], "--port: a port is a number from 1 to 65535"),
        (["--join", "box:70000", "--code", "1-a-b"], "--join: a port is a number from 1 to 65535"),
        (["--host", "--headless", "--code", "7-amber"], "a number and four words"),
        (["--host", "--headless", "--code", "1-a-b-c-d"], "a shorter one is too easily guessed"),
        (["--host", "--code", "7-Äpfel-otter-cello-maple"], "words of the letters a to z"),
    ],
)
def test_options_that_make_no_sense_are_one_sentence_and_status_2(
    args: list[str], said: str
) -> None:
    done = run(*args)
    assert done.returncode == 2, done.stderr
    assert said in done.stderr
    assert done.stderr.count("\n") == 1 and done.stderr.startswith("cribbage: ")
    assert "Traceback" not in done.stderr


@pytest.mark.parametrize("tool", [["--host"], ["--join", "box", "--code", "1-a-b"]])
def test_the_keypad_is_each_players_own_at_a_table(tool: list[str]) -> None:
    done = run(*tool, "--keypad")
    assert done.returncode == 2  # the tests' standard input is no terminal: that is all
    assert done.stderr == (
        "cribbage: The game needs a terminal: standard input and output must be one.\n"
    )


@pytest.fixture
def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@pytest.fixture
def table() -> Iterator[Host]:
    host = Host(
        GameConfig(),
        MatchConfig(),
        level="easy",
        bind="127.0.0.1",
        port=0,
        code="2-kiwi-lark-moss-fern",
    )
    host.open()
    try:
        yield host
    finally:
        host.close()


def failed_join(terminals: Callable[..., Terminal], tmp_path: Path, *args: str) -> str:
    """What a join that fails prints after saying where it connects: one sentence."""
    term = terminals(*args, env={"CRIBBAGE_HOME": str(tmp_path)})
    term.wait_for("cribbage: ")
    assert term.exit_status() == 1
    connecting, *rest = term.text.strip().splitlines()
    assert connecting.startswith("Connecting to the table at 127.0.0.1:") or (
        connecting.startswith("Connecting to the table at ") and "not known" in "".join(rest)
    )
    line = "".join(rest)  # one line, wrapped at the edge
    assert line.startswith("cribbage: ") and line.count("cribbage: ") == 1
    assert line.endswith(".") and "Traceback" not in line
    return line


def test_a_refused_connection_is_one_sentence(
    terminals: Callable[..., Terminal], tmp_path: Path, free_port: int
) -> None:
    line = failed_join(
        terminals,
        tmp_path,
        "--join",
        f"127.0.0.1:{free_port}",
        "--code",
        "1-amber-otter-cello-maple",
    )
    assert "connection was refused" in line


@pytest.fixture
def older_table() -> Iterator[int]:
    """A table of an older version of the program speaking the same protocol, on a port of
    the loopback: it answers each hello with its own and hangs up."""
    yield from _answering({"program": "cribbage", "version": "0.0.1", "protocol": channel.PROTOCOL})


@pytest.fixture
def last_version_table() -> Iterator[int]:
    """A table of the last version (0.1.0, protocol 1), which answers a hello of another
    protocol with its own hello and a sentence, and hangs up."""
    yield from _answering(
        {
            "program": "cribbage",
            "version": "0.1.0",
            "protocol": 1,
            "error": "The table and the player run different versions of cribbage.",
        }
    )


def _answering(answer: dict[str, object]) -> Iterator[int]:
    """A port of the loopback that answers each hello with `answer`, and hangs up."""

    async def table(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        with contextlib.suppress(Exception):
            await channel.read_frame(reader, 4096)
            channel.write_frame(writer, json.dumps(answer).encode())
            await writer.drain()
        writer.close()

    with serving(table) as port:
        yield port


def test_a_table_of_the_last_version_is_one_sentence(
    terminals: Callable[..., Terminal], tmp_path: Path, last_version_table: int
) -> None:
    line = failed_join(
        terminals,
        tmp_path,
        "--join",
        f"127.0.0.1:{last_version_table}",
        "--code",
        "1-amber-otter-cello-maple",
    )
    assert f"different versions of cribbage (0.1.0 and {__version__})" in line


def test_a_table_of_another_version_is_one_sentence(
    terminals: Callable[..., Terminal], tmp_path: Path, older_table: int
) -> None:
    line = failed_join(
        terminals,
        tmp_path,
        "--join",
        f"127.0.0.1:{older_table}",
        "--code",
        "1-amber-otter-cello-maple",
    )
    assert f"different versions of cribbage (0.0.1 and {__version__})" in line
    assert line.endswith("cannot play together: use the same version.")


def test_an_unknown_host_is_one_sentence(
    terminals: Callable[..., Terminal], tmp_path: Path
) -> None:
    line = failed_join(
        terminals, tmp_path, "--join", "no-such-host.invalid", "--code", "1-amber-otter-cello-maple"
    )
    assert "is not known" in line


def test_a_wrong_code_is_one_sentence(
    terminals: Callable[..., Terminal], tmp_path: Path, table: Host
) -> None:
    line = failed_join(
        terminals,
        tmp_path,
        "--join",
        f"127.0.0.1:{table.port}",
        "--code",
        "9-amber-otter-cello-maple",
    )
    assert "did not accept the code 9-amber-otter-cello-maple" in line


def test_a_full_table_is_one_sentence(
    terminals: Callable[..., Terminal], tmp_path: Path, table: Host
) -> None:
    from cribbage.net.client import RemoteTable

    first = RemoteTable("127.0.0.1", table.port, code="2-kiwi-lark-moss-fern", name="Ann")
    second = RemoteTable("127.0.0.1", table.port, code="2-kiwi-lark-moss-fern", name="Bob")
    first.join()
    second.join()
    try:
        line = failed_join(
            terminals,
            tmp_path,
            "--join",
            f"127.0.0.1:{table.port}",
            "--code",
            "2-kiwi-lark-moss-fern",
        )
        assert "every seat is taken" in line or "The table is full" in line
        assert "--watch" in line
    finally:
        first.leave()
        second.leave()


def test_a_port_in_use_is_one_sentence(
    terminals: Callable[..., Terminal], tmp_path: Path, table: Host
) -> None:
    term = terminals(
        "--host",
        "--bind",
        "127.0.0.1",
        "--port",
        str(table.port),
        env={"CRIBBAGE_HOME": str(tmp_path)},
    )
    term.wait_for(f"Port {table.port} is in use")
    assert term.exit_status() == 1
    assert "--port" in term.text


def test_an_address_not_of_this_machine_is_one_sentence(tmp_path: Path) -> None:
    done = run("--host", "--headless", "--bind", "192.0.2.1", "--port", "0")
    assert done.returncode == 1 and done.stdout == ""
    assert done.stderr == (
        "cribbage: 192.0.2.1 is not an address of this machine: name one of its own with "
        "--bind, or leave --bind out to listen on all of them.\n"
    )


@pytest.mark.parametrize("bind", ["nosuch.invalid", "127.0.0.1:5000"])
def test_an_address_that_names_nothing_is_one_sentence(bind: str) -> None:
    done = run("--host", "--headless", "--bind", bind, "--port", "0")
    assert done.returncode == 1
    assert done.stderr == (
        f"cribbage: {bind} is not an address of this machine: name one of its own with "
        "--bind (the port goes with --port), or leave --bind out to listen on all of them.\n"
    )


@pytest.fixture
def another_program() -> Iterator[int]:
    """A port of the loopback where another program listens: it greets each connection in
    its own words, as a mail or shell server does."""
    with socket.create_server(("127.0.0.1", 0)) as server:
        port = server.getsockname()[1]

        def greet() -> None:
            with contextlib.suppress(OSError):
                connection, _ = server.accept()
                with connection:
                    connection.sendall(b"SSH-2.0-OpenSSH_9.6\r\n")
                    connection.recv(4096)

        thread = threading.Thread(target=greet, daemon=True)
        thread.start()
        yield port
        with contextlib.suppress(OSError):
            socket.create_connection(("127.0.0.1", port), timeout=5).close()  # if unjoined
        thread.join(10)


def test_a_port_where_another_program_listens_is_one_sentence(
    terminals: Callable[..., Terminal], tmp_path: Path, another_program: int
) -> None:
    line = failed_join(
        terminals,
        tmp_path,
        "--join",
        f"127.0.0.1:{another_program}",
        "--code",
        "1-amber-otter-cello-maple",
    )
    assert line == (
        f"cribbage: The table at 127.0.0.1 port {another_program} could not be joined: the "
        "program there is not a cribbage table."
    )


@pytest.mark.parametrize("everywhere", ["0.0.0.0", "::", None])
def test_a_table_listening_everywhere_is_joined_at_the_machines_own_addresses(
    everywhere: str | None,
) -> None:
    listed = addresses(everywhere)
    assert listed and not {"0.0.0.0", "::", ""} & set(listed)
    assert addresses("192.168.1.5") == ["192.168.1.5"]
    assert parse_address(join_address("::1", 4000), 7121) == ("::1", 4000)


def test_a_network_failure_is_said_in_the_systems_words_not_pythons() -> None:
    failed = OSError(errno.EHOSTUNREACH, "Connect call failed ('192.0.2.77', 7121)")
    assert why(failed) == "no route to host"
    assert why(OSError("Multiple exceptions: [Errno 113] ...")) == "the network did not say why"


def test_a_headless_table_prints_its_code_and_its_game(tmp_path: Path) -> None:
    """Two computers join a headless table as people would, one starts it, and the table
    prints the game line by line until everyone has left after the match."""
    from cribbage.computer import Computer
    from cribbage.net.client import RemoteTable
    from cribbage.tables import Update

    child = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "cribbage",
            "--host",
            "--headless",
            "--bind",
            "127.0.0.1",
            "--port",
            "0",
            "--code",
            "3-owl-fern-oak-elm",
            "--game",
            "61",
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        env={"CRIBBAGE_HOME": str(tmp_path), "PATH": "/usr/bin:/bin"},
    )
    players: list[RemoteTable] = []
    try:
        assert child.stdout is not None
        lines = [child.stdout.readline() for _ in range(2)]
        assert lines[0].startswith("A table is open for two-handed, to 61")
        assert "--join 127.0.0.1:" in lines[1] and "--code 3-owl-fern-oak-elm" in lines[1]
        port = int(lines[1].split("127.0.0.1:")[1].split()[0])
        players = [
            RemoteTable("127.0.0.1", port, code="3-owl-fern-oak-elm", name=name)
            for name in ("Ann", "Bob")
        ]
        for player in players:
            player.join()
        players[0].start()
        cpus = [Computer("easy", n) for n in range(2)]
        waiting = [False, False]
        done = [False, False]
        while not all(done):
            for n, player in enumerate(players):
                news = player.news(0.05)
                if not isinstance(news, Update):
                    continue
                if news.by == 0:
                    waiting[n] = False
                match = news.match
                if match.over:
                    done[n] = True
                elif match.game.my_turn and not waiting[n]:
                    waiting[n] = True
                    player.act(cpus[n].act(match.game))
        for player in players:
            player.leave()
        out, _ = child.communicate(timeout=30)
        assert child.returncode == 0
        assert "Ann has joined." in out and "Bob has joined." in out
        assert "plays the" in out and "wins the match" in out
        assert out.splitlines()[-1] == "The table is closed."  # everyone gone: it says so
    finally:
        for player in players:
            player.leave()
        if child.poll() is None:
            child.kill()
            child.wait()


@pytest.fixture
def silent_port() -> Iterator[int]:
    """A port of the loopback where something takes connections and never says a word."""
    with socket.create_server(("127.0.0.1", 0)) as server:
        held: list[socket.socket] = []
        stop = threading.Event()

        def take() -> None:
            server.settimeout(0.1)
            while not stop.is_set():
                with contextlib.suppress(OSError):
                    held.append(server.accept()[0])

        thread = threading.Thread(target=take, daemon=True)
        thread.start()
        yield server.getsockname()[1]
        stop.set()
        thread.join(10)
        for connection in held:
            connection.close()


def test_a_table_that_never_answers_is_said_at_once_and_given_up_on(
    terminals: Callable[..., Terminal], tmp_path: Path, silent_port: int
) -> None:
    term = terminals(
        "--join",
        f"127.0.0.1:{silent_port}",
        "--code",
        "1-amber-otter-cello-maple",
        env={"CRIBBAGE_HOME": str(tmp_path)},
    )
    term.wait_for(f"Connecting to the table at 127.0.0.1:{silent_port}...")  # at once
    line = failed_join_text(term)
    assert line == (
        f"cribbage: The table at 127.0.0.1 port {silent_port} did not answer in 5 seconds: "
        "check the address and the port, and that the table is open."
    )


def failed_join_text(term: Terminal) -> str:
    term.wait_for("cribbage: ")
    assert term.exit_status() == 1
    _, *rest = term.text.strip().splitlines()
    return "".join(rest)


@pytest.mark.parametrize("ending", ["quit", "ctrl-c"])
def test_a_headless_host_types_commands_and_is_told_how_to_open_the_table_again(
    tmp_path: Path, ending: str
) -> None:
    """A table with no screen takes the host's commands on its standard input: a new code,
    a gone player's seat freed; closed mid-game (quit, or Ctrl-C), it says how to open it
    again."""
    from cribbage.net.client import RemoteTable
    from cribbage.tables import Notice, Update

    code = "3-owl-fern-oak-elm"
    child = subprocess.Popen(
        [sys.executable, "-m", "cribbage", "--host", "--headless", "--bind", "127.0.0.1"]
        + ["--port", "0", "--code", code, "--game", "61"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        env={"CRIBBAGE_HOME": str(tmp_path), "PATH": "/usr/bin:/bin"},
    )
    players: list[RemoteTable] = []
    try:
        assert child.stdin is not None and child.stdout is not None
        out = child.stdout

        def line_with(words: str) -> str:
            while words not in (said := out.readline()):
                assert said, f"the table ended before saying {words!r}"
            return said

        port = int(line_with("Join with:").split("127.0.0.1:")[1].split()[0])
        players = [RemoteTable("127.0.0.1", port, code=code, name=n) for n in ("Ann", "Bob")]
        for player in players:
            player.join()
        players[0].start()
        deadline = time.monotonic() + 30
        while not isinstance(players[1].news(1), Update):  # the game is on
            assert time.monotonic() < deadline, "the game did not start"
        players[1].leave()
        line_with("Bob has left")
        child.stdin.write("free bob\n")
        child.stdin.flush()
        assert line_with("free") == (
            "Bob's seat is free: Bob takes it back joining under that name, from any machine.\n"
        )
        child.stdin.write("code\n")
        child.stdin.flush()
        new = line_with("The join code is now").split()[-1].rstrip(".")
        assert new != code
        deadline = time.monotonic() + 30
        told = None
        while not (isinstance(told, Notice) and "join code" in told.text):
            assert time.monotonic() < deadline, "Ann was not told the new code"
            told = players[0].news(0.1)  # Ann, seated, hears the new code
        assert told.text == f"The host changed the join code: it is now {new}."
        if ending == "quit":
            child.stdin.write("quit\n")
            child.stdin.flush()
        else:
            child.send_signal(signal.SIGINT)
        rest, _ = child.communicate(timeout=30)
        assert "The table is kept: cribbage --host --headless --resume opens it again" in rest
        assert child.returncode == (0 if ending == "quit" else 130)
    finally:
        for player in players:
            player.leave()
        if child.poll() is None:
            child.kill()
            child.wait()
