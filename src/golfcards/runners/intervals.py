"""95 % intervals for measured figures: the Wilson score interval of a share, the normal one of a mean.

Used by the arena (bots' win rates and points) and by deal analysis (the share of winnable deals).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

Z95 = 1.959963984540054
"""The normal quantile of a two-sided 95 % interval."""


@dataclass(frozen=True, slots=True)
class Interval:
    """A measured value and its 95 % interval."""

    value: float
    low: float
    high: float

    def to_json(self) -> list[float]:
        return [round(self.value, 4), round(self.low, 4), round(self.high, 4)]


def wilson(successes: float, trials: int) -> Interval:
    """The share ``successes / trials`` with its 95 % Wilson score interval (successes may be
    fractional, like shared wins); with no trial, 0 in [0, 1]."""
    if trials == 0:
        return Interval(0.0, 0.0, 1.0)
    p = successes / trials
    denominator = 1 + Z95**2 / trials
    centre = (p + Z95**2 / (2 * trials)) / denominator
    half = Z95 * math.sqrt(p * (1 - p) / trials + Z95**2 / (4 * trials**2)) / denominator
    return Interval(p, max(0.0, centre - half), min(1.0, centre + half))


def mean_interval(values: Sequence[float]) -> Interval:
    """The mean with a normal-approximation 95 % interval."""
    count = len(values)
    if count == 0:
        return Interval(0.0, 0.0, 0.0)
    mean = sum(values) / count
    if count == 1:
        return Interval(mean, mean, mean)
    variance = sum((v - mean) ** 2 for v in values) / (count - 1)
    half = Z95 * math.sqrt(variance / count)
    return Interval(mean, mean - half, mean + half)
