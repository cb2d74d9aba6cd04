"""What a bot knows, read from its :class:`~golfcards.sixcard.view.View`, in rank keys.

Bots reason about ranks, not suits (suits never score), so a view is turned into rank keys
(see :mod:`golfcards.sixcard.scoring`): every grid with :data:`UNKNOWN` for face-down cards,
the discard's top, the card the bot holds, and the *unseen* count of each rank — the deck minus
every card the bot can see (face-up grids, the whole discard pile, its own drawn card). Those
counts give the odds of what lies under a face-down card or comes off the stock.

Under the one-eyed jacks (J♥ and J♠ worth 0) one suit does score: the one-eyed jacks then have a
key of their own, :data:`ONE_EYED_KEY`, worth 0, which still matches the other jacks in a column
(:attr:`ValueTables.same` gives the rank a key matches by). Without that rule there are
:data:`~golfcards.sixcard.scoring.RANK_KEYS` keys and the arithmetic is the seed game's.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache

from golfcards.cards import AnyCard
from golfcards.sixcard.rules import BLACKJACK_POINTS, DECK_SLOTS, KNOCK_BONUS, KNOCK_PENALTY, SixCardRules
from golfcards.sixcard.scoring import (
    INDEX_KEYS,
    JACK_KEY,
    JOKER_KEY,
    KEY_VALUES,
    ONE_EYED_JACKS,
    RANK_KEYS,
    column_points,
    column_points_under,
    grid_bonuses,
    key_values,
    matched_column_points,
)
from golfcards.sixcard.view import View

UNKNOWN = -1
ONE_EYED_KEY = RANK_KEYS
"""The bots' key of a one-eyed jack (J♥, J♠) under the ``one_eyed_jacks`` rule: worth 0, matching jacks."""


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
    same: tuple[int, ...] = tuple(range(RANK_KEYS))
    """The rank each key matches by in a column (a one-eyed jack's is the jack's)."""

    @property
    def size(self) -> int:
        """How many keys there are (:data:`RANK_KEYS`, one more with the one-eyed jacks)."""
        return len(self.values)

    @property
    def plain(self) -> bool:
        """Whether every key is its own rank (no one-eyed jacks): the seed game's closed forms hold."""
        return self.size == RANK_KEYS

    def matched(self, key: int, length: int, rules: SixCardRules) -> int:
        return matched_column_points(self.same[key], [self.values[key]] * length, rules)

    def column(self, keys: Sequence[int], rules: SixCardRules) -> int:
        """The points of a column of known keys under ``rules``."""
        return column_points_under([self.same[key] for key in keys], rules, [self.values[key] for key in keys])

    def matches(self, first: int, second: int) -> bool:
        """Whether two keys (either may be :data:`UNKNOWN`, which matches nothing) make a match."""
        return first != UNKNOWN and second != UNKNOWN and self.same[first] == self.same[second]


def _value_rules(rules: SixCardRules) -> SixCardRules:
    """The rules stripped to what changes card and column values (so tables are shared)."""
    return SixCardRules(
        jokers=max(rules.jokers, 1),
        super_kings=rules.super_kings,
        tens_one=rules.tens_one,
        one_eyed_jacks=rules.one_eyed_jacks,
        lucky_swing=rules.lucky_swing,
        eagle_eye=rules.eagle_eye,
        negative_pairs=rules.negative_pairs,
    )


def card_key(card: AnyCard, rules: SixCardRules) -> int:
    """The bots' key of ``card`` under ``rules``: its rank key, :data:`ONE_EYED_KEY` for a one-eyed jack
    under the ``one_eyed_jacks`` rule."""
    return index_key(card.index, rules)


def index_key(index: int, rules: SixCardRules) -> int:
    """The bots' key of the card with index ``index`` (see :func:`card_key`)."""
    if rules.one_eyed_jacks and index % DECK_SLOTS in ONE_EYED_JACKS:
        return ONE_EYED_KEY
    return INDEX_KEYS[index]


def deck_counts(rules: SixCardRules) -> list[int]:
    """How many cards of each of the bots' keys the deck of ``rules`` holds."""
    counts = [4 * rules.decks] * JOKER_KEY + [rules.jokers * rules.decks]
    if rules.one_eyed_jacks:
        counts[JACK_KEY] -= len(ONE_EYED_JACKS) * rules.decks
        counts.append(len(ONE_EYED_JACKS) * rules.decks)
    return counts


def value_tables(rules: SixCardRules) -> ValueTables:
    """The :class:`ValueTables` of ``rules`` (the seed's game: :data:`KEY_VALUES` and its pairs)."""
    return _tables(_value_rules(rules))


@cache
def _tables(rules: SixCardRules) -> ValueTables:
    values = key_values(rules)
    same = tuple(range(RANK_KEYS))
    if rules.one_eyed_jacks:
        values, same = (*values, 0), (*same, JACK_KEY)
    ranks = range(len(values))

    def column(keys: tuple[int, ...]) -> int:
        return column_points_under([same[key] for key in keys], rules, [values[key] for key in keys])

    pairs = tuple(tuple(column((top, bottom)) for bottom in ranks) for top in ranks)
    gains = tuple(
        tuple(
            tuple(pairs[top][bottom] - min(pairs[rank][bottom], pairs[top][rank]) for rank in ranks) for bottom in ranks
        )
        for top in ranks
    )
    matched = tuple(matched_column_points(same[key], [values[key]] * 2, rules) for key in ranks)
    return ValueTables(values, pairs, matched, gains, same)


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
        self.grids = [[UNKNOWN if card is None else card_key(card, rules) for card in grid] for grid in view.grids]
        self.top = card_key(view.discard[-1], rules)
        self.holding = UNKNOWN if view.holding is None else card_key(view.holding, rules)
        self.rules = rules
        self.tables = value_tables(rules)
        unseen = deck_counts(rules)
        for grid in self.grids:
            for key in grid:
                if key != UNKNOWN:
                    unseen[key] -= 1
        for card in view.discard:
            unseen[card_key(card, rules)] -= 1
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
        return column_points(keys) if tables is None or rules is None else tables.column(keys, rules)
    if tables is not None and rules is not None and not tables.plain:
        return _mixed_column_expectation(known, missing, probabilities, mean, tables, rules)
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


def _mixed_column_expectation(
    known: Sequence[int],
    missing: int,
    probabilities: Sequence[float],
    mean: float,
    tables: ValueTables,
    rules: SixCardRules,
) -> float:
    """:func:`column_expectation` where keys of different values match (the one-eyed jacks): each
    rank's chance of filling every unknown place, the matched column's points weighed instead of
    the sum of the values the rank's cards are expected to have."""
    same, values = tables.same, tables.values
    total = sum(values[key] for key in known) + missing * mean
    ranks = {same[key] for key in known}
    if len(ranks) > 1:
        return total
    if not ranks:
        ranks = {same[key] for key, p in enumerate(probabilities) if p}
    size = len(known) + missing
    for rank in ranks:
        members = [key for key in range(tables.size) if same[key] == rank]
        chance = sum(probabilities[key] for key in members)
        if not chance:
            continue
        worth = sum(probabilities[key] * values[key] for key in members) / chance
        matched_sum = sum(values[key] for key in known) + missing * worth
        matched = matched_column_points(rank, [round(matched_sum / size)] * size, rules)
        total -= chance**missing * (matched_sum - matched)
    return total


def known_bonus(grid: Sequence[int], columns: int, rules: SixCardRules) -> int:
    """The grid bonuses (four of a kind, wolfpack) its face-up columns already earn under ``rules``."""
    if not (rules.four_of_a_kind or rules.wolfpack):
        return 0
    same = value_tables(rules).same
    matched = []
    for c in range(columns):
        keys = grid[c::columns]
        if keys[0] != UNKNOWN and all(key != UNKNOWN and same[key] == same[keys[0]] for key in keys):
            matched.append(same[keys[0]])
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
