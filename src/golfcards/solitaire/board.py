"""The Golf Solitaire game state: play, touch, draw, undo, score, status.

A :class:`Board` is mutable and follows the game-state protocol of :mod:`golfcards.game`:
:meth:`Board.apply` performs one action and returns None, or a :class:`Refusal` (a message key
interfaces translate) with nothing changed; :meth:`Board.undo` takes the last action back. What the
player may see is built by :func:`golfcards.solitaire.view.view_for` only. Nothing here prints or
translates.
"""

from __future__ import annotations

import enum
from collections import deque
from dataclasses import dataclass

from golfcards.cards import AnyCard
from golfcards.errors import GolfError
from golfcards.solitaire.actions import Action, Draw, Move, Take, Touch, Undo, parse_action
from golfcards.solitaire.codes import GameCode
from golfcards.solitaire.deal import COLUMNS, ROWS, TABLEAU_SIZE, Deal
from golfcards.solitaire.rules import EASY, Rules
from golfcards.solitaire.status import Status
from golfcards.solitaire.view import SolitaireView, view_for

__all__ = [
    "POINTS_PER_CARD",
    "UNDO_LIMIT",
    "Action",
    "Board",
    "Draw",
    "Move",
    "Position",
    "Refusal",
    "Status",
    "Take",
    "Touch",
    "Undo",
    "parse_action",
]

UNDO_LIMIT = 100
POINTS_PER_CARD = 10


class Refusal(enum.StrEnum):
    """Why an action was refused; the value is the message key interfaces translate."""

    NOT_CONSECUTIVE = "not_consecutive"
    CARD_BLOCKED = "card_blocked"
    NOTHING_ON_KING = "nothing_on_king"
    NO_CARD = "no_card"
    NO_SUCH_COLUMN = "no_such_column"
    STOCK_EMPTY = "stock_empty"
    MUST_REMOVE_FIRST = "must_remove_first"
    GAME_OVER = "game_over"
    GAME_WON = "game_won"
    NOTHING_TO_UNDO = "nothing_to_undo"
    UNDO_LIMIT = "undo_limit"


@dataclass(frozen=True, slots=True)
class Position:
    """The whole game state that undo restores: heights of the columns, cards drawn, discard."""

    heights: tuple[int, ...]
    drawn: int
    discard: AnyCard | None


@dataclass(frozen=True, slots=True)
class _Entry:
    """One undoable action: where the card came from (column, or None for a draw), old discard."""

    column: int | None
    previous_discard: AnyCard | None


class Board:
    """A game of Golf Solitaire in progress."""

    def __init__(
        self, deal: Deal, rules: Rules = EASY, *, undo_limit: int = UNDO_LIMIT, code: GameCode | None = None
    ) -> None:
        if rules.empty_discard != (deal.discard is None):
            raise GolfError("rules.deal_mismatch", "the deal's discard does not match the rules")
        self.deal = deal
        self.rules = rules
        self.code = code
        self.undo_limit = undo_limit
        self.heights = [len(column) for column in deal.columns]
        self.drawn = 0
        self.discard: AnyCard | None = deal.discard
        self.moves = 0
        self._history: deque[_Entry] = deque(maxlen=undo_limit)
        self._depth = 0  # actions currently applied, including those too old to undo

    @classmethod
    def from_code(cls, code: GameCode | str) -> Board:
        parsed = code if isinstance(code, GameCode) else GameCode.parse(code)
        return cls(parsed.deal(), parsed.rules, code=parsed.single())

    # --- what the player sees -------------------------------------------------------------

    @property
    def columns(self) -> tuple[tuple[AnyCard, ...], ...]:
        return tuple(column[:height] for column, height in zip(self.deal.columns, self.heights, strict=False))

    @property
    def stock(self) -> tuple[AnyCard, ...]:
        """The cards still to draw, in draw order (hidden from the player in interfaces)."""
        return self.deal.stock[self.drawn :]

    @property
    def stock_count(self) -> int:
        return len(self.deal.stock) - self.drawn

    def free_card(self, column: int) -> AnyCard | None:
        """The bottom card of ``column`` (1–7), or None if the column is empty."""
        height = self.heights[column - 1]
        return self.deal.columns[column - 1][height - 1] if height else None

    @property
    def cards_left(self) -> int:
        return sum(self.heights)

    @property
    def removed(self) -> int:
        return TABLEAU_SIZE - self.cards_left

    def position(self) -> Position:
        return Position(tuple(self.heights), self.drawn, self.discard)

    # --- rules ----------------------------------------------------------------------------

    def _removal_possible(self) -> bool:
        return any(self._take_refusal(column) is None for column in range(1, COLUMNS + 1))

    def _take_refusal(self, column: int) -> Refusal | None:
        card = self.free_card(column)
        if card is None:
            return Refusal.NO_CARD
        reason = self.rules.refusal(card, self.discard)
        return None if reason is None else Refusal(reason)

    def _draw_refusal(self) -> Refusal | None:
        if self.stock_count == 0:
            return Refusal.STOCK_EMPTY
        if not self.rules.draw_anytime and self._removal_possible():
            return Refusal.MUST_REMOVE_FIRST
        return None

    @property
    def status(self) -> Status:
        if self.cards_left == 0:
            return Status.WON
        if self.stock_count == 0 and not self._removal_possible():
            return Status.BLOCKED
        return Status.PLAYING

    def is_terminal(self) -> bool:
        """Whether the game is over (won or blocked); an undo may still reopen it."""
        return self.status is not Status.PLAYING

    @property
    def players(self) -> int:
        return 1

    @property
    def current_player(self) -> int | None:
        """0 (the one player) while the game goes on, None once it is over."""
        return None if self.is_terminal() else 0

    def returns(self) -> tuple[int, ...]:
        """The score, as the only player's result."""
        return (self.score,)

    def view(self, player: int | None = 0) -> SolitaireView:
        """What the player sees (anyone sees the same): built by :func:`~golfcards.solitaire.view.view_for`."""
        return view_for(self)

    @property
    def score(self) -> int:
        """+10 per card removed; when blocked, −10 per card left; never below 0."""
        penalty = self.cards_left if self.status is Status.BLOCKED else 0
        return max(0, POINTS_PER_CARD * (self.removed - penalty))

    def legal_actions(self) -> list[Move]:
        """Removals first (column order), then the draw, if allowed."""
        if self.cards_left == 0:
            return []
        moves: list[Move] = [Take(c) for c in range(1, COLUMNS + 1) if self._take_refusal(c) is None]
        if self._draw_refusal() is None:
            moves.append(Draw())
        return moves

    def why_not(self, action: Action) -> Refusal | None:
        """Why ``action`` would be refused now, or None if it would be accepted.

        A won game is over for good: nothing, not even an undo, turns the win back into a game.
        """
        if self.cards_left == 0:
            return Refusal.GAME_WON
        if isinstance(action, Undo):
            if self._history:
                return None
            return Refusal.UNDO_LIMIT if self._depth else Refusal.NOTHING_TO_UNDO
        if self.is_terminal():
            return Refusal.GAME_OVER
        if isinstance(action, Draw):
            return self._draw_refusal()
        if isinstance(action, Take):
            if not 1 <= action.column <= COLUMNS:
                return Refusal.NO_SUCH_COLUMN
            return self._take_refusal(action.column)
        if isinstance(action, Touch):
            if not 1 <= action.column <= COLUMNS or not 1 <= action.row <= ROWS:
                return Refusal.NO_SUCH_COLUMN
            height = self.heights[action.column - 1]
            if action.row > height:
                return Refusal.NO_CARD
            if action.row < height:
                return Refusal.CARD_BLOCKED
            return self._take_refusal(action.column)
        raise TypeError(f"not an action: {action!r}")

    # --- acting ---------------------------------------------------------------------------

    def apply(self, action: Action) -> Refusal | None:
        """Perform ``action`` if the rules allow it; otherwise change nothing and say why."""
        refusal = self.why_not(action)
        if refusal is not None:
            return refusal
        if isinstance(action, Undo):
            self._undo()
            return None
        if isinstance(action, Draw):
            card = self.deal.stock[self.drawn]
            self._record(_Entry(None, self.discard))
            self.drawn += 1
        else:
            column = action.column
            card = self.deal.columns[column - 1][self.heights[column - 1] - 1]
            self._record(_Entry(column, self.discard))
            self.heights[column - 1] -= 1
        self.discard = card
        self.moves += 1
        return None

    def undo(self) -> Refusal | None:
        """Take back the last action; the move counter does not go down."""
        return self.apply(Undo())

    def moved_card(self, action: Action) -> AnyCard | None:
        """The card ``action`` would move now: the card drawn or removed, or for an undo the discard going back.

        Only meaningful for an action that is then accepted (an interface asks just before applying it).
        """
        if isinstance(action, Undo):
            return self.discard
        if isinstance(action, Draw):
            return self.deal.stock[self.drawn] if self.stock_count else None
        if not 1 <= action.column <= COLUMNS:
            return None
        return self.free_card(action.column)

    def _record(self, entry: _Entry) -> None:
        self._history.append(entry)
        self._depth += 1

    def _undo(self) -> None:
        entry = self._history.pop()
        self._depth -= 1
        if entry.column is None:
            self.drawn -= 1
        else:
            self.heights[entry.column - 1] += 1
        self.discard = entry.previous_discard

    @property
    def undo_available(self) -> int:
        """How many undos in a row are possible now (none once the game is won)."""
        return 0 if self.cards_left == 0 else len(self._history)

    def clone(self) -> Board:
        other = Board(self.deal, self.rules, undo_limit=self.undo_limit, code=self.code)
        other.heights = list(self.heights)
        other.drawn = self.drawn
        other.discard = self.discard
        other.moves = self.moves
        other._history = deque(self._history, maxlen=self.undo_limit)
        other._depth = self._depth
        return other

    def __repr__(self) -> str:
        return f"Board({self.code or 'custom deal'}, {self.status.value}, score={self.score})"
