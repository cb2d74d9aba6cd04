"""Six-card rooms survive a restart, and absent or removed players, through the real WebSocket endpoint.

A "restart" is a second app on the same database file, after the first one shut down (its lifespan
ended): nothing of the first app's memory is left but the file.
"""

from __future__ import annotations

import contextlib
import hashlib
import itertools
import json
import sqlite3
import time

import pytest
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from golfcards.web.app import create_app
from golfcards.web.sixcard.rooms import ROOM_CODE_LENGTH, SeatKind
from tests.sixcard_ws import create, receive, receive_state
from tests.test_web_sixcard import CARD_CODE, hidden_codes


@contextlib.contextmanager
def server(db, **options):
    """A TestClient on a fresh app over ``db``; the sockets opened with :func:`connect` close with it."""
    counter = itertools.count(11)
    with TestClient(create_app(db, new_number=lambda: next(counter), bot_delay=0, **options)) as client:
        client.sockets = []
        try:
            yield client
        finally:
            close(*client.sockets)


def connect(client, code, token=None, lang="en", browser=None):
    """A socket to the room, with its seat taken back when ``token`` is given, from the browser whose
    player id is ``browser`` (None: one that sends none); returns it entered."""
    headers = {} if browser is None else {"cookie": f"golfcards_player={browser}"}
    ws = client.websocket_connect(f"/ws/sixcard/{code}?lang={lang}", headers=headers).__enter__()
    client.sockets.append(ws)
    receive(ws, "state")
    if token is not None:
        ws.send_json({"type": "hello", "token": token})
        receive(ws, "welcome")
    return ws


def started_two_player_room(client):
    """Ana (host) and Bea in a started room; returns (code, host token, guest token, host ws, guest ws)."""
    room = create(client, name="Ana", players=2)
    host = connect(client, room["code"], room["token"])
    guest = connect(client, room["code"])
    guest.send_json({"type": "join", "name": "Bea"})
    guest_token = receive(guest, "welcome")["token"]
    host.send_json({"type": "start"})
    receive_state(host, lambda m: m["view"] is not None)
    return room["code"], room["token"], guest_token, host, guest


def view(message):
    """The message's view, or an empty one before the match (a socket may still have those to read)."""
    return message["view"] or {"phase": None, "holding": None, "reveals_left": [9] * 4, "to_act": []}


def act(ws, **action):
    ws.send_json({"type": "act", "action": action})


def answer(ws):
    """The next message that is not a state: the answer to what the socket sent."""
    while True:
        message = ws.receive_json()
        if message["type"] != "state":
            return message


def close(*sockets):
    for ws in sockets:
        if not getattr(ws, "closed_by_test", False):
            ws.closed_by_test = True
            ws.__exit__(None, None, None)


def test_a_match_survives_a_restart_mid_hole_with_the_same_seats_hole_and_drawn_card(tmp_path):
    db = tmp_path / "golf.sqlite3"
    with server(db) as client:
        code, host_token, guest_token, host, guest = started_two_player_room(client)
        for ws in (host, guest):
            for position in (0, 1):
                act(ws, type="reveal", position=position)
        room = client.app.state.rooms.get(code)
        receive_state(host, lambda m: view(m)["phase"] == "draw")
        first = room.match.state.current_player
        mover = host if first == 0 else guest
        act(mover, type="draw")
        before = receive_state(mover, lambda m: view(m)["holding"] is not None)
        other_before = receive_state(guest if mover is host else host, lambda m: view(m)["phase"] == "place")
        key, first_code = room.match.key, room.match.code
        holding = before["view"]["holding"]
        close(host, guest)

    with server(db) as client:
        mover_token, other_token = (host_token, guest_token) if first == 0 else (guest_token, host_token)
        again = connect(client, code, mover_token)
        state = receive_state(again, lambda m: m["seat"] == first)
        assert state["view"] == before["view"], "the same hole, grid and drawn card"
        assert state["view"]["holding"] == holding
        assert state["status"].startswith("You drew ")
        assert state["last_actions"] == before["last_actions"]
        other = connect(client, code, other_token)
        seen = receive_state(other, lambda m: m["seat"] == 1 - first)
        assert seen["view"] == other_before["view"]
        assert not hidden_codes(client.app, code, 1 - first) & set(CARD_CODE.findall(json.dumps(seen)))
        assert holding not in json.dumps(seen), "the other player does not see the drawn card after the restart"
        restored = client.app.state.rooms.get(code).match
        assert restored.key == key and restored.code == first_code
        assert restored.code.for_hole(1, restored.key) == first_code.for_hole(1, key), "the next holes as before"
        act(again, type="discard")
        after = receive_state(other, lambda m: view(m)["phase"] == "draw" and view(m)["to_act"] == [1 - first])
        assert after["view"]["discard"][-1] == holding
        close(again, other)


def test_the_key_and_the_tokens_never_leave_the_server_and_tokens_are_stored_hashed(tmp_path):
    db = tmp_path / "golf.sqlite3"
    frames: list[str] = []
    with server(db) as client:
        code, host_token, guest_token, host, guest = started_two_player_room(client)
        key = client.app.state.rooms.get(code).match.key
        act(guest, type="reveal", position=0)
        frames.append(json.dumps(receive_state(guest, lambda m: view(m)["reveals_left"][1] == 1)))
        close(host, guest)
    with server(db) as client:
        guest = connect(client, code, guest_token)
        frames.append(json.dumps(receive_state(guest, lambda m: m["seat"] == 1)))
        close(guest)
    for text in frames:
        for secret in (key.hex(), key.hex().upper()):
            assert secret not in text
    with sqlite3.connect(db) as connection:
        (seats,) = connection.execute("SELECT seats FROM sixcard_rooms WHERE code = ?", (code,)).fetchone()
        dump = "\n".join(connection.iterdump())
    for token in (host_token, guest_token):
        assert token not in dump, "no token is stored"
        assert hashlib.sha256(token.encode()).hexdigest() in seats


def test_nothing_is_told_before_it_is_written(tmp_path, monkeypatch):
    """A change whose write fails is answered with an error, not a new state; after a restart the
    room is as last written."""
    db = tmp_path / "golf.sqlite3"
    with server(db) as client:
        code, host_token, guest_token, host, guest = started_two_player_room(client)
        storage = client.app.state.storage

        def broken(*args):
            raise sqlite3.OperationalError("database or disk is full")

        monkeypatch.setattr(storage, "write_rooms", broken)
        act(host, type="reveal", position=0)
        error = receive(host, "error")
        assert error["key"] == "storage.write_failed"
        assert "try again" in error["message"]
        monkeypatch.undo()
        with pytest.raises(WebSocketDisconnect):  # sent away: the page reconnects, finds the room as last written
            while True:
                assert host.receive_json()["type"] != "state", "no state after a failed write"
        with pytest.raises(WebSocketDisconnect):
            while True:
                guest.receive_json()  # (the states of the match's start, then the end)
        host = connect(client, code, host_token)
        state = receive_state(host, lambda m: m["seat"] == 0)
        assert state["view"]["reveals_left"] == [2, 2], "the change that was not written is not shown"
        close(host, guest)
    with server(db) as client:
        host = connect(client, code, host_token)
        state = receive_state(host, lambda m: m["seat"] == 0)
        assert state["view"]["reveals_left"] == [2, 2], "the refused write left no trace"
        act(host, type="reveal", position=0)
        receive_state(host, lambda m: view(m)["reveals_left"][0] == 1)
        close(host)


def test_a_bot_plays_for_an_absent_player_who_takes_the_seat_back(tmp_path):
    with server(tmp_path / "golf.sqlite3", away=0.05) as client:
        code, host_token, guest_token, host, guest = started_two_player_room(client)
        close(guest)
        state = receive_state(host, lambda m: m["seat_states"][1]["stand_in"])
        assert state["room"]["seats"][1]["name"] == "Bea", "the seat stays Bea's"
        state = receive_state(host, lambda m: view(m)["reveals_left"][1] == 0)
        assert [a["kind"] for a in state["last_actions"] if a["seat"] == 1] == ["reveal"], "the bot turned up hers"
        guest = connect(client, code, guest_token, lang="fr")
        mine = receive_state(guest, lambda m: m["seat"] == 1)
        assert mine["stand_in_notice"].startswith("Un bot joue pour vous")
        guest.send_json({"type": "take_back"})
        back = receive_state(guest, lambda m: not m["seat_states"][1]["stand_in"])
        assert back["stand_in_notice"] is None
        guest.send_json({"type": "take_back"})
        assert receive(guest, "error")["key"] == "room.no_stand_in"
        close(host, guest)


def test_a_stand_in_survives_a_restart_and_nobody_waits_alone(tmp_path):
    db = tmp_path / "golf.sqlite3"
    with server(db) as client:
        code, host_token, guest_token, host, guest = started_two_player_room(client)
        close(guest)
        host.send_json({"type": "stand_in", "seat": 1})
        receive_state(host, lambda m: m["seat_states"][1]["stand_in"])
        close(host)
    with server(db) as client:
        host = connect(client, code, host_token)
        state = receive_state(host, lambda m: view(m)["reveals_left"][1] == 0)
        assert state["seat_states"][1]["stand_in"] and client.app.state.rooms.get(code).seats[1].bot is not None
        close(host)


def test_the_host_lets_a_bot_play_at_once_only_for_an_absent_player(tmp_path):
    with server(tmp_path / "golf.sqlite3") as client:
        code, host_token, guest_token, host, guest = started_two_player_room(client)
        host.send_json({"type": "stand_in", "seat": 1})
        assert receive(host, "error")["key"] == "room.not_away"
        guest.send_json({"type": "stand_in", "seat": 0})
        assert receive(guest, "error")["key"] == "room.not_host"
        for seat in (0, 5, "1", True, None):
            host.send_json({"type": "stand_in", "seat": seat})
            assert receive(host, "error")["key"] in ("room.no_player", "room.bad_seat")
        close(guest)
        state = receive_state(host, lambda m: m["seat_states"][1]["away"])
        assert state["seat_states"][1]["can_stand_in"] and not state["seat_states"][1]["stand_in"]
        host.send_json({"type": "stand_in", "seat": 1})
        state = receive_state(host, lambda m: m["seat_states"][1]["stand_in"])
        assert not state["seat_states"][1]["away"]
        close(host)


def test_the_host_removes_a_player_before_and_during_the_match(tmp_path):
    """A removed player's link holds no seat, and neither that connection nor their browser gets a
    seat of the room again, even after a restart, even if they were away when removed."""
    db = tmp_path / "golf.sqlite3"
    with server(db) as client:
        room = create(client, name="Ana", players=2)
        code = room["code"]
        host = connect(client, code, room["token"])
        guest = connect(client, code, lang="de", browser="bea-browser")
        guest.send_json({"type": "join", "name": "Bea"})
        token = receive(guest, "welcome")["token"]
        guest.send_json({"type": "remove", "seat": 0})
        assert receive(guest, "error")["key"] == "room.not_host"
        host.send_json({"type": "remove", "seat": 1})
        error = receive(guest, "error")
        assert error["key"] == "room.removed" and error["message"].startswith("Der Gastgeber")
        state = receive_state(host, lambda m: m["room"]["seats"][1]["kind"] == "open")
        assert not state["room"]["started"]
        guest.send_json({"type": "hello", "token": token})
        assert answer(guest)["key"] == "room.bad_token", "the old link holds no seat"
        guest.send_json({"type": "join", "name": "Bea"})
        refused = answer(guest)
        assert refused["key"] == "room.barred", "removed, she does not sit down again at once"
        assert refused["message"].startswith("Der Gastgeber hat dich aus diesem Raum entfernt")
        again = connect(client, code, browser="bea-browser")  # a new connection of her browser
        again.send_json({"type": "join", "name": "Bea"})
        assert answer(again)["key"] == "room.barred"
        close(again)
        dan = connect(client, code)  # a client that sends no player id is known by nothing but its link
        dan.send_json({"type": "join", "name": "Dan"})
        assert answer(dan)["type"] == "welcome"
        close(dan)
        receive_state(host, lambda m: m["room"]["seats"][1]["name"] == "Dan")
        host.send_json({"type": "remove", "seat": 1})
        receive_state(host, lambda m: m["room"]["seats"][1]["kind"] == "open")
        guest = connect(client, code, browser="cid-browser")
        guest.send_json({"type": "join", "name": "Cid"})
        receive(guest, "welcome")
        close(guest)
        receive_state(host, lambda m: m["seat_states"][1]["can_remove"] and m["room"]["seats"][1]["name"] == "Cid")
        host.send_json({"type": "remove", "seat": 1})  # Cid is not connected: his browser is barred all the same
        receive_state(host, lambda m: m["room"]["seats"][1]["kind"] == "open")
        close(host)
    with server(db) as client:
        for browser in ("bea-browser", "cid-browser"):
            again = connect(client, code, browser=browser)
            again.send_json({"type": "join", "name": "Again"})
            assert answer(again)["key"] == "room.barred", "the room remembers them after a restart"
            close(again)
        host = connect(client, code, room["token"])
        guest = connect(client, code, browser="eva-browser")
        guest.send_json({"type": "join", "name": "Eva"})
        receive(guest, "welcome")
        host.send_json({"type": "start"})
        receive_state(guest, lambda m: m["view"] is not None)
        host.send_json({"type": "remove", "seat": 1})
        assert receive(guest, "error")["key"] == "room.removed"
        state = receive_state(guest, lambda m: m["seat"] is None)
        assert state["room"]["seats"][1]["kind"] == "bot"
        act(guest, type="reveal", position=0)
        assert receive(guest, "error")["key"] == "room.not_seated"
        state = receive_state(host, lambda m: view(m)["reveals_left"][1] == 0)
        assert client.app.state.rooms.get(code).seats[1].kind is SeatKind.BOT, "a bot plays the seat"
        close(host, guest)


def test_no_clock_of_an_absent_player_is_kept_once_they_are_back_or_the_table_is_left(tmp_path):
    """A seat's time away is counted while its player is away and someone else is at the table; once
    they are back, or everyone has left, the server keeps nothing of it (not one clock per seat ever
    played)."""
    with server(tmp_path / "golf.sqlite3") as client:
        for _ in range(3):
            code, host_token, guest_token, host, guest = started_two_player_room(client)
            close(guest)
            receive_state(host, lambda m: m["seat_states"][1]["away"])
            guest = connect(client, code, guest_token)
            receive_state(host, lambda m: not m["seat_states"][1]["away"])
            close(guest)
            receive_state(host, lambda m: m["seat_states"][1]["away"])
            close(host)
        assert client.app.state.tables.clients == {}
        assert len(client.app.state.tables.away) == 0


def test_old_rooms_are_deleted_at_start_and_damaged_rooms_are_not_found(tmp_path, caplog):
    db = tmp_path / "golf.sqlite3"
    with server(db) as client:
        over = create(client, name="Ana", players=2, bots=["easy"], start=True)["code"]
        playing = create(client, name="Bea", players=2, bots=["easy"], start=True)["code"]
        with client.websocket_connect(f"/ws/sixcard/{playing}") as ws:
            receive_state(ws, lambda m: view(m)["reveals_left"][1] == 0)
    with sqlite3.connect(db) as connection:  # the first match ended long ago, the other is under way
        connection.execute("UPDATE sixcard_rooms SET finished = 1.0, updated = 1.0 WHERE code = ?", (over,))
        connection.execute("UPDATE sixcard_rooms SET updated = ? WHERE code = ?", (time.time() - 3 * 3600, playing))
    with server(db) as client:
        for code, kept in ((over, False), (playing, True)):
            with client.websocket_connect(f"/ws/sixcard/{code}") as ws:
                assert (ws.receive_json()["type"] == "state") is kept
    with sqlite3.connect(db) as connection:
        assert connection.execute("SELECT code FROM sixcard_rooms").fetchall() == [(playing,)]
        assert connection.execute("SELECT COUNT(*) FROM sixcard_room_events WHERE room = ?", (over,)).fetchone() == (0,)
        connection.execute(
            "UPDATE sixcard_room_events SET event = ? WHERE room = ?", ('{"type": "swap", "position": 9}', playing)
        )
    with server(db) as client, client.websocket_connect(f"/ws/sixcard/{playing}") as ws:
        assert ws.receive_json()["key"] == "room.not_found"
    assert "cannot be loaded" in caplog.text


@pytest.mark.parametrize("code", ["x" * 300, "ABCD'", "ÄÖÜ", "ABCDEFGH"])
def test_room_codes_that_cannot_exist_are_not_found(tmp_path, code):
    with (
        server(tmp_path / "golf.sqlite3") as client,
        client.websocket_connect(f"/ws/sixcard/{code}") as ws,
    ):
        assert ws.receive_json()["key"] == "room.not_found"


def test_a_room_code_is_never_reused(tmp_path, monkeypatch):
    db = tmp_path / "golf.sqlite3"
    with server(db) as client:
        first = create(client, name="Ana", players=2)["code"]
    letters = iter(first + "Q" * ROOM_CODE_LENGTH)
    monkeypatch.setattr("golfcards.web.sixcard.rooms.secrets.choice", lambda alphabet: next(letters))
    with server(db) as client:
        second = create(client, name="Bea", players=2)["code"]
    assert second == "Q" * ROOM_CODE_LENGTH, "the code of a stored room is not handed out again"
