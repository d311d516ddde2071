from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cribbage.cards import DECK, Card, Rank, Suit, format_cards, parse_cards
from cribbage.errors import AmbiguousCardError, CardNotInHandError, InvalidCardError

FIVE_H = Card(Rank.FIVE, Suit.HEARTS)


@pytest.mark.parametrize(
    "text, expected",
    [
        ("5h", FIVE_H),
        ("5H", FIVE_H),
        ("5 h", FIVE_H),
        ("five of hearts", FIVE_H),
        ("Five Hearts", FIVE_H),
        ("5\u2665", FIVE_H),
        ("th", Card(Rank.TEN, Suit.HEARTS)),
        ("10h", Card(Rank.TEN, Suit.HEARTS)),
        ("ten of clubs", Card(Rank.TEN, Suit.CLUBS)),
        ("king diamonds", Card(Rank.KING, Suit.DIAMONDS)),
        ("k of d", Card(Rank.KING, Suit.DIAMONDS)),
        ("  AS ", Card(Rank.ACE, Suit.SPADES)),
        ("ace of spades", Card(Rank.ACE, Suit.SPADES)),
        ("jack club", Card(Rank.JACK, Suit.CLUBS)),
        ("Q S", Card(Rank.QUEEN, Suit.SPADES)),
    ],
)
def test_parse_accepts_what_players_type(text: str, expected: Card) -> None:
    assert Card.parse(text) == expected


@pytest.mark.parametrize("text", ["6x", "", "11h", "zz", "five of", "of hearts", "5 h d", "0c"])
def test_parse_rejects_text_that_names_no_card(text: str) -> None:
    with pytest.raises(InvalidCardError) as info:
        Card.parse(text)
    if text:
        assert text in str(info.value)


def test_a_rank_alone_needs_a_hand_and_must_name_one_card() -> None:
    hand = parse_cards(["5h", "5c", "kd", "2s"])
    assert Card.parse("k", hand) == Card(Rank.KING, Suit.DIAMONDS)
    assert Card.parse("two", hand) == Card(Rank.TWO, Suit.SPADES)
    with pytest.raises(AmbiguousCardError, match="five do you mean, of clubs or hearts"):
        Card.parse("5", hand)
    with pytest.raises(CardNotInHandError, match="no queen"):
        Card.parse("q", hand)
    with pytest.raises(CardNotInHandError, match="the six of hearts"):
        Card.parse("6h", hand)
    with pytest.raises(InvalidCardError, match="no suit"):
        Card.parse("k")


def test_names_and_reprs() -> None:
    card = Card(Rank.TEN, Suit.DIAMONDS)
    assert str(card) == "TD"
    assert str(Card(Rank.KING, Suit.CLUBS)) == "KC"
    assert card.long_name == "TEN of DIAMONDS"
    assert repr(FIVE_H) == "Card(Rank.FIVE, Suit.HEARTS)"
    assert eval(repr(FIVE_H)) == FIVE_H
    assert format_cards([FIVE_H, card]) == "5H TD"


def test_the_deck() -> None:
    assert len(DECK) == 52 == len(set(DECK))
    assert [card.index for card in DECK] == list(range(52))
    assert sum(card.value for card in DECK) == 4 * (1 + 2 + 3 + 4 + 5 + 6 + 7 + 8 + 9 + 40)
    assert sorted(DECK) == list(DECK)


@given(st.sampled_from(DECK))
def test_every_card_reads_back_from_its_names(card: Card) -> None:
    assert Card.parse(str(card)) == card
    assert Card.parse(str(card).lower()) == card
    assert Card.parse(card.long_name) == card
    assert Card.from_index(card.index) is card
    assert hash(card) == hash(Card(card.rank, card.suit))


def test_parse_cards_rejects_duplicates() -> None:
    with pytest.raises(InvalidCardError, match="5H is named twice"):
        parse_cards(["5h", "five of hearts"])
