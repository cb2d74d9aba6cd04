"""Checks every request passes before a route sees it, and headers every answer carries (a pure ASGI
middleware).

* A body announced longer than :data:`~golfcards.web.server.requests.MAX_BODY` gets 413 at once, whatever
  the route, and the connection is closed instead of read to its end.
* A request (or a browser's WebSocket) whose ``Host`` is a name the server does not go by is refused
  (400, or 403 for a WebSocket): a page of another site whose name was made to point at this machine
  (DNS rebinding) cannot reach it. Addresses (``192.168.1.20:8000``) are always taken: such a page
  cannot name them.
* A request that may change something (any method but ``GET``, ``HEAD`` and ``OPTIONS``) sent by a
  browser must come from one of the server's own pages (cross-site request forgery: a page of
  another site may make a visitor's browser post a form here, with its cookies). A browser says
  where a request comes from: ``Origin`` (sent with every such request), and ``Sec-Fetch-Site``;
  the origin must be this server's own (its scheme, its ``Host``) or one of ``golf serve
  --allow-origin``, ``Sec-Fetch-Site`` ``same-origin`` (or ``none``: typed by the user). A program (the
  terminal app, a bot, ``curl``) sends neither header and is not a browser holding someone's
  cookies, so it is let through: that is how the two are told apart. Refused: 403
  ``request.cross_site``. The room's WebSocket applies the same test (:func:`same_origin`).
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


def _allowed_origins(scope: Scope) -> Collection[str]:
    """The other pages (``golf serve --allow-origin``) the app takes requests from."""
    app = scope.get("app")
    return getattr(getattr(app, "state", None), "allowed_origins", ())


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


def same_origin(headers: Headers, allowed: Collection[str], scheme: str = "ws") -> bool:
    """Whether a request or WebSocket may come from the page that sends it: a browser names that
    page's origin, and a page of another site may not use a visitor's browser (and its cookies)
    here. No Origin: not a browser. ``scheme`` is the connection's (``https``/``wss`` behind a
    trusted HTTPS proxy): a secure connection is taken only from an ``https`` page, which nobody on
    the network between can have written."""
    origin = headers.get("origin")
    if origin is None:
        return True
    origin = origin.strip().lower().rstrip("/")
    if origin in allowed:
        return True
    origin_scheme, separator, host = origin.partition("://")
    if (
        not separator
        or origin_scheme not in ("http", "https")
        or (scheme in ("wss", "https") and origin_scheme != "https")
    ):
        return False
    return _without_default_port(host, origin_scheme) == _without_default_port(
        headers.get("host", "").lower(), origin_scheme
    )


def _without_default_port(host: str, scheme: str) -> str:
    default = ":443" if scheme == "https" else ":80"
    return host[: -len(default)] if host.endswith(default) else host


SAFE_METHODS = ("GET", "HEAD", "OPTIONS")
"""Methods that change nothing: any other must come from this server's own pages when a browser sends it."""


def cross_site(headers: Headers, method: str, allowed: Collection[str], scheme: str) -> bool:
    """Whether a browser sent this state-changing request from a page that is not the server's own
    (see the module's notes); False for a safe method or a program's request (no browser headers)."""
    if method.upper() in SAFE_METHODS:
        return False
    if "origin" in headers:
        return not same_origin(headers, allowed, scheme)
    return headers.get("sec-fetch-site", "same-origin").strip().lower() not in ("same-origin", "none")


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
        elif cross_site(headers, scope.get("method", "GET"), _allowed_origins(scope), scope.get("scheme", "http")):
            refusal = GolfError("request.cross_site", "a page of another site sent this request")
        if refusal is not None:
            await error_answer(Request(scope), refusal)(scope, receive, send_with_headers)
            return
        await self.app(scope, receive, send_with_headers)
