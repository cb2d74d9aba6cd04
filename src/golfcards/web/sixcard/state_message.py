"""What one client of a Six-card Golf room receives: built from the engine's ``view_for`` only.

The message for a seat holds that seat's view (:func:`golfcards.sixcard.view.view_for` through
``Match.view``), the room's public facts (seats, scorecard), the last action of each player as the
table saw it, and words in the client's language. The faces and names of cards are added only for
cards that appear in that message already, so nothing can reveal a card the receiver may not know:
not another player's face-down cards, not their own, not the stock, not someone else's drawn card.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Any, TypeVar, cast

from golfcards.i18n import N_, Translator
from golfcards.i18n.cards import card_name
from golfcards.i18n.sixcard import bot_seat_name, over_text
from golfcards.runners.sixcard_table import Status, table_status
from golfcards.sixcard.hole_scores import hole_scores
from golfcards.sixcard.view import View
from golfcards.web.pages.card_faces import face
from golfcards.web.sixcard.rooms import HOST, LastAction, Room, SeatKind

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


def room_alike_json(room: Room, t: Translator, public_url: str | None = None) -> dict[str, Any]:
    """The room as a spectator is told of it: what every client of a language reads alike
    (:func:`room_json_for` makes a seated client's from it)."""
    return {
        "code": room.code,
        "link": None if public_url is None else f"{public_url}/sixcard/{room.code}",
        "players": room.rules.players,
        "holes": room.rules.holes,
        "started": room.match is not None,
        "host": False,
        "public": room.public,
        "seats": [
            {
                "name": seat_name(room, number, t),
                "kind": holder.kind.value,
                "level": holder.level,
                "connected": holder.connections > 0 or holder.kind is SeatKind.BOT,
                "you": False,
            }
            for number, holder in enumerate(room.seats)
        ],
    }


def room_json_for(alike: dict[str, Any], seat: int | None) -> dict[str, Any]:
    """:func:`room_alike_json`'s ``alike`` for the client at ``seat``: which seat is theirs, and
    whether they host (the parts not changed are shared with ``alike``)."""
    if seat is None:
        return alike
    seats = list(alike["seats"])
    seats[seat] = {**seats[seat], "you": True}
    return {**alike, "host": seat == HOST and not alike["public"], "seats": seats}


def last_action_json(room: Room, action: LastAction, t: Translator) -> dict[str, Any]:
    names = {key: face(code, t)["name"] for key, code in (("card", action.card), ("thrown", action.thrown)) if code}
    return {
        "seat": action.seat,
        "kind": action.kind,
        "position": action.position,
        "card": action.card,
        "thrown": action.thrown,
        "sequence": action.sequence,
        "hole": action.hole,
        "text": t.gettext(LAST_ACTIONS[action.kind], player=seat_name(room, action.seat, t), **names),
    }


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


def scores_json(view: View) -> list[dict[str, Any]] | None:
    """Each seat's hole explained column by column (:func:`~golfcards.sixcard.hole_scores.hole_scores`),
    only once the hole is over and every card is face up (None before: nothing hidden is scored)."""
    scores = hole_scores(view)
    return None if scores is None else [score.to_json() for score in scores]


def visible_codes(message: dict[str, Any]) -> set[str]:
    """Every card code already in the message (the view and the public last actions)."""
    view = message.get("view") or {}
    codes = {code for grid in view.get("grids", []) for code in grid if code}
    codes.update(view.get("discard", []))
    if view.get("holding"):
        codes.add(view["holding"])
    for action in message.get("last_actions", []):
        codes.update(code for code in (action["card"], action["thrown"]) if code)
    return codes


class RoomMoment:
    """A room between two changes, as its clients are told of it: the state message of each seat
    (None: a spectator) in each language. What is alike for every client of a language — the last
    actions, the scorecard, the faces of cards — is worked out once, however many clients there are
    (a change of a four-player table is told four times or more). Valid until the room changes."""

    def __init__(self, room: Room, public_url: str | None = None) -> None:
        self.room = room
        self.public_url = public_url
        self._built: dict[Hashable, object] = {}

    def message(self, seat: int | None, t: Translator) -> dict[str, Any]:
        """The whole state message for one client sitting at ``seat`` (None: not seated). Parts of it
        are shared with other messages of this moment: encode it, do not change it."""
        room, match = self.room, self.room.match
        view = None if match is None else self.alike("views", lambda: match.views((None, *range(match.players))))[seat]
        message: dict[str, Any] = {
            "type": "state",
            "seat": seat,
            "room": room_json_for(self.alike(("room", t), lambda: room_alike_json(room, t, self.public_url)), seat),
            "view": None if view is None else view.to_json(),
            **self.alike(("public", t), lambda: self._public(t)),
            "status": status_text(room, view, seat, t),
            "sequence": room.sequence,
            "hole_scores": None if view is None else self.alike("scores", lambda: scores_json(view)),
        }
        codes = frozenset(visible_codes(message))
        message["cards"] = self.alike(("cards", t, codes), lambda: self._faces(codes, t))
        return message

    def _faces(self, codes: frozenset[str], t: Translator) -> dict[str, dict[str, object]]:
        """The faces of the cards ``codes`` in the language of ``t``, by code in order."""
        faces: dict[str, dict[str, object]] = self.alike(("faces", t), dict)
        return {code: faces.get(code) or faces.setdefault(code, face(code, t)) for code in sorted(codes)}

    def alike(self, key: Hashable, build: Callable[[], T]) -> T:
        """``build()``, worked out once in this moment for all the messages that share ``key``."""
        if key not in self._built:
            self._built[key] = build()
        return cast(T, self._built[key])

    def _public(self, t: Translator) -> dict[str, Any]:
        """The parts of a message that every client reads alike in the language of ``t``."""
        room, match = self.room, self.room.match
        hole = match.hole if match is not None else None
        return {
            "last_actions": [last_action_json(room, action, t) for action in room.last.values() if action.hole == hole],
            "scorecard": None
            if match is None
            else {
                "results": [list(points) for points in match.results],
                "totals": list(match.totals),
                "over": match.is_terminal(),
                "winners": list(match.winners()) if match.is_terminal() else [],
            },
        }


def message_for(room: Room, seat: int | None, t: Translator, public_url: str | None = None) -> dict[str, Any]:
    """The whole state message for one client sitting at ``seat`` (None: not seated)."""
    return RoomMoment(room, public_url).message(seat, t)
