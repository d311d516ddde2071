"""Choosing cards with keys, as a pure state machine: no screen, no game."""

from __future__ import annotations

from collections.abc import Iterable

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from cribbage.cards import DECK, parse_cards
from cribbage.ui.choosing import Choice, Chosen, step
from cribbage.ui.keys import (
    BACKSPACE,
    DOWN,
    END,
    ENTER,
    ESCAPE,
    F1,
    HOME,
    LEFT,
    PAGE_UP,
    REDRAW,
    RESIZE,
    RIGHT,
    UP,
)

HAND = parse_cards(["5h", "jd", "kc", "2s", "5c", "9d"])


def press(state: Choice, keys: Iterable[str]) -> tuple[Choice, list[Chosen], list[str]]:
    """Feed `keys` in turn; the state at the end, every choice made and every message."""
    made: list[Chosen] = []
    said: list[str] = []
    for key in keys:
        state, chosen, message = step(state, key)
        if chosen is not None:
            made.append(chosen)
        if message is not None:
            said.append(message)
    return state, made, said


def test_the_cursor_starts_on_the_first_choosable_card_and_skips_the_others() -> None:
    state = Choice.start(HAND, frozenset({HAND[1], HAND[3], HAND[5]}), 1)
    assert state.cursor == 1
    assert press(state, [RIGHT])[0].cursor == 3
    assert press(state, [LEFT])[0].cursor == 5  # wrapping round
    assert press(state, ["l", "l", "l"])[0].cursor == 1
    assert press(state, [END])[0].cursor == 5
    assert press(state, [END, HOME])[0].cursor == 1


def test_one_card_is_chosen_with_space_or_enter() -> None:
    state = Choice.start(HAND, frozenset(HAND), 1)
    assert press(state, [RIGHT, " "])[1] == [Chosen((HAND[1],))]
    assert press(state, [ENTER])[1] == [Chosen((HAND[0],))]


def test_two_are_chosen_taken_back_and_laid_away_with_enter() -> None:
    state = Choice.start(HAND, frozenset(HAND), 2)
    state, made, _ = press(state, [" "])
    assert state.chosen == (HAND[0],) and state.cursor == 1  # the cursor moves on
    state, made, _ = press(state, [" ", LEFT, " "])
    assert state.chosen == (HAND[1],) and not made  # the first taken back
    state, made, _ = press(state, [RIGHT, RIGHT, RIGHT, " "])
    assert state.chosen == (HAND[1], HAND[3]) and not made
    state, made, said = press(state, [RIGHT, " "])
    assert state.chosen == (HAND[1], HAND[3]) and not made
    assert said == ["Two are chosen: Enter lays them away, space takes one back."]
    assert press(state, [ENTER])[1] == [Chosen((HAND[1], HAND[3]))]
    assert press(state, [ESCAPE])[0].chosen == ()


def test_a_typed_card_moves_the_cursor_and_enter_chooses_it() -> None:
    state = Choice.start(HAND, frozenset(HAND), 1)
    state, made, _ = press(state, "9d")
    assert state.card == HAND[5] and state.typed == "9d" and not made
    assert press(state, [ENTER])[1] == [Chosen((HAND[5],))]
    state, made, _ = press(Choice.start(HAND, frozenset(HAND), 1), [*"nine of", " ", *"d", ENTER])
    assert made == [Chosen((HAND[5],))]


def test_typing_is_corrected_with_backspace_and_escape() -> None:
    state = Choice.start(HAND, frozenset(HAND), 2)
    state, _, _ = press(state, [*"9x", BACKSPACE])
    assert state.typed == "9"
    state, _, _ = press(state, [ESCAPE])
    assert state.typed == "" and state.chosen == ()


def test_a_typed_card_not_in_the_hand_is_one_sentence() -> None:
    state, made, said = press(Choice.start(HAND, frozenset(HAND), 1), [*"7h", ENTER])
    assert not made and said == ["You don't have the seven of hearts."]  # as any screen says
    assert state.typed == ""


def test_a_suit_right_after_j_or_k_names_that_jack_or_king() -> None:
    state = Choice.start(HAND, frozenset(HAND), 1)
    for typed, card in (
        ("jd", HAND[1]),
        ("kc", HAND[2]),
        ("Kc", HAND[2]),
        ("jack", HAND[1]),
    ):
        named, _, _ = press(state, [*typed])
        assert named.card == card
        assert press(named, [ENTER])[1] == [Chosen((card,))]
    _, made, said = press(state, [*"jh", ENTER])  # no jack of hearts: said, not moved on
    assert not made and said == ["You don't have the jack of hearts."]


def test_a_capital_j_or_k_names_the_jack_or_king_held() -> None:
    state = Choice.start(HAND, frozenset(HAND), 1)
    king, _, _ = press(state, ["K"])
    assert king.card == HAND[2] and king.typed == "K"
    assert press(state, ["J", ENTER])[1] == [Chosen((HAND[1],))]
    hand = parse_cards(["3c", "5s", "kc", "kd"])
    two = Choice.start(hand, frozenset(hand), 1)
    _, made, said = press(two, ["K", ENTER])
    assert not made
    assert said == ["Which king do you mean, of clubs or diamonds? Type its suit too, as in kc."]
    assert press(two, [*"Kd", ENTER])[1] == [Chosen((hand[3],))]


def test_a_lone_l_moves_and_enter_chooses_where_it_went() -> None:
    state = Choice.start(HAND, frozenset(HAND), 1)
    moved = press(state, ["l"])[0]
    assert moved.cursor == 1 and moved.typed == ""
    assert press(state, ["l", ENTER])[1] == [Chosen((HAND[1],))]


def test_a_rank_held_twice_waits_for_its_suit() -> None:
    state, _, said = press(Choice.start(HAND, frozenset(HAND), 1), ["5", ENTER])
    assert said == ["Which five do you mean, of clubs or hearts? Type its suit too, as in 5c."]
    state, made, _ = press(state, ["5", "c", ENTER])
    assert made == [Chosen((HAND[4],))]


def test_a_q_starts_a_queen_whatever_was_typed() -> None:
    hand = parse_cards(["qh", "5c", "6d"])
    state, _, _ = press(Choice.start(hand, frozenset(hand), 1), ["5", "q", "h"])
    assert state.typed == "qh" and state.card == hand[0]


def test_a_typed_card_that_cannot_be_played_is_chosen_for_the_rules_to_refuse() -> None:
    state = Choice.start(HAND, frozenset(HAND[1:]), 1)
    state, made, _ = press(state, "5h")
    assert not made
    assert state.card != HAND[0]  # the cursor stays on a playable card
    assert press(state, [ENTER])[1] == [Chosen((HAND[0],))]


def test_other_keys_do_nothing() -> None:
    state = Choice.start(HAND, frozenset(HAND), 2)
    for key in (F1, PAGE_UP, REDRAW, RESIZE, "KEY_999", "\x01", "\t"):
        assert step(state, key) == (state, None, None)


def test_start_needs_a_card_to_choose() -> None:
    with pytest.raises(ValueError, match="no card"):
        Choice.start(HAND, frozenset(), 1)
    with pytest.raises(ValueError, match="Cannot choose"):
        Choice.start(HAND, frozenset(HAND), 7)


KEYS = st.one_of(
    st.sampled_from(
        [ENTER, " ", LEFT, RIGHT, UP, DOWN, HOME, END, BACKSPACE, ESCAPE, F1, PAGE_UP, "KEY_1"]
    ),
    st.sampled_from(list("hjklqQcdhs0123456789tjqkaAKJ ?of")),
    st.characters(),
    st.text(max_size=3),
)


@st.composite
def choices(draw: st.DrawFn) -> Choice:
    hand = tuple(draw(st.lists(st.sampled_from(DECK), min_size=1, max_size=6, unique=True)))
    choosable = draw(st.sets(st.sampled_from(hand), min_size=1))
    want = draw(st.integers(1, min(2, len(hand))))
    return Choice.start(hand, frozenset(choosable), want)


@given(choices(), st.lists(KEYS, max_size=40))
def test_any_keys_keep_the_cursor_and_the_chosen_cards_choosable(
    state: Choice, keys: list[str]
) -> None:
    for key in keys:
        state, chosen, message = step(state, key)  # never raises
        assert state.hand[state.cursor] in state.choosable
        assert len(state.chosen) <= state.want and len(set(state.chosen)) == len(state.chosen)
        assert set(state.chosen) <= state.choosable
        if chosen is not None:
            assert len(chosen.cards) == state.want
            assert all(card in state.hand for card in chosen.cards)
            if state.want > 1:
                assert set(chosen.cards) <= state.choosable
        assert message is None or (message.endswith((".", "?")) and "\n" not in message)


# -- the keypad (--keypad) ------------------------------------------------------------------


def keypad(state: Choice, keys: Iterable[str]) -> tuple[Choice, list[Chosen], list[str]]:
    """`press`, with the keypad's digits standing for keys."""
    made: list[Chosen] = []
    said: list[str] = []
    for key in keys:
        state, chosen, message = step(state, key, keypad=True)
        if chosen is not None:
            made.append(chosen)
        if message is not None:
            said.append(message)
    return state, made, said


def test_with_the_keypad_4_and_6_move_2_chooses_and_8_lays_the_two_away() -> None:
    state = Choice.start(HAND, frozenset(HAND), 2)
    assert keypad(state, "6")[0].cursor == 1 and keypad(state, "4")[0].cursor == 5
    assert keypad(state, "1")[0].cursor == 5 and keypad(state, "17")[0].cursor == 0
    state, made, _ = keypad(state, "66262")
    assert state.chosen == (HAND[2], HAND[4]) and made == []
    assert keypad(state, "8")[1] == [Chosen((HAND[2], HAND[4]))]
    state, _, _ = keypad(state, "442")  # 2 on a chosen card takes it back
    assert state.chosen == (HAND[4],)


def test_with_the_keypad_one_card_is_played_with_2_or_8_or_the_centre() -> None:
    state = Choice.start(HAND, frozenset(HAND), 1)
    assert keypad(state, "62")[1] == [Chosen((HAND[1],))]
    assert keypad(state, "668")[1] == [Chosen((HAND[2],))]
    assert keypad(state, "5")[1] == [Chosen((HAND[0],))]


def test_with_the_keypad_cards_are_chosen_by_moving_only() -> None:
    state = Choice.start(HAND, frozenset(HAND), 1)
    for typed in ("9d", "kc", "qs", "ah", "td", "j", "k", "0", "3", "9"):  # 2 4 5 6 8 are keys
        moved, made, said = keypad(state, typed)
        assert made == [] and said == [] and moved.typed == ""
    assert keypad(state, "k")[0].cursor == 1  # k moves (it names no king)
    assert keypad(state, "l")[0].cursor == 1 and keypad(state, "h")[0].cursor == 5


@given(choices(), st.lists(KEYS, max_size=40))
def test_any_keys_on_the_keypad_keep_the_choice_sound_and_type_nothing(
    state: Choice, keys: list[str]
) -> None:
    for key in keys:
        state, chosen, message = step(state, key, keypad=True)  # never raises
        assert state.typed == ""
        assert state.hand[state.cursor] in state.choosable
        assert set(state.chosen) <= state.choosable and len(state.chosen) <= state.want
        if chosen is not None:
            assert len(chosen.cards) == state.want and set(chosen.cards) <= state.choosable
        assert message is None or message.endswith(".")


@given(choices(), st.lists(st.sampled_from(["h", "j", "k", "l"]), min_size=1, max_size=8))
def test_h_j_k_l_always_move_as_the_arrows_do_whatever_the_hand(
    state: Choice, letters: list[str]
) -> None:
    """Every h j k l moves, but an h right after a j or k: that is the suit of a jack or
    king (jh, kh), as any suit letter is there."""
    assume("jh" not in "".join(letters) and "kh" not in "".join(letters))
    arrows = {"h": LEFT, "j": LEFT, "k": RIGHT, "l": RIGHT}
    moved, made, said = press(state, letters)
    by_arrows, _, _ = press(state, [arrows[letter] for letter in letters])
    assert moved.cursor == by_arrows.cursor and not made and not said
    if state.want == 1:  # Enter then chooses the card under the cursor, a jack or king or not
        assert press(moved, [ENTER])[1] == [Chosen((moved.card,))]
