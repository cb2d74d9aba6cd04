"""``golf serve`` in a subprocess for tests that need the real server (uvicorn, its sockets, its memory)."""

from __future__ import annotations

import base64
import contextlib
import os
import re
import socket
import subprocess
import sys
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

import psutil

ROOT = Path(__file__).resolve().parent.parent


@dataclass
class Server:
    process: subprocess.Popen
    address: str
    """``http://127.0.0.1:PORT`` (no slash at the end)."""
    port: int

    def rss(self) -> int:
        """The server's resident memory in bytes."""
        return psutil.Process(self.process.pid).memory_info().rss

    def connect(self, source: str = "127.0.0.1") -> socket.socket:
        """A raw TCP connection to the server from the loopback address ``source`` (any 127.x.y.z)."""
        return socket.create_connection(("127.0.0.1", self.port), timeout=30, source_address=(source, 0))


@contextlib.contextmanager
def golf_serve(
    db: Path, *args: str, preexec_fn: Callable[[], None] | None = None, stderr: Path | None = None
) -> Iterator[Server]:
    """``golf serve --port 0 --db DB ARGS…`` until the block ends; its standard error goes to ``stderr``."""
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src"), "PYTHONUNBUFFERED": "1"}
    with contextlib.ExitStack() as stack:
        err = stack.enter_context(open(stderr, "w")) if stderr else subprocess.DEVNULL  # noqa: SIM115
        process = subprocess.Popen(
            [sys.executable, "-m", "golfcards", "serve", "--port", "0", "--db", str(db), "--lang", "en", *args],
            stdout=subprocess.PIPE,
            stderr=err,
            text=True,
            env=env,
            preexec_fn=preexec_fn,
        )
        try:
            assert process.stdout is not None
            line = process.stdout.readline()
            found = re.search(r"http://[^/\s]+:(\d+)", line)
            assert found, f"golf serve did not start: {line!r}"
            yield Server(process, found.group(), int(found.group(1)))
        finally:
            process.terminate()
            try:
                process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait(timeout=10)


def ws_open(sock: socket.socket, port: int, path: str, extensions: str | None = None) -> tuple[str, bytes]:
    """A raw WebSocket handshake for ``path`` on ``sock``; returns the answer's headers (lower case) and
    what came after them. Fails unless the server switched protocols."""
    key = base64.b64encode(os.urandom(16)).decode()
    lines = [
        f"GET {path} HTTP/1.1",
        f"Host: 127.0.0.1:{port}",
        "Upgrade: websocket",
        "Connection: Upgrade",
        f"Sec-WebSocket-Key: {key}",
        "Sec-WebSocket-Version: 13",
    ]
    if extensions:
        lines.append(f"Sec-WebSocket-Extensions: {extensions}")
    sock.sendall(("\r\n".join(lines) + "\r\n\r\n").encode())
    answer = b""
    while b"\r\n\r\n" not in answer:
        chunk = sock.recv(4096)
        assert chunk, answer
        answer += chunk
    head, _, rest = answer.partition(b"\r\n\r\n")
    assert head.startswith(b"HTTP/1.1 101"), head
    return head.decode("latin-1").lower(), rest


def frame_header(length: int, *, rsv1: bool = False) -> bytes:
    """A masked final text frame's header announcing ``length`` bytes (mask key 0: the payload as is)."""
    first = bytes([0x81 | (0x40 if rsv1 else 0)])
    if length < 126:
        size = bytes([0x80 | length])
    elif length < 1 << 16:
        size = bytes([0x80 | 126]) + length.to_bytes(2, "big")
    else:
        size = bytes([0x80 | 127]) + length.to_bytes(8, "big")
    return first + size + b"\0\0\0\0"


def text_frame(text: str) -> bytes:
    payload = text.encode()
    return frame_header(len(payload)) + payload


def close_code(sock: socket.socket, data: bytes = b"") -> int | None:
    """Read the server's frames (``data`` already came) until its close frame; its code (None if the
    connection just ended)."""
    while True:
        while len(data) >= 2:
            opcode, length = data[0] & 0x0F, data[1] & 0x7F
            start = 2
            if length == 126:
                length, start = int.from_bytes(data[2:4], "big"), 4
            elif length == 127:
                length, start = int.from_bytes(data[2:10], "big"), 10
            if len(data) < start + length:
                break
            payload, data = data[start : start + length], data[start + length :]
            if opcode == 0x8:
                return int.from_bytes(payload[:2], "big")
        try:
            chunk = sock.recv(65536)
        except (ConnectionResetError, TimeoutError):
            return None
        if not chunk:
            return None
        data += chunk
