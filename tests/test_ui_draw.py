"""Drawing against a fake screen: the board, the cards, the layout at several sizes, the words."""

from __future__ import annotations

import subprocess
import sys

import pytest

from cribbage.cards import Card, parse_cards
from cribbage.events import (
    Claimed,
    CountReset,
    Go,
    Played,
    Reason,
    Scored,
    Shown,
    StarterTurned,
)
from cribbage.glyphs import ASCII, UNICODE
from cribbage.rules import GameConfig, Phase, Seat
from cribbage.scoring import score_hand, score_play
from cribbage.ui.draw import MIN_COLS, MIN_ROWS, HandPicture, Layout, Painter
from cribbage.ui.screen import Color
from cribbage.ui.table import Table
from cribbage.ui.testing import FakeScreen
from cribbage.ui.words import MessageLog, Speaker, Tone


def board(
    scores: tuple[int, int], backs: tuple[int, int], *, cols: int = 80, target: int = 121
) -> FakeScreen:
    screen = FakeScreen(24, cols)
    table = Table(scores=list(scores), back_pegs=list(backs))
    Painter(screen, UNICODE).board(Layout.for_size(24, cols, target), table, target, (2, 1))
    return screen


def peg_places(screen: FakeScreen, glyph: str) -> list[tuple[int, int]]:
    return [
        (y, x)
        for y in range(screen.rows)
        for x in range(screen.cols)
        if screen.chars[y][x] == glyph
    ]


@pytest.mark.parametrize(
    ("score", "row", "hole"),
    [
        (1, 1, 0),
        (5, 1, 4),
        (6, 1, 5),
        (30, 1, 29),
        (31, 2, 29),
        (60, 2, 0),
        (61, 1, 0),
        (120, 2, 0),
    ],
)
def test_a_peg_goes_out_the_first_track_and_back_the_second(
    score: int, row: int, hole: int
) -> None:
    screen = board((score, 0), (0, 0))  # your pegs, on the lower pair of tracks
    left = screen.find("├")
    assert left is not None
    y0, x0 = left
    assert peg_places(screen, UNICODE.front_peg) == [(y0 + row, x0 + 1 + hole + hole // 5)]


def test_front_and_back_pegs_and_the_winning_one() -> None:
    screen = board((121, 47), (115, 40))
    yours = screen.find("├")
    assert yours is not None
    assert (yours[0] + 2, yours[1] + 1) in peg_places(screen, UNICODE.front_peg)  # the last hole
    assert len(peg_places(screen, UNICODE.front_peg)) == 2
    assert len(peg_places(screen, UNICODE.back_peg)) == 2
    text = screen.text()
    assert "─ You: 121 ─" in text and "─ Computer: 47 ─" in text
    assert "won 2" in text and "won 1" in text


def test_the_board_says_what_was_won_games_or_match_points() -> None:
    text = board((121, 47), (115, 40)).text()
    assert "won 1 game ─┐" in text and "won 2 games ─┤" in text
    screen = FakeScreen(24, 80)
    table = Table(scores=[120, 120], back_pegs=[0, 0])
    layout = Layout.for_size(24, 80)
    Painter(screen, UNICODE).board(layout, table, 121, (12, 1), match_points=True)
    top, middle = screen.row(0), screen.row(3)
    assert top.endswith(" 1 match point ─┐") and "─ Computer: 120 ─" in top
    assert middle.endswith(" 12 match points ─┤") and "─ You: 120 ─" in middle


@pytest.mark.parametrize("partners", [False, True])
def test_a_match_to_match_points_shows_each_sides_points_of_the_target(partners: bool) -> None:
    """In fewer letters beside partners' names, which then stay whole."""
    config = GameConfig(players=4, partners=True) if partners else GameConfig()
    screen = FakeScreen(24, 80)
    table = Table.for_game(config)
    table.scores = [120, 121]
    layout = Layout.for_game(24, 80, config)
    Painter(screen, UNICODE).board(layout, table, 121, (12, 0), match_points=True, of=15)
    top, middle = screen.row(0), screen.row(3)
    points = ("match 0/15", "match 12/15") if partners else ("match 0 of 15", "match 12 of 15")
    assert top.endswith(f"─ {points[0]} ─┐") and middle.endswith(f"─ {points[1]} ─┤")
    names = ("West & East: 121", "You & North: 120") if partners else ("Computer: 121", "You: 120")
    assert f"─ {names[0]} " in top and f"─ {names[1]} " in middle  # whole, and apart


@pytest.mark.parametrize(("cols", "target"), [(80, 121), (80, 61), (130, 121), (130, 61)])
def test_the_winning_peg_is_in_the_last_hole_of_the_track_not_on_its_border(
    cols: int, target: int
) -> None:
    """The track ends in the back lane's hole by the left-hand border; the peg of the side
    that reaches the target, or goes past it, stands there, in sight on the board."""
    lane = Layout.for_size(24, cols, target).lane
    for score, row, hole in [
        (1, 1, 0),
        (target - 1, 2, 0),
        (target, 2, 0),
        (target + 3, 2, 0),
    ]:
        screen = board((score, 0), (0, 0), cols=cols, target=target)
        left = screen.find("├")
        assert left is not None
        y0, x0 = left
        x = x0 + 1 + hole + hole // 5
        assert peg_places(screen, UNICODE.front_peg) == [(y0 + row, x)], score
        assert screen.chars[y0 + row][x0] == UNICODE.box[1], score  # the border stays whole
    assert peg_places(board((0, 0), (0, 0), cols=cols, target=target), UNICODE.front_peg) == []
    screen = board((target, 0), (target - 1, 0), cols=cols, target=target)
    assert len(peg_places(screen, UNICODE.front_peg)) == 1  # over the back peg in that hole
    tracks = screen.row(4) + screen.row(5)  # yours, under the computer's
    assert tracks.count(UNICODE.hole) == 2 * lane - 1


def test_no_pegs_before_the_first_point_and_no_back_peg_on_the_front() -> None:
    assert peg_places(board((0, 0), (0, 0)), UNICODE.front_peg) == []
    assert peg_places(board((3, 0), (3, 0)), UNICODE.back_peg) == []


def test_a_wide_terminal_gets_tracks_of_sixty() -> None:
    narrow, wide = board((0, 0), (0, 0)), board((0, 0), (0, 0), cols=130)
    assert narrow.row(1).count(UNICODE.hole) == 30
    assert wide.row(1).count(UNICODE.hole) == 60
    short = board((0, 0), (0, 0), cols=130, target=61)
    assert short.row(1).count(UNICODE.hole) == 30


@pytest.mark.parametrize(("rows", "cols"), [(24, 80), (30, 100), (50, 200)])
def test_layouts_fit_their_screen(rows: int, cols: int) -> None:
    layout = Layout.for_size(rows, cols)
    assert layout.fits
    assert layout.computer_y + 4 <= layout.table_y
    assert layout.table_y + 8 <= layout.human_y
    assert layout.human_y + 6 <= layout.prompt_y
    assert layout.messages_y + layout.messages_h == layout.prompt_y
    assert layout.lane in (30, 60)


@pytest.mark.parametrize(("rows", "cols"), [(23, 80), (24, 79), (20, 70)])
def test_smaller_than_80x24_does_not_fit(rows: int, cols: int) -> None:
    assert not Layout.for_size(rows, cols).fits
    assert (MIN_ROWS, MIN_COLS) == (24, 80)


def test_cards_red_suits_cursor_and_dimming() -> None:
    screen = FakeScreen()
    hand = parse_cards(["5h", "ks", "td"])
    picture = HandPicture(cursor=1, chosen=frozenset({hand[2]}), choosable=frozenset(hand[1:]))
    Painter(screen, UNICODE).hand(5, hand, picture)
    assert screen.row(6).startswith("│ 5♥│")
    five = screen.find("5♥")
    king = screen.find("K♠")
    ten = screen.find("10♦")
    assert five and king and ten
    assert screen.style_at(*five).color is Color.RED and screen.style_at(*five).dim
    assert screen.style_at(*king).reverse and screen.style_at(*king).color is None
    assert ten[0] == five[0] - 1  # the chosen card is raised
    assert screen.row(8)[7] == UNICODE.arrows[2]  # the cursor mark under the second card


def test_face_down_cards_and_ascii() -> None:
    screen = FakeScreen()
    Painter(screen, ASCII).hand(1, [None, Card.parse("as")])
    assert screen.row(1) == ".---..---."
    assert screen.row(2) == "|###|| AS|"
    assert screen.row(3) == "'---''---'"


def test_the_table_shows_the_count_and_who_said_go() -> None:
    screen = FakeScreen()
    table = Table(
        phase=Phase.PLAY,
        dealer=Seat.HUMAN,
        count=25,
        passed={Seat.COMPUTER},
        pile=[
            (Seat.HUMAN, Card.parse("kh")),
            (Seat.COMPUTER, Card.parse("5c")),
            (Seat.HUMAN, Card.parse("tc")),
        ],
    )
    Painter(screen, UNICODE).table(Layout.for_size(24, 80), table, HandPicture(), None)
    text = screen.text()
    assert "Count: 25" in text and "the computer said go" in text
    assert "K♥" in text and "5♣" in text and "10♣" in text


def test_message_log_wraps_and_scrolls() -> None:
    log = MessageLog()
    for n in range(10):
        log.say(f"message number {n} is long enough to wrap onto a second line")
    lines, older, newer = log.window(30, 5)
    assert len(lines) == 5 and older and not newer
    assert "9" in " ".join(line.text for line in lines)
    log.scroll(100)
    lines, older, newer = log.window(30, 5)
    assert not older and newer and lines[0].text.startswith("message number 0")
    log.say("new")
    assert log.back == 0


@pytest.mark.parametrize("width", range(20, 61))
@pytest.mark.parametrize("folders", [1, 3])
def test_a_long_path_in_a_message_keeps_its_full_stop(width: int, folders: int) -> None:
    """A path too long for a line is broken (after a slash where one fits), but its closing
    full stop is never left alone on a line, and no characters are lost."""
    path = "/tmp/" + "/".join(["d" * 25] * folders) + "/20250101-120000-abcdef01.json"
    log = MessageLog()
    log.say(f"The record of this match is in {path}.")
    lines = [line.text for line in log.wrapped(width)]
    assert all(len(line) <= width for line in lines)
    assert "".join(line.strip() for line in lines).endswith(path + ".")
    assert not any(set(line.strip()) <= set(".,;:!?)") for line in lines[1:]), lines


SPEAKER = Speaker(UNICODE)


@pytest.mark.parametrize(
    ("event", "text"),
    [
        (Played(Seat.COMPUTER, Card.parse("5h"), 15), "The computer plays the 5♥: 15."),
        (Played(Seat.HUMAN, Card.parse("th"), 25), "You play the 10♥: 25."),
        (Go(Seat.COMPUTER), "The computer says go."),
        (Go(Seat.HUMAN), "You say go."),
        (Scored(Seat.HUMAN, 1, Reason.GO, 9), "One for the go: you peg one."),
        (
            Scored(Seat.COMPUTER, 1, Reason.LAST_CARD, 9),
            "One for last card: the computer pegs one.",
        ),
        (Scored(Seat.COMPUTER, 2, Reason.HEELS, 2), "His heels: the computer pegs two."),
        (
            Scored(Seat.HUMAN, 2, Reason.PLAY, 2, score_play(parse_cards(["kh", "5c"]))),
            "Fifteen for two.",
        ),
        (
            Scored(
                Seat.HUMAN, 2, Reason.PLAY, 2, score_play(parse_cards(["kh", "5c", "6d", "tc"]))
            ),
            "Thirty-one for two.",
        ),
        (
            Scored(Seat.COMPUTER, 2, Reason.MUGGINS, 30),
            "Muggins! The computer takes the two missed.",
        ),
        (
            Scored(Seat.COMPUTER, 2, Reason.OVERCLAIM, 30),
            "The computer pegs two for the over-count.",
        ),
        (StarterTurned(Seat.HUMAN, Card.parse("jd")), "You cut: the starter is the J♦."),
        (CountReset(Seat.HUMAN), "The count starts again at zero; you lead."),
        (Claimed(Seat.HUMAN, 8, 8, False), "You count 8: right."),
        (Claimed(Seat.HUMAN, 10, 8, True), "You count 10, but the crib is worth 8."),
    ],
)
def test_events_in_the_games_words(event: object, text: str) -> None:
    lines = SPEAKER.lines(event)  # type: ignore[arg-type]  # the parametrize table mixes event types
    assert next(line.text for line in lines) == text


def test_a_shown_hand_is_laid_out_with_its_breakdown() -> None:
    *hand, starter = parse_cards(["5h", "tc", "5s", "2d", "ac"])
    score = score_hand(hand, starter)
    lines = SPEAKER.lines(Shown(Seat.HUMAN, tuple(hand), starter, False, score))
    assert [line.text for line in lines] == [
        "Your hand 5♥ 10♣ 5♠ 2♦ + A♣: 6",
        "  Fifteen two, fifteen four, and a pair is six.",
    ]
    assert all(line.tone is Tone.HUMAN for line in lines)
    quiet = Speaker(UNICODE, explain=(False, True))
    assert len(quiet.lines(Shown(Seat.HUMAN, tuple(hand), starter, False, score))) == 1


@pytest.mark.parametrize(("rows", "cols"), [(24, 80), (30, 100), (50, 200)])
def test_the_box_beside_the_messages_wraps_its_words_over_the_card_area(
    rows: int, cols: int
) -> None:
    screen = FakeScreen(rows, cols)
    layout = Layout.for_size(rows, cols)
    note = "At expert you have won 12 games and lost 9; winning streak 2 (longest 5)."
    paragraphs = ["The computer wins 121 to 85: a skunk!", "", note]
    Painter(screen, UNICODE).beside_messages(layout, "Game over", paragraphs)
    top = screen.find("┌─ Game over ")
    assert top is not None
    y0, x0 = top
    right = screen.row(y0).index("┐")
    assert right < layout.right_x  # a column clear of the board's border, then the messages
    inside = [screen.row(y)[x0 + 1 : right].strip() for y in range(y0 + 1, y0 + 5)]
    assert inside == [
        "The computer wins 121 to 85: a skunk!",
        "",
        "At expert you have won 12 games and",
        "lost 9; winning streak 2 (longest 5).",
    ]
    assert screen.row(y0 + 5)[x0] == "└"
    assert y0 + 5 < layout.prompt_y
    assert all(len(screen.row(y)) <= layout.right_x for y in range(rows))


def test_the_box_beside_the_messages_keeps_its_frame_when_its_words_are_too_many() -> None:
    screen = FakeScreen(24, 80)
    layout = Layout.for_size(24, 80)
    Painter(screen, UNICODE).beside_messages(layout, "Game over", [f"line {n}" for n in range(40)])
    assert "┌─ Game over ─" in screen.row(0)  # the title whole in the frame
    assert screen.row(layout.prompt_y - 1).lstrip().startswith("└")
    assert "line 19" in screen.text() and "line 20" not in screen.text()


def test_the_cli_module_does_not_load_curses_until_a_game_starts() -> None:
    code = "import sys, cribbage.cli; print('curses' in sys.modules)"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert done.stdout.strip() == "False"


@pytest.mark.parametrize("cols", [79, 70, 60, 40, 30, 12])
def test_the_size_message_fits_its_rows_and_says_what_to_do(cols: int) -> None:
    screen = FakeScreen(10, cols)
    after = Painter(screen, UNICODE).too_small(10, cols)
    said = screen.text().strip().splitlines()
    assert 1 <= len(said) <= 3 and after == len(said)
    assert all(len(line) <= cols for line in said)
    text = " ".join(said)
    assert "80x24" in text
    if cols >= 30:
        assert f"{cols}x10" in text
        assert "make the window larger" in text.lower() and "q to quit" in text


@pytest.mark.parametrize("cols", [79, 60, 40, 30, 12])
def test_the_size_message_on_one_row_fits_it(cols: int) -> None:
    screen = FakeScreen(10, cols)
    assert Painter(screen, UNICODE).too_small(10, cols, 9, lines=1) == 10
    line = screen.row(9)
    assert "80x24" in line and len(line) <= cols
    assert screen.text().strip() == line


@pytest.mark.parametrize("cols", [80, 82, 90, 100, 132])
@pytest.mark.parametrize("target", [61, 121])
def test_the_scroll_marks_sit_inside_the_board_at_any_width(cols: int, target: int) -> None:
    screen = board((10, 20), (0, 0), cols=cols, target=target)
    layout = Layout.for_size(24, cols, target)
    log = MessageLog()
    for n in range(40):
        log.say(f"message {n}")
    log.scroll(5)
    Painter(screen, UNICODE).messages(layout, log)
    bottom = screen.text().splitlines()[layout.messages_y - 1]
    assert "PgUp PgDn" in bottom
    assert f" {target} " in bottom  # the target stays in sight
    assert bottom.rstrip().endswith("┘")  # the board's corner is whole, and nothing is past it
