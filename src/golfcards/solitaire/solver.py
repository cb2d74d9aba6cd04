"""The exact Golf Solitaire solver: is a deal (or any position) winnable, and how.

``solve(game)`` answers for a :class:`~golfcards.solitaire.board.Board` (its current position),
a :class:`~golfcards.solitaire.deal.Deal` with :class:`~golfcards.solitaire.rules.Rules`, or a
game code. The answer is a :class:`Verdict`: winnable (with a winning line of moves the
:class:`Board` replays to a win), not winnable, or — only when a ``budget`` of search nodes was
given and spent — undecided. Without a budget every position is decided; there is no hidden cap.

How it is fast enough in plain Python (see ``docs/solver.md``):

* a compact state: column heights packed in one base-6 integer, cards drawn, the discard's rank;
* a transposition table. With the rules that allow drawing at any time, a position that is lost
  with ``d`` cards drawn is also lost with more drawn (the position with fewer cards drawn can copy
  any line of the other and draw the extra cards at its first draw), so the table keeps, for each
  (heights, discard rank), the fewest cards drawn at which it was found lost and answers for every
  later stock index too;
* sound lower bounds (``solver_tables``) that prove a position lost long before the stock runs out;
* move ordering: removals before drawing, and the removal whose new discard has the most
  follow-ups first.

Every rule set of the engine is supported: Easy, Classic, Strict, with jokers and an empty discard.
"""

from __future__ import annotations

import enum
import sys
from dataclasses import dataclass
from typing import Sequence, Union

from golfcards.errors import GolfError
from golfcards.solitaire.board import Board, Draw, Move, Take
from golfcards.solitaire.codes import GameCode
from golfcards.solitaire.deal import Deal
from golfcards.solitaire.rules import Rules
from golfcards.solitaire.solver_tables import EMPTY, JOKER, Tables, rank_code, rank_shortfall

Game = Union[Board, Deal, GameCode, str]
"""What the solver accepts: a board (its current position), a deal (with rules), a game code."""

_DRAW = -1
_BASE = 6
_POWERS = [_BASE**c for c in range(8)]


class Solvability(enum.Enum):
    WINNABLE = "winnable"
    NOT_WINNABLE = "not_winnable"
    UNDECIDED = "undecided"


@dataclass(frozen=True, slots=True)
class Verdict:
    """The solver's answer for one position.

    ``line`` (when winnable) is the sequence of moves from the position to a win; ``nodes`` is the
    number of positions the search examined (a measure of effort).
    """

    solvability: Solvability
    line: tuple[Move, ...] | None
    nodes: int

    @property
    def winnable(self) -> bool | None:
        """True, False, or None when the budget ran out before a decision."""
        if self.solvability is Solvability.UNDECIDED:
            return None
        return self.solvability is Solvability.WINNABLE

    @property
    def notation(self) -> list[str] | None:
        """The winning line in the replay notation (``d``, ``1``–``7``), or None."""
        return None if self.line is None else [move.notation for move in self.line]


class _OutOfBudget(Exception):
    pass


@dataclass(frozen=True, slots=True)
class Start:
    """A position in the solver's terms: the tables of its deal and rules, and where play stands."""

    tables: Tables
    heights: tuple[int, ...]
    drawn: int
    discard: int

    @property
    def cards_left(self) -> int:
        return sum(self.heights)


def start_of(game: Game, rules: Rules | None = None) -> Start:
    """Read any accepted ``game`` into the solver's terms (``rules`` only goes with a Deal)."""
    if isinstance(game, str):
        game = GameCode.parse(game)
    if isinstance(game, GameCode):
        game = Board.from_code(game)
    if isinstance(game, Deal):
        game = Board(game, rules if rules is not None else Rules())
    if not isinstance(game, Board):
        raise GolfError("solver.bad_game", f"cannot solve {type(game).__name__}: give a board, deal or code")
    if rules is not None and rules != game.rules:
        game = _with_rules(game, rules)
    tables = Tables(game.deal.columns, game.deal.stock, game.rules)
    return Start(tables, tuple(game.heights), game.drawn, rank_code(game.discard))


def _with_rules(board: Board, rules: Rules) -> Board:
    other = Board(board.deal, rules, undo_limit=board.undo_limit, code=board.code)
    other.heights, other.drawn, other.discard = list(board.heights), board.drawn, board.discard
    return other


def solve(game: Game, rules: Rules | None = None, *, budget: int | None = None) -> Verdict:
    """Decide whether ``game`` can still be won; with a win, return a winning line.

    ``budget`` caps the number of positions examined (for interactive use): when it runs out the
    verdict is :attr:`Solvability.UNDECIDED`. Without it the search always decides.
    """
    return search(start_of(game, rules), budget)


def search(start: Start, budget: int | None = None) -> Verdict:
    """The search behind :func:`solve`, on an already prepared :class:`Start`."""
    if start.cards_left == 0:
        return Verdict(Solvability.WINNABLE, (), 0)
    runner = _Search(start, budget)
    try:
        won = runner.run()
    except _OutOfBudget:
        return Verdict(Solvability.UNDECIDED, None, runner.nodes)
    if not won:
        return Verdict(Solvability.NOT_WINNABLE, None, runner.nodes)
    line = tuple(Draw() if step == _DRAW else Take(step + 1) for step in reversed(runner.path))
    return Verdict(Solvability.WINNABLE, line, runner.nodes)


class _Search:
    """One depth-first search with a transposition table; ``path`` is the win, last move first."""

    def __init__(self, start: Start, budget: int | None) -> None:
        self.start = start
        self.limit = sys.maxsize if budget is None else budget
        self.nodes = 0
        self.path: list[int] = []

    def run(self) -> bool:
        start = self.start
        tables = start.tables
        heights = list(start.heights)
        demand, supply = tables.counts(heights, start.drawn, start.discard)
        self.nodes = 1
        if tables.shortfall_exceeds_wild(demand, supply) or tables.any_lonely(heights, supply):
            return False
        hcode = sum(h * _POWERS[c] for c, h in enumerate(heights))
        self.nodes = 0
        columns, stock, fit = tables.columns, tables.stock, tables.fit
        nstock = len(stock)
        wrap, king_supplies, anytime = tables.wrap, tables.king_supplies, tables.draw_anytime
        lonely = tables.lonely
        lost_at: dict[int, int] = {}
        path = self.path
        limit = self.limit
        powers = _POWERS

        def dfs(discard: int, drawn: int, hcode: int, left: int) -> bool:
            self.nodes += 1
            if self.nodes > limit:
                raise _OutOfBudget
            # With drawing at any time, lost with d drawn means lost with more drawn; Strict
            # keys the table by the exact stock index.
            key = hcode * 16 + discard if anytime else (hcode * 16 + discard) * 32 + drawn
            known = lost_at.get(key)
            if known is not None and known <= drawn:
                return False
            if rank_shortfall(demand, supply, wrap, king_supplies) > supply[JOKER] + supply[EMPTY]:
                lost_at[key] = drawn
                return False
            removable = False
            for c in range(7):
                h = heights[c]
                if h:
                    x = columns[c][h - 1]
                    if fit[x][discard]:
                        if left == 1:
                            path.append(c)
                            return True
                        removable = True
                        heights[c] = h - 1
                        demand[x] -= 1
                        supply[discard] -= 1
                        ok = not lonely(heights, supply, discard) and \
                            dfs(x, drawn, hcode - powers[c], left - 1)
                        supply[discard] += 1
                        demand[x] += 1
                        heights[c] = h
                        if ok:
                            path.append(c)
                            return True
            if drawn < nstock and (anytime or not removable):
                supply[discard] -= 1
                ok = not lonely(heights, supply, discard) and dfs(stock[drawn], drawn + 1, hcode, left)
                supply[discard] += 1
                if ok:
                    path.append(_DRAW)
                    return True
            lost_at[key] = drawn
            return False

        recursion = sys.getrecursionlimit()
        sys.setrecursionlimit(max(recursion, 1000))
        try:
            return dfs(start.discard, start.drawn, hcode, start.cards_left)
        finally:
            sys.setrecursionlimit(recursion)
