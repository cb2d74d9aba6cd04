"""Quick play through the HTTP API and the rooms' WebSocket: people of a similar rating meet at a public
table, a lone player gets bots after the wait, a later person takes a bot's seat between holes, the
lobby lists public tables and never a private room, and requests are rate-limited per network."""

from __future__ import annotations

import itertools
import re
import time
from types import SimpleNamespace

import pytest
from starlette.testclient import TestClient

from golfcards.web.app import create_app
from golfcards.web.sixcard.room_store import restore, room_rows
from golfcards.web.sixcard.rooms import GUESSES, token_hash

from .conditions import wait_until
from .sixcard_ws import create, receive, receive_state

CARD_CODE = re.compile(r"\b(?:[2-9TJQKA][CDHS]|X[12])\b")
"""A card's code (the room's own code is taken out before looking)."""
SHORT = {"grid": 4, "players": 2}
"""The quickest table: two seats of four cards."""


def make_app(tmp_path, wait: float):
    counter = itertools.count(11)
    return create_app(tmp_path / "db.sqlite3", new_number=lambda: next(counter), bot_delay=0, quick_play_wait=wait)


@pytest.fixture
def waiting(tmp_path):
    """A server whose public tables wait for people far longer than any test takes."""
    with TestClient(make_app(tmp_path, 3600.0)) as client:
        yield client


def as_player(player: str) -> dict[str, str]:
    """Headers of another browser (one test client, one event loop)."""
    return {"cookie": f"golfcards_player={player}"}


def rated(app, player: str, grid: int, mu: float, sigma: float) -> str:
    """Store ``player`` with a six-card rating at ``grid``; returns the player id."""
    with app.state.storage.database.write() as db:
        db.execute("INSERT INTO players (id, created) VALUES (?, ?)", (player, time.time()))
        db.execute(
            "INSERT INTO ratings (player, grid, mu, sigma, matches, updated) VALUES (?, ?, ?, ?, ?, ?)",
            (player, grid, mu, sigma, 10, time.time()),
        )
    return player


def quick(client, player: str | None = None, lang: str = "en", **body):
    headers = as_player(player) if player else {}
    return client.post(f"/api/sixcard/quick-play?lang={lang}", json={"name": "Ana", **body}, headers=headers)


def test_two_players_of_a_similar_rating_meet_at_one_table_and_a_distant_one_does_not(waiting):
    app = waiting.app
    ana = rated(app, "ana-player", 6, 30.0, 2.0)
    bea = rated(app, "bea-player", 6, 31.0, 2.5)
    cid = rated(app, "cid-player", 6, 45.0, 1.0)
    first = quick(waiting, ana, grid=6, players=3).json()
    second = quick(waiting, bea, grid=6, players=3, name="Bea").json()
    assert second["code"] == first["code"] and {first["seat"], second["seat"]} == {0, 1}
    assert first["plays_from_hole"] is None and second["plays_from_hole"] is None
    third = quick(waiting, cid, grid=6, players=3, name="Cid").json()
    assert third["code"] != first["code"], "an ordinal 13 points away is outside the window of a fresh table"
    other_grid = quick(waiting, rated(app, "dan-player", 4, 30.0, 2.0), grid=4, players=3).json()
    assert other_grid["code"] != first["code"], "another grid is another table"
    room = app.state.rooms.get(first["code"])
    assert room.public and room.match is None, "one seat is still open and the wait is long"
    with waiting.websocket_connect(f"/ws/sixcard/{first['code']}") as ws:
        ws.send_json({"type": "hello", "token": first["token"]})
        receive(ws, "welcome")
        state = receive_state(ws, lambda m: m["seat"] == 0)
        assert state["room"]["public"] and not state["room"]["host"], "a public table has no host"
        assert state["status"].startswith("Waiting for players: if nobody comes, bots")
        ws.send_json({"type": "start"})
        assert receive(ws, "error")["key"] == "room.not_host"
        ws.send_json({"type": "bot", "seat": 2, "level": "easy"})
        assert receive(ws, "error")["key"] == "room.not_host"
        quick(waiting, rated(app, "eve-player", 6, 29.0, 2.0), grid=6, players=3, name="Eve")
        state = receive_state(ws, lambda m: m["room"]["started"])
        assert [seat["kind"] for seat in state["room"]["seats"]] == ["human"] * 3, "a full table starts at once"


def test_a_lone_player_gets_bots_of_a_similar_strength_after_the_wait(tmp_path):
    app = make_app(tmp_path, 0.3)
    with TestClient(app) as client:
        strong = rated(app, "strong-player", 4, 34.0, 1.0)
        answer = quick(client, strong, grid=4, players=3).json()
        room = app.state.rooms.get(answer["code"])
        wait_until(lambda: room.match is not None, "the bots took the empty seats and the match started")
        bots = [seat for seat in room.seats if seat.kind.value == "bot"]
        assert len(bots) == 2 and all(seat.filled for seat in bots)
        assert {seat.level for seat in bots} == {app.state.quick_play.bot_level(34.0, 4)}
        response = client.get("/api/sixcard/tables")
        assert not CARD_CODE.search(response.text.replace(answer["code"], "")), "no card of a match under way"
        listed = response.json()["tables"]
        assert [table["code"] for table in listed] == [answer["code"]]
        assert listed[0]["replaceable"] == 2 and listed[0]["hole"] == 1 and listed[0]["people"] == ["Ana"]


def _act(view: dict) -> dict:
    """Draw and throw away, or turn up the first card allowed: a quick way to the hole's end."""
    legal = view["legal"]
    for kind in ("draw", "discard"):
        if any(action["type"] == kind for action in legal):
            return {"type": kind}
    return legal[0]


def test_a_later_person_takes_a_bots_seat_at_the_next_hole_and_its_points_stay(tmp_path):
    app = make_app(tmp_path, 0.0)
    with TestClient(app) as client:
        ana = quick(client, **SHORT).json()
        room = app.state.rooms.get(ana["code"])
        wait_until(lambda: room.match is not None, "the bot took the empty seat")
        with client.websocket_connect(f"/ws/sixcard/{ana['code']}") as ws:
            ws.send_json({"type": "hello", "token": ana["token"]})
            receive(ws, "welcome")
            state = receive_state(ws, lambda m: m["seat"] == 0 and m["view"] is not None)
            bea = quick(client, **SHORT, name="Bea").json()
            assert bea["code"] == ana["code"] and bea["seat"] == 1 and bea["plays_from_hole"] == 2
            assert room.seats[1].stand_in and room.seats[1].name == "Bea", "the bot plays on for now"
            with client.websocket_connect(f"/ws/sixcard/{bea['code']}") as bws:
                bws.send_json({"type": "hello", "token": bea["token"]})
                receive(bws, "welcome")
                mine = receive_state(bws, lambda m: m["seat"] == 1)
                assert mine["joins_next_hole"] and "next hole" in mine["stand_in_notice"]
                bws.send_json({"type": "take_back"})
                assert receive(bws, "error")["key"] == "room.joins_next_hole", "never a person mid-hole"
                while state["view"]["phase"] != "over":
                    if 0 in state["view"]["to_act"] and state["view"]["legal"]:
                        ws.send_json({"type": "act", "action": _act(state["view"])})
                    state = receive_state(ws, lambda m: m["view"] is not None)
                assert room.seats[1].stand_in, "still the bot's at the hole's end"
                first_hole = state["scorecard"]
                ws.send_json({"type": "next_hole"})
                mine = receive_state(bws, lambda m: m["view"] is not None and m["view"]["hole"] == 1)
                assert not mine["joins_next_hole"] and mine["stand_in_notice"] is None
                assert not room.seats[1].stand_in and room.seats[1].bot is None, "Bea plays her seat now"
                assert mine["scorecard"]["totals"] == first_hole["totals"], "the bot's points stay the seat's"
                listed = client.get("/api/sixcard/tables").json()["tables"]
                assert listed[0]["replaceable"] == 0 and listed[0]["people"] == ["Ana", "Bea"]


def test_private_rooms_are_never_listed_and_the_listing_tells_no_card(waiting):
    private = create(waiting, name="Ana", players=2, bots=["easy"], start=True)
    friends = create(waiting, name="Bea", players=3)
    public = quick(waiting, **SHORT).json()
    listed = waiting.get("/api/sixcard/tables?lang=fr").json()["tables"]
    codes = [table["code"] for table in listed]
    assert codes == [public["code"]] and private["code"] not in codes and friends["code"] not in codes
    table = listed[0]
    assert set(table) == {
        "code",
        "grid",
        "players",
        "people",
        "bots",
        "free",
        "replaceable",
        "started",
        "hole",
        "holes",
        "summary",
    }
    assert table["summary"].startswith("4 cartes (2 × 2)") and table["free"] == 1
    assert public["token"] not in str(listed)


@pytest.mark.parametrize(
    ("body", "key"),
    [
        ({"grid": 5}, "sixcard.bad_grid"),
        ({"grid": "6"}, "request.bad_field"),
        ({"players": 7}, "sixcard.bad_players"),
        ({"players": True}, "request.bad_field"),
        ({"name": ["x"]}, "room.bad_name"),
    ],
)
def test_bad_quick_play_requests_get_a_clear_error(waiting, body, key):
    response = quick(waiting, **body)
    assert response.status_code == 400 and response.json()["error"]["key"] == key


def test_quick_play_requests_are_rate_limited_per_network(waiting):
    answers = [quick(waiting, **SHORT).status_code for _ in range(12)]
    assert answers[:10] == [200] * 10 and answers[10:] == [429, 429]
    refused = quick(waiting, lang="de", **SHORT).json()["error"]
    assert refused["key"] == "quick.too_many" and refused["message"]


def test_a_public_table_and_a_seat_waiting_for_its_hole_are_stored_and_restored(tmp_path):
    app = make_app(tmp_path, 0.0)
    with TestClient(app) as client:
        ana = quick(client, **SHORT).json()
        room = app.state.rooms.get(ana["code"])
        wait_until(lambda: room.match is not None, "the bot took the empty seat")
        quick(client, **SHORT, name="Bea")
        stored, events = room_rows(room, time.time())
        again = restore(stored, events, lambda: 5)
        assert again.public and again.forming_since == room.forming_since
        bea = again.seats[1]
        assert bea.stand_in and bea.joins_at_hole == 1 and bea.bot is not None and bea.rating == (25.0, 25.0 / 3)
        assert again.replaceable() == [], "the bot's seat is taken"
        assert not room_rows(create_private(client, app), time.time())[0].seats.count('"public"')


def create_private(client, app):
    return app.state.rooms.get(create(client, name="Cid", players=2)["code"])


def test_two_workers_on_one_database_list_each_others_tables_and_match_across_them(tmp_path):
    """A table formed on one worker is listed by another, and a request there is seated at it (the
    second worker takes the table's lease over, as a connection to it would)."""
    path = tmp_path / "shared.sqlite3"
    first = create_app(path, bot_delay=0, quick_play_wait=3600.0, worker_id="first")
    second = create_app(path, bot_delay=0, quick_play_wait=3600.0, worker_id="second")
    with TestClient(first) as one, TestClient(second) as two:
        ana = quick(one, grid=6, players=3).json()
        create(one, name="Cid", players=2)  # a private room: listed by no worker
        listed = two.get("/api/sixcard/tables").json()["tables"]
        assert [(table["code"], table["people"], table["free"]) for table in listed] == [(ana["code"], ["Ana"], 2)]
        for _ in range(GUESSES):  # a network that spent its room look-ups still plays quick play
            second.state.rooms.guesses.failed("testclient")
        bea = quick(two, grid=6, players=3, name="Bea").json()
        assert bea["code"] == ana["code"] and bea["seat"] == 1
        room = second.state.rooms.get(ana["code"])
        assert [seat.name for seat in room.seats[:2]] == ["Ana", "Bea"] and room.public
        wait_until(lambda: first.state.rooms.loaded(ana["code"]) is None, "the first worker handed the table over")


def test_a_visitor_who_takes_the_last_seat_of_a_forming_public_table_starts_its_match(waiting):
    ana = quick(waiting, **SHORT).json()
    with waiting.websocket_connect(f"/ws/sixcard/{ana['code']}") as ws:
        receive_state(ws, lambda m: m["watching"])
        ws.send_json({"type": "join", "name": "Bea"})
        assert receive(ws, "welcome")["seat"] == 1
        state = receive_state(ws, lambda m: m["seat"] == 1 and m["room"]["started"])
        assert [seat["name"] for seat in state["room"]["seats"]] == ["Ana", "Bea"], "no host to wait for"


def test_a_person_who_took_a_bots_seat_during_the_match_is_neither_rated_nor_recorded_for_it(tmp_path):
    app = make_app(tmp_path, 0.0)
    with TestClient(app) as client:
        ana, bea = rated(app, "ana-player", 4, 25.0, 8.0), rated(app, "bea-player", 4, 25.0, 8.0)
        code = quick(client, ana, **SHORT).json()["code"]
        room = app.state.rooms.get(code)
        wait_until(lambda: room.match is not None, "the bot took the empty seat")
        assert quick(client, bea, **SHORT, name="Bea").json()["plays_from_hole"] == 2
        match = room.match
        while not match.is_terminal():  # nobody is connected: no bot plays meanwhile
            if match.state.is_terminal():
                match.next_hole()
                continue
            seat = match.state.to_act[0]
            match.apply(match.legal_actions(seat)[0], seat)
        saved = []
        app.state.sixcard_records.save = lambda *args: saved.append(args)
        clients = [
            SimpleNamespace(seat=seat, socket=SimpleNamespace(cookies={"golfcards_player": player}, scope={}))
            for seat, player in ((0, ana), (1, bea))
        ]
        client.portal.call(app.state.tables.listeners[0], room, clients)
        ((_code, _record, _seats, holders, _new),) = saved
        assert holders == {0: ana}, "Bea played only the last holes of the seat: not her match to be rated on"


def test_a_signed_in_player_sits_at_a_public_table_under_the_accounts_name(waiting):
    signed_up = waiting.post("/api/account/signup", json={"name": "Ada", "password": "a long enough password"})
    assert signed_up.status_code == 200, signed_up.text
    answer = quick(waiting, **SHORT, name="Someone else").json()
    room = waiting.app.state.rooms.get(answer["code"])
    account = waiting.app.state.storage.account_named("ada")
    seat = room.seats[answer["seat"]]
    assert seat.name == "Ada", "the name the leaderboard shows, whatever the form said"
    assert token_hash(account.player) in seat.players, "the seat is the account's player's"
    assert waiting.get("/api/sixcard/tables").json()["tables"][0]["people"] == ["Ada"]


def test_a_public_table_whose_match_is_over_is_no_longer_listed(tmp_path):
    app = make_app(tmp_path, 0.0)
    with TestClient(app) as client:
        code = quick(client, **SHORT).json()["code"]
        room = app.state.rooms.get(code)
        wait_until(lambda: room.match is not None, "the bot took the empty seat")
        assert [table["code"] for table in client.get("/api/sixcard/tables").json()["tables"]] == [code]
        match = room.match
        while not match.is_terminal():  # nobody is connected: no bot plays meanwhile
            if match.state.is_terminal():
                match.next_hole()
                continue
            seat = match.state.to_act[0]
            match.apply(match.legal_actions(seat)[0], seat)
        assert client.get("/api/sixcard/tables").json()["tables"] == [], (
            "a match over has no seat to take or play to watch"
        )
        assert quick(client, **SHORT, name="Bea").json()["code"] != code
