"""``golf serve --db`` on each engine (a SQLite file, a ``postgresql://`` URL): a Solitaire game and a
six-card room played, the server killed with ``kill -9``, and every acknowledged action there after a
restart; the engine's failures as the same ``storage.*`` keys."""

from __future__ import annotations

import contextlib
import json
import random
import signal
import sqlite3
from collections.abc import Iterator
from pathlib import Path

import httpx2
import pytest
from websockets.sync.client import connect

from golfcards.errors import GolfError
from golfcards.runners.storage import Storage, is_postgres
from golfcards.runners.storage.postgres import WRITERS_LOCK
from tests.postgres import rows
from tests.serving import golf_serve

DRAWS = 5
MY_ACTIONS = 4


def play_my_turns(port: int, code: str, token: str) -> int:
    """Play ``MY_ACTIONS`` legal actions of the host against a bot; the highest change counter shown."""
    chooser = random.Random(code)
    seen = played = 0
    with connect(f"ws://127.0.0.1:{port}/ws/sixcard/{code}?lang=en", open_timeout=30) as ws:
        ws.send(json.dumps({"type": "hello", "token": token}))
        while played < MY_ACTIONS:
            message = json.loads(ws.recv(timeout=60))
            if message["type"] != "state" or message["view"] is None:
                continue
            seen = max(seen, message["sequence"])
            view = message["view"]
            if view["phase"] != "over" and message["seat"] in view["to_act"] and view["legal"]:
                ws.send(json.dumps({"type": "act", "action": chooser.choice(view["legal"])}))
                played += 1
        while True:  # the last action acknowledged: the state that shows it
            message = json.loads(ws.recv(timeout=60))
            if message["type"] == "state" and any(a["seat"] == message["seat"] for a in message["last_actions"]):
                return max(seen, message["sequence"])


def restored_sequence(port: int, code: str, token: str) -> int:
    with connect(f"ws://127.0.0.1:{port}/ws/sixcard/{code}?lang=en", open_timeout=30) as ws:
        ws.send(json.dumps({"type": "hello", "token": token}))
        while True:
            message = json.loads(ws.recv(timeout=60))
            if message["type"] == "state" and message["seat"] is not None:
                return message["sequence"]


def test_a_solitaire_game_and_a_six_card_room_survive_kill_9_on_either_engine(db_location, tmp_path):
    stderr = tmp_path / "server.err"
    with golf_serve(db_location, stderr=stderr) as server, httpx2.Client(base_url=server.address, timeout=60) as http:
        http.post("api/solitaire/new", json={"code": "GO1-E-AAAAAAE"})
        cookie = http.cookies["golfcards_player"]
        for _ in range(DRAWS):
            assert http.post("api/solitaire/action", json={"action": "d"}).json()["outcome"]["accepted"]
        room = http.post("/api/sixcard/rooms", json={"players": 2, "bots": ["easy"], "start": True}).json()
        seen = play_my_turns(server.port, room["code"], room["token"])
        server.process.send_signal(signal.SIGKILL)
        server.process.wait(timeout=30)
    with golf_serve(db_location) as server, httpx2.Client(base_url=server.address, timeout=60) as http:
        http.cookies.set("golfcards_player", cookie)
        assert http.get("api/solitaire").json()["game"]["moves"] == DRAWS
        assert restored_sequence(server.port, room["code"], room["token"]) > seen, "the room lost a change it showed"
    (game,) = rows(db_location, "SELECT moves, actions FROM solitaire_games WHERE player = ?", (cookie,))
    assert game["moves"] == DRAWS and game["actions"].split() == ["d"] * DRAWS


def read_only_statement(location: str | Path) -> str:
    return "SET default_transaction_read_only = on" if is_postgres(location) else "PRAGMA query_only = ON"


def test_a_database_that_refuses_writes_is_a_read_only_failure_on_either_engine(db_location):
    storage = Storage(db_location)
    try:
        player = storage.new_player()
        storage.database.connection().execute(read_only_statement(db_location))
        with pytest.raises(GolfError) as raised:
            storage.start_game(player, "GO1-E-AAAAAAB", "E")
        assert raised.value.key == "storage.read_only"
        assert storage.player_exists(player), "reading goes on"
    finally:
        storage.close()


@contextlib.contextmanager
def another_program_writing(location: str | Path) -> Iterator[None]:
    """Another program in the middle of a write transaction on the database, as a server's writer would be."""
    if is_postgres(location):
        import psycopg

        with psycopg.connect(str(location), autocommit=True) as holder:
            holder.execute("BEGIN")
            holder.execute("SELECT pg_advisory_xact_lock(%s)", (WRITERS_LOCK,))
            yield
            holder.execute("ROLLBACK")
        return
    holder = sqlite3.connect(location, isolation_level=None)
    try:
        holder.execute("BEGIN IMMEDIATE")
        yield
        holder.execute("ROLLBACK")
    finally:
        holder.close()


def test_a_writer_of_another_program_past_the_busy_timeout_is_a_busy_failure_on_either_engine(db_location):
    storage = Storage(db_location, busy_timeout=0.2)
    try:
        with another_program_writing(db_location):
            with pytest.raises(GolfError) as raised:
                storage.new_player()
            assert raised.value.key == "storage.busy"
            assert storage.load_room("ABCDEFGH") is None, "reading goes on"
        storage.new_player()  # the connection is usable again once the other has finished
    finally:
        storage.close()


def test_a_postgresql_url_that_cannot_be_used_is_a_clear_error_without_its_password(tmp_path):
    pytest.importorskip("psycopg")
    url = f"postgresql://golf:s3cret@/golfcards?host={tmp_path}"  # no server listens there
    with pytest.raises(GolfError) as raised:
        Storage(url, busy_timeout=1)
    assert raised.value.key == "storage.cannot_open"
    assert raised.value.params["path"] == f"postgresql://golf@/golfcards?host={tmp_path}"
    assert "s3cret" not in str(raised.value) and "s3cret" not in repr(raised.value.params)
