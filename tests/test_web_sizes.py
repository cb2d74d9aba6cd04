"""Oversized input against the real ``golf serve``: refused before it is buffered, the server's memory flat.

Each test sends what an attacker would (huge WebSocket frames, a deflate bomb, huge or endless HTTP
bodies, endless headers), several at once, while a thread samples the server's resident memory; the
peak may not grow by more than :data:`MEMORY_BOUND` (before these limits it grew by hundreds of MB).
"""

from __future__ import annotations

import contextlib
import select
import socket
import threading
import time
import zlib
from concurrent.futures import ThreadPoolExecutor

import httpx2
import pytest

from tests.serving import Server, close_code, frame_header, golf_serve, ws_open

MEMORY_BOUND = 50 * 1024 * 1024
BIG_MESSAGE = 15 * 1024 * 1024


@pytest.fixture
def server(tmp_path):
    with golf_serve(tmp_path / "golf.sqlite3") as running:
        yield running


class PeakMemory:
    """Samples the server's RSS in a thread while the block runs; ``growth`` is peak minus the start."""

    def __init__(self, server: Server) -> None:
        self.server = server
        self.start = _settled_rss(server)
        self.peak = self.start
        self._done = threading.Event()
        self._thread = threading.Thread(target=self._sample, daemon=True)

    def _sample(self) -> None:
        while not self._done.wait(0.02):
            self.peak = max(self.peak, self.server.rss())

    def __enter__(self) -> PeakMemory:
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        time.sleep(0.3)
        self._done.set()
        self._thread.join()
        self.peak = max(self.peak, self.server.rss())

    @property
    def growth(self) -> int:
        return self.peak - self.start


def _settled_rss(server: Server) -> int:
    """The RSS once the server's start-up work (the solver's warm-up thread) has stopped growing it."""
    previous = server.rss()
    for _ in range(60):
        time.sleep(0.5)
        current = server.rss()
        if abs(current - previous) < 1024 * 1024:
            return current
        previous = current
    return previous


def _room(server: Server) -> str:
    response = httpx2.post(f"{server.address}/api/sixcard/rooms", json={"players": 2, "name": "Ana"}, timeout=10)
    assert response.status_code == 200, response.text
    return response.json()["code"]


def _ws_open(server: Server, code: str, extensions: str | None = None) -> tuple[socket.socket, str, bytes]:
    sock = server.connect()
    head, rest = ws_open(sock, server.port, f"/ws/sixcard/{code}", extensions)
    return sock, head, rest


def _send_quietly(sock: socket.socket, data: bytes) -> None:
    with contextlib.suppress(OSError):
        sock.sendall(data)


def test_a_websocket_frame_over_the_limit_is_refused_from_its_header(server):
    code = _room(server)
    with PeakMemory(server) as memory, ThreadPoolExecutor(20) as pool:

        def attack(_: int) -> int | None:
            sock, _, data = _ws_open(server, code)
            with sock:
                _send_quietly(sock, frame_header(BIG_MESSAGE) + b"a" * 65536)
                return close_code(sock, data)

        codes = list(pool.map(attack, range(20)))
    assert codes == [1009] * 20, "close 1009 (message too big) as soon as the frame's length is read"
    assert memory.growth < MEMORY_BOUND, memory.growth


def test_a_deflate_bomb_is_not_inflated(server):
    """15 MB of one letter deflate to about 15 KB: a server that negotiates per-message deflate must
    not inflate it past its message limit."""
    code = _room(server)
    compressor = zlib.compressobj(wbits=-15)
    bomb = compressor.compress(b"a" * BIG_MESSAGE) + compressor.flush(zlib.Z_SYNC_FLUSH)
    bomb = bomb[:-4]  # permessage-deflate drops the flush's 00 00 ff ff
    with PeakMemory(server) as memory, ThreadPoolExecutor(20) as pool:

        def attack(_: int) -> tuple[bool, int | None]:
            sock, head, data = _ws_open(server, code, "permessage-deflate; client_max_window_bits")
            with sock:
                _send_quietly(sock, frame_header(len(bomb), rsv1=True) + bomb)
                return "permessage-deflate" in head, close_code(sock, data)

        results = list(pool.map(attack, range(20)))
    for negotiated, close in results:
        # With the extension: too big (1009); without it, a compressed frame is a protocol error (1002)
        # unless its own length is already over the limit.
        assert close in ((1009,) if negotiated else (1002, 1009)), results
    assert memory.growth < MEMORY_BOUND, memory.growth


def _post_head(server: Server, path: str, extra: str) -> bytes:
    return (
        f"POST {path} HTTP/1.1\r\nHost: 127.0.0.1:{server.port}\r\nContent-Type: application/json\r\n{extra}\r\n"
    ).encode()


def _status(answer: bytes) -> int:
    return int(answer.split(b" ", 2)[1])


@pytest.mark.parametrize("path", ["/api/solitaire/action", "/api/sixcard/rooms", "/solitaire"])
def test_a_body_announced_too_long_gets_413_before_it_is_sent(server, path):
    """Ten requests announce 100 MB: each is answered 413 from its headers, and the server closes
    the connection instead of reading the body."""
    with PeakMemory(server) as memory:
        socks = [server.connect() for _ in range(10)]
        for sock in socks:
            sock.sendall(_post_head(server, path, f"Content-Length: {100 * 1024 * 1024}\r\n"))
        for sock in socks:
            with sock:
                answer = sock.recv(65536)
                assert _status(answer) == 413, answer
                assert b"connection: close" in answer.lower()
                rest = b""
                with contextlib.suppress(ConnectionResetError):
                    while chunk := sock.recv(65536):
                        rest += chunk
    assert memory.growth < MEMORY_BOUND, memory.growth


def _stream_until_answered(server: Server, path: str, total: int) -> bytes:
    """Send a chunked body of up to ``total`` bytes, stopping as soon as the server answers."""
    with server.connect() as sock:
        sock.sendall(_post_head(server, path, "Transfer-Encoding: chunked\r\n"))
        chunk = b"%x\r\n" % 16384 + b" " * 16384 + b"\r\n"
        sent = 0
        while sent < total:
            readable, _, _ = select.select([sock], [], [], 0)
            if readable:
                break
            try:
                sock.sendall(chunk)
            except OSError:
                break
            sent += 16384
        try:
            return sock.recv(65536)
        except ConnectionResetError:
            return b""


def test_an_endless_chunked_body_is_cut_at_the_limit(server):
    """Ten chunked bodies of up to 30 MB each, at once: 413 once the limit is passed, nothing kept."""
    with PeakMemory(server) as memory, ThreadPoolExecutor(10) as pool:
        answers = list(
            pool.map(lambda _: _stream_until_answered(server, "/api/solitaire/action", 30 * 1024 * 1024), range(10))
        )
    assert [_status(answer) for answer in answers if answer] == [413] * len([a for a in answers if a])
    assert any(answers), answers
    assert memory.growth < MEMORY_BOUND, memory.growth


def test_endless_headers_get_431(server):
    """Ten requests whose headers never end (10 MB each): refused once they pass 16 KB."""

    def attack(_: int) -> bytes:
        with server.connect() as sock:
            sock.sendall(f"GET /solitaire HTTP/1.1\r\nHost: 127.0.0.1:{server.port}\r\n".encode())
            line = b"X-Padding: " + b"a" * 8000 + b"\r\n"
            for _ in range(10 * 1024 * 1024 // len(line)):
                if select.select([sock], [], [], 0)[0]:
                    break
                try:
                    sock.sendall(line)
                except OSError:
                    break
            try:
                return sock.recv(65536)
            except ConnectionResetError:
                return b""

    with PeakMemory(server) as memory, ThreadPoolExecutor(10) as pool:
        answers = list(pool.map(attack, range(10)))
    assert any(answers) and all(_status(answer) == 431 for answer in answers if answer), answers
    assert memory.growth < MEMORY_BOUND, memory.growth
    assert httpx2.get(f"{server.address}/solitaire", timeout=10).status_code == 200
