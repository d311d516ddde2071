"""Three- and four-handed games, partners and five-card cribbage on the fake screen: the seats
round the table, the board with a track per side, the messages naming each player, the show
of several hands, manual counting, hints and the end of a game."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cribbage.cards import Card, Rank, Suit, parse_cards
from cribbage.computer import Computer, DiscardOption, PlayOption
from cribbage.events import (
    Claimed,
    CountReset,
    Dealt,
    Discarded,
    GameOver,
    GameResult,
    Go,
    Played,
    Reason,
    Scored,
    Shown,
)
from cribbage.glyphs import UNICODE
from cribbage.match import MatchOver
from cribbage.record import Recorder
from cribbage.rules import (
    Counting,
    CutForDeal,
    GameConfig,
    Phase,
    Seat,
    legal_plays,
    pending,
    show_order,
)
from cribbage.scoring import announce_sentence, score_hand
from cribbage.text import listed
from cribbage.ui.draw import CRIB_X, HandPicture, Layout, Painter, won_label
from cribbage.ui.game import GameUI, Options
from cribbage.ui.keys import ENTER
from cribbage.ui.seats import Seating
from cribbage.ui.table import Table
from cribbage.ui.testing import FakeScreen, OutOfKeys
from cribbage.ui.words import Speaker, hint_lines
from cribbage.view import view_for

from .support import simplest_action

THREE = Options(seed=1, delay=0, players=3)
FOUR = Options(seed=1, delay=0, players=4)
PARTNERS = Options(seed=1, delay=0, players=4, partners=True)
FIVE_CARD = Options(seed=1, delay=0, five_card=True, target=61)
VARIANTS = {"three": THREE, "four": FOUR, "partners": PARTNERS, "five-card": FIVE_CARD}
ROUND = {"three": THREE, "four": FOUR, "partners": PARTNERS}
BACK = UNICODE.back * 2
LONG = "Maximiliana Sm 2"  # as long as a name at a table may be


def dealt(options: Options, seed: int = 1) -> Recorder:
    """A match of `options`' game past the cut for deal."""
    recorder = Recorder.start(seed, options.game_config(), options.match_config())
    while recorder.state.game.phase is Phase.CUT_FOR_DEAL:
        seat = pending(recorder.state.game)[0]
        recorder.apply(CutForDeal(seat, 10 + 7 * seat))
    return recorder


def advance(recorder: Recorder, until: Callable[[Recorder], bool], limit: int = 400) -> bool:
    """Play every seat's simplest choice until `until` holds; False if it never does."""
    for _ in range(limit):
        if until(recorder):
            return True
        game = recorder.state.game
        if game.phase is Phase.GAME_OVER:
            return False
        recorder.apply(simplest_action(game, pending(game)[0], cut=10))
    return False


def find(options: Options, until: Callable[[Recorder], bool]) -> Recorder:
    for seed in range(60):
        recorder = dealt(options, seed)
        if advance(recorder, until):
            return recorder
    raise AssertionError("no seed gives that position")


def a_go_on_the_table(recorder: Recorder) -> bool:
    """In the play, a seat has said go and it is a computer's turn."""
    game = recorder.state.game
    return (
        game.phase is Phase.PLAY
        and bool(game.passed - {Seat.HUMAN})
        and len(game.pile) >= 2
        and game.to_move != Seat.HUMAN
    )


def drawn(recorder: Recorder, options: Options, rows: int = 24, cols: int = 80) -> FakeScreen:
    """The whole screen of the game in `recorder` as the player sees it now."""
    screen = FakeScreen(rows, cols)
    ui = GameUI(screen, options, recorder=recorder)
    ui.table.sync(view_for(recorder.state.game, Seat.HUMAN))
    assert ui.draw()
    return screen


def left(screen: FakeScreen, y: int) -> str:
    """Row `y` of the card area (left of the board)."""
    return "".join(screen.chars[y][:43]).rstrip()


# -- the table round the seats --------------------------------------------------------------


@pytest.mark.parametrize("name", list(ROUND))
def test_each_other_seat_shows_its_cards_left_and_played_its_go_and_the_turn(name: str) -> None:
    options = ROUND[name]
    recorder = find(options, a_go_on_the_table)
    game = recorder.state.game
    screen = drawn(recorder, options)
    seating = Seating.of(game.config)
    layout = Layout.for_game(24, 80, game.config)
    for seat, y in zip(range(1, game.config.players), layout.others_y, strict=True):
        line, cards = left(screen, y), left(screen, y + 1)
        assert seating.name(seat) in line
        assert ("(dealer)" in line or "dealer)" in line) == (game.dealer == seat)
        assert line.startswith(UNICODE.arrows[1]) == (game.to_move == seat)
        assert ("go" in line.split()) == (seat in game.passed)
        assert cards[:28].count(BACK) == len(game.hands[seat])  # backs for the cards held
        for played_seat, card in game.history:
            if played_seat == seat:
                assert UNICODE.card(card) in cards
    text = screen.text()
    assert f"Count: {game.count}" in text
    gone = [seating.object(seat) for seat in sorted(game.passed)]
    assert f"{listed(gone)} said go" in text
    assert game.starter is not None and UNICODE.card(game.starter) in left(screen, 1)
    owner = "yours" if game.dealer == Seat.HUMAN else seating.whose(game.dealer or 0)
    assert owner in left(screen, 4) and "crib" in left(screen, 3)


@pytest.mark.parametrize("name", list(ROUND))
def test_the_cards_of_the_count_say_who_laid_each(name: str) -> None:
    options = ROUND[name]
    recorder = find(options, a_go_on_the_table)
    game = recorder.state.game
    screen = drawn(recorder, options)
    layout = Layout.for_game(24, 80, game.config)
    seating = Seating.of(game.config)
    faces = left(screen, layout.table_y + 2)
    labels = left(screen, layout.table_y + 4).split()
    played = game.history[len(game.history) - len(game.pile) :]
    assert labels == [seating.label(seat) for seat, _ in played]
    for _, card in played:
        assert UNICODE.card(card) in faces


@pytest.mark.parametrize(
    ("names", "watching", "labels"),
    [
        (("Ann", "Computer 1", "Bob", "Computer 2"), False, ["you", "Co1", "Bob", "Co2"]),
        (("Cat", "Ann", "Ann 2", "Ann 3"), False, ["you", "Ann", "An2", "An3"]),
        (("Ann", "Ann 2", "Ann 3", "Bob"), True, ["Ann", "An2", "An3", "Bob"]),
        (("Ann", "Anna", "Ann"), True, ["Ann", "Ana", "An3"]),
        (("Ann", "Ann Smith", "Ann Jones"), False, ["you", "Ann", "AJ"]),
        (("Ann", "You", "Yours"), False, ["you", "Yo2", "Yrs"]),
        (("Ann", "Maximiliana Sm 2", "Maximiliana Sm 3"), False, ["you", "Ma2", "Ma3"]),
    ],
)
def test_the_labels_under_the_cards_tell_each_seat_by_its_name(
    names: tuple[str, ...], watching: bool, labels: list[str]
) -> None:
    config = GameConfig(players=len(names), partners=len(names) == 4)
    seating = Seating.of(config, names=names, watching=watching)
    assert [seating.label(seat) for seat in range(len(names))] == labels
    screen = FakeScreen()
    table = Table.for_game(config, watching=watching)
    table.names, table.phase = names, Phase.PLAY
    table.pile = [(seat, Card(Rank.ACE, Suit(seat))) for seat in range(len(names))]
    layout = Layout.for_game(24, 80, config)
    Painter(screen, UNICODE).table(layout, table, HandPicture(), None)
    assert left(screen, layout.table_y + 4).split() == labels


@settings(max_examples=300)
@given(st.lists(st.text(alphabet="AaBb 12", min_size=1, max_size=16), min_size=3, max_size=4))
def test_every_seat_has_a_label_of_its_own_of_at_most_three_characters(names: list[str]) -> None:
    for watching in (False, True):
        seating = Seating(len(names), names=tuple(names), watching=watching)
        labels = [seating.label(seat) for seat in range(len(names))]
        assert all(1 <= len(label) <= 3 and " " not in label for label in labels), labels
        assert len({label.lower() for label in labels}) == len(labels), labels


@pytest.mark.parametrize(
    ("names", "passed", "cards", "said"),
    [
        (("Ann", "Bob", "Cat", "Dan"), {0, 1, 3}, 4, "you, Bob and Dan said go"),
        (("Ann", "Ann 2", "Bob", "Computer 2"), {0, 1, 3}, 4, "you, An2 and Co2 said go"),
        (("Ann", "Computer 1", "Bob", "Computer 2"), {1, 3}, 4, "Co1 and Co2 said go"),
        (("Ann", LONG, "Maximiliana Sm 3", "Bob"), {1, 2, 3}, 11, "Ma2, Ma3 and Bob said go   +1"),
        (("Ann", "Bob", "Cat", "Dan"), {2}, 11, "Cat said go   (+1 before)"),
    ],
)
def test_who_said_go_is_said_in_the_room_beside_the_count(
    names: tuple[str, ...], passed: set[int], cards: int, said: str
) -> None:
    config = GameConfig(players=4)
    screen = FakeScreen()
    table = Table.for_game(config)
    table.names, table.phase, table.count, table.passed = names, Phase.PLAY, 26, passed
    table.pile = [(n % 4, Card(Rank(n // 4 + 1), Suit(n % 4))) for n in range(cards)]
    layout = Layout.for_game(24, 80, config)
    painter = Painter(screen, UNICODE)
    painter.table(layout, table, HandPicture(), None)
    painter.board(layout, table, 121, [0] * 4)
    row = screen.row(layout.table_y)
    assert row[: layout.right_x].rstrip() == f"Count: 26   {said}"
    assert row[layout.right_x - 1] == " " and row[layout.right_x] == "│"


@pytest.mark.parametrize(
    ("dealer", "shown", "line"),
    [
        (None, None, "Maximiliana Sm 2 (partner)"),  # 26 of the 28 columns
        (2, None, "Maximili…2 (partner, dealer)"),  # the name in the 10 left
        (2, 12, "Maxim…2 (dealer)  counted 12"),  # too little left for the name: the partner goes
        (3, 12, "Maxi…2 (partner)  counted 12"),
    ],
)
def test_a_seat_beside_the_crib_gives_way_with_its_name_then_its_roles(
    dealer: int | None, shown: int | None, line: str
) -> None:
    """North, your partner, at a table of long names: the name, the roles and what the seat
    is doing stay left of the crib and the starter, however long the name."""
    config = GameConfig(players=4, partners=True)
    screen = FakeScreen()
    table = Table.for_game(config)
    table.names = ("Ann", "Maximiliana Sm 3", LONG, "Bob")
    table.dealer = dealer
    if shown is not None:
        table.shown = {2: shown}
    layout = Layout.for_game(24, 80, config)
    Painter(screen, UNICODE).table(layout, table, HandPicture(), None)
    north = layout.others_y[1]
    row = screen.row(north).ljust(80)
    assert row[:CRIB_X].strip() == line
    assert row[CRIB_X - 1] == " "  # nothing runs into the crib


def test_the_seat_beside_the_cribs_owner_leaves_the_owners_name_whole() -> None:
    """Four-handed, East deals and is counted: East's line shares its row with the name of
    the crib's owner, which it stops short of."""
    config = GameConfig(players=4, partners=True)
    screen = FakeScreen()
    table = Table.for_game(config)
    table.names = ("Ann", "Bob", "Cat", "Computer 2")
    table.dealer, table.shown = 3, {3: 12}
    layout = Layout.for_game(24, 80, config)
    Painter(screen, UNICODE).table(layout, table, HandPicture(), None)
    east = layout.others_y[2]
    row = screen.row(east)
    assert "Computer 2's" in row  # the crib's owner, under the crib, whole
    before = row[: row.index("Computer 2's")]
    assert before.endswith(" ") and "counted 12" in before  # the seat's line stops short


@pytest.mark.parametrize("watching", [False, True])
def test_an_onlooker_is_told_what_the_players_do_at_the_discard(watching: bool) -> None:
    config = GameConfig(players=3)
    screen = FakeScreen()
    table = Table.for_game(config, watching=watching)
    table.names, table.phase, table.dealer = ("Ann", "Bob", "Cat"), Phase.DISCARD, 0
    layout = Layout.for_game(24, 80, config)
    Painter(screen, UNICODE).table(layout, table, HandPicture(), None)
    said = screen.row(layout.table_y)[: layout.right_x].rstrip()
    if watching:
        assert said == "Each lays away one card to Ann's crib."
    else:
        assert said == "Lay away one card to your crib."


@pytest.mark.parametrize(
    ("dealer", "said"),
    [
        ("Bob", "Lay away one card to Bob's crib."),
        (LONG, "Lay away one card to the crib."),  # beside a name under the crib
    ],
)
def test_the_word_to_lay_away_fits_left_of_the_board(dealer: str, said: str) -> None:
    config = GameConfig(players=3)
    screen = FakeScreen()
    table = Table.for_game(config)
    table.names, table.phase, table.dealer = ("Ann", dealer, "Cat"), Phase.DISCARD, 1
    layout = Layout.for_game(24, 80, config)
    Painter(screen, UNICODE).table(layout, table, HandPicture(), None)
    assert screen.row(layout.table_y)[: layout.right_x].rstrip() == said
    assert f"{dealer}'s" in screen.text()  # under the crib


def test_a_long_count_overlaps_its_cards_and_keeps_the_latest() -> None:
    screen = FakeScreen()
    cards = parse_cards(["ac", "ad", "ah", "as", "2c", "2d", "2h", "2s", "3c", "3d", "3h"])
    table = Table.for_game(GameConfig(players=4))
    table.phase, table.count = Phase.PLAY, 27
    table.pile = [(n % 4, card) for n, card in enumerate(cards)]
    layout = Layout.for_game(24, 80, table.config)
    Painter(screen, UNICODE).table(layout, table, HandPicture(), None)
    assert "(+1 before)" in left(screen, layout.table_y)
    faces = left(screen, layout.table_y + 2)
    assert "A♣" not in faces and "3♥" in faces and len(faces) <= 42


def test_your_seat_has_its_name_and_the_mark_when_it_is_your_turn() -> None:
    def your_turn(recorder: Recorder) -> bool:
        game = recorder.state.game
        return game.phase is Phase.PLAY and game.to_move == Seat.HUMAN

    recorder = find(FOUR, your_turn)
    screen = drawn(recorder, FOUR)
    layout = Layout.for_game(24, 80, recorder.state.game.config)
    assert left(screen, layout.human_y).startswith(f"{UNICODE.arrows[1]} You")


@pytest.mark.parametrize("name", list(VARIANTS))
@pytest.mark.parametrize(("rows", "cols"), [(24, 80), (30, 100), (50, 200)])
def test_every_variant_fits_its_screen_and_grows_with_it(name: str, rows: int, cols: int) -> None:
    options = VARIANTS[name]
    recorder = find(options, lambda r: r.state.game.phase is Phase.PLAY)
    screen = drawn(recorder, options, rows, cols)
    text = screen.text()
    layout = Layout.for_game(rows, cols, recorder.state.game.config)
    assert "Your play:" not in text  # nothing asked: the picture only
    assert screen.row(0).rstrip().endswith("┐")  # the board's top right corner is whole
    assert layout.human_y + 5 < layout.prompt_y  # your hand and its cursor mark fit
    if layout.players > 2:
        assert layout.table_y > layout.others_y[-1] + 1
    your_cards = recorder.state.game.hands[Seat.HUMAN]
    for card in your_cards:
        assert UNICODE.card(card) in text


# -- the board ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("config", "names"),
    [
        (GameConfig(players=3), ["West", "East", "You"]),
        (GameConfig(players=4), ["West", "North", "East", "You"]),
        (GameConfig(players=4, partners=True), ["West & East", "You & North"]),
        (GameConfig(five_card=True, target=61), ["Computer", "You"]),
    ],
)
def test_the_board_has_a_track_per_side_with_its_score(
    config: GameConfig, names: list[str]
) -> None:
    screen = FakeScreen()
    table = Table.for_game(config)
    table.scores = [3 * (side + 1) for side in range(config.sides)]
    table.back_pegs = [0] * config.sides
    layout = Layout.for_game(24, 80, config)
    Painter(screen, UNICODE).board(layout, table, config.target, [0] * config.sides)
    seating = Seating.of(config)
    order = seating.board_order()
    for n, (side, name) in enumerate(zip(order, names, strict=True)):
        assert f"─ {name}: {table.scores[side]} ─" in screen.row(3 * n)
        assert screen.row(3 * n + 1).count(UNICODE.front_peg) == 1
    assert f" {config.target} " in screen.row(3 * len(names))
    assert layout.messages_y == 3 * len(names) + 1


TABLES = {
    "two": (GameConfig(), ("Maximiliana Sm 3", LONG)),
    "three": (GameConfig(players=3), ("Ann", LONG, "Maximiliana Sm 3")),
    "four": (GameConfig(players=4), ("Ann", LONG, "Computer 1", "Computer 2")),
    "partners": (GameConfig(players=4, partners=True), ("Ann", "Computer 1", "Bob", "Computer 2")),
    "long partners": (GameConfig(players=4, partners=True), ("Ann", LONG, "Bob 2", "Bob 3")),
    "five-card": (GameConfig(five_card=True, target=61), ("Ann", LONG)),
}
TITLE = re.compile(r"[┌├]─ (?P<name>.+): (?P<score>\d+) ─+ (?P<won>.+) ─[┐┤]")


@pytest.mark.parametrize("name", list(TABLES))
@pytest.mark.parametrize("watching", [False, True])
@pytest.mark.parametrize(("match_points", "of"), [(False, None), (True, None), (True, 15)])
def test_a_long_name_on_the_board_is_shortened_to_leave_its_score_and_wins_whole(
    name: str, watching: bool, match_points: bool, of: int | None
) -> None:
    config, names = TABLES[name]
    screen = FakeScreen()
    table = Table.for_game(config, watching=watching)
    table.names = names
    table.scores = [121 - side for side in range(config.sides)]
    layout = Layout.for_game(24, 80, config)
    won = [12] * config.sides
    Painter(screen, UNICODE).board(
        layout, table, config.target, won, match_points=match_points, of=of
    )
    seating = table.seating
    for n, side in enumerate(seating.board_order()):
        title = TITLE.fullmatch(screen.row(3 * n)[layout.right_x :])
        assert title is not None, screen.row(3 * n)
        assert title["score"] == str(table.scores[side])
        labels = [won_label(12, match_points, of, compact=compact) for compact in (False, True)]
        assert title["won"] == labels[0] if not match_points else title["won"] in labels
        shown = title["name"]
        if shown != seating.side_name(side):
            parts = shown.split(" & ")
            seats = seating.seats_of(side)
            assert len(parts) == len(seats) and "…" in shown
            for part, seat in zip(parts, seats, strict=True):
                whole = seating.name(seat)
                assert part == whole or part.startswith(whole[:2])
                if whole[-1].isdigit():  # a namesake's number is kept
                    assert part.endswith(whole[-1])


def test_a_name_ending_in_a_number_is_not_read_as_one_with_the_score() -> None:
    config = GameConfig(players=3)
    screen = FakeScreen()
    table = Table.for_game(config)
    table.names, table.scores = ("Ann", "Ann 2", "Computer"), [0, 3, 3]
    Painter(screen, UNICODE).board(Layout.for_game(24, 80, config), table, 121, [0, 0, 0])
    assert "┌─ Ann 2: 3 ─" in screen.row(0) and "├─ Computer: 3 ─" in screen.row(3)
    assert "├─ You: 0 ─" in screen.row(6)


def test_a_partnerships_points_go_on_its_one_track() -> None:
    table = Table.for_game(GameConfig(players=4, partners=True))
    table.update(Scored(2, 2, Reason.PLAY, 2))  # North pegs for you and North
    table.update(Scored(3, 1, Reason.GO, 1))  # East for West and East
    table.update(Scored(0, 4, Reason.PLAY, 6))
    assert table.scores == [6, 1] and table.back_pegs == [2, 0]


# -- the messages ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("seating", "event", "text"),
    [
        (Seating(3), Played(2, Card.parse("5h"), 15), "East plays the 5♥: 15."),
        (Seating(4), Go(2), "North says go."),
        (Seating(4), Discarded(1, (Card.parse("kd"),)), "West lays away one card."),
        (Seating(3), Dealt(1, 2), "Hand 2: West deals."),
        (Seating(4), CountReset(3), "The count starts again at zero; East leads."),
        (Seating(4), Scored(1, 1, Reason.LAST_CARD, 9), "One for last card: West pegs one."),
        (
            Seating(2),
            Scored(1, 3, Reason.THREE_FOR_LAST, 3),
            "Three for last: the computer pegs three.",
        ),
        (Seating(4), Scored(3, 2, Reason.MUGGINS, 30), "Muggins! East takes the two missed."),
        (
            Seating(3),
            GameOver(2, (97, 80, 121), GameResult.WIN),
            "East wins 121 to your 97 and West's 80!",
        ),
        (
            Seating(3),
            GameOver(0, (61, 30, 31), GameResult.SKUNK),
            "You win 61 to East's 31 and West's 30: a skunk!",
        ),
        (
            Seating(4, partners=True),
            GameOver(0, (121, 85), GameResult.SKUNK),
            "You and North win 121 to 85: a skunk!",
        ),
        (
            Seating(4, partners=True),
            GameOver(1, (100, 121), GameResult.WIN),
            "West and East win 121 to 100!",
        ),
        (
            Seating(4),
            MatchOver(1, (1, 2, 0, 0)),
            "West wins the match, 2 to your 1, North's 0 and East's 0.",
        ),
    ],
)
def test_the_messages_name_each_player(seating: Seating, event: object, text: str) -> None:
    speaker = Speaker(UNICODE, explain=(True,) * seating.players, seating=seating)
    lines = speaker.lines(event)  # type: ignore[arg-type]  # the table mixes event types
    assert lines[0].text == text


@pytest.mark.parametrize("name", list(VARIANTS))
def test_the_deal_says_when_a_card_from_the_pack_goes_to_the_crib(name: str) -> None:
    options = VARIANTS[name]
    screen = FakeScreen(keys=[ENTER, ENTER, ENTER])
    ui = GameUI(screen, options)
    with pytest.raises(OutOfKeys):
        ui.run()
    dealt = [line.text for line in ui.log.entries if line.text.startswith("Hand 1: ")]
    assert len(dealt) == 1
    said = " ".join(" ".join(row[44:] for row in screen.text().splitlines()).split())
    if options.players == 3:
        assert dealt[0].endswith(", and a card from the pack goes to the crib.")
        assert "a card from the pack goes to the crib." in said  # on the screen as well
    else:
        assert "from the pack" not in dealt[0]


def test_a_shown_hand_is_named_by_its_owner() -> None:
    *hand, starter = parse_cards(["5h", "tc", "5s", "2d", "ac"])
    score = score_hand(hand, starter)
    speaker = Speaker(UNICODE, explain=(True,) * 4, seating=Seating(4))
    lines = speaker.lines(Shown(2, tuple(hand), starter, False, score))
    assert lines[0].text == "North's hand 5♥ 10♣ 5♠ 2♦ + A♣: 6"


# -- a deal through the game loop -----------------------------------------------------------


def until_the_hand_is_over(screen: FakeScreen) -> str | None:
    return None if "The hand is over" in screen.text() else ENTER


@pytest.mark.parametrize("name", list(VARIANTS))
def test_a_deal_is_played_to_the_show_with_each_hand_in_show_order(name: str) -> None:
    options = VARIANTS[name]
    screen = FakeScreen(autokey=until_the_hand_is_over)
    ui = GameUI(screen, options)
    with pytest.raises(OutOfKeys):
        ui.run()
    config = ui.recorder.state.game_config
    shown = [event for event in ui.recorder.events if isinstance(event, Shown)]
    dealt_by = next(event.dealer for event in ui.recorder.events if isinstance(event, Dealt))
    assert [(event.seat, event.crib) for event in shown] == list(
        show_order(dealt_by, config.players)
    )
    seating = Seating.of(config)
    for event in shown:
        what = "crib" if event.crib else "hand"
        title = f"{seating.whose(event.seat)} {what}: {event.score.total}"
        assert any(title in frame for frame in screen.frames), title
    if config.players > 2:  # every other hand face up on its row, with its points
        layout = Layout.for_game(24, 80, config)
        for seat, y in zip(range(1, config.players), layout.others_y, strict=True):
            points = next(e.score.total for e in shown if e.seat == seat and not e.crib)
            assert f"counted {points}" in left(screen, y)
            for card in next(e.cards for e in shown if e.seat == seat and not e.crib):
                assert UNICODE.card(card) in left(screen, y + 1)
        assert f"counted {next(e.score.total for e in shown if e.seat == 0)}" in left(
            screen, layout.human_y
        )


@pytest.mark.parametrize("name", list(ROUND))
def test_you_lay_away_one_card_to_the_named_crib(name: str) -> None:
    options = ROUND[name]
    screen = FakeScreen(keys=[ENTER, ENTER, ENTER, ENTER])
    ui = GameUI(screen, options)
    with pytest.raises(OutOfKeys):
        ui.run()
    game = ui.recorder.state.game
    dealer = next(event.dealer for event in ui.recorder.events if isinstance(event, Dealt))
    owner = "your" if dealer == Seat.HUMAN else Seating.of(game.config).whose(dealer)
    asked = [frame for frame in screen.frames if "Choose 1 for" in frame]
    assert asked and f"Choose 1 for {owner} crib:" in asked[0]
    assert f"Lay away one card to {owner} crib." in asked[0]
    mine = [e for e in ui.recorder.events if isinstance(e, Discarded) and e.seat == Seat.HUMAN]
    assert len(mine) == 1 and len(mine[0].cards) == 1


def counting_keys(screen: FakeScreen) -> str | None:
    """Enter everywhere; a count of 0 for your hand or crib; stop at the end of the hand."""
    text = screen.text()
    if "The hand is over" in text:
        return None
    lines = text.splitlines()
    if lines[-2].startswith("Count your") and lines[-2].strip() == lines[-2].split(":")[0] + ":":
        return "0"
    return ENTER


def test_you_count_your_own_hand_with_muggins_and_the_others_are_counted_for_you() -> None:
    options = replace(PARTNERS, counting=Counting.CLAIMED, muggins=True)
    for seed in range(40):
        screen = FakeScreen(autokey=counting_keys)
        ui = GameUI(screen, replace(options, seed=seed))
        with pytest.raises(OutOfKeys):
            ui.run()
        events = ui.recorder.events
        claimed = [e for e in events if isinstance(e, Claimed)]
        assert claimed and all(e.seat == Seat.HUMAN for e in claimed)  # only yours are asked
        missed = [e for e in claimed if e.actual > 0]
        if missed:
            text = "\n".join(line.text for line in ui.log.entries)
            assert f"You count 0, but the hand is worth {missed[0].actual}." in text
            muggins = [e for e in events if isinstance(e, Scored) and e.reason is Reason.MUGGINS]
            # the first opponent on your left, West (seat 1): not East on your right, nor
            # North, your partner
            assert muggins and muggins[0].seat == 1
            assert "Muggins! West takes" in text
            return
    pytest.fail("no deal where your hand had points to miss")


@pytest.mark.parametrize("muggins", [True, False])
def test_a_hand_miscounted_three_handed_shows_what_was_missed_and_what_was_pegged(
    muggins: bool,
) -> None:
    options = replace(THREE, counting=Counting.CLAIMED, muggins=muggins)
    for seed in range(40):
        screen = FakeScreen(autokey=counting_keys)
        ui = GameUI(screen, replace(options, seed=seed))
        with pytest.raises(OutOfKeys):
            ui.run()
        events = ui.recorder.events
        mine = next(e for e in events if isinstance(e, Shown) and e.seat == Seat.HUMAN)
        if mine.crib or mine.score.total == 0:
            continue
        said = [line.text for line in ui.log.entries]
        shown = next(i for i, text in enumerate(said) if text.startswith("Your hand "))
        assert said[shown - 1] == f"You count 0, but the hand is worth {mine.score.total}."
        # the points missed are laid out when muggins takes them (-e lays out every count)
        assert (said[shown + 1] == f"  {announce_sentence(mine.score)}") == muggins
        row = left(screen, Layout.for_game(24, 80, ui.recorder.state.game_config).human_y)
        assert f"pegged 0 of {mine.score.total}" in row and f"counted {mine.score.total}" not in row
        return
    pytest.fail("no deal where your hand had points to miss")


# -- hints ----------------------------------------------------------------------------------


@pytest.mark.parametrize("name", ["three", "four", "partners", "five-card"])
def test_a_hint_in_every_game_shows_the_experts_figures(name: str) -> None:
    options = VARIANTS[name]
    screen = FakeScreen(keys=["H"])
    ui = GameUI(screen, options, recorder=dealt(options))
    with pytest.raises(OutOfKeys):
        ui.run()
    view = view_for(ui.recorder.state.game, Seat.HUMAN)
    best = Computer("expert", seed=0).discard_options_for(view)[0]
    text = screen.text()
    assert "─ Hint " in text
    assert f"Lay away {UNICODE.cards(list(best.discard))}." in text
    assert "lay away   hand   crib  heels  total" in text  # no pegging: it is not reckoned
    assert "The play is not reckoned in these figures." in text


class FakeAdviser:
    """Figures for any hand: each discard valued by its first card's rank."""

    def discard_options_for(self, view: Any) -> tuple[DiscardOption, ...]:
        want = view.config.discards
        hand = view.hand
        options = []
        for i in range(len(hand) - want + 1):
            laid = tuple(hand[i : i + want])
            fields: dict[str, Any] = {
                "discard": laid,
                "keep": tuple(card for card in hand if card not in laid),
                "hand": 4.0 + i,
                "crib": -1.5,
                "heels": 0.0,
                "pegging": 0.25,
                "total": 2.75 + i,
            }
            options.append(DiscardOption(**fields))
        return tuple(sorted(options, key=lambda option: -option.total))

    def play_options_for(self, view: Any) -> tuple[PlayOption, ...]:
        return tuple(PlayOption(card, 1.0 - n) for n, card in enumerate(view.legal))


@pytest.mark.parametrize("name", ["three", "five-card"])
def test_the_hint_panel_ranks_the_discards_of_five_cards(name: str) -> None:
    options = VARIANTS[name]
    screen = FakeScreen(keys=["H"])
    ui = GameUI(screen, options, recorder=dealt(options))
    ui.adviser = FakeAdviser()  # type: ignore[assignment]  # the adviser's two calls only
    with pytest.raises(OutOfKeys):
        ui.run()
    hand = ui.recorder.state.game.hands[Seat.HUMAN]
    want = ui.recorder.state.game_config.discards
    best = UNICODE.cards(list(hand[len(hand) - want :]))
    text = screen.text()
    assert f"Lay away {best}." in text
    assert "lay away   hand   crib  pegging  heels  total" in text
    figures = FakeAdviser().discard_options_for(view_for(ui.recorder.state.game, Seat.HUMAN))
    for line in hint_lines(figures, UNICODE)[2:]:
        assert line in text


def test_a_play_hint_with_more_players_is_measured_against_the_others() -> None:
    lines = hint_lines([PlayOption(Card.parse("5h"), 1.25)], UNICODE, seating=Seating(3))
    assert lines[:3] == [
        "Play the 5♥.",
        "Pegging to expect to the end of the play,",
        "yours less the others':",
    ]


def your_play_with_a_choice(recorder: Recorder) -> bool:
    game = recorder.state.game
    return (
        game.phase is Phase.PLAY
        and pending(game) == (Seat.HUMAN,)
        and len(legal_plays(game, Seat.HUMAN)) >= 2
    )


def test_a_play_hint_with_partners_is_your_sides_pegging_less_the_other_sides() -> None:
    recorder = find(PARTNERS, your_play_with_a_choice)
    screen = FakeScreen(keys=["H"])
    ui = GameUI(screen, PARTNERS, recorder=recorder)
    ui.adviser = FakeAdviser()  # type: ignore[assignment]  # the adviser's two calls only
    with pytest.raises(OutOfKeys):
        ui.run()
    assert "your side's less West & East's:" in screen.text()


# -- the end of a game ----------------------------------------------------------------------


def test_the_end_of_a_three_handed_game_names_the_winner_and_each_skunked_loser() -> None:
    ui = GameUI(FakeScreen(), THREE)
    lines = ui._losers_lines((80, 121, 95), 1)
    assert lines == ["Final score: you 80, West 121, East 95.", "You are skunked (under 91)."]
    lurched = GameUI(FakeScreen(), Options(seed=1, delay=0, players=3, lurch=True))
    assert lurched._losers_lines((50, 121, 70), 1)[1:] == ["You are skunked (under 61)."]
    assert ui._losers_lines((121, 40, 95), 0)[1:] == ["West is double skunked (under 61)."]


def enter_until_another_game(screen: FakeScreen) -> str:
    return "n" if "Another game?" in screen.text() else ENTER


@pytest.mark.parametrize("name", ["three", "partners"])
def test_a_whole_game_to_61_ends_in_a_box_saying_who_won(name: str) -> None:
    options = replace(VARIANTS[name], target=61)
    screen = FakeScreen(autokey=enter_until_another_game)
    ui = GameUI(screen, options)
    assert ui.run() == 0
    over = next(e for e in ui.recorder.events if isinstance(e, GameOver))
    seating = Seating.of(ui.recorder.state.game_config)
    final = [frame for frame in screen.frames if "Another game?" in frame][-1]
    assert "Game over" in final and seating.side_verb(over.winner, "win") in final
    assert "Games won: you" in final
    if name == "three":
        assert "Final score: you" in final
    else:
        assert "Games won: you and North" in final


def test_in_the_show_a_hand_not_yet_counted_is_face_down_and_played_cards_are_picked_up() -> None:
    table = Table.for_game(GameConfig(players=3))
    played = parse_cards(["9d", "3d", "7c", "kh"])
    table.phase, table.dealer = Phase.SHOW, 2
    table.hands = [[], [None] * 4, list(played)]
    table.face_up = [True, False, True]
    table.played = [[], list(played), []]
    table.shown = {2: 6}
    screen = FakeScreen()
    layout = Layout.for_game(24, 80, table.config)
    Painter(screen, UNICODE).table(layout, table, HandPicture(), None)
    west, east = layout.others_y
    assert left(screen, west + 1)[:28].rstrip() == "  " + " ".join(
        [BACK] * 4
    )  # picked up, not yet shown
    assert left(screen, east)[:28].rstrip() == "  East (dealer)  counted 6"
    assert left(screen, east + 1)[:28].rstrip() == "  9♦ 3♦ 7♣ K♥"
    table.phase, table.hands[1] = Phase.PLAY, []  # all played: the row starts in its place
    screen = FakeScreen()
    Painter(screen, UNICODE).table(layout, table, HandPicture(), None)
    assert left(screen, west + 1)[:28].rstrip() == "  9♦ 3♦ 7♣ K♥"


def box_text(frame: str, title: str) -> str:
    """The words inside the box titled `title` on a frame, as one line."""
    rows = frame.splitlines()
    top = next(i for i, row in enumerate(rows) if f"─ {title} " in row)
    left = rows[top].index("┌")
    right = rows[top].index("┐", left)
    inside: list[str] = []
    for row in rows[top + 1 :]:
        if row[left : left + 1] == "└":
            break
        inside.append(row[left + 1 : right])
    return " ".join(" ".join(inside).split())


@pytest.mark.parametrize("name", list(VARIANTS))
def test_the_help_box_speaks_of_the_cards_this_game_lays_away(name: str) -> None:
    options = VARIANTS[name]
    screen = FakeScreen(keys=["?"])
    ui = GameUI(screen, options, recorder=dealt(options))
    with pytest.raises(OutOfKeys):
        ui.run()
    shown = box_text(screen.frames[-1], "Keys")
    if options.game_config().discards == 2:
        assert "with two chosen for the crib, Enter lays them away" in shown
    else:
        assert "two chosen" not in shown and "crib cards chosen" not in shown
        assert "choose the card: it is laid away or played" in shown
