"""Card values and column scoring: A 1, 2 −2, 3–10 face value, J and Q 10, K 0, joker −2.

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
from golfcards.sixcard.rules import GRID_SHAPES

T = TypeVar("T")
JOKER_VALUE = -2
JOKER_KEY = 13
RANK_KEYS = 14
KEY_VALUES: tuple[int, ...] = (1, -2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 0, JOKER_VALUE)
"""The value of each rank key (Ace … King, then the joker)."""
INDEX_KEYS: tuple[int, ...] = tuple(i % 13 for i in range(52)) + (JOKER_KEY, JOKER_KEY)
"""The rank key of each card index (``Card.index``; jokers are 52 and 53)."""


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


def grid_columns(cells: Sequence[T], columns: int) -> list[list[T]]:
    """Cells listed row by row (top row first) regrouped as columns (top card first)."""
    return [list(cells[c::columns]) for c in range(columns)]


@dataclass(frozen=True, slots=True)
class ColumnScore:
    """One column: its cards top to bottom, whether they cancel, and its points."""

    cards: tuple[AnyCard, ...]
    cancelled: bool
    points: int

    @property
    def values(self) -> tuple[int, ...]:
        return tuple(card_value(card) for card in self.cards)

    def to_json(self) -> dict[str, object]:
        return {
            "cards": [card.code for card in self.cards],
            "values": list(self.values),
            "cancelled": self.cancelled,
            "points": self.points,
        }


@dataclass(frozen=True, slots=True)
class GridScore:
    """A whole grid's score, column by column."""

    columns: tuple[ColumnScore, ...]

    @property
    def total(self) -> int:
        return sum(column.points for column in self.columns)

    def to_json(self) -> dict[str, object]:
        return {"total": self.total, "columns": [column.to_json() for column in self.columns]}


def score_column(cards: Sequence[AnyCard]) -> ColumnScore:
    keys = [rank_key(card) for card in cards]
    points = column_points(keys)
    cancelled = all(key == keys[0] for key in keys)
    return ColumnScore(tuple(cards), cancelled, points)


def score_grid(cards: Sequence[AnyCard], columns: int) -> GridScore:
    """Score ``cards`` listed row by row (top row first) in a grid of ``columns`` columns."""
    return GridScore(tuple(score_column(column) for column in grid_columns(cards, columns)))


def grid_from_rows(rows: Sequence[Sequence[AnyCard]]) -> tuple[list[AnyCard], int]:
    """Check that ``rows`` make a grid the engine supports; return its cards and column count.

    Used by the calculator: rows must be equally long, the shape one of 2 × 2, 2 × 3, 2 × 4 or
    3 × 3, and no card may appear twice (the game uses one deck).
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
    seen: set[AnyCard] = set()
    for card in cards:
        if card in seen:
            raise GolfError("sixcard.duplicate_card", f"{card.code} appears twice", card=card.code)
        seen.add(card)
    return cards, shape[1]


def parse_grid(text: str) -> tuple[list[AnyCard], int]:
    """Read ``"9S KD 2C / 9H QC 7D"`` (rows separated by ``/``): the cards and the column count."""
    rows = [parse_cards(part) for part in text.split("/")]
    return grid_from_rows(rows)
