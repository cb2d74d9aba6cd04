"""House rules and spectators at a six-card table, through the real HTTP and WebSocket endpoints."""

from __future__ import annotations

import itertools

import pytest
from starlette.testclient import TestClient

from golfcards.web.app import create_app
from tests.sixcard_ws import create, receive, receive_state


@pytest.fixture
def app(tmp_path):
    counter = itertools.count(7)
    return create_app(tmp_path / "db.sqlite3", new_number=lambda: next(counter), bot_delay=0)


@pytest.fixture
def client(app):
    with TestClient(app) as test_client:
        yield test_client


HOUSE = {"grid": 4, "jokers": 2, "final_turn": True, "reshuffle_discard": True, "holes": 3}


def play_to_the_end(ws) -> dict:
    """Seat 0 plays its first legal action whenever it is to act, through the socket, to the match's end."""
    while True:
        state = receive_state(ws, lambda m: m["view"] is not None)
        view = state["view"]
        if state["scorecard"]["over"]:
            return state
        if view["phase"] == "over":
            ws.send_json({"type": "next_hole"})
        elif 0 in view["to_act"] and view["legal"]:
            ws.send_json({"type": "act", "action": view["legal"][0]})


def test_a_room_keeps_its_house_rules_for_every_match_and_shows_them(app, client):
    room = create(client, lang="ca", name="Ana", players=3, bots=["easy", "easy"], start=True, rules=HOUSE)
    match = app.state.rooms.get(room["code"]).match
    assert (match.rules.grid, match.rules.jokers, match.rules.holes) == (4, 2, 3)
    assert match.rules.final_turn and match.rules.reshuffle_discard and match.rules.players == 3
    with client.websocket_connect(f"/ws/sixcard/{room['code']}?lang=ca") as ws:
        ws.send_json({"type": "hello", "token": room["token"]})
        receive(ws, "welcome")
        state = receive_state(ws, lambda m: m["seat"] == 0)
        rules = {rule["name"]: rule for rule in state["house_rules"]}
        assert [rule["name"] for rule in state["house_rules"]] == list(HOUSE)
        assert {name: rule["value"] for name, rule in rules.items()} == HOUSE
        assert rules["grid"]["label"] == "Graella" and rules["grid"]["text"] == "4 cartes: 2 files de 2"
        assert rules["jokers"]["text"] == "2 comodins, que valen −2 cadascun" and not rules["jokers"]["default"]
        assert rules["final_turn"]["text"].startswith("Sí: quan algú tanca")
        assert rules["holes"]["text"] == "3"
        assert state["view"]["rules"]["grid"] == 4 and len(state["view"]["grids"][0]) == 4
        final = play_to_the_end(ws)
        assert len(final["scorecard"]["results"]) == 3
        ws.send_json({"type": "rematch"})
        again = receive_state(ws, lambda m: m["scorecard"] is not None and not m["scorecard"]["results"])
        assert again["view"]["rules"] == state["view"]["rules"], "the rematch keeps the house rules"
        assert {rule["name"]: rule["value"] for rule in again["house_rules"]} == HOUSE
    assert app.state.rooms.get(room["code"]).match.rules == match.rules


def test_the_default_rules_are_the_guides(client):
    room = create(client, name="Ana", players=2)
    with client.websocket_connect(f"/ws/sixcard/{room['code']}?lang=pt") as ws:
        state = receive(ws, "state")
        assert all(rule["default"] for rule in state["house_rules"])
        assert [rule["text"] for rule in state["house_rules"]] == [
            "6 cartas: 2 filas de 3",
            "Sem jokers",
            "Não: o buraco termina assim que uma grelha fica toda aberta",
            "Não: quando o monte se esgota, o buraco termina",
            "9",
        ]


@pytest.mark.parametrize(
    "rules, key",
    [
        ("grid 4", "room.bad_rules"),
        ([4], "room.bad_rules"),
        (7, "room.bad_rules"),
        ({"grid": 5}, "sixcard.bad_grid"),
        ({"grid": "4"}, "sixcard.bad_grid"),
        ({"grid": True}, "sixcard.bad_grid"),
        ({"grid": 6.0}, "sixcard.bad_grid"),
        ({"grid": [6]}, "sixcard.bad_grid"),
        ({"jokers": 3}, "sixcard.bad_jokers"),
        ({"jokers": -1}, "sixcard.bad_jokers"),
        ({"jokers": None}, "sixcard.bad_jokers"),
        ({"holes": 0}, "sixcard.bad_holes"),
        ({"holes": 100}, "sixcard.bad_holes"),
        ({"holes": 10**40}, "sixcard.bad_holes"),
        ({"holes": "9"}, "sixcard.bad_holes"),
        ({"final_turn": 1}, "room.bad_final_turn"),
        ({"final_turn": "yes"}, "room.bad_final_turn"),
        ({"reshuffle_discard": None}, "room.bad_reshuffle"),
        ({"reshuffle_discard": {"on": True}}, "room.bad_reshuffle"),
        ({"players": 3}, "room.unknown_rule"),
        ({"x" * 500: 1}, "room.unknown_rule"),
    ],
)
def test_hostile_house_rules_get_a_clear_localized_error(client, rules, key):
    for lang in ("en", "fr"):
        response = client.post(f"/api/sixcard/rooms?lang={lang}", json={"players": 2, "bots": ["easy"], "rules": rules})
        assert response.status_code == 400, response.text
        error = response.json()["error"]
        assert error["key"] == key
        assert error["message"] and "Traceback" not in error["message"] and len(error["message"]) < 200
    assert len(client.app.state.rooms) == 0, "no room was created"


def test_hostile_rule_messages_name_the_problem(client):
    answer = client.post("/api/sixcard/rooms?lang=el", json={"players": 2, "rules": {"grid": 7}}).json()
    assert answer["error"]["message"] == "Ένα πλέγμα έχει 4, 6, 8 ή 9 φύλλα"
    answer = client.post("/api/sixcard/rooms?lang=fr", json={"players": 2, "rules": {"colour": "red"}}).json()
    assert answer["error"]["message"].startswith("colour\u00a0: ce n’est pas une règle maison")
    answer = client.post("/api/sixcard/rooms?lang=de", json={"players": 2, "rules": {"final_turn": "ja"}}).json()
    assert answer["error"]["message"] == "Die letzte Runde ist entweder an (true) oder aus (false)"


def test_a_third_visitor_watches_and_is_listed(app, client):
    room = create(client, name="Ana", players=2, bots=["easy"], start=True)
    code = room["code"]
    with client.websocket_connect(f"/ws/sixcard/{code}") as host:
        host.send_json({"type": "hello", "token": room["token"]})
        receive(host, "welcome")
        receive_state(host, lambda m: m["seat"] == 0 and not m["spectators"])
        with client.websocket_connect(f"/ws/sixcard/{code}?lang=es") as third:
            state = receive(third, "state")
            assert state["watching"] and state["seat"] is None and state["spectators"] == ["Espectador 1"]
            assert state["view"]["legal"] == [] and state["view"]["viewer"] is None
            assert receive_state(host, lambda m: m["spectators"])["spectators"] == ["Spectator 1"]
            third.send_json({"type": "watch", "name": "  Zoe\u0000\u200b  "})
            assert receive_state(host, lambda m: m["spectators"] != ["Spectator 1"])["spectators"] == ["Zoe"]
            third.send_json({"type": "watch", "name": ["Zoe"]})
            assert receive(third, "error")["key"] == "room.bad_name"
            third.send_json({"type": "act", "action": {"type": "reveal", "position": 0}})
            assert receive(third, "error")["key"] == "room.not_seated"
            third.send_json({"type": "join", "name": "Zoe"})
            assert receive(third, "error")["key"] == "room.started"
        state = receive_state(host, lambda m: not m["spectators"])
        assert not state["watching"]
