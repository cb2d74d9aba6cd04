"""Each TCP connection of ``golf serve`` before the app sees it: bounds that hold whatever a client sends.

uvicorn parses requests with httptools, which bounds neither the size of a request's headers nor
the time they take to arrive, nor the connections one address may hold. :func:`protocols` returns
uvicorn's HTTP and WebSocket protocols with those bounds added, for ``uvicorn.Config(http=…, ws=…)``:

* a request line and headers longer than :attr:`ConnectionLimits.header_bytes` get 431 and the
  connection is closed, before more is buffered;
* a request's headers must be complete :attr:`ConnectionLimits.header_seconds` after the connection
  opens or the previous answer ends (408 and closed otherwise), so trickling headers hold nothing
  for long;
* the kernel holds at most :attr:`ConnectionLimits.send_buffer` (doubled) unsent for a connection;
* one address holds at most :attr:`ConnectionLimits.per_address` connections and the server at most
  :attr:`ConnectionLimits.total` (HTTP and WebSocket alike): the next one gets 503 and is closed (an
  IPv6 address counts by its /64 network, as every per-address cap: :func:`~golfcards.web.server.addresses.limit_key`).
  This level sees only the socket's peer: the trusted reverse proxies
  (:attr:`ConnectionLimits.proxies`), which carry every player's connections, are exempt from the
  cap per address but count toward the total; the app's own caps count each client behind them
  (:mod:`golfcards.web.server.forwarded`), and the proxy bounds connections per client itself;
* a WebSocket whose app has finished (a client dropped for reading too slowly) is aborted, not left
  open until the client reads what is buffered for it.
"""

from __future__ import annotations

import asyncio
import collections
import socket
import struct
from dataclasses import dataclass
from typing import Any

from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol
from uvicorn.protocols.utils import get_remote_addr
from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol

from golfcards.web.server.addresses import limit_key
from golfcards.web.server.forwarded import Network, Networks

HEADER_BYTES = 16 * 1024
"""The request line and headers of one request: the pages send well under 2 KB."""
HEADER_SECONDS = 10.0
"""Time for a request's headers to arrive (one small packet for a browser, even on a slow phone)."""
SEND_BUFFER = 64 * 1024
"""The kernel's send buffer of a connection (Linux doubles it): otherwise it grows up to 4 MB for a
client that reads nothing, memory no limit of the app sees, before the app's own bounds apply."""
PER_ADDRESS = 100
"""Connections of one address: a browser opens about 6 per site plus a room's WebSocket, so this is
a household of devices behind one router with room to spare."""
TOTAL = 4096
"""Connections in all, lowered to what the open-file limit allows."""


@dataclass(frozen=True)
class ConnectionLimits:
    """What connections may take from the server."""

    header_bytes: int = HEADER_BYTES
    header_seconds: float = HEADER_SECONDS
    send_buffer: int = SEND_BUFFER
    per_address: int = PER_ADDRESS
    total: int = TOTAL
    proxies: tuple[Network, ...] = ()
    """Peers exempt from :attr:`per_address` (the reverse proxies ``--forwarded-allow-ips`` names)."""


class OpenConnections:
    """Open connections by client address (counted under its :func:`limit_key`), shared by every
    protocol instance of one server."""

    def __init__(self, limits: ConnectionLimits) -> None:
        self.limits = limits
        self.by_address: collections.Counter[str] = collections.Counter()
        self.total = 0
        self.proxies = Networks(limits.proxies)

    def admit(self, address: str) -> bool:
        """Count a new connection from ``address``, unless a limit is reached (then False)."""
        key = limit_key(address)
        if self.total >= self.limits.total:
            return False
        if self.by_address[key] >= self.limits.per_address and not self.proxies.contains(address):
            return False
        self.by_address[key] += 1
        self.total += 1
        return True

    def release(self, address: str) -> None:
        """Count out a connection :meth:`admit` counted."""
        key = limit_key(address)
        self.total -= 1
        self.by_address[key] -= 1
        if not self.by_address[key]:
            del self.by_address[key]


class _HeadersTooLong(Exception):
    """Raised from a parser callback: httptools stops parsing and uvicorn answers with an error."""


def _plain_response(status: int, reason: str) -> bytes:
    return (
        f"HTTP/1.1 {status} {reason}\r\ncontent-type: text/plain; charset=utf-8\r\n"
        f"content-length: {len(reason)}\r\nconnection: close\r\n\r\n{reason}"
    ).encode("ascii")


def _address(transport: asyncio.BaseTransport) -> str:
    remote = get_remote_addr(transport)  # type: ignore[arg-type]
    return remote[0] if remote else ""


def protocols(limits: ConnectionLimits) -> tuple[type[asyncio.Protocol], type[asyncio.Protocol]]:
    """uvicorn's (HTTP, WebSocket) protocol classes with ``limits`` applied, sharing one count of
    open connections."""
    connections = OpenConnections(limits)

    class WebSocketConnection(WebSocketsSansIOProtocol):
        """A WebSocket connection (only ever made by upgrading an :class:`HttpConnection`, whose
        place in the count it takes over); its messages are bounded by uvicorn's ``ws_max_size``."""

        def connection_made(self, transport: asyncio.BaseTransport) -> None:
            super().connection_made(transport)
            self._address = _address(transport)

        def connection_lost(self, exc: Exception | None) -> None:
            super().connection_lost(exc)
            connections.release(self._address)

        async def run_asgi(self) -> None:
            """Run the app; once it is done with the connection, a peer that does not read what is
            still buffered for it is cut off (a plain close would wait for it to read, for ever)."""
            await super().run_asgi()
            if not self.writable.is_set():
                sock = self.transport.get_extra_info("socket")
                if sock is not None:  # reset, so that the kernel does not keep trying to send either
                    sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
                self.transport.abort()

    class HttpConnection(HttpToolsProtocol):
        """An HTTP/1.1 connection, counted, whose request headers are bounded in size and time."""

        def __init__(self, *args: Any, **kwargs: Any) -> None:
            super().__init__(*args, **kwargs)
            self._header_bytes = 0
            self._headers_too_long = False
            self._header_timer: asyncio.TimerHandle | None = None
            self._address = ""
            self._counted = False

        def connection_made(self, transport: asyncio.BaseTransport) -> None:
            super().connection_made(transport)  # type: ignore[arg-type]
            self._address = _address(transport)
            self._counted = connections.admit(self._address)
            if not self._counted:
                self.transport.write(_plain_response(503, "Too many connections"))
                self.transport.close()
                return
            sock = transport.get_extra_info("socket")
            if sock is not None:
                sock.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, limits.send_buffer)
            self._wait_for_headers()

        def connection_lost(self, exc: Exception | None) -> None:
            self._stop_waiting_for_headers()
            if self._counted:
                connections.release(self._address)
                self._counted = False
            super().connection_lost(exc)

        def handle_websocket_upgrade(self) -> None:
            """The WebSocket connection takes over the transport and its place in the count."""
            self._counted = False
            super().handle_websocket_upgrade()

        # --- the time for headers --------------------------------------------------------------

        def _wait_for_headers(self) -> None:
            self._stop_waiting_for_headers()
            self._header_timer = self.loop.call_later(limits.header_seconds, self._headers_too_slow)

        def _stop_waiting_for_headers(self) -> None:
            if self._header_timer is not None:
                self._header_timer.cancel()
                self._header_timer = None

        def _headers_too_slow(self) -> None:
            self._header_timer = None
            if not self.transport.is_closing():
                self.transport.write(_plain_response(408, "Request Timeout"))
                self.transport.close()

        def on_headers_complete(self) -> None:
            self._stop_waiting_for_headers()
            super().on_headers_complete()

        def on_response_complete(self) -> None:
            next_request_started = bool(self.pipeline)  # a pipelined request whose headers came already
            super().on_response_complete()
            if not next_request_started and not self.transport.is_closing():
                self._wait_for_headers()

        # --- the size of headers ---------------------------------------------------------------

        def on_message_begin(self) -> None:
            super().on_message_begin()
            self._header_bytes = 0

        def on_url(self, url: bytes) -> None:
            self._count_header_bytes(len(url))
            super().on_url(url)

        def on_header(self, name: bytes, value: bytes) -> None:
            self._count_header_bytes(len(name) + len(value) + 4)
            super().on_header(name, value)

        def _count_header_bytes(self, size: int) -> None:
            self._header_bytes += size
            if self._header_bytes > limits.header_bytes:
                self._headers_too_long = True
                raise _HeadersTooLong

        def send_400_response(self, msg: str) -> None:
            """uvicorn's answer to a request the parser stopped on: 431 when the headers were too long."""
            if not self._headers_too_long:
                super().send_400_response(msg)
                return
            self.transport.write(_plain_response(431, "Request Header Fields Too Large"))
            self.transport.close()

    return HttpConnection, WebSocketConnection
