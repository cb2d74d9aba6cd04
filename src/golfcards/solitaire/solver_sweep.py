"""Every reachable position at once: the exact solver's sweep for deals the depth-first search finds hard.

The hard deals for the depth-first search are near misses: no bound stops it early, and it visits
hundreds of thousands of positions. This module instead computes the set of every reachable
position, with Python's big integers as bit sets over column-height vectors (bit ``hcode`` stands
for the heights whose base-6 digits are ``hcode``'s, as in the search), one set per discard rank
code (:mod:`.solver_tables` codes) and per *layer* (cards drawn).

* A removal of column ``c``'s free card ``x`` from height ``j`` onto discard ``d`` moves the
  positions of ``reached[d]`` with ``h_c == j`` (a precomputed *slab* mask) down one card into
  ``reached[x]``; passes spread only the positions new in the last pass, until none is new.
* A draw moves every reached height to the next stock card's discard, in the next layer. Where
  drawing is allowed at any time, fewer cards drawn dominate more, so the layers are cumulative;
  under Strict each layer is exact and only the heights with no removal draw.
* The deal is winnable iff the all-empty heights are reached in some layer; the winning line is
  found backwards from there through the kept sets.

The solver runs it only after its depth-first search has spent a budget: its cost per pass does not
depend on how many positions are reached. Measurements: ``docs/solver.md``.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import cache

from golfcards.solitaire.solver_tables import CODES, SearchTables

DRAW = -1
"""A step of a line: draw; any other step ``c`` takes column ``c``'s free card (0-based)."""
COLUMNS = 7


@cache
def slabs(base: int) -> tuple[tuple[int, ...], ...]:
    """``slabs(base)[c][j]``: the bit set of every hcode whose column ``c`` has height ``j``."""
    size = base**COLUMNS
    everything = (1 << size) - 1
    result = []
    for c in range(COLUMNS):
        stride = base**c
        period = stride * base
        repeat = everything // ((1 << period) - 1)  # bit k·period for every period of the universe
        block = (1 << stride) - 1
        result.append(tuple((block << (j * stride)) * repeat for j in range(base)))
    return tuple(result)


def sweep(
    tables: SearchTables, heights: Sequence[int], drawn: int, discard: int, powers: Sequence[int]
) -> tuple[list[int] | None, int]:
    """Decide the position exactly: (a winning line of steps, or None when lost; positions reached).

    ``powers[c]`` is column ``c``'s stride in the hcode, a power of a base above every column's
    length. Positions reached counts (heights, discard) pairs, cumulated over layers when drawing is
    allowed at any time.
    """
    if not any(heights):
        return [], 1
    layers, movable, count, won = _reach(tables, heights, drawn, discard, powers)
    if not won:
        return None, count
    k = len(layers) - 1
    d = next(x for x in range(CODES) if layers[k][x] & 1)
    return _line_back(layers, tables, heights, drawn, discard, powers, movable, (0, d, k)), count


def fewest(
    tables: SearchTables, heights: Sequence[int], drawn: int, discard: int, powers: Sequence[int]
) -> tuple[int, list[int], int]:
    """The fewest cards the position can leave on the tableau: (cards left, a line, positions reached)."""
    if not any(heights):
        return 0, [], 1
    layers, movable, count, _ = _reach(tables, heights, drawn, discard, powers)
    by_cards = cards_left_masks(powers[1])
    for cards, mask in enumerate(by_cards):
        for k, layer in enumerate(layers):
            for d, bits in enumerate(layer):
                found = bits & mask
                if found:
                    here = (found & -found).bit_length() - 1
                    line = _line_back(layers, tables, heights, drawn, discard, powers, movable, (here, d, k))
                    return cards, line, count
    raise AssertionError("the start is always reached")


@cache
def cards_left_masks(base: int) -> tuple[int, ...]:
    """``cards_left_masks(base)[n]``: the bit set of every hcode whose heights add up to ``n``."""
    slab = slabs(base)
    sums = list(slab[0])
    for c in range(1, COLUMNS):
        sums = [
            _union(sums[n - j] & slab[c][j] for j in range(base) if 0 <= n - j < len(sums))
            for n in range(len(sums) + base - 1)
        ]
    return tuple(sums)


def _union(sets: Iterable[int]) -> int:
    union = 0
    for bits in sets:
        union |= bits
    return union


def _reach(
    tables: SearchTables, heights: Sequence[int], drawn: int, discard: int, powers: Sequence[int]
) -> tuple[list[list[int]], list[int], int, bool]:
    """Every reachable position, layer by layer: (the sets of each layer, Strict's movable heights
    per discard, positions reached, won). Stops at the first layer that reaches a win."""
    base = powers[1]
    columns, stock, fit = tables.columns, tables.stock, tables.fit
    anytime = tables.draw_anytime
    slab = slabs(base)
    # For each column: (card code, the slab of every height at which that card is the free card),
    # for the sources, and the same shifted down one card, for the destinations.
    sources: list[list[tuple[int, int]]] = []
    targets: list[list[tuple[int, int]]] = []
    for c in range(COLUMNS):
        by_card: dict[int, int] = {}
        for j in range(1, heights[c] + 1):
            x = columns[c][j - 1]
            by_card[x] = by_card.get(x, 0) | slab[c][j]
        sources.append(list(by_card.items()))
        targets.append([(x, mask >> powers[c]) for x, mask in by_card.items()])
    cards = sorted({x for column in sources for x, _ in column})
    # The discards each card fits on (including a joker's and an empty discard's everything).
    onto = {x: [d for d in range(CODES) if fit[x][d]] for x in cards}
    # For Strict: the heights at which a discard allows some removal (those may not draw).
    movable = [0] * CODES
    if not anytime:
        for c in range(COLUMNS):
            for x, mask in sources[c]:
                for d in onto[x]:
                    movable[d] |= mask

    reached = [0] * CODES
    reached[discard] = 1 << _hcode(heights, powers)
    new = list(reached)
    layers: list[list[int]] = []
    count = 0
    layer = drawn
    while True:
        won = _close(reached, new, cards, onto, sources, targets, powers)
        layers.append(list(reached))
        if won or layer == len(stock):
            break
        card = stock[layer]
        layer += 1
        if anytime:
            every = 0
            for bits in reached:
                every |= bits
            grown = reached[card] | every
            new = [0] * CODES
            new[card] = grown ^ reached[card]
            reached[card] = grown
        else:
            count += sum(bits.bit_count() for bits in reached)
            stuck = 0
            for d, bits in enumerate(reached):
                if bits:
                    stuck |= bits ^ (bits & movable[d])
            reached = [0] * CODES
            reached[card] = stuck
            new = list(reached)
    count += sum(bits.bit_count() for bits in reached)
    return layers, movable, count, won


def _hcode(heights: Sequence[int], powers: Sequence[int]) -> int:
    return sum(h * p for h, p in zip(heights, powers, strict=True))


def _close(
    reached: list[int],
    new: list[int],
    cards: list[int],
    onto: dict[int, list[int]],
    sources: list[list[tuple[int, int]]],
    targets: list[list[tuple[int, int]]],
    powers: Sequence[int],
) -> bool:
    """Add to ``reached`` every position that removals lead to from ``new``; True on a win."""
    while True:
        # Positions new in the last pass from which card x may be taken, whatever column holds it.
        able = {}
        for x in cards:
            bits = 0
            for d in onto[x]:
                if new[d]:
                    bits |= new[d]
            if bits:
                able[x] = bits
        if not able:
            return False
        arrived = [0] * CODES
        for c in range(COLUMNS):
            taken = 0
            for x, mask in sources[c]:
                if x in able:
                    taken |= able[x] & mask
            if taken:
                taken >>= powers[c]
                for x, mask in targets[c]:
                    arrived[x] |= taken & mask
        won = False
        for x in range(CODES):
            bits = arrived[x]
            if bits:
                grown = reached[x] | bits
                new[x] = grown ^ reached[x]
                reached[x] = grown
                won = won or bool(grown & 1)
            else:
                new[x] = 0
        if won:
            return True


def _line_back(
    layers: list[list[int]],
    tables: SearchTables,
    heights: Sequence[int],
    drawn: int,
    discard: int,
    powers: Sequence[int],
    movable: list[int],
    end: tuple[int, int, int],
) -> list[int]:
    """A line to ``end`` (heights, discard, layer), found backwards through the kept sets of each layer."""
    columns, stock, fit = tables.columns, tables.stock, tables.fit
    anytime = tables.draw_anytime
    base = powers[1]
    start = _hcode(heights, powers)
    here, d, k = end
    backwards: list[tuple[int, int]] = []  # (column taken, -1) or (DRAW, cards drawn after it)
    while True:
        bit = 1 << here
        if anytime:  # the first layer that reached it: the sets are cumulative
            k = next(i for i in range(k + 1) if layers[i][d] & bit)
        if k == 0 and here == start and d == discard:
            break
        step = None
        for c in range(COLUMNS):
            h = here // powers[c] % base
            if h < heights[c] and columns[c][h] == d:
                above = 1 << (here + powers[c])
                came = next((e for e in range(CODES) if fit[d][e] and layers[k][e] & above), None)
                if came is not None:
                    step, here, d = (c, -1), here + powers[c], came
                    break
        if step is None:
            # Not a removal: the draw of the stock card that is the discard now.
            assert k > 0 and stock[drawn + k - 1] == d
            d = next(e for e in range(CODES) if layers[k - 1][e] & bit and (anytime or not (movable[e] & bit)))
            step = (DRAW, drawn + k)
            k -= 1
        backwards.append(step)
    line: list[int] = []
    now = drawn
    for c, after in reversed(backwards):
        if c == DRAW:
            line += [DRAW] * (after - now)
            now = after
        else:
            line.append(c)
    return line
