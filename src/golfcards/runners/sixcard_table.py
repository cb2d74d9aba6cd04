"""A six-card table below both interfaces: what a seat is told is going on, acting, the bots' turns.

``golf serve``'s rooms and ``golf tui``'s table both hold a :class:`~golfcards.sixcard.match.Match`
and seats, some played by bots. This module decides, once for both, which status a seat is shown
(:func:`table_status`: a :class:`Status` and its parameters, no words; each interface says it in its
own words, through :mod:`golfcards.i18n`), what everyone saw of an action (:func:`seen_cards`,
:func:`last_action`),
which bot the table waits for (:func:`bot_to_act`) and how a bot's choice is carried out
(:func:`play_bot`).
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from golfcards.cards import AnyCard
from golfcards.sixcard.actions import Action, DiscardDrawn, DiscardFlip, Flip, Reveal, Swap, TakeDiscard
from golfcards.sixcard.match import Match, winners
from golfcards.sixcard.state import EndReason, Phase, Refusal
from golfcards.sixcard.view import View, view_for


class Status(enum.Enum):
    """What one seat (or a spectator) is told about the table."""

    WAITING = "waiting"
    """No match yet, and a seat is still open."""
    SEATED = "seated"
    """No match yet, every seat taken: the host may start."""
    HOLE_OVER = "hole_over"
    """A hole is over and the match goes on."""
    MATCH_OVER = "match_over"
    """The match is over."""
    REVEAL = "reveal"
    """This seat turns up its first cards (``count`` more)."""
    PLACE = "place"
    """This seat holds the card it drew (``card``) and places or throws it."""
    DRAW = "draw"
    """This seat's turn: draw from the stock or take the discard."""
    EVERYONE_REVEALS = "everyone_reveals"
    """The others turn up their first cards."""
    PLAYING = "playing"
    """Another seat (``seat``) is playing."""


@dataclass(frozen=True, slots=True)
class TableStatus:
    """A :class:`Status` and what its sentence names.

    ``seat``: who is playing (``PLAYING``) or who went out (``HOLE_OVER``/``MATCH_OVER``);
    ``end``: why the hole ended; ``winners``: the hole's winners, or the match's once it is over;
    ``count``: cards left to turn up (``REVEAL``); ``card``: the card held (``PLACE``).
    """

    status: Status
    seat: int = 0
    end: EndReason | None = None
    winners: tuple[int, ...] = ()
    count: int = 0
    card: AnyCard | None = None


def table_status(
    view: View | None, seat: int | None, *, open_seats: bool, match_winners: Sequence[int] | None
) -> TableStatus:
    """The status ``seat`` (None: a spectator) is shown, from its view (None: no match yet).

    ``open_seats``: whether a seat waits for a player; ``match_winners``: the match's winners once
    it is over, None while it goes on.
    """
    if view is None:
        return TableStatus(Status.WAITING if open_seats else Status.SEATED)
    if view.phase is Phase.OVER:
        out = view.went_out or 0
        if match_winners is not None:
            return TableStatus(Status.MATCH_OVER, out, view.end, tuple(match_winners))
        return TableStatus(Status.HOLE_OVER, out, view.end, winners(view.points) if view.points else ())
    if seat is not None and seat in view.to_act:
        if view.phase is Phase.REVEAL:
            return TableStatus(Status.REVEAL, seat, count=view.reveals_left[seat])
        if view.phase is Phase.PLACE and view.holding is not None:
            return TableStatus(Status.PLACE, seat, card=view.holding)
        return TableStatus(Status.DRAW, seat)
    if view.phase is Phase.REVEAL:
        return TableStatus(Status.EVERYONE_REVEALS)
    current = view.current
    return TableStatus(Status.PLAYING, current if current is not None else 0)


@dataclass(frozen=True)
class LastAction:
    """What the table saw a seat do: the kind of action, the position in its grid, the cards it made
    public (codes, or None), its number among the table's changes, and the hole."""

    seat: int
    kind: str
    position: int | None
    card: str | None
    thrown: str | None
    sequence: int
    hole: int


def last_action(match: Match, seat: int, action: Action, sequence: int, hole: int) -> LastAction:
    """``seat``'s ``action``, just applied to ``match`` in ``hole`` as the table's change number
    ``sequence``, as everyone saw it (:func:`seen_cards`)."""
    placed, discarded = seen_cards(match, seat, action)
    return LastAction(
        seat,
        action.kind,
        getattr(action, "position", None),
        None if placed is None else placed.code,
        None if discarded is None else discarded.code,
        sequence,
        hole,
    )


def seen_cards(match: Match, seat: int, action: Action) -> tuple[AnyCard | None, AnyCard | None]:
    """What everyone saw ``seat``'s action (just applied to ``match``) make public: the card now face
    up where it played, and the card it threw on the discard pile (None where it shows none).

    Read from the spectator's view only, so a card nobody may see is never named.
    """
    public = view_for(match.state, None)
    turned = (Reveal, Flip, DiscardFlip, Swap, TakeDiscard)
    card = public.grids[seat][action.position] if isinstance(action, turned) else None
    thrown = public.discard_top if isinstance(action, (Swap, TakeDiscard, DiscardDrawn, DiscardFlip)) else None
    return card, thrown


def bot_to_act(match: Match | None, plays_itself: Callable[[int], bool]) -> int | None:
    """The first seat the engine waits for that a bot plays (``plays_itself``), if any."""
    if match is None or match.state.phase is Phase.OVER:
        return None
    return next((seat for seat in match.state.to_act if plays_itself(seat)), None)


def play_bot(match: Match, seat: int, action: Action | None, act: Callable[[int, Action], Refusal | None]) -> None:
    """Carry out the action the bot of ``seat`` chose through ``act`` (the table's own, which notes
    what everyone saw); a bot that chose nothing or an illegal action plays the first legal one, so
    a bot's bug never stalls the table."""
    if action is None or act(seat, action) is not None:
        act(seat, match.state.legal_actions(seat)[0])
