"""Six-card rooms in two real browsers against a real ``golf serve``: a restart mid-hole (``kill -9``
and ``SIGTERM``) with both players back in the same seat, hole and drawn card and no hidden card
in any frame after it; a bot playing for an absent player who takes the seat back; the host letting
a bot play at once and removing a player.
"""

from __future__ import annotations

import re
import signal
from pathlib import Path
from urllib.parse import urlparse

import pytest
from playwright.sync_api import expect

from golfcards.cards import FULL_DECK, card_from_index
from golfcards.i18n import translator
from golfcards.i18n.cards import card_name
from golfcards.runners.storage import Storage
from golfcards.web.room_store import restore


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

CODE_TOKEN = re.compile(r'"([2-9TJQKA][CDHS])"')
COUNT_STATES = """
window.__states = 0;
const NativeWebSocket = window.WebSocket;
window.WebSocket = class extends NativeWebSocket {
  constructor(...args) {
    super(...args);
    this.addEventListener("message", (event) => {
      if (JSON.parse(event.data).type === "state") window.__states += 1;
    });
  }
};
"""


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


def states(page) -> int:
    return page.evaluate("window.__states")


def wait_states(page, before: int) -> None:
    page.wait_for_function("n => window.__states > n", arg=before, timeout=20000)


def open_player(browser, server: Server, phone: bool = False):
    viewport = {"width": 360, "height": 740} if phone else {"width": 1280, "height": 800}
    context = browser.new_context(base_url=server.url, locale="en-GB", viewport=viewport)
    context.add_init_script(COUNT_STATES)
    page = context.new_page()
    frames: list[str] = []
    page.on("websocket", lambda ws: ws.on("framereceived", lambda payload: frames.append(payload)))
    page.frames_seen = frames
    return context, page


def click_and_settle(pages, page, target) -> None:
    """Click, then wait until every page has drawn a newer state."""
    before = [states(p) for p in pages]
    (page.locator(target) if isinstance(target, str) else target).click()
    for p, n in zip(pages, before, strict=True):
        wait_states(p, n)


def two_player_room(host, guest):
    """Ana creates a room, Bea takes the other seat, Ana starts; returns the room code."""
    host.goto("/sixcard")
    host.wait_for_selector("body.ready")
    host.fill('#room-form input[name="name"]', "Ana")
    host.click("#create-room")
    host.wait_for_selector("#seating:not([hidden])")
    code = host.text_content("#room-code")
    guest.goto(f"/sixcard/{code}")
    guest.wait_for_selector("#take-seat:not([hidden])")
    guest.fill('#take-seat input[name="name"]', "Bea")
    guest.click("#join-seat")
    host.wait_for_selector("#start:not([disabled])")
    click_and_settle([host, guest], host, "#start")
    guest.wait_for_selector("#play:not([hidden])")
    return code


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


def leaked(text: str, hidden: set[str]) -> set[str]:
    t = translator("en")
    found = {code for code in CODE_TOKEN.findall(text) if code in hidden}
    return found | {card.code for card in FULL_DECK if card.code in hidden and card_name(card, t) in text}


@pytest.mark.parametrize("how", [signal.SIGKILL, signal.SIGTERM], ids=["kill-9", "sigterm"])
def test_a_match_survives_a_server_restart_mid_hole(browser, tmp_path, how):
    db = tmp_path / "golf.sqlite3"
    server = Server(db)
    contexts = []
    try:
        host_context, host = open_player(browser, server)
        guest_context, guest = open_player(browser, server, phone=True)
        contexts = [host_context, guest_context]
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
    finally:
        for context in contexts:
            context.close()
        server.close()


def test_a_bot_plays_for_an_absent_player_who_takes_the_seat_back(browser, tmp_path):
    server = Server(tmp_path / "golf.sqlite3", ["--away", "1"])
    contexts = []
    try:
        host_context, host = open_player(browser, server)
        guest_context, guest = open_player(browser, server)
        contexts = [host_context, guest_context]
        code = two_player_room(host, guest)
        reveal_two([host, guest], host)
        guest.goto("about:blank")  # Bea leaves the table
        row = host.locator("#seat-tools li[data-seat='1']")
        expect(row).to_contain_text("a bot is playing for them", timeout=20000)
        expect(host.locator("#last-actions")).to_contain_text("Bea turned up", timeout=20000)
        guest.goto(f"/sixcard/{code}")
        expect(guest.locator("#stand-in")).to_be_visible()
        expect(guest.locator("#stand-in")).to_contain_text("A bot is playing for you")
        face_up = [code for code in own_grid(guest) if code]
        assert len(face_up) >= 2, "the bot turned up her cards"
        guest.click("#take-back")
        expect(guest.locator("#stand-in")).to_be_hidden()
        expect(row).to_contain_text("online")
        assert guest.text_content("#room-code") == code
    finally:
        for context in contexts:
            context.close()
        server.close()


def test_the_host_lets_a_bot_play_at_once_and_removes_a_player(browser, tmp_path):
    server = Server(tmp_path / "golf.sqlite3")
    contexts = []
    try:
        host_context, host = open_player(browser, server)
        guest_context, guest = open_player(browser, server)
        contexts = [host_context, guest_context]
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
    finally:
        for context in contexts:
            context.close()
        server.close()
