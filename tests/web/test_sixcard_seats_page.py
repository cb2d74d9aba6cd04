"""Six-card rooms in two real browsers against a real ``golf serve``: a restart mid-hole (``kill -9``
and ``SIGTERM``) with both players back in the same seat, hole and drawn card and no hidden card
in any frame after it; a bot playing for an absent player who takes the seat back; the host letting
a bot play at once and removing a player.
"""

from __future__ import annotations

import contextlib
import json
import signal
import threading
from pathlib import Path
from urllib.parse import urlparse

import pytest
from playwright.sync_api import expect
from sixcard_play import click_and_settle, leaked, player_context, states, two_player_room, wait_states
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from golfcards.cards import card_from_index
from golfcards.runners.storage import Storage
from golfcards.web.sixcard.room_store import restore
from golfcards.web.sixcard.rooms import GUESSES


def _start_server():
    """``start_server`` of this folder's conftest (test modules here are not a package)."""
    import importlib.util

    spec = importlib.util.spec_from_file_location("web_conftest", Path(__file__).with_name("conftest.py"))
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.start_server


start_server = _start_server()

pytestmark = pytest.mark.browser


class Server:
    """A ``golf serve`` subprocess that can be killed and started again on the same port and file."""

    def __init__(self, db, extra=()):
        self.db, self.extra = db, tuple(extra)
        self.process, self.url = start_server(db, 0, self.extra)
        self.port = urlparse(self.url).port

    def stop(self, how: signal.Signals) -> None:
        self.process.send_signal(how)
        self.process.wait(timeout=20)

    def start_again(self) -> None:
        self.process, url = start_server(self.db, self.port, self.extra)
        assert url == self.url

    def close(self) -> None:
        if self.process.poll() is None:
            self.process.terminate()
            self.process.wait(timeout=20)


def open_player(browser, server: Server, phone: bool = False):
    context = player_context(browser, server.url, phone=phone)
    page = context.new_page()
    frames: list[str] = []
    page.on("websocket", lambda ws: ws.on("framereceived", lambda payload: frames.append(payload)))
    page.frames_seen = frames
    return context, page


@contextlib.contextmanager
def two_players(browser, db: Path, extra: tuple[str, ...] = (), guest_phone: bool = False):
    """A ``golf serve`` on ``db`` with ``extra`` options, and two players' pages on it (the host's on a
    desktop); closed when the test is over, whatever happened."""
    server = Server(db, extra)
    contexts = []
    try:
        host_context, host = open_player(browser, server)
        contexts.append(host_context)
        guest_context, guest = open_player(browser, server, phone=guest_phone)
        contexts.append(guest_context)
        yield server, host, guest
    finally:
        for context in contexts:
            context.close()
        server.close()


def reveal_two(pages, page) -> None:
    for _ in range(2):
        click_and_settle(pages, page, page.locator("#me .grid button.back:not([disabled])").first)


def own_grid(page) -> list[str]:
    """The codes of the page's own grid, position by position ("" for a face-down card)."""
    return page.eval_on_selector_all("#me .grid button", "nodes => nodes.map((n) => n.dataset.code)")


def hidden_from(db, code: str, seat: int) -> set[str]:
    """The cards ``seat`` may not know, from the room as stored (what the server restores)."""
    storage = Storage(db)
    try:
        found = storage.load_room(code)
    finally:
        storage.close()
    assert found is not None
    state = restore(*found, lambda: 1).match.state
    hidden = set()
    for grid, flags in zip(state.grids, state.face_up, strict=True):
        hidden.update(card_from_index(card).code for card, up in zip(grid, flags, strict=False) if not up)
    hidden.update(card_from_index(card).code for card in state.stock)
    if state.holder is not None and state.holder != seat:
        hidden.add(card_from_index(state.holding).code)
    return hidden


@pytest.mark.parametrize("how", [signal.SIGKILL, signal.SIGTERM], ids=["kill-9", "sigterm"])
def test_a_match_survives_a_server_restart_mid_hole(browser, tmp_path, how):
    db = tmp_path / "golf.sqlite3"
    with two_players(browser, db, guest_phone=True) as (server, host, guest):
        pages = [host, guest]
        code = two_player_room(host, guest)
        reveal_two(pages, host)
        reveal_two(pages, guest)
        mover, other = (host, guest) if host.is_enabled("#six-stock") else (guest, host)
        click_and_settle(pages, mover, "#six-stock")
        mover.wait_for_selector("#holding:not([hidden])")
        drawn = mover.get_attribute("#holding-card [role=img]", "data-code")
        grids = {id(page): own_grid(page) for page in pages}
        status = other.text_content("#status")

        before = [states(page) for page in pages]
        server.stop(how)
        server.start_again()
        for page, n in zip(pages, before, strict=True):
            wait_states(page, n)
        frames_after = len(guest.frames_seen)
        mover.wait_for_selector("#holding:not([hidden])")
        assert mover.get_attribute("#holding-card [role=img]", "data-code") == drawn, "the same drawn card"
        assert mover.text_content("#status").startswith("You drew ")
        assert other.text_content("#status") == status
        for page in pages:
            assert page.text_content("#room-code") == code
            expect(page.locator("#seat-tools")).not_to_contain_text("away")  # both are back
            assert own_grid(page) == grids[id(page)], "the same seat and grid"
        assert other.is_hidden("#holding")
        guest_seat = 1
        hidden = hidden_from(db, code, guest_seat)
        for text in guest.frames_seen[frames_after - 2 :]:
            assert not leaked(text, hidden), "a frame after the restart shows a hidden card"
        assert not leaked(guest.content(), hidden)

        click_and_settle(pages, mover, "#throw")
        expect(other.locator("#last-actions")).to_contain_text("threw away the drawn card")
        assert other.get_attribute("#six-discard .card", "data-code") == drawn


def test_a_bot_plays_for_an_absent_player_who_takes_the_seat_back(browser, tmp_path):
    with two_players(browser, tmp_path / "golf.sqlite3", ("--away", "1")) as (_, host, guest):
        code = two_player_room(host, guest)
        reveal_two([host, guest], host)
        guest.goto("about:blank")  # Bea leaves the table
        row = host.locator("#seat-tools li[data-seat='1']")
        expect(row).to_contain_text("a bot is playing for them", timeout=20000)
        expect(host.locator("#last-actions")).to_contain_text("Bea turned up", timeout=20000)
        guest.goto(f"/sixcard/{code}")
        expect(guest.locator("#stand-in")).to_be_visible()
        expect(guest.locator("#stand-in")).to_contain_text("A bot is playing for you")
        # the seated view follows the spectator's on a reload: wait for her own grid to be drawn
        guest.wait_for_function(
            "() => [...document.querySelectorAll('#me .grid button')].filter((n) => n.dataset.code).length >= 2"
        )
        face_up = [code for code in own_grid(guest) if code]
        assert len(face_up) >= 2, "the bot turned up her cards"
        guest.click("#take-back")
        expect(guest.locator("#stand-in")).to_be_hidden()
        expect(row).to_contain_text("online")
        assert guest.text_content("#room-code") == code


def test_the_host_lets_a_bot_play_at_once_and_removes_a_player(browser, tmp_path):
    with two_players(browser, tmp_path / "golf.sqlite3") as (_, host, guest):
        code = two_player_room(host, guest)
        row = host.locator("#seat-tools li[data-seat='1']")
        expect(row.locator(".stand-in-now")).to_have_count(0)  # Bea is at the table
        guest.goto("about:blank")
        expect(row).to_contain_text("away")
        row.locator(".stand-in-now").click()
        expect(row).to_contain_text("a bot is playing for them")
        guest.goto(f"/sixcard/{code}")
        guest.click("#take-back")
        expect(guest.locator("#stand-in")).to_be_hidden()
        row.locator(".remove-player").click()
        expect(guest.locator("#error")).to_contain_text("The host gave your seat to someone else")
        expect(host.locator("#seat-tools")).to_be_hidden()
        assert guest.evaluate(f"localStorage.getItem('golfcards.room.{code}')") is None, "the old link is forgotten"
        guest.reload()
        guest.wait_for_selector("#play:not([hidden])")
        expect(guest.locator("#me button")).to_have_count(0)
        expect(host.locator("#last-actions")).to_contain_text("Normal bot 2 turned up", timeout=20000)


COUNT_CLOSES = """
window.__closes = 0;
const SocketCounted = window.WebSocket;
window.WebSocket = class extends SocketCounted {
  constructor(...args) {
    super(...args);
    this.addEventListener("close", () => { window.__closes += 1; });
  }
};
"""
"""Counts the connections the page saw close (on top of sixcard_play's count of those it opened)."""


def guess_codes(port: int, count: int) -> None:
    """Try ``count`` wrong room codes from this address, each with a hello and no token, as a page does
    (refused or not found at once)."""
    for guess in range(count):
        with connect(f"ws://127.0.0.1:{port}/ws/sixcard/GUESS{guess:05d}", proxy=None) as ws:
            with contextlib.suppress(ConnectionClosed):  # a wrong code is answered before the hello is read
                ws.send(json.dumps({"type": "hello"}))
            assert json.loads(ws.recv(timeout=20))["key"] in ("room.not_found", "room.too_many_tries")


def test_a_page_refused_for_too_many_codes_says_why_and_stops_retrying(browser, tmp_path):
    """Twenty wrong codes from this address spend its look-ups; a page that opens a room without a
    seat's token is refused (4429): it shows the lobby with the server's reason in its language and
    opens no new connection, however long it waits."""
    server = Server(tmp_path / "golf.sqlite3")
    context = None
    stop = threading.Event()
    try:
        guess_codes(server.port, GUESSES)
        # A look-up comes back every 3 s: keep guessing until the page has been refused, however long
        # the browser takes to open it.
        guessing = threading.Thread(
            target=lambda: [guess_codes(server.port, 1) for _ in iter(lambda: stop.wait(0.5), True)]
        )
        guessing.start()
        context = player_context(browser, server.url, extra_http_headers={"Accept-Language": "fr"})
        context.add_init_script(COUNT_CLOSES)
        page = context.new_page()
        page.clock.install()
        page.goto("/sixcard/WRONGCODE2")
        expect(page.locator("#lobby")).to_be_visible()
        expect(page.locator("#lobby-message")).to_have_text(
            "Trop de codes de salon essayés\u00a0: attendez une minute et vérifiez le code"
        )
        page.wait_for_function("window.__closes === 1")
        stop.set()
        guessing.join()
        page.clock.run_for(60_000)  # every reconnection the page might have planned is due now
        assert page.evaluate("[window.__sockets, window.__closes]") == [1, 1]
    finally:
        stop.set()
        if context is not None:
            context.close()
        server.close()
