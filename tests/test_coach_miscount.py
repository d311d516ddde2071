"""A hand or crib you count yourself and miscount: the coach names what it held and what it
cost, and the game holds the true count on the screen until a key."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cribbage.cards import parse_cards
from cribbage.coach import HandReview, Miscount, SeatLog, review_hands
from cribbage.computer import Computer
from cribbage.events import Claimed, Dealt, Reason, Scored, Shown
from cribbage.glyphs import UNICODE
from cribbage.record import Recorder
from cribbage.rules import (
    Action,
    Claim,
    Counting,
    GameConfig,
    Overcount,
    Phase,
    Seat,
    pending,
)
from cribbage.scoring import announce, score_hand
from cribbage.ui.game import GameUI, Options
from cribbage.ui.keys import ENTER
from cribbage.ui.testing import FakeScreen, OutOfKeys
from cribbage.ui.words import coach_lines, miscount_words
from cribbage.view import PlayerView, view_for

ADVISER = Computer("expert", seed=1)


def true_count(view: PlayerView) -> int:
    assert view.counting is not None and view.starter is not None
    return score_hand(view.counting.cards, view.starter, crib=view.counting.crib).total


def play_hands(
    seed: int, config: GameConfig, claim: Callable[[int, int], int], *, hands: int = 3
) -> Recorder:
    """The first `hands` hands of a game where you count your own as `claim(true, hand)` says
    and everything else is the computer's choice."""
    recorder = Recorder.start(seed, config)
    computer = Computer("easy", seed=seed)
    while (
        recorder.state.game.phase is not Phase.GAME_OVER
        and recorder.state.game.hand_number <= hands
    ):
        game = recorder.state.game
        view = view_for(game, pending(game)[0])
        action: Action
        if view.phase is Phase.SHOW and view.seat == Seat.HUMAN:
            points = claim(true_count(view), game.hand_number)
            action = Claim(Seat.HUMAN, 19 if points == 0 else points)
        else:
            action = computer.act(view)
        recorder.apply(action)
    return recorder


def claims(recorder: Recorder) -> list[tuple[int, Claimed]]:
    """Each of your claims with the hand it was made in."""
    found: list[tuple[int, Claimed]] = []
    hand = 0
    for event in recorder.events:
        if isinstance(event, Dealt):
            hand = event.number
        elif isinstance(event, Claimed) and event.seat == Seat.HUMAN:
            found.append((hand, event))
    return found


MUGGINS = GameConfig(counting=(Counting.CLAIMED, Counting.AUTOMATIC), muggins=True)


@settings(max_examples=15, deadline=None)
@given(st.integers(0, 2**32), st.integers(-3, 3), st.sampled_from(Overcount), st.booleans())
def test_every_miscount_is_in_its_hands_review_with_what_it_cost(
    seed: int, off: int, penalty: Overcount, muggins: bool
) -> None:
    config = GameConfig(
        counting=(Counting.CLAIMED, Counting.AUTOMATIC), muggins=muggins, overcount=penalty
    )
    recorder = play_hands(seed, config, lambda true, hand: max(true + off * (hand % 2), 0))
    reviews = {review.hand: review for review in review_hands(recorder.record, ADVISER, 0)}
    for hand, claimed in claims(recorder):
        miscounts = reviews[hand].miscounts if hand in reviews else ()
        if claimed.claimed == claimed.actual:
            assert not [m for m in miscounts if m.crib is claimed.crib]
            continue
        (miscount,) = [m for m in miscounts if m.crib is claimed.crib]
        assert (miscount.claimed, miscount.score.total) == (claimed.claimed, claimed.actual)
        over = claimed.claimed - claimed.actual
        if over > 0:
            expected = {Overcount.BSD: 2, Overcount.RUTHLESS: over, Overcount.NONE: 0}[penalty]
        else:
            expected = -over if muggins else 0
        assert miscount.taken == expected
        assert miscount.taker == (Seat.COMPUTER if expected else None)


def test_a_review_made_before_the_show_gets_the_miscount_after_it() -> None:
    recorder = play_hands(7, MUGGINS, lambda true, hand: true + 2, hands=1)
    # the review asked for just before the first claim (c while counting)
    first = next(i for i, step in enumerate(recorder.record.steps) if isinstance(step, Claim))
    before = Recorder.start(recorder.record.seed, MUGGINS)
    for step in recorder.record.steps[:first]:
        assert not isinstance(step, str)
        before.apply(step)
    cache: dict[tuple[int, int], HandReview] = {}
    (early,) = review_hands(before.record, ADVISER, 0, cache=cache)
    assert early.miscounts == ()
    (late,) = review_hands(recorder.record, ADVISER, 0, cache=cache, last=True)
    assert [m.claimed - m.score.total for m in late.miscounts] == [2] * len(late.miscounts)
    assert late.miscounts and late.discard == early.discard


def test_a_seat_log_files_the_miscount_under_the_hand_shown() -> None:
    recorder = play_hands(7, MUGGINS, lambda true, hand: true + 2, hands=1)
    log = SeatLog(Seat.HUMAN)
    log.saw([], (1, 1), Phase.SHOW)
    log.saw(recorder.events, (1, 2), Phase.DISCARD)  # the next hand dealt in the same news
    assert list(log.miscounts) == [(1, 1)]
    assert all(m.over and m.taken == 2 for m in log.miscounts[(1, 1)])


def test_the_coach_names_an_over_count_and_points_missed_at_the_end() -> None:
    recorder = play_hands(
        3, MUGGINS, lambda true, hand: true + 2 if hand == 1 else max(true - 1, 0)
    )
    reviews = review_hands(recorder.record, ADVISER, 0)
    assert any(review.miscounts for review in reviews)
    for review in reviews:
        said = " ".join(" ".join(coach_lines(review, UNICODE)).split())  # unwrapped
        last = " ".join(miscount_words(miscount) for miscount in review.miscounts)
        assert said.endswith(last) and said.count("You counted") == len(review.miscounts)
        for miscount in review.miscounts:
            words = miscount_words(miscount)
            what = "crib" if miscount.crib else "hand"
            assert words.startswith(f"You counted {miscount.claimed} for your {what}; it holds")
            missed = miscount.score.total - miscount.claimed
            if miscount.over:
                assert words.endswith("the computer pegged two for the over-count.")
            else:
                assert words.endswith(f"you missed {missed}, which the computer took.")


def test_a_miscount_without_muggins_or_penalty_costs_nothing_more() -> None:
    *hand, starter = parse_cards(["5h", "tc", "5s", "2d", "ac"])
    score = score_hand(hand, starter)
    assert miscount_words(Miscount(False, score.total - 2, score)).endswith("you missed 2.")
    words = miscount_words(Miscount(True, score.total + 3, score))
    assert words.endswith("there was no penalty for the over-count.")
    assert f"it holds {score.total} ({announce(score)})" in words


# -- on the screen ----------------------------------------------------------------------------


def over_counting(screen: FakeScreen) -> str | None:
    """Count your hand as 27 (no hand holds 27), answer the rest with Enter, and stop where
    the game waits for a key after the count (the end of the script)."""
    prompt = screen.text().splitlines()[-2]
    if "press any key" in prompt and "not 27" in prompt:
        return None
    if prompt.startswith("Count your hand:"):
        return {"": "2", "2": "7"}.get(prompt.split(":", 1)[1].strip(), ENTER)
    return ENTER


def test_the_true_count_of_a_miscounted_hand_stays_on_the_screen_until_a_key() -> None:
    options = Options(seed=7, delay=0.5, counting=Counting.CLAIMED, muggins=True)
    screen = FakeScreen(autokey=over_counting)
    ui = GameUI(screen, options)
    with pytest.raises(OutOfKeys):
        ui.run()
    mine = next(e for e in ui.recorder.events if isinstance(e, Shown) and e.seat == Seat.HUMAN)
    held = screen.frames[-1]
    assert held.splitlines()[-2].strip() == (
        f"Your hand holds {mine.score.total}, not 27: press any key."
    )
    assert screen.waits[-1] is None  # a wait for a key, not a pause that times out
    said = " ".join(line.text for line in ui.log.entries[-4:])
    assert f"You count 27, but the hand is worth {mine.score.total}." in said
    assert announce(mine.score)[1:] in said  # what the hand held, laid out
    assert said.endswith("The computer pegs two for the over-count.")
    penalty = [e for e in ui.recorder.events if isinstance(e, Scored)][-1]
    assert penalty.reason is Reason.OVERCLAIM  # held right after the penalty


def test_a_right_count_is_not_held() -> None:
    def right(screen: FakeScreen) -> str | None:
        text = screen.text()
        if "The hand is over" in text:
            return None
        prompt = text.splitlines()[-2]
        assert "press any key." not in prompt  # the count is not held: nothing to see
        if prompt.startswith("Count your"):
            typed = prompt.split(":", 1)[1].strip()
            count = str(true_count(view_for(ui.recorder.state.game, Seat.HUMAN)) or 19)
            return count[len(typed)] if len(typed) < len(count) else ENTER
        return ENTER

    options = Options(seed=7, delay=0, counting=Counting.CLAIMED, muggins=True)
    ui = GameUI(FakeScreen(autokey=right), options)
    with pytest.raises(OutOfKeys):
        ui.run()
    (claimed,) = [e for e in ui.recorder.events if isinstance(e, Claimed)][:1]
    assert claimed.claimed == claimed.actual
