"""Six-card Golf rooms: seats held by unguessable tokens, bots in empty seats, one match at a time.

A room lives in the server's memory. The server is the only authority: a client names no seat,
its token does; every action goes through the engine's :class:`~golfcards.sixcard.match.Match`,
which refuses anything out of turn. What a client may see is decided by the engine's
``view_for`` alone (see :mod:`golfcards.web.sixcard_view`); this module keeps only what the whole
table saw of each player's last action, read from the spectator's view.
"""

from __future__ import annotations

import enum
import secrets
import time
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass, field

from golfcards.errors import GolfError
from golfcards.shuffle import DEAL_COUNT
from golfcards.sixcard.actions import Action, DiscardDrawn, Reveal, Swap, TakeDiscard
from golfcards.sixcard.bots import LEVELS, Bot, make_bot
from golfcards.sixcard.match import Match
from golfcards.sixcard.rules import SixCardRules
from golfcards.sixcard.state import Phase, Refusal
from golfcards.sixcard.view import View, view_for

ROOM_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"
"""Room codes avoid letters that look alike (no I, O, 0, 1)."""
ROOM_CODE_LENGTH = 5
MAX_NAME = 24
MAX_ROOMS = 500
HOST = 0
"""The seat of the player who created the room."""


class SeatKind(enum.Enum):
    OPEN = "open"
    HUMAN = "human"
    BOT = "bot"


@dataclass
class Seat:
    kind: SeatKind = SeatKind.OPEN
    name: str = ""
    token: str | None = None
    level: str | None = None
    bot: Bot | None = None
    connections: int = 0


@dataclass(frozen=True, slots=True)
class LastAction:
    """What the table saw a seat do: the action and the cards it made public (codes, or None)."""

    seat: int
    kind: str
    position: int | None
    card: str | None
    thrown: str | None
    sequence: int
    hole: int


def clean_name(name: object) -> str:
    """A player's name: text without control characters, at most :data:`MAX_NAME` characters."""
    if name is None:
        return ""
    if not isinstance(name, str):
        raise GolfError("room.bad_name", "a name is text", field="name")
    kept = "".join(ch for ch in name if unicodedata.category(ch)[0] != "C")
    return " ".join(kept.split())[:MAX_NAME]


@dataclass
class Room:
    """A table of 2–4 seats and the match played at it."""

    code: str
    rules: SixCardRules
    new_number: Callable[[], int]
    seats: list[Seat] = field(default_factory=list)
    match: Match | None = None
    last: dict[int, LastAction] = field(default_factory=dict)
    sequence: int = 0
    created: float = field(default_factory=time.time)

    def __post_init__(self) -> None:
        if not self.seats:
            self.seats = [Seat() for _ in range(self.rules.players)]

    # --- seats -----------------------------------------------------------------------------

    def seat_of(self, token: object) -> int | None:
        """The seat held by ``token`` (compared in constant time), or None."""
        if not isinstance(token, str) or not token:
            return None
        for number, seat in enumerate(self.seats):
            if seat.token is not None and secrets.compare_digest(seat.token.encode(), token.encode()):
                return number
        return None

    def join(self, name: object) -> tuple[int, str]:
        """Take the first open seat; returns the seat and its token."""
        if self.match is not None:
            raise GolfError("room.started", "the match has started")
        for number, seat in enumerate(self.seats):
            if seat.kind is SeatKind.OPEN:
                token = secrets.token_urlsafe(24)
                self.seats[number] = Seat(SeatKind.HUMAN, clean_name(name), token)
                self.sequence += 1
                return number, token
        raise GolfError("room.full", "every seat is taken")

    def set_bot(self, by: int, number: object, level: object) -> None:
        """The host puts a bot of ``level`` in seat ``number``, or opens it again (``level`` None)."""
        self._host_before_start(by)
        if not isinstance(number, int) or isinstance(number, bool) or not 0 <= number < len(self.seats):
            raise GolfError("room.bad_seat", "no such seat", field="seat")
        if self.seats[number].kind is SeatKind.HUMAN:
            raise GolfError("room.seat_taken", "a player sits there")
        if level is None:
            self.seats[number] = Seat()
        else:
            if not isinstance(level, str) or level not in LEVELS:
                raise GolfError("room.bad_level", "unknown bot level", field="level")
            self.seats[number] = Seat(SeatKind.BOT, level=level, bot=make_bot(level, self.new_number()))
        self.sequence += 1

    def _host_before_start(self, by: int) -> None:
        if by != HOST:
            raise GolfError("room.not_host", "only the host may do that")
        if self.match is not None:
            raise GolfError("room.started", "the match has started")

    # --- the match ---------------------------------------------------------------------------

    def start(self, by: int) -> None:
        self._host_before_start(by)
        if any(seat.kind is SeatKind.OPEN for seat in self.seats):
            raise GolfError("room.seats_open", "fill the empty seats with bots or wait for players")
        self.match = Match.new(self.rules, self.new_number() % DEAL_COUNT)
        self.last = {}
        self.sequence += 1

    def act(self, seat: int, action: Action) -> Refusal | None:
        """``seat`` plays ``action`` (the engine refuses anything out of turn or illegal)."""
        match = self._playing()
        hole = match.hole
        refusal = match.apply(action, seat)
        if refusal is None:
            self.sequence += 1
            self.last[seat] = self._public_record(seat, action, hole)
        return refusal

    def _public_record(self, seat: int, action: Action, hole: int) -> LastAction:
        """The action as everyone saw it: only cards the spectator's view shows."""
        match = self._playing()
        public = view_for(match.state, None)
        card = thrown = None
        position = getattr(action, "position", None)
        if isinstance(action, (Reveal, Swap, TakeDiscard)):
            placed = public.grids[seat][action.position]
            card = None if placed is None else placed.code
        if isinstance(action, (Swap, TakeDiscard, DiscardDrawn)):
            thrown = public.discard_top.code
        return LastAction(seat, action.kind, position, card, thrown, self.sequence, hole)

    def next_hole(self, seat: int) -> Refusal | None:
        self._seated(seat)
        refusal = self._playing().next_hole()
        if refusal is None:
            self.sequence += 1
        return refusal

    def rematch(self, seat: int) -> None:
        self._seated(seat)
        if not self._playing().is_terminal():
            raise GolfError("room.match_not_over", "the match is still going on")
        self.match = Match.new(self.rules, self.new_number() % DEAL_COUNT)
        self.last = {}
        self.sequence += 1

    def _seated(self, seat: int) -> None:
        if not 0 <= seat < len(self.seats) or self.seats[seat].kind is not SeatKind.HUMAN:
            raise GolfError("room.not_seated", "join the room first")

    def _playing(self) -> Match:
        if self.match is None:
            raise GolfError("room.not_started", "the match has not started")
        return self.match

    # --- bots --------------------------------------------------------------------------------

    def bot_to_act(self) -> int | None:
        """A bot seat the engine waits for, if any."""
        match = self.match
        if match is None or match.state.phase is Phase.OVER:
            return None
        for seat in match.state.to_act:
            if self.seats[seat].kind is SeatKind.BOT:
                return seat
        return None

    def bot_turn(self, seat: int) -> tuple[Bot, View]:
        """The bot in ``seat`` and its own view: what it chooses from (it may think a while)."""
        bot = self.seats[seat].bot
        assert bot is not None and self.match is not None
        return bot, self.match.view(seat)

    def play_bot(self, seat: int, action: Action | None) -> None:
        """Carry out the action the bot in ``seat`` chose (None: it failed to choose)."""
        assert self.match is not None
        if action is None or self.act(seat, action) is not None:
            # A bot bug must not stall the table: play the first legal action instead.
            self.act(seat, self.match.state.legal_actions(seat)[0])


class Rooms:
    """Every room of the server, by code."""

    def __init__(self, new_number: Callable[[], int] | None = None) -> None:
        self.new_number = new_number or (lambda: secrets.randbelow(DEAL_COUNT))
        self._rooms: dict[str, Room] = {}

    def create(self, rules: SixCardRules) -> Room:
        if len(self._rooms) >= MAX_ROOMS:
            self._forget_oldest_idle()
        while True:
            code = "".join(secrets.choice(ROOM_ALPHABET) for _ in range(ROOM_CODE_LENGTH))
            if code not in self._rooms:
                break
        room = Room(code, rules, self.new_number)
        self._rooms[code] = room
        return room

    def get(self, code: object) -> Room:
        room = self._rooms.get(code.strip().upper()) if isinstance(code, str) else None
        if room is None:
            raise GolfError("room.not_found", "no room with that code", code=str(code)[:12])
        return room

    def _forget_oldest_idle(self) -> None:
        idle = [room for room in self._rooms.values() if not any(seat.connections for seat in room.seats)]
        for room in sorted(idle, key=lambda room: room.created)[: max(1, len(idle) // 2)]:
            del self._rooms[room.code]
