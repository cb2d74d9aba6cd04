"""Checks every request passes before a route sees it (a pure ASGI middleware).

* A body announced longer than :data:`~golfcards.web.requests.MAX_BODY` gets 413 at once, whatever
  the route, and the connection is closed instead of read to its end.
"""

from __future__ import annotations

from starlette.datastructures import Headers
from starlette.requests import Request
from starlette.responses import Response
from starlette.types import ASGIApp, Receive, Scope, Send

from golfcards.errors import GolfError
from golfcards.web import rules_pages
from golfcards.web.requests import STATUS, declared_too_large, error_response, request_translator


def error_answer(request: Request, error: GolfError) -> Response:
    """A localized refusal: JSON for the API, a short page otherwise."""
    t = request_translator(request)
    status = STATUS.get(error.key, 400)
    if request.url.path.startswith("/api/"):
        return error_response(error, t, status)
    response = rules_pages.message_page(t, error, status)
    if status == 413:
        response.headers["Connection"] = "close"
    return response


class Guard:
    """Refuses what no route may receive, before any route runs."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http" and declared_too_large(Headers(scope=scope)):
            error = GolfError("request.too_large", "request body too long")
            await error_answer(Request(scope), error)(scope, receive, send)
            return
        await self.app(scope, receive, send)
