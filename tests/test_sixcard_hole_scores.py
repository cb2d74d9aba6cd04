"""A finished hole's scores column by column (golfcards.sixcard.hole_scores): the engine's own numbers,
given only once every card is face up."""

from __future__ import annotations

import random

import pytest

from golfcards.cards import parse_cards
from golfcards.sixcard.deal import SixCardDeal
from golfcards.sixcard.hole import EndReason, HoleContext, Phase
from golfcards.sixcard.hole_scores import hole_scores
from golfcards.sixcard.rules import GRID_SHAPES, SixCardRules
from golfcards.sixcard.state import HoleState


def finished(rows: list[str], rules: SixCardRules, went_out: int | None = 0, totals=None) -> HoleState:
    """A hole over with these grids (one text per seat, cards row by row), every card face up."""
    grids = [[card.index for card in parse_cards(text)] for text in rows]
    used = {index for grid in grids for index in grid}
    rest = [index for index in rules.deck if index not in used]
    state = HoleState(
        rules,
        grids,
        [[True] * rules.grid for _ in rows],
        [rest[0]],
        rest[1:],
        dealer=0,
        phase=Phase.OVER,
        went_out=went_out,
        context=None if totals is None else HoleContext(1, rules.holes, tuple(totals)),
    )
    state.end = EndReason.WENT_OUT if went_out is not None else EndReason.STOCK_EMPTY
    state.current = None  # nobody to act
    return state


def columns_of(score) -> list[tuple[list[int], bool, int]]:
    return [(c["positions"], c["cancelled"], c["points"]) for c in score.to_json()["columns"]]


def test_the_guides_example_two_pairs_cancel_and_the_third_column_counts():
    state = finished(["3H AH 4D 3S AC 3D", "KS KD 5C 9H 9C 7D"], SixCardRules())
    scores = hole_scores(state.view(None))
    assert scores is not None
    assert columns_of(scores[0]) == [([0, 3], True, 0), ([1, 4], True, 0), ([2, 5], False, 7)]
    assert scores[0].points == 7 and state.points()[0] == 7
    assert columns_of(scores[1]) == [([0, 3], False, 9), ([1, 4], False, 9), ([2, 5], False, 12)]
    assert scores[0].to_json()["columns"][2]["values"] == [4, 3]


def test_three_by_three_cancels_only_three_of_a_kind():
    rules = SixCardRules(grid=9)
    state = finished(["5H 5D 9C 5S 5C 2D 8H KH 2C", "AH AD AC 2H 3D 4C 6H 7D 8C"], rules)
    scores = hole_scores(state.view(0))
    assert scores is not None
    first = columns_of(scores[0])
    assert first[0] == ([0, 3, 6], False, 18), "two fives and an eight do not cancel"
    assert first[2] == ([2, 5, 8], False, 5), "9 − 2 − 2"
    assert [c[1] for c in columns_of(scores[1])] == [False, False, False]
    state = finished(["5H QD 9C 5S JC 2D 5C KH 3C", "AH AD AC 2H 3D 4C 6H 7D 8C"], rules)
    assert columns_of(hole_scores(state.view(0))[0])[0] == ([0, 3, 6], True, 0), "three fives cancel"


@pytest.mark.parametrize(
    ("rules", "grid", "columns", "bonuses", "blackjack", "points"),
    [
        (SixCardRules(negative_pairs=True), "2H 2D 4S 2C 2S 5D", [-4, -4, 9], [], False, 1),
        (SixCardRules(), "2H 2D 4S 2C 2S 5D", [0, 0, 9], [], False, 9),
        (SixCardRules(four_of_a_kind=True), "5H 5D 9C 5S 5C 9D", [0, 0, 0], [("four_of_a_kind", -20)], False, -20),
        (SixCardRules(blackjack=True), "TH 5D AC 3S 4C 2D", [13, 9, -1], [], True, 0),
        (SixCardRules(super_kings=True, tens_one=True), "KH TD 3C QS 4C 5D", [8, 5, 8], [], False, 21),
        (SixCardRules(grid=4), "7H 7D 7S 3C", [0, 10], [], False, 10),
        (SixCardRules(grid=8), "7H 7D 3S 3C JH JD 3D 4C", [17, 17, 0, 7], [], False, 41),
    ],
)
def test_house_rules_and_grid_sizes_score_as_the_rules_say(rules, grid, columns, bonuses, blackjack, points):
    other = "6H 6D 6C 6S 8H 8D 8S 8C 7C"[: 3 * rules.grid - 1]
    state = finished([grid, other], rules, went_out=None)
    score = hole_scores(state.view(1))[0]
    data = score.to_json()
    assert [c["points"] for c in data["columns"]] == columns
    assert [(b["rule"], b["points"]) for b in data["bonuses"]] == bonuses
    assert data["blackjack"] is blackjack
    assert data["grid"] == score.grid.total == points
    assert score.points == state.points()[0]


def test_the_holes_parts_follow_the_grid_and_add_up_to_the_points():
    rules = SixCardRules(knock_penalty=True, tied_shame=True, underdog=True)
    state = finished(["9H 9D 7C 8S 2C 3D", "KH KD 5C 4S 2D 3C"], rules, went_out=0, totals=[40, 10])
    scores = hole_scores(state.view(None))
    first, second = (score.to_json()["parts"] for score in scores)
    assert first[0] == {"rule": "grid", "points": 34}
    assert {"rule": "knock_penalty", "points": 10} in first, "went out without the strictly lowest grid"
    assert {"rule": "underdog", "points": -3} in first, "alone furthest behind in the match"
    assert second == [{"rule": "grid", "points": 10}]
    assert tuple(score.points for score in scores) == state.points() == state.view(0).points


def play_to_the_end(state: HoleState, chooser: random.Random) -> list:
    """Random legal actions until the hole is over; every view of the way (seat 0's)."""
    views = []
    while not state.is_terminal():
        views.append(state.view(0))
        seat = state.to_act[0]
        state.apply(chooser.choice(state.legal_actions(seat)))
    return views


@pytest.mark.parametrize("grid", sorted(GRID_SHAPES))
@pytest.mark.parametrize(
    "house",
    [
        {},
        {"final_turn": True, "jokers": 2, "negative_pairs": True},
        {"eagle_eye": True, "jokers": 1, "knock_bonus": True},
    ],
)
def test_every_played_hole_is_explained_only_at_its_end(grid, house):
    rules = SixCardRules(players=3, grid=grid, **house)
    chooser = random.Random(grid)
    for number in range(8):
        state = HoleState.new(SixCardDeal.from_number(number, rules), rules, context=HoleContext(0, 9, (0, 0, 0)))
        for view in play_to_the_end(state, chooser):
            assert hole_scores(view) is None, "no score while a card may be face down"
        over = state.view(None)
        scores = hole_scores(over)
        assert scores is not None and tuple(s.points for s in scores) == over.points
        for seat, score in enumerate(scores):
            cells = [over.grids[seat][p] for column in score.to_json()["columns"] for p in column["positions"]]
            assert sorted(c.code for c in cells) == sorted(c.code for c in over.grids[seat])
            assert len(score.grid.columns) == rules.columns
