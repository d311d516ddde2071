"""`cribbage --discard`: the 15 discards with the expert's own figures, and one-line mistakes."""

from __future__ import annotations

import pytest

from cribbage.calculator import shown_figures
from cribbage.cards import format_cards, parse_cards
from cribbage.cli import main
from cribbage.computer import Computer
from cribbage.computer.variant_discard import variant_discard_options
from cribbage.rules import GameConfig

HAND = ["5h", "5c", "6d", "jd", "kd", "2s"]


def rows(text: str) -> list[list[str]]:
    """The table rows of one section: the cards, then four figures."""
    return [
        line.split()
        for line in text.splitlines()
        if line[:1].isalnum() and line[2:3] == " " and not line.startswith(("Hand", "The "))
    ]


@pytest.mark.parametrize(("flag", "dealer"), [("--dealer", True), ("--pone", False)])
def test_every_discard_is_listed_best_first_with_the_experts_figures(
    flag: str, dealer: bool, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["--discard", *HAND, flag]) == 0
    out = capsys.readouterr().out
    whose = "as dealer (your crib)" if dealer else "as pone (the dealer's crib)"
    assert out.splitlines()[0] == f"Hand 5H 5C 6D JD KD 2S, {whose}"
    options = Computer("expert", seed=0).discard_options(parse_cards(HAND), dealer=dealer)
    table = rows(out)
    assert len(table) == 15
    for option, row in zip(options, table, strict=True):
        assert row == [
            *format_cards(option.discard).split(),
            *format_cards(option.keep).split(),
            *(
                f"{figure:.2f}"
                for figure in shown_figures(
                    option.hand, option.crib, option.pegging, option.heels, option.total
                )
            ),
        ]
    totals = [float(row[-1]) for row in table]
    assert totals == sorted(totals, reverse=True)
    assert "lay away  keep           hand   crib  pegging  heels  total" in out.splitlines()


def test_without_a_role_both_tables_are_printed_dealer_first(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["--discard", *HAND]) == 0
    out = capsys.readouterr().out
    dealer, pone = out.split("\n\n")
    assert dealer.startswith("Hand 5H 5C 6D JD KD 2S, as dealer") and len(rows(dealer)) == 15
    assert pone.startswith("Hand 5H 5C 6D JD KD 2S, as pone") and len(rows(pone)) == 15
    # your own crib is worth points to you, the dealer's costs you
    assert all(float(row[7]) > 0 for row in rows(dealer)) and all(
        float(row[7]) < 0 for row in rows(pone)
    )


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--discard", "5h", "5c", "6x", "jd", "kd", "2s"], "'6x' is not a card."),
        (["--discard", "5h", "5c", "6d", "jd", "kd", "5h"], "5H is named twice."),
        (
            ["--discard", "5h", "5c", "6d", "jd"],
            "Give the six cards dealt to choose a discard from, not 4.",
        ),
        (["--discard", *HAND, "ac"], "not 7."),
        (["--dealer"], "--dealer goes with --discard"),
        (["--pone", "--count", "5h", "5c", "5s", "jd", "5d"], "--pone goes with --discard"),
        (["--discard", *HAND, "--dealer", "--pone"], "not allowed with"),
        (["--discard", *HAND, "--crib"], "--crib goes with --count"),
        (["--discard", *HAND, "--count", "5h", "5c", "5s", "jd", "5d"], "one at a time"),
    ],
)
def test_mistakes_are_one_line_on_stderr_and_status_2(
    args: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(args) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.count("\n") == 1 and captured.err.startswith("cribbage: ")
    assert message in captured.err


def test_the_usage_and_help_name_the_new_commands(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--help"]) == 0
    out = capsys.readouterr().out
    for option in ("--discard", "--dealer", "--pone", "--practice", "--coach"):
        assert option in out
    assert "cribbage --discard CARD CARD CARD CARD CARD [CARD] [--dealer|--pone]" in out
    assert "[--five-card|--players {3,4} [--partners]]" in out


FIVE = ["5h", "5c", "6d", "jd", "kd"]


@pytest.mark.parametrize(
    ("args", "config", "laid"),
    [
        (["--players", "3"], GameConfig(players=3), 1),
        (["--players", "4"], GameConfig(players=4), 1),
        (["--five-card"], GameConfig(five_card=True), 2),
    ],
)
@pytest.mark.parametrize(("flag", "dealing"), [("--dealer", 0), ("--pone", -1)])
def test_five_cards_are_ranked_in_the_other_games_with_the_experts_figures(
    args: list[str],
    config: GameConfig,
    laid: int,
    flag: str,
    dealing: int,
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["--discard", *FIVE, *args, flag]) == 0
    out = capsys.readouterr().out
    options = variant_discard_options(parse_cards(FIVE), config, 0, dealing % config.players)
    table = rows(out)
    assert len(table) == len(options) == (10 if laid == 2 else 5)
    for option, row in zip(options, table, strict=True):
        assert row == [
            *format_cards(option.discard).split(),
            *format_cards(option.keep).split(),
            *(
                f"{figure:.2f}"
                for figure in shown_figures(
                    option.hand, option.crib, None, option.heels, option.total
                )
            ),
        ]
    assert "The play is not reckoned in these figures." in out


def test_partners_see_their_partners_deal_too(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--discard", *FIVE, "--players", "4", "--partners"]) == 0
    headings = [line for line in capsys.readouterr().out.splitlines() if line.startswith("Hand")]
    assert [heading.split(", ", 1)[1] for heading in headings] == [
        "as dealer (your crib)",
        "your partner dealing (your side's crib)",
        "as pone (an opponent's crib)",
    ]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--discard", *FIVE], "add --five-card or --players 3 or 4"),
        (["--discard", *HAND, "--players", "3"], "Give the five cards dealt"),
        (["--discard", *FIVE, "--partners"], "--partners is for four players"),
        (["--discard", *FIVE, "--five-card", "--players", "3"], "a game for two players"),
    ],
)
def test_five_card_mistakes_are_one_sentence(
    args: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(args) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and captured.err.count("\n") == 1
    assert message in captured.err
