"""Match play: a series of games scored in match points, with the rule for who deals first."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Final

from .cards import Card
from .choices import MATCH_POINTS, FirstDealer
from .events import Event, GameResult
from .pegging import next_seat
from .rules import Action, GameConfig, GameState, Phase, apply, new_game

__all__ = [
    "MATCH_MEMORY",
    "MATCH_POINTS",
    "FirstDealer",
    "MatchConfig",
    "MatchOver",
    "MatchState",
    "apply_match",
    "new_match",
    "next_game",
    "plays_so_far",
]


@dataclass(frozen=True, slots=True)
class MatchConfig:
    """How a match is decided.

    A match is `games` games (the most match points wins; a tie plays on, game by game),
    or, with `points` set, the first to reach that many match points. `values` are the match
    points for a win, a skunk and a double skunk: by default BSD's 1, 2 and 4 games. With
    more than two sides, a game's winner is measured against the best of the losers.

    Raises:
        ValueError: neither or both of `games` and `points`, or values not positive.
    """

    games: int | None = 1
    points: int | None = None
    values: tuple[int, int, int] = MATCH_POINTS["games"]
    first_dealer: FirstDealer = FirstDealer.LOSER

    def __post_init__(self) -> None:
        if (self.games is None) == (self.points is None):
            raise ValueError("A match is a number of games or a number of match points.")
        limit = self.games if self.games is not None else self.points
        if limit is None or limit < 1:
            raise ValueError("A match needs at least one game or one match point.")
        if len(self.values) != 3 or min(self.values) < 1:
            raise ValueError("Match points for a win, skunk and double skunk must be positive.")

    def value_of(self, result: GameResult) -> int:
        """Match points for winning a game by `result`."""
        return self.values[list(GameResult).index(result)]


@dataclass(frozen=True, slots=True)
class MatchOver:
    """`winner` won the match with `points` match points each."""

    winner: int
    points: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class MatchState:
    """A match: the game in progress and the record of the games before it."""

    config: MatchConfig
    game_config: GameConfig
    seed: int
    game: GameState
    number: int
    """The game in progress (or just finished), from 1."""
    match_points: tuple[int, ...]
    """Each side's match points (a seat's, or a partnership's)."""
    games_won: tuple[int, ...]
    first_dealers: tuple[int, ...]
    """Who dealt first in each game so far (known once the first cut is done)."""
    winner: int | None = None

    @property
    def over(self) -> bool:
        """True once the match has a winner."""
        return self.winner is not None


def new_match(config: MatchConfig, game_config: GameConfig, seed: int) -> MatchState:
    """A new match whose first game starts with the cut for deal."""
    sides = game_config.sides
    return MatchState(
        config=config,
        game_config=game_config,
        seed=seed,
        game=new_game(game_config, seed),
        number=1,
        match_points=(0,) * sides,
        games_won=(0,) * sides,
        first_dealers=(),
    )


def apply_match(
    state: MatchState, action: Action
) -> tuple[MatchState, tuple[Event | MatchOver, ...]]:
    """Apply `action` to the game in progress, scoring the match when the game ends.

    Raises the same errors as `cribbage.rules.apply`.
    """
    game, events = apply(state.game, action)
    first_dealers = state.first_dealers
    if not first_dealers and game.dealer is not None:
        first_dealers = (game.dealer,)
    state = replace(state, game=game, first_dealers=first_dealers)
    if game.phase is not Phase.GAME_OVER:
        return state, events
    assert game.winner is not None and game.result is not None
    won = game.winner
    points = list(state.match_points)
    points[won] += state.config.value_of(game.result)
    games_won = list(state.games_won)
    games_won[won] += 1
    state = replace(state, match_points=tuple(points), games_won=tuple(games_won))
    winner = _match_winner(state)
    if winner is None:
        return state, events
    return replace(state, winner=winner), events + (MatchOver(winner, state.match_points),)


def _match_winner(state: MatchState) -> int | None:
    points = state.match_points
    best = max(points)
    leaders = [seat for seat, p in enumerate(points) if p == best]
    if state.config.points is not None:
        return leaders[0] if best >= state.config.points else None
    assert state.config.games is not None
    if state.number >= state.config.games and len(leaders) == 1:
        return leaders[0]
    return None


def next_game(state: MatchState) -> MatchState:
    """Start the next game of an unfinished match, dealt by the match's first-dealer rule.

    Raises:
        RuntimeError: the current game is not over, or the match is.
    """
    game = state.game
    if game.phase is not Phase.GAME_OVER or state.over or game.winner is None:
        raise RuntimeError("The next game starts only after a game ends in an open match.")
    config = state.game_config
    previous_first = state.first_dealers[-1]
    match state.config.first_dealer:
        case FirstDealer.LOSER:
            # the loser; with more sides, the lowest, and of its seats the first to the left
            # of the last game's first dealer
            lowest = min(range(config.sides), key=lambda side: (game.scores[side], side))
            dealer = next_seat(previous_first, config.players)
            while config.side_of(dealer) != lowest:
                dealer = next_seat(dealer, config.players)
        case FirstDealer.ALTERNATE:
            dealer = next_seat(previous_first, config.players)
        case FirstDealer.SAME:
            dealer = state.first_dealers[0]
    fresh = new_game(state.game_config, state.seed, dealer=dealer, shuffles=game.shuffles)
    fresh = replace(fresh, match_plays=plays_so_far(game))
    return replace(
        state,
        game=fresh,
        number=state.number + 1,
        first_dealers=state.first_dealers + (dealer,),
    )


MATCH_MEMORY: Final = 60
"""How many deals' plays the next game of a match carries at most (`plays_so_far`): some six
games to 121, where a few deals settle how the expert reads its opponent; so a view stays
small however long the match."""


def plays_so_far(game: GameState) -> tuple[tuple[tuple[int, Card], ...], ...]:
    """Every deal's plays, oldest first, of `game` and the games of its match before it, the
    last `MATCH_MEMORY` of them: the `match_plays` of the match's next game. A deal the game
    ended in counts with the cards played before the end.

    >>> from cribbage.rules import GameConfig
    >>> plays_so_far(new_game(GameConfig(), seed=1))
    ()
    """
    ended = (game.history,) if game.history else ()
    return (game.match_plays + game.past_plays + ended)[-MATCH_MEMORY:]
