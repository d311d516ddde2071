"""The discard: exact sums against the reference figures, the option figures, the classic level."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cribbage.cards import DECK, Card, Rank, Suit, parse_cards
from cribbage.computer import Computer, Settings, discard_options
from cribbage.computer.classic import classic_discard_options
from cribbage.computer.discard import evaluate_discards
from cribbage.computer.sums import (
    DISCARD_PAIRS,
    CribSums,
    crib_sums,
    hand_counts,
    hand_distribution,
    hand_sums,
)
from cribbage.computer.tables import crib_random_sum, throw_weights
from cribbage.scoring import hand_points, score_hand

DATA = Path(__file__).parent / "data"
REFERENCE = json.loads((DATA / "discard_cases.json").read_text())["deals"]
RANDOM_CRIB = Settings(crib="random", pegging=False, aware=False)
six_cards = st.lists(st.sampled_from(DECK), min_size=6, max_size=6, unique=True)


def _cards(text: str) -> tuple[Card, ...]:
    return parse_cards(text.split())


def test_sums_match_the_reference_for_every_option_of_1000_deals() -> None:
    for deal in REFERENCE:
        indices = [card.index for card in _cards(deal["cards"])]
        expected = [tuple(pair) for pair in deal["sums"]]
        assert list(zip(hand_sums(indices), crib_sums(indices), strict=True)) == expected, deal[
            "cards"
        ]


@pytest.mark.parametrize(("rule", "dealer"), [("best_as_dealer", True), ("best_as_pone", False)])
def test_random_crib_model_chooses_the_reference_best_discard(rule: str, dealer: bool) -> None:
    for deal in REFERENCE:
        cards = _cards(deal["cards"])
        best = discard_options(cards, dealer=dealer, settings=RANDOM_CRIB)[0]
        tied = [frozenset(_cards(text)) for text in deal["best"][rule]]
        assert frozenset(best.discard) in tied, deal["cards"]


def test_random_crib_figures_are_the_exact_averages() -> None:
    deal = REFERENCE[0]
    cards = _cards(deal["cards"])
    options = evaluate_discards(cards, dealer=True)
    for option, (hand_sum, crib_sum) in zip(options, deal["sums"], strict=True):
        assert option.hand == pytest.approx(hand_sum / 46, abs=1e-12)
        assert option.crib == pytest.approx(crib_sum / 45_540, abs=1e-12)
        assert option.pegging == 0


def test_the_random_crib_table_matches_the_reference() -> None:
    reference = json.loads((DATA / "crib_random.json").read_text())["sums"]
    letters = "A23456789TJQK"
    for name, total in reference.items():
        pair, _, suited = name.partition(" ")
        low, high = (letters.index(letter) + 1 for letter in pair.split("-"))
        assert crib_random_sum(low, high, bool(suited)) == total, name
        first = DECK[(low - 1) * 4]
        second = DECK[(high - 1) * 4 + (0 if suited else 1)]
        sums = CribSums((first.index, second.index))
        assert (sums.total(0, 1), sums.weight) == (total, 58_800)


def _brute_force_crib(hand: tuple[Card, ...], i: int, j: int) -> tuple[int, int]:
    """The crib total over every completion, card by card with the itemized scorer."""
    unseen = [card for card in DECK if card not in hand]
    total = count = 0
    for a in range(len(unseen)):
        for b in range(a + 1, len(unseen)):
            for starter in unseen:
                if starter in (unseen[a], unseen[b]):
                    continue
                crib = (hand[i], hand[j], unseen[a], unseen[b])
                total += score_hand(crib, starter, crib=True).total
                count += 1
    return total, count


@given(six_cards, st.booleans())
@settings(max_examples=30, deadline=None)
def test_crib_sums_shared_by_discards_of_two_ranks_are_each_discards_summed_alone(
    hand: list[Card], dealer: bool
) -> None:
    """Discards of the same two ranks share their sums, and a crib's total comes from the
    same weights as its distribution: the same totals and chances, to the last bit, as
    summed for each discard alone, and the total is the distribution's mean."""
    indices = [card.index for card in hand]
    weights = throw_weights("pone" if dealer else "dealer")
    shared = CribSums(indices, weights)
    for i, j in DISCARD_PAIRS:
        alone = CribSums(indices, weights)
        total = shared.total(i, j)
        assert total == alone.total(i, j)
        chances = shared.distribution(i, j)
        assert chances == CribSums(indices, weights).distribution(i, j)
        assert sum(chances.values()) == pytest.approx(1.0, abs=1e-12)
        mean = sum(points * chance for points, chance in chances.items())
        assert mean == pytest.approx(total / shared.weight, abs=1e-12)


@given(six_cards)
@settings(max_examples=30, deadline=None)
def test_hand_counts_are_each_kept_hands_show_over_the_starters(hand: list[Card]) -> None:
    """The discard counts a kept hand's rank part once for each starter and its suit part
    once for each suit: the same as scoring the hand with every starter."""
    indices = [card.index for card in hand]
    unseen = [k for k in range(52) if k not in indices]
    counts = hand_counts(indices)
    for (i, j), count in zip(DISCARD_PAIRS, counts, strict=True):
        keep = [indices[k] for k in range(6) if k not in (i, j)]
        scored: dict[int, int] = {}
        a, b, c, d = keep
        for starter in unseen:
            points = hand_points(a, b, c, d, starter)
            scored[points] = scored.get(points, 0) + 1
        assert count == hand_distribution(keep, unseen) == scored
        assert sum(count.values()) == 46
    assert [sum(p * n for p, n in c.items()) for c in counts] == list(hand_sums(indices))


@pytest.mark.slow
def test_grouped_crib_sums_agree_with_brute_force() -> None:
    rng = random.Random(5)
    for _ in range(2):
        hand = tuple(rng.sample(DECK, 6))
        i, j = DISCARD_PAIRS[rng.randrange(15)]
        sums = CribSums([card.index for card in hand])
        assert (sums.total(i, j), sums.weight) == _brute_force_crib(hand, i, j)


@given(six_cards, st.booleans())
@settings(max_examples=15, deadline=None)
def test_weighted_crib_sums_are_the_weighted_average_of_completions(
    hand: list[Card], swap: bool
) -> None:
    """With throw weights, each completion counts by the weight of the opponent's ranks."""
    weights = throw_weights("pone" if swap else "dealer")
    indices = [card.index for card in hand]
    sums = CribSums(indices, weights)
    unseen = [k for k in range(52) if k not in indices]
    i, j = DISCARD_PAIRS[random.Random(str(hand)).randrange(15)]
    total = weight = 0.0
    for a in range(len(unseen)):
        for b in range(a + 1, len(unseen)):
            w = weights[(unseen[a] >> 2) + 1][(unseen[b] >> 2) + 1]
            for s in unseen:
                if s not in (unseen[a], unseen[b]):
                    total += w * hand_points(indices[i], indices[j], unseen[a], unseen[b], s, True)
                    weight += w
    assert sums.weight == pytest.approx(weight)
    assert sums.total(i, j) == pytest.approx(total)


@given(six_cards, st.booleans(), st.integers(0, 120), st.integers(0, 120))
@settings(max_examples=30, deadline=None)
def test_discard_options_cover_the_fifteen_discards_best_first(
    hand: list[Card], dealer: bool, mine: int, theirs: int
) -> None:
    options = discard_options(hand, dealer=dealer, my_score=mine, opp_score=theirs)
    assert len(options) == 15
    assert len({frozenset(o.discard) for o in options}) == 15
    for option in options:
        assert set(option.discard) | set(option.keep) == set(hand)
        assert option.total == pytest.approx(
            option.hand + option.crib + option.heels + option.pegging
        )
        assert (option.crib >= 0) == dealer or option.crib == 0
    if options[0].win is None:
        assert [o.total for o in options] == sorted((o.total for o in options), reverse=True)
    else:
        assert all(o.win is not None and 0 <= o.win <= 1 for o in options)
        wins = [round(o.win or 0.0, 9) for o in options]  # a billionth apart is a tie
        assert wins == sorted(wins, reverse=True)
    cpu = Computer("expert", seed=3)
    chosen = cpu.discard(hand, dealer=dealer, my_score=mine, opp_score=theirs)
    assert chosen == options[0].discard
    shuffled = list(hand)
    random.Random(1).shuffle(shuffled)
    assert cpu.discard(shuffled, dealer=dealer, my_score=mine, opp_score=theirs) == chosen


def test_score_awareness_only_near_the_end() -> None:
    hand = _cards("5h 6c 7s 8d jd kc")
    assert discard_options(hand, dealer=True, my_score=10, opp_score=20)[0].win is None
    near = discard_options(hand, dealer=True, my_score=110, opp_score=20)
    assert near[0].win is not None and near[0].win > 0.8


def _best_win(hand: tuple[Card, ...], dealer: bool, mine: int, theirs: int) -> float:
    win = discard_options(hand, dealer=dealer, my_score=mine, opp_score=theirs)[0].win
    assert win is not None
    return win


def test_win_chances_follow_the_score() -> None:
    hand = _cards("5h 6c 7s 8d jd kc")
    assert _best_win(hand, True, 119, 0) > 0.95
    assert _best_win(hand, True, 0, 120) < 0.05  # the pone needs one point and counts first
    assert 0.5 < _best_win(hand, True, 100, 100) < 0.95  # the dealer's deal at 100 all
    assert _best_win(hand, False, 100, 100) < 0.5


def test_opponent_model_lowers_own_crib_and_raises_the_opponents() -> None:
    """Published crib tables put a dealer's own crib below the random figure and the pone's
    gift above it; the shipped model of the opponent's throws does the same on average."""
    rng = random.Random(11)
    shift = {True: 0.0, False: 0.0}
    for _ in range(60):
        hand = rng.sample(DECK, 6)
        for dealer in (True, False):
            weights = throw_weights("pone" if dealer else "dealer")
            modelled = CribSums([c.index for c in hand], weights)
            plain = CribSums([c.index for c in hand])
            shift[dealer] += (
                sum(
                    modelled.total(i, j) / modelled.weight - plain.total(i, j) / plain.weight
                    for i, j in DISCARD_PAIRS
                )
                / 15
                / 60
            )
    assert shift[True] < -0.2
    assert shift[False] > 0.2


def test_classic_values_the_hand_like_a_crib_and_rounds_the_crib() -> None:
    hand = _cards("2h 4h 6h 8h kc qd")  # a four-card heart flush
    options = classic_discard_options(hand, dealer=False)
    flush_keep = next(o for o in options if set(o.discard) == set(_cards("kc qd")))
    starters = [s for s in DECK if s not in hand]
    as_crib = sum(score_hand(flush_keep.keep, s, crib=True).total for s in starters) / 46
    assert flush_keep.hand == pytest.approx(as_crib)
    assert flush_keep.crib == -round(crib_random_sum(12, 13, False) / 58_800)
    assert all(float(o.crib).is_integer() for o in options)
    assert options[0].total == max(o.total for o in options)


def test_classic_discard_is_first_best_in_hand_order() -> None:
    hand = _cards("as 2s 3s 4s 5s 6s")
    options = classic_discard_options(hand, dealer=True)
    best = max(o.total for o in options)
    first = next(
        (hand[i], hand[j])
        for i, j in DISCARD_PAIRS
        for o in options
        if set(o.discard) == {hand[i], hand[j]} and o.total == best
    )
    assert Computer("classic").discard(hand, dealer=True) == first


def test_discard_rejects_a_wrong_hand() -> None:
    with pytest.raises(ValueError, match="six different cards"):
        discard_options(_cards("5h 5c 5s jd 5d"), dealer=True)
    five = _cards("5d")[0]
    with pytest.raises(ValueError, match="six different cards"):
        Computer("classic").discard([*_cards("5h 5c 5s jd"), five, five], dealer=True)


def test_heels_is_the_dealers() -> None:
    hand = (Card(Rank.JACK, Suit.CLUBS), *_cards("2h 3h 4h 5h 6h"))
    as_dealer = discard_options(hand, dealer=True, settings=RANDOM_CRIB)
    as_pone = discard_options(hand, dealer=False, settings=RANDOM_CRIB)
    assert as_dealer[0].heels == pytest.approx(2 * 3 / 46)
    assert as_pone[0].heels == pytest.approx(-2 * 3 / 46)
