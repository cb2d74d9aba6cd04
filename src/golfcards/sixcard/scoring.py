"""Card values and column scoring: A 1, 2 −2, 3–10 face value, J and Q 10, K 0, joker −2.

Every house rule that changes points is read here and only here (:func:`card_points`,
:func:`column_score`, :func:`grid_points`, :func:`hole_breakdown`); the defaults of
:class:`~golfcards.sixcard.rules.SixCardRules` give the seed's scores below.

Columns are scored before single cards: a column whose cards all share a rank is worth 0,
whatever the suits (a pair of 2s too: 0, not −4). Cards equal along a row or a diagonal do not
cancel. In the 3 × 3 grid all three cards of a column must share the rank.

Two representations are scored the same way: real cards (:func:`score_grid`, which explains each
column) and *rank keys*, the small integers the engine and the bots compute with
(:data:`KEY_VALUES`, :func:`column_points`). A rank key is ``rank − 1`` (0 = Ace … 12 = King),
:data:`JOKER_KEY` for a joker: suits never matter to the score.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TypeVar

from golfcards.cards import AnyCard, Joker, Rank, parse_cards
from golfcards.errors import GolfError
from golfcards.sixcard.rules import (
    BLACKJACK_POINTS,
    DECK_SLOTS,
    FOUR_OF_A_KIND_BONUS,
    GRID_SHAPES,
    KNOCK_BONUS,
    KNOCK_PENALTY,
    TIED_SHAME,
    UNDERDOG_BONUS,
    WOLFPACK_BONUS,
    SixCardRules,
)

T = TypeVar("T")
JOKER_VALUE = -2
JOKER_KEY = 13
RANK_KEYS = 14
KEY_VALUES: tuple[int, ...] = (1, -2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 0, JOKER_VALUE)
"""The value of each rank key (Ace … King, then the joker)."""
INDEX_KEYS: tuple[int, ...] = (tuple(i % 13 for i in range(52)) + (JOKER_KEY, JOKER_KEY)) * 2
"""The rank key of each card index (``Card.index``; jokers are 52 and 53; the second deck's
cards, with two decks, are the first's plus :data:`~golfcards.sixcard.rules.DECK_SLOTS`)."""
JACK_KEY = 10
KING_KEY = 12
TEN_KEY = 9
ONE_EYED_JACKS = frozenset({2 * 13 + JACK_KEY, 3 * 13 + JACK_KEY})
"""The card indexes of J♥ and J♠ (the one-eyed jacks) in one deck."""


def rank_key(card: AnyCard) -> int:
    return JOKER_KEY if isinstance(card, Joker) else card.rank - Rank.ACE


def card_value(card: AnyCard) -> int:
    """The points of one card on its own."""
    return KEY_VALUES[rank_key(card)]


def column_points(keys: Sequence[int]) -> int:
    """The points of one column of rank keys: 0 when all share a rank, else the sum of values."""
    first = keys[0]
    if all(key == first for key in keys):
        return 0
    return sum(KEY_VALUES[key] for key in keys)


def key_values(rules: SixCardRules) -> tuple[int, ...]:
    """The value of each rank key under ``rules`` (a jack's is the two-eyed jacks' value)."""
    values = list(KEY_VALUES)
    if rules.super_kings:
        values[KING_KEY] = -2
    if rules.tens_one:
        values[TEN_KEY] = 1
    if rules.lucky_swing:
        values[JOKER_KEY] = -5
    elif rules.eagle_eye:
        values[JOKER_KEY] = 2
    return tuple(values)


def index_value(index: int, rules: SixCardRules) -> int:
    """The points of the card with index ``index`` on its own under ``rules``."""
    if rules.one_eyed_jacks and index % DECK_SLOTS in ONE_EYED_JACKS:
        return 0
    return key_values(rules)[INDEX_KEYS[index]]


def matched_column_points(key: int, values: Sequence[int], rules: SixCardRules) -> int:
    """The points of a column whose cards all have rank key ``key`` (card values ``values``)."""
    if key == JOKER_KEY and rules.eagle_eye:
        return -2 * len(values)
    total = sum(values)
    return total if rules.negative_pairs and total < 0 else 0


def column_points_under(keys: Sequence[int], rules: SixCardRules, values: Sequence[int] | None = None) -> int:
    """:func:`column_points` under ``rules``; ``values`` are the cards' own values when they are not
    the rank keys' (one-eyed jacks)."""
    table = key_values(rules)
    worth = [table[key] for key in keys] if values is None else list(values)
    first = keys[0]
    if all(key == first for key in keys):
        return matched_column_points(first, worth, rules)
    return sum(worth)


def grid_bonuses(matched: Sequence[int], rules: SixCardRules) -> tuple[tuple[str, int], ...]:
    """The bonuses of a grid whose matched columns (all cards of one rank) have rank keys ``matched``."""
    bonuses: list[tuple[str, int]] = []
    if rules.four_of_a_kind:
        sets = sum(matched.count(key) // 2 for key in set(matched))
        bonuses.extend([("four_of_a_kind", FOUR_OF_A_KIND_BONUS)] * sets)
    if rules.wolfpack:
        bonuses.extend([("wolfpack", WOLFPACK_BONUS)] * (matched.count(JACK_KEY) // 2))
    return tuple(bonuses)


def grid_points(grid: Sequence[int], rules: SixCardRules) -> int:
    """The points of a grid of card indexes, every card counted, under ``rules``."""
    columns = rules.columns
    total = 0
    matched: list[int] = []
    for c in range(columns):
        cards = grid[c::columns]
        keys = [INDEX_KEYS[i] for i in cards]
        total += column_points_under(keys, rules, [index_value(i, rules) for i in cards])
        if all(key == keys[0] for key in keys):
            matched.append(keys[0])
    total += sum(points for _, points in grid_bonuses(matched, rules))
    return 0 if rules.blackjack and total == BLACKJACK_POINTS else total


def hole_breakdown(
    grids: Sequence[Sequence[int]], rules: SixCardRules, went_out: int | None, totals: Sequence[int] | None
) -> tuple[tuple[tuple[str, int], ...], ...]:
    """Each seat's points for the hole as named parts: ``grid`` first, then the bonuses and
    penalties of the rules in force (``knock_penalty``, ``knock_bonus``, ``tied_shame``,
    ``underdog``). A seat's hole points are the sum of its parts (:func:`hole_points`).

    ``went_out`` is the seat that turned its last card up (None if the stock ran out);
    ``totals`` the match totals before the hole (None or all equal: nobody is behind)."""
    base = [grid_points(grid, rules) for grid in grids]
    parts: list[list[tuple[str, int]]] = [[("grid", points)] for points in base]
    if went_out is not None:
        others = [points for seat, points in enumerate(base) if seat != went_out]
        if rules.knock_penalty and min(others) <= base[went_out]:
            parts[went_out].append(("knock_penalty", KNOCK_PENALTY))
        if rules.knock_bonus:
            parts[went_out].append(("knock_bonus", KNOCK_BONUS))
    if rules.tied_shame:
        lowest = min(base)
        if base.count(lowest) > 1:
            for seat, points in enumerate(base):
                if points == lowest:
                    parts[seat].append(("tied_shame", TIED_SHAME))
    if rules.underdog and totals and len(set(totals)) > 1:
        highest = max(totals)
        if list(totals).count(highest) == 1:
            parts[list(totals).index(highest)].append(("underdog", UNDERDOG_BONUS))
    return tuple(tuple(seat_parts) for seat_parts in parts)


def hole_points(
    grids: Sequence[Sequence[int]], rules: SixCardRules, went_out: int | None, totals: Sequence[int] | None
) -> tuple[int, ...]:
    """Each seat's points for the hole: the sum of its :func:`hole_breakdown`."""
    return tuple(sum(points for _, points in parts) for parts in hole_breakdown(grids, rules, went_out, totals))


def grid_columns(cells: Sequence[T], columns: int) -> list[list[T]]:
    """Cells listed row by row (top row first) regrouped as columns (top card first)."""
    return [list(cells[c::columns]) for c in range(columns)]


@dataclass(frozen=True, slots=True)
class ColumnScore:
    """One column: its cards top to bottom, whether they cancel (all one rank), and its points."""

    cards: tuple[AnyCard, ...]
    cancelled: bool
    points: int
    values: tuple[int, ...] = ()
    """Each card's own value under the rules scored by (filled in by :func:`score_column`)."""

    def __post_init__(self) -> None:
        if not self.values:
            object.__setattr__(self, "values", tuple(card_value(card) for card in self.cards))

    def to_json(self) -> dict[str, object]:
        return {
            "cards": [card.code for card in self.cards],
            "values": list(self.values),
            "cancelled": self.cancelled,
            "points": self.points,
        }


@dataclass(frozen=True, slots=True)
class GridScore:
    """A whole grid's score, column by column, then any bonuses of the grid (four of a kind…);
    with the ``blackjack`` rule a total of exactly 21 is 0 (``blackjack`` True)."""

    columns: tuple[ColumnScore, ...]
    bonuses: tuple[tuple[str, int], ...] = ()
    blackjack: bool = False

    @property
    def total(self) -> int:
        if self.blackjack:
            return 0
        return sum(column.points for column in self.columns) + sum(points for _, points in self.bonuses)

    def to_json(self) -> dict[str, object]:
        data: dict[str, object] = {"total": self.total, "columns": [column.to_json() for column in self.columns]}
        if self.bonuses:
            data["bonuses"] = [{"rule": name, "points": points} for name, points in self.bonuses]
        if self.blackjack:
            data["blackjack"] = True
        return data


def score_column(cards: Sequence[AnyCard], rules: SixCardRules = SixCardRules()) -> ColumnScore:  # noqa: B008
    """One column of real cards scored under ``rules``."""
    keys = [rank_key(card) for card in cards]
    values = tuple(index_value(card.index, rules) for card in cards)
    points = column_points_under(keys, rules, values)
    cancelled = all(key == keys[0] for key in keys)
    return ColumnScore(tuple(cards), cancelled, points, values)


def score_grid(cards: Sequence[AnyCard], columns: int, rules: SixCardRules = SixCardRules()) -> GridScore:  # noqa: B008
    """Score ``cards`` listed row by row (top row first) in a grid of ``columns`` columns, under
    ``rules`` (the seed's by default); the total is :func:`grid_points`'."""
    scored = tuple(score_column(column, rules) for column in grid_columns(cards, columns))
    bonuses = grid_bonuses([rank_key(column.cards[0]) for column in scored if column.cancelled], rules)
    plain = sum(column.points for column in scored) + sum(points for _, points in bonuses)
    return GridScore(scored, bonuses, rules.blackjack and plain == BLACKJACK_POINTS)


def grid_from_rows(rows: Sequence[Sequence[AnyCard]], decks: int = 1) -> tuple[list[AnyCard], int]:
    """Check that ``rows`` make a grid the engine supports; return its cards and column count.

    Used by the calculator: rows must be equally long, the shape one of 2 × 2, 2 × 3, 2 × 4 or
    3 × 3, and no card may appear twice (``decks`` copies with two decks).
    """
    lengths = {len(row) for row in rows}
    shape = (len(rows), lengths.pop() if len(lengths) == 1 else -1)
    if shape not in GRID_SHAPES.values():
        raise GolfError(
            "sixcard.bad_grid_shape",
            "rows must be equally long: 2 × 2, 2 × 3, 2 × 4 or 3 × 3 cards",
            rows=len(rows),
            sizes=" / ".join(str(len(row)) for row in rows),
        )
    cards = [card for row in rows for card in row]
    seen: dict[AnyCard, int] = {}
    for card in cards:
        seen[card] = seen.get(card, 0) + 1
        if seen[card] > decks:
            raise GolfError("sixcard.duplicate_card", f"{card.code} appears twice", card=card.code)
    return cards, shape[1]


def parse_grid(text: str, decks: int = 1) -> tuple[list[AnyCard], int]:
    """Read ``"9S KD 2C / 9H QC 7D"`` (rows separated by ``/``): the cards and the column count."""
    rows = [parse_cards(part) for part in text.split("/")]
    return grid_from_rows(rows, decks)
