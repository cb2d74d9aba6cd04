"""Golf Solitaire as a Gymnasium environment: Gymnasium's own checker, rewards, the solver's verdict."""

from __future__ import annotations

import numpy as np
import pytest

gymnasium = pytest.importorskip("gymnasium")

from gymnasium.utils.env_checker import check_env  # noqa: E402

from golfcards.rl import solitaire_env  # noqa: E402
from golfcards.rl.encoding import solitaire_observation  # noqa: E402
from golfcards.rl.policies import SolitaireSolverPolicy  # noqa: E402
from golfcards.solitaire.board import Board  # noqa: E402
from golfcards.solitaire.rules import CLASSIC, RuleName, Rules  # noqa: E402
from golfcards.solitaire.view import view_for  # noqa: E402

REFERENCE = "GO1-E-AAAAAAB"


@pytest.mark.parametrize("rule", ["easy", "C-J2-ND", "strict"])
def test_gymnasium_check_env_passes(rule: str) -> None:
    check_env(solitaire_env(rule, verdict=True), skip_render_check=True)  # rendering: by name, below


def test_the_rule_and_its_options_are_the_environments() -> None:
    assert solitaire_env("classic", 1, empty_discard=True).rules == Rules(RuleName.CLASSIC, 1, True)
    assert solitaire_env("C-J2").rules == Rules(RuleName.CLASSIC, 2)
    assert solitaire_env(CLASSIC).rules == CLASSIC


def test_reset_deals_by_seed_or_by_code() -> None:
    env = solitaire_env("easy")
    _, first = env.reset(seed=3)
    _, again = env.reset(seed=3)
    _, other = env.reset(seed=4)
    assert first["code"] == again["code"] != other["code"]
    observation, info = env.reset(options={"code": REFERENCE})
    assert info["code"] == REFERENCE
    assert np.array_equal(observation, solitaire_observation(view_for(Board.from_code(REFERENCE))))


def test_the_solver_wins_a_winnable_deal_with_one_point_per_card() -> None:
    env = solitaire_env("easy", verdict=True, verdict_budget=None)
    observation, info = env.reset(options={"code": REFERENCE})
    assert info["winnable"] is True
    policy, total, terminated = SolitaireSolverPolicy(budget=None), 0.0, False
    while not terminated:
        assert info["action_mask"][action := policy(env)] == 1
        observation, reward, terminated, truncated, info = env.step(action)
        assert info["winnable"] is True and not truncated
        total += reward
    assert total == 35 and info["score"] == 350


def test_the_verdict_turns_false_once_the_position_is_lost() -> None:
    env = solitaire_env("easy", verdict=True, verdict_budget=None)
    _, info = env.reset(options={"code": REFERENCE})
    while info["winnable"] and info["action_mask"][0]:
        _, _, terminated, _, info = env.step(0)  # drawing only throws the deal away
    assert info["winnable"] is False


def test_a_refused_action_changes_nothing_and_says_why() -> None:
    env = solitaire_env("strict")
    observation, info = env.reset(options={"code": REFERENCE})
    illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
    after, reward, terminated, truncated, info = env.step(illegal)
    assert reward == 0 and not terminated and info["refused"]
    assert np.array_equal(observation, after)


def test_winnable_only_deals_winnable_games() -> None:
    env = solitaire_env("classic", winnable_only=True, verdict=True, verdict_budget=None)
    for seed in range(3):
        _, info = env.reset(seed=seed)
        assert info["winnable"] is True


def test_gymnasium_make_builds_it_by_name() -> None:
    from golfcards.rl.solitaire_gym import ENV_ID

    env = gymnasium.make(ENV_ID, rule="classic", jokers=1)
    _, info = env.reset(seed=0)
    assert info["code"].startswith("GO1-C-") and info["code"].endswith("-J1")
    check_env(env.unwrapped)
