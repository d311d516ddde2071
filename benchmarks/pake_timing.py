"""Whether the key exchange takes longer for some join codes than for others:
`python benchmarks/pake_timing.py`.

The key exchange (`cribbage.net.channel`: SPAKE2 over Ed25519, from the pure-Python `spake2`)
is big-integer arithmetic in Python, and the table's share of it uses the join code. If its
time depends on the code, someone who times the table's answers learns something of the
code. The package multiplies a point by a number with a doubling for each bit of the number
and an addition for each bit set, so a product by the code's scalar (the code hashed to a
number below the group's order) takes a time that follows that scalar's bits; the table
works out its two such products, by the scalar and by its negation (the order less the
scalar), once a code, and each exchange only adds them. This times the table's two steps
with `time.perf_counter_ns`, in this process:

- start(): the table's message, made before it reads the player's: a random point (the
  base point times the exchange's random scalar) plus the fixed point times the code's;
- finish(): the shared key from the player's message: the fixed point times the negated
  scalar, added to the player's point, then times the random scalar. It is timed on
  messages from a player with the same code and from one with a wrong code, as a guesser
  sends.

Each code gets `--exchanges` of each kind, all in one random order (`--seed`), so that
whatever else the machine does falls on every code alike; nothing is pinned, and the load
average is printed before and after. The first code is measured a second time, as if another
code: the difference between its two runs is the noise that differences between codes must
stand out from. The random scalar's own bits make every exchange's time vary as well.

For each step the table gives per code the bit length and set bits of the code's scalar that
the step would multiply by, were its products not made once a code (each bit a doubling,
each set bit an addition too), and the median,
mean and 10th and 90th percentiles in µs. Below it: the largest difference of medians
between codes, in µs and as a share of the median, against the difference between the same
code's two runs; a permutation test of it (the codes' times shuffled among the codes
`--shuffles` times: how often chance spreads the medians as far); Welch's t between the codes
of highest and lowest mean (p from the normal distribution, right for hundreds of exchanges,
and times the number of pairs of codes, since the pair was picked for being far apart), and
between the two runs of one code; the cost of each doubling or addition (a line through the
codes' medians, which the machine's other work moves less than the means); and how many
exchanges someone would have to time to tell apart two codes whose medians are that far
apart, 95% of the time, by which side of the midpoint the median of their times falls:
n = (2 * 1.645 * 1.253 * s / d)**2, with d the difference, s the spread of one exchange's
time (from its quartiles, so that stalls from the machine's other work do not count) and
1.253 the error of a median over that of a mean. That is on this machine and without a
network's jitter, so a lower bound; the time it takes assumes that a table judges at most
`RATE` codes a second in all.

    python benchmarks/pake_timing.py                   # 1,000 exchanges each (some 5 minutes)
    python benchmarks/pake_timing.py --exchanges 20    # a quick run (the smoke test's)
    python benchmarks/pake_timing.py --codes 7-amber-otter-cello-maple 1-bay-fox-oak-elm
    python benchmarks/pake_timing.py --search 1000000  # the lightest and heaviest codes
    python benchmarks/pake_timing.py --package         # the spake2 package's own exchange

`--search N` draws N codes as a table does and prints those whose scalars need the fewest and
the most doublings and additions (the two in `CODES` came from `--search 1000000 --seed 1`),
and at most how much of a code the bit lengths and set bits of its scalars could tell: their
entropy.
"""

from __future__ import annotations

import argparse
import collections
import itertools
import math
import os
import random
import statistics
import sys
import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Final, Literal

from spake2 import SPAKE2_Symmetric
from spake2.parameters.ed25519 import ParamsEd25519

from cribbage.net.channel import _pake, ready  # the very objects a table makes for its code
from cribbage.net.codes import CODE_SPACE, CodeError, new_code, parse_code

CODES: Final = (
    "7-amber-otter-cello-maple",  # the documents' example
    "1-bay-fox-oak-elm",  # the smallest number and short words
    "999-bluebell-squirrel-blossom-juniper",  # the largest number and long words
    "621-shore-sky-apple-daisy",  # the fewest doublings and additions of a million (--search)
    "510-beacon-ginger-wren-rose",  # the most of a million codes
    "500-otter-owl-elm-bay",  # a round number and the shortest words
)
IDENTITY: Final = b"cribbage table"
RATE: Final = 10
"""The most codes a table judges in a second, from everyone together."""
ORDER: Final = int(ParamsEd25519.group.order())
Z95: Final = 1.645
"""The one-sided normal quantile of 95%."""
QUARTILES: Final = 1.349
"""The distance between the quartiles of a normal distribution, in standard deviations."""
MEDIAN_ERROR: Final = math.sqrt(math.pi / 2)
"""The standard error of a median of normal samples over that of their mean."""

Step = Literal["start", "finish, same code", "finish, wrong code"]
STEPS: Final[tuple[Step, ...]] = ("start", "finish, same code", "finish, wrong code")


@dataclass(frozen=True, slots=True)
class Scalars:
    """What the code-dependent multiplications of a code's key exchange do: a doubling for
    each bit of the scalar, an addition for each set bit."""

    start_bits: int
    start_set: int
    finish_bits: int
    finish_set: int

    @property
    def work(self) -> int:
        """Doublings and additions of both steps together."""
        return self.start_bits + self.start_set + self.finish_bits + self.finish_set

    def of(self, step: Step) -> tuple[int, int]:
        """The bit length and set bits of the scalar `step` multiplies by."""
        if step == "start":
            return self.start_bits, self.start_set
        return self.finish_bits, self.finish_set


def scalars(code: str) -> Scalars:
    """The scalars `code` gives: its own in start(), the group's order less it in finish()."""
    scalar = int(ParamsEd25519.group.password_to_scalar(code.encode()))
    negated = (-scalar) % ORDER
    return Scalars(
        scalar.bit_length(), scalar.bit_count(), negated.bit_length(), negated.bit_count()
    )


def exchange(code: str, peer_code: str, *, package: bool = False) -> tuple[int, int]:
    """Nanoseconds the table with `code` takes to start and to finish a key exchange with a
    player using `peer_code` (the package's own exchange: whose work is not timed, and does
    not touch the table's products, which it made when it opened). With `package`, the
    table's side is the package's own exchange too, which multiplies by the code's scalar
    at every exchange."""
    table = SPAKE2_Symmetric(code.encode(), idSymmetric=IDENTITY) if package else _pake(code)
    peer = SPAKE2_Symmetric(peer_code.encode(), idSymmetric=IDENTITY)
    before = time.perf_counter_ns()
    table.start()
    started = time.perf_counter_ns()
    message = peer.start()
    before_finish = time.perf_counter_ns()
    table.finish(message)
    finished = time.perf_counter_ns()
    return started - before, finished - before_finish


@dataclass(frozen=True, slots=True)
class Summary:
    """One code's times of one step, in µs."""

    median: float
    mean: float
    p10: float
    p90: float
    q1: float
    q3: float

    @property
    def sigma(self) -> float:
        """The spread of one time, from the quartiles (blind to stalls now and then)."""
        return (self.q3 - self.q1) / QUARTILES


def summarize(times: Sequence[float]) -> Summary:
    """The median, mean, 10th and 90th percentiles and quartiles of `times` (two or more)."""
    deciles = statistics.quantiles(times, n=10, method="inclusive")
    quartiles = statistics.quantiles(times, n=4, method="inclusive")
    return Summary(
        statistics.median(times),
        statistics.fmean(times),
        deciles[0],
        deciles[-1],
        quartiles[0],
        quartiles[-1],
    )


def welch(a: Sequence[float], b: Sequence[float]) -> tuple[float, float]:
    """Welch's t for the means of `a` and `b`, and its two-sided p from the normal
    distribution (the t distribution's limit, right for hundreds of samples)."""
    error = math.sqrt(statistics.variance(a) / len(a) + statistics.variance(b) / len(b))
    t = (statistics.fmean(a) - statistics.fmean(b)) / error if error else 0.0
    return t, math.erfc(abs(t) / math.sqrt(2))


def spread(groups: Iterable[Sequence[float]]) -> float:
    """The largest difference between the groups' medians."""
    medians = [statistics.median(group) for group in groups]
    return max(medians) - min(medians)


def permutation_test(
    groups: Sequence[Sequence[float]], shuffles: int, rng: random.Random
) -> tuple[float, float]:
    """How often times shuffled among the groups spread their medians at least as far as
    the groups' own (p, counting the groups' own order as one of the shuffles), and the
    spread that chance exceeds one time in twenty."""
    observed = spread(groups)
    pooled = [value for group in groups for value in group]
    bounds = list(
        itertools.pairwise(itertools.accumulate((len(group) for group in groups), initial=0))
    )
    chance = []
    for _ in range(shuffles):
        rng.shuffle(pooled)
        chance.append(spread([pooled[a:b] for a, b in bounds]))
    at_least = sum(value >= observed for value in chance)
    return (1 + at_least) / (1 + shuffles), sorted(chance)[int(0.95 * (shuffles - 1))]


def exchanges_needed(difference: float, sigma: float) -> float:
    """Exchanges to time to tell apart two codes whose times are `difference` apart, right
    95% of the time, by which side of the midpoint the median of the times falls."""
    if difference <= 0:
        return math.inf
    return (2 * Z95 * MEDIAN_ERROR * sigma / difference) ** 2


def duration(seconds: float) -> str:
    """Seconds in the largest unit that keeps them readable."""
    if seconds < 120:
        return f"{seconds:.0f} s"
    if seconds < 7200:
        return f"{seconds / 60:.0f} min"
    if seconds < 3 * 86400:
        return f"{seconds / 3600:.1f} h"
    if seconds < 2 * 365 * 86400:
        return f"{seconds / 86400:.0f} days"
    return f"{seconds / (365 * 86400):,.0f} years"


@dataclass(frozen=True, slots=True)
class Verdict:
    """What one step's times say about the codes."""

    step: Step
    median: float
    largest: float
    same_code: float
    p: float
    chance: float
    needed: float
    operation: float
    """The time of one more doubling or addition, fitted through the codes (0: no fit)."""
    sigma: float


def report(
    step: Step,
    codes: Sequence[str],
    times: dict[tuple[str, Step], list[float]],
    again: str,
    shuffles: int,
    rng: random.Random,
) -> Verdict:
    """Print one step's table and tests; return what they say."""
    print(f"\n{step} (µs; bits and set bits of the scalar it multiplies by)")
    width = max(len(label) for label in [*codes, again])
    print(f"  {'code':<{width}} {'bits/set':>8} {'median':>9} {'mean':>9} {'p10':>9} {'p90':>9}")
    summaries = {}
    for label in [*codes, again]:
        code = codes[0] if label == again else label
        summary = summaries[label] = summarize(times[label, step])
        bits, set_bits = scalars(code).of(step)
        print(
            f"  {label:<{width}} {f'{bits}/{set_bits}':>8} {summary.median:9.1f} {summary.mean:9.1f} "
            f"{summary.p10:9.1f} {summary.p90:9.1f}"
        )
    groups = [times[code, step] for code in codes]
    median = statistics.median([value for group in groups for value in group])
    largest = spread(groups)
    same_code = abs(summaries[codes[0]].median - summaries[again].median)
    p, chance = permutation_test(groups, shuffles, rng)
    print(
        f"  largest difference of medians between codes: {largest:.1f} µs "
        f"({100 * largest / median:.2f}% of {median:.0f}); the same code run twice: "
        f"{same_code:.1f} µs"
    )
    print(
        f"  permutation test ({shuffles} shuffles): p = {p:.3g}; chance spreads the medians "
        f"{chance:.1f} µs or more one time in twenty"
    )
    by_mean = sorted(codes, key=lambda code: summaries[code].mean)
    t, p_t = welch(times[by_mean[-1], step], times[by_mean[0], step])
    pairs = len(codes) * (len(codes) - 1) // 2
    t_again, p_again = welch(times[codes[0], step], times[again, step])
    print(
        f"  Welch's t, highest mean ({by_mean[-1]}) against lowest ({by_mean[0]}): "
        f"t = {t:.2f}, p = {p_t:.2g} (x {pairs} pairs: {min(1.0, p_t * pairs):.2g}); "
        f"the same code twice: t = {t_again:.2f}, p = {p_again:.2g}"
    )
    sigma = statistics.median(summaries[code].sigma for code in codes)
    needed = exchanges_needed(largest, sigma)
    if math.isfinite(needed):
        print(
            f"  to tell two codes {largest:.1f} µs apart 95% of the time (one time's spread "
            f"{sigma:.0f} µs): {needed:,.0f} exchanges, {duration(needed / RATE)} at {RATE} a "
            "second"
        )
    work = [sum(scalars(code).of(step)) for code in codes]
    operation = 0.0
    if len(set(work)) > 1 and len(codes) > 2:
        medians = [summaries[code].median for code in codes]
        operation = statistics.linear_regression(work, medians).slope
        r = statistics.correlation(work, medians)
        print(
            f"  each doubling or addition more: {operation:+.2f} µs "
            f"(a line through the codes' medians, r = {r:.2f})"
        )
        if operation > 0 and p < 0.05:  # a cost worth speaking of only if codes differ at all
            one = exchanges_needed(operation, sigma)
            print(
                f"  to tell the scalar's doublings and additions to one: {one:,.0f} exchanges, "
                f"{duration(one / RATE)} at {RATE} a second"
            )
    return Verdict(step, median, largest, same_code, p, chance, needed, operation, sigma)


def compare_peers(codes: Sequence[str], times: dict[tuple[str, Step], list[float]]) -> None:
    """Print how far a wrong code's finish is from a right one's, at worst over the codes."""
    gaps = {
        code: statistics.median(times[code, "finish, wrong code"])
        - statistics.median(times[code, "finish, same code"])
        for code in codes
    }
    worst = max(codes, key=lambda code: abs(gaps[code]))
    t, p = welch(times[worst, "finish, wrong code"], times[worst, "finish, same code"])
    print(
        f"\nfinish, a wrong code against the same code: the medians differ by at most "
        f"{gaps[worst]:+.1f} µs ({worst}; Welch's t = {t:.2f}, p = {p:.2g}, "
        f"x {len(codes)} codes: {min(1.0, p * len(codes)):.2g})"
    )


def conclude(verdicts: Sequence[Verdict], codes: int, exchanges: int) -> str:
    """The paragraph that sums up the figures."""
    start, finish = verdicts[0], verdicts[1]
    parts = [
        f"The table's key exchange takes {start.median / 1000:.1f} ms to start and "
        f"{finish.median / 1000:.1f} ms to finish (medians over {codes} codes, {exchanges:,} "
        f"exchanges each with the same code and as many with a wrong one). The run-to-run "
        f"noise is the spread of medians that {codes} runs of one code reach one time in "
        f"twenty (the codes' times shuffled among them)."
    ]
    for verdict in verdicts:
        beyond = verdict.p < 0.05 and verdict.largest > verdict.chance
        sentence = (
            f"In {verdict.step}, codes differ by at most {verdict.largest:.1f} µs "
            f"({100 * verdict.largest / verdict.median:.2f}% of the median), "
            f"{'beyond' if beyond else 'within'} the noise of {verdict.chance:.1f} µs "
            f"(p = {verdict.p:.3g}; the same code run twice: {verdict.same_code:.1f} µs)"
        )
        if beyond and verdict.operation > 0:
            one = exchanges_needed(verdict.operation, verdict.sigma)
            sentence += (
                f"; each doubling or addition in the code's multiplication costs "
                f"{verdict.operation:.1f} µs, and telling how many it takes, to one, needs "
                f"{one:,.0f} timed exchanges ({duration(one / RATE)} at {RATE} a second)"
            )
        parts.append(sentence + ".")
    real = [
        verdict for verdict in verdicts if verdict.p < 0.05 and verdict.largest > verdict.chance
    ]
    if real:
        easiest = min(real, key=lambda verdict: verdict.needed)
        difference, needed = easiest.largest, easiest.needed
        what = f"Telling apart two codes {difference:.1f} µs apart in {easiest.step} takes"
    else:  # nothing stands out: what it would take to see a difference the size of the noise
        difference = min(verdict.chance for verdict in verdicts)
        needed = exchanges_needed(difference, verdicts[0].sigma)
        what = f"Seeing a difference of {difference:.1f} µs between codes would take"
    parts.append(
        f"{what} {needed:,.0f} timed exchanges ({duration(needed / RATE)} at {RATE} a second), "
        f"on this machine without a network's jitter; each costs a stranger one of the door's "
        f"turns, and counts as a wrong try."
    )
    return " ".join(parts)


def measure(
    codes: Sequence[str], again: str, exchanges: int, rng: random.Random, package: bool = False
) -> dict[tuple[str, Step], list[float]]:
    """Times in µs of each step for each code (and the first code's second run), the
    exchanges of every code and kind shuffled into one order."""
    labels = [*codes, again]
    order = [(label, wrong) for label in labels for wrong in (False, True)] * exchanges
    rng.shuffle(order)
    times: dict[tuple[str, Step], list[float]] = collections.defaultdict(list)
    for code in codes:  # as each table does when it opens, or draws a new code
        ready(code)
    for code in codes[:3]:  # warm the caches and the interpreter's specializations
        exchange(code, code, package=package)
    for label, wrong in order:
        code = codes[0] if label == again else label
        peer = code
        while wrong and peer == code:
            peer = new_code(rng)
        started, finished = exchange(code, peer, package=package)
        times[label, "start"].append(started / 1000)
        times[label, "finish, wrong code" if wrong else "finish, same code"].append(finished / 1000)
    return times


def search(count: int, rng: random.Random) -> None:
    """Print the codes of the fewest and most doublings and additions among `count` drawn as
    a table draws them, and the entropy of what their time could show."""
    found = {new_code(rng): None for _ in range(count)}
    costs = {code: scalars(code) for code in found}
    lightest = min(costs, key=lambda code: costs[code].work)
    heaviest = max(costs, key=lambda code: costs[code].work)
    for name, code in (("lightest", lightest), ("heaviest", heaviest)):
        print(f"{name}: {code} {costs[code]}")
    space = math.log2(CODE_SPACE)
    for what, key in (
        ("start's set bits", lambda s: (s.start_set,)),
        ("finish's set bits", lambda s: (s.finish_set,)),
        (
            "both scalars' bits and set bits",
            lambda s: (s.start_bits, s.start_set, s.finish_bits, s.finish_set),
        ),
    ):
        counts = collections.Counter(key(cost) for cost in costs.values())
        entropy = -sum(n / len(costs) * math.log2(n / len(costs)) for n in counts.values())
        print(f"{what} tell at most {entropy:.1f} bits of a code's {space:.1f}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--exchanges", type=int, default=1000, help="of each kind, a code")
    parser.add_argument("--codes", nargs="+", default=list(CODES), help="two or more")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--shuffles", type=int, default=1000, help="of the permutation test")
    parser.add_argument("--search", type=int, default=0, help="find unusual codes among N")
    parser.add_argument(
        "--package",
        action="store_true",
        help="time the spake2 package's own exchange, which multiplies by the code's scalar "
        "at every exchange, as the table did before",
    )
    args = parser.parse_args(argv)
    rng = random.Random(args.seed)
    if args.search:
        search(args.search, rng)
        return 0
    try:
        codes = list(dict.fromkeys(parse_code(code) for code in args.codes))
    except CodeError as err:
        parser.error(str(err))
    if len(codes) < 2 or args.exchanges < 2:
        parser.error("Two codes or more are compared, with two exchanges or more each.")
    again = f"{codes[0]} (again)"
    print(
        f"python {sys.version.split()[0]}, {os.cpu_count()} cores, load average "
        + " ".join(f"{load:.2f}" for load in os.getloadavg())
        + f"; {args.exchanges:,} exchanges a code with the same code and {args.exchanges:,} "
        f"with a wrong one, in one random order (seed {args.seed})"
    )
    began = time.monotonic()
    times = measure(codes, again, args.exchanges, rng, args.package)
    print(
        f"measured in {time.monotonic() - began:.0f} s; load average afterwards "
        + " ".join(f"{load:.2f}" for load in os.getloadavg())
    )
    verdicts = [report(step, codes, times, again, args.shuffles, rng) for step in STEPS]
    compare_peers(codes, times)
    print()
    print(conclude(verdicts, len(codes), args.exchanges))
    return 0


if __name__ == "__main__":
    sys.exit(main())
