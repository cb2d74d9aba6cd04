"""Six-card Golf rooms through the real WebSocket endpoint (Starlette's TestClient)."""

from __future__ import annotations

import itertools
import json
import re
import threading
import time
from dataclasses import replace

import pytest
from starlette.testclient import TestClient

from golfcards.cards import card_from_index
from golfcards.shuffle import DEAL_COUNT
from golfcards.sixcard.actions import action_to_json
from golfcards.sixcard.bots.expert import ExpertBot
from golfcards.sixcard.bots.normal import EasyBot
from golfcards.sixcard.codes import DealCode
from golfcards.sixcard.state import HoleState
from golfcards.web.app import create_app

from .sixcard_ws import create, receive, receive_state

CARD_CODE = re.compile(r'"((?:[2-9TJQKA][CDHS])|X[12])"')


@pytest.fixture
def app(tmp_path):
    counter = itertools.count(7)
    return create_app(tmp_path / "db.sqlite3", new_number=lambda: next(counter), bot_delay=0)


@pytest.fixture
def client(app):
    with TestClient(app) as test_client:
        yield test_client


def hidden_codes(app, code, seat):
    """The cards ``seat`` may not know now, from the server's own state (ground truth)."""
    state = app.state.rooms.get(code).match.state
    hidden = set()
    for grid, flags in zip(state.grids, state.face_up, strict=True):
        hidden.update(card_from_index(card).code for card, up in zip(grid, flags, strict=False) if not up)
    hidden.update(card_from_index(card).code for card in state.stock)
    if state.holder is not None and state.holder != seat:
        hidden.add(card_from_index(state.holding).code)
    return hidden


def test_play_against_bots(app, client):
    room = create(client, name="Ana", players=3, bots=["normal", "strong"], start=True)
    with client.websocket_connect(f"/ws/sixcard/{room['code']}?lang=ca") as ws:
        first = receive(ws, "state")
        assert first["seat"] is None and first["room"]["started"]
        ws.send_json({"type": "hello", "token": room["token"]})
        assert receive(ws, "welcome")["seat"] == 0
        state = receive_state(ws, lambda m: m["seat"] == 0)
        assert [s["name"] for s in state["room"]["seats"]] == ["Ana", "Bot normal 2", "Bot fort 3"]
        assert state["view"]["phase"] == "reveal"
        for position in (0, 3):
            ws.send_json({"type": "act", "action": {"type": "reveal", "position": position}})
        state = receive_state(ws, lambda m: m["view"]["phase"] in ("draw", "place") and 0 in m["view"]["to_act"])
        assert state["status"] == "Et toca: roba de la pila o agafa el descart."
        assert all(state["view"]["reveals_left"][seat] == 0 for seat in range(3)), "the bots turned up theirs"
        ws.send_json({"type": "act", "action": {"type": "draw"}})
        state = receive_state(ws, lambda m: m["view"]["phase"] == "place")
        drawn = state["view"]["holding"]
        assert drawn and drawn in state["cards"]
        assert state["status"].startswith("Has robat: ")
        ws.send_json({"type": "act", "action": {"type": "swap", "position": 1}})
        state = receive_state(ws, lambda m: 0 not in m["view"]["to_act"] or m["view"]["phase"] == "over")
        assert state["view"]["grids"][0][1] == drawn
        mine = [a for a in state["last_actions"] if a["seat"] == 0]
        assert mine[-1]["kind"] == "swap" and mine[-1]["card"] == drawn
        state = receive_state(ws, lambda m: 0 in m["view"]["to_act"] or m["view"]["phase"] == "over")
        assert {a["seat"] for a in state["last_actions"]} >= {1, 2}, "both bots played a turn"


def test_the_server_answers_while_a_bot_thinks(app, client):
    """A bot decides in a thread: a slow decision holds up nobody's messages, and counts once made."""
    room = create(client, name="Ana", players=2, bots=["easy"])
    bot = app.state.rooms.get(room["code"]).seats[1].bot
    released, decided = threading.Event(), threading.Event()
    choose = bot.choose

    def slow_choose(view):
        released.wait(timeout=10)
        decided.set()
        return choose(view)

    bot.choose = slow_choose
    with client.websocket_connect(f"/ws/sixcard/{room['code']}") as ws:
        ws.send_json({"type": "hello", "token": room["token"]})
        receive(ws, "welcome")
        ws.send_json({"type": "start"})
        receive_state(ws, lambda m: m["room"]["started"])
        ws.send_json({"type": "fly"})
        assert receive(ws, "error")["key"] == "room.bad_message"
        assert not decided.is_set(), "answered while the bot was still thinking"
        released.set()
        state = receive_state(ws, lambda m: m["view"]["reveals_left"][1] < 2)
        assert state["last_actions"][-1]["seat"] == 1


class BrokenBot(EasyBot):
    """A bot with a bug (a class of its own: bots think in a worker process, so they are pickled)."""

    def choose(self, view):
        raise ZeroDivisionError("a bot bug")


def test_a_bot_that_fails_to_choose_does_not_stall_the_table(app, client, caplog):
    room = create(client, name="Ana", players=2, bots=["easy"])
    app.state.rooms.get(room["code"]).seats[1].bot = BrokenBot(0)
    with client.websocket_connect(f"/ws/sixcard/{room['code']}") as ws:
        ws.send_json({"type": "hello", "token": room["token"]})
        receive(ws, "welcome")
        ws.send_json({"type": "start"})
        state = receive_state(ws, lambda m: m["view"] is not None and m["view"]["reveals_left"][1] == 0)
        assert [a["kind"] for a in state["last_actions"] if a["seat"] == 1] == ["reveal"], "it turned up both"
    assert "failed to choose" in caplog.text and "a bot bug" in caplog.text


class SlowExpert(ExpertBot):
    """An expert that thinks for 20 seconds a decision (longer than any cap), then plays the last legal
    action: a wall-clock cap, not the bot's own budget (a count), must keep the table going."""

    def choose(self, view):
        time.sleep(20)
        return view.legal[-1]


def test_a_bot_that_thinks_too_long_is_replaced_for_that_turn_by_a_cheaper_level(tmp_path, caplog):
    counter = itertools.count(1)
    app = create_app(tmp_path / "db.sqlite3", new_number=lambda: next(counter), bot_delay=0, bot_decision_cap=0.5)
    with TestClient(app) as client:
        room = create(client, name="Ana", players=2, bots=["expert"])
        app.state.rooms.get(room["code"]).seats[1].bot = SlowExpert(0)
        with client.websocket_connect(f"/ws/sixcard/{room['code']}") as ws:
            ws.send_json({"type": "hello", "token": room["token"]})
            receive(ws, "welcome")
            ws.send_json({"type": "start"})
            state = receive_state(ws, lambda m: m["view"] is not None and m["view"]["reveals_left"][1] == 0)
            assert [a["kind"] for a in state["last_actions"] if a["seat"] == 1] == ["reveal"], "it turned up both"
    assert "the expert bot in seat 1" in caplog.text and "the normal level decided this turn" in caplog.text


def test_two_players_a_hole_without_a_leak(app, client):
    room = create(client, name="Ana", players=2)
    code = room["code"]
    with (
        client.websocket_connect(f"/ws/sixcard/{code}") as host,
        client.websocket_connect(f"/ws/sixcard/{code}?lang=el") as guest,
    ):
        host.send_json({"type": "hello", "token": room["token"]})
        receive(host, "welcome")
        guest.send_json({"type": "join", "name": "Bea"})
        welcome = receive(guest, "welcome")
        assert welcome["seat"] == 1 and len(welcome["token"]) >= 30
        guest.send_json({"type": "start"})
        assert receive(guest, "error")["key"] == "room.not_host"
        host.send_json({"type": "start"})
        sockets = {0: host, 1: guest}
        frames: list[tuple[str, set[str]]] = []

        def settle(seat_ws, seat):
            message = receive_state(seat_ws, lambda m: m["view"] is not None)
            if seat == 1:
                frames.append((json.dumps(message), hidden_codes(app, code, 1)))
            return message

        for seat in (0, 1):
            for position in (0, 1):
                sockets[seat].send_json({"type": "act", "action": {"type": "reveal", "position": position}})
        turns = 0
        while True:
            view = app.state.rooms.get(code).match.state
            if view.is_terminal() or turns > 60:
                break
            current = view.current_player
            ws = sockets[current]
            down = [p for p, up in enumerate(view.face_up[current]) if not up]
            ws.send_json({"type": "act", "action": {"type": "draw"}})
            ws.send_json({"type": "act", "action": {"type": "swap", "position": down[0]}})
            turns += 1
            for seat in (0, 1):
                settle(sockets[seat], seat)
                settle(sockets[seat], seat)
        assert app.state.rooms.get(code).match.state.is_terminal()
        assert frames, "the guest received states"
        for text, hidden in frames[:-2]:
            assert not hidden & set(CARD_CODE.findall(text)), "a hidden card reached the other player"


def test_hostile_messages_get_a_localized_error_and_the_game_goes_on(client):
    room = create(client, name="Ana", players=2, bots=["easy"], start=True)
    with client.websocket_connect(f"/ws/sixcard/{room['code']}?lang=pt") as ws:
        receive(ws, "state")
        for text in (
            "not json",
            "[1, 2]",
            '{"type": 5}',
            '{"type": "fly"}',
            '{"type": ["act"]}',
            '{"type": {}}',
            "[" * 2000,
            "x" * 5000,
        ):
            ws.send_text(text)
            assert receive(ws, "error")["key"] == "room.bad_message"
        ws.send_bytes(b"\x00\x01")
        assert receive(ws, "error")["key"] == "room.bad_message"
        ws.send_json({"type": "act", "action": {"type": "draw"}})
        assert receive(ws, "error")["message"] == "Junte-se primeiro à sala"
        ws.send_json({"type": "hello", "token": "guess"})
        assert receive(ws, "error")["key"] == "room.bad_token"
        ws.send_json({"type": "hello", "token": room["token"]})
        receive(ws, "welcome")
        ws.send_json({"type": "act", "action": {"type": "swap", "position": 99}})
        error = receive(ws, "error")
        assert error["key"].startswith("sixcard.") and error["message"]
        for action in ({"type": ["draw"]}, {"type": {"draw": 1}}, ["draw"], None):
            ws.send_json({"type": "act", "action": action})
            assert receive(ws, "error")["key"] == "sixcard.bad_action"
        ws.send_json({"type": "act", "seat": 1, "action": {"type": "reveal", "position": 0}})
        state = receive_state(ws, lambda m: m["seat"] == 0)
        assert state["view"]["reveals_left"][0] == 1, "the seat comes from the token, never from the message"
        ws.send_json({"type": "bot", "seat": 1, "level": None})
        assert receive(ws, "error")["key"] == "room.started"


def test_rejoin_after_a_lost_connection(app, client):
    room = create(client, name="Ana", players=2, bots=["normal"], start=True)
    with client.websocket_connect(f"/ws/sixcard/{room['code']}") as ws:
        ws.send_json({"type": "hello", "token": room["token"]})
        receive(ws, "welcome")
        ws.send_json({"type": "act", "action": {"type": "reveal", "position": 2}})
        receive_state(ws, lambda m: m["view"]["reveals_left"][0] == 1)
    with client.websocket_connect(f"/ws/sixcard/{room['code']}") as again:
        again.send_json({"type": "hello", "token": room["token"]})
        assert receive(again, "welcome")["seat"] == 0
        state = receive_state(again, lambda m: m["seat"] == 0)
        assert state["view"]["grids"][0][2] is not None and state["view"]["reveals_left"][0] == 1
        assert state["room"]["seats"][0]["connected"]


def test_unknown_room(client):
    with client.websocket_connect("/ws/sixcard/ZZZZZ?lang=ca") as ws:
        error = ws.receive_json()
        assert error["type"] == "error" and error["key"] == "room.not_found"
        assert error["message"] == "No hi ha cap sala amb aquest codi"


@pytest.mark.parametrize(
    "body, key",
    [
        ({"players": 7}, "sixcard.bad_players"),
        ({"players": "two"}, "request.bad_field"),
        ({"players": 2, "bots": ["genius"]}, "room.bad_level"),
        ({"players": 2, "bots": ["easy", "easy"]}, "request.bad_field"),
        ({"players": 2, "name": ["Ana"]}, "room.bad_name"),
        ({"players": 3, "bots": ["easy"], "start": True}, "room.seats_open"),
    ],
)
def test_bad_room_requests(client, body, key):
    response = client.post("/api/sixcard/rooms?lang=el", json=body)
    assert response.status_code == 400 and response.json()["error"]["key"] == key
    assert response.json()["error"]["message"]


def test_full_room_and_started_room(client):
    room = create(client, name="Ana", players=2, bots=["easy"])
    with client.websocket_connect(f"/ws/sixcard/{room['code']}") as ws:
        ws.send_json({"type": "join", "name": "Bea"})
        assert receive(ws, "error")["key"] == "room.full"


def test_room_link_uses_the_address_golf_serve_printed(tmp_path):
    app = create_app(tmp_path / "db.sqlite3", bot_delay=0, public_url="http://192.168.1.20:8000")
    with TestClient(app) as client:
        room = create(client, name="Ana", players=2)
        with client.websocket_connect(f"/ws/sixcard/{room['code']}") as ws:
            state = receive(ws, "state")
            assert state["room"]["link"] == f"http://192.168.1.20:8000/sixcard/{room['code']}"


def initial_deal(state):
    """The cards of a hole as dealt (turning cards up changes none of this)."""
    return [list(grid) for grid in state.grids], list(state.discard), list(state.stock)


def play_hole_to_its_end(app, code, ws):
    """Seat 0 draws and throws away until the hole is over; returns the state message that shows it."""
    over = None
    while True:
        state = app.state.rooms.get(code).match.state
        if state.is_terminal():
            break
        if 0 in state.to_act:
            legal = state.legal_actions(0)
            action = next((a for a in legal if a.kind in ("draw", "discard")), legal[0])
            ws.send_json({"type": "act", "action": action_to_json(action)})
        message = ws.receive_json()
        if message["type"] == "state" and message["view"] and message["view"]["phase"] == "over":
            over = message
    return over or receive_state(ws, lambda m: m["view"] is not None and m["view"]["phase"] == "over")


def test_the_code_shown_after_a_hole_re_deals_it_and_tells_nothing_about_the_next(app, client):
    room = create(client, name="Ana", players=2, bots=["easy"], start=True)
    code = room["code"]
    with client.websocket_connect(f"/ws/sixcard/{code}") as ws:
        ws.send_json({"type": "hello", "token": room["token"]})
        receive(ws, "welcome")
        first = initial_deal(app.state.rooms.get(code).match.state)
        shown = play_hole_to_its_end(app, code, ws)["view"]["code"]
        assert initial_deal(HoleState.from_code(shown)) == first, "the code re-deals the hole just played"

        ws.send_json({"type": "next_hole"})
        state = receive_state(ws, lambda m: m["view"] is not None and m["view"]["hole"] == 1)
        second = initial_deal(app.state.rooms.get(code).match.state)
        parsed = DealCode.parse(shown)
        following = replace(parsed, number=(parsed.number + 1) % DEAL_COUNT, dealer=(parsed.dealer + 1) % 2)
        assert initial_deal(HoleState.from_code(following)) != second, "the next deal number predicts the hole"
        assert state["view"]["discard"] == [card_from_index(card).code for card in second[1]]

        shown_next = play_hole_to_its_end(app, code, ws)["view"]["code"]
        assert DealCode.parse(shown_next).dealer == (parsed.dealer + 1) % 2
        assert initial_deal(HoleState.from_code(shown_next)) == second, "hole 2 is what its code deals"


def test_the_holes_scores_come_only_at_its_end_column_by_column(app, client):
    """``hole_scores`` is null while a card may be face down, then each seat's columns as the engine
    scores them, adding up to the view's points."""
    room = create(client, name="Ana", players=2, bots=["easy"], start=True, rules={"grid": 4})
    code = room["code"]
    with client.websocket_connect(f"/ws/sixcard/{code}") as ws:
        ws.send_json({"type": "hello", "token": room["token"]})
        receive(ws, "welcome")
        assert receive(ws, "state")["hole_scores"] is None
        over = play_hole_to_its_end(app, code, ws)
        scores, view = over["hole_scores"], over["view"]
        assert [score["points"] for score in scores] == view["points"]
        for seat, score in enumerate(scores):
            assert [column["positions"] for column in score["columns"]] == [[0, 2], [1, 3]]
            cards = [view["grids"][seat][p] for column in score["columns"] for p in column["positions"]]
            assert [column["cards"] for column in score["columns"]] == [cards[:2], cards[2:]]
            assert sum(column["points"] for column in score["columns"]) == score["grid"]


def test_next_hole_and_rematch_through_the_websocket(app, client):
    """``next_hole`` deals the next hole only once the hole is over; ``rematch`` starts a new match
    only once the match is over: totals back to 0, hole 1 again, the same house rules."""
    room = create(client, lang="fr", name="Ana", players=2, bots=["easy"], rules={"holes": 2}, start=True)
    code = room["code"]
    with client.websocket_connect(f"/ws/sixcard/{code}?lang=fr") as ws:
        ws.send_json({"type": "hello", "token": room["token"]})
        receive(ws, "welcome")
        ws.send_json({"type": "next_hole"})
        error = receive(ws, "error")
        assert (
            error["key"] == "sixcard.refusal.hole_not_over" and error["message"] == "Le trou n’est pas encore terminé"
        )
        ws.send_json({"type": "rematch"})
        assert receive(ws, "error")["key"] == "room.match_not_over"
        assert app.state.rooms.get(code).match.hole == 0

        over = play_hole_to_its_end(app, code, ws)
        first_points = over["view"]["points"]
        ws.send_json({"type": "next_hole"})
        state = receive_state(ws, lambda m: m["view"] is not None and m["view"]["hole"] == 1)
        assert state["view"]["phase"] == "reveal" and state["view"]["totals"] == first_points
        ws.send_json({"type": "rematch"})
        assert receive(ws, "error")["key"] == "room.match_not_over", "the second hole is still to play"

        play_hole_to_its_end(app, code, ws)
        match = app.state.rooms.get(code).match
        assert match.is_terminal() and len(match.results) == 2
        ws.send_json({"type": "next_hole"})
        assert receive(ws, "error")["key"] == "sixcard.refusal.match_over"
        ws.send_json({"type": "rematch"})
        state = receive_state(ws, lambda m: m["view"] is not None and m["view"]["phase"] == "reveal")
        assert state["view"]["hole"] == 0 and state["view"]["totals"] == [0, 0]
        again = app.state.rooms.get(code).match
        assert again is not match and again.rules == match.rules and again.rules.holes == 2
        assert again.results == [] and not again.is_terminal()


def test_only_a_seated_player_moves_the_table_on(app, client):
    room = create(client, name="Ana", players=2, bots=["easy"], start=True)
    with client.websocket_connect(f"/ws/sixcard/{room['code']}") as spectator:
        receive(spectator, "state")
        for kind in ("next_hole", "rematch"):
            spectator.send_json({"type": kind})
            assert receive(spectator, "error")["key"] == "room.not_seated"


def test_each_client_of_a_change_gets_its_own_seat_and_language(app, client):
    """One change is told to every client: two players of one language, two spectators of two
    languages. Only the player who drew sees the drawn card; each spectator reads its own language."""
    room = create(client, name="Ana", players=2)
    code = room["code"]
    with (
        client.websocket_connect(f"/ws/sixcard/{code}") as host,
        client.websocket_connect(f"/ws/sixcard/{code}") as guest,
        client.websocket_connect(f"/ws/sixcard/{code}") as watcher,
        client.websocket_connect(f"/ws/sixcard/{code}?lang=ca") as vigilant,
    ):
        host.send_json({"type": "hello", "token": room["token"]})
        receive(host, "welcome")
        guest.send_json({"type": "join", "name": "Bea"})
        receive(guest, "welcome")
        host.send_json({"type": "start"})
        for seat_ws in (host, guest):
            for position in (0, 1):
                seat_ws.send_json({"type": "act", "action": {"type": "reveal", "position": position}})
        sockets = (host, guest, watcher, vigilant)
        turns = [receive_state(ws, lambda m: m["view"] is not None and m["view"]["phase"] == "draw") for ws in sockets]
        current = turns[0]["view"]["to_act"][0]
        player, other = (host, guest) if current == 0 else (guest, host)
        player.send_json({"type": "act", "action": {"type": "draw"}})

        def drawn(ws):
            return receive_state(ws, lambda m: m["view"] is not None and m["view"]["phase"] == "place")

        mine, theirs, watched, vigilat = drawn(player), drawn(other), drawn(watcher), drawn(vigilant)
        card = card_from_index(app.state.rooms.get(code).match.state.holding).code
        assert mine["view"]["holding"] == card and mine["seat"] == current
        assert theirs["seat"] == 1 - current and theirs["view"]["holder"] == current
        for message in (theirs, watched, vigilat):
            assert message["view"]["holding"] is None
            assert card not in CARD_CODE.findall(json.dumps(message)), "the drawn card reached someone else"
        assert watched["seat"] is None and watched["watching"] and vigilat["watching"]
        assert not mine["watching"] and not theirs["watching"]
        assert watched["status"] != vigilat["status"]  # the same moment in English and in Catalan
        assert [a["text"] for a in watched["last_actions"]] != [a["text"] for a in vigilat["last_actions"]]
        assert watched["view"] == vigilat["view"] and watched["scorecard"] == vigilat["scorecard"]
        hosts, guests = (mine, theirs) if current == 0 else (theirs, mine)
        assert [seat["you"] for seat in hosts["room"]["seats"]] == [True, False] and hosts["room"]["host"]
        assert [seat["you"] for seat in guests["room"]["seats"]] == [False, True] and not guests["room"]["host"]
        assert [seat["you"] for seat in watched["room"]["seats"]] == [False, False] and not watched["room"]["host"]
        assert [state["can_remove"] for state in hosts["seat_states"]] == [False, True], "the host may remove Bea"
        for message in (guests, watched, vigilat):
            assert not any(state["can_remove"] for state in message["seat_states"]), "only the host may remove"
        assert {message["room"]["seats"][1]["name"] for message in (mine, theirs, watched, vigilat)} == {"Bea"}
