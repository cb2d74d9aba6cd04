"""Six-card Golf online in Chromium: house rules played to the end against bots, the player's record
with a replay and a scorecard download, and a third visitor who watches through a dropped link."""

from __future__ import annotations

import csv
import io
import re
import time
from collections.abc import Callable

import pytest
from playwright.sync_api import expect
from sixcard_play import play_my_seat, player_context, start_against_bots

pytestmark = pytest.mark.browser


def until(page, condition: Callable[[], bool], seconds: float = 30) -> None:
    """Wait until ``condition()`` holds: a fact the test's own event handlers record, which Playwright
    delivers while it waits on the page (here, for the page's next frame)."""
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, "the condition did not come true"
        page.evaluate("() => new Promise((done) => requestAnimationFrame(() => done()))")


def test_a_three_hole_four_card_jokers_match_then_the_record_and_a_replay(browser, server_url):
    context = player_context(browser, server_url, accept_downloads=True)
    try:
        page = context.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda error: errors.append(str(error)))
        page.goto("/sixcard")
        page.wait_for_selector("body.ready")
        start_against_bots(page, level="easy", grid="4", jokers="2", holes="3")
        rules = page.locator("#house-rules-list")
        expect(rules.locator('[data-rule="grid"] dd')).to_have_text("4 cards: 2 rows of 2")
        expect(rules.locator('[data-rule="jokers"] dd')).to_have_text("2 jokers, worth −2 each")
        expect(rules.locator('[data-rule="holes"] dd')).to_have_text("3")
        assert page.locator("#me .grid button").count() == 4
        assert page.locator("#scorecard tbody tr:not(.totals)").count() == 3

        play_my_seat(page, through_the_match=True)
        cells = page.locator("#scorecard tbody tr:not(.totals) td")
        assert cells.count() == 6 and "·" not in cells.all_text_contents()
        totals = [int(text) for text in page.locator("#scorecard tr.totals td").all_text_contents()]
        expect(page.locator("#house-rules-list [data-rule='grid'] dd")).to_have_text("4 cards: 2 rows of 2")

        expect(page.locator("#match-end")).to_be_visible()
        page.click("#match-end-record")  # the match's end window leads to the record
        page.wait_for_selector("body.ready")
        row = page.locator('#grid-stats tr[data-grid="4"] td')
        expect(row.first).to_have_text("1")
        expect(page.locator('#bot-stats tr[data-level="easy"] td').first).to_have_text("1")
        match = page.locator("#history .match")
        expect(match).to_have_count(1)
        assert [int(t) for t in match.locator(".match-players b").all_text_contents()] == totals
        assert "Grid: 4 cards: 2 rows of 2" in match.inner_text()

        with page.expect_download() as download_info:
            match.locator("a", has_text="CSV").click()
        rows = list(csv.reader(io.StringIO(open(download_info.value.path(), encoding="utf-8-sig").read())))
        assert rows[0][:2] == ["Hole", "Ana"] and len(rows) == 5
        assert [int(x) for x in rows[-1][1:]] == totals

        match.locator("button", has_text="Replay").click()
        page.wait_for_selector("#replay:not([hidden])")
        expect(page.locator("#replay-holes button")).to_have_count(3)
        expect(page.locator("#replay-text")).to_have_text("Hole 1: the deal, every card face down")
        assert page.locator("#replay-table .seat-panel .card").count() == 8, "two grids of four, every card shown"
        assert page.locator("#replay-table .card.was-face-down").count() == 8
        assert page.locator("#replay-table .card.back").count() == 0
        page.click("#replay-next")
        assert page.locator("#replay-table .card.was-face-down").count() == 7, "one card turned up"
        page.click("#replay-last")
        expect(page.locator("#replay-text")).to_contain_text(re.compile(r"(wins the hole|The hole is shared)"))
        points = page.locator("#replay-table .points").all_text_contents()
        assert len(points) == 2 and all(text.startswith("Points: ") for text in points)
        page.locator("#replay-holes button").nth(2).click()
        expect(page.locator("#replay-position")).to_contain_text("Hole 3 of 3 · Step 1 of ")
        assert not errors, errors
    finally:
        context.close()


def test_a_third_visitor_watches_and_sees_when_the_link_drops(browser, server_url):
    host_context = player_context(browser, server_url)
    third_context = player_context(browser, server_url, phone=True)
    try:
        host = host_context.new_page()
        host.goto("/sixcard")
        host.wait_for_selector("body.ready")
        start_against_bots(host)
        code = host.text_content("#room-code")
        expect(host.locator("#watching")).to_be_hidden()

        routes = []
        drop = {"blocked": False}

        def through(route):
            routes.append(route)
            if drop["blocked"]:
                route.close()  # the server is out of reach: the connection fails at once
            else:
                route.connect_to_server()

        third = third_context.new_page()
        third.route_web_socket("**/ws/sixcard/**", through)
        third.goto(f"/sixcard/{code}")
        third.wait_for_selector("body.ready")
        expect(third.locator("#watching")).to_be_visible()
        expect(third.locator("#watching")).to_have_text("You are watching: you see the table as every spectator does.")
        expect(third.locator("#take-seat")).to_be_hidden()
        expect(third.locator("#play")).to_be_visible()
        assert third.locator("#me .grid button").count() == 0, "a spectator has no grid of their own"
        expect(host.locator("#spectators li")).to_have_text(["Spectator 1"])
        expect(host.locator("#spectator-count")).to_have_text("Watching: 1")
        expect(third.locator("#reconnecting")).to_be_hidden()

        drop["blocked"] = True
        attempts = len(routes)
        routes[-1].close()
        expect(third.locator("#reconnecting")).to_be_visible()
        expect(third.locator("#reconnecting")).to_have_text("Reconnecting…")
        expect(host.locator("#spectators-panel")).to_be_hidden()
        until(third, lambda: len(routes) >= attempts + 2)  # it keeps trying; the server is still out of reach
        assert third.is_visible("#reconnecting")
        drop["blocked"] = False
        expect(third.locator("#reconnecting")).to_be_hidden(timeout=10000)
        expect(third.locator("#watching")).to_be_visible()
        expect(host.locator("#spectators li")).to_have_text(["Spectator 1"])
    finally:
        host_context.close()
        third_context.close()
