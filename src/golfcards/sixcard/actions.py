"""The actions of Six-card Golf and their JSON form.

Positions are 0-based, row by row (top row first, left to right): in the standard grid ::

    0 1 2
    3 4 5

* :class:`Reveal` — before the first turn, turn up one of your own face-down cards (each player
  turns up 2, 3 in the 3 × 3 grid);
* :class:`DrawStock` — take the top card of the stock (only you see it);
* :class:`TakeDiscard` — take the top of the discard and put it at ``position`` (taking the
  discard always means swapping it into your grid);
* :class:`Swap` — put the card you drew from the stock at ``position``; the card that was there
  goes face up onto the discard;
* :class:`DiscardDrawn` — throw the card you drew from the stock onto the discard.

JSON: ``{"type": "reveal", "position": 4}``, ``{"type": "draw"}``, ``{"type": "take",
"position": 1}``, ``{"type": "swap", "position": 5}``, ``{"type": "discard"}``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from golfcards.errors import GolfError
from golfcards.sixcard.rules import GRID_SHAPES


@dataclass(frozen=True, slots=True)
class Reveal:
    position: int
    kind = "reveal"


@dataclass(frozen=True, slots=True)
class DrawStock:
    kind = "draw"


@dataclass(frozen=True, slots=True)
class TakeDiscard:
    position: int
    kind = "take"


@dataclass(frozen=True, slots=True)
class Swap:
    position: int
    kind = "swap"


@dataclass(frozen=True, slots=True)
class DiscardDrawn:
    kind = "discard"


Action = Reveal | DrawStock | TakeDiscard | Swap | DiscardDrawn

_POSITIONS = range(max(GRID_SHAPES))
DRAW_STOCK = DrawStock()
DISCARD_DRAWN = DiscardDrawn()
REVEALS = tuple(Reveal(p) for p in _POSITIONS)
TAKES = tuple(TakeDiscard(p) for p in _POSITIONS)
SWAPS = tuple(Swap(p) for p in _POSITIONS)
"""Every action a grid allows, made once (index: the position): the engine offers these and
:func:`action_from_json` reads into them, so that playing makes no new action objects (a server's
rooms keep every action of a match, which its garbage collector would otherwise walk)."""

_WITH_POSITION: dict[str, tuple[type[Reveal] | type[TakeDiscard] | type[Swap], tuple[Action, ...]]] = {
    "reveal": (Reveal, REVEALS),
    "take": (TakeDiscard, TAKES),
    "swap": (Swap, SWAPS),
}
_WITHOUT_POSITION: dict[str, Action] = {"draw": DRAW_STOCK, "discard": DISCARD_DRAWN}


def action_to_json(action: Action) -> dict[str, Any]:
    if isinstance(action, (Reveal, TakeDiscard, Swap)):
        return {"type": action.kind, "position": action.position}
    return {"type": action.kind}


def action_from_json(data: Any) -> Action:
    """Read an action's JSON object; raise :class:`GolfError` (``sixcard.bad_action``) if malformed."""
    kind = data.get("type") if isinstance(data, dict) else None
    if not isinstance(kind, str):  # any JSON value may come here; a list cannot even be looked up
        kind = None
    if kind in _WITHOUT_POSITION:
        return _WITHOUT_POSITION[kind]
    if kind in _WITH_POSITION:
        position = data.get("position")
        if isinstance(position, int) and not isinstance(position, bool):
            made, made_once = _WITH_POSITION[kind]
            return made_once[position] if 0 <= position < len(made_once) else made(position)  # the engine refuses it
    raise GolfError(
        "sixcard.bad_action",
        f'{data!r}: an action is {{"type": "draw" | "discard"}} or '
        f'{{"type": "reveal" | "take" | "swap", "position": N}}',
        action=str(data)[:80],
    )
