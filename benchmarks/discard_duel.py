"""What a discard setting is worth, deal by deal: `python benchmarks/discard_duel.py crib=random`.

Over seeded deals, the expert's discard is compared with the discard of the same expert with
one setting changed (e.g. `crib=random`, `pegging=off`), against an opponent who really
discards (the expert by default, or `--opponent classic`). Where the two discards differ, both
are valued exactly given the cards the opponent actually laid away: the kept hand and the crib
averaged over the 40 starters left, signed for whose crib it is. The kept ranks' pegging
value from the shipped table is reported beside it (an estimate; tournaments measure the
play itself). Both seats are played, as dealer and as pone.

Much less noisy than a tournament, because only the discards differ and each is valued
exactly: the standard error is printed with the mean.
"""

from __future__ import annotations

import argparse
import math
import random
import sys

from cribbage.cards import DECK, Card
from cribbage.computer import Computer, Settings, parse_settings
from cribbage.computer.tables import pegging_values
from cribbage.scoring import hand_points


def _value(
    keep: tuple[Card, ...], crib: tuple[Card, ...], starters: list[Card], dealer: bool
) -> float:
    """Kept hand plus (own) or minus (opponent's) crib, averaged over the starters."""
    a, b, c, d = (card.index for card in keep)
    w, x, y, z = (card.index for card in crib)
    total = 0
    for starter in starters:
        s = starter.index
        crib_points = hand_points(w, x, y, z, s, True)
        total += hand_points(a, b, c, d, s) + (crib_points if dealer else -crib_points)
    return total / len(starters)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("change", help="the setting changed, e.g. crib=random")
    parser.add_argument("--deals", type=int, default=10_000)
    parser.add_argument("--opponent", default="expert", choices=["expert", "classic"])
    args = parser.parse_args()
    other = parse_settings(args.change, Settings(aware=False))
    mine = Computer("expert", seed=1, settings=Settings(aware=False))
    theirs = Computer("expert", seed=2, settings=Settings(aware=False))
    if args.opponent == "classic":
        theirs = Computer("classic", seed=2)
    changed = Computer("expert", seed=1, settings=other)
    shows: list[float] = []
    pegs: list[float] = []
    differing = 0
    for deal in range(args.deals):
        cards = random.Random(f"duel:{deal}").sample(DECK, 12)
        for dealer in (True, False):
            hand, opponent_hand = (cards[:6], cards[6:]) if dealer else (cards[6:], cards[:6])
            thrown = theirs.discard(opponent_hand, dealer=not dealer)
            starters = [card for card in DECK if card not in cards]
            ours = mine.discard(hand, dealer=dealer)
            alternative = changed.discard(hand, dealer=dealer)
            if set(ours) == set(alternative):
                shows.append(0.0)
                pegs.append(0.0)
                continue
            differing += 1
            table = pegging_values("dealer" if dealer else "pone")
            values = []
            for laid in (ours, alternative):
                keep = tuple(card for card in hand if card not in laid)
                show = _value(keep, (*laid, *thrown), starters, dealer)
                values.append((show, table[tuple(sorted(int(card.rank) for card in keep))]))
            shows.append(values[0][0] - values[1][0])
            pegs.append(values[0][1] - values[1][1])
        if (deal + 1) % 500 == 0:
            print(f"\r{deal + 1}/{args.deals} deals", end="", file=sys.stderr)
    print(file=sys.stderr)
    n = len(shows)
    for name, diffs in (("hand and crib", shows), ("pegging (table)", pegs)):
        mean = sum(diffs) / n
        sd = math.sqrt(sum((x - mean) ** 2 for x in diffs) / (n - 1))
        print(
            f"{name:<16} expert minus expert:{args.change}: {mean:+.4f} points a discard "
            f"(standard error {sd / math.sqrt(n):.4f})"
        )
    print(
        f"{n} discards against the {args.opponent}'s real throws; they differ in {differing} "
        f"({100 * differing / n:.1f}%)"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
