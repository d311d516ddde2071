"""Statistics: tallies from game records, counting once, the file format and the report."""

from __future__ import annotations

import copy
from dataclasses import fields
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cribbage.cards import Card
from cribbage.choices import LEVELS
from cribbage.events import GameOver, GameResult, Scored, Shown
from cribbage.glyphs import UNICODE
from cribbage.match import MatchConfig
from cribbage.rules import Counting, GameConfig, Seat
from cribbage.stats import (
    MAX_COUNTED,
    BestHand,
    GameTally,
    LevelStats,
    MatchTally,
    SideStats,
    Statistics,
    render_statistics,
    summary_line,
    tally_match,
)
from cribbage.storage.statistics import dump_statistics, parse_statistics

from .storage_support import CLAIMED, match_after

seeds = st.integers(0, 2**32)


def _tally(
    winner: int, result: GameResult = GameResult.WIN, number: int = 1, best: int | None = None
) -> GameTally:
    sides = (SideStats(8, 1, 4, 1, 5), SideStats(6, 1, 0, 0, 3))
    hand = None
    if best is not None:
        hand = BestHand(
            best, tuple(Card.parse(t) for t in ("5H", "5C", "5S", "JD")), Card.parse("5D")
        )
    return GameTally(number, winner, result, 1, sides, hand)


# --- tallies from records -------------------------------------------------------------------


@settings(max_examples=25, deadline=None)
@given(seeds)
def test_show_and_pegging_points_add_up_to_the_final_scores(seed: int) -> None:
    final = match_after(seed, None)
    [game] = tally_match(final.record).games
    scores = final.state.game.scores
    for seat, side in enumerate(game.sides):
        assert side.hand_points + side.crib_points + side.pegging_points == scores[seat]
    assert game.winner == final.state.game.winner
    assert game.result == final.state.game.result
    assert game.deals == final.state.game.hand_number


@settings(max_examples=15, deadline=None)
@given(seeds)
def test_hands_shown_and_the_best_hand_come_from_the_show(seed: int) -> None:
    final = match_after(seed, None)
    shown = [event for event in final.events if isinstance(event, Shown)]
    [game] = tally_match(final.record).games
    for seat, side in enumerate(game.sides):
        assert side.hands == sum(1 for e in shown if e.seat == seat and not e.crib)
        assert side.cribs == sum(1 for e in shown if e.seat == seat and e.crib)
    mine = [e.score.total for e in shown if e.seat == Seat.HUMAN and not e.crib]
    assert (game.best_hand.points if game.best_hand else None) == (max(mine) if mine else None)


def test_a_claimed_count_tallies_what_was_pegged() -> None:
    final = match_after(11, None, CLAIMED)
    pegged = sum(
        e.points
        for e in final.events
        if isinstance(e, Scored) and e.seat == 0 and e.reason.name == "HAND"
    )
    [game] = tally_match(final.record).games
    assert game.sides[0].hand_points == pegged
    assert final.record.game_config.counts[0] is Counting.CLAIMED


def test_a_match_tallies_each_finished_game_and_its_winner() -> None:
    final = match_after(3, None, GameConfig(target=31), MatchConfig(games=3))
    tally = tally_match(final.record)
    over = [e for e in final.events if isinstance(e, GameOver)]
    assert [game.winner for game in tally.games] == [e.winner for e in over]
    assert [game.number for game in tally.games] == list(range(1, len(over) + 1))
    assert tally.winner == final.state.winner and tally.counts_as_match


def test_a_game_in_play_adds_nothing() -> None:
    tally = tally_match(match_after(3, 60).record)
    assert tally == MatchTally((), None, False)


# --- counting -------------------------------------------------------------------------------


def test_a_winning_streak_is_games_won_in_a_row() -> None:
    level = LevelStats()
    for winner in (0, 0, 1, 0, 0, 0, 1, 0):
        level.add_game(_tally(winner))
    assert (level.games_won, level.games_lost) == (6, 2)
    assert (level.streak, level.longest_streak) == (1, 3)


@pytest.mark.parametrize(
    ("winner", "result", "counts"),
    [
        (0, GameResult.SKUNK, (1, 0, 0, 0)),
        (1, GameResult.SKUNK, (0, 1, 0, 0)),
        (0, GameResult.DOUBLE_SKUNK, (0, 0, 1, 0)),
        (1, GameResult.DOUBLE_SKUNK, (0, 0, 0, 1)),
        (0, GameResult.WIN, (0, 0, 0, 0)),
    ],
)
def test_skunks_are_given_or_taken(
    winner: int, result: GameResult, counts: tuple[int, int, int, int]
) -> None:
    level = LevelStats()
    level.add_game(_tally(winner, result))
    assert (
        level.skunks_given,
        level.skunks_taken,
        level.double_skunks_given,
        level.double_skunks_taken,
    ) == counts


def test_points_per_side_and_the_best_hand_accumulate() -> None:
    level = LevelStats()
    level.add_game(_tally(0, best=12))
    level.add_game(_tally(1, best=29))
    level.add_game(_tally(1, best=20))
    assert level.you == SideStats(24, 3, 12, 3, 15)
    assert level.computer == SideStats(18, 3, 0, 0, 9)
    assert level.best_hand is not None and level.best_hand.points == 29
    assert level.deals == 3


def test_counting_a_match_twice_adds_nothing() -> None:
    tally = tally_match(match_after(4, None, GameConfig(target=61), MatchConfig(games=2)).record)
    stats = Statistics()
    assert stats.count_match("m", tally, "expert")
    once = copy.deepcopy(stats)
    assert not stats.count_match("m", tally, "expert")
    assert stats == once
    assert stats.levels["expert"].games == len(tally.games)
    assert stats.levels["expert"].matches_won + stats.levels["expert"].matches_lost == 1
    assert stats.count_match("other", tally, "expert")
    assert stats.levels["expert"].games == 2 * len(tally.games)


def test_a_single_game_is_not_a_match() -> None:
    stats = Statistics()
    stats.count_match("m", tally_match(match_after(5, None).record), "easy")
    assert (stats.levels["easy"].matches_won, stats.levels["easy"].matches_lost) == (0, 0)


def test_the_counted_ids_are_bounded() -> None:
    stats = Statistics()
    for number in range(MAX_COUNTED + 10):
        stats.count_match(f"m{number}", MatchTally((_tally(0),), None, False), "easy")
    assert len(stats.counted) == MAX_COUNTED
    assert stats.counted[-1] == f"m{MAX_COUNTED + 9}/1" and "m0/1" not in stats.counted


def test_the_side_fields_are_all_counted() -> None:
    one = SideStats(*range(1, len(fields(SideStats)) + 1))
    total = SideStats()
    total.add(one)
    total.add(one)
    assert [getattr(total, f.name) for f in fields(SideStats)] == [
        2 * getattr(one, f.name) for f in fields(SideStats)
    ]


# --- the file format ------------------------------------------------------------------------


def _some_statistics(seed: int, games: int) -> Statistics:
    stats = Statistics()
    for number in range(games):
        level = LEVELS[(seed + number) % 3]
        tally = tally_match(match_after(seed + number, None).record)
        stats.count_match(f"{seed}-{number}", tally, level)
    stats.count_hint("classic")
    return stats


@settings(max_examples=10, deadline=None)
@given(seeds, st.integers(0, 4))
def test_statistics_round_trip_through_plain_data(seed: int, games: int) -> None:
    stats = _some_statistics(seed, games)
    assert parse_statistics(copy.deepcopy(dump_statistics(stats))) == stats


def _spoil(data: dict[str, Any], path: tuple[str, ...], value: object) -> dict[str, Any]:
    spoiled = copy.deepcopy(data)
    target = spoiled
    for key in path[:-1]:
        target = target[key]
    if value is KeyError:
        del target[path[-1]]
    else:
        target[path[-1]] = value
    return spoiled


@pytest.mark.parametrize(
    ("path", "value"),
    [
        (("levels", "easy", "games_won"), -1),
        (("levels", "easy", "games_won"), True),
        (("levels", "easy", "games_won"), 1.5),
        (("levels", "easy", "games_won"), KeyError),
        (("levels", "easy", "extra"), 1),
        (("levels", "easy", "you", "hands"), "3"),
        (("levels", "easy", "computer"), None),
        (("levels", "easy", "streak"), 99),
        (("levels", "easy", "best_hand"), {"points": 12, "cards": ["5H"], "starter": "5D"}),
        (
            ("levels", "easy", "best_hand"),
            {"points": 12, "cards": ["5H", "5H", "5C", "5S"], "starter": "5D"},
        ),
        (("levels", "easy", "best_hand"), {"points": 12, "cards": "5H5C", "starter": "5D"}),
        (
            ("levels", "easy", "best_hand"),
            {"points": 12, "cards": ["ZZ", "5C", "5S", "5D"], "starter": 5},
        ),
        (("levels", ""), {}),
        (("counted",), [1, 2]),
        (("counted",), KeyError),
    ],
)
def test_a_malformed_statistics_table_is_refused(path: tuple[str, ...], value: object) -> None:
    stats = Statistics()
    stats.level("easy").add_game(_tally(0, best=12))
    data = dump_statistics(stats)
    assert parse_statistics(copy.deepcopy(data)) == stats
    with pytest.raises(ValueError):
        parse_statistics(_spoil(data, path, value))


# --- the report -----------------------------------------------------------------------------


def test_the_report_shows_each_level_in_order_within_80_columns() -> None:
    stats = Statistics()
    for level, winners in (("expert", (0, 1, 1)), ("easy", (0, 0)), ("custom", (1,))):
        for winner in winners:
            stats.level(level).add_game(_tally(winner, best=12 if level == "easy" else None))
    stats.level("classic").hints = 4  # a level with hints but no game is not shown
    text = render_statistics(stats)
    lines = text.splitlines()
    assert all(len(line) <= 80 for line in lines)
    header = lines[0].split()
    assert header == ["easy", "expert", "custom"]
    row = {line[:28].strip(): line[28:].split() for line in lines[1:]}
    assert row["Games won / lost"] == ["2", "/", "0", "1", "/", "2", "0", "/", "1"]
    assert row["Games won"] == ["100%", "33%", "0%"]
    assert row["hand"][:3] == ["8.0", "/", "6.0"]
    assert row["pegging per deal"][:3] == ["5.0", "/", "3.0"]
    assert row["crib"][3:6] == ["4.0", "/", "-"]
    assert "Best hand at easy: 12 (5H 5C 5S JD, starter 5D)" in lines
    drawn = render_statistics(stats, UNICODE).splitlines()  # as a screen that has them
    assert "Best hand at easy: 12 (5♥ 5♣ 5♠ J♦, starter 5♦)" in drawn


def test_the_summary_line_names_the_level() -> None:
    stats = Statistics()
    stats.level("expert").add_game(_tally(0))
    assert (
        summary_line(stats, "expert")
        == "At expert you have won 1 game and lost 0; winning streak 1 (longest 1)."
    )
    assert (
        summary_line(stats, "easy")
        == "At easy you have won 0 games and lost 0; winning streak 0 (longest 0)."
    )
