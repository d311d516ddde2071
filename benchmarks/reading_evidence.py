"""What a player's keeps and plays say of it: `python benchmarks/reading_evidence.py expert ismcts:passes=500`.

Two things the expert could read of any opponent, whatever its way of playing, measured for
each player named (any name `cribbage.tournament` takes, and the sparring partners of
`benchmarks/sparring.py`):

* **Its keeps.** In the play the expert weighs the four cards its opponent may hold by how
  likely the expert itself would keep them (`Settings.prior`;
  `cribbage.computer.tables.keep_weights`, relative to four cards kept at random). Every keep
  is seen at the show, so the opponent's keeps could say how far to trust that weight. This
  deals the same seeded hands, lets the player lay away as dealer and as pone, and reports
  the mean natural log of the weight of the ranks kept: the evidence, a deal, that the player
  keeps as the expert does rather than at random (a log likelihood ratio). Positive speaks
  for the expert's weights; keeps made at random average below zero. Beside it, how sharply
  the player keeps by those weights: the power `a` of the weights that makes its keeps
  likeliest, each keep chosen from the 15 its six cards allow with a chance in proportion
  to its weight to the power `a` (0: any keep alike; the larger, the more surely the most
  weighed keep).
* **Its points passed up** (`--games N`, N > 0). Over N seeded games against `--against`
  (the expert by default), the player's plays with a choice of rank and points to take,
  and the share of them in which it passed up more points than its card made
  (`cribbage.computer.reading.points_passed_up`, what `Settings.takes` reads).
"""

from __future__ import annotations

import argparse
import math
import statistics
from collections.abc import Sequence
from itertools import combinations

import sparring  # noqa: F401  # registers the sparring partners as players
from cribbage.cards import Card
from cribbage.computer import Computer
from cribbage.computer.reading import points_passed_up
from cribbage.computer.strategy import strategy_for
from cribbage.computer.tables import Role, keep_weights
from cribbage.rules import GameConfig, Phase, apply, new_game, pending
from cribbage.view import view_for

__all__ = [
    "keep_evidence",
    "keep_sharpness",
    "keeps_made",
    "kept_log_weight",
    "main",
    "passed_up_in_games",
]


def kept_log_weight(kept: Sequence[Card], role: Role) -> float:
    """The natural log of how much likelier than at random the expert, as `role`, keeps the
    ranks of `kept` (-inf if it never does)."""
    weight = keep_weights(role).get(tuple(sorted(int(card.rank) for card in kept)), 0.0)
    return math.log(weight) if weight > 0 else -math.inf


Keep = tuple[tuple[Card, ...], tuple[Card, ...]]
"""The six cards dealt and the four kept of them."""


def keeps_made(player: str, deals: int, seed: int = 1) -> dict[Role, list[Keep]]:
    """`player`'s keep in each of `deals` seeded deals, as dealer in the even ones and as
    pone in the odd ones, by role."""
    computer = Computer.playing(strategy_for(player, seed))
    found: dict[Role, list[Keep]] = {"dealer": [], "pone": []}
    for deal in range(deals):
        dealer = deal % 2
        view = view_for(new_game(seed=seed * 1_000_003 + deal, dealer=dealer), 0)
        laid = set(computer.discard_options_for(view)[0].discard)
        role: Role = "dealer" if dealer == 0 else "pone"
        found[role].append((view.hand, tuple(c for c in view.hand if c not in laid)))
    return found


def keep_evidence(player: str, deals: int, seed: int = 1) -> dict[Role, list[float]]:
    """`kept_log_weight` of `player`'s keep in each of `deals` seeded deals (`keeps_made`),
    by role."""
    return {
        role: [kept_log_weight(kept, role) for _, kept in made]
        for role, made in keeps_made(player, deals, seed).items()
    }


def keep_sharpness(made: Sequence[Keep], role: Role) -> float:
    """The power `a` (0 to 8) of the expert's keep weights as `role` under which the keeps
    `made` are likeliest, each chosen from the 15 of its six cards with a chance in
    proportion to its weight to the power `a`. A keep the expert never makes is counted at
    the least weight of any it makes. (The log likelihood is concave in `a`, so a golden
    section search finds its peak.)"""
    weights = keep_weights(role)
    least = min(w for w in weights.values() if w > 0)

    def log_weight(kept: Sequence[Card]) -> float:
        return math.log(max(weights.get(tuple(sorted(int(c.rank) for c in kept)), 0.0), least))

    deals = [
        (log_weight(kept), [log_weight(option) for option in combinations(hand, 4)])
        for hand, kept in made
    ]

    def likelihood(a: float) -> float:
        total = 0.0
        for chosen, options in deals:
            top = max(options)
            total += a * (chosen - top) - math.log(sum(math.exp(a * (o - top)) for o in options))
        return total

    low, high = 0.0, 8.0
    ratio = (math.sqrt(5) - 1) / 2
    while high - low > 1e-3:
        left, right = high - ratio * (high - low), low + ratio * (high - low)
        if likelihood(left) < likelihood(right):
            low = left
        else:
            high = right
    return (low + high) / 2


def passed_up_in_games(player: str, against: str, games: int, seed: int = 1) -> tuple[int, int]:
    """`player`'s plays that passed up points and those that took the most, over `games`
    seeded games to 121 against `against` (`player` in seat 0, dealing first in the even
    games), as its opponent reads them (`points_passed_up`)."""
    passed = taken = 0
    for game in range(games):
        computers = [
            Computer.playing(strategy_for(name, seed * 7_919 + game * 2 + seat))
            for seat, name in enumerate((player, against))
        ]
        state = new_game(GameConfig(), seed=seed * 1_000_003 + game, dealer=game % 2)
        while state.phase is not Phase.GAME_OVER:
            seat = pending(state)[0]
            state, _ = apply(state, computers[seat].act(view_for(state, seat)))
        for plays in state.past_plays:
            more = points_passed_up([("opponent" if s == 0 else "me", c) for s, c in plays])
            passed, taken = passed + more[0], taken + more[1]
    return passed, taken


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    parser.add_argument("players", nargs="+", help="e.g. expert classic ismcts:passes=500")
    parser.add_argument("--deals", type=int, default=400, help="deals of keeps (400)")
    parser.add_argument("--games", type=int, default=0, help="games of plays (none)")
    parser.add_argument("--against", default="expert", help="their opponent in those games")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    print(
        f"{'keeps of':<22}{'role':<8}{'deals':>6}{'mean log weight':>17}{'s.e.':>7}"
        f"{'sharpness':>11}"
    )
    for player in args.players:
        for role, made in keeps_made(player, args.deals, args.seed).items():
            values = [kept_log_weight(kept, role) for _, kept in made]
            finite = [v for v in values if math.isfinite(v)]
            mean = statistics.fmean(values) if len(finite) == len(values) else -math.inf
            error = statistics.stdev(finite) / math.sqrt(len(finite)) if len(finite) > 1 else 0
            sharpness = keep_sharpness(made, role)
            print(
                f"{player:<22}{role:<8}{len(values):>6}{mean:>17.3f}{error:>7.3f}{sharpness:>11.2f}"
            )
    if args.games > 0:
        print(f"\n{'plays of':<22}{'games':>6}{'with points':>13}{'passed up':>11}")
        for player in args.players:
            passed, taken = passed_up_in_games(player, args.against, args.games, args.seed)
            share = passed / (passed + taken) if passed + taken else 0.0
            print(f"{player:<22}{args.games:>6}{passed + taken:>13}{share:>10.1%}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
