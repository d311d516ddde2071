"""Three- and four-handed cribbage, partnerships and five-card cribbage: the rules of each, and
the properties every variant keeps under random play (cards conserved, counts within 31,
games end, records replay, views hide what they must)."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cribbage.cards import DECK, Card, parse_cards
from cribbage.events import (
    CountReset,
    CutTied,
    DealerChosen,
    GameOver,
    Go,
    Reason,
    Scored,
    Shown,
)
from cribbage.match import FirstDealer, MatchConfig, new_match, next_game
from cribbage.record import NEXT_GAME, Record, Recorder, replay
from cribbage.rules import (
    Claim,
    Counting,
    CutForDeal,
    CutStarter,
    Discard,
    GameConfig,
    GameState,
    Overcount,
    Phase,
    _shuffled,
    apply,
    legal_actions,
    new_game,
    pending,
)
from cribbage.view import view_for

from .support import (
    FIVE_CARD,
    FOUR,
    PARTNERS,
    THREE,
    cards_named_in,
    checked_random_game,
    known_to,
    play_cards,
    play_random_game,
    random_action,
)

VARIANTS = [
    THREE,
    FOUR,
    PARTNERS,
    FIVE_CARD,
    GameConfig(players=3, target=61, counting=(Counting.CLAIMED,) + (Counting.AUTOMATIC,) * 2),
    GameConfig(
        players=4,
        partners=True,
        counting=(Counting.CLAIMED,) + (Counting.AUTOMATIC,) * 3,
        muggins=True,
    ),
    GameConfig(five_card=True, target=61, counting=(Counting.CLAIMED, Counting.CLAIMED)),
    GameConfig(
        players=3,
        counting=(Counting.AUTOMATIC, Counting.AUTOMATIC, Counting.CLAIMED),
        muggins=True,
        overcount=Overcount.NONE,
    ),
    GameConfig(
        players=4,
        counting=(Counting.CLAIMED, Counting.AUTOMATIC, Counting.AUTOMATIC, Counting.CLAIMED),
        muggins=True,
        overcount=Overcount.RUTHLESS,
    ),
]
"""Every game, some with seats that count their own hands (their over-count penalties and
muggins go to the first opponent on the left, round the table from the last seat to seat 0)."""


def cards(text: str) -> tuple[Card, ...]:
    return tuple(sorted(parse_cards(text.split())))


def at_play(config: GameConfig, hands: list[str], starter: str, dealer: int) -> GameState:
    """A game at the start of the play with the given hands (card texts) and starter."""
    held = [cards(text) for text in hands]
    turned = Card.parse(starter)
    used = {card for hand in held for card in hand} | {turned}
    rest = [card for card in DECK if card not in used]
    base = new_game(config, seed=0, dealer=dealer)
    return replace(
        base,
        phase=Phase.PLAY,
        hands=tuple(held),
        kept=tuple(held),
        discards=tuple(tuple(rest[4 + i : 5 + i]) for i in range(config.players)),
        crib=tuple(rest[:4]),
        pack=(turned, *rest[4 + config.players :]),
        starter=turned,
        to_move=(dealer + 1) % config.players,
    )


# --- the deal ---------------------------------------------------------------------------------


def test_three_handed_deals_five_each_from_the_left_and_one_to_the_crib() -> None:
    state = new_game(THREE, seed=5, dealer=2)
    deck = _shuffled(5, state.shuffles)
    assert state.hands[0] == tuple(sorted(deck[0:15:3]))  # the dealer's left first
    assert state.hands[1] == tuple(sorted(deck[1:15:3]))
    assert state.hands[2] == tuple(sorted(deck[2:15:3]))
    assert state.crib == (deck[15],) and state.pack == deck[16:]
    assert pending(state) == (0, 1, 2)
    assert len(legal_actions(state)) == 15  # one of five, for each seat
    for seat in (0, 1, 2):
        state, _ = apply(state, Discard(seat, state.hands[seat][:1]))
    assert len(state.crib) == 4 and all(len(hand) == 4 for hand in state.hands)
    assert state.phase is Phase.CUT_STARTER and pending(state) == (0,)  # the dealer's left cuts


def test_four_handed_deals_five_each_and_each_lays_away_one() -> None:
    state = new_game(FOUR, seed=6, dealer=0)
    assert [len(hand) for hand in state.hands] == [5, 5, 5, 5] and state.crib == ()
    assert len(state.pack) == 32
    for seat in range(4):
        state, _ = apply(state, Discard(seat, state.hands[seat][-1:]))
    assert len(state.crib) == 4 and state.phase is Phase.CUT_STARTER and pending(state) == (1,)


def test_five_card_deals_five_and_keeps_three() -> None:
    state = new_game(FIVE_CARD, seed=7, dealer=1)
    assert [len(hand) for hand in state.hands] == [5, 5] and len(state.pack) == 42
    for seat in (0, 1):
        state, _ = apply(state, Discard(seat, state.hands[seat][:2]))
    assert [len(hand) for hand in state.hands] == [3, 3] and len(state.crib) == 4


def test_a_wrong_number_of_cards_laid_away_is_refused() -> None:
    state = new_game(THREE, seed=5, dealer=2)
    with pytest.raises(ValueError) as err:
        apply(state, Discard(0, state.hands[0][:2]))
    assert str(err.value) == "Lay away 1 card."
    two = new_game(seed=5, dealer=1)
    with pytest.raises(ValueError) as one:
        apply(two, Discard(0, two.hands[0][:1]))
    assert str(one.value) == "Lay away exactly 2 different cards."


def test_ties_for_low_cut_again_among_the_tied_only() -> None:
    state = new_game(THREE, seed=9)
    # seats 0 and 1 cut the same rank, seat 2 a higher one
    low = next(p for p in range(4, 40) if state.pack[p].rank <= 4)
    state, _ = apply(state, CutForDeal(0, low))
    rank = state.cuts[0].rank  # type: ignore[union-attr]
    tie = next(p for p in range(4, 40) if state.pack[p].rank == rank)
    state, _ = apply(state, CutForDeal(1, tie))
    high = next(p for p in range(4, 40) if state.pack[p].rank > rank)
    state, events = apply(state, CutForDeal(2, high))
    assert CutTied() in events
    assert state.cutters == (0, 1) and state.cuts[2] is not None
    assert state.cuts[2] not in state.pack  # the card it shows is not cut again
    assert state.pack == tuple(c for c in _shuffled(9, 2) if c != state.cuts[2])  # a new shuffle
    assert pending(state) == (0,)
    state, _ = apply(state, CutForDeal(0, 10))
    assert pending(state) == (1,)
    first = state.cuts[0]
    assert first is not None
    other = next(p for p in range(4, 40) if state.pack[p].rank != first.rank)
    second = state.pack[other]
    state, events = apply(state, CutForDeal(1, other))
    dealer = 0 if first.rank < second.rank else 1
    assert DealerChosen(dealer) in events and state.phase is Phase.DISCARD


# --- the play ---------------------------------------------------------------------------------


def test_three_handed_go_passes_round_and_the_last_to_play_pegs_it() -> None:
    # dealer 2; seat 0 leads. 0: K (10), 1: Q (20), 2: 9 (29); nobody can play on 29:
    # seat 2 pegs the go, and the seat to its left (0) leads the next count.
    state = at_play(THREE, ["kc 5h 6h 7h", "qd 8c 8d 8h", "9s 9c 8s 7c"], "3d", dealer=2)
    state, events = play_cards(state, "kc qd 9s")
    assert [(e.seat, e.points, e.reason) for e in events if isinstance(e, Scored)] == [
        (2, 1, Reason.GO)
    ]
    assert [e for e in events if isinstance(e, Go)] == [Go(0), Go(1)]
    assert events[-1] == CountReset(0) and state.count == 0 and state.to_move == 0


def test_three_handed_the_turn_skips_a_seat_that_cannot_play() -> None:
    # 0 leads the king, 1 the queen (20), 2 the ace (21), 0 the seven (28); seat 1 holds only
    # eights and says go; seat 2 plays the two (30), and as nobody can play on, pegs the go.
    state = at_play(THREE, ["kc 7h 6h 5h", "qd 8c 8d 8h", "ah 2c 9s 9c"], "3d", dealer=2)
    state, events = play_cards(state, "kc qd ah 7h")
    assert state.to_move == 2 and Go(1) in events  # seat 1 is passed over
    state, events = play_cards(state, "2c")
    assert [(e.seat, e.points, e.reason) for e in events if isinstance(e, Scored)] == [
        (2, 1, Reason.GO)
    ]
    assert events[-1] == CountReset(0)


def test_partners_peg_onto_one_score() -> None:
    state = at_play(PARTNERS, ["5h 2c 3c 4c", "jd 6d 6c 6s", "jc 7h 7d 7s", "kd 9h 9d 9s"], "ac", 3)
    assert state.scores == (0, 0)
    state, events = play_cards(state, "5h jd jc")  # seat 1 makes fifteen, seat 2 pairs it
    assert state.scores == (2, 2)
    assert [(e.seat, e.total) for e in events if isinstance(e, Scored)] == [(1, 2), (2, 2)]
    view = view_for(state, 0)
    assert view.scores == state.scores and view.my_score == 2 and view.side == 0


def test_each_side_is_its_seats() -> None:
    # partners sit across the table: seats 0 and 2 against 1 and 3; otherwise a seat alone
    assert [PARTNERS.seats_of(side) for side in (0, 1)] == [(0, 2), (1, 3)]
    assert [PARTNERS.side_of(seat) for seat in range(4)] == [0, 1, 0, 1]
    assert [FOUR.seats_of(side) for side in range(4)] == [(0,), (1,), (2,), (3,)]
    assert [THREE.seats_of(side) for side in range(3)] == [(0,), (1,), (2,)]
    assert (PARTNERS.sides, FOUR.sides, THREE.sides, FIVE_CARD.sides) == (2, 4, 3, 2)


def test_partners_win_and_lose_together() -> None:
    state = at_play(PARTNERS, ["5h 2c 3c 4c", "jd 6d 6c 6s", "jc 7h 7d 7s", "kd 9h 9d 9s"], "ac", 3)
    state = replace(state, scores=(119, 50))
    state, events = play_cards(state, "5h jd jc")
    assert state.phase is Phase.GAME_OVER and state.winner == 0
    assert events[-1] == GameOver(0, (121, 52), state.config.result_for(52))


def test_five_card_pone_pegs_three_for_last_on_the_first_hand_only() -> None:
    state = new_game(FIVE_CARD, seed=3, dealer=0)
    for seat in (0, 1):
        state, _ = apply(state, Discard(seat, state.hands[seat][:2]))
    state, events = apply(state, CutStarter(1, 20))
    assert (1, 3, Reason.THREE_FOR_LAST) in [
        (e.seat, e.points, e.reason) for e in events if isinstance(e, Scored)
    ]
    second = replace(state, hand_number=2, scores=(0, 0))
    second = replace(second, phase=Phase.CUT_STARTER, starter=None, to_move=None)
    _, events = apply(second, CutStarter(1, 20))
    assert Reason.THREE_FOR_LAST not in [e.reason for e in events if isinstance(e, Scored)]


def test_five_card_has_a_single_count_the_play_ends_at_the_go() -> None:
    state = at_play(FIVE_CARD, ["kc qc jc", "kd qd 2h"], "3s", dealer=1)
    state, events = play_cards(state, "kc kd qc")  # 30: the dealer cannot play the queen
    pegs = [(e.seat, e.points, e.reason) for e in events if isinstance(e, Scored)]
    assert (0, 1, Reason.GO) in pegs  # pegged at the go, and the play is over
    assert state.phase is not Phase.PLAY
    assert not any(isinstance(e, CountReset) for e in events)
    shown = [e for e in events if isinstance(e, Shown)]
    assert [len(e.cards) for e in shown] == [3, 3, 4]  # cards left unplayed are still shown


def test_the_show_goes_round_from_the_dealers_left_dealer_last_then_crib() -> None:
    state = at_play(THREE, ["kc", "qd", "9s"], "3d", dealer=1)
    state = replace(state, kept=(cards("kc 2h 3h 4h"), cards("qd 2d 4d 5d"), cards("9s 2s 3s 4s")))
    state, events = play_cards(state, "9s kc qd")
    shown = [(e.seat, e.crib) for e in events if isinstance(e, Shown)]
    assert shown == [(2, False), (0, False), (1, False), (1, True)]
    assert state.dealer == 2  # the deal passes to the left


def at_last_cards(
    config: GameConfig,
    dealer: int,
    kept: list[str],
    discards: list[str],
    starter: str,
    extra: str = "",
) -> GameState:
    """A game in the play where each seat kept `kept[seat]` and has only the lowest of those
    cards left to play, the others counted as played; `discards[seat]` went to the crib, with
    `extra` (three-handed, the pack's card); the pone is to play."""
    held = [cards(text) for text in kept]
    laid = [cards(text) for text in discards]
    crib = tuple(sorted([card for d in laid for card in d] + list(cards(extra))))
    turned = Card.parse(starter)
    used = {card for hand in held for card in hand} | set(crib) | {turned}
    return replace(
        new_game(config, seed=0, dealer=dealer),
        phase=Phase.PLAY,
        hands=tuple(hand[:1] for hand in held),
        kept=tuple(held),
        discards=tuple(laid),
        crib=crib,
        starter=turned,
        pack=(turned, *(card for card in DECK if card not in used)),
        to_move=(dealer + 1) % config.players,
    )


FOUR_KEPT = ["ac 5c 9c kc", "2d 6d td qh", "ah 5h 9h kh", "2s 6s ts qs"]
FOUR_LAID = ["7c", "7d", "7h", "7s"]


@pytest.mark.parametrize("config", [FOUR, PARTNERS], ids=["four", "partners"])
def test_four_hands_are_shown_from_the_dealers_left_round_to_the_dealer_then_the_crib(
    config: GameConfig,
) -> None:
    # Seat 1 deals: seat 2 on its left shows first, then seats 3 and 0, the dealer's hand
    # last, then its crib; the deal passes to seat 2.
    state = at_last_cards(config, 1, FOUR_KEPT, FOUR_LAID, "3d")
    state, events = play_cards(state, "ah 2s ac 2d")
    shown = [(e.seat, e.crib) for e in events if isinstance(e, Shown)]
    assert shown == [(2, False), (3, False), (0, False), (1, False), (1, True)]
    assert state.dealer == 2


def test_partners_peg_their_hands_onto_their_side() -> None:
    # Counted by hand with the 3D turned. Seat 0, AC 5C 9C KC: fifteens 5-K and A-5-9, 4, and
    # a flush of four clubs, 8; seat 2, AH 5H 9H KH, the same in hearts, 8. Seat 1, 2D 6D TD
    # QH: fifteens 2-3-T and 2-3-Q, 4; seat 3, 2S 6S TS QS: the same, 4, and a flush of four
    # spades, 8. The crib, 7C 7D 7H 7S: four of a kind, 12, and no fifteen. In the play only
    # the last card scores, 1 for seat 1; seats 0 and 2 peg for side 0, seats 1 and 3 for 1.
    state = at_last_cards(PARTNERS, 1, FOUR_KEPT, FOUR_LAID, "3d")
    state, events = play_cards(state, "ah 2s ac 2d")  # a last card for seat 1, nothing else
    hands = {(e.seat, e.crib): e.score.total for e in events if isinstance(e, Shown)}
    assert hands == {(2, False): 8, (3, False): 8, (0, False): 8, (1, False): 4, (1, True): 12}
    assert state.scores == (8 + 8, 1 + 8 + 4 + 12)


def test_five_card_play_ends_at_thirty_one_with_cards_still_held() -> None:
    # One count only: KC, KD (a pair, 2 to the dealer), AC, QD making 31 (2 more). The play
    # is over though each still holds a card: no go, no last card, no new count. With the 3S
    # turned the pone's KC AC QC is a flush of three, 3; the dealer's KD QD 5H two fifteens, 4.
    state = at_play(FIVE_CARD, ["kc ac qc", "kd qd 5h"], "3s", dealer=1)
    state, events = play_cards(state, "kc kd ac qd")
    pegs = [(e.seat, e.points, e.reason) for e in events if isinstance(e, Scored)]
    assert pegs[:4] == [
        (1, 2, Reason.PLAY),
        (1, 2, Reason.PLAY),
        (0, 3, Reason.HAND),
        (1, 4, Reason.HAND),
    ]
    assert not any(isinstance(e, Go | CountReset) for e in events)
    shown = [(e.seat, e.cards) for e in events if isinstance(e, Shown)][:2]
    assert shown == [(0, cards("kc ac qc")), (1, cards("kd qd 5h"))]  # QC and 5H never played


# --- who takes a penalty or muggins -----------------------------------------------------------


def _counting_its_own(config: GameConfig, seat: int) -> GameConfig:
    """`config` where `seat` counts its own hand, with muggins."""
    counting = tuple(
        Counting.CLAIMED if s == seat else Counting.AUTOMATIC for s in range(config.players)
    )
    return replace(config, counting=counting, muggins=True)


CLAIM_HANDS = ["2h 3c 4d 9s", "5h 6h 7h 8c", "ah ac tc jd", "qs qh ks kh"]
"""The first seat to show holds the first hand: with the KD turned, fifteens 2-3-K and 2-4-9
and a run of three, 7 by hand; the others' cards are any others."""


@pytest.mark.parametrize(
    "config, seat, taker",
    [
        # the first seat to the left that is not a partner, from the rules, by hand
        (GameConfig(), 0, 1),
        (GameConfig(), 1, 0),
        (THREE, 0, 1),
        (THREE, 1, 2),
        (THREE, 2, 0),
        (FOUR, 0, 1),
        (FOUR, 2, 3),
        (FOUR, 3, 0),
        (PARTNERS, 0, 1),
        (PARTNERS, 1, 2),
        (PARTNERS, 3, 0),
    ],
    ids=["two 0", "two 1", "three 0", "three 1", "three 2", "four 0", "four 2", "four 3"]
    + ["partners 0", "partners 1", "partners 3"],
)
@pytest.mark.parametrize(
    "claim, pegs",
    [(9, [(7, Reason.HAND), (2, Reason.OVERCLAIM)]), (3, [(3, Reason.HAND), (4, Reason.MUGGINS)])],
    ids=["over-count", "muggins"],
)
def test_penalties_and_muggins_go_to_the_first_opponent_on_the_left(
    config: GameConfig, seat: int, taker: int, claim: int, pegs: list[tuple[int, Reason]]
) -> None:
    # A bug that gave them to the seat on the right would fail here (three- and four-handed).
    # `seat` is the pone, first to show: it claims 9 for its 7 (BSD: 2 to the opponent) or 3
    # (muggins: the 4 it missed to the opponent).
    n = config.players
    dealer = (seat - 1) % n
    kept = [cards(CLAIM_HANDS[(s - seat) % n]) for s in range(n)]
    used = {card for hand in kept for card in hand}
    rest = [card for card in DECK if card not in used and card != Card.parse("kd")]
    state = replace(
        new_game(_counting_its_own(config, seat), seed=0, dealer=dealer),
        phase=Phase.SHOW,
        hands=((),) * n,
        kept=tuple(kept),
        discards=tuple((card,) if n > 2 else () for card in rest[:n]),
        crib=tuple(rest[:4]),
        starter=Card.parse("kd"),
        pack=tuple(rest[4:]),
    )
    assert pending(state) == (seat,)
    _, events = apply(state, Claim(seat, claim))
    scored = [(e.seat, e.points, e.reason) for e in events if isinstance(e, Scored)]
    (own, why), (taken, penalty) = pegs
    assert scored[:2] == [(seat, own, why), (taker, taken, penalty)]


# --- the crib is hidden until it is counted ---------------------------------------------------


@pytest.mark.parametrize(
    "config, laid, extra",
    [
        (GameConfig(), ["7c 7d", "7h 7s"], ""),
        (THREE, ["7c", "7d", "7h"], "7s"),
        (FOUR, FOUR_LAID, ""),
        (PARTNERS, FOUR_LAID, ""),
    ],
    ids=["two", "three", "four", "partners"],
)
def test_the_crib_is_hidden_until_it_is_counted(
    config: GameConfig, laid: list[str], extra: str
) -> None:
    # Seat 1 deals and counts its own hand and crib (7C 7D 7H 7S). Until the crib's turn
    # each seat sees of it only what it laid away itself; when the dealer counts it, the
    # dealer sees all four, the others still only their own; then it is shown to all.
    n = config.players
    kept = FOUR_KEPT[:n]
    state = at_last_cards(_counting_its_own(config, 1), 1, kept, laid, "3d", extra)
    crib = set(cards("7c 7d 7h 7s"))
    own = [set(cards(text)) for text in laid]
    lows = {2: "ac 2d", 3: "ah ac 2d", 4: "ah 2s ac 2d"}[n]
    state, events = play_cards(state, lows)
    assert [(e.seat, e.crib) for e in events if isinstance(e, Shown)] == [
        ((1 + k) % n, False) for k in range(1, n)
    ]  # every hand before the dealer's was counted for its seat
    assert pending(state) == (1,) and state.phase is Phase.SHOW
    for seat in range(n):
        assert crib & cards_named_in(view_for(state, seat)) == own[seat]
    state, _ = apply(state, Claim(1, 0))  # the dealer's hand; its crib is next
    assert pending(state) == (1,) and state.phase is Phase.SHOW
    counting = view_for(state, 1).counting
    assert counting is not None and counting.crib and set(counting.cards) == crib
    for seat in range(n):
        assert crib & cards_named_in(view_for(state, seat)) == (crib if seat == 1 else own[seat])
    _, last = apply(state, Claim(1, 12))
    assert [(e.seat, e.cards) for e in last if isinstance(e, Shown)] == [(1, tuple(sorted(crib)))]


# --- matches ----------------------------------------------------------------------------------


def test_the_loser_rule_with_three_sides_gives_the_deal_to_the_lowest() -> None:
    match = new_match(MatchConfig(games=3), THREE, seed=1)
    game = replace(
        new_game(THREE, seed=1, dealer=0),
        phase=Phase.GAME_OVER,
        scores=(121, 80, 95),
        winner=0,
    )
    match = replace(match, game=game, first_dealers=(0,))
    assert next_game(match).game.dealer == 1
    alternate = replace(match, config=MatchConfig(games=3, first_dealer=FirstDealer.ALTERNATE))
    assert next_game(alternate).game.dealer == 1
    partners = new_match(MatchConfig(games=3), PARTNERS, seed=1)
    ended = replace(
        new_game(PARTNERS, seed=1, dealer=0), phase=Phase.GAME_OVER, scores=(121, 90), winner=0
    )
    partners = replace(partners, game=ended, first_dealers=(0,))
    assert next_game(partners).game.dealer == 1  # side 1's first seat to the left of seat 0


# --- properties of every variant ----------------------------------------------------------------


def check_game(seed: int, config: GameConfig) -> GameState:
    """A random game of `config` (see `checked_random_game`), with a score for each side and
    each hand shown of its variant's size."""
    for _, after, events in checked_random_game(seed, config):
        assert len(after.scores) == config.sides
        for event in events:
            match event:
                case Shown(_, shown, starter, crib, score):
                    assert len(shown) == (4 if crib else config.kept_size)
                    assert starter not in shown and score.total >= 0
    return after


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 2**63 - 1), st.sampled_from(VARIANTS))
def test_every_variant_keeps_the_rules_and_ends(seed: int, config: GameConfig) -> None:
    final = check_game(seed, config)
    assert final.phase is Phase.GAME_OVER and final.winner is not None


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 2**32), st.sampled_from(VARIANTS), st.integers(1, 2))
def test_every_variant_replays_from_its_record(seed: int, config: GameConfig, games: int) -> None:
    rng = random.Random(seed)
    recorder = Recorder.start(seed, config, MatchConfig(games=games))
    while not recorder.state.over:
        if recorder.state.game.phase is Phase.GAME_OVER:
            recorder.apply(NEXT_GAME)
        else:
            recorder.apply(random_action(recorder.state.game, rng))
    record = Record.from_json(recorder.record.to_json())
    assert record == recorder.record
    assert replay(record) == recorder.state


def hide_differently(state: GameState, seat: int, rng: random.Random) -> GameState:
    """The same game with every card `seat` cannot see dealt out among those places anew."""
    others = [s for s in range(state.config.players) if s != seat]
    played = {card for _, card in state.history}
    discarded = {card for d in state.discards for card in d}
    from_pack = [card for card in state.crib if card not in discarded]
    places: list[tuple[str, int, int]] = []
    pool: list[Card] = []
    for other in others:
        places.append(("hand", other, len(state.hands[other]) if state.hands else 0))
        pool += state.hands[other] if state.hands else ()
        places.append(("discards", other, len(state.discards[other]) if state.discards else 0))
        pool += state.discards[other] if state.discards else ()
    places.append(("from pack", 0, len(from_pack)))
    pool += from_pack
    pack = [card for card in state.pack if card != state.starter]
    places.append(("pack", 0, len(pack)))
    pool += pack
    rng.shuffle(pool)
    hands, kept, discards = list(state.hands), list(state.kept), list(state.discards)
    crib_extra: list[Card] = []
    new_pack: list[Card] = []
    for kind, other, size in places:
        part, pool = pool[:size], pool[size:]
        if kind == "hand" and hands:
            hands[other] = tuple(sorted(part))
            if kept and kept[other]:
                mine = {card for s, card in state.history if s == other}
                kept[other] = tuple(sorted(set(part) | (mine & played)))
        elif kind == "discards" and discards:
            discards[other] = tuple(sorted(part))
        elif kind == "from pack":
            crib_extra = part
        elif kind == "pack":
            new_pack = part
    if state.starter is not None and state.starter in state.pack:
        new_pack.insert(state.pack.index(state.starter), state.starter)
    crib = tuple(sorted([card for d in discards for card in d] + crib_extra))
    return replace(
        state,
        seed=state.seed + 1,
        hands=tuple(hands),
        kept=tuple(kept),
        discards=tuple(discards),
        crib=crib,
        pack=tuple(new_pack),
    )


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 10**6), st.integers(0, 300), st.sampled_from(VARIANTS), st.data())
def test_views_never_show_another_seats_cards(
    seed: int, steps: int, config: GameConfig, data: st.DataObject
) -> None:
    rng = random.Random(seed)
    state = new_game(config, seed=seed)
    for _, _, after, _ in play_random_game(state, rng):
        state = after
        steps -= 1
        if steps <= 0:
            break
    seat = data.draw(st.integers(0, config.players - 1))
    view = view_for(state, seat)
    # what the view names is what the rules let the seat know, in every phase: another
    # seat's hand or laid-away cards, the crib before it is shown and the pack never appear
    assert cards_named_in(view) == known_to(state, seat)
    assert not hasattr(view, "pack") and not hasattr(view, "seed")
    if state.phase in (Phase.SHOW, Phase.GAME_OVER):
        return  # hands are face up in the show: hide_differently deals the rest anew before it
    other = hide_differently(state, seat, rng)
    assert view_for(other, seat) == view
    for s in range(config.players):
        if s != seat and state.hands:
            assert set(state.hands[s]).isdisjoint(view.hand)
