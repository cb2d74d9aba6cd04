"""``golf tui`` signs in to an account of a real ``golf serve`` with a device code confirmed in a
signed-in browser, keeps the session token in its settings file (readable by its owner only), and
sits at a room's table as the account's player (the token rides on the room's WebSocket)."""

from __future__ import annotations

import asyncio
import hashlib
import json
import re
import sqlite3
import stat
import subprocess

import httpx2
import pytest

from golfcards.tui.settings import settings_path
from golfcards.tui.sixcard_screen import SixcardLobby, SixcardScreen
from tests.web.conftest import start_server

from .tui_helpers import make_app, pause_until, screen_text

CODE = re.compile(r"\b[A-Z2-9]{4}-[A-Z2-9]{4}\b")


@pytest.fixture
def served(tmp_path):
    db = tmp_path / "serve.sqlite3"
    process, address = start_server(db)
    yield address, db
    process.terminate()
    try:
        process.wait(timeout=10)
    except subprocess.TimeoutExpired:
        process.kill()


def test_the_terminal_signs_in_with_a_device_code_and_plays_as_the_account(tmp_path, served):
    address, server_db = served
    browser = httpx2.Client(base_url=address, headers={"Origin": address}, timeout=30)
    answer = browser.post("/api/account/signup", json={"name": "Vera", "password": "a long password"})
    assert answer.status_code == 200, answer.text
    room = browser.post("/api/sixcard/rooms", json={"players": 2, "name": "Browser"}).json()

    async def run() -> None:
        app = make_app(tmp_path / "golf.sqlite3", start="sixcard")
        async with app.run_test(size=(120, 40)) as pilot:
            lobby = app.screen
            assert isinstance(lobby, SixcardLobby)
            lobby.query_one("#server").value = address
            await pilot.click("#sign-in")
            await pause_until(pilot, lambda: CODE.search(screen_text(app)), "the code is shown")
            text = screen_text(app)
            assert f"{address}/device" in text
            code = CODE.search(text).group(0)
            confirmed = await asyncio.to_thread(browser.post, "/api/account/device/confirm", json={"code": code})
            assert confirmed.status_code == 200, confirmed.text
            await pause_until(pilot, lambda: "This terminal is signed in" in screen_text(app), "signed in", 30)
            assert app.settings.sessions[address]

            lobby.query_one("#room-link").value = f"{address}/sixcard/{room['code']}"
            await pilot.click("#join")
            await pause_until(pilot, lambda: isinstance(app.screen, SixcardScreen), "the room opens")
            screen = app.screen
            await pause_until(pilot, lambda: screen.table is not None and screen.table.seat is not None, "seated", 30)

    asyncio.run(asyncio.wait_for(run(), 120))

    settings_file = settings_path(tmp_path / "golf.sqlite3")
    assert stat.S_IMODE(settings_file.stat().st_mode) == 0o600
    token = json.loads(settings_file.read_text())["sessions"][address]
    terminal = httpx2.Client(base_url=address, cookies={"golfcards_session": token}, timeout=30)
    assert terminal.get("/api/account").json()["name"] == "Vera"
    devices = [session["device"] for session in browser.get("/api/account").json()["sessions"]]
    assert "golf tui" in devices

    with sqlite3.connect(server_db) as db:
        player = db.execute("SELECT player FROM accounts WHERE name = 'Vera'").fetchone()[0]
        seats = json.loads(db.execute("SELECT seats FROM sixcard_rooms WHERE code = ?", (room["code"],)).fetchone()[0])
    assert hashlib.sha256(player.encode()).hexdigest() in seats["seats"][1]["players"], (
        "the terminal's seat is the account's player"
    )
