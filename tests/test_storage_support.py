"""Random legal play for the storage tests, and the checks that it is random and legal.

`choose_step` picks a legal step from a state with a generator seeded by the match's seed and
the step's number only, so a match played with it is the same match however often its player
is killed and resumed: the tests can say exactly which records were ever saved.
"""

from __future__ import annotations

import random

from cribbage.match import MatchConfig, MatchState
from cribbage.record import NEXT_GAME, Record, Step, replay
from cribbage.rules import (
    Claim,
    Counting,
    CutForDeal,
    CutStarter,
    Discard,
    GameConfig,
    Phase,
    Play,
    cut_positions,
    legal_plays,
    pending,
)
from cribbage.scoring import score_hand
from cribbage.storage import Options, SavedMatch

CLAIMED = GameConfig(counting=(Counting.CLAIMED, Counting.AUTOMATIC), muggins=True)
"""Rules in which the player counts their own hand, so the show waits for claims."""


def random_step(state: MatchState, rng: random.Random) -> Step | None:
    """A legal step for whoever must act, chosen with `rng`; None once the match is over."""
    game = state.game
    if game.phase is Phase.GAME_OVER:
        return None if state.over else NEXT_GAME
    seat = rng.choice(pending(game))
    match game.phase:
        case Phase.CUT_FOR_DEAL:
            return CutForDeal(seat, rng.choice(cut_positions(game)))
        case Phase.CUT_STARTER:
            return CutStarter(seat, rng.choice(cut_positions(game)))
        case Phase.DISCARD:
            return Discard(seat, tuple(rng.sample(game.hands[seat], 2)))
        case Phase.PLAY:
            return Play(seat, rng.choice(legal_plays(game, seat)))
        case Phase.SHOW:
            return Claim(seat, _likely_claim(state, rng))
    raise AssertionError(f"no step in {game.phase}")


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


def test_random_play_reaches_the_end_of_a_match_legally() -> None:
    config = MatchConfig(games=3)
    for seed in range(4):
        match = match_after(seed, None, GameConfig(target=61), config)
        assert match.state.over
        assert sum(match.state.games_won) >= 3
        assert match.record.steps.count(NEXT_GAME) == sum(match.state.games_won) - 1
        assert replay(Record.from_json(match.record.to_json())) == match.state


def test_random_play_with_claimed_counts_ends_the_game() -> None:
    match = match_after(11, None, CLAIMED)
    assert match.state.over
    claims = [step for step in match.record.steps if isinstance(step, Claim)]
    assert claims and all(0 <= claim.points <= 29 for claim in claims)


def test_the_canonical_match_depends_only_on_its_seed() -> None:
    first, second = match_after(5), match_after(5)
    assert first.record == second.record and first.id != second.id
    assert match_after(6).record != first.record
    assert match_after(5, 40).record.steps == first.record.steps[:40]
