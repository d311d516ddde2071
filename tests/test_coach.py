"""Hints and the coach from the engine's side: the figures are the expert's own, and the
coach's reviews are what the record shows."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Callable

import pytest

from cribbage.calculator import shown_figures
from cribbage.cards import Card, parse_cards
from cribbage.coach import (
    DiscardReview,
    GameSummary,
    HandReview,
    PlayReview,
    review_hands,
    summarize,
)
from cribbage.computer import Computer, DiscardOption, PlayOption
from cribbage.events import Dealt, Played, Reason, Scored
from cribbage.glyphs import ASCII, UNICODE
from cribbage.record import Recorder, replay_steps
from cribbage.rules import Action, Discard, GameConfig, Phase, Play, Seat, pending
from cribbage.scoring import score_play
from cribbage.ui.seats import Seating
from cribbage.ui.words import coach_lines, coach_summary_lines, hint_lines
from cribbage.view import PlayerView, view_for

Chooser = Callable[[PlayerView], Action]


def play_game(seed: int, human: Chooser, computer: Chooser, *, hands: int = 99) -> Recorder:
    """A game (or its first `hands` hands) with each seat choosing by its function."""
    recorder = Recorder.start(seed)
    while (
        recorder.state.game.phase is not Phase.GAME_OVER
        and recorder.state.game.hand_number <= hands
    ):
        game = recorder.state.game
        seat = pending(game)[0]
        chooser = human if seat == Seat.HUMAN else computer
        recorder.apply(chooser(view_for(game, seat)))
    return recorder


def worst(adviser: Computer) -> Chooser:
    """Always the last option: the expert's worst discard and play."""

    def choose(view: PlayerView) -> Action:
        if view.phase is Phase.DISCARD:
            return Discard(view.seat, adviser.discard_options_for(view)[-1].discard)
        if view.phase is Phase.PLAY:
            return Play(view.seat, adviser.play_options_for(view)[-1].card)
        return adviser.act(view)

    return choose


@pytest.mark.parametrize("seed", [1, 2])
def test_the_first_option_of_a_view_is_what_act_does(seed: int) -> None:
    adviser = Computer("expert", seed=seed)
    checked = {Phase.DISCARD: 0, Phase.PLAY: 0}

    def check_then_act(view: PlayerView) -> Action:
        action = adviser.act(view)
        if isinstance(action, Discard):
            assert set(adviser.discard_options_for(view)[0].discard) == set(action.cards)
            checked[Phase.DISCARD] += 1
        elif isinstance(action, Play):
            first = adviser.play_options_for(view)[0].card
            # a forced rank is played as its lowest card; any card of it pegs alike
            assert first == action.card or len({c.rank for c in view.legal}) == 1
            assert first.rank == action.card.rank
            checked[Phase.PLAY] += 1
        return action

    play_game(seed, check_then_act, Computer("easy", seed=seed).act, hands=3)
    assert checked[Phase.DISCARD] == 3 and checked[Phase.PLAY] >= 6


def test_the_options_for_a_view_are_those_of_the_explicit_call() -> None:
    recorder = play_game(4, Computer("expert", 1).act, Computer("expert", 2).act, hands=1)
    adviser = Computer("expert", seed=7)
    for state, _ in replay_steps(recorder.record):
        game = state.game
        if game.phase is Phase.DISCARD and Seat.HUMAN in pending(game):
            view = view_for(game, Seat.HUMAN)
            explicit = adviser.discard_options(
                view.hand,
                dealer=view.is_dealer,
                my_score=view.scores[0],
                opp_score=view.scores[1],
                target=view.target,
            )
            assert adviser.discard_options_for(view) == explicit
            return
    pytest.fail("no discard found")


def test_playing_as_the_adviser_loses_nothing() -> None:
    adviser = Computer("expert", seed=11)
    recorder = play_game(5, adviser.act, Computer("classic", seed=3).act, hands=3)
    reviews = review_hands(recorder.record, adviser, Seat.HUMAN)
    assert [review.hand for review in reviews] == [1, 2, 3]
    for review in reviews:
        assert review.discard is not None and review.discard.is_best
        assert review.costly_plays == ()
        assert review.discard_lost == pytest.approx(0) and review.pegging_lost == pytest.approx(0)
    summary = summarize(reviews)
    assert (summary.hands, summary.best_discards, summary.costly_plays) == (3, 3, 0)


def test_playing_the_worst_options_is_charged_their_difference() -> None:
    adviser = Computer("expert", seed=11)
    recorder = play_game(5, worst(adviser), Computer("classic", seed=3).act, hands=2)
    reviews = review_hands(recorder.record, adviser, Seat.HUMAN)
    assert len(reviews) == 2
    for review in reviews:
        assert review.discard is not None and not review.discard.is_best
        assert review.discard.lost == pytest.approx(
            review.discard.best.total - review.discard.chosen.total
        )
        assert review.discard_lost > 0
        for play in review.costly_plays:
            assert (
                play.lost == pytest.approx(play.best.points - play.chosen.points) and play.lost > 0
            )
            assert play.card.rank != play.best.card.rank
    summary = summarize(reviews)
    assert summary.discard_lost == pytest.approx(sum(r.discard_lost for r in reviews))
    assert (
        summary.pegging_lost == pytest.approx(sum(r.pegging_lost for r in reviews))
        and summary.pegging_lost > 0
    )


def test_a_reply_is_what_the_computer_really_pegged_with_its_next_card() -> None:
    adviser = Computer("expert", seed=11)
    replies = 0
    for seed in range(6):
        recorder = play_game(seed, worst(adviser), Computer("expert", seed=3).act, hands=3)
        events = recorder.events
        where: dict[tuple[int, Card], int] = {}
        hand = 0
        for i, event in enumerate(events):
            if isinstance(event, Dealt):
                hand = event.number
            elif isinstance(event, Played):
                where[hand, event.card] = i
        for review in review_hands(recorder.record, adviser, Seat.HUMAN):
            for play in review.plays:
                mine = where[review.hand, play.card]
                nxt = next((e for e in events[mine + 1 :] if isinstance(e, Played)), None)
                if play.reply is None:
                    continue
                replies += 1
                assert nxt is not None and nxt.seat == Seat.COMPUTER
                assert nxt.count == play.count + play.card.value + nxt.card.value
                scored = next(e for e in events[events.index(nxt) + 1 :] if isinstance(e, Scored))
                assert scored.seat == Seat.COMPUTER and scored.reason is Reason.PLAY
                assert scored.score == play.reply
                assert play.reply == score_play((*play.pile, play.card, nxt.card))
    assert replies > 0


def test_a_hand_still_in_play_is_not_reviewed_until_its_play_is_over() -> None:
    adviser = Computer("expert", seed=1)
    recorder = play_game(3, adviser.act, adviser.act, hands=1)  # stops as hand 2 is dealt
    assert [r.hand for r in review_hands(recorder.record, adviser, Seat.HUMAN)] == [1]
    game = recorder.state.game
    recorder.apply(adviser.act(view_for(game, pending(game)[0])))
    assert [r.hand for r in review_hands(recorder.record, adviser, Seat.HUMAN)] == [1]
    assert [r.hand for r in review_hands(recorder.record, adviser, Seat.HUMAN, last=True)] == [1]


def test_reviews_are_cached_and_equal_fresh_ones() -> None:
    adviser = Computer("expert", seed=11)
    recorder = play_game(5, worst(adviser), Computer("classic", seed=3).act, hands=2)
    cache: dict[tuple[int, int], HandReview] = {}
    first = review_hands(recorder.record, adviser, Seat.HUMAN, cache=cache)
    assert set(cache) == {(1, 1), (1, 2)}
    assert review_hands(recorder.record, adviser, Seat.HUMAN, cache=cache) == first
    assert review_hands(recorder.record, Computer("expert", seed=11), Seat.HUMAN) == first


# -- the words ------------------------------------------------------------------------------


def _discard(cards: str, total: float, win: float | None = None) -> DiscardOption:
    six = parse_cards(cards.split())
    return DiscardOption(
        (six[0], six[1]), (six[2], six[3], six[4], six[5]), total, 0.0, 0.0, 0.0, total, win
    )


def test_coach_words_for_a_costly_lead_say_what_the_computer_pegged() -> None:
    five, nine, ten = (Card.parse(t) for t in ("5h", "9c", "td"))
    lead = PlayReview(
        pile=(),
        chosen=PlayOption(five, -1.0),
        best=PlayOption(nine, 0.2),
        reply=score_play([five, ten]),
        best_pegs=None,
    )
    review = HandReview(
        1,
        4,
        False,
        DiscardReview(_discard("ah 2c 5h 9c td ks", 5.0), _discard("ah ks 5h 9c td 2c", 7.5)),
        (lead,),
    )
    text = " ".join(line.strip() for line in coach_lines(review, ASCII))
    assert text == (
        "You laid away AH 2C, worth 5.00 points on average; laying away AH KS was "
        "worth 7.50: 2.50 points lost. "
        "Laying away AH KS keeps 5H 9C 10D 2C: a fifteen (2) whatever the starter; an eight "
        "or a jack adds five (8 of the 46 starters). "
        "Laying away AH 2C keeps 5H 9C 10D KS: two fifteens (4) whatever the starter. "
        "Leading the 5H cost 1.20 points on average "
        "against the 9C: it gave the computer a fifteen for two."
    )
    assert all(len(line) <= 60 for line in coach_lines(review, UNICODE))


def test_coach_words_when_the_best_card_would_have_pegged_and_when_all_was_best() -> None:
    seven, eight, king = (Card.parse(t) for t in ("7s", "8d", "kh"))
    play = PlayReview(
        pile=(seven,),
        chosen=PlayOption(king, -0.5),
        best=PlayOption(eight, 1.5),
        reply=None,
        best_pegs=score_play([seven, eight]),
    )
    review = HandReview(1, 2, True, None, (play,))
    text = " ".join(line.strip() for line in coach_lines(review, ASCII))
    assert text == (
        "Playing the KH on the count of 7 cost 2.00 points on average against the 8D: "
        "the 8D would have pegged a fifteen for two."
    )
    same = PlayReview(
        pile=(),
        chosen=PlayOption(eight, 0.5),
        best=PlayOption(Card.parse("8h"), 0.5),
        reply=None,
        best_pegs=None,
    )
    best = _discard("ah 2c 5h 9c td ks", 7.5)
    fine = HandReview(1, 3, True, DiscardReview(best, best), (same,))
    text = " ".join(coach_lines(fine, ASCII))
    assert "Your discard, AH 2C, was the best: 7.50 points" in text
    assert "Each of your plays was the best, or as good." in text


def test_the_coach_says_what_the_hint_says_of_the_play_in_the_figures() -> None:
    five = parse_cards(["ah", "2c", "5h", "9c", "td"])
    other = DiscardOption((five[0],), five[1:], 6.0, 1.5, 0.0, 0.0, 7.5)  # no pegging reckoned
    review = HandReview(1, 1, True, DiscardReview(other, other), ())
    coach = " ".join(line.strip() for line in coach_lines(review, ASCII))
    hint = hint_lines([other], ASCII)
    assert "7.50 points to expect from the hand and the crib." in coach
    assert "pegging" not in coach and "pegging" not in " ".join(hint)
    assert hint[-1] == "The play is not reckoned in these figures." and hint[-1] in coach
    six = parse_cards(["ah", "2c", "5h", "9c", "td", "ks"])
    two = DiscardOption((six[0], six[1]), six[2:], 6.0, 1.5, 0.0, 0.25, 7.75)
    review = HandReview(1, 1, True, DiscardReview(two, two), ())
    coach = " ".join(line.strip() for line in coach_lines(review, ASCII))
    assert "7.75 points to expect from the hand, the crib and the pegging." in coach
    assert "not reckoned" not in coach and "not reckoned" not in " ".join(hint_lines([two], ASCII))


def test_near_the_end_the_coach_speaks_of_the_chance_of_winning() -> None:
    review = HandReview(
        3,
        9,
        True,
        DiscardReview(
            _discard("ah 2c 5h 9c td ks", 5.0, 0.31), _discard("ah ks 5h 9c td 2c", 4.0, 0.42)
        ),
        (),
    )
    assert (
        review.discard is not None
        and review.discard.lost == 0
        and review.discard.win_lost == pytest.approx(0.11)
    )
    text = " ".join(line.strip() for line in coach_lines(review, ASCII))
    assert "a 31.0% chance of winning; laying away AH KS gave 42.0%" in text
    summary = coach_summary_lines(summarize([review]))
    assert summary[0] == "Coach: your discard was not the best,"  # by points it lost nothing
    assert "1 decision near the end" in summary[-1]


@pytest.mark.parametrize(
    ("summary", "said"),
    [
        (
            GameSummary(1, 0.0, 0.0, best_discards=1, costly_plays=0, by_win=0),
            "Coach: your discard was the best, and each of your plays was the best, or as good.",
        ),
        (
            GameSummary(1, 2.46, 1.04, best_discards=0, costly_plays=1, by_win=0),
            "Coach: your discard gave up about 2.5 points against the best, and your plays "
            "another 1.0 (1 costly play).",
        ),
        (
            GameSummary(1, 0.0, 3.5, best_discards=1, costly_plays=2, by_win=0),
            "Coach: your discard was the best, and your plays another 3.5 (2 costly plays).",
        ),
        (
            GameSummary(4, 6.25, 2.0, best_discards=3, costly_plays=2, by_win=0),
            "Coach: 6.2 points lost to discards (3 of 4 the best), 2.0 to pegging (2 costly "
            "plays), on average.",
        ),
    ],
)
def test_the_summary_of_one_hand_is_said_in_words(summary: GameSummary, said: str) -> None:
    assert " ".join(coach_summary_lines(summary)) == said


def test_a_hint_lists_the_best_three_with_their_figures() -> None:
    hand = parse_cards(["5h", "5c", "6s", "jd", "9c", "kh"])
    options = Computer("expert", seed=1).discard_options(hand, dealer=True)
    lines = hint_lines(options, ASCII)
    assert lines[0] == "Lay away 6S 9C."
    heading = next(n for n, line in enumerate(lines) if line.startswith("lay away"))
    assert lines[heading].split() == ["lay", "away", "hand", "crib", "pegging", "heels", "total"]
    rows = lines[heading + 1 : heading + 4]
    for option, row in zip(options[:3], rows, strict=True):
        assert row.split() == [
            *(str(c) for c in option.discard),
            *(
                f"{figure:.2f}"
                for figure in shown_figures(
                    option.hand, option.crib, option.pegging, option.heels, option.total
                )
            ),
        ]
    crib_note = "The crib is not yours: its points count against you."
    assert crib_note not in lines  # the dealer's own crib
    as_pone = hint_lines(Computer("expert", seed=1).discard_options(hand, dealer=False), ASCII)
    first = as_pone[next(n for n, line in enumerate(as_pone) if line.startswith("lay away")) + 1]
    assert crib_note in as_pone and "-" in first.split()[3]  # the crib's figure, below 0
    kept = [card for card in hand if card not in options[0].discard]
    led = Card.parse("tc")
    plays = Computer("expert", seed=1).play_options(
        kept,
        sequence=[led],
        history=[("opponent", led)],
        starter=Card.parse("2d"),
        dealer=True,
        discards=options[0].discard,
    )
    lines = hint_lines(plays, ASCII)
    assert lines[0] == f"Play the {plays[0].card}."
    assert [line.split() for line in lines[3:]] == [
        [str(o.card), f"{o.points:+.2f}"] for o in plays[:3]
    ]


@pytest.mark.parametrize("module", ["cribbage.coach", "cribbage.practice", "cribbage.calculator"])
def test_the_coach_practice_and_calculator_do_not_import_curses(module: str) -> None:
    code = f"import sys, {module}; print('curses' in sys.modules or '_curses' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


@pytest.mark.parametrize(
    "config",
    [GameConfig(players=3), GameConfig(players=4, partners=True), GameConfig(five_card=True)],
    ids=["three", "partners", "five-card"],
)
def test_the_coach_reviews_every_game_and_names_who_pegged_after_a_costly_play(
    config: GameConfig,
) -> None:
    adviser = Computer("expert", seed=3)
    choose_worst = worst(adviser)
    recorder = Recorder.start(5, config)
    while recorder.state.game.hand_number <= 3 and recorder.state.game.phase is not Phase.GAME_OVER:
        game = recorder.state.game
        seat = pending(game)[0]
        view = view_for(game, seat)
        recorder.apply(choose_worst(view) if seat == Seat.HUMAN else adviser.act(view))
    reviews = review_hands(recorder.record, adviser, Seat.HUMAN)
    assert len(reviews) >= 2
    seating = Seating.of(config)
    replies = 0
    for review in reviews:
        assert review.discard is not None and review.discard.lost > 0
        assert len(review.discard.chosen.discard) == config.discards
        for play in review.plays:
            if play.reply is not None:
                replies += 1
                assert play.replier is not None
                assert config.side_of(play.replier) != config.side_of(Seat.HUMAN)
        text = " ".join(coach_lines(review, ASCII, seating))
        assert "the computer" not in text or seating.two_handed
    assert replies or all(not review.costly_plays for review in reviews)


def test_the_points_lost_are_the_difference_of_the_figures_shown() -> None:
    # -1.7949 is shown -1.79 and 1.7649 is shown 1.76: 3.55 lost, not their exact 3.5598
    review = HandReview(
        1,
        1,
        False,
        DiscardReview(
            _discard("ah 2c 5h 9c td ks", -1.7949), _discard("ah ks 5h 9c td 2c", 1.7649)
        ),
        (),
    )
    text = " ".join(line.strip() for line in coach_lines(review, ASCII))
    assert "worth -1.79 points on average" in text and "was worth 1.76: 3.55 points lost." in text


def test_the_coach_box_keeps_every_figure_and_fits_its_lines() -> None:
    # many costly plays, each with reasons: every figure's sentence stays, the reasons fit
    hand = parse_cards(["3s", "5h", "8s", "jc"])
    plays = tuple(
        PlayReview(
            pile=(Card.parse("4c"),),
            chosen=PlayOption(hand[1], -1.0 - n),
            best=PlayOption(hand[2], 1.0),
            reply=None,
            best_pegs=None,
            hand=hand,
            seen=frozenset(hand) | {Card.parse("4c")},
        )
        for n in range(4)
    )
    review = HandReview(
        1,
        1,
        True,
        DiscardReview(_discard("9d 9s 3s 5h 8s jc", 11.8), _discard("5h jc 3s 8s 9d 9s", 12.27)),
        plays,
    )
    lines = coach_lines(review, UNICODE)
    assert len(lines) <= 16 and all(len(line) <= 60 for line in lines)
    text = " ".join(line.strip() for line in lines)
    assert text.count("Playing the 5♥ on the count of 4 cost") == 4
    assert "0.47 points lost" in text
    assert "The 5♥ leaves the count at 9: a six gives the computer" in text  # the first's reason
