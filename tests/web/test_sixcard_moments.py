"""Six-card Golf's moments in Chromium: a hole's end scored column by column, the match's end window
(ranking, scorecard, Rematch) on a desktop and on a phone, the invitation only when someone may be
invited, a free seat offered to a guest, and the stock button named by what it shows."""

from __future__ import annotations

import re

import pytest
from axe_check import serious_violations
from playwright.sync_api import expect
from sixcard_play import (
    click_and_settle,
    play_my_seat,
    player_context,
    start_against_bots,
    states,
    still,
    turn_up,
    wait_my_draw,
    wait_states,
)

from conftest import start_server
from golfcards.cards import parse_card
from golfcards.sixcard.rules import SixCardRules
from golfcards.sixcard.scoring import score_grid
from golfcards.web.server.reach import Reach

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def server_url(tmp_path_factory):
    """A server of this module's own (on loopback, as the session's): its rooms count against no other
    test's rooms per address."""
    process, address = start_server(
        tmp_path_factory.mktemp("moments") / "golf.sqlite3", extra=("--new-players", "100000")
    )
    yield address
    process.terminate()
    process.wait(timeout=10)


SEEN_POINTS = """
window.__points = {};
new MutationObserver(() => {
  document.querySelectorAll("#play .points[data-owner]").forEach((node) => {
    const seen = (window.__points[node.dataset.owner] ||= []);
    if (seen[seen.length - 1] !== node.textContent) seen.push(node.textContent);
  });
}).observe(document, { subtree: true, childList: true, characterData: true });
"""
"""Records every text each seat's points heading showed, in order (the count-up's steps)."""

GRID_STATE = """() => [...document.querySelectorAll("#play .seat-panel")].map((panel) => {
  const grid = panel.querySelector(".grid");
  const cards = [...grid.querySelectorAll(".card")];
  return {
    owner: Number(cards[0].dataset.owner),
    codes: cards.map((card) => card.dataset.code),
    cancelled: cards.map((card) => card.classList.contains("cancelled")),
    labels: [...grid.querySelectorAll(".column-score")].map((label) => label.lastChild.textContent),
    named: [...grid.querySelectorAll(".column-score")].map((label) => label.textContent),
    points: panel.querySelector(".points").textContent,
    parts: [...panel.querySelectorAll(".hole-parts li")].map((item) => item.textContent),
    text: panel.textContent,
  };
})"""


def check_the_holes_end(page, rules: SixCardRules, reduced: bool) -> bool:
    """Every grid's columns as the engine scores them; returns whether a column was cancelled."""
    grids = page.evaluate(GRID_STATE)
    assert len(grids) == rules.players
    cancelled_seen = False
    for grid in grids:
        score = score_grid([parse_card(code) for code in grid["codes"]], rules.columns, rules)
        expected_labels = [
            ("three of a kind: " if len(column.cards) == 3 else "pair: ") + str(column.points)
            if column.cancelled
            else str(column.points)
            for column in score.columns
        ]
        assert grid["labels"] == expected_labels, grid
        assert grid["named"] == [f"Column {n}:{label}" for n, label in enumerate(expected_labels, start=1)]
        struck = [score.columns[position % rules.columns].cancelled for position in range(len(grid["codes"]))]
        assert grid["cancelled"] == struck, grid
        assert grid["parts"] == [] and "null" not in grid["text"], "the guide's rules: no bonus, no other part"
        cancelled_seen |= any(column.cancelled for column in score.columns)
        owner, final = grid["owner"], f"Points: {score.total}"
        page.wait_for_function(
            "([owner, text]) => document.querySelector(`#play .points[data-owner='${owner}']`).textContent === text",
            arg=[owner, final],
        )
        seen = page.evaluate("owner => window.__points[owner]", str(owner))
        if reduced:
            assert seen[-1:] == [final] and len(seen) == 1, f"no counting with reduced motion: {seen}"
        elif abs(score.total) >= 2:
            assert seen[0] != final and seen[-1] == final, f"the total is counted up: {seen}"
    return cancelled_seen


def in_viewport(page, selector: str) -> None:
    box = page.locator(selector).bounding_box()
    size = page.viewport_size
    assert box is not None, selector
    assert box["x"] >= 0 and box["y"] >= 0, (selector, box)
    assert box["x"] + box["width"] <= size["width"] + 0.5, (selector, box, size)
    assert box["y"] + box["height"] <= size["height"] + 0.5, (selector, box, size)


def places(totals: list[int]) -> list[tuple[int, str, int]]:
    """The ranking the page must show: (seat, place as written, total), fewest points first."""
    order = sorted(range(len(totals)), key=lambda seat: (totals[seat], seat))
    rows = []
    for seat in order:
        place = 1 + sum(other < totals[seat] for other in totals)
        tied = totals.count(totals[seat]) > 1
        rows.append((seat, f"{place} (tied)" if tied else str(place), totals[seat]))
    return rows


@pytest.mark.parametrize(
    ("phone", "reduced", "grid"),
    [(False, False, 4), (True, True, 9)],
    ids=["desktop-motion-2x2", "phone-reduced-motion-3x3"],
)
def test_each_holes_end_is_scored_column_by_column_and_the_match_ends_with_a_ranking(
    browser, server_url, phone, reduced, grid
):
    context = player_context(browser, server_url, phone=phone, reduced_motion="reduce" if reduced else "no-preference")
    context.add_init_script(SEEN_POINTS)
    try:
        page = context.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda error: errors.append(str(error)))
        page.goto("/sixcard")
        page.wait_for_selector("body.ready")
        start_against_bots(page, 3, level="normal", grid=str(grid), holes="3")
        rules = SixCardRules(players=4, grid=grid, holes=3)
        cancelled_seen = False
        for hole in range(3):
            play_my_seat(page)
            cancelled_seen |= check_the_holes_end(page, rules, reduced)
            if hole == 0:
                still(page)
                assert serious_violations(page) == [], "the hole's end"
            if hole < 2:
                page.evaluate("window.__points = {}")
                click_and_settle([page], page, "#next-hole")
        if rules.rows == 2:
            assert cancelled_seen, "12 grids of normal bots and a player: some column cancelled"

        dialog = page.locator("#match-end")
        expect(dialog).to_be_visible()
        totals = [int(text) for text in page.locator("#scorecard tr.totals td").all_text_contents()]
        names = page.locator("#scorecard thead th").all_text_contents()[1:]
        rows = dialog.locator("#ranking tbody tr")
        expect(rows).to_have_count(4)
        shown = [
            (
                r.locator(".place").text_content(),
                r.locator("th").text_content(),
                int(r.locator(".total").text_content()),
            )
            for r in rows.all()
        ]
        assert shown == [(place, names[seat], total) for seat, place, total in places(totals)]
        expect(dialog.locator("#match-end-scorecard tbody tr")).to_have_count(4)  # 3 holes and the totals
        assert dialog.locator("#match-end-scorecard tbody tr").nth(0).locator("td").all_text_contents() == (
            page.locator("#scorecard tbody tr").nth(0).locator("td").all_text_contents()
        )
        still(page)
        for selector in ("#match-end-title", "#ranking", "#match-end .match-scorecard", "#match-end-rematch"):
            in_viewport(page, selector)
        region = dialog.locator(".match-scorecard")
        overflow = region.evaluate("n => [n.scrollHeight > n.clientHeight, getComputedStyle(n).overflowY]")
        assert not overflow[0] or overflow[1] == "auto", "a long scorecard scrolls inside itself"
        expect(page.locator("#match-end-rematch")).to_be_focused()
        assert serious_violations(page) == [], "the match's end"

        click_and_settle([page], page, "#match-end-rematch")
        expect(dialog).to_be_hidden()
        expect(page.locator("#scorecard tr.totals td").first).to_have_text("0")
        assert not errors, errors
    finally:
        context.close()


def test_against_bots_only_no_room_code_until_a_human_seat_opens(browser, server_url):
    context = player_context(browser, server_url)
    try:
        page = context.new_page()
        page.goto("/sixcard")
        page.wait_for_selector("body.ready")
        start_against_bots(page, 2)
        expect(page.locator("#room-code")).to_be_hidden()
        expect(page.locator("#copy-link")).to_be_hidden()

        page.goto("/sixcard")
        page.wait_for_selector("body.ready")
        page.fill('#room-form input[name="name"]', "Ana")
        page.select_option('#room-form select[name="players"]', "3")
        page.click("#create-room")
        page.wait_for_selector("#seating:not([hidden])")
        expect(page.locator("#copy-link")).to_be_visible()
        for seat in (1, 2):
            before = states(page)
            page.locator(f'select[data-seat="{seat}"]').select_option("easy")
            wait_states(page, before)
        expect(page.locator("#room-code")).to_be_hidden()
        expect(page.locator("#copy-link")).to_be_hidden()
        page.locator('select[data-seat="2"]').select_option("")
        expect(page.locator("#copy-link")).to_be_visible()
        expect(page.locator("#room-code")).to_be_visible()
    finally:
        context.close()


def test_a_guest_is_offered_the_free_seat_and_watches_only_when_none_is_free(browser, server_url):
    contexts = [player_context(browser, server_url, phone=phone) for phone in (False, True, True)]
    try:
        host, guest, third = (context.new_page() for context in contexts)
        host.goto("/sixcard")
        host.wait_for_selector("body.ready")
        host.fill('#room-form input[name="name"]', "Ana")
        host.click("#create-room")
        host.wait_for_selector("#seating:not([hidden])")
        code = host.text_content("#room-code")

        guest.goto(f"/sixcard/{code}")
        guest.wait_for_selector("body.ready")
        expect(guest.locator("#watching")).to_have_text("A seat is free: take it to play.")
        expect(guest.locator("#take-seat")).to_be_visible()
        guest.fill('#take-seat input[name="name"]', "Bea")
        guest.click("#join-seat")
        host.wait_for_selector("#start:not([disabled])")
        expect(guest.locator("#watching")).to_be_hidden()

        third.goto(f"/sixcard/{code}")
        third.wait_for_selector("body.ready")
        expect(third.locator("#watching")).to_have_text("You are watching: you see the table as every spectator does.")
        expect(third.locator("#take-seat")).to_be_hidden()
    finally:
        for context in contexts:
            context.close()


LANGUAGES = ("en", "ca", "de", "el", "es", "fr", "pt")


@pytest.mark.parametrize("phone", [False, True], ids=["desktop", "phone"])
def test_the_stock_buttons_name_begins_with_the_count_it_shows(browser, server_url, phone):
    context = player_context(browser, server_url, phone=phone)
    try:
        page = context.new_page()
        page.goto("/sixcard")
        page.wait_for_selector("body.ready")
        start_against_bots(page, 1)
        code = page.text_content("#room-code")
        turn_up(page)
        turn_up(page)
        for language in LANGUAGES:
            page.goto(f"/sixcard/{code}?lang={language}")
            page.wait_for_selector("body.ready")
            wait_my_draw(page)
            stock = page.locator("#six-stock")
            expect(stock).to_have_text(re.compile(r"^\s*\d+\s*$"))  # its count, once drawn
            shown = stock.inner_text().strip()
            expect(stock).to_have_accessible_name(re.compile(rf"^{shown}\b\S*\s+\S"))
            still(page)
            assert serious_violations(page) == [], language
    finally:
        context.close()


def open_room_for_two(page) -> str:
    page.goto("/sixcard")
    page.wait_for_selector("body.ready")
    page.fill('#room-form input[name="name"]', "Ana")
    page.click("#create-room")
    page.wait_for_selector("#seating:not([hidden])")
    return page.text_content("#room-code")


def copied_link(page) -> str:
    page.click("#copy-link")
    expect(page.locator("#status")).to_have_text("Link copied")
    return page.evaluate("navigator.clipboard.readText()")


def test_on_loopback_the_room_says_only_this_computer_can_open_it_and_how_to_open_it_up(browser, server_url):
    context = player_context(browser, server_url, permissions=["clipboard-read", "clipboard-write"])
    try:
        page = context.new_page()
        code = open_room_for_two(page)
        expect(page.locator("#room-link")).to_have_text(
            "Only this computer can open this link: golf serve listens on 127.0.0.1 only. To let phones and "
            "other computers join, start it with: golf serve --host 0.0.0.0"
        )
        expect(page.locator("#room-qr")).to_have_count(0)
        assert copied_link(page) == f"{server_url}/sixcard/{code}"
    finally:
        context.close()


@pytest.fixture
def open_server(tmp_path):
    """``golf serve --host 0.0.0.0``: listening on every address (the browser still comes by loopback)."""
    process, printed = start_server(tmp_path / "open.sqlite3", extra=("--host", "0.0.0.0", "--new-players", "1000"))
    yield int(printed.rsplit(":", 1)[1])
    process.terminate()
    process.wait(timeout=10)


def test_on_every_address_the_room_gives_the_machines_network_links_and_a_qr_code(browser, open_server):
    port = open_server
    local = f"http://127.0.0.1:{port}"
    context = player_context(browser, local, permissions=["clipboard-read", "clipboard-write"], phone=True)
    try:
        page = context.new_page()
        code = open_room_for_two(page)
        token = page.evaluate("code => localStorage.getItem(`golfcards.room.${code}`)", code)
        links = [f"{origin}/sixcard/{code}" for origin in Reach.listening("0.0.0.0", port).origins(local, "127.0.0.1")]
        assert not any("127.0.0.1" in link for link in links)
        if len(links) == 1:
            expect(page.locator("#room-link")).to_have_text(
                f"Others open {links[0]} on their phone or computer to join."
            )
        else:
            expect(page.locator("#room-link li")).to_have_text(links)
        qr = page.locator("#room-qr img")
        expect(qr).to_be_visible()
        expect(qr).to_have_attribute("alt", f"QR code of the room's link {links[0]}: scan it with a phone to join.")
        page.wait_for_function("() => document.querySelector('#room-qr img').complete")
        assert qr.evaluate("img => img.naturalWidth") > 0, "the SVG loads under the page's CSP"
        in_viewport(page, "#room-qr img")
        assert copied_link(page) == links[0]
        assert token and token not in page.inner_text("#room")
        assert serious_violations(page) == []
    finally:
        context.close()
