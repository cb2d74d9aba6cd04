"""What every route needs from a request: its language, its player, its JSON body; error answers.

Bad input never raises out of a route: it becomes a JSON answer ``{"error": {"key", "message"}}``
with a 4xx status, the message in the request's language.
"""

from __future__ import annotations

import asyncio
import base64
import functools
import hashlib
import hmac
import json
import re
import secrets
import time
from collections.abc import Callable
from concurrent.futures import Executor
from typing import Any, TypeVar

import orjson
from starlette.datastructures import Headers
from starlette.requests import ClientDisconnect, HTTPConnection, Request
from starlette.responses import JSONResponse

from golfcards.errors import GolfError
from golfcards.i18n import DEFAULT_LANGUAGE, Translator, language_from_accept_header, normalize_language, translator
from golfcards.i18n.errors import error_text
from golfcards.json_input import read_json
from golfcards.runners.limits import Buckets
from golfcards.web.server.addresses import limit_key

T = TypeVar("T")
PLAYER_COOKIE = "golfcards_player"
COOKIE_AGE = 10 * 365 * 24 * 3600
MAX_BODY = 8 * 1024
"""Requests carry a code or an action: anything longer is refused unread (413)."""
BODY_SECONDS = 10.0
"""Time for a body to arrive once its headers have: a trickled body holds a connection no longer."""
STATUS = {
    "request.too_large": 413,
    "request.too_slow": 408,
    "request.not_json": 415,
    "room.too_many_yours": 429,
    "request.too_many_players": 429,
    "quick.too_many": 429,
    "request.cross_site": 403,
    "account.too_many_attempts": 429,
    "account.not_signed_in": 401,
    "account.wrong_password": 401,
    "account.passkey_refused": 401,
    "account.device_expired": 410,
    "room.server_full": 503,
}
"""The HTTP status of errors that are not a plain bad request (400)."""
REQUEST_ID = re.compile(r"[A-Za-z0-9_-]{1,64}")
SERVER_SIDE = ("storage.", "server.")
"""Error keys that are the server's trouble, not the request's: 503 unless :data:`STATUS` says otherwise."""


def request_language(request: Request) -> str:
    """``?lang=`` if supported, else the browser's ``Accept-Language``, else the server's ``--lang``."""
    chosen = normalize_language(request.query_params.get("lang"))
    if chosen:
        return chosen
    header = request.headers.get("accept-language", "")
    from_header = language_from_accept_header(header)
    if from_header != DEFAULT_LANGUAGE or normalize_language(_first_tag(header)) == DEFAULT_LANGUAGE:
        return from_header
    return request.app.state.default_language or DEFAULT_LANGUAGE


def _first_tag(header: str) -> str:
    return header.split(",")[0].split(";")[0].strip()


def client_address(connection: HTTPConnection) -> str:
    """The network address a request or WebSocket comes from: the socket's own, or, from a reverse
    proxy named by ``golf serve --forwarded-allow-ips``, the client that proxy names
    (:mod:`golfcards.web.server.forwarded`); "" if the server cannot tell."""
    return connection.client.host if connection.client else ""


NEW_PLAYERS_AT_ONCE = 20
"""New players (stored the first time a visitor acts) one network may create at once…"""
NEW_PLAYER_SECONDS = 20.0
"""…then one more every this many seconds."""


class NewPlayers:
    """The players created per network (:func:`golfcards.web.server.addresses.limit_key`), a leaky
    bucket: ``at_once`` (by default :data:`NEW_PLAYERS_AT_ONCE`) at once, then one more every
    :data:`NEW_PLAYER_SECONDS`. Use from the event loop only."""

    def __init__(self, clock: Callable[[], float] = time.monotonic, at_once: int = NEW_PLAYERS_AT_ONCE) -> None:
        self.at_once = at_once
        self._created = Buckets(at_once, NEW_PLAYER_SECONDS, clock=clock)

    def admit(self, address: str) -> None:
        """Count a new player for ``address``; ``request.too_many_players`` if its network has no more."""
        key = limit_key(address)
        if not self._created.take(key):
            raise GolfError("request.too_many_players", f"{key} created {self.at_once} players lately")


PLAYER_KEY = "player ids"
"""The name of the secret key (:meth:`golfcards.runners.storage.Storage.secret_key`) that signs the
player ids given out before they are stored."""


def unstored_player_id(key: bytes) -> str:
    """A new player id for a browser that has not played yet (the six-card pages give it out, so that
    the room's WebSocket carries it): random, signed with ``key``; nothing is stored until it plays."""
    token = secrets.token_urlsafe(18)
    return f"{token}.{_signature(token, key)}"


def signed_player_id(player: str, key: bytes) -> bool:
    """Whether ``player`` is an id this server gave out (:func:`unstored_player_id`), not one made up."""
    token, dot, signature = player.partition(".")
    return bool(dot) and hmac.compare_digest(signature, _signature(token, key))


def _signature(token: str, key: bytes) -> str:
    digest = hmac.new(key, token.encode("utf-8", "replace"), hashlib.sha256).digest()
    return base64.urlsafe_b64encode(digest[:16]).decode().rstrip("=")


def request_translator(request: Request) -> Translator:
    return translator(request_language(request))


def error_response(error: GolfError, t: Translator, status: int | None = None) -> JSONResponse:
    """``{"error": {"key", "message"}}``: 400 for a bad request, 503 for the server's own trouble (its
    storage failed, it is too busy), or the status :data:`STATUS` gives; a refused body also closes
    the connection (the rest is not read)."""
    status = status or STATUS.get(error.key) or (503 if error.key.startswith(SERVER_SIDE) else 400)
    headers = {"Connection": "close"} if status in (408, 413) else None
    return JSONResponse(
        {"error": {"key": error.key, "message": error_text(error, t)}}, status_code=status, headers=headers
    )


def declared_too_large(headers: Headers) -> bool:
    """Whether the request announces a body over :data:`MAX_BODY` (uvicorn refuses a malformed length)."""
    length = headers.get("content-length", "")
    return length.isascii() and length.isdigit() and int(length) > MAX_BODY


async def read_body(request: Request) -> bytes:
    """The request's body, refused (``request.too_large``) from its announced length or as soon as
    more than :data:`MAX_BODY` bytes have come, so that no more than that is ever held; and refused
    (``request.too_slow``) if it takes longer than :data:`BODY_SECONDS`."""
    if declared_too_large(request.headers):
        raise GolfError("request.too_large", "request body too long")
    body = bytearray()
    try:
        async with asyncio.timeout(BODY_SECONDS):
            async for chunk in request.stream():
                body += chunk
                if len(body) > MAX_BODY:
                    raise GolfError("request.too_large", "request body too long")
    except TimeoutError:
        raise GolfError("request.too_slow", "the request body came too slowly") from None
    except ClientDisconnect:
        raise GolfError("request.bad_json", "the client left before its request body came") from None
    return bytes(body)


def json_text(data: Any) -> str:
    """``data`` as compact JSON text, unicode as it is: how a WebSocket message is sent. orjson
    encodes a state message about 12 times as fast as the standard library (5 KB: 8 µs against 100)."""
    return orjson.dumps(data).decode()


def render_json(data: Any) -> bytes:
    """``data`` encoded as Starlette's ``JSONResponse`` does, where the caller runs (a storage thread)."""
    return json.dumps(data, ensure_ascii=False, allow_nan=False, indent=None, separators=(",", ":")).encode()


async def writing(request: Request, function: Callable[..., T], *args: Any) -> T:
    """``function(*args)``, which may change the database, in the app's storage thread for changes,
    so the event loop never waits for SQLite (or a replay): it answers everyone else meanwhile."""
    return await _in_thread(request, "write", function, *args)


async def reading(request: Request, function: Callable[..., T], *args: Any) -> T:
    """``function(*args)``, which only reads the database (or renders), in the app's storage thread
    for reads: a change that waits for the database file does not hold it up."""
    return await _in_thread(request, "read", function, *args)


async def _in_thread(request: Request, kind: str, function: Callable[..., T], *args: Any) -> T:
    """``function(*args)`` in the app's storage thread for ``kind`` ("read", "write"), timed for the
    storage latency metric."""
    state = request.app.state
    thread: Executor = state.write_thread if kind == "write" else state.read_thread
    started = time.perf_counter()
    try:
        return await asyncio.get_running_loop().run_in_executor(thread, functools.partial(function, *args))
    finally:
        state.metrics.storage_seconds.labels(kind).observe(time.perf_counter() - started)


def request_id(data: dict[str, Any]) -> str | None:
    """The optional ``request_id`` of a change (letters, digits, ``-``, ``_``; at most 64): a
    request retried with the same id is applied once."""
    value = field(data, "request_id", str, "")
    if value and not REQUEST_ID.fullmatch(value):
        raise GolfError("request.bad_field", "request_id is 1-64 letters, digits, - or _", field="request_id")
    return value or None


async def json_body(request: Request) -> dict[str, Any]:
    """The request's JSON object; a :class:`GolfError` for anything else (too long, not JSON, not an
    object, not sent as ``application/json``: a page of another site may send a form or plain text
    to this server without asking, but not JSON)."""
    media_type = request.headers.get("content-type", "").partition(";")[0].strip().lower()
    if media_type != "application/json":
        raise GolfError("request.not_json", "a request body is sent as application/json")
    body = await read_body(request)
    try:
        data = read_json(body or b"{}")
    except ValueError:  # UnicodeDecodeError is a ValueError too
        raise GolfError("request.bad_json", "request body is not JSON") from None
    if not isinstance(data, dict):
        raise GolfError("request.bad_json", "request body is not a JSON object")
    return data


def field(data: dict[str, Any], name: str, kind: type | tuple[type, ...], default: Any = None) -> Any:
    """``data[name]`` if it has the type ``kind`` (``default`` if absent); a GolfError otherwise."""
    if name not in data or data[name] is None:
        if default is None:
            raise GolfError("request.bad_field", f"missing field {name}", field=name)
        return default
    value = data[name]
    if isinstance(value, bool) and bool not in (kind if isinstance(kind, tuple) else (kind,)):
        raise GolfError("request.bad_field", f"field {name} has a wrong type", field=name)
    if not isinstance(value, kind):
        raise GolfError("request.bad_field", f"field {name} has a wrong type", field=name)
    return value
