"""Six-card Golf bots: time per move and the strength table (run by hand; not part of the tests).

    PYTHONPATH=src python bench/sixcard_bots.py timing [--holes 20]
    PYTHONPATH=src python bench/sixcard_bots.py table [--matches 400] [--workers 2] [--rows easy,expert]

``timing`` plays two-player holes (each level against ``strong``) and reports, per level, the median
and 99th percentile of the time a decision takes (opening reveals and forced moves included, as in
play). ``table`` runs the arena matches behind the targets in ``docs/sixcard-bots.md`` and prints
them as a Markdown table. Run it on an otherwise idle machine: timings are wall-clock.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time

from golfcards.sixcard.arena import ArenaConfig, ArenaResult, run_arena
from golfcards.sixcard.bots import make_bot
from golfcards.sixcard.codes import DealCode
from golfcards.sixcard.match import Match
from golfcards.sixcard.rules import SixCardRules

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
        match = Match(DealCode(424242, SixCardRules(holes=holes)))
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
                match.apply(seat, action)
            if match.is_over():
                break
            match.next_hole()
        print(f"| {level} | {len(durations)} | {1000 * statistics.median(durations):.1f} | "
              f"{1000 * percentile(durations, 0.99):.1f} | {1000 * max(durations):.1f} |", flush=True)


def row(result: ArenaResult) -> str:
    points = result.points_per_hole()[0]
    margin = result.margin_per_hole()[0]
    holes = result.hole_win_rate()[0]
    matches = result.match_win_rate()[0]
    return (f"| {' vs '.join(result.players)} | {result.matches} | {points.value:.2f} | "
            f"{margin.value:+.2f} [{margin.low:+.2f}, {margin.high:+.2f}] | "
            f"{100 * holes.value:.1f}% [{100 * holes.low:.1f}, {100 * holes.high:.1f}] | "
            f"{100 * matches.value:.1f}% [{100 * matches.low:.1f}, {100 * matches.high:.1f}] |")


def table(rows: list[str], matches: int, workers: int, seed: int) -> None:
    print("| first player vs the others | matches | its points/hole | its margin/hole (95% CI) | "
          "holes won (95% CI) | matches won (95% CI) |")
    print("| --- | ---: | ---: | ---: | ---: | ---: |")
    for name in rows:
        players = TABLE[name]
        start = time.time()
        config = ArenaConfig(players, SixCardRules(players=len(players)), matches, seed)
        result = run_arena(config, workers=workers)
        print(row(result), f"<!-- {time.time() - start:.0f} s -->", flush=True)


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
    args = parser.parse_args(argv)
    if args.command == "timing":
        timing(args.holes)
    else:
        table(args.rows.split(","), args.matches, args.workers, args.seed)
    return 0


if __name__ == "__main__":
    sys.exit(main())
