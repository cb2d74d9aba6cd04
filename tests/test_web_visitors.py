"""What a visitor costs the server: reading stores nothing, new players are limited per network, the
searches run in the solver's worker, and the retention policy deletes what nobody plays any more."""

from __future__ import annotations

import itertools
import sys
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import httpx2
import pytest
from starlette.testclient import TestClient

from golfcards.runners.storage import REQUEST_MEMORY, Storage
from golfcards.solitaire import solver
from golfcards.web.app import create_app
from golfcards.web.server.requests import NEW_PLAYERS_AT_ONCE, NewPlayers
from tests.postgres import rows, writing
from tests.serving import golf_serve

READS = [
    "/sixcard",
    "/sixcard/record",
    "/api/sixcard/record",
    "/api/sixcard/matches/1",
    "/api/sixcard/matches/1/scorecard.csv",
    "/api/solitaire",
    "/api/solitaire/stats",
    "/api/solitaire/live",
    "/api/solitaire/daily",
    "/api/solitaire/daily?rule=strict",
]
"""Every page and API answer a visitor may read without having played."""


def numbers():
    counter = itertools.count(1000)
    return lambda: next(counter)


def count(db: Path | str, table: str) -> int:
    return int(rows(db, f"SELECT COUNT(*) AS n FROM {table}")[0]["n"])


# --- reading costs no row -----------------------------------------------------------------------


def test_fifty_visitors_reading_every_page_create_no_player(db_location):
    db = db_location
    with TestClient(create_app(db, new_number=numbers())) as client:
        for path in READS:
            for _ in range(50):
                client.cookies.clear()
                answer = client.get(path)
                assert answer.status_code in (200, 404), (path, answer.text)
        assert (count(db, "players"), count(db, "solitaire_games")) == (0, 0), "reading stored nothing"
        client.cookies.clear()
        assert client.get("/sixcard").cookies.get("golfcards_player"), "the six-card page still names the player"
        assert client.post("/api/solitaire/action", json={"action": "d"}).status_code == 200
        assert count(db, "players") == 1, "the first action stores the player"


def test_a_six_card_player_is_stored_with_their_first_action(db_location):
    """The id the six-card page gave out (stored nowhere) becomes the player's when they act."""
    db = db_location
    with TestClient(create_app(db, new_number=numbers())) as client:
        given = client.get("/sixcard").cookies["golfcards_player"]
        assert client.get("/api/sixcard/record").json()["history"] == []
        assert count(db, "players") == 0
        assert client.post("/api/solitaire/action", json={"action": "d"}).status_code == 200
        assert client.cookies["golfcards_player"] == given
        assert Storage(db).player_exists(given)


def test_a_made_up_id_is_not_taken_for_one_the_server_gave_out(db_location):
    db = db_location
    app = create_app(db, new_number=numbers())
    with TestClient(app) as client:
        given = client.get("/sixcard").cookies["golfcards_player"]
        forged = given[:-2] + ("AA" if not given.endswith("AA") else "BB")
        other = TestClient(app, cookies={"golfcards_player": forged})
        assert other.get("/sixcard").cookies["golfcards_player"] != forged
        answer = other.post("/api/solitaire/action", json={"action": "d"})
        assert answer.cookies["golfcards_player"] != forged and not Storage(db).player_exists(forged)


# --- new players, limited per network -------------------------------------------------------------


def new_game(server_address: str, source: str, lang: str = "en") -> httpx2.Response:
    """A cookie-less browser at the loopback address ``source`` starts a new game."""
    transport = httpx2.HTTPTransport(local_address=source)
    with httpx2.Client(base_url=server_address, timeout=60, transport=transport) as browser:
        return browser.post(f"api/solitaire/new?lang={lang}", json={"code": "GO1-E-AAAAAAB"})


def test_one_address_creates_a_limited_number_of_players(tmp_path):
    db = tmp_path / "golf.sqlite3"
    with golf_serve(db) as server:
        for _ in range(NEW_PLAYERS_AT_ONCE):
            assert new_game(server.address, "127.0.0.2").status_code == 200
        refused = new_game(server.address, "127.0.0.2", lang="fr")
        assert refused.status_code == 429
        error = refused.json()["error"]
        assert error["key"] == "request.too_many_players" and "réseau" in error["message"]
        assert "golfcards_player" not in refused.cookies
        assert new_game(server.address, "127.0.0.3").status_code == 200, "another address is not held up"
    assert count(db, "players") == NEW_PLAYERS_AT_ONCE + 1


def test_an_ipv6_network_counts_as_one_address():
    clock = [0.0]
    players = NewPlayers(lambda: clock[0])
    for host in range(NEW_PLAYERS_AT_ONCE):
        players.admit(f"2001:db8:1:2::{host + 1:x}")
    with pytest.raises(Exception, match="players lately"):
        players.admit("2001:db8:1:2:ffff::1")  # the same /64
    players.admit("2001:db8:1:3::1")  # another /64
    clock[0] += 3600.0
    players.admit("2001:db8:1:2::1")  # in time, the network may again


# --- the searches run in the worker ---------------------------------------------------------------


@pytest.fixture
def searches_in_this_process() -> Iterator[list[str]]:
    """The names of the threads of this process (the server's, under TestClient) that entered the
    solver's ``solve`` while the test ran."""
    calls: list[str] = []

    def profile(frame, event, arg):
        if event == "call" and frame.f_code is solver.solve.__code__:
            calls.append(threading.current_thread().name)

    threading.setprofile(profile)
    sys.setprofile(profile)
    try:
        yield calls
    finally:
        sys.setprofile(None)
        threading.setprofile(None)


def test_the_live_line_is_searched_in_the_solver_worker(tmp_path, searches_in_this_process):
    app = create_app(tmp_path / "golf.sqlite3", new_number=numbers())
    with TestClient(app) as client:
        for _ in range(3):  # new visitors
            client.cookies.clear()
            answer = client.get("/api/solitaire/live").json()
            assert answer["winnable"] in (True, None) and answer["message"]
        assert client.post("/api/solitaire/action", json={"action": "d"}).status_code == 200
        answer = client.get("/api/solitaire/live").json()
        assert answer["moves"] == 1 and answer["winnable"] in (True, False, None)
    assert searches_in_this_process == [], "no search ran in the server's process"


# --- the retention policy -------------------------------------------------------------------------

LONG_AGO = time.time() - 400 * 86400.0
"""Older than the default retention of idle players (a year) and of unfinished courses (30 days)."""


def old_file(db: Path | str) -> None:
    """A file with a player idle for long (a game, a course, a daily entry, a six-card result), and an
    active player with a course left unfinished long ago and an old request id."""
    Storage(db).close()
    now = time.time()
    with writing(db) as file:
        file.executemany("INSERT INTO players (id, created) VALUES (?, ?)", [("idle", LONG_AGO), ("active", LONG_AGO)])
        file.execute(
            "INSERT INTO courses (id, player, code, started) VALUES (1, 'idle', 'GO1-E-AAAAAAB-T', ?)", (LONG_AGO,)
        )
        file.execute(
            "INSERT INTO courses (id, player, code, started) VALUES (2, 'active', 'GO1-E-AAAAAAC-T', ?)", (LONG_AGO,)
        )
        games = [
            (1, "idle", "GO1-E-AAAAAAB", 1, 0, LONG_AGO),
            (2, "active", "GO1-E-AAAAAAC", 2, 0, LONG_AGO),
            (3, "active", "GO1-E-AAAAAAD", None, 1, now),
        ]
        file.executemany(
            "INSERT INTO solitaire_games (id, player, code, rules, course, current, moves, started, updated) "
            "VALUES (?, ?, ?, 'E', ?, ?, 1, ?, ?)",
            [(*game, game[-1]) for game in games],
        )
        file.execute("INSERT INTO daily_entries (day, rules, player, game) VALUES ('2025-01-01', 'E', 'idle', 1)")
        file.execute(
            "INSERT INTO sixcard_matches (id, room, seats, summary, record, finished) VALUES (1, 'R', '[]', '{}', '{}', ?)",
            (LONG_AGO,),
        )
        file.execute(
            "INSERT INTO sixcard_results (match, seat, player, grid, holes, points, best_hole, won, bots) "
            "VALUES (1, 0, 'idle', 6, 9, 30, 1, 1, '[]')"
        )
        file.execute(
            "INSERT INTO requests (player, id, created) VALUES ('active', 'old', ?)", (now - 2 * REQUEST_MEMORY,)
        )
        file.execute("INSERT INTO requests (player, id, created) VALUES ('active', 'new', ?)", (now,))


def wait_for(condition: Callable[[], bool], seconds: float = 60.0) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(0.1)
    return condition()


def test_the_server_deletes_idle_players_and_unfinished_courses_but_not_an_active_player(db_location):
    db = db_location
    old_file(db)
    with golf_serve(db) as server:
        assert wait_for(lambda: count(db, "players") == 1), "the idle player goes as the server starts"
        assert wait_for(lambda: count(db, "courses") == 0)
        with httpx2.Client(base_url=server.address, timeout=60, cookies={"golfcards_player": "active"}) as active:
            game = active.get("api/solitaire").json()["game"]
            assert (game["code"], game["moves"]) == ("GO1-E-AAAAAAD", 1), "the active player plays on"
            stats = active.get("api/solitaire/stats").json()
            assert stats["course"] is None
    assert rows(db, "SELECT id FROM players") == [{"id": "active"}]
    games = rows(db, "SELECT id, course FROM solitaire_games ORDER BY id")
    assert games == [{"id": 2, "course": None}, {"id": 3, "course": None}]
    assert count(db, "daily_entries") == 0 and count(db, "sixcard_matches") == 0
    assert rows(db, "SELECT id FROM requests") == [{"id": "new"}]


def test_the_retention_policy_is_the_operators_choice(db_location):
    """``--keep-idle-days 0`` keeps idle players; the unfinished course still goes at its 30 days."""
    db = db_location
    old_file(db)
    with golf_serve(db, "--keep-idle-days", "0"):
        assert wait_for(lambda: count(db, "courses") == 0)
    assert count(db, "players") == 2 and count(db, "sixcard_matches") == 1


def test_the_operator_sets_how_many_players_one_network_creates(tmp_path):
    with golf_serve(tmp_path / "golf.sqlite3", "--new-players", "2") as server:
        assert [new_game(server.address, "127.0.0.4").status_code for _ in range(3)] == [200, 200, 429]
