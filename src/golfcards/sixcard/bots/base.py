"""The interface every bot implements: it receives a view, never the state, and returns an action."""

from __future__ import annotations

import abc
import random
from typing import ClassVar

from golfcards.sixcard.actions import DISCARD_DRAWN, Action, DiscardFlip
from golfcards.sixcard.view import View


def throw_away(view: View) -> Action:
    """The way to throw the drawn card away that ``view`` allows: plain, or (with the
    ``flip_after_discard`` house rule ``always``) turning up a face-down card too — the one whose
    column would cost most to keep hidden is not known, so the first face-down card in a column
    that has no face-up card, else the first one."""
    if DISCARD_DRAWN in view.legal or view.viewer is None:
        return DISCARD_DRAWN
    flips = [action for action in view.legal if isinstance(action, DiscardFlip)]
    if not flips:
        return DISCARD_DRAWN
    grid = view.grids[view.viewer]
    columns = view.rules.columns
    for action in flips:
        if all(grid[p] is None for p in range(action.position % columns, len(grid), columns)):
            return action
    return flips[0]


class Bot(abc.ABC):
    """A player of one seat. ``seed`` makes its own random choices repeatable."""

    level: ClassVar[str]

    def __init__(self, seed: int = 0) -> None:
        self.random = random.Random(seed)

    @abc.abstractmethod
    def choose(self, view: View) -> Action:
        """One of ``view.legal`` (the view is the bot's own: ``view.viewer`` is its seat)."""


class RandomBot(Bot):
    """Picks uniformly among the legal actions: the yardstick the easy level is measured against."""

    level = "random"

    def choose(self, view: View) -> Action:
        return self.random.choice(view.legal)
