"""Shared test helpers: card strategies, a naive scorer, a random-play driver and the checks
every random game must pass, and the benchmark scripts loaded as modules."""

from __future__ import annotations

import importlib.util
import itertools
import json
import random
import sys
from collections import Counter
from collections.abc import Iterator, Sequence
from pathlib import Path
from types import ModuleType
from typing import Any, Final

from hypothesis import strategies as st

from cribbage.cards import DECK, Card, Rank
from cribbage.events import (
    Claimed,
    CountReset,
    CutCard,
    CutTied,
    DealerChosen,
    Dealt,
    Discarded,
    Event,
    GameOver,
    GameResult,
    Go,
    HandOver,
    Played,
    Reason,
    Scored,
    Shown,
    StarterTurned,
)
from cribbage.match import (
    FirstDealer,
    MatchConfig,
    MatchOver,
    MatchState,
    apply_match,
    new_match,
    next_game,
)
from cribbage.rules import (
    Action,
    Claim,
    Counting,
    CutForDeal,
    CutStarter,
    GameConfig,
    GameState,
    Overcount,
    Phase,
    Play,
    apply,
    legal_actions,
    new_game,
    pending,
)
from cribbage.view import PlayerView

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


def naive_play(pile: Sequence[Card]) -> int:
    """Points for the last card laid in the play, from the cards of the count in the order
    played, by brute force and written as plainly as possible: two for fifteen or thirty-one,
    two for each pair among the cards of its rank laid one after another at the end, and the
    length of the longest tail of three or more cards that sorts into a run."""
    ranks = [int(card.rank) for card in pile]
    points = 2 if sum(min(rank, 10) for rank in ranks) in (15, 31) else 0
    same = 1
    while same < len(ranks) and ranks[-1 - same] == ranks[-1]:
        same += 1
    points += 2 * len(list(itertools.combinations(range(same), 2)))
    run = 0
    for length in range(3, len(ranks) + 1):
        tail = sorted(ranks[-length:])
        if all(tail[i + 1] == tail[i] + 1 for i in range(length - 1)):
            run = length
    return points + run


# --- the rules written again from their text, for the checks below -------------------------


def side_of(config: GameConfig, seat: int) -> int:
    """The side a seat pegs for: partners are seats 0 and 2 against 1 and 3."""
    return seat % 2 if config.partners else seat


def first_opponent_on_the_left(config: GameConfig, seat: int) -> int:
    """Who takes a penalty or muggins from `seat`: going round to the left (seat numbers
    rising, back to 0 after the last), the first seat that is not its partner."""
    for step in range(1, config.players):
        other = (seat + step) % config.players
        if side_of(config, other) != side_of(config, seat):
            return other
    raise AssertionError("a seat with no opponent")


def show_order_by_the_rules(config: GameConfig, dealer: int) -> list[tuple[int, bool]]:
    """(seat, crib) in the order of the show: each hand from the dealer's left round to the
    dealer's own, then the dealer's crib."""
    n = config.players
    return [((dealer + step) % n, False) for step in range(1, n + 1)] + [(dealer, True)]


def result_by_the_rules(config: GameConfig, loser: int) -> GameResult:
    """How a game is won against the best loser's score: BSD's margins (skunked more than 30
    points short of the target, double skunked more than 60 short) unless lines are given."""
    skunk = config.skunk_line if config.skunk_line is not None else max(config.target - 30, 0)
    double = config.double_skunk_line
    if double is None:
        double = max(config.target - 60, 0)
    if loser < double:
        return GameResult.DOUBLE_SKUNK
    if loser < skunk:
        return GameResult.SKUNK
    return GameResult.WIN


def match_points_by_the_rules(config: MatchConfig, result: GameResult) -> int:
    """The match points a game is worth: `values` are for a win, a skunk, a double skunk."""
    win, skunk, double = config.values
    return {GameResult.WIN: win, GameResult.SKUNK: skunk, GameResult.DOUBLE_SKUNK: double}[result]


def first_dealer_by_the_rules(
    config: MatchConfig, game: GameConfig, scores: Sequence[int], first_dealers: Sequence[int]
) -> set[int]:
    """Who may deal the first hand of the next game, after a game that ended with `scores`
    (by side), `first_dealers` having dealt the first hand of each game so far: the loser
    (a seat of a side with the lowest score, the first of its seats to the left of the last
    game's first dealer), the next player to the left of the last game's first dealer, or
    the player who dealt first in the first game."""
    last = first_dealers[-1]
    to_the_left = [(last + step) % game.players for step in range(1, game.players + 1)]
    match config.first_dealer:
        case FirstDealer.LOSER:
            lowest = min(scores)
            return {
                next(seat for seat in to_the_left if game.side_of(seat) == side)
                for side, score in enumerate(scores)
                if score == lowest
            }
        case FirstDealer.ALTERNATE:
            return {to_the_left[0]}
        case FirstDealer.SAME:
            return {first_dealers[0]}


def _value(card: Card) -> int:
    return min(int(card.rank), 10)


# --- random games ----------------------------------------------------------------------------


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


STEP_LIMIT: Final = 5_000
"""Actions after which a random game counts as one that never ends (see `play_random_game`)."""


def play_random_game(
    state: GameState, rng: random.Random, limit: int = STEP_LIMIT
) -> Iterator[tuple[GameState, Action, GameState, tuple[Event, ...]]]:
    """Play random legal actions to the end, yielding (before, action, after, events).

    The longest of 3,200 random games (400 of each kind: two-, three- and four-handed,
    partners and five-card, and three with every seat counting its own hands) took 383
    actions, a four-handed game of 121; `limit` is far past any game of 121 that ends, so
    one that deals or cuts for ever fails within seconds instead of stalling the suite.

    Raises:
        AssertionError: the game has not ended after `limit` actions.
    """
    for _ in range(limit):
        if state.phase is Phase.GAME_OVER:
            return
        action = random_action(state, rng)
        after, events = apply(state, action)
        yield state, action, after, events
        state = after
    raise AssertionError(f"the game did not end in {limit} actions")


def cards_in_place(state: GameState) -> Counter[Card]:
    """Every card once: in a hand, played, in the crib or in the pack."""
    places: Counter[Card] = Counter(state.pack)
    for hand in state.hands:
        places.update(hand)
    places.update(card for _, card in state.history)
    places.update(state.crib)
    return places


class GameOracle:
    """Checks a game action by action against the rules written again here and the tests'
    own counts (`naive_play`, `naive_show`): nothing it expects comes from the engine's
    scoring, turn or show code.

    It follows each deal through the events (the cards dealt, laid away, turned and played)
    and works out every point the rules give, in order: three for last, his heels, each
    card's points in the play, the go and the last card, each hand and the crib in the show
    (in the order of the rules, the crib with its own flush rule), a claimed count with its
    over-count penalty or muggins (to the first opponent on the left), and the end of the
    game the moment a side reaches the target, won by the result the skunk lines give. Every
    `Scored` must be one of those, none may be missing, each side's score moves by exactly
    its pegs, the turn in the play and in the show passes as the rules say, and each seat the
    turn passes over that still holds cards says go, once a count.

    Start it on a new game (cut for deal) or a game just dealt (a match's next game).
    """

    def __init__(self, state: GameState) -> None:
        assert state.phase in (Phase.CUT_FOR_DEAL, Phase.DISCARD) and not any(state.discards)
        zeros = (0,) * state.config.sides
        assert state.scores == state.back_pegs == zeros, "a new game starts with every peg at 0"
        self.config = state.config
        n = self.config.players
        self.dealer = state.dealer
        self.hand_number = state.hand_number
        self.held: list[list[Card]] = [list(hand) for hand in state.hands] or [[]] * n
        self.kept: list[list[Card]] = [[] for _ in range(n)]
        self.crib: list[Card] = list(state.crib)
        self.starter: Card | None = None
        self.in_hand: list[list[Card]] = [[] for _ in range(n)]
        self.pile: list[Card] = []
        self.count = 0
        self.to_play: int | None = None
        self.reset_due = False
        self.go_count = 0
        self.goes: list[int] = []
        self.said_go: set[int] = set()
        self.show: list[tuple[int, bool]] = []
        self.claim: tuple[int, int, int, bool] | None = None
        self.scores: list[int] = [0] * self.config.sides
        self.back_pegs: list[int] = [0] * self.config.sides
        self.owed: list[tuple[int, int, Reason]] = []
        self.won: int | None = None
        self.results: list[GameResult] = []
        self.dealt = False
        self.action: Action | None = None

    @property
    def over(self) -> bool:
        """True once the game has ended."""
        return bool(self.results)

    def check(
        self, before: GameState, action: Action, after: GameState, events: tuple[Event, ...]
    ) -> None:
        """Check the `events` and the state `after` of `action` taken in `before`."""
        assert not self.over, "an action after the end of the game"
        self.scores = list(before.scores)
        self.back_pegs = list(before.back_pegs)
        self.action = action
        self.dealt = False
        for event in events:
            assert not self.over, f"{event} after the end of the game"
            self.event(event)
        assert not self.owed, f"points the rules give were never pegged: {self.owed}"
        assert not self.goes or self.over, f"seats that never said go: {self.goes}"
        assert (self.won is not None) == self.over, "a side reached the target and played on"
        assert list(after.scores) == self.scores, "a score moved by other than its pegs"
        assert list(after.back_pegs) == self.back_pegs, "a back peg not where the front was"
        if self.dealt:  # the cards of a new deal, and three-handed the pack's card to the crib
            self.held = [list(hand) for hand in after.hands]
            self.kept = [[] for _ in self.held]
            self.crib = list(after.crib)
            assert len(self.crib) == (1 if self.config.players == 3 else 0)
        if self.over:
            assert after.to_move is None and pending(after) == (), "a turn after the end"
            return
        if after.phase is not Phase.PLAY:
            assert after.to_move is None, "a seat to play outside the play"
        if after.phase is not Phase.CUT_FOR_DEAL:
            assert after.cutters is None, "seats to cut for deal after the deal"
        if after.phase is Phase.PLAY:
            assert pending(after) == (self.to_play,), "the turn passed to the wrong seat"
        elif after.phase is Phase.SHOW:
            seat = self.show[0][0]
            assert self.config.counts[seat] is Counting.CLAIMED
            assert pending(after) == (seat,), "the wrong seat counts next"
        else:
            assert not self.show, "the show stopped before the crib"

    def event(self, event: Event) -> None:
        n = self.config.players
        match event:
            case CutCard() | CutTied():
                pass
            case DealerChosen(seat):
                assert self.dealer is None
                self.dealer = seat
            case Dealt(dealer, number):
                assert self.dealer is not None and not self.show
                if number == 1:  # the first deal, by the seat the cut chose
                    assert dealer == self.dealer
                else:
                    assert dealer == (self.dealer + 1) % n, "the deal did not pass to the left"
                self.dealer, self.hand_number, self.dealt = dealer, number, True
            case Discarded(seat, cards):
                assert len(cards) == (2 if n == 2 else 1)
                assert set(cards) <= set(self.held[seat]) and not self.kept[seat]
                self.kept[seat] = [card for card in self.held[seat] if card not in cards]
                self.crib += cards
            case StarterTurned(cutter, card):
                assert self.dealer is not None
                pone = (self.dealer + 1) % n
                assert cutter == pone and len(self.crib) == 4
                self.starter = card
                self.in_hand = [list(hand) for hand in self.kept]
                self.pile, self.count, self.to_play, self.said_go = [], 0, pone, set()
                if self.config.five_card and self.hand_number == 1:
                    self.owe(pone, 3, Reason.THREE_FOR_LAST)
                if card.rank is Rank.JACK:
                    self.owe(self.dealer, 2, Reason.HEELS)
            case Played(seat, card, count):
                self.played(seat, card, count)
            case Go(seat):
                assert self.goes and seat == self.goes.pop(0), f"{seat} said go out of turn"
                assert all(self.go_count + _value(c) > 31 for c in self.in_hand[seat]), (
                    "a go from a seat holding a card that fits"
                )
                self.said_go.add(seat)
            case CountReset(leader):
                assert self.reset_due and leader == self.to_play, "the wrong seat leads"
                self.reset_due, self.said_go = False, set()
            case Claimed(seat, claimed, actual, crib):
                assert isinstance(self.action, Claim) and self.action.seat == seat
                assert claimed == (0 if self.action.points == 19 else self.action.points)
                self.claim = (seat, claimed, actual, crib)
            case Shown(seat, cards, starter, crib, score, claimed):
                self.shown(seat, tuple(cards), starter, crib, score.total, claimed)
            case Scored(seat, points, reason, total):
                assert self.owed, f"{points} for {reason.value} that the rules do not give"
                expected = self.owed.pop(0)
                assert (seat, points, reason) == expected, f"pegged {event}, not {expected}"
                side = side_of(self.config, seat)
                self.back_pegs[side] = self.scores[side]  # the back peg leapfrogs to the front
                self.scores[side] += points
                assert total == self.scores[side]
                if total >= self.config.target:
                    self.owed = []  # nothing is pegged after the end
                    self.won = side
            case GameOver(winner, scores, result):
                assert winner == self.won and list(scores) == self.scores
                best_loser = max(s for side, s in enumerate(scores) if side != winner)
                assert result is result_by_the_rules(self.config, best_loser)
                self.results.append(result)
            case HandOver():
                assert not self.show and self.starter is not None, "the show ended early"
                assert all(not hand for hand in self.in_hand) or self.config.five_card
                self.starter = None
            case _:
                raise AssertionError(f"an event the oracle does not know: {event}")

    def owe(self, seat: int, points: int, reason: Reason) -> None:
        """The rules give `seat` `points` for `reason`: the next peg must be this one."""
        if points > 0:
            self.owed.append((seat, points, reason))

    def played(self, seat: int, card: Card, count: int) -> None:
        """A card on the count: its points, then the go or the last card, a new count or
        the end of the play, and who plays next."""
        assert seat == self.to_play and not self.reset_due
        self.in_hand[seat].remove(card)
        self.pile.append(card)
        self.count += _value(card)
        assert count == self.count <= 31
        self.go_count = count  # a go said after this card is said on this count
        self.owe(seat, naive_play(self.pile), Reason.PLAY)
        n = self.config.players
        to_the_left = [(seat + step) % n for step in range(1, n + 1)]  # the mover last
        holding = [s for s in to_the_left if self.in_hand[s]]
        can_play = [
            s for s in holding if any(self.count + _value(c) <= 31 for c in self.in_hand[s])
        ]
        if can_play and self.count < 31:
            self.to_play = can_play[0]  # the seats passed over say go, once a count
            self.say_go(to_the_left[: to_the_left.index(self.to_play)])
            return
        if self.count < 31:  # nobody can play: the others say go; one for the go, or last card
            self.say_go(to_the_left[:-1])
            self.owe(seat, 1, Reason.GO if holding else Reason.LAST_CARD)
        if holding and not self.config.five_card:  # a new count, led from the left
            self.to_play = holding[0]
            self.reset_due = True
            self.pile, self.count = [], 0
            return
        assert self.dealer is not None
        self.to_play = None
        self.show = show_order_by_the_rules(self.config, self.dealer)

    def say_go(self, seats: list[int]) -> None:
        """Of `seats`, those that still hold cards say go next, in turn, unless they have
        said it in this count already."""
        self.goes = [s for s in seats if self.in_hand[s] and s not in self.said_go]

    def shown(
        self,
        seat: int,
        cards: tuple[Card, ...],
        starter: Card,
        crib: bool,
        total: int,
        shown_claim: int | None,
    ) -> None:
        """A hand or the crib shown: in its turn, its cards, the true count, what the seat
        claimed if it counts its own, and its points (or the claimed count's, with a penalty
        or muggins to the first opponent on the left)."""
        assert self.show, "a hand shown outside the show"
        assert (seat, crib) == self.show.pop(0), "a hand shown out of its turn"
        assert starter == self.starter
        assert sorted(cards) == sorted(self.crib if crib else self.kept[seat])
        actual = naive_show(list(cards), starter, crib)
        assert total == actual, f"{cards} with {starter} counted {total}, not {actual}"
        reason = Reason.CRIB if crib else Reason.HAND
        if self.claim is None:
            assert self.config.counts[seat] is Counting.AUTOMATIC and shown_claim is None
            self.owe(seat, actual, reason)
            return
        claimant, claimed, said, claim_crib = self.claim
        self.claim = None
        assert shown_claim == claimed, f"shown as claiming {shown_claim}, not {claimed}"
        assert (claimant, claim_crib, said) == (seat, crib, actual)
        assert self.config.counts[seat] is Counting.CLAIMED
        opponent = first_opponent_on_the_left(self.config, seat)
        if claimed > actual:
            self.owe(seat, actual, reason)
            penalty = {Overcount.BSD: 2, Overcount.RUTHLESS: claimed - actual, Overcount.NONE: 0}
            self.owe(opponent, penalty[self.config.overcount], Reason.OVERCLAIM)
        else:
            self.owe(seat, claimed, reason)
            if self.config.muggins:
                self.owe(opponent, actual - claimed, Reason.MUGGINS)


def checked_random_game(
    seed: int, config: GameConfig
) -> Iterator[tuple[GameState, GameState, tuple[Event, ...]]]:
    """A random legal game from `seed`, yielding (before, after, events) for each action once
    what every game keeps is checked: each card in one place, the count within 31 and the sum
    of the pile, each finished deal's plays kept in `past_plays`, every point against the
    rules (`GameOracle`), and one `GameOver`, at the end. Tests add their own checks."""
    rng = random.Random(seed)
    state = new_game(config, seed=seed)
    oracle = GameOracle(state)
    for before, action, after, events in play_random_game(state, rng):
        oracle.check(before, action, after, events)
        check_cards(before, after, events)
        yield before, after, events
    assert oracle.over and len(oracle.results) == 1


def check_cards(before: GameState, after: GameState, events: tuple[Event, ...]) -> None:
    """Each card in one place, the count within 31 and the sum of the pile, and each finished
    deal's plays kept in `past_plays`."""
    config = after.config
    if after.phase is not Phase.CUT_FOR_DEAL:
        assert cards_in_place(after) == Counter(DECK)
    assert 0 <= after.count <= 31
    assert sum(card.value for card in after.pile) == after.count
    if after.hand_number > before.hand_number > 0:  # a new deal: the last one's plays kept
        ended = before.history + tuple(
            (event.seat, event.card) for event in events if isinstance(event, Played)
        )
        assert after.past_plays == (*before.past_plays, ended)
        if not config.five_card:  # every kept card was played
            assert {card for _, card in ended} == {c for k in before.kept for c in k}
    else:
        assert after.past_plays == before.past_plays


def checked_random_match(
    seed: int, config: GameConfig, match_config: MatchConfig
) -> Iterator[tuple[MatchState, MatchState, tuple[Event | MatchOver, ...]]]:
    """A random legal match from `seed`, each game checked by a `GameOracle`, yielding
    (before, after, events) for each step. Each game's winner gains the match points of its
    result (worked out from the final scores), the others none; its games won go up by one;
    and the match ends, with one `MatchOver`, exactly when the rules say: after `games`
    games with one side ahead, or when a side reaches `points`. Each game after the first is
    dealt first by the match's rule, and the match keeps who dealt first in each game."""
    rng = random.Random(seed)
    match = new_match(match_config, config, seed)
    oracle = GameOracle(match.game)
    first_dealers: list[int] = []  # who dealt the first hand of each game, as the events say
    limit = 20 * STEP_LIMIT  # twenty long games: far more than the matches the tests play
    for _ in range(limit):
        if match.over:
            return
        before = match
        if match.game.phase is Phase.GAME_OVER:
            match = next_game(match)
            dealers = first_dealer_by_the_rules(
                match_config, config, before.game.scores, first_dealers
            )
            assert match.game.dealer in dealers, f"{match_config.first_dealer}: {dealers}"
            first_dealers.append(match.game.dealer)
            assert match.first_dealers == tuple(first_dealers)
            assert match.number == before.number + 1
            assert match.match_points == before.match_points
            assert match.games_won == before.games_won
            oracle = GameOracle(match.game)
            yield before, match, ()
            continue
        action = random_action(match.game, rng)
        match, events = apply_match(match, action)
        first_dealers += [event.seat for event in events if isinstance(event, DealerChosen)]
        assert match.first_dealers == tuple(first_dealers)
        game_events = tuple(event for event in events if not isinstance(event, MatchOver))
        oracle.check(before.game, action, match.game, game_events)
        check_cards(before.game, match.game, game_events)
        if not oracle.over:
            assert match.match_points == before.match_points and events == game_events
            yield before, match, events
            continue
        result = oracle.results[0]
        assert match.game.winner == oracle.won
        won = oracle.won
        assert won is not None
        gained = match_points_by_the_rules(match_config, result)
        assert list(match.match_points) == [
            points + (gained if side == won else 0)
            for side, points in enumerate(before.match_points)
        ], f"a {result.value} is worth {gained} match points"
        assert list(match.games_won) == [
            games + (side == won) for side, games in enumerate(before.games_won)
        ]
        best = max(match.match_points)
        leaders = [side for side, points in enumerate(match.match_points) if points == best]
        if match_config.points is not None:
            ends = best >= match_config.points
        else:
            assert match_config.games is not None
            ends = match.number >= match_config.games and len(leaders) == 1
        assert match.over == ends
        if ends:
            assert match.winner == leaders[0]
            assert events[-1] == MatchOver(leaders[0], match.match_points)
        else:
            assert events == game_events
        yield before, match, events
    raise AssertionError(f"the match did not end in {limit} steps")


def cards_named_in(view: PlayerView) -> set[Card]:
    """Every card a view names anywhere."""
    named = set(view.hand) | set(view.kept) | set(view.discards) | set(view.pile)
    named |= {card for _, card in view.history}
    named |= {card for plays in view.past_plays + view.match_plays for _, card in plays}
    named |= {card for card in view.cuts if card is not None}
    named |= {card for shown in view.shown for card in shown.cards}
    if view.counting is not None:
        named |= set(view.counting.cards)
    if view.starter is not None:
        named.add(view.starter)
    return named


def known_to(state: GameState, seat: int) -> set[Card]:
    """The cards whose place the rules let `seat` know now, worked out from the rules: its own
    cards (dealt, kept, laid away), the cards cut for deal, the starter, every card played in
    this game and the earlier games of its match, and in the show (or at a game's end there) the hands and crib shown so far,
    in the order of the rules, with the one it is counting now."""
    known = set(state.hands[seat]) if state.hands else set()
    if state.kept:
        known |= set(state.kept[seat]) | set(state.discards[seat])
    known |= {card for card in state.cuts if card is not None}
    known |= {card for _, card in state.history}
    known |= {card for plays in state.past_plays + state.match_plays for _, card in plays}
    if state.starter is not None:
        known.add(state.starter)
    if state.phase in (Phase.SHOW, Phase.GAME_OVER) and state.dealer is not None:
        order = show_order_by_the_rules(state.config, state.dealer)
        shown = order[: state.show_step]
        if state.phase is Phase.SHOW and order[state.show_step][0] == seat:
            shown.append(order[state.show_step])  # face up to the seat counting it
        for owner, crib in shown:
            known |= set(state.crib if crib else state.kept[owner])
    return known


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
