"""Measure and validate the difficulty grades of winnable Golf Solitaire deals.

Usage (from the repository root)::

    PYTHONPATH=src python bench/difficulty.py measure --rules E,C,S --deals 2000 --out /tmp/grades.jsonl
    PYTHONPATH=src python bench/difficulty.py cuts /tmp/grades.jsonl      # terciles of the bits per rules
    PYTHONPATH=src python bench/difficulty.py report /tmp/grades.jsonl --svg docs/difficulty-validation.svg

``measure`` draws uniformly random winnable deals of each rule set (``E``, ``C``, ``S``, ``E-J1``,
``C-ND``…: the rule part of a game code), computes their decision bits with the whole walk
(``golfcards.solitaire.difficulty.assess(full=True)``) and lets the player model play each one;
one JSON line per deal, appended, so an interrupted run goes on where it stopped (the deals of a
rule set come from ``--seed`` in order). It uses the compiled search when numba is installed
(``warm_up``): the grades do not depend on it.

``report`` prints, per rule set and grade, the deals and the player model's win rate (95 % Wilson
interval) for each look-ahead, and draws them in an SVG (hand-written: no plotting library needed).

The player model is a simple, honest player who sees the cards a player sees (the tableau and the
discard, not the stock's order): when a card can be removed, it removes the one that starts the
longest run of removals it can see within ``lookahead`` more removals (the taller column first
among equals); otherwise it draws. It never draws while a card can be removed.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from collections.abc import Sequence
from pathlib import Path

from golfcards.runners.intervals import wilson
from golfcards.shuffle import DEAL_COUNT, SplitMix64
from golfcards.solitaire.codes import GameCode, parse_rules_key, rules_key
from golfcards.solitaire.difficulty import Grade, assess, grade_for
from golfcards.solitaire.solver import solve, start_of, warm_up
from golfcards.solitaire.solver_tables import SearchTables

LOOKAHEADS = (0, 1, 2)
GRADES = (Grade.GENTLE, Grade.TRICKY, Grade.FIENDISH)


def longest_run(tables: SearchTables, heights: list[int], discard: int, depth: int) -> int:
    """The most removals in a row from ``discard`` that a player sees within ``depth`` removals."""
    if depth == 0:
        return 0
    best = 0
    for c in range(7):
        h = heights[c]
        if h and tables.fit[tables.columns[c][h - 1]][discard]:
            heights[c] = h - 1
            best = max(best, 1 + longest_run(tables, heights, tables.columns[c][h - 1], depth - 1))
            heights[c] = h
    return best


def player_wins(code: GameCode, lookahead: int) -> bool:
    """Whether the player model (see the module) wins the deal of ``code``."""
    start = start_of(code)
    tables = start.tables
    heights, drawn, discard = list(start.heights), start.drawn, start.discard
    while any(heights):
        fitting = [c for c in range(7) if heights[c] and tables.fit[tables.columns[c][heights[c] - 1]][discard]]
        if fitting:

            def score(c: int) -> tuple[int, int]:
                card = tables.columns[c][heights[c] - 1]
                heights[c] -= 1
                run = longest_run(tables, heights, card, lookahead)
                heights[c] += 1
                return run, heights[c]

            column = max(fitting, key=score)  # max keeps the first of equals: the lower column
            discard = tables.columns[column][heights[column] - 1]
            heights[column] -= 1
        elif drawn < len(tables.stock):
            discard = tables.stock[drawn]
            drawn += 1
        else:
            return False
    return True


def measure(keys: Sequence[str], deals: int, seed: int, out: Path) -> None:
    """Append one JSON line per winnable deal (up to ``deals`` per rule set) to ``out``."""
    done: dict[str, int] = {}
    if out.exists():
        for line in out.read_text(encoding="utf-8").splitlines():
            if line.strip():
                key = json.loads(line)["rules"]
                done[key] = done.get(key, 0) + 1
    warm_up()
    with out.open("a", encoding="utf-8") as sink:
        for key in keys:
            rules = parse_rules_key(key)
            generator = SplitMix64(seed)
            found = 0
            while found < deals:
                code = GameCode(generator.below(DEAL_COUNT), rules)
                if not solve(code).winnable:
                    continue
                found += 1
                if found <= done.get(key, 0):
                    continue  # measured in an earlier run
                difficulty = assess(code, full=True)
                row = {
                    "rules": rules_key(rules),
                    "code": str(code),
                    "bits": round(difficulty.bits, 4),
                    "traps": difficulty.traps,
                    "choices": difficulty.choices,
                    **{f"wins{k}": player_wins(code, k) for k in LOOKAHEADS},
                }
                sink.write(json.dumps(row) + "\n")
                sink.flush()


def read_rows(path: Path) -> list[dict[str, object]]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


def cuts(path: Path) -> None:
    """Print the terciles of the bits per rule set: the values for ``difficulty.CUTS``."""
    by_key: dict[str, list[float]] = {}
    for row in read_rows(path):
        by_key.setdefault(str(row["rules"]), []).append(float(str(row["bits"])))
    for key, bits in sorted(by_key.items()):
        bits.sort()
        first, second = bits[len(bits) // 3], bits[2 * len(bits) // 3]
        print(f'    "{key}": ({first:.1f}, {second:.1f}),  # {len(bits)} winnable deals')


def report(path: Path, svg: Path | None) -> None:
    """Print the validation table (and draw it) from the rows of :func:`measure`."""
    rows = read_rows(path)
    keys = sorted({str(row["rules"]) for row in rows}, key=lambda key: ("ECS".index(key[0]), key))
    table: dict[tuple[str, Grade, int], tuple[int, int]] = {}
    print(
        "| rules | grade | deals | share | bits (median) | "
        + " | ".join(f"wins, look-ahead {k}" for k in LOOKAHEADS)
        + " |"
    )
    print("|---|---|---:|---:|---:|" + "---:|" * len(LOOKAHEADS))
    for key in keys:
        rules = parse_rules_key(key)
        mine = [row for row in rows if row["rules"] == key]
        for grade in GRADES:
            graded = [row for row in mine if grade_for(float(str(row["bits"])), rules) is grade]
            if not graded:
                continue
            bits = sorted(float(str(row["bits"])) for row in graded)
            cells = []
            for k in LOOKAHEADS:
                won = sum(bool(row[f"wins{k}"]) for row in graded)
                table[key, grade, k] = won, len(graded)
                interval = wilson(won, len(graded))
                low, high = interval.low, interval.high
                cells.append(f"{100 * won / len(graded):.1f} % [{100 * low:.1f}, {100 * high:.1f}]")
            print(
                f"| {key} | {grade.value} | {len(graded)} | {100 * len(graded) / len(mine):.0f} % | "
                f"{bits[len(bits) // 2]:.1f} | " + " | ".join(cells) + " |"
            )
    if svg is not None:
        svg.write_text(plot(keys, table), encoding="utf-8")
        print(f"plot: {svg}")


def plot(keys: list[str], table: dict[tuple[str, Grade, int], tuple[int, int]]) -> str:
    """A grouped bar chart, one panel per rule set: win rate per grade (bars: look-ahead 2, with
    their 95 % intervals; dots: look-ahead 0 and 1)."""
    panel_width, height, top, bottom, left = 220, 260, 40, 50, 50
    width = left + panel_width * len(keys) + 20
    colours = {Grade.GENTLE: "#4c9a5a", Grade.TRICKY: "#d8a23a", Grade.FIENDISH: "#b5473a"}
    scale_max = max((won / total for (won, total) in table.values() if total), default=1.0)
    scale_max = min(1.0, math.ceil(scale_max * 10 + 0.5) / 10)
    plot_height = height - top - bottom

    def y(rate: float) -> float:
        return top + plot_height * (1 - rate / scale_max)

    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" viewBox="0 0 {width} {height}" '
        'font-family="sans-serif" font-size="12">',
        "<title>Win rate of the greedy player by difficulty grade</title>",
        f'<rect width="{width}" height="{height}" fill="white"/>',
        f'<text x="{left}" y="20" font-size="14">Greedy player\'s win rate by grade '
        "(bars: look-ahead 2, 95 % interval; dots: look-ahead 0 ○ and 1 ●)</text>",
    ]
    for tick in range(0, int(scale_max * 100) + 1, 10):
        rate = tick / 100
        parts.append(f'<line x1="{left}" x2="{width - 20}" y1="{y(rate):.1f}" y2="{y(rate):.1f}" stroke="#ddd"/>')
        parts.append(f'<text x="{left - 6}" y="{y(rate) + 4:.1f}" text-anchor="end">{tick} %</text>')
    for index, key in enumerate(keys):
        x0 = left + index * panel_width + 20
        label = _name(key)
        parts.append(f'<text x="{x0 + 80}" y="{height - 12}" text-anchor="middle" font-weight="bold">{label}</text>')
        for g, grade in enumerate(GRADES):
            if (key, grade, 2) not in table:
                continue
            won, total = table[key, grade, 2]
            rate = won / total
            interval = wilson(won, total)
            low, high = interval.low, min(interval.high, scale_max)
            x = x0 + g * 55
            parts.append(
                f'<rect x="{x}" y="{y(rate):.1f}" width="40" height="{y(0) - y(rate):.1f}" fill="{colours[grade]}">'
                f"<title>{key} {grade.value}: {100 * rate:.1f} % of {total}</title></rect>"
            )
            parts.append(f'<line x1="{x + 20}" x2="{x + 20}" y1="{y(high):.1f}" y2="{y(low):.1f}" stroke="black"/>')
            for k, fill in ((0, "white"), (1, "black")):
                k_won, k_total = table[key, grade, k]
                parts.append(
                    f'<circle cx="{x + 20}" cy="{y(k_won / k_total):.1f}" r="3" fill="{fill}" stroke="black"/>'
                )
            parts.append(f'<text x="{x + 20}" y="{y(0) + 14:.1f}" text-anchor="middle">{grade.value}</text>')
    parts.append("</svg>")
    return "\n".join(parts) + "\n"


def _name(key: str) -> str:
    """A rule set's name in the plot: ``Easy``, ``Classic + J1``…"""
    rule, *options = key.split("-")
    name = {"E": "Easy", "C": "Classic", "S": "Strict"}[rule]
    return " + ".join([name, *options])


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    commands = parser.add_subparsers(dest="command", required=True)
    run = commands.add_parser("measure", help="grade random winnable deals and let the player model play them")
    run.add_argument("--rules", default="E,C,S", help="comma-separated rule sets: E, C, S, E-J1, C-ND…")
    run.add_argument("--deals", type=int, default=1000, help="winnable deals per rule set")
    run.add_argument("--seed", type=int, default=1)
    run.add_argument("--out", type=Path, required=True, help="JSON lines, appended (an interrupted run resumes)")
    tercile = commands.add_parser("cuts", help="print the terciles of the bits per rule set")
    tercile.add_argument("table", type=Path)
    summary = commands.add_parser("report", help="the validation table (and an SVG plot)")
    summary.add_argument("table", type=Path)
    summary.add_argument("--svg", type=Path, default=None)
    args = parser.parse_args(argv)
    if args.command == "measure":
        measure([key.strip() for key in args.rules.split(",") if key.strip()], args.deals, args.seed, args.out)
    elif args.command == "cuts":
        cuts(args.table)
    else:
        report(args.table, args.svg)
    return 0


if __name__ == "__main__":
    sys.exit(main())
