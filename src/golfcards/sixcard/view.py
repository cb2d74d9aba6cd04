"""What one player, or a spectator, may see of a hole — built by :func:`views_for` only.

Everything a bot, the terminal, a protocol client or the web app receives is a :class:`View`:

* face-down cards appear only as ``None`` ("face down"), with no identity — not even to their
  owner, who may not peek either;
* a card drawn from the stock is shown only to the player who drew it (``holding``); the others
  see only who holds a card (``holder``) until it is placed or discarded;
* the discard pile is public (every card on it was seen going there), the stock only a count;
* the deal code (which would re-deal every hidden card) appears only once the hole is over;
* when the hole is over, every grid is revealed and the points are given.

A view is a frozen value with a JSON form (:meth:`View.to_json`, :meth:`View.from_json`);
the JSON format is documented in ``docs/sixcard-protocol.md``.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from golfcards.cards import AnyCard, parse_card
from golfcards.errors import GolfError
from golfcards.sixcard.actions import (
    Action,
    DiscardDrawn,
    DiscardFlip,
    DrawStock,
    Flip,
    KnockEarly,
    Reveal,
    Swap,
    TakeDiscard,
    action_from_json,
    action_to_json,
)
from golfcards.sixcard.codes import DealCode
from golfcards.sixcard.deal import SIXCARD_CARDS
from golfcards.sixcard.hole import EndReason, HoleContext, Phase
from golfcards.sixcard.rules import (
    BOOLEAN_RULES,
    DECK_SIZE,
    HOUSE_RULE_FIELDS,
    KNOCK_EARLY_MAX,
    MAX_HOLES,
    MAX_RESHUFFLES,
    FlipAfterDiscard,
    SixCardRules,
)

RULE_FIELDS = ("players", "grid", "jokers", "final_turn", "reshuffle_discard", "holes", *HOUSE_RULE_FIELDS[3:])
"""The rules' fields a view's JSON carries (the seed's six first; a view without the house rules'
fields reads as their defaults)."""


@dataclass(frozen=True, slots=True)
class View:
    """A hole as seen by ``viewer`` (a seat, 0-based) or by a spectator (``viewer`` None)."""

    rules: SixCardRules
    viewer: int | None
    phase: Phase
    to_act: tuple[int, ...]
    dealer: int
    grids: tuple[tuple[AnyCard | None, ...], ...]
    discard: tuple[AnyCard, ...]
    stock_count: int
    holder: int | None
    holding: AnyCard | None
    reveals_left: tuple[int, ...]
    went_out: int | None
    final_turns_left: int
    turns: int
    reshuffles: int
    end: EndReason | None
    points: tuple[int, ...] | None
    code: str | None
    context: HoleContext | None
    legal: tuple[Action, ...]

    @property
    def current(self) -> int | None:
        return self.to_act[0] if self.to_act else None

    @property
    def discard_top(self) -> AnyCard:
        return self.discard[-1]

    @property
    def is_over(self) -> bool:
        return self.phase is Phase.OVER

    @property
    def my_turn(self) -> bool:
        return bool(self.legal)

    def to_json(self) -> dict[str, Any]:
        context, holding = self.context, self.holding
        return {
            "viewer": self.viewer,
            "rules": dict(_rules_json(self.rules)),
            "phase": self.phase.value,
            "to_act": list(self.to_act),
            "dealer": self.dealer,
            "grids": [[None if card is None else card.code for card in grid] for grid in self.grids],
            "discard": [card.code for card in self.discard],
            "stock": self.stock_count,
            "holder": self.holder,
            "holding": None if holding is None else holding.code,
            "reveals_left": list(self.reveals_left),
            "went_out": self.went_out,
            "final_turns_left": self.final_turns_left,
            "turns": self.turns,
            "reshuffles": self.reshuffles,
            "end": None if self.end is None else self.end.value,
            "points": None if self.points is None else list(self.points),
            "code": self.code,
            "hole": None if context is None else context.hole,
            "holes": None if context is None else context.holes,
            "totals": None if context is None else list(context.totals),
            "legal": [action_to_json(action) for action in self.legal],
        }

    @classmethod
    def from_json(cls, data: Any) -> View:
        """Read :meth:`to_json`'s output; raise :class:`GolfError` (``sixcard.bad_view``, or
        ``sixcard.bad_action`` for a malformed action) unless it is a view a hole could show.

        Bots and programs downstream trust what they get, so everything is checked here: types
        and ranges of every field, the sizes of the grids, one deck's cards each seen once, the
        phase agreeing with the turn, the holder and the actions offered (:func:`_inconsistency`).
        """
        try:
            view = cls._read(data)
        except GolfError as error:
            if error.key == "sixcard.bad_action":
                raise
            raise GolfError("sixcard.bad_view", f"not a view: {error}", problem=str(error)[:200]) from error
        except (KeyError, TypeError, ValueError, AttributeError, IndexError) as error:
            raise GolfError("sixcard.bad_view", f"not a view: {error!r}", problem=repr(error)[:200]) from error
        problem = _inconsistency(view)
        if problem is not None:
            raise GolfError("sixcard.bad_view", f"not a view: {problem}", problem=problem)
        return view

    @classmethod
    def _read(cls, data: Any) -> View:
        """Every field with its type and range checked (raises KeyError, TypeError, ValueError…)."""
        rules_data = data["rules"]
        rules = SixCardRules(
            players=_whole(rules_data["players"], 0, MAX_HOLES),
            grid=_whole(rules_data["grid"], 0, MAX_HOLES),
            jokers=_whole(rules_data["jokers"], 0, MAX_HOLES),
            final_turn=_flag(rules_data["final_turn"]),
            reshuffle_discard=_flag(rules_data["reshuffle_discard"]),
            holes=_whole(rules_data["holes"], 0, MAX_HOLES),
            decks=_whole(rules_data.get("decks", 1), 0, MAX_HOLES),
            start_face_up=_maybe_whole(rules_data.get("start_face_up"), 0, MAX_HOLES),
            flip_after_discard=FlipAfterDiscard(rules_data.get("flip_after_discard", "never")),
            **{name: _flag(rules_data.get(name, False)) for name in BOOLEAN_RULES[2:]},
        )  # SixCardRules checks the ranges; these only the types
        players = rules.players

        def seat(value: Any) -> int:
            return _whole(value, 0, players - 1)

        def maybe_seat(value: Any) -> int | None:
            return None if value is None else seat(value)

        def card(text: Any) -> AnyCard | None:
            return None if text is None else parse_card(text)

        def per_seat(value: Any, low: int, high: int) -> tuple[int, ...]:
            return tuple(_whole(item, low, high) for item in _sized(value, players, players))

        context = None
        if data.get("hole") is not None:
            holes = _whole(data["holes"], 1, MAX_HOLES)
            context = HoleContext(
                _whole(data["hole"], 0, holes - 1), holes, per_seat(data["totals"], -MAX_TOTAL, MAX_TOTAL)
            )
        code = data["code"]
        if code is not None and not (isinstance(code, str) and len(code) <= MAX_CODE):
            raise ValueError("code must be text")
        return cls(
            rules=rules,
            viewer=maybe_seat(data["viewer"]),
            phase=Phase(data["phase"]),
            to_act=tuple(seat(item) for item in _sized(data["to_act"], 0, players)),
            dealer=seat(data["dealer"]),
            grids=tuple(
                tuple(card(text) for text in _sized(grid, rules.grid, rules.grid))
                for grid in _sized(data["grids"], players, players)
            ),
            discard=tuple(parse_card(text) for text in _sized(data["discard"], 1, rules.deck_size)),
            stock_count=_whole(data["stock"], 0, rules.deck_size),
            holder=maybe_seat(data["holder"]),
            holding=card(data["holding"]),
            reveals_left=per_seat(data["reveals_left"], 0, rules.initial_face_up),
            went_out=maybe_seat(data["went_out"]),
            final_turns_left=_whole(data["final_turns_left"], 0, players - 1),
            turns=_whole(data["turns"], 0, MAX_TURNS),
            reshuffles=_whole(data["reshuffles"], 0, MAX_RESHUFFLES),
            end=None if data["end"] is None else EndReason(data["end"]),
            points=None if data["points"] is None else per_seat(data["points"], -MAX_TOTAL, MAX_TOTAL),
            code=code,
            context=context,
            legal=tuple(action_from_json(item) for item in _sized(data["legal"], 0, 2 * rules.grid + 2)),
        )


MAX_TOTAL = 100_000
"""Bound on points and totals read from outside (a real match stays far below)."""
MAX_TURNS = 1_000_000
MAX_CODE = 64


def _whole(value: Any, low: int, high: int) -> int:
    """``value`` if it is an int (not a bool) from ``low`` to ``high``; ValueError otherwise."""
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        raise ValueError(f"{str(value)[:20]!r} is not a whole number from {low} to {high}")
    return value


def _maybe_whole(value: Any, low: int, high: int) -> int | None:
    return None if value is None else _whole(value, low, high)


def _flag(value: Any) -> bool:
    if not isinstance(value, bool):
        raise ValueError(f"{str(value)[:20]!r} is not true or false")
    return value


def _sized(value: Any, low: int, high: int) -> list[Any]:
    """``value`` if it is a list of ``low`` to ``high`` items; ValueError otherwise."""
    if not isinstance(value, list) or not low <= len(value) <= high:
        raise ValueError(f"expected a list of {low} to {high} items")
    return value


def _expected_legal(view: View) -> set[Action]:
    """The actions the rules offer ``view.viewer`` in the position the view describes."""
    if view.viewer is None or view.viewer not in view.to_act:
        return set()
    rules = view.rules
    positions = range(rules.grid)
    down = [p for p in positions if view.grids[view.viewer][p] is None]
    if view.phase is Phase.REVEAL:
        return {Reveal(p) for p in down}
    if view.phase is Phase.DRAW:
        actions: set[Action] = {DrawStock(), *(TakeDiscard(p) for p in positions)}
        if rules.flip_as_turn:
            actions.update(Flip(p) for p in down)
        if rules.knock_early and view.went_out is None and 1 <= len(down) <= KNOCK_EARLY_MAX:
            actions.add(KnockEarly())
        return actions
    swaps = {Swap(p) for p in positions}
    flip = rules.flip_after_discard
    endgame = view.went_out is not None or any(grid.count(None) <= 1 for grid in view.grids)
    if flip is FlipAfterDiscard.ALWAYS and down:
        return {*(DiscardFlip(p) for p in down), *swaps}
    if flip is FlipAfterDiscard.ENDGAME and down and endgame:
        return {DiscardDrawn(), *(DiscardFlip(p) for p in down), *swaps}
    return {DiscardDrawn(), *swaps}


def _inconsistency(view: View) -> str | None:
    """Why ``view`` is not one a hole could show (English, for the error's detail), or None."""
    rules, players = view.rules, view.rules.players
    visible = [card for grid in view.grids for card in grid if card is not None] + list(view.discard)
    if view.holding is not None:
        visible.append(view.holding)
    indexes = [card.index for card in visible]
    copies = {index: indexes.count(index) for index in set(indexes)}
    if any(count > rules.decks or index >= DECK_SIZE + rules.jokers for index, count in copies.items()):
        return "a card is shown more often than the decks hold it, or is not in the deck"
    if players * rules.grid + len(view.discard) + view.stock_count + (view.holder is not None) != rules.deck_size:
        return "the grids, the discard, the stock and the drawn card do not make one deck"
    if view.holding is not None and (view.viewer is None or view.holder != view.viewer):
        return "a drawn card shown to someone who does not hold it"
    if view.reshuffles and not rules.reshuffle_discard:
        return "a reshuffle without the reshuffle rule"
    if (view.final_turns_left or view.went_out is not None and view.phase is not Phase.OVER) and not rules.final_turn:
        return "a last turn without the final-turn rule"
    face_up = [sum(card is not None for card in grid) for grid in view.grids]
    if view.phase is Phase.OVER:
        if view.to_act or view.holder is not None or view.end is None or view.points is None:
            return "a hole over with someone to act, a card held, no end or no points"
        if any(count != rules.grid for count in face_up):
            return "a hole over with face-down cards"
    else:
        if view.end is not None or view.points is not None or view.code is not None:
            return "an end, points or a code before the hole is over"
        if view.phase is Phase.REVEAL:
            first = (view.dealer + 1) % players
            waiting = [(first + k) % players for k in range(players) if view.reveals_left[(first + k) % players]]
            if list(view.to_act) != waiting or view.holder is not None or view.turns or view.went_out is not None:
                return "the reveals do not match who is to act"
            if any(face_up[s] != rules.initial_face_up - view.reveals_left[s] for s in range(players)):
                return "the reveals left do not match the cards face up"
        else:
            current = (view.dealer + 1 + view.turns) % players
            if any(view.reveals_left) or view.to_act != (current,):
                return "the player to act does not follow from the dealer and the turns played"
            if (view.holder is not None) != (view.phase is Phase.PLACE) or view.holder not in (None, current):
                return "the holder of a drawn card does not match the phase"
            if view.phase is Phase.DRAW and view.stock_count == 0:
                return "a turn starts with an empty stock"
            if any(count < rules.initial_face_up for count in face_up):
                return "a grid with fewer cards face up than were revealed"
            if view.went_out is None and (view.final_turns_left or rules.grid in face_up):
                return "a grid all face up while nobody went out"
            if view.went_out is not None and (face_up[view.went_out] != rules.grid or not view.final_turns_left):
                return "whoever went out has cards face down, or no last turn is left"
    legal = set(view.legal)
    if len(legal) != len(view.legal) or legal != _expected_legal(view):
        return "the actions offered are not the ones the rules allow"
    return None


@functools.lru_cache(maxsize=256)
def _rules_json(rules: SixCardRules) -> tuple[tuple[str, object], ...]:
    """The rules' part of :meth:`View.to_json` (kept: a view is sent to each seat after every action)."""
    return (*((name, getattr(rules, name)) for name in RULE_FIELDS), ("rows", rules.rows), ("columns", rules.columns))


class ViewedHole(Protocol):
    """What :func:`views_for` reads of a hole, which knows every card: in practice a
    :class:`~golfcards.sixcard.state.HoleState`. Named by what it offers rather than imported, because
    the state builds its own views (:meth:`~golfcards.sixcard.state.HoleState.view`) with this module."""

    @property
    def rules(self) -> SixCardRules: ...
    @property
    def phase(self) -> Phase: ...
    @property
    def to_act(self) -> tuple[int, ...]: ...
    @property
    def dealer(self) -> int: ...
    @property
    def grids(self) -> Sequence[Sequence[int]]: ...
    @property
    def face_up(self) -> Sequence[Sequence[bool]]: ...
    @property
    def discard(self) -> Sequence[int]: ...
    @property
    def stock(self) -> Sequence[int]: ...
    @property
    def holder(self) -> int | None: ...
    @property
    def holding(self) -> int | None: ...
    @property
    def reveals_left(self) -> Sequence[int]: ...
    @property
    def went_out(self) -> int | None: ...
    @property
    def final_turns_left(self) -> int: ...
    @property
    def turns(self) -> int: ...
    @property
    def reshuffles(self) -> int: ...
    @property
    def end(self) -> EndReason | None: ...
    @property
    def code(self) -> DealCode | None: ...
    @property
    def context(self) -> HoleContext | None: ...
    def points(self) -> tuple[int, ...]: ...
    def legal_actions(self, seat: int | None = None) -> list[Action]: ...


def view_for(state: ViewedHole, viewer: int | None) -> View:
    """What ``viewer`` (a seat, or None for a spectator) may see: :func:`views_for` of one viewer."""
    return views_for(state, (viewer,))[viewer]


def views_for(state: ViewedHole, viewers: Iterable[int | None]) -> dict[int | None, View]:
    """THE function that decides what each of ``viewers`` (seats, None for a spectator) may see.

    What every viewer sees alike (the grids, the discard, the points) is worked out once and shared
    by the views (they are frozen); only the drawn card and the actions offered depend on the viewer.
    A table tells every seat of every change, so it asks for all of them at once."""
    players = state.rules.players
    wanted = tuple(dict.fromkeys(viewers))
    for viewer in wanted:
        if viewer is not None and not 0 <= viewer < players:
            raise GolfError("sixcard.no_such_seat", f"there is no seat {viewer}", seat=viewer)
    over = state.phase is Phase.OVER
    grids: tuple[tuple[AnyCard | None, ...], ...]
    if over:
        grids = tuple(tuple([SIXCARD_CARDS[card] for card in grid]) for grid in state.grids)
    else:
        grids = tuple(
            tuple([SIXCARD_CARDS[card] if up else None for card, up in zip(grid, flags, strict=False)])
            for grid, flags in zip(state.grids, state.face_up, strict=False)
        )
    holder = state.holder
    alike: dict[str, Any] = {
        "rules": state.rules,
        "phase": state.phase,
        "to_act": state.to_act,
        "dealer": state.dealer,
        "grids": grids,
        "discard": tuple([SIXCARD_CARDS[card] for card in state.discard]),
        "stock_count": len(state.stock),
        "holder": holder,
        "reveals_left": tuple(state.reveals_left),
        "went_out": state.went_out,
        "final_turns_left": state.final_turns_left,
        "turns": state.turns,
        "reshuffles": state.reshuffles,
        "end": state.end,
        "points": state.points() if over else None,
        "code": str(state.code) if over and state.code is not None else None,
        "context": state.context,
    }
    drawn = None if state.holding is None else SIXCARD_CARDS[state.holding]
    return {
        viewer: View(
            viewer=viewer,
            holding=drawn if holder == viewer else None,
            legal=tuple(state.legal_actions(viewer)) if viewer is not None else (),
            **alike,
        )
        for viewer in wanted
    }
