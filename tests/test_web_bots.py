"""Bots beside people, through the real HTTP and WebSocket endpoints: a bot's thinking never holds up
a human table, and nothing is kept per room once bots are done."""

from __future__ import annotations

import functools
import itertools
import time
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from golfcards.sixcard.actions import Action
from golfcards.sixcard.bots import LEVELS
from golfcards.sixcard.bots.base import Bot
from golfcards.sixcard.view import View
from golfcards.web.app import create_app

from .sixcard_ws import create, receive_state

HOG = 50_000_000
"""Additions of one ``sum`` call: a second or more in which the interpreter lock is never let go."""


class HoggingBot(Bot):
    """A bot whose thinking never lets its interpreter go (one long C call), marking in ``marks``
    when it starts and ends. Bots think in a worker process, so they are pickled: a module class."""

    level = "expert"

    def __init__(self, seed: int = 0, marks: str = "") -> None:
        super().__init__(seed)
        self.marks = marks

    def choose(self, view: View) -> Action:
        marks = Path(self.marks)
        (marks / "started").write_text(str(time.monotonic()))
        sum(range(HOG))
        (marks / "done").write_text(str(time.monotonic()))
        return view.legal[0]


@pytest.fixture
def app(tmp_path):
    counter = itertools.count(7)
    return create_app(tmp_path / "db.sqlite3", new_number=lambda: next(counter), bot_delay=0)


def test_a_human_table_is_answered_while_a_bot_thinks(app, tmp_path, monkeypatch):
    monkeypatch.setitem(LEVELS, "expert", functools.partial(HoggingBot, marks=str(tmp_path)))
    with TestClient(app) as client:
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
                deadline = time.monotonic() + 120
                while not (tmp_path / "started").exists() and time.monotonic() < deadline:
                    time.sleep(0.05)
                assert (tmp_path / "started").exists()
                bea.send_json({"type": "act", "action": {"type": "reveal", "position": 0}})
                state = receive_state(bea, lambda m: m["view"]["reveals_left"][0] == 1)
                answered = time.monotonic()
                assert state["view"]["grids"][0][0] is not None
                done = tmp_path / "done"
                assert not done.exists() or float(done.read_text()) > answered, "answered while the bot thought"


def test_no_bot_task_is_kept_for_a_room_once_its_bots_are_done(app):
    with TestClient(app) as client:
        codes = []
        for _ in range(3):
            room = create(client, players=2, name="Ana", bots=["normal"], start=True)
            codes.append(room["code"])
            with client.websocket_connect(f"/ws/sixcard/{room['code']}") as ws:
                ws.send_json({"type": "hello", "token": room["token"]})
                receive_state(ws, lambda m: m["seat"] == 0 and m["view"]["reveals_left"][1] == 0)
        deadline = time.monotonic() + 30
        while app.state.tables.bot_tasks and time.monotonic() < deadline:
            time.sleep(0.05)
        assert app.state.tables.bot_tasks == {}
