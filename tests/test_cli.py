"""The command line: options become the game's options; mistakes are one line and status 2."""

from __future__ import annotations

import io
import subprocess
import sys
from pathlib import Path

import pytest

from cribbage import __version__, cli
from cribbage.events import GameResult
from cribbage.instructions import rules_text
from cribbage.match import FirstDealer, MatchConfig
from cribbage.rules import Counting, GameConfig, Overcount
from cribbage.ui import Options


class FakeTty(io.StringIO):
    def isatty(self) -> bool:
        return True

    def fileno(self) -> int:
        return 1


@pytest.fixture
def captured_options(monkeypatch: pytest.MonkeyPatch) -> list[tuple[Options, bool]]:
    """Start no game: record what it would have been started with."""
    seen: list[tuple[Options, bool]] = []
    import cribbage.ui

    def fake_run(
        options: Options, *, ascii_only: bool = False, hooks: object = None, **saving: object
    ) -> int:
        seen.append((options, ascii_only))
        return 0

    monkeypatch.setattr(cribbage.ui, "run", fake_run)
    monkeypatch.setattr(cli, "has_terminal", lambda: True)
    monkeypatch.setattr("curses.setupterm", lambda term, fd: None)
    monkeypatch.setattr("curses.tigetstr", lambda name: b"\x1b[%i%p1%d;%p2%dH")
    monkeypatch.setenv("TERM", "xterm")
    monkeypatch.delenv("CRIBBAGE_DELAY", raising=False)
    return seen


def test_defaults(captured_options: list[tuple[Options, bool]]) -> None:
    assert cli.main([]) == 0
    options, ascii_only = captured_options[0]
    assert (options.target, options.games, options.level) == (121, 1, "expert")
    assert options.counting is Counting.AUTOMATIC and not options.muggins
    assert options.autoplay and not options.random_cut and not ascii_only


def test_every_option_reaches_the_game(captured_options: list[tuple[Options, bool]]) -> None:
    args = [
        "--game",
        "61",
        "--match",
        "3",
        "--level",
        "expert",
        "-e",
        "-m",
        "-q",
        "-r",
        "--seed",
        "42",
        "--ascii",
        "--no-autoplay",
    ]
    assert cli.main(args) == 0
    options, ascii_only = captured_options[0]
    assert options == Options(
        target=61,
        games=3,
        level="expert",
        explain=True,
        counting=Counting.CLAIMED,
        muggins=True,
        quiet=True,
        random_cut=True,
        seed=42,
        autoplay=False,
        delay=options.delay,
        named=frozenset({"target", "match", "counting", "level"}),  # asked about when saved
    )
    assert ascii_only
    config = options.game_config()
    assert config.target == 61 and config.muggins
    assert config.counting == (Counting.CLAIMED, Counting.AUTOMATIC)


def test_manual_counts_without_muggins(captured_options: list[tuple[Options, bool]]) -> None:
    assert cli.main(["--manual"]) == 0
    options, _ = captured_options[0]
    assert options.counting is Counting.CLAIMED and not options.muggins


def test_cribbage_delay_sets_the_pace(
    captured_options: list[tuple[Options, bool]], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("CRIBBAGE_DELAY", "0.25")
    assert cli.main([]) == 0
    assert captured_options[0][0].delay == 0.25


@pytest.mark.parametrize("value", ["soon", "-1", "11"])
def test_a_bad_cribbage_delay_is_one_line(
    captured_options: list[tuple[Options, bool]],
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    value: str,
) -> None:
    monkeypatch.setenv("CRIBBAGE_DELAY", value)
    assert cli.main([]) == 2
    assert capsys.readouterr().err.startswith("cribbage: CRIBBAGE_DELAY must be")
    assert captured_options == []


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["--game", "100"], "a game is played to 61 or 121, not '100'"),
        (["--match", "0"], "a match is at least one game"),
        (["--match", "two"], "'two' is not a whole number"),
        (["--level", "hard"], "invalid choice: 'hard'"),
        (["--seed", "x"], "the seed must be a whole number"),
        (["--frobnicate"], "unrecognized arguments: --frobnicate"),
    ],
)
def test_mistakes_are_one_line_on_stderr_and_status_2(
    args: list[str], words: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert cli.main(args) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err.count("\n") == 1 and err.startswith("cribbage: ")
    assert words.lower() in err.lower()


def test_missing_term_is_one_line(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(cli, "has_terminal", lambda: True)
    monkeypatch.delenv("TERM", raising=False)
    assert cli.main([]) == 2
    assert (
        capsys.readouterr().err == "cribbage: TERM is not set, so the terminal's type is unknown.\n"
    )


def test_an_unknown_terminal_type_is_one_line(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(cli, "has_terminal", lambda: True)
    monkeypatch.setenv("TERM", "no-such-terminal-anywhere")
    import curses

    def refuse(term: str, fd: int) -> None:
        raise curses.error("unknown terminal")

    monkeypatch.setattr(curses, "setupterm", refuse)
    assert cli.main([]) == 1
    assert "'no-such-terminal-anywhere' is unknown" in capsys.readouterr().err


def test_a_terminal_that_cannot_move_the_cursor_is_one_sentence_and_status_1(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(cli, "has_terminal", lambda: True)
    monkeypatch.setenv("TERM", "dumb")
    assert cli.main([]) == 1
    assert capsys.readouterr().err == (
        "cribbage: The terminal type 'dumb' cannot move the cursor, "
        "so the game cannot draw on it.\n"
    )


def test_version_and_help(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["--version"]) == 0
    assert capsys.readouterr().out == f"cribbage {__version__}\n"
    assert cli.main(["--help"]) == 0
    out = capsys.readouterr().out
    for option in (
        "--game",
        "--match",
        "--level",
        "--explain",
        "--muggins",
        "--manual",
        "--quiet",
        "--random-cut",
        "--seed",
        "--ascii",
        "--rules",
        "--version",
    ):
        assert option in out


def test_rules_are_printed_when_output_is_not_a_terminal(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert cli.main(["--rules"]) == 0
    assert capsys.readouterr().out == rules_text()


def test_rules_go_through_the_pager(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    paged = tmp_path / "paged.txt"
    monkeypatch.delenv("MANPAGER", raising=False)
    monkeypatch.setenv(
        "PAGER",
        f"{sys.executable} -c \"import sys; open({str(paged)!r}, 'w').write(sys.stdin.read())\"",
    )
    assert cli.show_rules(FakeTty()) == 0
    assert paged.read_text() == rules_text()


@pytest.mark.parametrize("pager", ["/no/such/pager", "false", "exit 3"])
def test_rules_are_printed_when_the_pager_cannot_start_or_fails(
    pager: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("PAGER", pager)
    monkeypatch.delenv("MANPAGER", raising=False)
    out = FakeTty()
    assert cli.show_rules(out) == 0
    assert out.getvalue() == rules_text()


def test_the_pager_is_chosen_as_pydoc_chooses_it(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("MANPAGER", "most")
    monkeypatch.setenv("PAGER", "more")
    assert cli.pager_command() == "most"
    monkeypatch.delenv("MANPAGER")
    assert cli.pager_command() == "more"
    monkeypatch.delenv("PAGER")
    monkeypatch.setenv("TERM", "xterm")
    monkeypatch.setattr("shutil.which", lambda name: f"/usr/bin/{name}")
    assert cli.pager_command() == "less"
    monkeypatch.setenv("TERM", "dumb")
    assert cli.pager_command() is None
    monkeypatch.setenv("TERM", "xterm")
    monkeypatch.setattr("shutil.which", lambda name: None)
    assert cli.pager_command() is None
    out = FakeTty()
    assert cli.show_rules(out) == 0 and out.getvalue() == rules_text()


def test_every_option_and_key_is_in_the_rules() -> None:
    text = rules_text()
    for action in cli.build_parser()._actions:
        for option in action.option_strings:
            assert option in text, option
    for key in ("Left, Right, h, l, j, k", "space or Enter", "Ctrl-L", "PgUp", "q or F10", "?"):
        assert key in text, key
    for variable in ("NO_COLOR", "PAGER", "TERM", "CRIBBAGE_DELAY"):
        assert variable in text


def test_rules_text_is_plain_and_fits_a_terminal() -> None:
    lines = rules_text().splitlines()
    assert all(len(line) <= 79 for line in lines)
    assert all(ord(char) < 128 for line in lines for char in line)


@pytest.mark.parametrize("module", ["cribbage", "cribbage.cli"])
def test_running_the_package_or_the_cli_module_works(module: str) -> None:
    done = subprocess.run(
        [sys.executable, "-m", module, "--count", "5h", "5c", "5s", "jd", "5d"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0 and done.stdout.startswith("Hand 5H 5C 5S JD, starter 5D\n")
    bad = subprocess.run(
        [sys.executable, "-m", module, "--bogus"], capture_output=True, text=True, timeout=60
    )
    assert bad.returncode == 2 and bad.stderr.startswith("cribbage: ")


def test_running_the_module_works() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "cribbage.cli", "--version"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0 and done.stdout.startswith("cribbage ")


def test_explain_counts_your_own_hands_as_in_bsd(
    captured_options: list[tuple[Options, bool]], capsys: pytest.CaptureFixture[str]
) -> None:
    assert cli.main(["-e"]) == 0
    options, _ = captured_options[-1]
    assert options.explain and options.counting is Counting.CLAIMED and not options.muggins
    assert cli.main(["-e", "-m"]) == 0
    options, _ = captured_options[-1]
    assert options.explain and options.counting is Counting.CLAIMED and options.muggins
    assert cli.main(["--help"]) == 0
    said = " ".join(capsys.readouterr().out.split())
    assert "-e, --explain count your own hand and crib (without muggins unless -m is given)" in said


FIVE = ["5h", "5c", "5s", "jd", "5d"]
SIX = ["5h", "5c", "6d", "jd", "kd", "2s"]


@pytest.mark.parametrize(
    ("args", "sentence"),
    [
        (["--stats", "--rules"], "--stats and --rules go one at a time."),
        (["--replay", "f.json", "--count", *FIVE], "--replay and --count go"),
        (["--practice", "--stats", "--rules"], "--stats, --rules and --practice go one at a time."),
        (["--rules", "--seed", "3"], "--seed does not go with --rules."),
        (["--stats", "--seed", "3"], "--seed does not go with --stats."),
        (["--replay", "f.json", "--level", "easy"], "--level does not go with --replay."),
        (["--replay", "f.json", "--new"], "--new does not go with --replay."),
        (["--count", *FIVE, "--seed", "0"], "--seed does not go with --count."),
        (["--discard", *SIX, "-m"], "--muggins does not go with --discard."),
        (["--practice", "--game", "61"], "--game does not go with --practice."),
        (["--practice", "-e"], "--explain does not go with --practice."),
        (["--stats", "--crib"], "--crib goes with --count."),
    ],
)
def test_options_that_cannot_go_together_are_one_sentence_and_status_2(
    args: list[str], sentence: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert cli.main(args) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1
    assert err.startswith(f"cribbage: {sentence}")
    assert err.endswith(" Try 'cribbage --help'.\n")


@pytest.mark.parametrize(
    "args",
    [
        ["--count", *FIVE, "--crib", "--ascii"],
        ["--discard", *SIX, "--pone", "--ascii"],
    ],
)
def test_tools_take_their_own_options(args: list[str]) -> None:
    assert cli.main(args) == 0


# -- the variants and the match options -------------------------------------------------------


@pytest.mark.parametrize(
    ("args", "players", "partners", "five_card", "target"),
    [
        (["--players", "3"], 3, False, False, 121),
        (["--players", "4"], 4, False, False, 121),
        (["--players", "4", "--partners"], 4, True, False, 121),
        (["--five-card"], 2, False, True, 61),
        (["--five-card", "--game", "121"], 2, False, True, 121),
        (["--players", "2", "--game", "61"], 2, False, False, 61),
    ],
)
def test_each_variant_starts_the_game_with_you_in_seat_0(
    captured_options: list[tuple[Options, bool]],
    args: list[str],
    players: int,
    partners: bool,
    five_card: bool,
    target: int,
) -> None:
    assert cli.main([*args, "--level", "easy", "-m"]) == 0
    options, _ = captured_options[0]
    config = options.game_config()
    assert (config.players, config.partners, config.five_card) == (players, partners, five_card)
    assert config.target == target and options.level == "easy"
    assert config.counting == (Counting.CLAIMED,) + (Counting.AUTOMATIC,) * (players - 1)


def test_match_options_reach_the_match(captured_options: list[tuple[Options, bool]]) -> None:
    assert cli.main(["--match", "3"]) == 0
    config = captured_options[-1][0].match_config()
    assert (config.games, config.points, config.values) == (3, None, (1, 2, 4))
    assert config.first_dealer is FirstDealer.LOSER
    assert cli.main(["--match", "7", "--match-points", "2-3-4"]) == 0
    config = captured_options[-1][0].match_config()
    assert (config.games, config.points, config.values) == (None, 7, (2, 3, 4))
    assert cli.main(["--match", "9", "--match-points", "2-4-6", "--first-dealer", "alternate"]) == 0
    config = captured_options[-1][0].match_config()
    assert (config.points, config.values) == (9, (2, 4, 6))
    assert config.first_dealer is FirstDealer.ALTERNATE
    assert cli.main(["--match", "2", "--match-points", "1-2-4", "--first-dealer", "same"]) == 0
    config = captured_options[-1][0].match_config()
    assert (config.points, config.values, config.first_dealer) == (2, (1, 2, 4), FirstDealer.SAME)


@pytest.mark.parametrize(("game", "line"), [("121", 61), ("61", 31)])
def test_the_lurch_is_half_the_board_and_no_double_skunk(
    captured_options: list[tuple[Options, bool]], game: str, line: int
) -> None:
    assert cli.main(["--lurch", "--game", game]) == 0
    config = captured_options[0][0].game_config()
    assert (config.skunk_line, config.double_skunk_line) == (line, 0)
    assert config.result_for(line - 1) is GameResult.SKUNK
    assert config.result_for(0) is GameResult.SKUNK  # never a double skunk
    assert config.result_for(line) is GameResult.WIN


@pytest.mark.parametrize(
    ("penalty", "overcount"),
    [("bsd", Overcount.BSD), ("ruthless", Overcount.RUTHLESS), ("none", Overcount.NONE)],
)
def test_the_penalty_for_an_over_count(
    captured_options: list[tuple[Options, bool]], penalty: str, overcount: Overcount
) -> None:
    assert cli.main(["--manual", "--penalty", penalty]) == 0
    assert captured_options[0][0].game_config().overcount is overcount


def test_without_new_options_the_game_is_the_two_handed_one_as_before(
    captured_options: list[tuple[Options, bool]],
) -> None:
    assert cli.main([]) == 0
    options = captured_options[0][0]
    assert options.game_config() == GameConfig(
        target=121, counting=(Counting.AUTOMATIC, Counting.AUTOMATIC)
    )
    assert options.match_config() == MatchConfig(games=1)


@pytest.mark.parametrize(
    ("args", "sentence"),
    [
        (["--players", "5"], "--players: a game is for 2, 3 or 4 players, not '5'."),
        (["--players", "1"], "--players: a game is for 2, 3 or 4 players, not '1'."),
        (["--players", "three"], "--players: a game is for 2, 3 or 4 players, not 'three'."),
        (["--partners"], "--partners is for four players, two against two: add --players 4."),
        (
            ["--partners", "--players", "3"],
            "--partners is for four players, two against two: add --players 4.",
        ),
        (["--five-card", "--players", "3"], "--five-card is a game for two players, not 3."),
        (
            ["--five-card", "--players", "4", "--partners"],
            "--five-card is a game for two players, not 4.",
        ),
        (
            ["--match", "5", "--match-points", "1-2-3"],
            "--match-points: match points are 1-2-4, 2-3-4, 2-4-6 (a win, a skunk, a double "
            "skunk), not '1-2-3'.",
        ),
        (
            ["--match-points", "2-3-4"],
            "--match-points goes with --match N, the match points that win the match.",
        ),
        (
            ["--first-dealer", "loser"],
            "--first-dealer goes with --match, whose later games it is about.",
        ),
        (
            ["--match", "3", "--first-dealer", "winner"],
            "--first-dealer: the first dealer of a later game is the loser, alternate or same, "
            "not 'winner'.",
        ),
        (["--penalty", "bsd"], "--penalty goes with counting your own hands (-e, -m or --manual)."),
        (
            ["-m", "--penalty", "harsh"],
            "--penalty: the penalty for an over-count is bsd, ruthless or none, not 'harsh'.",
        ),
        (["--stats", "--players", "3"], "--players does not go with --stats."),
        (["--replay", "f.json", "--partners"], "--partners does not go with --replay."),
    ],
)
def test_impossible_games_are_one_sentence_and_status_2(
    args: list[str], sentence: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert cli.main(args) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1
    assert err == f"cribbage: {sentence[:1].upper()}{sentence[1:]} Try 'cribbage --help'.\n"


def test_help_says_what_match_n_means_and_names_each_variant(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert cli.main(["--help"]) == 0
    out = " ".join(capsys.readouterr().out.split())
    for option in ("--players", "--partners", "--five-card", "--match-points", "--first-dealer"):
        assert option in out
    assert "--lurch" in out and "--penalty" in out
    assert "play a match: N games" in out
    assert "with --match-points, the match goes to the first with N match points" in out
