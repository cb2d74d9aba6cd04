"""Hints, "still winnable", and winnable-only deals."""

from __future__ import annotations

from golfcards.solitaire.board import Board, Draw, Status, parse_action
from golfcards.solitaire.codes import GameCode
from golfcards.solitaire.hint import HintKind, hint, is_still_winnable
from golfcards.solitaire.rules import CLASSIC, EASY, STRICT, Rules
from golfcards.solitaire.solver import solve
from golfcards.solitaire.winnable import random_numbers, random_winnable_code, winnable_deals


def test_hint_on_a_winnable_position_is_the_next_winning_move():
    board = Board.from_code("GO1-E-AAAAAAF")
    advice = hint(board, budget=None)
    assert advice.kind is HintKind.WINNING and advice.cards_left == 0
    assert advice.move == advice.line[0]
    # Following hints one at a time wins the game.
    for _ in range(80):
        if board.status is not Status.PLAYING:
            break
        assert board.apply(hint(board, budget=None).move) is None
    assert board.status is Status.WON
    assert hint(board).kind is HintKind.GAME_OVER and hint(board).move is None


def test_hint_on_a_lost_position_leads_to_the_fewest_cards():
    board = Board.from_code("GO1-C-AAAAAAF")
    assert solve(board).winnable is False
    advice = hint(board, budget=None)
    assert advice.kind is HintKind.MOST_CARDS and advice.cards_left > 0
    for move in advice.line:
        assert board.apply(move) is None
    assert board.cards_left == advice.cards_left
    # No other first move does better: each one, searched to the end, leaves at least as many.
    start = Board.from_code("GO1-C-AAAAAAF")
    for move in start.legal_actions():
        after = start.clone()
        assert after.apply(move) is None
        assert hint(after, budget=None).cards_left >= advice.cards_left or after.status is Status.BLOCKED


def test_hint_with_a_spent_budget_says_so():
    board = Board.from_code("GO1-C-AAAAAAB")
    advice = hint(board, budget=200)
    assert advice.kind is HintKind.BEST_FOUND
    assert advice.move in board.legal_actions()
    assert is_still_winnable(board, budget=200) is None


def test_still_winnable_follows_the_game(reference_deal):
    board = Board.from_code("GO1-E-AAAAAAB")
    assert is_still_winnable(board, budget=None) is True
    for token in reference_deal["easy_winning_line"][:10]:
        assert board.apply(parse_action(token)) is None
    assert is_still_winnable(board, budget=None) is True
    while board.stock_count:  # throwing the whole stock away loses this deal
        assert board.apply(Draw()) is None
    assert is_still_winnable(board) is False


def test_hint_under_strict_never_suggests_a_forbidden_draw():
    board = Board.from_code(GameCode(5, STRICT))
    advice = hint(board, budget=None)
    assert board.why_not(advice.move) is None


def test_winnable_deals_keep_exactly_the_winnable_numbers():
    numbers = list(range(2, 12))
    kept = [code.number for code, _ in winnable_deals(CLASSIC, numbers)]
    assert kept == [n for n in numbers if solve(GameCode(n, CLASSIC)).winnable]
    assert all(code.rules == CLASSIC for code, _ in winnable_deals(CLASSIC, numbers[:3]))


def test_random_winnable_code_is_the_first_winnable_random_number():
    code = random_winnable_code(CLASSIC, 7)
    assert code == random_winnable_code(CLASSIC, 7)  # same seed, same deal
    assert solve(code).winnable
    stream = random_numbers(7)
    first_winnable = next(n for n in stream if solve(GameCode(n, CLASSIC)).winnable)
    assert code.number == first_winnable
    assert random_winnable_code(Rules(jokers=1), 3).rules == Rules(jokers=1)
    assert random_winnable_code(EASY, 1) != random_winnable_code(EASY, 2)
