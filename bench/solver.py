"""Benchmark the Golf Solitaire solver: verdict agreement and time per deal, per rule.

Usage (from the repository root)::

    PYTHONPATH=src python bench/solver.py                      # the 2,000 reference deals
    PYTHONPATH=src python bench/solver.py --limit 200          # the first 200 of them
    PYTHONPATH=src python bench/solver.py --random 500 --seed 7 --rules easy,classic
    git show main:src/golfcards/solitaire/solver.py > /tmp/old_solver.py
    PYTHONPATH=src python bench/solver.py --engine python --rules easy --baseline /tmp/old_solver.py

``bench/golf-solitaire-2000.tsv`` holds verdicts from an independent exhaustive solver, and
``bench/golf-solitaire-2000-reference-cost.tsv`` that solver's cost on each deal (its positions and
its CPU time, measured on a shared 2-core machine under a load of 2-10). Its
"strict" is *nothing on a King, no wrap*, with drawing allowed at any time; the engine's STRICT
also lets the player draw only when no card can be removed. Both are measured: ``strict-file``
(the file's definition, compared with the file) and ``strict`` (the engine's rule; its agreement
with the file's column is printed too, to show how the two definitions differ).

With ``--baseline`` another version of ``solver.py`` solves every deal too, alternately with this
one (which goes first alternates), so that both are timed under the same load; each gets its row.

Every winning line of an engine rule is replayed through :class:`Board` and must win. Each time is
the whole call a user makes, ``solve(deal, rules)``: reading the deal into the solver's terms and the
search. Times are CPU time of this process per deal (``time.process_time``; ``--wall`` for
wall-clock), like the reference's. For the deals of the file, the reference's median and 99th
percentile *over the same deals* are printed beside ours as ratios (ours / reference: below 1 is
faster), and ``quick wins``: of the winnable deals the reference settles in under 1,000 positions,
how many take us 10,000 or more (a count that does not depend on the machine), and our most.
"""

from __future__ import annotations

import argparse
import importlib.util
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import cast

from golfcards.runners.analysis import random_numbers
from golfcards.runners.reference_deals import read_reference_deals
from golfcards.solitaire import solver_fast
from golfcards.solitaire.board import Board, Status
from golfcards.solitaire.deal import Deal
from golfcards.solitaire.rules import CLASSIC, EASY, STRICT, Rules
from golfcards.solitaire.solver import Verdict, search, start_of, warm_up

BENCH = Path(__file__).resolve().parent / "golf-solitaire-2000.tsv"
REFERENCE_COST = Path(__file__).resolve().parent / "golf-solitaire-2000-reference-cost.tsv"
QUICK_STATES = 1_000
"""A winnable deal the reference settles in fewer positions than this is a *quick win*…"""
QUICK_LIMIT = 10_000
"""…and should take us fewer than this."""
RULES: dict[str, tuple[Rules, bool | None, str | None]] = {
    # name: (rules, draw_anytime override, column of the file to compare with)
    "strict-file": (STRICT, True, "strict"),
    "strict": (STRICT, None, "strict"),
    "classic": (CLASSIC, None, "classic"),
    "easy": (EASY, None, "easy"),
}


def read_reference_cost(path: Path) -> dict[tuple[int, str], tuple[bool, int, float]]:
    """``{(deal index from 0, column): (winnable, positions, cpu ms)}`` of the reference solver."""
    cost = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        if not line or line.startswith("#") or line.startswith("id\t"):
            continue
        number, column, verdict, states, cpu_ms = line.split("\t")
        cost[int(number) - 1, column] = (verdict == "S", int(states), float(cpu_ms))
    return cost


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[max(0, min(len(ordered) - 1, round(fraction * len(ordered)) - 1))]


def load_baseline(path: Path) -> Callable[[Deal, Rules, bool | None], Verdict]:
    """The whole call of another version of ``solver.py`` (e.g. ``git show main:src/golfcards/solitaire/solver.py``)."""
    spec = importlib.util.spec_from_file_location("baseline_solver", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up
    spec.loader.exec_module(module)

    def solve(deal: Deal, rules: Rules, draw_anytime: bool | None) -> Verdict:
        return cast(Verdict, module.search(module.start_of(deal, rules, draw_anytime=draw_anytime)))

    return solve


def solve_deal(deal: Deal, rules: Rules, draw_anytime: bool | None) -> Verdict:
    """What a user calls: ``solve(deal, rules)``, with the benchmark's draw-anytime override."""
    return search(start_of(deal, rules, draw_anytime=draw_anytime))


def run(
    deals: list[tuple[Deal, dict[str, bool]]],
    names: list[str],
    baseline: Callable[[Deal, Rules, bool | None], Verdict] | None = None,
    reference: dict[tuple[int, str], tuple[bool, int, float]] | None = None,
    clock: Callable[[], float] = time.process_time,
) -> int:
    """Solve every deal under every rule, print a row per rule (and per search with a baseline).

    ``reference`` (the file's deals only, in the file's order) adds the ratios to the reference
    solver over the same deals and the count of quick wins that are slow for us.
    """
    failures = 0
    # Warm up (numba compiles or loads its cache; the Python search builds the sweep's masks),
    # outside the timings.
    warm_up()
    searches = [("", solve_deal)] + ([(" (baseline)", baseline)] if baseline else [])
    print(
        f"{'rule':<23}{'deals':>7}{'agree':>11}{'winnable':>10}{'median ms':>11}{'p99 ms':>9}{'max ms':>9}"
        f"{'deals/s':>9}{'positions (median, p99)':>25}   vs reference (median, p99)   quick wins slow (max)"
    )
    for name in names:
        rules, draw_anytime, column = RULES[name]
        times: list[list[float]] = [[] for _ in searches]
        nodes: list[list[int]] = [[] for _ in searches]
        agree, wins = [0] * len(searches), [0] * len(searches)
        compared = 0
        for number, (deal, expected) in enumerate(deals):
            compared += column is not None and column in expected
            # With a baseline, alternate which search goes first, so both see the same load.
            order = range(len(searches)) if number % 2 == 0 else reversed(range(len(searches)))
            for which in order:
                began = clock()
                verdict = searches[which][1](deal, rules, draw_anytime)
                times[which].append((clock() - began) * 1000)
                nodes[which].append(verdict.nodes)
                wins[which] += bool(verdict.winnable)
                if column is not None and column in expected:
                    agree[which] += verdict.winnable == expected[column]
                if verdict.winnable and draw_anytime is None:
                    board = Board(deal, rules)
                    for move in verdict.line or ():
                        assert board.apply(move) is None
                    if board.status is not Status.WON:
                        failures += 1
                        print(f"  {name}{searches[which][0]}: a winning line does not win", file=sys.stderr)
        theirs = [reference[number, column] for number in range(len(deals))] if reference and column else None
        for which, (label, _) in enumerate(searches):
            median, p99 = statistics.median(times[which]), percentile(times[which], 0.99)
            versus = quick = ""
            if theirs and name != "strict":
                their_ms = [ms for _, _, ms in theirs]
                versus = f"   {median / statistics.median(their_ms):.2f}x, {p99 / percentile(their_ms, 0.99):.2f}x"
                pairs = zip(nodes[which], theirs, strict=True)
                ours = [n for n, (won, states, _) in pairs if won and states < QUICK_STATES]
                slow = sum(n >= QUICK_LIMIT for n in ours)
                quick = f"{'':>16}{slow} of {len(ours)} ({max(ours, default=0):,})"
            agreement = f"{agree[which]}/{compared}" if compared else "-"
            print(
                f"{name + label:<23}{len(times[which]):>7}{agreement:>11}{wins[which]:>10}{median:>11.2f}"
                f"{p99:>9.1f}{max(times[which]):>9.1f}{len(times[which]) / (sum(times[which]) / 1000):>9.1f}"
                f"{statistics.median(nodes[which]):>13.0f}{percentile(nodes[which], 0.99):>12.0f}"
                f"{versus}{quick}",
                flush=True,
            )
            if name != "strict" and compared and agree[which] != compared:
                failures += 1
    return 1 if failures else 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--file", type=Path, default=BENCH, help="deals with reference verdicts")
    parser.add_argument("--limit", type=int, default=None, help="only the first N deals of the file")
    parser.add_argument("--random", type=int, default=None, help="N random deal numbers instead of the file")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--engine",
        choices=["auto", "python"],
        default="auto",
        help="auto: the compiled search if numba is installed; python: the pure Python one",
    )
    parser.add_argument(
        "--rules", default="strict-file,strict,classic,easy", help="comma-separated: strict-file, strict, classic, easy"
    )
    parser.add_argument("--wall", action="store_true", help="time wall-clock instead of this process's CPU time")
    parser.add_argument(
        "--baseline",
        type=Path,
        default=None,
        help="another version of solver.py to time deal by deal alternately with this one",
    )
    args = parser.parse_args(argv)
    if args.engine == "python":
        solver_fast.AVAILABLE = False  # warm_up() then keeps the pure Python search
    print(f"engine: {'compiled (numba)' if solver_fast.AVAILABLE else 'pure Python'}")
    names = [name.strip() for name in args.rules.split(",") if name.strip()]
    unknown = [name for name in names if name not in RULES]
    if unknown:
        parser.error(f"unknown rule(s): {', '.join(unknown)}")
    deals: list[tuple[Deal, dict[str, bool]]]
    reference = None
    if args.random:
        deals = [(Deal.from_number(number), {}) for number in random_numbers(args.random, args.seed)]
    else:
        deals = read_reference_deals(args.file)[: args.limit]
        if args.file == BENCH:
            reference = read_reference_cost(REFERENCE_COST)
    baseline = load_baseline(args.baseline) if args.baseline else None
    return run(deals, names, baseline, reference, time.perf_counter if args.wall else time.process_time)


if __name__ == "__main__":
    sys.exit(main())
