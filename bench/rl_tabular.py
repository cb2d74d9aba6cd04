"""A small learner for golfcards.rl: tabular Q-learning on the 4-card grid, then played in the arena.

    PYTHONPATH=src python bench/rl_tabular.py train [--holes 80000] [--seed 1] [--out tabular-g4.json]
    golf sixcard arena --grid 4 --matches 400 --seed 7 \\
        --players 'cmd:python bench/rl_tabular.py play tabular-g4.json,normal'

``train`` plays one-hole episodes of the PettingZoo environment (``golfcards.rl.sixcard_env``, 2
players, 4-card grid) against golfcards' ``normal`` bot (the learner is ``player_0`` in even
episodes, ``player_1`` in odd ones, so it plays first as often as second), and learns a table of
action values by one-step Q-learning, exploring at random with a probability that falls from 0.2 to
0.02; in a position the table has not met yet it does what ``normal`` would (a warm start, so it
learns from a decent player's choices rather than from random ones). The reward is the hole's point
margin (the opponent's points minus the learner's), read from the environment's rewards. A decision
is keyed by a few features read from the environment's observation vector only
(``golfcards.rl.encoding.sixcard_observation``): the phase; the card in question (the discard's top,
or the drawn card) by value class; each of the learner's four cards (face down, cancelled in a pair,
same rank as the card in question, or its value class); and how many cards the opponent still has
face down (0, 1, 2 or more). The grid's symmetries (swapping the columns, swapping the rows) share
one entry. The table is written as JSON.

``play`` is an outside bot for ``golf sixcard arena`` (``docs/sixcard-protocol.md``): it reads a
view per line, encodes it with the same function, and plays the best known action; in a position
the table never met it plays as ``normal`` does (the count of such decisions goes to stderr at the end).
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path

import numpy as np

from golfcards.rl import sixcard_env
from golfcards.rl.encoding import CARD_SLOT, PHASES, RANK_KEYS, sixcard_action_mask, sixcard_observation
from golfcards.rl.policies import SixCardBotPolicy
from golfcards.rl.sixcard_aec import SixCardEnv
from golfcards.sixcard.actions import ACTIONS, action_number, action_to_json
from golfcards.sixcard.bots import make_bot
from golfcards.sixcard.scoring import KEY_VALUES
from golfcards.sixcard.view import View

GRID = 4
PLAYERS = 2
# Positions 0 1 / 2 3: columns (0, 2) and (1, 3). Each symmetry maps a position to its image.
SYMMETRIES: tuple[tuple[int, ...], ...] = ((0, 1, 2, 3), (1, 0, 3, 2), (2, 3, 0, 1), (3, 2, 1, 0))
PARTNER = (2, 3, 0, 1)
# Action numbers (golfcards.sixcard.actions.ACTIONS): 0 draw, 1 discard, 2+p reveal, 11+p take, 20+p swap.
REVEAL, TAKE, SWAP = 2, 11, 20


def value_class(key: int) -> str:
    value = KEY_VALUES[key]
    return "g" if value <= 0 else "l" if value <= 3 else "m" if value <= 6 else "h"


def read(observation: np.ndarray) -> tuple[str, int | None, list[int | None], int]:
    """Phase, the card in question's rank key, my four cards' rank keys (None face down) and the
    opponent's face-down count, from the observation vector's layout (docs/rl.md)."""
    slots = observation[: PLAYERS * GRID * CARD_SLOT].reshape(PLAYERS, GRID, CARD_SLOT).argmax(axis=2)
    mine = [None if key == RANK_KEYS else int(key) for key in slots[0]]
    theirs = [None if key == RANK_KEYS else int(key) for key in slots[1]]
    opponent_down = theirs.count(None)
    offset = PLAYERS * GRID * CARD_SLOT
    holding = int(observation[offset : offset + CARD_SLOT].argmax())
    offset += CARD_SLOT
    top = int(observation[offset : offset + RANK_KEYS].argmax())
    offset += RANK_KEYS + RANK_KEYS + 2
    phase = PHASES[int(observation[offset : offset + len(PHASES)].argmax())].value
    card = top if phase == "draw" else holding if phase == "place" else None
    return phase, card, mine, opponent_down


def features(observation: np.ndarray) -> tuple[str, tuple[int, ...]]:
    """The table's key for a decision and the symmetry that maps the grid to the key's positions."""
    phase, card, mine, opponent_down = read(observation)
    best: tuple[str, tuple[int, ...]] | None = None
    for symmetry in SYMMETRIES:
        cells = []
        for position in range(GRID):
            key = mine[symmetry[position]]
            partner = mine[symmetry[PARTNER[position]]]
            if key is None:
                cells.append("u")
            elif partner == key:
                cells.append("x")
            elif key == card:
                cells.append("p")
            else:
                cells.append(value_class(key))
        text = "".join(cells)
        if best is None or text < best[0]:
            best = (text, symmetry)
    assert best is not None
    card_class = "-" if card is None else value_class(card)
    return f"{phase[0]}{card_class}{min(opponent_down, 2)}{best[0]}", best[1]


def to_table(action: int, symmetry: tuple[int, ...]) -> int:
    """An action number in the key's positions (the symmetry maps key positions to grid positions)."""
    for base in (SWAP, TAKE, REVEAL):
        if action >= base:
            return base + symmetry.index(action - base)
    return action


def from_table(action: int, symmetry: tuple[int, ...]) -> int:
    for base in (SWAP, TAKE, REVEAL):
        if action >= base:
            return base + symmetry[action - base]
    return action


class Table:
    """Action values per key, in the key's positions."""

    def __init__(self, values: dict[str, dict[str, float]] | None = None) -> None:
        self.values: dict[str, dict[int, float]] = {
            key: {int(action): value for action, value in row.items()} for key, row in (values or {}).items()
        }
        self.visits: dict[tuple[str, int], int] = {}

    def best(self, observation: np.ndarray, mask: np.ndarray) -> tuple[int | None, float]:
        """The best legal action number for this observation (None if the key is unknown), and its value."""
        key, symmetry = features(observation)
        row = self.values.get(key)
        if not row:
            return None, 0.0
        legal = [to_table(int(a), symmetry) for a in np.flatnonzero(mask)]
        known = [a for a in legal if a in row]
        if not known:
            return None, 0.0
        chosen = max(known, key=lambda a: row[a])
        return from_table(chosen, symmetry), row[chosen]

    def value(self, observation: np.ndarray, mask: np.ndarray) -> float:
        return self.best(observation, mask)[1]

    def update(self, observation: np.ndarray, action: int, target: float) -> None:
        key, symmetry = features(observation)
        slot = to_table(action, symmetry)
        row = self.values.setdefault(key, {})
        count = self.visits.get((key, slot), 0) + 1
        self.visits[(key, slot)] = count
        old = row.get(slot, 0.0)
        row[slot] = old + max(1.0 / count, 0.02) * (target - old)

    def to_json(self) -> dict[str, dict[str, float]]:
        return {key: {str(a): round(v, 3) for a, v in row.items()} for key, row in sorted(self.values.items())}


def margin_paid(env: SixCardEnv, learner: str) -> float:
    """What the last step paid the learner over its opponent: at a hole's end, the point margin."""
    return sum(reward if agent == learner else -reward for agent, reward in env.rewards.items())


def train(holes: int, seed: int, epsilon_start: float, epsilon_end: float) -> Table:
    rng = random.Random(seed)
    table = Table()
    env = sixcard_env(PLAYERS, grid=GRID, holes=1)
    opponent = SixCardBotPolicy("normal", seed)
    teacher = SixCardBotPolicy("normal", seed + 1)
    started = time.monotonic()
    for episode in range(holes):
        learner = env.possible_agents[episode % 2]
        epsilon = epsilon_start + (epsilon_end - epsilon_start) * episode / max(1, holes - 1)
        env.reset(seed=seed * 1_000_003 + episode)
        previous: tuple[np.ndarray, int] | None = None
        margin = 0.0
        for agent in env.agent_iter():
            observation, _, terminated, truncated, _ = env.last()
            if terminated or truncated:
                env.step(None)
                continue
            if agent != learner:
                env.step(opponent(env, agent))
                margin += margin_paid(env, learner)
                continue
            vector, mask = observation["observation"], observation["action_mask"]
            if previous is not None:
                table.update(*previous, table.value(vector, mask))
            action, _ = table.best(vector, mask)
            if rng.random() < epsilon:
                action = int(rng.choice(np.flatnonzero(mask)))
            elif action is None:
                action = teacher(env, agent)
            previous = (vector, action)
            env.step(action)
            margin += margin_paid(env, learner)
        if previous is not None:
            table.update(*previous, margin)
        if (episode + 1) % 10_000 == 0:
            print(f"{episode + 1} holes, {len(table.values)} keys, {time.monotonic() - started:.0f} s", file=sys.stderr)
    return table


def measure(table: Table, holes: int, seed: int) -> tuple[float, float]:
    """Mean margin per hole (opponent's points minus the learner's) and hole win share against normal."""
    env = sixcard_env(PLAYERS, grid=GRID, holes=1)
    opponent = SixCardBotPolicy("normal", seed)
    fallback = SixCardBotPolicy("normal", seed + 1)
    margins, wins = [], 0.0
    for episode in range(holes):
        learner = env.possible_agents[episode % 2]
        env.reset(seed=10**9 + seed * 100_003 + episode)
        match = env.match
        for agent in env.agent_iter():
            observation, _, terminated, truncated, _ = env.last()
            if terminated or truncated:
                env.step(None)
                continue
            if agent != learner:
                env.step(opponent(env, agent))
                continue
            action, _ = table.best(observation["observation"], observation["action_mask"])
            env.step(fallback(env, agent) if action is None else action)
        assert match is not None
        me, other = (0, 1) if learner == "player_0" else (1, 0)
        points = match.totals
        margins.append(points[other] - points[me])
        wins += 1.0 if points[me] < points[other] else 0.5 if points[me] == points[other] else 0.0
    return float(np.mean(margins)), wins / holes


def play(path: Path) -> None:
    """The outside-bot protocol: a view per line in, an action per line out."""
    table = Table(json.loads(path.read_text(encoding="utf-8")))
    fallback = make_bot("normal", 0)
    unknown = decisions = 0
    for line in sys.stdin:
        view = View.from_json(json.loads(line))
        action, _ = table.best(sixcard_observation(view), sixcard_action_mask(view))
        decisions += 1
        if action is None:
            unknown += 1
            action = action_number(fallback.choose(view))
        print(json.dumps(action_to_json(ACTIONS[action])), flush=True)
    print(f"{unknown} of {decisions} decisions met an unknown position", file=sys.stderr)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    commands = parser.add_subparsers(dest="command", required=True)
    training = commands.add_parser("train")
    training.add_argument("--holes", type=int, default=80_000)
    training.add_argument("--seed", type=int, default=1)
    training.add_argument("--epsilon", type=float, nargs=2, default=(0.2, 0.02))
    training.add_argument("--measure", type=int, default=2_000, help="holes to measure against normal after training")
    training.add_argument("--out", type=Path, default=Path("tabular-g4.json"))
    playing = commands.add_parser("play")
    playing.add_argument("table", type=Path)
    arguments = parser.parse_args()
    if arguments.command == "play":
        play(arguments.table)
        return
    started = time.monotonic()
    table = train(arguments.holes, arguments.seed, *arguments.epsilon)
    arguments.out.write_text(json.dumps(table.to_json(), separators=(",", ":")), encoding="utf-8")
    trained = time.monotonic() - started
    margin, share = measure(table, arguments.measure, arguments.seed)
    print(
        f"trained on {arguments.holes} holes in {trained:.0f} s: {len(table.values)} keys -> {arguments.out}\n"
        f"against normal over {arguments.measure} holes: margin {margin:+.2f} points per hole, "
        f"hole win share {share:.3f}"
    )


if __name__ == "__main__":
    main()
