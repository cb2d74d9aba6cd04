"""``golf serve`` in a subprocess for tests that need the real server (uvicorn, its sockets, its memory)."""

from __future__ import annotations

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
