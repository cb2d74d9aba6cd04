"""Deal analysis at scale: solve many deals on every core, into a resumable table and a summary.

* Work is cut into chunks of deal numbers; each chunk is solved under every chosen rule by a
  worker process (:func:`solve_chunk`), or by a Dask cluster when an address is given (the
  ``[cluster]`` extra, imported only then).
* The table is a CSV *journal*: each finished chunk is appended and flushed to disk at once, so an
  interrupted run loses at most the chunks in flight. Rerunning the same command reads the journal,
  skips every deal already in it (a half-written last line is dropped) and goes on. A ``.parquet``
  table (the ``[parquet]`` extra) is written from the journal when the run completes.
* The summary gives, per rule, the winnable share with a 95 % Wilson interval and the solving times
  (CPU time of the worker per deal, so a busy machine does not inflate them).
* Optional columns for a census: the reference file's strict (``strict_anytime``: nothing on a King,
  no wrap, drawing at any time), and the difficulty grade (``<rule>_grade``) of the winnable deals
  whose number is a multiple of ``grade_every`` (a uniform subsample: grading a deal costs a few
  dozen solves); the summary counts the grades.

Nothing here prints; progress is reported through a callback.
"""

from __future__ import annotations

import csv
import io
import json
import math
import os
import statistics
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, wait
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from golfcards.errors import GolfError
from golfcards.runners.intervals import wilson
from golfcards.runners.workers import interruptible_pool
from golfcards.shuffle import DEAL_COUNT, ascii_number, number_to_letters
from golfcards.solitaire.codes import GameCode
from golfcards.solitaire.deal import Deal
from golfcards.solitaire.difficulty import Grade, assess
from golfcards.solitaire.rules import RuleName, Rules
from golfcards.solitaire.solver import search, start_of, warm_up
from golfcards.solitaire.winnable import random_numbers as number_stream

RULE_COLUMNS = {name: name.word for name in RuleName}
ANYTIME_STRICT = "strict_anytime"
"""The column of the reference file's strict: the engine's Strict, but drawing allowed at any time."""
GRADE_SUFFIX = "_grade"
DEFAULT_CHUNK = 25
CONNECT_SECONDS = 10
"""How long to wait for a Dask scheduler before giving up."""

_warm = False
Progress = Callable[[int, int], None]
"""Called with (deals done, deals in the run) after every chunk."""


def consecutive_numbers(start: int, count: int) -> list[int]:
    """``count`` deal numbers from ``start`` on (wrapping after the last deal)."""
    if count < 1:
        raise GolfError("analysis.bad_count", f"the number of deals must be at least 1, not {count}", count=count)
    return [(start + i) % DEAL_COUNT for i in range(min(count, DEAL_COUNT))]


def random_numbers(count: int, seed: int) -> list[int]:
    """``count`` distinct uniformly random deal numbers from ``seed`` (reproducible)."""
    if count < 1:
        raise GolfError("analysis.bad_count", f"the number of deals must be at least 1, not {count}", count=count)
    wanted = min(count, DEAL_COUNT)
    seen: set[int] = set()
    numbers: list[int] = []
    for number in number_stream(seed):
        if number not in seen:
            seen.add(number)
            numbers.append(number)
            if len(numbers) == wanted:
                return numbers
    raise AssertionError("the stream of deal numbers is endless")


@dataclass(frozen=True, slots=True)
class RuleColumn:
    """One rule of the table: its rules, the draw-anytime override of the reference file's strict
    (or None), and its name in the table."""

    rules: Rules
    draw_anytime: bool | None
    name: str


def rule_columns(rules: Sequence[Rules], anytime_strict: bool = False) -> list[RuleColumn]:
    """The table's rules: ``rules``, then with ``anytime_strict`` the reference file's strict (with
    the first rule's jokers and empty-discard options)."""
    columns = [RuleColumn(rule, None, RULE_COLUMNS[rule.name]) for rule in rules]
    if anytime_strict:
        options = rules[0] if rules else Rules()
        strict = Rules(RuleName.STRICT, options.jokers, options.empty_discard)
        columns.append(RuleColumn(strict, True, ANYTIME_STRICT))
    return columns


def columns_for(rules: Sequence[Rules], anytime_strict: bool = False, grade_every: int = 0) -> list[str]:
    """The table's header for these rules (with a grade column per engine rule when grading)."""
    header = ["deal", "letters"]
    for column in rule_columns(rules, anytime_strict):
        name = column.name
        header += [name, f"{name}_nodes", f"{name}_ms"]
        if grade_every and column.draw_anytime is None:
            header.append(name + GRADE_SUFFIX)
    return header


def solve_chunk(
    numbers: Sequence[int], rules: Sequence[Rules], anytime_strict: bool = False, grade_every: int = 0
) -> list[list[str]]:
    """Solve every deal of ``numbers`` under every rule: the table rows (runs in a worker).

    Times are the worker's CPU time for the whole call (reading the deal and the search). With
    ``grade_every``, the winnable deals whose number is a multiple of it are graded too (blank
    otherwise; the grading is not in the time).
    """
    global _warm
    if not _warm:
        warm_up()  # the compiled search loads once per process, outside the times in the table
        _warm = True
    rows = []
    for number in numbers:
        row = [str(number), number_to_letters(number)]
        for column in rule_columns(rules, anytime_strict):
            rule = column.rules
            deal = Deal.from_number(number, rule.jokers, rule.empty_discard)
            began = time.process_time()
            verdict = search(start_of(deal, rule, draw_anytime=column.draw_anytime))
            elapsed = (time.process_time() - began) * 1000
            row += ["W" if verdict.winnable else "L", str(verdict.nodes), f"{elapsed:.3f}"]
            if grade_every and column.draw_anytime is None:
                graded = verdict.winnable and number % grade_every == 0
                row.append(assess(GameCode(number, rule)).grade.value if graded else "")
        rows.append(row)
    return rows


@contextmanager
def writing(path: Path) -> Iterator[None]:
    """Turn a failure to read or write ``path`` (no such folder, no permission, a full disk) into
    a clear error instead of a traceback."""
    try:
        yield
    except OSError as error:
        reason = error.strerror or str(error)
        raise GolfError(
            "analysis.cannot_write", f"cannot write {path}: {reason}", path=str(path), reason=reason
        ) from error


class Journal:
    """The CSV table, appended chunk by chunk; reading it tells which deals are done."""

    def __init__(self, path: Path, header: list[str]) -> None:
        self.path = path
        self.header = header

    def done(self) -> dict[int, list[str]]:
        """The rows already in the table, by deal number (repairing a half-written last line)."""
        with writing(self.path):
            if not self.path.exists() or self.path.stat().st_size == 0:
                return {}
            data = self.path.read_bytes()
            if not data.endswith(b"\n"):
                # The run was interrupted while writing: drop the partial line.
                data = data[: data.rfind(b"\n") + 1]
                with self.path.open("r+b") as handle:
                    handle.truncate(len(data))
        rows = list(csv.reader(io.StringIO(data.decode("utf-8"))))
        if not rows:
            return {}
        if rows[0] != self.header:
            raise GolfError(
                "analysis.table_mismatch",
                f"{self.path} holds other columns ({', '.join(rows[0])}): choose another file",
                path=str(self.path),
            )
        found = {}
        for row in rows[1:]:
            # ASCII digits only: str.isdigit takes "³" (which int() refuses) and "٣" (which it reads as 3).
            number = ascii_number(row[0], len(str(DEAL_COUNT))) if len(row) == len(self.header) else None
            if number is None:
                raise GolfError("analysis.table_damaged", f"{self.path}: unreadable row {row!r}", path=str(self.path))
            found[number] = row
        return found

    def append(self, rows: Iterable[list[str]]) -> None:
        """Add ``rows`` durably (the header first in a new table; no rows: just create it)."""
        with writing(self.path):
            new = not self.path.exists() or self.path.stat().st_size == 0
            buffer = io.StringIO()
            writer = csv.writer(buffer, lineterminator="\n")
            if new:
                writer.writerow(self.header)
            writer.writerows(rows)
            with self.path.open("a", encoding="utf-8", newline="") as handle:
                handle.write(buffer.getvalue())
                handle.flush()
                os.fsync(handle.fileno())


@dataclass(frozen=True, slots=True)
class RuleSummary:
    """Results for one rule over the table: the winnable share with its 95 % interval, times."""

    rule: str
    deals: int
    winnable: int
    low: float
    high: float
    median_ms: float
    p99_ms: float
    max_ms: float
    mean_ms: float
    grades: tuple[tuple[str, int], ...] = ()
    """With grading: (grade, winnable deals graded so) for each grade."""

    @property
    def share(self) -> float:
        return self.winnable / self.deals if self.deals else 0.0

    @property
    def graded(self) -> int:
        return sum(count for _, count in self.grades)


@dataclass(frozen=True, slots=True)
class Summary:
    """The whole analysis: per rule results, and the deals solved by this run and how fast."""

    rules: tuple[RuleSummary, ...]
    deals: int
    solved_now: int
    seconds: float

    @property
    def deals_per_second(self) -> float:
        return self.solved_now / self.seconds if self.seconds > 0 else 0.0

    def to_json(self) -> dict[str, object]:
        return {
            "deals": self.deals,
            "solved_now": self.solved_now,
            "seconds": round(self.seconds, 3),
            "deals_per_second": round(self.deals_per_second, 2),
            "rules": {
                r.rule: {
                    "deals": r.deals,
                    "winnable": r.winnable,
                    "share": round(r.share, 6),
                    "ci95": [round(r.low, 6), round(r.high, 6)],
                    "ms": {"median": r.median_ms, "p99": r.p99_ms, "max": r.max_ms, "mean": round(r.mean_ms, 2)},
                    **({"grades": dict(r.grades)} if r.grades else {}),
                }
                for r in self.rules
            },
        }


def percentile(sorted_values: Sequence[float], fraction: float) -> float:
    """The nearest-rank percentile of already sorted values."""
    if not sorted_values:
        return 0.0
    rank = max(1, math.ceil(fraction * len(sorted_values)))
    return sorted_values[rank - 1]


def summarize(
    rows: Iterable[list[str]],
    rules: Sequence[Rules],
    solved_now: int,
    seconds: float,
    anytime_strict: bool = False,
    grade_every: int = 0,
) -> Summary:
    rows = list(rows)
    header = columns_for(rules, anytime_strict, grade_every)
    results = []
    for rule_column in rule_columns(rules, anytime_strict):
        column = header.index(rule_column.name)
        wins = sum(1 for row in rows if row[column] == "W")
        times = sorted(float(row[column + 2]) for row in rows)
        share = wilson(wins, len(rows))
        grades: tuple[tuple[str, int], ...] = ()
        if rule_column.name + GRADE_SUFFIX in header:
            at = header.index(rule_column.name + GRADE_SUFFIX)
            grades = tuple((grade.value, sum(1 for row in rows if row[at] == grade.value)) for grade in Grade)
        results.append(
            RuleSummary(
                rule_column.name,
                len(rows),
                wins,
                share.low,
                share.high,
                statistics.median(times) if times else 0.0,
                percentile(times, 0.99),
                times[-1] if times else 0.0,
                statistics.fmean(times) if times else 0.0,
                grades,
            )
        )
    return Summary(tuple(results), len(rows), solved_now, seconds)


def _chunks(numbers: Sequence[int], size: int) -> list[list[int]]:
    return [list(numbers[i : i + size]) for i in range(0, len(numbers), size)]


def _pool_results(
    chunks: list[list[int]], rules: Sequence[Rules], workers: int, options: tuple[bool, int]
) -> Iterator[list[list[str]]]:
    """Solve chunks on a process pool, a few in flight per worker, yielding as they finish."""
    if workers == 1:
        for chunk in chunks:
            yield solve_chunk(chunk, rules, *options)
        return
    pending: set[Future] = set()
    queue = iter(chunks)
    # Interrupted (or the consumer stopped): the journal already holds every finished chunk, so
    # the chunks in flight are simply dropped with their worker processes.
    with interruptible_pool(workers) as pool:
        for chunk in queue:
            pending.add(pool.submit(solve_chunk, chunk, rules, *options))
            if len(pending) >= 2 * workers:
                break
        while pending:
            finished, pending = wait(pending, return_when=FIRST_COMPLETED)
            for future in finished:
                yield future.result()
                following = next(queue, None)
                if following is not None:
                    pending.add(pool.submit(solve_chunk, following, rules, *options))


def _cluster_results(
    address: str, chunks: list[list[int]], rules: Sequence[Rules], options: tuple[bool, int]
) -> Iterator[list[list[str]]]:
    """Solve chunks on a Dask distributed cluster (the ``[cluster]`` extra)."""
    try:
        from distributed import Client, as_completed
    except ImportError as error:
        raise GolfError(
            "analysis.no_dask", "the --cluster option needs dask[distributed] (pip install golfcards[cluster])"
        ) from error
    try:
        client = Client(address, timeout=CONNECT_SECONDS)
    except (OSError, TimeoutError, ValueError) as error:
        raise GolfError(
            "analysis.cluster_unreachable", f"cannot reach the Dask scheduler at {address}: {error}", address=address
        ) from error
    with client:
        anytime_strict, grade_every = options
        futures = client.map(
            solve_chunk, chunks, rules=list(rules), anytime_strict=anytime_strict, grade_every=grade_every, pure=False
        )
        try:
            for future in as_completed(futures):
                yield future.result()
        finally:
            client.cancel(futures)


def analyze(
    numbers: Sequence[int],
    rules: Sequence[Rules],
    table: Path,
    *,
    workers: int | None = None,
    chunk_size: int = DEFAULT_CHUNK,
    cluster: str | None = None,
    progress: Progress | None = None,
    anytime_strict: bool = False,
    grade_every: int = 0,
) -> Summary:
    """Solve every deal of ``numbers`` under every rule of ``rules``, resuming ``table``.

    Returns the summary of the whole table (earlier runs included) and writes it beside the table
    as JSON (``<table>.summary.json``). ``workers`` defaults to every core. ``anytime_strict`` adds
    the reference file's strict; ``grade_every`` grades the winnable deals whose number is a
    multiple of it (see the module).
    """
    if not rules:
        raise GolfError("analysis.no_rules", "choose at least one rule to analyse")
    table = Path(table)
    parquet = table.suffix.lower() == ".parquet"
    journal_path = table.with_name(table.name + ".journal.csv") if parquet else table
    if grade_every < 0:
        raise GolfError("analysis.bad_count", f"grade every {grade_every}: must be 0 (none) or more", count=grade_every)
    header = columns_for(rules, anytime_strict, grade_every)
    options = (anytime_strict, grade_every)
    journal = Journal(journal_path, header)
    done = journal.done()
    journal.append([])  # a table that cannot be written fails now, before any deal is solved
    wanted = list(dict.fromkeys(numbers))
    todo = [number for number in wanted if number not in done]
    began = time.perf_counter()
    finished = len(wanted) - len(todo)
    if progress:
        progress(finished, len(wanted))
    chunks = _chunks(todo, max(1, chunk_size))
    if cluster:
        results = _cluster_results(cluster, chunks, rules, options)
    else:
        results = _pool_results(chunks, rules, workers or os.cpu_count() or 1, options)
    for rows in results:
        journal.append(rows)
        for row in rows:
            done[int(row[0])] = row
        finished += len(rows)
        if progress:
            progress(finished, len(wanted))
    seconds = time.perf_counter() - began
    summary = summarize((done[number] for number in wanted), rules, len(todo), seconds, *options)
    if parquet:
        with writing(table):
            _write_parquet(table, header, [done[number] for number in wanted])
    summary_path = table.with_name(table.name + ".summary.json")
    with writing(summary_path):
        summary_path.write_text(json.dumps(summary.to_json(), indent=2) + "\n", encoding="utf-8")
    return summary


def _write_parquet(path: Path, header: list[str], rows: list[list[str]]) -> None:
    try:
        import pyarrow as pa
        import pyarrow.parquet as pq
    except ImportError as error:
        raise GolfError(
            "analysis.no_parquet", "a .parquet table needs pyarrow (pip install golfcards[parquet])"
        ) from error
    columns: dict[str, list[Any]] = {}
    for index, name in enumerate(header):
        values = [row[index] for row in rows]
        if name == "deal" or name.endswith("_nodes"):
            columns[name] = [int(v) for v in values]
        elif name.endswith("_ms"):
            columns[name] = [float(v) for v in values]
        elif name in RULE_COLUMNS.values() or name == ANYTIME_STRICT:
            columns[name] = [v == "W" for v in values]
        elif name.endswith(GRADE_SUFFIX):
            columns[name] = [v or None for v in values]
        else:
            columns[name] = values
    pq.write_table(pa.table(columns), path)
