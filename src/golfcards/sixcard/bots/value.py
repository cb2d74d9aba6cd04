"""A small fitted value function: what a position after one's move is worth, from a few figures.

The strong bot judges the position after each move it could make by a one-hidden-layer network
(tanh units, a linear output) of the figures :class:`~golfcards.sixcard.bots.outlook.Outlook` works
out from its view: its own expected points, face-down count and improvement to come, the same for
the next player and what the discard it leaves would give them, and (3–4 players) the best
opponent's expected points, the fewest face-down cards of any opponent, the stock and the number
of players. The weights were fitted by self-improving play
(``bench/sixcard_bots.py fit``) and live in :mod:`.strong_model`; evaluation is pure Python.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from typing import Any

VARYING = 4
"""Inputs that change from one move to another in a decision (own points, own face-down count,
own improvement, the gift to the next player) come first; the others are fixed per decision."""


class ValueNet:
    """``tanh`` hidden units over standardized inputs, then a weighted sum: higher is better."""

    __slots__ = ("features", "shift", "scale", "hidden", "out", "out_bias")

    def __init__(self, fitted: Mapping[str, Any]) -> None:
        self.features: tuple[str, ...] = tuple(fitted["features"])
        self.shift: tuple[float, ...] = tuple(fitted["shift"])
        self.scale: tuple[float, ...] = tuple(fitted["scale"])
        self.hidden: tuple[tuple[float, ...], ...] = tuple(tuple(unit) for unit in fitted["hidden"])
        """Each hidden unit: its bias, then one weight per input."""
        self.out: tuple[float, ...] = tuple(fitted["out"])
        self.out_bias: float = float(fitted["out_bias"])

    def __call__(self, inputs: Sequence[float]) -> float:
        normal = [(x - m) / s for x, m, s in zip(inputs, self.shift, self.scale, strict=True)]
        total = self.out_bias
        for unit, weight in zip(self.hidden, self.out, strict=True):
            total += weight * math.tanh(unit[0] + sum(w * x for w, x in zip(unit[1:], normal, strict=True)))
        return total

    def bind(self, fixed: Sequence[float]) -> Callable[[float, float, float, float], float]:
        """The network with the per-decision inputs folded in: a fast function of the varying ones."""
        shift, scale = self.shift, self.scale
        bases, columns = [], [[] for _ in range(VARYING)]  # type: list[float], list[list[float]]
        for unit in self.hidden:
            weights = unit[1:]
            base = unit[0] + sum(
                w * (x - m) / s
                for w, x, m, s in zip(weights[VARYING:], fixed, shift[VARYING:], scale[VARYING:], strict=True)
            )
            for j in range(VARYING):
                columns[j].append(weights[j] / scale[j])
                base -= weights[j] * shift[j] / scale[j]
            bases.append(base)
        points_w, down_w, improvement_w, gift_w = columns
        out, out_bias, tanh = self.out, self.out_bias, math.tanh

        def value(points: float, down: float, improvement: float, gift: float) -> float:
            total = out_bias
            for base, a, b, c, d, weight in zip(bases, points_w, down_w, improvement_w, gift_w, out, strict=True):
                total += weight * tanh(base + a * points + b * down + c * improvement + d * gift)
            return total

        return value
