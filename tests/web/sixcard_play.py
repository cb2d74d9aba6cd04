"""What a player does on the Six-card Golf page, for the browser tests and the scripts that drive it.

Every step waits for what the page shows once the server has answered, never for a fixed time: the
page counts the state messages it receives (:data:`COUNT_STATES`, added to the context before the
page's own script) so that a step can wait for the next one.
"""

from __future__ import annotations

import json
import re

from playwright.sync_api import expect

from golfcards.cards import FULL_DECK
from golfcards.i18n import translator
from golfcards.i18n.cards import card_name

PHONE = {"width": 360, "height": 740}
DESKTOP = {"width": 1280, "height": 800}
ALL_CARDS = frozenset(card.code for card in FULL_DECK)
"""Every card code of the 52-card deck."""
CODE_TOKEN = re.compile(r'"([2-9TJQKA][CDHS])"')
"""A card code as a JSON string, as the server's messages write it."""
COUNT_STATES = """
window.__states = 0;
window.__sockets = 0;
const NativeWebSocket = window.WebSocket;
window.WebSocket = class extends NativeWebSocket {
  constructor(...args) {
    super(...args);
    this.addEventListener("open", () => { window.__sockets += 1; });
    this.addEventListener("message", (event) => {
      if (JSON.parse(event.data).type === "state") window.__states += 1;
    });
  }
};
"""
"""Counts the state messages a page received and the connections it opened, so that a test can wait for
the next one."""
NO_MOTION = """() => document.getAnimations().every((a) => a.playState !== "running" && a.playState !== "pending")"""
OWN_BACKS = "#me .grid button.back"


def player_context(browser, base_url: str, phone: bool = False, **options):
    """A new browser context (a new player) at ``base_url`` that counts its state messages; ``options``
    go to Playwright's ``new_context``."""
    viewport = PHONE if phone else DESKTOP
    context = browser.new_context(base_url=base_url, locale="en-GB", viewport=viewport, **options)
    context.add_init_script(COUNT_STATES)
    return context


def states(page) -> int:
    """How many state messages the page has received (every page made by :func:`player_context`)."""
    return int(page.evaluate("window.__states"))


def wait_states(page, before: int) -> None:
    """Wait until the page has received a state message after the first ``before``."""
    page.wait_for_function("n => window.__states > n", arg=before)


def click_and_settle(pages, page, target) -> None:
    """Click ``target`` (a selector or a locator) on ``page``, then wait until every page of ``pages``
    has received a newer state."""
    before = [states(p) for p in pages]
    (page.locator(target) if isinstance(target, str) else target).click()
    for p, n in zip(pages, before, strict=True):
        wait_states(p, n)


def seated(page) -> None:
    """Wait until the table is drawn with the page's own seat: the first state after the connection is
    the spectator's (the server has not read the page's token yet) and has no grid of its own."""
    page.wait_for_selector("#play:not([hidden])")
    page.wait_for_selector("#me .grid button")


def start_against_bots(page, bots: int | None = None, house: dict[str, object] | None = None, **rules: str) -> None:
    """From the lobby: Ana starts a match against ``bots`` bots (the form's default if None) with the
    form's other fields set by ``rules`` (``level``, ``grid``, ``jokers``, ``holes``…) and the house
    rules ``house`` set as a player does (:func:`set_house_rule`), then sits at it."""
    form = page.locator("#bots-form")
    form.locator('input[name="name"]').fill("Ana")
    if bots is not None:
        form.locator('select[name="bots"]').select_option(str(bots))
    for name, value in rules.items():
        field = form.locator(f'[name="{name}"]')
        if field.evaluate("node => node.tagName") == "SELECT":
            field.select_option(value)
        else:
            field.fill(value)
    for name, value in (house or {}).items():
        set_house_rule(form, name, value)
    form.locator('button[type="submit"]').click()
    seated(page)


def set_house_rule(form, name: str, value: object) -> None:
    """Set one house rule of a lobby ``form`` as a player does: open its group if closed, then tick,
    type or choose."""
    control = form.locator(f'[data-rule="{name}"]')
    group = form.locator(f'details.house-group:has([data-rule="{name}"])')
    if group.get_attribute("open") is None:
        group.locator("summary").click()
    expect(control).to_be_visible()
    kind = control.get_attribute("data-kind")
    if kind == "switch":
        control.set_checked(bool(value))
    elif kind == "number":
        control.fill(str(value))
    else:
        label = control.evaluate(
            "(select, value) => [...select.options].find((o) => o.dataset.value === value).textContent",
            json.dumps(value),
        )
        control.select_option(label=label)


def turn_up(page) -> None:
    """Turn up the first of one's own face-down cards that may be turned up, and wait until it shows."""
    before = page.locator(OWN_BACKS).count()
    assert before, "no face-down card of one's own: is the page seated?"
    page.locator(f"{OWN_BACKS}:not([disabled])").first.click()
    page.wait_for_function(f"n => document.querySelectorAll('{OWN_BACKS}').length < n", arg=before)


def wait_my_draw(page) -> None:
    """Wait until it is this seat's turn to draw (the bots before it have played)."""
    page.wait_for_function("() => !document.getElementById('six-stock').disabled")


def turn_up_and_draw(page) -> None:
    """The first turn of a match: turn up two cards, wait for one's turn, draw from the stock."""
    for _ in range(2):
        turn_up(page)
    wait_my_draw(page)
    page.click("#six-stock")
    page.wait_for_selector("#holding:not([hidden])")


def play_my_seat(page, through_the_match: bool = False) -> None:
    """Play this seat by clicking like a person would (draw, place on a face-down card or throw) until
    the hole is over, or with ``through_the_match`` the match (each next hole started)."""
    for _ in range(400 if through_the_match else 300):
        if page.is_visible("#rematch") or (not through_the_match and page.is_visible("#next-hole")):
            return
        own_back = page.locator("#me .grid button.back:not([disabled])")
        if page.is_visible("#next-hole"):
            click_and_settle([page], page, "#next-hole")
        elif page.is_visible("#holding"):
            click_and_settle([page], page, own_back.first if own_back.count() else page.locator("#throw"))
        elif page.is_visible("#six-stock") and page.is_enabled("#six-stock"):
            click_and_settle([page], page, "#six-stock")
        elif own_back.count():
            click_and_settle([page], page, own_back.first)
        else:
            wait_states(page, states(page))  # a bot is playing
    raise AssertionError("the match did not end" if through_the_match else "the hole did not end")


def still(page) -> None:
    """Wait until no motion runs on the page (contrast and places are measured on a still page)."""
    page.wait_for_function(NO_MOTION)


def open_room(host) -> str:
    """Ana creates a room for two from the lobby; returns its code."""
    host.goto("/sixcard")
    host.wait_for_selector("body.ready")
    host.fill('#room-form input[name="name"]', "Ana")
    host.click("#create-room")
    host.wait_for_selector("#seating:not([hidden])")
    return host.text_content("#room-code")


def take_seat(guest, code: str, host) -> None:
    """Bea opens the room ``code`` and takes the open seat; waits until the host may start."""
    guest.goto(f"/sixcard/{code}")
    guest.wait_for_selector("#take-seat:not([hidden])")
    guest.fill('#take-seat input[name="name"]', "Bea")
    guest.click("#join-seat")
    host.wait_for_selector("#start:not([disabled])")


def start_match(host, guest) -> None:
    """The host starts the match; waits until both pages have drawn the table."""
    click_and_settle([host, guest], host, "#start")
    guest.wait_for_selector("#play:not([hidden])")


def two_player_room(host, guest) -> str:
    """Ana creates a room, Bea takes the other seat, Ana starts; returns the room code."""
    code = open_room(host)
    take_seat(guest, code, host)
    start_match(host, guest)
    return code


def leaked(text: str, hidden: set[str]) -> set[str]:
    """The cards of ``hidden`` (codes) that ``text`` shows: as a card code in JSON, or by their English name."""
    t = translator("en")
    found = {code for code in CODE_TOKEN.findall(text) if code in hidden}
    return found | {card.code for card in FULL_DECK if card.code in hidden and card_name(card, t) in text}
