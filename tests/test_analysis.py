"""Deal analysis: chunked runs on a process pool, the resumable table, the summary, Dask, Parquet."""

from __future__ import annotations

import csv
import json
import math

import pytest

from golfcards.errors import GolfError
from golfcards.runners import analysis
from golfcards.runners.intervals import Interval, wilson
from golfcards.solitaire.codes import GameCode
from golfcards.solitaire.rules import CLASSIC, EASY, STRICT
from golfcards.solitaire.solver import solve

NUMBERS = [2, 3, 4, 5, 6, 7]  # quick deals (deal 1 is a slow Classic loss)


def read(path):
    with path.open(newline="") as handle:
        return list(csv.reader(handle))


def test_the_table_holds_every_deal_with_its_verdicts(tmp_path):
    table = tmp_path / "deals.csv"
    summary = analysis.analyze(NUMBERS, [EASY, CLASSIC], table, workers=1, chunk_size=4)
    rows = read(table)
    assert rows[0] == ["deal", "letters", "easy", "easy_nodes", "easy_ms", "classic", "classic_nodes", "classic_ms"]
    assert sorted(int(row[0]) for row in rows[1:]) == NUMBERS
    for row in rows[1:]:
        number = int(row[0])
        assert row[1] == GameCode(number).letters
        assert (row[2] == "W") is solve(GameCode(number, EASY)).winnable
        assert (row[5] == "W") is solve(GameCode(number, CLASSIC)).winnable
    easy, classic = summary.rules
    assert (easy.rule, easy.deals, easy.winnable) == ("easy", 6, sum(row[2] == "W" for row in rows[1:]))
    assert classic.winnable == sum(row[5] == "W" for row in rows[1:])
    assert summary.solved_now == 6 and summary.deals == 6
    saved = json.loads((tmp_path / "deals.csv.summary.json").read_text())
    assert saved["rules"]["easy"]["winnable"] == easy.winnable


def test_an_interrupted_run_resumes_without_losing_or_redoing(tmp_path):
    table = tmp_path / "deals.csv"
    analysis.analyze(NUMBERS[:3], [EASY], table, workers=1, chunk_size=2)
    # A run killed while writing leaves half a line: it is dropped and that deal solved again.
    with table.open("a") as handle:
        handle.write("5,AAAAAAF,W,12")
    progress = []
    summary = analysis.analyze(
        NUMBERS, [EASY], table, workers=1, chunk_size=2, progress=lambda done, total: progress.append((done, total))
    )
    assert summary.solved_now == 3 and summary.deals == 6
    assert progress[0] == (3, 6) and progress[-1] == (6, 6)
    assert sorted(int(row[0]) for row in read(table)[1:]) == NUMBERS
    # Nothing left to do: a third run solves nothing and reports the same table.
    again = analysis.analyze(NUMBERS, [EASY], table, workers=1)
    assert again.solved_now == 0 and again.rules == summary.rules


def test_a_table_of_other_columns_is_refused(tmp_path):
    table = tmp_path / "deals.csv"
    analysis.analyze(NUMBERS[:2], [EASY], table, workers=1)
    with pytest.raises(GolfError) as caught:
        analysis.analyze(NUMBERS[:2], [EASY, STRICT], table, workers=1)
    assert caught.value.key == "analysis.table_mismatch"
    table.write_text(table.read_text() + "garbage\n")
    with pytest.raises(GolfError) as caught:
        analysis.analyze(NUMBERS[:2], [EASY], table, workers=1)
    assert caught.value.key == "analysis.table_damaged"


def test_a_process_pool_gives_the_same_table(tmp_path):
    alone, pooled = tmp_path / "alone.csv", tmp_path / "pooled.csv"
    analysis.analyze(NUMBERS, [EASY, STRICT], alone, workers=1)
    analysis.analyze(NUMBERS, [EASY, STRICT], pooled, workers=2, chunk_size=1)
    verdicts = lambda path: sorted((row[0], row[2], row[5]) for row in read(path)[1:])  # noqa: E731
    assert verdicts(alone) == verdicts(pooled)


def test_deal_numbers():
    assert analysis.consecutive_numbers(5, 3) == [5, 6, 7]
    assert analysis.consecutive_numbers(26**7 - 1, 2) == [26**7 - 1, 0]
    numbers = analysis.random_numbers(50, 3)
    assert numbers == analysis.random_numbers(50, 3) and len(set(numbers)) == 50
    with pytest.raises(GolfError):
        analysis.consecutive_numbers(0, 0)


def test_wilson_interval():
    share = wilson(926, 1000)
    assert share.low < share.value == 0.926 < share.high
    assert math.isclose(share.low, 0.9084, abs_tol=5e-4) and math.isclose(share.high, 0.9411, abs_tol=5e-4)
    assert wilson(0, 10).low == 0.0 and math.isclose(wilson(10, 10).high, 1.0)
    assert wilson(0, 0) == Interval(0.0, 0.0, 1.0)


def test_parquet_table(tmp_path):
    pytest.importorskip("pyarrow")
    import pyarrow.parquet as pq

    table = tmp_path / "deals.parquet"
    summary = analysis.analyze(NUMBERS[:3], [EASY, CLASSIC], table, workers=1)
    data = pq.read_table(table).to_pydict()
    assert data["deal"] == NUMBERS[:3]
    assert sum(data["easy"]) == summary.rules[0].winnable
    assert (tmp_path / "deals.parquet.journal.csv").exists()


def test_dask_cluster_gives_the_same_table(tmp_path):
    distributed = pytest.importorskip("distributed")
    local, clustered = tmp_path / "local.csv", tmp_path / "cluster.csv"
    analysis.analyze(NUMBERS, [EASY, CLASSIC], local, workers=1)
    with distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=False, dashboard_address=None
    ) as cluster:
        summary = analysis.analyze(NUMBERS, [EASY, CLASSIC], clustered, chunk_size=2, cluster=cluster.scheduler_address)
    assert summary.solved_now == len(NUMBERS)
    verdicts = lambda path: sorted((row[0], row[2], row[5]) for row in read(path)[1:])  # noqa: E731
    assert verdicts(local) == verdicts(clustered)


def test_an_unreachable_cluster_is_a_clear_error(tmp_path, monkeypatch):
    pytest.importorskip("distributed")
    monkeypatch.setattr(analysis, "CONNECT_SECONDS", 1)
    with pytest.raises(GolfError) as caught:
        analysis.analyze(NUMBERS[:1], [EASY], tmp_path / "t.csv", cluster="tcp://127.0.0.1:9")
    assert caught.value.key == "analysis.cluster_unreachable"
