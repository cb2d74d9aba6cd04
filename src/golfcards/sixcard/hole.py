"""Where a hole of Six-card Golf stands: its phase, how it ended, its place in its match.

The words the hole's state (:mod:`golfcards.sixcard.state`) and every view of it
(:mod:`golfcards.sixcard.view`) share; :mod:`golfcards.sixcard.state` re-exports them.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass


class Phase(enum.StrEnum):
    REVEAL = "reveal"
    DRAW = "draw"
    PLACE = "place"
    OVER = "over"


class EndReason(enum.StrEnum):
    WENT_OUT = "went_out"
    STOCK_EMPTY = "stock_empty"


@dataclass(frozen=True, slots=True)
class HoleContext:
    """Where a hole stands in its match: its number (0-based), the match length, totals so far."""

    hole: int
    holes: int
    totals: tuple[int, ...]
