"""Support shared by the storage tests and the storage benchmarks (`benchmarks/reliability.py`,
`benchmarks/bench_storage.py`): random legal play, a saving game killed and checked, and
damaged files. Not a test module itself; `test_storage_support.py` tests it.

`choose_step` picks a legal step from a state with a generator seeded by the match's seed and
the step's number only, so a match played with it is the same match however often its player
is killed and resumed: the tests can say exactly which records were ever saved.
"""

from __future__ import annotations

import os
import random
import select
import signal
import struct
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Final, Protocol

from cribbage.match import MatchConfig, MatchState
from cribbage.record import NEXT_GAME, Record, Step, replay, replay_steps
from cribbage.rules import (
    Claim,
    Counting,
    GameConfig,
    Phase,
    legal_actions,
    pending,
)
from cribbage.scoring import score_hand
from cribbage.stats import Statistics, tally_match
from cribbage.storage import Options, SavedMatch, Storage, UnusableSaveError
from cribbage.storage.statistics import dump_statistics, parse_statistics

CLAIMED = GameConfig(counting=(Counting.CLAIMED, Counting.AUTOMATIC), muggins=True)
"""Rules in which the player counts their own hand, so the show waits for claims."""


def random_step(state: MatchState, rng: random.Random) -> Step | None:
    """A legal step for whoever must act, chosen with `rng`; None once the match is over."""
    game = state.game
    if game.phase is Phase.GAME_OVER:
        return None if state.over else NEXT_GAME
    if game.phase is Phase.SHOW:
        return Claim(pending(game)[0], _likely_claim(state, rng))
    return rng.choice(legal_actions(game))


def _likely_claim(state: MatchState, rng: random.Random) -> int:
    """Mostly the true count, sometimes a miscount either way."""
    game = state.game
    dealer = game.dealer
    assert dealer is not None and game.starter is not None
    crib = game.show_step >= game.config.players
    cards = game.crib if crib else game.kept[(dealer + 1 + game.show_step) % game.config.players]
    actual = score_hand(cards, game.starter, crib=crib).total
    return min(29, max(0, actual + rng.choice((0, 0, 0, -2, 2))))


def choose_step(state: MatchState, seed: int, index: int) -> Step | None:
    """The step number `index` of the canonical random match from `seed` (see module doc)."""
    return random_step(state, random.Random(f"{seed}:{index}"))


def match_after(
    seed: int,
    steps: int | None = None,
    game_config: GameConfig | None = None,
    match_config: MatchConfig | None = None,
    options: Options | None = None,
) -> SavedMatch:
    """A match with a fresh id after `steps` canonical steps from `seed` (None: to its end)."""
    match = SavedMatch.start(seed, game_config, match_config, options or {"level": "classic"})
    while steps is None or len(match.record.steps) < steps:
        step = choose_step(match.state, seed, len(match.record.steps))
        if step is None:
            break
        match.apply(step)
    return match


# --- killing a game while it saves ------------------------------------------------------------

KILL_GAME = GameConfig(target=31)
KILL_MATCH = MatchConfig(games=2)
_REPORT = struct.Struct("<i")
_LOOK_AGAIN: Final = 0.001
"""Seconds `Reports.wait_for_file` waits for a report before looking for the file again: short,
since a save's temporary file lasts only as long as the save."""


def run_saver(home: str, seed: int, report_fd: int) -> None:
    """Play the canonical match of `seed` in `home` over and over, saving after every step.

    Resumes the save if there is one. After each save, writes to `report_fd` how many steps
    the save holds (0: the match ended and its save is gone). Runs until killed.
    """
    storage = Storage(home)
    if storage.claim() is not None:
        raise SystemExit("the save is locked")
    while True:
        match, _ = storage.load()
        if match is None:
            match = SavedMatch.start(seed, KILL_GAME, KILL_MATCH, {"level": "classic"})
        while (step := choose_step(match.state, seed, len(match.record.steps))) is not None:
            match.apply(step)
            if (message := storage.save(match)) is not None:
                raise SystemExit(message)
            os.write(report_fd, _REPORT.pack(0 if match.state.over else len(match.record.steps)))


@dataclass
class KillFigures:
    """What `kill_and_check` saw."""

    kills: int = 0
    resumed: int = 0
    """Kills after which a save was there to resume (the rest had none yet, or had just ended)."""
    mid_save: int = 0
    """Kills that left a temporary file behind: the process died in the middle of a save."""
    matches: int = 0
    losses: list[str] = field(default_factory=list)


class Reports:
    """The reports of a `run_saver` process, read from the pipe `fd` as they arrive."""

    def __init__(self, fd: int) -> None:
        self._fd = fd
        self._read = bytearray()
        self._ended = False

    def wait_for(self, count: int) -> None:
        """Block until `count` reports have arrived in all, or the writer has ended."""
        while len(self._read) < count * _REPORT.size and not self._ended:
            self._take(os.read(self._fd, 65536))

    def wait_for_file(self, directory: Path, pattern: str) -> None:
        """Return once a file matching `pattern` is in `directory`, or the writer has ended.

        Between looks at the directory it waits on the pipe, for at most `_LOOK_AGAIN`
        seconds: a report (or the end) wakes it at once, and a file appears without one.
        """
        while not any(directory.glob(pattern)) and not self._ended:
            if select.select([self._fd], [], [], _LOOK_AGAIN)[0]:  # reports waiting, or the end
                self._take(os.read(self._fd, 65536))

    def finish(self) -> bytes:
        """Everything reported, once the writer is gone (the pipe is left to its owner)."""
        while not self._ended:
            self._take(os.read(self._fd, 65536))
        return bytes(self._read)

    def _take(self, chunk: bytes) -> None:
        self._read += chunk
        self._ended = not chunk


class Saver(Protocol):
    """A running `run_saver` process."""

    pid: int
    reports: Reports

    def kill(self) -> bytes:
        """SIGKILL it, wait for it, and return everything it reported."""


def kill_and_check(
    home: Path,
    seed: int,
    iterations: int,
    launch: Callable[[], Saver],
    rng: random.Random,
    most_saves: int = 40,
) -> KillFigures:
    """Kill a saving game `iterations` times at random moments, checking the save each time.

    Each kill comes as soon as the game has reported a random number of saves, from 0 to
    `most_saves` (wherever it then is: in a step, or before its first save), and half the
    time only once its next save has begun, when the save's temporary file appears.

    After every kill the save must be absent or load as the canonical match after exactly the
    steps confirmed saved (or one more, saved but not yet reported); in the end every
    finished match must be counted once in the statistics and filed once as a record.
    """
    final = match_after(seed, None, KILL_GAME, KILL_MATCH)
    steps = final.record.steps
    states = [state for state, _ in replay_steps(final.record)]
    figures = KillFigures()
    confirmed = 0
    leftover = False  # the save holds a finished match: the next start files it
    for _ in range(iterations):
        saver = launch()
        saves = rng.randint(0, most_saves)
        saver.reports.wait_for(saves)
        if saves and rng.random() < 0.5:  # after a save the leftovers of a kill are gone
            saver.reports.wait_for_file(home, ".save.json.*.tmp")  # in the middle of a save
        reports = [value for (value,) in _REPORT.iter_unpack(saver.kill())]
        figures.kills += 1
        figures.matches += reports.count(0)
        if reports:
            confirmed = reports[-1]
        figures.mid_save += any(home.glob(".save.json.*.tmp"))
        found = _check_save(home, steps, states, figures.losses)
        if found is None:
            continue
        same_leftover = leftover and not reports  # no save since: the same finished match
        allowed = {confirmed, confirmed + 1}  # after a leftover, confirmed is 0
        if confirmed + 1 == len(steps) or same_leftover:
            allowed |= {0, len(steps)}
        if found not in allowed:
            figures.losses.append(f"saved {confirmed} steps, found {found}")
        figures.resumed += found > 0
        if (found == len(steps) and not same_leftover) or (
            found == 0 and confirmed == len(steps) - 1
        ):
            figures.matches += 1  # ended before it could say so
        leftover = found == len(steps)
        confirmed = 0 if leftover else found
    with Storage(home) as storage:  # the next start finishes what a kill interrupted
        storage.claim()
        current, _ = storage.load()
        stats, _ = storage.statistics()
        records = storage.records()
    counted = stats.levels["classic"].games if "classic" in stats.levels else 0
    expected = figures.matches * len(tally_match(final.record).games)
    if current is not None:  # the games already over in the match being played
        expected += len(tally_match(current.record).games)
    if counted != expected or len(records) != figures.matches:
        figures.losses.append(
            f"{figures.matches} matches ended, {counted} games counted, {len(records)} filed"
        )
    figures.losses += [
        f"{path.name} differs"
        for path in records
        if Record.from_json(path.read_text()) != final.record
    ]
    return figures


def _check_save(
    home: Path, steps: tuple[Step, ...], states: list[MatchState], losses: list[str]
) -> int | None:
    """How many steps the save holds (0: none), checked against the canonical match."""
    path = home / "save.json"
    if not path.exists():
        return 0
    try:
        saved = SavedMatch.from_json(path.read_bytes())
    except UnusableSaveError as err:
        losses.append(f"unusable save: {err}")
        return None
    found = len(saved.record.steps)
    if saved.record.steps != steps[:found] or saved.state != states[found]:
        losses.append(f"the save after {found} steps is not the match that was played")
        return None
    return found


class ForkedSaver:
    """`run_saver` in a forked child: a real process, started without a new interpreter."""

    def __init__(self, home: Path, seed: int) -> None:
        read_fd, write_fd = os.pipe()
        pid = os.fork()
        if pid == 0:  # the child never returns into the test runner
            os.close(read_fd)
            try:
                run_saver(str(home), seed, write_fd)
            finally:
                os._exit(1)
        os.close(write_fd)
        self.pid, self._read_fd, self.reports = pid, read_fd, Reports(read_fd)

    def kill(self) -> bytes:
        os.kill(self.pid, signal.SIGKILL)
        os.waitpid(self.pid, 0)
        reported = self.reports.finish()
        os.close(self._read_fd)
        return reported


# --- damaged files ----------------------------------------------------------------------------


def truncations(data: bytes) -> Iterator[bytes]:
    """`data` cut short at every length."""
    for length in range(len(data)):
        yield data[:length]


def damage(data: bytes, rng: random.Random) -> bytes:
    """`data` damaged at random: a flipped bit, a byte dropped or added, a span of noise."""
    spoiled = bytearray(data)
    for _ in range(rng.randint(1, 3)):
        at = rng.randrange(len(spoiled))
        match rng.randrange(4):
            case 0:
                spoiled[at] ^= 1 << rng.randrange(8)
            case 1:
                del spoiled[at]
            case 2:
                spoiled.insert(at, rng.randrange(256))
            case _:
                spoiled[at : at + rng.randint(1, 16)] = rng.randbytes(rng.randint(1, 16))
    return bytes(spoiled)


def try_damaged_save(storage: Storage, damaged: bytes, failures: list[str]) -> str:
    """Load `damaged` as the save: it must resume a legal match or be moved aside.

    Returns "resumed" or "set aside" (cleaning up after itself), or "failed" after
    adding to `failures` what went wrong.
    """
    storage.save_path.write_bytes(damaged)
    try:
        match, message = storage.load()
    except Exception as err:  # any exception at all is a failure of the storage layer
        failures.append(f"load raised {err!r}")
        return "failed"
    if match is not None:
        storage.save_path.unlink()
        if match.state != replay(match.record) or message is not None:
            failures.append("a damaged save resumed as something else than its record")
            return "failed"
        return "resumed"
    asides = list(storage.home.glob("save.json.broken-*"))
    for aside in asides:
        aside.unlink()
    if (
        message is None
        or not message.startswith("The saved game could not be resumed")
        or storage.save_path.exists()
        or len(asides) != 1
    ):
        failures.append(f"a damaged save was not moved aside: {message!r}")
        return "failed"
    return "set aside"


def try_damaged_statistics(storage: Storage, damaged: bytes, failures: list[str]) -> str:
    """Read `damaged` as the statistics: kept if still valid, else moved aside, never lost.

    Returns "kept", "set aside" or "left alone" (a newer version), or "failed".
    """
    storage.stats_path.write_bytes(damaged)
    try:
        stats, message = storage.statistics()
    except Exception as err:  # any exception at all is a failure of the storage layer
        failures.append(f"reading the statistics raised {err!r}")
        return "failed"
    asides = list(storage.home.glob("stats.json.broken-*"))
    for aside in asides:
        aside.unlink()
    if message is None:
        outcome = "kept" if parse_statistics(dump_statistics(stats)) == stats and not asides else ""
    elif "newer version" in message:
        outcome = "left alone" if storage.stats_path.read_bytes() == damaged else ""
    else:
        outcome = "set aside" if len(asides) == 1 and stats == Statistics() else ""
    if not outcome:
        failures.append(f"damaged statistics handled wrongly: {message!r}")
        return "failed"
    storage.stats_path.unlink(missing_ok=True)
    return outcome
