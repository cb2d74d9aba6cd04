"""A seat at a room of a running ``golf serve``, over the room's WebSocket.

The terminal speaks the same protocol as the browser page (``docs/web.md``): it takes an open seat
with ``join`` (or its old seat back with ``hello`` and the token the server gave it), sends the
engine's action JSON, and draws each ``state`` message it receives. The server stays the only
authority: this client names no seat and learns only what the server's ``view_for`` lets it see.
"""

from __future__ import annotations

import asyncio
import contextlib
import re
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlsplit

from golfcards.errors import GolfError
from golfcards.runners.room_messages import (
    Act,
    ClientMessage,
    ErrorMessage,
    Hello,
    Join,
    NextHole,
    Rematch,
    ServerMessage,
    Start,
    Welcome,
    encode,
    read_server_message,
)
from golfcards.sixcard.actions import Action
from golfcards.tui.account import session_headers
from golfcards.tui.sixcard_table import Table, table_from_message

MAX_MESSAGE = 256 * 1024
"""The largest message taken from the server (a state message of a full table is a few KB)."""
RECONNECT_TRIES = 6
RESTART_TRIES = 40
"""Tries after the server said it is restarting (close code 1012): about a minute, a restart's time."""
NOT_FOUND_CLOSE = 4404
TOO_MANY_CLOSE = 4429
"""Too many room codes tried from this network (only a seat's token opens a room then), or too many
messages sent without waiting: the server said why, and trying again changes nothing."""
SPECTATORS_FULL_CLOSE = 4503
"""The room has all the spectators it takes, and this client holds no seat in it."""
RESTART_CLOSE = 1012
"""How ``golf serve`` closes every room's connection when it stops (RFC 6455 "Service Restart")."""
ROOM_CODE = re.compile(r"^[A-Za-z0-9]{1,12}$")


@dataclass(frozen=True, slots=True)
class RoomAddress:
    """Where a room is: ``http://HOST:PORT`` and the room code (from a room link or a socket address)."""

    base: str
    code: str

    @property
    def key(self) -> str:
        """The name under which the seat's token is remembered."""
        return f"{self.base}/sixcard/{self.code}"

    def socket_url(self, language: str) -> str:
        scheme, rest = self.base.split("://", 1)
        return f"{'wss' if scheme == 'https' else 'ws'}://{rest}/ws/sixcard/{self.code}?lang={language}"


def parse_room_url(text: str) -> RoomAddress:
    """Read a room link (``http://192.168.1.5:8000/sixcard/Q34TM``) or a socket address (``ws://…/ws/sixcard/Q34TM``)."""
    cleaned = text.strip() if isinstance(text, str) else ""
    if len(cleaned) > 300:
        raise GolfError("tui.bad_room_url", "too long", url=cleaned[:40])
    parts = urlsplit(cleaned)
    scheme = {"http": "http", "https": "https", "ws": "http", "wss": "https"}.get(parts.scheme.lower())
    segments = [segment for segment in parts.path.split("/") if segment]
    if segments[:1] == ["ws"]:
        segments = segments[1:]
    if (
        scheme is None
        or not parts.hostname
        or len(segments) != 2
        or segments[0] != "sixcard"
        or not ROOM_CODE.match(segments[1])
    ):
        raise GolfError("tui.bad_room_url", f"{cleaned!r} is not a room link", url=cleaned[:80])
    try:
        port = parts.port
    except ValueError:
        raise GolfError("tui.bad_room_url", f"{cleaned!r} has a bad port", url=cleaned[:80]) from None
    host = parts.hostname if ":" not in parts.hostname else f"[{parts.hostname}]"
    netloc = host if port is None else f"{host}:{port}"
    return RoomAddress(f"{scheme}://{netloc}", segments[1].upper())


TableHandler = Callable[[Table], Awaitable[None] | None]
ErrorHandler = Callable[[str, str], Awaitable[None] | None]
WelcomeHandler = Callable[[int, str], Awaitable[None] | None]


class RemoteTable:
    """The connection to one room: :meth:`run` until the room is gone or the app stops."""

    def __init__(
        self,
        address: RoomAddress,
        name: str,
        token: str | None,
        on_table: TableHandler,
        on_error: ErrorHandler,
        on_welcome: WelcomeHandler,
        session: str | None = None,
    ) -> None:
        self.address = address
        self.session = session
        """The terminal's session token on this server (:mod:`golfcards.tui.account`), sent as its cookie."""
        self.name = name
        self.token = token
        self.on_table = on_table
        self.on_error = on_error
        self.on_welcome = on_welcome
        self.language = "en"
        self._socket: Any = None
        self._restart = asyncio.Event()
        self.connected = False

    async def run(self, language: str) -> None:
        """Connect, take the seat, draw every state; reconnect a few times when the connection drops."""
        from websockets.asyncio.client import connect
        from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidURI

        self.language = language
        tries = 0
        patience = RECONNECT_TRIES
        while True:
            try:
                async with connect(
                    self.address.socket_url(self.language),
                    max_size=MAX_MESSAGE,
                    open_timeout=10,
                    additional_headers=session_headers(self.session),
                ) as socket:
                    self._socket = socket
                    self.connected = True
                    tries = 0
                    await self._send(Hello(self.token) if self.token else self._join())
                    await self._receive_all(socket)
                    code = socket.close_code
            except ConnectionClosed as closed:  # a close code other than 1000 or 1001 ends the loop here
                code = closed.rcvd.code if closed.rcvd is not None else None
            except (OSError, TimeoutError, InvalidHandshake, InvalidURI):
                code = None
            finally:
                self._socket = None
                self.connected = False
            if code in (NOT_FOUND_CLOSE, TOO_MANY_CLOSE, SPECTATORS_FULL_CLOSE):
                return
            if code == RESTART_CLOSE:
                patience = RESTART_TRIES  # the server comes back: wait for it longer
            elif code is not None:
                patience = RECONNECT_TRIES
            if self._restart.is_set():
                self._restart.clear()
                continue
            tries += 1
            if tries > patience:
                await self._call(self.on_error, "tui.connection_lost", "")
                return
            await asyncio.sleep(0.3 * min(tries, RECONNECT_TRIES))

    async def _receive_all(self, socket: Any) -> None:
        async for raw in socket:
            if self._restart.is_set():
                await socket.close()
                return
            if not isinstance(raw, str):
                continue
            try:
                message = read_server_message(raw)
            except GolfError:
                await self._call(self.on_error, "tui.bad_message", "")
                continue
            await self._handle(message)

    async def _handle(self, message: ServerMessage) -> None:
        if isinstance(message, Welcome):
            self.token = message.token
            await self._call(self.on_welcome, message.seat, message.token)
        elif isinstance(message, ErrorMessage):
            if message.key == "room.bad_token":  # the seat is gone (a new server): sit down afresh
                self.token = None
                await self._send(self._join())
            await self._call(self.on_error, message.key, message.message)
        else:
            await self._call(self.on_table, table_from_message(message))

    def _join(self) -> Join:
        return Join(self.name)

    async def _call(self, handler: Callable[..., Awaitable[None] | None], *args: Any) -> None:
        result = handler(*args)
        if result is not None:
            await result

    async def _send(self, message: ClientMessage) -> bool:
        socket = self._socket
        if socket is None:
            return False
        with contextlib.suppress(Exception):
            await socket.send(encode(message))
            return True
        return False

    async def reconnect(self, language: str) -> None:
        """Reconnect with another language (the server words its messages per connection)."""
        self.language = language
        self._restart.set()
        socket = self._socket
        if socket is not None:
            with contextlib.suppress(Exception):
                await socket.close()

    async def act(self, action: Action) -> bool:
        return await self._send(Act(action))

    async def join(self) -> bool:
        return await self._send(self._join())

    async def start(self) -> bool:
        return await self._send(Start())

    async def next_hole(self) -> bool:
        return await self._send(NextHole())

    async def rematch(self) -> bool:
        return await self._send(Rematch())
