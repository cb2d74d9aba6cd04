"""What the Golf Solitaire player sees — built by :func:`view_for` only.

The columns and the discard are face up; the stock is face down, so a view carries only its
count, never its order (the web page, the terminal and ``replay --json`` all show a view). The game
code is the player's own deal name (shown so that a game can be shared and replayed), kept as it is.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from golfcards.cards import AnyCard
from golfcards.solitaire.actions import Move
from golfcards.solitaire.codes import GameCode
from golfcards.solitaire.deal import TABLEAU_SIZE
from golfcards.solitaire.rules import Rules
from golfcards.solitaire.status import Status


@dataclass(frozen=True, slots=True)
class SolitaireView:
    """A game as its player sees it: everything but the stock's order."""

    code: GameCode | None
    rules: Rules
    status: Status
    score: int
    moves: int
    columns: tuple[tuple[AnyCard, ...], ...]
    discard: AnyCard | None
    stock_count: int
    undo_available: int
    legal: tuple[Move, ...]

    @property
    def cards_left(self) -> int:
        return sum(len(column) for column in self.columns)

    @property
    def removed(self) -> int:
        return TABLEAU_SIZE - self.cards_left

    def is_terminal(self) -> bool:
        return self.status is not Status.PLAYING

    def free_card(self, column: int) -> AnyCard | None:
        """The bottom card of ``column`` (1–7), or None if the column is empty."""
        cards = self.columns[column - 1]
        return cards[-1] if cards else None

    def to_json(self) -> dict[str, object]:
        """The view in two-letter card notation (``replay --json``'s fields)."""
        return {
            "code": None if self.code is None else str(self.code),
            "rules": self.rules.name.word,
            "status": self.status.value,
            "score": self.score,
            "moves": self.moves,
            "columns": [[card.code for card in column] for column in self.columns],
            "discard": None if self.discard is None else self.discard.code,
            "stock_count": self.stock_count,
            "undo_available": self.undo_available,
        }


class ViewedBoard(Protocol):
    """What :func:`view_for` reads of a game, which knows the stock's order: in practice a
    :class:`~golfcards.solitaire.board.Board`. Named by what it offers rather than imported, because
    the board builds its own view (:meth:`~golfcards.solitaire.board.Board.view`) with this module."""

    @property
    def code(self) -> GameCode | None: ...
    @property
    def rules(self) -> Rules: ...
    @property
    def status(self) -> Status: ...
    @property
    def score(self) -> int: ...
    @property
    def moves(self) -> int: ...
    @property
    def columns(self) -> tuple[tuple[AnyCard, ...], ...]: ...
    @property
    def discard(self) -> AnyCard | None: ...
    @property
    def stock_count(self) -> int: ...
    @property
    def undo_available(self) -> int: ...
    def legal_actions(self) -> list[Move]: ...


def view_for(board: ViewedBoard) -> SolitaireView:
    """THE function that decides what the player of ``board`` may see."""
    return SolitaireView(
        code=board.code,
        rules=board.rules,
        status=board.status,
        score=board.score,
        moves=board.moves,
        columns=board.columns,
        discard=board.discard,
        stock_count=board.stock_count,
        undo_available=board.undo_available,
        legal=tuple(board.legal_actions()),
    )
