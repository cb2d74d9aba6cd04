"""Six-card Golf in two real browsers: a room, a hole played to the end, and no hidden card leaked.

The guest's browser records every WebSocket frame and every HTTP answer it receives. After the
hole, the deal code (revealed only then) and the actions the test made let the engine replay the
hole; each frame must carry exactly the guest's engine view at some step, and no frame, page or
answer may contain a card the guest could not know at that step: the host's face-down cards, the
guest's own face-down cards, the stock, or a card the host drew and still holds.
"""

from __future__ import annotations

import json
import re
from urllib.parse import urlparse

import pytest
from axe_check import serious_violations
from playwright.sync_api import expect
from sixcard_play import (
    ALL_CARDS,
    CODE_TOKEN,
    click_and_settle,
    leaked,
    open_room,
    player_context,
    start_against_bots,
    start_match,
    still,
    take_seat,
    turn_up,
    turn_up_and_draw,
    wait_my_draw,
)

from golfcards.cards import card_from_index
from golfcards.sixcard.actions import DrawStock, Reveal, Swap
from golfcards.sixcard.state import HoleState
from golfcards.sixcard.view import view_for

pytestmark = pytest.mark.browser

COMPARED = ("phase", "to_act", "grids", "discard", "stock", "holder", "holding", "turns")


def own_cards(page, selector: str):
    return page.locator(f"#me .grid button{selector}:not([disabled])")


def visible_to_guest(state: HoleState) -> set[str]:
    view = view_for(state, 1)
    cards = {card.code for grid in view.grids for card in grid if card is not None}
    cards.update(card.code for card in view.discard)
    if view.holding is not None:
        cards.add(view.holding.code)
    return cards


def hidden_from_guest(state: HoleState) -> set[str]:
    """Every card the guest may not know at ``state``."""
    return set(ALL_CARDS - visible_to_guest(state))


def test_two_browsers_play_a_hole_and_the_guest_never_sees_a_hidden_card(browser, server_url):
    host_context = player_context(browser, server_url)
    guest_context = player_context(browser, server_url, phone=True)
    try:
        host = host_context.new_page()
        code = open_room(host)

        guest = guest_context.new_page()
        frames: list[str] = []
        answers: list[str] = []
        guest.on("websocket", lambda ws: ws.on("framereceived", lambda payload: frames.append(payload)))
        guest.on("response", lambda response: answers.append(response.url))
        take_seat(guest, code, host)
        assert serious_violations(host) == [] and serious_violations(guest) == [], "seats, desktop and phone"
        pages = [host, guest]
        start_match(host, guest)

        actions: list[tuple[int, object]] = []
        for seat, page in ((0, host), (1, guest)):
            for _ in range(2):
                button = own_cards(page, ".back").first
                position = int(button.get_attribute("data-position"))
                click_and_settle(pages, page, button)
                actions.append((seat, Reveal(position)))
        assert serious_violations(host) == [] and serious_violations(guest) == [], "the match, desktop and phone"
        dom_checks: list[tuple[str, int]] = []
        for _ in range(30):
            if host.is_visible("#after"):
                break
            seat, page = (0, host) if host.is_enabled("#six-stock") else (1, guest)
            click_and_settle(pages, page, "#six-stock")
            actions.append((seat, DrawStock()))
            if seat == 0:
                dom_checks.append((guest.content(), len(actions)))
            button = own_cards(page, ".back").first
            position = int(button.get_attribute("data-position"))
            click_and_settle(pages, page, button)
            actions.append((seat, Swap(position)))
            dom_checks.append((guest.content(), len(actions)))
        guest.wait_for_selector("#after:not([hidden])")
        assert guest.text_content("#scorecard tbody tr:first-child td") != "·", "the hole's points are on the scorecard"
        host.wait_for_selector("#after:not([hidden])")
        still(host)
        still(guest)
        assert serious_violations(host) == [] and serious_violations(guest) == [], "the hole's end, desktop and phone"

        final = [json.loads(frame) for frame in frames if '"type": "state"' in frame or '"type":"state"' in frame]
        deal_code = final[-1]["view"]["code"]
        assert deal_code, "the deal code is revealed once the hole is over"
        states = [HoleState.from_code(deal_code)]
        for seat, action in actions:
            state = states[-1].clone()
            assert state.apply(action, seat) is None
            states.append(state)
        assert states[-1].is_terminal()
        expected = [{key: view_for(state, 1).to_json()[key] for key in COMPARED} for state in states]

        checked = 0
        for text in frames:
            message = json.loads(text)
            assert message["type"] in ("state", "welcome", "error"), message["type"]
            if message["type"] != "state" or message["view"] is None:
                assert not CODE_TOKEN.findall(text) or message["type"] == "welcome"
                continue
            if message["view"]["phase"] == "over":
                continue
            got = {key: message["view"][key] for key in COMPARED}
            assert got in expected, "every frame carries exactly the guest's engine view"
            step = expected.index(got)
            assert not leaked(text, hidden_from_guest(states[step])), f"frame at step {step} leaks"
            checked += 1
        assert checked >= 10
        for html, step in dom_checks:
            assert not leaked(html, hidden_from_guest(states[step])), f"the page at step {step} leaks"
        for url in answers:
            path = urlparse(url).path
            allowed = (
                f"/sixcard/{code}",
                f"/api/sixcard/rooms/{code}/invite",
                f"/sixcard/{code}/qr.svg",
                "/api/i18n",
                "/api/account",  # the top bar's account link: signed in or not, and the name
            )
            assert path in allowed or path.startswith("/static/"), path
        hidden_at_start = {card_from_index(c).code for grid in states[4].grids for c in grid} - visible_to_guest(
            states[4]
        )
        assert len(hidden_at_start) == 8, "4 face-down cards each after the reveals"
    finally:
        host_context.close()
        guest_context.close()


def test_play_against_bots_and_reload_back_into_the_seat(new_page):
    page = new_page("/sixcard")
    start_against_bots(page)
    for _ in range(2):
        turn_up(page)
    wait_my_draw(page)
    assert page.text_content("#status") == "Your turn: draw from the stock or take the discard."
    page.click("#six-stock")
    page.wait_for_selector("#holding:not([hidden])")
    page.reload()
    page.wait_for_selector("#holding:not([hidden])")
    assert page.text_content("#status").startswith("You drew ")
    page.click("#throw")
    # The list already holds earlier actions (the draw, the bots' turn-ups): wait for the throw itself.
    expect(page.locator("#last-actions")).to_contain_text("Ana threw away the drawn card")


@pytest.mark.parametrize("bots", [1, 3])
def test_a_phone_shows_the_whole_table_at_once(new_page, bots):
    """At 360×740: your whole grid, the stock, the discard, the drawn card and every opponent's grid."""
    page = new_page("/sixcard", phone=True)
    start_against_bots(page, bots)
    turn_up_and_draw(page)
    page.evaluate("window.scrollTo(0, 0)")
    boxes = page.eval_on_selector_all(
        "#me .grid .card, #six-stock, #six-discard, #holding .card, #opponents .grid .card",
        "nodes => nodes.map(n => { const b = n.getBoundingClientRect(); return [n.id || n.dataset.owner + ':' + n.dataset.position, b.left, b.top, b.right, b.bottom]; })",
    )
    assert len(boxes) == 6 * (bots + 1) + 3
    outside = [box for box in boxes if box[1] < 0 or box[2] < 0 or box[3] > 360 or box[4] > 740]
    assert outside == [], outside
    tops = {round(box[2]) for box in boxes if re.fullmatch(r"[1-3]:\d", box[0])}
    assert len(tops) == 2, "opponents side by side: their grids share two rows"


def test_grid_cards_are_named_with_their_row_and_column(new_page):
    page = new_page("/sixcard")
    start_against_bots(page, 1)
    assert page.get_by_role("button", name="Face-down card, row 2, column 3", exact=True).count() == 2
    turn_up(page)
    named = page.eval_on_selector("#me .grid [data-position='0'] .visually-hidden", "n => n.textContent")
    assert named.endswith(", row 1, column 1") and not named.startswith("Face-down"), named
    assert page.locator("[aria-rowcount]").count() == 0


@pytest.mark.parametrize("reduced", [False, True], ids=["motion", "reduced-motion"])
def test_six_card_motion_only_without_reduced_motion(new_page, reduced):
    count = """
    window.__animations = 0;
    const nativeAnimate = Element.prototype.animate;
    Element.prototype.animate = function (...args) { window.__animations += 1; return nativeAnimate.apply(this, args); };
    document.addEventListener("animationstart", () => { window.__animations += 1; }, true);
    """
    page = new_page("/sixcard", init_script=count, reduced_motion="reduce" if reduced else "no-preference")
    start_against_bots(page, 1)
    turn_up_and_draw(page)
    page.click("#throw")
    expect(page.locator("#last-actions")).to_contain_text("Ana threw away the drawn card")
    animations = page.evaluate("window.__animations")
    assert (animations == 0) if reduced else (animations >= 3), animations
