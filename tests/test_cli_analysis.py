"""``golf solitaire solve | hint | winnable | analyze`` as a user runs them."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from golfcards.main import main
from golfcards.runners.analysis import random_numbers as analysis_numbers
from golfcards.solitaire import solver_fast
from golfcards.solitaire.board import Board, Status, parse_action
from golfcards.solitaire.codes import GameCode
from golfcards.solitaire.difficulty import grade_of
from golfcards.solitaire.rules import EASY, RuleName, Rules
from golfcards.solitaire.solver import search, solve, start_of
from golfcards.solitaire.winnable import random_numbers
from tests.interrupts import as_a_terminals_job

ROOT = Path(__file__).resolve().parent.parent


def run(capsys, *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def wins(code: str, tokens: list[str]) -> bool:
    board = Board.from_code(code)
    for token in tokens:
        assert board.apply(parse_action(token)) is None
    return board.status is Status.WON


def test_solve_json_gives_both_rules_and_a_line_that_wins(capsys):
    status, out, _ = run(capsys, "solitaire", "solve", "GO1-E-AAAAAAF", "--json")
    data = json.loads(out)
    assert status == 0 and set(data) == {"code", "easy", "classic"} and data["code"] == "GO1-E-AAAAAAF"
    assert data["easy"]["winnable"] is True and wins("GO1-E-AAAAAAF", data["easy"]["line"])
    assert data["classic"] == {"winnable": False, "line": None}


def test_solve_strict_adds_an_entry(capsys):
    status, out, _ = run(capsys, "solitaire", "solve", "go1-c-aaaaaah", "--json", "--strict")
    data = json.loads(out)
    assert status == 0 and set(data) == {"code", "easy", "classic", "strict"}
    assert data["code"] == "GO1-C-AAAAAAH"
    for rule, letter in (("easy", "E"), ("classic", "C"), ("strict", "S")):
        if data[rule]["winnable"]:
            assert wins(f"GO1-{letter}-AAAAAAH", data[rule]["line"])


def test_solve_in_words_is_localized(capsys):
    status, out, _ = run(capsys, "solitaire", "solve", "GO1-E-AAAAAAF", "--lang", "ca")
    assert status == 0
    assert "Fàcil (rei i as units): es pot guanyar en" in out
    assert "Clàssic (rei i as separats): no es pot guanyar" in out
    assert "Jugada guanyadora: " in out


def test_solve_show_replays_the_winning_line_move_by_move(capsys):
    status, out, _ = run(capsys, "solitaire", "solve", "GO1-E-AAAAAAF", "--show", "--lang", "ca")
    assert status == 0
    line = solve("GO1-E-AAAAAAF").line
    assert f"Moviment {len(line)}: " in out and f"Moviment {len(line) + 1}:" not in out
    assert "Moviment 1: treu la carta rei de piques de la columna 2" in out
    assert out.count("Pila per robar:") == len(line) + 1


def test_solve_show_of_a_lost_deal_says_so(capsys):
    status, out, _ = run(capsys, "solitaire", "solve", "GO1-C-AAAAAAF", "--show")
    assert status == 0 and out.rstrip().endswith("Classic (King and Ace apart): not winnable")


def test_solve_a_bad_code_is_a_clear_error(capsys):
    status, out, err = run(capsys, "solitaire", "solve", "GO1-Q-AAAAAAB")
    assert status == 2 and "rule letter" in err and "Traceback" not in err
    status, out, _ = run(capsys, "solitaire", "solve", "nonsense", "--json")
    assert status == 2 and json.loads(out)["error"]["key"] == "code.bad_prefix"


def test_hint_json_after_some_actions(capsys):
    status, out, _ = run(capsys, "solitaire", "hint", "GO1-E-AAAAAAF", "2", "d", "--json", "--budget", "0")
    data = json.loads(out)
    assert status == 0 and data["kind"] == "winning" and data["still_winnable"] is True
    assert data["move"] == data["line"][0] and wins("GO1-E-AAAAAAF", ["2", "d"] + data["line"])


def test_hint_on_a_lost_deal_names_the_kind_of_hint(capsys):
    status, out, _ = run(capsys, "solitaire", "hint", "GO1-C-AAAAAAF", "--budget", "0", "--lang", "pt")
    assert status == 0
    assert "Este jogo já não se pode ganhar" in out and "Ainda se pode ganhar: não" in out


@pytest.mark.skipif(not solver_fast.AVAILABLE, reason="numba is not installed (or GOLFCARDS_SOLVER=python)")
def test_a_single_hint_does_not_load_the_compiler():
    # Loading numba takes about a second, five times a pure Python hint: only batch work pays it.
    script = (
        "import json, sys\n"
        "from golfcards.main import main\n"
        "status = main(['solitaire', 'hint', 'GO1-E-AAAAAAB', 'd', '--json'])\n"
        "print(json.dumps({'status': status, 'numba': 'numba' in sys.modules}))\n"
    )
    result = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120)
    *_, last = result.stdout.strip().splitlines()
    assert json.loads(result.stdout.splitlines()[0])["kind"] == "winning"
    assert json.loads(last) == {"status": 0, "numba": False}


@pytest.mark.parametrize("grade", ["gentle", "tricky", "fiendish"])
def test_winnable_draws_a_deal_of_the_asked_grade(capsys, grade):
    status, out, _ = run(capsys, "solitaire", "winnable", "--grade", grade, "--seed", "4", "--json")
    data = json.loads(out)
    assert status == 0 and data["grade"] == grade and data["code"].startswith("GO1-E-")
    assert grade_of(data["code"]).value == grade
    # The first deal of the seed's stream that is winnable and of that grade: uniform within the grade.
    stream = (GameCode(number, EASY) for number in random_numbers(4))
    assert data["code"] == str(next(code for code in stream if solve(code).winnable and grade_of(code).value == grade))


def test_winnable_refuses_an_unknown_grade(capsys):
    with pytest.raises(SystemExit) as stopped:
        main(["solitaire", "winnable", "--grade", "impossible"])
    assert stopped.value.code == 2 and "invalid choice: 'impossible'" in capsys.readouterr().err


def test_hint_refuses_an_illegal_action(capsys):
    status, _, err = run(capsys, "solitaire", "hint", "GO1-E-AAAAAAB", "1")
    assert status == 2 and "Action 1 (1) cannot be played: Must be one rank higher or lower" in err
    status, _, err = run(capsys, "solitaire", "hint", "GO1-E-AAAAAAB", "x")
    assert status == 2 and "an action is d" in err


def test_winnable_prints_a_proven_winnable_code(capsys):
    status, out, _ = run(capsys, "solitaire", "winnable", "--rule", "classic", "--seed", "11")
    code = out.strip()
    assert status == 0 and code.startswith("GO1-C-") and solve(code).winnable
    _, again, _ = run(capsys, "solitaire", "winnable", "--rule", "classic", "--seed", "11", "--json")
    assert json.loads(again) == {"code": code, "rule": "classic", "grade": "any", "seed": 11}
    _, fresh, _ = run(capsys, "solitaire", "winnable", "--rule", "strict", "--jokers", "1")
    assert fresh.startswith("GO1-S-") and fresh.strip().endswith("-J1") and solve(fresh.strip()).winnable


def test_analyze_from_a_code_then_resume(capsys, tmp_path):
    table = tmp_path / "t.csv"
    status, out, err = run(
        capsys, "solitaire", "analyze", "--from", "GO1-E-AAAAAAC", "--count", "3", "--out", str(table), "--workers", "1"
    )
    assert status == 0 and "Deals: 3; solved by this run: 3" in out and f"Table: {table}" in out
    assert "Easy (King and Ace joined): " in out and "95 % interval" in out
    assert "3/3" in err  # the progress bar
    status, out, _ = run(
        capsys,
        "solitaire",
        "analyze",
        "--from",
        "GO1-E-AAAAAAC",
        "--count",
        "5",
        "--out",
        str(table),
        "--workers",
        "1",
        "--json",
        "--strict",
    )
    assert status == 2 and json.loads(out)["error"]["key"] == "analysis.table_mismatch"
    status, out, _ = run(
        capsys,
        "solitaire",
        "analyze",
        "--from",
        "GO1-E-AAAAAAC",
        "--count",
        "5",
        "--out",
        str(table),
        "--workers",
        "1",
        "--json",
    )
    data = json.loads(out)
    assert status == 0 and data["deals"] == 5 and data["solved_now"] == 2
    assert set(data["rules"]) == {"easy", "classic"}


def test_analyze_random_deals_localized(capsys, tmp_path):
    status, out, _ = run(
        capsys,
        "solitaire",
        "analyze",
        "--random",
        "2",
        "--seed",
        "4",
        "--quiet",
        "--out",
        str(tmp_path / "r.csv"),
        "--workers",
        "1",
        "--lang",
        "el",
    )
    assert status == 0 and "Μοιράσματα: 2" in out and "Πίνακας: " in out


def test_a_census_of_a_variant_with_the_files_strict_and_grades(capsys, tmp_path):
    table = tmp_path / "census.parquet"
    argv = ["solitaire", "analyze", "--random", "6", "--seed", "3", "--jokers", "1", "--strict", "--anytime-strict"]
    argv += ["--grade-every", "3", "--workers", "1", "--quiet", "--out", str(table)]
    status, out, _ = run(capsys, *argv, "--lang", "fr")
    assert status == 0
    assert "Stricte, pioche à tout moment (la stricte du fichier de référence)\u00a0: " in out
    assert "niveaux de " in out and "donnes gagnables\u00a0: douces " in out
    import pyarrow.parquet as pq

    rows = pq.read_table(table).to_pylist()
    assert len(rows) == 6
    assert {"easy_grade", "classic_grade", "strict_grade", "strict_anytime"} <= set(rows[0])
    assert "strict_anytime_grade" not in rows[0], "grades are for the engine's rules"
    for row in rows:
        code = GameCode(row["deal"], Rules(RuleName.EASY, jokers=1))
        assert row["easy"] is solve(code).winnable
        files_strict = search(start_of(code.deal(), Rules(RuleName.STRICT, jokers=1), draw_anytime=True))
        assert row["strict_anytime"] is files_strict.winnable and row["strict"] <= row["strict_anytime"]
        if row["easy"] and row["deal"] % 3 == 0:
            assert row["easy_grade"] == grade_of(code).value
        else:
            assert row["easy_grade"] is None
    status, out, _ = run(capsys, *argv, "--json")  # resumed: nothing left to solve
    data = json.loads(out)
    assert data["solved_now"] == 0 and set(data["rules"]) == {"easy", "classic", "strict", "strict_anytime"}
    graded = sum(row["easy"] and row["deal"] % 3 == 0 for row in rows)
    assert sum(data["rules"]["easy"]["grades"].values()) == graded
    assert "grades" not in data["rules"]["strict_anytime"]


def test_two_machines_share_a_census_with_skip(capsys, tmp_path):
    """``--skip K`` solves the deals of ``--random N`` after the first K: two tables, one census."""

    def census(table: str, count: int, *more: str) -> dict:
        argv = ["solitaire", "analyze", "--random", str(count), "--seed", "7", "--workers", "1", "--quiet", "--json"]
        status, out, _ = run(capsys, *argv, "--out", str(tmp_path / table), *more)
        assert status == 0
        return json.loads(out)

    def deals(table: str) -> list[int]:
        return [int(line.split(",")[0]) for line in (tmp_path / table).read_text(encoding="utf-8").splitlines()[1:]]

    whole, first, rest = census("whole.csv", 5), census("first.csv", 3), census("rest.csv", 5, "--skip", "3")
    assert (first["deals"], rest["deals"]) == (3, 2)
    for rule in ("easy", "classic"):
        assert first["rules"][rule]["winnable"] + rest["rules"][rule]["winnable"] == whole["rules"][rule]["winnable"]
    assert sorted(deals("rest.csv")) == sorted(analysis_numbers(5, 7)[3:])
    assert sorted(deals("first.csv") + deals("rest.csv")) == sorted(deals("whole.csv"))


def test_a_skip_that_leaves_no_deal_is_a_clear_localized_error(capsys, tmp_path):
    argv = ["solitaire", "analyze", "--random", "3", "--skip", "3", "--out", str(tmp_path / "t.csv")]
    status, _, err = run(capsys, *argv, "--lang", "es")
    assert status == 2 and "--skip 3 no deja ninguno de los 3 repartos" in err and "Traceback" not in err
    assert not (tmp_path / "t.csv").exists(), "refused before any table is made"
    status, out, _ = run(capsys, *argv, "--json")
    assert status == 2 and json.loads(out)["error"]["key"] == "analysis.bad_skip"


def test_analyze_needs_a_count_and_a_good_code(capsys, tmp_path):
    status, _, err = run(capsys, "solitaire", "analyze", "--from", "GO1-E-AAAAAAC", "--out", str(tmp_path / "a.csv"))
    assert status == 2 and "at least 1" in err
    status, _, err = run(capsys, "solitaire", "analyze", "--from", "GO1-E-AAAA", "--count", "2")
    assert status == 2 and "7 letters" in err


def test_a_table_that_cannot_be_written_is_a_clear_error_before_any_solving(capsys, tmp_path, monkeypatch):
    from golfcards.runners import analysis

    def must_not_solve(*args, **kwargs):
        raise AssertionError("no deal is solved for a table that cannot be written")

    monkeypatch.setattr(analysis, "_pool_results", must_not_solve)
    missing = tmp_path / "no such folder" / "t.csv"
    status, _, err = run(capsys, "solitaire", "analyze", "--random", "2", "--out", str(missing), "--lang", "ca")
    assert status == 2 and err == f"Error: No es pot escriure {missing}: No such file or directory\n"
    status, out, _ = run(capsys, "solitaire", "analyze", "--random", "2", "--out", str(tmp_path), "--json")
    assert status == 2 and json.loads(out)["error"]["key"] == "analysis.cannot_write", "a folder is no table"


STUCK_DEAL = 20
GATE = f"""
import time

import golfcards.runners.analysis as analysis

solve_chunk = analysis.solve_chunk


def stuck_on_one_deal(numbers, *args, **kwargs):
    while {STUCK_DEAL} in numbers:  # this deal never finishes: the run is interrupted meanwhile
        time.sleep(3600)
    return solve_chunk(numbers, *args, **kwargs)


analysis.solve_chunk = stuck_on_one_deal
"""


def test_interrupting_analyze_loses_nothing(tmp_path):
    """Ctrl-C in the middle of a real run, then the same command again: every deal exactly once.

    In the first run one deal never finishes (a ``sitecustomize`` that every process of that run
    imports holds it), so the interrupt lands while it is being solved, however fast or busy the
    machine: no waiting for a while, and the other 29 deals are in the table first.
    """
    table = tmp_path / "t.csv"
    gate = tmp_path / "gate"
    gate.mkdir()
    (gate / "sitecustomize.py").write_text(GATE)
    command = [sys.executable, "-m", "golfcards", "solitaire", "analyze", "--from", "GO1-E-AAAAAAB"]
    command += ["--count", "30", "--chunk", "1", "--workers", "2", "--out", str(table), "--quiet"]
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src"), "GOLFCARDS_SOLVER": "python"}
    gated = {**env, "PYTHONPATH": os.pathsep.join([str(gate), env["PYTHONPATH"]])}
    process = subprocess.Popen(
        command, env=gated, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, preexec_fn=as_a_terminals_job
    )

    def rows() -> int:
        return table.read_text().count("\n") - 1 if table.exists() else 0

    deadline = time.monotonic() + 600
    while time.monotonic() < deadline and rows() < 29 and process.poll() is None:
        time.sleep(0.05)
    assert rows() == 29 and process.poll() is None, "every deal but the stuck one is in the table"
    process.send_signal(signal.SIGINT)
    _, err = process.communicate(timeout=60)
    assert process.returncode == 130 and "run the same command again" in err and "Traceback" not in err
    assert rows() == 29
    finished = subprocess.run(command + ["--json"], env=env, capture_output=True, text=True, timeout=300)
    data = json.loads(finished.stdout)
    assert finished.returncode == 0 and data["deals"] == 30 and data["solved_now"] == 1
    numbers = [int(line.split(",")[0]) for line in table.read_text().splitlines()[1:]]
    assert sorted(numbers) == list(range(1, 31))
    assert numbers[-1] == STUCK_DEAL, "only the stuck deal was solved again"


def test_analyze_on_a_dask_cluster(capsys, tmp_path):
    distributed = pytest.importorskip("distributed")
    with distributed.LocalCluster(
        n_workers=1, threads_per_worker=2, processes=False, dashboard_address=None
    ) as cluster:
        status, out, _ = run(
            capsys,
            "solitaire",
            "analyze",
            "--from",
            "GO1-C-AAAAAAC",
            "--count",
            "4",
            "--chunk",
            "2",
            "--cluster",
            cluster.scheduler_address,
            "--json",
            "--out",
            str(tmp_path / "c.csv"),
        )
    data = json.loads(out)
    assert status == 0 and data["deals"] == 4 and data["solved_now"] == 4
    assert data["rules"]["classic"]["winnable"] == sum(
        bool(solve(f"GO1-C-AAAAAA{letter}").winnable) for letter in "CDEF"
    )


def test_analyze_on_an_unreachable_cluster_is_a_clear_error(capsys, tmp_path, monkeypatch):
    pytest.importorskip("distributed")
    from golfcards.runners import analysis

    monkeypatch.setattr(analysis, "CONNECT_SECONDS", 1)
    status, _, err = run(
        capsys,
        "solitaire",
        "analyze",
        "--random",
        "1",
        "--cluster",
        "tcp://127.0.0.1:9",
        "--out",
        str(tmp_path / "u.csv"),
        "--quiet",
    )
    assert status == 2 and "Cannot reach the Dask scheduler at tcp://127.0.0.1:9" in err


def refused(capsys, *argv: str) -> tuple[int, str, str]:
    """Run a command whose arguments are refused while parsing: the exit status and the output."""
    with pytest.raises(SystemExit) as leaving:
        main(list(argv))
    captured = capsys.readouterr()
    return leaving.value.code, captured.out, captured.err


NOT_BUDGETS = ["-1000000000000000000000000000000", "-5", "-1", "１０", "10**30", "1e9", "9" * 4400, "nan"]


@pytest.mark.parametrize("budget", NOT_BUDGETS, ids=range(len(NOT_BUDGETS)))
def test_the_hint_budget_is_a_whole_number_in_range(capsys, budget):
    status, out, _ = refused(capsys, "solitaire", "hint", "GO1-E-AAAAAAB", "--budget", budget, "--json")
    error = json.loads(out)["error"]
    assert status == 2 and error["key"] in ("argument.out_of_range", "argument.not_whole")
    status, _, err = refused(capsys, "solitaire", "hint", "GO1-E-AAAAAAB", "--lang", "es", "--budget", budget)
    assert status == 2 and "Error: --budget: " in err and "Traceback" not in err
    assert "fuera del intervalo" in err or "no es un número entero" in err


def test_a_huge_negative_budget_is_refused_by_the_command_itself():
    """As typed in a shell: no traceback, status 2, the reason in the user's language."""
    result = subprocess.run(
        [sys.executable, "-m", "golfcards", "solitaire", "hint", "GO1-E-AAAAAAB", "--budget", "-" + "1" + "0" * 30],
        capture_output=True,
        text=True,
        env={**os.environ, "PYTHONPATH": str(ROOT / "src"), "LANGUAGE": "fr"},
        timeout=60,
    )
    assert result.returncode == 2 and "Traceback" not in result.stderr
    assert "Erreur\u00a0: --budget\u00a0: " in result.stderr and "hors limites" in result.stderr


@pytest.mark.parametrize(
    "argv",
    [
        ["winnable", "--seed", "-1"],
        ["winnable", "--jokers", "３"],
        ["analyze", "--random", "100000000000000000000", "--quiet"],
        ["analyze", "--from", "GO1-E-AAAAAAB", "--count", "0"],
        ["analyze", "--random", "5", "--workers", "-2"],
        ["analyze", "--random", "5", "--chunk", "0"],
    ],
)
def test_other_numbers_of_the_solver_commands_are_range_checked(capsys, argv):
    status, out, err = refused(capsys, "solitaire", *argv, "--json")
    assert status == 2 and json.loads(out)["error"]["key"].startswith("argument.")


@pytest.mark.parametrize("number", ["\u00b3", "\u0663", "\uff13"])
def test_analyze_refuses_a_table_row_whose_deal_number_is_not_ascii_digits(capsys, tmp_path, number):
    """``str.isdigit`` took "³" (then ``int`` failed with a traceback) and "٣" (read as deal 3)."""
    table = tmp_path / "t.csv"
    argv = ["solitaire", "analyze", "--from", "GO1-E-AAAAAAC", "--count", "1", "--out", str(table), "--workers", "1"]
    assert run(capsys, *argv)[0] == 0
    header, row = table.read_text(encoding="utf-8").splitlines()
    table.write_text(f"{header}\n{row}\n{number}{row[row.index(',') :]}\n", encoding="utf-8")
    status, out, _ = run(capsys, *argv, "--json")
    assert status == 2 and json.loads(out)["error"]["key"] == "analysis.table_damaged"
