"""A finished match kept whole: every hole as dealt and every action, so that it can be replayed.

A record holds every card of every hole, which no player may know before the match ends, so a
record exists only for a match that is over: :meth:`MatchRecord.from_match` refuses a match in
progress. Like a saved Solitaire game, a hole is kept as its deal and its accepted actions, and
:meth:`HoleRecord.replay` re-runs the engine to get every position; the deal is kept card by
card (not as a deal code), so a replay never depends on how the deal was drawn. A record whose
actions the engine refuses, or whose points differ from the replay's, is refused as corrupt
(``sixcard.bad_record``).

JSON (:meth:`MatchRecord.to_json`): ``{"version": 1, "code", "rules": {…}, "holes": [{"hole",
"dealer", "number", "code", "grids": [[card index…]…], "discard": index, "stock": [index…] (the
last is drawn first), "actions": [[seat, action JSON]…], "points": […], "totals_before": […]}…]}``;
card indexes are ``Card.index`` (jokers 52 and 53).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from golfcards.errors import GolfError
from golfcards.sixcard.actions import Action, action_from_json, action_to_json
from golfcards.sixcard.match import Match, winners
from golfcards.sixcard.rules import SixCardRules
from golfcards.sixcard.state import HoleContext, HoleState, Phase
from golfcards.sixcard.view import RULE_FIELDS

RECORD_VERSION = 1


@dataclass(frozen=True, slots=True)
class HoleRecord:
    """One finished hole: its deal (card indexes), who dealt, the actions in order and the points."""

    hole: int
    dealer: int
    number: int
    code: str | None
    grids: tuple[tuple[int, ...], ...]
    discard: int
    stock: tuple[int, ...]
    actions: tuple[tuple[int, Action], ...]
    points: tuple[int, ...]
    totals_before: tuple[int, ...]

    @classmethod
    def from_states(cls, dealt: HoleState, ended: HoleState) -> HoleRecord:
        """The record of a hole from its state as dealt and its state once over."""
        if not ended.is_terminal():
            raise GolfError("sixcard.hole_not_over", "only a finished hole has a record")
        context = dealt.context or HoleContext(0, 1, (0,) * dealt.players)
        return cls(
            hole=context.hole,
            dealer=dealt.dealer,
            number=dealt.number,
            code=None if dealt.code is None else str(dealt.code),
            grids=tuple(tuple(grid) for grid in dealt.grids),
            discard=dealt.discard[-1],
            stock=tuple(dealt.stock),
            actions=tuple(ended.history),
            points=ended.points(),
            totals_before=tuple(context.totals),
        )

    def start(self, rules: SixCardRules) -> HoleState:
        """The hole as dealt: every card face down, every seat still to turn up its first cards."""
        seats = rules.players
        return HoleState(
            rules,
            [list(grid) for grid in self.grids],
            [[False] * rules.grid for _ in range(seats)],
            [self.discard],
            list(self.stock),
            dealer=self.dealer,
            phase=Phase.REVEAL if rules.initial_face_up else Phase.DRAW,
            reveals_left=[rules.initial_face_up] * seats,
            number=self.number,
            context=HoleContext(self.hole, rules.holes, self.totals_before),
        )

    def replay(self, rules: SixCardRules) -> list[HoleState]:
        """Every position of the hole: as dealt, then after each action (the last one is over)."""
        states = [self.start(rules)]
        for seat, action in self.actions:
            state = states[-1].clone()
            if state.apply(action, seat) is not None:
                raise GolfError("sixcard.bad_record", f"hole {self.hole + 1}: {action!r} is refused", hole=self.hole)
            states.append(state)
        if not states[-1].is_terminal() or states[-1].points() != self.points:
            raise GolfError("sixcard.bad_record", f"hole {self.hole + 1} does not end as recorded", hole=self.hole)
        return states

    def to_json(self) -> dict[str, Any]:
        return {
            "hole": self.hole,
            "dealer": self.dealer,
            "number": self.number,
            "code": self.code,
            "grids": [list(grid) for grid in self.grids],
            "discard": self.discard,
            "stock": list(self.stock),
            "actions": [[seat, action_to_json(action)] for seat, action in self.actions],
            "points": list(self.points),
            "totals_before": list(self.totals_before),
        }

    @classmethod
    def from_json(cls, data: Any) -> HoleRecord:
        return cls(
            hole=_int(data["hole"]),
            dealer=_int(data["dealer"]),
            number=_int(data["number"]),
            code=None if data["code"] is None else str(data["code"]),
            grids=tuple(_ints(grid) for grid in data["grids"]),
            discard=_int(data["discard"]),
            stock=_ints(data["stock"]),
            actions=tuple((_int(seat), action_from_json(action)) for seat, action in data["actions"]),
            points=_ints(data["points"]),
            totals_before=_ints(data["totals_before"]),
        )


@dataclass(frozen=True, slots=True)
class MatchRecord:
    """A whole finished match: its first deal code, its rules and every hole."""

    code: str
    rules: SixCardRules
    holes: tuple[HoleRecord, ...]

    @classmethod
    def from_match(cls, match: Match) -> MatchRecord:
        """The record of ``match``; a match still in progress has none (it would show hidden cards)."""
        if not match.is_terminal():
            raise GolfError("sixcard.match_not_over", "a match in progress has no record")
        holes = tuple(HoleRecord.from_states(dealt, ended) for dealt, ended in match.played)
        return cls(str(match.code), match.rules, holes)

    @property
    def results(self) -> tuple[tuple[int, ...], ...]:
        return tuple(hole.points for hole in self.holes)

    @property
    def totals(self) -> tuple[int, ...]:
        return tuple(sum(points) for points in zip(*self.results, strict=True))

    def winners(self) -> tuple[int, ...]:
        return winners(self.totals)

    def to_json(self) -> dict[str, Any]:
        return {
            "version": RECORD_VERSION,
            "code": self.code,
            "rules": {name: getattr(self.rules, name) for name in RULE_FIELDS},
            "holes": [hole.to_json() for hole in self.holes],
        }

    @classmethod
    def from_json(cls, data: Any) -> MatchRecord:
        """Read :meth:`to_json`'s output; raise :class:`GolfError` (``sixcard.bad_record``) if malformed."""
        try:
            if data["version"] != RECORD_VERSION:
                raise ValueError(f"record version {data['version']!r}")
            rules = SixCardRules(**{name: data["rules"][name] for name in RULE_FIELDS if name in data["rules"]})
            holes = tuple(HoleRecord.from_json(hole) for hole in data["holes"])
            if len(holes) != rules.holes or any(len(hole.points) != rules.players for hole in holes):
                raise ValueError("the holes do not match the rules")
            return cls(str(data["code"]), rules, holes)
        except GolfError as error:
            raise GolfError("sixcard.bad_record", f"not a match record: {error}", hole=-1) from error
        except (KeyError, TypeError, ValueError, AttributeError) as error:
            raise GolfError("sixcard.bad_record", f"not a match record: {error!r}", hole=-1) from error


def _int(value: Any) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise TypeError(f"{value!r} is not a whole number")
    return value


def _ints(values: Sequence[Any]) -> tuple[int, ...]:
    if not isinstance(values, list):
        raise TypeError(f"{values!r} is not a list")
    return tuple(_int(value) for value in values)
