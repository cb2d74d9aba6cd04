"""Benchmark the Golf Solitaire solver: verdict agreement and time per deal, per rule.

Usage (from the repository root)::

    PYTHONPATH=src python bench/solver.py                      # the 2,000 reference deals
    PYTHONPATH=src python bench/solver.py --limit 200          # the first 200 of them
    PYTHONPATH=src python bench/solver.py --random 500 --seed 7 --rules easy,classic
    git show main:src/golfcards/solitaire/solver.py > /tmp/old_solver.py
    PYTHONPATH=src python bench/solver.py --engine python --rules easy --baseline /tmp/old_solver.py

``bench/golf-solitaire-2000.tsv`` holds verdicts from an independent exhaustive solver. Its
"strict" is *nothing on a King, no wrap*, with drawing allowed at any time; the engine's STRICT
also lets the player draw only when no card can be removed. Both are measured: ``strict-file``
(the file's definition, compared with the file) and ``strict`` (the engine's rule; its agreement
with the file's column is printed too, to show how the two definitions differ).

With ``--baseline`` another version of ``solver.py`` solves every deal too, alternately with this
one (which goes first alternates), so that both are timed under the same load; each gets its row.

Every winning line of an engine rule is replayed through :class:`Board` and must win. Times are
wall-clock per deal (``time.perf_counter``) on one core; the reference C solver's figures are
printed beside ours as ratios (ours / reference: below 1 is faster).
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

from golfcards.cards import parse_card, parse_cards
from golfcards.runners.analysis import random_numbers
from golfcards.solitaire import solver_fast
from golfcards.solitaire.board import Board, Status
from golfcards.solitaire.deal import Deal
from golfcards.solitaire.rules import CLASSIC, EASY, STRICT, Rules
from golfcards.solitaire.solver import Start, Verdict, search, start_of, warm_up

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
        deal = Deal(
            tuple(tuple(parse_cards(column)) for column in columns.split("|")),
            parse_card(discard),
            tuple(parse_cards(stock)),
        )
        deals.append((deal, {"strict": strict == "S", "classic": classic == "S", "easy": easy == "S"}))
    return deals


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[max(0, min(len(ordered) - 1, round(fraction * len(ordered)) - 1))]


def load_baseline(path: Path) -> Callable[[Start], Verdict]:
    """The ``search`` of another version of ``solver.py`` (e.g. ``git show main:src/golfcards/solitaire/solver.py``)."""
    spec = importlib.util.spec_from_file_location("baseline_solver", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up
    spec.loader.exec_module(module)
    return cast(Callable[[Start], Verdict], module.search)


def run(
    deals: list[tuple[Deal, dict[str, bool]]], names: list[str], baseline: Callable[[Start], Verdict] | None = None
) -> int:
    """Solve every deal under every rule, print a row per rule (and per search with a baseline)."""
    failures = 0
    # Warm up (numba compiles or loads its cache; the Python search builds the sweep's masks),
    # outside the timings.
    warm_up()
    searches = [("", search)] + ([(" (baseline)", baseline)] if baseline else [])
    print(
        f"{'rule':<23}{'deals':>7}{'agree':>11}{'winnable':>10}{'median ms':>11}{'p99 ms':>9}{'max ms':>9}"
        f"{'deals/s':>9}{'positions (median, p99)':>25}   vs reference (median, p99)"
    )
    for name in names:
        rules, draw_anytime, column = RULES[name]
        times: list[list[float]] = [[] for _ in searches]
        nodes: list[list[int]] = [[] for _ in searches]
        agree, wins = [0] * len(searches), [0] * len(searches)
        compared = 0
        for number, (deal, expected) in enumerate(deals):
            start = start_of(deal, rules, draw_anytime=draw_anytime)
            compared += column is not None and column in expected
            # With a baseline, alternate which search goes first, so both see the same load.
            order = range(len(searches)) if number % 2 == 0 else reversed(range(len(searches)))
            for which in order:
                began = time.perf_counter()
                verdict = searches[which][1](start)
                times[which].append((time.perf_counter() - began) * 1000)
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
        reference = REFERENCE_MS.get(name)
        for which, (label, _) in enumerate(searches):
            median, p99 = statistics.median(times[which]), percentile(times[which], 0.99)
            versus = f"   {median / reference[0]:.2f}x, {p99 / reference[1]:.2f}x" if reference else ""
            agreement = f"{agree[which]}/{compared}" if compared else "-"
            print(
                f"{name + label:<23}{len(times[which]):>7}{agreement:>11}{wins[which]:>10}{median:>11.1f}"
                f"{p99:>9.1f}{max(times[which]):>9.1f}{len(times[which]) / (sum(times[which]) / 1000):>9.1f}"
                f"{statistics.median(nodes[which]):>13.0f}{percentile(nodes[which], 0.99):>12.0f}"
                f"{versus}",
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
    parser.add_argument(
        "--baseline",
        type=Path,
        default=None,
        help="another version of solver.py to time deal by deal alternately with this one",
    )
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
        deals = read_bench(args.file)[: args.limit]
    return run(deals, names, load_baseline(args.baseline) if args.baseline else None)


if __name__ == "__main__":
    sys.exit(main())
