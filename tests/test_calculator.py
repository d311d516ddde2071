from __future__ import annotations

import pytest

from cribbage.calculator import count_text
from cribbage.cards import parse_cards
from cribbage.cli import main
from cribbage.scoring import score_hand


def test_count_prints_every_item_the_total_and_the_words(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["--count", "five of hearts", "5c", "5 s", "jack of diamonds", "5D"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "Hand 5H 5C 5S JD, starter 5D"
    assert sum(1 for line in out if line.startswith("   2  fifteen ")) == 8
    assert sum(1 for line in out if line.startswith("   2  pair ")) == 6
    assert "   1  his nobs    JD" in out
    assert "  29  total" in out
    assert out[-1].endswith("one for his nobs is twenty-nine.")
    assert all(len(line) < 80 for line in out)  # the words wrapped whole, not at the edge
    said = " ".join(out[out.index("  29  total") + 1 :])
    assert said.startswith("Fifteen two, fifteen four,") and "and one for his nobs" in said


@pytest.mark.parametrize("crib, total", [(False, 4), (True, 0)])
def test_count_knows_the_crib_flush_rule(crib: bool, total: int) -> None:
    text = count_text(["2h", "4h", "6h", "8h", "ts"], crib=crib)
    assert f"  {total:2}  total" in text.splitlines()
    spoken = text.splitlines()[-1]  # a sentence, as the game says it
    assert spoken[0].isupper() and spoken.endswith(".")
    cards = parse_cards(["2h", "4h", "6h", "8h", "ts"])
    assert score_hand(cards[:4], cards[4], crib=crib).total == total


@pytest.mark.parametrize(
    "args, message",
    [
        (["--count", "5h", "5c", "6x", "jd", "5d"], "'6x' is not a card."),
        (["--count", "5h", "5c", "5h", "jd", "5d"], "5H is named twice."),
        (["--count", "5h", "5c"], "not 2."),
        (["--crib"], "--crib goes with --count"),
    ],
)
def test_count_mistakes_are_one_line_and_status_2(
    args: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(args) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.count("\n") == 1 and message in captured.err
