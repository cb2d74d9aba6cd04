"""A match: holes (9 by default) played one after another, totals, rotation and the winners.

Hole ``h`` (0-based) of a match started from a deal code plays :meth:`DealCode.for_hole`: the next
deal number, and the dealer — hence the first player — moved one seat clockwise each hole. The
lowest total wins; equal lowest totals share the win (:func:`winners`).

A server or the terminal drives a match with :meth:`Match.apply` (seat, action) and
:meth:`Match.next_hole`; both return a :class:`~golfcards.sixcard.state.Refusal` key instead of
acting when the move is not allowed.
"""

from __future__ import annotations

from collections.abc import Sequence

from golfcards.sixcard.actions import Action
from golfcards.sixcard.codes import DealCode
from golfcards.sixcard.rules import SixCardRules
from golfcards.sixcard.state import HoleContext, HoleState, Refusal
from golfcards.sixcard.view import View, view_for


def winners(scores: Sequence[int]) -> tuple[int, ...]:
    """The seats with the lowest score (several when they tie: a shared win)."""
    best = min(scores)
    return tuple(seat for seat, score in enumerate(scores) if score == best)


class Match:
    """A match in progress: the current hole and the points of the holes already played."""

    def __init__(self, code: DealCode) -> None:
        self.code = code
        self.results: list[tuple[int, ...]] = []
        self.played: list[tuple[HoleState, HoleState]] = []
        """Each finished hole as dealt and as it ended: what :mod:`golfcards.sixcard.record` keeps."""
        self._dealt: HoleState | None = None
        self.state = self._deal(0)

    @classmethod
    def new(cls, rules: SixCardRules | None = None, number: int = 0) -> Match:
        return cls(DealCode(number, rules or SixCardRules()))

    @classmethod
    def from_code(cls, text: str) -> Match:
        return cls(DealCode.parse(text))

    @property
    def rules(self) -> SixCardRules:
        return self.code.rules

    @property
    def hole(self) -> int:
        """The current hole, 0-based."""
        return self.state.context.hole if self.state.context else 0

    @property
    def totals(self) -> tuple[int, ...]:
        if not self.results:
            return (0,) * self.rules.players
        return tuple(sum(points) for points in zip(*self.results, strict=True))

    def is_over(self) -> bool:
        return len(self.results) == self.rules.holes

    def winners(self) -> tuple[int, ...]:
        """The match's winners (only meaningful once :meth:`is_over`)."""
        return winners(self.totals)

    def view(self, viewer: int | None) -> View:
        return view_for(self.state, viewer)

    def apply(self, seat: int, action: Action) -> Refusal | None:
        """Let ``seat`` act in the current hole; the hole's points are recorded when it ends."""
        refusal = self.state.apply(seat, action)
        if refusal is None and self.state.is_terminal():
            self.results.append(self.state.points())
            assert self._dealt is not None
            self.played.append((self._dealt, self.state))
        return refusal

    def next_hole(self) -> Refusal | None:
        """Deal the next hole once the current one is over."""
        if self.is_over():
            return Refusal.MATCH_OVER
        if not self.state.is_terminal():
            return Refusal.HOLE_NOT_OVER
        self.state = self._deal(len(self.results))
        return None

    def _deal(self, hole: int) -> HoleState:
        context = HoleContext(hole, self.rules.holes, self.totals)
        state = HoleState.from_code(self.code.for_hole(hole), context)
        self._dealt = state.clone()
        return state
