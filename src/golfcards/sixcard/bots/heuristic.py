"""The hand-tuned strong player: ``strong`` plays this way with the grids its value model was not
fitted for (every grid but 2 × 3); see :mod:`.strong`.

It counts cards, values every choice by expected points, and times the end:

* Counting: unknown cards (face-down ones, the stock) are valued by the cards still unseen
  (:class:`Knowledge.unseen`), and so are the odds that a face-down card pairs a known one
  (:func:`column_expectation`).
* Each placement is worth the drop in the expected points of its column.
* Drawing is worth the expected value of the best use of a card drawn from the unseen ones, so the
  discard is taken exactly when it beats that.
* Giving: a card thrown onto the discard is charged with what it would give the next player
  (how much it would lower their expected points, beyond what they expect from a draw) — so the
  bot avoids handing over a pair or a low card.
* Timing: a move that turns the bot's last face-down card ends the hole. While an opponent could
  go out on their next turn (one face-down card left), the bot goes out as soon as its final
  points are not clearly worse than every opponent's expectation; while nobody can, it waits for
  a wide lead. Turning face-down cards up (a step towards going out) is worth a bonus.
"""

from __future__ import annotations

from golfcards.sixcard.actions import Action, DrawStock, Reveal, Swap, TakeDiscard
from golfcards.sixcard.bots.base import Bot, throw_away
from golfcards.sixcard.bots.knowledge import (
    UNKNOWN,
    Knowledge,
    column_expectation,
    going_out_points,
    known_bonus,
    mean_value,
)
from golfcards.sixcard.state import Phase
from golfcards.sixcard.view import View

LEAVE = -1
"""The pseudo-position of "throw the drawn card away"."""


class Table:
    """The expected-points arithmetic of one decision, computed once and reused."""

    def __init__(self, known: Knowledge) -> None:
        self.known = known
        self.probabilities = known.probabilities()
        self.mean = mean_value(self.probabilities, known.tables.values)
        self.expected = [self._grid_columns(seat) for seat in range(known.players)]

    def _grid_columns(self, seat: int) -> list[float]:
        grid, columns = self.known.grids[seat], self.known.columns
        rules = self.known.rules
        return [column_expectation(grid[c::columns], self.probabilities, self.mean, rules) for c in range(columns)]

    def total(self, seat: int) -> float:
        known = self.known
        return sum(self.expected[seat]) + known_bonus(known.grids[seat], known.columns, known.rules)

    def gain(self, seat: int, position: int, card: int) -> float:
        """How much putting ``card`` at ``position`` of ``seat``'s grid lowers its expected points
        (the grid bonuses of the rules, four of a kind and the wolfpack, included)."""
        gain = self._column_gain(seat, position, card)
        rules = self.known.rules
        if rules.four_of_a_kind or rules.wolfpack:
            grid = list(self.known.grids[seat])
            before = known_bonus(grid, self.known.columns, rules)
            grid[position] = card
            gain += before - known_bonus(grid, self.known.columns, rules)
        return gain

    def _column_gain(self, seat: int, position: int, card: int) -> float:
        known = self.known
        grid, columns = known.grids[seat], known.columns
        column = position % columns
        if known.rows == 2:  # the common case, in closed form
            partner = grid[column + columns if position == column else column]
            tables = known.tables
            value = tables.values[card]
            if partner == UNKNOWN and not tables.plain:  # one-eyed jacks: a jack matches two values
                p = self.probabilities
                after = sum(chance * tables.pair_points[card][other] for other, chance in enumerate(p) if chance)
            elif partner == UNKNOWN:
                chance = self.probabilities[card]
                after = value + self.mean - 2 * chance * value + chance * tables.matched_two[card]
            else:
                after = tables.pair_points[card][partner]
            return self.expected[seat][column] - after
        keys = [card if p == position else grid[p] for p in range(column, len(grid), columns)]
        return self.expected[seat][column] - column_expectation(keys, self.probabilities, self.mean, known.rules)

    def best_gain(self, seat: int, card: int) -> float:
        return max(self.gain(seat, p, card) for p in range(self.known.size))


class Plan:
    """What one decision weighs, worked out once: gifts, standing, the threat of the others."""

    def __init__(self, bot: HeuristicStrong, known: Knowledge) -> None:
        table = Table(known)
        self.table = table
        me = known.me
        following = known.next_seat()
        if bot.gift_weight:
            keys = range(known.tables.size)
            self.gifts = [max(0.0, table.best_gain(following, key) - bot.draw_baseline) for key in keys]
        else:
            self.gifts = [0.0] * known.tables.size
        self.blind_gift = sum(p * g for p, g in zip(table.probabilities, self.gifts, strict=False))
        self.mine = table.total(me)
        others = [seat for seat in range(known.players) if seat != me]
        self.rivals = min(table.total(seat) for seat in others)
        threatened = any(known.grids[seat].count(UNKNOWN) <= 1 for seat in others)
        self.out_margin = bot.out_margin if threatened else bot.calm_margin
        self.flip_bonus = bot.ahead_bonus if self.mine < self.rivals - bot.ahead_by else bot.behind_bonus
        self.face_down = known.my_grid.count(UNKNOWN)


class HeuristicStrong(Bot):
    level = "strong"
    out_margin = -2.0
    """Go out (while an opponent could go out next turn) when the final points are below every
    opponent's expectation by this margin (negative: even a little behind, rather than let them)."""
    calm_margin = 8.0
    """The margin to go out by while no opponent could go out on their next turn."""
    ahead_bonus = 8.0
    """Worth of turning a face-down card while ahead (a step towards ending the hole)."""
    behind_bonus = 4.0
    """Worth of turning a face-down card while behind."""
    ahead_by = 0.0
    """How far below the best opponent's expectation counts as ahead."""
    gift_weight = 0.7
    draw_baseline = 2.0
    """What the next player is taken to expect from a draw when judging a gift."""
    take_bias = 0.0
    """Extra worth of taking the known discard over an unknown draw."""

    def choose(self, view: View) -> Action:
        known = Knowledge(view)
        if known.phase is Phase.REVEAL:
            return Reveal(self.reveal(known))
        plan = Plan(self, known)
        if known.phase is Phase.PLACE:
            position, _ = self.best_placement(plan, known.holding, may_leave=True)
            return throw_away(view) if position == LEAVE else Swap(position)
        position, take_value = self.best_placement(plan, known.top, may_leave=False)
        if take_value + self.take_bias > self.draw_value(plan):
            return TakeDiscard(position)
        return DrawStock()

    @staticmethod
    def reveal(known: Knowledge) -> int:
        """Turn up cards in different columns: each known card is a pairing target."""
        down = known.face_down()
        used = {p % known.columns for p in range(known.size) if p not in down}
        fresh = [p for p in down if p % known.columns not in used]
        return (fresh or down)[0]

    def placements(self, plan: Plan, card: int, *, may_leave: bool) -> list[tuple[float, int]]:
        """Every use of ``card`` worth considering, as (worth, position or :data:`LEAVE`)."""
        table = plan.table
        me, grid = table.known.me, table.known.my_grid
        options = [(-self.gift_weight * plan.gifts[card], LEAVE)] if may_leave else []
        for position, key in enumerate(grid):
            gain = table.gain(me, position, card)
            if key != UNKNOWN and not may_leave and gain <= 0:
                continue  # a taken discard must lower one's points: no endless swapping
            if key != UNKNOWN:
                value = gain - self.gift_weight * plan.gifts[key]
            elif plan.face_down == 1:
                grid_final = plan.mine - gain
                final = going_out_points(grid_final, 1.0 if plan.rivals <= grid_final else 0.0, table.known.rules)
                if final + plan.out_margin > plan.rivals:
                    continue
                value = 100.0 + plan.rivals - final
            else:
                value = gain - self.gift_weight * plan.blind_gift + plan.flip_bonus
            options.append((value, position))
        return options

    def best_placement(self, plan: Plan, card: int, *, may_leave: bool) -> tuple[int, float]:
        """The best position for ``card`` (or :data:`LEAVE`) and its worth."""
        value, position = max(self.placements(plan, card, may_leave=may_leave), default=(float("-inf"), LEAVE))
        return position, value

    def draw_value(self, plan: Plan) -> float:
        """The expected worth of drawing: the best use of each possible card, weighted by its odds."""
        return sum(
            p * self.best_placement(plan, key, may_leave=True)[1] for key, p in enumerate(plan.table.probabilities) if p
        )
