"""The solver's search compiled with numba (the optional ``[fast]`` extra).

The same search as :class:`golfcards.solitaire.solver._Search` — same state, same table of lost
positions, same matching bound, same move order, so the same verdicts and lines — written as
an explicit-stack loop over numpy arrays that numba compiles to machine code. It is optional
(``pip install golfcards[fast]``) and only for batch work: loading numba costs about a second, more
than a single position's whole search, so a process uses the compiled search only once it asks for
it with :func:`activate` (``solver.warm_up`` does: deal analysis, a server starting up). Without
numba, or with ``GOLFCARDS_SOLVER=python`` in the environment, the pure Python search always runs.
"""

from __future__ import annotations

import importlib.util
import os
import threading
from collections.abc import Sequence
from typing import Any

from golfcards.solitaire.solver_tables import chain_roots, flat_chains, roots_suffice, walk_chains

INSTALLED = importlib.util.find_spec("numba") is not None
"""numba is installed (numba and numpy are imported only when the compiled search first runs)."""
AVAILABLE = INSTALLED and os.environ.get("GOLFCARDS_SOLVER", "").lower() != "python"
"""The compiled search may be used: numba is installed and ``GOLFCARDS_SOLVER`` does not forbid it."""
ACTIVE = False
"""The compiled search is in use in this process (see :func:`activate`)."""
np: Any = None  # numpy, once the compiled search is loaded

WON, LOST, OUT_OF_BUDGET = 1, 0, 2
_DRAW = -1
_TALLEST, _RIGHTMOST = -2, -1
"""The move orders of ``solver.TALLEST`` and ``solver.RIGHTMOST``."""
_MAX_DEPTH = 160
_shortfall: Any = walk_chains
"""The matching bound (see solver_tables.rank_shortfall); compiled with the kernel."""
_chain_roots: Any = chain_roots
_roots_suffice: Any = roots_suffice
"""The chain roots bound (see solver_tables.chain_roots); compiled with the kernel."""
_PRESENT_SETS = 1 << 14
"""Every set of codes a tableau can hold (jokers and ranks; never an empty discard)."""


def _fill_chain_roots(served: Any, wrap: bool, mine: Any, shared: Any, count: Any) -> None:
    """:func:`chain_roots` of every set of codes on the tableau, row ``present`` of each table."""
    for present in range(count.shape[0]):
        count[present] = _chain_roots(present, served, wrap, mine[present], shared[present])


_chain_roots_tables: dict[tuple[tuple[int, ...], bool], tuple[Any, Any, Any]] = {}


def chain_roots_tables(served: tuple[int, ...], wrap: bool) -> tuple[Any, Any, Any]:
    """The compiled search's tables of :func:`chain_roots` for one rule, built once (a few milliseconds)."""
    key = (served, wrap)
    if key not in _chain_roots_tables:
        mine, shared = np.zeros((_PRESENT_SETS, 8), np.int64), np.zeros((_PRESENT_SETS, 8), np.int64)
        count = np.zeros(_PRESENT_SETS, np.int64)
        _fill_chain_roots(np.array(served, np.int64), wrap, mine, shared, count)
        _chain_roots_tables[key] = mine, shared, count
    return _chain_roots_tables[key]


def _lookup(keys: Any, values: Any, key: int) -> int:
    """The fewest cards drawn at which the table holds ``key`` lost, or -1."""
    size = keys.shape[0]
    slot = (key * 0x9E3779B1) & (size - 1)
    while keys[slot] != -1:
        if keys[slot] == key:
            return int(values[slot])
        slot = (slot + 1) & (size - 1)
    return -1


def _store(keys: Any, values: Any, key: int, drawn: int) -> int:
    """Record ``key`` lost with ``drawn`` cards drawn (keeping the fewest); returns 1 if the key is new."""
    size = keys.shape[0]
    slot = (key * 0x9E3779B1) & (size - 1)
    while keys[slot] != -1 and keys[slot] != key:
        slot = (slot + 1) & (size - 1)
    if keys[slot] == -1:
        keys[slot] = key
        values[slot] = drawn
        return 1
    if values[slot] > drawn:
        values[slot] = drawn
    return 0


def _removals(columns: Any, heights: Any, fit: Any, discard: int) -> int:
    """The columns (a bit each) whose free card fits ``discard``."""
    mask = 0
    for c in range(7):
        h = heights[c]
        if h > 0 and fit[columns[c, h - 1], discard]:
            mask |= 1 << c
    return mask


def _probe_key(
    columns: Any, heights: Any, fit: Any, c: int, hcode: int, order: int, follow_bonus: int, blur: int, mix: int
) -> int:
    """How likely removing column ``c``'s free card leads to a win, for the dives and the probes
    (largest first): its height, a bonus when a card it frees or the next card can follow it, and
    with ``order`` a seeded blur of the position's code (each probe tries another order)."""
    h = heights[c]
    x = columns[c, h - 1]
    key: int = h << 5
    if _removals(columns, heights, fit, x) & ~(1 << c) or (h > 1 and fit[columns[c, h - 2], x]):
        key += follow_bonus
    if order:
        key += (((hcode ^ order) * mix) >> (17 + 5 * c) & 31) * blur
    return key


def _dives(
    columns: Any,
    heights: Any,
    stock: Any,
    fit: Any,
    powers: Any,
    discard0: int,
    drawn0: int,
    budget: int,
    dives: int,
    sure_dives: int,
    close_dive: int,
    follow_bonus: int,
    blur: int,
    mix: int,
    line: Any,
) -> tuple[int, int]:
    """The greedy dives of ``solver.DIVES`` from the position: (positions entered, the length of the
    winning line written to ``line``, or -1 when no dive wins). Leaves ``heights`` changed."""
    heights0 = heights.copy()
    left0 = 0
    hcode0 = 0
    for c in range(7):
        left0 += heights[c]
        hcode0 += heights[c] * powers[c]
    nstock = stock.shape[0]
    longest = left0 + nstock - drawn0 + 1
    closest = left0
    nodes = 0
    for order in range(dives):
        if nodes + longest > budget or (order >= sure_dives and closest > close_dive):
            break
        heights[:] = heights0
        discard, drawn, left, hcode = discard0, drawn0, left0, hcode0
        length = 0
        while left > 0:
            # the probes' order: the largest key, the lowest column among equals
            choice = -1
            best = -1
            for c in range(7):
                h = heights[c]
                if h > 0 and fit[columns[c, h - 1], discard]:
                    key = _probe_key(columns, heights, fit, c, hcode, order, follow_bonus, blur, mix)
                    if key > best:
                        best = key
                        choice = c
            if choice >= 0:
                heights[choice] -= 1
                discard = columns[choice, heights[choice]]
                left -= 1
                hcode -= powers[choice]
            elif drawn < nstock:
                discard = stock[drawn]
                drawn += 1
            else:
                break
            line[length] = choice if choice >= 0 else _DRAW
            length += 1
        nodes += length + 1
        if left == 0:
            return nodes, length
        closest = min(closest, left)
    return nodes, -1


def _kernel(
    columns: Any,
    heights: Any,
    stock: Any,
    fit: Any,
    chain_first: Any,
    chain_rank: Any,
    chain_right: Any,
    roots_mine: Any,
    roots_shared: Any,
    roots_count: Any,
    roots: Any,
    doubled: Any,
    anytime: bool,
    to_win: bool,
    discard0: int,
    drawn0: int,
    powers: Any,
    budget: int,
    demand: Any,
    supply: Any,
    best_line: Any,
    dives: int,
    sure_dives: int,
    close_dive: int,
    probe_cutoffs: Any,
    probe_orders: Any,
    follow_bonus: int,
    blur: int,
    dive_blur: int,
    mix: int,
) -> tuple[int, int, int, int]:
    """Run the search; returns (outcome, nodes, fewest cards left, length of ``best_line``).

    First up to ``dives`` greedy dives (see ``solver.DIVES``; after ``sure_dives`` of them, only while
    one has ended with at most ``close_dive`` cards left), then the probes (``probe_cutoffs[i]``
    positions in the order ``probe_orders[i]``, see ``solver.PROBES``), then the exhaustive search in
    the tallest-first order; the probes and the exhaustive search share the table.
    """
    nstock = stock.shape[0]
    # open-addressing table: key -> fewest cards drawn at which the position was found lost
    size = 1 << 12
    keys = np.full(size, -1, np.int64)
    values = np.zeros(size, np.int64)
    used = 0
    f_discard = np.zeros(_MAX_DEPTH, np.int64)
    f_drawn = np.zeros(_MAX_DEPTH, np.int64)
    f_hcode = np.zeros(_MAX_DEPTH, np.int64)
    f_left = np.zeros(_MAX_DEPTH, np.int64)
    f_mask = np.zeros(_MAX_DEPTH, np.int64)
    f_count = np.zeros(_MAX_DEPTH, np.int64)
    f_next = np.zeros(_MAX_DEPTH, np.int64)
    f_move = np.zeros(_MAX_DEPTH, np.int64)
    f_options = np.zeros((_MAX_DEPTH, 8), np.int64)
    hcode0 = 0
    left0 = 0
    for c in range(7):
        hcode0 += heights[c] * powers[c]
        left0 += heights[c]
    best_left = left0
    best_length = 0
    target = 1 if to_win else best_left
    heights0, demand0, supply0 = heights.copy(), demand.copy(), supply.copy()
    nodes, length = _dives(
        columns,
        heights,
        stock,
        fit,
        powers,
        discard0,
        drawn0,
        budget,
        dives,
        sure_dives,
        close_dive,
        follow_bonus,
        dive_blur,
        mix,
        best_line,
    )
    if length >= 0:
        return WON, nodes, 0, length
    nprobes = probe_cutoffs.shape[0]
    keyed = np.zeros(8, np.int64)
    ENTER, NEXT, BACK, RECORD = 0, 1, 2, 3
    for probe in range(nprobes + 1):
        if probe < nprobes:
            if nodes + probe_cutoffs[probe] >= budget:
                continue
            limit = nodes + probe_cutoffs[probe]
            order = probe_orders[probe]
        else:
            limit = budget
            order = _TALLEST
        # every probe starts afresh (an interrupted one leaves its moves applied)
        heights[:] = heights0
        demand[:] = demand0
        supply[:] = supply0
        depth = 0
        f_discard[0], f_drawn[0], f_hcode[0], f_left[0] = discard0, drawn0, hcode0, left0
        f_mask[0] = _removals(columns, heights, fit, discard0)
        action = ENTER
        while True:
            if action == ENTER:
                # the parent has looked the position up in the table already
                nodes += 1
                if nodes > limit:
                    break
                discard, drawn, hcode, left = f_discard[depth], f_drawn[depth], f_hcode[depth], f_left[depth]
                mask = f_mask[depth]
                if left < best_left:
                    best_left = left
                    best_length = depth
                    for i in range(depth):
                        best_line[i] = f_move[i]
                    if left == 0:
                        return WON, nodes, 0, best_length
                    if not to_win:
                        target = left
                count = 0
                for c in range(7):
                    if mask >> c & 1:
                        h = heights[c]
                        if order == _TALLEST:
                            key = h
                        elif order == _RIGHTMOST:
                            key = c
                        else:
                            key = _probe_key(columns, heights, fit, c, hcode, order, follow_bonus, blur, mix)
                        # insertion by key, largest first (stable: lower column first among equals)
                        position = count
                        while position > 0 and keyed[position - 1] < key:
                            f_options[depth, position] = f_options[depth, position - 1]
                            keyed[position] = keyed[position - 1]
                            position -= 1
                        f_options[depth, position] = c
                        keyed[position] = key
                        count += 1
                lost = False
                if count > 0:
                    short = _shortfall(chain_first, chain_rank, chain_right, demand, supply)
                    lost = short - supply[0] - supply[14] >= target
                    if not lost and to_win:
                        present = 0
                        for x in range(demand.shape[0]):
                            if demand[x] > 0:
                                present |= 1 << x
                        lost = not _roots_suffice(
                            roots_mine[present],
                            roots_shared[present],
                            roots_count[present],
                            roots[drawn << 4 | discard],
                            doubled[drawn << 4 | discard],
                        )
                if lost:
                    action = RECORD
                    continue
                if drawn < nstock and (anytime or count == 0):
                    f_options[depth, count] = _DRAW
                    count += 1
                f_count[depth] = count
                f_next[depth] = 0
                action = NEXT
            elif action == NEXT:
                if f_next[depth] < f_count[depth]:
                    move = f_options[depth, f_next[depth]]
                    f_next[depth] += 1
                    discard, drawn = f_discard[depth], f_drawn[depth]
                    if move == _DRAW:
                        child_discard, child_drawn, child_hcode = stock[drawn], drawn + 1, f_hcode[depth]
                        child_mask = _removals(columns, heights, fit, child_discard)
                    else:
                        h = heights[move]
                        child_discard, child_drawn = columns[move, h - 1], drawn
                        child_hcode = f_hcode[depth] - powers[move]
                        heights[move] = h - 1
                        child_mask = _removals(columns, heights, fit, child_discard)
                        heights[move] = h
                    # look the child up before entering it (as the Python search does)
                    key = (child_hcode << 4) | child_discard
                    if not anytime:
                        key = (key << 5) | child_drawn
                    known = _lookup(keys, values, key)
                    if known != -1 and known <= child_drawn:
                        continue
                    f_move[depth] = move
                    supply[discard] -= 1
                    if move != _DRAW:
                        heights[move] -= 1
                        demand[child_discard] -= 1
                    f_discard[depth + 1] = child_discard
                    f_drawn[depth + 1] = child_drawn
                    f_hcode[depth + 1] = child_hcode
                    f_left[depth + 1] = f_left[depth] - (0 if move == _DRAW else 1)
                    f_mask[depth + 1] = child_mask
                    depth += 1
                    action = ENTER
                else:
                    action = RECORD
            elif action == RECORD:
                # remember the position as lost with this many drawn
                drawn = f_drawn[depth]
                key = (f_hcode[depth] << 4) | f_discard[depth]
                if not anytime:
                    key = (key << 5) | drawn
                used += _store(keys, values, key, drawn)
                if 2 * used > size:
                    old_keys, old_values = keys, values
                    size *= 4
                    keys = np.full(size, -1, np.int64)
                    values = np.zeros(size, np.int64)
                    for i in range(old_keys.shape[0]):
                        if old_keys[i] != -1:
                            _store(keys, values, old_keys[i], old_values[i])
                action = BACK
            else:  # BACK: return to the parent and undo the move that led here
                if depth == 0:
                    return LOST, nodes, best_left, best_length
                depth -= 1
                move = f_move[depth]
                supply[f_discard[depth]] += 1
                if move != _DRAW:
                    heights[move] += 1
                    demand[columns[move, heights[move] - 1]] += 1
                action = NEXT
        if probe == nprobes:
            return OUT_OF_BUDGET, nodes, best_left, best_length
    return OUT_OF_BUDGET, nodes, best_left, best_length


_compiled: Any = None
_compiling = threading.Lock()


def activate() -> bool:
    """Compile (or load from numba's cache) the compiled search and use it from now on, if it is
    :data:`AVAILABLE`; returns whether it is in use. For batch work and long-running processes."""
    global ACTIVE
    if AVAILABLE and not ACTIVE:
        compiled_kernel()
        ACTIVE = True
    return ACTIVE


def compiled_kernel() -> Any:
    """The compiled search: numba compiles it on the first call, or loads it from its cache.

    Thread-safe: the web server warms the solver up in one thread while requests may already ask it
    in others, and the module's functions must be wrapped for numba exactly once.
    """
    if _compiled is None:
        with _compiling:
            if _compiled is None:
                _compile()
    return _compiled


def _compile() -> None:
    """Wrap the kernel and the functions it calls for numba (they compile on their first call)."""
    global _compiled, np
    global _lookup, _store, _removals, _probe_key, _dives, _shortfall, _chain_roots, _roots_suffice, _fill_chain_roots
    import numpy
    from numba import njit

    np = numpy
    _lookup, _store, _removals = njit(cache=True)(_lookup), njit(cache=True)(_store), njit(cache=True)(_removals)
    _probe_key = njit(cache=True, inline="always")(_probe_key)
    _dives = njit(cache=True)(_dives)
    _shortfall = njit(cache=True, inline="always")(walk_chains)
    _chain_roots, _roots_suffice = njit(cache=True)(chain_roots), njit(cache=True)(roots_suffice)
    _fill_chain_roots = njit(cache=True)(_fill_chain_roots)
    _compiled = njit(cache=True)(_kernel)


def _roots_tables(tables: Any) -> tuple[Any, Any]:
    """The kernel's arrays of :meth:`SearchTables.roots`, row ``drawn << 4 | discard``."""
    keys = [(drawn, discard) for drawn in range(len(tables.stock_roots)) for discard in range(16)]
    pairs = [tables.roots(drawn, discard) for drawn, discard in keys]
    return np.array([roots for roots, _ in pairs], np.int64), np.array([doubled for _, doubled in pairs], np.int64)


def run(
    tables: Any,
    heights: list[int],
    drawn: int,
    discard: int,
    powers: list[int],
    budget: int,
    to_win: bool,
    demand: list[int],
    supply: list[int],
    dives: int = 0,
    sure_dives: int = 0,
    close_dive: int = 0,
    probes: Sequence[tuple[int, int]] = (),
    follow_bonus: int = 0,
    blur: int = 0,
    dive_blur: int = 0,
    mix: int = 0,
) -> tuple[int, int, int, list[int]]:
    """Run the compiled search: (outcome, nodes, fewest cards left, best line as column/draw steps).

    Up to ``dives`` greedy dives run first (after ``sure_dives``, only while one has ended with at most
    ``close_dive`` cards left), then the ``probes`` (positions, order), then the exhaustive
    search; ``follow_bonus`` (in 32nds of a height), ``blur`` (``dive_blur`` for the dives) and ``mix``
    define the dives' and the probes' orders as in the pure Python search.
    """
    kernel = compiled_kernel()
    rows = max([len(column) for column in tables.columns] + [1])
    columns = np.zeros((7, rows), np.int64)
    for c, column in enumerate(tables.columns):
        columns[c, : len(column)] = column
    line = np.zeros(_MAX_DEPTH, np.int64)
    chain_first, chain_rank, chain_right = flat_chains(tables.wrap, tables.king_supplies)
    outcome, nodes, best_left, length = kernel(
        columns,
        np.array(heights, np.int64),
        np.array(tables.stock, np.int64),
        np.array(tables.fit, np.bool_),
        np.array(chain_first, np.int64),
        np.array(chain_rank, np.int64),
        np.array(chain_right, np.int64),
        *chain_roots_tables(tables.served, tables.wrap),
        *_roots_tables(tables),
        tables.draw_anytime,
        to_win,
        discard,
        drawn,
        np.array(powers, np.int64),
        budget,
        np.array(demand, np.int64),
        np.array([*supply, 0], np.int64),
        line,
        dives,
        sure_dives,
        close_dive,
        np.array([cutoff for cutoff, _ in probes], np.int64),
        np.array([order for _, order in probes], np.int64),
        follow_bonus,
        blur,
        dive_blur,
        mix,
    )
    return int(outcome), int(nodes), int(best_left), [int(step) for step in line[:length]]
