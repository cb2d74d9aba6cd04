"""What an operator runs a public server with: health, readiness, metrics, request ids and JSON logs.

* ``GET /healthz``: 200 ``{"alive": true}`` while the process runs; it asks nothing of the storage.
* ``GET /readyz``: 200 ``{"ready": true}`` when the storage answers (every check of
  ``app.state.ready_checks``, run in the storage thread for reads, within :data:`READY_SECONDS`)
  and the server is not stopping; 503 ``{"ready": false, "reason": …}`` otherwise.
* ``GET /metrics``: Prometheus' text format (:class:`Metrics`), only to clients whose address is in
  ``metrics_allowed`` (the client's address as :mod:`golfcards.web.server.forwarded` resolved it); anyone
  else gets 404 as for a page that does not exist.

These three are answered before any other check (they carry no ``Host`` check and are not logged).
Every other request gets a request id (``X-Request-Id`` on the answer), counted by route template
and status, and one log line when done (see :func:`configure_logging`): its method, route, status,
duration, request id and the key its client's address counts under (never a query, a cookie, a
token or a body).
"""

from __future__ import annotations

import asyncio
import contextvars
import datetime
import json
import logging
import secrets
import sys
import time
from collections.abc import Callable, Iterator
from types import FrameType
from typing import Any

import uvicorn
from prometheus_client import CONTENT_TYPE_LATEST, CollectorRegistry, Counter, Gauge, Histogram, generate_latest
from prometheus_client.core import CounterMetricFamily
from prometheus_client.registry import Collector
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from golfcards.web.server.addresses import limit_key
from golfcards.web.server.forwarded import Networks

RESTART_CLOSE = 1012
"""The close code (RFC 6455 "Service Restart") every open WebSocket gets when the server stops: the
page and ``golf tui`` reconnect, and find their room as last stored."""
READY_SECONDS = 2.0
"""How long ``/readyz`` waits for the storage before it calls the server not ready."""
OPERATIONS_PATHS = ("/healthz", "/readyz", "/metrics")
STORAGE_BUCKETS = (0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0)
REQUEST_BUCKETS = (0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0)

request_id: contextvars.ContextVar[str | None] = contextvars.ContextVar("golfcards_request_id", default=None)
"""The id of the request being served (tasks it starts inherit it), for every log line."""
requests_log = logging.getLogger("golfcards.requests")
logger = logging.getLogger(__name__)


class Metrics:
    """The server's Prometheus metrics in a registry of its own; the gauges are read from ``state``
    (the app's state: its tables, rooms and bots) when scraped."""

    def __init__(self, state: Any) -> None:
        self.registry = CollectorRegistry(auto_describe=True)
        self.requests = Counter(
            "golfcards_http_requests",
            "HTTP requests answered, by method, route template and status",
            ("method", "route", "status"),
            registry=self.registry,
        )
        self.request_seconds = Histogram(
            "golfcards_http_request_duration_seconds",
            "Time from a request's headers to the end of its answer, by route template",
            ("route",),
            buckets=REQUEST_BUCKETS,
            registry=self.registry,
        )
        self.storage_seconds = Histogram(
            "golfcards_storage_seconds",
            "Time a storage call took, waiting for its storage thread included, by kind (read, write, ready)",
            ("kind",),
            buckets=STORAGE_BUCKETS,
            registry=self.registry,
        )
        gauges: list[tuple[str, str, Callable[[], float]]] = [
            (
                "golfcards_websockets_open",
                "Open WebSockets of six-card rooms",
                lambda: sum(len(clients) for clients in state.tables.clients.values()),
            ),
            ("golfcards_rooms_in_memory", "Six-card rooms held in memory", lambda: len(state.rooms)),
            (
                "golfcards_bot_queue_length",
                "Bot turns waiting for the bots' worker",
                lambda: state.tables.bot_pool.pool.queued,
            ),
        ]
        for name, documentation, read in gauges:
            Gauge(name, documentation, registry=self.registry).set_function(read)
        self.registry.register(_RoomActions(state))
        self.registry.register(_RoomsMoved(state))

    def text(self) -> bytes:
        return generate_latest(self.registry)


class _RoomActions(Collector):
    """``golfcards_room_actions_total``: the changes the rooms counted (:attr:`Tables.changes`)."""

    def __init__(self, state: Any) -> None:
        self.state = state

    def collect(self) -> Iterator[CounterMetricFamily]:
        yield CounterMetricFamily(
            "golfcards_room_actions",
            "Changes made to six-card rooms (moves, seats, starts)",
            value=self.state.tables.changes,
        )


class _RoomsMoved(Collector):
    """``golfcards_rooms_moved_total{how}``: rooms this worker handed over to another that asked for
    them (``handed_over``), and rooms it found another worker had taken (``lost``: its lease lapsed)."""

    def __init__(self, state: Any) -> None:
        self.state = state

    def collect(self) -> Iterator[CounterMetricFamily]:
        family = CounterMetricFamily(
            "golfcards_rooms_moved",
            "Six-card rooms another worker plays now, by how: handed over when asked, or lost",
            labels=("how",),
        )
        for how, count in self.state.tables.store.moved.items():
            family.add_metric((how,), count)
        yield family


def _route(scope: Scope) -> str:
    """The template of the route that answered (``/api/sixcard/rooms``, ``/sixcard/{code}``), never a
    path a client chose: "other" for none."""
    route = scope.get("route")
    path = getattr(route, "path", None)
    return path if isinstance(path, str) and path else "other"


class Operations:
    """Answers ``/healthz``, ``/readyz`` and ``/metrics``; gives every other request an id, counts it
    and logs it (see the module). ``metrics_allowed``: the clients that may read ``/metrics``."""

    def __init__(self, app: ASGIApp, metrics_allowed: Networks) -> None:
        self.app = app
        self.metrics_allowed = metrics_allowed

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        if scope["type"] == "http" and scope["path"] in OPERATIONS_PATHS:
            await self._operations(scope, send)
            return
        identifier = secrets.token_hex(8)
        token = request_id.set(identifier)
        started = time.perf_counter()
        outcome = {"status": 500}

        async def sending(message: Message) -> None:
            kind = message["type"]
            if kind == "http.response.start":
                outcome["status"] = message["status"]
                message = {**message, "headers": [*message.get("headers", []), (b"x-request-id", identifier.encode())]}
            elif kind == "websocket.accept":
                outcome["status"] = 101
            elif kind == "websocket.close":
                outcome["status"] = int(message.get("code", 1000)) if outcome["status"] == 101 else 403
            await send(message)

        try:
            await self.app(scope, receive, sending)
        finally:
            seconds = time.perf_counter() - started
            route = _route(scope)
            metrics: Metrics = scope["app"].state.metrics
            method = scope.get("method", "GET") if scope["type"] == "http" else "WEBSOCKET"
            metrics.requests.labels(method, route, str(outcome["status"])).inc()
            metrics.request_seconds.labels(route).observe(seconds)
            client = scope.get("client")
            fields: dict[str, Any] = {
                "method": method,
                "route": route,
                "status": outcome["status"],
                "duration_ms": round(seconds * 1000, 2),
                "client": limit_key(client[0]) if client else "",
            }
            code = scope.get("path_params", {}).get("code")
            if scope["type"] == "websocket" and isinstance(code, str):
                fields["room"] = code[:16]
            event = "request" if scope["type"] == "http" else "websocket"
            requests_log.info("%s %s %s", method, route, outcome["status"], extra={"event": event, "fields": fields})
            request_id.reset(token)

    async def _operations(self, scope: Scope, send: Send) -> None:
        app = scope["app"]
        path = scope["path"]
        if scope.get("method") not in ("GET", "HEAD"):
            await _answer(send, 405, {"error": "method not allowed"})
        elif path == "/healthz":
            await _answer(send, 200, {"alive": True})
        elif path == "/readyz":
            reason = await _not_ready(app)
            await _answer(
                send, 503 if reason else 200, {"ready": False, "reason": reason} if reason else {"ready": True}
            )
        else:
            client = scope.get("client")
            if not client or not self.metrics_allowed.contains(client[0]):
                await _answer(send, 404, {"error": "not found"})
                return
            await _answer(send, 200, app.state.metrics.text(), CONTENT_TYPE_LATEST)


async def _not_ready(app: Any) -> str | None:
    """Why the server should get no new players now ("stopping", "storage"), or None."""
    if app.state.stopping:
        return "stopping"
    loop = asyncio.get_running_loop()
    started = time.perf_counter()
    try:
        async with asyncio.timeout(READY_SECONDS):
            for check in app.state.ready_checks:
                await loop.run_in_executor(app.state.read_thread, check)
    except Exception:  # a timeout, a storage failure, a stopped thread: all are "not ready"
        logger.warning("readiness: the storage did not answer", exc_info=True, extra={"event": "not_ready"})
        return "storage"
    finally:
        app.state.metrics.storage_seconds.labels("ready").observe(time.perf_counter() - started)
    return None


async def _answer(send: Send, status: int, body: dict[str, Any] | bytes, media_type: str = "application/json") -> None:
    content = body if isinstance(body, bytes) else json.dumps(body).encode()
    headers = [
        (b"content-type", media_type.encode()),
        (b"content-length", str(len(content)).encode()),
        (b"cache-control", b"no-store"),
    ]
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": content})


# --- stopping ---------------------------------------------------------------------------------


class StoppingServer(uvicorn.Server):
    """uvicorn's server, which on SIGTERM or Ctrl+C first marks the app as stopping (``/readyz``
    answers 503), then stops as uvicorn does: it accepts no more connections, closes every open
    WebSocket with :data:`RESTART_CLOSE` (the page and ``golf tui`` reconnect), lets requests under
    way finish, and the app's shutdown writes every queued change of the rooms before the process
    ends. Every change a player was told of was stored before (the rooms answer only then)."""

    def handle_exit(self, sig: int, frame: FrameType | None) -> None:
        state = getattr(self.config.app, "state", None)
        if not self.should_exit and state is not None:
            state.stopping = True
            open_sockets = sum(len(clients) for clients in state.tables.clients.values())
            logger.info(
                "stopping: %d room connections told to reconnect",
                open_sockets,
                extra={"event": "server.stopping", "fields": {"websockets": open_sockets}},
            )
        super().handle_exit(sig, frame)


# --- logs -------------------------------------------------------------------------------------

LOG_FORMATS = ("text", "json")


class JsonLines(logging.Formatter):
    """One JSON object a line: ``time`` (UTC), ``level``, ``logger``, ``event``, ``message``, the
    ``worker`` (``golf serve --worker-id``, if given), the request id of the request under way (if
    any), the record's ``fields`` and, for an error, its ``exception``."""

    def __init__(self, worker: str | None = None) -> None:
        super().__init__()
        self.worker = worker

    def format(self, record: logging.LogRecord) -> str:
        line: dict[str, Any] = {
            "time": datetime.datetime.fromtimestamp(record.created, datetime.UTC).isoformat(timespec="milliseconds"),
            "level": record.levelname.lower(),
            "logger": record.name,
            "event": getattr(record, "event", "log"),
            "message": record.getMessage(),
        }
        if self.worker is not None:
            line["worker"] = self.worker
        identifier = request_id.get()
        if identifier is not None:
            line["request_id"] = identifier
        fields = getattr(record, "fields", None)
        if isinstance(fields, dict):
            line.update(fields)
        if record.exc_info:
            line["exception"] = self.formatException(record.exc_info)
        return json.dumps(line, ensure_ascii=False, default=str)


def configure_json_logging(worker: str | None = None) -> None:
    """Every log line of ``golf serve`` on standard error as :class:`JsonLines`, each finished request
    among them (``golfcards.requests`` at info level). uvicorn's access log is off (ours has the route
    and the request id); its other records are warnings and errors, as with the text logs."""
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(JsonLines(worker))
    root = logging.getLogger()
    root.handlers[:] = [handler]
    root.setLevel(logging.WARNING)
    logging.getLogger("golfcards").setLevel(logging.INFO)
    for name in ("uvicorn", "uvicorn.error"):
        logging.getLogger(name).setLevel(logging.WARNING)
        logging.getLogger(name).handlers[:] = []
        logging.getLogger(name).propagate = True
    logging.getLogger("uvicorn.access").disabled = True
