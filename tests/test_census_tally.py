"""A census shared by sessions: tables of ``golf solitaire analyze --skip`` folded into one tally.

Run as the docs say (``golf solitaire analyze`` then ``bench/census.py --into``): the tally of two
runs must give the same counts as one table of all the deals, and times within the histogram's
resolution.
"""

from __future__ import annotations

import json
import math
import os
import subprocess
import sys
from pathlib import Path

from golfcards.main import main

ROOT = Path(__file__).resolve().parents[1]
CENSUS = [sys.executable, str(ROOT / "bench" / "census.py")]
ENVIRONMENT = {**os.environ, "PYTHONPATH": str(ROOT / "src")}
SEED, TARGET = "11", "40"


def analyze(capsys, table: Path, *more: str) -> None:
    argv = ["solitaire", "analyze", "--random", TARGET, "--seed", SEED, "--strict", "--anytime-strict"]
    assert main([*argv, "--grade-every", "3", "--workers", "1", "--quiet", "--out", str(table), *more]) == 0
    capsys.readouterr()


def census(*argv: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([*CENSUS, *argv], capture_output=True, text=True, env=ENVIRONMENT, timeout=120, check=False)


def rows_of(table: Path) -> tuple[list[str], list[list[str]]]:
    lines = [line.split(",") for line in table.read_text(encoding="utf-8").splitlines()]
    return lines[0], lines[1:]


def test_two_runs_folded_into_a_tally_give_the_figures_of_their_rows(capsys, tmp_path):
    first, rest, tally = tmp_path / "census-plain.csv", tmp_path / "rest.csv", tmp_path / "plain.json"
    analyze(capsys, first)
    header, rows = rows_of(first)
    first.write_text(",".join(header) + "\n" + "".join(",".join(r) + "\n" for r in rows[:25]), encoding="utf-8")
    folded = census(str(first), "--into", str(tally), "--seed", SEED, "--target", TARGET, "--machine", "test")
    assert folded.returncode == 0, folded.stderr
    assert "25 deals added, 25 of 40 tallied" in folded.stdout and "--skip 25" in folded.stdout
    again = census(str(first), "--into", str(tally))
    assert "0 deals added, 25 of 40 tallied" in again.stdout, "folding the same table again adds none"

    analyze(capsys, rest, "--skip", "25")
    folded = census(str(rest), "--into", str(tally))
    assert folded.returncode == 0 and "15 deals added, 40 of 40 tallied" in folded.stdout
    assert "go on with" not in folded.stdout

    both = tmp_path / "census-both.csv"  # the folded rows as one table: what the tally must tell
    both.write_text(first.read_text(encoding="utf-8") + "".join(rest.read_text(encoding="utf-8").splitlines(True)[1:]))
    by_tally = census(str(tally)).stdout.splitlines()[2:]
    by_table = census(str(both)).stdout.splitlines()[2:]
    assert len(by_tally) == len(by_table) == 4
    for tallied, exact in zip(by_tally, by_table, strict=True):
        t, e = tallied.split(" | "), exact.split(" | ")
        assert t[1:5] == e[1:5] and t[7:] == e[7:], "counts, shares, the longest time and grades are exact"
        for at in (5, 6):  # median and p99: a histogram bin's middle, within 1.1 % (or the rounding)
            assert math.isclose(float(t[at]), float(e[at]), rel_tol=0.012, abs_tol=0.051), (t, e)
    data = json.loads(tally.read_text(encoding="utf-8"))
    assert [(run["first"], run["deals"], run["machine"]) for run in data["runs"]] == [(0, 25, "test"), (25, 15, "")]


def test_a_table_that_does_not_follow_on_adds_nothing_and_other_columns_are_refused(capsys, tmp_path):
    rest, tally = tmp_path / "census-plain.csv", tmp_path / "plain.json"
    analyze(capsys, rest, "--skip", "30")
    folded = census(str(rest), "--into", str(tally), "--seed", SEED, "--target", TARGET)
    assert folded.returncode == 0 and "0 deals added, 0 of 40 tallied" in folded.stdout
    other = tmp_path / "other.csv"
    argv = ["solitaire", "analyze", "--random", TARGET, "--seed", SEED, "--workers", "1", "--quiet"]
    assert main([*argv, "--out", str(other)]) == 0
    refused = census(str(other), "--into", str(tally))
    assert refused.returncode == 2 and "columns" in refused.stderr and "Traceback" not in refused.stderr


def test_the_committed_tallies_add_up():
    """docs/census-data: every rule counts every tallied deal once, and the runs follow on."""
    tallies = sorted((ROOT / "docs" / "census-data").glob("*.json"))
    assert tallies, "the census's tallies are committed"
    for path in tallies:
        data = json.loads(path.read_text(encoding="utf-8"))
        assert path.stem == data["deck"] and 0 < data["deals"] <= data["target"]
        first = 0
        for run in data["runs"]:
            assert run["first"] == first and run["deals"] > 0
            first += run["deals"]
        assert first == data["deals"]
        for name, rule in data["rules"].items():
            assert sum(rule["bins"].values()) == data["deals"], (path.name, name)
            assert 0 <= sum(rule["grades"].values()) <= rule["winnable"] <= data["deals"]


def test_a_line_still_being_written_is_left_out(capsys, tmp_path):
    """Folding a running census: its last line, cut short inside its last time, is not taken."""
    table, tally = tmp_path / "census-plain.csv", tmp_path / "plain.json"
    analyze(capsys, table)
    lines = table.read_text(encoding="utf-8").splitlines()
    table.write_text("\n".join(lines[:5]) + "\n" + lines[5][:-1], encoding="utf-8")  # 4 rows and a cut one
    folded = census(str(table), "--into", str(tally), "--seed", SEED, "--target", TARGET)
    assert folded.returncode == 0 and "4 deals added, 4 of 40 tallied" in folded.stdout


def test_the_tallied_median_of_an_even_count_is_the_mean_of_the_two_middle_times(capsys, tmp_path):
    """As ``analyze`` reports it: 20 deals at 1 ms and 20 at 2 ms have the median 1.5 ms, not 1."""
    table, tally = tmp_path / "census-plain.csv", tmp_path / "plain.json"
    analyze(capsys, table)
    header, rows = rows_of(table)
    times = [at for at, name in enumerate(header) if name.endswith("_ms")]
    for number, row in enumerate(rows):
        for at in times:
            row[at] = "1.000" if number < len(rows) // 2 else "2.000"
    table.write_text(",".join(header) + "\n" + "".join(",".join(r) + "\n" for r in rows), encoding="utf-8")
    assert census(str(table), "--into", str(tally), "--seed", SEED, "--target", TARGET).returncode == 0
    by_tally, by_table = census(str(tally)).stdout.splitlines()[2:], census(str(table)).stdout.splitlines()[2:]
    assert len(by_tally) == len(by_table) == 4
    for tallied, exact in zip(by_tally, by_table, strict=True):
        t, e = tallied.split(" | "), exact.split(" | ")
        assert e[5:7] == ["1.50", "2.0"], e
        assert math.isclose(float(t[5]), 1.5, rel_tol=0.012) and t[6] == e[6], t
