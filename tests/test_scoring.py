from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cribbage.cards import DECK, Card, Suit, parse_cards
from cribbage.scoring import (
    Score,
    ScoreKind,
    announce,
    announce_sentence,
    hand_points,
    number_word,
    peg_points,
    play_combination,
    rank_table,
    score_hand,
    score_play,
    three_card_points,
)

from .support import cards_st, naive_play, naive_show


def show(texts: str, crib: bool = False) -> int:
    *hand, starter = parse_cards(texts.split())
    return score_hand(hand, starter, crib=crib).total


@pytest.mark.parametrize(
    "cards, crib, total",
    [
        ("5h 5c 5s jd 5d", False, 29),  # the highest hand: nobs with the jack of the starter's suit
        ("5h 5c 5s jh 5d", False, 28),  # same, but no nobs
        ("ah 6c 7d 8s ac", False, 13),  # four fifteens, a pair, a run of three (not 11)
        ("3h 3c 4s 5d 5c", False, 20),  # quadruple run of three with fifteens
        ("9h 6c 5s 4d 4c", False, 14),  # "fifteen six and a double run is fourteen"
        ("kh kc ks qd jc", False, 15),  # triple run: 15 without fifteens
        ("8h 8c 7s 6d 6c", False, 20),  # quadruple run 16 plus two fifteens
        ("4h 3c 3s 2d ac", False, 10),  # double run of four
        ("2h 4h 6h 8h ts", False, 4),  # four-card flush in a hand (all even: no fifteen)
        ("2h 4h 6h 8h th", False, 5),  # five-card flush
        ("2h 4h 6h 8h ts", True, 0),  # a crib never scores a four-card flush
        ("2h 4h 6h 8h th", True, 5),  # but scores the five-card one
        ("2h 4h 6h 8s th", False, 0),  # three of a suit plus the starter is no flush
        ("jh 2c 4d 9s 3h", False, 8),  # J-2-3 and 2-4-9 fifteens, run 2-3-4, nobs
        ("ac 3d 9s kh qh", False, 0),  # nineteen
        ("jc 5c qd kd 5s", False, 17),  # three fifteens with each five, a pair, J-Q-K
    ],
)
def test_known_hands(cards: str, crib: bool, total: int) -> None:
    *hand, starter = parse_cards(cards.split())
    assert score_hand(hand, starter, crib=crib).total == total
    assert naive_show(hand, starter, crib) == total


def test_breakdown_names_every_combination() -> None:
    *hand, starter = parse_cards(["9h", "6c", "5s", "4d", "4c"])
    score = score_hand(hand, starter)
    assert len(score.of_kind(ScoreKind.FIFTEEN)) == 3
    assert len(score.of_kind(ScoreKind.PAIR)) == 1
    assert [len(item.cards) for item in score.of_kind(ScoreKind.RUN)] == [3, 3]
    assert announce(score) == (
        "fifteen two, fifteen four, fifteen six, a pair is eight, and a double run of three is fourteen"
    )
    for item in score.items:
        assert set(item.cards) <= set(hand) | {starter}


@pytest.mark.parametrize(
    "cards, words",
    [
        ("5h tc 5s 2d ac", "fifteen two, fifteen four, and a pair is six"),
        ("ac 3d 9s kh qh", "nineteen (nothing)"),
        ("kh kc ks qd jc", "three of a kind is six, and a triple run of three is fifteen"),
        ("7c 8d 2s 4h ks", "fifteen two"),
        ("2h 4h 6h 8h ts", "a flush of four is four"),
        ("ah 2c 3d 8s 9h", "fifteen two, and a run of three is five"),
        ("3h 4c 4d 5s 9c", "a pair is two, and a double run of three is eight"),  # no fifteen
        (
            "3h 3c 4d 5s 5c",
            "fifteen two, fifteen four, a pair of threes is six, a pair of fives is eight, and a "
            "quadruple run of three is twenty",
        ),
        (
            "7h 7c 7d ks 8c",  # each seven with the eight
            "fifteen two, fifteen four, fifteen six, and three of a kind is twelve",
        ),
    ],
)
def test_announcements(cards: str, words: str) -> None:
    *hand, starter = parse_cards(cards.split())
    assert announce(score_hand(hand, starter)) == words
    *hand, starter = parse_cards(["5h", "5c", "5s", "jd", "5d"])
    assert announce(score_hand(hand, starter)).endswith(
        "fifteen sixteen, four of a kind is twenty-eight, and one for his nobs is twenty-nine"
    )


def test_an_announcement_as_a_sentence_and_a_score_as_words() -> None:
    *hand, starter = parse_cards(["5h", "tc", "5s", "2d", "ac"])
    score = score_hand(hand, starter)
    assert announce_sentence(score) == "Fifteen two, fifteen four, and a pair is six."
    assert str(score) == "fifteen two, fifteen four, and a pair is six"
    assert [str(item) for item in score.items] == [
        "fifteen (5H TC) for 2",
        "fifteen (TC 5S) for 2",
        "pair (5H 5S) for 2",
    ]


@pytest.mark.parametrize(
    "n, word",
    [(0, "zero"), (1, "one"), (15, "fifteen"), (31, "thirty-one"), (32, "32"), (-1, "-1")],
)
def test_numbers_in_words_up_to_thirty_one(n: int, word: str) -> None:
    assert number_word(n) == word


@pytest.mark.parametrize(
    "cards, crib, kind, named, points",
    [
        # by hand: the flush item names the cards that make it, and his nobs names the jack
        ("2h 4h 6h 8h th", False, ScoreKind.FLUSH, "2H 4H 6H 8H TH", 5),
        ("2h 4h 6h 8h th", True, ScoreKind.FLUSH, "2H 4H 6H 8H TH", 5),
        ("2h 4h 6h 8h ts", False, ScoreKind.FLUSH, "2H 4H 6H 8H", 4),
        ("jh 2c 4d 9s 3h", False, ScoreKind.NOBS, "JH", 1),
        ("2h 3h 9h kh", False, ScoreKind.FLUSH, "2H 3H 9H KH", 4),  # five-card cribbage
        ("2h 3h 9h kc", False, ScoreKind.FLUSH, "2H 3H 9H", 3),
    ],
)
def test_a_flush_and_his_nobs_are_itemized_with_their_cards(
    cards: str, crib: bool, kind: ScoreKind, named: str, points: int
) -> None:
    *hand, starter = parse_cards(cards.split())
    score = score_hand(hand, starter, crib=crib)
    (item,) = score.of_kind(kind)
    assert (" ".join(str(card) for card in item.cards), item.points) == (named, points)
    assert sum(item.points for item in score.items) == score.total


def test_a_crib_flush_of_four_is_no_item() -> None:
    *hand, starter = parse_cards(["2h", "4h", "6h", "8h", "ts"])
    assert score_hand(hand, starter, crib=True).of_kind(ScoreKind.FLUSH) == ()


def test_scores_are_equal_when_their_items_are() -> None:
    *hand, starter = parse_cards(["5h", "tc", "5s", "2d", "ac"])
    score = score_hand(hand, starter)
    again = score_play(parse_cards(["5h", "tc"]))
    same = score_hand(list(reversed(hand)), starter)  # the same items, listed anew
    assert score == score_hand(hand, starter) and hash(score) == hash(score_hand(hand, starter))
    assert score != again and score != Score() and Score() == Score(())
    assert hash(Score()) == hash(Score(()))
    assert (same == score) == (same.items == score.items)
    fifteen = score_play(parse_cards(["5h", "tc"]))
    assert fifteen == again and fifteen != score_play(parse_cards(["5h", "td"]))


@given(cards_st(5), st.data(), st.booleans())
def test_fast_itemized_and_naive_scorers_agree(
    five: list[Card], data: st.DataObject, crib: bool
) -> None:
    hand, starter = five[:4], five[4]
    shuffled = data.draw(st.permutations(hand))
    score = score_hand(hand, starter, crib=crib)
    assert score.total == naive_show(hand, starter, crib)
    assert score.total == score_hand(shuffled, starter, crib=crib).total
    a, b, c, d = (card.index for card in shuffled)
    assert score.total == hand_points(a, b, c, d, starter.index, crib)
    assert score.total == sum(item.points for item in score.items)
    assert score.total not in {19, 25, 26, 27}
    assert 0 <= score.total <= 29


@given(cards_st(4), st.data())
def test_three_card_hands_of_five_card_cribbage(four: list[Card], data: st.DataObject) -> None:
    """Five-card cribbage shows three cards with the starter: fifteens, pairs, runs, a flush
    of three (four with the starter) and his nobs."""
    hand, starter = four[:3], four[3]
    score = score_hand(data.draw(st.permutations(hand)), starter)
    assert score.total == naive_show(hand, starter) == sum(item.points for item in score.items)
    a, b, c = (card.index for card in hand)
    assert score.total == three_card_points(a, b, c, starter.index)
    assert 0 <= score.total <= 20  # the best: three fives with the fourth turned


def test_three_card_flushes() -> None:
    assert show("2h 3h 9h kc") == 2 + 3  # a fifteen, a flush of three
    assert show("2h 3h 9h kh") == 2 + 4  # with the starter: four
    assert show("2h 3h 9c kh") == 2  # no flush


@given(cards_st(5), st.permutations(list(Suit)))
def test_relabelling_suits_changes_nothing(five: list[Card], suits: list[Suit]) -> None:
    relabel = [Card(c.rank, suits[c.suit]) for c in five]
    for crib in (False, True):
        assert (
            score_hand(relabel[:4], relabel[4], crib=crib).total
            == score_hand(five[:4], five[4], crib=crib).total
        )


def test_bad_hands_are_refused() -> None:
    five = parse_cards(["5h", "5c", "5s", "jd", "5d"])
    with pytest.raises(ValueError):
        score_hand(five[:2], five[4])
    with pytest.raises(ValueError):
        score_hand(five[:3], five[4], crib=True)  # a crib is always four cards
    with pytest.raises(ValueError):
        score_hand(five[:4], five[0])


# --- the play ---


@pytest.mark.parametrize(
    "cards, total, kinds",
    [
        ("7h 8c", 2, [ScoreKind.FIFTEEN]),
        ("5h 5c", 2, [ScoreKind.PAIR]),
        ("5h 5c 5d", 8, [ScoreKind.FIFTEEN, ScoreKind.PAIR]),
        ("2h 2c 2d 2s", 12, [ScoreKind.PAIR]),
        ("4h 6c 5d", 5, [ScoreKind.FIFTEEN, ScoreKind.RUN]),  # "fifteen two and a run of three"
        ("7h 6c 8d", 3, [ScoreKind.RUN]),
        ("5h 2c 4d 3s", 4, [ScoreKind.RUN]),  # out of order
        ("ah 5c 6d 7s", 3, [ScoreKind.RUN]),  # the 7 makes 5-6-7
        ("5h ac 6d 7s", 0, []),  # the ace interrupts: no run
        ("3h 4c 3d", 0, []),  # a repeated rank breaks the run
        ("kh qc jd", 3, [ScoreKind.RUN]),
        ("th kd qs ac", 2, [ScoreKind.THIRTY_ONE]),
        ("9h 9c 6d 7s", 2, [ScoreKind.THIRTY_ONE]),
        ("3h 4c 5d 6s 7h", 5, [ScoreKind.RUN]),
        ("2h 4c ah 3d 6s 5h", 6, [ScoreKind.RUN]),  # a run of six, laid out of order
        ("7h 5c 3d ah 2s 4h 6c", 7, [ScoreKind.RUN]),  # a run of seven, on 28
        ("4h 5c 6d", 5, [ScoreKind.FIFTEEN, ScoreKind.RUN]),
        ("7h 7c", 2, [ScoreKind.PAIR]),
        ("7h 8c 7d", 0, []),  # not consecutive: no pair
    ],
)
def test_pegging(cards: str, total: int, kinds: list[ScoreKind]) -> None:
    pile = parse_cards(cards.split())
    score = score_play(pile)
    assert score.total == total
    assert [item.kind for item in score.items] == kinds
    assert peg_points([c.rank for c in pile]) == total
    assert naive_play(pile) == total  # the tests' own count agrees with the table by hand


def test_play_past_31_is_refused() -> None:
    with pytest.raises(ValueError, match="past 31"):
        score_play(parse_cards(["th", "kd", "qs", "2c"]))
    with pytest.raises(ValueError):
        score_play([])


@given(st.lists(st.sampled_from(DECK), min_size=1, max_size=8, unique=True))
def test_pegging_agrees_with_brute_force(cards: list[Card]) -> None:
    while sum(c.value for c in cards) > 31:
        cards = cards[:-1]
    if cards:
        ranks = [int(c.rank) for c in cards]
        assert score_play(cards).total == naive_play(cards) == peg_points(ranks)
        assert score_play(cards).total == sum(i.points for i in score_play(cards).items)


def test_the_rank_table_holds_every_show_and_names_a_key_it_lacks() -> None:
    *hand, starter = parse_cards(["5h", "5c", "5s", "jd", "5d"])
    assert score_hand(hand, starter).total == 29  # the table is built
    with pytest.raises(KeyError) as err:
        rank_table()[0]  # no cards at all: not a show
    assert err.value.args == (0,)


def test_a_pair_at_the_end_of_a_count_leaves_no_run_and_no_card_is_not_scored() -> None:
    # 5 6 7 then a second 7: a pair, and the run of 5 6 7 is not at the end any more
    assert play_combination((5, 6, 7, 7)) == (2, 0)
    assert play_combination((6, 5, 7)) == (1, 3)
    with pytest.raises(ValueError) as err:
        score_play([])
    assert str(err.value) == "There is no card to score."


def test_pairs_in_the_play_name_the_cards_that_make_them() -> None:
    pile = parse_cards(["3h", "9c", "9d", "9s"])
    assert [item.cards for item in score_play(pile[:3]).items] == [tuple(pile[1:3])]
    assert [item.cards for item in score_play(pile).items] == [tuple(pile[1:])]


def test_runs_in_the_play_name_the_cards_that_make_them() -> None:
    pile = parse_cards(["kh", "4h", "6c", "5d"])
    assert [item.cards for item in score_play(pile).items] == [tuple(pile[1:])]


def test_the_fast_count_is_a_hands_unless_told_it_is_a_crib() -> None:
    # a flush of four in hand with a king turned: 4 for the flush in a hand, none in a crib
    *hand, starter = parse_cards(["2h", "4h", "6h", "8h", "kc"])
    a, b, c, d = (card.index for card in hand)
    assert hand_points(a, b, c, d, starter.index) == 4
    assert hand_points(a, b, c, d, starter.index, True) == 0


@pytest.mark.parametrize(
    "cards, crib, refusal",
    [
        ("2h 4h 6h 8h 9h", False, "A hand to count is three or four different cards"),
        ("2h 4h", False, "A hand to count is three or four different cards"),
        ("2h 2h 6h 8h", False, "A hand to count is three or four different cards"),
        ("2h 4h 6h", True, "A crib to count is four different cards"),
        ("2h 4h 6h kc", True, "A crib to count is four different cards"),  # holds the starter
    ],
)
def test_what_is_not_a_hand_or_a_crib_is_refused(cards: str, crib: bool, refusal: str) -> None:
    with pytest.raises(ValueError) as err:
        score_hand([Card.parse(card) for card in cards.split()], Card.parse("kc"), crib=crib)
    assert str(err.value) == f"{refusal} besides the starter."
