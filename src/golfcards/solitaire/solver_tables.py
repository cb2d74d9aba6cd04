"""The solver's compact view of a position, and the sound bounds that prove a position lost.

The search never touches :class:`~golfcards.solitaire.board.Board` objects: a position is seven
column heights, the number of stock cards drawn and the discard's *rank code* (suits never
matter). Rank codes: 1–13 for Ace–King, :data:`JOKER` (0) for a joker, :data:`EMPTY` (14) for an
empty discard pile. :class:`SearchTables` holds what the search looks up for one deal and rule set.

Each tableau card still to be removed lands on its own *predecessor* (the current discard, a stock
card not yet drawn, or a tableau card removed before it), and every bound here is a necessary
condition of that, so each is sound (checked against a plain exhaustive search in
``tests/test_solver_pruning.py``; the arguments in full: ``docs/solver.md``):

* **Matching bound** (:func:`shortfall_function`): a rank-level matching of the cards to remove with
  their possible predecessors, jokers and an empty discard counting as wild supply;
* **Chain roots bound** (:func:`chain_roots`): the groups of ranks left on the tableau must each
  start from their own root, the current discard or a stock card;
* **Lonely card bound** (:meth:`SearchTables.any_lonely`): a card that nothing but the cards above
  it in its own column fits cannot be removed.
"""

from __future__ import annotations

from collections.abc import Callable, MutableSequence, Sequence
from functools import cache

from golfcards.cards import AnyCard, Card
from golfcards.solitaire.rules import Rules

JOKER = 0
EMPTY = 14
CODES = 15
"""Rank codes run 0 (joker) … 13 (King), 14 (empty discard)."""


def rank_code(card: AnyCard | None) -> int:
    """The solver's code for a card (or for an empty discard)."""
    if card is None:
        return EMPTY
    return int(card.rank) if isinstance(card, Card) else JOKER


def fit_table(rules: Rules) -> list[list[bool]]:
    """``table[x][n]``: a card of code ``x`` may be removed onto a discard of code ``n``."""
    return _fit_table(rules.wrap, rules.queen_on_king)


@cache
def _fit_table(wrap: bool, queen_on_king: bool) -> list[list[bool]]:
    table = [[False] * CODES for _ in range(CODES)]
    for x in range(CODES - 1):  # a card is never EMPTY
        for n in range(CODES):
            if n == EMPTY:
                ok = True
            elif n == 13 and not queen_on_king:
                ok = False
            elif x == JOKER or n == JOKER:
                ok = True
            else:
                gap = abs(x - n)
                ok = gap == 1 or (wrap and gap == 12)
            table[x][n] = ok
    return table


def rank_shortfall(demand: Sequence[int], supply: Sequence[int], wrap: bool, king_supplies: bool) -> int:
    """How many non-joker tableau cards the rank-level predecessor matching leaves unserved.

    ``demand[x]``: tableau cards of rank ``x``; ``supply[n]``: supply cards of code ``n``.
    Returns a lower bound of the true shortfall (0 when a matching may exist). Each chain of the
    matching graph is walked once, greedily: a rank takes what its left neighbour rank has left
    over, then from its right neighbour rank (:func:`walk_chains`).
    """
    return walk_chains(*flat_chains(wrap, king_supplies), demand, [*supply, 0])


NO_SUPPLY = CODES
"""The supply slot that is always 0, one past the card codes: where a chain step has no supply."""


def walk_chains(
    chain_first: Sequence[int],
    chain_rank: Sequence[int],
    chain_right: Sequence[int],
    demand: Sequence[int],
    supply: Sequence[int],
) -> int:
    """The greedy walk of :func:`rank_shortfall` over the steps of :func:`flat_chains`, with
    ``supply`` padded by the empty slot :data:`NO_SUPPLY`. Plain loops over indexable sequences:
    the compiled search (``solver_fast``) compiles this same function with numba."""
    short = 0
    left = 0
    for step in range(len(chain_rank)):
        if chain_first[step] >= 0:  # a chain starts here
            left = supply[chain_first[step]]
        right = supply[chain_right[step]]
        need = demand[chain_rank[step]] - left
        if need <= 0:
            left = right
        elif need <= right:
            left = right - need
        else:
            short += need - right
            left = 0
    return short


@cache
def flat_chains(wrap: bool, king_supplies: bool) -> tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]:
    """:func:`matching_chains` flattened to three sequences, one entry per step: the supply code left
    of a chain's first rank (-1 for the other steps of a chain), the rank, and the supply code to
    its right; :data:`NO_SUPPLY` where there is none."""
    first: list[int] = []
    ranks: list[int] = []
    rights: list[int] = []
    for first_left, steps in matching_chains(wrap, king_supplies):
        for index, (rank, right_code) in enumerate(steps):
            first.append(-1 if index else first_left or NO_SUPPLY)
            ranks.append(rank)
            rights.append(right_code or NO_SUPPLY)
    return tuple(first), tuple(ranks), tuple(rights)


def matching_chains(wrap: bool, king_supplies: bool) -> list[tuple[int, list[tuple[int, int]]]]:
    """The matching graph's chains: (supply code left of the first rank or 0, [(rank, supply code
    to its right or 0)]). With wrap, one cycle cut at the Kings, whose supply counts twice."""
    if wrap:
        order = [1, 3, 5, 7, 9, 11, 13, 2, 4, 6, 8, 10, 12]
        return [(13, [(x, x % 13 + 1) for x in order[:-1]] + [(12, 13)])]
    return [
        (0, [(x, x + 1 if x < 13 else 0) for x in range(1, 14, 2)]),
        (1, [(x, x + 1 if x + 1 < 13 or king_supplies else 0) for x in range(2, 13, 2)]),
    ]


@cache
def shortfall_function(wrap: bool, king_supplies: bool) -> Callable[[Sequence[int], Sequence[int]], int]:
    """:func:`rank_shortfall` for one rule, as a fast function of ``(demand, supply)``.

    The search calls the bound at most positions, so the chain walk is generated as straight-line
    code (no loop, no tuples): about 1.5 times faster than the loop in CPython. The tests check
    it against :func:`rank_shortfall`. Built once per rule and kept: compiling it costs about a
    millisecond, as much as a whole easy deal's search.
    """
    lines = ["def shortfall(demand, supply):", "    short = 0"]
    for first_left, steps in matching_chains(wrap, king_supplies):
        lines.append(f"    left = supply[{first_left}]" if first_left else "    left = 0")
        for x, right_code in steps:
            lines += [
                f"    right = supply[{right_code}]" if right_code else "    right = 0",
                f"    need = demand[{x}] - left",
                "    if need <= 0:",
                "        left = right",
                "    elif need <= right:",
                "        left = right - need",
                "    else:",
                "        short += need - right",
                "        left = 0",
            ]
    lines.append("    return short")
    namespace: dict[str, Callable[[Sequence[int], Sequence[int]], int]] = {}
    exec("\n".join(lines), namespace)  # noqa: S102 - code built above from constants only
    return namespace["shortfall"]


WILD = 1 << JOKER | 1 << EMPTY
"""Root codes (a bit each) that fit every card: with one of them among the roots the chain roots
bound does not apply."""


def chain_roots(
    present: int, served: Sequence[int], wrap: bool, mine: MutableSequence[int], shared: MutableSequence[int]
) -> int:
    """The components of the ranks ``present`` (bit ``x`` for rank ``x``) and the roots each can start on.

    Writes one entry per component, in the order in which matching them to roots greedily is exact:
    ``mine[i]``, the root codes (a bit each) that fit the component and no later one, and
    ``shared[i]``, the root code it shares with the next component (a root of the rank between
    them fits both; 0 if none). Returns the number of components, 0 when a joker is on the tableau
    (it joins everything: no test). ``served[n]``: the codes that fit a root of code ``n``.

    Components run in rank order, so only neighbours can share a root. With wrap the ranks form a
    circle, cut after its longest gap; when every gap is a single rank the first component's root
    before it stays in ``mine`` (it may be counted twice: the bound stays sound). Plain loops over
    integers, so the compiled search compiles this same function with numba.
    """
    if present & 1 << JOKER:
        return 0
    start = 1
    if wrap:
        if present >> 1 == (1 << 13) - 1:
            start = 0  # every rank present: one component
        else:
            longest = 0
            gap = 0
            for step in range(26):  # twice round, so a gap across the King-Ace join is seen whole
                rank = step % 13 + 1
                if present >> rank & 1:
                    if gap > longest:
                        longest = gap
                        start = rank
                    gap = 0
                else:
                    gap += 1
    count = 0
    component = 0
    for step in range(13):
        rank = (start - 1 + step) % 13 + 1 if start else step + 1
        if present >> rank & 1:
            component |= 1 << rank
        if component and (not present >> rank & 1 or step == 12):
            roots = 0
            for code in range(1, CODES - 1):
                if served[code] & component:
                    roots |= 1 << code
            mine[count] = roots
            count += 1
            component = 0
    for i in range(count):
        shared[i] = mine[i] & mine[i + 1] if i + 1 < count else 0
        mine[i] &= ~shared[i]
    return count


def roots_suffice(mine: Sequence[int], shared: Sequence[int], count: int, roots: int, doubled: int) -> bool:
    """Whether the components of :func:`chain_roots` can be matched to distinct roots.

    ``roots``: the root codes present (a bit each); ``doubled``: those present at least twice. Greedy
    in the components' order: a component takes a root only it (or an earlier one) can use if there
    is one, else the one it shares with the next.
    """
    if roots & WILD:
        return True
    for i in range(count):
        if not mine[i] & roots:
            if not shared[i] & roots:
                return False
            if doubled & shared[i]:
                doubled ^= shared[i]
            else:
                roots ^= shared[i]
    return True


class ChainRoots(dict[int, tuple[tuple[int, ...], tuple[int, ...]]]):
    """``table[present]``: :func:`chain_roots` of one rule as the tuples ``(mine, shared)``, one entry
    per component, computed on first use and kept (the pure Python search looks it up often)."""

    def __init__(self, served: tuple[int, ...], wrap: bool) -> None:
        super().__init__()
        self.served = served
        self.wrap = wrap

    def __missing__(self, present: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
        mine, shared = [0] * 8, [0] * 8
        count = chain_roots(present, self.served, self.wrap, mine, shared)
        self[present] = entry = tuple(mine[:count]), tuple(shared[:count])
        return entry


@cache
def chain_roots_table(served: tuple[int, ...], wrap: bool) -> ChainRoots:
    """The one :class:`ChainRoots` table per rule, shared by every search."""
    return ChainRoots(served, wrap)


@cache
def _rule_tables(
    wrap: bool, queen_on_king: bool
) -> tuple[list[list[bool]], tuple[int, ...], list[list[int]], list[tuple[int, int, int]]]:
    """What depends on the rule only, built once per rule: the fit table, ``served``, ``preds`` and
    the search's fitting slots (see :class:`SearchTables`)."""
    fit = _fit_table(wrap, queen_on_king)
    served = tuple(sum(1 << x for x in range(CODES) if fit[x][n]) for n in range(CODES))
    preds = [[n for n in range(CODES) if fit[x][n]] for x in range(CODES)]
    return fit, served, preds, fitting_slots(fit)


FITTING_ALL = 16
"""The search's slot of every non-empty column (anything fits on a joker or an empty discard)."""


def fitting_slots(fit: list[list[bool]]) -> list[tuple[int, int, int]]:
    """For each discard code, three slots of the search's ``tops`` list whose union is the columns
    that fit it: a card fits on a plain rank only when it is a neighbouring rank or a joker; on a
    joker or an empty discard everything fits (slot :data:`FITTING_ALL`). The EMPTY slot stays 0:
    no free card is an empty discard."""
    slots = []
    for n in range(len(fit)):
        codes = [x for x in range(len(fit)) if fit[x][n]]
        if len(codes) > 3:
            slots.append((FITTING_ALL, EMPTY, EMPTY))
        else:
            codes += [EMPTY] * (3 - len(codes))
            slots.append((codes[0], codes[1], codes[2]))
    return slots


class SearchTables:
    """Everything about one deal and rule set that the search looks up, precomputed once.

    Built for every search, so it is kept cheap (tens of microseconds): what depends on the rule
    alone is built once per rule and shared.
    """

    def __init__(
        self,
        columns: Sequence[Sequence[AnyCard]],
        stock: Sequence[AnyCard],
        rules: Rules,
        draw_anytime: bool | None = None,
    ) -> None:
        """``draw_anytime`` overrides the rule's drawing condition (only to compare with solvers
        whose "strict" lets the player draw at any time, like the reference benchmark's)."""
        self.rules = rules
        self.wrap = wrap = rules.wrap
        self.king_supplies = rules.queen_on_king
        self.draw_anytime = rules.draw_anytime if draw_anytime is None else draw_anytime
        self.fit, self.served, self.preds, self.fitting = _rule_tables(wrap, self.king_supplies)
        """``served[n]``: the codes (a bit each) that may be removed onto a discard of code ``n``;
        ``preds[x]``: the codes a card of code ``x`` may be removed onto; ``fitting``: see
        :func:`fitting_slots`."""
        self.columns = [list(map(rank_code, column)) for column in columns]
        self.stock = list(map(rank_code, stock))
        counts = [0] * CODES
        suffix = [counts]
        seen = doubled = 0
        stock_roots = [(0, 0)]
        for code in reversed(self.stock):
            counts = counts.copy()
            counts[code] += 1
            suffix.append(counts)
            doubled |= seen & 1 << code
            seen |= 1 << code
            stock_roots.append((seen, doubled))
        suffix.reverse()
        stock_roots.reverse()
        self.stock_suffix = suffix
        """``stock_suffix[d][n]``: stock cards of code ``n`` not yet drawn when ``d`` are drawn."""
        self.stock_roots = stock_roots
        """``stock_roots[d]``: the codes (a bit each) of the stock cards not yet drawn when ``d`` are
        drawn, and those among them present twice or more (the chain roots bound's roots, with the
        discard's code added: :meth:`roots`)."""

    def roots(self, drawn: int, discard: int) -> tuple[int, int]:
        """A position's roots for the chain roots bound: the codes (a bit each) of its discard and of
        the stock cards not yet drawn, and those present twice or more."""
        stock, doubled = self.stock_roots[drawn]
        return stock | 1 << discard, doubled | stock & 1 << discard

    def counts(self, heights: Sequence[int], drawn: int, discard: int) -> tuple[list[int], list[int]]:
        """(demand, supply) by code for a position: tableau cards, and tableau + stock + discard."""
        demand = [0] * CODES
        for column, height in zip(self.columns, heights, strict=True):
            for x in column[:height]:
                demand[x] += 1
        supply = [a + b for a, b in zip(demand, self.stock_suffix[drawn], strict=True)]
        supply[discard] += 1
        return demand, supply

    def present(self, heights: Sequence[int]) -> int:
        """The codes (a bit each) of the cards still on the tableau."""
        present = 0
        for column, height in zip(self.columns, heights, strict=True):
            for x in column[:height]:
                present |= 1 << x
        return present

    def unrooted(self, heights: Sequence[int], drawn: int, discard: int) -> bool:
        """The chain roots bound: True when the components cannot all have a root (the position is lost)."""
        mine, shared = chain_roots_table(self.served, self.wrap)[self.present(heights)]
        return not roots_suffice(mine, shared, len(mine), *self.roots(drawn, discard))

    def any_lonely(self, heights: Sequence[int], supply: Sequence[int]) -> bool:
        """The lonely card bound over every tableau card: True when the position is proven lost.

        A card is lonely when the supply cards that fit it are no more than the cards above it in
        its own column that fit it (those are removed after it, so none can be its predecessor).
        """
        fitting = [sum(supply[n] for n in preds) for preds in self.preds]
        fit = self.fit
        for c, column in enumerate(self.columns):
            for i in range(heights[c]):
                x = column[i]
                # at most i cards are above it: only a card with that little supply may be lonely
                if x != JOKER and fitting[x] <= i and fitting[x] <= sum(fit[x][y] for y in column[:i]):
                    return True
        return False
