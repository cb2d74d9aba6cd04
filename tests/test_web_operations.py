"""Running a public ``golf serve``: ``/healthz``, ``/readyz``, ``/metrics`` (only for the addresses
the operator names), one JSON log line per event with the request id, and SIGTERM: rooms handed
over (the restart close code, every acknowledged action stored), exit 0."""

from __future__ import annotations

import asyncio
import contextlib
import json
import signal
import socket

import httpx2
import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from golfcards.web.server.operations import RESTART_CLOSE
from tests.serving import golf_serve


def _client(server, source: str = "127.0.0.1") -> httpx2.Client:
    return httpx2.Client(base_url=server.address, transport=httpx2.HTTPTransport(local_address=source), timeout=20)


def _ws(server, code: str):
    return connect(f"ws://127.0.0.1:{server.port}/ws/sixcard/{code}?lang=en", open_timeout=20, proxy=None)


def _first(ws, kind: str) -> dict:
    while True:
        message = json.loads(ws.recv(timeout=20))
        if message["type"] == kind:
            return message


def test_health_readiness_and_metrics_for_the_named_addresses_only(tmp_path):
    with golf_serve(tmp_path / "golf.sqlite3", "--metrics-allow-ips", "127.0.0.1,::1") as server:
        with _client(server) as client:
            assert client.get("/healthz").json() == {"alive": True}
            ready = client.get("/readyz")
            assert ready.status_code == 200 and ready.json() == {"ready": True}
            room = client.post(
                "/api/sixcard/rooms", json={"players": 2, "name": "Ana", "bots": ["random"], "start": True}
            )
            with _ws(server, room.json()["code"]) as ws:
                _first(ws, "state")
                metrics = client.get("/metrics")
            assert client.get("/api/nothing-here").status_code == 404
            later = client.get("/metrics").text
        assert metrics.status_code == 200 and metrics.headers["content-type"].startswith("text/plain")
        text = metrics.text
        assert 'golfcards_http_requests_total{method="POST",route="/api/sixcard/rooms",status="200"} 1.0' in text
        assert "golfcards_websockets_open 1.0" in text
        assert "golfcards_rooms_in_memory 1.0" in text
        assert "golfcards_bot_queue_length " in text
        assert "golfcards_room_actions_total " in text and "golfcards_room_actions_total 0.0" not in text
        assert 'golfcards_storage_seconds_count{kind="ready"} 1.0' in text
        assert 'golfcards_http_request_duration_seconds_count{route="/api/sixcard/rooms"} 1.0' in text
        assert 'route="other",status="404"' in later, "a path no route has is counted, not named"
        with _client(server, "127.0.0.5") as stranger:
            assert stranger.get("/metrics").status_code == 404
            assert stranger.get("/healthz").status_code == 200


def test_json_logs_one_object_a_line_with_the_request_id_and_no_secrets(tmp_path):
    log = tmp_path / "stderr.log"
    with golf_serve(tmp_path / "golf.sqlite3", "--log-format", "json", stderr=log) as server:
        with _client(server, "127.0.0.7") as client:
            page = client.get("/sixcard")
            cookie = client.cookies.get("golfcards_player")
            room = client.post("/api/sixcard/rooms", json={"players": 2, "name": "Ana"}).json()
            with _ws(server, room["code"]) as ws:
                ws.send(json.dumps({"type": "hello", "token": room["token"]}))
                _first(ws, "welcome")
            missing = client.get("/api/nothing-here?token=secret-in-query")
        server.process.send_signal(signal.SIGTERM)
        assert server.process.wait(timeout=30) == 0
    lines = [json.loads(line) for line in log.read_text().splitlines()]  # every line is JSON
    requests = [line for line in lines if line["event"] == "request"]
    by_id = {line["request_id"]: line for line in requests}
    first = by_id[page.headers["x-request-id"]]
    assert first["method"] == "GET" and first["route"] == "/sixcard" and first["status"] == 200
    assert first["client"] == "127.0.0.7" and isinstance(first["duration_ms"], float)
    assert {"time", "level", "logger", "message"} <= first.keys()
    assert by_id[missing.headers["x-request-id"]]["route"] == "other"
    assert any(line["route"] == "/api/sixcard/rooms" and line["status"] == 200 for line in requests)
    sockets = [line for line in lines if line["event"] == "websocket"]
    assert sockets and sockets[0]["route"] == "/ws/sixcard/{code}" and sockets[0]["room"] == room["code"]
    assert any(line["event"] == "server.stopping" for line in lines)
    text = log.read_text()
    for secret in (cookie, room["token"], "secret-in-query", "Ana"):
        assert secret and secret not in text


def test_sigterm_hands_the_rooms_over_and_exits_0(tmp_path):
    """A seated player gets the restart close code; the process ends with 0; on the same database
    the room comes back with every action the player was shown, and the player takes back the seat."""
    db = tmp_path / "golf.sqlite3"
    with golf_serve(db) as server:
        with _client(server) as client:
            room = client.post(
                "/api/sixcard/rooms", json={"players": 2, "name": "Ana", "bots": ["random"], "start": True}
            )
        room = room.json()
        with _ws(server, room["code"]) as ws:
            ws.send(json.dumps({"type": "hello", "token": room["token"]}))
            assert _first(ws, "welcome")["seat"] == 0
            seen, moves = -1, 0
            while moves < 2:
                message = _first(ws, "state")
                seen = max(seen, message["sequence"])
                if 0 in message["view"]["to_act"] and message["view"]["legal"]:
                    ws.send(json.dumps({"type": "act", "action": message["view"]["legal"][0]}))
                    moves += 1
            seen = max(seen, _first(ws, "state")["sequence"])  # our last move, stored before it is shown
            server.process.send_signal(signal.SIGTERM)
            with pytest.raises(ConnectionClosed) as closed:
                while True:
                    message = json.loads(ws.recv(timeout=20))
                    if message["type"] == "state":
                        seen = max(seen, message["sequence"])
            assert closed.value.rcvd is not None and closed.value.rcvd.code == RESTART_CLOSE
        assert server.process.wait(timeout=30) == 0
    with golf_serve(db) as again, _ws(again, room["code"]) as ws:
        ws.send(json.dumps({"type": "hello", "token": room["token"]}))
        assert _first(ws, "welcome")["seat"] == 0
        state = _first(ws, "state")
        assert state["seat"] == 0 and state["sequence"] >= seen


def test_golf_tui_waits_for_a_restarting_server_and_takes_its_seat_back(tmp_path, monkeypatch):
    """The terminal's connection to a room, closed with the restart code, keeps trying while the server
    is down (longer than after a plain drop) and sits down again once it is back on the same port."""
    import golfcards.tui.remote as remote

    monkeypatch.setattr(remote, "RECONNECT_TRIES", 1)  # a plain drop: one quick try, then it gives up
    db = tmp_path / "golf.sqlite3"
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = str(probe.getsockname()[1])

    async def play() -> list[str]:
        loop = asyncio.get_running_loop()
        welcomed: asyncio.Queue[int] = asyncio.Queue()
        errors: list[str] = []
        with contextlib.ExitStack() as stack:
            server = stack.enter_context(golf_serve(db, "--port", port))
            with _client(server) as client:
                room = client.post("/api/sixcard/rooms", json={"players": 2, "name": "Ana"}).json()
            table = remote.RemoteTable(
                remote.parse_room_url(f"{server.address}/sixcard/{room['code']}"),
                "Ana",
                room["token"],
                lambda table: None,
                lambda key, text: errors.append(key),
                lambda seat, token: welcomed.put_nowait(seat),
            )
            running = asyncio.create_task(table.run("en"))
            assert await asyncio.wait_for(welcomed.get(), 30) == 0
            server.process.send_signal(signal.SIGTERM)
            assert await loop.run_in_executor(None, server.process.wait, 30) == 0
            await loop.run_in_executor(None, stack.enter_context, golf_serve(db, "--port", port))
            seat = await asyncio.wait_for(welcomed.get(), 30)
            running.cancel()
        return [f"seat {seat}", *errors]

    assert asyncio.run(play()) == ["seat 0"]
