"""House rules and spectators at a six-card table, through the real HTTP and WebSocket endpoints."""

from __future__ import annotations

import dataclasses
import itertools

import pytest
from starlette.testclient import TestClient

from golfcards.errors import GolfError
from golfcards.i18n import translator
from golfcards.i18n.errors import error_text
from golfcards.sixcard.rules import SixCardRules
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
        assert [rule["text"] for rule in state["house_rules"]] == ["6 cartas: 2 filas de 3", "9"]


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
        ({"decks": 3}, "sixcard.bad_decks"),
        ({"decks": "2"}, "sixcard.bad_decks"),
        ({"decks": True}, "sixcard.bad_decks"),
        ({"start_face_up": 3}, "sixcard.bad_start_face_up"),
        ({"start_face_up": -1}, "sixcard.bad_start_face_up"),
        ({"start_face_up": 1.0}, "sixcard.bad_start_face_up"),
        ({"flip_after_discard": "sometimes"}, "sixcard.bad_flip_after_discard"),
        ({"flip_after_discard": True}, "sixcard.bad_flip_after_discard"),
        ({"flip_after_discard": ["always"]}, "sixcard.bad_flip_after_discard"),
        ({"super_kings": 1}, "sixcard.bad_house_rule"),
        ({"underdog": "on"}, "sixcard.bad_house_rule"),
        ({"knock_early": None}, "sixcard.bad_house_rule"),
        ({"lucky_swing": True, "eagle_eye": True, "jokers": 1}, "sixcard.lucky_swing_eagle_eye"),
        ({"lucky_swing": True}, "sixcard.lucky_swing_one_joker"),
        ({"lucky_swing": True, "jokers": 2}, "sixcard.lucky_swing_one_joker"),
        ({"eagle_eye": True}, "sixcard.eagle_eye_needs_jokers"),
        ({"four_of_a_kind": True, "grid": 9}, "sixcard.four_of_a_kind_two_rows"),
        ({"wolfpack": True, "grid": 9}, "sixcard.four_of_a_kind_two_rows"),
        ({"knock_early": True, "grid": 4}, "sixcard.knock_early_too_few_cards"),
        ({"flip_after_discard": "always", "flip_as_turn": True}, "sixcard.flip_always_flip_as_turn"),
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


EVERY_RULE = [
    ("grid", 8, {}),
    ("holes", 2, {}),
    ("decks", 2, {}),
    ("start_face_up", 0, {}),
    ("start_face_up", 3, {"grid": 9}),
    ("flip_as_turn", True, {}),
    ("flip_after_discard", "always", {}),
    ("flip_after_discard", "endgame", {}),
    ("reshuffle_discard", True, {}),
    ("jokers", 1, {}),
    ("super_kings", True, {}),
    ("tens_one", True, {}),
    ("one_eyed_jacks", True, {}),
    ("lucky_swing", True, {"jokers": 1}),
    ("eagle_eye", True, {"jokers": 2}),
    ("negative_pairs", True, {}),
    ("four_of_a_kind", True, {}),
    ("wolfpack", True, {}),
    ("blackjack", True, {}),
    ("final_turn", True, {}),
    ("knock_early", True, {}),
    ("knock_penalty", True, {}),
    ("knock_bonus", True, {}),
    ("tied_shame", True, {}),
    ("underdog", True, {}),
]
"""Each house rule set away from the guide's (with what it needs), as a client sends it."""


def test_every_field_of_the_engines_rules_is_offered():
    offered = {name for name, _, _ in EVERY_RULE}
    assert offered == {field.name for field in dataclasses.fields(SixCardRules)} - {"players"}


@pytest.mark.parametrize("name, value, needs", EVERY_RULE)
def test_each_house_rule_is_accepted_checked_and_shown(app, client, name, value, needs):
    rules = {name: value, **needs}
    check = client.post("/api/sixcard/house-rules?lang=es", json={"players": 3, "rules": rules})
    assert check.status_code == 200, check.text
    listed = {rule["name"]: rule for rule in check.json()["house_rules"]}
    room = create(client, lang="es", name="Ana", players=3, bots=["easy", "easy"], start=True, rules=rules)
    match = app.state.rooms.get(room["code"]).match
    assert getattr(match.rules, name) == value
    with client.websocket_connect(f"/ws/sixcard/{room['code']}?lang=es") as ws:
        ws.send_json({"type": "hello", "token": room["token"]})
        state = receive_state(ws, lambda m: m["seat"] == 0)
    shown = {rule["name"]: rule for rule in state["house_rules"]}
    assert shown == listed, "the check answers what the table then lists"
    assert shown[name]["value"] == value and not shown[name]["default"]
    assert shown[name]["label"] and shown[name]["text"] and shown[name]["text"] != shown[name]["label"]
    assert set(shown) == {"grid", "holes", *rules}, "only the grid, the holes and the rules changed"


def test_the_summary_words_each_rule(client):
    """A few settings in words, in three languages (the catalogs' translations, not the field names)."""
    rules = {"super_kings": True, "decks": 2, "flip_after_discard": "endgame", "start_face_up": 1, "jokers": 1}
    expected = {
        "en": {
            "super_kings": ("Super kings", "Kings are worth −2 instead of 0; two kings in a column still cancel."),
            "decks": ("Decks", "2 decks shuffled together (106 cards)"),
            "flip_after_discard": (
                "Flip after a discard",
                "Turn one up if you like, once a grid has at most one card face down",
            ),
            "start_face_up": ("Cards up at the start", "1 card turned up before the first turn"),
        },
        "ca": {
            "super_kings": ("Reis súper", "Els reis valen −2 en lloc de 0; dos reis en una columna encara s’anul·len.")
        },
        "el": {"decks": ("Τράπουλες", "2 τράπουλες ανακατεμένες μαζί (106 φύλλα)")},
    }
    if True:
        for lang, rules_words in expected.items():
            answer = client.post(f"/api/sixcard/house-rules?lang={lang}", json={"players": 2, "rules": rules}).json()
            shown = {rule["name"]: (rule["label"], rule["text"]) for rule in answer["house_rules"]}
            for name, words in rules_words.items():
                assert shown[name] == words, (lang, name)


@pytest.mark.parametrize(
    "players, rules, key",
    [
        (7, {}, "sixcard.bad_players"),
        (1, {}, "sixcard.bad_players"),
        (5, {"decks": 1}, "sixcard.players_need_two_decks"),
        (6, {"decks": 1}, "sixcard.players_need_two_decks"),
    ],
)
def test_players_and_decks_are_the_engines(client, players, rules, key):
    for path in ("/api/sixcard/rooms?lang=pt", "/api/sixcard/house-rules?lang=pt"):
        response = client.post(path, json={"players": players, "rules": rules})
        assert response.status_code == 400
        error = response.json()["error"]
        assert error["key"] == key
        assert error["message"] == error_text(GolfError(key, "", players=str(players)), translator("pt"))
    assert len(client.app.state.rooms) == 0


@pytest.mark.parametrize("players", [5, 6])
def test_five_or_six_players_get_two_decks(app, client, players):
    answer = client.post("/api/sixcard/house-rules", json={"players": players, "rules": {}}).json()
    assert {rule["name"]: rule["value"] for rule in answer["house_rules"]}["decks"] == 2
    room = create(client, name="Ana", players=players, bots=["easy"] * (players - 1), start=True)
    rules = app.state.rooms.get(room["code"]).match.rules
    assert (rules.players, rules.decks) == (players, 2)


@pytest.mark.parametrize("lang", ["en", "ca", "de", "el", "es", "fr", "pt"])
def test_an_incompatible_combination_is_explained_in_the_language_of_the_page(client, lang):
    response = client.post(f"/api/sixcard/house-rules?lang={lang}", json={"players": 2, "rules": {"eagle_eye": True}})
    assert response.status_code == 400
    message = response.json()["error"]["message"]
    assert message == translator(lang).gettext("Eagle-eye jokers need jokers in the deck")
    assert lang == "en" or message != "Eagle-eye jokers need jokers in the deck"


def test_the_lobby_form_describes_every_rule_in_groups(client):
    form = client.get("/api/sixcard/house-rules?lang=fr").json()
    groups = form["groups"]
    assert [group["name"] for group in groups] == ["dealing", "values", "sets", "going_out"]
    assert [group["open"] for group in groups] == [True, False, False, False]
    assert groups[0]["title"] == "Donne et tours"
    names = [rule["name"] for group in groups for rule in group["rules"]]
    assert sorted(names) == sorted(name for name in {n for n, _, _ in EVERY_RULE})
    assert len(names) == len(set(names))
    for group in groups:
        for rule in group["rules"]:
            assert rule["label"] and rule["hint"] and rule["type"] in ("switch", "number", "choice"), rule
            if rule["type"] == "choice":
                assert rule["default"] in [choice["value"] for choice in rule["choices"]], rule
    decks = next(rule for rule in groups[0]["rules"] if rule["name"] == "decks")
    assert [choice["value"] for choice in decks["choices"]] == [None, 1, 2]


@pytest.mark.parametrize(
    "body",
    [[1], "x", {"players": "6"}, {"players": 3, "rules": [1]}, {"players": 3, "rules": {"joker": 1}}],
)
def test_the_check_refuses_hostile_bodies(client, body):
    response = client.post("/api/sixcard/house-rules?lang=de", json=body)
    assert response.status_code == 400
    assert response.json()["error"]["message"]


SIX = {"holes": 2, "flip_as_turn": True, "flip_after_discard": "endgame", "knock_early": True, "jokers": 2}


def host_choice(view: dict, turns: int) -> dict:
    """Seat 1's action: knock or throw away and turn up when it may, else turn a card up as every
    other turn and draw on the others, throwing the drawn card away."""
    legal = view["legal"]
    by_kind = {action["type"]: action for action in reversed(legal)}
    for kind in ("knock", "discard_flip", "discard"):
        if kind in by_kind:
            return by_kind[kind]
    if "flip" in by_kind and turns % 2 == 0:
        return by_kind["flip"]
    return by_kind.get("draw", legal[0])


def test_six_players_play_a_whole_match_with_two_decks(app, client):
    """Seat 1 plays through the socket (flips as a turn and knocks early), five bots the other seats,
    two decks, every hole to the end of the match; every action is worded for the table."""
    bots = ["easy", "normal", "strong", "random", "easy"]
    room = create(client, lang="fr", name="Ana", players=6, bots=bots, start=True, rules=SIX)
    with client.websocket_connect(f"/ws/sixcard/{room['code']}?lang=fr") as ws:
        ws.send_json({"type": "hello", "token": room["token"]})
        receive(ws, "welcome")
        first = receive_state(ws, lambda m: m["seat"] == 0 and m["view"] is not None)
        assert len(first["view"]["grids"]) == 6 and len(first["room"]["seats"]) == 6
        assert first["view"]["rules"]["decks"] == 2
        assert {rule["name"] for rule in first["house_rules"]} == {"grid", "holes", "decks", *SIX}
        kinds: set[str] = set()
        turns = 0
        while True:
            state = receive_state(ws, lambda m: m["view"] is not None)
            kinds.update(action["kind"] for action in state["last_actions"])
            assert all(action["text"] for action in state["last_actions"])
            if state["scorecard"]["over"]:
                break
            view = state["view"]
            if view["phase"] == "over":
                ws.send_json({"type": "next_hole"})
            elif 0 in view["to_act"] and view["legal"]:
                turns += 1
                ws.send_json({"type": "act", "action": host_choice(view, turns)})
        assert len(state["scorecard"]["results"]) == 2 and len(state["scorecard"]["totals"]) == 6
        assert {"flip", "knock"} <= kinds, kinds
    assert app.state.rooms.get(room["code"]).match.rules.players == 6


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
