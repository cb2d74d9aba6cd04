"""Golf Solitaire as a Gymnasium environment, with the exact solver's verdict on request.

``reset(seed)`` deals a game code (uniformly random deal numbers from the environment's generator,
or with ``winnable_only`` a uniformly random *winnable* deal, or ``options={"code": "GO1-E-…"}``).
Actions are ``Discrete(8)``: 0 draw, 1–7 take that column's free card; ``info["action_mask"]``
(and :meth:`SolitaireEnv.action_masks`) says which are legal. A refused action changes nothing,
pays 0 and says why in ``info["refused"]`` (a message key). Each step pays one per card removed;
the episode terminates when the game is won or blocked, and truncates after ``max_steps`` steps.

With ``verdict=True`` every ``info`` carries ``"winnable"``: True or False as the exact solver
proves it from the current position, or None when ``verdict_budget`` positions did not decide
(:func:`golfcards.solitaire.hint.is_still_winnable`). ``info["code"]`` is the deal's code.
"""

from __future__ import annotations

from typing import Any

import gymnasium
import numpy as np

from golfcards.rl.encoding import (
    SOLITAIRE_ACTIONS,
    Mask,
    Vector,
    solitaire_action_mask,
    solitaire_move,
    solitaire_observation,
    solitaire_observation_size,
)
from golfcards.shuffle import DEAL_COUNT
from golfcards.solitaire.board import Board
from golfcards.solitaire.codes import GameCode
from golfcards.solitaire.hint import LIVE_BUDGET, is_still_winnable
from golfcards.solitaire.rules import Rules
from golfcards.solitaire.view import view_for
from golfcards.solitaire.winnable import random_winnable_code

MAX_STEPS = 200
"""More than any game takes: at most 35 removals and 17 draws (18 with an empty discard)."""


class SolitaireEnv(gymnasium.Env[Vector, np.int64]):
    """One game of Golf Solitaire under ``rules`` per episode."""

    metadata = {"render_modes": ["ansi"], "render_fps": 4}

    def __init__(
        self,
        rules: Rules,
        *,
        winnable_only: bool = False,
        verdict: bool = False,
        verdict_budget: int | None = LIVE_BUDGET,
        max_steps: int = MAX_STEPS,
        render_mode: str | None = None,
    ) -> None:
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode is None or 'ansi', not {render_mode!r}")
        self.rules = rules
        self.winnable_only = winnable_only
        self.verdict = verdict
        self.verdict_budget = verdict_budget
        self.max_steps = max_steps
        self.render_mode = render_mode
        self.observation_space = gymnasium.spaces.Box(0.0, 1.0, (solitaire_observation_size(),), np.float32)
        self.action_space = gymnasium.spaces.Discrete(SOLITAIRE_ACTIONS)
        self.board: Board | None = None
        self._steps = 0

    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None) -> tuple[Vector, dict[str, Any]]:
        super().reset(seed=seed)
        code_text = (options or {}).get("code")
        if code_text is not None:
            code = GameCode.parse(code_text)
        else:
            number = int(self.np_random.integers(DEAL_COUNT))
            code = random_winnable_code(self.rules, number) if self.winnable_only else GameCode(number, self.rules)
        self.board = Board.from_code(code)
        self._steps = 0
        return self._observation(), self._info()

    def step(self, action: np.int64 | int) -> tuple[Vector, float, bool, bool, dict[str, Any]]:
        board = self.board
        assert board is not None, "reset() first"
        before = board.cards_left
        refusal = board.apply(solitaire_move(int(action)))
        self._steps += 1
        info = self._info()
        if refusal is not None:
            info["refused"] = refusal.value
        reward = float(before - board.cards_left)
        terminated = board.is_terminal()
        truncated = not terminated and self._steps >= self.max_steps
        return self._observation(), reward, terminated, truncated, info

    def action_masks(self) -> Mask:
        """The legal actions now (the method maskable learners look for)."""
        assert self.board is not None, "reset() first"
        return solitaire_action_mask(view_for(self.board))

    def render(self) -> str | None:
        """With ``render_mode="ansi"``: the columns, discard and stock size as card codes."""
        if self.render_mode != "ansi" or self.board is None:
            return None
        view = view_for(self.board)
        rows = [" ".join(card.code for card in column) for column in view.columns]
        discard = "--" if view.discard is None else view.discard.code
        return "\n".join([*rows, f"{discard} {view.stock_count}"])

    def _observation(self) -> Vector:
        assert self.board is not None
        return solitaire_observation(view_for(self.board))

    def _info(self) -> dict[str, Any]:
        board = self.board
        assert board is not None
        info: dict[str, Any] = {
            "action_mask": solitaire_action_mask(view_for(board)),
            "code": str(board.code),
            "removed": board.removed,
            "score": board.score,
        }
        if self.verdict:
            info["winnable"] = is_still_winnable(board, budget=self.verdict_budget)
        return info


ENV_ID = "golfcards/Solitaire-v0"
"""The environment's name in Gymnasium's registry (``gymnasium.make(ENV_ID, rule="classic")``),
registered when this module is imported."""
if ENV_ID not in gymnasium.registry:
    gymnasium.register(ENV_ID, entry_point="golfcards.rl:solitaire_env")
