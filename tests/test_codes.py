"""Game codes and the deterministic deal: the same code deals the same cards forever."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from golfcards.cards import format_cards
from golfcards.errors import GolfError
from golfcards.shuffle import (
    DEAL_COUNT,
    SplitMix64,
    deal_seed,
    letters_to_number,
    number_to_letters,
    permutation,
)
from golfcards.solitaire import CLASSIC, EASY, STRICT, GameCode, RuleName, Rules
from golfcards.solitaire.deal import SOLITAIRE_STREAM, STARTING_ORDER, Deal


def test_deal_one_is_the_reference_deal(reference_deal):
    deal = GameCode.parse("GO1-E-AAAAAAB").deal()
    assert deal.to_json() == {
        "columns": reference_deal["columns"],
        "discard": reference_deal["discard"],
        "stock": reference_deal["stock"],
    }


def test_starting_order_is_the_reference_put_back_through_deal_ones_permutation(reference_deal):
    reference = [card for column in reference_deal["columns"] for card in column]
    reference += [reference_deal["discard"], *reference_deal["stock"]]
    order = permutation(52, deal_seed(SOLITAIRE_STREAM, 1))
    recomputed = [None] * 52
    for place, source in enumerate(order):
        recomputed[source] = reference[place]
    assert recomputed == [card.code for card in STARTING_ORDER]


# Pinned deals: if one of these changes, every saved code in the world deals other cards.
PINNED = {
    0: "TH KH 4D AC 6S 6D KC 2C JD JS 8C 7C QD JH 9S KS TC 7H 4S 7S 2D 3S JC QS KD 3C 9D QH 5D 8H 8D 5H TS 4H AD 2H AH 4C QC 5S AS 3D 3H 6H 9H 8S 2S 5C 9C 6C 7D TD",
    2: "QS 5H 4D JC JD 8D KD KS 7S QC TC AC 6H QH 7D 8H 8S 9C 6S AH AD 8C KH QD JH JS 4S TH 5S TD 9H KC 2H 5C 7C 3H TS 4C AS 2C 9S 7H 5D 2S 3C 6C 3S 9D 4H 3D 2D 6D",
    12345: "AS 7H 9D QC KS JC 5S 3S AH 9H 5H 3C 7C 8H 7S 2S QS TS TD KC JD JS 4C 8S 9C 3H QH TH KD AD JH 6H 9S AC 6D 5C 8D QD KH 2D 4H 5D TC 3D 4D 2H 6C 8C 4S 6S 7D 2C",
    DEAL_COUNT
    - 1: "KH 9H 8S AS JS 9S 7C 6C 5H 7D TH 3H 2H AC 4C QC 7S 4S 5C 2C 7H 9D 6H 8D QD TS 8C JD JH 9C 5D 5S 4D 3S QS JC 6D 2D QH KS 6S KC AD TC 4H 3C 8H TD 2S KD AH 3D",
}


@pytest.mark.parametrize("number", sorted(PINNED))
def test_pinned_deals_never_change(number):
    assert format_cards(Deal.from_number(number).cards) == PINNED[number]


def test_splitmix64_reference_outputs():
    # First outputs for seed 1234567, as published with the algorithm (Vigna's splitmix64.c).
    generator = SplitMix64(1234567)
    assert [generator.next64() for _ in range(3)] == [
        6457827717110365317,
        3203168211198807973,
        9817491932198370423,
    ]


def test_below_is_in_range_and_covers_it():
    generator = SplitMix64(7)
    seen = {generator.below(6) for _ in range(600)}
    assert seen == set(range(6))


def test_easy_classic_and_strict_with_the_same_letters_deal_the_same_cards():
    easy = GameCode.parse("GO1-E-QWERTYU").deal()
    assert GameCode.parse("GO1-C-QWERTYU").deal() == easy
    assert GameCode.parse("GO1-S-QWERTYU").deal() == easy


def test_n_is_read_as_easy_and_written_as_e():
    code = GameCode.parse("GO1-N-AAAAAAB")
    assert code.rules == EASY
    assert str(code) == "GO1-E-AAAAAAB"


@pytest.mark.parametrize("text", [" go1-e-aaaaaab ", "GO1-e-AaAaAaB", "\tGO1-E-AAAAAAB\n"])
def test_codes_are_forgiving_of_case_and_spaces(text):
    assert str(GameCode.parse(text)) == "GO1-E-AAAAAAB"


@pytest.mark.parametrize(
    "text, key",
    [
        ("", "code.empty"),
        ("GO2-E-AAAAAAB", "code.bad_prefix"),
        ("hello", "code.bad_prefix"),
        ("GO1-E", "code.too_short"),
        ("GO1-X-AAAAAAB", "code.bad_rule"),
        ("GO1-E-AAAAAB", "code.bad_deal_letters"),
        ("GO1-E-AAAAAAB1", "code.bad_deal_letters"),
        ("GO1-E-AAAA AAB", "code.bad_deal_letters"),
        ("GO1-E-AAAAAAB-J3", "code.bad_option"),
        ("GO1-E-AAAAAAB-J1-J2", "code.bad_option"),
        ("GO1-E-AAAAAAB-T-T", "code.bad_option"),
    ],
)
def test_bad_codes_name_what_is_wrong(text, key):
    with pytest.raises(GolfError) as caught:
        GameCode.parse(text)
    assert caught.value.key == key


def test_variant_codes_round_trip_and_deal_their_variant():
    code = GameCode.parse("GO1-C-ABCDEFG-J2-ND-T")
    assert code.rules == Rules(RuleName.CLASSIC, jokers=2, empty_discard=True)
    assert code.course
    assert str(code) == "GO1-C-ABCDEFG-J2-ND-T"
    deal = code.deal()
    assert deal.discard is None
    assert len(deal.stock) == 52 + 2 - 35
    assert sum(card.is_joker for card in deal.cards) == 2


def test_empty_discard_keeps_the_same_card_order():
    plain = GameCode.parse("GO1-E-ABCDEFG").deal()
    empty = GameCode.parse("GO1-E-ABCDEFG-ND").deal()
    assert empty.columns == plain.columns
    assert empty.stock == (plain.discard, *plain.stock)


def test_number_letters_bounds():
    assert number_to_letters(0) == "AAAAAAA"
    assert number_to_letters(DEAL_COUNT - 1) == "ZZZZZZZ"
    with pytest.raises(GolfError):
        number_to_letters(DEAL_COUNT)
    with pytest.raises(GolfError):
        GameCode(-1)


@given(
    st.integers(min_value=0, max_value=DEAL_COUNT - 1),
    st.sampled_from([EASY, CLASSIC, STRICT]),
    st.integers(0, 2),
    st.booleans(),
    st.booleans(),
)
def test_every_code_round_trips_and_deals_a_whole_deck(number, base, jokers, empty_discard, course):
    code = GameCode(number, base.with_options(jokers=jokers, empty_discard=empty_discard), course)
    assert GameCode.parse(str(code)) == code
    assert GameCode.parse(str(code).lower()) == code
    assert letters_to_number(code.letters) == number
    deal = code.deal()
    assert len(set(deal.cards)) == len(deal.cards) == 52 + jokers
    assert all(len(column) == 5 for column in deal.columns)
    assert len(deal.stock) == 16 + jokers + empty_discard


def test_a_rules_key_names_a_rule_set_and_reads_back():
    from golfcards.solitaire.codes import parse_rules_key, rules_key

    for name in RuleName:
        for jokers in (0, 1, 2):
            for empty in (False, True):
                rules = Rules(name, jokers, empty)
                key = rules_key(rules)
                assert parse_rules_key(key) == rules and parse_rules_key(key.lower()) == rules
                assert str(GameCode(5, rules)) == f"GO1-{key[0]}-AAAAAAF{key[1:]}"
    assert rules_key(Rules(RuleName.CLASSIC, 2, True)) == "C-J2-ND"
    for bad, problem in [
        ("X", "code.bad_rule"),
        ("E-T", "code.bad_option"),
        ("E-J1-J2", "code.bad_option"),
        ("", "code.empty"),
    ]:
        with pytest.raises(GolfError) as error:
            parse_rules_key(bad)
        assert error.value.key == problem


def test_rule_words_are_read_in_one_place():
    assert [name.word for name in RuleName] == ["easy", "classic", "strict"]
    assert all(RuleName.from_word(name.word) is name for name in RuleName)
    assert RuleName.from_word("Easy") is None and RuleName.from_word(["easy"]) is None
