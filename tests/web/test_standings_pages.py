"""The player's own page and the leaderboards in Chromium, at a phone's size (360×740) and a desktop's
(1280×800): after a finished six-card match, /me shows the new rating with its range and draws its
history as a plot with the same numbers in a table; /leaderboards lists the player (their account row
written straight into the database) and marks their row; no serious axe violation."""

from __future__ import annotations

import sqlite3

import pytest
from axe_check import serious_violations
from tests.web.conftest import DESKTOP, PHONE, start_server
from tests.web.test_phone_width import assert_fits
from tests.web.test_sixcard_record_phone import PLAY_A_MATCH

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    """A server of its own (its database is written to directly), one rated match enough for the leaderboard."""
    db_path = tmp_path_factory.mktemp("standings") / "golf.sqlite3"
    process, address = start_server(db_path, extra=("--leaderboard-matches", "1"))
    yield address, db_path
    process.terminate()
    process.wait(timeout=10)


def player_after_a_match(browser, server, viewport, name):
    """A new browser player who finished a match of 4 cards against bots and has an account named ``name``."""
    address, db_path = server
    context = browser.new_context(base_url=address, locale="en-GB", viewport=viewport)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.errors = errors
    page.goto("/sixcard")
    page.wait_for_selector("body.ready")
    totals = page.evaluate(PLAY_A_MATCH, {"grid": 4, "holes": 1})
    assert len(totals) == 4
    player = next(c["value"] for c in context.cookies() if c["name"] == "golfcards_player")
    with sqlite3.connect(db_path, timeout=30) as db:
        db.execute(
            "INSERT INTO accounts (id, player, name, name_key, created) VALUES (?, ?, ?, ?, 0)",
            (f"account-{name}", player, name, name.casefold()),
        )
    return context, page


@pytest.mark.parametrize("viewport", [PHONE, DESKTOP], ids=["phone", "desktop"])
def test_my_page_and_the_leaderboard_after_a_match(browser, server, viewport):
    name = f"Ana{viewport['width']}"
    context, page = player_after_a_match(browser, server, viewport, name)
    try:
        page.goto("/me")
        page.wait_for_selector("body.ready")
        row = page.locator("#ratings tbody tr[data-grid='4']")
        assert row.locator("th").inner_text() == "4 cards"
        rating = float(row.locator("td.rating").inner_text())
        assert -100 < rating < 100
        assert " to " in row.locator("td").nth(1).inner_text(), "the likely range is shown"
        assert row.locator("td").nth(2).inner_text() == "1"
        plot = page.locator("#plot svg.rating-plot")
        assert plot.get_attribute("role") == "img"
        assert page.locator("#plot-label").text_content() == (
            "Your six-card rating after each rated match, one line per grid size"
        )
        assert plot.locator("polyline[data-grid='4']").count() == 1
        assert plot.locator("text", has_text="Rated matches").count() == 1
        page.locator("#plot-panel summary").click()
        cells = page.locator("#plot-table tbody tr").first.locator("td")
        assert cells.nth(0).inner_text() == "1" and float(cells.nth(1).inner_text()) == rating
        assert page.locator("#recent li").count() == 1
        assert_fits(page, "/me")
        assert serious_violations(page) == [], "/me"

        page.goto("/leaderboards")
        page.wait_for_selector("body.ready")
        page.select_option("#grid", "4")
        mine = page.locator("#board-table tbody tr.you")
        mine.wait_for()
        assert mine.locator("th").inner_text() == f"{name} (you)"
        assert mine.get_attribute("aria-current") == "true"
        assert float(mine.locator("td").nth(1).inner_text()) == rating
        assert "enough rated matches at this grid size (at least 1)" in page.locator("#board-help").inner_text()
        page.select_option("#board", "daily")
        page.wait_for_selector("#period-field:not([hidden])")
        page.select_option("#period", "week")
        page.wait_for_function("() => location.search.includes('period=week')")
        assert_fits(page, "/leaderboards")
        assert serious_violations(page) == [], "/leaderboards"
        page.goto("/leaderboards?lang=fr&board=sixcard&grid=4")
        page.wait_for_selector("body.ready")
        assert page.locator("h1").inner_text() == "Classements"
        page.locator("#board-table tbody tr.you").wait_for()
        assert page.locator("#board-table tbody tr.you th").inner_text() == f"{name} (vous)"
        assert not page.errors
    finally:
        context.close()


def test_the_home_page_links_to_both(new_page):
    page = new_page("/")
    page.click("#leaderboards-link")
    page.wait_for_selector("body.ready")
    assert page.locator("h1").inner_text() == "Leaderboards"
    page.goto("/")
    page.click("#me-link")
    page.wait_for_selector("body.ready")
    assert page.locator("#ratings-none").is_visible(), "a new player has no rating yet"
