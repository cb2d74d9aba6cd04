"""Six-card rooms under pressure: caps per address and in all, idle rooms forgotten in time (never to
make way for a stranger's), room codes too long to guess and failed look-ups rate-limited, and the
room's WebSocket only for pages of this server (``Origin``)."""

from __future__ import annotations

import contextlib
import itertools
import json
import re
import subprocess
import sys

import httpx2
import pytest
from starlette.testclient import TestClient
from websockets.exceptions import InvalidStatus
from websockets.sync.client import connect

from golfcards.web.app import create_app
from golfcards.web.rooms import LOBBY_IDLE, MATCH_IDLE, MAX_ROOMS, ROOMS_PER_ADDRESS
from tests.serving import ROOT, golf_serve

HOUR = 3600.0


@pytest.fixture
def server(tmp_path):
    with golf_serve(tmp_path / "golf.sqlite3", "--allow-origin", "http://game.example:8000") as running:
        yield running


def _ws(server, code: str, source: str = "127.0.0.1", origin: str | None = None):
    return connect(
        f"ws://127.0.0.1:{server.port}/ws/sixcard/{code}?lang=ca",
        source_address=(source, 0),
        origin=origin,
        proxy=None,
        open_timeout=20,
    )


def _next(ws, kind: str) -> dict:
    while True:
        message = json.loads(ws.recv(timeout=20))
        if message["type"] == kind:
            return message


def _creator(server, source: str) -> httpx2.Client:
    return httpx2.Client(base_url=server.address, transport=httpx2.HTTPTransport(local_address=source), timeout=20)


def test_strangers_creating_rooms_never_evict_a_started_match(server):
    """Ana and Bob start a match and both drop off for a moment; 60 other addresses then create rooms
    until the server is full (an address's own idle rooms make way for its new ones, nobody else's).
    The match is still there when Ana comes back."""
    room = httpx2.post(f"{server.address}/api/sixcard/rooms", json={"players": 2, "name": "Ana"}, timeout=20).json()
    with _ws(server, room["code"]) as ana, _ws(server, room["code"], "127.0.0.2") as bob:
        ana.send(json.dumps({"type": "hello", "token": room["token"]}))
        _next(ana, "welcome")
        bob.send(json.dumps({"type": "join", "name": "Bob"}))
        _next(bob, "welcome")
        ana.send(json.dumps({"type": "start"}))
        while not _next(ana, "state")["room"]["started"]:
            pass
    statuses: dict[int, int] = {}
    refusals = {}
    for stranger in range(60):
        with _creator(server, f"127.0.1.{stranger + 1}") as client:
            for _ in range(ROOMS_PER_ADDRESS + 1):
                answer = client.post("/api/sixcard/rooms?lang=ca", json={"players": 2, "bots": ["easy"]})
                statuses[answer.status_code] = statuses.get(answer.status_code, 0) + 1
                if answer.status_code != 200:
                    refusals[answer.status_code] = answer.json()["error"]
    assert statuses[200] >= MAX_ROOMS - 1 and statuses[503] > 0, statuses
    assert refusals == {
        503: {
            "key": "room.server_full",
            "message": "Totes les sales d’aquest servidor estan ocupades: torna-ho a provar més tard",
        }
    }
    with _ws(server, room["code"]) as ana:
        ana.send(json.dumps({"type": "hello", "token": room["token"]}))
        assert _next(ana, "welcome")["seat"] == 0
        assert _next(ana, "state")["room"]["started"]


def test_an_address_holds_a_bounded_number_of_rooms_in_use(server):
    """Rooms with someone connected count against their creator; its idle ones make way for new ones."""
    with _creator(server, "127.0.3.1") as client:
        codes = [client.post("/api/sixcard/rooms", json={"players": 2}).json()["code"] for _ in range(5)]
        with contextlib.ExitStack() as held:
            for _ in range(ROOMS_PER_ADDRESS):
                code = client.post("/api/sixcard/rooms", json={"players": 2}).json()["code"]
                _next(held.enter_context(_ws(server, code, "127.0.3.1")), "state")
            refused = client.post("/api/sixcard/rooms?lang=ca", json={"players": 2})
            assert refused.status_code == 429 and refused.json()["error"] == {
                "key": "room.too_many_yours",
                "message": "Totes les teves sales estan ocupades: surt d’una abans de crear-ne una altra",
            }
        for code in codes:  # the five idle rooms made way for the twenty in use
            with _ws(server, code, "127.0.3.2") as ws:
                assert _next(ws, "error")["key"] == "room.not_found"
        answer = client.post("/api/sixcard/rooms", json={"players": 2})
        assert answer.status_code == 200, "once its rooms are left, the address may create again"


def test_room_codes_are_long_and_failed_lookups_are_rate_limited(server):
    room = httpx2.post(f"{server.address}/api/sixcard/rooms", json={"players": 2}, timeout=20).json()
    assert re.fullmatch(r"[A-HJ-NP-Z2-9]{10}", room["code"]), room["code"]
    for guess in range(20):
        with _ws(server, f"GUESS{guess:05d}", "127.0.4.1") as ws:
            assert _next(ws, "error")["key"] == "room.not_found"
    with _ws(server, room["code"], "127.0.4.1") as ws:
        error = _next(ws, "error")
        assert error["key"] == "room.too_many_tries", "even a right code, once the guesses are spent"
        assert error["message"] == "S’han provat massa codis de sala: espera un minut i comprova el codi"
        with pytest.raises(Exception) as closed:
            ws.recv(timeout=20)
        assert getattr(closed.value, "rcvd", None) and closed.value.rcvd.code == 4429
    with _ws(server, room["code"], "127.0.4.2") as ws:
        assert _next(ws, "state")["room"]["code"] == room["code"], "another address is not held up"


def test_only_pages_of_this_server_open_a_room(server):
    room = httpx2.post(f"{server.address}/api/sixcard/rooms", json={"players": 2}, timeout=20).json()
    with pytest.raises(InvalidStatus) as refused:
        _ws(server, room["code"], origin="http://evil.example")
    assert refused.value.response.status_code == 403
    for origin in (f"http://127.0.0.1:{server.port}", "http://game.example:8000", None):
        with _ws(server, room["code"], origin=origin) as ws:
            assert _next(ws, "state")["room"]["code"] == room["code"], origin


def test_a_malformed_allowed_origin_is_a_clear_error(tmp_path):
    env = {"PYTHONPATH": str(ROOT / "src"), "PATH": "/usr/bin:/bin"}
    result = subprocess.run(
        [sys.executable, "-m", "golfcards", "serve", "--port", "0", "--db", str(tmp_path / "db.sqlite3")]
        + ["--allow-origin", "game.example", "--lang", "fr"],
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
    )
    assert result.returncode == 2 and result.stdout == ""
    assert result.stderr.strip().endswith("game.example\u00a0: une origine s’écrit comme http://192.168.1.20:8000")


@pytest.fixture
def clocked(tmp_path):
    """The app under Starlette's TestClient, its rooms on a clock the test moves."""
    counter = itertools.count(7)
    app = create_app(tmp_path / "db.sqlite3", new_number=lambda: next(counter), bot_delay=0)
    now = [1000.0]
    app.state.rooms.clock = lambda: now[0]
    with TestClient(app) as client:
        yield app, client, now


def _alive(client, code: str) -> bool:
    with client.websocket_connect(f"/ws/sixcard/{code}") as ws:
        return ws.receive_json()["type"] == "state"


def test_idle_rooms_are_forgotten_in_time_and_matches_kept_for_hours(clocked):
    app, client, now = clocked
    lobby = client.post("/api/sixcard/rooms", json={"players": 2, "name": "Ana"}).json()
    match = client.post("/api/sixcard/rooms", json={"players": 2, "bots": ["easy"], "start": True}).json()
    watched = client.post("/api/sixcard/rooms", json={"players": 2}).json()
    with client.websocket_connect(f"/ws/sixcard/{watched['code']}") as watcher:
        watcher.receive_json()
        now[0] += LOBBY_IDLE + 1
        client.post("/api/sixcard/rooms", json={"players": 2})  # creating a room forgets idle ones
        assert not _alive(client, lobby["code"]), "a lobby nobody came back to for an hour"
        assert _alive(client, match["code"]), "a match under way"
        now[0] += MATCH_IDLE - HOUR
        client.post("/api/sixcard/rooms", json={"players": 2})
        assert _alive(client, match["code"]), "a match its players left for eleven hours"
        now[0] += MATCH_IDLE + 1
        client.post("/api/sixcard/rooms", json={"players": 2})
        assert not _alive(client, match["code"])
        assert _alive(client, watched["code"]), "a room with someone connected, however long"


def test_rooms_leave_nothing_behind(clocked):
    """A connection that ends takes its room's entry in the tables with it if it was the last, and an
    idle room is forgotten whole (about 2.3 KB a room stayed for good before)."""
    app, client, now = clocked
    for _ in range(50):
        room = client.post("/api/sixcard/rooms", json={"players": 2, "name": "Ana"}).json()
        with client.websocket_connect(f"/ws/sixcard/{room['code']}") as ws:
            ws.send_json({"type": "hello", "token": room["token"]})
            while ws.receive_json()["type"] != "welcome":
                pass
    assert app.state.tables.clients == {}
    now[0] += LOBBY_IDLE + 1
    client.post("/api/sixcard/rooms", json={"players": 2})
    assert len(app.state.rooms) == 1
