"""The exact Golf Solitaire solver: is a deal (or any position) winnable, and how.

``solve(game)`` answers for a :class:`~golfcards.solitaire.board.Board` (its current position),
a :class:`~golfcards.solitaire.deal.Deal` with :class:`~golfcards.solitaire.rules.Rules`, or a
game code. The answer is a :class:`Verdict`: winnable (with a winning line of moves the
:class:`Board` replays to a win), not winnable, or — only when a ``budget`` of search nodes was
given and spent — undecided. Without a budget every position is decided; there is no hidden cap.
Every rule set of the engine is supported: Easy, Classic, Strict, with jokers and an empty discard.

The search is depth-first over compact positions (:mod:`.solver_tables`), with a transposition
table of lost positions, sound bounds that prove a position lost early, and removals tried before
drawing; in the decision, greedy dives and short probes in other move orders look for a winning
line first. In pure Python a deal not decided within :data:`SWEEP_AFTER` positions is handed to the
sweep (:mod:`.solver_sweep`); with numba (the ``[fast]`` extra) the same search runs compiled
(:mod:`.solver_fast`). :func:`most_removals` runs the same search for how far a lost position can
still be played (for hints). How it works, with the reference figures: ``docs/solver.md``; what was
measured and tried on the way: ``docs/journal/solver.md``.
"""

from __future__ import annotations

import enum
import sys
from collections.abc import Sequence
from dataclasses import dataclass

from golfcards.errors import GolfError
from golfcards.solitaire import solver_fast, solver_sweep
from golfcards.solitaire.board import Board, Draw, Move, Take
from golfcards.solitaire.codes import GameCode
from golfcards.solitaire.deal import Deal
from golfcards.solitaire.rules import Rules
from golfcards.solitaire.solver_tables import (
    CODES,
    EMPTY,
    JOKER,
    SearchTables,
    chain_roots_table,
    rank_code,
    roots_suffice,
    shortfall_function,
)

Game = Board | Deal | GameCode | str
"""What the solver accepts: a board (its current position), a deal (with rules), a game code."""

_DRAW = solver_sweep.DRAW
_BASE = 6
_JUNK = 15
_ALL = 16
"""Slots of the search's ``tops`` list beyond the card codes: scratch, and every non-empty column."""
_COLUMNS_OF = [tuple(c for c in range(7) if mask >> c & 1) for mask in range(128)]
_POW5 = [5**x for x in range(CODES)]
"""The digits of the search's key of the tableau's counts per code (at most 4 cards of a code)."""


class _Unknown(dict[int, int]):
    """A dict that answers 0 (not known lost) for a missing key, without storing it."""

    def __missing__(self, key: int) -> int:
        return 0


_spare_tables: list[bytearray] = []
"""Byte tables of finished searches, zeroed again, for the next search (allocating and zeroing a
fresh one costs about a millisecond, as much as an easy deal's whole search)."""


def _lost_table(size: int) -> bytearray:
    """A zeroed byte table of at least ``size`` entries: a spare one if there is one."""
    while _spare_tables:
        try:
            table = _spare_tables.pop()
        except IndexError:  # another thread took it
            break
        if len(table) >= size:
            return table
    return bytearray(size)


def _return_lost_table(table: bytearray, stored: list[int]) -> None:
    """Zero the entries a search wrote and keep the table for the next search."""
    if len(stored) > len(table) >> 4:
        table[:] = bytes(len(table))
    else:
        for key in stored:
            table[key] = 0
    if len(_spare_tables) < 2:
        _spare_tables.append(table)


def _tops(columns: list[list[int]], heights: Sequence[int]) -> list[int]:
    """For each card code, the columns (one bit each) whose free card has it; see _run_python."""
    tops = [0] * (_ALL + 1)
    for c, h in enumerate(heights):
        if h:
            tops[columns[c][h - 1]] |= 1 << c
            tops[_ALL] |= 1 << c
    return tops


def _free_cards(columns: list[list[int]]) -> tuple[list[list[int]], list[list[int]], list[int]]:
    """The search's tables of free cards, by column and height ``h`` (the column's cards before a move).

    ``card_at[c][h]``: the code of column ``c``'s free card; ``below[c][h]``: the code of the card it
    uncovers (slot ``_JUNK`` when none); ``emptied[h]``: the ``tops`` slot that loses the column when the
    move empties it (``_ALL`` for ``h == 1``, else ``_JUNK``).
    """
    card_at = [[_JUNK] + column for column in columns]
    below = [[_JUNK, _JUNK] + column[:-1] for column in columns]
    emptied = [_JUNK, _ALL] + [_JUNK] * max(len(column) for column in columns)
    return card_at, below, emptied


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

    tables: SearchTables
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
        raise GolfError(
            "solver.rules_mismatch", "the rules' jokers and empty-discard options must match the game's cards"
        )
    tables = SearchTables(game.deal.columns, game.deal.stock, rules or game.rules, draw_anytime)
    return Start(tables, tuple(game.heights), game.drawn, rank_code(game.discard))


def warm_up() -> None:
    """Prepare the search for batch work or a long-running process (analysis, a server).

    Switches to the compiled search when numba is installed: compiling it, or loading it from
    numba's cache, takes about a second, so only processes that solve many positions pay it (a
    single ``golf solitaire hint`` stays in pure Python). Also builds the sweep's masks (a few tens
    of milliseconds), which the pure Python search uses.
    """
    solver_sweep.cards_left_masks(_BASE)  # and the slabs it is built from
    if solver_fast.activate():
        search(start_of(GameCode(1, Rules()).deal(), Rules()), budget=1)


def solve(game: Game, rules: Rules | None = None, *, budget: int | None = None) -> Verdict:
    """Decide whether ``game`` can still be won; with a win, return a winning line.

    ``budget`` caps the number of positions examined (for interactive use): when it runs out the
    verdict is :attr:`Solvability.UNDECIDED`. Without it the search always decides.
    """
    return search(start_of(game, rules), budget)


SWEEP_AFTER = 15_000
"""Positions the pure Python depth-first search examines before it hands the deal to the sweep
(``solver_sweep``). Most deals are decided in fewer; the sweep decides the others in a few tens of
milliseconds whatever their size. Tuned on the reference deals (docs/solver.md): lower, Classic's
and strict's medians rise (their median deals take 5,000-10,000 positions, about a sweep's time);
higher, the 99th percentiles rise."""
SWEEP_COST = 30_000
"""What a sweep counts for against a caller's ``budget``, in positions: the slowest sweeps of the
reference deals take about as long as 30,000 positions of the depth-first search (about 0.1 s). With
a budget the sweep runs only if that much of the budget is left, so a budget still means "stop early"."""


def search(start: Start, budget: int | None = None) -> Verdict:
    """The search behind :func:`solve`, on an already prepared :class:`Start`.

    The pure Python search switches to the sweep when the depth-first search has spent
    :data:`SWEEP_AFTER` positions (and the budget, if any, leaves :data:`SWEEP_COST`); the
    compiled search does not need it.
    """
    sweeping = _sweeping(budget)
    runner = _Search(start, SWEEP_AFTER if sweeping else budget, to_win=True)
    try:
        runner.run()
    except _OutOfBudget:
        if not sweeping:
            return Verdict(Solvability.UNDECIDED, None, runner.nodes)
        steps, reached = solver_sweep.sweep(
            start.tables, start.heights, start.drawn, start.discard, _powers(start.tables)
        )
        nodes = runner.nodes + reached
        if steps is None:
            return Verdict(Solvability.NOT_WINNABLE, None, nodes)
        return Verdict(Solvability.WINNABLE, _moves(steps), nodes)
    if runner.best_left:
        return Verdict(Solvability.NOT_WINNABLE, None, runner.nodes)
    return Verdict(Solvability.WINNABLE, _moves(runner.best_line), runner.nodes)


def most_removals(game: Game, rules: Rules | None = None, *, budget: int | None = None) -> Best:
    """The fewest cards ``game`` can still leave on the tableau, and a line that leaves them.

    A winnable position gives ``cards_left == 0`` and a winning line. With a ``budget`` the
    search may stop early: the result is then the best line found (``complete`` False). In pure
    Python it hands over to the sweep like :func:`search`, which finds the exact fewest.
    """
    start = start_of(game, rules)
    sweeping = _sweeping(budget)
    runner = _Search(start, SWEEP_AFTER if sweeping else budget, to_win=False)
    complete = True
    try:
        runner.run()
    except _OutOfBudget:
        if sweeping:
            left, steps, reached = solver_sweep.fewest(
                start.tables, start.heights, start.drawn, start.discard, _powers(start.tables)
            )
            return Best(left, _moves(steps), True, runner.nodes + reached)
        complete = False
    return Best(runner.best_left, _moves(runner.best_line), complete, runner.nodes)


TALLEST, RIGHTMOST = -2, -1
"""Move orders among a position's removals. ``TALLEST``, the exhaustive search's: the tallest fitting
column first (it has the most cards still to free; the lower column first among equals).
``RIGHTMOST``: the rightmost fitting column first. An order ``k >= 0`` is a probe's *likeliest
first*: tallest first, but a removal after which a free card fits the removed one (the chain goes
on) counts :data:`FOLLOW_BONUS` heights more, and for ``k > 0`` each column's height is blurred by up
to :data:`BLUR` by an amount a hash of ``k`` and the position picks, so each ``k`` is another
repeatable variation (the same in the compiled search)."""
FOLLOW_BONUS = 2
BLUR = 3
_MIX = 0x9E3779B97F
"""The blur's hash multiplier: 40 bits, so ``(hcode ^ k) * _MIX`` fits 64 bits (the compiled
search's int64; an hcode is below 2**19)."""
PROBES: tuple[tuple[int, int], ...] = (
    (60, 0),
    (60, RIGHTMOST),
    (60, 2),
    (60, 3),
    (60, 4),
    (120, 0),
    (120, RIGHTMOST),
    (60, 5),
    (60, 6),
    (60, 7),
    (240, 0),
    (240, RIGHTMOST),
)
"""The line-finding probes run before the exhaustive search, as (positions, order).

A probe is the same depth-first search (same bounds, same table of lost positions, which the
probes and the exhaustive search share: what a probe proves lost stays proven) in another move
order, stopped after its positions. A winnable deal usually has many winning lines, but a
depth-first search that makes one early mistake must prove the whole subtree under it lost before
it gets back (hundreds of thousands of positions on the worst deals): starting again in another
order is cheaper than backtracking. A probe that ends within its positions decides the position
(won, or proven lost). 60 positions fit one dive to the end (a line is at most 51 moves) and a
little backtracking near it; the two plain orders come back with twice, then four times the
positions (as in Luby's restart schedule). Measured in docs/solver.md."""


DIVES = 24
"""Greedy dives run before the probes, in the decision and where drawing is allowed at any time: dive
``k`` (``k < DIVES``) plays the position to its end in the probes' order ``k`` (the likeliest first,
blurred by :data:`DIVE_BLUR` for ``k > 0``), taking a fitting card whenever there is one and drawing
only when stuck, with no bound, no table and no way back. A dive's position costs a few times less
than a probe's (nothing is computed for it but its move), most winnable Easy deals fall to one of
the dives, and a dive that wins is the line. Dives never draw while a card fits, so the lines that
need such a draw are left to the probes; where drawing is allowed only when stuck (the engine's
Strict), the probes' own first descent is such a dive already, and there are none. Measured in
docs/solver.md."""
SURE_DIVES = 4
CLOSE_DIVE = 5
"""After the first :data:`SURE_DIVES` dives, the next one runs only while some dive has ended with at
most ``CLOSE_DIVE`` cards left: dives that all end far from a win mostly mean a lost deal, which
would pay every dive for nothing."""
DIVE_BLUR = 6
"""The dives' :data:`BLUR`: more than the probes', since a dive has no backtracking to mend what a
blurred choice gets wrong and many dives need to differ."""


def _dives(start: Start, powers: list[int], limit: int) -> tuple[list[int] | None, int]:
    """The greedy dives of :data:`DIVES` from ``start``: (the first winning line, or None; positions).

    Each dive counts the positions it enters, the start included. A dive runs only if it cannot take
    the positions past ``limit`` (and, after :data:`SURE_DIVES`, while one has come :data:`CLOSE_DIVE`
    cards near a win).
    """
    diver = _Diver(start, powers)
    longest = start.cards_left + len(start.tables.stock) - start.drawn + 1
    nodes = 0
    closest = start.cards_left
    for order in range(DIVES):
        if nodes + longest > limit or (order >= SURE_DIVES and closest > CLOSE_DIVE):
            break
        line, left = diver.dive(order)
        nodes += len(line) + 1
        if not left:
            return line, nodes
        closest = min(closest, left)
    return None, nodes


class _Diver:
    """Greedy dives from one position (see :data:`DIVES`): what they look up, built once for all."""

    def __init__(self, start: Start, powers: list[int]) -> None:
        self.start = start
        self.powers = powers
        self.card_at, self.below, self.emptied = _free_cards(start.tables.columns)
        self.tops = _tops(start.tables.columns, start.heights)
        self.hcode = sum(h * powers[c] for c, h in enumerate(start.heights))

    def dive(self, order: int) -> tuple[list[int], int]:
        """Play the position out in the probes' order ``order``: (the steps, the cards left at the end).

        Takes the fitting card that order ranks first whenever there is one, else draws, until the
        tableau is empty (0 cards left: the steps are a winning line) or nothing is left to do.
        """
        start, powers = self.start, self.powers
        stock, fitting, served = start.tables.stock, start.tables.fitting, start.tables.served
        card_at, below, emptied, columns_of = self.card_at, self.below, self.emptied, _COLUMNS_OF
        bonus, blur = 32 * FOLLOW_BONUS, DIVE_BLUR
        heights, tops = list(start.heights), list(self.tops)
        discard, drawn, left, hcode = start.discard, start.drawn, start.cards_left, self.hcode
        nstock = len(stock)
        line: list[int] = []
        while left:
            first, second, third = fitting[discard]
            mask = tops[first] | tops[second] | tops[third]
            if mask:
                candidates = columns_of[mask]
                c = candidates[0]
                if len(candidates) > 1:
                    # the probes' order (see _Search): the largest key, the lowest column among equals
                    mix = (hcode ^ order) * _MIX if order else 0
                    best = -1
                    for d in candidates:
                        h = heights[d]
                        x = card_at[d][h]
                        key = h << 5
                        one, two, three = fitting[x]
                        if (tops[one] | tops[two] | tops[three]) & ~(1 << d) or served[x] >> below[d][h] & 1:
                            key += bonus
                        if mix:
                            key += (mix >> (17 + 5 * d) & 31) * blur
                        if key > best:
                            best, c = key, d
                h = heights[c]
                x = card_at[c][h]
                bit = 1 << c
                heights[c] = h - 1
                tops[x] ^= bit
                tops[below[c][h]] |= bit
                tops[emptied[h]] ^= bit
                discard, left, hcode = x, left - 1, hcode - powers[c]
                line.append(c)
            elif drawn < nstock:
                discard, drawn = stock[drawn], drawn + 1
                line.append(_DRAW)
            else:
                break
        return line, left


def _sweeping(budget: int | None) -> bool:
    """Whether a search hands over to the sweep after SWEEP_AFTER positions (pure Python only)."""
    return not solver_fast.ACTIVE and (budget is None or budget - SWEEP_AFTER >= SWEEP_COST)


def _powers(tables: SearchTables) -> list[int]:
    """Each column's stride when the column heights are packed in one integer, one digit per column."""
    base = max([_BASE] + [len(column) + 1 for column in tables.columns])
    return [base**c for c in range(7)]


_MOVE_OF: dict[int, Move] = {_DRAW: Draw(), **{c: Take(c + 1) for c in range(7)}}
"""The move of each step of a line (moves are immutable values: one of each is enough)."""


def _moves(steps: list[int]) -> tuple[Move, ...]:
    return tuple(map(_MOVE_OF.__getitem__, steps))


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
        self.probes = PROBES if to_win else ()

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
        powers = _powers(tables)
        diving = self.to_win and tables.draw_anytime
        if diving and not solver_fast.ACTIVE:
            line, self.nodes = _dives(start, powers, self.limit)
            if line is not None:
                self.best_left, self.best_line = 0, line
                return
        if solver_fast.ACTIVE:
            outcome, self.nodes, self.best_left, self.best_line = solver_fast.run(
                tables,
                heights,
                start.drawn,
                start.discard,
                powers,
                self.limit if self.limit < 2**62 else 2**62,
                self.to_win,
                demand,
                supply,
                DIVES if diving else 0,
                SURE_DIVES,
                CLOSE_DIVE,
                self.probes,
                32 * FOLLOW_BONUS,
                BLUR,
                DIVE_BLUR,
                _MIX,
            )
            if outcome == solver_fast.OUT_OF_BUDGET:
                raise _OutOfBudget
            return
        self._run_python(heights, demand, supply, powers)

    def _run_python(self, heights: list[int], demand: list[int], supply: list[int], powers: list[int]) -> None:
        """The search in plain Python (the compiled one is solver_fast)."""
        start, tables = self.start, self.start.tables
        columns, stock = tables.columns, tables.stock
        nstock = len(stock)
        anytime = tables.draw_anytime
        shortfall = shortfall_function(tables.wrap, tables.king_supplies)
        # Positions proven lost, by (heights, discard): the fewest cards drawn at which each was, plus
        # one (0: not known). With drawing at any time a flat byte table over every key (see _lost_table),
        # else (the key holds the stock index too) a dict.
        stored: list[int] = []
        lost: bytearray | _Unknown = _lost_table(powers[-1] * powers[1] << 4) if anytime else _Unknown()
        # ``tops[x]``: the columns (a bit each) whose free card has code x. Slot _ALL holds every
        # non-empty column (for a joker or empty discard, on which anything fits); slot _JUNK takes
        # the updates that mean nothing (no new free card, or a column that is not emptied).
        tops = _tops(columns, heights)
        # After taking column c's free card at height h: the code of its new free card, and the slot
        # that loses the column when it empties.
        card_at, below, emptied = _free_cards(columns)
        columns_of = _COLUMNS_OF
        fitting = tables.fitting
        trail: list[int] = []
        to_win = self.to_win
        limit = self.limit
        nodes = self.nodes  # the dives' positions
        # A position is pruned when the matching bound shows it cannot leave fewer than
        # ``target`` cards: 1 in the decision (it must reach 0), else the fewest found so far.
        target = 1 if to_win else self.best_left
        best_left = self.best_left

        chain_roots = chain_roots_table(tables.served, tables.wrap)
        stock_roots = tables.stock_roots
        # In the decision both bounds depend only on the tableau's count of each code (the supply
        # follows from it, the cards drawn and the discard): their verdict is kept by that key
        # (``counts``: the tableau's counts as digits in base 5), and half the positions find it there.
        hopeful: dict[int, bool] = {}
        pow5 = _POW5

        served = tables.served
        follow_bonus = 32 * FOLLOW_BONUS
        blur = BLUR

        class Likeliest(list[int]):
            """The sort key of a probe's order (see TALLEST): heights in 32nds, item 0 the position's hcode."""

            def __call__(self, c: int) -> int:
                h = heights[c]
                x = card_at[c][h]
                first, second, third = fitting[x]
                score = h << 5
                if (tops[first] | tops[second] | tops[third]) & ~(1 << c) or served[x] >> below[c][h] & 1:
                    score += follow_bonus
                if order:
                    score += (((self[0] ^ order) * _MIX) >> (17 + 5 * c) & 31) * blur
                return score

        likeliest = Likeliest([0])

        def dfs(discard: int, drawn: int, hcode: int, left: int, present: int, counts: int) -> bool:
            # The caller has already looked the position up in the table of lost positions.
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
            # The columns whose free card fits the discard: the position's removals.
            first, second, third = fitting[discard]
            mask = tops[first] | tops[second] | tops[third]
            # A position whose only move is the draw needs no bound: the position after the draw
            # has the same tableau and less supply, so its bound is at least as strong. Else the
            # matching bound, then (in the decision) the chain roots bound.
            if not mask:
                expand = True
            elif not to_win:
                expand = shortfall(demand, supply) - supply[JOKER] - supply[EMPTY] < target
            else:
                key = counts << 9 | drawn << 4 | discard
                cached = hopeful.get(key)
                if cached is not None:
                    expand = cached
                else:
                    expand = shortfall(demand, supply) - supply[JOKER] - supply[EMPTY] < 1
                    if expand:
                        mine, shared = chain_roots[present]
                        in_stock, doubled = stock_roots[drawn]
                        expand = roots_suffice(
                            mine, shared, len(mine), in_stock | 1 << discard, doubled | in_stock & 1 << discard
                        )
                    hopeful[key] = expand
            if expand:
                candidates: Sequence[int] = columns_of[mask]
                if len(candidates) > 1:
                    if order == TALLEST:
                        candidates = sorted(candidates, key=heights.__getitem__, reverse=True)
                    elif order == RIGHTMOST:
                        candidates = candidates[::-1]
                    else:
                        likeliest[0] = hcode
                        candidates = sorted(candidates, key=likeliest, reverse=True)
                supply[discard] -= 1
                for c in candidates:
                    h = heights[c]
                    x = card_at[c][h]
                    child = hcode - powers[c]
                    # Lost with d drawn means lost with more drawn (drawing at any time).
                    known = lost[child << 4 | x] if anytime else lost[(child << 4 | x) << 5 | drawn]
                    if known and known <= drawn + 1:
                        continue
                    y = below[c][h]
                    bit = 1 << c
                    heights[c] = h - 1
                    tops[x] ^= bit
                    tops[y] |= bit
                    tops[emptied[h]] ^= bit
                    demand[x] -= 1
                    trail.append(c)
                    ok = dfs(x, drawn, child, left - 1, present if demand[x] else present ^ 1 << x, counts - pow5[x])
                    trail.pop()
                    demand[x] += 1
                    tops[emptied[h]] ^= bit
                    tops[y] ^= bit
                    tops[x] |= bit
                    heights[c] = h
                    if ok:
                        supply[discard] += 1
                        return True
                if drawn < nstock and (anytime or not mask):
                    card = stock[drawn]
                    known = lost[hcode << 4 | card] if anytime else lost[(hcode << 4 | card) << 5 | drawn + 1]
                    if not known or known > drawn + 2:
                        trail.append(_DRAW)
                        ok = dfs(card, drawn + 1, hcode, left, present, counts)
                        trail.pop()
                        if ok:
                            supply[discard] += 1
                            return True
                supply[discard] += 1
            # Lost: stored as drawn + 1 (0 is "not known lost"). Each key is stored once (a position
            # already known lost with as few cards drawn is never searched again).
            if anytime:
                key = hcode << 4 | discard
                lost[key] = drawn + 1
                stored.append(key)
            else:
                lost[(hcode << 4 | discard) << 5 | drawn] = drawn + 1
            return False

        hcode = sum(h * powers[c] for c, h in enumerate(heights))
        counts = sum(n * _POW5[x] for x, n in enumerate(demand))
        present = tables.present(heights)
        initial = list(heights), list(demand), list(supply)
        order = TALLEST
        recursion = sys.getrecursionlimit()
        sys.setrecursionlimit(max(recursion, 1000))
        try:
            for probe in self.probes:
                cutoff, order = probe
                if nodes + cutoff >= self.limit:
                    break
                limit = nodes + cutoff
                try:
                    dfs(start.discard, start.drawn, hcode, start.cards_left, present, counts)
                    return  # decided: won, or proven lost within the probe
                except _OutOfBudget:
                    # The interrupted probe left its moves applied: the next one starts afresh.
                    heights[:], demand[:], supply[:] = (list(values) for values in initial)
                    tops[:] = _tops(columns, heights)
                    trail.clear()
            order, limit = TALLEST, self.limit
            dfs(start.discard, start.drawn, hcode, start.cards_left, present, counts)
        finally:
            sys.setrecursionlimit(recursion)
            if isinstance(lost, bytearray):
                _return_lost_table(lost, stored)
            self.nodes = nodes
            self.best_left = best_left
