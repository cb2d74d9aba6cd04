"""The solver's compact view of a position, and the sound lower bounds that prove a position lost.

The search never touches :class:`~golfcards.solitaire.board.Board` objects: a position is seven
column heights, the number of stock cards drawn and the discard's *rank code* (suits never
matter). Rank codes: 1–13 for Ace–King, :data:`JOKER` (0) for a joker, :data:`EMPTY` (14) for an
empty discard pile.

Why the bounds are sound (each one is also checked against a plain exhaustive search in
``tests/test_solver_pruning.py``):

Every tableau card ``X`` still to be removed lands on a *predecessor*: the discard at that
moment. That predecessor is the current discard, a stock card not yet drawn, or another tableau
card removed earlier. Each card is the predecessor of at most one tableau card (once something
lands on it, it is covered for good). So winning needs a matching that gives every remaining
tableau card its own predecessor, among the *supply*: current discard + remaining stock +
remaining tableau, with the rule's fit relation.

* **Matching bound** (:func:`rank_shortfall`): the rank-level relaxation of that matching (which
  forgets where cards lie). Its graph links rank ``x`` to ``x±1`` (and King–Ace with wrap):
  without wrap it splits into two paths on which the greedy "use the left neighbour's leftovers
  first" matching is maximum; with wrap it is one cycle of 26 nodes, which we cut at the Kings,
  counting the Kings' supply twice (a relaxation, so the bound stays sound). Jokers and an empty
  discard are wild supply: the position is lost if the shortfall exceeds them.
* **Lonely card bound** (:meth:`Tables.lonely`): the cards above ``X`` in its own column are
  removed *after* ``X``, so they cannot be its predecessor. If no other supply card fits ``X``, the
  position is lost. Only the cards that could lie on the rank that just left the supply need
  checking after a move, which keeps it cheap.
"""

from __future__ import annotations

from typing import Callable, Sequence

from golfcards.cards import AnyCard
from golfcards.solitaire.rules import Rules

JOKER = 0
EMPTY = 14
CODES = 15
"""Rank codes run 0 (joker) … 13 (King), 14 (empty discard)."""


def rank_code(card: AnyCard | None) -> int:
    """The solver's code for a card (or for an empty discard)."""
    if card is None:
        return EMPTY
    return JOKER if card.is_joker else int(card.rank)


def fit_table(rules: Rules) -> list[list[bool]]:
    """``table[x][n]``: a card of code ``x`` may be removed onto a discard of code ``n``."""
    table = [[False] * CODES for _ in range(CODES)]
    for x in range(CODES - 1):  # a card is never EMPTY
        for n in range(CODES):
            if n == EMPTY:
                ok = True
            elif n == 13 and not rules.queen_on_king:
                ok = False
            elif x == JOKER or n == JOKER:
                ok = True
            else:
                gap = abs(x - n)
                ok = gap == 1 or (rules.wrap and gap == 12)
            table[x][n] = ok
    return table


def rank_shortfall(demand: Sequence[int], supply: Sequence[int], wrap: bool, king_supplies: bool) -> int:
    """How many non-joker tableau cards the rank-level predecessor matching leaves unserved.

    ``demand[x]``: tableau cards of rank ``x``; ``supply[n]``: supply cards of code ``n``.
    Returns a lower bound of the true shortfall (0 when a matching may exist).
    """
    return shortfall_function(wrap, king_supplies)(demand, supply)


def shortfall_function(wrap: bool, king_supplies: bool) -> Callable[[Sequence[int], Sequence[int]], int]:
    """:func:`rank_shortfall` for one rule, as a fast function of ``(demand, supply)``.

    Each chain of the matching graph is walked once, greedily: a rank takes what its left
    neighbour rank has left over, then from its right neighbour rank.
    """
    if wrap:
        def wrapped(demand: Sequence[int], supply: Sequence[int]) -> int:
            kings = supply[13]
            short = 0
            left = kings
            for x, right in ((1, supply[2]), (3, supply[4]), (5, supply[6]), (7, supply[8]),
                             (9, supply[10]), (11, supply[12]), (13, supply[1]), (2, supply[3]),
                             (4, supply[5]), (6, supply[7]), (8, supply[9]), (10, supply[11]),
                             (12, kings)):
                need = demand[x] - left
                if need <= 0:
                    left = right
                elif need <= right:
                    left = right - need
                else:
                    short += need - right
                    left = 0
            return short
        return wrapped

    def line(demand: Sequence[int], supply: Sequence[int]) -> int:
        short = 0
        left = 0
        for x, right in ((1, supply[2]), (3, supply[4]), (5, supply[6]), (7, supply[8]),
                         (9, supply[10]), (11, supply[12]), (13, 0)):
            need = demand[x] - left
            if need <= 0:
                left = right
            elif need <= right:
                left = right - need
            else:
                short += need - right
                left = 0
        left = supply[1]
        for x, right in ((2, supply[3]), (4, supply[5]), (6, supply[7]), (8, supply[9]),
                         (10, supply[11]), (12, supply[13] if king_supplies else 0)):
            need = demand[x] - left
            if need <= 0:
                left = right
            elif need <= right:
                left = right - need
            else:
                short += need - right
                left = 0
        return short
    return line


class Tables:
    """Everything about one deal and rule set that the search looks up, precomputed once."""

    def __init__(self, columns: Sequence[Sequence[AnyCard]], stock: Sequence[AnyCard], rules: Rules,
                 draw_anytime: bool | None = None) -> None:
        """``draw_anytime`` overrides the rule's drawing condition (only to compare with solvers
        whose "strict" lets the player draw at any time, like the reference benchmark's)."""
        self.rules = rules
        self.wrap = rules.wrap
        self.king_supplies = rules.queen_on_king
        self.draw_anytime = rules.draw_anytime if draw_anytime is None else draw_anytime
        self.fit = fit_table(rules)
        self.columns = [[rank_code(card) for card in column] for column in columns]
        self.stock = [rank_code(card) for card in stock]
        suffix = [[0] * CODES]
        for code in reversed(self.stock):
            counts = list(suffix[-1])
            counts[code] += 1
            suffix.append(counts)
        self.stock_suffix = list(reversed(suffix))
        """``stock_suffix[d][n]``: stock cards of code ``n`` not yet drawn when ``d`` are drawn."""
        # The two ranks that fit on each discard code (0 where there is none), and the codes that
        # fit on each card, for the discard signature and the dead-end test of the search.
        self.low_fit = [0] * CODES
        self.high_fit = [0] * CODES
        for n in range(1, 14):
            fitting = [x for x in range(1, 14) if self.fit[x][n]]
            fitting += [0] * (2 - len(fitting))
            self.low_fit[n], self.high_fit[n] = fitting[0], fitting[1]
        self.fits_on = [[y for y in range(14) if self.fit[y][x]] for x in range(CODES)]
        self.preds = [[n for n in range(CODES) if self.fit[x][n]] for x in range(CODES)]
        self.above = [[sum(self.fit[column[i]][column[j]] for j in range(i)) for i in range(len(column))]
                      for column in self.columns]
        """``above[c][i]``: cards above row ``i`` of column ``c`` that fit it (never its predecessor)."""
        # For each discard code n: the (column, row) of every non-joker tableau card that fits on n.
        self.watchers: list[list[tuple[int, int]]] = [[] for _ in range(CODES)]
        for c, column in enumerate(self.columns):
            for i, x in enumerate(column):
                if x == JOKER:
                    continue
                for n in range(CODES):
                    if self.fit[x][n]:
                        self.watchers[n].append((c, i))

    def counts(self, heights: Sequence[int], drawn: int, discard: int) -> tuple[list[int], list[int]]:
        """(demand, supply) by code for a position: tableau cards, and tableau + stock + discard."""
        demand = [0] * CODES
        for column, height in zip(self.columns, heights):
            for x in column[:height]:
                demand[x] += 1
        supply = [a + b for a, b in zip(demand, self.stock_suffix[drawn])]
        supply[discard] += 1
        return demand, supply

    def shortfall_exceeds_wild(self, demand: Sequence[int], supply: Sequence[int]) -> bool:
        """The matching bound: True when the position is proven lost."""
        short = shortfall_function(self.wrap, self.king_supplies)(demand, supply)
        return short > supply[JOKER] + supply[EMPTY]

    def lonely(self, heights: Sequence[int], supply: Sequence[int], gone: int) -> bool:
        """The lonely card bound after a card of code ``gone`` left the supply: True if lost."""
        columns, above, preds = self.columns, self.above, self.preds
        for c, i in self.watchers[gone]:
            if i < heights[c]:
                total = 0
                for n in preds[columns[c][i]]:
                    total += supply[n]
                if total <= above[c][i]:
                    return True
        return False

    def any_lonely(self, heights: Sequence[int], supply: Sequence[int]) -> bool:
        """The lonely card bound over every tableau card (for a fresh position)."""
        for c, column in enumerate(self.columns):
            for i in range(heights[c]):
                if column[i] != JOKER and sum(supply[n] for n in self.preds[column[i]]) <= self.above[c][i]:
                    return True
        return False
