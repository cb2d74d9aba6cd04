"""The solver's public API: verdicts, winning lines the Board replays, budgets, every rule set."""

from __future__ import annotations

import pytest

from golfcards.errors import GolfError
from golfcards.solitaire import solver, solver_fast
from golfcards.solitaire.board import Board, Status, parse_action
from golfcards.solitaire.codes import GameCode
from golfcards.solitaire.rules import CLASSIC, EASY, STRICT, RuleName, Rules
from golfcards.solitaire.solver import Solvability, most_removals, solve


def replays_to_win(board: Board, line) -> bool:
    board = board.clone()
    for move in line:
        if board.apply(move) is not None:
            return False
    return board.status is Status.WON


def test_reference_deal_is_won_in_easy_and_lost_in_classic(reference_deal):
    easy = solve("GO1-E-AAAAAAB")
    assert easy.solvability is Solvability.WINNABLE and easy.winnable is True
    assert replays_to_win(Board.from_code("GO1-E-AAAAAAB"), easy.line)
    assert easy.notation == [move.notation for move in easy.line]
    # The rules page's own winning line wins too, so "winnable" is the engine's truth.
    board = Board.from_code("GO1-E-AAAAAAB")
    for token in reference_deal["easy_winning_line"]:
        assert board.apply(parse_action(token)) is None
    assert board.status is Status.WON
    classic = solve("GO1-C-AAAAAAB")
    assert classic.winnable is False and classic.line is None and classic.notation is None


def test_every_kind_of_game_is_accepted():
    code = GameCode.parse("GO1-E-AAAAAAF")
    by_code, by_text = solve(code), solve("go1-e-aaaaaaf")
    by_deal, by_board = solve(code.deal(), EASY), solve(Board.from_code(code))
    assert by_code.winnable and by_code.line == by_text.line == by_deal.line == by_board.line
    # The same cards under another rule: the rules argument wins over the code's letter.
    assert solve(code, CLASSIC).winnable is False


def test_a_position_in_the_middle_of_a_game(reference_deal):
    board = Board.from_code("GO1-E-AAAAAAB")
    for token in reference_deal["easy_winning_line"][:34]:
        assert board.apply(parse_action(token)) is None
    verdict = solve(board)
    assert verdict.winnable and replays_to_win(board, verdict.line)
    assert len(verdict.line) <= len(reference_deal["easy_winning_line"]) - 34 + 20


def test_a_won_game_needs_no_move(reference_deal):
    board = Board.from_code("GO1-E-AAAAAAB")
    for token in reference_deal["easy_winning_line"]:
        assert board.apply(parse_action(token)) is None
    verdict = solve(board)
    assert verdict.winnable and verdict.line == ()


def test_a_blocked_game_is_lost():
    board = Board.from_code("GO1-C-AAAAAAB")
    while board.status is Status.PLAYING:
        assert board.apply(board.legal_actions()[-1]) is None  # draw whenever possible: the stock runs out
    assert solve(board).winnable is False


def test_a_budget_makes_an_honest_undecided():
    verdict = solve("GO1-C-AAAAAAB", budget=50)
    assert verdict.solvability is Solvability.UNDECIDED and verdict.winnable is None and verdict.line is None
    assert verdict.nodes > 50


@pytest.mark.parametrize(
    "code",
    [
        "GO1-E-AAAAAAB-J1",
        "GO1-C-AAAAAAC-J2",
        "GO1-E-AAAAAAD-ND",
        "GO1-S-AAAAAAB-J2-ND",
        "GO1-S-AAAAABA",
        "GO1-C-AAAAAAH-J1-ND",
    ],
)
def test_variants_are_decided_and_lines_replay(code):
    board = Board.from_code(code)
    verdict = solve(board)
    assert verdict.winnable is not None
    if verdict.winnable:
        assert replays_to_win(board, verdict.line)


def test_strict_lines_draw_only_when_stuck():
    wins = 0
    for number in range(40):
        board = Board.from_code(GameCode(number, STRICT))
        verdict = solve(board)
        if verdict.winnable:
            wins += 1
            assert replays_to_win(board, verdict.line)  # Board refuses an early draw
    assert wins > 0


def test_rules_must_keep_the_same_cards():
    with pytest.raises(GolfError) as caught:
        solve("GO1-E-AAAAAAB", Rules(RuleName.CLASSIC, jokers=1))
    assert caught.value.key == "solver.rules_mismatch"
    with pytest.raises(GolfError) as caught:
        solve(42)
    assert caught.value.key == "solver.bad_game"
    with pytest.raises(GolfError) as caught:
        solve("GO1-X-AAAAAAB")
    assert caught.value.key == "code.bad_rule"


def test_most_removals_of_a_won_and_of_a_lost_deal():
    won = most_removals("GO1-E-AAAAAAB")
    assert won.cards_left == 0 and won.complete and replays_to_win(Board.from_code("GO1-E-AAAAAAB"), won.line)
    lost = most_removals("GO1-C-AAAAAAB", budget=30_000)
    board = Board.from_code("GO1-C-AAAAAAB")
    for move in lost.line:
        assert board.apply(move) is None
    assert board.cards_left == lost.cards_left > 0


@pytest.mark.skipif(
    not solver_fast.INSTALLED, reason="the compiled search is off (numba missing, or GOLFCARDS_SOLVER=python)"
)
@pytest.mark.parametrize(
    "code",
    [
        "GO1-E-AAAAAAB",  # the second dive (a blurred order) wins
        "GO1-E-AAAAAAT",  # the ninth dive
        "GO1-E-AAAAAAB-J2-ND",  # a dive, with jokers and an empty discard
        "GO1-C-AAAAAAC-J1",  # the twelfth dive, with a joker
        "GO1-C-AAAAAAF",  # lost: the dives, the probes, then the exhaustive search
        "GO1-S-AAAAAAH",
        "GO1-E-AAAAABC-J2-ND",
        "GO1-C-AAAAAAK-J1",
    ],
)
def test_compiled_and_python_searches_are_the_same_search(code, monkeypatch):
    # The Python depth-first search alone (the hand-over to the sweep is tested in test_solver_sweep).
    monkeypatch.setattr(solver, "SWEEP_AFTER", 10**9)
    monkeypatch.setattr(solver_fast, "ACTIVE", True)
    compiled = solve(code)
    best_compiled = most_removals(code, budget=5_000)
    monkeypatch.setattr(solver_fast, "ACTIVE", False)
    assert solve(code) == compiled  # same verdict, same line, same number of positions
    assert most_removals(code, budget=5_000) == best_compiled


def test_a_greedy_dive_finds_the_line_of_a_deal_the_probes_found_hard():
    # Before the dives, GO1-E-AAAAAAB took the probes and tens of thousands of positions of the
    # exhaustive search; the second dive (a blurred order) plays it out to a win.
    board = Board.from_code("GO1-E-AAAAAAB")
    verdict = solve(board)
    longest_dive = board.cards_left + board.stock_count + 1
    assert verdict.winnable and verdict.nodes <= 2 * longest_dive
    assert replays_to_win(board, verdict.line)


VARIANT_CODES = [
    str(GameCode(number, Rules(name, jokers, empty)))
    for number in range(1, 13)
    for name, jokers, empty in (
        (RuleName.EASY, 0, False),
        (RuleName.CLASSIC, 0, False),
        (RuleName.STRICT, 0, False),
        (RuleName.EASY, 2, True),
        (RuleName.CLASSIC, 1, False),
        (RuleName.STRICT, 1, True),
    )
]


def test_the_dives_change_no_verdict(monkeypatch):
    with_dives = [solve(code) for code in VARIANT_CODES]
    monkeypatch.setattr(solver, "DIVES", 0)
    without = [solve(code) for code in VARIANT_CODES]
    assert [verdict.winnable for verdict in with_dives] == [verdict.winnable for verdict in without]
    for code, verdict in zip(VARIANT_CODES, with_dives, strict=True):
        assert not verdict.winnable or replays_to_win(Board.from_code(code), verdict.line)
    # and they decide some of these deals sooner than the probes would
    assert any(a.nodes < b.nodes for a, b in zip(with_dives, without, strict=True))


@pytest.mark.parametrize("code", ["GO1-E-AAAAAAT", "GO1-C-AAAAAAC-J1", "GO1-S-AAAAAAH"])
def test_the_dives_keep_to_the_budget(code):
    # The dives count their positions and stop before one would pass the budget.
    for budget in [*range(1, 120, 7), 400, 700]:
        verdict = solve(code, budget=budget)
        if verdict.winnable is None:
            assert budget < verdict.nodes <= budget + 1
        else:
            assert verdict.nodes <= budget


def test_warm_up_prepares_the_search():
    from golfcards.solitaire.solver import warm_up

    warm_up()
    assert solve("GO1-C-AAAAAAF").winnable is False
