"""Six-card Golf as a PettingZoo AEC environment: one match of the engine, seat by seat.

Agents are ``player_0`` … ``player_{n-1}`` (the seats). Each observation is a dict:
``observation`` (:func:`~golfcards.rl.encoding.sixcard_observation` of the seat's own view) and
``action_mask`` (the 48 action numbers, 1 where legal; all 0 for an agent not selected). The agent
selected is the seat the engine expects next (during the first reveals, the first of the seats
still to turn cards up). A refused action raises :class:`ValueError`: the mask says what is legal.

Rewards: with ``reward="points"`` (the default) each hole pays every seat minus its points when it
ends, so an agent's return is minus its match total; with ``reward="win"`` only the match's end
pays, the arena's share of the win (1 alone, 1/k for k who share the lowest total, else 0).
A hole that reaches ``max_turns`` turns truncates the match for everyone (random play can swap the
discard back and forth for ever).
"""

from __future__ import annotations

from typing import Any, Literal

import gymnasium
import numpy as np
from gymnasium.utils import seeding
from pettingzoo import AECEnv

from golfcards.rl.encoding import (
    SIXCARD_ACTIONS,
    sixcard_action,
    sixcard_action_mask,
    sixcard_observation,
    sixcard_observation_size,
)
from golfcards.runners.arena import shares
from golfcards.sixcard.match import Match
from golfcards.sixcard.rules import SixCardRules
from golfcards.sixcard.view import View

RewardKind = Literal["points", "win"]
MAX_TURNS = 2_000
"""The arena's limit on one hole's turns."""


class SixCardEnv(AECEnv[str, dict[str, np.ndarray], int]):
    """A match of Six-card Golf under ``rules``; ``reset(seed)`` deals the same match for the same seed."""

    metadata = {"name": "golfcards_sixcard_v0", "render_modes": ["ansi"], "is_parallelizable": False}

    def __init__(
        self,
        rules: SixCardRules,
        *,
        reward: RewardKind = "points",
        max_turns: int = MAX_TURNS,
        render_mode: str | None = None,
    ) -> None:
        super().__init__()
        if reward not in ("points", "win"):
            raise ValueError(f"reward is 'points' or 'win', not {reward!r}")
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode is None or 'ansi', not {render_mode!r}")
        self.rules = rules
        self.reward_kind = reward
        self.max_turns = max_turns
        self.render_mode = render_mode
        self.possible_agents = [f"player_{seat}" for seat in range(rules.players)]
        size = sixcard_observation_size(rules)
        self.observation_spaces = {
            agent: gymnasium.spaces.Dict(
                {
                    "observation": gymnasium.spaces.Box(-1.0, 1.0, (size,), np.float32),
                    "action_mask": gymnasium.spaces.Box(0, 1, (SIXCARD_ACTIONS,), np.int8),
                }
            )
            for agent in self.possible_agents
        }
        self.action_spaces = {agent: gymnasium.spaces.Discrete(SIXCARD_ACTIONS) for agent in self.possible_agents}
        self._rng, _ = seeding.np_random(None)
        self.match: Match | None = None

    def observation_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        return self.action_spaces[agent]

    def seat_of(self, agent: str) -> int:
        return self.possible_agents.index(agent)

    def view(self, agent: str) -> View:
        """What ``agent``'s seat sees now (the engine's ``view_for``): what golfcards' bots play from."""
        assert self.match is not None, "reset() first"
        return self.match.view(self.seat_of(agent))

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Deal a new match: its holes derive from a key drawn from the environment's generator,
        which ``seed`` (when given) reseeds."""
        if seed is not None:
            self._rng, _ = seeding.np_random(seed)
        key = bytes(self._rng.integers(0, 256, size=32, dtype=np.uint8).tolist())
        self.match = Match.keyed(self.rules, key)
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self._select()

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        view = self.view(agent)
        mask = sixcard_action_mask(view)
        if agent != self.agent_selection or self.terminations.get(agent) or self.truncations.get(agent):
            mask[:] = 0
        return {"observation": sixcard_observation(view), "action_mask": mask}

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        match = self.match
        assert match is not None and action is not None
        refusal = match.apply(sixcard_action(int(action)), self.seat_of(agent))
        if refusal is not None:
            raise ValueError(f"{agent} may not play action {int(action)} now ({refusal.value})")
        self._cumulative_rewards[agent] = 0.0
        self._clear_rewards()
        state = match.state
        if state.is_terminal():
            if self.reward_kind == "points":
                for seat, points in enumerate(match.results[-1]):
                    self.rewards[self.possible_agents[seat]] = float(-points)
            if match.is_terminal():
                if self.reward_kind == "win":
                    for seat, share in enumerate(shares(match.totals)):
                        self.rewards[self.possible_agents[seat]] = share
                self.terminations = dict.fromkeys(self.agents, True)
            else:
                match.next_hole()
        elif state.turns >= self.max_turns:
            self.truncations = dict.fromkeys(self.agents, True)
        self._accumulate_rewards()
        self._select()

    def _select(self) -> None:
        """Select the seat the engine expects next, or (once the match is over) the first agent."""
        assert self.match is not None
        seat = self.match.current_player
        self.agent_selection = self.possible_agents[seat] if seat is not None else self.agents[0]

    def render(self) -> str | None:
        """With ``render_mode="ansi"``: the spectator's view as card codes (``--`` face down)."""
        if self.render_mode != "ansi" or self.match is None:
            return None
        view = self.match.view(None)
        columns = self.rules.columns
        lines = []
        for seat, grid in enumerate(view.grids):
            codes = ["--" if card is None else card.code for card in grid]
            rows = [" ".join(codes[r * columns : (r + 1) * columns]) for r in range(self.rules.rows)]
            lines.append(f"{self.possible_agents[seat]}: " + " / ".join(rows))
        lines.append(f"{view.discard_top.code} {view.stock_count}")
        return "\n".join(lines)

    def close(self) -> None:
        self.match = None
