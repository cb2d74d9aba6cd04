import pytest

from golfcards.cards import (
    FULL_DECK,
    JOKERS,
    Card,
    Joker,
    Rank,
    Suit,
    card_from_index,
    format_cards,
    parse_card,
    parse_cards,
)
from golfcards.errors import GolfError


@pytest.mark.parametrize(
    "text, expected",
    [
        ("TS", Card(Rank.TEN, Suit.SPADES)),
        ("10S", Card(Rank.TEN, Suit.SPADES)),
        ("10♠", Card(Rank.TEN, Suit.SPADES)),
        ("T♠", Card(Rank.TEN, Suit.SPADES)),
        ("8C", Card(Rank.EIGHT, Suit.CLUBS)),
        (" 8c ", Card(Rank.EIGHT, Suit.CLUBS)),
        ("8♣", Card(Rank.EIGHT, Suit.CLUBS)),
        ("ah", Card(Rank.ACE, Suit.HEARTS)),
        ("K♦", Card(Rank.KING, Suit.DIAMONDS)),
        ("Q♡", Card(Rank.QUEEN, Suit.HEARTS)),
        ("X1", Joker(1)),
        ("x2", Joker(2)),
        ("🃏2", Joker(2)),
    ],
)
def test_parse_card_accepts_both_notations(text, expected):
    assert parse_card(text) == expected


@pytest.mark.parametrize(
    "text, key",
    [
        ("", "card.empty"),
        ("   ", "card.empty"),
        ("1S", "card.bad_rank"),
        ("11H", "card.bad_rank"),
        ("TX", "card.bad_suit"),
        ("T", "card.bad_suit"),
        ("X3", "card.bad_joker"),
    ],
)
def test_parse_card_rejects_bad_input_with_a_key(text, key):
    with pytest.raises(GolfError) as caught:
        parse_card(text)
    assert caught.value.key == key
    assert isinstance(caught.value, ValueError)


def test_parse_card_rejects_non_text():
    with pytest.raises(GolfError) as caught:
        parse_card(10)  # type: ignore[arg-type]
    assert caught.value.key == "card.not_text"


def test_formatting_round_trips_every_card():
    for card in FULL_DECK + JOKERS:
        assert parse_card(card.code) == card
        assert parse_card(card.symbol) == card
        assert card_from_index(card.index) == card


def test_ten_is_t_in_two_letter_and_10_in_symbol_form():
    ten = Card(Rank.TEN, Suit.SPADES)
    assert (ten.code, ten.symbol, str(ten)) == ("TS", "10♠", "TS")


def test_full_deck_has_52_distinct_cards_in_new_deck_order():
    assert len(set(FULL_DECK)) == 52
    assert [card.index for card in FULL_DECK] == list(range(52))
    assert FULL_DECK[0].code == "AC" and FULL_DECK[-1].code == "KS"


def test_parse_and_format_lists():
    cards = parse_cards("9S, KD 2C")
    assert format_cards(cards) == "9S KD 2C"
    assert format_cards(cards, symbols=True) == "9♠ K♦ 2♣"


def test_cards_are_immutable_and_hashable():
    card = Card(Rank.ACE, Suit.CLUBS)
    with pytest.raises(AttributeError):
        card.rank = Rank.TWO  # type: ignore[misc]
    assert len({card, Card(Rank.ACE, Suit.CLUBS)}) == 1


def test_bad_index_is_refused():
    with pytest.raises(GolfError):
        card_from_index(54)
