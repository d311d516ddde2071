"""The lessons' deals hold what the lessons say of them, and their words come from the rules,
the announcements and the hint's figures."""

from __future__ import annotations

import pytest

from cribbage.cards import Card
from cribbage.computer import Computer
from cribbage.glyphs import ASCII
from cribbage.learn import (
    A_HAND,
    COUNTED,
    LAYING_AWAY,
    LESSONS,
    PLAY_TOPICS,
    SHOWN,
    THE_PLAY,
    Deal,
    best_plays,
    counting_hand,
    discard_words,
    every_play,
    play_topics,
    rules_passage,
    rules_rows,
    show_rows,
    show_steps,
)
from cribbage.rules import Phase, Seat, pending
from cribbage.scoring import ScoreKind, announce, score_hand
from cribbage.view import view_for


def kinds(seed: int) -> set[ScoreKind]:
    return {item.kind for item in counting_hand(seed).score.items}


def test_the_hands_counted_for_you_show_every_kind_of_combination() -> None:
    first, second = SHOWN
    assert kinds(first) == {ScoreKind.FIFTEEN, ScoreKind.PAIR, ScoreKind.RUN}
    assert len(counting_hand(first).score.of_kind(ScoreKind.RUN)) == 2  # a double run
    assert {ScoreKind.FLUSH, ScoreKind.NOBS} <= kinds(second)
    assert kinds(first) | kinds(second) == set(ScoreKind) - {ScoreKind.THIRTY_ONE}
    for seed in (*SHOWN, *COUNTED):
        hand = counting_hand(seed)
        assert not hand.crib  # the lesson counts hands; a crib's flush is another rule
        assert hand.score.total == score_hand(hand.hand, hand.starter).total > 0
        assert len(hand.score.items) <= 7  # they fit the screen with the rules' rows


def test_the_hands_to_count_are_not_the_ones_counted_for_you() -> None:
    dealt = [counting_hand(seed) for seed in (*SHOWN, *COUNTED)]
    assert len({(hand.hand, hand.starter) for hand in dealt}) == len(dealt)


@pytest.mark.parametrize("seed", [*SHOWN, *COUNTED])
def test_a_hand_is_counted_step_by_step_as_it_is_announced(seed: int) -> None:
    score = counting_hand(seed).score
    steps = show_steps(score)
    assert sum(step.points for step in steps) == score.total
    assert announce(steps[-1].so_far) == announce(score)
    named = [item for step in steps for item in step.items]
    assert sorted(map(str, named)) == sorted(map(str, score.items))
    for step in steps:
        assert step.cards == {card for item in step.items for card in item.cards}
        assert {item.kind for item in step.items} == {step.kind}
        assert show_rows(step.kind)[0].startswith(("fifteen", "a pair", "a run", "a flush", "his"))


def test_three_of_a_kind_is_named_at_once() -> None:
    from cribbage.cards import parse_cards

    *hand, starter = parse_cards(["5h", "5c", "5s", "2d", "kc"])
    steps = show_steps(score_hand(hand, starter))
    pairs = [step for step in steps if step.kind is ScoreKind.PAIR]
    assert len(pairs) == 1 and pairs[0].points == 6 and len(pairs[0].cards) == 3
    assert "three of a kind is" in announce(pairs[0].so_far)


def test_the_rules_are_quoted_not_copied() -> None:
    assert rules_passage("THE PLAY", "The pone leads").startswith("The pone leads a card")
    assert rules_passage("THE PLAY", "The pone leads", "its value").endswith("its value.")
    assert rules_rows("THE PLAY", "a run")[-1].endswith("3 or more")
    assert rules_rows("THE SHOW", "a flush")[1].strip().startswith("and the starter")
    with pytest.raises(LookupError):
        rules_passage("THE PLAY", "words the rules do not have")
    with pytest.raises(LookupError):
        rules_rows("THE SHOW", "a straight")
    with pytest.raises(LookupError):
        rules_passage("NO SUCH SECTION", "The")


def test_the_laying_away_deals_are_the_computers_then_yours() -> None:
    assert [deal.dealer for deal in LAYING_AWAY] == [Seat.COMPUTER, Seat.HUMAN]
    assert A_HAND.dealer == Seat.COMPUTER and THE_PLAY.dealer == Seat.HUMAN


@pytest.mark.parametrize("deal", LAYING_AWAY, ids=["pone", "dealer"])
def test_in_each_laying_away_deal_the_crib_decides(deal: Deal) -> None:
    """Keeping the most points in hand is not the best discard: the lesson says why."""
    view = view_for(deal.table().recorder.state.game, Seat.HUMAN)
    options = Computer("expert").discard_options_for(view)
    best, most = options[0], max(options, key=lambda option: option.hand)
    assert set(best.discard) != set(most.discard)
    assert best.total - most.total > 1.5
    if deal.dealer == Seat.HUMAN:
        assert best.discard[0].rank is best.discard[1].rank  # a pair to your own crib
        assert best.crib > most.crib
    else:
        assert -best.crib < -most.crib  # less to the computer's crib


def test_the_hints_figures_in_words() -> None:
    view = view_for(LAYING_AWAY[0].table().recorder.state.game, Seat.HUMAN)
    best = Computer("expert").discard_options_for(view)[0]
    assert ASCII.cards(list(best.discard)) == "10C KC"
    assert discard_words(best, "the computer's") == (
        "keeps about 8 points in hand with the starter, gives the computer's crib about 4"
    )


def test_every_play_of_the_play_lesson_shows_each_of_its_topics() -> None:
    table = THE_PLAY.table()
    state = table.recorder.state
    assert state.game.phase is Phase.PLAY and pending(state.game) == (Seat.COMPUTER,)
    assert sorted(map(str, state.game.discards[Seat.HUMAN])) == ["2D", "4H"]
    plays = list(every_play(state, table.computers[Seat.COMPUTER]))
    assert plays
    for events in plays:
        assert play_topics(events) == list(PLAY_TOPICS)


def test_best_plays_are_the_cards_that_peg_the_most() -> None:
    from cribbage.cards import parse_cards

    pile = parse_cards(["5h", "tc"])  # 15
    cards, points = best_plays(pile, parse_cards(["th", "5c", "ac", "kd"]))
    assert cards == {Card.parse("th")} and points == 2  # a pair; the rest peg nothing
    assert best_plays(pile, parse_cards(["ac", "5c"])) == (frozenset(), 0)
    cards, points = best_plays(parse_cards(["4h", "6c"]), parse_cards(["5d", "5s", "kd"]))
    assert cards == {Card.parse("5d"), Card.parse("5s")} and points == 5  # fifteen, a run


def test_the_lessons_have_short_distinct_names() -> None:
    assert len({lesson.key for lesson in LESSONS}) == len(LESSONS) == 5
    assert all(len(lesson.title) <= 16 and len(lesson.about) <= 50 for lesson in LESSONS)


def test_the_lessons_words_import_no_screen_and_no_files() -> None:
    """`cribbage.learn` sits below `ui` and beside the coach: no curses, no storage."""
    import subprocess
    import sys

    code = (
        "import sys, cribbage.learn; "
        "print(' '.join(sorted({k.split('.')[1] for k in sys.modules "
        "if k.startswith('cribbage.') and k.count('.') >= 1})), "
        "'curses' in sys.modules or '_curses' in sys.modules)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    *loaded, curses = out.stdout.split()
    assert curses == "False"
    assert not {"ui", "storage", "cli", "net", "people"} & set(loaded), loaded
