"""The computer in three- and four-handed games, partnerships and five-card cribbage: exact
discard values, the play search over several seats, and what it may infer from the play."""

from __future__ import annotations

import itertools
import random
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cribbage.cards import DECK, Card, parse_cards
from cribbage.computer import Computer, DiscardOption
from cribbage.computer.play import least_values
from cribbage.computer.search import PegSearch, TableSearch
from cribbage.computer.variant_discard import side_weight, variant_discard_options
from cribbage.computer.variant_play import deal_unseen, search_for, variant_play_options
from cribbage.rules import (
    Discard,
    GameConfig,
    GameState,
    Phase,
    Play,
    apply,
    legal_plays,
    new_game,
    pending,
)
from cribbage.scoring import score_hand
from cribbage.view import view_for

from .support import FIVE_CARD, FOUR, OTHER_GAMES, PARTNERS, THREE

GAMES = list(OTHER_GAMES)


def cards(text: str) -> tuple[Card, ...]:
    return parse_cards(text.split())


def brute_force_crib(thrown: tuple[Card, ...], hand: tuple[Card, ...]) -> float:
    """The crib's average over every starter and every completion from the unseen cards."""
    unseen = [card for card in DECK if card not in hand]
    total = 0
    n = 0
    for starter in unseen:
        rest = [card for card in unseen if card != starter]
        for completion in itertools.combinations(rest, 4 - len(thrown)):
            total += score_hand(thrown + completion, starter, crib=True).total
            n += 1
    return total / n


# --- the discard ------------------------------------------------------------------------------


def test_five_card_discard_values_match_every_starter_and_crib_completion() -> None:
    hand = cards("5h 6h 7h jh kc")
    options = variant_discard_options(hand, FIVE_CARD, 0, 0)
    assert len(options) == 10
    unseen = [card for card in DECK if card not in hand]
    for option in options:
        assert len(option.discard) == 2 and len(option.keep) == 3
        shows = [score_hand(option.keep, starter).total for starter in unseen]
        assert option.hand == pytest.approx(sum(shows) / len(shows))
        assert option.crib == pytest.approx(brute_force_crib(option.discard, hand))
        assert option.total == pytest.approx(option.hand + option.crib + option.heels)


@pytest.mark.slow
def test_one_card_discard_crib_matches_every_completion() -> None:
    """Every way to lay away one card, a jack among them (his nobs from one's own card),
    and as many hearts as can make a crib flush; three- and four-handed the crib's unknown
    cards are as many."""
    hand = cards("5h 9h js jd kc")
    for option in variant_discard_options(hand, THREE, 0, 0):
        assert option.crib == pytest.approx(brute_force_crib(option.discard, hand))
    for four, three in zip(
        variant_discard_options(hand, FOUR, 0, 0),
        variant_discard_options(hand, THREE, 0, 0),
        strict=True,
    ):
        assert four == three


def test_one_of_five_is_laid_away_and_the_hand_is_valued_over_47_starters() -> None:
    hand = cards("5h 5c 5s jd kc")
    options = variant_discard_options(hand, THREE, 0, 2)
    assert sorted(len(o.discard) for o in options) == [1] * 5
    keep = next(o for o in options if o.discard == (Card.parse("kc"),)).keep
    unseen = [card for card in DECK if card not in hand]
    expected = sum(score_hand(keep, starter).total for starter in unseen) / 47
    assert options[0].discard == (Card.parse("kc"),)
    assert options[0].hand == pytest.approx(expected)


def test_the_crib_counts_for_whoever_owns_it() -> None:
    hand = cards("5h 5c 9s jd kc")
    own = variant_discard_options(hand, THREE, 0, 0)
    other = variant_discard_options(hand, THREE, 0, 1)
    partner = variant_discard_options(hand, PARTNERS, 0, 2)
    opponents = variant_discard_options(hand, PARTNERS, 0, 3)

    def crib(options: tuple[DiscardOption, ...], card: str) -> float:
        return next(o.crib for o in options if o.discard == (Card.parse(card),))

    assert crib(own, "5c") > 0
    assert crib(other, "5c") == pytest.approx(-crib(own, "5c") / 2)  # one of two opponents
    assert crib(partner, "5c") == pytest.approx(crib(own, "5c"))
    assert crib(opponents, "5c") == pytest.approx(-crib(own, "5c"))
    # a five is worth more to one's own crib than a king, and costs more in the opponents'
    assert crib(own, "5c") > crib(own, "kc")
    assert crib(opponents, "5c") < crib(opponents, "kc")


def test_side_weights() -> None:
    assert [side_weight(PARTNERS, 1, s) for s in range(4)] == [-1.0, 1.0, -1.0, 1.0]
    assert [side_weight(FOUR, 2, s) for s in range(4)] == [-1 / 3, -1 / 3, 1.0, -1 / 3]
    assert [side_weight(FIVE_CARD, 0, s) for s in range(2)] == [1.0, -1.0]


def test_the_classic_level_reckons_whole_crib_points() -> None:
    hand = cards("5h 6h 7h 8h kc")
    for option in variant_discard_options(hand, THREE, 0, 0, bsd=True):
        assert option.crib == round(option.crib)


# --- the search ---------------------------------------------------------------------------------

hands_of_two = st.lists(st.integers(1, 13), min_size=2, max_size=8).filter(
    lambda ranks: max(ranks.count(r) for r in ranks) <= 4
)


@settings(max_examples=80, deadline=None)
@given(hands_of_two, st.integers(0, 10**6))
def test_the_search_over_seats_agrees_with_the_two_handed_search(
    ranks: list[int], seed: int
) -> None:
    random.Random(seed).shuffle(ranks)
    half = len(ranks) // 2
    mine, theirs = tuple(sorted(ranks[:half])), tuple(sorted(ranks[half:]))
    for rank in set(mine):
        table = TableSearch((1.0, -1.0)).move((mine, theirs), (), 0, 0, rank)
        assert table == PegSearch().move(mine, theirs, (), 0, rank)


def test_a_partner_is_set_up_and_the_opponents_are_not() -> None:
    # Seat 0 leads; the opponents on either side hold kings, the partner a five and a king.
    # A five led gives the next opponent fifteen with a king; a ten led makes the king the
    # opponent plays on it one the partner can pair.
    hands = ((5, 10), (13, 13), (5, 13), (13, 13))
    search = TableSearch((1.0, -1.0, 1.0, -1.0))
    assert search.move(hands, (), 0, 0, 10) > search.move(hands, (), 0, 0, 5)


def test_the_search_to_the_count_end_stops_at_the_go() -> None:
    # Seat 0 plays the king on 20 and nobody can play on 30: a go for one. Then seat 1 leads
    # its ten, seat 2 makes fifteen (half a point against seat 0), and seat 0 pairs the five
    # for two and one for the last card.
    hands = ((5, 13), (10,), (5,))
    full = TableSearch((1.0, -0.5, -0.5)).move(hands, (10, 10), 20, 0, 13)
    short = TableSearch((1.0, -0.5, -0.5), to_count_end=True).move(hands, (10, 10), 20, 0, 13)
    assert (short, full) == (1, 1 - 1 + 3)


def test_a_search_kept_from_an_earlier_play_answers_as_a_new_one() -> None:
    """The computer keeps one search for its later plays: an answer from it equals a new
    search's, and a search looking only to the end of the count is not reused for a full one."""
    early, late = play_to(THREE, 8, 0), play_to(THREE, 8, 6)
    if late.phase is not Phase.PLAY:
        pytest.skip("the hand ended early")
    kept = Computer("expert", seed=1)
    for state in (early, late):
        seat = pending(state)[0]
        view = view_for(state, seat)
        assert kept.play_options_for(view) == Computer("expert", seed=1).play_options_for(view)
    seat = pending(early)[0]
    shallow = search_for(view_for(early, seat))
    assert shallow.to_count_end
    seat = pending(late)[0]
    assert search_for(view_for(late, seat), shallow) is not shallow
    assert search_for(view_for(late, seat), shallow).to_count_end is False


# --- what the play reveals ----------------------------------------------------------------------


def test_what_the_go_reveals_at_thirty_one_at_a_new_count_and_in_five_card() -> None:
    k, q, ace, five, six, king = cards("kc qd ah 5s 6h kh")
    # thirty-one: a new count, but nobody was shown unable to play
    assert least_values([(0, k), (1, q), (2, ace), (0, king)], 3, 1, True) == (1, 1, 1)
    # a new count after 25: nobody could play on it, the last player included
    assert least_values([(0, k), (1, q), (2, five)], 3, 0, True) == (7, 7, 7)
    # five-card: the first go ends the play; while it goes on, a seat passed over is bounded
    assert least_values([(0, k), (1, q), (1, six)], 2, 0, False) == (12, 1)  # none on 20


def play_to(config: GameConfig, seed: int, decisions: int) -> GameState:
    """A game played at random for some plays into its first hand's play."""
    rng = random.Random(seed)
    state = new_game(config, seed=seed, dealer=0)
    seen = 0
    while state.phase is not Phase.GAME_OVER:
        seat = pending(state)[0]
        if state.phase is Phase.PLAY:
            if seen == decisions:
                return state
            seen += 1
            state, _ = apply(state, cpu_action(state, seat, rng))
        else:
            state, _ = apply(state, Computer("easy", seed=seat).act(view_for(state, seat)))
    return state


def cpu_action(state: GameState, seat: int, rng: random.Random) -> Play:
    return Play(seat, rng.choice(legal_plays(state, seat)))


@settings(max_examples=120, deadline=None)
@given(st.sampled_from(GAMES), st.integers(0, 10**6), st.integers(0, 15))
def test_the_bounds_inferred_from_the_play_always_hold(
    config: GameConfig, seed: int, decisions: int
) -> None:
    state = play_to(config, seed, decisions)
    if state.phase is not Phase.PLAY:
        return
    seat = pending(state)[0]
    view = view_for(state, seat)
    least = least_values(view.history, view.players, seat, not view.pile and bool(view.history))
    for other in range(config.players):
        if other != seat:
            assert all(card.value >= least[other] for card in state.hands[other])


def test_a_deal_of_the_unseen_cards_keeps_the_sizes_and_the_bounds() -> None:
    rng = random.Random(3)
    unseen = DECK[22:]  # sevens up: enough tens for every bound
    for _ in range(50):
        hands = deal_unseen(unseen, [0, 4, 3, 2], [1, 1, 10, 5], rng)
        assert [len(hand) for hand in hands] == [0, 4, 3, 2]
        assert all(min(rank, 10) >= 10 for rank in hands[2])
        assert all(min(rank, 10) >= 5 for rank in hands[3])


# --- the computer on every seat ------------------------------------------------------------------


def test_the_expert_decides_from_its_view_only() -> None:
    """Other seats' cards dealt differently (the same cards played so far) change nothing."""
    for config in GAMES:
        state = play_to(config, 11, 2)
        seat = pending(state)[0]
        hidden = [card for s in range(config.players) if s != seat for card in state.hands[s]]
        shuffled = hidden[:]
        random.Random(5).shuffle(shuffled)
        hands = list(state.hands)
        k = 0
        for s in range(config.players):
            if s != seat:
                hands[s] = tuple(shuffled[k : k + len(state.hands[s])])
                k += len(state.hands[s])
        other = replace(state, hands=tuple(hands))
        assert view_for(other, seat) == view_for(state, seat)
        one, two = Computer("expert", seed=1), Computer("expert", seed=1)
        assert one.act(view_for(state, seat)) == two.act(view_for(other, seat))


@pytest.mark.parametrize("config", GAMES, ids=["three", "four", "partners", "five-card"])
@pytest.mark.parametrize("level", ["easy", "classic", "expert"])
def test_every_level_plays_every_game_to_the_end(config: GameConfig, level: str) -> None:
    state = new_game(replace(config, target=31), seed=5)
    computers = [Computer(level, seed=seat) for seat in range(config.players)]
    while state.phase is not Phase.GAME_OVER:
        seat = pending(state)[0]
        state, _ = apply(state, computers[seat].act(view_for(state, seat)))
    assert state.winner is not None


def test_the_options_for_a_view_are_what_the_computer_does() -> None:
    for config in GAMES:
        state = new_game(config, seed=21, dealer=0)
        cpu = Computer("expert", seed=2)
        view = view_for(state, 1)
        options = cpu.discard_options_for(view)
        assert len(options) == (10 if config.five_card else 5)
        assert cpu.act(view) == Discard(1, options[0].discard)
        state = play_to(config, 21, 1)
        seat = pending(state)[0]
        view = view_for(state, seat)
        plays = cpu.play_options_for(view)
        assert {o.card for o in plays} == set(view.legal)
        if len({card.rank for card in view.legal}) > 1:
            assert cpu.act(view) == Play(seat, plays[0].card)


def test_the_play_options_take_a_certain_fifteen() -> None:
    # three-handed, a ten led: the five pegs two at once and nothing can answer it worse
    state = play_to(THREE, 4, 0)
    seat = pending(state)[0]
    hand = cards("5d 2c 3c 4c")
    pile = cards("ts")
    state = replace(
        state,
        hands=tuple(hand if s == seat else h for s, h in enumerate(state.hands)),
        pile=pile,
        count=10,
        history=(((seat - 1) % 3, pile[0]),),
        to_move=seat,
    )
    options = variant_play_options(view_for(state, seat))
    assert options[0].card == Card.parse("5d")
    assert [o.points for o in options] == sorted((o.points for o in options), reverse=True)
