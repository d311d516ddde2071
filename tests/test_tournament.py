"""Duplicate tournaments: pairing, results, the command line."""

from __future__ import annotations

import pytest

from cribbage.events import GameResult
from cribbage.tournament import (
    DealPoints,
    GameRecord,
    Summary,
    game_config,
    main,
    pair_seed,
    parse_player,
    play_pair,
    play_set,
)
from cribbage.variants import Variant


def test_both_games_of_a_pair_deal_the_same_cards_to_the_same_seats() -> None:
    easy, classic = parse_player("easy"), parse_player("classic")
    first, second = play_pair((easy, classic, pair_seed(7, 0), 121))
    assert (first.first_seat, second.first_seat) == (0, 1)
    shared = min(len(first.dealt), len(second.dealt))
    assert shared >= 5
    for one, other in zip(first.dealt[:shared], second.dealt[:shared], strict=True):
        assert one[0] == other[0]  # seat 0 and seat 1 hold the same six cards
        if one[1] is not None and other[1] is not None:
            assert one[1] == other[1]  # and cut the same starter
    # So the easy player holds in game one what the classic player holds in game two.
    assert first.dealt[0][0][0] != first.dealt[0][0][1]


def test_a_pair_is_repeatable() -> None:
    players = (parse_player("easy"), parse_player("classic"))
    one = play_pair((*players, 11, 121))
    two = play_pair((*players, 11, 121))
    assert [(g.scores, g.dealt) for g in one] == [(g.scores, g.dealt) for g in two]


def test_games_are_won_at_the_target() -> None:
    for record in play_pair((parse_player("easy"), parse_player("classic"), 3, 61)):
        assert max(record.scores) >= 61 > min(record.scores)
        assert record.winner_is_first == (record.scores[0] > record.scores[1])


def _record(first_wins: bool, result: GameResult = GameResult.WIN) -> GameRecord:
    deal = (DealPoints(True, 8, 5, 3, 2), DealPoints(False, 7, 0, 2, 0))
    scores = (121, 100) if first_wins else (100, 121)
    return GameRecord(1, 0, first_wins, result, scores, (deal,), (), 0.5)


def test_summary_counts_pairs_and_deals() -> None:
    summary = Summary()
    summary.add([_record(True, GameResult.SKUNK), _record(True)])
    summary.add([_record(True), _record(False)])
    assert summary.games == 4 and summary.wins == [3, 1] and summary.skunks == [1, 0]
    rate, half = summary.win_rate()
    assert rate == 0.75 and half > 0
    assert summary.average(0, "dealer", "crib") == 5
    assert summary.average(1, "pone", "hand") == 7


@pytest.mark.parametrize(
    "variant",
    [Variant.THREE_HANDED, Variant.FOUR_HANDED, Variant.PARTNERS, Variant.FIVE_CARD],
)
def test_a_set_puts_the_first_player_in_each_place_with_the_same_deal(variant: Variant) -> None:
    config = game_config(variant, 31)
    records = play_set((parse_player("classic"), parse_player("easy"), pair_seed(3, 0), config))
    places = 2 if config.partners else config.players
    assert [r.first_seat for r in records] == list(range(places))
    assert len({r.dealt[0] for r in records}) == 1  # the first deal is the same in each game
    for record in records:
        assert record.first_seats == (2 if config.partners else 1)
        assert all(len(deal) == config.players for deal in record.deals)
        assert record.winner_is_first == (record.scores[0] >= 31)


def test_summary_counts_each_seat_of_a_side() -> None:
    mine, theirs = DealPoints(True, 8, 5, 3, 2), DealPoints(False, 4, 0, 2, 0)
    deal = (mine, theirs, DealPoints(False, 6, 0, 0, 0))
    record = GameRecord(1, 0, True, GameResult.WIN, (121, 90), (deal,), (), 0.5)
    summary = Summary()
    summary.add([record, record, record])
    assert summary.average(0, "dealer", "hand") == 8
    assert summary.average(1, "pone", "hand") == 5  # the second player's two seats


def test_command_line_rejects_bad_input(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["expert", "grandmaster", "--games", "2"]) == 2
    assert "Unknown player 'grandmaster'" in capsys.readouterr().err
    assert main(["expert", "classic", "--games", "3"]) == 2
    assert "multiple of 2" in capsys.readouterr().err
    assert main(["expert", "classic", "--games", "4", "--game", "three-handed"]) == 2
    assert "multiple of 3 (games come in sets of 3)" in capsys.readouterr().err
    assert main(["expert:crib=sometimes", "classic"]) == 2
    assert "crib must be" in capsys.readouterr().err


def test_command_line_runs_a_tiny_tournament(capsys: pytest.CaptureFixture[str]) -> None:
    assert (
        main(["classic", "easy", "--games", "2", "--jobs", "1", "--quiet", "--target", "31"]) == 0
    )
    out = capsys.readouterr().out
    assert "classic against easy: 2 games in 1 duplicate pair," in out
    assert "95% CI" in out and "average points per deal" in out


def test_command_line_runs_a_three_handed_tournament(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["classic", "easy", "--games", "3", "--jobs", "1", "--quiet", "--target", "31"]
    assert main([*args, "--game", "three-handed"]) == 0
    out = capsys.readouterr().out
    assert "classic against easy: 3 games in 1 duplicate set of 3, three-handed" in out
    assert "a fair share is 33.3%" in out


def test_a_set_of_matches_plays_each_place_as_a_match_from_the_same_seeds() -> None:
    first, second = parse_player("classic"), parse_player("easy")
    config = game_config(Variant.TWO_HANDED, 31)
    records = play_set((first, second, 9, config, 3))
    assert len(records) == 6
    single = play_set((first, second, 9, config))
    assert [r.dealt for r in (records[0], records[3])] == [r.dealt for r in single]
    seeds = [r.seed for r in records]
    assert seeds[:3] == seeds[3:] and len(set(seeds[:3])) == 3  # each place meets the same deals
    assert [r.first_seat for r in records] == [0, 0, 0, 1, 1, 1]


def test_command_line_plays_matches(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["classic", "easy", "--jobs", "1", "--quiet", "--target", "31", "--match", "2"]
    assert main([*args, "--games", "4"]) == 0
    assert "4 games in 1 duplicate set of 4 in matches of 2," in capsys.readouterr().out
    assert main([*args, "--games", "2"]) == 2
    assert "multiple of 4" in capsys.readouterr().err
    assert main(["classic", "easy", "--match", "0"]) == 2
    assert "--match must be at least 1." in capsys.readouterr().err
