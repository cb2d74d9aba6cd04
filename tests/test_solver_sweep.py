"""The bit-parallel sweep (``solver_sweep``) against the plain exhaustive search, and the hand-over.

The sweep decides a position by computing every reachable position as bit sets; it must give the
exhaustive search's verdict on small positions of every rule (jokers, an empty discard, the
engine's Strict), its winning lines must replay to a win through :class:`Board`, and ``solve``
must hand a deal over to it once the depth-first search has spent ``SWEEP_AFTER`` positions.
"""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from golfcards.solitaire import solver, solver_fast, solver_sweep
from golfcards.solitaire.board import Board
from golfcards.solitaire.codes import GameCode
from golfcards.solitaire.rules import CLASSIC, EASY, STRICT
from golfcards.solitaire.solver import (
    SWEEP_AFTER,
    SWEEP_COST,
    Solvability,
    _moves,
    _powers,
    most_removals,
    solve,
    start_of,
)
from tests.test_solver import replays_to_win
from tests.test_solver_pruning import SETTINGS, exhaustive, positions


def cards_left_after(board: Board, line) -> int:
    board = board.clone()
    for move in line:
        assert board.apply(move) is None
    return board.cards_left


def sweep_of(board: Board) -> tuple[list[int] | None, int]:
    start = start_of(board)
    return solver_sweep.sweep(start.tables, start.heights, start.drawn, start.discard, _powers(start.tables))


@pytest.fixture
def python_engine(monkeypatch):
    """The pure Python search (the only one that hands over to the sweep), counting the sweeps."""
    monkeypatch.setattr(solver_fast, "ACTIVE", False)
    calls: list[int] = []
    sweep = solver_sweep.sweep

    def counted(*args, **kwargs):
        calls.append(1)
        return sweep(*args, **kwargs)

    monkeypatch.setattr(solver_sweep, "sweep", counted)
    return calls


@SETTINGS
@given(board=positions())
def test_sweep_matches_exhaustive_search(board):
    expected_win, _ = exhaustive(board.clone())
    steps, reached = sweep_of(board)
    assert (steps is not None) is expected_win
    assert reached >= 1
    if expected_win:
        assert replays_to_win(board, _moves(steps))


def test_a_lost_deal_s_most_removals_is_complete_with_the_interactive_budget(python_engine):
    # GO1-C-AAAAAAB: the depth-first search alone does not finish within 60,000 positions.
    best = most_removals("GO1-C-AAAAAAB", budget=60_000)
    assert best.complete and best.cards_left > 0
    assert cards_left_after(Board.from_code("GO1-C-AAAAAAB"), best.line) == best.cards_left


@given(st.integers(0, 6**7 - 1))
def test_cards_left_masks_add_the_heights(hcode):
    masks = solver_sweep.cards_left_masks(6)
    cards = sum(hcode // 6**c % 6 for c in range(7))
    assert [n for n, mask in enumerate(masks) if mask >> hcode & 1] == [cards]


@SETTINGS
@given(board=positions())
def test_solve_and_most_removals_hand_small_positions_to_the_sweep(python_engine, monkeypatch, board):
    monkeypatch.setattr(solver, "SWEEP_AFTER", 1)
    expected_win, fewest = exhaustive(board.clone())
    verdict = solve(board)
    assert verdict.winnable is expected_win
    assert not expected_win or replays_to_win(board, verdict.line)
    best = most_removals(board)
    assert best.complete and best.cards_left == fewest
    assert cards_left_after(board, best.line) == fewest


@pytest.mark.parametrize(
    ("code", "winnable"),
    [
        # Deals whose depth-first search alone (after the dives and the probes, which find no line)
        # takes 56,000-835,000 positions (the engine's Strict never comes near SWEEP_AFTER on a whole
        # deal; it is handed over in the test above).
        ("GO1-E-AAAAAAQ", True),
        ("GO1-C-AAAAAAN", False),
        ("GO1-C-AAAAAAO", True),
    ],
)
def test_hard_deals_are_handed_to_the_sweep(python_engine, code, winnable):
    board = Board.from_code(code)
    verdict = solve(board)
    assert python_engine, "the sweep was not used"
    assert verdict.winnable is winnable and verdict.nodes > SWEEP_AFTER
    assert not winnable or replays_to_win(board, verdict.line)


def test_a_budget_too_small_for_the_sweep_stays_a_budget(python_engine):
    # GO1-C-AAAAAAO takes about 164,000 positions of depth-first search alone.
    verdict = solve("GO1-C-AAAAAAO", budget=SWEEP_AFTER + SWEEP_COST - 1)
    assert verdict.solvability is Solvability.UNDECIDED and not python_engine
    assert solve("GO1-C-AAAAAAO", budget=SWEEP_AFTER + SWEEP_COST).winnable is True and python_engine


@pytest.mark.parametrize("rules", [EASY, CLASSIC, STRICT])
def test_the_compiled_search_never_sweeps(python_engine, monkeypatch, rules):
    if not solver_fast.INSTALLED:
        pytest.skip("the compiled search is off (numba missing, or GOLFCARDS_SOLVER=python)")
    monkeypatch.setattr(solver_fast, "ACTIVE", True)
    monkeypatch.setattr(solver, "SWEEP_AFTER", 1)
    assert solve(GameCode(2, rules)).winnable is not None and not python_engine


@given(st.integers(0, 6**7 - 1))
def test_slabs_hold_the_heights_of_their_column(hcode):
    slabs = solver_sweep.slabs(6)
    for c in range(7):
        height = hcode // 6**c % 6
        assert [bool(slabs[c][j] >> hcode & 1) for j in range(6)] == [j == height for j in range(6)]
