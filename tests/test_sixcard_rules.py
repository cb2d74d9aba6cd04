"""Six-card Golf rules: values, columns, turns, the end of a hole, the seed's worked example, matches."""

from __future__ import annotations

import pytest

from golfcards.cards import parse_card, parse_cards
from golfcards.errors import GolfError
from golfcards.sixcard.actions import DiscardDrawn, DrawStock, Reveal, Swap, TakeDiscard
from golfcards.sixcard.codes import DealCode
from golfcards.sixcard.deal import SixCardDeal
from golfcards.sixcard.match import Match, winners
from golfcards.sixcard.rules import SixCardRules
from golfcards.sixcard.scoring import card_value, parse_grid, score_grid
from golfcards.sixcard.state import EndReason, HoleState, Phase, Refusal


def indexes(text: str) -> list[int]:
    return [card.index for card in parse_cards(text)]


def table(
    mine: str,
    theirs: str,
    stock: str,
    discard: str = "5S",
    *,
    face_down_mine=(4,),
    face_down_theirs=(0, 1, 2, 3, 4, 5),
    rules: SixCardRules | None = None,
) -> HoleState:
    """A two-player hole in the middle of play, seat 0 to draw; ``stock`` is listed in draw order."""
    grids = [indexes(mine), indexes(theirs)]
    face_up = [[p not in face_down_mine for p in range(6)], [p not in face_down_theirs for p in range(6)]]
    return HoleState(
        rules or SixCardRules(),
        grids,
        face_up,
        indexes(discard),
        list(reversed(indexes(stock))),
        dealer=1,
        phase=Phase.DRAW,
        current=0,
    )


# --- values and columns -------------------------------------------------------------------------


@pytest.mark.parametrize(
    "card, value", [("AS", 1), ("2H", -2), ("3C", 3), ("TD", 10), ("JS", 10), ("QH", 10), ("KC", 0), ("X1", -2)]
)
def test_card_values(card, value):
    assert card_value(parse_card(card)) == value


def test_seed_worked_example_before_the_swap_is_15():
    cards, columns = parse_grid("9S KD 2C / 9H QC 7D")
    score = score_grid(cards, columns)
    assert [column.points for column in score.columns] == [0, 10, 5]
    assert score.total == 15


def test_seed_worked_example_blind_swap_scores_5_and_ends_the_hole_at_once():
    state = table("9S KD 2C 9H QC 7D", "3S 4S 5H 6S 7S 8S", stock="KC 2D 3D")
    assert state.apply(DrawStock(), 0) is None
    assert state.holding == parse_card("KC").index
    assert state.apply(Swap(4), 0) is None  # the Q♣ position, chosen blind
    assert state.is_terminal() and state.end is EndReason.WENT_OUT
    assert state.went_out == 0
    assert state.points()[0] == 5  # 0 + 0 + 5: 10 saved
    assert state.returns()[0] == -5  # OpenSpiel's sign: higher is better
    assert state.discard_top == parse_card("QC")  # the queen went face up onto the discard
    assert state.legal_actions(1) == []  # no extra turn for anybody
    assert state.history == [(0, DrawStock()), (0, Swap(4))]
    assert state.apply(DrawStock(), 1) is Refusal.HOLE_OVER


@pytest.mark.parametrize(
    "grid, total",
    [
        ("2S 5H 6C / 2H 7D 8S", 0 + 12 + 14),  # a pair of 2s is worth 0, not -4
        ("5S 5H 6C / 7H 8D 9S", 12 + 13 + 15),  # equal cards in a row do not cancel
        ("5S 7H 6C / 7D 5D 9S", 12 + 12 + 15),  # nor on a diagonal
        ("KS QH JC / KH QD JD", 0),  # every column a pair
        ("X1 3H / X2 3D", 0),  # jokers pair with jokers
        ("X1 4H / 2S 5D", -4 + 9),  # a joker does not pair with a 2
        ("AS 2C / 4D 3H", 5 + 1),  # the 2 × 2 grid
        ("4S 9H 2C / 4H 9D 2D / 4D 9C 5S", 0 + 0 + 1),  # 3 × 3: two 2s alone do not cancel
    ],
)
def test_column_scoring(grid, total):
    cards, columns = parse_grid(grid)
    assert score_grid(cards, columns).total == total


def test_three_by_three_cancels_only_three_of_a_rank():
    cards, columns = parse_grid("9S 4H 2C / 9H 4D 2D / 9D 5D 2H")
    assert [c.points for c in score_grid(cards, columns).columns] == [0, 13, 0]


def test_grid_shape_and_duplicates_are_refused():
    with pytest.raises(GolfError) as error:
        parse_grid("9S KD 2C / 9H QC")
    assert error.value.key == "sixcard.bad_grid_shape"
    with pytest.raises(GolfError) as error:
        parse_grid("9S KD / 9S QC")
    assert error.value.key == "sixcard.duplicate_card"


# --- the deal and the reveals -------------------------------------------------------------------


def test_four_players_deal_24_cards_1_discard_27_stock():
    rules = SixCardRules(players=4)
    deal = DealCode(12345, rules).deal()
    assert [len(grid) for grid in deal.grids] == [6, 6, 6, 6]
    assert len(deal.stock) == 27 and rules.stock_size == 27
    assert sorted(deal.cards) == list(range(52))


def test_everyone_turns_up_two_cards_in_any_order_then_left_of_dealer_starts():
    state = HoleState.from_code("G6-P3-AAAAAAC-D2")  # dealer is seat 2 (index 1): seat 3 starts
    assert state.first_player == 2 and state.phase is Phase.REVEAL
    assert state.to_act == (2, 0, 1)
    assert state.apply(Reveal(0), 1) is None  # anyone may turn up their cards meanwhile
    assert state.apply(Reveal(0), 1) is Refusal.ALREADY_FACE_UP
    assert state.apply(DrawStock(), 1) is Refusal.REVEAL_FIRST
    assert state.apply(Reveal(9), 1) is Refusal.NO_SUCH_POSITION
    for seat, position in [(1, 5), (0, 1), (0, 2), (2, 3), (2, 4)]:
        assert state.apply(Reveal(position), seat) is None
    assert state.apply(Reveal(3), 0) is Refusal.NOT_YOUR_TURN
    assert state.phase is Phase.DRAW and state.current_player == 2
    assert [sum(flags) for flags in state.face_up] == [2, 2, 2]


# --- a turn ---------------------------------------------------------------------------------------


def test_the_discard_must_be_swapped_and_a_drawn_card_may_replace_a_face_up_card():
    state = table("9S KD 2C 9H QC 7D", "3S 4S 5H 6S 7S 8S", stock="KC 2D 3D", discard="AH", face_down_mine=(3, 4))
    assert state.apply(DiscardDrawn(), 0) is Refusal.NOTHING_DRAWN
    assert state.apply(Reveal(3), 0) is Refusal.ALREADY_REVEALED  # no turning up instead of drawing
    assert state.apply(TakeDiscard(5), 0) is None  # take the A♥ onto the 7♦
    assert state.grid_cards(0)[5] == parse_card("AH") and state.discard_top == parse_card("7D")
    assert state.apply(DrawStock(), 0) is Refusal.NOT_YOUR_TURN
    assert state.apply(DrawStock(), 1) is None
    assert state.apply(TakeDiscard(0), 1) is Refusal.PLACE_DRAWN_CARD
    assert state.apply(Swap(2), 1) is None  # replaces a face-down card
    assert state.discard_top == parse_card("5H") and state.face_up[1][2]


def test_discarding_a_drawn_card_turns_nothing_up():
    state = table("9S KD 2C 9H QC 7D", "3S 4S 5H 6S 7S 8S", stock="KC 2D 3D")
    state.apply(DrawStock(), 0)
    state.apply(DiscardDrawn(), 0)
    assert state.discard_top == parse_card("KC")
    assert state.face_up[0] == [True, True, True, True, False, True]
    assert state.current_player == 1


def test_stock_exhaustion_ends_and_scores_the_hole_without_reshuffle():
    state = table("9S KD 2C 9H QC 7D", "3S 4S 5H 6S 7S 8S", stock="KC 2D")
    for seat in (0, 1):
        state.apply(DrawStock(), seat)
        state.apply(DiscardDrawn(), seat)
    assert state.is_terminal() and state.end is EndReason.STOCK_EMPTY
    assert state.points() == (15, 33)


def test_reshuffle_house_rule_turns_the_discard_into_a_new_stock():
    rules = SixCardRules(reshuffle_discard=True)
    state = table("9S KD 2C 9H QC 7D", "3S 4S 5H 6S 7S 8S", stock="KC 2D", discard="5C 6C", rules=rules)
    for seat in (0, 1):
        state.apply(DrawStock(), seat)
        state.apply(DiscardDrawn(), seat)
    assert not state.is_terminal() and state.reshuffles == 1
    assert state.discard_top == parse_card("2D") and state.stock_count == 3
    assert sorted(state.stock) == sorted(indexes("5C 6C KC"))


def test_final_turn_house_rule_gives_the_others_one_more_turn():
    rules = SixCardRules(final_turn=True)
    state = table("9S KD 2C 9H QC 7D", "3S 4S 5H 6S 7S 8S", stock="KC 2D 3D", rules=rules)
    state.apply(DrawStock(), 0)
    state.apply(Swap(4), 0)
    assert not state.is_terminal() and state.went_out == 0 and state.current_player == 1
    state.apply(TakeDiscard(0), 1)
    assert state.is_terminal() and state.end is EndReason.WENT_OUT


def test_bad_seats_and_non_actions_are_refused():
    state = table("9S KD 2C 9H QC 7D", "3S 4S 5H 6S 7S 8S", stock="KC 2D 3D")
    assert state.apply(DrawStock(), 7) is Refusal.NO_SUCH_SEAT
    assert state.apply("draw", 0) is Refusal.NOT_AN_ACTION  # type: ignore[arg-type]
    assert state.apply(TakeDiscard(-1), 0) is Refusal.NO_SUCH_POSITION
    assert state.apply(Swap(1)) is Refusal.NOTHING_DRAWN  # the current player by default


# --- options and matches --------------------------------------------------------------------------


@pytest.mark.parametrize(
    "changes, key",
    [
        ({"players": 7}, "sixcard.bad_players"),
        ({"grid": 7}, "sixcard.bad_grid"),
        ({"jokers": 3}, "sixcard.bad_jokers"),
        ({"holes": 0}, "sixcard.bad_holes"),
    ],
)
def test_rules_are_checked(changes, key):
    with pytest.raises(GolfError) as error:
        SixCardRules(**changes)
    assert error.value.key == key


@pytest.mark.parametrize("grid, shape, up", [(4, (2, 2), 2), (6, (2, 3), 2), (8, (2, 4), 2), (9, (3, 3), 3)])
def test_grid_sizes(grid, shape, up):
    rules = SixCardRules(players=4, grid=grid, jokers=2)
    assert (rules.rows, rules.columns) == shape and rules.initial_face_up == up
    deal = SixCardDeal.from_number(7, rules)
    assert sorted(deal.cards) == list(range(54))


def test_match_rotates_dealer_and_shares_wins():
    match = Match.from_code("G6-P3-AAAAAAB-H3", b"test key")
    assert match.next_hole() is Refusal.HOLE_NOT_OVER
    first_players = []
    while True:
        first_players.append(match.state.first_player)
        while not match.state.is_terminal():
            seat = match.state.current_player
            assert match.apply(match.state.legal_actions()[0], seat) is None
        if match.is_terminal():
            break
        assert match.next_hole() is None
    assert first_players == [0, 1, 2]
    assert len(match.results) == 3
    assert match.totals == tuple(sum(points) for points in zip(*match.results, strict=False))
    assert match.next_hole() is Refusal.MATCH_OVER
    assert winners([12, 7, 7]) == (1, 2)
    assert winners([3, 7, 9]) == (0,)


def test_a_cloned_match_keeps_its_key_and_deals_the_same_next_hole():
    match = Match.from_code("G6-P2-AAAAAAB-H2", b"test key")
    while not match.state.is_terminal():
        match.apply(match.state.legal_actions()[0], match.state.current_player)
    copy = match.clone()
    assert copy.next_hole() is None and match.next_hole() is None
    assert copy.state.code == match.state.code and copy.state.stock == match.state.stock
