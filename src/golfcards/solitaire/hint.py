"""Hints and the "still winnable" indicator, built on the solver.

Both are interactive, so both take a search budget (:data:`HINT_BUDGET` positions, a fraction of
a second in plain Python) and say honestly when it ran out instead of guessing silently:

* :func:`hint` — the next move of a winning line; if the position is lost, the move that leads to
  the fewest cards left (the most cards still removable); the :class:`HintKind` says which.
* :func:`is_still_winnable` — True, False, or None when the budget did not decide.

Nothing here prints: interfaces turn :class:`Hint` into words (``golfcards.i18n.analysis``).
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from golfcards.solitaire.board import Board, Draw, Move, Status
from golfcards.solitaire.solver import Solvability, most_removals, solve

HINT_BUDGET = 60_000
"""Positions a hint may examine: well under a second in plain Python on one core."""


class HintKind(str, enum.Enum):
    """Which kind of advice a hint is; the value is the message key interfaces translate."""

    WINNING = "winning"
    """The next move of a line proven to win."""
    MOST_CARDS = "most_cards"
    """The position is proven lost; this move leads to the fewest cards left."""
    BEST_FOUND = "best_found"
    """The budget ran out before a proof: the best move found so far."""
    GAME_OVER = "game_over"
    """The game is over: there is no move to suggest."""


@dataclass(frozen=True, slots=True)
class Hint:
    """A suggested move, what kind of advice it is, and where the suggested line ends.

    ``cards_left`` is the number of tableau cards left at the end of ``line`` (0 for a win);
    ``line`` is the whole suggested sequence from the current position, ``move`` its first move.
    """

    kind: HintKind
    move: Move | None
    cards_left: int
    line: tuple[Move, ...]


def hint(board: Board, *, budget: int | None = HINT_BUDGET) -> Hint:
    """The best next move from ``board``'s current position (``budget=None``: no limit)."""
    if board.status is not Status.PLAYING:
        return Hint(HintKind.GAME_OVER, None, board.cards_left, ())
    verdict = solve(board, budget=budget)
    if verdict.solvability is Solvability.WINNABLE:
        assert verdict.line
        return Hint(HintKind.WINNING, verdict.line[0], 0, verdict.line)
    best = most_removals(board, budget=budget)
    if best.cards_left == 0:
        return Hint(HintKind.WINNING, best.line[0], 0, best.line)
    kind = HintKind.MOST_CARDS if verdict.solvability is Solvability.NOT_WINNABLE and best.complete \
        else HintKind.BEST_FOUND
    if best.line:
        return Hint(kind, best.line[0], best.cards_left, best.line)
    # No line removes another card: every move is as good as any other; drawing keeps options.
    moves = board.legal_moves()
    move = next((m for m in moves if isinstance(m, Draw)), moves[0])
    return Hint(kind, move, best.cards_left, (move,))


def is_still_winnable(board: Board, *, budget: int | None = HINT_BUDGET) -> bool | None:
    """Whether the current position can still be won; None if ``budget`` did not decide."""
    if board.status is Status.WON:
        return True
    return solve(board, budget=budget).winnable
