"""Six-card Golf as an OpenSpiel game: OpenSpiel's own simulation test, its algorithms, and the views."""

from __future__ import annotations

import json

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")

from open_spiel.python.algorithms import evaluate_bots, mcts, outcome_sampling_mccfr  # noqa: E402
from open_spiel.python.bots import uniform_random  # noqa: E402

from golfcards.cards import card_from_index  # noqa: E402
from golfcards.rl import register_openspiel  # noqa: E402
from golfcards.rl.encoding import sixcard_observation  # noqa: E402
from golfcards.rl.openspiel_game import GolfcardsBot  # noqa: E402
from golfcards.sixcard.actions import ACTIONS  # noqa: E402

NAME = register_openspiel()


@pytest.mark.parametrize(
    "params",
    [
        {"grid": 4},
        {"players": 3, "jokers": 2, "final_turn": True, "reshuffle_discard": True},
        {"players": 4, "grid": 9, "max_turns": 60},
    ],
)
def test_openspiel_random_sim_test_passes(params: dict) -> None:
    pyspiel.random_sim_test(pyspiel.load_game(NAME, params), num_sims=3, serialize=False, verbose=False)


def test_the_game_loads_by_its_name_and_parameters() -> None:
    game = pyspiel.load_game(f"{NAME}(players=3,grid=8)")
    assert game.num_players() == 3 and game.num_distinct_actions() == len(ACTIONS)
    assert game.observation_tensor_shape() == game.information_state_tensor_shape()


def play_to_a_decision(game, rng: np.random.RandomState):
    state = game.new_initial_state()
    while state.is_chance_node():
        outcomes, probabilities = zip(*state.chance_outcomes(), strict=True)
        state.apply_action(int(rng.choice(outcomes, p=probabilities)))
    return state


def test_tensors_and_strings_come_from_the_players_view() -> None:
    game = pyspiel.load_game(NAME, {"grid": 4})
    state = play_to_a_decision(game, np.random.RandomState(3))
    for player in range(2):
        view = state.view(player)
        assert np.array_equal(np.array(state.observation_tensor(player), np.float32), sixcard_observation(view))
        assert np.array_equal(np.array(state.information_state_tensor(player), np.float32), sixcard_observation(view))
        assert state.observation_string(player) == json.dumps(view.to_json(), separators=(",", ":"))
        hidden = [
            card_from_index(card).code
            for grid, flags in zip(state.hole.grids, state.hole.face_up, strict=True)
            for card, up in zip(grid, flags, strict=True)
            if not up
        ] + [card_from_index(card).code for card in state.hole.stock]
        for text in (state.observation_string(player), state.information_state_string(player)):
            assert hidden and not any(f'"{code}"' in text for code in hidden)


def test_a_hole_ends_with_the_engines_points() -> None:
    game = pyspiel.load_game(NAME, {"grid": 4})
    rng = np.random.RandomState(0)
    returns = evaluate_bots.evaluate_bots(
        game.new_initial_state(), [GolfcardsBot("normal", 0, seed=1), GolfcardsBot("random", 1, seed=2)], rng
    )
    assert len(returns) == 2 and all(float(value).is_integer() for value in returns)


def test_mcts_plays_a_hole_on_the_four_card_grid() -> None:
    game = pyspiel.load_game(NAME, {"grid": 4})
    rng = np.random.RandomState(0)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    searcher = mcts.MCTSBot(game, uct_c=2.0, max_simulations=10, evaluator=evaluator, random_state=rng)
    returns = evaluate_bots.evaluate_bots(
        game.new_initial_state(), [searcher, uniform_random.UniformRandomBot(1, rng)], rng
    )
    assert len(returns) == 2


def test_outcome_sampling_cfr_runs_on_the_four_card_grid() -> None:
    game = pyspiel.load_game(NAME, {"grid": 4})
    solver = outcome_sampling_mccfr.OutcomeSamplingSolver(game)
    for _ in range(10):
        solver.iteration()
    policy = solver.average_policy()
    state = play_to_a_decision(game, np.random.RandomState(1))
    probabilities = policy.action_probabilities(state)
    assert set(probabilities) == set(state.legal_actions())
    assert sum(probabilities.values()) == pytest.approx(1.0)
