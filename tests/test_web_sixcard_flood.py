"""Floods at a six-card table, against the real ``golf serve``: bursts of messages and crowds of
spectators cost the one who sends them, never the players at the table."""

from __future__ import annotations

import json
from typing import Any

import httpx2
import pytest
from websockets.sync.client import ClientConnection, connect

from tests.serving import Server, golf_serve, text_frame, ws_open

ANSWER_SECONDS = 20
"""How long the test waits for any one answer before it calls the server stuck (a hang guard)."""
BURST = 60
"""Messages a flooder sends in one write."""
MAX_SPECTATORS = 100
SPECTATORS_LISTED = 20


@pytest.fixture
def server(tmp_path):
    with golf_serve(tmp_path / "golf.sqlite3") as running:
        yield running


class RawSocket:
    """A WebSocket spoken by hand: what a hostile client does (many frames in one write, no reading)."""

    def __init__(self, server: Server, code: str, source: str = "127.0.0.1", lang: str = "en") -> None:
        self.sock = server.connect(source)
        self.sock.settimeout(ANSWER_SECONDS)
        _, self.data = ws_open(self.sock, server.port, f"/ws/sixcard/{code}?lang={lang}")

    def send(self, *messages: dict[str, Any]) -> None:
        """Send ``messages`` in one write."""
        self.sock.sendall(b"".join(text_frame(json.dumps(message)) for message in messages))

    def frame(self) -> tuple[int, bytes] | None:
        """The server's next frame (opcode, payload), or None once the connection is gone."""
        while True:
            data = self.data
            if len(data) >= 2:
                length, start = data[1] & 0x7F, 2
                if length == 126:
                    length, start = int.from_bytes(data[2:4], "big"), 4
                elif length == 127:
                    length, start = int.from_bytes(data[2:10], "big"), 10
                if len(data) >= start + length:
                    self.data = data[start + length :]
                    return data[0] & 0x0F, data[start : start + length]
            try:
                chunk = self.sock.recv(65536)
            except (ConnectionResetError, TimeoutError):
                return None
            if not chunk:
                return None
            self.data += chunk

    def message(self, kind: str) -> dict[str, Any]:
        """The next message of type ``kind``."""
        while True:
            frame = self.frame()
            assert frame is not None and frame[0] == 0x1, f"the connection ended ({frame}) before a {kind}"
            message = json.loads(frame[1])
            if message["type"] == kind:
                return message

    def until_closed(self) -> tuple[list[dict[str, Any]], int | None]:
        """Every message until the server closes, and its close code (None: the connection just ended)."""
        messages = []
        while (frame := self.frame()) is not None:
            opcode, payload = frame
            if opcode == 0x8:
                return messages, int.from_bytes(payload[:2], "big")
            if opcode == 0x1:
                messages.append(json.loads(payload))
        return messages, None

    def close(self) -> None:
        self.sock.close()


def _next(ws: ClientConnection, kind: str) -> dict[str, Any]:
    while True:
        message = json.loads(ws.recv(timeout=ANSWER_SECONDS))
        if message["type"] == kind:
            return message


def _state(ws: ClientConnection, predicate: Any) -> dict[str, Any]:
    while True:
        message = _next(ws, "state")
        if predicate(message):
            return message


def _room(server: Server, players: int = 2) -> dict[str, Any]:
    answer = httpx2.post(f"{server.address}/api/sixcard/rooms", json={"players": players, "name": "Ana"}, timeout=20)
    assert answer.status_code == 200, answer.text
    return answer.json()


def _long_name(number: int) -> str:
    """A spectator's name as long as a name may be."""
    return f"{number:03} " + "w" * 20


def _connect(server: Server, code: str) -> ClientConnection:
    """A client that reads everything as it comes (a thread of its own)."""
    return connect(f"ws://127.0.0.1:{server.port}/ws/sixcard/{code}", open_timeout=ANSWER_SECONDS)


def _sit(ws: ClientConnection, first: dict[str, Any]) -> dict[str, Any]:
    """Send ``first`` (hello or join) and return the welcome."""
    ws.send(json.dumps(first))
    return _next(ws, "welcome")


@pytest.mark.parametrize("flooder", ["spectator", "player"])
def test_a_burst_of_messages_cuts_off_the_flooder_alone(server, flooder):
    """A visitor with the room's link sends a hundred ``watch`` messages in one write, again and
    again (a seated player the same with its own ``hello``): the players at the table stay connected
    and keep receiving every change; the flooder alone is cut off, told why."""
    room = _room(server)
    code = room["code"]
    with _connect(server, code) as ana, _connect(server, code) as bob:
        _sit(ana, {"type": "hello", "token": room["token"]})
        if flooder == "player":
            bob.close()
            bob_socket = RawSocket(server, code)
            bob_socket.send({"type": "join", "name": "Bob"})
            token = bob_socket.message("welcome")["token"]
            bob_socket.close()
            others = [ana]
        else:
            _sit(bob, {"type": "join", "name": "Bob"})
            others = [ana, bob]
        _state(ana, lambda m: all(seat["kind"] == "human" for seat in m["room"]["seats"]))
        ana.send(json.dumps({"type": "start"}))
        for ws in others:
            _state(ws, lambda m: m["room"]["started"])
        for position in (0, 1):
            flood = RawSocket(server, code)
            if flooder == "player":
                flood.send(*[{"type": "hello", "token": token}] * BURST)
            else:
                flood.send(*[{"type": "watch", "name": f"x{position}-{n}"} for n in range(BURST)])
            # Every player at the table is still there and is told of the next change.
            ana.send(json.dumps({"type": "act", "action": {"type": "reveal", "position": position}}))
            for ws in others:
                state = _state(ws, lambda m, p=position: m["view"]["grids"][0][p] is not None)
                assert state["room"]["seats"][0]["connected"]
            messages, close = flood.until_closed()
            flood.close()
            assert close == 4429, f"the flooder's connection ended with {close}"
            assert messages[-1]["type"] == "error" and messages[-1]["key"] == "room.too_many_messages"
            assert messages[-1]["message"] == "Too many messages at once: slow down, then reconnect"


def test_spectators_are_bounded_and_listed_by_count(server):
    """A room takes :data:`MAX_SPECTATORS` spectators; the next is refused in its own language and
    closed, while a player may still take a seat. Everyone is told how many watch and the names of
    the first :data:`SPECTATORS_LISTED`, not all of them."""
    room = _room(server)
    code = room["code"]
    spectators: list[RawSocket] = []
    with _connect(server, code) as ana:
        _sit(ana, {"type": "hello", "token": room["token"]})
        try:
            for number in range(MAX_SPECTATORS):  # 100 connections from one address at most
                spectator = RawSocket(server, code, source=f"127.0.{number // 50 + 2}.1")
                spectator.send({"type": "watch", "name": _long_name(number)})
                spectators.append(spectator)
            state = _state(ana, lambda m: m.get("spectator_count") == MAX_SPECTATORS)
            assert state["spectators"] == [_long_name(number) for number in range(SPECTATORS_LISTED)]
            assert len(json.dumps(state, ensure_ascii=False).encode()) < 8 * 1024
            one_more = RawSocket(server, code, source="127.0.9.1", lang="de")
            one_more.send({"type": "watch", "name": "Zoe"})
            messages, close = one_more.until_closed()
            one_more.close()
            assert close == 4503
            assert [message["type"] for message in messages] == ["error"]
            assert messages[0]["key"] == "room.too_many_spectators"
            assert messages[0]["message"] == "Dieser Raum hat so viele Zuschauer, wie er aufnehmen kann"
            # A player is let in all the same: the seats are not the spectators'.
            with _connect(server, code) as bob:
                assert _sit(bob, {"type": "join", "name": "Bob"})["seat"] == 1
                state = _state(bob, lambda m: m["seat"] == 1)
                assert state["spectator_count"] == MAX_SPECTATORS and len(state["spectators"]) == SPECTATORS_LISTED
            spectators.pop().close()
            _state(ana, lambda m: m["spectator_count"] == MAX_SPECTATORS - 1)
        finally:
            for spectator in spectators:
                spectator.close()
