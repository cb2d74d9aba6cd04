"""Each TCP connection of ``golf serve`` before the app sees it: bounds that hold whatever a client sends.

uvicorn parses requests with httptools, which bounds neither the size of a request's headers nor
the time they take to arrive. :func:`protocols` returns uvicorn's HTTP and WebSocket protocols
with those bounds added, for ``uvicorn.Config(http=…, ws=…)``:

* a request line and headers longer than :attr:`ConnectionLimits.header_bytes` get 431 and the
  connection is closed, before more is buffered;
* a WebSocket whose app has finished (a client dropped for reading too slowly) is aborted, not left
  open until the client reads what is buffered for it.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass
from typing import Any

from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol
from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol

HEADER_BYTES = 16 * 1024
"""The request line and headers of one request: the pages send well under 2 KB."""


@dataclass(frozen=True)
class ConnectionLimits:
    """What one connection may take from the server."""

    header_bytes: int = HEADER_BYTES


class _HeadersTooLong(Exception):
    """Raised from a parser callback: httptools stops parsing and uvicorn answers with an error."""


def _plain_response(status: int, reason: str) -> bytes:
    return (
        f"HTTP/1.1 {status} {reason}\r\ncontent-type: text/plain; charset=utf-8\r\n"
        f"content-length: {len(reason)}\r\nconnection: close\r\n\r\n{reason}"
    ).encode("ascii")


def protocols(limits: ConnectionLimits) -> tuple[type[asyncio.Protocol], type[asyncio.Protocol]]:
    """uvicorn's (HTTP, WebSocket) protocol classes with ``limits`` applied."""

    class WebSocketConnection(WebSocketsSansIOProtocol):
        """A WebSocket connection; its messages are bounded by uvicorn's ``ws_max_size``."""

        async def run_asgi(self) -> None:
            """Run the app; once it is done with the connection, a peer that does not read what is
            still buffered for it is cut off (a plain close would wait for it to read, for ever)."""
            await super().run_asgi()
            if not self.writable.is_set():
                self.transport.abort()

    class HttpConnection(HttpToolsProtocol):
        """An HTTP/1.1 connection whose request headers are bounded in size."""

        def __init__(self, *args: Any, **kwargs: Any) -> None:
            super().__init__(*args, **kwargs)
            self._header_bytes = 0
            self._headers_too_long = False

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
