"""Bots beside people, through the real HTTP and WebSocket endpoints: a bot's thinking never holds up
a human table, and nothing is kept per room once bots are done."""

from __future__ import annotations

import functools
import itertools

import pytest
from starlette.testclient import TestClient

from golfcards.sixcard.actions import Action
from golfcards.sixcard.bots import LEVELS
from golfcards.sixcard.bots.base import Bot
from golfcards.sixcard.view import View
from golfcards.web.app import create_app

from .conditions import Hold, hold_the_interpreter, wait_until
from .sixcard_ws import create, receive_state


class HoldingBot(Bot):
    """A bot whose thinking keeps its interpreter lock until the test releases it
    (:func:`~tests.conditions.hold_the_interpreter` on the folder ``marks``). Bots think in a worker
    process, so they are pickled: a module class."""

    level = "expert"

    def __init__(self, seed: int = 0, marks: str = "") -> None:
        super().__init__(seed)
        self.marks = marks

    def choose(self, view: View) -> Action:
        hold_the_interpreter(self.marks)
        return view.legal[0]


@pytest.fixture
def app(tmp_path):
    counter = itertools.count(7)
    return create_app(tmp_path / "db.sqlite3", new_number=lambda: next(counter), bot_delay=0)


def test_a_human_table_is_answered_while_a_bot_thinks(app, tmp_path, monkeypatch):
    monkeypatch.setitem(LEVELS, "expert", functools.partial(HoldingBot, marks=str(tmp_path)))
    with Hold(tmp_path) as hold, TestClient(app) as client:
        hogged = create(client, players=2, name="Ana", bots=["expert"], start=True)
        duel = create(client, players=2, name="Bea")
        with (
            client.websocket_connect(f"/ws/sixcard/{duel['code']}") as bea,
            client.websocket_connect(f"/ws/sixcard/{duel['code']}") as cai,
        ):
            bea.send_json({"type": "hello", "token": duel["token"]})
            cai.send_json({"type": "join", "name": "Cai"})
            receive_state(cai, lambda m: m["seat"] == 1)
            bea.send_json({"type": "start"})
            receive_state(bea, lambda m: m["view"] is not None)
            with client.websocket_connect(f"/ws/sixcard/{hogged['code']}") as ana:
                ana.send_json({"type": "hello", "token": hogged["token"]})  # the bot's turn comes
                wait_until(hold.started.exists, "the bot started thinking", deadline=120)
                bea.send_json({"type": "act", "action": {"type": "reveal", "position": 0}})
                state = receive_state(bea, lambda m: m["view"]["reveals_left"][0] == 1)
                assert state["view"]["grids"][0][0] is not None
                assert not hold.done.exists(), "answered while the bot thought"
                hold.release()


def test_no_bot_task_is_kept_for_a_room_once_its_bots_are_done(app):
    with TestClient(app) as client:
        codes = []
        for _ in range(3):
            room = create(client, players=2, name="Ana", bots=["normal"], start=True)
            codes.append(room["code"])
            with client.websocket_connect(f"/ws/sixcard/{room['code']}") as ws:
                ws.send_json({"type": "hello", "token": room["token"]})
                receive_state(ws, lambda m: m["seat"] == 0 and m["view"]["reveals_left"][1] == 0)
        wait_until(lambda: not app.state.tables.bot_tasks, "every room's bot task is gone", deadline=30)
        assert app.state.tables.bot_tasks == {}
