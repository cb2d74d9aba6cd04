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

House rules (:mod:`golfcards.sixcard.rules`) add:

* :class:`Flip` — (``flip_as_turn``) instead of drawing, turn up one of your face-down cards: that
  is your whole turn;
* :class:`DiscardFlip` — (``flip_after_discard``) throw the drawn card away and turn up the
  face-down card at ``position``;
* :class:`KnockEarly` — (``knock_early``) with one or two cards face down, turn them all up as
  your whole turn, and so go out.

JSON: ``{"type": "reveal", "position": 4}``, ``{"type": "draw"}``, ``{"type": "take",
"position": 1}``, ``{"type": "swap", "position": 5}``, ``{"type": "discard"}``, ``{"type":
"flip", "position": 2}``, ``{"type": "discard_flip", "position": 3}``, ``{"type": "knock"}``.
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


@dataclass(frozen=True, slots=True)
class Flip:
    position: int
    kind = "flip"


@dataclass(frozen=True, slots=True)
class DiscardFlip:
    position: int
    kind = "discard_flip"


@dataclass(frozen=True, slots=True)
class KnockEarly:
    kind = "knock"


Action = Reveal | DrawStock | TakeDiscard | Swap | DiscardDrawn | Flip | DiscardFlip | KnockEarly
PositionAction = Reveal | TakeDiscard | Swap | Flip | DiscardFlip
POSITION_ACTIONS = (Reveal, TakeDiscard, Swap, Flip, DiscardFlip)
"""The actions that name a position of the player's grid."""

_POSITIONS = range(max(GRID_SHAPES))
DRAW_STOCK = DrawStock()
DISCARD_DRAWN = DiscardDrawn()
REVEALS = tuple(Reveal(p) for p in _POSITIONS)
TAKES = tuple(TakeDiscard(p) for p in _POSITIONS)
SWAPS = tuple(Swap(p) for p in _POSITIONS)
FLIPS = tuple(Flip(p) for p in _POSITIONS)
DISCARD_FLIPS = tuple(DiscardFlip(p) for p in _POSITIONS)
KNOCK_EARLY = KnockEarly()
"""Every action a grid allows, made once (index: the position): the engine offers these and
:func:`action_from_json` reads into them, so that playing makes no new action objects (a server's
rooms keep every action of a match, which its garbage collector would otherwise walk)."""

ACTIONS: tuple[Action, ...] = (
    DRAW_STOCK,
    DISCARD_DRAWN,
    *REVEALS,
    *TAKES,
    *SWAPS,
    *FLIPS,
    *DISCARD_FLIPS,
    KNOCK_EARLY,
)
"""Every action of the game, each at its number (:func:`action_number`), as OpenSpiel numbers a
game's actions: a log of actions can be kept as numbers (the house rules' actions come last, so
the seed game's numbers are those of the first 29)."""
_NUMBERS: dict[Action, int] = {action: number for number, action in enumerate(ACTIONS)}


def action_number(action: Action) -> int:
    """``action``'s place in :data:`ACTIONS` (KeyError for a position no grid has)."""
    return _NUMBERS[action]


_WITH_POSITION: dict[
    str,
    tuple[type[Reveal] | type[TakeDiscard] | type[Swap] | type[Flip] | type[DiscardFlip], tuple[Action, ...]],
] = {
    "reveal": (Reveal, REVEALS),
    "take": (TakeDiscard, TAKES),
    "swap": (Swap, SWAPS),
    "flip": (Flip, FLIPS),
    "discard_flip": (DiscardFlip, DISCARD_FLIPS),
}
_WITHOUT_POSITION: dict[str, Action] = {"draw": DRAW_STOCK, "discard": DISCARD_DRAWN, "knock": KNOCK_EARLY}


def action_to_json(action: Action) -> dict[str, Any]:
    if isinstance(action, POSITION_ACTIONS):
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
        f'{data!r}: an action is {{"type": "draw" | "discard" | "knock"}} or '
        f'{{"type": "reveal" | "take" | "swap" | "flip" | "discard_flip", "position": N}}',
        action=str(data)[:80],
    )
