"""One hole of Six-card Golf: the omniscient game state and its rules of play.

:class:`HoleState` knows every card, face down or not; what a player may see is built from it by
:func:`golfcards.sixcard.view.view_for` only. The state follows the game-state protocol of
:mod:`golfcards.game`: a refused action changes nothing and says why with a :class:`Refusal`, a
message key. Drivers — a server, the terminal, the arena — pass the seat that acts
(``apply(action, seat)``), so turn order is checked too.

A hole goes ``REVEAL`` (every seat turns up 2 face-down cards, 3 in the 3 × 3 grid, in any order;
the ``start_face_up`` house rule changes the count, and with 0 the hole starts with the first turn),
then turns of ``DRAW`` (draw from the stock, or take the discard into one's grid; with house rules
also turn a card up as the whole turn, or knock early) and, after a draw, ``PLACE`` (swap the drawn
card in or discard it, turning a card up with the ``flip_after_discard`` house rule). After a turn
that leaves a grid all face up the hole ends (with the ``final_turn`` house rule, after one more
turn for each other player); when the stock is empty it ends too, unless ``reshuffle_discard``
turns the discard under its top card into a new stock (at most
:data:`~golfcards.sixcard.rules.MAX_RESHUFFLES` times). The face-up flags keep what was face up at
the end; the views then reveal every grid.
"""

from __future__ import annotations

import enum

from golfcards.cards import AnyCard
from golfcards.sixcard.actions import (
    DISCARD_DRAWN,
    DISCARD_FLIPS,
    DRAW_STOCK,
    FLIPS,
    KNOCK_EARLY,
    POSITION_ACTIONS,
    REVEALS,
    SWAPS,
    TAKES,
    Action,
    DiscardDrawn,
    DiscardFlip,
    DrawStock,
    Flip,
    KnockEarly,
    Reveal,
    Swap,
    TakeDiscard,
)
from golfcards.sixcard.codes import DealCode
from golfcards.sixcard.deal import SixCardDeal, card_at, reshuffle_order
from golfcards.sixcard.hole import EndReason, HoleContext, Phase
from golfcards.sixcard.rules import KNOCK_EARLY_MAX, MAX_RESHUFFLES, FlipAfterDiscard, SixCardRules
from golfcards.sixcard.scoring import hole_points
from golfcards.sixcard.view import View, view_for

__all__ = ["EndReason", "HoleContext", "HoleState", "Phase", "Refusal"]


class Refusal(enum.StrEnum):
    """Why an action was refused; the value is the message key interfaces translate."""

    HOLE_OVER = "hole_over"
    NO_SUCH_SEAT = "no_such_seat"
    NOT_YOUR_TURN = "not_your_turn"
    NO_SUCH_POSITION = "no_such_position"
    REVEAL_FIRST = "reveal_first"
    ALREADY_REVEALED = "already_revealed"
    ALREADY_FACE_UP = "already_face_up"
    PLACE_DRAWN_CARD = "place_drawn_card"
    NOTHING_DRAWN = "nothing_drawn"
    NOT_AN_ACTION = "not_an_action"
    HOLE_NOT_OVER = "hole_not_over"
    MATCH_OVER = "match_over"
    NOTHING_TO_UNDO = "nothing_to_undo"
    NOT_UNDER_THESE_RULES = "not_under_these_rules"
    TURN_A_CARD_UP = "turn_a_card_up"
    NOT_ENDGAME_YET = "not_endgame_yet"
    TOO_MANY_FACE_DOWN = "too_many_face_down"


_Entry = tuple[
    int,
    Action,
    Phase,
    int,
    int | None,
    int | None,
    int,
    EndReason | None,
    int,
    int,
    bool,
    list[int],
    list[int],
    tuple[int, ...],
]
"""What undo needs of one action: seat, action, the scalars before it (phase, current, holding,
went_out, final_turns_left, end, turns, reshuffles), the face-up flag at the action's position, the
stock and discard lists (used only if the action reshuffled, which replaces both lists) and the
positions an early knock turned up."""


class HoleState:
    """A hole in progress. Mutable like python-chess's Board; :meth:`clone` copies it."""

    __slots__ = (
        "rules",
        "grids",
        "face_up",
        "discard",
        "stock",
        "phase",
        "current",
        "holding",
        "reveals_left",
        "dealer",
        "went_out",
        "final_turns_left",
        "end",
        "turns",
        "reshuffles",
        "number",
        "code",
        "context",
        "_log",
    )

    def __init__(
        self,
        rules: SixCardRules,
        grids: list[list[int]],
        face_up: list[list[bool]],
        discard: list[int],
        stock: list[int],
        *,
        dealer: int,
        phase: Phase = Phase.REVEAL,
        current: int | None = None,
        holding: int | None = None,
        reveals_left: list[int] | None = None,
        went_out: int | None = None,
        final_turns_left: int = 0,
        turns: int = 0,
        reshuffles: int = 0,
        number: int = 0,
        code: DealCode | None = None,
        context: HoleContext | None = None,
    ) -> None:
        """A position given in full; card indexes as in ``Card.index``. ``stock[-1]`` is drawn next.

        Normally made by :meth:`new` or :meth:`from_code`; search code builds positions directly.
        """
        self.rules = rules
        self.grids = grids
        self.face_up = face_up
        self.discard = discard
        self.stock = stock
        self.phase = phase
        self.dealer = dealer
        self.current = (dealer + 1) % rules.players if current is None else current
        self.holding = holding
        self.reveals_left = [0] * rules.players if reveals_left is None else reveals_left
        self.went_out = went_out
        self.final_turns_left = final_turns_left
        self.end: EndReason | None = None
        self.turns = turns
        self.reshuffles = reshuffles
        self.number = number
        self.code = code
        self.context = context
        self._log: list[_Entry] = []

    @classmethod
    def new(
        cls,
        deal: SixCardDeal,
        rules: SixCardRules,
        *,
        dealer: int | None = None,
        number: int = 0,
        code: DealCode | None = None,
        context: HoleContext | None = None,
    ) -> HoleState:
        """The hole as dealt: all cards face down, every seat still to turn up its cards."""
        seats = rules.players
        return cls(
            rules,
            [list(grid) for grid in deal.grids],
            [[False] * rules.grid for _ in range(seats)],
            [deal.discard],
            list(reversed(deal.stock)),
            dealer=seats - 1 if dealer is None else dealer,
            phase=Phase.REVEAL if rules.initial_face_up else Phase.DRAW,
            reveals_left=[rules.initial_face_up] * seats,
            number=number,
            code=code,
            context=context,
        )

    @classmethod
    def from_code(cls, code: DealCode | str, context: HoleContext | None = None) -> HoleState:
        parsed = code if isinstance(code, DealCode) else DealCode.parse(code)
        assert parsed.dealer is not None
        return cls.new(
            parsed.deal(), parsed.rules, dealer=parsed.dealer, number=parsed.number, code=parsed, context=context
        )

    def clone(self) -> HoleState:
        other = HoleState.__new__(HoleState)
        for name in HoleState.__slots__:
            setattr(other, name, getattr(self, name))
        other.grids = [list(grid) for grid in self.grids]
        other.face_up = [list(flags) for flags in self.face_up]
        other.discard = list(self.discard)
        other.stock = list(self.stock)
        other.reveals_left = list(self.reveals_left)
        other._log = list(self._log)
        return other

    @property
    def history(self) -> list[tuple[int, Action]]:
        """The actions played so far (and not undone), with the seat that played each."""
        return [(entry[0], entry[1]) for entry in self._log]

    # --- reading the table (omniscient: interfaces read views, not this) -------------------

    @property
    def players(self) -> int:
        return self.rules.players

    @property
    def first_player(self) -> int:
        return (self.dealer + 1) % self.rules.players

    def grid_cards(self, seat: int) -> tuple[AnyCard, ...]:
        return tuple(card_at(i) for i in self.grids[seat])

    @property
    def discard_top(self) -> AnyCard:
        return card_at(self.discard[-1])

    @property
    def stock_count(self) -> int:
        return len(self.stock)

    @property
    def holder(self) -> int | None:
        """The seat holding a card drawn from the stock, if any."""
        return self.current if self.holding is not None else None

    @property
    def to_act(self) -> tuple[int, ...]:
        """The seats that may act now: during the reveals everyone who still has cards to turn up."""
        if self.phase is Phase.OVER:
            return ()
        if self.phase is Phase.REVEAL:
            seats = self.rules.players
            order = [(self.first_player + k) % seats for k in range(seats)]
            return tuple(seat for seat in order if self.reveals_left[seat])
        return (self.current,)

    @property
    def current_player(self) -> int | None:
        """The seat expected to act next (None when the hole is over)."""
        acting = self.to_act
        return acting[0] if acting else None

    def is_terminal(self) -> bool:
        return self.phase is Phase.OVER

    def view(self, player: int | None) -> View:
        """What ``player`` (None: a spectator) may see: :func:`~golfcards.sixcard.view.view_for`."""
        return view_for(self, player)

    def all_face_up(self, seat: int) -> bool:
        return all(self.face_up[seat])

    def points(self) -> tuple[int, ...]:
        """Every seat's points with all cards counted (the hole's result once it is over): the
        grids' points under the rules, with the bonuses of going out, ties and the match's
        standing (:func:`~golfcards.sixcard.scoring.hole_points`)."""
        totals = self.context.totals if self.context is not None else None
        return hole_points(self.grids, self.rules, self.went_out, totals)

    def face_down_count(self, seat: int) -> int:
        return self.face_up[seat].count(False)

    def in_endgame(self) -> bool:
        """Whether the ``endgame`` of ``flip_after_discard`` has come: someone went out, or some grid
        has at most one card face down."""
        return self.went_out is not None or any(flags.count(False) <= 1 for flags in self.face_up)

    def returns(self) -> tuple[int, ...]:
        """OpenSpiel's returns: higher is better, so the negated points."""
        return tuple(-p for p in self.points())

    # --- legality ---------------------------------------------------------------------------

    def legal_actions(self, seat: int | None = None) -> list[Action]:
        """What ``seat`` (default: the current player) may do now, draws and discards first."""
        seat = self.current_player if seat is None else seat
        if seat is None or seat not in self.to_act:
            return []
        grid = self.rules.grid
        if self.phase is Phase.REVEAL:
            face_up = self.face_up[seat]
            return [REVEALS[p] for p in range(grid) if not face_up[p]]
        rules = self.rules
        down = [p for p in range(grid) if not self.face_up[seat][p]]
        if self.phase is Phase.DRAW:
            actions: list[Action] = [DRAW_STOCK, *TAKES[:grid]]
            if rules.flip_as_turn:
                actions.extend(FLIPS[p] for p in down)
            if rules.knock_early and self.went_out is None and 1 <= len(down) <= KNOCK_EARLY_MAX:
                actions.append(KNOCK_EARLY)
            return actions
        flip = rules.flip_after_discard
        if flip is FlipAfterDiscard.ALWAYS and down:
            return [*(DISCARD_FLIPS[p] for p in down), *SWAPS[:grid]]
        if flip is FlipAfterDiscard.ENDGAME and down and self.in_endgame():
            return [DISCARD_DRAWN, *(DISCARD_FLIPS[p] for p in down), *SWAPS[:grid]]
        return [DISCARD_DRAWN, *SWAPS[:grid]]

    def why_not(self, action: Action, seat: int | None = None) -> Refusal | None:
        """Why ``seat`` (default: the current player) may not do ``action`` now, or None if it may."""
        if self.phase is Phase.OVER:
            return Refusal.HOLE_OVER
        seat = self.current_player if seat is None else seat
        if not isinstance(seat, int) or not 0 <= seat < self.rules.players:
            return Refusal.NO_SUCH_SEAT
        if not isinstance(action, (*POSITION_ACTIONS, DrawStock, DiscardDrawn, KnockEarly)):
            return Refusal.NOT_AN_ACTION
        if seat not in self.to_act:
            return Refusal.NOT_YOUR_TURN
        if isinstance(action, POSITION_ACTIONS) and not 0 <= action.position < self.rules.grid:
            return Refusal.NO_SUCH_POSITION
        if self.phase is Phase.REVEAL:
            if not isinstance(action, Reveal):
                return Refusal.REVEAL_FIRST
            return Refusal.ALREADY_FACE_UP if self.face_up[seat][action.position] else None
        if isinstance(action, Reveal):
            return Refusal.ALREADY_REVEALED
        house = self._house_refusal(action, seat)
        if house is not None:
            return house
        if self.phase is Phase.DRAW:
            return Refusal.NOTHING_DRAWN if isinstance(action, (Swap, DiscardDrawn, DiscardFlip)) else None
        return Refusal.PLACE_DRAWN_CARD if isinstance(action, (DrawStock, TakeDiscard, Flip, KnockEarly)) else None

    def _house_refusal(self, action: Action, seat: int) -> Refusal | None:
        """Why the house rules forbid ``action`` (a turn's action, position in the grid), or None."""
        rules = self.rules
        flip = rules.flip_after_discard
        if isinstance(action, Flip):
            if not rules.flip_as_turn:
                return Refusal.NOT_UNDER_THESE_RULES
            return Refusal.ALREADY_FACE_UP if self.face_up[seat][action.position] else None
        if isinstance(action, KnockEarly):
            if not rules.knock_early or self.went_out is not None:
                return Refusal.NOT_UNDER_THESE_RULES
            return None if 1 <= self.face_down_count(seat) <= KNOCK_EARLY_MAX else Refusal.TOO_MANY_FACE_DOWN
        if isinstance(action, DiscardFlip):
            if flip is FlipAfterDiscard.NEVER:
                return Refusal.NOT_UNDER_THESE_RULES
            if self.phase is not Phase.PLACE:
                return None
            if self.face_up[seat][action.position]:
                return Refusal.ALREADY_FACE_UP
            return None if flip is FlipAfterDiscard.ALWAYS or self.in_endgame() else Refusal.NOT_ENDGAME_YET
        if isinstance(action, DiscardDrawn) and flip is FlipAfterDiscard.ALWAYS and self.phase is Phase.PLACE:
            return Refusal.TURN_A_CARD_UP if self.face_down_count(seat) else None
        return None

    # --- acting -----------------------------------------------------------------------------

    def apply(self, action: Action, seat: int | None = None) -> Refusal | None:
        """Let ``seat`` (default: the current player) do ``action`` if the rules allow it; otherwise
        change nothing and say why."""
        acting = self.current_player if seat is None else seat
        refusal = self.why_not(action, acting)
        if refusal is None:
            assert acting is not None, "why_not refuses every action once the hole is over"
            self._perform(acting, action)
        return refusal

    def undo(self) -> Refusal | None:
        """Take back the last action of this hole (any seat's); change nothing if there is none."""
        if not self._log:
            return Refusal.NOTHING_TO_UNDO
        (
            seat,
            action,
            phase,
            current,
            holding,
            went_out,
            final_left,
            end,
            turns,
            reshuffles,
            flag,
            stock,
            discard,
            knocked,
        ) = self._log.pop()
        if reshuffles != self.reshuffles:
            self.stock, self.discard = list(stock), list(discard)
        if isinstance(action, Reveal):
            self.face_up[seat][action.position] = flag
            self.reveals_left[seat] += 1
        elif isinstance(action, Flip):
            self.face_up[seat][action.position] = flag
        elif isinstance(action, DiscardFlip):
            self.discard.pop()
            self.face_up[seat][action.position] = flag
        elif isinstance(action, KnockEarly):
            for position in knocked:
                self.face_up[seat][position] = False
        elif isinstance(action, DrawStock):
            self.stock.append(self.holding)  # type: ignore[arg-type]
        elif isinstance(action, (TakeDiscard, Swap)):
            replaced = self.discard.pop()
            placed = self.grids[seat][action.position]
            self.grids[seat][action.position] = replaced
            self.face_up[seat][action.position] = flag
            if isinstance(action, TakeDiscard):
                self.discard.append(placed)
        else:
            self.discard.pop()
        self.phase, self.current, self.holding, self.went_out = phase, current, holding, went_out
        self.final_turns_left, self.end, self.turns, self.reshuffles = final_left, end, turns, reshuffles
        return None

    def _perform(self, seat: int, action: Action) -> None:
        position = action.position if isinstance(action, POSITION_ACTIONS) else None
        knocked = (
            tuple(p for p, up in enumerate(self.face_up[seat]) if not up) if isinstance(action, KnockEarly) else ()
        )
        self._log.append(
            (
                seat,
                action,
                self.phase,
                self.current,
                self.holding,
                self.went_out,
                self.final_turns_left,
                self.end,
                self.turns,
                self.reshuffles,
                position is not None and self.face_up[seat][position],
                self.stock,
                self.discard,
                knocked,
            )
        )
        if isinstance(action, Reveal):
            self.face_up[seat][action.position] = True
            self.reveals_left[seat] -= 1
            if not any(self.reveals_left):
                self.phase = Phase.DRAW
                self.current = self.first_player
        elif isinstance(action, DrawStock):
            self.holding = self.stock.pop()
            self.phase = Phase.PLACE
        elif isinstance(action, Flip):
            self.face_up[seat][action.position] = True
            self._end_turn(seat)
        elif isinstance(action, KnockEarly):
            for p in knocked:
                self.face_up[seat][p] = True
            self._end_turn(seat)
        elif isinstance(action, DiscardFlip):
            self.discard.append(self.holding)  # type: ignore[arg-type]
            self.holding = None
            self.face_up[seat][action.position] = True
            self._end_turn(seat)
        elif isinstance(action, TakeDiscard):
            self._place(seat, action.position, self.discard.pop())
        elif isinstance(action, Swap):
            card, self.holding = self.holding, None
            self._place(seat, action.position, card)  # type: ignore[arg-type]
        else:
            self.discard.append(self.holding)  # type: ignore[arg-type]
            self.holding = None
            self._end_turn(seat)

    def _place(self, seat: int, position: int, card: int) -> None:
        self.discard.append(self.grids[seat][position])
        self.grids[seat][position] = card
        self.face_up[seat][position] = True
        self._end_turn(seat)

    def _end_turn(self, seat: int) -> None:
        self.turns += 1
        if self.went_out is None and all(self.face_up[seat]):
            self.went_out = seat
            if not self.rules.final_turn:
                return self._finish(EndReason.WENT_OUT)
            self.final_turns_left = self.rules.players - 1
        elif self.went_out is not None:
            self.final_turns_left -= 1
            if not self.final_turns_left:
                return self._finish(EndReason.WENT_OUT)
        if not self.stock and not self._reshuffle():
            return self._finish(EndReason.STOCK_EMPTY)
        self.current = (seat + 1) % self.rules.players
        self.phase = Phase.DRAW

    def _reshuffle(self) -> bool:
        """With the house rule, turn the discard under its top card into a new stock."""
        if not self.rules.reshuffle_discard or self.reshuffles >= MAX_RESHUFFLES or len(self.discard) < 2:
            return False
        rest, top = self.discard[:-1], self.discard[-1]  # new lists: undo keeps the old ones
        order = reshuffle_order(len(rest), self.number, self.reshuffles)
        self.stock = [rest[i] for i in reversed(order)]
        self.discard = [top]
        self.reshuffles += 1
        return True

    def _finish(self, reason: EndReason) -> None:
        self.end = reason
        self.phase = Phase.OVER

    def __repr__(self) -> str:
        return f"HoleState({self.code or 'custom deal'}, {self.phase.value}, turn {self.turns})"
