"""Benchmark the Golf Solitaire solver: verdict agreement and time per deal, per rule.

Usage (from the repository root)::

    PYTHONPATH=src python bench/solver.py                      # the 2,000 reference deals
    PYTHONPATH=src python bench/solver.py --limit 200          # the first 200 of them
    PYTHONPATH=src python bench/solver.py --random 500 --seed 7 --rules easy,classic

``bench/golf-solitaire-2000.tsv`` holds verdicts from an independent exhaustive solver. Its
"strict" is *nothing on a King, no wrap*, with drawing allowed at any time; the engine's STRICT
also lets the player draw only when no card can be removed. Both are measured: ``strict-file``
(the file's definition, compared with the file) and ``strict`` (the engine's rule; its agreement
with the file's column is printed too, to show how the two definitions differ).

Every winning line of an engine rule is replayed through :class:`Board` and must win. Times are
wall-clock per deal (``time.perf_counter``) on one core; the reference C solver's figures are
printed beside ours as ratios (ours / reference: below 1 is faster).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

from golfcards.cards import parse_card, parse_cards
from golfcards.solitaire import solver_fast
from golfcards.solitaire.analysis import random_numbers
from golfcards.solitaire.board import Board, Status
from golfcards.solitaire.deal import Deal
from golfcards.solitaire.rules import CLASSIC, EASY, STRICT, Rules
from golfcards.solitaire.solver import search, start_of

BENCH = Path(__file__).resolve().parent / "golf-solitaire-2000.tsv"
REFERENCE_MS = {"strict-file": (69, 660), "classic": (80, 840), "easy": (6, 610)}
"""Median and p99 per deal of the reference exhaustive C solver, one core of this machine."""
RULES: dict[str, tuple[Rules, bool | None, str | None]] = {
    # name: (rules, draw_anytime override, column of the file to compare with)
    "strict-file": (STRICT, True, "strict"),
    "strict": (STRICT, None, "strict"),
    "classic": (CLASSIC, None, "classic"),
    "easy": (EASY, None, "easy"),
}


def read_bench(path: Path) -> list[tuple[Deal, dict[str, bool]]]:
    deals = []
    for line in path.read_text(encoding="utf-8").splitlines():
        if not line or line.startswith("#") or line.startswith("id\t"):
            continue
        _id, columns, discard, stock, strict, classic, easy = line.split("\t")
        deal = Deal(tuple(tuple(parse_cards(column)) for column in columns.split("|")),
                    parse_card(discard), tuple(parse_cards(stock)))
        deals.append((deal, {"strict": strict == "S", "classic": classic == "S", "easy": easy == "S"}))
    return deals


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[max(0, min(len(ordered) - 1, round(fraction * len(ordered)) - 1))]


def run(deals: list[tuple[Deal, dict[str, bool]]], names: list[str]) -> int:
    failures = 0
    # Warm up (numba compiles or loads its cache on the first search), outside the timings.
    search(start_of(deals[0][0], CLASSIC))
    print(f"{'rule':<12}{'deals':>7}{'agree':>11}{'winnable':>10}{'median ms':>11}{'p99 ms':>9}{'max ms':>9}"
          f"{'deals/s':>9}{'positions (median, p99)':>25}   vs reference (median, p99)")
    for name in names:
        rules, draw_anytime, column = RULES[name]
        times, nodes, agree, wins, compared = [], [], 0, 0, 0
        for deal, expected in deals:
            start = start_of(deal, rules, draw_anytime=draw_anytime)
            began = time.perf_counter()
            verdict = search(start)
            times.append((time.perf_counter() - began) * 1000)
            nodes.append(verdict.nodes)
            wins += bool(verdict.winnable)
            if column is not None and column in expected:
                compared += 1
                agree += verdict.winnable == expected[column]
            if verdict.winnable and draw_anytime is None:
                board = Board(deal, rules)
                for move in verdict.line or ():
                    board.push(move)
                if board.status is not Status.WON:
                    failures += 1
                    print(f"  {name}: a winning line does not win", file=sys.stderr)
        reference = REFERENCE_MS.get(name)
        median, p99 = statistics.median(times), percentile(times, 0.99)
        versus = f"   {median / reference[0]:.2f}x, {p99 / reference[1]:.2f}x" if reference else ""
        agreement = f"{agree}/{compared}" if compared else "-"
        print(f"{name:<12}{len(times):>7}{agreement:>11}{wins:>10}{median:>11.1f}{p99:>9.1f}{max(times):>9.1f}"
              f"{len(times) / (sum(times) / 1000):>9.1f}"
              f"{statistics.median(nodes):>13.0f}{percentile(nodes, 0.99):>12.0f}"
              f"{versus}", flush=True)
        if name != "strict" and compared and agree != compared:
            failures += 1
    return 1 if failures else 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--file", type=Path, default=BENCH, help="deals with reference verdicts")
    parser.add_argument("--limit", type=int, default=None, help="only the first N deals of the file")
    parser.add_argument("--random", type=int, default=None, help="N random deal numbers instead of the file")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--engine", choices=["auto", "python"], default="auto",
                        help="auto: the compiled search if numba is installed; python: the pure Python one")
    parser.add_argument("--rules", default="strict-file,strict,classic,easy",
                        help="comma-separated: strict-file, strict, classic, easy")
    args = parser.parse_args(argv)
    if args.engine == "python":
        solver_fast.AVAILABLE = False
    print(f"engine: {'compiled (numba)' if solver_fast.AVAILABLE else 'pure Python'}")
    names = [name.strip() for name in args.rules.split(",") if name.strip()]
    unknown = [name for name in names if name not in RULES]
    if unknown:
        parser.error(f"unknown rule(s): {', '.join(unknown)}")
    deals: list[tuple[Deal, dict[str, bool]]]
    if args.random:
        deals = [(Deal.from_number(number), {}) for number in random_numbers(args.random, args.seed)]
    else:
        deals = read_bench(args.file)[:args.limit]
    return run(deals, names)


if __name__ == "__main__":
    sys.exit(main())
