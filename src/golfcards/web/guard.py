"""Checks every request passes before a route sees it, and headers every answer carries (a pure ASGI
middleware).

* A body announced longer than :data:`~golfcards.web.requests.MAX_BODY` gets 413 at once, whatever
  the route, and the connection is closed instead of read to its end.
* Every HTTP answer carries :data:`SECURITY_HEADERS`: the pages load only their own scripts, styles
  and images from ``/static`` and talk only to this server, so the policy allows nothing else; no
  other site may frame them; no address (a room's link holds its code) is sent on as a referrer.
"""

from __future__ import annotations

from starlette.datastructures import Headers
from starlette.requests import Request
from starlette.responses import Response
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from golfcards.errors import GolfError
from golfcards.web import rules_pages
from golfcards.web.requests import STATUS, declared_too_large, error_response, request_translator

CONTENT_SECURITY_POLICY = (
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; connect-src 'self'; "
    "manifest-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"
)
SECURITY_HEADERS = [
    (b"content-security-policy", CONTENT_SECURITY_POLICY.encode()),
    (b"x-content-type-options", b"nosniff"),
    (b"x-frame-options", b"DENY"),
    (b"referrer-policy", b"no-referrer"),
    (b"cross-origin-opener-policy", b"same-origin"),
]


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
    """Refuses what no route may receive, before any route runs; adds the security headers."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                message = {**message, "headers": [*message.get("headers", []), *SECURITY_HEADERS]}
            await send(message)

        if declared_too_large(Headers(scope=scope)):
            error = GolfError("request.too_large", "request body too long")
            await error_answer(Request(scope), error)(scope, receive, send_with_headers)
            return
        await self.app(scope, receive, send_with_headers)
