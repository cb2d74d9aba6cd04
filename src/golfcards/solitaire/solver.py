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
* sound bounds (``solver_tables``) that prove a position lost long before the stock runs out;
* move ordering: removals before drawing, tallest column first.

With numba installed (the ``[fast]`` extra) the same search runs compiled (``solver_fast``).

:func:`most_removals` runs the same search to find how far a lost position can still be played
(the most cards that can still be removed, and a line that removes them), for hints.

Every rule set of the engine is supported: Easy, Classic, Strict, with jokers and an empty discard.
"""

from __future__ import annotations

import enum
import sys
from dataclasses import dataclass

from golfcards.errors import GolfError
from golfcards.solitaire import solver_fast
from golfcards.solitaire.board import Board, Draw, Move, Take
from golfcards.solitaire.codes import GameCode
from golfcards.solitaire.deal import Deal
from golfcards.solitaire.rules import Rules
from golfcards.solitaire.solver_tables import EMPTY, JOKER, Tables, rank_code, shortfall_function

Game = Board | Deal | GameCode | str
"""What the solver accepts: a board (its current position), a deal (with rules), a game code."""

_DRAW = -1
_BASE = 6


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


@dataclass(frozen=True, slots=True)
class Best:
    """How far a position can still be played: the fewest cards it can leave on the tableau.

    ``line`` reaches that; ``complete`` is False when a budget stopped the search early (then
    ``cards_left`` is the best found, not necessarily the best possible).
    """

    cards_left: int
    line: tuple[Move, ...]
    complete: bool
    nodes: int


class _OutOfBudget(Exception):
    """The caller's budget is spent: the answer is undecided."""




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


def start_of(game: Game, rules: Rules | None = None, *, draw_anytime: bool | None = None) -> Start:
    """Read any accepted ``game`` into the solver's terms.

    ``rules`` replaces the game's rule (Easy, Classic, Strict) for the same cards; its jokers and
    empty-discard options must match the game's. ``draw_anytime`` is only for comparing with
    solvers whose "strict" rule lets the player draw at any time.
    """
    if isinstance(game, str):
        game = GameCode.parse(game)
    if isinstance(game, GameCode):
        game = Board.from_code(game)
    if isinstance(game, Deal):
        game = Board(game, rules if rules is not None else Rules(empty_discard=game.discard is None))
    if not isinstance(game, Board):
        raise GolfError("solver.bad_game", f"cannot solve a {type(game).__name__}: give a board, a deal or a code")
    if rules is not None and (rules.jokers, rules.empty_discard) != (game.rules.jokers, game.rules.empty_discard):
        raise GolfError("solver.rules_mismatch",
                        "the rules' jokers and empty-discard options must match the game's cards")
    tables = Tables(game.deal.columns, game.deal.stock, rules or game.rules, draw_anytime)
    return Start(tables, tuple(game.heights), game.drawn, rank_code(game.discard))


def warm_up() -> None:
    """Prepare the search now rather than on the first request (for long-running interfaces).

    With the compiled search this compiles it, or loads it from numba's cache (about a second);
    without it this costs nothing worth noting.
    """
    search(start_of(GameCode(1, Rules()).deal(), Rules()), budget=1)


def solve(game: Game, rules: Rules | None = None, *, budget: int | None = None) -> Verdict:
    """Decide whether ``game`` can still be won; with a win, return a winning line.

    ``budget`` caps the number of positions examined (for interactive use): when it runs out the
    verdict is :attr:`Solvability.UNDECIDED`. Without it the search always decides.
    """
    return search(start_of(game, rules), budget)


def search(start: Start, budget: int | None = None) -> Verdict:
    """The search behind :func:`solve`, on an already prepared :class:`Start`."""
    runner = _Search(start, budget, to_win=True)
    try:
        runner.run()
    except _OutOfBudget:
        return Verdict(Solvability.UNDECIDED, None, runner.nodes)
    if runner.best_left:
        return Verdict(Solvability.NOT_WINNABLE, None, runner.nodes)
    return Verdict(Solvability.WINNABLE, _moves(runner.best_line), runner.nodes)


def most_removals(game: Game, rules: Rules | None = None, *, budget: int | None = None) -> Best:
    """The fewest cards ``game`` can still leave on the tableau, and a line that leaves them.

    A winnable position gives ``cards_left == 0`` and a winning line. With a ``budget`` the
    search may stop early: the result is then the best line found (``complete`` False).
    """
    runner = _Search(start_of(game, rules), budget, to_win=False)
    complete = True
    try:
        runner.run()
    except _OutOfBudget:
        complete = False
    return Best(runner.best_left, _moves(runner.best_line), complete, runner.nodes)


def _moves(steps: list[int]) -> tuple[Move, ...]:
    return tuple(Draw() if step == _DRAW else Take(step + 1) for step in steps)


class _Search:
    """One depth-first search with a transposition table.

    ``to_win``: stop at the first win and prune every position that cannot be cleared (the
    decision). Otherwise look for the position with the fewest cards left, pruning only what
    cannot beat the best found so far. ``best_left`` / ``best_line`` hold the best position
    reached (0 cards left: a win) and the moves to it.
    """

    def __init__(self, start: Start, budget: int | None, to_win: bool) -> None:
        self.start = start
        self.limit = sys.maxsize if budget is None else budget
        self.to_win = to_win
        self.nodes = 0
        self.best_left = start.cards_left
        self.best_line: list[int] = []

    def run(self) -> None:
        start = self.start
        if start.cards_left == 0:
            return
        tables = start.tables
        heights = list(start.heights)
        demand, supply = tables.counts(heights, start.drawn, start.discard)
        # The lonely-card bound proves that one card can never go, which loses the game but
        # not the search for the best partial result. It is checked once, here: checked after
        # every move it costs more time than the positions it saves (see docs/solver.md).
        if self.to_win and tables.any_lonely(heights, supply):
            self.nodes = 1
            return
        # Column heights packed in one integer, one digit per column.
        base = max([_BASE] + [len(column) + 1 for column in tables.columns])
        powers = [base**c for c in range(7)]
        if solver_fast.AVAILABLE:
            outcome, self.nodes, self.best_left, self.best_line = solver_fast.run(
                tables, heights, start.drawn, start.discard, powers,
                self.limit if self.limit < 2**62 else 2**62, self.to_win, demand, supply)
            if outcome == solver_fast.OUT_OF_BUDGET:
                raise _OutOfBudget
            return
        columns, stock, fit = tables.columns, tables.stock, tables.fit
        nstock = len(stock)
        wrap, king_supplies, anytime = tables.wrap, tables.king_supplies, tables.draw_anytime
        shortfall = shortfall_function(wrap, king_supplies)
        lost_at: dict[int, int] = {}
        get_lost = lost_at.get
        # ``free[c]``: the code of column c's free card, or NONE for an empty column; and for
        # each discard code, whether each card code fits on it.
        NONE = len(fit)
        free = [column[h - 1] if h else NONE for column, h in zip(columns, heights, strict=True)]
        fits_on = [[fit[x][n] for x in range(len(fit))] + [False] for n in range(len(fit))]
        order = range(7)
        trail: list[int] = []
        limit = self.limit
        to_win = self.to_win
        nodes = 0
        # A position is pruned when the matching bound shows it cannot leave fewer than
        # ``target`` cards: 1 in the decision (it must reach 0), else the fewest found so far.
        target = 1 if to_win else self.best_left
        best_left = self.best_left

        def dfs(discard: int, drawn: int, hcode: int, left: int) -> bool:
            nonlocal nodes, target, best_left
            nodes += 1
            if nodes > limit:
                raise _OutOfBudget
            if left < best_left:
                best_left = left
                self.best_line = list(trail)
                if left == 0:
                    return True
                if not to_win:
                    target = left
            # With drawing at any time, lost with d drawn means lost with more drawn; Strict
            # keys the table by the exact stock index.
            key = hcode * 16 + discard if anytime else (hcode * 16 + discard) * 32 + drawn
            known = get_lost(key)
            if known is not None and known <= drawn:
                return False
            fits = fits_on[discard]
            candidates = [c for c in order if fits[free[c]]]
            # A position whose only move is the draw needs no bound: the position after the draw
            # has the same tableau and less supply, so its bound is at least as strong.
            if candidates and shortfall(demand, supply) - supply[JOKER] - supply[EMPTY] >= target:
                lost_at[key] = drawn
                return False
            if len(candidates) > 1:
                # Tallest column first: it has the most cards still to free.
                candidates.sort(key=heights.__getitem__, reverse=True)
            for c in candidates:
                h = heights[c]
                x = columns[c][h - 1]
                heights[c] = h - 1
                free[c] = columns[c][h - 2] if h > 1 else NONE
                demand[x] -= 1
                supply[discard] -= 1
                trail.append(c)
                ok = dfs(x, drawn, hcode - powers[c], left - 1)
                trail.pop()
                supply[discard] += 1
                demand[x] += 1
                heights[c] = h
                free[c] = x
                if ok:
                    return True
            if drawn < nstock and (anytime or not candidates):
                supply[discard] -= 1
                trail.append(_DRAW)
                ok = dfs(stock[drawn], drawn + 1, hcode, left)
                trail.pop()
                supply[discard] += 1
                if ok:
                    return True
            lost_at[key] = drawn
            return False

        hcode = sum(h * powers[c] for c, h in enumerate(heights))
        recursion = sys.getrecursionlimit()
        sys.setrecursionlimit(max(recursion, 1000))
        try:
            dfs(start.discard, start.drawn, hcode, start.cards_left)
        finally:
            sys.setrecursionlimit(recursion)
            self.nodes = nodes
            self.best_left = best_left

