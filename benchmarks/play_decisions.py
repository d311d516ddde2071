"""Every decision of seeded expert-against-expert games, to show that a change of speed
changed none: `python benchmarks/play_decisions.py [--games N] [--first-seed S] > after.txt`.

Plays the games of `benchmarks/bench_computer.py` (the same seeds, cuts and computers) and
prints one line per decision: the game, the deal, the seat, and either the two cards laid
away or, for a play, every legal card with its value (points, and the chance of winning
where it is reckoned, written out in full with `repr`), best first, the card played first.
Run it before and after a change and compare the files with `diff`; the last line is a
digest of all the others, for a quick look.
"""

from __future__ import annotations

import argparse
import hashlib
import random
import sys

from cribbage.computer import Computer
from cribbage.rules import (
    CutStarter,
    Discard,
    GameConfig,
    Phase,
    Play,
    apply,
    cut_range,
    new_game,
    pending,
)
from cribbage.view import view_for


def decisions(games: int, first_seed: int = 0) -> list[str]:
    """One line per discard and per play of `games` games from `first_seed` (see above)."""
    lines = []
    for game in range(first_seed, first_seed + games):
        cpus = [Computer("expert", seed=2 * game + k) for k in range(2)]
        state = new_game(GameConfig(), seed=game, dealer=game % 2)
        while state.phase is not Phase.GAME_OVER:
            seat = pending(state)[0]
            if state.phase is Phase.CUT_STARTER:
                positions = cut_range(len(state.pack))
                position = random.Random(f"cut:{game}:{state.hand_number}").choice(positions)
                state, _ = apply(state, CutStarter(seat, position))
                continue
            view = view_for(state, seat)
            action = cpus[seat].act(view)
            where = f"{game} {state.hand_number} {seat}"
            if isinstance(action, Discard):
                lines.append(f"{where} lays away {' '.join(map(str, action.cards))}")
            elif isinstance(action, Play) and len({card.rank for card in view.legal}) > 1:
                options = cpus[seat].play_options_for(view)
                if options[0].card != action.card:
                    raise RuntimeError(f"{where}: played {action.card}, options {options}")
                values = ", ".join(f"{o.card} {o.points!r} {o.win!r}" for o in options)
                lines.append(f"{where} plays {action.card}: {values}")
            elif isinstance(action, Play):
                lines.append(f"{where} plays {action.card}")
            state, _ = apply(state, action)
        print(f"\rgame {game - first_seed + 1}/{games}", end="", file=sys.stderr)
    print(file=sys.stderr)
    return lines


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--first-seed", type=int, default=0)
    args = parser.parse_args()
    lines = decisions(args.games, args.first_seed)
    digest = hashlib.sha256("\n".join(lines).encode()).hexdigest()
    print("\n".join(lines))
    print(f"{len(lines)} decisions, sha256 {digest}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
