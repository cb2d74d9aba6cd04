"""The tables and plots of docs/census.md, from the tables of ``golf solitaire analyze``.

Usage (from the repository root), after the census runs of docs/census.md::

    PYTHONPATH=src python bench/census.py census-plain.parquet --into docs/census-data/plain.json
    PYTHONPATH=src python bench/census.py docs/census-data/{plain,J1,J2,ND}.json --svg docs/census

The first folds a run's table into the deck's committed tally (``census_tally``: a census shared by
several machines or sessions); the second prints the tables and draws the plots from the tallies
(tables may be given instead of tallies).

Each table is read from its CSV journal (``<table>.journal.csv``, written chunk by chunk, so a
census still running can be reported on), with the same summary as ``analyze`` prints
(``golfcards.runners.analysis.summarize``). Prints the markdown tables (winnable shares with 95 %
intervals, times per deal, grades of the graded subsample) and writes two SVG plots:
``<svg>-winnable.svg`` (the shares with their intervals, and the figures of the literature) and
``<svg>-times.svg`` (the distribution of the time per deal, per rule, on a log scale).
"""

from __future__ import annotations

import argparse
import csv
import io
import math
import sys
from datetime import date
from pathlib import Path

import census_tally

from golfcards.runners.analysis import ANYTIME_STRICT, GRADE_SUFFIX, RuleSummary, summarize
from golfcards.solitaire.rules import RuleName, Rules

NAMES = {"easy": "Easy", "classic": "Classic", "strict": "Strict (engine)", ANYTIME_STRICT: "strict (file's)"}
LITERATURE = {"easy": 0.93, "classic": 0.45, ANYTIME_STRICT: 0.26}
"""The commonly quoted winnable shares (Easy about 93 %, Classic about 45 %, strict about 26 %)."""
COLOURS = {"easy": "#4c7fb8", "classic": "#d8a23a", "strict": "#b5473a", ANYTIME_STRICT: "#6a9a4c"}


def read_table(path: Path) -> tuple[str, list[str], list[list[str]]]:
    """(options label, header, rows) of one census table; a last line still being written (a run
    in progress) is left out, since its last field may be cut short."""
    journal = path if path.suffix == ".csv" else path.with_name(path.name + ".journal.csv")
    text = journal.read_text(encoding="utf-8")
    rows = [row for row in csv.reader(io.StringIO(text[: text.rfind("\n") + 1])) if row]
    header, body = rows[0], [row for row in rows[1:] if len(row) == len(rows[0])]
    label = path.name.split(".")[0].removeprefix("census-")
    return label, header, body


def rules_of(label: str, header: list[str]) -> tuple[list[Rules], bool, int]:
    """The rules, the file's strict and the grading of a table, from its label and header."""
    jokers = int(label[1]) if label.startswith("J") else 0
    empty = label == "ND"
    names = [name for name in RuleName if name.word in header]
    grade_every = 1 if any(column.endswith(GRADE_SUFFIX) for column in header) else 0
    return [Rules(name, jokers, empty) for name in names], ANYTIME_STRICT in header, grade_every


Result = tuple[str, tuple[RuleSummary, ...], dict[str, list[tuple[float, float]]]]
"""A deck's label, its rules' summaries, and per rule the points (time in ms, share decided within it)."""


def from_table(path: Path) -> Result:
    """A deck's results from a table of ``analyze`` (its journal)."""
    label, header, rows = read_table(path)
    rules, anytime, grade_every = rules_of(label, header)
    summary = summarize(rows, rules, 0, 0.0, anytime, grade_every)
    curves = {}
    for rule in summary.rules:
        times = sorted(float(row[header.index(rule.rule) + 2]) for row in rows)
        step = max(1, len(times) // 400)
        curves[rule.rule] = [(ms, (i + 1) / len(times)) for i, ms in enumerate(times) if i % step == 0]
        curves[rule.rule].append((times[-1], 1.0))
    return label, summary.rules, curves


def from_tally(path: Path) -> Result:
    """A deck's results from its committed tally (see census_tally)."""
    tally = census_tally.load(path)
    return tally.deck, tally.summaries(), {name: rule.cumulative() for name, rule in tally.rules.items()}


def fold_into(tally_path: Path, table: Path, seed: int, target: int, note: str) -> int:
    """Fold ``table`` into the tally at ``tally_path`` (made if missing) and say how far it is."""
    label, header, rows = read_table(table)
    if tally_path.exists():
        tally = census_tally.load(tally_path)
    else:
        tally = census_tally.Tally(label, seed, target, header)
    try:
        added = census_tally.fold(tally, header, rows, {"date": date.today().isoformat(), "machine": note})
    except ValueError as error:
        print(f"census.py: {table}: {error}", file=sys.stderr)
        return 2
    census_tally.save(tally, tally_path)
    print(f"{tally.deck}: {added:,} deals added, {tally.deals:,} of {tally.target:,} tallied")
    if tally.deals < tally.target:
        print(f"go on with: golf solitaire analyze --random {tally.target} --seed {tally.seed} --skip {tally.deals} …")
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("inputs", type=Path, nargs="+", help="census tables (.parquet or .csv) or tallies (.json)")
    parser.add_argument("--svg", type=Path, default=None, help="prefix of the two SVG plots")
    parser.add_argument("--into", type=Path, default=None, help="fold the one table given into this tally")
    parser.add_argument("--seed", type=int, default=2026, help="with --into, a new tally's seed")
    parser.add_argument("--target", type=int, default=1_000_000, help="with --into, a new tally's deals aimed at")
    parser.add_argument("--machine", default="", help="with --into, the machine and its load, kept in the tally")
    args = parser.parse_args(argv)
    if args.into is not None:
        if len(args.inputs) != 1:
            parser.error("--into takes one table")
        return fold_into(args.into, args.inputs[0], args.seed, args.target, args.machine)
    results = [from_tally(path) if path.suffix == ".json" else from_table(path) for path in args.inputs]
    print(
        "| deals | rule | winnable | share | 95 % interval | ms median | ms p99 | ms max | graded "
        "| gentle | tricky | fiendish |"
    )
    print("|---|---|---:|---:|---|---:|---:|---:|---:|---:|---:|---:|")
    for label, rules, _ in results:
        for rule in rules:
            grades = dict(rule.grades)
            shares = [
                f"{100 * grades[g] / rule.graded:.0f} %" if rule.graded else "—"
                for g in ("gentle", "tricky", "fiendish")
            ]
            print(
                f"| {label} | {NAMES[rule.rule]} | {rule.winnable:,} of {rule.deals:,} | {100 * rule.share:.2f} % | "
                f"{100 * rule.low:.2f}–{100 * rule.high:.2f} % | {rule.median_ms:.2f} | {rule.p99_ms:.1f} | "
                f"{rule.max_ms:.0f} | {rule.graded or '—'} | " + " | ".join(shares) + " |"
            )
    if args.svg is not None:
        args.svg.with_name(args.svg.name + "-winnable.svg").write_text(share_plot(results), encoding="utf-8")
        args.svg.with_name(args.svg.name + "-times.svg").write_text(time_plot(results), encoding="utf-8")
    return 0


def svg_start(width: int, height: int, title: str, heading: str) -> list[str]:
    """A plot's opening: its size, its title (for screen readers) and its heading."""
    return [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" viewBox="0 0 {width} {height}" '
        'font-family="sans-serif" font-size="12">',
        f"<title>{title}</title>",
        f'<rect width="{width}" height="{height}" fill="white"/>',
        f'<text x="50" y="20" font-size="14">{heading}</text>',
    ]


def legend(left: int, top: int) -> list[str]:
    """The rules' colours in a row from (left, top)."""
    parts, x = [], left
    for rule, name in NAMES.items():
        parts.append(f'<rect x="{x}" y="{top}" width="10" height="10" fill="{COLOURS[rule]}"/>')
        parts.append(f'<text x="{x + 14}" y="{top + 9}">{name}</text>')
        x += 14 + 8 * len(name) + 16
    return parts


def svg_end(parts: list[str], legend_parts: list[str]) -> str:
    return "\n".join([*parts, *legend_parts, "</svg>"]) + "\n"


def share_plot(results: list[Result]) -> str:
    """Winnable share per rule and deck, with 95 % intervals; the literature's figures as dashes."""
    group, bar, left, top, height = 210, 40, 50, 40, 300
    width = left + group * len(results) + 20
    plot = height - top - 50

    def y(share: float) -> float:
        return top + plot * (1 - share)

    parts = svg_start(
        width,
        height,
        "Winnable share of random deals per rule and deck",
        "Winnable share (95 % interval); dashes: the figures usually quoted",
    )
    for tick in range(0, 101, 20):
        parts.append(
            f'<line x1="{left}" x2="{width - 20}" y1="{y(tick / 100):.1f}" y2="{y(tick / 100):.1f}" stroke="#ddd"/>'
        )
        parts.append(f'<text x="{left - 6}" y="{y(tick / 100) + 4:.1f}" text-anchor="end">{tick} %</text>')
    for index, (label, rules, _) in enumerate(results):
        x0 = left + index * group + 15
        for r, rule in enumerate(rules):
            x = x0 + r * (bar + 6)
            parts.append(
                f'<rect x="{x}" y="{y(rule.share):.1f}" width="{bar}" height="{y(0) - y(rule.share):.1f}" '
                f'fill="{COLOURS[rule.rule]}"><title>{label} {NAMES[rule.rule]}: {100 * rule.share:.2f} % '
                f"[{100 * rule.low:.2f}, {100 * rule.high:.2f}] of {rule.deals:,}</title></rect>"
            )
            parts.append(
                f'<line x1="{x + bar / 2}" x2="{x + bar / 2}" y1="{y(rule.high):.1f}" y2="{y(rule.low):.1f}" '
                'stroke="black"/>'
            )
            if label == "plain" and rule.rule in LITERATURE:
                ly = y(LITERATURE[rule.rule])
                parts.append(
                    f'<line x1="{x - 3}" x2="{x + bar + 3}" y1="{ly:.1f}" y2="{ly:.1f}" stroke="black" '
                    'stroke-dasharray="4 3"/>'
                )
        parts.append(
            f'<text x="{x0 + 2 * (bar + 6) - 3}" y="{height - 28}" text-anchor="middle" '
            f'font-weight="bold">{label}</text>'
        )
    return svg_end(parts, legend(left, height - 16))


def time_plot(results: list[Result]) -> str:
    """The share of deals solved within t ms (t on a log scale), per rule, for each deck."""
    panel, left, top, height = 260, 50, 40, 280
    width = left + panel * len(results) + 20
    plot = height - top - 50
    low, high = -2, 3  # 0.01 ms … 1,000 ms

    def x_of(ms: float, x0: float) -> float:
        exponent = min(high, max(low, math.log10(max(ms, 10**low))))
        return x0 + (panel - 30) * (exponent - low) / (high - low)

    def y(share: float) -> float:
        return top + plot * (1 - share)

    parts = svg_start(
        width,
        height,
        "Time per deal: the share of deals solved within t milliseconds",
        "Share of deals decided within t ms (CPU, log scale)",
    )
    for tick in range(0, 101, 25):
        parts.append(f'<text x="{left - 6}" y="{y(tick / 100) + 4:.1f}" text-anchor="end">{tick} %</text>')
    for index, (label, rules, curves) in enumerate(results):
        x0 = left + index * panel + 10
        parts.append(f'<rect x="{x0}" y="{top}" width="{panel - 30}" height="{plot}" fill="none" stroke="#bbb"/>')
        for exponent in range(low, high + 1):
            x = x_of(10**exponent, x0)
            parts.append(f'<line x1="{x:.1f}" x2="{x:.1f}" y1="{top}" y2="{top + plot}" stroke="#eee"/>')
            parts.append(f'<text x="{x:.1f}" y="{top + plot + 14}" text-anchor="middle">{10**exponent:g}</text>')
        for rule in rules:
            points = [(x_of(ms, x0), y(share)) for ms, share in curves[rule.rule]]
            path = " ".join(f"{px:.1f},{py:.1f}" for px, py in points)
            parts.append(f'<polyline points="{path}" fill="none" stroke="{COLOURS[rule.rule]}" stroke-width="2"/>')
        parts.append(
            f'<text x="{x0 + (panel - 30) / 2}" y="{height - 20}" text-anchor="middle" '
            f'font-weight="bold">{label} (ms)</text>'
        )
    return svg_end(parts, legend(left, height - 12))


if __name__ == "__main__":
    sys.exit(main())
