"""Six-card Golf rooms: seats held by unguessable tokens, bots in empty seats, one match at a time.

A room lives in the server's memory and in its database (:mod:`golfcards.web.sixcard.room_store` writes
every change before anyone is told of it, so a restart loses nothing). The server is the only
authority: a client names no seat, its token does; every action goes through the engine's
:class:`~golfcards.sixcard.match.Match`, which refuses anything out of turn. A seat keeps only the
SHA-256 hash of its token. What a client may see is decided by the engine's ``view_for`` alone (see
:mod:`golfcards.web.sixcard.state_message`); this module keeps only what the whole table saw of each
player's last action, read from the spectator's view.

A player who is away (no open connection) during a match may have a bot play for them (a
*stand-in*: after the server's time away, or at once when the host asks); their token still holds
the seat and they take it back when they return. The host may remove a seat's occupant: before the
match the seat opens again, during it a bot plays the seat for the rest of the match; either way
their token holds the seat no more, and the room remembers the player ids of the browsers that held
the seat (as hashes) and refuses them a seat for as long as it lives.
"""

from __future__ import annotations

import enum
import hashlib
import secrets
import time
import unicodedata
from array import array
from collections.abc import Callable
from dataclasses import dataclass, field

from golfcards.errors import GolfError
from golfcards.runners.limits import Buckets
from golfcards.runners.sixcard_table import LastAction, bot_to_act, last_action, play_bot
from golfcards.shuffle import DEAL_COUNT
from golfcards.sixcard.actions import ACTIONS, Action, action_number
from golfcards.sixcard.bots import LEVELS, Bot, make_bot
from golfcards.sixcard.match import Match
from golfcards.sixcard.rules import SixCardRules
from golfcards.sixcard.state import Refusal
from golfcards.sixcard.view import View
from golfcards.web.server.addresses import limit_key

ROOM_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"
"""Room codes avoid letters that look alike (no I, O, 0, 1)."""
ROOM_CODE_LENGTH = 10
"""32**10 (about 10**15) codes: with every room of the server open, a guess has about one chance in
10**12 (docs/web.md has the arithmetic)."""
MAX_NAME = 24
MAX_ROOMS = 1000
"""Rooms in all: when every one is in use, creating one is refused (no stranger's room is evicted)."""
ROOMS_PER_ADDRESS = 20
"""Rooms one address may hold. When it holds that many, its oldest room that nobody is connected to
and that holds no match under way makes way for a new one (a match under way only for the player who
created it, and only when no other person plays in it); when none may, creating one is refused."""
LOBBY_IDLE = 3600.0
"""Seconds a room whose match has not started (or is over) is kept with nobody connected."""
MATCH_IDLE = 12 * 3600.0
"""Seconds a match under way is kept with nobody connected: its players may come back hours later."""
GUESSES = 20
"""Failed room look-ups an address may make at once (then only a seat's token opens a room) …"""
GUESS_SECONDS = 3.0
"""… and then one more every this many seconds."""
GUESSERS = 10_000
"""Addresses whose failed look-ups are remembered at most (the longest unseen are forgotten)."""
HOST = 0
"""The seat of the player who created the room."""
STAND_IN_LEVEL = "normal"
"""The level of the bot that plays for an absent or removed player."""
SEAT_PLAYERS = 4
"""Player ids (browsers) a seat remembers having held it, the latest."""
REMOVED_KEPT = 64
"""Hashes of removed players a room remembers, the latest."""


class SeatKind(enum.Enum):
    OPEN = "open"
    HUMAN = "human"
    BOT = "bot"


@dataclass
class Seat:
    """A seat: open, a bot, or a human whose token's SHA-256 hash is ``token_hash``.

    A human seat may have a ``stand_in`` bot playing for its absent player (``level`` is then the
    stand-in's level); ``connections`` counts the player's open connections; ``players`` are the
    hashes of the player ids (the browsers' ``golfcards_player`` cookie) that held the seat.
    """

    kind: SeatKind = SeatKind.OPEN
    name: str = ""
    token_hash: str | None = None
    level: str | None = None
    bot: Bot | None = None
    connections: int = 0
    stand_in: bool = False
    players: tuple[str, ...] = ()
    filled: bool = False
    """A bot that quick play seated in a public table's empty seat: a person may take its seat."""
    joins_at_hole: int | None = None
    """A person who took a bot's seat at a public table during a hole: the seat's bot (its
    ``stand_in``) plays on until this hole is dealt, then the person plays it."""
    rating: tuple[float, float] | None = None
    """The (mu, sigma) of the person quick play seated here, at the table's grid (matchmaking only)."""
    arrived_at_hole: int | None = None
    """The hole (from 0) from which the person plays a quick-play bot's seat they took during this
    match: the match is not theirs whole, so it is neither rated nor in their record."""

    @property
    def plays_itself(self) -> bool:
        """Whether a bot chooses this seat's actions (a bot seat, or a stand-in for its player)."""
        return self.kind is SeatKind.BOT or self.stand_in


def token_hash(token: str) -> str:
    """What a seat keeps of its token (and a room of a player id): the hex SHA-256 of it (tokens are
    192 random bits)."""
    return hashlib.sha256(token.encode()).hexdigest()


def clean_name(name: object) -> str:
    """A player's name: text without control characters, at most :data:`MAX_NAME` characters."""
    if name is None:
        return ""
    if not isinstance(name, str):
        raise GolfError("room.bad_name", "a name is text", field="name")
    kept = "".join(ch for ch in name if unicodedata.category(ch)[0] != "C")
    return " ".join(kept.split())[:MAX_NAME]


_NEXT_HOLE = -1
"""A :class:`RoomLog` entry's action number for the next hole's deal."""


class RoomLog:
    """A match's events in order: (seat, action, the room's change counter after it), the action None
    for the next hole's deal. Kept as numbers, three to an event (:func:`action_number`), not a tuple
    each: a server keeps every room's match, and every object kept is one more for its garbage
    collector to walk."""

    __slots__ = ("_numbers",)

    def __init__(self) -> None:
        self._numbers = array("q")

    def append(self, seat: int, action: Action | None, sequence: int) -> None:
        self._numbers.extend((seat, _NEXT_HOLE if action is None else action_number(action), sequence))

    def __len__(self) -> int:
        return len(self._numbers) // 3

    def since(self, start: int) -> list[tuple[int, Action | None, int]]:
        """The events from number ``start`` on."""
        numbers = self._numbers
        return [
            (numbers[i], None if numbers[i + 1] == _NEXT_HOLE else ACTIONS[numbers[i + 1]], numbers[i + 2])
            for i in range(3 * start, len(numbers), 3)
        ]


@dataclass
class Room:
    """A table of 2–6 seats and the match played at it."""

    code: str
    rules: SixCardRules
    new_number: Callable[[], int]
    seats: list[Seat] = field(default_factory=list)
    match: Match | None = None
    last: dict[int, LastAction] = field(default_factory=dict)
    sequence: int = 0
    created: float = field(default_factory=time.time)
    log: RoomLog = field(default_factory=RoomLog)
    """The current match's events in order (see :class:`RoomLog`)."""
    serial: int = 0
    """How many matches were started at this table (a rematch starts another)."""
    creator: str = ""
    """The :func:`~golfcards.web.server.addresses.limit_key` of the address that created the room (rooms
    are bounded per address)."""
    owner: str | None = None
    """The hash of the player id of the browser that created the room, if it sent one."""
    removed: list[str] = field(default_factory=list)
    """Hashes of the player ids of the browsers whose player the host removed: none gets a seat again."""
    active: float = 0.0
    """When a client last connected, acted or left (the server's clock)."""
    sockets: int = 0
    """Open connections, seated or watching: a room with one is never forgotten."""
    write_failed: bool = False
    """A change of this copy of the room could not be stored: it is out of memory, and its clients
    are sent away (they come back to the room as last stored)."""
    moved: bool = False
    """Another worker plays the room now (this one handed it over or lost its lease): this copy is
    out of memory and writes nothing more; its clients are told to reconnect."""
    public: bool = False
    """A quick-play table (:mod:`golfcards.web.sixcard.quick_play`): listed in the lobby, it has no host
    (nobody sets bots, starts, removes or lets a bot play for someone) and quick play seats people at it."""
    forming_since: float | None = None
    """A public table: when (wall clock) its first person sat down (its wait for people counts from it)."""

    def __post_init__(self) -> None:
        if not self.seats:
            self.seats = [Seat() for _ in range(self.rules.players)]

    # --- seats -----------------------------------------------------------------------------

    def seat_of(self, token: object) -> int | None:
        """The seat held by ``token`` (compared in constant time), or None."""
        if not isinstance(token, str) or not token or len(token) > 64:
            return None
        hashed = token_hash(token).encode()
        found = None
        for number, seat in enumerate(self.seats):
            if seat.token_hash is not None and secrets.compare_digest(seat.token_hash.encode(), hashed):
                found = number
        return found

    def join(self, name: object, player: str | None = None) -> tuple[int, str]:
        """Take the first open seat for the browser whose player id is ``player`` (None: it sent
        none); returns the seat and its token. A player the host removed gets none. A public table
        whose last open seat this takes starts its match."""
        if self.match is not None:
            raise GolfError("room.started", "the match has started")
        if player is not None and token_hash(player) in self.removed:
            raise GolfError("room.barred", "the host removed you from this room")
        for number, seat in enumerate(self.seats):
            if seat.kind is SeatKind.OPEN:
                token = secrets.token_urlsafe(24)
                self.seats[number] = Seat(SeatKind.HUMAN, clean_name(name), token_hash(token))
                self.note_player(number, player)
                self.sequence += 1
                if self.public and all(seat.kind is not SeatKind.OPEN for seat in self.seats):
                    self._new_match()  # a public table has no host to start it: full, it starts
                return number, token
        raise GolfError("room.full", "every seat is taken")

    def replaceable(self) -> list[int]:
        """The seats of quick play's bots that a person may take now: at a public table whose match is
        under way with a hole still to deal (before the match, a person takes an open seat)."""
        if not self.public or self.match is None or self.match.hole + 1 >= self.rules.holes:
            return []
        return [number for number, seat in enumerate(self.seats) if seat.kind is SeatKind.BOT and seat.filled]

    def take_bot_seat(self, name: object, player: str | None, rating: tuple[float, float]) -> tuple[int, str]:
        """A person takes the first of :meth:`replaceable`'s seats: its bot plays on until the next hole
        is dealt (never a person mid-hole), then the person plays it; the points the bot scored stay
        the seat's. Returns the seat and its token."""
        if player is not None and token_hash(player) in self.removed:
            raise GolfError("room.barred", "the host removed you from this room")
        free = self.replaceable()
        if not free:
            raise GolfError("room.full", "every seat is taken")
        number, bot = free[0], self.seats[free[0]]
        assert self.match is not None
        token = secrets.token_urlsafe(24)
        self.seats[number] = Seat(
            SeatKind.HUMAN,
            clean_name(name),
            token_hash(token),
            level=bot.level,
            bot=bot.bot,
            stand_in=True,
            joins_at_hole=self.match.hole + 1,
            rating=rating,
            arrived_at_hole=self.match.hole + 1,
        )
        self.note_player(number, player)
        self.sequence += 1
        return number, token

    def note_player(self, seat: int, player: str | None) -> None:
        """The browser whose player id is ``player`` holds ``seat`` (remembered, so that removing the
        seat's player bars that browser even when it is not connected)."""
        if player is None:
            return
        hashed = token_hash(player)
        holder = self.seats[seat]
        if hashed not in holder.players:
            holder.players = (*holder.players, hashed)[-SEAT_PLAYERS:]
            self.sequence += 1

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
        if by != HOST or self.public:
            raise GolfError("room.not_host", "only the host may do that")
        if self.match is not None:
            raise GolfError("room.started", "the match has started")

    # --- the match ---------------------------------------------------------------------------

    def start(self, by: int) -> None:
        self._host_before_start(by)
        if any(seat.kind is SeatKind.OPEN for seat in self.seats):
            raise GolfError("room.seats_open", "fill the empty seats with bots or wait for players")
        self._new_match()

    def fill_with_bots(self, level: str) -> None:
        """Quick play's wait is over: bots of ``level`` take the open seats of this public table (seats
        a person may take later, :meth:`replaceable`) and the match starts."""
        if not self.public or self.match is not None:
            return
        for number, seat in enumerate(self.seats):
            if seat.kind is SeatKind.OPEN:
                bot = make_bot(level, self.new_number())
                self.seats[number] = Seat(SeatKind.BOT, level=level, bot=bot, filled=True)
        self._new_match()

    def _new_match(self) -> None:
        for seat in self.seats:
            seat.arrived_at_hole = None  # everyone plays the new match whole
        self.match = Match.new(self.rules, self.new_number() % DEAL_COUNT, secrets.token_bytes(32))
        self.last = {}
        self.log = RoomLog()
        self.serial += 1
        self.sequence += 1

    def act(self, seat: int, action: Action) -> Refusal | None:
        """``seat`` plays ``action`` (the engine refuses anything out of turn or illegal)."""
        match = self._playing()
        hole = match.hole
        refusal = match.apply(action, seat)
        if refusal is None:
            self.sequence += 1
            self.last[seat] = last_action(match, seat, action, self.sequence, hole)
            self.log.append(seat, action, self.sequence)
        return refusal

    def next_hole(self, seat: int) -> Refusal | None:
        self._seated(seat)
        refusal = self._playing().next_hole()
        if refusal is None:
            self.sequence += 1
            self.log.append(seat, None, self.sequence)
            self.seat_arrivals()
        return refusal

    def seat_arrivals(self) -> None:
        """The people waiting for a bot's seat whose hole has been dealt play it from now on."""
        match = self.match
        for holder in self.seats:
            if holder.joins_at_hole is not None and match is not None and match.hole >= holder.joins_at_hole:
                holder.joins_at_hole, holder.stand_in, holder.level, holder.bot = None, False, None, None
                self.sequence += 1

    def rematch(self, seat: int) -> None:
        self._seated(seat)
        if not self._playing().is_terminal():
            raise GolfError("room.match_not_over", "the match is still going on")
        self._new_match()

    def _seated(self, seat: int) -> None:
        if not 0 <= seat < len(self.seats) or self.seats[seat].kind is not SeatKind.HUMAN:
            raise GolfError("room.not_seated", "join the room first")

    def _playing(self) -> Match:
        if self.match is None:
            raise GolfError("room.not_started", "the match has not started")
        return self.match

    def under_way(self) -> bool:
        """Whether a match is being played (started and not over)."""
        return self.match is not None and not self.match.is_terminal()

    def idle_limit(self) -> float:
        """How long the room is kept with nobody connected."""
        return MATCH_IDLE if self.under_way() else LOBBY_IDLE

    def may_make_way_for(self, owner: str | None) -> bool:
        """Whether the room may be forgotten for a new room of its address created by the browser whose
        player id hash is ``owner``: nobody is connected, and no match is under way, or the match is
        that browser's own against bots only. Someone else's match is never taken away."""
        if self.sockets:
            return False
        if not self.under_way():
            return True
        others = any(seat.kind is SeatKind.HUMAN for number, seat in enumerate(self.seats) if number != HOST)
        return owner is not None and owner == self.owner and not others

    # --- bots --------------------------------------------------------------------------------

    def bot_to_act(self) -> int | None:
        """A bot seat the engine waits for, if any."""
        return bot_to_act(self.match, lambda seat: self.seats[seat].plays_itself)

    def bot_turn(self, seat: int) -> tuple[Bot, View]:
        """The bot in ``seat`` and its own view: what it chooses from (it may think a while)."""
        bot = self.seats[seat].bot
        assert bot is not None and self.match is not None
        return bot, self.match.view(seat)

    def play_bot(self, seat: int, action: Action | None) -> None:
        """Carry out the action the bot in ``seat`` chose (None: it failed to choose)."""
        play_bot(self._playing(), seat, action, self.act)

    # --- absent and removed players ----------------------------------------------------------

    def is_away(self, seat: int) -> bool:
        """Whether ``seat``'s player has no open connection while the match is played (no stand-in yet)."""
        holder = self.seats[seat]
        playing = self.match is not None and not self.match.is_terminal()
        return playing and holder.kind is SeatKind.HUMAN and not holder.connections and not holder.stand_in

    def stand_in(self, seat: int) -> None:
        """A bot plays for ``seat``'s absent player until they take the seat back."""
        holder = self.seats[seat]
        holder.stand_in = True
        holder.level = STAND_IN_LEVEL
        holder.bot = make_bot(STAND_IN_LEVEL, self.new_number())
        self.sequence += 1

    def host_stand_in(self, by: int, number: object) -> None:
        """The host lets a bot play at once for the player of seat ``number``, who must be away."""
        seat = self._other_human(by, number)
        if not self.is_away(seat):
            raise GolfError("room.not_away", "that player is at the table")
        self.stand_in(seat)

    def take_back(self, seat: int) -> None:
        """``seat``'s player, back at the table, plays again instead of their stand-in."""
        self._seated(seat)
        holder = self.seats[seat]
        if holder.joins_at_hole is not None:
            raise GolfError("room.joins_next_hole", "you take this seat when the next hole is dealt")
        if not holder.stand_in:
            raise GolfError("room.no_stand_in", "you are playing your seat")
        holder.stand_in, holder.level, holder.bot = False, None, None
        self.sequence += 1

    def remove(self, by: int, number: object) -> None:
        """The host removes the player of seat ``number``: their token holds the seat no more; the seat
        opens again before the match, and a bot plays it for the rest of a match under way. No browser
        that held the seat gets a seat of this room again."""
        seat = self._other_human(by, number)
        holder = self.seats[seat]
        barred = [hashed for hashed in holder.players if hashed not in self.removed]
        self.removed = (self.removed + barred)[-REMOVED_KEPT:]
        if self.match is None:
            self.seats[seat] = Seat()
        else:
            self.seats[seat] = Seat(SeatKind.BOT, level=STAND_IN_LEVEL, bot=make_bot(STAND_IN_LEVEL, self.new_number()))
        self.sequence += 1

    def _other_human(self, by: int, number: object) -> int:
        if by != HOST or self.public:
            raise GolfError("room.not_host", "only the host may do that")
        if not isinstance(number, int) or isinstance(number, bool) or not 0 <= number < len(self.seats):
            raise GolfError("room.bad_seat", "no such seat", field="seat")
        if number == HOST or self.seats[number].kind is not SeatKind.HUMAN:
            raise GolfError("room.no_player", "no other player sits there")
        return number


def normal_code(code: object) -> str | None:
    """A room code as typed (any case, spaces around), or None when it cannot be one."""
    if not isinstance(code, str):
        return None
    code = code.strip().upper()
    if not 0 < len(code) <= ROOM_CODE_LENGTH or any(ch not in ROOM_ALPHABET for ch in code):
        return None
    return code


class Guesses:
    """Failed room look-ups per address (a token bucket): :data:`GUESSES` at once, then one more every
    :data:`GUESS_SECONDS`. An address counts under its :func:`~golfcards.web.server.addresses.limit_key`
    (an IPv6 address by its /64 network, which one device may own whole)."""

    def __init__(self, clock: Callable[[], float]) -> None:
        self._failed = Buckets(GUESSES, GUESS_SECONDS, GUESSERS, clock)

    def allowed(self, address: str) -> bool:
        """Whether ``address`` may still look up a room by its code alone."""
        return not self._failed.full(limit_key(address))

    def failed(self, address: str) -> None:
        """``address`` looked up a room that does not exist (or could not show a seat's token)."""
        self._failed.add(limit_key(address))


class Rooms:
    """Every room of the server, by code, bounded in all and per address; idle rooms are forgotten
    after :meth:`Room.idle_limit`, never to make way for a stranger's room."""

    def __init__(
        self,
        new_number: Callable[[], int] | None = None,
        clock: Callable[[], float] = time.monotonic,
        per_address: int = ROOMS_PER_ADDRESS,
    ) -> None:
        self.new_number = new_number or (lambda: secrets.randbelow(DEAL_COUNT))
        self.clock = clock
        self.per_address = per_address
        """How many rooms in use one network (an address, an IPv6 /64) may hold."""
        self.guesses = Guesses(lambda: self.clock())
        self._rooms: dict[str, Room] = {}
        self.gone: list[str] = []
        """Codes of the rooms forgotten for good since the store last deleted them from the database."""

    def __len__(self) -> int:
        """How many rooms are in memory now."""
        return len(self._rooms)

    def create(self, rules: SixCardRules, creator: str = "", player: str | None = None) -> Room:
        """A new room for the address ``creator`` and the browser whose player id is ``player`` (None:
        it sent none); refused when that address or the server holds as many rooms in use as it may
        (:attr:`per_address`)."""
        self._forget_idle()
        creator = limit_key(creator)
        owner = None if player is None else token_hash(player)
        self._make_way_for(creator, owner)
        if len(self._rooms) >= MAX_ROOMS:
            raise GolfError("room.server_full", "every room of the server is in use")
        while True:
            code = "".join(secrets.choice(ROOM_ALPHABET) for _ in range(ROOM_CODE_LENGTH))
            if code not in self._rooms:
                break
        room = Room(code, rules, self.new_number, creator=creator, owner=owner, active=self.clock())
        self._rooms[code] = room
        return room

    def get(self, code: object) -> Room:
        room = self.loaded(code)
        if room is None:
            raise GolfError("room.not_found", "no room with that code", code=str(code)[:12])
        return room

    def in_memory(self) -> list[Room]:
        """Every room in memory now."""
        return list(self._rooms.values())

    def loaded(self, code: object) -> Room | None:
        """The room in memory with this code (case and spaces forgiven), or None."""
        return self._rooms.get(normal_code(code) or "")

    def add(self, room: Room) -> Room:
        """Keep a room loaded from the database; if one with its code is in memory already, that one.
        Loaded rooms are never refused: they are rooms in use already."""
        if room.code in self._rooms:
            return self._rooms[room.code]
        self._forget_idle()
        room.active = self.clock()
        self._rooms[room.code] = room
        return room

    def forget(self, code: str) -> None:
        """Drop a room from memory, not for good: it stays in the database and is loaded again."""
        self._rooms.pop(code, None)

    def touch(self, room: Room) -> None:
        """A client connected, acted or left: the room's idle time starts again."""
        room.active = self.clock()

    def _forget_idle(self) -> None:
        now = self.clock()
        for room in list(self._rooms.values()):
            if not room.sockets and now - room.active > room.idle_limit():
                del self._rooms[room.code]
                self.gone.append(room.code)

    def _make_way_for(self, creator: str, owner: str | None) -> None:
        mine = [room for room in self._rooms.values() if room.creator == creator]
        excess = len(mine) - self.per_address + 1
        if excess <= 0:
            return
        movable = sorted((room for room in mine if room.may_make_way_for(owner)), key=lambda room: room.active)
        if len(movable) < excess:
            raise GolfError("room.too_many_yours", "this address holds as many rooms in use as it may")
        for room in movable[:excess]:
            del self._rooms[room.code]
            self.gone.append(room.code)
