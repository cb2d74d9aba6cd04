"""Six-card Golf bots: time per move, the strength table, and the fitting of the strong bot's value
network (run by hand; not part of the tests).

    PYTHONPATH=src python bench/sixcard_bots.py timing [--holes 20]
    PYTHONPATH=src python bench/sixcard_bots.py table [--matches 400] [--workers 2] [--rows easy,expert]
    PYTHONPATH=src python bench/sixcard_bots.py fit --players 2 --data DIR [--holes 8000] [--pool 3]
    PYTHONPATH=src python bench/sixcard_bots.py spread [--holes 400] [--own]
    PYTHONPATH=src python bench/sixcard_bots.py fit --players 2 --against strong|mix --data DIR [--pool 2]
    PYTHONPATH=src python bench/sixcard_bots.py duel [--matches 400] [--seed 3] [--against normal] [--model FILE]
    PYTHONPATH=src python bench/sixcard_bots.py endgame [--trials 200] [--holes 2] [--set late_holes=3]

``timing`` plays two-player holes (each level against ``strong``) and reports, per level, the median
and 99th percentile of the time a decision takes (opening reveals and forced moves included, as in
play). ``table`` runs the arena matches behind the targets in ``docs/sixcard-bots.md`` and prints
them as a Markdown table (with one worker, the figures so far every tenth of the run). Run it on
an otherwise idle machine: timings are wall-clock.

``spread`` measures what the expert's match play assumes: how far a hole's final margin strays
from the network's estimate at a turn's start (strong against strong), by face-down cards.
``endgame`` screens the expert's match play where it matters, on paired endings of 9-hole matches
against ``strong`` (the same deals, leads and seeds played for the match and for points).

``fit`` is one round of the strong bot's self-improvement (needs numpy): the current strong bot
(with the network in ``src/golfcards/sixcard/bots/strong_model.py``) plays ``--holes`` holes against
``normal`` players, exploring a little; every position after one of its moves is recorded with
what the hole finally gave it (2 players: minus the point margin; more: its share of the win;
face-down cards still hidden at the end counted by their expectation, which removes most of the
noise). A network is fitted to the records of the last ``--pool`` rounds and written over
``strong_model.py``. Rounds are repeated (and measured with ``table``) until the bot stops
improving; see ``docs/sixcard-bots.md``. With ``--against strong`` (2 players) a round fits the
expert's own network instead (``expert_model.py``): the learner, playing by the expert's network
(the strong bot's in the first round), plays against ``strong`` players; with ``--against mix``
against a mix of opponents (``MIXED_OPPONENTS``: the levels, the hand-tuned player, a randomised
strong bot and itself) under a mix of house rules. ``duel`` screens a network cheaply: its one-ply
choice (no look-ahead) against ``strong`` (or ``--against`` another player) in arena matches.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import pathlib
import pprint
import random
import statistics
import sys
import time

from golfcards.runners.arena import ArenaConfig, ArenaResult, Player, run_arena
from golfcards.runners.workers import interruptible_pool
from golfcards.sixcard.bots import expert_model, make_bot, strong, strong_model
from golfcards.sixcard.bots.heuristic import HeuristicStrong
from golfcards.sixcard.bots.knowledge import Knowledge
from golfcards.sixcard.bots.value import ValueNet
from golfcards.sixcard.codes import DealCode
from golfcards.sixcard.match import Match
from golfcards.sixcard.rules import SixCardRules
from golfcards.sixcard.state import HoleState, Phase
from golfcards.sixcard.view import view_for

BOTS_PATH = pathlib.Path(__file__).resolve().parent.parent / "src/golfcards/sixcard/bots"
MODEL_PATH = BOTS_PATH / "strong_model.py"
EXPERT_MODEL_PATH = BOTS_PATH / "expert_model.py"
TWO_PLAYER_FEATURES = ["points", "down", "improvement", "gift_to_next", "next_points", "next_down", "next_improvement"]
FEATURES = {
    "TWO_PLAYERS": TWO_PLAYER_FEATURES,
    "TWO_PLAYERS_FINAL_TURN": TWO_PLAYER_FEATURES,
    "MORE_PLAYERS": [
        "points",
        "down",
        "improvement",
        "gift_to_next",
        "next_points",
        "next_down",
        "next_improvement",
        "best_opponent_points",
        "least_opponent_down",
        "stock",
        "players",
    ],
}

TABLE = {
    "easy": ("easy", "random"),
    "normal": ("normal", "easy"),
    "strong": ("strong", "normal"),
    "strong4": ("strong", "normal", "normal", "normal"),
    "expert": ("expert", "strong"),
}


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def timing(holes: int) -> None:
    print("| level | decisions | median ms | p99 ms | max ms |")
    print("| --- | ---: | ---: | ---: | ---: |")
    for level in ("random", "easy", "normal", "strong", "expert"):
        durations: list[float] = []
        match = Match(DealCode(424242, SixCardRules(holes=holes)), b"bench timing")
        players = [make_bot(level, 1), make_bot("strong", 2)]
        while True:
            state = match.state
            while not state.is_terminal():
                seat = state.current_player
                view = match.view(seat)
                start = time.perf_counter()
                action = players[seat].choose(view)
                if seat == 0:
                    durations.append(time.perf_counter() - start)
                match.apply(action, seat)
            if match.is_terminal():
                break
            match.next_hole()
        print(
            f"| {level} | {len(durations)} | {1000 * statistics.median(durations):.1f} | "
            f"{1000 * percentile(durations, 0.99):.1f} | {1000 * max(durations):.1f} |",
            flush=True,
        )


def row(result: ArenaResult) -> str:
    points = result.points_per_hole()[0]
    margin = result.margin_per_hole()[0]
    holes = result.hole_win_rate()[0]
    matches = result.match_win_rate()[0]
    return (
        f"| {' vs '.join(result.players)} | {result.matches} | {points.value:.2f} | "
        f"{margin.value:+.2f} [{margin.low:+.2f}, {margin.high:+.2f}] | "
        f"{100 * holes.value:.1f}% [{100 * holes.low:.1f}, {100 * holes.high:.1f}] | "
        f"{100 * matches.value:.1f}% [{100 * matches.low:.1f}, {100 * matches.high:.1f}] |"
    )


def table(rows: list[str], matches: int, workers: int, seed: int) -> None:
    print(
        "| first player vs the others | matches | its points/hole | its margin/hole (95% CI) | "
        "holes won (95% CI) | matches won (95% CI) |"
    )
    print("| --- | ---: | ---: | ---: | ---: | ---: |")
    for name in rows:
        players = TABLE[name]
        start = time.time()
        config = ArenaConfig(players, SixCardRules(players=len(players)), matches, seed)

        def progress(so_far: ArenaResult, total: int, start: float = start, shown: list[int] = [0]) -> None:  # noqa: B006
            # the figures so far, about every tenth of the run
            if so_far.matches * 10 // total > shown[0]:
                shown[0] = so_far.matches * 10 // total
                print(f"  {row(so_far)} {time.time() - start:.0f} s", file=sys.stderr, flush=True)

        result = run_arena(config, workers=workers, progress=progress)
        print(row(result), f"<!-- {time.time() - start:.0f} s -->", flush=True)


def spread(holes: int, own: bool = False) -> None:
    """How far a hole's final margin strays from the network's estimate at a turn's start, by the
    number of cards still face down on the table (strong against strong): the residual spread the
    expert's match chances assume (:func:`golfcards.sixcard.bots.expert.rest_spread`). With ``own``
    the expert's network instead, at the turns of a player choosing by it against ``strong``."""
    from golfcards.sixcard.bots.expert import expert_net, face_down, rest_spread

    net = expert_net(SixCardRules()) if own else strong.value_net(SixCardRules())
    assert net is not None
    errors: dict[int, list[float]] = {}
    for number in range(holes):
        state = HoleState.from_code(DealCode(2 * 10**9 + number, SixCardRules(), dealer=number % 2))
        bots: list[strong.StrongBot] = [make_bot("strong", number * 2 + seat) for seat in range(2)]  # type: ignore[misc]
        if own:
            bots[number % 2] = Learner(number * 2, net, 0.0)
        estimates: list[tuple[int, int, float]] = []
        while not state.is_terminal():
            seat = state.current_player
            view = view_for(state, seat)
            if state.phase is Phase.DRAW and (not own or seat == number % 2):
                down = face_down(state)
                estimates.append((seat, down, strong.Afterstates(Knowledge(view), net).turn_worth()))
            state.apply(bots[seat].choose(view), seat)
        for seat, down, estimate in estimates:
            errors.setdefault(down, []).append(strong.hole_worth(state, seat) - estimate)
    print("| face-down cards | turns | mean error | spread | assumed |")
    print("| ---: | ---: | ---: | ---: | ---: |")
    for down in sorted(errors):
        values = errors[down]
        if len(values) > 1:
            print(
                f"| {down} | {len(values)} | {statistics.mean(values):+.2f} | {statistics.stdev(values):.2f} | "
                f"{rest_spread(down):.2f} |"
            )


def endgame(trials: int, holes: int, spread_: float, seed: int, settings: dict[str, float]) -> None:
    """Paired screening of the expert's match-aware play where it matters: the last ``holes`` holes
    of a 9-hole match against ``strong``, from a lead drawn around 0 (normal, ``spread_`` points),
    played once by the match-aware expert and once by the expert playing for points, on the same
    deals, leads, seats and bot seeds. Prints both match win rates and their paired difference.
    ``settings`` overrides the match-aware expert's attributes (e.g. ``late_within``)."""
    from golfcards.sixcard.bots.expert import ExpertBot
    from golfcards.sixcard.state import HoleContext

    rng = random.Random(seed)
    rules = SixCardRules()
    wins: dict[bool, list[float]] = {True: [], False: []}
    margins: dict[bool, list[float]] = {True: [], False: []}
    start = time.time()
    for trial in range(trials):
        lead = round(rng.gauss(0.0, spread_))
        me = trial % 2
        numbers = [rng.randrange(26**7) for _ in range(holes)]
        for aware in (True, False):
            expert = ExpertBot(trial * 10 + 1)
            expert.match_aware = aware
            if aware:
                for name, value in settings.items():
                    setattr(expert, name, type(getattr(expert, name))(value))
            players = [expert if seat == me else make_bot("strong", trial * 10 + 2) for seat in range(2)]
            totals = [0, 0]
            totals[1 - me] = max(lead, 0)
            totals[me] = max(-lead, 0)
            margin = 0
            for k in range(holes):
                hole = rules.holes - holes + k
                context = HoleContext(hole, rules.holes, (totals[0], totals[1]))
                state = HoleState.from_code(DealCode(numbers[k], rules, dealer=(hole + trial) % 2), context)
                while not state.is_terminal():
                    seat = state.current_player
                    state.apply(players[seat].choose(view_for(state, seat)), seat)
                points = state.points()
                totals = [totals[0] + points[0], totals[1] + points[1]]
                margin += points[me] - points[1 - me]
            wins[aware].append(1.0 if totals[me] < totals[1 - me] else 0.5 if totals[me] == totals[1 - me] else 0.0)
            margins[aware].append(margin / holes)
        if (trial + 1) % 50 == 0 or trial + 1 == trials:
            differences = [a - b for a, b in zip(wins[True], wins[False], strict=True)]
            error = statistics.stdev(differences) / len(differences) ** 0.5 if len(differences) > 1 else 0.0
            print(
                f"{trial + 1} trials ({time.time() - start:.0f} s): match-aware wins "
                f"{100 * statistics.mean(wins[True]):.1f}%, for points {100 * statistics.mean(wins[False]):.1f}%, "
                f"difference {100 * statistics.mean(differences):+.1f} ± {100 * error:.1f} (1 s.e.), "
                f"{sum(d != 0 for d in differences)} differ; margin/hole {statistics.mean(margins[True]):+.2f} "
                f"against {statistics.mean(margins[False]):+.2f}",
                flush=True,
            )


class Learner(strong.StrongBot):
    """The strong bot with a given network that explores a little and records what it chose."""

    def __init__(self, seed: int, net: ValueNet | None, explore: float) -> None:
        super().__init__(seed)
        self.net, self.explore = net, explore
        self.records: list[tuple[float, ...]] = []
        self.fixed: tuple[float, ...] = ()

    def judge(self, known: Knowledge, net: ValueNet) -> strong.Afterstates:
        after = super().judge(known, net)
        self.fixed = after.fixed
        return after

    def network(self, rules: SixCardRules) -> ValueNet | None:
        return self.net if self.net is not None else strong.value_net(rules)

    def pick(self, options: list[strong.Option]) -> strong.Option:
        ranked = sorted(options, reverse=True)
        choice = self.random.choice(ranked[:3]) if self.random.random() < self.explore else ranked[0]
        if choice.figures is not None:
            self.records.append(choice.figures + self.fixed)
        return choice


MIXED_OPPONENTS = ("strong", "normal", "handtuned", "self", "strong-varied")
"""The opponents of ``--against mix``, one per hole in turn: the strong bot, the threshold player,
the hand-tuned strong player, the learner's own network (self-play), and a strong bot that plays one
of its three best moves at random a tenth of the time (a randomised variant)."""
VARIED = 0.1


def mixed_rules(number: int) -> SixCardRules:
    """The rules of hole ``number`` of a mixed round: every other hole the guide's, the others a house
    rule or combination of ``bench/sixcard_house_rules.py`` in turn (so the final turn, the values and
    the going-out rules are seen as well)."""
    from sixcard_house_rules import CONFIGURATIONS, rules_of

    if number % 2 == 0:
        return SixCardRules()
    _, options, houses = CONFIGURATIONS[1 + (number // 2) % (len(CONFIGURATIONS) - 1)]
    return rules_of(options, houses)


def opponent(against: str, number: int, seat: int, net: ValueNet | None) -> Player:
    """The bot that plays ``seat`` of hole ``number`` against the learner."""
    if against != "mix":
        return make_bot(against, number * 7 + seat)
    kind = MIXED_OPPONENTS[number % len(MIXED_OPPONENTS)]
    if kind == "handtuned":
        return HeuristicStrong(number * 7 + seat)
    if kind == "self":
        return Learner(number * 7 + seat, net, 0.0)
    if kind == "strong-varied":
        return Learner(number * 7 + seat, None, VARIED)
    return make_bot(kind, number * 7 + seat)


def _collect(
    players: int,
    net_data: dict | None,
    first: int,
    count: int,
    explore: float,
    against: str = "normal",
    final_turn: bool = False,
) -> list[list[float]]:
    """Play ``count`` holes of the learner against ``against`` players (``normal`` for the strong
    bot's networks, ``strong`` or ``mix`` for the expert's: :data:`MIXED_OPPONENTS`, under
    :func:`mixed_rules`) and return its records, under the final turn if ``final_turn``. For the 3–4
    player network one hole in four is played by 3 players, the others by 4."""
    net = None if net_data is None else ValueNet(net_data)
    rows: list[list[float]] = []
    for number in range(first, first + count):
        seats = players if players == 2 else 3 if number % 4 == 0 else 4
        rules = mixed_rules(number) if against == "mix" else SixCardRules(players=seats, final_turn=final_turn)
        me = number % seats
        learner = Learner(number, net, explore)
        bots = [learner if seat == me else opponent(against, number, seat, net) for seat in range(seats)]
        state = HoleState.from_code(DealCode(number, rules, dealer=(number // seats) % seats))
        while not state.is_terminal():
            seat = state.current_player
            state.apply(bots[seat].choose(view_for(state, seat)), seat)
        result = strong.hole_worth(state, me)
        rows.extend([*figures, result] for figures in learner.records)
    return rows


def fit_network(rows: list[list[float]], names: list[str], hidden: int = 24, epochs: int = 60, seed: int = 0) -> dict:
    """Fit a one-hidden-layer tanh network (Adam, squared error) to rows of inputs + target."""
    import numpy as np

    rng = np.random.default_rng(seed)
    data = np.array(rows, dtype=float)
    rng.shuffle(data)
    inputs, target = data[:, :-1], data[:, -1]
    shift, scale = inputs.mean(0), inputs.std(0) + 1e-9
    z = (inputs - shift) / scale
    held = len(z) // 10
    w1 = rng.normal(0, 1 / np.sqrt(z.shape[1]), (hidden, z.shape[1]))
    params = [w1, np.zeros(hidden), rng.normal(0, 1 / np.sqrt(hidden), hidden), np.array([target.mean()])]
    moments = [np.zeros_like(p) for p in params]
    squares = [np.zeros_like(p) for p in params]
    step, rate, decay = 0, 3e-3, 1e-4
    order = np.arange(held, len(z))
    for epoch in range(epochs):
        rng.shuffle(order)
        for start in range(0, len(order), 256):
            batch = order[start : start + 256]
            x, y = z[batch], target[batch]
            h = np.tanh(x @ params[0].T + params[1])
            error = 2 * (h @ params[2] + params[3][0] - y) / len(batch)
            back = np.outer(error, params[2]) * (1 - h**2)
            grads = [
                back.T @ x + decay * params[0],
                back.sum(0),
                h.T @ error + decay * params[2],
                np.array([error.sum()]),
            ]
            step += 1
            for i, (param, grad) in enumerate(zip(params, grads, strict=True)):
                moments[i] = 0.9 * moments[i] + 0.1 * grad
                squares[i] = 0.999 * squares[i] + 0.001 * grad**2
                param -= rate * (moments[i] / (1 - 0.9**step)) / (np.sqrt(squares[i] / (1 - 0.999**step)) + 1e-8)
        if epoch % 20 == 19:

            def rmse(rows_: slice) -> float:
                h_ = np.tanh(z[rows_] @ params[0].T + params[1])
                return float(np.sqrt(np.mean((h_ @ params[2] + params[3][0] - target[rows_]) ** 2)))

            print(
                f"  epoch {epoch + 1}: fit {rmse(slice(held, None)):.3f}, held out {rmse(slice(0, held)):.3f}",
                flush=True,
            )

    def short(values) -> list[float]:  # type: ignore[no-untyped-def]
        return [float(f"{v:.6g}") for v in values]

    return {
        "features": names,
        "shift": short(shift),
        "scale": short(scale),
        "hidden": [short([b, *w]) for b, w in zip(params[1], params[0], strict=True)],
        "out": short(params[2]),
        "out_bias": float(f"{params[3][0]:.6g}"),
    }


def write_models(models: dict[str, dict], path: pathlib.Path = MODEL_PATH) -> None:
    owner = "strong" if path == MODEL_PATH else "expert"
    lines = [
        f'"""Fitted value networks of the {owner} bot (written by ``bench/sixcard_bots.py fit``; do not edit)."""',
        "",
    ]
    for name, data in models.items():
        lines.append(f"{name} = {pprint.pformat(data, width=117 - len(name), compact=True)}")
        lines.append("")
    path.write_text("\n".join(lines))


def starting_network(name: str) -> dict:
    """The first round's guess, before anything was fitted: expected points against the next
    player's, a little credit for improvement to come and a charge for gifts (2 players: as a
    point margin; more: squeezed into a share of the win)."""
    names = FEATURES[name]
    weights = dict.fromkeys(names, 0.0)
    weights.update(points=-1.0, improvement=0.5, gift_to_next=-0.5, next_improvement=-0.3)
    if name == "TWO_PLAYERS":
        weights["next_points"] = 1.0
        scale, out, bias = 0.01, 100.0, 0.0  # tanh is nearly linear there: a linear guess
    else:
        weights["best_opponent_points"] = 1.0
        scale, out, bias = 1 / 8, 0.5, 0.4
    return {
        "features": names,
        "shift": [0.0] * len(names),
        "scale": [1.0] * len(names),
        "hidden": [[0.0, *(scale * weights[n] for n in names)]],
        "out": [out],
        "out_bias": bias,
    }


def fit(
    players: int,
    data_dir: pathlib.Path,
    holes: int,
    pool: int,
    explore: float,
    workers: int,
    seed: int,
    hidden: int,
    epochs: int,
    against: str = "normal",
    final_turn: bool = False,
) -> None:
    """One round: play, record, fit, write. Against ``normal`` this refits the strong bot's network
    (``strong_model.py``); against ``strong`` or ``mix`` (2 players) the expert's own
    (``expert_model.py``), starting from the expert's current network (the strong bot's if it has
    none). With ``final_turn`` (2 players, against ``strong``) the holes are played under the final
    turn and the expert's network for it is fitted (``TWO_PLAYERS_FINAL_TURN``), starting from its
    ``TWO_PLAYERS``."""
    base = "TWO_PLAYERS" if players == 2 else "MORE_PLAYERS"
    name = f"{base}_FINAL_TURN" if final_turn else base
    module, path = (strong_model, MODEL_PATH) if against == "normal" else (expert_model, EXPERT_MODEL_PATH)
    current = (
        getattr(module, name, None)
        or getattr(module, base, None)
        or getattr(strong_model, base, None)
        or starting_network(base)
    )
    data_dir.mkdir(parents=True, exist_ok=True)
    prefix = name if against == "normal" else f"{name}-{against}"
    round_number = len(sorted(data_dir.glob(f"{prefix}-[0-9]*.json")))
    first = 10**9 + (seed * 1000 + round_number) * 10**6
    start = time.time()
    per_job = 250
    rows: list[list[float]] = []
    with interruptible_pool(workers) as pool_:
        jobs = [
            pool_.submit(_collect, players, current, first + k, min(per_job, holes - k), explore, against, final_turn)
            for k in range(0, holes, per_job)
        ]
        for job in jobs:
            rows.extend(job.result())
    print(
        f"round {round_number}: {holes} holes, {len(rows)} positions, mean result "
        f"{statistics.mean(r[-1] for r in rows):.3f} ({time.time() - start:.0f} s)",
        flush=True,
    )
    (data_dir / f"{prefix}-{round_number:03d}.json").write_text(json.dumps(rows))
    pooled: list[list[float]] = []
    for record in sorted(data_dir.glob(f"{prefix}-[0-9]*.json"))[-pool:]:
        pooled.extend(json.loads(record.read_text()))
    fitted = fit_network(pooled, FEATURES[name], hidden=hidden, epochs=epochs, seed=seed + round_number)
    models = {other: getattr(module, other) for other in FEATURES if getattr(module, other, None)}
    models[name] = fitted
    write_models({key: models[key] for key in FEATURES if key in models}, path)
    print(f"wrote {name} to {path}")


def duel(
    matches: int,
    seed: int,
    workers: int,
    against: str = "strong",
    model: pathlib.Path | None = None,
    house_row: int = 0,
) -> None:
    """A network played greedily (the strong bot's one-ply choice, no look-ahead) against
    ``against`` (a level, or ``handtuned``): a cheap, paired screen of the network (the rotation
    groups deal every hole to both seats). The network is the expert's, or the ``TWO_PLAYERS`` of
    the fitted-model file ``model`` (``expert``/``strong`` there: the expert's or the strong bot's own);
    the rules those of row ``house_row`` of ``bench/sixcard_house_rules.py`` (0: the guide's)."""
    from sixcard_house_rules import CONFIGURATIONS, rules_of

    from golfcards.sixcard.bots.expert import expert_net

    rules = rules_of(*CONFIGURATIONS[house_row][1:])
    net = expert_net(rules) if model is None else model_net(model)

    def factory(spec: str, seed_: int) -> Player:
        if spec == "greedy":
            return Learner(seed_, net, 0.0)
        return HeuristicStrong(seed_) if spec == "handtuned" else make_bot(spec, seed_)

    start = time.time()
    config = ArenaConfig(("greedy", against), rules, matches, seed, factory=factory)
    print(row(run_arena(config, workers=workers)), f"<!-- {time.time() - start:.0f} s -->", flush=True)


def model_net(path: pathlib.Path) -> ValueNet | None:
    """The two-player network of a fitted-model file; ``expert`` or ``strong`` name the committed ones."""
    if str(path) in ("expert", "strong"):
        return strong.fitted_net(expert_model if str(path) == "expert" else strong_model, "TWO_PLAYERS")
    spec = importlib.util.spec_from_file_location("fitted_model", path)
    assert spec is not None and spec.loader is not None, path
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return strong.fitted_net(module, "TWO_PLAYERS")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    commands = parser.add_subparsers(dest="command", required=True)
    timing_parser = commands.add_parser("timing")
    timing_parser.add_argument("--holes", type=int, default=20)
    table_parser = commands.add_parser("table")
    table_parser.add_argument("--matches", type=int, default=400)
    table_parser.add_argument("--workers", type=int, default=2)
    table_parser.add_argument("--seed", type=int, default=1)
    table_parser.add_argument("--rows", default=",".join(TABLE), help=f"rows to play, from {', '.join(TABLE)}")
    spread_parser = commands.add_parser("spread")
    spread_parser.add_argument("--holes", type=int, default=400)
    spread_parser.add_argument("--own", action="store_true", help="the expert's network (against strong)")
    endgame_parser = commands.add_parser("endgame")
    endgame_parser.add_argument("--trials", type=int, default=200)
    endgame_parser.add_argument("--holes", type=int, default=2, help="the last this many holes of 9")
    endgame_parser.add_argument("--spread", type=float, default=20.0, help="spread of the starting lead")
    endgame_parser.add_argument("--seed", type=int, default=7)
    endgame_parser.add_argument(
        "--set",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="an attribute of the match-aware expert, e.g. late_within=1",
    )
    fit_parser = commands.add_parser("fit")
    fit_parser.add_argument(
        "--players",
        type=int,
        default=2,
        choices=(2, 4),
        help="2, or 4 for the 3-4 player network (a quarter of its holes have 3)",
    )
    fit_parser.add_argument("--data", type=pathlib.Path, required=True, help="directory of the rounds' records")
    fit_parser.add_argument("--holes", type=int, default=8000)
    fit_parser.add_argument("--pool", type=int, default=3, help="fit on the records of this many last rounds")
    fit_parser.add_argument("--explore", type=float, default=0.02)
    fit_parser.add_argument("--workers", type=int, default=2)
    fit_parser.add_argument("--seed", type=int, default=1)
    fit_parser.add_argument("--hidden", type=int, default=24, help="hidden units of the network")
    fit_parser.add_argument("--epochs", type=int, default=60)
    fit_parser.add_argument(
        "--against",
        default="normal",
        choices=("normal", "strong", "mix"),
        help="normal: refit the strong bot's network; strong or mix (MIXED_OPPONENTS): the expert's (2 players)",
    )
    fit_parser.add_argument(
        "--final-turn", action="store_true", help="with --against strong: the expert's network for the final turn"
    )
    duel_parser = commands.add_parser("duel")
    duel_parser.add_argument("--matches", type=int, default=200)
    duel_parser.add_argument("--seed", type=int, default=3)
    duel_parser.add_argument("--workers", type=int, default=1)
    duel_parser.add_argument("--against", default="strong", help="a level, or handtuned")
    duel_parser.add_argument("--row", type=int, default=0, help="the rules of this row of sixcard_house_rules.py")
    duel_parser.add_argument(
        "--model", type=pathlib.Path, help="a fitted-model file (or expert, strong): its TWO_PLAYERS network"
    )
    args = parser.parse_args(argv)
    if args.command == "timing":
        timing(args.holes)
    elif args.command == "endgame":
        settings = {name: float(value) for name, value in (item.split("=", 1) for item in args.set)}
        endgame(args.trials, args.holes, args.spread, args.seed, settings)
    elif args.command == "spread":
        spread(args.holes, args.own)
    elif args.command == "fit":
        fit(
            args.players,
            args.data,
            args.holes,
            args.pool,
            args.explore,
            args.workers,
            args.seed,
            args.hidden,
            args.epochs,
            args.against,
            args.final_turn,
        )
    elif args.command == "duel":
        duel(args.matches, args.seed, args.workers, args.against, args.model, args.row)
    else:
        table(args.rows.split(","), args.matches, args.workers, args.seed)
    return 0


if __name__ == "__main__":
    sys.exit(main())
