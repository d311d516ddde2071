"""The play: the search against the engine's rules, the clues about the opponent's cards."""

from __future__ import annotations

import gc
import random
from collections.abc import Callable
from dataclasses import replace
from itertools import combinations, pairwise
from typing import Final

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cribbage.cards import DECK, Card, format_cards, parse_cards
from cribbage.computer import Computer, PlayContext, Settings, play_options
from cribbage.computer.classic import classic_choose_play, classic_lead, classic_play_index
from cribbage.computer.play import (
    LEAD_MIX,
    Holding,
    Who,
    best_play,
    blind_points,
    choice_settled,
    evaluate_play,
    lead_weights,
    least_value_held,
    opponent_holdings,
    sample_holdings,
    settled,
)
from cribbage.computer.search import (
    PegSearch,
    WinSearch,
    move_points,
    net_points,
    scoring_tail,
)
from cribbage.computer.settings import parse_settings
from cribbage.computer.strategy import strategy_for
from cribbage.computer.tables import (
    keep_weights,
    ranks_text,
    read_table,
)
from cribbage.events import Reason, Scored
from cribbage.rules import (
    Action,
    CutStarter,
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
from cribbage.scoring import peg_points
from cribbage.tournament import game_config
from cribbage.variants import Variant
from cribbage.view import view_for

FAR: Final = GameConfig(target=1000)


def _in_play(seed: int, skip: int) -> GameState:
    """A seeded deal in the play, after `skip` random plays (discards at random)."""
    rng = random.Random(seed)
    state = new_game(FAR, seed=seed, dealer=seed % 2)
    for seat in (0, 1):
        state, _ = apply(state, Discard(seat, tuple(rng.sample(state.hands[seat], 2))))
    state, _ = apply(state, CutStarter(state.pone, 10))
    for _ in range(skip):
        mover = state.to_move
        if state.phase is not Phase.PLAY or mover is None:
            break
        state, _ = apply(state, Play(mover, rng.choice(legal_plays(state, mover))))
    return state


def _engine_net(state: GameState, seat: int, classic: bool = False, takes: bool = False) -> float:
    """Minimax of `seat`'s pegging minus the other's to the end of the play, by the engine;
    with `classic`, the other seat plays as the classic level does; with `takes`, it plays a
    card the engine pegs the most for at once whenever one pegs."""
    assert state.to_move is not None
    mover = state.to_move
    best: float | None = None
    cards = list({c.rank: c for c in legal_plays(state, mover)}.values())
    if classic and mover != seat:
        cards = [classic_choose_play(state.hands[mover], state.pile)]
    if takes and mover != seat:
        pegs = {
            card: sum(
                e.points
                for e in apply(state, Play(mover, card))[1]
                if isinstance(e, Scored) and e.reason is Reason.PLAY
            )
            for card in cards
        }
        most = max(pegs.values())
        cards = [card for card in cards if pegs[card] == most]
    for card in cards:
        after, events = apply(state, Play(mover, card))
        value = 0.0
        for event in events:
            if isinstance(event, Scored) and event.reason in (
                Reason.PLAY,
                Reason.GO,
                Reason.LAST_CARD,
            ):
                value += event.points if event.seat == seat else -event.points
        if after.phase is Phase.PLAY and after.hand_number == state.hand_number:
            value += _engine_net(after, seat, classic, takes)
        if best is None or (value > best if mover == seat else value < best):
            best = value
    assert best is not None
    return best


def _ranks(cards: tuple[Card, ...]) -> tuple[int, ...]:
    return tuple(sorted(int(card.rank) for card in cards))


def _position(
    seed: int, skip: int
) -> tuple[GameState, int, tuple[int, ...], tuple[int, ...], tuple[int, ...]] | None:
    """`_in_play`, if still in the play: the state, the seat to move, its ranks, the other's,
    and the ranks of the count."""
    state = _in_play(seed, skip)
    if state.phase is not Phase.PLAY or state.to_move is None:
        return None
    seat = state.to_move
    count_ranks = tuple(int(card.rank) for card in state.pile)
    return state, seat, _ranks(state.hands[seat]), _ranks(state.hands[1 - seat]), count_ranks


@given(st.integers(0, 10_000), st.integers(1, 4))
@settings(max_examples=40, deadline=None)
def test_search_agrees_with_the_engine_rules(seed: int, skip: int) -> None:
    position = _position(seed, skip)
    if position is None:
        return
    state, seat, mine, theirs, count_ranks = position
    assert net_points(mine, theirs, count_ranks, state.count, True) == _engine_net(state, seat)


@given(st.integers(0, 10_000), st.integers(0, 4))
@settings(max_examples=40, deadline=None)
def test_a_search_against_a_rule_is_the_engine_played_out_and_never_worth_less(
    seed: int, skip: int
) -> None:
    """Against an opponent that plays by a known rule (here the classic level's), the search
    finds what my best play gets by the engine's rules, and at least what it gets against an
    opponent playing its best."""
    position = _position(seed, skip)
    if position is None:
        return
    state, seat, mine, theirs, count_ranks = position
    against_rule = PegSearch(reply=classic_play_index).net(
        mine, theirs, count_ranks, state.count, True
    )
    assert against_rule == _engine_net(state, seat, classic=True)
    assert against_rule >= net_points(mine, theirs, count_ranks, state.count, True)
    at_end = WinSearch(500, 500, lambda m, o: 0.5 + (m - o) / 100, reply=classic_play_index)
    assert at_end.chance(mine, theirs, count_ranks, state.count, True) == pytest.approx(
        0.5 + against_rule / 100
    )


@given(st.integers(0, 10_000), st.integers(0, 4))
@settings(max_examples=40, deadline=None)
def test_a_search_against_a_player_who_takes_its_points_is_the_engine_played_out(
    seed: int, skip: int
) -> None:
    """Against an opponent that takes the most points it can at once whenever a card of its
    pegs (and plays its best where none does), the search finds what my best play gets by the
    engine's rules, and at least what it gets against an opponent playing its best."""
    position = _position(seed, skip)
    if position is None:
        return
    state, seat, mine, theirs, count_ranks = position
    against_taker = PegSearch(takes=True).net(mine, theirs, count_ranks, state.count, True)
    assert against_taker == _engine_net(state, seat, takes=True)
    assert against_taker >= net_points(mine, theirs, count_ranks, state.count, True)
    at_end = WinSearch(500, 500, lambda m, o: 0.5 + (m - o) / 100, takes=True)
    assert at_end.chance(mine, theirs, count_ranks, state.count, True) == pytest.approx(
        0.5 + against_taker / 100
    )


@given(st.integers(0, 10_000), st.integers(1, 4))
@settings(max_examples=30, deadline=None)
def test_win_search_is_the_point_search_when_nobody_can_win(seed: int, skip: int) -> None:
    """Valuing the end of the play by its pegging difference, the search for chances finds
    the same play as the search for points."""
    position = _position(seed, skip)
    if position is None:
        return
    state, seat, mine, theirs, count_ranks = position
    search = WinSearch(500, 500, lambda m, o: 0.5 + (m - o) / 100)
    for rank in {int(card.rank) for card in legal_plays(state, seat)}:
        points = move_points(mine, theirs, count_ranks, state.count, rank)
        chance = search.move_chance(mine, theirs, count_ranks, state.count, rank)
        assert chance == pytest.approx(0.5 + points / 100)


def _engine_chance(
    state: GameState,
    seat: int,
    needs: tuple[int, int],
    at_end: Callable[[int, int], float],
    pegged: tuple[int, int] = (0, 0),
    classic: bool = False,
) -> dict[Card, float]:
    """For each card the seat to move may play (one of each rank), `seat`'s chance of winning
    by the engine: it wins when it has pegged `needs[0]`, loses when the other has pegged
    `needs[1]`, and the end of the play is worth `at_end`; both play to win, or with
    `classic` the other seat plays as the classic level does."""
    assert state.to_move is not None
    mover = state.to_move
    cards = list({c.rank: c for c in legal_plays(state, mover)}.values())
    if classic and mover != seat:
        cards = [classic_choose_play(state.hands[mover], state.pile)]
    chances = {}
    for card in cards:
        after, events = apply(state, Play(mover, card))
        got, lost = pegged
        for event in events:
            if isinstance(event, Scored) and event.reason in (
                Reason.PLAY,
                Reason.GO,
                Reason.LAST_CARD,
            ):
                if event.seat == seat:
                    got += event.points
                else:
                    lost += event.points
        if got >= needs[0]:
            chances[card] = 1.0
        elif lost >= needs[1]:
            chances[card] = 0.0
        elif after.phase is Phase.PLAY and after.hand_number == state.hand_number:
            replies = _engine_chance(after, seat, needs, at_end, (got, lost), classic)
            assert after.to_move is not None
            pick = max if after.to_move == seat else min
            chances[card] = pick(replies.values())
        else:
            chances[card] = at_end(got, lost)
    return chances


@given(
    st.integers(0, 10_000), st.integers(0, 4), st.integers(1, 9), st.integers(1, 9), st.booleans()
)
@settings(max_examples=40, deadline=None)
def test_the_search_for_chances_agrees_with_the_engine_rules(
    seed: int, skip: int, my_need: int, their_need: int, classic: bool
) -> None:
    """Each card's chance of winning, by the search, is the engine's played out: the game
    won or lost the moment a side pegs what it needs, the end of the play worth a chance
    that depends on both sides' pegging."""
    position = _position(seed, skip)
    if position is None:
        return
    state, seat, mine, theirs, count_ranks = position

    def at_end(got: int, lost: int) -> float:
        return (3 * got + 7 * lost) % 11 / 10

    reply = classic_play_index if classic else None
    search = WinSearch(my_need, their_need, at_end, reply=reply)
    engine = _engine_chance(state, seat, (my_need, their_need), at_end, classic=classic)
    for card, chance in engine.items():
        rank = int(card.rank)
        assert search.move_chance(mine, theirs, count_ranks, state.count, rank) == chance


@given(st.lists(st.tuples(st.integers(0, 10_000), st.integers(0, 5)), min_size=2, max_size=8))
@settings(max_examples=25, deadline=None)
def test_a_search_that_serves_many_positions_values_each_as_a_new_one(
    positions: list[tuple[int, int]],
) -> None:
    """What a search remembers from earlier positions (bounds as well as values) never
    changes what it finds for the next: the computer keeps one search for a whole game."""
    kept, rule_kept = PegSearch(), PegSearch(reply=classic_play_index)
    win_kept = WinSearch(6, 8, lambda got, lost: 0.5 + (got - lost) / 40)
    for seed, skip in positions:
        position = _position(seed, skip)
        if position is None:
            continue
        state, seat, mine, theirs, count_ranks = position
        for rank in {int(card.rank) for card in legal_plays(state, seat)}:
            args = (mine, theirs, count_ranks, state.count, rank)
            assert kept.move(*args) == PegSearch().move(*args)
            assert rule_kept.move(*args) == PegSearch(reply=classic_play_index).move(*args)
            fresh = WinSearch(6, 8, win_kept.at_end)
            assert win_kept.move_chance(*args) == fresh.move_chance(*args)


def _history(state: GameState, seat: int) -> tuple[tuple[Who, Card], ...]:
    return tuple(("me" if s == seat else "opponent", card) for s, card in state.history)


@given(st.integers(0, 10_000), st.integers(0, 7))
@settings(max_examples=150, deadline=None)
def test_go_clues_never_exclude_the_opponents_real_cards(seed: int, skip: int) -> None:
    state = _in_play(seed, skip)
    if state.phase is not Phase.PLAY:
        return
    seat = state.to_move
    assert seat is not None
    least = least_value_held(_history(state, seat), state.pile)
    assert all(card.value >= least for card in state.hands[1 - seat])
    seen = set(state.kept[seat]) | set(state.discards[seat]) | {c for _, c in state.history}
    assert state.starter is not None
    seen.add(state.starter)
    pool = [0] + [4] * 13
    for card in seen:
        pool[card.rank] -= 1
    played = tuple(int(c.rank) for s, c in state.history if s != seat)
    truth = _ranks(state.hands[1 - seat])
    held = opponent_holdings(pool, len(truth), least, played, None)
    assert truth in {h for h, _ in held}


def test_go_clue_from_a_count_started_again() -> None:
    k, q, nine, two = parse_cards(["kc", "qd", "9h", "2s"])
    history: list[tuple[Who, Card]] = [("me", k), ("opponent", q), ("me", nine), ("opponent", two)]
    # The opponent played the 2 after a new count began? No: 29 + 2 = 31 is a plain play.
    assert least_value_held(history, [k, q, nine, two]) == 1
    history = [("me", k), ("opponent", q), ("me", nine), ("me", two)]
    assert least_value_held(history, [two]) == 3  # nobody could play at 29: a new count


def test_takes_thirty_one_and_fifteen() -> None:
    cpu = Computer("expert", seed=1)
    ten, five, king, six, two, eight, nine = parse_cards(["tc", "5d", "kh", "6s", "2h", "8c", "9d"])
    history: list[tuple[Who, Card]] = [("opponent", ten), ("me", five), ("opponent", king)]
    assert cpu.play([six, two], sequence=[ten, five, king], history=history, starter=nine) == six
    five_of_spades = parse_cards(["5s"])[0]
    assert (
        cpu.play([five_of_spades, eight], sequence=[ten], history=[("opponent", ten)], starter=nine)
        == five_of_spades
    )


def test_forced_play_and_no_play() -> None:
    cpu = Computer("expert", seed=1)
    ten, ace = parse_cards(["tc", "ac"])
    count_29 = parse_cards(["kc", "qc", "9c"])
    assert cpu.play([ten, ace], sequence=count_29) == ace
    with pytest.raises(ValueError, match="No card"):
        cpu.play([ten], sequence=count_29)


@given(st.integers(0, 10_000), st.integers(0, 7))
@settings(max_examples=60, deadline=None)
def test_play_options_are_the_legal_cards_best_first(seed: int, skip: int) -> None:
    state = _in_play(seed, skip)
    if state.phase is not Phase.PLAY:
        return
    seat = state.to_move
    assert seat is not None
    cpu = Computer("expert", seed=seed)
    kwargs = dict(
        sequence=state.pile,
        history=_history(state, seat),
        starter=state.starter,
        dealer=state.dealer == seat,
        discards=state.discards[seat],
    )
    options = cpu.play_options(state.hands[seat], **kwargs)  # type: ignore[arg-type]
    assert sorted(o.card for o in options) == sorted(legal_plays(state, seat))
    values = [o.points for o in options]
    assert values == sorted(values, reverse=True)
    assert cpu.play(state.hands[seat], **kwargs) == options[0].card  # type: ignore[arg-type]


@given(st.integers(0, 10_000), st.integers(4, 6))
@settings(max_examples=25, deadline=None)
def test_few_holdings_are_searched_exactly(seed: int, skip: int) -> None:
    """With two cards or fewer left to the opponent every holding is searched: the values are
    the average over every set of cards it may hold, each equally likely."""
    state = _in_play(seed, skip)
    if state.phase is not Phase.PLAY:
        return
    seat = state.to_move
    assert seat is not None and state.starter is not None
    theirs = len(state.hands[1 - seat])
    if theirs > 2:
        return
    history = _history(state, seat)
    options = play_options(
        PlayContext(
            state.hands[seat],
            sequence=state.pile,
            history=history,
            starter=state.starter,
            discards=state.discards[seat],
        ),
        settings=Settings(
            prior=False,
            samples=10_000,
            later_samples=10_000,
            aware=False,
            adaptive=False,
            read=False,
        ),
    )
    seen = set(state.kept[seat]) | set(state.discards[seat]) | {c for _, c in state.history}
    seen.add(state.starter)
    least = least_value_held(history, state.pile)
    unseen = [c for c in DECK if c not in seen and c.value >= least]
    mine = _ranks(state.hands[seat])
    count_ranks = tuple(int(card.rank) for card in state.pile)
    holdings = [tuple(sorted(int(c.rank) for c in combo)) for combo in combinations(unseen, theirs)]
    for option in options:
        rank = int(option.card.rank)
        expected = sum(
            move_points(mine, held, count_ranks, state.count, rank) for held in holdings
        ) / len(holdings)
        assert option.points == pytest.approx(expected)


def test_score_aware_play_pegs_out_when_it_can() -> None:
    """Needing two to win, the pair wins at once, whatever it gives away in points."""
    cpu = Computer("expert", seed=2)
    seven, seven2, nine, king = parse_cards(["7c", "7d", "9h", "kc"])
    history: list[tuple[Who, Card]] = [("opponent", seven)]
    options = cpu.play_options(
        [seven2, nine], sequence=[seven], history=history, starter=king, my_score=119, opp_score=100
    )
    assert options[0].card == seven2 and options[0].win == pytest.approx(1.0)
    assert options[1].win is not None and options[1].win < 1.0


@given(st.integers(0, 10_000), st.integers(0, 7), st.integers(1, 40), st.integers(1, 60))
@settings(max_examples=40, deadline=None)
def test_the_card_played_near_the_end_is_the_first_option(
    seed: int, skip: int, my_need: int, their_need: int
) -> None:
    """Where the chance of winning decides, the computer searches points only for the cards
    that tie on it; what it plays is still the first of the options, worked out in full."""
    state = _in_play(seed, skip)
    if state.phase is not Phase.PLAY:
        return
    seat = state.to_move
    assert seat is not None
    context = replace(
        PlayContext.from_view(view_for(state, seat)),
        my_score=121 - my_need,
        opp_score=121 - their_need,
        target=121,
    )
    options = Computer("expert", seed=seed).options_in(context)
    assert all(option.win is not None for option in options)
    played = Computer("expert", seed=seed).choose_play(context)
    assert played == options[0].card


def test_cards_that_win_alike_are_told_apart_by_their_points() -> None:
    """Needing two, either the king or the queen makes fifteen and wins: the points that
    follow decide between them, as in the full options."""
    five, king, queen, two, three = parse_cards(["5h", "kc", "qd", "2h", "3s"])
    history: list[tuple[Who, Card]] = [("opponent", five)]
    kwargs = dict(sequence=[five], history=history, starter=two, my_score=119, opp_score=100)
    options = Computer("expert", seed=4).play_options([king, queen, three], **kwargs)  # type: ignore[arg-type]
    assert options[0].win == options[1].win == pytest.approx(1.0)
    assert {options[0].card, options[1].card} == {king, queen}
    assert options[0].points != options[1].points
    assert Computer("expert", seed=4).play([king, queen, three], **kwargs) == options[0].card  # type: ignore[arg-type]


def test_classic_patterns() -> None:
    def play(hand: str, sequence: str = "") -> str:
        return str(classic_choose_play(parse_cards(hand.split()), parse_cards(sequence.split())))

    assert play("2c 4d kh 9s") == "4D"  # a lead that makes four
    assert play("3c 7d kh 9s") == "3C"  # else a three
    assert play("5c 7d", "8h") == "7D"  # points first: fifteen
    assert play("kc 7d", "8h 3c") == "7D"  # the king would leave 21
    assert play("6c 6d kh") == "6D"  # the king would leave 10: the highest six
    # After an ace, a king makes 11: if a ten follows (21), the other king makes 31.
    assert play("kd kc 9h", "as") == "KC"


def _classic_on_cards(hand: list[Card], sequence: list[Card]) -> Card:
    """The classic level's play as its module notes put it, written again on cards: the
    reference `classic_play_index` (on ranks, as the search asks it) is checked against."""
    count = sum(card.value for card in sequence)
    cards = sorted(hand)
    fits = [card for card in cards if count + card.value <= 31]
    ranks = tuple(int(card.rank) for card in sequence)
    best = max(fits, key=lambda card: peg_points((*ranks, int(card.rank))))  # the first best
    if peg_points((*ranks, int(best.rank))) > 0 or len(cards) == 1:
        return best
    making = {
        total: next((c for c in cards if count + c.value == total), None) for total in range(32)
    }

    def another(value: int, besides: Card) -> bool:
        return sum(c.value == value for c in cards if c != besides) > 0

    if count < 4 and making[4]:
        return making[4]
    if count == 0 and making[3]:
        return making[3]
    if 0 < count < 20:
        for value in range(1, 11):
            card = making[21 - value]
            if card and another(value, card):
                return card
    if count < 15:
        for total in (8, 7, 9, 6, 11, 12, 13, 14, 10, 5):
            card = making[total]
            if card and another(15 - total, card):
                return card
    for avoid in ((5, 10, 21), (5, 21), ()):
        for card in reversed(fits):
            if count + card.value not in avoid:
                return card
    raise AssertionError("a card fits")


@settings(max_examples=500, deadline=None)
@given(st.lists(st.sampled_from(DECK), min_size=9, max_size=9, unique=True), st.data())
def test_the_classic_play_on_ranks_is_the_rule_on_cards(
    cards: list[Card], data: st.DataObject
) -> None:
    """For any hand and count: the rule on ranks plays the card its notes say, and gives the
    same answer from the whole count as from the end of it that can still score."""
    size = data.draw(st.integers(1, 4))
    hand, rest = cards[:size], cards[size:]
    sequence: list[Card] = []
    for card in rest[: data.draw(st.integers(0, len(rest)))]:
        if sum(c.value for c in sequence) + card.value <= 31:
            sequence.append(card)
    count = sum(card.value for card in sequence)
    if not any(count + card.value <= 31 for card in hand):
        return
    assert classic_choose_play(hand, sequence) == _classic_on_cards(hand, sequence)
    ranks = tuple(sorted(int(card.rank) for card in hand))
    played = tuple(int(card.rank) for card in sequence)
    assert classic_play_index(ranks, played, count) == classic_play_index(
        ranks, scoring_tail(played), count
    )


@given(st.integers(0, 10_000), st.integers(2, 7))
@settings(max_examples=40, deadline=None)
def test_the_adaptive_play_searches_every_holding_until_the_first_check(
    seed: int, skip: int
) -> None:
    """Twelve holdings or fewer are all searched before the first check, in any order: the
    adaptive play's values are then those of the search of every holding."""
    state = _in_play(seed, skip)
    if state.phase is not Phase.PLAY or state.to_move is None or state.starter is None:
        return
    seat = state.to_move
    context = PlayContext(
        state.hands[seat],
        sequence=state.pile,
        history=_history(state, seat),
        starter=state.starter,
        discards=state.discards[seat],
    )
    common = Settings(samples=12, later_samples=12, read=False)  # the best replies alone
    full = play_options(context, settings=replace(common, adaptive=False))
    adaptive = play_options(context, settings=replace(common, adaptive=True))
    assert {o.card: o.points for o in adaptive} == pytest.approx({o.card: o.points for o in full})


def test_a_card_better_against_every_holding_settles_the_choice_at_once() -> None:
    rng = random.Random(4)
    better = [(1.0, {5: 1.0 + rng.random(), 10: rng.random()}) for _ in range(12)]
    assert settled(better, 0.05)
    noisy = [(1.0, {5: rng.gauss(0, 2), 10: rng.gauss(0, 2)}) for _ in range(12)]
    assert not settled(noisy, 0.05)
    assert settled(noisy, 10.0)  # a choice within ten points is a choice made


def test_v1_searches_every_holding_and_samples_at_random() -> None:
    v1 = Settings(leads=False, adaptive=False, later_samples=60, sampling="random", read=False)
    assert parse_settings("v1") == v1
    assert parse_settings("v2") == Settings(read=False, lead_styles=False)
    assert parse_settings("v1,samples=30") == replace(v1, samples=30)
    assert parse_settings("adaptive=on") == Settings(adaptive=True)
    with pytest.raises(ValueError, match="sampling"):
        parse_settings("sampling=stratified")


def test_a_second_look_is_set_by_a_number_of_points() -> None:
    assert parse_settings("second_look=0.1") == Settings(second_look=0.1)
    with pytest.raises(ValueError, match="second_look is a number"):
        parse_settings("second_look=near")
    with pytest.raises(ValueError, match="second_look"):
        Settings(second_look=-1.0)


SAMPLED: Final = Settings(aware=False, read=False, samples=5, later_samples=5)
"""A play that samples the opponent's hands whenever it holds more than a few (by points,
with one account of its replies)."""


def _sampled_play(seed: int, skip: int) -> PlayContext | None:
    """`_in_play`'s play as the seat to move sees it, if the opponent may hold more hands
    than `SAMPLED` searches and the seat has cards of two ranks to choose from."""
    state = _in_play(seed, skip)
    if state.phase is not Phase.PLAY or state.to_move is None:
        return None
    context = PlayContext.from_view(view_for(state, state.to_move))
    if len({card.rank for card in context.legal}) < 2:
        return None
    every = replace(SAMPLED, samples=10**6, later_samples=10**6)
    if evaluate_play(context, settings=every).holdings <= SAMPLED.samples:
        return None
    return context


@given(st.integers(0, 10_000), st.integers(0, 5), st.sampled_from([0.05, 0.3, 1.0]))
@settings(max_examples=40, deadline=None)
def test_a_second_look_comes_only_where_the_best_two_cards_are_close(
    seed: int, skip: int, margin: float
) -> None:
    """Where the first sample's best two cards are `second_look` points apart or more, the
    choice is the first sample's; where they are nearer, a second sample is searched too,
    and each card's value is the mean of the two samples' (the second drawn after the first,
    from the same generator). What is played is still the first of the options."""
    context = _sampled_play(seed, skip)
    if context is None:
        return
    looking = replace(SAMPLED, second_look=margin)
    first = evaluate_play(context, settings=SAMPLED, rng=random.Random(seed))
    looked = evaluate_play(context, settings=looking, rng=random.Random(seed))
    by_rank = {option.card.rank: option.points for option in first.options}
    best, second = sorted(by_rank.values(), reverse=True)[:2]
    if best - second >= margin:
        assert looked == first
    else:
        rng = random.Random(seed)
        rng.random()  # the first sample's start
        again = evaluate_play(context, settings=SAMPLED, rng=rng)
        by_card = {option.card: option.points for option in again.options}
        means = {o.card: (o.points + by_card[o.card]) / 2 for o in first.options}
        assert {o.card: o.points for o in looked.options} == pytest.approx(means)
        assert looked.holdings == first.holdings + again.holdings
    played = best_play(context, settings=looking, rng=random.Random(seed))
    assert played == looked.options[0].card


def _preset_decisions(spec: str, deals: int = 4) -> list[str]:
    """The cards `spec` laid away and played in the first `deals` deals of two seeded games
    against the classic level (seat 0 its, the game long enough for its reading to act)."""
    decisions = []
    for seed in (1, 2):
        cpus = [Computer.playing(strategy_for(spec, seed)), Computer("classic", seed=seed + 1)]
        state = new_game(GameConfig(target=1000), seed=seed, dealer=seed % 2)
        while len(state.past_plays) < deals:
            seat = pending(state)[0]
            action = cpus[seat].act(view_for(state, seat))
            if seat == 0 and isinstance(action, Discard):
                decisions.append(format_cards(action.cards))
            elif seat == 0 and isinstance(action, Play):
                decisions.append(str(action.card))
            state, _ = apply(state, action)
    return decisions


V3_DECISIONS: Final = [
    "QS KC",
    "4D",
    "4S",
    "3H",
    "6S",
    "TD QH",
    "KC",
    "AD",
    "2H",
    "2S",
    "AC 2D",
    "TD",
    "JC",
    "QH",
    "5D",
    "7H 9D",
    "3H",
    "2D",
    "2H",
    "TD",
    "7H 8C",
    "JC",
    "TC",
    "JD",
    "TD",
    "8D 9H",
    "3D",
    "9D",
    "2D",
    "6D",
    "AS 3S",
    "QC",
    "TH",
    "QH",
    "JC",
    "3C TC",
    "8D",
    "JC",
    "6S",
    "7S",
]
"""What the expert of this computer's third release (`expert:v3`) decided in
`_preset_decisions`, recorded when it was the expert."""


def test_v3_decides_as_the_expert_of_the_third_release_did() -> None:
    assert _preset_decisions("expert:v3") == V3_DECISIONS


V2_DECISIONS: Final = [
    "QS KC",
    "4D",
    "4S",
    "3H",
    "6S",
    "TD QH",
    "KC",
    "AD",
    "2H",
    "2S",
    "AC 2D",
    "QH",
    "JC",
    "TD",
    "5D",
    "7H 9D",
    "3H",
    "2D",
    "2H",
    "TD",
    "TD KC",
    "AH",
    "8H",
    "TS",
    "6D",
    "6C 6H",
    "KC",
    "QS",
    "2H",
    "5H",
    "7H 8C",
    "JC",
    "TC",
    "JD",
    "TD",
    "8D 9H",
    "3D",
    "9D",
    "6D",
    "2D",
    "AS 3S",
    "QC",
    "TH",
    "QH",
    "JC",
    "3C TC",
    "7S",
    "JC",
    "6S",
    "8D",
    "JC JS",
    "7D",
    "8D",
    "QD",
    "8H",
    "3C 8S",
    "JC",
    "QS",
    "AS",
    "4H",
]
"""What `expert:v2` decided in six deals of `_preset_decisions`, recorded with the third
release (where it was the second release's expert). A pone's lead read in learned shares, not
the fixed ones, changes the dealer's cards within them."""


def test_v2_decides_as_the_expert_of_the_second_release_did() -> None:
    assert _preset_decisions("expert:v2", deals=6) == V2_DECISIONS


@settings(max_examples=200, deadline=None)
@given(
    st.lists(st.floats(min_value=0.01, max_value=100.0), min_size=2, max_size=80),
    st.integers(min_value=1, max_value=60),
    st.integers(min_value=0, max_value=2**32),
)
def test_a_systematic_sample_draws_each_holding_by_its_weight_give_or_take_one(
    weights: list[float], samples: int, seed: int
) -> None:
    held: list[Holding] = [((rank,), weight) for rank, weight in enumerate(weights)]
    chosen = sample_holdings(held, samples, random.Random(seed))
    if len(held) <= samples:
        assert chosen == held
        return
    drawn = {ranks: n for ranks, n in chosen}
    assert sum(drawn.values()) == samples
    assert [ranks for ranks, _ in chosen] == sorted(drawn)  # in the order of the holdings
    total = sum(weights)
    for ranks, weight in held:
        assert abs(drawn.get(ranks, 0) - samples * weight / total) < 1 + 1e-9


def test_independent_draws_can_miss_a_holding_a_systematic_sample_cannot() -> None:
    """Twelve equal holdings and six draws: the systematic sample takes every other one;
    six independent draws repeat some (for this seed) and so miss more."""
    held: list[Holding] = [((rank,), 1.0) for rank in range(1, 13)]
    systematic = sample_holdings(held, 6, random.Random(5))
    assert [n for _, n in systematic] == [1.0] * 6
    assert [b[0][0] - a[0][0] for a, b in pairwise(systematic)] == [2] * 5
    random_sample = sample_holdings(held, 6, random.Random(5), systematic=False)
    assert len(random_sample) < 6 and sum(n for _, n in random_sample) == 6


def test_tied_chances_of_winning_leave_the_choice_to_the_points() -> None:
    """Near the end two cards may both win for sure: the points then decide, so the search
    goes on until the points settle it too."""
    rng = random.Random(9)
    certain = [(1.0, {5: 1.0, 10: 1.0})] * 12
    close = [(1.0, {5: rng.gauss(0, 2), 10: rng.gauss(0, 2)}) for _ in range(12)]
    clear = [(1.0, {5: 3.0 + rng.random(), 10: rng.random()}) for _ in range(12)]
    assert not choice_settled(close, certain)
    assert choice_settled(clear, certain)
    assert choice_settled(close, [(1.0, {5: 1.0, 10: 0.0})] * 12)  # the chances alone decide


def test_a_decision_leaves_the_collector_on_and_what_it_made_frozen() -> None:
    """The collector is paused while the computer searches and is on again afterwards, with
    what was alive then frozen, so that its next rounds do not walk the search's memory; if it
    was off, it stays off and nothing is frozen."""
    ten, four, five, king = parse_cards(["td", "4c", "5h", "ks"])
    context = PlayContext((ten, four), (five,), (("opponent", five),), starter=king)
    gc.unfreeze()
    assert gc.isenabled()
    play_options(context)
    assert gc.isenabled() and gc.get_freeze_count() > 0
    gc.unfreeze()
    gc.disable()
    try:
        play_options(context)
        assert not gc.isenabled() and gc.get_freeze_count() == 0
    finally:
        gc.enable()


@pytest.mark.parametrize("variant", list(Variant))
def test_decisions_make_no_reference_cycles(variant: Variant) -> None:
    """What a decision leaves behind is freed by reference counting alone: objects alive
    when it ends are frozen, and a cycle among them would never be found."""
    config = game_config(variant)
    state = new_game(config, seed=5, dealer=0)
    cpus = [Computer("expert", seed=k) for k in range(config.players)]
    gc.collect()
    gc.disable()  # decisions then neither freeze nor collect: every cycle stays to be found
    try:
        decisions = 0
        while state.phase is not Phase.GAME_OVER and state.hand_number < 3:
            seat = pending(state)[0]
            if state.phase is Phase.CUT_STARTER:
                action: Action = CutStarter(seat, 10)
            else:
                action = cpus[seat].act(view_for(state, seat))
                decisions += 1
                assert gc.collect() == 0, f"a cycle left by {action}"
            state, _ = apply(state, action)
        assert decisions > 10
    finally:
        gc.enable()


@given(st.integers(0, 10_000), st.integers(0, 5))
@settings(max_examples=40, deadline=None)
def test_choosing_my_next_card_blind_is_worth_at_most_seeing(seed: int, skip: int) -> None:
    """Against the same answers, one card for every holding that leads to my next turn is
    worth at most choosing it for each holding seen; with one card left after this one
    there is nothing to choose and the two agree."""
    state = _in_play(seed, skip)
    if state.phase is not Phase.PLAY or state.to_move is None:
        return
    seat = state.to_move
    mine = _ranks(state.hands[seat])
    rng = random.Random(seed)
    seen = set(state.hands[seat]) | {c for _, c in state.history} | {state.starter}
    unseen = [c for c in DECK if c not in seen]
    size = len(state.hands[1 - seat])
    chosen = [
        (tuple(sorted(int(c.rank) for c in rng.sample(unseen, size))), 1.0 + rng.random())
        for _ in range(8)
    ]
    count_ranks = tuple(int(card.rank) for card in state.pile)
    ranks = sorted({int(c.rank) for c in legal_plays(state, seat)})
    search = PegSearch()
    blind = blind_points(search, mine, chosen, count_ranks, state.count, ranks)
    total = sum(w for _, w in chosen)
    for rank in ranks:
        seeing = sum(
            w * search.move(mine, theirs, count_ranks, state.count, rank) for theirs, w in chosen
        )
        assert blind[rank] <= seeing / total + 1e-9
        if len(mine) <= 2:
            assert blind[rank] == pytest.approx(seeing / total)


def test_the_leads_clue_weighs_the_hands_the_lead_came_from() -> None:
    """With `leads` (the default), the dealer weighs the pone's hands by how likely the lead
    was from each: holdings the expert would rarely lead that rank from count for less, and
    the values move; without a lead seen, or as pone, nothing changes."""
    five, five2, king, jack, starter, three = parse_cards(["5d", "5h", "kh", "jd", "7s", "3c"])
    history: tuple[tuple[Who, Card], ...] = (("opponent", three),)
    dealer = PlayContext((five, five2, king, jack), (three,), history, starter=starter, dealer=True)
    plain, clued = Settings(leads=False), Settings()
    assert play_options(dealer, settings=plain) != play_options(dealer, settings=clued)
    pone = PlayContext((five, five2, king, jack), starter=starter)
    assert play_options(pone, settings=plain) == play_options(pone, settings=clued)
    # The rarer a lead from a hand, the less the hand weighs once that lead is seen.
    weights = lead_weights(3)
    keeps = keep_weights("pone")
    counts = read_table("leads.json")["leads"]
    often, rarely = (1, 2, 3, 9), (1, 3, 4, 5)
    share = {kept: counts[ranks_text(kept)].get("3", 0) for kept in (often, rarely)}
    assert share[often] > share[rarely]
    assert weights[often] / keeps[often] > weights[rarely] / keeps[rarely]


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(DECK), min_size=4, max_size=4, unique=True))
def test_the_classic_lead_depends_on_the_ranks_alone(cards: list[Card]) -> None:
    ranks = tuple(sorted(int(card.rank) for card in cards))
    assert classic_lead(ranks) == int(classic_choose_play(cards, ()).rank)


def test_a_lead_the_classic_level_makes_is_read_as_likely_too() -> None:
    """The lead is read as the expert's, the classic level's or any card's (`LEAD_MIX`): a
    hand the classic level leads the rank from weighs more, for that lead, than one where
    only its share of the cards speaks for it."""
    counts = read_table("leads.json")["leads"]
    weights, keeps = lead_weights(9), keep_weights("pone")
    classic_leads_it, neither = (1, 1, 2, 9), (1, 1, 3, 9)
    assert classic_lead(classic_leads_it) == 9 and classic_lead(neither) != 9
    assert "9" not in counts[ranks_text(classic_leads_it)] | counts[ranks_text(neither)]
    _, classic, any_card = LEAD_MIX
    assert weights[neither] == pytest.approx(keeps[neither] * any_card / 4)
    assert weights[classic_leads_it] == pytest.approx(
        keeps[classic_leads_it] * (classic + any_card / 4)
    )
