"""``strong``: counts cards, values every choice by expected points, and times the end.

* Counting: unknown cards (face-down ones, the stock) are valued by the cards still unseen
  (:class:`Knowledge.unseen`), and so are the odds that a face-down card pairs a known one
  (:func:`column_expectation`).
* Each placement is worth the drop in the expected points of its column.
* Drawing is worth the expected value of the best use of a card drawn from the unseen ones, so the
  discard is taken exactly when it beats that.
* Giving: a card thrown onto the discard is charged with what it would give the next player
  (how much it would lower their expected points, beyond what they expect from a draw) — so the
  bot avoids handing over a pair or a low card.
* Timing: a move that turns the bot's last face-down card ends the hole, so it is made only when
  the bot's final points are below every opponent's expected points by a margin; while the bot is
  ahead it prefers moves that bring it closer to going out, while behind it keeps a card face down.
"""

from __future__ import annotations

from typing import Sequence

from golfcards.sixcard.actions import Action, DiscardDrawn, DrawStock, Reveal, Swap, TakeDiscard
from golfcards.sixcard.bots.base import Bot
from golfcards.sixcard.bots.knowledge import UNKNOWN, Knowledge, column_expectation, mean_value
from golfcards.sixcard.scoring import RANK_KEYS
from golfcards.sixcard.state import Phase
from golfcards.sixcard.view import View

LEAVE = -1
"""The pseudo-position of "throw the drawn card away"."""


class Table:
    """The expected-points arithmetic of one decision, computed once and reused."""

    def __init__(self, known: Knowledge) -> None:
        self.known = known
        self.probabilities = known.probabilities()
        self.mean = mean_value(self.probabilities)
        self.expected = [self._grid_columns(seat) for seat in range(known.players)]

    def _grid_columns(self, seat: int) -> list[float]:
        grid, columns = self.known.grids[seat], self.known.columns
        return [column_expectation(grid[c::columns], self.probabilities, self.mean) for c in range(columns)]

    def total(self, seat: int) -> float:
        return sum(self.expected[seat])

    def gain(self, seat: int, position: int, card: int) -> float:
        """How much putting ``card`` at ``position`` of ``seat``'s grid lowers its expected points."""
        grid, columns = self.known.grids[seat], self.known.columns
        column = position % columns
        keys = [card if p == position else grid[p] for p in range(column, len(grid), columns)]
        return self.expected[seat][column] - column_expectation(keys, self.probabilities, self.mean)

    def best_gain(self, seat: int, card: int) -> float:
        return max(self.gain(seat, p, card) for p in range(self.known.size))


class StrongBot(Bot):
    level = "strong"
    out_margin = -2.0
    """Go out (while an opponent could go out next turn) when the final points are below every
    opponent's expectation by this margin (negative: even a little behind, rather than let them)."""
    ahead_bonus = 8.0
    """Worth of turning a face-down card while ahead (a step towards ending the hole)."""
    behind_bonus = 4.0
    """Worth of turning a face-down card while behind."""
    calm_margin = 8.0
    """The margin to go out by while no opponent could go out on their next turn."""
    gift_weight = 0.7
    draw_baseline = 2.0
    """What the next player is taken to expect from a draw when judging a gift."""
    same_column_reveal = False

    def choose(self, view: View) -> Action:
        known = Knowledge(view)
        if known.phase is Phase.REVEAL:
            return Reveal(self.reveal(known))
        table = Table(known)
        gifts = self.gifts(table)
        if known.phase is Phase.PLACE:
            position, _ = self.best_placement(table, gifts, known.holding, may_leave=True)
            return DiscardDrawn() if position == LEAVE else Swap(position)
        position, take_value = self.best_placement(table, gifts, known.top, may_leave=False)
        if take_value > self.draw_value(table, gifts):
            return TakeDiscard(position)
        return DrawStock()

    def reveal(self, known: Knowledge) -> int:
        down = known.face_down()
        up = [p for p in range(known.size) if p not in down]
        if self.same_column_reveal and up:
            partners = [p for p in known.column_of(up[0]) if p in down]
            if partners:
                return partners[0]
        used = {p % known.columns for p in up}
        fresh = [p for p in down if p % known.columns not in used]
        return (fresh or down)[0]

    def gifts(self, table: Table) -> list[float]:
        """For each rank key, what throwing it onto the discard would give the next player."""
        known = table.known
        nxt = known.next_seat()
        return [max(0.0, table.best_gain(nxt, key) - self.draw_baseline) if known.unseen[key] or True else 0.0
                for key in range(RANK_KEYS)]

    def expected_gift(self, table: Table, gifts: Sequence[float]) -> float:
        return sum(p * g for p, g in zip(table.probabilities, gifts))

    def best_placement(self, table: Table, gifts: Sequence[float], card: int, *,
                       may_leave: bool) -> tuple[int, float]:
        """The best position for ``card`` (or :data:`LEAVE`) and its worth."""
        known = table.known
        me, grid = known.me, known.my_grid
        down = grid.count(UNKNOWN)
        mine = table.total(me)
        rivals = min(table.total(seat) for seat in range(known.players) if seat != me)
        ahead = mine < rivals
        threatened = any(known.grids[seat].count(UNKNOWN) <= 1 for seat in range(known.players) if seat != me)
        margin = self.out_margin if threatened else self.calm_margin
        blind_gift = self.expected_gift(table, gifts)
        best, best_value = LEAVE, (-self.gift_weight * gifts[card] if may_leave else float("-inf"))
        for position, key in enumerate(grid):
            gain = table.gain(me, position, card)
            value = gain - self.gift_weight * (blind_gift if key == UNKNOWN else gifts[key])
            if key == UNKNOWN:
                if down == 1:
                    final = mine - gain
                    if final + margin > rivals:
                        continue
                    value += 100.0 + rivals - final
                else:
                    value += self.ahead_bonus if ahead else self.behind_bonus
            if value > best_value:
                best, best_value = position, value
        return best, best_value

    def draw_value(self, table: Table, gifts: Sequence[float]) -> float:
        """The expected worth of drawing: the best use of each possible card, weighted by its odds."""
        total = 0.0
        for key, p in enumerate(table.probabilities):
            if p:
                total += p * self.best_placement(table, gifts, key, may_leave=True)[1]
        return total
