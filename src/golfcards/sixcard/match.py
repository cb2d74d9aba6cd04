"""A match: holes (9 by default) played one after another, totals, rotation and the winners.

A match holds a secret *key* (bytes) next to its first deal code. Hole 0 plays that code; every
later hole ``h`` plays :meth:`DealCode.for_hole`: a deal number derived from the key and ``h`` by
HMAC-SHA256, and the dealer — hence the first player — moved one seat clockwise each hole. The code
a hole shows once it is over re-deals that hole only; whoever lacks the key cannot tell the next
hole from it. The engine takes the key as given: whoever runs the match draws it (e.g.
``secrets.token_bytes(32)``) and keeps it from the players. The lowest total wins; equal lowest
totals share the win (:func:`winners`).

A match follows the game-state protocol of :mod:`golfcards.game`. A server or the terminal drives
it with :meth:`Match.apply` (action, seat) and :meth:`Match.next_hole`; both return a
:class:`~golfcards.sixcard.state.Refusal` key instead of acting when the move is not allowed.
Between two holes nobody is to act until :meth:`Match.next_hole` deals the next one.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from golfcards.sixcard.actions import Action
from golfcards.sixcard.codes import DealCode, keyed_number
from golfcards.sixcard.rules import SixCardRules
from golfcards.sixcard.state import HoleContext, HoleState, Refusal
from golfcards.sixcard.view import View, view_for, views_for


def winners(scores: Sequence[int]) -> tuple[int, ...]:
    """The seats with the lowest score (several when they tie: a shared win)."""
    best = min(scores)
    return tuple(seat for seat, score in enumerate(scores) if score == best)


class Match:
    """A match in progress: the current hole and the points of the holes already played."""

    def __init__(self, code: DealCode, key: bytes) -> None:
        """A match whose first hole is ``code`` and whose later holes are derived from ``key``."""
        self.code = code
        self.key = key
        self.results: list[tuple[int, ...]] = []
        self.played: list[tuple[HoleState, HoleState]] = []
        """Each finished hole as dealt and as it ended: what :mod:`golfcards.sixcard.record` keeps."""
        self._dealt: HoleState | None = None
        self.state = self._deal(0)

    @classmethod
    def new(cls, rules: SixCardRules | None, number: int, key: bytes) -> Match:
        return cls(DealCode(number, rules or SixCardRules()), key)

    @classmethod
    def from_code(cls, text: str, key: bytes) -> Match:
        return cls(DealCode.parse(text), key)

    @classmethod
    def keyed(cls, rules: SixCardRules, key: bytes) -> Match:
        """A match whose every hole, the first included, is derived from ``key`` (the arena's)."""
        return cls(DealCode(keyed_number(key, 0), rules), key)

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

    @property
    def players(self) -> int:
        return self.rules.players

    @property
    def current_player(self) -> int | None:
        """The seat expected to act in the current hole (None between holes and once the match is over)."""
        return self.state.current_player

    def is_terminal(self) -> bool:
        """Whether every hole has been played."""
        return len(self.results) == self.rules.holes

    def returns(self) -> tuple[int, ...]:
        """The negated totals: higher is better."""
        return tuple(-total for total in self.totals)

    def winners(self) -> tuple[int, ...]:
        """The match's winners (only meaningful once :meth:`is_terminal`)."""
        return winners(self.totals)

    def view(self, player: int | None) -> View:
        return view_for(self.state, player)

    def views(self, players: Iterable[int | None]) -> dict[int | None, View]:
        """The views of several players at once (:func:`~golfcards.sixcard.view.views_for`)."""
        return views_for(self.state, players)

    def legal_actions(self, seat: int | None = None) -> list[Action]:
        return self.state.legal_actions(seat)

    def apply(self, action: Action, seat: int | None = None) -> Refusal | None:
        """Let ``seat`` (default: the current player) act in the current hole; its points are recorded when it ends."""
        refusal = self.state.apply(action, seat)
        if refusal is None and self.state.is_terminal():
            self.results.append(self.state.points())
            assert self._dealt is not None
            self.played.append((self._dealt, self.state))
        return refusal

    def undo(self) -> Refusal | None:
        """Take back the last action of the current hole (a hole already left stays played)."""
        ended = self.state.is_terminal()
        refusal = self.state.undo()
        if refusal is None and ended:
            self.results.pop()
            self.played.pop()
        return refusal

    def clone(self) -> Match:
        other = Match.__new__(Match)
        other.code, other.key, other.results = self.code, self.key, list(self.results)
        other.state = self.state.clone()
        other.played = [(dealt, ended.clone()) for dealt, ended in self.played]
        if self.played and self.played[-1][1] is self.state:
            other.played[-1] = (self.played[-1][0], other.state)
        other._dealt = self._dealt
        return other

    def next_hole(self) -> Refusal | None:
        """Deal the next hole once the current one is over."""
        if self.is_terminal():
            return Refusal.MATCH_OVER
        if not self.state.is_terminal():
            return Refusal.HOLE_NOT_OVER
        self.state = self._deal(len(self.results))
        return None

    def _deal(self, hole: int) -> HoleState:
        context = HoleContext(hole, self.rules.holes, self.totals)
        state = HoleState.from_code(self.code.for_hole(hole, self.key), context)
        self._dealt = state.clone()
        return state
