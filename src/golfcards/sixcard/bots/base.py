"""The interface every bot implements: it receives a view, never the state, and returns an action."""

from __future__ import annotations

import abc
import random
from typing import ClassVar

from golfcards.sixcard.actions import Action
from golfcards.sixcard.view import View


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
