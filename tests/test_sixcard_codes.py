"""Six-card Golf deal codes: format, options, round trips, determinism, errors."""

from __future__ import annotations

import pytest

from golfcards.errors import GolfError
from golfcards.shuffle import DEAL_COUNT
from golfcards.sixcard.codes import DealCode, keyed_number
from golfcards.sixcard.rules import SixCardRules
from golfcards.solitaire.deal import Deal as SolitaireDeal


@pytest.mark.parametrize(
    "text",
    [
        "G6-P2-AAAAAAB",
        "G6-P4-ZZZZZZZ",
        "G9-P3-HELLOAA-J2-F-R-D2-H5",
        "G4-P2-AAAAAAA-J1",
        "G8-P3-QWERTYU-R-H18",
        "G6-P2-AAAAAAB-D1",
    ],
)
def test_round_trip(text):
    assert str(DealCode.parse(text)) == text
    assert str(DealCode.parse(f"  {text.lower()} ")) == text


def test_options_land_in_the_rules():
    code = DealCode.parse("G9-P3-HELLOAA-R-J2-F-D2-H5")
    assert code.rules == SixCardRules(players=3, grid=9, jokers=2, final_turn=True, reshuffle_discard=True, holes=5)
    assert code.dealer == 1 and code.first_player == 2
    assert str(code) == "G9-P3-HELLOAA-J2-F-R-D2-H5"  # written in the documented order


def test_default_dealer_is_the_last_seat_so_seat_one_starts():
    code = DealCode.parse("G6-P3-AAAAAAB")
    assert code.dealer == 2 and code.first_player == 0


def test_same_code_same_deal_and_options_that_change_the_deal():
    first = DealCode.parse("G6-P2-ABCDEFG").deal()
    assert first == DealCode.parse("G6-P2-ABCDEFG-F-R").deal()  # play options leave the cards alone
    assert first != DealCode.parse("G6-P2-ABCDEFH").deal()
    assert first != DealCode.parse("G6-P2-ABCDEFG-J1").deal()
    assert first.grids[0] != DealCode.parse("G6-P3-ABCDEFG").deal().grids[1]


def test_the_deal_of_a_code_is_pinned():
    deal = DealCode.parse("G6-P2-AAAAAAB").deal()
    # Pinned so that a change of the shuffle or of the layout is noticed (codes must deal forever).
    assert len(deal.stock) == 39 and sorted(deal.cards) == list(range(52))
    assert [card.code for card in deal.grid_cards(0)] == PINNED_GRID


PINNED_GRID = ["5D", "QC", "7S", "4S", "2D", "KH"]


def test_sixcard_codes_do_not_deal_like_solitaire():
    sixcard = DealCode(1).deal().cards
    solitaire = tuple(card.index for card in SolitaireDeal.from_number(1).cards)
    assert sixcard[:20] != solitaire[:20]


def test_for_hole_derives_the_deal_from_the_key_and_moves_the_dealer():
    code = DealCode.parse("G6-P3-AAAAAAB")
    key = b"golfcards"
    assert code.for_hole(0, key) == code
    # Pinned (docs/sixcard-rules.md): a match key replays the same holes on every platform.
    assert [str(code.for_hole(hole, key)) for hole in (1, 2, 3)] == [
        "G6-P3-YMMWFSG-D1",
        "G6-P3-ITOUTKG-D2",
        "G6-P3-ZLBYEKB",
    ]
    assert code.for_hole(1, b"another key").number != code.for_hole(1, key).number
    assert all(0 <= keyed_number(bytes([k]), hole) < DEAL_COUNT for k in range(50) for hole in range(9))


@pytest.mark.parametrize(
    "text, key",
    [
        ("", "code.empty"),
        ("GO1-E-AAAAAAB", "sixcard.bad_code_prefix"),
        ("G7-P2-AAAAAAB", "sixcard.bad_code_prefix"),
        ("G6-AAAAAAB", "sixcard.code_too_short"),
        ("G6-P7-AAAAAAB", "sixcard.bad_players"),
        ("G6-P2-AAAAAA", "code.bad_deal_letters"),
        ("G6-P2-AAAAAAB-J3", "sixcard.bad_code_option"),
        ("G6-P2-AAAAAAB-F-F", "sixcard.bad_code_option"),
        ("G6-P2-AAAAAAB-D3", "sixcard.bad_code_option"),
        ("G6-P2-AAAAAAB-H0", "sixcard.bad_code_option"),
    ],
)
def test_bad_codes_say_what_is_wrong(text, key):
    with pytest.raises(GolfError) as error:
        DealCode.parse(text)
    assert error.value.key == key
