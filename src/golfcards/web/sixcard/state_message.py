"""What one client of a Six-card Golf room receives: built from the engine's ``view_for`` only.

The message for a seat holds that seat's view (:func:`golfcards.sixcard.view.view_for` through
``Match.view``), the room's public facts (seats, scorecard), the last action of each player as the
table saw it, and words in the client's language. The faces and names of cards are added only for
cards that appear in that message already, so nothing can reveal a card the receiver may not know:
not another player's face-down cards, not their own, not the stock, not someone else's drawn card.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from typing import Any, TypeVar, cast

from golfcards.i18n import N_, Translator
from golfcards.i18n.cards import card_name
from golfcards.i18n.sixcard import bot_seat_name, over_text
from golfcards.runners.room_messages import (
    CardFace,
    RoomFacts,
    RoomSeat,
    Scorecard,
    SeatFlags,
    SeenAction,
    StateMessage,
)
from golfcards.runners.sixcard_table import LastAction, Status, table_status
from golfcards.sixcard.hole_scores import hole_scores
from golfcards.sixcard.view import View
from golfcards.web.pages.card_faces import card_face, face
from golfcards.web.sixcard.house import house_rules
from golfcards.web.sixcard.rooms import HOST, Room, SeatKind
from golfcards.web.sixcard.seats import ARRIVAL_NOTICE, STAND_IN_NOTICE
from golfcards.web.sixcard.spectators import Visitor, spectator_count, spectator_names

T = TypeVar("T")

LAST_ACTIONS = {
    "reveal": N_("{player} turned up {card}"),
    "draw": N_("{player} drew from the stock"),
    "take": N_("{player} took the discard {card} and threw away {thrown}"),
    "swap": N_("{player} placed the drawn card {card} and threw away {thrown}"),
    "discard": N_("{player} threw away the drawn card {thrown}"),
    "flip": N_("{player} turned up {card}"),
    "discard_flip": N_("{player} threw away the drawn card {thrown} and turned up {card}"),
    "knock": N_("{player} knocked early and turned up the last cards"),
}


def seat_name(room: Room, seat: int, t: Translator) -> str:
    holder = room.seats[seat]
    if holder.kind is SeatKind.BOT and holder.level:
        return bot_seat_name(holder.level, seat, t)
    return holder.name or t.gettext("Player {number}", number=seat + 1)


def room_alike(room: Room, t: Translator, public_url: str | None = None) -> RoomFacts:
    """The room as a spectator is told of it: what every client of a language reads alike
    (:func:`room_for` makes a seated client's from it)."""
    return RoomFacts(
        code=room.code,
        link=None if public_url is None else f"{public_url}/sixcard/{room.code}",
        players=room.rules.players,
        holes=room.rules.holes,
        started=room.match is not None,
        host=False,
        public=room.public,
        seats=tuple(
            RoomSeat(
                name=seat_name(room, number, t),
                kind=holder.kind.value,
                level=holder.level,
                connected=holder.connections > 0 or holder.kind is SeatKind.BOT,
                you=False,
            )
            for number, holder in enumerate(room.seats)
        ),
    )


def room_for(alike: RoomFacts, seat: int | None) -> RoomFacts:
    """:func:`room_alike`'s ``alike`` for the client at ``seat``: which seat is theirs, and whether
    they host (the parts not changed are shared with ``alike``)."""
    if seat is None:
        return alike
    seats = list(alike.seats)
    mine = seats[seat]
    seats[seat] = RoomSeat(mine.name, mine.kind, mine.level, mine.connected, you=True)
    a = alike
    host = seat == HOST and not a.public
    return RoomFacts(a.code, a.link, a.players, a.holes, a.started, host, a.public, tuple(seats))


def seen_action(room: Room, action: LastAction, t: Translator) -> SeenAction:
    """What the table saw ``action`` do, with its sentence in the language of ``t``."""
    names = {key: face(code, t)["name"] for key, code in (("card", action.card), ("thrown", action.thrown)) if code}
    text = t.gettext(LAST_ACTIONS[action.kind], player=seat_name(room, action.seat, t), **names)
    return SeenAction(**vars(action), text=text)


def status_text(room: Room, view: View | None, seat: int | None, t: Translator) -> str:
    """One sentence telling this client what is going on, or what to do."""
    match = room.match
    status = table_status(
        view,
        seat,
        open_seats=any(holder.kind is SeatKind.OPEN for holder in room.seats),
        match_winners=match.winners() if match is not None and match.is_terminal() else None,
    )
    match status.status:
        case Status.WAITING if room.public:
            return t.gettext("Waiting for players: if nobody comes, bots of a similar strength take the empty seats.")
        case Status.WAITING:
            return t.gettext("Waiting for players: share the room code or fill the empty seats with bots.")
        case Status.SEATED:
            return t.gettext("Everyone is seated: the host can start the match.")
        case Status.HOLE_OVER | Status.MATCH_OVER:
            return over_text(status, lambda number: seat_name(room, number, t), t)
        case Status.REVEAL:
            return t.ngettext("Turn up {count} more card.", "Turn up {count} more cards.", status.count)
        case Status.PLACE:
            assert status.card is not None
            return t.gettext(
                "You drew {card}: click a card of your grid to replace it, or throw it away.",
                card=card_name(status.card, t),
            )
        case Status.DRAW:
            return t.gettext("Your turn: draw from the stock or take the discard.")
        case Status.EVERYONE_REVEALS:
            return t.gettext("Everyone turns up their first cards.")
    return t.gettext("{player} is playing.", player=seat_name(room, status.seat, t))


def scores_json(view: View) -> tuple[dict[str, Any], ...] | None:
    """Each seat's hole explained column by column (:func:`~golfcards.sixcard.hole_scores.hole_scores`),
    only once the hole is over and every card is face up (None before: nothing hidden is scored)."""
    scores = hole_scores(view)
    return None if scores is None else tuple(score.to_json() for score in scores)


def visible_codes(view: View | None, last_actions: Sequence[SeenAction]) -> frozenset[str]:
    """Every card code a message already shows: in the view and in the public last actions."""
    codes: set[str] = set()
    if view is not None:
        codes.update(card.code for grid in view.grids for card in grid if card is not None)
        codes.update(card.code for card in view.discard)
        if view.holding is not None:
            codes.add(view.holding.code)
    for action in last_actions:
        codes.update(code for code in (action.card, action.thrown) if code)
    return frozenset(codes)


def seat_flags(room: Room, host: bool) -> tuple[SeatFlags, ...]:
    """Each seat's flags as the host (``host``) or anyone else is told of them: away, played by a
    stand-in, and what the host may do to it (see :mod:`golfcards.web.sixcard.seats`)."""
    flags = []
    for number, holder in enumerate(room.seats):
        other_human = host and number != HOST and holder.kind is SeatKind.HUMAN
        away = room.is_away(number)
        flags.append(SeatFlags(away, holder.stand_in, other_human and away, other_human))
    return tuple(flags)


class RoomMoment:
    """A room between two changes, as its clients are told of it: the :class:`StateMessage` of each
    seat (None: a spectator) in each language. What is alike for every client of a language — the
    last actions, the scorecard, the faces of cards, the house rules, the spectators — is worked out
    once, however many clients there are (a change of a four-player table is told four times or
    more). Valid until the room changes."""

    def __init__(self, room: Room, public_url: str | None = None, watchers: Sequence[Visitor] = ()) -> None:
        """``watchers``: the room's connections told of it (players and spectators, in the order they came)."""
        self.room = room
        self.public_url = public_url
        self.watchers = watchers
        self._built: dict[Hashable, object] = {}

    def message(self, seat: int | None, t: Translator) -> StateMessage:
        """The state message for one client sitting at ``seat`` (None: not seated). Its parts are
        shared with other messages of this moment (they are frozen)."""
        room, match = self.room, self.room.match
        view = None if match is None else self.alike("views", lambda: match.views((None, *range(match.players))))[seat]
        last_actions, scorecard = self.alike(("public", t), lambda: self._public(t))
        codes = visible_codes(view, last_actions)
        holder = None if seat is None else room.seats[seat]
        arriving = holder is not None and holder.joins_at_hole is not None
        notice = ARRIVAL_NOTICE if arriving else STAND_IN_NOTICE
        host = seat == HOST and not room.public
        return StateMessage(
            seat=seat,
            room=room_for(self.alike(("room", t), lambda: room_alike(room, t, self.public_url)), seat),
            view=view,
            last_actions=last_actions,
            scorecard=scorecard,
            status=status_text(room, view, seat, t),
            sequence=room.sequence,
            hole_scores=None if view is None else self.alike("scores", lambda: scores_json(view)),
            cards=self.alike(("cards", t, codes), lambda: self._faces(codes, t)),
            house_rules=self.alike(("rules", t), lambda: house_rules(room.rules, t)),
            spectators=self.alike(("spectators", t), lambda: spectator_names(self.watchers, t)),
            spectator_count=self.alike("spectator_count", lambda: spectator_count(self.watchers)),
            watching=seat is None,
            seat_states=self.alike(("seats", host), lambda: seat_flags(room, host)),
            stand_in_notice=t.gettext(notice) if holder is not None and holder.stand_in else None,
            joins_next_hole=arriving,
        )

    def _faces(self, codes: frozenset[str], t: Translator) -> dict[str, CardFace]:
        """The faces of the cards ``codes`` in the language of ``t``, by code in order."""
        return {code: card_face(code, t) for code in sorted(codes)}

    def alike(self, key: Hashable, build: Callable[[], T]) -> T:
        """``build()``, worked out once in this moment for all the messages that share ``key``."""
        if key not in self._built:
            self._built[key] = build()
        return cast(T, self._built[key])

    def _public(self, t: Translator) -> tuple[tuple[SeenAction, ...], Scorecard | None]:
        """The last actions of this hole and the scorecard, as every client of ``t``'s language reads them."""
        room, match = self.room, self.room.match
        hole = match.hole if match is not None else None
        seen = tuple(seen_action(room, action, t) for action in room.last.values() if action.hole == hole)
        if match is None:
            return seen, None
        over = match.is_terminal()
        return seen, Scorecard(
            results=tuple(tuple(points) for points in match.results),
            totals=tuple(match.totals),
            over=over,
            winners=tuple(match.winners()) if over else (),
        )


def message_for(room: Room, seat: int | None, t: Translator, public_url: str | None = None) -> StateMessage:
    """The state message for one client sitting at ``seat`` (None: not seated), in a room nobody watches."""
    return RoomMoment(room, public_url).message(seat, t)
