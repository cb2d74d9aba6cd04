"""What the solver says of a game once it is over: where it stopped being winnable, or how far the deal
could be played at best.

* :func:`review` — for a deal and the moves in effect of a game played on it: if the deal could be won,
  the move after which the game could no longer be won, the move played there and one that would have
  kept it winnable; if the deal could never be won, the fewest cards any play leaves. A game still
  winnable (or won) has no lost move.
* :func:`fewest_left` — the fewest cards any play of a deal leaves (0: it can be won);
  :func:`course_fewest` — the same for each deal of a 9-deal course.

Winnability only goes away along a game: a position reached from one that cannot be won cannot be
won either. So the lost move is found by bisection over the positions of the game, a handful of
exact solves (no budget: every answer is decided). Cards are named only as the player saw them: the
card a removal took, never the stock's next card (a draw is a draw).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from golfcards.cards import AnyCard
from golfcards.solitaire.actions import Move, Take
from golfcards.solitaire.board import Board
from golfcards.solitaire.codes import GameCode
from golfcards.solitaire.course import COURSE_DEALS
from golfcards.solitaire.shared import replay_shared
from golfcards.solitaire.solver import most_removals, solve


@dataclass(frozen=True, slots=True)
class Lost:
    """The move after which the game could no longer be won: its ``number`` (1 = the first move in
    effect), the move ``played`` and the card it took (None for a draw), and a move ``instead`` from
    the same position that keeps the game winnable, with the card it would take (None for a draw)."""

    number: int
    played: Move
    played_card: AnyCard | None
    instead: Move
    instead_card: AnyCard | None


@dataclass(frozen=True, slots=True)
class Review:
    """A game looked at once over: the cards the player left, the fewest any play of the deal leaves
    (0 when the deal could be won) and, for a winnable deal the player did not win, where it was lost."""

    cards_left: int
    fewest_left: int
    lost: Lost | None


def _taken(board: Board, move: Move) -> AnyCard | None:
    """The card ``move`` takes from the tableau (None for a draw: the stock's card is not named)."""
    return board.free_card(move.column) if isinstance(move, Take) else None


def _winnable(code: GameCode, moves: Sequence[Move], count: int) -> bool:
    board = Board.from_code(code)
    for move in moves[:count]:
        board.apply(move)
    return bool(solve(board).winnable)


def fewest_left(code: GameCode) -> int:
    """The fewest cards any play of ``code``'s deal leaves on the tableau (0: it can be won)."""
    board = Board.from_code(code)
    if solve(board).winnable:
        return 0
    return most_removals(board).cards_left


def course_fewest(code: GameCode) -> list[int]:
    """:func:`fewest_left` for each deal of the course that starts with ``code``'s deal, in order."""
    return [fewest_left(code.single().following(index)) for index in range(COURSE_DEALS)]


def review(code: GameCode, moves: Sequence[Move]) -> Review:
    """The review of the game ``moves`` (moves in effect) on ``code``'s deal (one deal, not a course);
    ``shared.refused`` if the rules refuse one of them."""
    board = replay_shared(code, moves)
    left = board.cards_left
    start = Board.from_code(code)
    if not solve(start).winnable:
        return Review(left, most_removals(start).cards_left, None)
    if board.cards_left == 0 or _winnable(code, moves, len(moves)):
        return Review(left, 0, None)
    winnable, lost = 0, len(moves)  # positions after that many moves: one winnable, one not
    while lost - winnable > 1:
        middle = (winnable + lost) // 2
        if _winnable(code, moves, middle):
            winnable = middle
        else:
            lost = middle
    before = Board.from_code(code)
    for move in moves[:winnable]:
        before.apply(move)
    line = solve(before).line
    assert line, "a winnable position that is not won has a winning line"
    played, instead = moves[winnable], line[0]
    return Review(left, 0, Lost(lost, played, _taken(before, played), instead, _taken(before, instead)))
