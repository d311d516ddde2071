"""Generate the computer's tables: `python tools/gen_tables.py [stage ...] [--jobs N]`.

Stages, in order (each reads the files the earlier ones wrote, in
`src/cribbage/computer/data/`; with no stage named, all run):

* `crib`: the random-crib table, exact (58,800 completions for each of 169 kinds of
  discard).
* `opponent`: how the expert throws and keeps, by role. Starting from random throws, the
  expert's own discard policy plays many seeded deals; the rank pairs it throws and the four
  ranks it keeps, relative to random, become the model of the opponent the next round
  assumes: a fixed-point iteration, three rounds (the largest change of a weight from one
  round to the next is kept in the file).
* `pegging`: the expected pegging of four kept ranks, as dealer and as pone: the rest of the
  play solved with both hands known, against opponent hands drawn as the expert keeps them.
  Then two more `opponent` rounds with the pegging values in the policy, and the pegging
  table once more against the hands that policy keeps.
* `leads`: which rank the expert leads as pone from each four kept ranks, over 12 seeded
  deals of each (suits, its discards and the starter at random), as against a player it
  has read as no player of the classic level's rule.
* `winning`: the chance of winning from the start of a deal, by the points each side needs
  and who deals: dynamic programming over per-deal point distributions measured in seeded
  expert self-play.

Everything is seeded: the same command writes the same files. The whole run takes about
fifty minutes on two otherwise idle cores.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import ProcessPoolExecutor
from math import comb
from pathlib import Path
from typing import Any, Final, TypeVar

from cribbage.cards import DECK
from cribbage.computer.discard import evaluate_discards, rank_options
from cribbage.computer.search import PegSearch
from cribbage.computer.sums import UNIFORM, CribSums, PairWeights
from cribbage.computer.tables import RANK_LETTERS, RULES, Role, ranks_text, text_ranks

DATA: Final = Path(__file__).resolve().parents[1] / "src" / "cribbage" / "computer" / "data"
ROLES: Final[tuple[Role, Role]] = ("dealer", "pone")
T = TypeVar("T")
R = TypeVar("R")


def _write(name: str, data: dict[str, Any]) -> None:
    DATA.mkdir(parents=True, exist_ok=True)
    data = {"rules": RULES, **data}
    (DATA / name).write_text(json.dumps(data, indent=1, sort_keys=False) + "\n", encoding="utf-8")
    print(f"wrote {DATA / name}", file=sys.stderr)


def read_table(name: str) -> dict[str, Any]:
    """A table as the package ships it."""
    data: dict[str, Any] = json.loads((DATA / name).read_text(encoding="utf-8"))
    return data


def _in_parallel(work: Callable[[T], R], items: Sequence[T], jobs: int, label: str) -> list[R]:
    """`work` over `items` on `jobs` processes, in order, with a progress line."""
    started = time.monotonic()
    results: list[R] = []
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        for done, result in enumerate(pool.map(work, items), 1):
            results.append(result)
            if done % max(1, len(items) // 20) == 0 or done == len(items):
                elapsed = time.monotonic() - started
                print(f"\r{label}: {done}/{len(items)} ({elapsed:.0f} s)", end="", file=sys.stderr)
    print(file=sys.stderr)
    return results


# --- crib --------------------------------------------------------------------------------


def crib_stage() -> None:
    """The random-crib table: exact totals over 58,800 completions per kind of discard."""
    sums: dict[str, int] = {}
    for low in range(1, 14):
        for high in range(low, 14):
            for suited in (False, True) if low != high else (False,):
                first = (low - 1) * 4
                second = (high - 1) * 4 + (0 if suited else 1)
                crib = CribSums((first, second))
                assert crib.weight == 58_800
                key = RANK_LETTERS[low - 1] + RANK_LETTERS[high - 1] + ("s" if suited else "o")
                sums[key] = int(crib.total(0, 1))
    _write(
        "crib_random.json",
        {
            "what": "crib total over all 58,800 completions (two crib cards and the starter from "
            "the 50 unseen cards) by discarded ranks; s suited, o offsuit",
            "completions": 58_800,
            "sums": sums,
        },
    )


# --- opponent ----------------------------------------------------------------------------


def _random_pair_chance(a: int, b: int) -> float:
    return (6 if a == b else 16) / comb(52, 2)


def _random_keep_chance(ranks: tuple[int, ...]) -> float:
    chance = 1.0
    for rank in set(ranks):
        chance *= comb(4, ranks.count(rank))
    return chance / comb(52, 4)


Model = tuple[dict[Role, PairWeights], dict[Role, dict[tuple[int, ...], float]] | None]


def _discard_tally(job: tuple[int, int, int, Model]) -> tuple[Counter[str], Counter[str]]:
    """Throws and keeps of the expert's discard policy over a block of seeded deals."""
    round_number, first, count, (throws, pegging) = job
    thrown: Counter[str] = Counter()
    kept: Counter[str] = Counter()
    for deal in range(first, first + count):
        deck = list(DECK)
        random.Random(f"gen-opponent:{round_number}:{deal}").shuffle(deck)
        for role, cards in zip(ROLES, (deck[:6], deck[6:12]), strict=True):
            other: Role = "pone" if role == "dealer" else "dealer"
            options = evaluate_discards(
                cards,
                dealer=role == "dealer",
                throws=throws[other],
                pegging=pegging[role] if pegging else None,
            )
            best = rank_options(options)[0]
            thrown[role + ":" + ranks_text(tuple(c.rank.value for c in best.discard))] += 1
            kept[role + ":" + ranks_text(tuple(c.rank.value for c in best.keep))] += 1
    return thrown, kept


def _opponent_round(
    round_number: int, deals: int, model: Model, jobs: int
) -> tuple[dict[Role, list[list[float]]], dict[Role, dict[str, float]]]:
    block = 500
    work = [
        (round_number, first, min(block, deals - first), model) for first in range(0, deals, block)
    ]
    thrown: Counter[str] = Counter()
    kept: Counter[str] = Counter()
    for t, k in _in_parallel(_discard_tally, work, jobs, f"opponent round {round_number}"):
        thrown.update(t)
        kept.update(k)
    pseudo = 1.0  # shrinks sparse cells toward random
    throws: dict[Role, list[list[float]]] = {}
    keeps: dict[Role, dict[str, float]] = {}
    for role in ROLES:
        matrix = [[1.0] * 13 for _ in range(13)]
        for a in range(1, 14):
            for b in range(a, 14):
                expected = deals * _random_pair_chance(a, b)
                seen = thrown[role + ":" + ranks_text((a, b))]
                matrix[a - 1][b - 1] = matrix[b - 1][a - 1] = round(
                    (seen + pseudo) / (expected + pseudo), 4
                )
        throws[role] = matrix
        table: dict[str, float] = {}
        for ranks in _four_rank_multisets():
            expected = deals * _random_keep_chance(ranks)
            seen = kept[role + ":" + ranks_text(ranks)]
            table[ranks_text(ranks)] = round((seen + 5 * pseudo) / (expected + 5 * pseudo), 4)
        keeps[role] = table
    return throws, keeps


def _four_rank_multisets() -> Iterable[tuple[int, ...]]:
    """The 1,820 ways four cards can fall by rank, ascending."""
    for a in range(1, 14):
        for b in range(a, 14):
            for c in range(b, 14):
                for d in range(c, 14):
                    yield (a, b, c, d)


def _as_weights(matrix: list[list[float]]) -> PairWeights:
    return [[0.0] * 14] + [[0.0] + row for row in matrix]


def _pegging_model() -> dict[Role, dict[tuple[int, ...], float]] | None:
    path = DATA / "pegging.json"
    if not path.exists():
        return None
    values = read_table("pegging.json")["values"]
    return {role: {text_ranks(k): v for k, v in values[role].items()} for role in ROLES}


def opponent_stage(
    jobs: int,
    rounds: int = 3,
    deals: int = 30_000,
    final_deals: int = 100_000,
    with_pegging: bool = False,
) -> None:
    """Iterate the throw model to a fixed point and write `opponent.json`.

    The first stage starts from random throws and ignores pegging; with `with_pegging` it
    continues from the model on file with the pegging values in the policy.
    """
    throws: dict[Role, PairWeights] = {"dealer": UNIFORM, "pone": UNIFORM}
    pegging = None
    if with_pegging:
        pegging = _pegging_model()
        start = read_table("opponent.json")["throws"]
        throws = {role: _as_weights(start[role]) for role in ROLES}
    history = []
    for round_number in range(rounds):
        n = final_deals if round_number == rounds - 1 else deals
        matrices, keeps = _opponent_round(round_number, n, (throws, pegging), jobs)
        change = max(
            abs(matrices[role][a][b] - float(throws[role][a + 1][b + 1]))
            for role in ROLES
            for a in range(13)
            for b in range(13)
        )
        history.append({"round": round_number, "deals": n, "largest_change": round(change, 4)})
        print(
            f"round {round_number}: largest change in a throw weight {change:.3f}", file=sys.stderr
        )
        throws = {role: _as_weights(matrices[role]) for role in ROLES}
    _write(
        "opponent.json",
        {
            "what": "the expert's discard policy as a model of the opponent: 'throws' weighs each "
            "rank pair laid away (rows and columns A..K) and 'keeps' each four ranks kept, "
            "relative to random; by the role of the player discarding",
            "pegging_values_in_policy": pegging is not None,
            "rounds": history,
            "throws": matrices,
            "keeps": keeps,
        },
    )


# --- pegging -----------------------------------------------------------------------------


def _holdings_against(
    kept: tuple[int, ...], keeps: dict[str, float]
) -> tuple[list[tuple[int, ...]], list[float]]:
    """Every four ranks the opponent may keep beside `kept`, weighed by card count and model."""
    pool = [0] + [4] * 13
    for rank in kept:
        pool[rank] -= 1
    hands: list[tuple[int, ...]] = []
    weights: list[float] = []
    for ranks in _four_rank_multisets():
        weight = 1.0
        for rank in set(ranks):
            weight *= comb(pool[rank], ranks.count(rank))
        weight *= keeps[ranks_text(ranks)]
        if weight > 0:
            hands.append(ranks)
            weights.append(weight)
    return hands, weights


def pegging_values_of(
    job: tuple[Role, list[tuple[int, ...]], dict[str, float], int | None],
) -> list[float]:
    """The pegging value of each kept hand of a block: (role, hands, the opponent's keep
    weights, samples). With samples None, every holding is solved, each weighed as it would
    be drawn: the value the draws estimate (about nine times the work of 200 draws)."""
    role, block, keeps, samples = job
    values = []
    for kept in block:
        hands, weights = _holdings_against(kept, keeps)
        search = PegSearch()
        if samples is None:
            total = sum(
                weight * search.net(kept, theirs, (), 0, role == "pone")
                for theirs, weight in zip(hands, weights, strict=True)
            )
            values.append(round(total / sum(weights), 3))
            continue
        rng = random.Random(f"gen-pegging:{role}")  # the same draws for every kept hand
        total = 0.0
        for theirs in rng.choices(hands, weights=weights, k=samples):
            total += search.net(kept, theirs, (), 0, role == "pone")
        values.append(round(total / samples, 3))
    return values


def pegging_stage(jobs: int, samples: int = 200) -> None:
    """Expected pegging of each four kept ranks by role; writes `pegging.json`, with the
    opponent's keep weights it used (so that any entry can be derived again)."""
    keeps = read_table("opponent.json")["keeps"]
    kept_hands = list(_four_rank_multisets())
    values: dict[str, dict[str, float]] = {}
    for role in ROLES:
        other: Role = "pone" if role == "dealer" else "dealer"
        block = 40
        work = [
            (role, kept_hands[k : k + block], keeps[other], samples)
            for k in range(0, len(kept_hands), block)
        ]
        results = _in_parallel(pegging_values_of, work, jobs, f"pegging as {role}")
        flat = [v for part in results for v in part]
        values[role] = {ranks_text(kept): v for kept, v in zip(kept_hands, flat, strict=True)}
    _write(
        "pegging.json",
        {
            "what": "expected pegging, own points minus the opponent's, of four kept ranks, by role: "
            f"the play solved with both hands known, against {samples} opponent hands drawn "
            "as the expert keeps them",
            "samples": samples,
            "values": values,
            "opponent_keeps": keeps,
        },
    )


# --- leads -------------------------------------------------------------------------------


def leads_of(job: tuple[list[tuple[int, ...]], int]) -> list[dict[str, int]]:
    """For each four kept ranks of a block, which rank the expert leads as pone, counted over
    `contexts` seeded deals (suits, its discards and the starter drawn at random; the score
    0 to 0, so by points). It leads as against an opponent it has read as no player of the
    classic level's rule (`Settings.read` off): as it leads against players like itself."""
    from cribbage.computer.play import PlayContext, play_options
    from cribbage.computer.settings import Settings

    block, contexts = job
    results = []
    search = PegSearch()
    for kept in block:
        rng = random.Random(f"gen-leads:{ranks_text(kept)}")
        counts: Counter[str] = Counter()
        for _ in range(contexts):
            hand = []
            for rank in sorted(set(kept)):
                suits = rng.sample(range(4), kept.count(rank))
                hand += [DECK[(rank - 1) * 4 + suit] for suit in suits]
            rest = [card for card in DECK if card not in hand]
            *discards, starter = rng.sample(rest, 3)
            context = PlayContext(tuple(hand), starter=starter, discards=tuple(discards))
            lead = play_options(
                context,
                settings=Settings(read=False),
                rng=random.Random(rng.getrandbits(32)),
                search=search,
            )[0]
            counts[RANK_LETTERS[lead.card.rank - 1]] += 1
        results.append(dict(sorted(counts.items())))
    return results


def leads_stage(jobs: int, contexts: int = 12) -> None:
    """Which rank the expert leads from each four kept ranks as pone; writes `leads.json`."""
    kept_hands = list(_four_rank_multisets())
    block = 20
    work = [(kept_hands[k : k + block], contexts) for k in range(0, len(kept_hands), block)]
    results = _in_parallel(leads_of, work, jobs, "leads")
    flat = [counts for part in results for counts in part]
    _write(
        "leads.json",
        {
            "what": "how often the expert, as pone at the start of a game, leads each rank of "
            f"four kept ranks: counts over {contexts} seeded deals of each (suits, its discards "
            "and the starter at random)",
            "contexts": contexts,
            "leads": {ranks_text(kept): c for kept, c in zip(kept_hands, flat, strict=True)},
        },
    )


# --- winning -----------------------------------------------------------------------------


Deal = tuple[int, int, int, int, int]


def _self_play_deals(job: tuple[int, int, int]) -> list[Deal]:
    """Per deal of seeded expert self-play (by points alone): pone pegging, dealer pegging
    (his heels included), pone hand, dealer hand, crib."""
    from cribbage.computer import Computer
    from cribbage.computer.settings import Settings
    from cribbage.events import HandOver, Reason, Scored
    from cribbage.rules import CutStarter, GameConfig, Phase, apply, new_game, pending
    from cribbage.view import view_for

    first, games, deals_per_game = job
    # Each side plays the other as itself: reading would soon rule the classic rule out.
    settings = Settings(aware=False, read=False)
    deals: list[Deal] = []
    config = GameConfig(target=1000)  # far away: no deal is cut short
    for seed in range(first, first + games):
        players = [Computer("expert", seed=seed * 2 + k, settings=settings) for k in range(2)]
        state = new_game(config, seed=seed, dealer=seed % 2)
        tally = [0, 0, 0, 0, 0]
        played = 0
        while played < deals_per_game:
            dealer = state.dealer
            seat = pending(state)[0]
            if state.phase is Phase.CUT_STARTER:
                action: Any = CutStarter(seat, 20)
            else:
                action = players[seat].act(view_for(state, seat))
            state, events = apply(state, action)
            for event in events:
                if isinstance(event, Scored):
                    if event.reason is Reason.HAND:
                        tally[2 if event.seat != dealer else 3] += event.points
                    elif event.reason is Reason.CRIB:
                        tally[4] += event.points
                    else:
                        tally[0 if event.seat != dealer else 1] += event.points
                elif isinstance(event, HandOver):
                    deals.append((tally[0], tally[1], tally[2], tally[3], tally[4]))
                    tally = [0, 0, 0, 0, 0]
                    played += 1
    return deals


def _distribution(values: Iterable[int]) -> dict[int, float]:
    counts = Counter(values)
    total = sum(counts.values())
    return {k: n / total for k, n in sorted(counts.items())}


def win_chances(
    pegging: dict[tuple[int, int], float],
    pone_hand: dict[int, float],
    dealer_show: dict[int, float],
    limit: int,
) -> list[list[float]]:
    """The chance that the dealer wins, by the points the dealer and the pone need (1..limit).

    A deal: both peg (`pegging` gives the chance of pone and dealer pegging p and q; a side
    that reaches its target in the play wins, and if both could, each is given half), then
    the pone counts its hand, then the dealer its hand and crib (`dealer_show`), then the
    deal passes. Independent parts are assumed independent.
    """
    size = limit + 1
    dealer_wins = [[0.0] * size for _ in range(size)]
    after_pone = [[0.0] * size for _ in range(size)]  # after pegging: dealer needs x, pone z
    after_show = [[0.0] * size for _ in range(size)]  # after the pone's show: x, pone needs y
    pegs = sorted(pegging.items())
    hands = sorted(pone_hand.items())
    shows = sorted(dealer_show.items())
    for total in range(2, 2 * limit + 1):
        cells = [(a, total - a) for a in range(max(1, total - limit), min(limit, total - 1) + 1)]
        for a, b in cells:
            chance = 0.0
            for (p, q), w in pegs:
                if q >= a:
                    chance += w * (0.5 if p >= b else 1.0)
                elif p < b:
                    chance += w * after_pone[a - q][b - p]
            dealer_wins[a][b] = chance
        for x, y in cells:
            chance = 0.0
            for s, w in shows:
                chance += w * (1.0 if s >= x else 1.0 - dealer_wins[y][x - s])
            after_show[x][y] = chance
        for x, z in cells:
            chance = 0.0
            for h, w in hands:
                if h < z:
                    chance += w * after_show[x][z - h]
            after_pone[x][z] = chance
    return [[round(dealer_wins[a][b], 5) for b in range(1, size)] for a in range(1, size)]


def _table_of(deals: Sequence[Deal]) -> list[list[float]]:
    """The winning table from per-deal figures."""
    return win_chances(
        _distribution_pairs((d[0], d[1]) for d in deals),
        _distribution(d[2] for d in deals),
        _distribution(d[3] + d[4] for d in deals),
        121,
    )


def standard_errors(
    deals: Sequence[Deal], table: list[list[float]], groups: int = 10
) -> dict[str, float]:
    """The table's standard error by the delete-a-group jackknife: the deals cut into
    `groups` blocks in order (whole games each), the table made again without each block in
    turn, and for each entry sqrt((g-1)/g x the sum of squared differences from their mean).
    Gives the error of the first dealer's chance (both needing 121), the median over every
    entry, and the largest."""
    size = len(deals) // groups
    again = [_table_of([*deals[: k * size], *deals[(k + 1) * size :]]) for k in range(groups)]
    errors = []
    for a in range(len(table)):
        for b in range(len(table)):
            values = [t[a][b] for t in again]
            mean = sum(values) / groups
            errors.append(((groups - 1) / groups * sum((v - mean) ** 2 for v in values)) ** 0.5)
    first = errors[-1]  # a = b = 121
    errors.sort()
    return {
        "first_dealer": round(first, 5),
        "median": round(errors[len(errors) // 2], 5),
        "largest": round(errors[-1], 5),
    }


def winning_stage(jobs: int, games: int = 600, deals_per_game: int = 10) -> None:
    """Per-deal distributions from seeded self-play, then the table and its standard error
    (printed, and kept in the file); writes `winning.json`."""
    block = 5
    work = [(first, block, deals_per_game) for first in range(0, games, block)]
    deals = [d for part in _in_parallel(_self_play_deals, work, jobs, "self-play") for d in part]
    pegging = _distribution_pairs((d[0], d[1]) for d in deals)
    pone_hand = _distribution(d[2] for d in deals)
    dealer_hand = _distribution(d[3] for d in deals)
    crib = _distribution(d[4] for d in deals)
    dealer_show = _distribution(d[3] + d[4] for d in deals)
    table = win_chances(pegging, pone_hand, dealer_show, 121)
    n = len(deals)
    errors = standard_errors(deals, table)
    print(
        f"the first dealer wins {100 * table[-1][-1]:.2f}% (standard error "
        f"{100 * errors['first_dealer']:.2f}); standard error of an entry: median "
        f"{100 * errors['median']:.2f}, largest {100 * errors['largest']:.2f} points of a percent",
        file=sys.stderr,
    )
    _write(
        "winning.json",
        {
            "what": "dealer_wins[a-1][b-1]: the chance that the dealer wins from the start of a deal "
            "when the dealer needs a points and the pone b (1..121); from the per-deal "
            f"distributions of {n} deals of seeded expert self-play (by points alone)",
            "deals": n,
            "standard_error": errors,
            "means": {
                "pone_pegging": round(sum(d[0] for d in deals) / n, 3),
                "dealer_pegging": round(sum(d[1] for d in deals) / n, 3),
                "pone_hand": round(sum(d[2] for d in deals) / n, 3),
                "dealer_hand": round(sum(d[3] for d in deals) / n, 3),
                "crib": round(sum(d[4] for d in deals) / n, 3),
            },
            "pegging": [[p, q, round(w, 6)] for (p, q), w in sorted(pegging.items())],
            "pone_hand": _rounded(pone_hand),
            "dealer_hand": _rounded(dealer_hand),
            "crib": _rounded(crib),
            "dealer_show": _rounded(dealer_show),
            "dealer_wins": table,
        },
    )


def _rounded(distribution: dict[int, float]) -> dict[str, float]:
    return {str(k): round(w, 6) for k, w in distribution.items()}


def _distribution_pairs(values: Iterable[tuple[int, int]]) -> dict[tuple[int, int], float]:
    counts = Counter(values)
    total = sum(counts.values())
    return {k: n / total for k, n in counts.items()}


# --- main --------------------------------------------------------------------------------

STAGES: Final = ("crib", "opponent", "pegging", "leads", "winning")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python tools/gen_tables.py", description=__doc__.split("\n")[0]
    )
    parser.add_argument(
        "stages", nargs="*", help=f"stages to run: {', '.join(STAGES)} (default: all)"
    )
    parser.add_argument("--jobs", type=int, default=2, help="processes to use (default 2)")
    args = parser.parse_args(argv)
    stages = args.stages or list(STAGES)
    unknown = set(stages) - set(STAGES)
    if unknown:
        parser.error(f"unknown stage {', '.join(sorted(unknown))}; stages are {', '.join(STAGES)}")
    if "crib" in stages:
        crib_stage()
    if "opponent" in stages:
        opponent_stage(args.jobs)
    if "pegging" in stages:
        pegging_stage(args.jobs)
        opponent_stage(args.jobs, rounds=2, deals=30_000, with_pegging=True)
        pegging_stage(args.jobs)
    if "leads" in stages:
        leads_stage(args.jobs)
    if "winning" in stages:  # needs the tables above
        winning_stage(args.jobs)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
