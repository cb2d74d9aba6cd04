"""The one vocabulary of a game state, shared by Golf Solitaire and Six-card Golf.

Modelled on OpenSpiel's ``pyspiel.State`` and python-chess's ``Board``: a state is mutable, knows
every card (the omniscient position), and is read by players only through :meth:`GameState.view`.
Both engines' states follow this protocol (Solitaire's ``Board``, six-card's ``HoleState`` and
``Match``), so generic code — the conformance test, a random player, a search — can drive either.

* :meth:`~GameState.apply` never raises for a move the rules forbid: it returns the refusal, a
  ``StrEnum`` whose value is the message key interfaces translate, and the state is unchanged;
* :meth:`~GameState.undo` takes back the last accepted action (or returns the refusal saying why not);
* :meth:`~GameState.returns` is OpenSpiel's: one number per player, higher is better.
"""

from __future__ import annotations

import enum
from typing import Protocol, Self, TypeVar

ActionT = TypeVar("ActionT")
ViewT = TypeVar("ViewT", covariant=True)


class GameState(Protocol[ActionT, ViewT]):
    """A game in progress, as every engine's state presents it."""

    @property
    def players(self) -> int:
        """How many players the game has (Solitaire: 1)."""
        ...

    @property
    def current_player(self) -> int | None:
        """The seat expected to act next (0-based), or None when nobody is: the game is over (or, in a
        six-card match, waits between two holes)."""
        ...

    def legal_actions(self) -> list[ActionT]:
        """What the current player may do now (empty exactly when :attr:`current_player` is None)."""
        ...

    def apply(self, action: ActionT) -> enum.StrEnum | None:
        """Play ``action`` for the current player; if the rules forbid it, change nothing and say why."""
        ...

    def undo(self) -> enum.StrEnum | None:
        """Take back the last accepted action; if there is none to take back, change nothing and say why."""
        ...

    def is_terminal(self) -> bool:
        """Whether the game is over."""
        ...

    def returns(self) -> tuple[int, ...]:
        """One result per player, higher is better (meaningful once :meth:`is_terminal`)."""
        ...

    def view(self, player: int | None) -> ViewT:
        """What ``player`` (None: a spectator) may see: built by the engine's one view function."""
        ...

    def clone(self) -> Self:
        """An independent copy: playing on it leaves this state unchanged."""
        ...
