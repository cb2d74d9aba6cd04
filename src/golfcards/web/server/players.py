"""Who a request or a WebSocket is: the one answer every route reads (:func:`current_player`).

A browser signed in to an account carries the ``golfcards_session`` cookie (a random token; the
server stores only its hash); the :class:`SignedInPlayers` middleware looks it up once per connection,
before any route runs, and keeps the answer in the connection's scope. Then:

* a session the server issued and that has not ended → the account's player;
* otherwise (no session cookie, or one the server does not know: it is ignored) → the
  ``golfcards_player`` cookie as before accounts: an unguessable id, stored once the visitor plays.

An account's player is never given out in a ``golfcards_player`` cookie, so only a session reaches it.
"""

from __future__ import annotations

import asyncio
import functools

from starlette.datastructures import Headers
from starlette.requests import HTTPConnection, Request, cookie_parser
from starlette.types import ASGIApp, Receive, Scope, Send

from golfcards.errors import GolfError
from golfcards.runners.storage import SignedIn
from golfcards.web.server.requests import PLAYER_COOKIE, error_response, request_translator

SESSION_COOKIE = "golfcards_session"
SESSION_AGE = 180 * 24 * 3600
"""The session cookie's lifetime in seconds (the session itself ends at the same time on the server)."""
MAX_TOKEN = 64
"""A session token is 43 characters; a longer cookie is not one (and is not looked up)."""
MAX_PLAYER = 64
"""A player id is 24 characters; a longer cookie is not one."""
_SIGNED_IN = "golfcards.signed_in"
"""The scope key where :class:`SignedInPlayers` keeps the connection's session (a SignedIn or None)."""


def signed_in(connection: HTTPConnection) -> SignedIn | None:
    """The account session the connection carries, if the server issued it and it has not ended."""
    found = connection.scope.get(_SIGNED_IN)
    return found if isinstance(found, SignedIn) else None


def current_player(connection: HTTPConnection) -> str | None:
    """The player of a request or WebSocket: the signed-in account's player, else the player id of the
    ``golfcards_player`` cookie if it looks like one (whether it is stored is the store's answer)."""
    session = signed_in(connection)
    if session is not None:
        return session.player
    player = connection.cookies.get(PLAYER_COOKIE, "")
    return player if 0 < len(player) <= MAX_PLAYER else None


def session_token(headers: Headers) -> str:
    """The session cookie's token as sent ("" if none, or too long to be one)."""
    cookie = headers.get("cookie", "")
    if SESSION_COOKIE not in cookie:
        return ""
    token = cookie_parser(cookie).get(SESSION_COOKIE, "")
    return token if 0 < len(token) <= MAX_TOKEN else ""


class SignedInPlayers:
    """Looks up the session cookie of every request and WebSocket (not the static files) once, in the
    app's storage thread for reads, and keeps the account it opens for :func:`current_player`. A
    storage failure gets the usual localized 503 (a WebSocket is closed): never a guess at the player."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] in ("http", "websocket") and not scope["path"].startswith("/static/"):
            token = session_token(Headers(scope=scope))
            if token:
                state = scope["app"].state
                try:
                    scope[_SIGNED_IN] = await asyncio.get_running_loop().run_in_executor(
                        state.read_thread, functools.partial(state.storage.signed_in, token)
                    )
                except GolfError as error:
                    if scope["type"] == "websocket":
                        await send({"type": "websocket.close", "code": 1011})
                        return
                    request = Request(scope)
                    await error_response(error, request_translator(request))(scope, receive, send)
                    return
        await self.app(scope, receive, send)
