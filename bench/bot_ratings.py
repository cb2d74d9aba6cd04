"""The six-card bots' measured OpenSkill ratings: arena matches between the levels, per grid size,
fitted with the Plackett–Luce model the server rates people with (run by hand; not part of the tests).

    PYTHONPATH=src nice -n 19 python3 bench/bot_ratings.py [--groups 1] [--workers 2] [--seed 1]
        [--grids 4,6,8,9] [--expert-up-to 4] [--outcomes FILE] [--refit FILE] [--write]

For each grid, every table of 2, 3 and 4 different levels among ``random``, ``easy``, ``normal``,
``strong`` and ``expert`` that the design lists (all 10 pairs, all 10 triples, all 5 quartets)
plays ``--groups`` rotation groups of seeded arena matches (a group is one match per seat, the same
deals, each player moved one seat along), with the default rules of the grid (9 holes). Each
match's totals give its ranks (lower is better, equal totals share a rank).

The fit: starting every level at OpenSkill's default (mu 25, sigma 25/3), the matches are rated one
by one with ``PlackettLuce.rate`` (no drift, tau 0; a shared place as the server rates it, the mean
over the orders that break the tie: :func:`golfcards.runners.ratings.tie_breaks`), in ``ORDERS``
shuffled orders; a level's mu is
the mean over the orders (the order of sequential updates otherwise shows in the result) and its
sigma the mean of the final sigmas (one pass's uncertainty). Only differences of mu matter to the
model, so each grid's ratings are then moved together so that the ``normal`` bot sits at 25, the
mu every newcomer starts with: a newcomer is taken for a player of the normal bot's strength, with
OpenSkill's default sigma (25/3) wide enough to cover every level from random to expert.

``--outcomes FILE`` keeps every match's levels and totals as JSON lines, appended as each table ends;
run again with the same file, a stopped run plays only the tables not in it yet. ``--refit FILE``
fits such a file again without playing. ``--write`` rewrites the measured block of
``src/golfcards/runners/bot_ratings.py`` with the ratings, the number of matches and the command
that produced them.
"""

from __future__ import annotations

import argparse
import itertools
import json
import os
import pathlib
import random
import re
import statistics
import sys
import time
from collections.abc import Sequence
from concurrent.futures import as_completed

from openskill.models import PlackettLuce

from golfcards.runners.arena import ArenaConfig, placings, run_arena
from golfcards.runners.ratings import tie_breaks
from golfcards.runners.workers import interruptible_pool
from golfcards.sixcard.rules import SixCardRules

LEVELS = ("random", "easy", "normal", "strong", "expert")
GRIDS = (4, 6, 8, 9)
ANCHOR = "normal"
"""The level placed at OpenSkill's default mu (25), where every newcomer starts."""
ORDERS = 24
"""Shuffled orders the sequential fit is averaged over."""
MODULE = pathlib.Path(__file__).resolve().parent.parent / "src/golfcards/runners/bot_ratings.py"
BEGIN, END = "# measured: begin (written by bench/bot_ratings.py)\n", "# measured: end\n"

Outcome = tuple[int, tuple[str, ...], tuple[int, ...]]
"""One match: grid, the levels by player, their totals."""


def tables(expert_up_to: int = 4) -> list[tuple[str, ...]]:
    """The tables played at each grid: every pair, triple and quartet of different levels (those
    with the expert, by far the slowest, only up to ``expert_up_to`` players)."""
    return [
        combo
        for size in (2, 3, 4)
        for combo in itertools.combinations(LEVELS, size)
        if "expert" not in combo or size <= expert_up_to
    ]


def play_table(grid: int, levels: tuple[str, ...], groups: int, seed: int) -> list[Outcome]:
    """``groups`` rotation groups of matches at one table: each match's totals by player."""
    rules = SixCardRules(players=len(levels), grid=grid)
    table_seed = (
        seed * 1_000_003 + grid * 1009 + sum((LEVELS.index(level) + 1) * 7**i for i, level in enumerate(levels))
    )
    result = run_arena(ArenaConfig(levels, rules, groups * len(levels), table_seed), workers=1)
    return [(grid, levels, record.totals) for record in result.finished]


def fit(outcomes: Sequence[Outcome], seed: int) -> dict[str, tuple[float, float]]:
    """Each level's (mu, sigma) from the outcomes of one grid, ``ANCHOR`` moved to mu 25."""
    model = PlackettLuce(tau=0.0)
    rng = random.Random(seed)
    mus: dict[str, list[float]] = {level: [] for level in LEVELS}
    sigmas: dict[str, list[float]] = {level: [] for level in LEVELS}
    for _ in range(ORDERS):
        order = list(outcomes)
        rng.shuffle(order)
        ratings = {level: (model.mu, model.sigma) for level in LEVELS}
        for _grid, levels, totals in order:
            teams = [[model.rating(*ratings[level])] for level in levels]
            breaks = tie_breaks(placings(totals))
            new = {level: [0.0, 0.0] for level in levels}
            for ranks in breaks:
                for level, team in zip(levels, model.rate(teams, ranks=list(ranks)), strict=True):
                    new[level][0] += team[0].mu / len(breaks)
                    new[level][1] += team[0].sigma / len(breaks)
            ratings.update({level: (mu, sigma) for level, (mu, sigma) in new.items()})
        for level in LEVELS:
            mus[level].append(ratings[level][0])
            sigmas[level].append(ratings[level][1])
    shift = model.mu - statistics.fmean(mus[ANCHOR])
    return {level: (statistics.fmean(mus[level]) + shift, statistics.fmean(sigmas[level])) for level in LEVELS}


def write_module(ratings: dict[int, dict[str, tuple[float, float]]], matches: dict[int, int], command: str) -> None:
    """Rewrite the measured block of the checked-in module."""
    text = MODULE.read_text(encoding="utf-8")
    start, end = text.index(BEGIN) + len(BEGIN), text.index(END)
    lines = [f"MEASURE_COMMAND = {json.dumps(command, ensure_ascii=False)}  # noqa: E501 (one line to copy)"]
    lines.append(f"MEASURED_MATCHES: dict[int, int] = {matches!r}")
    lines.append("BOT_RATINGS: dict[int, dict[str, tuple[float, float]]] = {")
    for grid, levels in ratings.items():
        lines.append(f"    {grid}: {{")
        lines.extend(f'        "{level}": ({mu:.2f}, {sigma:.2f}),' for level, (mu, sigma) in levels.items())
        lines.append("    },")
    lines.append("}")
    MODULE.write_text(text[:start] + "\n".join(lines) + "\n" + text[end:], encoding="utf-8")


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--groups", type=int, default=1, help="rotation groups per table and grid")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--grids", default=",".join(map(str, GRIDS)))
    parser.add_argument("--expert-up-to", type=int, default=4, help="largest table the expert plays at")
    parser.add_argument("--write", action="store_true", help="rewrite src/golfcards/runners/bot_ratings.py")
    parser.add_argument("--outcomes", type=pathlib.Path, help="write each match's levels and totals here (JSON lines)")
    parser.add_argument("--refit", type=pathlib.Path, help="fit the outcomes of this file instead of playing")
    args = parser.parse_args(argv)
    grids = [int(grid) for grid in args.grids.split(",")]
    started = time.monotonic()
    if args.refit:
        outcomes = read_outcomes(args.refit, grids)
    else:
        played = tables(args.expert_up_to)
        done = read_outcomes(args.outcomes, grids) if args.outcomes and args.outcomes.exists() else {}
        outcomes = play(grids, played, args.groups, args.seed, args.workers, args.outcomes, done)
    report(grids, outcomes, args, argv, started)


def read_outcomes(path: pathlib.Path, grids: list[int]) -> dict[int, list[Outcome]]:
    """The outcomes kept in ``path`` (JSON lines), by grid, those of ``grids`` only."""
    outcomes: dict[int, list[Outcome]] = {grid: [] for grid in grids}
    for line in path.read_text(encoding="utf-8").splitlines():
        grid, levels, totals = json.loads(line)
        if grid in outcomes:
            outcomes[grid].append((grid, tuple(levels), tuple(totals)))
    return outcomes


def play(
    grids: list[int],
    played: list[tuple[str, ...]],
    groups: int,
    seed: int,
    workers: int,
    keep: pathlib.Path | None = None,
    done: dict[int, list[Outcome]] | None = None,
) -> dict[int, list[Outcome]]:
    """The ``played`` tables at every grid, over ``workers`` processes: the outcomes by grid. Each
    table's outcomes are appended to ``keep`` as it ends, and the tables already in ``done`` (read
    from it: a run stopped half-way) are not played again."""
    finished = {(grid, levels) for grid, found in (done or {}).items() for _, levels, _ in found}
    jobs = [(grid, levels) for grid in grids for levels in played if (grid, levels) not in finished]
    # The expert's tables first: the longest, they should not be the last ones left to a single worker.
    jobs.sort(key=lambda job: ("expert" not in job[1], -len(job[1])))
    outcomes: dict[int, list[Outcome]] = {grid: list((done or {}).get(grid, [])) for grid in grids}
    started = time.monotonic()
    with interruptible_pool(workers) as pool:
        futures = [pool.submit(play_table, grid, levels, groups, seed) for grid, levels in jobs]
        for count, future in enumerate(as_completed(futures), 1):
            table = future.result()
            for outcome in table:
                outcomes[outcome[0]].append(outcome)
            if keep is not None:
                with keep.open("a", encoding="utf-8") as kept:
                    kept.writelines(json.dumps(outcome) + "\n" for outcome in table)
            print(f"{count}/{len(jobs)} tables, {time.monotonic() - started:.0f} s", file=sys.stderr, flush=True)
    for grid in grids:  # the tables finish in any order: the fit's shuffles start from one order
        outcomes[grid].sort()
    return outcomes


def report(
    grids: list[int],
    outcomes: dict[int, list[Outcome]],
    args: argparse.Namespace,
    argv: Sequence[str] | None,
    started: float,
) -> None:
    """Fit, print the table, and with ``--write`` rewrite the module."""
    ratings = {grid: fit(outcomes[grid], args.seed) for grid in grids}
    matches = {grid: len(outcomes[grid]) for grid in grids}
    load = os.getloadavg()[0]
    print(f"{sum(matches.values())} matches in {time.monotonic() - started:.0f} s, load {load:.1f}")
    print("| grid | " + " | ".join(LEVELS) + " |")
    print("|---" * (len(LEVELS) + 1) + "|")
    for grid, levels in ratings.items():
        print(f"| {grid} | " + " | ".join(f"{mu:.1f} ± {sigma:.1f}" for mu, sigma in levels.values()) + " |")
    if args.write:
        given = list(argv if argv is not None else sys.argv[1:])
        shown = " ".join(a for a in given if a != "--write")
        command = re.sub(r"\s+", " ", f"PYTHONPATH=src nice -n 19 python3 bench/bot_ratings.py {shown} --write")
        write_module(ratings, matches, command.strip())


if __name__ == "__main__":
    main()
