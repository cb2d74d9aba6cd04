"""What a bot knows, read from its :class:`~golfcards.sixcard.view.View`, in rank keys.

Bots reason about ranks, not suits (suits never score), so a view is turned into rank keys
(see :mod:`golfcards.sixcard.scoring`): every grid with :data:`UNKNOWN` for face-down cards,
the discard's top, the card the bot holds, and the *unseen* count of each rank — the deck minus
every card the bot can see (face-up grids, the whole discard pile, its own drawn card). Those
counts give the odds of what lies under a face-down card or comes off the stock.
"""

from __future__ import annotations

from collections.abc import Sequence

from golfcards.sixcard.scoring import JOKER_KEY, KEY_VALUES, column_points, rank_key
from golfcards.sixcard.view import View

UNKNOWN = -1


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
        unseen = [4] * JOKER_KEY + [rules.jokers]
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


def mean_value(probabilities: Sequence[float]) -> float:
    return sum(p * value for p, value in zip(probabilities, KEY_VALUES, strict=False))


def column_expectation(keys: Sequence[int], probabilities: Sequence[float], mean: float) -> float:
    """The expected points of a column whose :data:`UNKNOWN` cards follow ``probabilities``.

    Unknown cards are treated as independent draws; a column cancels only when all its cards
    share a rank, so the chance of that is subtracted with the points it would have scored.
    """
    known = [key for key in keys if key != UNKNOWN]
    missing = len(keys) - len(known)
    if not missing:
        return column_points(keys)
    total = sum(KEY_VALUES[key] for key in known) + missing * mean
    if not known:
        return total - sum(p**missing * missing * KEY_VALUES[u] for u, p in enumerate(probabilities) if p)
    first = known[0]
    if any(key != first for key in known):
        return total
    return total - probabilities[first] ** missing * len(keys) * KEY_VALUES[first]


def grid_expectation(grid: Sequence[int], columns: int, probabilities: Sequence[float], mean: float) -> float:
    return sum(column_expectation(grid[c::columns], probabilities, mean) for c in range(columns))
