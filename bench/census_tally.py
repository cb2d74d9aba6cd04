"""A census's running tally: what docs/census.md's tables need, in a small JSON file per deck.

The census (a million random deals per deck, every rule) takes longer than one machine's session,
and a session's files do not outlive it. A tally keeps what the published tables and plots need of
the first ``deals`` deals of ``golf solitaire analyze --random TARGET --seed SEED`` for one deck, in
a file small enough to commit: per rule the winnable count, the grades, the total and the longest
time, and the times as a histogram of ``BINS_PER_DOUBLING`` bins per doubling (a median or p99 read
from it is within 1.1 % of the exact one; the longest time is exact). The next run starts where the
tally ends (``analyze … --skip DEALS``) and is folded in with :func:`fold`, which takes the deals
that follow on in the seed's order and checks each deal's number against that order.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from golfcards.runners.analysis import ANYTIME_STRICT, GRADE_SUFFIX, RULE_COLUMNS, RuleSummary, random_numbers
from golfcards.runners.intervals import wilson
from golfcards.solitaire.difficulty import Grade

BINS_PER_DOUBLING = 32
"""Histogram resolution: a bin spans a factor of 2 ** (1 / 32), about 2.2 %."""
SMALLEST_MS = 0.001
"""Times below a microsecond share the lowest bin."""


def bin_of(ms: float) -> int:
    """The histogram bin of a time in milliseconds."""
    return math.floor(BINS_PER_DOUBLING * math.log2(max(ms, SMALLEST_MS) / SMALLEST_MS))


def middle_of(index: int) -> float:
    """The geometric middle of a bin, in milliseconds."""
    return SMALLEST_MS * 2 ** ((index + 0.5) / BINS_PER_DOUBLING)


@dataclass
class RuleTally:
    """One rule's counts over the tallied deals."""

    winnable: int = 0
    grades: dict[str, int] = field(default_factory=dict)
    ms_total: float = 0.0
    ms_max: float = 0.0
    bins: dict[int, int] = field(default_factory=dict)

    def add(self, won: bool, ms: float, grade: str | None) -> None:
        self.winnable += won
        if grade:
            self.grades[grade] = self.grades.get(grade, 0) + 1
        self.ms_total += ms
        self.ms_max = max(self.ms_max, ms)
        index = bin_of(ms)
        self.bins[index] = self.bins.get(index, 0) + 1

    def at_rank(self, rank: int) -> float:
        """The ``rank``-th shortest time (from 1), read as its bin's middle (never above the longest)."""
        seen = 0
        for index in sorted(self.bins):
            seen += self.bins[index]
            if seen >= rank:
                return min(middle_of(index), self.ms_max)
        raise AssertionError("the rank lies within the count")

    def quantile(self, fraction: float) -> float:
        """The nearest-rank quantile, as ``analyze`` gives the p99."""
        count = sum(self.bins.values())
        return self.at_rank(max(1, math.ceil(fraction * count))) if count else 0.0

    def median(self) -> float:
        """The median as ``analyze`` gives it (``statistics.median``: of an even count, the mean of
        the two middle times)."""
        count = sum(self.bins.values())
        if not count:
            return 0.0
        return (self.at_rank((count + 1) // 2) + self.at_rank(count // 2 + 1)) / 2

    def cumulative(self) -> list[tuple[float, float]]:
        """(time in ms, share of the deals decided within it) at the top of every bin."""
        count, seen, points = sum(self.bins.values()), 0, []
        for index in sorted(self.bins):
            seen += self.bins[index]
            points.append((min(SMALLEST_MS * 2 ** ((index + 1) / BINS_PER_DOUBLING), self.ms_max), seen / count))
        return points


@dataclass
class Tally:
    """The first ``deals`` deals of the ``seed``'s sequence of ``target``, for one deck."""

    deck: str
    seed: int
    target: int
    columns: list[str]
    deals: int = 0
    rules: dict[str, RuleTally] = field(default_factory=dict)
    runs: list[dict[str, Any]] = field(default_factory=list)
    """Where each part came from (first deal, deals, date, machine), as told by whoever folded it."""

    def rule_names(self) -> list[str]:
        return [name for name in [*RULE_COLUMNS.values(), ANYTIME_STRICT] if name in self.columns]

    def summaries(self) -> tuple[RuleSummary, ...]:
        """The tally as the rows of the census table (``RuleSummary`` as ``analyze`` gives it)."""
        results = []
        for name in self.rule_names():
            rule = self.rules.get(name, RuleTally())
            share = wilson(rule.winnable, self.deals)
            grades = (
                tuple((grade.value, rule.grades.get(grade.value, 0)) for grade in Grade)
                if name + GRADE_SUFFIX in self.columns
                else ()
            )
            mean = rule.ms_total / self.deals if self.deals else 0.0
            results.append(
                RuleSummary(
                    name,
                    self.deals,
                    rule.winnable,
                    share.low,
                    share.high,
                    rule.median(),
                    rule.quantile(0.99),
                    rule.ms_max,
                    mean,
                    grades,
                )
            )
        return tuple(results)

    def to_json(self) -> dict[str, Any]:
        return {
            "deck": self.deck,
            "seed": self.seed,
            "target": self.target,
            "deals": self.deals,
            "columns": self.columns,
            "bins_per_doubling": BINS_PER_DOUBLING,
            "smallest_ms": SMALLEST_MS,
            "rules": {
                name: {
                    "winnable": rule.winnable,
                    "grades": rule.grades,
                    "ms_total": round(rule.ms_total, 3),
                    "ms_max": rule.ms_max,
                    "bins": {str(index): rule.bins[index] for index in sorted(rule.bins)},
                }
                for name, rule in self.rules.items()
            },
            "runs": self.runs,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Tally:
        if (data["bins_per_doubling"], data["smallest_ms"]) != (BINS_PER_DOUBLING, SMALLEST_MS):
            raise ValueError("a tally of another histogram: fold it again from its tables")
        rules = {
            name: RuleTally(
                rule["winnable"],
                dict(rule["grades"]),
                rule["ms_total"],
                rule["ms_max"],
                {int(index): count for index, count in rule["bins"].items()},
            )
            for name, rule in data["rules"].items()
        }
        return cls(data["deck"], data["seed"], data["target"], data["columns"], data["deals"], rules, data["runs"])


def load(path: Path) -> Tally:
    return Tally.from_json(json.loads(path.read_text(encoding="utf-8")))


def save(tally: Tally, path: Path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(tally.to_json(), indent=1) + "\n", encoding="utf-8")


def fold(tally: Tally, header: list[str], rows: list[list[str]], note: dict[str, Any]) -> int:
    """Add the deals of ``rows`` (a table of ``analyze``) that follow on from the tally, in the
    seed's order, and return how many; ``note`` (date, machine…) is recorded with them."""
    if header != tally.columns:
        raise ValueError(f"the table's columns {header} are not the tally's {tally.columns}")
    by_deal = {int(row[0]): row for row in rows}
    order = random_numbers(tally.target, tally.seed)
    first = tally.deals
    columns = {
        name: (header.index(name), header.index(name + GRADE_SUFFIX) if name + GRADE_SUFFIX in header else None)
        for name in tally.rule_names()
    }
    while tally.deals < tally.target and order[tally.deals] in by_deal:
        row = by_deal[order[tally.deals]]
        for name, (at, graded_at) in columns.items():
            grade = row[graded_at] if graded_at is not None else ""
            tally.rules.setdefault(name, RuleTally()).add(row[at] == "W", float(row[at + 2]), grade or None)
        tally.deals += 1
    added = tally.deals - first
    if added:
        tally.runs.append({"first": first, "deals": added, **note})
    return added
