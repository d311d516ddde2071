"""Shared test helpers: card strategies, a naive scorer, a random-play driver and the checks
every random game must pass, and the benchmark scripts loaded as modules."""

from __future__ import annotations

import importlib.util
import itertools
import json
import random
import sys
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

from hypothesis import strategies as st

from cribbage.cards import DECK, Card, Rank
from cribbage.events import Event, GameOver, Played
from cribbage.rules import (
    Action,
    CutForDeal,
    CutStarter,
    GameConfig,
    GameState,
    Phase,
    Play,
    apply,
    legal_actions,
    new_game,
)

THREE = GameConfig(players=3)
FOUR = GameConfig(players=4)
PARTNERS = GameConfig(players=4, partners=True)
FIVE_CARD = GameConfig(five_card=True, target=61)
OTHER_GAMES = (THREE, FOUR, PARTNERS, FIVE_CARD)
"""The games besides the two-handed one of six cards."""

ROOT = Path(__file__).resolve().parents[1]
DATA = Path(__file__).resolve().parent / "data"


def reference(name: str) -> Any:
    """A file of verified figures kept in tests/data (see its README)."""
    return json.loads((DATA / name).read_text())


def script(path: str) -> ModuleType:
    """A script of the repository (`benchmarks/<name>.py`, `tools/<name>.py`), loaded as the
    module `<name>`; tests call only its public functions."""
    name = Path(path).stem
    spec = importlib.util.spec_from_file_location(name, ROOT / path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault(name, module)
    spec.loader.exec_module(module)
    return module


def cards_st(n: int) -> st.SearchStrategy[list[Card]]:
    """`n` distinct cards."""
    return st.lists(st.sampled_from(DECK), min_size=n, max_size=n, unique=True)


def naive_show(hand: list[Card], starter: Card, crib: bool = False) -> int:
    """The show count (a hand of four, or three in five-card cribbage) by brute force over
    every subset, written as plainly as possible."""
    shown = hand + [starter]
    points = 0
    for size in range(2, len(shown) + 1):
        for combo in itertools.combinations(shown, size):
            if sum(min(int(c.rank), 10) for c in combo) == 15:
                points += 2
    for x, y in itertools.combinations(shown, 2):
        if x.rank == y.rank:
            points += 2
    for size in range(len(shown), 2, -1):
        runs = 0
        for combo in itertools.combinations(shown, size):
            ranks = sorted(int(c.rank) for c in combo)
            if all(ranks[i + 1] == ranks[i] + 1 for i in range(size - 1)):
                runs += 1
        if runs:
            points += size * runs
            break
    if len({c.suit for c in hand}) == 1:
        if starter.suit == hand[0].suit:
            points += len(shown)
        elif not crib:
            points += len(hand)
    if any(c.rank == Rank.JACK and c.suit == starter.suit for c in hand):
        points += 1
    return points


def simplest_action(game: GameState, seat: int, cut: int = 20) -> Action:
    """The first legal choice for `seat`: cut at `cut`, lay away the first cards, play the
    first playable card, claim nothing in the show."""
    match game.phase:
        case Phase.CUT_FOR_DEAL:
            return CutForDeal(seat, cut)
        case Phase.CUT_STARTER:
            return CutStarter(seat, cut)
    return next(action for action in legal_actions(game) if action.seat == seat)


def random_action(state: GameState, rng: random.Random) -> Action:
    """A random legal action (of any seat that must act)."""
    return rng.choice(legal_actions(state))


def play_random_game(
    state: GameState, rng: random.Random
) -> Iterator[tuple[GameState, Action, GameState, tuple[Event, ...]]]:
    """Play random legal actions to the end, yielding (before, action, after, events)."""
    while state.phase is not Phase.GAME_OVER:
        action = random_action(state, rng)
        after, events = apply(state, action)
        yield state, action, after, events
        state = after


def cards_in_place(state: GameState) -> Counter[Card]:
    """Every card once: in a hand, played, in the crib or in the pack."""
    places: Counter[Card] = Counter(state.pack)
    for hand in state.hands:
        places.update(hand)
    places.update(card for _, card in state.history)
    places.update(state.crib)
    return places


def checked_random_game(
    seed: int, config: GameConfig
) -> Iterator[tuple[GameState, GameState, tuple[Event, ...]]]:
    """A random legal game from `seed`, yielding (before, after, events) for each action once
    what every game keeps is checked: each card in one place, the count within 31 and the sum
    of the pile, scores that never fall, each finished deal's plays kept in `past_plays`, and
    one `GameOver`, at the end, won at or past the target with the result the best loser's
    score calls for. Tests add their own checks."""
    rng = random.Random(seed)
    state = new_game(config, seed=seed)
    game_overs = 0
    for before, _, after, events in play_random_game(state, rng):
        assert game_overs == 0
        if after.phase is not Phase.CUT_FOR_DEAL:
            assert cards_in_place(after) == Counter(DECK)
        assert 0 <= after.count <= 31
        assert sum(card.value for card in after.pile) == after.count
        assert all(a >= b for a, b in zip(after.scores, before.scores, strict=True))
        for event in events:
            match event:
                case Played(_, _, count):
                    assert count <= 31
                case GameOver(winner, scores, result):
                    game_overs += 1
                    best_loser = max(s for side, s in enumerate(scores) if side != winner)
                    assert scores[winner] >= config.target > best_loser
                    assert result is config.result_for(best_loser)
        if after.hand_number > before.hand_number > 0:  # a new deal: the last one's plays kept
            ended = before.history + tuple(
                (event.seat, event.card) for event in events if isinstance(event, Played)
            )
            assert after.past_plays == (*before.past_plays, ended)
            if not config.five_card:  # every kept card was played
                assert {card for _, card in ended} == {c for k in before.kept for c in k}
        else:
            assert after.past_plays == before.past_plays
        yield before, after, events
    assert game_overs == 1


def play_state(
    pone: str,
    dealer: str,
    starter: str,
    *,
    dealer_seat: int = 1,
    scores: tuple[int, int] = (0, 0),
    config: Any = None,
) -> GameState:
    """A game at the start of the play with the given hands (card texts) and starter."""
    from dataclasses import replace

    from cribbage.cards import parse_cards
    from cribbage.rules import GameConfig, new_game

    base = new_game(config or GameConfig(), seed=0, dealer=dealer_seat)
    pone_cards = tuple(sorted(parse_cards(pone.split())))
    dealer_cards = tuple(sorted(parse_cards(dealer.split())))
    turned = Card.parse(starter)
    used = set(pone_cards) | set(dealer_cards) | {turned}
    rest = [card for card in DECK if card not in used]
    crib, pack = tuple(rest[:4]), tuple(rest[4:])
    hands: list[tuple[Card, ...]] = [(), ()]
    hands[dealer_seat] = dealer_cards
    hands[1 - dealer_seat] = pone_cards
    return replace(
        base,
        phase=Phase.PLAY,
        hands=tuple(hands),
        kept=tuple(hands),
        discards=(crib[:2], crib[2:]),
        crib=crib,
        starter=turned,
        pack=pack,
        to_move=1 - dealer_seat,
        scores=scores,
        back_pegs=scores,
    )


def play_cards(state: GameState, cards: str) -> tuple[GameState, list[Event]]:
    """Play the named cards in turn, each by whichever seat holds it (it must be its turn)."""
    events: list[Event] = []
    for text in cards.split():
        card = Card.parse(text)
        seat = next(s for s, hand in enumerate(state.hands) if card in hand)
        assert state.to_move == seat, f"{card} played out of turn"
        state, new = apply(state, Play(seat, card))
        events.extend(new)
    return state, events
