"""Saves, resumes, statistics and replays of every variant: three- and four-handed, partners and
five-card cribbage are saved after every action, resume with their own rules whatever the
command line says, are counted under their own name, and replay with every hand face up."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest

from cribbage.cards import Card, parse_cards
from cribbage.events import GameResult, HandOver, Shown
from cribbage.glyphs import UNICODE
from cribbage.match import FirstDealer
from cribbage.record import NEXT_GAME, replay, replay_steps
from cribbage.rules import Counting, GameConfig, Overcount, Phase, Seat, pending
from cribbage.stats import (
    BestHand,
    GameTally,
    LevelStats,
    SideStats,
    Statistics,
    render_statistics,
    summary_line,
    tally_match,
)
from cribbage.storage import SavedMatch, Storage, load_record, write_record
from cribbage.storage.statistics import (
    DamagedStatisticsError,
    dump_statistics,
    parse_statistics,
    read_statistics,
    write_statistics,
)
from cribbage.ui.game import Options
from cribbage.ui.keys import END, ENTER
from cribbage.ui.replay import ReplayUI, frames_of
from cribbage.ui.saving import RESUME_QUESTION, play_kept, resumed_options
from cribbage.ui.seats import Seating
from cribbage.ui.testing import FakeScreen, Key, OutOfKeys
from cribbage.ui.words import Speaker
from cribbage.variants import Variant, variant_of

from .support import simplest_action
from .test_ui_game import box_rows

DATA = Path(__file__).parent / "data"
BASE = Options(seed=5, delay=0, level="easy", level_named=True)
"""As `cribbage --seed 5 --level easy` asks: no question of the level."""
VARIANTS = {
    "three": replace(BASE, players=3),
    "four": replace(BASE, players=4),
    "partners": replace(BASE, players=4, partners=True),
    "five-card": replace(BASE, five_card=True, target=61),
}
NAMES = {"three": "West", "four": "North", "partners": "You & North", "five-card": "Computer"}


def start(
    home: Path, keys: list[Key], options: Options, *, autokey: bool = False
) -> tuple[Storage, FakeScreen, int | None]:
    """One run of the program on a fake screen: its storage, screen and exit status."""
    storage = Storage(home)

    def player(screen: FakeScreen) -> str | None:
        return "n" if "Another game?" in screen.text() else ENTER

    screen = FakeScreen(keys=keys, autokey=player if autokey else None)
    try:
        status: int | None = play_kept(screen, options, storage)
    except OutOfKeys:
        status = None
    finally:
        storage.release()
    return storage, screen, status


def saved(home: Path) -> SavedMatch:
    with Storage(home) as storage:
        assert storage.claim() is None
        match, message = storage.load()
    assert message is None and match is not None
    return match


@pytest.mark.parametrize("name", list(VARIANTS))
def test_a_variant_is_saved_and_its_save_reads_back_the_same(name: str, tmp_path: Path) -> None:
    options = VARIANTS[name]
    start(tmp_path, [ENTER, ENTER, ENTER, ENTER, ENTER], options)
    match = saved(tmp_path)
    assert match.record.game_config == options.game_config()
    assert match.record.match_config == options.match_config()
    assert match.state.game.phase is not Phase.CUT_FOR_DEAL
    again = SavedMatch.from_json(match.to_json())
    assert again.state == match.state and again.record == match.record
    assert replay(again.record) == match.state


@pytest.mark.parametrize("name", list(VARIANTS))
def test_a_variant_resumes_as_it_was_whatever_the_command_line_says(
    name: str, tmp_path: Path
) -> None:
    options = VARIANTS[name]
    start(tmp_path, [ENTER, ENTER, ENTER], options)
    before = saved(tmp_path)
    hand = before.state.game.hands[Seat.HUMAN]
    _, screen, _ = start(tmp_path, [], BASE)  # plain `cribbage` this time
    assert RESUME_QUESTION in screen.text()
    assert NAMES[name] in screen.text()
    assert all(UNICODE.card(card) in screen.text() for card in hand)  # your cards are back
    _, screen, _ = start(tmp_path, [ENTER], BASE)
    text = screen.text()
    assert "The saved game goes on." in text
    assert NAMES[name] in text
    after = saved(tmp_path)
    assert after.record.game_config == options.game_config()
    assert after.record.steps[: len(before.record.steps)] == before.record.steps


@pytest.mark.parametrize(
    ("name", "phrase"),
    [
        ("three", "the game is three-handed"),
        ("four", "the game is four-handed"),
        ("partners", "the game is four-handed, as partners"),
        ("five-card", "the game is five-card cribbage"),
    ],
)
def test_resuming_names_the_game_when_the_command_line_asked_for_another(
    name: str, phrase: str
) -> None:
    options = VARIANTS[name]
    match = SavedMatch.start(7, options.game_config(), options.match_config(), {"level": "easy"})
    resumed, differences = resumed_options(BASE, match)
    assert resumed.game_config() == options.game_config()
    assert differences[0] == phrase
    same, none = resumed_options(options, match)
    assert same == options and none == []


def test_the_match_and_rules_options_come_back_with_a_resumed_match() -> None:
    options = replace(
        BASE,
        players=3,
        games=7,
        points=7,
        values=(2, 3, 4),
        first_dealer=FirstDealer.ALTERNATE,
        lurch=True,
        counting=Counting.CLAIMED,
        penalty=Overcount.RUTHLESS,
    )
    match = SavedMatch.start(7, options.game_config(), options.match_config(), {"level": "easy"})
    resumed, differences = resumed_options(BASE, match)
    assert resumed.game_config() == options.game_config()
    assert resumed.match_config() == options.match_config()
    assert differences == [
        "the game is three-handed",
        "the match goes to 7 match points (2-3-4)",
        "the first dealer of a later game is the next player round the table",
        "a loser is lurched",
        "you count your hands",
        "the penalty for an over-count is ruthless",
    ]


def test_a_save_from_before_the_variants_resumes_as_the_two_handed_game() -> None:
    match = SavedMatch.from_json((DATA / "two_handed_save_v1.json").read_text())
    asked = Options(level="classic", games=3)
    resumed, differences = resumed_options(asked, match)
    assert differences == []
    assert (resumed.players, resumed.partners, resumed.five_card) == (2, False, False)
    assert resumed.game_config() == match.record.game_config
    assert resumed.match_config() == match.record.match_config
    data = json.loads(match.to_json())
    assert "partners" not in data["record"]["game"] and "five_card" not in data["record"]["game"]


# -- statistics, per game -------------------------------------------------------------------


def finished(options: Options, seed: int = 3) -> SavedMatch:
    """A finished one-game match of `options`' game to 61, every seat choosing simply."""
    options = replace(options, target=61)
    match = SavedMatch.start(seed, options.game_config(), options.match_config(), {"level": "easy"})
    while match.state.game.phase is not Phase.GAME_OVER:
        game = match.state.game
        match.apply(simplest_action(game, pending(game)[0], cut=10 + seed))
    return match


@pytest.mark.parametrize("name", list(VARIANTS))
def test_a_variant_game_is_counted_under_its_own_name(name: str) -> None:
    match = finished(VARIANTS[name])
    tally = tally_match(match.record)
    variant = variant_of(match.record.game_config)
    assert tally.variant is variant and variant is not Variant.TWO_HANDED
    stats = Statistics()
    assert stats.count_match(match.id, tally, "easy")
    assert stats.levels == {}  # the two-handed game's statistics are not touched
    easy = stats.variants[variant]["easy"]
    over = match.state.game
    assert easy.games == 1 and easy.games_won == (over.winner == 0)
    others = match.record.game_config.players - 1
    shown = sum(1 for e in match.events if isinstance(e, Shown) and not e.crib and e.seat != 0)
    assert easy.computer.hands == shown and shown >= others  # every other seat's hands
    assert not stats.count_match(match.id, tally, "easy")  # once only


def test_you_are_skunked_by_your_own_score_when_others_are_not() -> None:
    config = GameConfig(players=3)
    stats = LevelStats()
    sides = (SideStats(), SideStats(), SideStats())
    game = GameTally(1, 1, GameResult.WIN, 9, sides, None, config.result_for(80))
    stats.add_game(game)
    assert (stats.games_lost, stats.skunks_taken) == (1, 1)


def test_the_others_pegging_is_per_player_and_deal() -> None:
    stats = Statistics()
    level = stats.level("easy", Variant.FOUR_HANDED)
    level.games_won, level.longest_streak, level.streak, level.deals = 1, 1, 1, 10
    level.you.pegging_points, level.computer.pegging_points = 30, 60
    level.you.hands, level.you.hand_points = 10, 70
    level.computer.hands, level.computer.hand_points = 30, 180
    text = render_statistics(stats)
    assert text.startswith("Four-handed\n")
    assert "Average, you / each other player:" in text
    assert "3.0 / 2.0" in text  # 30 in 10 deals; 60 among three players in 10 deals
    assert "7.0 / 6.0" in text


def test_stats_show_a_table_per_game_played_and_only_the_old_one_as_before() -> None:
    two = Statistics()
    two.level("expert").games_won = 2
    two.level("expert").longest_streak = two.level("expert").streak = 2
    alone = render_statistics(two)
    assert alone.startswith("                                  expert")  # no heading, as before
    both = replace(two, variants={})
    both.level("easy", Variant.PARTNERS).games_lost = 1
    text = render_statistics(both)
    assert text.split("\n\n")[0] == "Two-handed\n" + alone
    assert text.split("\n\n")[1].startswith("Four-handed, partners\n")
    assert summary_line(both, "easy", Variant.PARTNERS) == (
        "At easy (four-handed, as partners) you have won 0 games and lost 1; "
        "winning streak 0 (longest 0)."
    )


def test_the_file_stays_as_it_was_until_a_variant_is_counted(tmp_path: Path) -> None:
    path = tmp_path / "stats.json"
    old = {
        "format": "cribbage-stats",
        "version": 1,
        "levels": {},
        "counted": ["m0/1"],
    }
    path.write_text(json.dumps(old))
    stats = read_statistics(path)  # a file from before: the two-handed game's
    assert stats.counted == ["m0/1"] and stats.variants == {}
    stats.count_hint("expert")
    write_statistics(path, stats)
    written = json.loads(path.read_text())
    assert written["version"] == 1 and "variants" not in written
    match = finished(VARIANTS["three"])
    stats.count_match(match.id, tally_match(match.record), "easy")
    write_statistics(path, stats)
    written = json.loads(path.read_text())
    assert written["version"] == 2 and list(written["variants"]) == ["three-handed"]
    assert read_statistics(path) == stats


@pytest.mark.parametrize(
    "change",
    [
        {"version": 1, "variants": {}},
        {"version": 2},
        {"version": 2, "variants": {"seven-handed": {}}},
        {"version": 2, "variants": {"two-handed": {}}},
        {"version": 2, "variants": []},
    ],
)
def test_a_statistics_file_whose_games_do_not_fit_is_damaged(
    change: dict[str, object], tmp_path: Path
) -> None:
    path = tmp_path / "stats.json"
    path.write_text(json.dumps({"format": "cribbage-stats", "levels": {}, "counted": [], **change}))
    with pytest.raises(DamagedStatisticsError):
        read_statistics(path)


def test_a_five_card_best_hand_of_three_cards_is_kept() -> None:
    stats = Statistics()
    level = stats.level("easy", Variant.FIVE_CARD)
    level.games_won = level.longest_streak = level.streak = 1
    level.best_hand = BestHand(12, tuple(parse_cards(["5h", "5c", "5s"])), Card.parse("jd"))
    assert parse_statistics(dump_statistics(stats)) == stats


@pytest.mark.parametrize("name", ["three", "partners"])
def test_a_finished_variant_is_counted_filed_and_its_record_replays(
    name: str, tmp_path: Path
) -> None:
    options = replace(VARIANTS[name], target=61)
    storage, screen, status = start(tmp_path, [], options, autokey=True)
    assert status == 0
    final = [frame for frame in screen.frames if "Another game?" in frame][-1]
    variant = variant_of(options.game_config())
    said = " ".join(" ".join(box_rows(final, "Game over")).split())
    assert f"At easy ({variant.phrase}) you have won" in said
    stats, _ = storage.statistics()
    assert stats.levels == {} and stats.variants[variant]["easy"].games == 1
    assert not storage.save_path.exists()
    [filed] = storage.records()
    record = load_record(filed)
    assert record.game_config == options.game_config()


# -- replays --------------------------------------------------------------------------------


@pytest.mark.parametrize("name", list(VARIANTS))
def test_a_replay_shows_every_hand_face_up_with_the_seats_named(name: str) -> None:
    match = finished(VARIANTS[name])
    record = match.record
    config = record.game_config
    seating = Seating.of(config)
    speaker = Speaker(UNICODE, explain=(True,) * config.players, seating=seating)
    frames, lines = frames_of(record, speaker)
    texts = [line.text for line in lines]
    assert any(text.startswith(f"{seating.subject(1)} plays the ") for text in texts)
    in_play = []
    index = 0
    for state, events in replay_steps(record):
        index += sum(isinstance(event, HandOver) for event in events)  # a frame of the show
        frame = frames[index]
        if state.game.phase is Phase.PLAY:
            in_play.append((frame, state.game))
        index += 1
    assert index == len(frames)
    assert in_play
    for frame, game in in_play:
        for seat in range(1, config.players):
            assert frame.table.face_up[seat]
            assert frame.table.hands[seat] == list(game.hands[seat])
    screen = FakeScreen(keys=["l"] * 40 + ["q"])
    assert ReplayUI(screen, record, glyphs=UNICODE).run() == 0
    drawn = screen.frames[-1]
    assert "Replay: step 40" in drawn
    for side in range(config.sides):
        assert seating.side_name(side) in drawn
    shown = frames[40].table  # checked against the game above
    for seat in range(1, config.players):
        for card in shown.hands[seat]:
            assert card is not None and UNICODE.card(card) in drawn


def test_a_replay_of_a_partnership_match_in_match_points(tmp_path: Path) -> None:
    options = replace(VARIANTS["partners"], target=61, games=2, points=2, values=(2, 3, 4))
    match = SavedMatch.start(4, options.game_config(), options.match_config(), {"level": "easy"})
    while not match.state.over:
        game = match.state.game
        if game.phase is Phase.GAME_OVER:
            match.apply(NEXT_GAME)
            continue
        match.apply(simplest_action(game, pending(game)[0], cut=12))
    path = tmp_path / "record.json"
    write_record(match.record, path)
    record = load_record(path)
    screen = FakeScreen(keys=[END, "q"])
    assert ReplayUI(screen, record, glyphs=UNICODE).run() == 0
    end = screen.frames[-1]
    points = match.state.match_points
    assert f"You & North: {match.state.game.scores[0]}" in end
    assert f" match {points[0]} of 2 " in end and f" match {points[1]} of 2 " in end
    assert "(the end)" in end and "win the match" in end
