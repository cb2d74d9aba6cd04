"""A seated client that stops reading, against the real ``golf serve``: it is dropped, nobody else waits."""

from __future__ import annotations

import json
import socket
import time

import httpx2
import pytest
from websockets.sync.client import connect

from tests.serving import Server, golf_serve, text_frame, ws_open

ANSWER_SECONDS = 20
"""How long the test waits for any one answer before it calls the server stuck (a hang guard)."""


@pytest.fixture
def server(tmp_path):
    with golf_serve(tmp_path / "golf.sqlite3") as running:
        yield running


def _silent_player(server: Server, code: str) -> socket.socket:
    """Bob: takes the second seat over a raw WebSocket with a tiny receive buffer, then never reads."""
    sock = socket.socket()
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    sock.connect(("127.0.0.1", server.port))
    ws_open(sock, server.port, f"/ws/sixcard/{code}")
    sock.sendall(text_frame(json.dumps({"type": "join", "name": "Bob"})))
    return sock


def _open_on_server(server: Server, sock: socket.socket) -> bool:
    """Whether the server's side of the connection of ``sock`` still exists (in any state: a socket
    closed with unsent data lingers in the kernel, trying to send it)."""
    return _unsent(server, sock) is not None


def _unsent(server: Server, sock: socket.socket) -> int | None:
    """The bytes the kernel holds unsent on the server's side of ``sock``'s connection (None: no such
    socket), from /proc/net/tcp (ports in hex; tx_queue:rx_queue)."""
    local = f"0100007F:{server.port:04X}"
    remote = f"0100007F:{sock.getsockname()[1]:04X}"
    for line in open("/proc/net/tcp").read().splitlines()[1:]:
        fields = line.split()
        if fields[1] == local and fields[2] == remote:
            return int(fields[4].split(":")[0], 16)
    return None


def _next(ws, kind: str) -> dict:
    while True:
        message = json.loads(ws.recv(timeout=ANSWER_SECONDS))
        if message["type"] == kind:
            return message


def test_a_client_that_stops_reading_is_dropped_and_the_table_goes_on(server):
    room = httpx2.post(f"{server.address}/api/sixcard/rooms", json={"players": 3, "name": "Ana"}, timeout=10).json()
    with connect(f"ws://127.0.0.1:{server.port}/ws/sixcard/{room['code']}") as ana:
        ana.send(json.dumps({"type": "hello", "token": room["token"]}))
        assert _next(ana, "welcome")["seat"] == 0
        bob = _silent_player(server, room["code"])
        with bob:
            while _next(ana, "state")["room"]["seats"][1]["kind"] != "human":
                pass
            # Every change Ana makes (a bot in the third seat, then none) is sent to Bob too; Bob reads
            # nothing. Each change must still reach Ana, and Bob must be the one cut off.
            changes, unsent, level = 0, 0, None
            deadline = time.monotonic() + 120
            while _open_on_server(server, bob) and time.monotonic() < deadline:
                for _ in range(50):
                    level = None if level else "easy"
                    ana.send(json.dumps({"type": "bot", "seat": 2, "level": level}))
                    kind = "bot" if level else "open"
                    while _next(ana, "state")["room"]["seats"][2]["kind"] != kind:
                        pass
                    changes += 1
                unsent = max(unsent, _unsent(server, bob) or 0)
            assert not _open_on_server(server, bob), f"Bob still connected after {changes} changes"
            assert unsent <= 512 * 1024, f"the kernel held {unsent} bytes for Bob (it grows to 4 MB unbounded)"
            if not level:
                ana.send(json.dumps({"type": "bot", "seat": 2, "level": "easy"}))
            ana.send(json.dumps({"type": "start"}))
            while not _next(ana, "state")["room"]["started"]:
                pass
            ana.send(json.dumps({"type": "act", "action": {"type": "reveal", "position": 0}}))
            state = _next(ana, "state")
            while state["view"]["grids"][0][0] is None:
                state = _next(ana, "state")
            assert not state["room"]["seats"][1]["connected"], "the table shows Bob offline"
