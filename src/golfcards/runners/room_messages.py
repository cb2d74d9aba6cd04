"""Every message between a six-card room of ``golf serve`` and its clients, typed, with one encoder
and one decoder for each direction.

The room's WebSocket carries JSON objects with a ``type``. A client sends a :data:`ClientMessage`
(:class:`Hello`, :class:`Join`, :class:`Watch`, :class:`Act`, :class:`Start`, :class:`PutBot`,
:class:`NextHole`, :class:`Rematch`, :class:`StandIn`, :class:`Remove`, :class:`TakeBack`); the server
answers with a :data:`ServerMessage` (:class:`Welcome`, :class:`ErrorMessage`) and, after every change,
sends each client its own :class:`StateMessage`. The server builds them (``golfcards.web.sixcard``),
the page's JavaScript and ``golf tui`` read them; :func:`encode` writes any of them as the wire's JSON
text (field order is the wire's key order), :func:`decode_client_message` and
:func:`decode_server_message` read the JSON value of one message back, checking every field.

Everything read is outside input. A client message that is malformed raises :class:`GolfError`
``room.bad_message`` (or the key of the field at fault: ``room.bad_name``, ``room.bad_seat``,
``room.bad_level``, ``sixcard.bad_action``), as the server tells its client. A server message that is
malformed raises ``tui.bad_message`` (the terminal's words for it); its texts lose their control
characters and are cut to a bounded length, and its numbers are checked against the room's seats
(a scorecard has one number per seat, a seat is one of the room's). A field a client does not need to
draw the table may be missing (an older or newer server): it takes its default.

The types are frozen dataclasses (but :class:`StateMessage`) with a ``__dict__`` (no ``__slots__``):
orjson writes those about five times as fast as slotted ones, as fast as plain dicts.

To add a field to the state message: a field of :class:`StateMessage` (or of the part it belongs
to) with a default, written in :meth:`StateMessage.wire` at the key order the page expects, and read
in :func:`_state` (with its check); the server fills it where it builds the message.
"""

from __future__ import annotations

import dataclasses
import json
import unicodedata
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, TypeVar

from golfcards.errors import GolfError
from golfcards.json_input import read_json
from golfcards.runners.sixcard_table import LastAction
from golfcards.sixcard.actions import Action, action_from_json, action_to_json
from golfcards.sixcard.rules import MAX_PLAYERS
from golfcards.sixcard.view import View

try:
    import orjson
except ImportError:  # golf tui without the web extra: the standard library writes the same text
    orjson = None  # type: ignore[assignment]

T = TypeVar("T")

BAD_CLIENT_MESSAGE = "room.bad_message"
BAD_SERVER_MESSAGE = "tui.bad_message"
MAX_TEXT = 300
"""The longest sentence taken from a server message."""
MAX_NAME_TEXT = 40
"""The longest name taken from a server message (a seat's, a spectator's)."""
MAX_SEQUENCE = 1 << 53
MAX_SPECTATORS_COUNTED = 1 << 20
SEAT_KINDS = ("human", "bot", "open")


# --- the server's messages ---------------------------------------------------------------------------


@dataclass(frozen=True)
class RoomSeat:
    """A seat as everyone sees it: the name shown, who sits there (``kind``: human, bot or open), the
    level of the bot playing it (a bot seat's, or a stand-in's), whether its player (or bot) is
    there, and whether it is the receiver's."""

    name: str
    kind: str
    level: str | None = None
    connected: bool = False
    you: bool = False


@dataclass(frozen=True)
class RoomFacts:
    """The room: its code and link (None without a public address), its size, its match length,
    whether the match started, whether the receiver hosts it, whether it is a public (quick-play)
    table, which has no host, and its seats."""

    code: str
    link: str | None
    players: int
    holes: int
    started: bool
    host: bool
    public: bool
    seats: tuple[RoomSeat, ...]


@dataclass(frozen=True)
class SeenAction(LastAction):
    """A player's last action as the whole table saw it (its kind: ``reveal``, ``draw``, ``take``,
    ``swap``, ``discard``, ``flip``, ``discard_flip``, ``knock``), and a sentence saying it."""

    text: str


@dataclass(frozen=True)
class Scorecard:
    """Each hole's points per seat, the totals, whether the match is over and its winners then."""

    results: tuple[tuple[int, ...], ...]
    totals: tuple[int, ...]
    over: bool
    winners: tuple[int, ...] = ()


@dataclass(frozen=True)
class CardFace:
    """A card as the page draws it: its code, its name, the corner's rank and suit, its colour."""

    code: str
    name: str
    rank: str
    suit: str
    red: bool
    joker: bool


@dataclass(frozen=True)
class HouseRule:
    """One line of the table's house rules: the rule's field, its label, its value, the setting in
    words, and whether it is the guide's."""

    name: str
    label: str
    value: bool | int | str | None
    text: str
    default: bool


@dataclass(frozen=True)
class SeatFlags:
    """A seat's player is away, a bot stands in for them; what the receiver (the host) may do to it."""

    away: bool = False
    stand_in: bool = False
    can_stand_in: bool = False
    can_remove: bool = False


@dataclass
class StateMessage:
    """What one client is told of the room after a change (``seat`` None: a spectator).

    Not frozen, unlike its parts (which messages share): one is made per client and never changed,
    and a frozen class of sixteen fields takes several times as long to make, in every broadcast.

    ``view`` is the engine's ``view_for`` of the receiver's seat (None before the match), and every
    card face in ``cards`` is one the message already shows; ``hole_scores`` are the seats'
    :meth:`~golfcards.sixcard.hole_scores.SeatScore.to_json` once the hole is over and every card up.
    """

    seat: int | None
    room: RoomFacts
    view: View | None = None
    last_actions: tuple[SeenAction, ...] = ()
    scorecard: Scorecard | None = None
    status: str = ""
    sequence: int = 0
    hole_scores: tuple[dict[str, Any], ...] | None = None
    cards: Mapping[str, CardFace] = dataclasses.field(default_factory=dict)
    house_rules: tuple[HouseRule, ...] = ()
    spectators: tuple[str, ...] = ()
    spectator_count: int = 0
    watching: bool = False
    seat_states: tuple[SeatFlags, ...] = ()
    stand_in_notice: str | None = None
    joins_next_hole: bool = False

    def wire(self) -> dict[str, Any]:
        """The message's JSON object in the wire's key order (its parts as dataclasses: :func:`encode`)."""
        return {
            "type": "state",
            "seat": self.seat,
            "room": self.room,
            "view": None if self.view is None else self.view.to_json(),
            "last_actions": self.last_actions,
            "scorecard": self.scorecard,
            "status": self.status,
            "sequence": self.sequence,
            "hole_scores": self.hole_scores,
            "cards": self.cards,
            "house_rules": self.house_rules,
            "spectators": self.spectators,
            "spectator_count": self.spectator_count,
            "watching": self.watching,
            "seat_states": self.seat_states,
            "stand_in_notice": self.stand_in_notice,
            "joins_next_hole": self.joins_next_hole,
        }


@dataclass(frozen=True)
class Welcome:
    """The seat the client now holds, and the token that takes it back."""

    seat: int
    token: str

    def wire(self) -> dict[str, Any]:
        return {"type": "welcome", "seat": self.seat, "token": self.token}


@dataclass(frozen=True)
class ErrorMessage:
    """Why the client's message was refused (or why the connection ends): a key and a sentence."""

    key: str
    message: str

    def wire(self) -> dict[str, Any]:
        return {"type": "error", "key": self.key, "message": self.message}


ServerMessage = StateMessage | Welcome | ErrorMessage


# --- the clients' messages --------------------------------------------------------------------------


@dataclass(frozen=True)
class Hello:
    """Take back the seat held by ``token``."""

    token: str

    def wire(self) -> dict[str, Any]:
        return {"type": "hello", "token": self.token}


@dataclass(frozen=True)
class Join:
    """Take an open seat under ``name`` (None: the server names the seat)."""

    name: str | None = None

    def wire(self) -> dict[str, Any]:
        return {"type": "join", "name": self.name}


@dataclass(frozen=True)
class Watch:
    """Watch without a seat under ``name``."""

    name: str | None = None

    def wire(self) -> dict[str, Any]:
        return {"type": "watch", "name": self.name}


@dataclass(frozen=True)
class Act:
    """Play ``action`` at the client's seat."""

    action: Action

    def wire(self) -> dict[str, Any]:
        return {"type": "act", "action": action_to_json(self.action)}


@dataclass(frozen=True)
class PutBot:
    """The host puts a bot of ``level`` in ``seat`` before the match, or opens it again (None)."""

    seat: int
    level: str | None

    def wire(self) -> dict[str, Any]:
        return {"type": "bot", "seat": self.seat, "level": self.level}


@dataclass(frozen=True)
class StandIn:
    """The host has a bot play at once for the absent player of ``seat``."""

    seat: int

    def wire(self) -> dict[str, Any]:
        return {"type": "stand_in", "seat": self.seat}


@dataclass(frozen=True)
class Remove:
    """The host removes the player of ``seat`` from the room."""

    seat: int

    def wire(self) -> dict[str, Any]:
        return {"type": "remove", "seat": self.seat}


@dataclass(frozen=True)
class Start:
    """The host starts the match."""

    def wire(self) -> dict[str, Any]:
        return {"type": "start"}


@dataclass(frozen=True)
class NextHole:
    """Deal the next hole once this one is over."""

    def wire(self) -> dict[str, Any]:
        return {"type": "next_hole"}


@dataclass(frozen=True)
class Rematch:
    """A new match at the same table once this one is over."""

    def wire(self) -> dict[str, Any]:
        return {"type": "rematch"}


@dataclass(frozen=True)
class TakeBack:
    """A player whose seat a bot plays while they were away plays it again."""

    def wire(self) -> dict[str, Any]:
        return {"type": "take_back"}


ClientMessage = Hello | Join | Watch | Act | PutBot | StandIn | Remove | Start | NextHole | Rematch | TakeBack


# --- the encoder ---------------------------------------------------------------------------------------


def _fields(value: object) -> dict[str, Any]:
    """A part of a message (a dataclass) as the JSON object of its fields, in order."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {field.name: getattr(value, field.name) for field in dataclasses.fields(value)}
    raise TypeError(f"{type(value).__name__} is not part of a room message")


def encode(message: ServerMessage | ClientMessage) -> str:
    """``message`` as the wire's JSON text: compact, unicode as it is, keys in field order. orjson
    writes the parts (dataclasses) itself; without it the standard library writes the same text."""
    data = message.wire()
    if orjson is not None:
        return orjson.dumps(data).decode()
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"), default=_fields)


# --- checks of what is read -----------------------------------------------------------------------------


def clean_text(value: object, limit: int = MAX_TEXT, key: str = BAD_SERVER_MESSAGE) -> str:
    """Text made safe to draw: a string without control characters, at most ``limit`` long."""
    if not isinstance(value, str):
        raise GolfError(key, "expected text")
    if value.isprintable():  # no control character (nor separator but the space): most texts
        return value[:limit]
    return "".join(ch for ch in value if unicodedata.category(ch)[0] != "C")[:limit]


def _maybe_text(value: object, limit: int) -> str | None:
    return None if value is None else clean_text(value, limit)


def _whole(value: object, low: int, high: int, key: str = BAD_SERVER_MESSAGE) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        raise GolfError(key, f"expected a number from {low} to {high}")
    return value


def _maybe_whole(value: object, low: int, high: int) -> int | None:
    return None if value is None else _whole(value, low, high)


def _flag(value: object) -> bool:
    if not isinstance(value, bool):
        raise GolfError(BAD_SERVER_MESSAGE, "expected true or false")
    return value


def _object(value: object) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise GolfError(BAD_SERVER_MESSAGE, "expected an object")
    return value


def _list(value: object, limit: int, read: Callable[[Any], T]) -> tuple[T, ...]:
    if not isinstance(value, list) or len(value) > limit:
        raise GolfError(BAD_SERVER_MESSAGE, "expected a short list")
    return tuple(read(item) for item in value)


def _points(value: object, players: int, bound: int) -> tuple[int, ...]:
    """One number per seat, each within ``±bound`` (a scorecard's row or its totals)."""
    if not isinstance(value, list) or len(value) != players:
        raise GolfError(BAD_SERVER_MESSAGE, f"expected one number per seat ({players})")
    return tuple(_whole(points, -bound, bound) for points in value)


# --- the decoder of the server's messages ----------------------------------------------------------------


def decode_server_message(data: object) -> ServerMessage:
    """The server's message in the JSON value ``data``; :class:`GolfError` ``tui.bad_message`` if it is
    not one (a view that is not a view a hole could show included)."""
    try:
        message = _object(data)
        kind = message.get("type")
        if kind == "state":
            return _state(message)
        if kind == "welcome":
            token = message["token"]
            if not isinstance(token, str) or not 0 < len(token) <= 200:
                raise GolfError(BAD_SERVER_MESSAGE, "a token is short text")
            return Welcome(_whole(message["seat"], 0, MAX_PLAYERS - 1), token)
        if kind == "error":
            key, text = message.get("key"), message.get("message")
            return ErrorMessage(
                key[:60] if isinstance(key, str) else "", clean_text(text) if isinstance(text, str) else ""
            )
        raise GolfError(BAD_SERVER_MESSAGE, "not a message of a room")
    except GolfError as error:
        if error.key == BAD_SERVER_MESSAGE:
            raise
        raise GolfError(BAD_SERVER_MESSAGE, str(error)) from error
    except (KeyError, TypeError, AttributeError, ValueError) as error:
        raise GolfError(BAD_SERVER_MESSAGE, repr(error)) from error


def read_server_message(text: str) -> ServerMessage:
    """:func:`decode_server_message` of a message's JSON text."""
    try:
        data = read_json(text)
    except ValueError:
        raise GolfError(BAD_SERVER_MESSAGE, "not JSON") from None
    return decode_server_message(data)


def _seat(item: object) -> RoomSeat:
    seat = _object(item)
    kind = seat["kind"]
    return RoomSeat(
        clean_text(seat["name"], MAX_NAME_TEXT),
        kind if kind in SEAT_KINDS else "open",
        _maybe_text(seat.get("level"), MAX_NAME_TEXT),
        seat["connected"] is True,
        seat["you"] is True,
    )


def _room(data: object) -> RoomFacts:
    room = _object(data)
    seats = _list(room["seats"], MAX_PLAYERS, _seat)
    if len(seats) < 2:
        raise GolfError(BAD_SERVER_MESSAGE, "a room has at least 2 seats")
    return RoomFacts(
        code=clean_text(room["code"], 12),
        link=_maybe_text(room.get("link"), 200),
        players=_whole(room.get("players", len(seats)), len(seats), len(seats)),
        holes=_whole(room["holes"], 1, 99),
        started=room.get("started") is True,
        host=room.get("host") is True,
        public=room.get("public") is True,
        seats=seats,
    )


def _card_code(value: object) -> str | None:
    return _maybe_text(value, 3)


def _seen(item: object, players: int) -> SeenAction:
    seen = _object(item)
    return SeenAction(
        seat=_whole(seen["seat"], 0, players - 1),
        kind=clean_text(seen.get("kind", ""), 20),
        position=_maybe_whole(seen.get("position"), 0, 8),
        card=_card_code(seen.get("card")),
        thrown=_card_code(seen.get("thrown")),
        sequence=_whole(seen["sequence"], 0, MAX_SEQUENCE),
        hole=_whole(seen.get("hole", 0), 0, 99),
        text=clean_text(seen["text"]),
    )


def _scorecard(data: object, players: int, holes: int) -> Scorecard:
    scorecard = _object(data)
    return Scorecard(
        results=_list(scorecard["results"], holes, lambda row: _points(row, players, 999)),
        totals=_points(scorecard["totals"], players, 99_999),
        over=scorecard["over"] is True,
        winners=_list(scorecard.get("winners", []), players, lambda seat: _whole(seat, 0, players - 1)),
    )


def _face(data: object) -> CardFace:
    face = _object(data)
    return CardFace(
        clean_text(face["code"], 3),
        clean_text(face["name"], 60),
        clean_text(face["rank"], 4),
        clean_text(face["suit"], 2),
        _flag(face["red"]),
        _flag(face["joker"]),
    )


def _house_rule(data: object) -> HouseRule:
    rule = _object(data)
    value = rule.get("value")
    if value is not None and not isinstance(value, (bool, int, str)):
        raise GolfError(BAD_SERVER_MESSAGE, "a rule's value is a number, text or a flag")
    return HouseRule(
        clean_text(rule["name"], 40),
        clean_text(rule["label"], 80),
        clean_text(value, 40) if isinstance(value, str) else value,
        clean_text(rule["text"], 120),
        rule.get("default") is True,
    )


def _flags(data: object) -> SeatFlags:
    flags = _object(data)
    return SeatFlags(*(flags.get(name) is True for name in ("away", "stand_in", "can_stand_in", "can_remove")))


def _state(message: dict[str, Any]) -> StateMessage:
    room = _room(message["room"])
    players = len(room.seats)
    seat = _maybe_whole(message.get("seat"), 0, players - 1)
    view = None if message.get("view") is None else View.from_json(message["view"])
    if view is not None and (view.viewer != seat or view.rules.players != players):
        raise GolfError(BAD_SERVER_MESSAGE, "the view is not this seat's")
    scorecard = message.get("scorecard")
    hole_scores = message.get("hole_scores")
    cards = _object(message.get("cards", {}))
    if len(cards) > 60:
        raise GolfError(BAD_SERVER_MESSAGE, "too many cards")
    return StateMessage(
        seat=seat,
        room=room,
        view=view,
        last_actions=_list(message.get("last_actions", []), MAX_PLAYERS, lambda item: _seen(item, players)),
        scorecard=None if scorecard is None else _scorecard(scorecard, players, room.holes),
        status=clean_text(message.get("status", "")),
        sequence=_whole(message.get("sequence", 0), 0, MAX_SEQUENCE),
        hole_scores=None if hole_scores is None else _list(hole_scores, players, _object),
        cards={clean_text(code, 3): _face(face) for code, face in cards.items()},
        house_rules=_list(message.get("house_rules", []), 40, _house_rule),
        spectators=_list(message.get("spectators", []), 100, lambda name: clean_text(name, MAX_NAME_TEXT)),
        spectator_count=_whole(message.get("spectator_count", 0), 0, MAX_SPECTATORS_COUNTED),
        watching=message.get("watching") is True,
        seat_states=_list(message.get("seat_states", []), players, _flags),
        stand_in_notice=_maybe_text(message.get("stand_in_notice"), MAX_TEXT),
        joins_next_hole=message.get("joins_next_hole") is True,
    )


# --- the decoder of the clients' messages ------------------------------------------------------------------


def _seat_number(data: dict[str, Any]) -> int:
    """A message's ``seat``: a whole number (the room checks that it names one of its seats)."""
    seat = data.get("seat")
    if not isinstance(seat, int) or isinstance(seat, bool):
        raise GolfError("room.bad_seat", "no such seat", field="seat")
    return seat


def _name(data: dict[str, Any]) -> str | None:
    name = data.get("name")
    if name is not None and not isinstance(name, str):
        raise GolfError("room.bad_name", "a name is text", field="name")
    return name


def _level(data: dict[str, Any]) -> str | None:
    level = data.get("level")
    if level is not None and not isinstance(level, str):
        raise GolfError("room.bad_level", "unknown bot level", field="level")
    return level


def _token(data: dict[str, Any]) -> str:
    token = data.get("token")
    return token if isinstance(token, str) else ""


CLIENT_MESSAGES: dict[str, Callable[[dict[str, Any]], ClientMessage]] = {
    "hello": lambda data: Hello(_token(data)),
    "join": lambda data: Join(_name(data)),
    "watch": lambda data: Watch(_name(data)),
    "act": lambda data: Act(action_from_json(data.get("action"))),
    "bot": lambda data: PutBot(_seat_number(data), _level(data)),
    "stand_in": lambda data: StandIn(_seat_number(data)),
    "remove": lambda data: Remove(_seat_number(data)),
    "start": lambda data: Start(),
    "next_hole": lambda data: NextHole(),
    "rematch": lambda data: Rematch(),
    "take_back": lambda data: TakeBack(),
}
"""Each type of client message and how its fields are read."""


def decode_client_message(data: object) -> ClientMessage:
    """The client's message in the JSON value ``data``: :class:`GolfError` ``room.bad_message`` unless it
    is an object with a known ``type``; a field of the wrong type raises its own key (a ``hello``'s
    token that is not text holds no seat: the room says ``room.bad_token``)."""
    kind = data.get("type") if isinstance(data, dict) else None
    read = CLIENT_MESSAGES.get(kind) if isinstance(kind, str) else None
    if read is None:
        raise GolfError(BAD_CLIENT_MESSAGE, "a message is a JSON object with a known type")
    assert isinstance(data, dict)
    return read(data)
