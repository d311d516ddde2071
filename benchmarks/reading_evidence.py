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
* **Its replies** (the same games). In the play the expert's search expects its opponent's
  best reply with both hands known (`cribbage.computer.search.PegSearch`). Of the player's
  plays with a choice of rank where points decide (both sides more than 40 from the
  target), the share that were that best reply, the share that were the expert's own card
  in its seat (seeing what the seat sees), and the points a play below the best reply.
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from itertools import combinations

import sparring  # noqa: F401  # registers the sparring partners as players
from cribbage.cards import Card
from cribbage.computer import Computer
from cribbage.computer.endgame import is_aware
from cribbage.computer.play import PlayContext, play_options
from cribbage.computer.reading import points_passed_up
from cribbage.computer.search import PegSearch
from cribbage.computer.settings import EXPERT
from cribbage.computer.strategy import strategy_for
from cribbage.computer.tables import Role, keep_weights
from cribbage.rules import Action, GameConfig, GameState, Phase, Play, apply, new_game, pending
from cribbage.view import view_for

__all__ = [
    "Plays",
    "keep_evidence",
    "keep_sharpness",
    "keeps_made",
    "kept_log_weight",
    "main",
    "plays_in_games",
    "reply_judged",
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


def _games(
    player: str, against: str, games: int, seed: int, watch: Callable[[GameState, Action], None]
) -> Iterator[GameState]:
    """Each of `games` seeded games to 121 of `player` (seat 0, dealing first in the even
    games) against `against`, played out, `watch` shown every action of `player` with the
    game before it; the games' ends."""
    for game in range(games):
        computers = [
            Computer.playing(strategy_for(name, seed * 7_919 + game * 2 + seat))
            for seat, name in enumerate((player, against))
        ]
        state = new_game(GameConfig(), seed=seed * 1_000_003 + game, dealer=game % 2)
        while state.phase is not Phase.GAME_OVER:
            seat = pending(state)[0]
            action = computers[seat].act(view_for(state, seat))
            if seat == 0:
                watch(state, action)
            state, _ = apply(state, action)
        yield state


@dataclass
class Plays:
    """What a player's plays in games say of it (`plays_in_games`)."""

    passed: int = 0
    """Plays with a choice of rank and points to take that passed up points
    (`points_passed_up`, as its opponent reads them)."""
    taken: int = 0
    """Such plays that took the most."""
    plays: int = 0
    """Plays with a choice of rank where points decide (`reply_judged`)."""
    best: int = 0
    """Of those, the ones whose rank was the best reply with both hands known."""
    experts: int = 0
    """Of those, the ones whose rank was the expert's first in the player's seat."""
    below: float = 0.0
    """The points those plays gave up to the best reply with both hands known, in all."""


def reply_judged(state: GameState, card: Card, seed: int) -> tuple[bool, bool, float] | None:
    """Seat 0's play of `card` in `state`: whether its rank is the best reply with both hands
    known, whether it is the rank of the expert's first card in that seat (its sample drawn
    from `seed`), and the points it gives up to the best; None where it had no choice of
    rank or the chance of winning decides."""
    view = view_for(state, 0)
    context = PlayContext.from_view(view)
    ranks = sorted({int(c.rank) for c in context.legal})
    needs = [state.config.target - score for score in state.scores]
    if len(ranks) < 2 or is_aware(EXPERT, *needs):
        return None
    mine, theirs = (tuple(sorted(int(c.rank) for c in hand)) for hand in state.hands)
    count_ranks = tuple(int(c.rank) for c in state.pile)
    search = PegSearch()
    values = {r: search.move(mine, theirs, count_ranks, state.count, r) for r in ranks}
    best = max(values.values())
    experts = play_options(context, rng=random.Random(seed))[0].card.rank
    return values[card.rank] == best, experts == card.rank, best - values[card.rank]


def plays_in_games(player: str, against: str, games: int, seed: int = 1) -> Plays:
    """`player`'s plays over `games` seeded games to 121 against `against` (`player` in seat
    0, dealing first in the even games)."""
    found = Plays()

    def watch(state: GameState, action: Action) -> None:
        if state.phase is Phase.PLAY and isinstance(action, Play):
            judged = reply_judged(state, action.card, seed * 31 + found.plays)
            if judged is not None:
                found.plays += 1
                found.best += judged[0]
                found.experts += judged[1]
                found.below += judged[2]

    for state in _games(player, against, games, seed, watch):
        for plays in state.past_plays:
            more = points_passed_up([("opponent" if s == 0 else "me", c) for s, c in plays])
            found.passed, found.taken = found.passed + more[0], found.taken + more[1]
    return found


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
        found = {p: plays_in_games(p, args.against, args.games, args.seed) for p in args.players}
        print(f"\n{'plays of':<22}{'games':>6}{'with points':>13}{'passed up':>11}")
        for player, plays in found.items():
            with_points = plays.passed + plays.taken
            share = plays.passed / with_points if with_points else 0.0
            print(f"{player:<22}{args.games:>6}{with_points:>13}{share:>10.1%}")
        print(
            f"\n{'replies of':<22}{'games':>6}{'plays':>7}{'best reply':>12}"
            f"{'expert card':>13}{'points below':>14}"
        )
        for player, plays in found.items():
            n = max(plays.plays, 1)
            print(
                f"{player:<22}{args.games:>6}{plays.plays:>7}{plays.best / n:>12.1%}"
                f"{plays.experts / n:>13.1%}{plays.below / n:>14.3f}"
            )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
