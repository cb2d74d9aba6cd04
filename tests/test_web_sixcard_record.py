"""Six-card records over HTTP and WebSocket: matches stored once over, statistics, replays, exports,
and no card of a match in progress in any frame or record answer."""

from __future__ import annotations

import csv
import io
import itertools
import json
import re

import pytest
from starlette.testclient import TestClient

from golfcards.cards import card_from_index
from golfcards.sixcard.state import HoleState
from golfcards.web.app import create_app
from tests.sixcard_ws import receive, receive_state
from tests.test_web_sixcard import CARD_CODE, hidden_codes

RULES = {"grid": 4, "jokers": 1, "holes": 2}


@pytest.fixture
def app(db_location):
    counter = itertools.count(21)
    return create_app(db_location, new_number=lambda: next(counter), bot_delay=0)


@pytest.fixture
def client(app):
    with TestClient(app) as test_client:
        assert test_client.get("/sixcard").status_code == 200, "the page gives the player cookie"
        assert test_client.cookies.get("golfcards_player")
        yield test_client


def as_player(player: str) -> dict[str, str]:
    """Headers that make a request or a socket come from another browser (one test client, one event loop)."""
    return {"cookie": f"golfcards_player={player}"}


def choose(view: dict) -> dict:
    """A quick policy: turn up cards, then draw and swap into a face-down place (or throw away)."""
    legal = view["legal"]
    if view["phase"] == "draw":
        return {"type": "draw"}
    if view["phase"] == "place":
        me = view["grids"][view["viewer"]]
        down = [p for p, card in enumerate(me) if card is None]
        return {"type": "swap", "position": down[0]} if down else {"type": "discard"}
    return legal[0]


def play_match(ws, until=None, state=None) -> dict:
    """Seat 0 plays (bots play the others) until the match is over or ``until(state)`` holds;
    ``state``: the last state received, if it is still to be answered."""
    while True:
        if state is None:
            state = receive_state(ws, lambda m: m["view"] is not None and m["seat"] == 0)
        if until is not None and until(state):
            return state
        if state["scorecard"]["over"]:
            return state
        if state["view"]["phase"] == "over":
            ws.send_json({"type": "next_hole"})
        elif 0 in state["view"]["to_act"] and state["view"]["legal"]:
            ws.send_json({"type": "act", "action": choose(state["view"])})
        state = None


def start_against(client, bots, rules=RULES, lang="en"):
    room = client.post(
        f"/api/sixcard/rooms?lang={lang}",
        json={"name": "Ana", "players": len(bots) + 1, "bots": bots, "start": True, "rules": rules},
    ).json()
    ws = client.websocket_connect(f"/ws/sixcard/{room['code']}?lang={lang}")
    return room, ws


def test_a_finished_match_is_in_the_record_with_statistics_a_replay_and_exports(app, client):
    room, connection = start_against(client, ["easy", "normal"])
    with connection as ws:
        ws.send_json({"type": "hello", "token": room["token"]})
        receive(ws, "welcome")
        final = play_match(ws)
    scorecard = final["scorecard"]
    record = client.get("/api/sixcard/record?lang=ca").json()
    assert len(record["history"]) == 1 and record["next"] is None
    line = record["history"][0]
    assert [p["total"] for p in line["players"]] == scorecard["totals"]
    assert [p["name"] for p in line["players"]] == ["Ana", "Bot fàcil 2", "Bot normal 3"]
    assert line["you"] == 0 and line["won"] == (0 in scorecard["winners"])
    assert line["rules"] == ["Graella: 4 cartes: 2 files de 2", "Comodins: 1 comodí, que val −2", "Forats: 2"]
    [grid] = record["statistics"]["grids"]
    assert grid["grid"] == 4 and grid["matches"] == 1 and grid["wins"] == int(0 in scorecard["winners"])
    assert grid["holes"] == 2 and grid["best_hole"] == min(points[0] for points in scorecard["results"])
    assert grid["average_per_hole"] == pytest.approx(scorecard["totals"][0] / 2, abs=0.01)
    assert [(b["level"], b["matches"]) for b in record["statistics"]["bots"]] == [("easy", 1), ("normal", 1)]

    replay = client.get(f"/api/sixcard/matches/{line['id']}?lang=ca").json()
    assert [hole["points"] for hole in replay["holes"]] == scorecard["results"]
    assert replay["totals"] == scorecard["totals"] and replay["winners"] == scorecard["winners"]
    assert replay["hole"]["hole"] == 0
    holes = [client.get(f"/api/sixcard/matches/{line['id']}?lang=ca&hole={n}").json() for n in range(2)]
    for answer in holes:
        hole = answer["hole"]
        replay["cards"] = answer["cards"]
        steps = hole["steps"]
        assert len(steps) == answer["holes"][hole["hole"]]["steps"]
        assert steps[0]["text"].startswith(f"Forat {hole['hole'] + 1}") and not any(map(any, steps[0]["face_up"]))
        assert all(code in replay["cards"] for step in steps for grid in step["grids"] for code in grid)
        assert steps[-1]["phase"] == "over" and steps[-1]["points"] == hole["points"]
        state = HoleState.from_code(hole["code"])  # the engine re-deals the hole from its code
        assert [[card_from_index(c).code for c in g] for g in state.grids] == steps[0]["grids"]
    assert any("Ana roba de la pila: " in step["text"] for answer in holes for step in answer["hole"]["steps"])
    for hole in ("2", "-1", "x", "9999", "1.0", "", "%C2%B9", "%D9%A1", "%EF%BC%91"):  # ¹, ١, １: not 0-9
        answer = client.get(f"/api/sixcard/matches/{line['id']}?hole={hole}")
        assert answer.status_code == 400 and answer.json()["error"]["key"] == "request.bad_field", hole

    exported = client.get(f"/api/sixcard/matches/{line['id']}/scorecard.csv?lang=pt")
    assert exported.headers["content-type"].startswith("text/csv")
    assert "attachment" in exported.headers["content-disposition"]
    rows = list(csv.reader(io.StringIO(exported.content.decode("utf-8-sig"))))
    assert rows[0][0] == "Buraco" and rows[0][1] == "Ana"
    assert [[int(x) for x in row[1:]] for row in rows[1:-1]] == scorecard["results"]
    assert rows[-1] == ["Total", *map(str, scorecard["totals"])]
    data = client.get(f"/api/sixcard/matches/{line['id']}/scorecard.json").json()
    assert data["holes"] == scorecard["results"] and data["rules"]["grid"] == 4
    assert [p["level"] for p in data["players"]] == [None, "easy", "normal"]


def test_a_match_in_progress_has_no_record_and_no_replay(app, client):
    room, connection = start_against(client, ["easy"], rules={"grid": 4, "holes": 1})
    with connection as ws:
        ws.send_json({"type": "hello", "token": room["token"]})
        receive(ws, "welcome")
        state = play_match(ws, until=lambda m: m["view"]["phase"] in ("draw", "place"))
        assert not state["scorecard"]["over"]
        answer = client.get("/api/sixcard/record")
        assert answer.json()["history"] == [] and not CARD_CODE.findall(answer.text)
        for match_id in (1, 2, 3):
            for suffix in ("", "/scorecard.csv", "/scorecard.json"):
                answer = client.get(f"/api/sixcard/matches/{match_id}{suffix}")
                assert answer.status_code == 404 and not CARD_CODE.findall(answer.text)
        play_match(ws, state=state)
    assert len(client.get("/api/sixcard/record").json()["history"]) == 1


def test_only_players_of_a_match_see_it_and_bad_ids_are_refused(app, client):
    room, connection = start_against(client, ["easy"], rules={"grid": 4, "holes": 1})
    with connection as ws:
        ws.send_json({"type": "hello", "token": room["token"]})
        receive(ws, "welcome")
        play_match(ws)
    match_id = client.get("/api/sixcard/record").json()["history"][0]["id"]
    assert client.get(f"/api/sixcard/matches/{match_id}").status_code == 200
    stranger = as_player(app.state.storage.new_player())
    for path in (f"/api/sixcard/matches/{match_id}", f"/api/sixcard/matches/{match_id}/scorecard.csv"):
        answer = client.get(f"{path}?lang=el", headers=stranger)
        assert answer.status_code == 404
        assert answer.json()["error"]["message"] == "Δεν υπάρχει τίποτα σε αυτή τη διεύθυνση"
    assert client.get(f"/api/sixcard/matches/{match_id}", headers=as_player("x" * 500)).status_code == 404
    assert client.get("/api/sixcard/record", headers=stranger).json()["history"] == []
    for path in ("0", "99999999999999999999999999", "-1", "abc", "1.5", "%00"):
        answer = client.get(f"/api/sixcard/matches/{path}")
        assert answer.status_code == 404 and answer.json()["error"]["key"] == "request.not_found"
    for before in ("abc", "-3", "9" * 40, "", "%C2%B3", "%D9%A3", "%EF%BC%93"):  # ³, ٣, ３: not 0-9
        answer = client.get(f"/api/sixcard/record?before={before}")
        assert answer.status_code == 400 and answer.json()["error"]["key"] == "request.bad_field"


def test_names_that_look_like_formulas_are_quoted_in_the_csv(app, client):
    room = client.post(
        "/api/sixcard/rooms",
        json={"name": "=HYPERLINK(1)", "players": 2, "bots": ["easy"], "start": True, "rules": {"grid": 4, "holes": 1}},
    ).json()
    with client.websocket_connect(f"/ws/sixcard/{room['code']}") as ws:
        ws.send_json({"type": "hello", "token": room["token"]})
        receive(ws, "welcome")
        play_match(ws)
    match_id = client.get("/api/sixcard/record").json()["history"][0]["id"]
    text = client.get(f"/api/sixcard/matches/{match_id}/scorecard.csv").content.decode("utf-8-sig")
    assert next(csv.reader(io.StringIO(text)))[1] == "'=HYPERLINK(1)"


def test_no_frame_or_record_answer_shows_a_card_its_receiver_may_not_know(app, client):
    """Two players and a spectator play a match, then a rematch: every frame each receives is checked
    against the server's own hidden cards; during the rematch no record answer names a card, the
    history holds only the first match, and its replay is byte for byte the one served before the
    rematch began (so it cannot tell anything about the match in progress)."""
    room = client.post(
        "/api/sixcard/rooms", json={"name": "Ana", "players": 2, "rules": {"grid": 4, "holes": 1}}
    ).json()
    code = room["code"]
    host_player = client.cookies["golfcards_player"]
    browsers = {
        who: as_player(player)
        for who, player in (
            ("host", host_player),
            ("guest", app.state.storage.new_player()),
            ("third", app.state.storage.new_player()),
        )
    }
    with (
        client.websocket_connect(f"/ws/sixcard/{code}", headers=dict(browsers["host"])) as host,
        client.websocket_connect(f"/ws/sixcard/{code}", headers=dict(browsers["guest"])) as guest,
        client.websocket_connect(f"/ws/sixcard/{code}", headers=dict(browsers["third"])) as third,
    ):
        host.send_json({"type": "hello", "token": room["token"]})
        receive(host, "welcome")
        guest.send_json({"type": "join", "name": "Bea"})
        receive(guest, "welcome")
        sockets = {0: host, 1: guest, None: third}
        checked = 0
        replays: dict[tuple[int, str], str] = {}

        def drain(expect_over: bool = False) -> None:
            """Read each receiver's next state and check it against what it may know now."""
            nonlocal checked
            for seat, ws in sockets.items():
                message = receive_state(ws, lambda m: m["view"] is not None)
                if message["view"]["phase"] != "over":
                    hidden = hidden_codes(app, code, seat)
                    assert not hidden & set(CARD_CODE.findall(json.dumps(message))), (seat, message["view"])
                    checked += 1

        for match_number in range(2):
            host.send_json({"type": "start"} if match_number == 0 else {"type": "rematch"})
            for ws in sockets.values():
                receive_state(ws, lambda m: m["view"] is not None and m["view"]["turns"] == 0)
            while not app.state.rooms.get(code).match.state.is_terminal():
                state = app.state.rooms.get(code).match.state
                seat = state.current_player
                view = app.state.rooms.get(code).match.view(seat).to_json()
                sockets[seat].send_json({"type": "act", "action": choose(view)})
                drain()
                if match_number == 1 and not app.state.rooms.get(code).match.is_terminal():
                    # the first match's record is there; nothing of this one
                    for who, headers in browsers.items():
                        answer = client.get("/api/sixcard/record", headers=headers).text
                        hidden = hidden_codes(app, code, None)
                        assert not hidden & set(CARD_CODE.findall(answer))
                        ids = [line["id"] for line in json.loads(answer)["history"]]
                        assert ids == ([] if who == "third" else [match_id for match_id, _ in replays][:1])
                        for match_id in ids:
                            again = client.get(f"/api/sixcard/matches/{match_id}", headers=headers).text
                            assert again == replays[match_id, who], "a finished match's replay never changes"
                        later = client.get(f"/api/sixcard/matches/{max(replays)[0] + 1}", headers=headers)
                        assert later.status_code == 404
            if match_number == 0:
                for line in client.get("/api/sixcard/record").json()["history"]:
                    path = f"/api/sixcard/matches/{line['id']}"
                    for who in ("host", "guest"):
                        replays[line["id"], who] = client.get(path, headers=browsers[who]).text
                    assert client.get(path, headers=browsers["third"]).status_code == 404
                assert len(replays) == 2
        assert checked > 20
    assert re.search(r'"grids"', next(iter(replays.values())))


def test_a_removed_player_is_not_credited_with_the_bot_that_played_on(app, client):
    """Bea is removed during the match and a bot plays her seat to the end: the match is in Ana's
    record, not in Bea's (the bot's result is not hers)."""
    room = client.post("/api/sixcard/rooms", json={"name": "Ana", "players": 2, "rules": RULES}).json()
    bea = as_player(app.state.storage.new_player())
    with (
        client.websocket_connect(f"/ws/sixcard/{room['code']}") as host,
        client.websocket_connect(f"/ws/sixcard/{room['code']}", headers=dict(bea)) as guest,
    ):
        host.send_json({"type": "hello", "token": room["token"]})
        receive(host, "welcome")
        guest.send_json({"type": "join", "name": "Bea"})
        receive(guest, "welcome")
        host.send_json({"type": "start"})
        receive_state(guest, lambda m: m["view"] is not None and m["seat"] == 1)
        host.send_json({"type": "remove", "seat": 1})
        assert receive(guest, "error")["key"] == "room.removed"
        final = play_match(host)
    assert final["scorecard"]["over"] and final["room"]["seats"][1]["kind"] == "bot"
    assert [line["you"] for line in client.get("/api/sixcard/record").json()["history"]] == [0]
    assert client.get("/api/sixcard/record", headers=bea).json()["history"] == []
