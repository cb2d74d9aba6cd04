"""Six-card Golf as a PettingZoo AEC environment: PettingZoo's own checkers, and no hidden card leaks."""

from __future__ import annotations

import random

import numpy as np
import pytest

pettingzoo = pytest.importorskip("pettingzoo")

from pettingzoo.test import api_test, seed_test  # noqa: E402

from golfcards.rl import sixcard_env  # noqa: E402
from golfcards.rl.encoding import sixcard_action_mask, sixcard_observation  # noqa: E402
from golfcards.rl.policies import SixCardBotPolicy  # noqa: E402
from golfcards.sixcard.bots import make_bot  # noqa: E402
from golfcards.sixcard.codes import DealCode  # noqa: E402
from golfcards.sixcard.rules import SixCardRules  # noqa: E402
from golfcards.sixcard.state import HoleState  # noqa: E402
from golfcards.sixcard.view import view_for  # noqa: E402

# The observation is a dict of the vector and the action mask, as in PettingZoo's own card games,
# which its checker flags with these two warnings.
pytestmark = [
    pytest.mark.filterwarnings("ignore:Observation space for each agent probably:UserWarning"),
    pytest.mark.filterwarnings("ignore:Observation is not a NumPy array:UserWarning"),
]


@pytest.mark.parametrize(
    "options",
    [
        {"players": 2, "grid": 4, "holes": 2},
        {"players": 3, "jokers": 2, "final_turn": True, "holes": 1},
        {"players": 4, "grid": 9, "reshuffle_discard": True, "holes": 1, "reward": "win"},
    ],
)
def test_pettingzoo_api_test_passes(options: dict) -> None:
    api_test(sixcard_env(**options), num_cycles=100)


def test_every_house_rule_reaches_the_environment() -> None:
    """House rules given as ``rules`` are the table's (two decks, no card up at the start, new actions)."""
    rules = SixCardRules(
        players=3, decks=2, start_face_up=0, flip_as_turn=True, lucky_swing=True, jokers=1, knock_penalty=True, holes=1
    )
    env = sixcard_env(rules=rules)
    assert env.rules == rules
    api_test(env, num_cycles=100)


def test_pettingzoo_seed_test_passes() -> None:
    seed_test(lambda: sixcard_env(2, grid=4, holes=2), num_cycles=100)


def play_out(env, policies: dict) -> dict[str, float]:
    """Play ``env`` (already reset) to the end with one policy per agent; each agent's return."""
    returns = dict.fromkeys(env.possible_agents, 0.0)
    for agent in env.agent_iter():
        observation, reward, terminated, truncated, _ = env.last()
        returns[agent] += reward
        if terminated or truncated:
            env.step(None)
            continue
        action = policies[agent](env, agent)
        assert observation["action_mask"][action] == 1
        env.step(action)
    return returns


def test_points_rewards_add_up_to_minus_the_match_totals() -> None:
    env = sixcard_env(2, grid=4, holes=3)
    env.reset(seed=5)
    match = env.match
    returns = play_out(env, {"player_0": SixCardBotPolicy("normal", 1), "player_1": SixCardBotPolicy("random", 2)})
    assert match.is_terminal() and len(match.results) == 3
    assert [returns[f"player_{seat}"] for seat in range(2)] == [-total for total in match.totals]


def test_win_rewards_give_the_win_share() -> None:
    env = sixcard_env(3, holes=1, reward="win")
    env.reset(seed=2)
    match = env.match
    returns = play_out(env, {agent: SixCardBotPolicy("easy", seat) for seat, agent in enumerate(env.possible_agents)})
    best = min(match.totals)
    winners = [seat for seat, total in enumerate(match.totals) if total == best]
    assert returns == {f"player_{seat}": (1 / len(winners) if seat in winners else 0.0) for seat in range(3)}


def test_an_illegal_action_is_refused_and_changes_nothing() -> None:
    env = sixcard_env(2)
    env.reset(seed=0)
    agent = env.agent_selection
    before = env.observe(agent)
    illegal = int(np.flatnonzero(before["action_mask"] == 0)[0])
    with pytest.raises(ValueError, match="may not play"):
        env.step(illegal)
    after = env.observe(agent)
    assert env.agent_selection == agent
    assert np.array_equal(before["observation"], after["observation"])


def test_the_same_seed_deals_the_same_match_and_another_seed_another() -> None:
    first, second, other = sixcard_env(2), sixcard_env(2), sixcard_env(2)
    first.reset(seed=11)
    second.reset(seed=11)
    other.reset(seed=12)
    assert first.match.state.grids == second.match.state.grids
    assert first.match.state.grids != other.match.state.grids


def hide_differently(state: HoleState, viewer: int, rng: random.Random) -> HoleState:
    """A copy of ``state`` whose cards hidden from ``viewer`` (face-down cards, the stock, a card
    another seat drew) are shuffled among their places: the same position as far as ``viewer`` knows."""
    other = state.clone()
    places: list[tuple[str, int, int]] = [
        ("grid", seat, position)
        for seat in range(state.players)
        for position in range(state.rules.grid)
        if not state.face_up[seat][position]
    ]
    places += [("stock", 0, index) for index in range(len(state.stock))]
    if state.holding is not None and state.holder != viewer:
        places.append(("holding", 0, 0))

    def read(place: tuple[str, int, int]) -> int:
        kind, seat, index = place
        if kind == "grid":
            return state.grids[seat][index]
        return state.stock[index] if kind == "stock" else state.holding  # type: ignore[return-value]

    cards = [read(place) for place in places]
    rng.shuffle(cards)
    for (kind, seat, index), card in zip(places, cards, strict=True):
        if kind == "grid":
            other.grids[seat][index] = card
        elif kind == "stock":
            other.stock[index] = card
        else:
            other.holding = card
    return other


@pytest.mark.parametrize("code", ["G6-P2-AAAAAAB", "G4-P3-QWERTYU-J2", "G9-P4-HIDDENS-F", "G8-P2-ZZZZZZZ-R"])
def test_observations_do_not_depend_on_hidden_cards(code: str) -> None:
    rng = random.Random(code)
    state = HoleState.from_code(code)
    bots = [make_bot("normal", seat) for seat in range(state.players)]
    checked = 0
    while not state.is_terminal() and state.turns < 12:
        for viewer in range(state.players):
            twin = hide_differently(state, viewer, rng)
            assert twin.grids != state.grids or twin.stock != state.stock  # the twin really differs
            seen, twin_seen = view_for(state, viewer), view_for(twin, viewer)
            assert np.array_equal(sixcard_observation(seen), sixcard_observation(twin_seen))
            assert np.array_equal(sixcard_action_mask(seen), sixcard_action_mask(twin_seen))
            checked += 1
        seat = state.current_player
        assert state.apply(bots[seat].choose(view_for(state, seat)), seat) is None
    assert checked > 10


def test_observations_change_with_what_the_player_sees() -> None:
    """The other side of the test above: a card the viewer sees does change the observation."""
    state = HoleState.from_code(str(DealCode(7, SixCardRules())))
    for seat in (0, 1):
        for _ in range(2):
            state.apply(state.legal_actions(seat)[0], seat)
    before = sixcard_observation(view_for(state, 0))
    up = state.face_up[1].index(True)
    state.grids[1][up] = next(card for card in state.stock if card % 13 != state.grids[1][up] % 13)
    assert not np.array_equal(before, sixcard_observation(view_for(state, 0)))


def test_the_environment_observes_through_the_view() -> None:
    env = sixcard_env(3, grid=6, holes=1)
    env.reset(seed=4)
    policy = SixCardBotPolicy("strong", 0)
    for _ in range(20):
        agent = env.agent_selection
        for other in env.agents:
            observed = env.observe(other)["observation"]
            assert np.array_equal(observed, sixcard_observation(env.view(other)))
        env.step(policy(env, agent))


def test_the_tabular_example_trains_and_plays_in_the_arena_through_the_protocol(tmp_path) -> None:
    """bench/rl_tabular.py: a short training writes a table, whose bot program plays arena matches
    against ``normal`` with no bad answer."""
    import json
    import os
    import subprocess
    import sys
    from pathlib import Path

    root = Path(__file__).resolve().parent.parent
    table = tmp_path / "table.json"
    environment = {**os.environ, "PYTHONPATH": str(root / "src")}
    script = str(root / "bench" / "rl_tabular.py")
    subprocess.run(
        [sys.executable, script, "train", "--holes", "200", "--measure", "20", "--out", str(table)],
        check=True,
        env=environment,
        capture_output=True,
    )
    assert json.loads(table.read_text(encoding="utf-8"))
    command = f"cmd:{sys.executable} {script} play {table}"
    arena = subprocess.run(
        [sys.executable, "-m", "golfcards", "sixcard", "arena", "--grid", "4", "--matches", "2", "--seed", "3"]
        + ["--workers", "1", "--json", "--players", f"{command},normal"],
        check=True,
        env=environment,
        capture_output=True,
        text=True,
    )
    result = json.loads(arena.stdout)
    assert result["holes"] == 18 and result["faults"] == [0, 0]
