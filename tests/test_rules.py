from __future__ import annotations

import random
from collections.abc import Callable, Iterable
from dataclasses import replace

import pytest

from cribbage.cards import DECK, Card, Rank, parse_cards
from cribbage.errors import (
    CardNotInHandError,
    CribbageError,
    IllegalPlayError,
    InvalidActionError,
    InvalidClaimError,
    NotYourTurnError,
)
from cribbage.events import (
    Claimed,
    CountReset,
    CutCard,
    CutTied,
    DealerChosen,
    Dealt,
    GameOver,
    GameResult,
    Go,
    HandOver,
    Played,
    Reason,
    Scored,
    Shown,
)
from cribbage.pegging import NO_CARD, next_turn
from cribbage.rules import (
    Action,
    Claim,
    Counting,
    CutForDeal,
    CutStarter,
    Discard,
    GameConfig,
    GameState,
    Overcount,
    Phase,
    Play,
    _shuffled,
    apply,
    cut_positions,
    is_legal,
    legal_actions,
    legal_plays,
    new_game,
    pending,
    show_turn,
)

from .support import play_cards, play_random_game, play_state


def pegs(events: Iterable[object]) -> list[tuple[int, int, Reason]]:
    return [(e.seat, e.points, e.reason) for e in events if isinstance(e, Scored)]


# --- cut for deal -----------------------------------------------------------------------------


def test_the_cut_position_decides_the_card_and_low_card_deals() -> None:
    state = new_game(seed=11)
    assert pending(state) == (0,) and cut_positions(state) == range(4, 49)
    first = state.pack[20]
    state, events = apply(state, CutForDeal(0, 20))
    assert events == (CutCard(0, first),)
    assert pending(state) == (1,) and cut_positions(state) == range(4, 48)
    position = next(p for p in cut_positions(state) if state.pack[p].rank != first.rank)
    second = state.pack[position]
    state, events = apply(state, CutForDeal(1, position))
    dealer = 0 if first.rank < second.rank else 1
    assert events[:2] == (CutCard(1, second), DealerChosen(dealer))
    assert isinstance(events[2], Dealt) and state.dealer == dealer
    assert state.phase is Phase.DISCARD


def test_equal_cuts_cut_again_from_a_new_shuffle() -> None:
    state = new_game(seed=11)
    first = state.pack[20]
    state, _ = apply(state, CutForDeal(0, 20))
    tie = next(p for p in cut_positions(state) if state.pack[p].rank == first.rank)
    again, events = apply(state, CutForDeal(1, tie))
    assert events[-1] == CutTied()
    assert again.phase is Phase.CUT_FOR_DEAL and pending(again) == (0,)
    assert again.cuts == (None, None) and again.cutters is None  # both tied: both cut again
    assert again.pack == _shuffled(11, 2)  # the game's second shuffle: a record replays by it


def _pack(seed: int, shuffle: int) -> list[Card]:
    """The pack of a game's `shuffle`th shuffle, by the way a saved game's seed is read: the
    deck in order, shuffled by Python's random.Random seeded with "cribbage:SEED:SHUFFLE"."""
    deck = list(DECK)
    random.Random(f"cribbage:{seed}:{shuffle}").shuffle(deck)
    return deck


@pytest.mark.parametrize("dealer, shuffles", [(1, 0), (0, 0), (1, 7)])
def test_the_deal_is_the_seeds_next_shuffle_so_that_a_saved_game_deals_the_same_again(
    dealer: int, shuffles: int
) -> None:
    state = new_game(seed=5, shuffles=shuffles)  # a match's later game goes on counting
    assert list(state.pack) == _pack(5, shuffles + 1) and state.shuffles == shuffles + 1
    dealt = new_game(seed=5, dealer=dealer, shuffles=shuffles)  # cut for deal, then the deal
    deck = _pack(5, shuffles + 2)
    pone = 1 - dealer  # dealt one card at a time from the dealer's left
    assert dealt.hands[pone] == tuple(sorted(deck[0:12:2]))
    assert dealt.hands[dealer] == tuple(sorted(deck[1:12:2]))
    assert list(dealt.pack) == deck[12:] and dealt.shuffles == shuffles + 2


@pytest.mark.parametrize("dealer", [2, -1])
def test_a_game_dealt_by_no_seat_is_refused(dealer: int) -> None:
    with pytest.raises(ValueError) as err:
        new_game(seed=5, dealer=dealer)
    assert str(err.value) == f"There is no seat {dealer}."


def test_a_game_without_a_seed_draws_one_that_a_save_can_keep() -> None:
    drawn = [new_game(rng=random.Random(n)).seed for n in range(20)]
    assert drawn == [new_game(rng=random.Random(n)).seed for n in range(20)]  # from the rng
    assert len(set(drawn)) == 20
    assert all(0 <= seed < 2**63 for seed in drawn)  # a signed 64-bit integer holds it
    again = new_game(seed=drawn[0])
    assert again.pack == new_game(rng=random.Random(0)).pack
    assert isinstance(new_game().seed, int)  # from the system


@pytest.mark.parametrize("position", [0, 3, 49, 52, -1])
def test_a_cut_must_leave_four_cards_in_each_packet(position: int) -> None:
    state = new_game(seed=1)
    with pytest.raises(IllegalPlayError) as err:
        apply(state, CutForDeal(0, position))
    assert (
        str(err.value)
        == "Cut between 4 and 48 cards down, leaving at least 4 cards in each packet."
    )
    with pytest.raises(NotYourTurnError):
        apply(state, CutForDeal(1, 10))


# --- deal, discard, starter ---------------------------------------------------------------------


def test_six_each_dealt_one_at_a_time_non_dealer_first() -> None:
    state = new_game(seed=5, dealer=1)
    deck = _shuffled(5, state.shuffles)
    assert state.hands[0] == tuple(sorted(deck[0:12:2]))
    assert state.hands[1] == tuple(sorted(deck[1:12:2]))
    assert state.pack == deck[12:]
    assert pending(state) == (0, 1)


def test_seeds_replay_and_differ() -> None:
    assert new_game(seed=5, dealer=0) == new_game(seed=5, dealer=0)
    assert new_game(seed=5, dealer=0).hands != new_game(seed=6, dealer=0).hands


def test_discards_go_to_the_dealers_crib() -> None:
    state = new_game(seed=5, dealer=1)
    hand0, hand1 = state.hands
    with pytest.raises(IllegalPlayError, match="exactly 2"):
        apply(state, Discard(0, hand0[:1]))
    with pytest.raises(IllegalPlayError, match="exactly 2"):
        apply(state, Discard(0, (hand0[0], hand0[0])))
    with pytest.raises(CardNotInHandError):
        apply(state, Discard(0, (hand0[0], hand1[0])))
    with pytest.raises(IllegalPlayError):
        apply(state, Play(0, hand0[0]))
    state, _ = apply(state, Discard(1, hand1[4:]))
    with pytest.raises(NotYourTurnError):
        apply(state, Discard(1, hand1[:2]))
    assert pending(state) == (0,)
    state, _ = apply(state, Discard(0, hand0[:2]))
    assert state.phase is Phase.CUT_STARTER and pending(state) == (0,)
    assert sorted(state.crib) == sorted(hand0[:2] + hand1[4:])
    assert state.kept == (hand0[2:], hand1[:4]) == state.hands


def discarded(seed: int, dealer: int = 1) -> GameState:
    state = new_game(seed=seed, dealer=dealer)
    for seat in (0, 1):
        state, _ = apply(state, Discard(seat, state.hands[seat][:2]))
    return state


def test_the_pone_cuts_and_the_dealer_turns_the_starter() -> None:
    state = discarded(8)
    assert cut_positions(state) == range(4, 37)
    with pytest.raises(NotYourTurnError):
        apply(state, CutStarter(1, 10))
    after, _events = apply(state, CutStarter(0, 10))
    assert after.starter == state.pack[10]
    assert after.phase is Phase.PLAY and pending(after) == (0,)


def test_his_heels_pegs_two_for_the_dealer_and_can_win() -> None:
    state = discarded(8)
    jack = next(p for p in cut_positions(state) if state.pack[p].rank is Rank.JACK)
    _, events = apply(state, CutStarter(0, jack))
    assert pegs(events) == [(1, 2, Reason.HEELS)]
    near = replace(state, scores=(50, 119))
    final, events = apply(near, CutStarter(0, jack))
    assert final.phase is Phase.GAME_OVER and final.winner == 1
    assert isinstance(events[-1], GameOver) and events[-1].scores == (50, 121)
    with pytest.raises(IllegalPlayError, match="over"):
        apply(final, Play(0, final.hands[0][0]))


# --- the play ---------------------------------------------------------------------------------


def test_a_hand_with_go_and_last_card() -> None:
    # Pone holds A-8-9-9, the dealer 2-7-T-J (a worked example from a rules essay, whose
    # arithmetic slips at the fifth card: the count there is 27, not 25).
    state = play_state("ah 8c 9d 9s", "2h 7c td jh", "kc")
    state, events = play_cards(state, "8c 7c 9d 2h ah")
    assert Played(0, Card.parse("ah"), 27) in events
    assert [e for e in events if isinstance(e, Go)] == [Go(1)]
    assert pegs(events) == [(1, 2, Reason.PLAY), (0, 3, Reason.PLAY), (0, 1, Reason.GO)]
    assert CountReset(1) in events and state.to_move == 1
    state, events = play_cards(state, "td 9s jh")
    assert pegs(events)[:2] == [(1, 3, Reason.PLAY), (1, 1, Reason.LAST_CARD)]
    assert state.phase is not Phase.PLAY


def test_thirty_one_pegs_two_resets_and_the_next_player_leads() -> None:
    state = play_state("th 5c 2d 3s", "kh 6c 4d 9s", "ac")
    state, events = play_cards(state, "th kh 5c 6c")
    assert pegs(events) == [(1, 2, Reason.PLAY)]  # 31 for two; no point for go on top
    assert CountReset(0) in events and state.count == 0 and state.to_move == 0
    state, events = play_cards(state, "2d 4d 3s")
    assert pegs(events) == [(0, 3, Reason.PLAY)]  # 2-4-3 run; nothing crosses the reset
    state, events = play_cards(state, "9s")
    assert pegs(events)[0] == (1, 1, Reason.LAST_CARD)


def test_combinations_never_cross_a_reset() -> None:
    state = play_state("5h 5c 5d as", "th kh qh jc", "2c")
    state, events = play_cards(state, "5h th 5c kh")
    # counts: 5, 15, 20, 30; pone cannot play 5 (35) but holds the ace: 31 for two
    assert state.to_move == 0
    state, events = play_cards(state, "as")
    assert pegs(events) == [(0, 2, Reason.PLAY)]
    state, events = play_cards(
        state, "qh 5d"
    )  # new count: Q then 5 is fifteen, no pair with old 5s
    assert pegs(events) == [(0, 2, Reason.PLAY)]


def test_after_a_go_the_other_player_plays_on_alone() -> None:
    state = play_state("kh qh jh 9d", "5c 3c 2c ac", "7s")
    state, events = play_cards(state, "kh 5c qh 3c")  # 28: the pone can play neither J nor 9
    assert events[-1] == Go(0) and state.to_move == 1
    state, events = play_cards(state, "2c ac")  # the dealer plays on alone: 30, then 31
    assert Go(0) not in events
    assert pegs(events) == [(1, 5, Reason.PLAY)]  # 31 for two and the run A-2-3
    assert CountReset(0) in events
    state, events = play_cards(state, "jh 9d")  # the dealer is out of cards: the pone plays on
    assert not any(isinstance(e, Go) for e in events)
    assert pegs(events)[0] == (0, 1, Reason.LAST_CARD)


def test_illegal_plays_are_refused_and_change_nothing() -> None:
    state = play_state("th jh 2c 3c", "9h 9c ad 4s", "kc")
    before = state
    with pytest.raises(NotYourTurnError):
        apply(state, Play(1, Card.parse("9h")))
    with pytest.raises(CardNotInHandError):
        apply(state, Play(0, Card.parse("9h")))
    state, _ = play_cards(state, "th 9h jh")
    with pytest.raises(IllegalPlayError) as err:
        apply(state, Play(1, Card.parse("9c")))
    assert str(err.value) == (  # 10 + 9 + 10 + 9
        "The nine of clubs would take the count to 38, past 31."
    )
    assert legal_plays(state, 1) == (Card.parse("ad"),)
    assert legal_plays(state, 0) == ()
    assert before == play_state("th jh 2c 3c", "9h 9c ad 4s", "kc")


# --- the show -------------------------------------------------------------------------------


# Pone: J-5-5-5 (28 with the 5 of spades turned: no nobs, the jack is a club).
# Dealer: 2-3-4-6 of hearts (13: a run of five, two fifteens, a four-card flush).
# The crib is the four aces (12). In the play the dealer pegs a run of three with the 4,
# then one for the go at 29, and one for the last card.
SHOW_HANDS = ("5h 5c 5d jc", "2h 3h 4h 6h", "5s")
SHOW_PLAY = "jc 2h 5h 3h 5c 4h 5d 6h"


def test_the_play_before_the_show() -> None:
    _state, events = play_cards(play_state(*SHOW_HANDS), SHOW_PLAY)
    assert pegs(events)[:3] == [(1, 3, Reason.PLAY), (1, 1, Reason.GO), (1, 1, Reason.LAST_CARD)]
    assert Go(0) in events


def test_the_show_counts_pone_then_dealer_then_crib_and_deals_again() -> None:
    state, events = play_cards(play_state(*SHOW_HANDS), SHOW_PLAY)
    shown = [e for e in events if isinstance(e, Shown)]
    assert [(e.seat, e.crib, e.score.total) for e in shown] == [
        (0, False, 28),
        (1, False, 13),
        (1, True, 12),
    ]
    assert pegs(events)[3:] == [(0, 28, Reason.HAND), (1, 13, Reason.HAND), (1, 12, Reason.CRIB)]
    assert isinstance(events[-2], HandOver) and isinstance(events[-1], Dealt)
    assert state.phase is Phase.DISCARD and state.dealer == 0 and state.hand_number == 2
    assert state.scores == (28, 5 + 13 + 12)


def test_the_game_ends_the_moment_the_pone_counts_out() -> None:
    state = play_state(*SHOW_HANDS, scores=(100, 110))
    state, events = play_cards(state, SHOW_PLAY)
    assert state.winner == 0 and state.phase is Phase.GAME_OVER
    assert [e.seat for e in events if isinstance(e, Shown)] == [0]  # the dealer never counts
    assert events[-1] == GameOver(0, (128, 115), GameResult.WIN)


def test_the_game_ends_in_the_play_before_the_show() -> None:
    state = play_state(*SHOW_HANDS, scores=(0, 118))
    state, events = play_cards(state, "jc 2h 5h 3h 5c 4h")
    assert state.winner == 1 and state.scores == (0, 121)
    assert events[-1] == GameOver(1, (0, 121), GameResult.DOUBLE_SKUNK)
    with pytest.raises(IllegalPlayError, match="over"):
        apply(state, Play(0, Card.parse("5d")))


ACTIONS = "An action is a CutForDeal, Discard, CutStarter, Play or Claim"


def _careless(kind: Callable[..., object], *fields: object) -> object:
    """An action made with fields of the wrong types, as a careless caller might."""
    return kind(*fields)


@pytest.mark.parametrize(
    "action, refusal",
    [
        (None, f"{ACTIONS}, not None."),
        ("5h", f"{ACTIONS}, not '5h'."),
        (Play, f"{ACTIONS}, not the class Play."),
        (Play(True, Card.parse("5h")), "A seat is a whole number, not True."),
        (_careless(CutForDeal, 0, 2.0), "A cut is a whole number of cards, not 2.0."),
        (_careless(CutStarter, 0, "20"), "A cut is a whole number of cards, not '20'."),
        (_careless(Discard, 0, "5h 6h"), "Cards to lay away are a tuple of cards, not '5h 6h'."),
        (
            _careless(Discard, 0, ("5h", "6h")),
            "Cards to lay away are a tuple of cards, not ('5h', '6h').",
        ),
        (_careless(Play, 0, "5h"), "A card to play is a Card (Card.parse reads one), not '5h'."),
    ],
)
def test_what_is_not_an_action_of_its_kind_is_refused_in_a_sentence_naming_it(
    action: object, refusal: str
) -> None:
    with pytest.raises(InvalidActionError) as err:
        apply(new_game(seed=1), action)  # type: ignore[arg-type]  # what a careless caller might pass
    assert str(err.value) == refusal


def test_a_count_that_is_not_a_whole_number_is_refused() -> None:
    with pytest.raises(InvalidClaimError) as err:
        apply(new_game(seed=1), _careless(Claim, 0, 12.0))  # type: ignore[arg-type]
    assert str(err.value) == "A count is a whole number from 0 to 29 (19 for nothing)."


@pytest.mark.parametrize(
    "seat, refusal",
    [
        (2, "There is no seat 2."),  # two players: seats 0 and 1
        (-1, "There is no seat -1."),
        (0, "It is not your turn to act (cut for deal)."),  # seat 0 has cut; seat 1 cuts
    ],
)
def test_an_action_out_of_turn_or_from_no_seat_says_which(seat: int, refusal: str) -> None:
    state, _ = apply(new_game(seed=1), CutForDeal(0, 10))
    assert pending(state) == (1,)
    with pytest.raises(NotYourTurnError) as err:
        apply(state, CutForDeal(seat, 20))
    assert str(err.value) == refusal


def test_an_action_of_another_moment_or_after_the_game_says_so() -> None:
    state = new_game(seed=1)
    with pytest.raises(IllegalPlayError) as err:
        apply(state, Play(0, state.pack[0]))
    assert str(err.value) == "You cannot play a card during the cut for deal."
    over, _ = play_cards(play_state(*SHOW_HANDS, scores=(0, 118)), "jc 2h 5h 3h 5c 4h")
    assert over.phase is Phase.GAME_OVER
    with pytest.raises(IllegalPlayError) as end:
        apply(over, Play(0, Card.parse("5d")))
    assert str(end.value) == "The game is over."


def test_nothing_is_shown_or_cut_in_the_play_and_nothing_done_after_the_game() -> None:
    state = play_state(*SHOW_HANDS)  # in the play, with a dealer
    with pytest.raises(RuntimeError) as err:
        show_turn(state)
    assert str(err.value) == "Nothing is being shown now."
    with pytest.raises(IllegalPlayError) as cut:
        cut_positions(state)
    assert str(cut.value) == "Nobody is cutting the pack now."
    over, _ = play_cards(play_state(*SHOW_HANDS, scores=(0, 118)), "jc 2h 5h 3h 5c 4h")
    assert over.phase is Phase.GAME_OVER
    assert legal_actions(over) == () and pending(over) == ()


# --- counting by claim ------------------------------------------------------------------------


def claimed_config(overcount: Overcount = Overcount.BSD, muggins: bool = False) -> GameConfig:
    return GameConfig(
        counting=(Counting.CLAIMED, Counting.AUTOMATIC), overcount=overcount, muggins=muggins
    )


def at_show(config: GameConfig) -> GameState:
    state, _ = play_cards(play_state(*SHOW_HANDS, config=config), SHOW_PLAY)
    assert state.phase is Phase.SHOW and pending(state) == (0,)
    return state


def test_a_correct_claim_pegs_the_count() -> None:
    state = at_show(claimed_config())
    _after, events = apply(state, Claim(0, 28))
    assert Claimed(0, 28, 28, False) in events
    assert (0, 28, Reason.HAND) in pegs(events)


@pytest.mark.parametrize(
    "overcount, penalty",
    [(Overcount.BSD, 2), (Overcount.RUTHLESS, 1), (Overcount.NONE, 0)],
)
def test_an_over_claim_is_corrected_and_penalised(overcount: Overcount, penalty: int) -> None:
    state = at_show(claimed_config(overcount=overcount))
    _, events = apply(state, Claim(0, 29))
    expected = [(0, 28, Reason.HAND)] + ([(1, penalty, Reason.OVERCLAIM)] if penalty else [])
    assert pegs(events)[: len(expected)] == expected


@pytest.mark.parametrize("muggins, taken", [(True, 8), (False, 0)])
def test_an_under_claim_pegs_what_was_claimed_and_muggins_takes_the_rest(
    muggins: bool, taken: int
) -> None:
    state = at_show(claimed_config(muggins=muggins))
    _, events = apply(state, Claim(0, 20))
    expected = [(0, 20, Reason.HAND)] + ([(1, taken, Reason.MUGGINS)] if taken else [])
    assert pegs(events)[: len(expected)] == expected


def test_nineteen_means_nothing_and_claims_are_checked() -> None:
    state = at_show(claimed_config(muggins=True))
    _, events = apply(state, Claim(0, 19))
    assert Claimed(0, 0, 28, False) in events
    assert (1, 28, Reason.MUGGINS) in pegs(events)
    for bad in (30, -1):
        with pytest.raises(InvalidClaimError) as err:
            apply(state, Claim(0, bad))
        assert str(err.value) == "A count is a whole number from 0 to 29 (19 for nothing)."


def test_the_dealer_claims_hand_and_crib_in_turn() -> None:
    config = GameConfig(counting=(Counting.AUTOMATIC, Counting.CLAIMED))
    state, _ = play_cards(play_state(*SHOW_HANDS, config=config), SHOW_PLAY)
    assert pending(state) == (1,) and state.scores == (28, 5)  # the pone was counted for it
    assert state.to_move is None  # nobody plays in the show
    state, events = apply(state, Claim(1, 13))
    assert state.phase is Phase.SHOW and pending(state) == (1,) and state.scores == (28, 18)
    state, events = apply(state, Claim(1, 12))
    assert Claimed(1, 12, 12, True) in events
    assert state.phase is Phase.DISCARD and state.scores == (28, 30)


# --- results ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "config, loser, result",
    [
        (GameConfig(), 91, GameResult.WIN),
        (GameConfig(), 90, GameResult.SKUNK),
        (GameConfig(), 61, GameResult.SKUNK),
        (GameConfig(), 60, GameResult.DOUBLE_SKUNK),
        (GameConfig(target=61), 31, GameResult.WIN),
        (GameConfig(target=61), 30, GameResult.SKUNK),
        (GameConfig(target=61), 0, GameResult.DOUBLE_SKUNK),  # BSD's margin: more than 60 short
        (GameConfig(skunk_line=61, double_skunk_line=0), 60, GameResult.SKUNK),  # Hoyle's lurch
        (GameConfig(skunk_line=61, double_skunk_line=0), 0, GameResult.SKUNK),
        (GameConfig(skunk_line=61, double_skunk_line=0), 61, GameResult.WIN),
    ],
)
def test_skunk_lines(config: GameConfig, loser: int, result: GameResult) -> None:
    assert config.result_for(loser) is result


def test_bad_configs_are_refused() -> None:
    for players in (1, 5, True):
        with pytest.raises(ValueError, match="2, 3 or 4 players"):
            GameConfig(players=players)
    with pytest.raises(ValueError, match="Partners play four-handed"):
        GameConfig(players=3, partners=True)
    with pytest.raises(ValueError, match="Five-card cribbage is a game for two"):
        GameConfig(players=3, five_card=True)
    with pytest.raises(ValueError):
        GameConfig(players=3, counting=(Counting.AUTOMATIC,) * 2)
    with pytest.raises(ValueError):
        GameConfig(target=0)
    with pytest.raises(ValueError):
        GameConfig(counting=(Counting.AUTOMATIC,))
    with pytest.raises(ValueError):
        GameConfig(target=61, skunk_line=91)


@pytest.mark.parametrize(
    "settings, message",
    [
        ({"players": 5}, "A game is for 2, 3 or 4 players, not 5."),
        ({"players": True}, "A game is for 2, 3 or 4 players, not True."),
        ({"players": 3, "partners": True}, "Partners play four-handed, two against two."),
        ({"players": 3, "five_card": True}, "Five-card cribbage is a game for two players."),
        ({"target": 0}, "A game is played to 1..1000 points, not 0."),
        ({"target": 1001}, "A game is played to 1..1000 points, not 1001."),
        ({"counting": (Counting.AUTOMATIC,)}, "Give a counting mode for each seat."),
        ({"target": 61, "skunk_line": 62}, "A skunk line must be 0..61, not 62."),
        ({"target": 61, "double_skunk_line": -1}, "A skunk line must be 0..61, not -1."),
    ],
)
def test_a_game_outside_the_rules_is_refused_in_a_sentence(
    settings: dict[str, object], message: str
) -> None:
    with pytest.raises(ValueError) as err:
        GameConfig(**settings)  # type: ignore[arg-type]  # the settings a caller might pass
    assert str(err.value) == message


def test_the_edges_of_the_rules_are_games() -> None:
    assert (GameConfig(target=1).target, GameConfig(target=1000).target) == (1, 1000)
    lines = GameConfig(target=61, skunk_line=61, double_skunk_line=0)
    assert (lines.skunk_below, lines.double_skunk_below) == (61, 0)


# --- the crib's flush rule in a game ----------------------------------------------------------


@pytest.mark.parametrize("counting", [Counting.AUTOMATIC, Counting.CLAIMED])
def test_a_crib_of_four_hearts_with_a_spade_turned_scores_nothing_in_the_show(
    counting: Counting,
) -> None:
    # A bug that counted the crib by the hand's flush rule would peg 4 here. A whole deal
    # from the discard: the pone lays away AH 3H, the dealer 7H QH; the 9S is turned. The
    # crib A-3-7-Q with the 9 has no fifteen, pair or run, and a crib's flush needs the
    # starter's suit too: 0. The pone's 9C 9D TS TC with the 9S: three nines and two tens,
    # 8; the dealer's 8C 8D KS KC: two pairs, 4. In the play (9C 8C 9D, go for the pone;
    # 8D TS KS, go for the dealer; TC KC, the last card) each pegs 1 and the dealer 1 more.
    config = GameConfig(counting=(Counting.AUTOMATIC, counting), muggins=True)
    state = new_game(config, seed=0, dealer=1)
    dealt = (
        tuple(sorted(parse_cards(["ah", "3h", "9c", "9d", "ts", "tc"]))),
        tuple(sorted(parse_cards(["7h", "qh", "8c", "8d", "ks", "kc"]))),
    )
    starter = Card.parse("9s")
    rest = [card for card in state.pack + state.hands[0] + state.hands[1] if card != starter]
    rest = [card for card in rest if card not in dealt[0] + dealt[1]]
    state = replace(state, hands=dealt, pack=(*rest[:10], starter, *rest[10:]))
    state, _ = apply(state, Discard(0, parse_cards(["ah", "3h"])))
    state, _ = apply(state, Discard(1, parse_cards(["7h", "qh"])))
    state, cut = apply(state, CutStarter(0, 10))
    assert state.starter == starter and not pegs(cut)
    state, events = play_cards(state, "9c 8c 9d 8d ts ks tc kc")
    if counting is Counting.CLAIMED:
        state, more = apply(state, Claim(1, 4))  # the dealer's hand, rightly
        events.extend(more)
        assert pending(state) == (1,)
        state, more = apply(state, Claim(1, 0))  # and its crib: nothing, and nothing missed
        events.extend(more)
        assert Claimed(1, 0, 0, True) in events
    shown = [(e.seat, e.crib, e.score.total) for e in events if isinstance(e, Shown)]
    assert shown == [(0, False, 8), (1, False, 4), (1, True, 0)]
    assert state.scores == (1 + 8, 2 + 4)
    assert state.phase is Phase.DISCARD and state.hand_number == 2


# --- what is legal ------------------------------------------------------------------------------


def edge_actions(state: GameState) -> list[Action]:
    """Actions of every kind for every seat and one seat past the last, legal or not, at the
    edges of each rule: cuts that leave three or four cards in a packet, each card held laid
    away alone, beside the next or twice, each card held and two not held played, and the
    counts -1, 0, 19, 29 and 30 claimed."""
    actions: list[Action] = []
    size = len(state.pack)
    for seat in range(state.config.players + 1):
        for position in (3, 4, size - 4, size - 3):
            actions += [CutForDeal(seat, position), CutStarter(seat, position)]
        held = state.hands[seat] if seat < len(state.hands) else ()
        for i, card in enumerate(held):
            actions += [Discard(seat, (card,)), Discard(seat, (card, card)), Play(seat, card)]
            actions += [Discard(seat, (card, other)) for other in held[i + 1 : i + 2]]
        actions += [Play(seat, card) for card in (DECK[0], DECK[51]) if card not in held]
        actions += [Claim(seat, points) for points in (-1, 0, 19, 29, 30)]
    return actions


@pytest.mark.parametrize(
    "config",
    [
        GameConfig(counting=(Counting.CLAIMED, Counting.CLAIMED)),
        GameConfig(players=3, counting=(Counting.CLAIMED,) * 3),
        GameConfig(players=4, partners=True, counting=(Counting.CLAIMED,) * 4),
        GameConfig(five_card=True, target=61, counting=(Counting.CLAIMED,) * 2),
    ],
    ids=["two", "three", "partners", "five-card"],
)
def test_what_is_legal_is_what_is_listed_and_the_rest_is_refused(config: GameConfig) -> None:
    rng = random.Random(7)
    for state, _, _, _ in play_random_game(new_game(config, seed=7), rng):
        listed = set(legal_actions(state))
        for action in edge_actions(state):
            assert is_legal(state, action) == (action in listed), action
            if action not in listed:
                with pytest.raises(CribbageError):
                    apply(state, action)


# --- what follows a card in the play --------------------------------------------------------------

N = NO_CARD  # a seat that holds no card


@pytest.mark.parametrize(
    "count, mover, least, single, turn",
    [
        # worked out from the rules: (new count, go or last-card point, new count?, next seat)
        (25, 0, (10, 4), False, (25, 0, False, 1)),  # seat 1 can play its four
        (28, 0, (2, 10), False, (28, 0, False, 0)),  # seat 1 says go, the mover plays on
        (25, 0, (10, 10), False, (0, 1, True, 1)),  # nobody can play: a go, seat 1 leads
        (20, 1, (N, N), False, (20, 1, False, -1)),  # the last card: the play is over
        (31, 0, (5, 5), False, (0, 0, True, 1)),  # thirty-one: no point, seat 1 leads
        (31, 1, (N, N), False, (0, 0, True, -1)),  # thirty-one with the last card: over
        (31, 1, (5, N), False, (0, 0, True, 0)),  # the seat with cards leads the new count
        (31, 0, (5, 5), True, (0, 0, True, -1)),  # five-card: the single count ends at 31
        (28, 0, (10, 10), True, (0, 1, True, -1)),  # five-card: the go ends the play
        (29, 2, (10, N, 10), False, (0, 1, True, 0)),  # three seats: seat 0 leads after the go
        (31, 0, (N, N, 3), False, (0, 0, True, 2)),  # three seats: 1 has none, 2 leads
        (27, 3, (N, 4, N, 5), False, (27, 0, False, 1)),  # four seats: 0 has none, 1 plays
        (27, 1, (N, 5, N, 4), False, (27, 0, False, 3)),  # 2 has none, 3 plays its four
    ],
)
def test_what_follows_a_card_in_the_play(
    count: int, mover: int, least: tuple[int, ...], single: bool, turn: tuple[int, int, bool, int]
) -> None:
    assert next_turn(count, mover, least, single) == turn
    if not single:  # one count after another unless said otherwise
        assert next_turn(count, mover, least) == turn
