"""Ratings, leaderboards and the player's own page over HTTP and WebSocket (SQLite and PostgreSQL):
a match of two people rates both once, the leaderboards' filters and minimum, and /api/me shows
only the requester's data."""

from __future__ import annotations

import argparse
import datetime
import itertools

import pytest
from starlette.testclient import TestClient

from golfcards.runners.ratings import DEFAULT_MU
from golfcards.runners.storage import SavedGame
from golfcards.web.app import create_app
from golfcards.web.serve import add_parser
from tests.conditions import wait_until
from tests.postgres import rows
from tests.sixcard_ws import create, receive, receive_state
from tests.test_ratings import add_account

TODAY = datetime.date(2026, 3, 11)  # a Wednesday


@pytest.fixture
def app(db_location):
    counter = itertools.count(21)
    return create_app(
        db_location, new_number=lambda: next(counter), bot_delay=0, today=lambda: TODAY, leaderboard_matches=2
    )


@pytest.fixture
def client(app):
    with TestClient(app) as test_client:
        test_client.cookies.set("golfcards_player", app.state.storage.new_player())
        yield test_client


def as_player(player: str) -> dict[str, str]:
    return {"cookie": f"golfcards_player={player}"}


def play_two_people(app, client, guest: str) -> str:
    """A one-hole match on 4 cards between the client's player (seat 0) and ``guest`` (seat 1), played
    to its end over both WebSockets; the room's code."""
    room = create(client, name="Ana", players=2, rules={"grid": 4, "holes": 1})
    code = room["code"]
    with (
        client.websocket_connect(f"/ws/sixcard/{code}") as host,
        client.websocket_connect(f"/ws/sixcard/{code}", headers=as_player(guest)) as other,
    ):
        host.send_json({"type": "hello", "token": room["token"]})
        receive(host, "welcome")
        other.send_json({"type": "join", "name": "Bea"})
        receive(other, "welcome")
        host.send_json({"type": "start"})
        sockets = {0: host, 1: other}
        for seat, ws in sockets.items():
            for position in (0, 1):
                ws.send_json({"type": "act", "action": {"type": "reveal", "position": position}})
            receive_state(ws, lambda m, seat=seat: m["view"] is not None and m["view"]["reveals_left"][seat] == 0)
        for _ in range(200):
            state = app.state.rooms.get(code).match.state
            if state.is_terminal():
                break
            seat = state.current_player
            ws = sockets[seat]
            down = [p for p, up in enumerate(state.face_up[seat]) if not up]
            ws.send_json({"type": "act", "action": {"type": "draw"}})
            receive_state(ws, lambda m: m["view"] is not None and m["view"]["phase"] == "place")
            place = {"type": "swap", "position": down[0]} if down else {"type": "discard"}
            ws.send_json({"type": "act", "action": place})
            receive_state(ws, lambda m, seat=seat: m["view"] is not None and seat not in m["view"]["to_act"])
        assert app.state.rooms.get(code).match.is_terminal()
        wait_until(lambda: len(app.state.sixcard_records.history(guest)) == 1, "the match is stored")
    return code


def test_a_match_of_two_people_rates_both_once(app, client, db_location):
    guest = app.state.storage.new_player()
    code = play_two_people(app, client, guest)
    host = client.cookies["golfcards_player"]
    ratings = {row["player"]: row for row in rows(db_location, "SELECT * FROM ratings")}
    assert set(ratings) == {host, guest}
    assert [row["matches"] for row in ratings.values()] == [1, 1]
    assert len(rows(db_location, "SELECT * FROM rating_history")) == 2
    room = app.state.rooms.get(code)
    recorder = app.state.tables.listeners[-1]
    client.portal.call(recorder, room, [])  # the last state delivered again
    recorder.restored(room)  # and the room loaded again after a restart
    client.portal.call(recorder, room, [])
    assert [row["matches"] for row in rows(db_location, "SELECT matches FROM ratings")] == [1, 1]
    assert len(rows(db_location, "SELECT * FROM rating_history")) == 2

    mine = client.get("/api/me?lang=fr").json()
    [rating] = mine["ratings"]
    assert rating["grid"] == 4 and rating["matches"] == 1 and rating["label"] == "4 cartes"
    assert rating["low"] < rating["mu"] < rating["high"] and rating["bot"] in {
        "random",
        "easy",
        "normal",
        "strong",
        "expert",
    }
    assert [point["grid"] for point in mine["rating_history"]] == [4]
    assert mine["rating_history"][0]["mu"] == rating["mu"]
    assert len(mine["matches"]) == 1 and mine["sixcard"]["grids"][0]["matches"] == 1
    theirs = client.get("/api/me", headers=as_player(guest)).json()
    assert theirs["ratings"][0]["mu"] == round(ratings[guest]["mu"], 2)
    if ratings[host]["mu"] != ratings[guest]["mu"]:
        assert theirs["ratings"][0]["mu"] != rating["mu"], "the guest sees their own rating, never the host's"
    assert (ratings[host]["mu"] > DEFAULT_MU) == (mine["matches"][0]["won"] and not theirs["matches"][0]["won"])


def test_the_own_page_shows_only_the_requesters_data(app, client):
    storage = app.state.storage
    player = client.cookies["golfcards_player"]
    stranger = storage.new_player()
    assert isinstance(storage.start_game(player, "E-AAAA", "E", None), SavedGame)
    empty = client.get("/api/me", headers=as_player(stranger)).json()
    assert empty["ratings"] == [] and empty["solitaire"] == [] and empty["matches"] == []
    nobody = client.get("/api/me", headers=as_player("not-a-player")).json()
    assert nobody == empty
    for query in ("?player=" + player, "?id=" + player, "?before=1"):
        assert client.get(f"/api/me{query}", headers=as_player(stranger)).json() == empty, query
    assert client.get("/me").status_code == 200 and client.get("/leaderboards").status_code == 200


def save_match(app, players: dict[int, str], grid: int = 6) -> None:
    """A finished match stored as the recorder stores one (the players must exist)."""
    from golfcards.runners.arena import play_match as arena_match
    from golfcards.runners.sixcard_records import SeatInfo
    from golfcards.sixcard.bots import make_bot
    from golfcards.sixcard.match import Match
    from golfcards.sixcard.record import MatchRecord
    from golfcards.sixcard.rules import SixCardRules

    rules = SixCardRules(players=len(players), grid=grid, holes=1)
    match = Match.keyed(rules, bytes(32))
    arena_match([make_bot("easy", seed) for seed in range(len(players))], match, list(range(len(players))))
    seats = [SeatInfo("human", f"P{seat}") for seat in range(len(players))]
    app.state.sixcard_records.save("ROOM", MatchRecord.from_match(match), seats, players)


def test_the_six_card_leaderboard_lists_accounts_with_the_minimum_and_marks_the_viewer(app, client):
    storage = app.state.storage
    me = client.cookies["golfcards_player"]
    alice, bob, carol = storage.new_player(), storage.new_player(), storage.new_player()
    for _ in range(2):
        save_match(app, {0: me, 1: alice})
    save_match(app, {0: bob, 1: carol})
    add_account(storage, me, "Me")
    add_account(storage, alice, "Alice <b>")
    add_account(storage, bob, "Bob")
    board = client.get("/api/leaderboards?board=sixcard&grid=6&lang=de").json()
    assert board["min_matches"] == 2 and board["grid"] == 6
    assert {row["name"] for row in board["rows"]} == {"Me", "Alice <b>"}, "Bob has one match, Carol no account"
    assert [row["you"] for row in board["rows"] if row["name"] == "Me"] == [True]
    assert [row["you"] for row in board["rows"] if row["name"] != "Me"] == [False]
    assert all(me not in str(row) and alice not in str(row) for row in board["rows"]), "no player id is sent"
    ordinals = [row["ordinal"] for row in board["rows"]]
    assert ordinals == sorted(ordinals, reverse=True) and [row["rank"] for row in board["rows"]] == [1, 2]
    assert client.get("/api/leaderboards?board=sixcard&grid=4").json()["rows"] == []
    assert [g["label"] for g in board["grids"]] == ["4 Karten", "6 Karten", "8 Karten", "9 Karten"]


def test_the_solitaire_and_daily_leaderboards_filter_by_rule_and_period(app, client):
    storage = app.state.storage
    me = client.cookies["golfcards_player"]
    other = storage.new_player()
    add_account(storage, me, "Me")
    add_account(storage, other, "Other")
    days = {me: [TODAY, TODAY - datetime.timedelta(days=1)], other: [TODAY - datetime.timedelta(days=10)]}
    for player, won_days in days.items():
        for day in won_days:
            for rules in ("E", "C"):
                if player == other and rules == "C":
                    continue
                game = storage.start_game(player, f"{rules}-{day.isoformat()}", rules, None)
                assert isinstance(game, SavedGame)
                with storage.database.write() as db:
                    db.execute(
                        "UPDATE solitaire_games SET status = 'won', score = 5, moves = 30 WHERE id = ?", (game.id,)
                    )
                    db.execute(
                        "INSERT INTO daily_entries (day, rules, player, game) VALUES (?, ?, ?, ?)",
                        (day.isoformat(), rules, player, game.id),
                    )
    wins = client.get("/api/leaderboards?board=solitaire&rules=E").json()
    assert [(row["name"], row["wins"], row["you"]) for row in wins["rows"]] == [("Me", 2, True), ("Other", 1, False)]
    assert [option["key"] for option in wins["rules_options"]][:3] == ["E", "C", "S"]
    classic = client.get("/api/leaderboards?board=solitaire&rules=C").json()
    assert [row["name"] for row in classic["rows"]] == ["Me"]
    assert client.get("/api/leaderboards?board=solitaire&rules=S").json()["rows"] == []
    today = client.get("/api/leaderboards?board=daily&rules=E&period=today").json()
    assert [(row["name"], row["wins"]) for row in today["rows"]] == [("Me", 1)]
    week = client.get("/api/leaderboards?board=daily&rules=E&period=week").json()
    assert [(row["name"], row["wins"]) for row in week["rows"]] == [("Me", 2)]
    ever = client.get("/api/leaderboards?board=daily&rules=E&period=all").json()
    assert [(row["name"], row["wins"]) for row in ever["rows"]] == [("Me", 2), ("Other", 1)]
    mine = client.get("/api/me").json()
    assert {(s["rules"], s["wins"]) for s in mine["solitaire"]} == {("E", 2), ("C", 2)}
    assert {(d["rules"], d["days_won"], d["streak"]) for d in mine["daily"]} == {("E", 2, 2), ("C", 2, 2)}


@pytest.mark.parametrize(
    "query",
    [
        "board=chess",
        "board=sixcard&grid=5",
        "board=sixcard&grid=%D9%A6",
        "board=solitaire&rules=X",
        "board=solitaire&rules=" + "E" * 100,
        "board=daily&period=year",
        "board=daily&rules=E-J9",
    ],
)
def test_bad_leaderboard_queries_get_a_clear_error(client, query):
    answer = client.get(f"/api/leaderboards?{query}&lang=es")
    assert answer.status_code == 400
    assert answer.json()["error"]["key"] == "request.bad_field" and answer.json()["error"]["message"]


def test_leaderboard_matches_is_a_serve_option():
    parser = argparse.ArgumentParser()
    add_parser(parser.add_subparsers())
    assert parser.parse_args(["serve", "--leaderboard-matches", "7"]).leaderboard_matches == 7


def test_a_visitor_who_signs_in_during_a_match_has_it_stored_and_rated_under_the_account(app, client):
    """The room's page stays open (its connection came with the visitor's cookie) while another tab signs
    up: the match ends under the account's player, not under the cookie's id the sign-up cleared."""
    visitor = client.cookies["golfcards_player"]
    room = create(client, name="Ana", players=2, bots=["easy"], start=True, rules={"grid": 4, "holes": 1})
    with client.websocket_connect(f"/ws/sixcard/{room['code']}") as ws:
        ws.send_json({"type": "hello", "token": room["token"]})
        receive(ws, "welcome")
        for position in (0, 1):
            ws.send_json({"type": "act", "action": {"type": "reveal", "position": position}})
        receive_state(ws, lambda m: m["view"] is not None and m["view"]["reveals_left"][0] == 0)
        signed_up = client.post("/api/account/signup", json={"name": "Ana", "password": "a long enough password"})
        assert signed_up.status_code == 200, signed_up.text
        match = app.state.rooms.get(room["code"]).match
        for _ in range(200):
            if match.state.is_terminal():
                break
            state = receive_state(ws, lambda m: m["view"] is not None)
            if 0 not in state["view"]["to_act"] or not state["view"]["legal"]:
                continue
            if state["view"]["phase"] != "place":
                ws.send_json({"type": "act", "action": {"type": "draw"}})
                continue
            down = [p for p, up in enumerate(match.state.face_up[0]) if not up]
            ws.send_json(
                {"type": "act", "action": {"type": "swap", "position": down[0]} if down else {"type": "discard"}}
            )
        assert match.is_terminal()
    wait_until(lambda: client.get("/api/me").json()["matches"], "the match is the account's")
    mine = client.get("/api/me").json()
    assert [rating["grid"] for rating in mine["ratings"]] == [4] and mine["ratings"][0]["matches"] == 1
    assert app.state.sixcard_records.history(visitor) == [], "nothing under the cleared cookie's id"
