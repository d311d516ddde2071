"""Where the expert loses games (`benchmarks/where_lost.py`): its deeper look agrees with a
count done by hand and by brute force, and its tables add up to the games played."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cribbage.cards import COUNTING_VALUES, DECK, Card, Rank, parse_cards
from cribbage.tournament import CATEGORIES, parse_player

from .support import naive_show, script

script("benchmarks/sparring.py")  # the partners, registered as players for the study
where_lost = script("benchmarks/where_lost.py")


def naive_play(mine: list[int], theirs: list[int], pile: list[int], my_turn: bool) -> int:
    """My pegging less the opponent's for the rest of the play, both playing their best, by
    trying every line: a side that cannot play says go, the last to play on a count that
    stops short of 31 pegs one, and a new count begins."""
    hand, other = (mine, theirs) if my_turn else (theirs, mine)
    count = sum(COUNTING_VALUES[rank] for rank in pile)
    sign = 1 if my_turn else -1
    playable = [rank for rank in set(hand) if count + COUNTING_VALUES[rank] <= 31]
    if not playable:
        if not hand and not other:
            return 0
        if any(count + COUNTING_VALUES[rank] <= 31 for rank in other):
            return naive_play(mine, theirs, pile, not my_turn)  # go: the other plays on
        # neither side can play: the other side played last, pegs one, and this side
        # begins the new count (or passes it on, with no card left)
        return -sign + naive_play(mine, theirs, [], my_turn)
    results = []
    for rank in playable:
        rest = list(hand)
        rest.remove(rank)
        played = [*pile, rank]
        total = count + COUNTING_VALUES[rank]
        points = 2 * (total in (15, 31)) + _pairs_and_runs(played)
        if not rest and not other:
            points += 1 if total != 31 else 0
            results.append(sign * points)
            continue
        after_mine, after_theirs = (rest, other) if my_turn else (other, rest)
        next_pile = [] if total == 31 else played
        results.append(sign * points + naive_play(after_mine, after_theirs, next_pile, not my_turn))
    return max(results) if my_turn else min(results)


def _pairs_and_runs(played: list[int]) -> int:
    """Points for the last card's pairs and runs, counted plainly."""
    last = played[-1]
    same = 1
    while same < len(played) and played[-same - 1] == last:
        same += 1
    points = {1: 0, 2: 2, 3: 6, 4: 12}[same]
    for length in range(len(played), 2, -1):
        tail = sorted(played[-length:])
        if all(b - a == 1 for a, b in itertools.pairwise(tail)):
            return points + length
    return points


def test_a_play_counted_by_hand() -> None:
    # I lead the five: their ten makes fifteen (2), my king is the last card (1): -1.
    # I lead the king: their ten makes 20, my five 25 and the last card (1): +1.
    values = where_lost.play_values(parse_cards(["5H", "KS"]), (), parse_cards(["TD"]))
    assert values == {Card.parse("5H"): -1, Card.parse("KS"): 1}
    # on a count of 26 only the five fits: 31 for two; they lead the two to a new count,
    # my king is the last card (1): +3
    values = where_lost.play_values(
        parse_cards(["5H", "KS"]), parse_cards(["8C", "8D", "TC"]), parse_cards(["2C"])
    )
    assert values == {Card.parse("5H"): 3}


@settings(max_examples=8, deadline=None)
@given(st.permutations(DECK), st.booleans())
def test_the_discard_values_agree_with_brute_force(deck: list[Card], dealer: bool) -> None:
    hand, theirs = deck[:6], deck[6:12]
    their_throw, their_keep = theirs[:2], theirs[2:]
    values = where_lost.discard_values(hand, their_keep, their_throw, dealer)
    assert len(values) == 15
    starters = deck[12:]
    sign = 1 if dealer else -1
    for throw in itertools.combinations(sorted(hand), 2):
        keep = [card for card in hand if card not in throw]
        crib = [*throw, *their_throw]
        show = 0
        for starter in starters:
            show += naive_show(keep, starter) - naive_show(their_keep, starter)
            show += sign * naive_show(crib, starter, crib=True)
            show += sign * 2 * (starter.rank == Rank.JACK)
        play = naive_play(
            sorted(int(c.rank) for c in keep),
            sorted(int(c.rank) for c in their_keep),
            [],
            not dealer,
        )
        assert values[throw] == pytest.approx(show / len(starters) + play)


@settings(max_examples=25, deadline=None)
@given(st.permutations(DECK), st.integers(0, 3), st.integers(1, 4))
def test_the_play_values_agree_with_brute_force(deck: list[Card], played: int, held: int) -> None:
    hand, theirs = deck[:held], deck[4 : 4 + max(1, held - 1)]
    pile: list[Card] = []
    for card in deck[8 : 8 + played]:
        if sum(COUNTING_VALUES[c.rank] for c in [*pile, card]) < 31:
            pile.append(card)
    values = where_lost.play_values(hand, pile, theirs)
    count = sum(COUNTING_VALUES[c.rank] for c in pile)
    assert set(values) == {c for c in hand if count + COUNTING_VALUES[c.rank] <= 31}
    for card, value in values.items():
        mine = sorted(int(c.rank) for c in hand)
        mine.remove(int(card.rank))
        played_ranks = [int(c.rank) for c in pile] + [int(card.rank)]
        # what the card pegs at once, then the rest with the opponent to answer
        total = count + COUNTING_VALUES[card.rank]
        now = 2 * (total in (15, 31)) + _pairs_and_runs(played_ranks)
        rest = sorted(int(c.rank) for c in theirs)
        if not mine and not rest:
            now += total != 31
            assert value == now
            continue
        after = naive_play(mine, rest, [] if total == 31 else played_ranks, False)
        assert value == now + after


def test_the_study_of_a_pair_adds_up() -> None:
    first, second = parse_player("classic"), parse_player("greedy")
    study = where_lost.study_pair((first, second, 12345))
    records = study.records
    assert [r.first_seat for r in records] == [0, 1]
    # each row of the region table holds every game once
    for row in where_lost.region_table(records):
        assert sum(games for games, _, _ in row) == len(records)
        assert sum(wins for _, wins, _ in row) == sum(r.winner_is_first for r in records)
        assert all(0 <= chances <= games for games, _, chances in row)
    for record in records:
        result = 1.0 if record.winner_is_first else 0.0
        start = where_lost.moments(record)[0]
        assert start is not None and start.lead == 0
        assert sum(where_lost.stretch_gains(record)) == pytest.approx(result - start.chance)
    # the margin of each phase is the first side's points less the second's
    cells = where_lost.phase_points(records)
    for role in where_lost.ROLES:
        for category in (*CATEGORIES, "total"):
            mine, theirs, margin = (cells[role, category, side] for side in (0, 1, 2))
            assert [a - b for a, b in zip(mine, theirs, strict=True)] == margin
    deals = sum(len(r.deals) for r in records)
    assert len(cells["dealer", "total", 0]) + len(cells["pone", "total", 0]) == deals
    # a discard judged for every deal begun, none given up below nothing
    discards = [j for j in study.judged if j.phase == "discard"]
    assert len(discards) == sum(len(r.dealt) for r in records)
    assert all(j.lost >= -1e-9 and bool(j.kind) == (j.lost > 1e-6) for j in study.judged)
    text = where_lost.report(first, second, [study], 5)
    assert "classic wins" in text and "discard, dealer" in text


def test_bad_arguments_give_a_sentence(capsys: pytest.CaptureFixture[str]) -> None:
    assert where_lost.main(["expert", "nobody"]) == 2
    assert where_lost.main(["expert", "greedy", "--games", "3"]) == 2
    assert where_lost.main(["--load", "/nonexistent/where_lost.pickle"]) == 2
    assert "where_lost:" in capsys.readouterr().err


def test_the_region_bands_cover_every_lead() -> None:
    for lead in range(-130, 131):
        low, high = where_lost.LEAD_BANDS[where_lost.lead_band(lead)]
        assert low <= lead <= high
