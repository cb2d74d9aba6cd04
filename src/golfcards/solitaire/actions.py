"""The actions of Golf Solitaire and their notation (the replay's and the keys' ``d``, ``u``, ``1``–``7``, ``C.R``).

* :class:`Draw` — turn the stock's top card onto the discard;
* :class:`Take` — remove the free (bottom) card of a column;
* :class:`Touch` — touch a card by column and row (removes it if it is free and fits);
* :class:`Undo` — take back the last action.

:data:`Move` is what the rules offer (``Board.legal_actions``: a draw or a take); :data:`Action` is
everything a player may ask of a :class:`~golfcards.solitaire.board.Board`, which re-exports these names.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from golfcards.errors import GolfError
from golfcards.solitaire.deal import COLUMNS


@dataclass(frozen=True, slots=True)
class Draw:
    """Turn the stock's top card onto the discard."""

    notation = "d"


@dataclass(frozen=True, slots=True)
class Take:
    """Remove the free (bottom) card of ``column`` (1–7)."""

    column: int

    @property
    def notation(self) -> str:
        return str(self.column)


@dataclass(frozen=True, slots=True)
class Touch:
    """Touch the card at ``column`` (1–7), ``row`` (1 = top): removes it if it is free and fits."""

    column: int
    row: int

    @property
    def notation(self) -> str:
        return f"{self.column}.{self.row}"


@dataclass(frozen=True, slots=True)
class Undo:
    """Take back the last action."""

    notation = "u"


Move = Draw | Take
Action = Draw | Take | Touch | Undo


_TAKE = re.compile(f"[1-{COLUMNS}]")
_TOUCH = re.compile(f"([1-{COLUMNS}])\\.([1-9][0-9]?)")
"""Only ASCII digits, each in range (rows 1–99; the board refuses a row it does not have): no
``"³"``, ``"３"`` or 4,000-digit rows."""


def parse_action(text: str) -> Action:
    """Read the replay notation: ``d`` draw, ``1``–``7`` take, ``u`` undo, ``C.R`` touch.

    Only ASCII is read (surrounding spaces aside); anything else raises :class:`GolfError`
    ``action.bad``, never another exception.
    """
    cleaned = text.strip() if isinstance(text, str) else ""
    if cleaned in ("d", "D"):
        return Draw()
    if cleaned in ("u", "U"):
        return Undo()
    if _TAKE.fullmatch(cleaned):
        return Take(int(cleaned))
    touch = _TOUCH.fullmatch(cleaned)
    if touch:
        return Touch(int(touch.group(1)), int(touch.group(2)))
    shown = text[:80] if isinstance(text, str) else type(text).__name__
    raise GolfError("action.bad", f"{shown!r}: an action is d, u, 1-7 or COLUMN.ROW (like 3.5)", action=shown)
