"""One hole of Six-card Golf as an OpenSpiel game: ``python_golfcards_sixcard``.

Importing this module registers the game (``pyspiel.register_game``); then
``pyspiel.load_game("python_golfcards_sixcard(players=2,grid=4)")`` makes it. Parameters: every
house rule of :class:`~golfcards.sixcard.rules.SixCardRules` but the match length (``players``,
``grid``, ``jokers``, ``final_turn``, ``reshuffle_discard``) and ``max_turns``: OpenSpiel needs a
bounded game, so a hole that reaches that many turns ends there and every card counts as it lies.

Chance deals the cards one by one (each seat's grid row by row, then the first discard, as the
engine lays a deal out), and chooses the card of each draw from the stock when it is drawn, uniformly
among the cards left in it: the same distribution as a shuffled stock, with far fewer chance nodes.
Everything a player observes comes from the engine's view: the observation tensor is
:func:`~golfcards.rl.encoding.sixcard_observation` of the player's view (the information-state tensor
is the same vector: the view keeps the whole discard pile), the observation string the view's JSON,
the information-state string that JSON and the actions played so far (all players' actions are
public; which card a draw brought is not). Returns are minus each seat's points (higher is better).
"""

from __future__ import annotations

import json
from typing import Any

import numpy as np
import pyspiel

from golfcards.rl.encoding import (
    SIXCARD_ACTIONS,
    sixcard_action,
    sixcard_observation,
    sixcard_observation_size,
)
from golfcards.rl.policies import SixCardBotPolicy
from golfcards.sixcard.actions import ACTIONS, DRAW_STOCK, action_to_json
from golfcards.sixcard.deal import SixCardDeal
from golfcards.sixcard.rules import SixCardRules
from golfcards.sixcard.scoring import KEY_VALUES
from golfcards.sixcard.state import HoleState
from golfcards.sixcard.view import View, view_for

SHORT_NAME = "python_golfcards_sixcard"
DEFAULT_MAX_TURNS = 200
_DEFAULTS: dict[str, Any] = {
    "players": 2,
    "grid": 6,
    "jokers": 0,
    "final_turn": False,
    "reshuffle_discard": False,
    "max_turns": DEFAULT_MAX_TURNS,
}

_GAME_TYPE = pyspiel.GameType(
    short_name=SHORT_NAME,
    long_name="Six-card Golf (golfcards), one hole",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.GENERAL_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=4,
    min_num_players=2,
    provides_information_state_string=True,
    provides_information_state_tensor=True,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification=_DEFAULTS,
)


def rules_of(params: dict[str, Any]) -> tuple[SixCardRules, int]:
    """The rules and turn limit the game parameters ask for (the defaults for those not given)."""
    values = {name: _plain(params.get(name, default)) for name, default in _DEFAULTS.items()}
    rules = SixCardRules(
        players=int(values["players"]),
        grid=int(values["grid"]),
        jokers=int(values["jokers"]),
        final_turn=bool(values["final_turn"]),
        reshuffle_discard=bool(values["reshuffle_discard"]),
        holes=1,
    )
    return rules, int(values["max_turns"])


def _plain(value: Any) -> Any:
    """A parameter as a Python value (pyspiel may hand over its own parameter objects)."""
    return value.value() if hasattr(value, "value") and callable(value.value) else value


class SixCardGame(pyspiel.Game):  # type: ignore[misc]
    """The game: one hole under the parameters' rules."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        self.rules, self.max_turns = rules_of(params or {})
        rules = self.rules
        worst = rules.grid * max(KEY_VALUES)
        best = rules.grid * min(KEY_VALUES)
        info = pyspiel.GameInfo(
            num_distinct_actions=SIXCARD_ACTIONS,
            max_chance_outcomes=rules.deck_size,
            num_players=rules.players,
            min_utility=float(-worst),
            max_utility=float(-best),
            utility_sum=None,
            max_game_length=rules.players * (rules.grid + rules.initial_face_up)
            + 1
            + 3 * self.max_turns,  # a turn: draw, the drawn card (chance), place
        )
        super().__init__(_GAME_TYPE, info, params or {})

    def new_initial_state(self) -> SixCardState:
        return SixCardState(self)

    def make_py_observer(
        self, iig_obs_type: pyspiel.IIGObservationType | None = None, params: dict[str, Any] | None = None
    ) -> SixCardObserver:
        perfect_recall = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        return SixCardObserver(self.rules, perfect_recall)


class SixCardState(pyspiel.State):  # type: ignore[misc]
    """A hole being dealt (chance) or played: the engine's :class:`HoleState` once dealt."""

    def __init__(self, game: SixCardGame) -> None:
        super().__init__(game)
        self.rules = game.rules
        self.max_turns = game.max_turns
        self.dealt: list[int] = []
        self.hole: HoleState | None = None
        self.drawing: int | None = None
        """The seat whose draw waits for chance to say which card it brings."""
        self.played: list[int] = []
        """The players' actions so far (public), by number."""

    @property
    def cards_to_deal(self) -> int:
        return self.rules.players * self.rules.grid + 1

    def current_player(self) -> int:
        if self._is_over():
            return int(pyspiel.PlayerId.TERMINAL)
        if self.hole is None or self.drawing is not None:
            return int(pyspiel.PlayerId.CHANCE)
        seat = self.hole.current_player
        assert seat is not None
        return seat

    def _is_over(self) -> bool:
        return self.hole is not None and (self.hole.is_terminal() or self.hole.turns >= self.max_turns)

    def _legal_actions(self, player: int) -> list[int]:
        assert self.hole is not None and player >= 0
        return sorted(ACTIONS.index(action) for action in self.hole.legal_actions(player))

    def chance_outcomes(self) -> list[tuple[int, float]]:
        if self.hole is None:
            left = sorted(set(range(self.rules.deck_size)) - set(self.dealt))
        else:
            left = sorted(self.hole.stock)
        probability = 1.0 / len(left)
        return [(card, probability) for card in left]

    def _apply_action(self, action: int) -> None:
        if self.hole is None:
            self.dealt.append(action)
            if len(self.dealt) == self.cards_to_deal:
                self._start_hole()
            return
        if self.drawing is not None:
            stock = self.hole.stock
            place = stock.index(action)
            stock[place], stock[-1] = stock[-1], stock[place]
            refusal = self.hole.apply(DRAW_STOCK, self.drawing)
            assert refusal is None, refusal
            self.drawing = None
            return
        seat = self.current_player()
        self.played.append(action)
        chosen = sixcard_action(action)
        if chosen == DRAW_STOCK:
            self.drawing = seat
            return
        refusal = self.hole.apply(chosen, seat)
        assert refusal is None, refusal

    def _start_hole(self) -> None:
        rest = sorted(set(range(self.rules.deck_size)) - set(self.dealt))
        deal = SixCardDeal.from_sequence(self.dealt + rest, self.rules)
        self.hole = HoleState.new(deal, self.rules)

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"card {action}"
        return json.dumps(action_to_json(sixcard_action(action)), separators=(",", ":"))

    def is_terminal(self) -> bool:
        return self._is_over()

    def returns(self) -> list[float]:
        if not self._is_over():
            return [0.0] * self.rules.players
        assert self.hole is not None
        return [float(-points) for points in self.hole.points()]

    def view(self, player: int) -> View | None:
        """What ``player`` sees (the engine's ``view_for``), None while the cards are dealt."""
        return None if self.hole is None else view_for(self.hole, player)

    def __str__(self) -> str:
        if self.hole is None:
            return f"dealing: {self.dealt}"
        return json.dumps(view_for(self.hole, None).to_json(), separators=(",", ":"))


class SixCardObserver:
    """OpenSpiel's observer of this game: a tensor and a string, both from the player's view."""

    def __init__(self, rules: SixCardRules, perfect_recall: bool) -> None:
        self.tensor = np.zeros(sixcard_observation_size(rules), np.float32)
        self.dict = {"observation": self.tensor}
        self.perfect_recall = perfect_recall

    def set_from(self, state: SixCardState, player: int) -> None:
        view = state.view(player)
        if view is None:
            self.tensor.fill(0)
        else:
            self.tensor[:] = sixcard_observation(view)

    def string_from(self, state: SixCardState, player: int) -> str:
        view = state.view(player)
        text = "dealing" if view is None else json.dumps(view.to_json(), separators=(",", ":"))
        if self.perfect_recall:
            text += " | " + " ".join(str(action) for action in state.played)
        return text


pyspiel.register_game(_GAME_TYPE, SixCardGame)


class GolfcardsBot(pyspiel.Bot):  # type: ignore[misc]
    """A golfcards bot (``random`` … ``expert``) as an OpenSpiel bot for seat ``player``: it is
    given the seat's view only, never the state."""

    def __init__(self, level: str, player: int, seed: int = 0) -> None:
        pyspiel.Bot.__init__(self)
        self.policy = SixCardBotPolicy(level, seed)
        self.player = player

    def player_id(self) -> int:
        return self.player

    def provides_policy(self) -> bool:
        return False

    def restart_at(self, state: SixCardState) -> None:
        pass

    def step(self, state: SixCardState) -> int:
        view = state.view(self.player)
        assert view is not None and view.legal, "a bot is asked only when its seat is to act"
        return self.policy.action(view)
