"""Golf for learning agents: the games in the frameworks where agents are trained (extra ``[rl]``).

* :func:`sixcard_env` — Six-card Golf as a PettingZoo AEC environment;
* :func:`solitaire_env` — Golf Solitaire as a Gymnasium environment, the exact solver's verdict in ``info``;
* :func:`register_openspiel` — Six-card Golf (one hole) as an OpenSpiel game, ``python_golfcards_sixcard``;
* :mod:`golfcards.rl.policies` — golfcards' bots and the solver as policies for those environments.

An interface layer like the command line: it imports the engines and runners; nothing in golfcards
imports it. Each framework is imported only by the function that needs it, so any one of them
installed is enough for its part. Observations are pure functions of a player's view
(:mod:`golfcards.rl.encoding`); ``docs/rl.md`` gives their layouts.
"""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING

from golfcards.sixcard.rules import SixCardRules
from golfcards.solitaire.codes import parse_rules_key
from golfcards.solitaire.hint import LIVE_BUDGET
from golfcards.solitaire.rules import RuleName, Rules

if TYPE_CHECKING:
    from golfcards.rl.sixcard_aec import RewardKind, SixCardEnv
    from golfcards.rl.solitaire_gym import SolitaireEnv


def sixcard_env(
    players: int = 2,
    *,
    rules: SixCardRules | None = None,
    grid: int | None = None,
    jokers: int | None = None,
    final_turn: bool | None = None,
    reshuffle_discard: bool | None = None,
    holes: int | None = None,
    reward: RewardKind = "points",
    max_turns: int = 2_000,
    render_mode: str | None = None,
) -> SixCardEnv:
    """A PettingZoo AEC environment of a Six-card Golf match: ``rules`` (default: the standard
    game for ``players``; any house rule of :class:`SixCardRules`), each keyword given overriding it."""
    from golfcards.rl.sixcard_aec import SixCardEnv

    given: dict[str, object] = {"grid": grid, "jokers": jokers, "final_turn": final_turn, "holes": holes}
    given["reshuffle_discard"] = reshuffle_discard
    chosen = dataclasses.replace(
        rules or SixCardRules(players=players),
        **{name: value for name, value in given.items() if value is not None},  # type: ignore[arg-type]
    )
    return SixCardEnv(chosen, reward=reward, max_turns=max_turns, render_mode=render_mode)


def solitaire_env(
    rule: str | Rules = "easy",
    jokers: int = 0,
    *,
    empty_discard: bool = False,
    winnable_only: bool = False,
    verdict: bool = False,
    verdict_budget: int | None = LIVE_BUDGET,
    max_steps: int = 200,
    render_mode: str | None = None,
) -> SolitaireEnv:
    """A Gymnasium environment of Golf Solitaire: ``rule`` is ``easy``, ``classic``, ``strict``,
    a rules key such as ``C-J1-ND``, or a :class:`Rules` (then ``jokers``/``empty_discard`` are ignored)."""
    from golfcards.rl.solitaire_gym import SolitaireEnv

    if isinstance(rule, Rules):
        chosen = rule
    else:
        name = RuleName.from_word(rule.strip().lower()) if isinstance(rule, str) else None
        base = Rules(name) if name is not None else parse_rules_key(rule)
        chosen = base.with_options(jokers=jokers or base.jokers, empty_discard=empty_discard or base.empty_discard)
    return SolitaireEnv(
        chosen,
        winnable_only=winnable_only,
        verdict=verdict,
        verdict_budget=verdict_budget,
        max_steps=max_steps,
        render_mode=render_mode,
    )


def register_openspiel() -> str:
    """Register the OpenSpiel game (once) and return its short name, for ``pyspiel.load_game``."""
    from golfcards.rl.openspiel_game import SHORT_NAME

    return SHORT_NAME
