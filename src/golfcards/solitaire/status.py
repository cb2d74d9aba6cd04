"""Whether a game of Golf Solitaire goes on, is won or is blocked: the board's status and its view's.

:mod:`golfcards.solitaire.board` re-exports :class:`Status`.
"""

from __future__ import annotations

import enum


class Status(enum.Enum):
    PLAYING = "playing"
    WON = "won"
    BLOCKED = "blocked"
