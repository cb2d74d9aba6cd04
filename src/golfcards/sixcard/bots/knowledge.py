"""What a bot knows, read from its :class:`~golfcards.sixcard.view.View`, in rank keys.

Bots reason about ranks, not suits (suits never score), so a view is turned into rank keys
(see :mod:`golfcards.sixcard.scoring`): every grid with :data:`UNKNOWN` for face-down cards,
the discard's top, the card the bot holds, and the *unseen* count of each rank — the deck minus
every card the bot can see (face-up grids, the whole discard pile, its own drawn card). Those
counts give the odds of what lies under a face-down card or comes off the stock.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache

from golfcards.sixcard.rules import BLACKJACK_POINTS, KNOCK_BONUS, KNOCK_PENALTY, SixCardRules
from golfcards.sixcard.scoring import (
    JOKER_KEY,
    KEY_VALUES,
    RANK_KEYS,
    column_points,
    column_points_under,
    grid_bonuses,
    key_values,
    matched_column_points,
    rank_key,
)
from golfcards.sixcard.view import View

UNKNOWN = -1


@dataclass(frozen=True, slots=True)
class ValueTables:
    """What the bots need of the rules' card and column values, in rank keys, worked out once per
    set of values: each rank's value, the points of a 2-card column of two known ranks, what a
    matched column of each rank scores in a column of 2 (``matched_two``) and how much a card of
    each rank lowers a known column at its better place (``known_gains``)."""

    values: tuple[int, ...]
    pair_points: tuple[tuple[int, ...], ...]
    matched_two: tuple[int, ...]
    known_gains: tuple[tuple[tuple[int, ...], ...], ...]

    def matched(self, key: int, length: int, rules: SixCardRules) -> int:
        return matched_column_points(key, [self.values[key]] * length, rules)


def _value_rules(rules: SixCardRules) -> SixCardRules:
    """The rules stripped to what changes card and column values (so tables are shared)."""
    return SixCardRules(
        jokers=max(rules.jokers, 1),
        super_kings=rules.super_kings,
        tens_one=rules.tens_one,
        lucky_swing=rules.lucky_swing,
        eagle_eye=rules.eagle_eye,
        negative_pairs=rules.negative_pairs,
    )


def value_tables(rules: SixCardRules) -> ValueTables:
    """The :class:`ValueTables` of ``rules`` (the seed's game: :data:`KEY_VALUES` and its pairs)."""
    return _tables(_value_rules(rules))


@cache
def _tables(rules: SixCardRules) -> ValueTables:
    ranks = range(RANK_KEYS)
    pairs = tuple(tuple(column_points_under((top, bottom), rules) for bottom in ranks) for top in ranks)
    gains = tuple(
        tuple(
            tuple(pairs[top][bottom] - min(pairs[rank][bottom], pairs[top][rank]) for rank in ranks) for bottom in ranks
        )
        for top in ranks
    )
    values = key_values(rules)
    matched = tuple(matched_column_points(key, [values[key]] * 2, rules) for key in ranks)
    return ValueTables(values, pairs, matched, gains)


class Knowledge:
    """A bot's reading of one view (seat ``me``); plain lists, cheap to copy and change."""

    __slots__ = (
        "me",
        "players",
        "rows",
        "columns",
        "size",
        "grids",
        "top",
        "holding",
        "unseen",
        "unseen_total",
        "stock",
        "phase",
        "went_out",
        "final_turn",
        "view",
        "rules",
        "tables",
    )

    def __init__(self, view: View) -> None:
        assert view.viewer is not None, "a bot plays a seat"
        rules = view.rules
        self.view = view
        self.me = view.viewer
        self.players = rules.players
        self.rows = rules.rows
        self.columns = rules.columns
        self.size = rules.grid
        self.grids = [[UNKNOWN if card is None else rank_key(card) for card in grid] for grid in view.grids]
        self.top = rank_key(view.discard[-1])
        self.holding = UNKNOWN if view.holding is None else rank_key(view.holding)
        self.rules = rules
        self.tables = value_tables(rules)
        unseen = [4 * rules.decks] * JOKER_KEY + [rules.jokers * rules.decks]
        for grid in self.grids:
            for key in grid:
                if key != UNKNOWN:
                    unseen[key] -= 1
        for card in view.discard:
            unseen[rank_key(card)] -= 1
        if self.holding != UNKNOWN:
            unseen[self.holding] -= 1
        self.unseen = unseen
        self.unseen_total = sum(unseen)
        self.stock = view.stock_count
        self.phase = view.phase
        self.went_out = view.went_out
        self.final_turn = rules.final_turn

    @property
    def my_grid(self) -> list[int]:
        return self.grids[self.me]

    def next_seat(self, seat: int | None = None) -> int:
        return ((self.me if seat is None else seat) + 1) % self.players

    def column_of(self, position: int) -> list[int]:
        """The positions in the same column as ``position``."""
        return list(range(position % self.columns, self.size, self.columns))

    def face_down(self, seat: int | None = None) -> list[int]:
        grid = self.grids[self.me if seat is None else seat]
        return [p for p, key in enumerate(grid) if key == UNKNOWN]

    def probabilities(self) -> list[float]:
        """The chance that an unknown card has each rank key, from the unseen counts."""
        total = self.unseen_total or 1
        return [count / total for count in self.unseen]


def mean_value(probabilities: Sequence[float], values: Sequence[int] = KEY_VALUES) -> float:
    return sum(p * value for p, value in zip(probabilities, values, strict=False))


def column_expectation(
    keys: Sequence[int], probabilities: Sequence[float], mean: float, rules: SixCardRules | None = None
) -> float:
    """The expected points of a column whose :data:`UNKNOWN` cards follow ``probabilities``, under
    ``rules`` (the seed's by default).

    Unknown cards are treated as independent draws; a column matches only when all its cards
    share a rank, so the chance of that is weighed with what a matched column scores instead.
    """
    if rules is None:
        values: Sequence[int] = KEY_VALUES
        tables = None
    else:
        tables = value_tables(rules)
        values = tables.values
    known = [key for key in keys if key != UNKNOWN]
    missing = len(keys) - len(known)
    if not missing:
        return column_points(keys) if rules is None else column_points_under(keys, rules)
    size = len(keys)

    def saving(key: int) -> float:
        matched = 0 if tables is None or rules is None else tables.matched(key, size, rules)
        return size * values[key] - matched

    total = sum(values[key] for key in known) + missing * mean
    if not known:
        return total - sum(p**missing * saving(u) for u, p in enumerate(probabilities) if p)
    first = known[0]
    if any(key != first for key in known):
        return total
    return total - probabilities[first] ** missing * saving(first)


def known_bonus(grid: Sequence[int], columns: int, rules: SixCardRules) -> int:
    """The grid bonuses (four of a kind, wolfpack) its face-up columns already earn under ``rules``."""
    if not (rules.four_of_a_kind or rules.wolfpack):
        return 0
    matched = []
    for c in range(columns):
        keys = grid[c::columns]
        if keys[0] != UNKNOWN and all(key == keys[0] for key in keys):
            matched.append(keys[0])
    return sum(points for _, points in grid_bonuses(matched, rules))


def going_out_points(points: float, lower_chance: float, rules: SixCardRules) -> float:
    """What going out with a grid of ``points`` is expected to score under ``rules``: the
    blackjack's 0 for exactly 21, the knock bonus, and the knock penalty weighed by
    ``lower_chance``, the chance that some other grid ends at or below ``points``."""
    if rules.blackjack and points == BLACKJACK_POINTS:
        points = 0
    if rules.knock_bonus:
        points += KNOCK_BONUS
    if rules.knock_penalty:
        points += KNOCK_PENALTY * lower_chance
    return points


def grid_expectation(
    grid: Sequence[int], columns: int, probabilities: Sequence[float], mean: float, rules: SixCardRules | None = None
) -> float:
    return sum(column_expectation(grid[c::columns], probabilities, mean, rules) for c in range(columns))
