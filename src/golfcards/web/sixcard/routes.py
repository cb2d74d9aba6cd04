"""Six-card Golf over HTTP and WebSockets.

* ``POST /api/sixcard/rooms`` ``{"players": 2–6, "name": "Ana", "bots": ["normal", …], "start": bool,
  "rules": {house rules}}`` creates a room; the creator is the host in seat 1 and gets the seat's
  token. Bots fill the next seats; ``start`` begins the match at once (playing against bots). The
  house rules (:mod:`golfcards.web.sixcard.house`) hold for the room's every match.
* ``/sixcard`` (the lobby) and ``/sixcard/{code}`` (a room) are the page.
* ``/ws/sixcard/{code}?lang=ca`` is the room's WebSocket. Client messages (JSON objects):
  ``{"type": "hello", "token"}`` takes back a seat, ``{"type": "join", "name"}`` takes an open one,
  ``{"type": "watch", "name"}`` names a visitor without a seat (a spectator),
  ``{"type": "act", "action": {…}}`` (the engine's action JSON), ``{"type": "bot", "seat", "level"}``
  and ``{"type": "start"}`` (host, before the match), ``{"type": "next_hole"}``, ``{"type": "rematch"}``,
  ``{"type": "stand_in", "seat"}`` (host: a bot plays at once for that absent player),
  ``{"type": "remove", "seat"}`` (host: that player loses the seat and gets no seat of the room
  again), ``{"type": "take_back"}`` (a player whose seat a bot plays plays again; see
  :mod:`golfcards.web.sixcard.seats`).
  The server answers ``{"type": "welcome", "seat", "token"}``, ``{"type": "error", "key",
  "message"}``, and after every change sends each client its own ``{"type": "state", …}``
  (:class:`golfcards.web.sixcard.state_message.RoomMoment`). Every message of both directions is a
  type of :mod:`golfcards.runners.room_messages`, which reads and writes them.

A change is told to each client once, as the room is when the broadcast runs: changes made
meanwhile are told together, a message that changes nothing is told to no one, a client that reads
slowly is sent the newest state only (:class:`~golfcards.web.sixcard.room_queues.Outbox`), and news of
spectators alone (one arriving or leaving) goes out at most every :data:`SPECTATOR_NEWS_SECONDS`.
A client's messages are carried out in turn with everyone else's work, at most
:data:`~golfcards.web.sixcard.room_queues.MESSAGES_PER_SECOND` once it has sent a burst; a client with more
than :data:`~golfcards.web.sixcard.room_queues.MESSAGE_BACKLOG` waiting floods: it is told
``room.too_many_messages`` and its connection closed (4429). A visitor beyond the room's
:data:`~golfcards.web.sixcard.spectators.MAX_SPECTATORS` that takes no seat is told
``room.too_many_spectators`` and closed (4503).

An address that has spent its failed room look-ups (:class:`golfcards.web.sixcard.rooms.Guesses`) opens a
room only with a ``hello`` carrying a seat's token as its first message; anything else is refused
as a wrong code is (``room.too_many_tries``, close code 4429), so that it may go on playing but not
guessing.

The server is the only authority: the seat comes from the connection's token, never from a
message, and every action goes through the engine. Every change is written to the database
(:mod:`golfcards.web.sixcard.room_store`) before anyone is told of it.

With several workers on one database, a room is played by the worker holding its lease: a
connection to a worker that handed the room over or lost it is closed with 1012 (Service Restart)
and nothing of what it sent afterwards is carried out; the client reconnects, and the proxy sends it
to the room's worker.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import functools
import logging
import math
import time
from collections.abc import Awaitable, Callable, Coroutine, Hashable
from dataclasses import dataclass
from typing import Any, TypeVar

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route, WebSocketRoute
from starlette.websockets import WebSocket, WebSocketDisconnect

from golfcards.errors import GolfError
from golfcards.i18n import Translator, normalize_language, translator
from golfcards.i18n.errors import error_text
from golfcards.json_input import read_json
from golfcards.runners.room_messages import (
    Act,
    ErrorMessage,
    Hello,
    Join,
    NextHole,
    PutBot,
    Rematch,
    Remove,
    ServerMessage,
    StandIn,
    Start,
    TakeBack,
    Watch,
    Welcome,
    decode_client_message,
    encode,
)
from golfcards.sixcard.actions import Action
from golfcards.sixcard.state import Refusal
from golfcards.web.server.guard import same_origin
from golfcards.web.server.operations import RESTART_CLOSE
from golfcards.web.server.requests import (
    client_address,
    error_response,
    field,
    json_body,
    request_translator,
)
from golfcards.web.sixcard.bot_pool import BotPool
from golfcards.web.sixcard.house import house_rules_page, rules_from_json
from golfcards.web.sixcard.invite import invite, qr_code
from golfcards.web.sixcard.records import cookie_player
from golfcards.web.sixcard.room_queues import Inbox, MessageBudget, Outbox
from golfcards.web.sixcard.room_store import RoomStore
from golfcards.web.sixcard.rooms import HOST, Room, Rooms, SeatKind, clean_name
from golfcards.web.sixcard.seats import AWAY_SECONDS, AwayWatch
from golfcards.web.sixcard.spectators import MAX_SPECTATORS, SPECTATORS_LISTED
from golfcards.web.sixcard.state_message import RoomMoment

logger = logging.getLogger(__name__)
T = TypeVar("T")

MAX_MESSAGE = 2048
"""A client message is a small JSON object; anything longer is refused unread."""
HELLO_SECONDS = 10.0
"""How long the room's WebSocket waits for the first message of a client whose address has spent
its room look-ups (only a ``hello`` with a seat's token opens the room then)."""

WRITE_FAILED_CLOSE = 1011
"""How the room's WebSocket closes after a write of the room failed (the page reconnects)."""
SEND_SECONDS = 10.0
"""The longest one message may take to leave: a client that reads slower than that is dropped."""
SPECTATOR_NEWS_SECONDS = 1.0
"""How often the room is told that spectators came or left, when that is all that changed (a crowd
arriving is told in a few messages, not one per arrival)."""


@dataclass(eq=False)
class Client:
    """One open WebSocket: its language, the seat its token holds (None: watching), a name to watch under,
    and its outbox, which a task of its own writes to the socket, so no broadcast ever waits for one socket.

    ``admitted``: whether it is told of the room (a player, or one of the room's spectators); a visitor
    beyond the room's spectators waits unadmitted until it takes a seat, or is refused. ``told``: what
    it was last told of the room (see :meth:`Tables.broadcast`), None before its first state."""

    socket: WebSocket
    t: Translator
    seat: int | None = None
    outbox: Outbox = dataclasses.field(default_factory=Outbox)
    writer: asyncio.Task[None] | None = None
    name: str = ""
    removed: bool = False
    """The host removed this connection's player: it may watch, never take a seat again."""
    admitted: bool = True
    told: Hashable = None


@dataclass(eq=False)
class _Teller:
    """The broadcast of one room under way: ``wake`` is set when the room changed again meanwhile."""

    room: Room
    wake: asyncio.Event = dataclasses.field(default_factory=asyncio.Event)
    task: asyncio.Task[None] | None = None


class Tables:
    """The open connections of every room, the bots' turns and the broadcasts."""

    def __init__(
        self,
        rooms: Rooms,
        store: RoomStore,
        bot_delay: float,
        public_url: str | None = None,
        away: float = AWAY_SECONDS,
        bot_pool: BotPool | None = None,
    ) -> None:
        self.rooms = rooms
        self.store = store
        self.bot_pool = bot_pool or BotPool()
        self.bot_delay = bot_delay
        self.public_url = public_url
        self.clients: dict[str, list[Client]] = {}
        self.bot_tasks: dict[str, asyncio.Task[None]] = {}
        self.tellers: dict[str, _Teller] = {}
        self.spectator_news: dict[str, float] = {}
        """Per room with clients: when news of spectators alone last went out."""
        self.running: set[asyncio.Task[None]] = set()
        self.listeners: list[Callable[[Room, list[Client]], Awaitable[None]]] = []
        """Called with the room and the clients told of it before each broadcast that tells anyone
        anything (the match recorder)."""
        self.away = AwayWatch(away, self._stand_in_due)
        self.removed: list[Client] = []
        """Clients whose seat the host took away, to be told so."""
        self.changes = 0
        """Changes made to rooms since the server started (moves, seats, starts: each one stored)."""
        store.on_moved.append(self.send_away)

    def close(self) -> None:
        """The server is stopping: no bot or clock runs on, and every change queued is written."""
        self.away.close()
        for task in self.bot_tasks.values():
            task.cancel()
        self.bot_pool.close()
        self.store.close()

    async def change(self, room: Room, client: Client, data: Any) -> Welcome | None:
        """Carry out a client's message (see :meth:`apply`): its direct answer (welcome) or None."""
        return await self.apply(room, lambda: handle(room, client, data))

    async def apply(self, room: Room, step: Callable[[], T]) -> T:
        """Run ``step`` on the room under the room's lock, queue the room's write, and return once it
        and every earlier change of the room are stored: ``step``'s result, or the refusal it raised,
        may then be sent."""
        try:
            async with self.store.lock(room):
                before = room.sequence
                try:
                    answer = step()
                finally:
                    for other in self.clients.get(room.code, []):
                        if other.seat is not None and room.seats[other.seat].kind is not SeatKind.HUMAN:
                            other.seat = None  # the host removed its player: it watches from now on
                            other.removed = True
                            self.removed.append(other)
                    if room.sequence != before:
                        self.changes += room.sequence - before
                        self.store.save(room)
        finally:
            try:
                await self.store.written(room)  # a refusal too tells of the room as it is now
            except GolfError:
                asyncio.get_running_loop().call_soon(self.send_away, room)  # after the error is queued
                raise
        return answer

    def send_away(self, room: Room) -> None:
        """Close the connections of a room whose write failed (1011), or that another worker plays now
        (1012), once they have sent what they had queued: the page reconnects and finds the room as
        last stored."""
        code = RESTART_CLOSE if room.moved else WRITE_FAILED_CLOSE
        for client in self.clients.get(room.code, []):
            client.outbox.close(code)

    async def settle(self, room: Room) -> None:
        """After a change: tell removed players, tell everyone, let the bots play, restart the clocks of
        absent players."""
        removed, self.removed = self.removed, []
        for client in removed:
            error = GolfError("room.removed", "the host gave your seat to someone else")
            await self.send(client, error_message(error, client.t))
        self.broadcast(room)
        self.wake_bots(room)
        self.away.update(room)

    async def _stand_in_due(self, room: Room, seat: int) -> None:
        if self.rooms.loaded(room.code) is not room:
            return
        try:
            await self.apply(room, lambda: room.stand_in(seat) if room.is_away(seat) else None)
        except GolfError:
            return  # not written: the room was dropped from memory and is loaded again when asked for
        await self.settle(room)

    async def send(self, client: Client, message: ServerMessage) -> None:
        """Queue ``message`` for ``client`` (see :meth:`queue`)."""
        self.queue(client, message)

    def broadcast(self, room: Room) -> None:
        """Have each client of the room sent its state, soon (never before this returns) and once every
        change made so far is stored (a room whose write failed is not shown: the client that made the
        change was told of the error). Broadcasts asked for while one waits or runs are one: each
        client is sent the room as it is then, and only if that differs from what it was last told."""
        teller = self.tellers.get(room.code)
        if teller is not None and teller.room is room and teller.task is not None and not teller.task.done():
            teller.wake.set()
            return
        teller = self.tellers[room.code] = _Teller(room)
        teller.task = self.start(self._tell(teller))
        teller.task.add_done_callback(functools.partial(self._told, room.code, teller))

    def _told(self, code: str, teller: _Teller, _: asyncio.Task[None]) -> None:
        if self.tellers.get(code) is teller:
            del self.tellers[code]

    async def _tell(self, teller: _Teller) -> None:
        """Tell the room's clients of it until nothing is left to tell (news of spectators alone waits
        until it is due, unless the table changes first)."""
        while True:
            teller.wake.clear()
            wait = await self._tell_now(teller.room)
            if teller.wake.is_set():
                continue
            if wait is None:
                return
            with contextlib.suppress(TimeoutError):
                async with asyncio.timeout(wait):
                    await teller.wake.wait()

    def admitted(self, room: Room) -> list[Client]:
        """The room's clients that are told of it: its players and its spectators, in the order they came."""
        return [client for client in self.clients.get(room.code, []) if client.admitted]

    def spectators(self, room: Room) -> int:
        """How many spectators the room has."""
        return sum(1 for client in self.clients.get(room.code, []) if client.admitted and client.seat is None)

    @staticmethod
    def shown(room: Room, clients: list[Client]) -> tuple[Hashable, Hashable]:
        """What the room's state messages are made of, besides each client's seat and language: the
        table (its change counter and who is connected) and the spectators (how many, the names listed)."""
        watching = [client for client in clients if client.seat is None]
        table = (room.sequence, tuple(holder.connections > 0 for holder in room.seats))
        return table, (len(watching), tuple(client.name for client in watching[:SPECTATORS_LISTED]))

    async def _tell_now(self, room: Room) -> float | None:
        """Send each client that needs it the room's state; returns in how many seconds held-back news
        of spectators is due (None: nothing held back)."""
        try:
            await self.store.written(room)
            clients = self.admitted(room)
            table, watching = self.shown(room, clients)
            if clients and all(client.told == (table, client.seat, watching) for client in clients):
                return None
            for listener in self.listeners:
                await listener(room, clients)
            await self.store.written(room)  # changes made while the listeners ran
        except GolfError:
            return None
        clients = self.admitted(room)  # no await from here to the last message
        table, watching = self.shown(room, clients)
        now = time.monotonic()
        due = self.spectator_news.get(room.code, -math.inf) + SPECTATOR_NEWS_SECONDS
        moment = RoomMoment(room, self.public_url, clients)
        texts: dict[tuple[int | None, Translator], str] = {}  # spectators of a language share one text
        held_back = news = False
        for client in clients:
            told = (table, client.seat, watching)
            if client.told == told:
                continue
            if isinstance(client.told, tuple) and client.told[:2] == told[:2]:  # only the spectators changed
                if now < due:
                    held_back = True
                    continue
                news = True
            key = (client.seat, client.t)
            if key not in texts:
                texts[key] = encode(moment.message(client.seat, client.t))
            client.outbox.put_state(texts[key])
            client.told = told
        if news:
            self.spectator_news[room.code] = now
        return due - now if held_back else None

    def queue(self, client: Client, message: ServerMessage) -> None:
        """Queue ``message`` for ``client`` (see :meth:`queue_text`)."""
        self.queue_text(client, encode(message))

    def queue_text(self, client: Client, text: str) -> None:
        """Queue a message's JSON ``text`` for ``client`` (never waits); a client whose outbox is full
        is dropped."""
        if not client.outbox.put(text):
            drop(client)

    async def refuse(self, client: Client, error: GolfError) -> None:
        """Tell ``client`` why it may not stay and close its connection (:data:`CLOSE_CODES`); returns
        once the connection is closed."""
        self.queue(client, error_message(error, client.t))
        client.outbox.close(CLOSE_CODES[error.key])
        if client.writer is not None:
            await asyncio.wait([client.writer])

    def admit(self, room: Room, client: Client) -> bool:
        """Whether ``client`` may be told of the room: a player may, a spectator while the room has
        fewer than :data:`MAX_SPECTATORS` (the client is admitted then)."""
        if not client.admitted:
            client.admitted = client.seat is not None or self.spectators(room) < MAX_SPECTATORS
        return client.admitted

    def leave(self, room: Room, client: Client) -> None:
        """``client`` is gone; the room's entry goes with its last client (rooms come and go for good)."""
        clients = self.clients[room.code]
        clients.remove(client)
        if not clients:
            del self.clients[room.code]
            self.spectator_news.pop(room.code, None)

    def start(self, coroutine: Coroutine[Any, Any, None]) -> asyncio.Task[None]:
        """A task for ``coroutine``, referenced until it ends (the event loop keeps only weak ones)."""
        task = asyncio.create_task(coroutine)
        self.running.add(task)
        task.add_done_callback(self.running.discard)
        return task

    def wake_bots(self, room: Room) -> None:
        task = self.bot_tasks.get(room.code)
        if room.bot_to_act() is not None and (task is None or task.done()):
            self.bot_tasks[room.code] = asyncio.create_task(self._run_bots(room))
            self.bot_tasks[room.code].add_done_callback(functools.partial(self._bots_done, room.code))

    def _bots_done(self, code: str, task: asyncio.Task[None]) -> None:
        """Forget a room's finished bot task (a room once played must not keep one for ever)."""
        if self.bot_tasks.get(code) is task:
            del self.bot_tasks[code]

    async def _run_bots(self, room: Room) -> None:
        while (seat := room.bot_to_act()) is not None and self.clients.get(room.code):
            await asyncio.sleep(self.bot_delay)
            if room.bot_to_act() != seat or self.rooms.loaded(room.code) is not room:
                continue
            sequence = room.sequence
            bot, view = room.bot_turn(seat)
            # A strong bot may think for a tenth of a second or more: in the bots' worker process, so
            # that the server answers everyone else meanwhile. Its choice counts only if the table has
            # not changed. A bot bug is logged, and play_bot plays a legal action instead.
            action = await self.bot_pool.choose(room, seat, bot, view)
            if room.sequence == sequence:

                def play(seat: int = seat, action: Action | None = action, sequence: int = sequence) -> None:
                    if room.sequence == sequence:
                        room.play_bot(seat, action)

                try:
                    await self.apply(room, play)
                except GolfError:
                    return  # not written: the room is loaded again when someone asks for it
                self.broadcast(room)
                self.away.update(room)


async def create_room(request: Request) -> Response:
    t = request_translator(request)
    try:
        data = await json_body(request)
        players = field(data, "players", int, 2)
        bots = field(data, "bots", list, [])
        if len(bots) >= players:
            raise GolfError("request.bad_field", "too many bots", field="bots")
        start = field(data, "start", bool, False)
        rules = rules_from_json(data.get("rules"), players)
        tables: Tables = request.app.state.tables
        player = cookie_player(request)
        room = await tables.store.create(rules, client_address(request), player)

        def seat_everyone() -> tuple[int, str]:
            seat, token = room.join(data.get("name"), player)
            for number, level in enumerate(bots, start=1):
                room.set_bot(HOST, number, level)
            if start:
                room.start(HOST)
            return seat, token

        seat, token = await tables.apply(room, seat_everyone)
    except GolfError as error:
        if error.key == "room.moved":  # (only if someone took the new room at once: never stored here)
            error = GolfError("storage.write_failed", str(error))
        return error_response(error, t)
    return JSONResponse({"code": room.code, "seat": seat, "token": token})


def _refusal_error(refusal: Refusal) -> GolfError:
    """An engine refusal as an error whose sentence ``golfcards.i18n.sixcard`` provides."""
    return GolfError(f"sixcard.refusal.{refusal.value}", refusal.value)


def error_message(error: GolfError, t: Translator) -> ErrorMessage:
    """``error`` as a client is told of it, in the language of ``t``."""
    return ErrorMessage(error.key, error_text(error, t))


def handle(room: Room, client: Client, data: object) -> Welcome | None:
    """Carry out one client message (its JSON value, read by
    :func:`~golfcards.runners.room_messages.decode_client_message`); returns a direct answer
    (welcome) or None. Raises GolfError."""
    message = decode_client_message(data)
    if isinstance(message, Hello):
        seat = room.seat_of(message.token)
        if seat is None:
            raise GolfError("room.bad_token", "this token holds no seat here")
        _take_seat(room, client, seat)
        room.note_player(seat, cookie_player(client.socket))
        return Welcome(seat, message.token)
    if isinstance(message, Watch):
        client.name = clean_name(message.name)
        return None
    if isinstance(message, Join):
        if client.seat is not None:
            raise GolfError("room.already_seated", "you already have a seat")
        if client.removed:
            raise GolfError("room.barred", "the host removed you from this room")
        seat, token = room.join(message.name, cookie_player(client.socket))
        _take_seat(room, client, seat)
        return Welcome(seat, token)
    if client.seat is None:
        raise GolfError("room.not_seated", "join the room first")
    refusal: Refusal | None = None
    match message:
        case Act(action):
            refusal = room.act(client.seat, action)
        case Start():
            room.start(client.seat)
        case PutBot(seat, level):
            room.set_bot(client.seat, seat, level)
        case NextHole():
            refusal = room.next_hole(client.seat)
        case StandIn(seat):
            room.host_stand_in(client.seat, seat)
        case Remove(seat):
            room.remove(client.seat, seat)
        case TakeBack():
            room.take_back(client.seat)
        case Rematch():
            room.rematch(client.seat)
    if refusal is not None:
        raise _refusal_error(refusal)
    return None


def _take_seat(room: Room, client: Client, seat: int) -> None:
    if client.seat is not None:
        room.seats[client.seat].connections -= 1
    client.seat = seat
    room.seats[seat].connections += 1


CLOSE_CODES = {
    "room.moved": RESTART_CLOSE,
    "room.not_found": 4404,
    "room.too_many_tries": 4429,
    "room.too_many_messages": 4429,
    "room.too_many_spectators": 4503,
}
"""How the room's WebSocket closes when the room cannot be opened, or when the server ends the
connection after telling why (the page does not retry 4404 or 4503). ``room.moved``: another worker
kept the room (the client reconnects, without being told anything)."""


async def room_socket(socket: WebSocket) -> None:
    tables: Tables = socket.app.state.tables
    if not same_origin(socket.headers, socket.app.state.allowed_origins, socket.url.scheme):
        await socket.close()  # before the handshake is accepted: the browser gets 403
        return
    language = normalize_language(socket.query_params.get("lang")) or socket.app.state.default_language or "en"
    t = translator(language)
    await socket.accept()
    address = client_address(socket)
    first = None
    if not tables.rooms.guesses.allowed(address):  # only a seat's token opens a room: read the hello
        first = await _first_text(socket)
        if first is None:
            return
    try:
        room = await tables.store.find(socket.path_params["code"], address, _hello_token(first))
    except GolfError as error:
        if error.key != "room.moved":
            await socket.send_text(encode(error_message(error, t)))
        await socket.close(code=CLOSE_CODES.get(error.key, 4404))
        return
    client = Client(socket, t)
    client.admitted = tables.spectators(room) < MAX_SPECTATORS  # else: until it takes a seat
    tables.clients.setdefault(room.code, []).append(client)
    room.sockets += 1
    tables.rooms.touch(room)
    tables.broadcast(room)  # everyone sees the new spectator
    tables.wake_bots(room)
    tables.away.update(room)
    try:
        client.writer = tables.start(write_outbox(client))
        await _until_one_ends(client.writer, tables.start(_read_messages(tables, room, client, first)))
    finally:
        tables.leave(room, client)
        room.sockets -= 1
        tables.rooms.touch(room)
        if client.seat is not None:
            room.seats[client.seat].connections -= 1
        tables.broadcast(room)
        tables.away.update(room)


async def _first_text(socket: WebSocket) -> str | None:
    """The client's first message, waited for :data:`HELLO_SECONDS` at most: "" if none came in time
    or it is not text, None if the client left."""
    try:
        async with asyncio.timeout(HELLO_SECONDS):
            message = await socket.receive()
    except TimeoutError:
        return ""
    if message["type"] == "websocket.disconnect":
        return None
    text = message.get("text")
    return text if isinstance(text, str) else ""


def _hello_token(text: str | None) -> object:
    """The token of a ``hello`` message's text, or None."""
    if not text or len(text) > MAX_MESSAGE:
        return None
    try:
        data = read_json(text)
    except ValueError:
        return None
    return data.get("token") if isinstance(data, dict) and data.get("type") == "hello" else None


async def _read_messages(tables: Tables, room: Room, client: Client, first: str | None = None) -> None:
    """Carry out the client's messages, at its :class:`MessageBudget`'s pace, until it disconnects or
    is refused: for flooding (see :class:`Inbox`), or for staying without a seat in a room full of
    spectators. ``first``: a message already read (the hello of a locked-out address)."""
    inbox, budget = Inbox(), MessageBudget()
    if first:
        inbox.put({"type": "websocket.receive", "text": first})
    receiving = tables.start(_receive(client.socket, inbox))
    try:
        while (message := await inbox.get()) is not None:
            await budget.spend()
            changed = await _carry_out(tables, room, client, message.get("text"))
            if not tables.admit(room, client):
                error = GolfError("room.too_many_spectators", "this room has all the spectators it takes")
                await tables.refuse(client, error)
                return
            if changed:
                tables.rooms.touch(room)
                await tables.settle(room)
            await asyncio.sleep(0)  # a burst of messages is carried out in turn with everyone else's work
    finally:
        receiving.cancel()
    if inbox.flooded:
        await tables.refuse(client, GolfError("room.too_many_messages", "too many messages without waiting"))


async def _receive(socket: WebSocket, inbox: Inbox) -> None:
    """Read the client's messages into ``inbox`` as they come, until it disconnects or floods."""
    try:
        while (message := await socket.receive())["type"] != "websocket.disconnect":
            if not inbox.put(message):
                return
    finally:
        inbox.end()


async def _carry_out(tables: Tables, room: Room, client: Client, text: str | None) -> bool:
    """Carry out one message; queue its answer or error. Whether it was carried out."""
    try:
        if text is None or len(text) > MAX_MESSAGE:
            raise GolfError("room.bad_message", "a message is a short JSON text")
        try:
            data = read_json(text)
        except ValueError:
            raise GolfError("room.bad_message", "not JSON") from None
        answer = await tables.change(room, client, data)
    except GolfError as error:
        if error.key == "room.moved":  # nothing to say: the connection closes and the client reconnects
            return False
        await tables.send(client, error_message(error, client.t))
        return False
    if answer is not None:
        await tables.send(client, answer)
    return True


async def _until_one_ends(*tasks: asyncio.Task[None]) -> None:
    """Wait until one of ``tasks`` ends, then cancel the others (not waited for: each is stopped at
    an await, and waiting here after a cancellation of our own would hold it up); an error of one
    that ended is raised."""
    try:
        done, _ = await asyncio.wait(tasks, return_when=asyncio.FIRST_COMPLETED)
    finally:
        for task in tasks:
            task.cancel()
    for task in done:
        if not task.cancelled():
            task.result()


async def write_outbox(client: Client) -> None:
    """Send the client's queued messages in order; ends (which ends the connection) when one takes
    longer than :data:`SEND_SECONDS` or the socket is gone."""
    while True:
        text = await client.outbox.get()
        if isinstance(text, int):
            with contextlib.suppress(RuntimeError, WebSocketDisconnect, OSError):
                async with asyncio.timeout(SEND_SECONDS):
                    await client.socket.close(code=text)
            return
        try:
            async with asyncio.timeout(SEND_SECONDS):  # a timer, not a task per message as wait_for makes
                await client.socket.send_text(text)
        except (TimeoutError, RuntimeError, WebSocketDisconnect, OSError):
            return


def drop(client: Client) -> None:
    """End a client that cannot keep up: its connection closes; the page reconnects by itself."""
    if client.writer is not None:
        client.writer.cancel()


def routes(page: Any) -> list[Route | WebSocketRoute]:
    return [
        Route("/sixcard", page),
        Route("/sixcard/{code}", page),
        Route("/api/sixcard/rooms", create_room, methods=["POST"]),
        Route("/api/sixcard/rooms/{code}/invite", invite),
        Route("/sixcard/{code}/qr.svg", qr_code),
        Route("/api/sixcard/house-rules", house_rules_page, methods=["GET", "POST"]),
        WebSocketRoute("/ws/sixcard/{code}", room_socket),
    ]
