"""Play over a network, on this machine's loopback: how soon an action shows at the other
players, whether tables play a thousand matches without a fault, the host's memory, and how
the table holds under attack.

    python benchmarks/bench_net.py                   # all four (some 30 minutes on 2 cores)
    python benchmarks/bench_net.py --quick           # a tiny run of each (the smoke test's)
    python benchmarks/bench_net.py --part latency --runs 1 --latency-games 1
    python benchmarks/bench_net.py --part attack     # the door under each attack
    python benchmarks/bench_net.py --in-process      # the host in a thread of this process

The host is `cribbage --host --headless` in its own process, saving the table after every
step as a table on a server does (`--in-process`: a `Host` in a thread here, which saves
nothing and prints nothing). Every player is a `RemoteTable`, the easy computer choosing its
actions from the player's own view, and keeps to the table's limit on messages a second.

1. Latency: a four-handed table to 121 of four players, each in a process of its own (this
   script with `--player`; `--players-here`: threads of this process), one action at a
   time, `--pause` seconds apart. The time from `RemoteTable.act` to the moment the
   resulting `update` is in each other player's queue of news, stamped by the player's
   network thread as it puts it there (on the system's monotonic clock, which every process
   reads alike); the acting player's own round trip and the host's CPU time for an action
   are printed too. Bars: a median of 5 ms, a 99th percentile of 20 ms.
2. Endurance: `--games` matches of one game to 61 each, on tables of each kind in turn
   (two-handed, three-handed, partners, five-card), the players asking for another match
   after each. An error is a `refused` or a lost connection, an exception, a match that does
   not end, or a host that does not close by itself once everyone has left. The exit status
   is 1 when there was one.
3. Memory: the host's resident memory (VmRSS) open, with three players seated, and after a
   whole three-handed match to 121; then its peak (VmHWM).
4. Attack: a two-handed table with a game going (Ann plays; Rob has gone, his seat ticket
   kept), attacked from sixteen addresses of the loopback (127.0.0.2 to 127.0.0.17) by a
   process of its own (`tests/net_attacks.py`): 200 connections held idle, trickling a byte
   a second, or stopped half-way through the handshake; the cheap flood (a hello and a key
   exchange message computed once, then hanging up); wrong codes; all of them at once. Under
   each: Ann's action round trip (her action to her own update), the time a person with the
   code takes to join, and the time Rob takes to get his seat back. Then wrong codes from
   240 addresses for a while: the codes the table judges a second, from any number of
   addresses. The attacker runs at the lowest priority (`--attacker-nice 19`): on the
   internet it works on machines of its own, not the table's. Bars: joins within 3 s,
   round trips under 20 ms at the 99th percentile.
"""

from __future__ import annotations

import argparse
import collections
import contextlib
import dataclasses
import functools
import json
import os
import queue
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, Final, Protocol

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))

from cribbage.computer import Computer
from cribbage.match import MatchConfig
from cribbage.net.client import RemoteTable
from cribbage.net.codes import new_code
from cribbage.net.host import FLOOD_MESSAGES, Host
from cribbage.rules import GameConfig
from cribbage.tables import Closed, News, Refused, Update
from cribbage.tables.news import Inbox
from cribbage.view import MatchView
from net_attacks import SOURCES, Attack, Attacker

LOOPBACK: Final = "127.0.0.1"
LEVEL: Final = "easy"
"""The computer that chooses the players' actions (and would take an empty seat)."""
RATE: Final = FLOOD_MESSAGES - 10
"""The most messages a player sends in any second: under the table's limit, with room for
the heartbeat's answers."""
WAIT: Final = 30.0
"""Nothing heard for this long, while news is due, is an error (a stuck table)."""


def clock() -> float:
    """Seconds on the system's monotonic clock, which every process reads alike (so a
    player's process and this one can be compared)."""
    return time.clock_gettime(time.CLOCK_MONOTONIC)


@dataclass(frozen=True)
class Kind:
    """A kind of table: its rules, as `GameConfig` and as the command's options."""

    name: str
    players: int = 2
    partners: bool = False
    five_card: bool = False
    target: int = 61

    def config(self) -> GameConfig:
        return GameConfig(
            target=self.target,
            players=self.players,
            partners=self.partners,
            five_card=self.five_card,
        )

    def options(self) -> list[str]:
        found = ["--players", str(self.players), "--game", str(self.target)]
        if self.partners:
            found.append("--partners")
        if self.five_card:
            found.append("--five-card")
        return found


ENDURANCE: Final = (
    Kind("two-handed"),
    Kind("three-handed", players=3),
    Kind("partners", players=4, partners=True),
    Kind("five-card", five_card=True),
)
LATENCY: Final = Kind("four-handed", players=4, target=121)
MEMORY: Final = Kind("three-handed", players=3, target=121)


class BenchError(Exception):
    """Something went wrong at a table: counted as an error."""


# -- the host


class Served:
    """An open table: its port, and its process when it has one of its own."""

    def __init__(
        self, port: int, process: subprocess.Popen[bytes] | None = None, out: Path | None = None
    ) -> None:
        self.port = port
        self.process = process
        self.out = out
        """Where the host process's output goes."""

    def faults(self) -> list[str]:
        """The lines of the host process's output that tell of an exception."""
        if self.out is None:
            return []
        lines = self.out.read_text(errors="replace").splitlines()
        return [line for line in lines if "Traceback" in line or "xception" in line]

    def cpu(self) -> float | None:
        """The CPU time the host process has used, in seconds (None: the host is in this
        process)."""
        if self.process is None:
            return None
        with open(f"/proc/{self.process.pid}/stat") as stat:
            fields = stat.read().rpartition(")")[2].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")

    def memory(self) -> dict[str, int]:
        """The host process's VmRSS and VmHWM, in KiB (empty in this process's host)."""
        if self.process is None:
            return {}
        found: dict[str, int] = {}
        with open(f"/proc/{self.process.pid}/status") as status:
            for line in status:
                name, _, value = line.partition(":")
                if name in ("VmRSS", "VmHWM"):
                    found[name] = int(value.split()[0])
        return found

    def ended(self, seconds: float) -> int | None:
        """The host process's exit status once it has ended by itself, waiting at most
        `seconds`; None when it is still running (or the host is in this process)."""
        if self.process is None:
            return None
        try:
            return self.process.wait(seconds)
        except subprocess.TimeoutExpired:
            return None


@contextlib.contextmanager
def table(kind: Kind, code: str, *, in_process: bool, seed: int) -> Iterator[Served]:
    """A headless table of `kind`, open on the loopback at a port the system gives, closed
    (its process ended) on the way out, whatever happened."""
    if in_process:
        host = Host(
            kind.config(),
            MatchConfig(),
            level=LEVEL,
            own_name=None,
            code=code,
            bind=LOOPBACK,
            port=0,
            seed=seed,
        )
        _, port = host.open()
        try:
            yield Served(port)
        finally:
            host.close()
        return
    with tempfile.TemporaryDirectory(prefix="bench-net-") as home:
        out = Path(home) / "host.out"
        command = [sys.executable, "-m", "cribbage", "--host", "--headless", *kind.options()]
        command += ["--level", LEVEL, "--bind", LOOPBACK, "--port", "0", "--code", code]
        command += ["--seed", str(seed)]
        env = {**os.environ, "CRIBBAGE_HOME": home}
        with open(out, "wb") as stdout:
            process = subprocess.Popen(
                command, stdin=subprocess.DEVNULL, stdout=stdout, stderr=subprocess.STDOUT, env=env
            )
        try:
            yield Served(_port(out, process), process, out)
        finally:
            if process.poll() is None:
                process.send_signal(signal.SIGTERM)
                try:
                    process.wait(10)
                except subprocess.TimeoutExpired:
                    process.kill()
                    process.wait()


def _port(out: Path, process: subprocess.Popen[bytes]) -> int:
    """The port the host process says to join at (it prints `Join with: ... HOST:PORT`)."""
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        for line in out.read_text(errors="replace").splitlines():
            if "cribbage --join " in line:  # the line may be "Join with:" alone, then this
                address = line.split("--join ")[1].split()[0]
                return int(address.rpartition(":")[2])
        if process.poll() is not None:
            raise BenchError(f"The host ended at once: {out.read_text(errors='replace')[:500]}")
        time.sleep(0.02)
    raise BenchError("The host did not say where to join in 20 seconds.")


# -- the players


class StampedQueue(queue.Queue[News]):
    """A player's queue of news that notes when each piece came (`clock()`, in the
    player's network thread as it puts it in); `stamp` is that of the last one taken."""

    def __init__(self) -> None:
        super().__init__()
        self.stamps: collections.deque[float] = collections.deque()
        self.stamp = 0.0

    def _put(self, item: News) -> None:
        self.stamps.append(clock())
        super()._put(item)

    def _get(self) -> News:
        self.stamp = self.stamps.popleft()
        return super()._get()


class Pacer:
    """Keeps a player's messages within `RATE` in any second, as the table asks."""

    def __init__(self) -> None:
        self.sent: collections.deque[float] = collections.deque()

    def wait(self) -> None:
        now = time.monotonic()
        while self.sent and self.sent[0] <= now - 1:
            self.sent.popleft()
        if len(self.sent) >= RATE:
            time.sleep(self.sent[0] + 1 - now)
        self.sent.append(time.monotonic())


@dataclass
class Player:
    """A `RemoteTable` played by the computer, with its stamped news and its pace."""

    table: RemoteTable
    news: StampedQueue
    computer: Computer
    pacer: Pacer = field(default_factory=Pacer)

    def send(self, call: Callable[[], None]) -> None:
        self.pacer.wait()
        call()

    def update(self, wait: float = WAIT) -> tuple[Update, float]:
        """The next `update` and when it came, passing over the news about people.

        Raises:
            BenchError: a refusal, the connection lost, or nothing for `wait` seconds.
        """
        deadline = time.monotonic() + wait
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                raise BenchError(f"{self.table.name} heard nothing for {wait:.0f} seconds.")
            news = self.table.news(left)
            if isinstance(news, Update):
                return news, self.news.stamp
            if isinstance(news, Refused | Closed):
                raise BenchError(f"{self.table.name}: {type(news).__name__}: {news.text}")


def join(port: int, code: str, name: str, seed: int) -> Player:
    """A player joined at the table's next free seat, its news stamped as it comes."""
    remote = RemoteTable(LOOPBACK, port, code=code, name=name)
    stamped = StampedQueue()
    remote.inbox = Inbox(stamped)  # the benchmark's own clock on arrivals
    player = Player(remote, stamped, Computer(LEVEL, seed))
    remote.join()
    return player


def seat_players(port: int, code: str, players: int, seed: int) -> list[Player]:
    """`players` players joined at the table, each at the next free seat."""
    seated: list[Player] = []
    try:
        for n in range(players):
            seated.append(join(port, code, f"Player {n + 1}", seed + n))
    except BaseException:
        leave(seated)
        raise
    return seated


def leave(players: list[Player]) -> None:
    for player in players:
        player.table.leave()


# -- 1. latency


@dataclass(frozen=True)
class Heard:
    """An `update` as one player heard it."""

    by: int | None
    """Whose action it was, in the player's frame (0: the player's own)."""
    came: float
    """`clock()` when it was in the player's news."""
    turn: bool
    over: bool


class Seat(Protocol):
    """A player the latency run drives, one action at a time."""

    seat: int
    """The player's seat, as the table numbers it."""

    def start(self) -> None: ...
    def again(self) -> None: ...
    def heard(self) -> Heard:
        """The next `update` (`BenchError`: a refusal, a lost connection, a silence)."""
        ...

    def act(self) -> float:
        """Send the computer's action now; `clock()` as it was sent."""
        ...

    def close(self) -> None: ...


class NearSeat:
    """A player in a thread of this process."""

    def __init__(self, player: Player) -> None:
        self.player = player
        self.view: MatchView | None = None
        assert player.table.seat is not None
        self.seat = player.table.seat

    def start(self) -> None:
        self.player.send(self.player.table.start)

    def again(self) -> None:
        self.player.send(self.player.table.again)

    def heard(self) -> Heard:
        update, came = self.player.update()
        self.view = update.match
        return Heard(update.by, came, update.match.game.my_turn, update.match.over)

    def act(self) -> float:
        assert self.view is not None
        action = self.player.computer.act(self.view.game)
        self.player.pacer.wait()
        sent = clock()
        self.player.table.act(action)
        return sent

    def close(self) -> None:
        self.player.table.leave()


class ApartSeat:
    """A player in a process of its own (this script with `--player`), told what to do and
    telling what it heard in lines of JSON."""

    def __init__(self, port: int, code: str, name: str, seed: int) -> None:
        command = [sys.executable, __file__, "--player", str(port), code, name, str(seed)]
        self.process = subprocess.Popen(
            command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1
        )
        self.lines: dict[str, queue.Queue[dict[str, Any]]] = {
            key: queue.Queue() for key in ("seat", "came", "sent")
        }
        self.reader = threading.Thread(target=self._read, daemon=True)
        self.reader.start()
        try:
            self.seat: int = self._said("seat")["seat"]
        except BaseException:
            self.close()
            raise

    def _read(self) -> None:
        """Sort the player's lines by what they say (an error goes everywhere)."""
        assert self.process.stdout is not None
        for text in self.process.stdout:
            line = json.loads(text)
            for key, lines in self.lines.items():
                if key in line or "error" in line:
                    lines.put(line)
        for lines in self.lines.values():
            lines.put({"error": "the player's process ended"})

    def _said(self, key: str) -> dict[str, Any]:
        try:
            line = self.lines[key].get(timeout=WAIT)
        except queue.Empty:
            raise BenchError(f"a player said nothing for {WAIT:.0f} seconds") from None
        if "error" in line:
            raise BenchError(f"a player: {line['error']}")
        return line

    def _tell(self, command: str) -> None:
        assert self.process.stdin is not None
        self.process.stdin.write(command + "\n")
        self.process.stdin.flush()

    def start(self) -> None:
        self._tell("start")

    def again(self) -> None:
        self._tell("again")

    def heard(self) -> Heard:
        line = self._said("came")
        return Heard(line["by"], line["came"], line["turn"], line["over"])

    def act(self) -> float:
        self._tell("act")
        sent: float = self._said("sent")["sent"]
        return sent

    def close(self) -> None:
        with contextlib.suppress(OSError):
            self._tell("leave")
        try:
            self.process.wait(10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()


def serve_player(port: int, code: str, name: str, seed: int) -> int:
    """`--player`: one player in this process, driven by lines on standard input (`start`,
    `act`, `again`, `leave`); each update it hears and each action it sends is a line of
    JSON on standard output."""
    lock = threading.Lock()

    def say(line: dict[str, Any]) -> None:
        with lock:
            print(json.dumps(line), flush=True)

    player = join(port, code, name, seed)
    seat = NearSeat(player)

    def listen() -> None:
        try:
            while True:
                heard = seat.heard()
                say({"came": heard.came, "by": heard.by, "turn": heard.turn, "over": heard.over})
        except BenchError as err:
            say({"error": str(err)})

    say({"seat": player.table.seat})
    threading.Thread(target=listen, daemon=True).start()
    try:
        for line in sys.stdin:
            match line.strip():
                case "start":
                    seat.start()
                case "again":
                    seat.again()
                case "act":
                    say({"sent": seat.act()})
                case _:
                    break
    finally:
        player.table.leave()
    return 0


@dataclass
class Latency:
    others: list[float] = field(default_factory=list)
    """Milliseconds from an action to its update at each other player."""
    own: list[float] = field(default_factory=list)
    """Milliseconds from an action to its update at the player who acted."""
    matches: int = 0
    host_cpu: float | None = None
    """The host process's CPU time for each action, in milliseconds: all it does for it."""


def latency(seats: list[Seat], matches: int, pause: float, actions: int = 0) -> Latency:
    """Play `matches` matches (or `actions` actions, if fewer) one action at a time, timing
    each: after `pause` seconds, the first player whose turn it is acts, and every player
    hears the answer."""
    found = Latency()
    seats[0].start()
    heard = [seat.heard() for seat in seats]
    while True:
        if all(each.over for each in heard):
            found.matches += 1
            if found.matches == matches:
                return found
            for seat in seats:
                seat.again()
            heard = [seat.heard() for seat in seats]
            continue
        due = [n for n, each in enumerate(heard) if each.turn]
        if not due:
            raise BenchError("Nobody is to act, and the match is not over.")
        actor = due[0]
        time.sleep(pause)
        sent = seats[actor].act()
        for n, seat in enumerate(seats):
            each = seat.heard()
            while each.by is None:  # a step of the table's own, not this action's
                each = seat.heard()
            if each.by != (seats[actor].seat - seat.seat) % len(seats):
                raise BenchError("An update came for another action than the one sent.")
            heard[n] = each
            (found.own if n == actor else found.others).append(1000 * (each.came - sent))
        if len(found.own) == actions:
            return found


# -- 2. endurance


@dataclass
class Endurance:
    matches: int = 0
    errors: list[str] = field(default_factory=list)
    memory: list[tuple[str, int, int]] = field(default_factory=list)
    """Each table's kind and the host's VmRSS (KiB) after its first match and its last."""


MATCH_SECONDS: Final = 300.0
"""A match that has not ended after this long does not end: an error."""


def play(player: Player, matches: int, counted: list[int], errors: list[str]) -> None:
    """Play `matches` matches as the computer, free-running (the player's own thread): act
    when it is this player's turn and the answer to its last action has come, and ask for
    another match when one is over."""
    try:
        awaiting = False
        over = False
        done = 0
        deadline = time.monotonic() + MATCH_SECONDS
        while done < matches:
            if time.monotonic() > deadline:
                raise BenchError(f"a match did not end in {MATCH_SECONDS:.0f} seconds")
            update, _ = player.update()
            view = update.match
            if update.by == 0:
                awaiting = False
            if view.over:
                if not over:
                    done += 1
                    counted.append(1)
                    over = True
                    if done < matches:
                        player.send(player.table.again)
                continue
            if over:  # the next match has begun
                over = False
                deadline = time.monotonic() + MATCH_SECONDS
            if view.game.my_turn and not awaiting:
                action = player.computer.act(view.game)
                awaiting = True
                player.send(functools.partial(player.table.act, action))
    except Exception as err:  # every failure is counted, not raised
        errors.append(f"{player.table.name}: {type(err).__name__}: {err}")


def play_all(players: list[Player], matches: int, served: Served) -> tuple[int, list[str], int]:
    """Start the game and play `matches` matches with every player at once: the matches
    every player saw end, the errors, and the host's VmRSS (KiB) after the first match."""
    counted: list[int] = []
    errors: list[str] = []
    threads = [
        threading.Thread(target=play, args=(player, matches, counted, errors), daemon=True)
        for player in players
    ]
    players[0].send(players[0].table.start)
    for thread in threads:
        thread.start()
    first = 0
    while any(thread.is_alive() for thread in threads):
        time.sleep(0.05)
        if not first and len(counted) >= len(players):
            first = served.memory().get("VmRSS", 0)
    return len(counted) // len(players), errors, first


def endure(number: int, kind: Kind, matches: int, *, in_process: bool, seed: int) -> Endurance:
    """Table `number`: `matches` matches of `kind`, then everyone leaves; every fault is
    an error, and so is a host that does not close by itself or that wrote a traceback."""
    found = Endurance()
    code = new_code()
    try:
        with table(kind, code, in_process=in_process, seed=seed) as served:
            players = seat_players(served.port, code, kind.players, seed)
            try:
                played, errors, first = play_all(players, matches, served)
                last = served.memory().get("VmRSS", 0)
            finally:
                leave(players)
            found.matches = played
            found.errors += errors
            if served.process is not None:
                found.memory.append((kind.name, first, last))
                status = served.ended(10)
                if status != 0:
                    found.errors.append(
                        f"the host did not close by itself once everyone had left ({status})"
                    )
                found.errors += [f"the host wrote: {line}" for line in served.faults()]
    except Exception as err:  # every failure is counted
        found.errors.append(f"{type(err).__name__}: {err}")
    found.errors = [f"table {number} ({kind.name}): {error}" for error in found.errors]
    return found


def endurance(
    games: int, per_table: int, parallel: int, *, in_process: bool, seed: int, progress: bool
) -> Endurance:
    """`games` matches on tables of each kind in turn, `per_table` a table, `parallel`
    tables at once."""
    counts = [per_table] * (games // per_table) + ([games % per_table] if games % per_table else [])
    kinds = [ENDURANCE[n % len(ENDURANCE)] for n in range(len(counts))]
    found = Endurance()

    def one(number: int) -> Endurance:
        result = endure(
            number + 1, kinds[number], counts[number], in_process=in_process, seed=seed + number
        )
        if progress:
            print(
                f"  table {number + 1} ({kinds[number].name}): {result.matches} matches, "
                f"{len(result.errors)} errors",
                flush=True,
            )
        return result

    with ThreadPoolExecutor(max_workers=parallel) as pool:
        for result in pool.map(one, range(len(counts))):
            found.matches += result.matches
            found.errors += result.errors
            found.memory += result.memory
    return found


# -- 3. memory


def memory(kind: Kind, seed: int) -> list[tuple[str, int]]:
    """The host process's memory as a match of `kind` (three players) is played at it."""
    code = new_code()
    figures: list[tuple[str, int]] = []
    with table(kind, code, in_process=False, seed=seed) as served:
        time.sleep(0.5)
        figures.append(("open, nobody seated", served.memory()["VmRSS"]))
        players = seat_players(served.port, code, kind.players, seed)
        try:
            time.sleep(0.5)
            figures.append(("three players seated", served.memory()["VmRSS"]))
            _, errors, _ = play_all(players, 1, served)
            if errors:
                raise BenchError("; ".join(errors))
            time.sleep(0.5)
            after = served.memory()
            figures.append(("after a whole match", after["VmRSS"]))
            figures.append(("peak (VmHWM)", after["VmHWM"]))
        finally:
            leave(players)
    return figures


# -- 4. attack

ATTACKS: Final = (
    ("no attack", Attack()),
    ("200 connections idle", Attack(idle=200)),
    ("200 connections trickling a byte a second", Attack(trickle=200)),
    ("200 connections stopped half-way", Attack(half=200)),
    ("the cheap flood, 320 a second", Attack(flood=20.0)),
    ("wrong codes, 32 a second", Attack(wrong=2.0)),
    ("all of these at once", Attack(idle=70, trickle=65, half=65, flood=20.0, wrong=2.0)),
)
"""Each attack, from the sixteen addresses (floods and wrong codes: per address)."""
MANY: Final = tuple(f"127.1.{n // 250}.{n % 250 + 1}" for n in range(240))
"""Addresses enough that the door's limit in all, not its penalties, sets the pace."""
UNDER_WAY: Final = 2.0
"""Seconds an attack runs before anything is timed."""


@dataclass
class Pressed:
    """What one attack did to the table: milliseconds of each round trip, seconds of each
    join and each seat taken back, and the attacker's own account."""

    trips: list[float] = field(default_factory=list)
    joins: list[float] = field(default_factory=list)
    returns: list[float] = field(default_factory=list)
    tally: dict[str, Any] = field(default_factory=dict)


class Attacking:
    """An attack in a process of its own (this script with `--attacker`), so that its work
    does not slow the players' threads here, at the lower priority `nice` (an attacker on
    the internet works on a machine of its own, not the table's); stopped by closing its
    standard input."""

    def __init__(self, port: int, attack: Attack, nice: int = 0) -> None:
        settings = {**dataclasses.asdict(attack), "nice": nice}
        command = [sys.executable, __file__, "--attacker", str(port), json.dumps(settings)]
        self.process = subprocess.Popen(
            command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True
        )
        assert self.process.stdout is not None
        if self.process.stdout.readline().strip() != "ready":
            raise BenchError("The attacker did not start.")

    def stop(self) -> dict[str, Any]:
        """Stop the attack; what it did."""
        try:
            said, _ = self.process.communicate("", timeout=60)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
            return {}
        tally: dict[str, Any] = json.loads(said.strip().splitlines()[-1])
        return tally


def serve_attacker(port: int, settings: str) -> int:
    """`--attacker`: run the attack `settings` (JSON of an `Attack`) on the table at `port`
    until standard input ends, then print what it did as a line of JSON."""
    fields = json.loads(settings)
    fields["sources"] = tuple(fields.pop("sources"))
    nice = fields.pop("nice")
    if nice and hasattr(os, "nice"):
        os.nice(nice)
    with Attacker(port, Attack(**fields)) as attacker:
        print("ready", flush=True)
        sys.stdin.read()
    print(json.dumps(dataclasses.asdict(attacker.tally)), flush=True)
    return 0


def timed_join(port: int, code: str, name: str, **options: Any) -> tuple[float, RemoteTable]:
    """Seconds a join took (the connection, the handshake and the welcome), and the table."""
    remote = RemoteTable(LOOPBACK, port, code=code, name=name, **options)
    began = time.perf_counter()
    remote.join()
    return time.perf_counter() - began, remote


def round_trips(ann: Player, actions: int, seconds: float) -> list[float]:
    """Ann's `actions` next actions (or as many as `seconds` allow), each timed from the
    moment it is sent to her own update: milliseconds."""
    trips: list[float] = []
    deadline = time.monotonic() + seconds
    view = ann.table.last
    while len(trips) < actions and time.monotonic() < deadline:
        if view is not None and view.over:  # another match, to time more actions
            ann.send(ann.table.again)
            view = None
        if view is None or not view.game.my_turn:
            update, _ = ann.update()
            view = update.match
            continue
        action = ann.computer.act(view.game)
        ann.pacer.wait()
        sent = clock()
        ann.table.act(action)
        while True:
            update, came = ann.update()
            if update.by == 0:
                trips.append(1000 * (came - sent))
                view = update.match
                break
    return trips


def press(attack: Attack, args: argparse.Namespace, seed: int) -> Pressed:
    """A fresh table with a game going, attacked; what the players met meanwhile."""
    code = new_code()
    found = Pressed()
    kind = Kind("two-handed", target=121)
    with table(kind, code, in_process=False, seed=seed) as served:
        ann = join(served.port, code, "Ann", seed)
        rob = join(served.port, code, "Rob", seed + 1)
        try:
            ann.send(ann.table.start)
            ann.update()
            ticket = rob.table.ticket
            rob.table.leave()
            attacking = Attacking(served.port, attack, args.attacker_nice)
            try:
                time.sleep(UNDER_WAY)
                ann.send(functools.partial(ann.table.give, 1))  # the computer plays for Rob
                found.trips = round_trips(ann, args.attack_actions, 120)
                for n in range(args.attack_joins):
                    took, watcher = timed_join(served.port, code, f"Fay {n}", watch=True)
                    watcher.leave()
                    found.joins.append(took)
                for _ in range(args.attack_joins):
                    took, back = timed_join(
                        served.port, code, "Rob", tickets=() if ticket is None else (ticket,)
                    )
                    if back.seat != 1:
                        raise BenchError("Rob did not get his seat back.")
                    back.leave()
                    found.returns.append(took)
            finally:
                found.tally = attacking.stop()
        finally:
            ann.table.leave()
    return found


def judged_a_second(seconds: float, seed: int, nice: int) -> tuple[float, dict[str, Any]]:
    """Wrong codes from 240 addresses for `seconds`: the codes the table judged a second."""
    code = new_code()
    with table(Kind("two-handed"), code, in_process=False, seed=seed) as served:
        attacking = Attacking(served.port, Attack(wrong=0.2, sources=MANY), nice)
        began = time.perf_counter()
        time.sleep(seconds)
        tally = attacking.stop()
        return tally.get("judged", 0) / (time.perf_counter() - began), tally


def report_attack(args: argparse.Namespace) -> None:
    attacks: tuple[tuple[str, Attack], ...] = (
        ATTACKS if not args.quick else (ATTACKS[0], ATTACKS[-1])
    )
    if args.attacks:
        attacks = tuple(ATTACKS[int(n)] for n in args.attacks.split(","))
    for number, (name, attack) in enumerate(attacks):
        found = press(attack, args, args.seed + 10 * number)
        trips, tally = found.trips, found.tally
        print(
            f"attack: {name} (from {len(SOURCES)} addresses): Ann's round trip median "
            f"{statistics.median(trips):.2f} ms, 99th percentile {percentile(trips, 0.99):.2f} "
            f"ms, slowest {max(trips):.2f} ms ({len(trips)} actions); a join "
            f"{statistics.median(found.joins):.2f} s, slowest {max(found.joins):.2f} s; Rob "
            f"back {statistics.median(found.returns):.2f} s, slowest {max(found.returns):.2f} "
            f"s; the attacker opened {tally.get('opened', 0):,} connections, flooded "
            f"{tally.get('floods', 0):,}, had {tally.get('judged', 0):,} wrong codes judged "
            f"and {tally.get('turned_away', 0):,} turned away",
            flush=True,
        )
    rate, tally = judged_a_second(args.guess_seconds, args.seed, args.attacker_nice)
    print(
        f"attack: wrong codes from {len(MANY)} addresses for {args.guess_seconds:.0f} s: "
        f"{rate:.2f} codes judged a second ({tally.get('judged', 0):,} in all, "
        f"{tally.get('turned_away', 0):,} told to wait or that the table was busy)",
        flush=True,
    )


# -- the report


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(share * len(ordered)) - 1))]


def run_latency(args: argparse.Namespace, run: int) -> Latency:
    """One latency run: a fresh four-handed table and four players."""
    code = new_code()
    seed = args.seed + 100 * run
    with table(LATENCY, code, in_process=args.in_process, seed=seed) as served:
        seats: list[Seat] = []
        try:
            for n in range(LATENCY.players):
                name = f"Player {n + 1}"
                if args.players_here:
                    seats.append(NearSeat(join(served.port, code, name, seed + n)))
                else:
                    seats.append(ApartSeat(served.port, code, name, seed + n))
            before = served.cpu()
            found = latency(seats, args.latency_games, args.pause, args.actions)
            after = served.cpu()
            if before is not None and after is not None:
                found.host_cpu = 1000 * (after - before) / len(found.own)
            return found
        finally:
            for seat in seats:
                seat.close()


def report_latency(args: argparse.Namespace) -> None:
    players = "threads of this process" if args.players_here else "each in its own process"
    figures: list[tuple[float, float, float]] = []
    for run in range(args.runs):
        found = run_latency(args, run)
        others = found.others
        figures.append(
            (statistics.median(others), percentile(others, 0.90), percentile(others, 0.99))
        )
        median, p90, p99 = figures[-1]
        print(
            f"latency run {run + 1}: {len(found.own)} actions in {found.matches} four-handed "
            f"matches to 121, {len(others)} updates at the other players: median "
            f"{median:.2f} ms, 90th percentile {p90:.2f} ms, 99th {p99:.2f} ms; the actor's "
            f"own round trip, median {statistics.median(found.own):.2f} ms",
            flush=True,
        )
        if found.host_cpu is not None:
            print(
                f"  the host's CPU time for an action (reading it, four views, the save, the "
                f"printed lines): {found.host_cpu:.2f} ms; load average now "
                f"{os.getloadavg()[0]:.2f}",
                flush=True,
            )
    median, p90, p99 = (statistics.median(run[n] for run in figures) for n in range(3))
    print(
        f"latency, an action to its update at each other player (players {players}, "
        f"{args.pause * 1000:.0f} ms between actions; the median of {args.runs} runs' "
        f"figures): median {median:.2f} ms (bar 5), 90th percentile {p90:.2f} ms, "
        f"99th {p99:.2f} ms (bar 20)",
        flush=True,
    )


def report_endurance(args: argparse.Namespace) -> bool:
    """Play and print; True when every match was played without an error."""
    started = time.perf_counter()
    stood = endurance(
        args.games,
        args.per_table,
        args.parallel,
        in_process=args.in_process,
        seed=args.seed,
        progress=not args.quick,
    )
    wall = time.perf_counter() - started
    kinds = ", ".join(kind.name for kind in ENDURANCE)
    print(
        f"endurance: {stood.matches} of {args.games} matches of one game to 61 played, "
        f"{len(stood.errors)} errors, wall time {wall:.1f} s ({kinds} in turn, at most "
        f"{args.per_table} matches a table, {args.parallel} tables at once)",
        flush=True,
    )
    for kind, first, last in stood.memory:
        print(
            f"  host memory (VmRSS) at the {kind} table: {first / 1024:.1f} MiB after its "
            f"first match, {last / 1024:.1f} MiB after its last",
            flush=True,
        )
    for error in stood.errors[:20]:
        print(f"  error: {error}", flush=True)
    return not stood.errors and stood.matches == args.games


def report_memory(args: argparse.Namespace) -> None:
    kind = replace(MEMORY, target=61) if args.quick else MEMORY
    for what, kib in memory(kind, args.seed):
        print(
            f"host memory (VmRSS), {kind.name} table to {kind.target}, {what}: "
            f"{kib / 1024:.1f} MiB",
            flush=True,
        )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--part", default="latency,endurance,memory,attack", help="which to run")
    parser.add_argument("--latency-games", type=int, default=4, help="matches timed (to 121)")
    parser.add_argument("--runs", type=int, default=3, help="latency runs, a fresh table each")
    parser.add_argument(
        "--actions", type=int, default=0, help="at most this many actions a latency run"
    )
    parser.add_argument(
        "--pause", type=float, default=0.05, help="seconds between actions while timed"
    )
    parser.add_argument(
        "--players-here",
        action="store_true",
        help="the timed players in threads of this process, not each in its own",
    )
    parser.add_argument("--games", type=int, default=1000, help="endurance matches")
    parser.add_argument("--per-table", type=int, default=250, help="endurance matches a table")
    parser.add_argument("--parallel", type=int, default=4, help="endurance tables at once")
    parser.add_argument("--in-process", action="store_true", help="the host in this process")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--quick", action="store_true", help="a tiny run of each part (2 matches, 1 timed)"
    )
    parser.add_argument(
        "--attack-actions", type=int, default=500, help="Ann's actions timed under each attack"
    )
    parser.add_argument(
        "--attack-joins", type=int, default=10, help="joins, and seats taken back, timed"
    )
    parser.add_argument(
        "--guess-seconds", type=float, default=60.0, help="how long wrong codes are timed"
    )
    parser.add_argument(
        "--attacks", default="", help="which attacks, by their number from 0 (default: all)"
    )
    parser.add_argument(
        "--attacker-nice",
        type=int,
        default=19,
        help="the attacking process's priority, as nice(1) sets it (0: the players' own)",
    )
    parser.add_argument("--player", nargs=4, help=argparse.SUPPRESS)
    parser.add_argument("--attacker", nargs=2, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.attacker:
        return serve_attacker(int(args.attacker[0]), args.attacker[1])
    if args.player:
        port, code, name, seed = args.player
        return serve_player(int(port), code, name, int(seed))
    if args.quick:
        args.latency_games, args.runs, args.pause, args.actions = 1, 1, 0.0, 12
        args.games, args.per_table, args.parallel = 2, 1, 2
        args.attack_actions, args.attack_joins, args.guess_seconds = 10, 2, 5.0
    parts = set(args.part.split(","))
    where = "a thread of this process" if args.in_process else "its own process"
    print(
        f"python {sys.version.split()[0]}, {os.cpu_count()} cores, "
        f"load average {os.getloadavg()[0]:.2f}; the host in {where}; "
        f"players: RemoteTable, the {LEVEL} computer choosing",
        flush=True,
    )
    failed = False
    if "latency" in parts:
        report_latency(args)
    if "endurance" in parts:
        failed = not report_endurance(args)
    if "memory" in parts:
        report_memory(args)
    if "attack" in parts:
        report_attack(args)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
