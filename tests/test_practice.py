"""Counting practice: answers checked against the scorer, accuracy and speed kept."""

from __future__ import annotations

import io
import random
from collections.abc import Callable, Iterator

import pytest

from cribbage import cli
from cribbage.cards import Card, parse_cards
from cribbage.glyphs import ASCII, UNICODE
from cribbage.practice import PracticeHand, Tally, deal_practice_hand, practise, read_count


def scripted(answers: list[str | BaseException]) -> Callable[[str], str]:
    """An `input` that gives the answers in turn; an exception in the list is raised."""
    queue: Iterator[str | BaseException] = iter(answers)

    def ask(prompt: str) -> str:
        answer = next(queue, EOFError())
        if isinstance(answer, BaseException):
            raise answer
        return answer

    return ask


def ticking(step: float) -> Callable[[], float]:
    """A clock that moves on by `step` seconds each time it is read."""
    now = [0.0]

    def clock() -> float:
        now[0] += step
        return now[0]

    return clock


def totals(seed: int, hands: int) -> list[int]:
    rng = random.Random(seed)
    return [deal_practice_hand(rng).score.total for _ in range(hands)]


def test_right_and_wrong_answers_are_told_with_the_breakdown_and_tallied() -> None:
    first, second = totals(5, 2)
    out = io.StringIO()
    status = practise(5, ask=scripted([str(first), str(second + 1)]), out=out, clock=ticking(1.5))
    text = out.getvalue()
    assert status == 0
    assert f"Right: {first}." in text
    assert f"Not {second + 1}: the " in text and f"is worth {second}." in text
    assert f"  {second:2}  total" in text
    assert "1 of 1 right (100%)" in text and "1 of 2 right (50%)" in text
    assert text.rstrip().endswith(
        "Practice over. 1 of 2 right (50%), 1.5 seconds a hand on average."
    )


def test_the_seed_deals_the_same_hands_and_crib_hands_drop_the_four_card_flush() -> None:
    one, two = io.StringIO(), io.StringIO()
    practise(9, ask=scripted(["q"]), out=one)
    practise(9, ask=scripted(["q"]), out=two)
    assert one.getvalue() == two.getvalue()
    rng = random.Random(1)
    deals = [deal_practice_hand(rng) for _ in range(200)]
    assert any(deal.crib for deal in deals) and not all(deal.crib for deal in deals)
    for deal in deals:
        assert len({*deal.hand, deal.starter}) == 5


def test_nineteen_is_a_hand_with_nothing() -> None:
    zero = next(seed for seed in range(100) if totals(seed, 1)[0] == 0)
    out = io.StringIO()
    practise(zero, ask=scripted(["19"]), out=out)
    assert "Right: 0." in out.getvalue()
    assert "Nineteen (nothing)." in out.getvalue()


def test_anything_but_a_number_gets_one_sentence_and_the_question_again() -> None:
    first = totals(3, 1)[0]
    out = io.StringIO()
    prompts: list[str] = []
    ask = scripted(["six", "", "-2", "31", str(first)])

    def counting_ask(prompt: str) -> str:
        prompts.append(prompt)
        return ask(prompt)

    practise(3, ask=counting_ask, out=out)
    text = out.getvalue()
    assert text.count("Type the points as a number (0 or 19 for nothing), or q to stop.") == 3
    assert text.count("No hand scores more than 29: type the points again, or q to stop.") == 1
    assert f"Right: {first}." in text and "1 of 1 right" in text
    assert prompts.count("Your count: ") == 6  # five answers, then the end of input


@pytest.mark.parametrize("stop", ["q", "Q", "quit", EOFError()])
def test_q_or_the_end_of_input_ends_with_the_summary(stop: str | BaseException) -> None:
    out = io.StringIO()
    assert practise(2, ask=scripted([stop]), out=out) == 0
    assert out.getvalue().rstrip().endswith("Practice over. No hands counted.")


def test_ctrl_c_ends_with_the_summary_and_status_130() -> None:
    first = totals(4, 1)[0]
    out = io.StringIO()
    assert (
        practise(4, ask=scripted([str(first), KeyboardInterrupt()]), out=out, clock=ticking(2))
        == 130
    )
    assert (
        out.getvalue()
        .rstrip()
        .endswith("Practice over. 1 of 1 right (100%), 2.0 seconds a hand on average.")
    )


def test_read_count_and_the_tally() -> None:
    assert [read_count(t) for t in ("0", "19", " 29 ", "30", "1.5", "x", "")] == [
        0,
        0,
        29,
        None,
        None,
        None,
        None,
    ]
    tally = Tally()
    assert tally.line() == "No hands counted."
    tally.add(True, 3.0)
    tally.add(False, 5.0)
    tally.add(True, 4.0)
    assert tally.line() == "2 of 3 right (67%), 4.0 seconds a hand on average."


def test_the_command_runs_practice_with_the_seed(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    first = totals(8, 1)[0]
    answers = iter([str(first), "q"])
    monkeypatch.setattr("builtins.input", lambda prompt="": next(answers))
    assert cli.main(["--practice", "--seed", "8"]) == 0
    out = capsys.readouterr().out
    assert f"Right: {first}." in out and "1 of 1 right (100%)" in out


class Tty(io.StringIO):
    """A terminal's output: a text stream that says it is a terminal, in UTF-8."""

    encoding = "utf-8"

    def isatty(self) -> bool:
        return True


def test_cards_are_drawn_as_the_game_draws_them_and_ascii_off_a_terminal(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr("locale.getencoding", lambda: "UTF-8")
    deal = deal_practice_hand(random.Random(6))
    seen: dict[str, str] = {}
    for name, out in (("terminal", Tty()), ("pipe", io.StringIO())):
        practise(6, ask=scripted(["q"]), out=out)
        seen[name] = out.getvalue()
    assert deal.title(1, UNICODE) in seen["terminal"]
    assert any(suit in seen["terminal"] for suit in UNICODE.suits)
    assert deal.title(1, ASCII) in seen["pipe"]
    assert all(ord(char) < 128 for char in seen["pipe"])
    monkeypatch.setattr("locale.getencoding", lambda: "ANSI_X3.4-1968")  # LC_ALL=C
    out = Tty()
    practise(6, ask=scripted(["q"]), out=out)
    assert deal.title(1, ASCII) in out.getvalue()


def test_practice_and_the_game_draw_a_ten_alike() -> None:
    ten, eight, two, king = parse_cards(["th", "8s", "2c", "kd"])
    hand = PracticeHand((ten, eight, two, king), Card.parse("5s"), crib=False)
    assert hand.title(3, UNICODE) == "Hand 3: 10♥ 8♠ 2♣ K♦, starter 5♠"
    assert hand.title(3, ASCII) == "Hand 3: 10H 8S 2C KD, starter 5S"


def test_a_superscript_digit_is_not_a_count() -> None:
    assert read_count("²") is None and read_count("1²") is None
