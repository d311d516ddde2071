"""Attacks on a table's door from many addresses of the loopback (127.0.0.2 and up), as a
stranger without the code would make them, for `test_net_door.py` and
`benchmarks/bench_net.py --part attack`. Not a test module itself.

An `Attacker` runs in a thread of its own with its own event loop, until stopped:

* connections held open, re-opened as soon as the table closes them: saying nothing
  (`idle`), sending their hello a byte a second (`trickle`), or stopping half-way through
  the handshake, after the hellos or after sending the key exchange message (`half`);
* the cheap flood (`flood`, connections a second from each address): a hello and a key
  exchange message computed once, then hanging up at once, with no arithmetic of the
  attacker's own and no guess ever judged;
* wrong codes (`wrong`, tries a second from each address): whole handshakes with a code
  drawn at random.

Everything it does is counted (`Tally`), so that a test can wait for the attack to be under
way and a benchmark can say how hard it pressed.
"""

from __future__ import annotations

import asyncio
import base64
import contextlib
import json
import threading
from dataclasses import dataclass, field
from typing import Final

from spake2 import SPAKE2_Symmetric

from cribbage.net.channel import ChannelError, WrongCode, hello, join_handshake
from cribbage.net.codes import new_code

__all__ = ["SOURCES", "Attack", "Attacker", "Tally"]

SOURCES: Final = tuple(f"127.0.0.{n}" for n in range(2, 18))
"""Sixteen addresses of the loopback, none of them the address the friends use (127.0.0.1)."""
TABLE: Final = "127.0.0.1"


@dataclass(frozen=True)
class Attack:
    """How hard to press: connections held open in all (`idle`, `trickle`, `half`, shared
    among the sources), and per source and second, floods and wrong codes."""

    idle: int = 0
    trickle: int = 0
    half: int = 0
    flood: float = 0.0
    wrong: float = 0.0
    sources: tuple[str, ...] = SOURCES


@dataclass
class Tally:
    """What the attack did: connections opened, closed by the table, refused or reset at
    once; floods sent; wrong codes judged (the table said so) and refused unjudged."""

    opened: int = 0
    closed: int = 0
    refused: int = 0
    floods: int = 0
    judged: int = 0
    turned_away: int = 0
    held: int = 0
    """Connections open now."""
    errors: list[str] = field(default_factory=list)


def _frame(value: dict[str, object]) -> bytes:
    data = json.dumps(value).encode()
    return len(data).to_bytes(4, "big") + data


_HELLO: Final = _frame(hello())
_PAKE: Final = _frame(
    {
        "pake": base64.b64encode(
            SPAKE2_Symmetric(b"a guess", idSymmetric=b"cribbage table").start()
        ).decode()
    }
)
"""A key exchange message made once: the flood sends it again and again, with no arithmetic."""


class Attacker:
    """An attack on the table at `port` (see the module's description)."""

    def __init__(self, port: int, attack: Attack) -> None:
        self.port = port
        self.attack = attack
        self.tally = Tally()
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self._run, name="attacker", daemon=True)
        self._stopping: asyncio.Event | None = None
        self._ready = threading.Event()

    def __enter__(self) -> Attacker:
        self.start()
        return self

    def __exit__(self, *_: object) -> None:
        self.stop()

    def start(self) -> None:
        self.thread.start()
        self._ready.wait(10)

    def stop(self) -> None:
        """Stop every attack, close every connection, and end the thread."""
        if self._stopping is not None and not self.loop.is_closed():
            with contextlib.suppress(RuntimeError):
                self.loop.call_soon_threadsafe(self._stopping.set)
        self.thread.join(30)

    def _run(self) -> None:
        asyncio.set_event_loop(self.loop)
        try:
            self.loop.run_until_complete(self._attack())
        finally:
            self.loop.close()

    async def _attack(self) -> None:
        self._stopping = asyncio.Event()
        attack = self.attack
        sources = attack.sources
        kinds = ["idle"] * attack.idle + ["trickle"] * attack.trickle + ["half"] * attack.half
        tasks = [
            asyncio.create_task(self._hold(kind, sources[n % len(sources)], n))
            for n, kind in enumerate(kinds)
        ]
        for source in sources:
            if attack.flood:
                tasks.append(
                    asyncio.create_task(self._every(1 / attack.flood, self._flood, source))
                )
            if attack.wrong:
                tasks.append(
                    asyncio.create_task(self._every(1 / attack.wrong, self._wrong, source))
                )
        self._ready.set()
        await self._stopping.wait()
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)

    async def _open(self, source: str) -> tuple[asyncio.StreamReader, asyncio.StreamWriter] | None:
        try:
            reader, writer = await asyncio.open_connection(TABLE, self.port, local_addr=(source, 0))
        except OSError:
            self.tally.refused += 1
            return None
        self.tally.opened += 1
        return reader, writer

    async def _hold(self, kind: str, source: str, number: int) -> None:
        """Keep one connection of `kind` open, opening another as soon as it is closed."""
        while True:
            opened = await self._open(source)
            if opened is None:
                await asyncio.sleep(0.05)
                continue
            reader, writer = opened
            self.tally.held += 1
            try:
                if kind == "trickle":
                    for byte in _HELLO:
                        writer.write(bytes([byte]))
                        await writer.drain()
                        if await _closed(reader, 1.0):
                            break
                else:
                    if kind == "half":
                        writer.write(_HELLO + (_PAKE if number % 2 else b""))
                    await reader.read()  # until the table closes it (what it says is dropped)
                    while await reader.read(4096):
                        pass
            except (OSError, asyncio.IncompleteReadError):
                pass
            finally:
                self.tally.held -= 1
                self.tally.closed += 1
                writer.close()

    async def _every(self, seconds: float, attack: object, source: str) -> None:
        """Run `attack(source)` every `seconds`, each try on its own."""
        assert callable(attack)
        running: set[asyncio.Task[None]] = set()
        try:
            while True:
                task = asyncio.create_task(attack(source))
                running.add(task)
                task.add_done_callback(running.discard)
                await asyncio.sleep(seconds)
        finally:
            for task in running:
                task.cancel()

    async def _flood(self, source: str) -> None:
        """A hello and a key exchange message, then hang up at once."""
        opened = await self._open(source)
        if opened is None:
            return
        _, writer = opened
        with contextlib.suppress(OSError):
            writer.write(_HELLO + _PAKE)
            await writer.drain()
        writer.transport.abort()
        self.tally.floods += 1

    async def _wrong(self, source: str) -> None:
        """A whole handshake with a code drawn at random."""
        opened = await self._open(source)
        if opened is None:
            return
        reader, writer = opened
        try:
            async with asyncio.timeout(15):
                await join_handshake(reader, writer, new_code())
        except WrongCode:
            self.tally.judged += 1
        except ChannelError:  # told to wait, or that the table is busy
            self.tally.turned_away += 1
        except (OSError, asyncio.IncompleteReadError, TimeoutError):
            self.tally.closed += 1
        finally:
            writer.close()


async def _closed(reader: asyncio.StreamReader, seconds: float) -> bool:
    """True when the table closes the connection within `seconds`."""
    try:
        async with asyncio.timeout(seconds):
            return await reader.read(4096) == b""
    except TimeoutError:
        return False
