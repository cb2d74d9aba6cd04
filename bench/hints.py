"""Benchmark hints and the "still winnable" indicator: time per request at positions players reach.

Usage (from the repository root)::

    PYTHONPATH=src python bench/hints.py                       # 300 positions per rule
    PYTHONPATH=src GOLFCARDS_SOLVER=python python bench/hints.py --positions 500 --seed 2

A hint is interactive (the target: "within a fraction of a second for any position a player can
reach"), so this times the whole request an interface makes, with the default interactive budget:
the hint (a decision, then in a lost position the search for the fewest cards left) and the
indicator. Positions come from the reference deals (``bench/golf-solitaire-2000.tsv``) played on
for a random number of moves (0–40), half of them by random legal moves and half by following
every hint, so they cover the start, the middle and the end of games, won, lost or still open.
Hint caches are cleared before each position, so every request is timed from scratch.

``--live`` times only the live "still winnable" line (asked after every action, with its own small
budget, :data:`golfcards.solitaire.hint.LIVE_BUDGET` unless ``--budget`` says otherwise) at the same
kind of positions, in wall-clock and CPU time (on a shared, busy machine the CPU time is the cost of
the search itself), and counts the positions it leaves undecided.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections import Counter

from solver import BENCH  # bench/solver.py, beside this file

from golfcards.runners.reference_deals import read_reference_deals
from golfcards.solitaire import hint as hints
from golfcards.solitaire import solver_fast
from golfcards.solitaire.board import Board, Status
from golfcards.solitaire.rules import CLASSIC, EASY, STRICT, Rules
from golfcards.solitaire.solver import warm_up

RULES: dict[str, Rules] = {"easy": EASY, "classic": CLASSIC, "strict": STRICT}


def reached_position(board: Board, moves: int, rng: random.Random, hinted: bool) -> Board:
    """``board`` after up to ``moves`` moves (fewer if the game ends): random legal moves, or with
    ``hinted`` the hints' moves (a player who follows every hint)."""
    for _ in range(moves):
        if board.status is not Status.PLAYING:
            break
        move = hints.hint(board).move if hinted else rng.choice(board.legal_actions())
        assert move is not None
        assert board.apply(move) is None
    return board


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def measure(rules_name: str, positions: int, seed: int) -> str:
    rules = RULES[rules_name]
    deals = [deal for deal, _ in read_reference_deals(BENCH)]
    rng = random.Random(f"{seed}-{rules_name}")
    times: list[float] = []
    kinds: Counter[str] = Counter()
    undecided = 0
    for index in range(positions):
        board = reached_position(Board(rng.choice(deals), rules), rng.randint(0, 40), rng, hinted=index % 2 == 1)
        hints._verdict.cache_clear()
        hints._best.cache_clear()
        start = time.perf_counter()
        advice = hints.hint(board)
        still = hints.is_still_winnable(board)
        times.append((time.perf_counter() - start) * 1000)
        kinds[advice.kind.value] += 1
        undecided += still is None
    ms = statistics.median(times), percentile(times, 0.99), max(times)
    shares = ", ".join(f"{kind} {count}" for kind, count in sorted(kinds.items()))
    return f"{rules_name:<8} {positions:>9} {ms[0]:>10.1f} {ms[1]:>8.1f} {ms[2]:>8.1f} {undecided:>10}   {shares}"


def measure_live(rules_name: str, positions: int, seed: int, budget: int) -> str:
    """The live line alone: time per position, and how many positions its budget left undecided."""
    rules = RULES[rules_name]
    deals = [deal for deal, _ in read_reference_deals(BENCH)]
    rng = random.Random(f"{seed}-{rules_name}")
    times: list[float] = []
    cpu: list[float] = []
    answers: Counter[str] = Counter()
    for index in range(positions):
        board = reached_position(Board(rng.choice(deals), rules), rng.randint(0, 40), rng, hinted=index % 2 == 1)
        hints._verdict.cache_clear()
        start, start_cpu = time.perf_counter(), time.process_time()
        still = hints.is_still_winnable(board, budget=budget)
        times.append((time.perf_counter() - start) * 1000)
        cpu.append((time.process_time() - start_cpu) * 1000)
        answers["undecided" if still is None else "yes" if still else "no"] += 1
    wall = f"{statistics.median(times):>10.2f} {percentile(times, 0.99):>8.2f} {max(times):>8.2f}"
    used = f"{statistics.median(cpu):>10.2f} {percentile(cpu, 0.99):>8.2f} {max(cpu):>8.2f}"
    shares = ", ".join(f"{answer} {count}" for answer, count in sorted(answers.items()))
    return f"{rules_name:<8} {positions:>9} {wall} {used} {answers['undecided']:>10}   {shares}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=300, help="positions per rule")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--rules", default="easy,classic,strict", help="comma-separated: easy, classic, strict")
    parser.add_argument("--live", action="store_true", help="time only the live still-winnable line")
    parser.add_argument("--budget", type=int, default=hints.LIVE_BUDGET, help="the live line's budget (positions)")
    args = parser.parse_args()
    warm_up()
    if args.live:
        engine = "compiled (numba)" if solver_fast.ACTIVE else "pure Python"
        print(f"engine: {engine}, live line (budget {args.budget:,} positions)")
        header = f"{'median ms':>10} {'p99 ms':>8} {'max ms':>8}"
        print(f"{'':<8} {'':>9} {'wall clock':^28} {'CPU time':^28}")
        print(f"{'rule':<8} {'positions':>9} {header} {header} {'undecided':>10}   answers")
        for name in args.rules.split(","):
            print(measure_live(name.strip(), args.positions, args.seed, args.budget), flush=True)
        return
    print(
        "engine:",
        "compiled (numba)" if solver_fast.ACTIVE else "pure Python",
        f"(interactive budget {hints.interactive_budget():,} positions)",
    )
    print(f"{'rule':<8} {'positions':>9} {'median ms':>10} {'p99 ms':>8} {'max ms':>8} {'undecided':>10}   hint kinds")
    for name in args.rules.split(","):
        print(measure(name.strip(), args.positions, args.seed), flush=True)


if __name__ == "__main__":
    main()
