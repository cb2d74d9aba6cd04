"""Expected points of every grid in a view, and how one more card would change them (2-row grids).

A bot counts cards: every card it cannot see (face-down cards, the stock, a card someone else
holds) follows the *unseen* counts of its :class:`~golfcards.sixcard.bots.knowledge.Knowledge`.
From them :class:`Outlook` works out, for each seat:

* ``points`` — the expected points of the grid, a face-down card being worth the mean of the
  unseen cards except that it cancels its column with the exact odds of pairing the card above
  or below it;
* ``best`` — for each rank, how much one card of that rank would lower those points at its best
  position (what a player would gain from it: a pair, a low card on a high one, …);
* ``improvement`` — the expected gain of one card drawn at random from the unseen ones;
* the distribution of the grid's final points were the hole to end now (for the chance of winning).

:meth:`Outlook.after` gives the same figures for the bot's own grid after it puts a card somewhere,
which is what the strong bot weighs. Unknown cards are treated as independent draws (the same
approximation as :func:`~golfcards.sixcard.bots.knowledge.column_expectation`).
"""

from __future__ import annotations

from collections.abc import Sequence

from golfcards.sixcard.bots.knowledge import UNKNOWN, Knowledge, known_bonus, mean_value, value_tables
from golfcards.sixcard.rules import SixCardRules
from golfcards.sixcard.scoring import RANK_KEYS

ALL_RANKS = range(RANK_KEYS)


PAIR_POINTS: tuple[tuple[int, ...], ...] = value_tables(SixCardRules()).pair_points
"""The points of a column of two known ranks in the seed's game (the rules' own are
:attr:`ValueTables.pair_points <golfcards.sixcard.bots.knowledge.ValueTables.pair_points>`),
tabulated because the bots ask for it at every position they judge."""


class Outlook:
    """The expected-points arithmetic of one view of a 2-row grid game, worked out once."""

    __slots__ = (
        "known",
        "probabilities",
        "ranks",
        "mean",
        "with_unknown",
        "two_unknown",
        "pairs",
        "column_points",
        "column_best",
        "points",
        "down",
        "best",
        "improvement",
        "_elsewhere",
        "_over_unknown",
        "tables",
        "bonus",
    )

    def __init__(self, known: Knowledge) -> None:
        assert known.rows == 2, "the outlook is worked out for 2-row grids"
        self.known = known
        p = known.probabilities()
        tables = known.tables
        self.tables = tables
        values, matched = tables.values, tables.matched_two
        self.probabilities = p
        keys = range(tables.size)
        self.ranks = [rank for rank in keys if p[rank] > 0]
        mean = mean_value(p, values)
        self.mean = mean
        if tables.plain:
            self.with_unknown = [values[rank] * (1 - 2 * p[rank]) + mean + p[rank] * matched[rank] for rank in keys]
            """Expected points of a column holding this rank over a face-down card."""
            self.two_unknown = 2 * mean - sum(p[rank] ** 2 * (2 * values[rank] - matched[rank]) for rank in self.ranks)
        else:  # keys of different values match (one-eyed jacks): the same sums, term by term
            table = tables.pair_points
            self.with_unknown = [sum(p[other] * table[rank][other] for other in self.ranks) for rank in keys]
            self.two_unknown = sum(p[rank] * self.with_unknown[rank] for rank in self.ranks)
        self._over_unknown: dict[int, list[float]] = {}
        columns = known.columns
        self.pairs: list[list[tuple[int, int]]] = []
        self.column_points: list[list[float]] = []
        self.column_best: list[list[Sequence[float]]] = []
        self.points: list[float] = []
        self.down: list[int] = []
        self.best: list[list[float]] = []
        self.improvement: list[float] = []
        self.bonus = [known_bonus(grid, columns, known.rules) for grid in known.grids]
        """The grid bonuses (four of a kind…) each grid's face-up columns already earn."""
        for seat, grid in enumerate(known.grids):
            pairs = [(grid[c], grid[c + columns]) for c in range(columns)]
            points = [self.pair_points(top, bottom) for top, bottom in pairs]
            bests = [self.gains_in_column(top, bottom) for top, bottom in pairs]
            best = [max(column[rank] for column in bests) for rank in keys]
            self.pairs.append(pairs)
            self.column_points.append(points)
            self.column_best.append(bests)
            self.points.append(sum(points) + self.bonus[seat])
            self.down.append(grid.count(UNKNOWN))
            self.best.append(best)
            self.improvement.append(self.expected_gain(best))
        self._elsewhere: dict[tuple[int, int], list[float]] = {}

    def pair_points(self, top: int, bottom: int) -> float:
        """Expected points of a column of two rank keys (either may be :data:`UNKNOWN`)."""
        if top == UNKNOWN:
            return self.two_unknown if bottom == UNKNOWN else self.with_unknown[bottom]
        if bottom == UNKNOWN:
            return self.with_unknown[top]
        return self.tables.pair_points[top][bottom]

    def gains_in_column(self, top: int, bottom: int) -> Sequence[float]:
        """For each rank, how much one card of it lowers the column's points at its better place."""
        if top != UNKNOWN and bottom != UNKNOWN:
            return self.tables.known_gains[top][bottom]
        known = bottom if top == UNKNOWN else top
        gains = self._over_unknown.get(known)
        if gains is None:
            worth = self.pair_points(known, UNKNOWN)
            keys = range(self.tables.size)
            if known == UNKNOWN:
                gains = [worth - self.with_unknown[rank] for rank in keys]
            else:
                gains = [worth - min(self.with_unknown[rank], self.tables.pair_points[known][rank]) for rank in keys]
            self._over_unknown[known] = gains
        return gains

    def expected_gain(self, best: list[float]) -> float:
        """The expected gain of a card drawn from the unseen ones (a useless card gains nothing)."""
        p = self.probabilities
        return sum(p[rank] * best[rank] for rank in self.ranks if best[rank] > 0)

    def gift(self, seat: int, rank: int) -> float:
        """What a card of ``rank`` on the discard is worth to ``seat`` (0 if it is of no use)."""
        return max(0.0, self.best[seat][rank])

    def after(self, seat: int, position: int, rank: int) -> tuple[float, int, float]:
        """``seat``'s (points, face-down count, improvement) once a card of ``rank`` is at ``position``."""
        columns = self.known.columns
        column = position % columns
        top, bottom = self.pairs[seat][column]
        partner = bottom if position == column else top
        worth = self.pair_points(rank, partner)
        points = self.points[seat] - self.column_points[seat][column] + worth
        rules = self.known.rules
        if self.bonus[seat] or ((rules.four_of_a_kind or rules.wolfpack) and self.tables.matches(rank, partner)):
            grid = list(self.known.grids[seat])
            grid[position] = rank
            points += known_bonus(grid, columns, self.known.rules) - self.bonus[seat]
        down = self.down[seat] - (self.known.grids[seat][position] == UNKNOWN)
        gains = self.gains_in_column(rank, partner)
        elsewhere = self._best_elsewhere(seat, column)
        improvement = 0.0
        for chance, gain, other in zip(self.probabilities, gains, elsewhere, strict=True):
            if other > gain:
                gain = other
            if gain > 0:
                improvement += chance * gain
        return points, down, improvement

    def _best_elsewhere(self, seat: int, column: int) -> Sequence[float]:
        """For each rank, the best gain in ``seat``'s columns other than ``column`` (cached)."""
        key = (seat, column)
        cached = self._elsewhere.get(key)
        if cached is None:
            others = [gains for c, gains in enumerate(self.column_best[seat]) if c != column]
            cached = [max((gains[rank] for gains in others), default=float("-inf")) for rank in range(self.tables.size)]
            self._elsewhere[key] = cached
        return cached

    def distribution(self, seat: int) -> dict[float, float]:
        """The chances of each final total of ``seat``'s grid were the hole to end now."""
        totals: dict[float, float] = {0: 1.0}
        for top, bottom in self.pairs[seat]:
            column = self._column_distribution(top, bottom)
            merged: dict[float, float] = {}
            for total, chance in totals.items():
                for points, p in column.items():
                    merged[total + points] = merged.get(total + points, 0.0) + chance * p
            totals = merged
        return totals

    def _column_distribution(self, top: int, bottom: int) -> dict[int, float]:
        p = self.probabilities
        if top != UNKNOWN and bottom != UNKNOWN:
            return {self.tables.pair_points[top][bottom]: 1.0}
        known = bottom if top == UNKNOWN else top
        chances: dict[int, float] = {}
        if known != UNKNOWN:
            for rank in self.ranks:
                points = self.tables.pair_points[rank][known]
                chances[points] = chances.get(points, 0.0) + p[rank]
            return chances
        for first in self.ranks:
            for second in self.ranks:
                points = self.tables.pair_points[first][second]
                chances[points] = chances.get(points, 0.0) + p[first] * p[second]
        return chances


def win_share(final: float, opponents: list[dict[float, float]]) -> float:
    """The expected share of the win of a grid scoring ``final`` against these opponents' totals
    (independent; a tie among k lowest counts 1/k, as the arena counts it)."""
    # polynomial in z: coefficient j = chance that exactly j opponents tie and all others are higher
    ties = [1.0]
    for totals in opponents:
        above = sum(p for points, p in totals.items() if points > final)
        level = sum(p for points, p in totals.items() if points == final)
        grown = [0.0] * (len(ties) + 1)
        for j, chance in enumerate(ties):
            grown[j] += chance * above
            grown[j + 1] += chance * level
        ties = grown
    return sum(chance / (j + 1) for j, chance in enumerate(ties))
