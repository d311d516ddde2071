"""Playing people: `cribbage --host` and `cribbage --join`, from the command line to the table.

The host opens a table (`cribbage.net.host.Host`) and plays its seat on the usual screen, or,
`--headless`, prints the join code and one line per event instead; a player joins with
`cribbage.net.client.RemoteTable`. Everything that can go wrong before the game (a port in
use, a host that cannot be reached, a wrong code, a full table, another version) is one
sentence and exit status 1; options that make no sense are status 2, as everywhere.
"""

from __future__ import annotations

import argparse
import contextlib
import functools
import getpass
import shlex
import socket
import sys
import textwrap
import threading
from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, Final

from .choices import DEFAULT_PORT, Counting
from .cli import TableError, UsageError, check_terminal, game_options, stopped_by_signals
from .events import Event, GameOver
from .match import MatchOver
from .net.codes import CodeError, parse_code

if TYPE_CHECKING:
    from .net.client import RemoteTable
    from .stats import Tallier
    from .storage import Storage
    from .storage.saves import SavedMatch
    from .storage.tables import TableSnapshot
    from .tables import Update
from .rules import GameConfig
from .text import LINE_WIDTH

__all__ = ["addresses", "login_name", "play_with_people"]


def login_name() -> str:
    """The player's login name, or 'Player' where the system has none to give."""
    try:
        return getpass.getuser()
    except (OSError, KeyError, ImportError):
        return "Player"


_EVERY_ADDRESS: Final = frozenset({"0.0.0.0", "::"})
"""Addresses that listen on every address of the machine, which others cannot join at."""


def join_address(address: str, port: int) -> str:
    """`HOST:PORT` as `--join` reads it (an IPv6 address in brackets).

    >>> join_address("192.168.1.5", 7121), join_address("::1", 7121)
    ('192.168.1.5:7121', '[::1]:7121')
    """
    return f"[{address}]:{port}" if ":" in address else f"{address}:{port}"


def addresses(bind: str | None) -> list[str]:
    """The addresses others may join at: `bind` if given, else every address of this
    machine that is not its loopback (the loopback when there is no other)."""
    if bind and bind not in _EVERY_ADDRESS:
        return [bind]
    found: list[str] = []
    with contextlib.suppress(OSError):  # the address the machine goes out from, if any
        probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
        try:
            probe.connect(("192.0.2.1", 9))  # a documentation address: nothing is sent
            found.append(probe.getsockname()[0])
        finally:
            probe.close()
    with contextlib.suppress(OSError, UnicodeError):
        for info in socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET):
            found.append(str(info[4][0]))
    found.extend(_interface_addresses())
    usable = [a for a in dict.fromkeys(found) if not a.startswith("127.") and a != "0.0.0.0"]
    return usable or ["127.0.0.1"]


def _interface_addresses() -> list[str]:
    """The IPv4 address of each network interface, where the system tells them by name
    (Linux's SIOCGIFADDR); none elsewhere."""
    found: list[str] = []
    if not hasattr(socket, "if_nameindex") or not sys.platform.startswith("linux"):
        return found
    import fcntl
    import struct

    with contextlib.suppress(OSError), socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        for _, name in socket.if_nameindex():
            request = struct.pack("256s", name.encode()[:15])
            with contextlib.suppress(OSError):
                answer = fcntl.ioctl(probe.fileno(), 0x8915, request)  # SIOCGIFADDR
                found.append(socket.inet_ntoa(answer[20:24]))
    return found


def _code(args: argparse.Namespace, *, ask: bool) -> str | None:
    text = args.code
    if text is None and ask:
        if not sys.stdin.isatty():
            raise UsageError("Give the table's join code with --code.")
        try:
            text = input("The table's join code: ")
        except EOFError:
            print()  # the sentence goes on a line of its own
            raise UsageError("Give the table's join code with --code.") from None
        except KeyboardInterrupt:
            print()
            raise
    if text is None:
        return None
    try:
        return parse_code(text)
    except CodeError as err:
        raise UsageError(str(err)) from None


def play_with_people(args: argparse.Namespace) -> int:
    """`--host` or `--join`: return the exit status."""
    if args.host:
        return _host(args)
    return _join(args)


def _host(args: argparse.Namespace) -> int:
    from .names import check_person_name, clean_name
    from .net.host import Host, HostError
    from .storage import Storage
    from .storage.tables import TABLE_SAVE

    options = game_options(args)
    code = _code(args, ask=False)
    headless = bool(args.headless)
    name = args.name or login_name()
    if not headless:
        try:
            check_person_name(clean_name(name))
        except ValueError as err:
            raise UsageError(f"{err} Try 'cribbage --help'.") from None
        if not args.plain:
            check_terminal()
    with stopped_by_signals(), Storage(save_name=TABLE_SAVE, counts=not headless) as storage:
        keeper = _TableKeeper(storage)
        resume: TableSnapshot | None = None
        if args.resume:
            resume = strong_code(keeper.resume(headless), keeper.notes)
        else:
            keeper.set_aside()
        printer = _Printer(options.game_config()) if headless else None
        bind = args.bind if resume is None or args.bind is not None else resume.bind
        host = Host(
            options.game_config(),
            options.match_config(),
            level=options.level,
            counting=options.counting,
            own_name=None if headless else name,
            code=code,
            bind=bind,
            port=_port(args.port, resume),
            seed=options.seed,
            resume=resume,
            on_news=printer.news if printer is not None else None,
            on_notice=printer.notice if printer is not None else None,
            keep=keeper.keep,
        )
        try:
            _, port = host.open()
        except HostError as err:
            raise TableError(str(err)) from None
        try:
            where = [join_address(address, port) for address in addresses(bind)]
            if printer is not None:
                for note in keeper.notes:
                    print(note, flush=True)
                status = _headless(host, printer, where)
            else:
                status = _host_screen(host, args, options, where, keeper.notes)
        finally:
            host.close()
        snapshot = host.snapshot()
        if snapshot is not None and not snapshot.recorder.state.over and keeper.claimed is None:
            again = "--host --headless --resume" if headless else "--host --resume"
            print(
                textwrap.fill(
                    f"The table is kept: cribbage {again} opens it again, with the same code "
                    f"and port ({host.port}).",
                    LINE_WIDTH,
                ),
                flush=True,
            )
        return status


def strong_code(snapshot: TableSnapshot, notes: list[str]) -> TableSnapshot:
    """`snapshot`, with a new join code if its own is of the shorter kind an older version
    drew (which this version refuses as too easily guessed), said in `notes`."""
    from .net.codes import new_code

    try:
        parse_code(snapshot.code)
    except CodeError:
        snapshot = replace(snapshot, code=new_code())
        notes.append(
            "The kept table's join code was of an older, shorter kind, too easily guessed: "
            f"its code is now {snapshot.code}."
        )
    return snapshot


def _port(asked: int | None, resume: TableSnapshot | None) -> int:
    """The port to listen on: the one asked for, else the one a table opened again had."""
    if asked is not None:
        return asked
    if resume is not None and resume.port is not None:
        return resume.port
    return DEFAULT_PORT


class _TableKeeper:
    """Keeps the hosted table in `table.json` after every step (see `storage.tables`)."""

    def __init__(self, storage: Storage) -> None:
        self.storage = storage
        self.claimed = storage.claim()
        """Why the table is not kept, if it is not (another host of this player's)."""
        self.saved: SavedMatch | None = None
        self.notes: list[str] = [] if self.claimed is None else [self.claimed]
        """What to tell the host before the game (why the table is not kept, a backup)."""

    def resume(self, headless: bool) -> TableSnapshot:
        """The table kept to open again.

        Raises:
            TableError: none is kept, or it cannot be opened as asked, in a sentence.
        """
        from .storage.saves import UnusableSaveError
        from .storage.tables import from_saved

        if self.claimed is not None:
            raise TableError(self.claimed.replace("this game", "the table"))
        saved, message = self.storage.load()
        if saved is None:
            raise TableError(
                message or "No table is kept to open again: open a new one with --host."
            )
        try:
            snapshot = from_saved(saved)
        except UnusableSaveError as err:
            raise TableError(f"The kept table cannot be opened again: {err.reason}.") from None
        if snapshot.headless != headless:
            how = "with" if snapshot.headless else "without"
            raise TableError(f"The kept table was hosted {how} --headless: open it so again.")
        self.saved = saved
        return snapshot

    def set_aside(self) -> None:
        """A new table: a table kept from before is kept aside as a backup."""
        if self.claimed is None:
            message = self.storage.back_up()
            if message:
                self.notes.append(message)

    def keep(self, snapshot: TableSnapshot) -> str | None:
        """Save the table after a step (from the table's keeping thread, one step after
        another); a sentence if that failed."""
        from .storage.tables import to_saved

        saved = self.saved
        if saved is None or saved.record.seed != snapshot.recorder.record.seed:  # a new match
            saved = self.saved = to_saved(snapshot)
        else:
            saved.recorder = snapshot.recorder
            saved.options = to_saved(snapshot, saved.id).options
        return self.storage.save(saved)


def _join_lines(where: Sequence[str], code: str) -> list[str]:
    """How to join, the command whole on a line of its own (to copy) when the line it would
    begin is wider than the terminal's 80 columns.

    >>> _join_lines(["127.0.0.1:7121"], "7-amber-otter-cello-maple")
    ['Join with: cribbage --join 127.0.0.1:7121 --code 7-amber-otter-cello-maple']
    >>> _join_lines(["192.168.100.200:7121"], "424-lemon-cinder-kestrel-thunder")[0]
    'Join with:'
    """
    first, *others = where
    command = f"cribbage --join {first} --code {code}"
    lines = [f"Join with: {command}"]
    if len(lines[0]) > LINE_WIDTH:
        lines = ["Join with:", f"  {command}"]
    if others:
        lines.append(f"  (or at {', '.join(others)})")
    return lines


HEADLESS_COMMANDS: Final = (
    "Type 'code' for a new join code, 'free NAME' to free the seat of a player who has "
    "gone (for them to take back from another machine), 'quit' to close the table."
)


def _headless(host: object, printer: _Printer, where: Sequence[str]) -> int:
    from .net.host import Host

    assert isinstance(host, Host)
    print(f"A table is open for {_what(host)}.", flush=True)
    for line in _join_lines(where, host.code):
        print(line, flush=True)
    if host.started:
        host.call(host.start)  # a table opened again plays on as its people come back
    else:
        print("Any player starts the game; the computer takes the empty seats.", flush=True)
    if sys.stdin is not None and sys.stdin.isatty():
        printer.notice(textwrap.fill(HEADLESS_COMMANDS, LINE_WIDTH))
    threading.Thread(target=_commands, args=(host, printer), name="commands", daemon=True).start()
    try:
        while not host.ended.wait(0.5):
            pass
    except KeyboardInterrupt:
        return 130
    print("The table is closed.", flush=True)
    return 0


def _commands(host: object, printer: _Printer) -> None:
    """The host's commands to a table with no screen, a line each on standard input (none
    once it ends, or where there is none)."""
    from .names import name_key
    from .net.host import Host

    assert isinstance(host, Host)
    with contextlib.suppress(OSError, ValueError, UnicodeDecodeError):
        for line in sys.stdin:
            word, _, rest = line.strip().partition(" ")
            if word == "code":
                host.call(host.change_code)
            elif word == "free" and rest.strip():
                wanted = name_key(rest)
                seats = [n for n, name in enumerate(host.names()) if name_key(name) == wanted]
                if seats and seats[0] in host.freeable():
                    host.call(functools.partial(host.free, seats[0]))
                else:
                    printer.notice(f"No seat of a player who has gone is called {rest.strip()}.")
            elif word == "quit":
                host.close()
                return
            elif word:
                printer.notice(textwrap.fill(HEADLESS_COMMANDS, LINE_WIDTH))


def _what(host: object) -> str:
    from .net.host import Host
    from .ui.lobby import describe

    assert isinstance(host, Host)
    config = host.match_config
    return describe(host.game_config, config.games, config.points).lower()


class _Printer:
    """A table with no screen: each event as an onlooker would read it, one line each."""

    def __init__(self, config: GameConfig) -> None:
        self.config = config
        self.lock = threading.Lock()

    def news(self, events: tuple[Event | MatchOver, ...], names: tuple[str, ...]) -> None:
        from .glyphs import ASCII
        from .ui.seats import Seating
        from .ui.words import Speaker

        seating = Seating.of(self.config, names=names, watching=True)
        speaker = Speaker(ASCII, explain=(False,) * len(names), seating=seating)
        with self.lock:
            for event in events:
                for line in speaker.lines(event):
                    print(line.text, flush=True)

    def notice(self, text: str) -> None:
        with self.lock:
            print(text, flush=True)


def _host_screen(
    host: object,
    args: argparse.Namespace,
    options: object,
    where: list[str],
    notes: Sequence[str],
) -> int:
    from .net.host import Host
    from .ui import Options
    from .ui.lobby import rules_line
    from .ui.screen import TerminalGone

    assert isinstance(host, Host) and isinstance(options, Options)
    seat = host.local
    assert seat is not None

    rules = rules_line(host.game_config, host.match_config)

    def particulars() -> list[str]:
        return [*_join_lines(where, host.code), f"Join code: {host.code}", *filter(None, [rules])]

    title = f"Your table: {_what(host)}"
    if host.started:
        title += " (opened again)"
    try:
        status = _seat_face(args)(
            seat,
            options,
            ascii_only=args.ascii,
            title=title,
            particulars=particulars,
            can_start=True,
            notes=notes,
        )
    except TerminalGone:
        status = 128 + 1
    except KeyboardInterrupt:
        status = 130
    return status


def _seat_face(args: argparse.Namespace) -> Callable[..., int]:
    """What plays a seat of a table: the curses screen (`ui.run_table`), or with --plain
    the game in plain lines (`ui.plain.run_plain_table`), which takes the same arguments."""
    if args.plain:
        from .ui.plain import run_plain_table

        return run_plain_table
    from .ui import run_table

    return run_table


class _Counter:
    """Counts the games a player plays at a table hosted elsewhere in their statistics,
    under `PEOPLE`, from the updates their screen shows (the record is the host's)."""

    def __init__(self, storage: Storage, table: RemoteTable) -> None:
        self.storage = storage
        self.table = table
        self.tallier: Tallier | None = None
        self.match_id = ""
        self.notes: list[str] = []

    def update(self, update: Update) -> None:
        from .stats import Tallier
        from .storage.saves import new_match_id
        from .storage.tables import PEOPLE

        match = update.match
        if self.tallier is None:  # the first update of a match
            self.tallier = Tallier(self.table.config, match.config)
            self.match_id = new_match_id()
        self.tallier.add(update.events, match.number, match.game.hand_number)
        if any(isinstance(event, GameOver) for event in update.events):
            message = self.storage.count_match(self.match_id, self.tallier.tally(), PEOPLE)
            if message:
                self.notes.append(message)
        if match.over:
            self.tallier = None


def _join(args: argparse.Namespace) -> int:
    from .net.client import JoinError, RemoteTable, parse_address
    from .storage import Storage
    from .storage.tickets import Ticket, TicketBook
    from .ui import Hooks
    from .ui.lobby import describe, rules_line
    from .ui.screen import TerminalGone

    try:
        host, port = parse_address(args.join, DEFAULT_PORT)
    except ValueError as err:
        raise UsageError(f"--join: {err}. Try 'cribbage --help'.") from None
    if not args.plain:
        check_terminal()
    code = _code(args, ask=True)
    assert code is not None
    options = game_options(args)
    book = TicketBook()
    kept, problem = book.load()
    notes = [problem] if problem else []
    table = RemoteTable(
        host,
        port,
        code=code,
        name=args.name or login_name(),
        seat=args.seat,
        watch=args.watch,
        tickets=[ticket.secret for ticket in kept],
    )
    where = join_address(host, port)
    with stopped_by_signals(), Storage() as storage:
        print(f"Connecting to the table at {where}...", flush=True)
        try:
            table.join()
        except JoinError as err:
            raise TableError(str(err)) from None
        if table.ticket is not None:
            notes.extend(filter(None, [book.keep(Ticket(where, table.name, table.ticket))]))
        counter = _Counter(storage, table)
        hooks = Hooks(on_update=None if table.watch else counter.update)
        verb = "watching" if table.watch else "sitting at"
        match = table.match_config
        game = describe(table.config, match.games, match.points) if match is not None else ""
        rules = rules_line(table.config, match) if match is not None else None
        try:
            status = _seat_face(args)(
                table,
                replace(options, counting=Counting.AUTOMATIC),
                ascii_only=args.ascii,
                title=f"You are {verb} the table at {where}",
                particulars=lambda: (
                    [f"The game: {game.lower()}.", *filter(None, [rules])] if game else []
                ),
                can_start=not table.hosted and not table.watch,
                hooks=hooks,
                notes=notes,
                starter="the host" if table.hosted else "a player",
            )
        except TerminalGone:
            status = 128 + 1
        except KeyboardInterrupt:
            status = 130
        finally:
            table.leave()
        for note in counter.notes:
            print(f"cribbage: {note}", file=sys.stderr)
        if table.last is not None and not table.last.over and not table.watch:
            print(
                textwrap.fill(
                    "You left the table; join it again the same way to take your seat back: "
                    f"cribbage --join {args.join} --code {table.code} "
                    f"--name {shlex.quote(table.name)}",
                    LINE_WIDTH,
                    break_long_words=False,
                    break_on_hyphens=False,
                )
            )
        return status
