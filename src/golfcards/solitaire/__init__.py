"""Golf Solitaire: rules, deals, game codes and the game state.

>>> board = Board.from_code("GO1-E-AAAAAAB")
>>> board.apply(Draw()) is None, board.discard
(True, Card(8S))
"""

from golfcards.solitaire.board import (
    UNDO_LIMIT,
    Action,
    Board,
    Draw,
    Move,
    Position,
    Refusal,
    Status,
    Take,
    Touch,
    Undo,
    parse_action,
)
from golfcards.solitaire.codes import GameCode, parse_code
from golfcards.solitaire.deal import Deal
from golfcards.solitaire.rules import CLASSIC, EASY, STRICT, RuleName, Rules
from golfcards.solitaire.view import SolitaireView, view_for

__all__ = [
    "UNDO_LIMIT",
    "Action",
    "Board",
    "CLASSIC",
    "Deal",
    "Draw",
    "EASY",
    "GameCode",
    "Move",
    "Position",
    "Refusal",
    "RuleName",
    "Rules",
    "STRICT",
    "SolitaireView",
    "Status",
    "Take",
    "Touch",
    "Undo",
    "parse_action",
    "parse_code",
    "view_for",
]
