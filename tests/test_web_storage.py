"""Golf Solitaire's storage as players and servers meet it: off the event loop, durable through
``kill -9``, bounded, consistent between two servers on one file, applied once per request id,
failures answered in the player's language, nothing stored for visitors who have not played."""

from __future__ import annotations

import contextlib
import functools
import itertools
import signal
import sqlite3
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import httpx2
import pytest
from starlette.testclient import TestClient

from golfcards.runners.storage import MIGRATIONS, SCHEMA_VERSION, Storage
from golfcards.solitaire.board import Board, parse_action
from golfcards.solitaire.solver import solve
from golfcards.web.app import create_app
from golfcards.web.solitaire.first_deals import STOCK
from tests.conditions import DEADLINE, Hold, hold_the_interpreter, wait_until
from tests.postgres import rows
from tests.serving import golf_serve


def numbers():
    counter = itertools.count(1000)
    return lambda: next(counter)


def no_traceback(stderr: Path) -> bool:
    return "Traceback" not in stderr.read_text(encoding="utf-8")


def stored_game(db: Path | str) -> dict:
    return rows(db, "SELECT * FROM solitaire_games WHERE current = 1 ORDER BY id DESC")[0]


def stored_request_ids(db: Path) -> list[tuple[str, str]]:
    with sqlite3.connect(db) as connection:
        return connection.execute("SELECT player, id FROM requests").fetchall()


def replay_refusals(code: str, actions: str) -> list[str]:
    board = Board.from_code(code)
    return [token for token in actions.split() if board.apply(parse_action(token)) is not None]


# --- off the event loop -------------------------------------------------------------------------


def test_a_write_waiting_for_the_file_does_not_stall_the_server(tmp_path, caplog):
    """Another program holds the file's write lock: the Solitaire action waits for it in a storage
    thread while the server goes on answering (the page's words, the game as it is: reads go on)."""
    db = tmp_path / "golf.sqlite3"
    Storage(db).close()
    with sqlite3.connect(db) as connection:  # a request id past its memory: the retention's first run deletes it
        connection.execute("INSERT INTO requests (player, id, created) VALUES ('nobody', 'old', 0)")
    app = create_app(db, storage_timeout=DEADLINE)
    with TestClient(app) as player:
        wait_until(lambda: not stored_request_ids(db), "the retention's first run (a write) is over")
        assert player.post("/api/solitaire/new", json={"code": "GO1-E-AAAAAAB"}).status_code == 200
        holder = sqlite3.connect(db, isolation_level=None)
        holder.execute("BEGIN IMMEDIATE")
        with ThreadPoolExecutor(1) as pool:
            waiting = pool.submit(player.post, "/api/solitaire/action", json={"action": "d"})
            wait_until(lambda: app.state.storage.writing, "the action waits for the file")
            words = player.get("/api/i18n")
            game = player.get("/api/solitaire")
            assert words.status_code == 200 and game.json()["game"]["moves"] == 0
            assert not waiting.done() and app.state.storage.writing, "the action still waits for the file"
            holder.execute("COMMIT")
            holder.close()
            answer = waiting.result(timeout=DEADLINE)
    assert answer.status_code == 200 and answer.json()["outcome"]["accepted"]
    assert stored_game(db)["actions"] == "d"
    assert not [record for record in caplog.records if record.exc_info], "no traceback"


def test_the_solver_works_outside_the_servers_process(tmp_path):
    """While the solver is busy (here: a warm-up that keeps its interpreter lock until the test lets
    it go), a six-card room is created and answered: the solver's time is not the server's."""
    app = create_app(tmp_path / "golf.sqlite3", new_number=numbers())
    with Hold(tmp_path) as hold:
        app.state.solver.warm_up = functools.partial(hold_the_interpreter, str(tmp_path))
        with TestClient(app) as client:
            client.post("/api/solitaire/new", json={"code": "GO1-E-AAAAAAB"})
            answers = []
            hint = threading.Thread(target=lambda: answers.append(client.get("/api/solitaire/hint")))
            hint.start()
            wait_until(hold.started.exists, "the solver's warm-up started")
            room = client.post("/api/sixcard/rooms", json={"players": 2, "name": "Ana"})
            assert room.status_code == 200
            assert not hold.done.exists(), "answered while the solver was busy"
            hold.release()
            hint.join(timeout=300)
    assert answers[0].json()["hint"]["move"] == "d"


# --- durable, bounded -------------------------------------------------------------------------


def test_acknowledged_actions_survive_kill_9(db_location):
    db = db_location
    for round_number in range(3):
        with golf_serve(db) as server, httpx2.Client(base_url=server.address, timeout=60) as player:
            if round_number == 0:
                player.post("api/solitaire/new", json={"code": "GO1-E-AAAAAAE"})
                cookie = player.cookies["golfcards_player"]
            player.cookies.set("golfcards_player", cookie)
            moves = player.get("api/solitaire").json()["game"]["moves"]
            assert moves == 5 * round_number, "every acknowledged action of the killed server is there"
            for _ in range(5):
                answer = player.post("api/solitaire/action", json={"action": "d"}).json()
                assert answer["outcome"]["accepted"]
            server.process.send_signal(signal.SIGKILL)
            server.process.wait()
    assert stored_game(db)["moves"] == 15


def test_draw_and_undo_for_ever_keeps_the_stored_log_short(db_location):
    """A player who draws and undoes hundreds of times: the log keeps the actions in effect, the game
    (moves, undo, score) is what the engine says, before and after a restart."""
    db = db_location
    with TestClient(create_app(db)) as client:
        client.post("/api/solitaire/new", json={"code": "GO1-E-AAAAAAB"})
        for action in ["d", "5", "2"] + ["d", "u"] * 200:
            game = client.post("/api/solitaire/action", json={"action": action}).json()["game"]
        cookie = client.cookies["golfcards_player"]
    board = Board.from_code("GO1-E-AAAAAAB")
    for action in ["d", "5", "2"] + ["d", "u"] * 200:
        board.apply(parse_action(action))
    assert (game["moves"], game["score"], game["undo_available"]) == (board.moves, board.score, board.undo_available)
    assert stored_game(db)["actions"] == "d 5 2"
    with TestClient(create_app(db), cookies={"golfcards_player": cookie}) as again:
        assert again.get("/api/solitaire").json()["game"] == game
        undone = again.post("/api/solitaire/action", json={"action": "u"}).json()["game"]
    board.apply(parse_action("u"))
    assert (undone["moves"], undone["undo_available"], undone["score"]) == (board.moves, 2, board.score)
    assert undone["discard"]["code"] == board.discard.code


# --- two servers, retries ------------------------------------------------------------------------


def test_two_servers_on_one_file_apply_each_action_to_the_state_it_was_computed_from(db_location, tmp_path):
    """One player's draws and undos sent at once through two servers on one --db: every accepted
    action is stored exactly once, and the stored game is one the rules allow. Four writers on one
    game may lose the race every time they try (a busy machine): such an action is refused in words
    (``storage.conflict``) and applied nowhere, and it stays the exception."""
    db, errors = db_location, [tmp_path / "first.err", tmp_path / "second.err"]
    with golf_serve(db, stderr=errors[0]) as first, golf_serve(db, stderr=errors[1]) as second:
        with httpx2.Client(base_url=first.address, timeout=60) as setup:
            setup.post("api/solitaire/new", json={"code": "GO1-E-AAAAAAE"})
            cookie = setup.cookies["golfcards_player"]

        conflicts = []

        def play(address: str, actions: list[str]) -> list[str]:
            accepted = []
            with httpx2.Client(base_url=address, timeout=60, cookies={"golfcards_player": cookie}) as player:
                for action in actions:
                    answer = player.post("api/solitaire/action", json={"action": action})
                    if answer.status_code == 503:  # lost the race every time it tried: said, applied nowhere
                        assert answer.json()["error"]["key"] == "storage.conflict", answer.text
                        conflicts.append(action)
                        continue
                    assert answer.status_code == 200, answer.text
                    if answer.json()["outcome"]["accepted"]:
                        accepted.append(action)
            return accepted

        plan = ["d", "d", "u"] * 25
        with ThreadPoolExecutor(4) as pool:
            results = list(pool.map(play, [first.address, second.address] * 2, [plan] * 4))
    assert all(no_traceback(stderr) for stderr in errors)
    assert len(conflicts) <= len(plan) * 4 // 10, f"{len(conflicts)} of {len(plan) * 4} actions never got through"
    accepted = [action for result in results for action in result]
    row = stored_game(db)
    assert replay_refusals(row["code"], row["actions"]) == []
    assert row["moves"] == accepted.count("d"), "each accepted draw counted once"
    draws_in_effect = accepted.count("d") - accepted.count("u")
    assert row["actions"].split() == ["d"] * draws_in_effect


def test_a_retried_request_is_applied_once_whichever_server_gets_it(db_location):
    db = db_location
    with TestClient(create_app(db)) as first, TestClient(create_app(db)) as second:
        first.post("/api/solitaire/new", json={"code": "GO1-E-AAAAAAB"})
        second.cookies.set("golfcards_player", first.cookies["golfcards_player"])
        body = {"action": "d", "request_id": "3f9a-retry_1"}
        once = first.post("/api/solitaire/action", json=body).json()
        again = first.post("/api/solitaire/action", json=body).json()
        elsewhere = second.post("/api/solitaire/action", json=body).json()
        assert once["outcome"]["accepted"] and "repeated" not in once["outcome"]
        assert again["outcome"]["repeated"] and elsewhere["outcome"]["repeated"]
        assert once["game"]["moves"] == again["game"]["moves"] == elsewhere["game"]["moves"] == 1
        other = first.post("/api/solitaire/action", json={"action": "d", "request_id": "3f9a-retry_2"}).json()
        assert other["game"]["moves"] == 2
        for bad in ("x" * 65, "not an id!", "é", 7):
            refused = first.post("/api/solitaire/action?lang=ca", json={"action": "d", "request_id": bad})
            assert refused.status_code == 400 and refused.json()["error"]["key"] == "request.bad_field"
        assert first.get("/api/solitaire").json()["game"]["moves"] == 2


# --- failures while running ----------------------------------------------------------------------


def test_a_file_held_by_another_program_gets_a_localized_answer(tmp_path):
    db = tmp_path / "golf.sqlite3"
    with TestClient(create_app(db, storage_timeout=0.2)) as client:
        client.post("/api/solitaire/new", json={"code": "GO1-E-AAAAAAB"})
        holder = sqlite3.connect(db, isolation_level=None)
        holder.execute("BEGIN IMMEDIATE")
        answer = client.post("/api/solitaire/action?lang=ca", json={"action": "d"})
        assert answer.status_code == 503
        assert answer.json()["error"] == {
            "key": "storage.busy",
            "message": "Un altre programa o servidor està fent servir les teves partides: "
            "torna-ho a provar d’aquí a un moment",
        }
        holder.execute("ROLLBACK")
        holder.close()
        assert client.post("/api/solitaire/action", json={"action": "d"}).json()["game"]["moves"] == 1


def test_a_file_damaged_while_running_gets_a_localized_answer(tmp_path):
    db = tmp_path / "golf.sqlite3"
    with TestClient(create_app(db), raise_server_exceptions=False) as client:
        client.post("/api/solitaire/new", json={"code": "GO1-E-AAAAAAB"})
        client.post("/api/solitaire/action", json={"action": "d"})
        with sqlite3.connect(db) as outside:
            outside.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        size = db.stat().st_size
        with db.open("r+b") as damaged:  # every page but the header becomes noise
            damaged.seek(100)
            damaged.write(bytes((index * 37) % 251 for index in range(size - 100)))
        with contextlib.suppress(sqlite3.DatabaseError), sqlite3.connect(db) as outside:
            outside.execute("PRAGMA user_version = 2")  # another writer moves the file on: caches are stale
        for method, path, body in [
            ("POST", "/api/solitaire/action?lang=fr", {"action": "d"}),
            ("GET", "/api/solitaire?lang=fr", None),
            ("GET", "/api/solitaire/stats?lang=fr", None),
        ]:
            answer = client.request(method, path, json=body)
            assert answer.status_code == 503, (path, answer.text)
            error = answer.json()["error"]
            assert error["key"] in ("storage.corrupt", "storage.failed") and "\u00a0:" in error["message"]


# --- visitors who have not played ------------------------------------------------------------------


def test_a_visitor_without_a_cookie_costs_no_row_and_no_solve_until_they_act(db_location):
    db = db_location
    app = create_app(db, new_number=numbers())
    with TestClient(app) as setup:
        codes = set()
        for _ in range(3 * STOCK):
            setup.cookies.clear()
            game = setup.get("/api/solitaire").json()["game"]
            assert "golfcards_player" not in setup.cookies
            setup.get("/api/solitaire/stats")
            codes.add(game["code"])
        assert len(codes) <= STOCK, "the visitors share a few deals solved ahead"
        assert all(solve(code).winnable for code in codes)
        assert rows(db, "SELECT COUNT(*) AS n FROM players") == [{"n": 0}]
        assert rows(db, "SELECT COUNT(*) AS n FROM solitaire_games") == [{"n": 0}]
        shown = setup.get("/api/solitaire").json()["game"]
        played = setup.post("/api/solitaire/action", json={"action": "d"}).json()
        assert played["outcome"]["accepted"] and played["game"]["code"] == shown["code"]
        assert "golfcards_player" in setup.cookies
        assert rows(db, "SELECT COUNT(*) AS n FROM players") == [{"n": 1}]
        assert setup.get("/api/solitaire").json()["game"]["moves"] == 1


@pytest.mark.parametrize("version", [1, 2, 3, 4, 5])
def test_a_file_of_any_older_schema_is_brought_up_to_date_with_its_games(tmp_path, version):
    """A file last written by an older server (schema 1 to 5): the game in progress (played lately,
    so the retention policy keeps it) plays on."""
    db = tmp_path / "golf.sqlite3"
    now = time.time()
    with sqlite3.connect(db) as old:
        for step in range(1, version + 1):
            old.executescript(MIGRATIONS[step])
        old.execute("INSERT INTO players (id, created) VALUES ('old-player', ?)", (now,))
        old.execute(
            "INSERT INTO solitaire_games (player, code, rules, actions, moves, started, updated) "
            "VALUES ('old-player', 'GO1-E-AAAAAAB', 'easy', 'd', 1, ?, ?)",
            (now, now),
        )
        old.execute(f"PRAGMA user_version = {version}")
    with TestClient(create_app(db, new_number=numbers())) as client:
        client.cookies.set("golfcards_player", "old-player")
        assert client.get("/api/solitaire").json()["game"]["moves"] == 1
        answer = client.post("/api/solitaire/action", json={"action": "d", "request_id": "after-upgrade"})
        assert answer.json()["outcome"]["accepted"] and answer.json()["game"]["moves"] == 2
    with sqlite3.connect(db) as upgraded:
        assert upgraded.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
