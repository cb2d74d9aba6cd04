"""The interface every bot implements: it receives a view, never the state, and returns an action."""

from __future__ import annotations

import abc
import random
from collections.abc import Sequence
from typing import ClassVar

from golfcards.sixcard.actions import DISCARD_DRAWN, Action, DiscardFlip
from golfcards.sixcard.view import View


def flip_choice(face_down: Sequence[bool], columns: int) -> int:
    """The face-down card a bot turns up when the rules make it turn one up with a discard: the
    first in a column with no face-up card, else the first (``face_down`` has one flag a position,
    at least one true)."""
    down = [p for p, hidden in enumerate(face_down) if hidden]
    for position in down:
        if all(face_down[p] for p in range(position % columns, len(face_down), columns)):
            return position
    return down[0]


def throw_away(view: View) -> Action:
    """The way to throw the drawn card away that ``view`` allows: plain, or (with the
    ``flip_after_discard`` house rule ``always``) turning up the face-down card of :func:`flip_choice`."""
    if DISCARD_DRAWN in view.legal or view.viewer is None:
        return DISCARD_DRAWN
    if not any(isinstance(action, DiscardFlip) for action in view.legal):
        return DISCARD_DRAWN
    return DiscardFlip(flip_choice([card is None for card in view.grids[view.viewer]], view.rules.columns))


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
