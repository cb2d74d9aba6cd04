"""A finished hole's scores explained: each seat's grid column by column, then its hole's parts.

:func:`hole_scores` reads only a :class:`~golfcards.sixcard.view.View` whose hole is over (every
card face up, so it tells nothing a viewer may not know) and scores it with the rules' own functions
(:func:`~golfcards.sixcard.scoring.score_grid`, :func:`~golfcards.sixcard.scoring.hole_breakdown`):
a seat's :attr:`SeatScore.points` are the view's ``points`` for that seat. Before the end it gives
None. Pure: no I/O, no words (parts and bonuses are named by keys).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from golfcards.cards import AnyCard
from golfcards.sixcard.scoring import GridScore, hole_breakdown, score_grid
from golfcards.sixcard.view import View


@dataclass(frozen=True, slots=True)
class SeatScore:
    """One seat's hole: its grid scored column by column (``grid``) and the hole's parts, ``grid``
    first, then ``knock_penalty``, ``knock_bonus``, ``tied_shame``, ``underdog`` as the rules apply."""

    grid: GridScore
    parts: tuple[tuple[str, int], ...]
    columns: int

    @property
    def points(self) -> int:
        """The seat's points for the hole: the sum of its parts."""
        return sum(points for _, points in self.parts)

    def to_json(self) -> dict[str, Any]:
        """``{"columns": [{"positions", "cards", "values", "cancelled", "points"}], "bonuses": [{"rule",
        "points"}], "blackjack", "grid", "parts": [{"rule", "points"}], "points"}``; a column's
        ``positions`` are its cells in the grid (row by row, top row first)."""
        rows = len(self.grid.columns[0].cards) if self.grid.columns else 0
        return {
            "columns": [
                {"positions": [column + row * self.columns for row in range(rows)], **scored.to_json()}
                for column, scored in enumerate(self.grid.columns)
            ],
            "bonuses": [{"rule": name, "points": points} for name, points in self.grid.bonuses],
            "blackjack": self.grid.blackjack,
            "grid": self.grid.total,
            "parts": [{"rule": name, "points": points} for name, points in self.parts],
            "points": self.points,
        }


def hole_scores(view: View) -> tuple[SeatScore, ...] | None:
    """Every seat's :class:`SeatScore` once the hole of ``view`` is over (every grid face up), in
    seat order; None while it is under way."""
    if not view.is_over or any(card is None for grid in view.grids for card in grid):
        return None
    rules = view.rules
    grids: list[list[AnyCard]] = [[card for card in grid if card is not None] for grid in view.grids]
    totals = None if view.context is None else view.context.totals
    parts = hole_breakdown([[card.index for card in grid] for grid in grids], rules, view.went_out, totals)
    return tuple(
        SeatScore(score_grid(grid, rules.columns, rules), seat_parts, rules.columns)
        for grid, seat_parts in zip(grids, parts, strict=True)
    )
