"""What one player, or a spectator, may see of a hole — built by :func:`view_for` only.

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

from dataclasses import dataclass
from typing import Any

from golfcards.cards import AnyCard, card_from_index, parse_card
from golfcards.errors import GolfError
from golfcards.sixcard.actions import Action, action_from_json, action_to_json
from golfcards.sixcard.rules import SixCardRules
from golfcards.sixcard.state import EndReason, HoleContext, HoleState, Phase

RULE_FIELDS = ("players", "grid", "jokers", "final_turn", "reshuffle_discard", "holes")


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
        def code_of(card: AnyCard | None) -> str | None:
            return None if card is None else card.code

        context = self.context
        return {
            "viewer": self.viewer,
            "rules": {name: getattr(self.rules, name) for name in RULE_FIELDS}
            | {"rows": self.rules.rows, "columns": self.rules.columns},
            "phase": self.phase.value,
            "to_act": list(self.to_act),
            "dealer": self.dealer,
            "grids": [[code_of(card) for card in grid] for grid in self.grids],
            "discard": [card.code for card in self.discard],
            "stock": self.stock_count,
            "holder": self.holder,
            "holding": code_of(self.holding),
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
        """Read :meth:`to_json`'s output; raise :class:`GolfError` (``sixcard.bad_view``) if malformed."""
        try:
            rules = SixCardRules(**{name: data["rules"][name] for name in RULE_FIELDS})

            def card(text: str | None) -> AnyCard | None:
                return None if text is None else parse_card(text)

            context = None
            if data.get("hole") is not None:
                context = HoleContext(int(data["hole"]), int(data["holes"]), tuple(data["totals"]))
            return cls(
                rules=rules,
                viewer=data["viewer"],
                phase=Phase(data["phase"]),
                to_act=tuple(data["to_act"]),
                dealer=int(data["dealer"]),
                grids=tuple(tuple(card(text) for text in grid) for grid in data["grids"]),
                discard=tuple(parse_card(text) for text in data["discard"]),
                stock_count=int(data["stock"]),
                holder=data["holder"],
                holding=card(data["holding"]),
                reveals_left=tuple(data["reveals_left"]),
                went_out=data["went_out"],
                final_turns_left=int(data["final_turns_left"]),
                turns=int(data["turns"]),
                reshuffles=int(data["reshuffles"]),
                end=None if data["end"] is None else EndReason(data["end"]),
                points=None if data["points"] is None else tuple(data["points"]),
                code=data["code"],
                context=context,
                legal=tuple(action_from_json(item) for item in data["legal"]),
            )
        except GolfError as error:
            if error.key == "sixcard.bad_action":
                raise
            raise GolfError("sixcard.bad_view", f"not a view: {error}", problem=str(error)) from error
        except (KeyError, TypeError, ValueError, AttributeError) as error:
            raise GolfError("sixcard.bad_view", f"not a view: {error!r}", problem=repr(error)) from error


def view_for(state: HoleState, viewer: int | None) -> View:
    """THE function that decides what ``viewer`` (a seat, or None for a spectator) may see."""
    over = state.phase is Phase.OVER
    if viewer is not None and not 0 <= viewer < state.rules.players:
        raise GolfError("sixcard.no_such_seat", f"there is no seat {viewer}", seat=viewer)
    grids = tuple(
        tuple(card_from_index(card) if over or up else None for card, up in zip(grid, flags, strict=False))
        for grid, flags in zip(state.grids, state.face_up, strict=False)
    )
    holder = state.holder
    holding = card_from_index(state.holding) if state.holding is not None and holder == viewer else None
    return View(
        rules=state.rules,
        viewer=viewer,
        phase=state.phase,
        to_act=state.to_act,
        dealer=state.dealer,
        grids=grids,
        discard=tuple(card_from_index(card) for card in state.discard),
        stock_count=len(state.stock),
        holder=holder,
        holding=holding,
        reveals_left=tuple(state.reveals_left),
        went_out=state.went_out,
        final_turns_left=state.final_turns_left,
        turns=state.turns,
        reshuffles=state.reshuffles,
        end=state.end,
        points=state.points() if over else None,
        code=str(state.code) if over and state.code is not None else None,
        context=state.context,
        legal=tuple(state.legal_actions(viewer)) if viewer is not None else (),
    )
