"""The difficulty grade of a winnable deal: the measure, its independence from the search, the grades."""

from __future__ import annotations

import math

import pytest

from golfcards.errors import GolfError
from golfcards.solitaire import solver, solver_fast
from golfcards.solitaire.board import Board, Status
from golfcards.solitaire.codes import GameCode
from golfcards.solitaire.difficulty import CUTS, Grade, assess, canonical_order, grade_for, grade_of
from golfcards.solitaire.rules import CLASSIC, EASY, STRICT, Rules
from golfcards.solitaire.solver import solve
from golfcards.solitaire.winnable import random_numbers, random_winnable_code


def walk(board: Board) -> tuple[float, int]:
    """The measure by its definition, with the solver asked about every legal move."""
    board = board.clone()
    bits, traps = 0.0, 0
    while board.status is Status.PLAYING:
        moves = canonical_order(board)
        winning = []
        for move in moves:
            child = board.clone()
            child.apply(move)
            if solve(child).winnable:
                winning.append(move)
        assert winning, "a position on the canonical line is winnable"
        if len(winning) < len(moves):
            traps += 1
            bits += math.log2(len(moves) / len(winning))
        board.apply(winning[0])
    return bits, traps


@pytest.mark.parametrize("code", ["GO1-E-AAAAAAF", "GO1-C-AAAAAAE", "GO1-E-AAAAABC-J1"])
def test_the_bits_are_the_definition(code):
    difficulty = assess(code, full=True)
    bits, traps = walk(Board.from_code(code))
    assert difficulty.bits == pytest.approx(bits) and difficulty.traps == traps and difficulty.complete
    assert difficulty.grade is grade_for(bits, Board.from_code(code).rules)
    assert difficulty.choices >= difficulty.traps


def test_canonical_order_is_tallest_first_then_the_draw():
    board = Board.from_code("GO1-E-AAAAAAB")
    board.apply(canonical_order(board)[0])
    order = canonical_order(board)
    heights = [board.heights[move.column - 1] for move in order if move.notation != "d"]
    assert heights == sorted(heights, reverse=True)
    assert order[-1].notation == "d"


def test_the_grade_does_not_depend_on_the_search(monkeypatch):
    # Verdicts only: the pure Python search (probes, sweep) and the compiled one give the same grade.
    codes = [GameCode(number, rules) for number, rules in ((7, EASY), (11, EASY), (5, CLASSIC))]
    codes = [code for code in codes if solve(code).winnable]
    python = [assess(code, full=True) for code in codes]
    monkeypatch.setattr(solver, "PROBES", ())  # another move order altogether
    assert [assess(code, full=True) for code in codes] == python
    if solver_fast.AVAILABLE:
        monkeypatch.setattr(solver_fast, "ACTIVE", True)
        assert [assess(code, full=True) for code in codes] == python


def test_a_short_walk_stops_once_fiendish_is_certain():
    # Find a fiendish Easy deal among the first winnable ones, then check the early stop agrees.
    for code in (GameCode(number, EASY) for number in range(1, 200)):
        if solve(code).winnable and (full := assess(code, full=True)).grade is Grade.FIENDISH:
            short = assess(code)
            assert short.grade is Grade.FIENDISH and not short.complete
            assert CUTS["E"][1] < short.bits <= full.bits
            return
    pytest.fail("no fiendish deal among the first 200")


def test_a_lost_deal_has_no_grade():
    with pytest.raises(GolfError) as caught:
        grade_of("GO1-C-AAAAAAB")
    assert caught.value.key == "difficulty.not_winnable"


def test_grades_follow_the_cuts():
    gentle, tricky = CUTS["C"]
    assert grade_for(0.0, CLASSIC) is Grade.GENTLE and grade_for(gentle, CLASSIC) is Grade.GENTLE
    assert grade_for(gentle + 0.01, CLASSIC) is Grade.TRICKY and grade_for(tricky, CLASSIC) is Grade.TRICKY
    assert grade_for(tricky + 0.01, CLASSIC) is Grade.FIENDISH
    # a variant without cuts of its own takes its rule's
    assert grade_for(tricky + 0.01, Rules(CLASSIC.name, jokers=2, empty_discard=True)) is Grade.FIENDISH
    assert set(CUTS) >= {"E", "C", "S"} and all(a < b for a, b in CUTS.values())
    assert grade_for(1e9, STRICT) is Grade.FIENDISH


def test_random_winnable_code_of_a_grade_is_the_first_of_that_grade():
    code = random_winnable_code(EASY, 9, Grade.GENTLE)
    assert code == random_winnable_code(EASY, 9, Grade.GENTLE)
    stream = (GameCode(number, EASY) for number in random_numbers(9))
    assert code == next(c for c in stream if solve(c).winnable and grade_of(c) is Grade.GENTLE)
