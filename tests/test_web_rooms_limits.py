"""Six-card rooms under pressure: caps per address and in all, idle rooms forgotten in time (never to
make way for a stranger's, nor a match under way for a neighbour's), room codes too long to guess and
failed look-ups rate-limited (guessing, not playing), every per-address cap counting an IPv6 /64 as
one address, and the room's WebSocket only for pages of this server (``Origin``)."""

from __future__ import annotations

import contextlib
import itertools
import json
import re
import subprocess
import sys
from collections.abc import Iterator

import httpx2
import pytest
from starlette.testclient import TestClient
from websockets.exceptions import InvalidStatus
from websockets.sync.client import connect

from golfcards.errors import GolfError
from golfcards.sixcard.rules import SixCardRules
from golfcards.web.app import create_app
from golfcards.web.server.connections import ConnectionLimits, OpenConnections
from golfcards.web.sixcard.rooms import GUESSES, LOBBY_IDLE, MATCH_IDLE, MAX_ROOMS, ROOMS_PER_ADDRESS, Rooms
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


@contextlib.contextmanager
def _browser(server, source: str) -> Iterator[httpx2.Client]:
    """A client at ``source`` that visited the page: it sends the player cookie, as a browser does."""
    with _creator(server, source) as client:
        assert client.get("/sixcard").status_code == 200 and client.cookies.get("golfcards_player")
        yield client


def _closed_with(ws) -> int | None:
    """The close code the server ended ``ws`` with, once every message before it is read."""
    with pytest.raises(Exception) as closed:
        while True:
            ws.recv(timeout=20)
    return getattr(getattr(closed.value, "rcvd", None), "code", None)


def test_a_neighbour_creating_rooms_never_evicts_a_match_under_way(server):
    """Ana starts a match with Bob from a café's address, and both phones lock for a moment; another
    customer behind the same address creates room after room. Their own idle rooms make way for their
    new ones; Ana's match does not, and is there when she comes back."""
    with _browser(server, "127.0.6.1") as ana_browser:
        room = ana_browser.post("/api/sixcard/rooms", json={"players": 2, "name": "Ana"}).json()
    with _ws(server, room["code"], "127.0.6.1") as ana, _ws(server, room["code"], "127.0.6.2") as bob:
        ana.send(json.dumps({"type": "hello", "token": room["token"]}))
        _next(ana, "welcome")
        bob.send(json.dumps({"type": "join", "name": "Bob"}))
        _next(bob, "welcome")
        ana.send(json.dumps({"type": "start"}))
        while not _next(ana, "state")["room"]["started"]:
            pass
    with _browser(server, "127.0.6.1") as neighbour:
        for _ in range(ROOMS_PER_ADDRESS + 5):
            answer = neighbour.post("/api/sixcard/rooms", json={"players": 2, "name": "Zoe"})
            assert answer.status_code == 200, answer.text
    with _ws(server, room["code"], "127.0.6.1") as ana:
        ana.send(json.dumps({"type": "hello", "token": room["token"]}))
        assert _next(ana, "welcome")["seat"] == 0
        assert _next(ana, "state")["room"]["started"]


def test_a_new_room_is_refused_rather_than_taking_away_someone_elses_match(server):
    """An address whose every room holds a match under way of other people gets a clear refusal; a
    player's own abandoned matches against bots make way for their new ones."""
    codes = []
    for person in range(ROOMS_PER_ADDRESS):
        with _browser(server, "127.0.7.1") as browser:
            body = {"players": 2, "name": f"P{person}", "bots": ["easy"], "start": True}
            codes.append(browser.post("/api/sixcard/rooms", json=body).json()["code"])
    with _browser(server, "127.0.7.1") as newcomer:
        refused = newcomer.post("/api/sixcard/rooms?lang=ca", json={"players": 2, "name": "Nil"})
    assert refused.status_code == 429 and refused.json()["error"] == {
        "key": "room.too_many_yours",
        "message": "Hi ha massa sales de la teva xarxa ocupades: surt d’una de les teves o torna-ho a provar més tard",
    }
    for code in codes:
        with _ws(server, code, "127.0.7.2") as ws:
            assert _next(ws, "state")["room"]["started"], "every match is still there"
    with _browser(server, "127.0.8.1") as player:
        body = {"players": 2, "name": "Eva", "bots": ["easy"], "start": True}
        mine = [player.post("/api/sixcard/rooms", json=body) for _ in range(ROOMS_PER_ADDRESS + 1)]
    assert [answer.status_code for answer in mine] == [200] * (ROOMS_PER_ADDRESS + 1)
    with _ws(server, mine[0].json()["code"], "127.0.8.2") as ws:
        assert _next(ws, "error")["key"] == "room.not_found", "Eva's oldest abandoned match made way"


def test_an_operator_raises_the_rooms_one_network_may_hold(tmp_path):
    """``golf serve --rooms-per-address 22``: a network sharing one address (a school, a club behind
    one router) holds 22 matches under way of different people, and the 23rd person is refused."""
    with golf_serve(tmp_path / "golf.sqlite3", "--rooms-per-address", "22") as server:
        answers = []
        for person in range(23):
            with _browser(server, "127.0.9.1") as browser:
                body = {"players": 2, "name": f"P{person}", "bots": ["easy"], "start": True}
                answers.append(browser.post("/api/sixcard/rooms", json=body).status_code)
    assert answers == [200] * 22 + [429]


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
                "message": "Hi ha massa sales de la teva xarxa ocupades: surt d’una de les teves o torna-ho a provar més tard",
            }
        for code in codes:  # the five idle rooms made way for the twenty in use
            with _ws(server, code, "127.0.3.2") as ws:
                assert _next(ws, "error")["key"] == "room.not_found"
        answer = client.post("/api/sixcard/rooms", json={"players": 2})
        assert answer.status_code == 200, "once its rooms are left, the address may create again"


def test_room_codes_are_long_and_failed_lookups_lock_out_guessing_not_playing(server):
    """Twenty wrong codes from an address spend its look-ups: from then on it cannot tell a right code
    from a wrong one (both refused alike, 4429), but a player of that address who shows their seat's
    token still opens their room."""
    with _creator(server, "127.0.4.1") as ana_browser:
        room = ana_browser.post("/api/sixcard/rooms", json={"players": 2, "name": "Ana"}).json()
    assert re.fullmatch(r"[A-HJ-NP-Z2-9]{10}", room["code"]), room["code"]
    for guess in range(GUESSES):
        with _ws(server, f"GUESS{guess:05d}", "127.0.4.1") as ws:
            assert _next(ws, "error")["key"] == "room.not_found"
    with _ws(server, room["code"], "127.0.4.1") as ana:
        ana.send(json.dumps({"type": "hello", "token": room["token"]}))
        assert _next(ana, "welcome")["seat"] == 0, "Ana's phone, behind the same address, opens her room"
        assert _next(ana, "state")["seat"] == 0
    refusals = []
    for code, first in (
        ("GUESS99999", {"type": "watch", "name": "Eve"}),
        (room["code"], {"type": "watch", "name": "Eve"}),
        (room["code"], {"type": "join", "name": "Eve"}),
        (room["code"], {"type": "hello", "token": "x" * 32}),
    ):
        with _ws(server, code, "127.0.4.1") as ws:
            ws.send(json.dumps(first))
            refusals.append((_next(ws, "error"), _closed_with(ws)))
    message = "S’han provat massa codis de sala: espera un minut i comprova el codi"
    refused = ({"type": "error", "key": "room.too_many_tries", "message": message}, 4429)
    assert refusals == [refused] * 4, "a right code tells the guesser nothing more than a wrong one"
    with _ws(server, room["code"], "127.0.4.2") as ws:
        assert _next(ws, "state")["room"]["code"] == room["code"], "another address is not held up"


def test_every_per_address_cap_counts_an_ipv6_network_as_one_address():
    """Connections, rooms created and failed look-ups all count a /64 as one address (a device may
    take any address of its /64 at will), an IPv4 address as itself, seen through IPv6 or not."""
    connections = OpenConnections(ConnectionLimits(per_address=2))
    assert connections.admit("2001:db8:1:2::1") and connections.admit("2001:db8:1:2:ffff:0:0:9")
    assert not connections.admit("2001:db8:1:2::3"), "a third connection of the same /64"
    assert connections.admit("2001:db8:1:3::1"), "another /64 is another address"
    connections.release("2001:db8:1:2::1")
    assert connections.admit("2001:db8:1:2::4")
    assert connections.admit("192.0.2.7") and connections.admit("::ffff:192.0.2.7")
    assert not connections.admit("192.0.2.7"), "an IPv4 address seen through an IPv6 socket is the same"

    rooms = Rooms()
    rules = SixCardRules(players=2)
    for n in range(ROOMS_PER_ADDRESS):
        rooms.create(rules, f"2001:db8:5:6::{n + 1:x}").sockets = 1  # each in use
    with pytest.raises(GolfError) as refused:
        rooms.create(rules, "2001:db8:5:6:abcd::1")
    assert refused.value.key == "room.too_many_yours"
    rooms.create(rules, "2001:db8:5:7::1")

    for n in range(GUESSES):
        rooms.guesses.failed(f"2001:db8:9:9::{n + 1:x}")
    assert not rooms.guesses.allowed("2001:db8:9:9:1::1") and rooms.guesses.allowed("2001:db8:9:8::1")


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
