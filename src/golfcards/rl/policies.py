"""golfcards' bots and solver as policies for the learning environments.

* :class:`SixCardBotPolicy` — a six-card bot of any level (``random`` … ``expert``) answering a
  seat's view with an action number; call it with a PettingZoo environment and an agent, or give it
  a view. It sees what the seat sees and nothing more (the bots take views only). For OpenSpiel,
  :class:`golfcards.rl.openspiel_game.GolfcardsBot` wraps it as a ``pyspiel.Bot``.
* :class:`SolitaireSolverPolicy` — the exact solver's move in Golf Solitaire
  (:func:`golfcards.solitaire.hint.hint`). The solver knows the stock's order, which the player does
  not: it is an oracle, the upper bound a learner can be compared with, not a fair player.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from golfcards.rl.encoding import solitaire_number
from golfcards.sixcard.actions import action_number
from golfcards.sixcard.bots import make_bot
from golfcards.sixcard.view import View
from golfcards.solitaire.hint import hint

if TYPE_CHECKING:
    from golfcards.rl.sixcard_aec import SixCardEnv
    from golfcards.rl.solitaire_gym import SolitaireEnv


class SixCardBotPolicy:
    """The bot of ``level`` (seeded by ``seed``) as a policy over six-card action numbers."""

    def __init__(self, level: str, seed: int = 0) -> None:
        self.bot = make_bot(level, seed)

    def action(self, view: View) -> int:
        """The bot's choice in ``view`` (the seat's own, with legal actions), as an action number."""
        return action_number(self.bot.choose(view))

    def __call__(self, env: SixCardEnv, agent: str) -> int:
        return self.action(env.view(agent))


class SolitaireSolverPolicy:
    """The solver's next move from the environment's position, within ``budget`` positions
    (None: no limit) per move; an oracle that knows the stock."""

    def __init__(self, budget: int | None = 60_000) -> None:
        self.budget = budget

    def __call__(self, env: SolitaireEnv) -> int:
        assert env.board is not None, "reset() first"
        advice = hint(env.board, budget=self.budget)
        assert advice.move is not None, "the game is over"
        return solitaire_number(advice.move)
