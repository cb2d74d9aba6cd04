"""Hints and the "still winnable" indicator, built on the solver.

Both are interactive, so both take a search budget (by default :func:`interactive_budget`
positions: a fraction of a second) and say honestly when it ran out instead of guessing silently:

* :func:`hint` — the next move of a winning line; if the position is lost, the move that leads to
  the fewest cards left (the most cards still removable); the :class:`HintKind` says which.
* :func:`is_still_winnable` — True, False, or None when the budget did not decide.

Nothing here prints: interfaces turn :class:`Hint` into words (``golfcards.i18n.analysis``).
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from functools import lru_cache

from golfcards.cards import AnyCard
from golfcards.solitaire import solver_fast
from golfcards.solitaire.board import Board, Draw, Move, Status
from golfcards.solitaire.deal import Deal
from golfcards.solitaire.rules import Rules
from golfcards.solitaire.solver import Best, Solvability, Verdict, most_removals, solve

PYTHON_BUDGET = 60_000
"""Positions the pure Python search examines in about a fifth of a second on one core."""
COMPILED_BUDGET = 2_000_000
"""Positions the compiled search (``[fast]``) examines in about half a second: enough to decide
every reference deal from its start."""
LIVE_BUDGET = 10_000
"""Positions for the live "still winnable" line, asked after every action: small enough that the
pure Python search answers within 50 ms of CPU time at the 99th percentile of positions reached by
play (``bench/hints.py --live``, docs/solver.md); a position it does not decide is shown as
undecided, never guessed."""
INTERACTIVE = -1
"""The default ``budget``: :func:`interactive_budget` for the search in use."""


def interactive_budget() -> int:
    return COMPILED_BUDGET if solver_fast.ACTIVE else PYTHON_BUDGET


class HintKind(enum.StrEnum):
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


def hint(board: Board, *, budget: int | None = INTERACTIVE) -> Hint:
    """The best next move from ``board``'s current position (``budget=None``: no limit)."""
    if board.status is not Status.PLAYING:
        return Hint(HintKind.GAME_OVER, None, board.cards_left, ())
    verdict = _verdict(*_position(board), _budget(budget))
    if verdict.solvability is Solvability.WINNABLE:
        assert verdict.line
        return Hint(HintKind.WINNING, verdict.line[0], 0, verdict.line)
    best = _best(*_position(board), _budget(budget))
    if best.cards_left == 0:
        return Hint(HintKind.WINNING, best.line[0], 0, best.line)
    # A complete search for the fewest cards that ends above 0 is a proof of loss too.
    kind = HintKind.MOST_CARDS if best.complete else HintKind.BEST_FOUND
    if best.line:
        return Hint(kind, best.line[0], best.cards_left, best.line)
    # No line removes another card: every move is as good as any other; drawing keeps options.
    moves = board.legal_actions()
    move = next((m for m in moves if isinstance(m, Draw)), moves[0])
    return Hint(kind, move, best.cards_left, (move,))


def is_still_winnable(board: Board, *, budget: int | None = INTERACTIVE) -> bool | None:
    """Whether the current position can still be won; None if ``budget`` did not decide."""
    if board.status is Status.WON:
        return True
    return _verdict(*_position(board), _budget(budget)).winnable


# An interface often asks for the hint and the indicator of the same position: solve it once.
Key = tuple[Deal, Rules, tuple[int, ...], int, "AnyCard | None"]


def _position(board: Board) -> Key:
    return board.deal, board.rules, tuple(board.heights), board.drawn, board.discard


def _budget(budget: int | None) -> int | None:
    return interactive_budget() if budget == INTERACTIVE else budget


def _board(deal: Deal, rules: Rules, heights: tuple[int, ...], drawn: int, discard: AnyCard | None) -> Board:
    board = Board(deal, rules)
    board.heights, board.drawn, board.discard = list(heights), drawn, discard
    return board


@lru_cache(maxsize=64)
def _verdict(
    deal: Deal, rules: Rules, heights: tuple[int, ...], drawn: int, discard: AnyCard | None, budget: int | None
) -> Verdict:
    return solve(_board(deal, rules, heights, drawn, discard), budget=budget)


@lru_cache(maxsize=64)
def _best(
    deal: Deal, rules: Rules, heights: tuple[int, ...], drawn: int, discard: AnyCard | None, budget: int | None
) -> Best:
    return most_removals(_board(deal, rules, heights, drawn, discard), budget=budget)
