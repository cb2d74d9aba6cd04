"""The deals shown to visitors who have not played yet, solved ahead of time.

A first visit shows a random winnable Easy deal. Proving a deal winnable takes a solve, and a
visit stores nothing until the visitor acts, so a request without a cookie must cost neither a row
nor a solve: the deals come from a small stock of winnable deals that the solver's worker fills in
the background (the very first visitor waits for one). Visitors pick among them at random; a deal
a visitor starts playing leaves the stock and a fresh one is solved, so the solves follow the
players who act, not the requests.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable

from golfcards.runners.compute import FairPool
from golfcards.runners.solitaire_games import winnable_code
from golfcards.solitaire.codes import GameCode
from golfcards.solitaire.rules import EASY

STOCK = 16
"""Winnable deals kept ready."""
OWNER = "first deals"
"""Their place in the solver's queue."""


class FirstDeals:
    """A stock of at most :data:`STOCK` winnable Easy deals (use from the event loop)."""

    def __init__(self, solver: FairPool, new_number: Callable[[], int]) -> None:
        self.solver = solver
        self.new_number = new_number
        self.codes: list[GameCode] = []
        self._filling: asyncio.Task[None] | None = None

    async def pick(self) -> GameCode:
        """One of the stocked deals at random (the first call waits for the first solve)."""
        while not self.codes:
            await asyncio.shield(self._fill())
        code = self.codes[self.new_number() % len(self.codes)]
        if len(self.codes) < STOCK:
            self._fill()
        return code

    def taken(self, code: GameCode) -> None:
        """A visitor started playing ``code``: others get other deals (a new one is solved)."""
        with contextlib.suppress(ValueError):
            self.codes.remove(code)
        self._fill()

    def _fill(self) -> asyncio.Task[None]:
        """The solve under way, or a new one: one at a time."""
        if self._filling is None or self._filling.done():
            self._filling = asyncio.create_task(self._solve_one())
            self._filling.add_done_callback(lambda task: task.cancelled() or task.exception())
        return self._filling

    async def _solve_one(self) -> None:
        code = await self.solver.run(OWNER, winnable_code, EASY, self.new_number())
        if code not in self.codes and len(self.codes) < STOCK:
            self.codes.append(code)
