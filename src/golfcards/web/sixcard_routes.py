"""Six-card Golf over HTTP and WebSockets.

* ``POST /api/sixcard/rooms`` ``{"players": 2–4, "name": "Ana", "bots": ["normal", …], "start": bool}``
  creates a room; the creator is the host in seat 1 and gets the seat's token. Bots fill the next
  seats; ``start`` begins the match at once (playing against bots).
* ``/sixcard`` (the lobby) and ``/sixcard/{code}`` (a room) are the page.
* ``/ws/sixcard/{code}?lang=ca`` is the room's WebSocket. Client messages (JSON objects):
  ``{"type": "hello", "token"}`` takes back a seat, ``{"type": "join", "name"}`` takes an open one,
  ``{"type": "act", "action": {…}}`` (the engine's action JSON), ``{"type": "bot", "seat", "level"}``
  and ``{"type": "start"}`` (host, before the match), ``{"type": "next_hole"}``, ``{"type": "rematch"}``.
  The server answers ``{"type": "welcome", "seat", "token"}``, ``{"type": "error", "key",
  "message"}``, and after every change sends each client its own ``{"type": "state", …}``
  (:func:`golfcards.web.sixcard_view.message_for`).

The server is the only authority: the seat comes from the connection's token, never from a
message, and every action goes through the engine.
"""

from __future__ import annotations

import asyncio
import functools
import json
import logging
from dataclasses import dataclass
from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route, WebSocketRoute
from starlette.websockets import WebSocket, WebSocketDisconnect

from golfcards.errors import GolfError
from golfcards.i18n import Translator, normalize_language, translator
from golfcards.i18n.errors import error_text
from golfcards.json_input import read_json
from golfcards.sixcard.actions import action_from_json
from golfcards.sixcard.rules import SixCardRules
from golfcards.sixcard.state import Refusal
from golfcards.web.bot_pool import BotPool
from golfcards.web.requests import client_address, error_response, field, json_body, request_translator
from golfcards.web.rooms import HOST, Room, Rooms
from golfcards.web.sixcard_view import message_for

logger = logging.getLogger(__name__)

MESSAGE_TYPES = frozenset({"hello", "join", "act", "start", "bot", "next_hole", "rematch"})
MAX_MESSAGE = 2048
"""A client message is a small JSON object; anything longer is refused unread."""


@dataclass(eq=False)
class Client:
    """One open WebSocket: its language and the seat its token holds (None until hello or join)."""

    socket: WebSocket
    t: Translator
    seat: int | None = None


class Tables:
    """The open connections of every room, the bots' turns and the broadcasts."""

    def __init__(
        self, rooms: Rooms, bot_delay: float, public_url: str | None = None, bot_pool: BotPool | None = None
    ) -> None:
        self.rooms = rooms
        self.bot_pool = bot_pool or BotPool(rooms)
        self.bot_delay = bot_delay
        self.public_url = public_url
        self.clients: dict[str, list[Client]] = {}
        self.bot_tasks: dict[str, asyncio.Task[None]] = {}

    async def send(self, client: Client, message: dict[str, Any]) -> None:
        try:
            await client.socket.send_text(json.dumps(message, ensure_ascii=False))
        except (RuntimeError, WebSocketDisconnect, OSError):
            pass  # the socket closed meanwhile: its receive loop cleans up

    async def broadcast(self, room: Room) -> None:
        for client in list(self.clients.get(room.code, [])):
            await self.send(client, self.message(room, client))

    def message(self, room: Room, client: Client) -> dict[str, Any]:
        return message_for(room, client.seat, client.t, self.public_url)

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
        while (seat := room.bot_to_act()) is not None:
            await asyncio.sleep(self.bot_delay)
            if room.bot_to_act() != seat:
                continue
            sequence = room.sequence
            bot, view = room.bot_turn(seat)
            # A strong bot may think for a tenth of a second or more: in the bots' worker process, so
            # that the server answers everyone else meanwhile. Its choice counts only if the table has
            # not changed. A bot bug is logged, and play_bot plays a legal action instead.
            action = await self.bot_pool.choose(room, seat, bot, view)
            if room.sequence == sequence:
                room.play_bot(seat, action)
                await self.broadcast(room)


async def create_room(request: Request) -> Response:
    t = request_translator(request)
    try:
        data = await json_body(request)
        players = field(data, "players", int, 2)
        bots = field(data, "bots", list, [])
        if len(bots) >= players:
            raise GolfError("request.bad_field", "too many bots", field="bots")
        if bots:
            request.app.state.tables.bot_pool.check(client_address(request))
        room = request.app.state.rooms.create(SixCardRules(players=players))
        seat, token = room.join(data.get("name"))
        for number, level in enumerate(bots, start=1):
            room.set_bot(HOST, number, level)
        if bots:
            request.app.state.tables.bot_pool.claim(room, client_address(request))
        if field(data, "start", bool, False):
            room.start(HOST)
    except GolfError as error:
        return error_response(error, t)
    return JSONResponse({"code": room.code, "seat": seat, "token": token})


def _refusal_error(refusal: Refusal) -> GolfError:
    """An engine refusal as an error whose sentence ``golfcards.i18n.sixcard`` provides."""
    return GolfError(f"sixcard.refusal.{refusal.value}", refusal.value)


def handle(room: Room, client: Client, data: Any) -> dict[str, Any] | None:
    """Carry out one client message; returns a direct answer (welcome) or None. Raises GolfError."""
    if not isinstance(data, dict) or not isinstance(data.get("type"), str) or data["type"] not in MESSAGE_TYPES:
        raise GolfError("room.bad_message", "a message is a JSON object with a known type")
    kind = data["type"]
    if kind == "hello":
        seat = room.seat_of(data.get("token"))
        if seat is None:
            raise GolfError("room.bad_token", "this token holds no seat here")
        _take_seat(room, client, seat)
        return {"type": "welcome", "seat": seat, "token": data["token"]}
    if kind == "join":
        if client.seat is not None:
            raise GolfError("room.already_seated", "you already have a seat")
        seat, token = room.join(data.get("name"))
        _take_seat(room, client, seat)
        return {"type": "welcome", "seat": seat, "token": token}
    if client.seat is None:
        raise GolfError("room.not_seated", "join the room first")
    if kind == "act":
        refusal = room.act(client.seat, action_from_json(data.get("action")))
        if refusal is not None:
            raise _refusal_error(refusal)
    elif kind == "start":
        room.start(client.seat)
    elif kind == "bot":
        seat_bots(room, client, client.seat, data)
    elif kind == "next_hole":
        refusal = room.next_hole(client.seat)
        if refusal is not None:
            raise _refusal_error(refusal)
    else:
        room.rematch(client.seat)
    return None


def seat_bots(room: Room, client: Client, by: int, data: dict[str, Any]) -> None:
    """The host puts a bot in a seat (or opens it): within the cap of rooms with bots per address."""
    bot_pool: BotPool = client.socket.app.state.tables.bot_pool
    address = client_address(client.socket)
    if data.get("level") is not None:
        bot_pool.check(address, room)
    room.set_bot(by, data.get("seat"), data.get("level"))
    if data.get("level") is not None:
        bot_pool.claim(room, address)


def _take_seat(room: Room, client: Client, seat: int) -> None:
    if client.seat is not None:
        room.seats[client.seat].connections -= 1
    client.seat = seat
    room.seats[seat].connections += 1


async def room_socket(socket: WebSocket) -> None:
    tables: Tables = socket.app.state.tables
    language = normalize_language(socket.query_params.get("lang")) or socket.app.state.default_language or "en"
    t = translator(language)
    await socket.accept()
    try:
        room = tables.rooms.get(socket.path_params["code"])
    except GolfError as error:
        await socket.send_text(
            json.dumps({"type": "error", "key": error.key, "message": error_text(error, t)}, ensure_ascii=False)
        )
        await socket.close(code=4404)
        return
    client = Client(socket, t)
    tables.clients.setdefault(room.code, []).append(client)
    await tables.send(client, tables.message(room, client))
    tables.wake_bots(room)
    try:
        while True:
            message = await socket.receive()
            if message["type"] == "websocket.disconnect":
                break
            text = message.get("text")
            try:
                if text is None or len(text) > MAX_MESSAGE:
                    raise GolfError("room.bad_message", "a message is a short JSON text")
                try:
                    data = read_json(text)
                except ValueError:
                    raise GolfError("room.bad_message", "not JSON") from None
                answer = handle(room, client, data)
            except GolfError as error:
                await tables.send(client, {"type": "error", "key": error.key, "message": error_text(error, t)})
                continue
            if answer is not None:
                await tables.send(client, answer)
            await tables.broadcast(room)
            tables.wake_bots(room)
    finally:
        tables.clients[room.code].remove(client)
        if client.seat is not None:
            room.seats[client.seat].connections -= 1
            await tables.broadcast(room)


def routes(page: Any) -> list[Route | WebSocketRoute]:
    return [
        Route("/sixcard", page),
        Route("/sixcard/{code}", page),
        Route("/api/sixcard/rooms", create_room, methods=["POST"]),
        WebSocketRoute("/ws/sixcard/{code}", room_socket),
    ]
