"""Checks every request passes before a route sees it, and headers every answer carries (a pure ASGI
middleware).

* A body announced longer than :data:`~golfcards.web.server.requests.MAX_BODY` gets 413 at once, whatever
  the route, and the connection is closed instead of read to its end.
* A request (or a browser's WebSocket) whose ``Host`` is a name the server does not go by is refused
  (400, or 403 for a WebSocket): a page of another site whose name was made to point at this machine
  (DNS rebinding) cannot reach it. Addresses (``192.168.1.20:8000``) are always taken: such a page
  cannot name them.
* Every HTTP answer carries :data:`SECURITY_HEADERS`: the pages load only their own scripts, styles
  and images from ``/static`` and talk only to this server, so the policy allows nothing else; no
  other site may frame them; no address (a room's link holds its code) is sent on as a referrer.
  A stylesheet or script under ``/static/`` carries only :data:`ASSET_HEADERS`: a document's policy,
  framing and opener rules mean nothing on them (a page's scripts run under the page's policy), and
  a page loads some thirty of them, so the bytes count against its first-load budget. A worker's
  script takes its policy from its own answer: it is never served from ``/static/``.
"""

from __future__ import annotations

import ipaddress
from collections.abc import Collection

from starlette.datastructures import Headers
from starlette.requests import Request
from starlette.responses import Response
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from golfcards.errors import GolfError
from golfcards.web.server.error_page import message_page
from golfcards.web.server.requests import STATUS, declared_too_large, error_response, request_translator

CONTENT_SECURITY_POLICY = (
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; connect-src 'self'; "
    "manifest-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"
)
ASSET_HEADERS = [
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"no-referrer"),  # a stylesheet's own fetches (its images) follow it
]
SECURITY_HEADERS = [
    (b"content-security-policy", CONTENT_SECURITY_POLICY.encode()),
    *ASSET_HEADERS,
    (b"x-frame-options", b"DENY"),
    (b"cross-origin-opener-policy", b"same-origin"),
]
ASSET_TYPES = (b"text/css", b"text/javascript")
"""The content types of the answers under ``/static/`` that carry only :data:`ASSET_HEADERS`."""


def headers_for(path: str, headers: list[tuple[bytes, bytes]]) -> list[tuple[bytes, bytes]]:
    """The security headers an answer to ``path`` with these ``headers`` carries."""
    if path.startswith("/static/"):
        content_type = next((value for name, value in headers if name.lower() == b"content-type"), b"")
        if content_type.startswith(ASSET_TYPES):
            return ASSET_HEADERS
    return SECURITY_HEADERS


def error_answer(request: Request, error: GolfError) -> Response:
    """A localized refusal: JSON for the API, a short page otherwise."""
    t = request_translator(request)
    status = STATUS.get(error.key, 400)
    if request.url.path.startswith("/api/"):
        return error_response(error, t, status)
    response = message_page(t, error, status)
    if status == 413:
        response.headers["Connection"] = "close"
    return response


def host_name(host: str) -> str:
    """The name or address in a ``Host`` header, without its port, in lower case."""
    host = host.strip().lower()
    if host.startswith("["):
        return host[1:].partition("]")[0]
    if host.count(":") == 1:
        host = host.partition(":")[0]
    return host.rstrip(".")


def host_allowed(host: str, names: Collection[str]) -> bool:
    """Whether ``host`` (a ``Host`` header) is an IP address or one of ``names``."""
    name = host_name(host)
    try:
        ipaddress.ip_address(name)
    except ValueError:
        return name in names
    return True


class Guard:
    """Refuses what no route may receive, before any route runs; adds the security headers.

    ``hosts``: the names the server goes by (None: any ``Host``, for tests)."""

    def __init__(self, app: ASGIApp, hosts: Collection[str] | None = None) -> None:
        self.app = app
        self.hosts = None if hosts is None else frozenset(host_name(name) for name in hosts)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        headers = Headers(scope=scope)
        wrong_host = self.hosts is not None and not host_allowed(headers.get("host", ""), self.hosts)
        if scope["type"] == "websocket":
            # Only a browser can be led here by a page of another site, and a browser always names
            # that page (Origin); a program (a terminal at the table, a bot) may use any name.
            if wrong_host and "origin" in headers:
                await send({"type": "websocket.close", "code": 1008})  # before the handshake: 403
            else:
                await self.app(scope, receive, send)
            return

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = list(message.get("headers", []))
                message = {**message, "headers": [*headers, *headers_for(scope["path"], headers)]}
            await send(message)

        refusal = None
        if wrong_host:
            refusal = GolfError("request.bad_host", "this server does not go by that name")
        elif declared_too_large(headers):
            refusal = GolfError("request.too_large", "request body too long")
        if refusal is not None:
            await error_answer(Request(scope), refusal)(scope, receive, send_with_headers)
            return
        await self.app(scope, receive, send_with_headers)
