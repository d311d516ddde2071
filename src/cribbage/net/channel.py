"""The connection between a player and a table: a handshake keyed by the join code, then
messages in authenticated encryption.

On the wire everything is a frame: four bytes of length (big-endian), then that many bytes.

1. Hello (plain JSON, each way, the player first): the program and the protocol version.
   Tables of another protocol version refuse each other here, with a sentence.
2. Key exchange (plain JSON, each way): a SPAKE2 message keyed by the join code
   (`spake2.SPAKE2_Symmetric`, as magic-wormhole does). The player's comes first; the table
   answers once its door gives the connection its turn (`cribbage.net.door`: a few key
   exchanges a second in all, and none for a source still paying for wrong tries), or
   refuses it in a sentence. Each side ends with a key that matches the other's only when
   both used the same code; the code itself never crosses the wire, and someone who does not
   know it gets one guess per connection.
3. Key confirmation: from that key and a hash of everything said so far (the transcript),
   HKDF-SHA256 derives four keys: one to confirm the player, one to confirm the table, and
   one to encrypt each way. The player sends an HMAC-SHA256 of the transcript under its
   confirmation key; the table checks it (a wrong code is found here and counted) and
   answers with its own.
4. Messages: JSON objects, each encrypted with ChaCha20-Poly1305 under the key of its
   direction, with a counter as the nonce: a frame replayed, reordered, altered or dropped
   fails to decrypt, and the connection is closed.

Every frame has a size limit, checked before it is read: a handshake frame 1 KiB, a
message from a player 4 KiB, from the table 256 KiB.
"""

from __future__ import annotations

import asyncio
import base64
import functools
import hashlib
import hmac
import json
import struct
from collections.abc import Awaitable, Callable
from concurrent.futures import Executor
from dataclasses import dataclass
from typing import Any, Final

from cryptography.exceptions import InvalidTag
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.ciphers.aead import ChaCha20Poly1305
from cryptography.hazmat.primitives.kdf.hkdf import HKDF
from spake2 import SPAKE2_Symmetric
from spake2.spake2 import DefaultParams, SPAKEError

from .. import __version__

__all__ = [
    "HANDSHAKE_LIMIT",
    "PLAYER_LIMIT",
    "PROTOCOL",
    "TABLE_LIMIT",
    "Channel",
    "ChannelError",
    "Refusal",
    "TooLarge",
    "VersionMismatch",
    "WrongCode",
    "hello",
    "join_handshake",
    "read_frame",
    "ready",
    "table_handshake",
    "write_frame",
]

PROTOCOL: Final = 2
"""The version of the protocol (docs/protocol.md); tables speak only their own."""
PROGRAM: Final = "cribbage"
HANDSHAKE_LIMIT: Final = 1024
PLAYER_LIMIT: Final = 4096
"""The largest frame a player may send (its messages are small: an action, a line of talk)."""
TABLE_LIMIT: Final = 256 * 1024
"""The largest frame a table may send (a view of the whole match, with every play)."""
_IDENTITY: Final = b"cribbage table"
_KEYS_INFO: Final = b"cribbage table keys v1"
_TICKET_LABEL: Final = b"cribbage seat ticket\0"
_NONCE_PREFIX: Final = b"\0\0\0\0"
_PAKE_BYTES: Final = 33
"""The length of a SPAKE2 message (its side's byte and a point)."""


class ChannelError(Exception):
    """The connection cannot go on; the text says why in a sentence."""


class TooLarge(ChannelError):
    """A frame over its size limit."""


class WrongCode(ChannelError):
    """The two sides used different join codes."""


class VersionMismatch(ChannelError):
    """The other side is another version of the program, or speaks another protocol."""


class Refusal(ChannelError):
    """The table turns a joiner away before the key exchange; the text says why, to them."""


def hello() -> dict[str, Any]:
    """What each side says first: the program, its version and the protocol's."""
    return {"program": PROGRAM, "version": __version__, "protocol": PROTOCOL}


async def read_frame(reader: asyncio.StreamReader, limit: int) -> bytes:
    """The next frame's bytes.

    Raises:
        TooLarge: the frame says it is longer than `limit`.
        asyncio.IncompleteReadError: the connection closed before a whole frame came.
    """
    header = await reader.readexactly(4)
    (length,) = struct.unpack(">I", header)
    if length > limit:
        raise TooLarge(f"A message of {length} bytes is over the limit of {limit}.")
    return await reader.readexactly(length)


def write_frame(writer: asyncio.StreamWriter, payload: bytes) -> None:
    """Queue one frame for sending."""
    writer.write(struct.pack(">I", len(payload)) + payload)


_NOT_SPOKEN: Final = "The other side does not speak the table's protocol."
_NOT_A_TABLE: Final = "The program there is not a cribbage table."


async def _read_json(reader: asyncio.StreamReader) -> tuple[dict[str, Any], bytes]:
    """The next handshake frame as a JSON object, with its bytes as they came."""
    data = await read_frame(reader, HANDSHAKE_LIMIT)
    try:
        value = json.loads(data)
    except (ValueError, UnicodeDecodeError, RecursionError):
        raise ChannelError(_NOT_SPOKEN) from None
    if not isinstance(value, dict):
        raise ChannelError(_NOT_SPOKEN)
    return value, data


def _refusal(value: dict[str, Any]) -> None:
    """Raise the other side's refusal, if `value` is one."""
    if "error" in value:
        text = value["error"]
        safe = text if isinstance(text, str) and text.isprintable() else "The other side refused."
        raise ChannelError(safe[:200])


def _write_json(writer: asyncio.StreamWriter, value: dict[str, Any]) -> None:
    write_frame(writer, json.dumps(value).encode())


def _b64(data: bytes) -> str:
    return base64.b64encode(data).decode()


def _bytes_field(value: dict[str, Any], name: str, size: int) -> bytes:
    text = value.get(name)
    if not isinstance(text, str) or len(text) > 4 * size:
        raise ChannelError(_NOT_SPOKEN)
    try:
        data = base64.b64decode(text, validate=True)
    except ValueError:
        raise ChannelError(_NOT_SPOKEN) from None
    if len(data) != size:
        raise ChannelError(_NOT_SPOKEN)
    return data


def check_hello(value: dict[str, Any]) -> None:
    """Return when `value` is the hello of this version of this program, speaking this
    protocol.

    Raises:
        VersionMismatch: another version of the program or of the protocol, in a sentence
            naming both versions of the program (a table and its players play by one
            program's rules, word for word).
        ChannelError: not this program's hello at all.
    """
    if value.get("program") != PROGRAM:
        raise ChannelError("The other side is not a cribbage table or player.")
    protocol, version = value.get("protocol"), value.get("version")
    if protocol != PROTOCOL or version != __version__:
        theirs = version if isinstance(version, str) and version.isprintable() else "?"
        raise VersionMismatch(
            f"The table and the player run different versions of cribbage ({theirs[:20]} "
            f"and {__version__}), which cannot play together: use the same version."
        )


@dataclass(frozen=True, slots=True)
class _Keys:
    confirm_player: bytes
    confirm_table: bytes
    to_table: bytes
    to_player: bytes
    transcript: bytes


def _keys(shared: bytes, transcript: bytes) -> _Keys:
    material = HKDF(algorithm=hashes.SHA256(), length=128, salt=transcript, info=_KEYS_INFO).derive(
        shared
    )
    return _Keys(material[:32], material[32:64], material[64:96], material[96:], transcript)


def _transcript(*parts: bytes) -> bytes:
    digest = hashlib.sha256(b"cribbage handshake\0")
    for part in parts:
        digest.update(struct.pack(">I", len(part)) + part)
    return digest.digest()


def _mac(key: bytes, transcript: bytes) -> bytes:
    return hmac.new(key, transcript, hashlib.sha256).digest()


class _Multiples:
    """SPAKE2's fixed point S, with its products by one code's scalar and by its negation
    worked out once: a stand-in for S that answers those two at once, and works out any
    other product as S itself does."""

    def __init__(self, password: bytes) -> None:
        params = DefaultParams
        scalar = params.group.password_to_scalar(password)
        self.point: Any = params.S
        self.known: dict[int, Any] = {n: self.point.scalarmult(n) for n in (scalar, -scalar)}

    def scalarmult(self, n: int) -> Any:
        found = self.known.get(n)
        return found if found is not None else self.point.scalarmult(n)


@functools.lru_cache(maxsize=8)
def _multiples(password: bytes) -> _Multiples:
    """S's products by `password`'s scalar, once a code (a table keeps one code at a time,
    and a player joins one table or two)."""
    return _Multiples(password)


class _SteadySPAKE2(SPAKE2_Symmetric):  # type: ignore[misc]  # spake2 is untyped
    """The symmetric SPAKE2 of the `spake2` package, every step its own, but for where the
    products of S by the code's scalar come from: worked out once a code (`_multiples`),
    not at every exchange. The package multiplies in pure Python, one doubling a bit of the
    number and one addition a bit set, so each exchange's time would tell a stranger who
    times the table something of the code (benchmarks/pake_timing.py); the other products
    of an exchange are by its own random number."""

    def my_blinding(self) -> _Multiples:
        return _multiples(self.pw)

    def my_unblinding(self) -> _Multiples:
        return _multiples(self.pw)


def _pake(code: str) -> SPAKE2_Symmetric:
    return _SteadySPAKE2(code.encode(), idSymmetric=_IDENTITY)


def ready(code: str) -> None:
    """Work out the products the key exchanges with `code` need, now (a table does when it
    opens and when it draws a new code), so that not even the first exchange takes longer
    for them."""
    _multiples(code.encode())


class Channel:
    """Messages, each a JSON object, in authenticated encryption over a stream.

    `send` and `receive` number their frames; a frame that does not decrypt as the next
    one expected ends the channel (`ChannelError`).
    """

    def __init__(
        self,
        reader: asyncio.StreamReader,
        writer: asyncio.StreamWriter,
        *,
        send_key: bytes,
        receive_key: bytes,
        receive_limit: int,
        transcript: bytes = b"",
    ) -> None:
        self.reader = reader
        self.writer = writer
        self._send = ChaCha20Poly1305(send_key)
        self._receive = ChaCha20Poly1305(receive_key)
        self._sent = 0
        self._received = 0
        self.receive_limit = receive_limit
        self.transcript = transcript
        """The hash of the handshake, the same on both sides and new on each connection."""

    def seat_proof(self, ticket: bytes) -> bytes:
        """What shows, on this connection alone, that its player holds the seat ticket
        `ticket`: the ticket itself never crosses the wire, and a proof seen on one
        connection is worth nothing on another."""
        return _mac(ticket, _TICKET_LABEL + self.transcript)

    @staticmethod
    def _nonce(counter: int) -> bytes:
        return _NONCE_PREFIX + counter.to_bytes(8, "big")

    def seal(self, message: dict[str, Any]) -> bytes:
        """The next frame's payload for `message` (counted: frames go in this order)."""
        data = json.dumps(message, separators=(",", ":")).encode()
        sealed = self._send.encrypt(self._nonce(self._sent), data, None)
        self._sent += 1
        return sealed

    def send(self, message: dict[str, Any]) -> None:
        """Queue `message` for sending."""
        write_frame(self.writer, self.seal(message))

    async def receive(self) -> Any:
        """The next message (any JSON value; the caller checks its shape).

        Raises:
            TooLarge: a frame over the limit.
            ChannelError: a frame that does not decrypt as the next one (replayed,
                reordered or altered) or is not JSON.
            asyncio.IncompleteReadError: the other side closed the connection.
        """
        data = await read_frame(self.reader, self.receive_limit)
        return self.open(data)

    def open(self, data: bytes) -> Any:
        """The message in the next frame's payload `data`."""
        try:
            plain = self._receive.decrypt(self._nonce(self._received), data, None)
        except InvalidTag:
            raise ChannelError(
                "A message did not decrypt: it was altered, replayed or out of order."
            ) from None
        self._received += 1
        try:
            return json.loads(plain)
        except (ValueError, UnicodeDecodeError, RecursionError):
            raise ChannelError("A message is not JSON.") from None

    def close(self) -> None:
        """Close the connection (what was queued is still sent)."""
        self.writer.close()


async def join_handshake(
    reader: asyncio.StreamReader,
    writer: asyncio.StreamWriter,
    code: str,
    *,
    answer_seconds: float | None = None,
) -> Channel:
    """The player's side of the handshake with a table, using `code`; the table's hello
    must come within `answer_seconds` (None: whenever).

    Raises:
        TimeoutError: the table's hello did not come in time.
        VersionMismatch: the table is of another version of the program or the protocol.
        WrongCode: the table did not accept the code.
        ChannelError: the other side is not a table, or broke the handshake.
        asyncio.IncompleteReadError, OSError: the connection failed.
    """
    mine = json.dumps(hello()).encode()
    write_frame(writer, mine)
    try:
        async with asyncio.timeout(answer_seconds):
            reply, theirs = await _read_json(reader)
    except ChannelError:  # too long or not JSON: another program listens there
        raise ChannelError(_NOT_A_TABLE) from None
    check_hello(reply)  # a table of another version says so, with its own hello
    _refusal(reply)
    pake = _pake(code)
    outbound = pake.start()
    _write_json(writer, {"pake": _b64(outbound)})
    answer, _ = await _read_json(reader)
    _refusal(answer)
    inbound = _bytes_field(answer, "pake", len(outbound))
    try:
        shared = pake.finish(inbound)
    except (SPAKEError, ValueError, AssertionError):  # what spake2 raises for a bad message
        raise ChannelError("The table's key exchange was not valid.") from None
    keys = _keys(shared, _transcript(mine, theirs, outbound, inbound))
    _write_json(writer, {"confirm": _b64(_mac(keys.confirm_player, keys.transcript))})
    await writer.drain()
    answer, _ = await _read_json(reader)
    if "error" in answer:
        try:
            _refusal(answer)
        except ChannelError as err:
            raise WrongCode(str(err)) from None
    confirm = _bytes_field(answer, "confirm", 32)
    if not hmac.compare_digest(confirm, _mac(keys.confirm_table, keys.transcript)):
        raise WrongCode("The table did not prove it knows the code.")
    return Channel(
        reader,
        writer,
        send_key=keys.to_table,
        receive_key=keys.to_player,
        receive_limit=TABLE_LIMIT,
        transcript=keys.transcript,
    )


WRONG_CODE: Final = "That is not the table's join code."


async def table_handshake(
    reader: asyncio.StreamReader,
    writer: asyncio.StreamWriter,
    code: str,
    *,
    turn: Callable[[], Awaitable[None]] | None = None,
    executor: Executor | None = None,
) -> Channel:
    """The table's side of the handshake with a player, for the join code `code`.

    `turn` is awaited once the player's key exchange message has come and before the table
    does any of the arithmetic of its own (the door's turn); it may raise `Refusal`, which
    is sent to the player. The arithmetic is done in `executor` (pure Python: aside from the
    table's loop, which keeps answering the players meanwhile).

    Raises:
        VersionMismatch: the player is of another version of the program or the protocol
            (told so first).
        Refusal: turned away before the key exchange (told so first).
        WrongCode: the player used another code (told so first).
        ChannelError: the other side is not a player, or broke the handshake.
        asyncio.IncompleteReadError, OSError: the connection failed.
    """
    try:
        theirs_hello, theirs = await _read_json(reader)
        check_hello(theirs_hello)
    except ChannelError as err:
        _write_json(writer, {**hello(), "error": str(err)})
        await writer.drain()
        raise
    mine = json.dumps(hello()).encode()
    write_frame(writer, mine)
    offer, _ = await _read_json(reader)
    inbound = _bytes_field(offer, "pake", _PAKE_BYTES)
    if turn is not None:
        try:
            await turn()
        except Refusal as err:
            _write_json(writer, {"error": str(err)})
            await writer.drain()
            raise
    loop = asyncio.get_running_loop()
    pake = _pake(code)
    outbound = await loop.run_in_executor(executor, pake.start)
    _write_json(writer, {"pake": _b64(outbound)})
    proof, _ = await _read_json(reader)
    confirm = _bytes_field(proof, "confirm", 32)
    try:  # only now, for a player who answered: an abandoned exchange costs half as much
        shared = await loop.run_in_executor(executor, pake.finish, inbound)
    except (SPAKEError, ValueError, AssertionError):  # what spake2 raises for a bad message
        raise ChannelError("The player's key exchange was not valid.") from None
    keys = _keys(shared, _transcript(theirs, mine, inbound, outbound))
    if not hmac.compare_digest(confirm, _mac(keys.confirm_player, keys.transcript)):
        _write_json(writer, {"error": WRONG_CODE})
        await writer.drain()
        raise WrongCode(WRONG_CODE)
    _write_json(writer, {"confirm": _b64(_mac(keys.confirm_table, keys.transcript))})
    await writer.drain()
    return Channel(
        reader,
        writer,
        send_key=keys.to_player,
        receive_key=keys.to_table,
        receive_limit=PLAYER_LIMIT,
        transcript=keys.transcript,
    )
