"""Seeded expert-against-expert games to 121, for the benchmarks that study the play."""

from __future__ import annotations

import random
import sys
from collections.abc import Iterator

from cribbage.computer import Computer
from cribbage.rules import CutStarter, GameConfig, Phase, apply, cut_range, new_game, pending
from cribbage.view import PlayerView, view_for


def plays_with_a_choice(games: int, first_seed: int = 0) -> Iterator[tuple[int, PlayerView]]:
    """Plays `games` games (seeds from `first_seed`, the deal alternating) and yields, before
    each play where cards of two ranks or more are legal, the game's number and the view of
    the seat to play; the expert then plays as it would. Prints progress to stderr."""
    for game in range(games):
        cpus = [Computer("expert", seed=2 * game + k) for k in range(2)]
        state = new_game(GameConfig(), seed=first_seed + game, dealer=game % 2)
        while state.phase is not Phase.GAME_OVER:
            seat = pending(state)[0]
            if state.phase is Phase.CUT_STARTER:
                positions = cut_range(len(state.pack))
                position = random.Random(f"cut:{game}:{state.hand_number}").choice(positions)
                state, _ = apply(state, CutStarter(seat, position))
                continue
            view = view_for(state, seat)
            if state.phase is Phase.PLAY and len({card.rank for card in view.legal}) > 1:
                yield game, view
            state, _ = apply(state, cpus[seat].act(view))
        print(f"\rgame {game + 1}/{games}", end="", file=sys.stderr)
    print(file=sys.stderr)
