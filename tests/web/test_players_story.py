"""One player's story across accounts, ratings, leaderboards and quick play, in Chromium against a real
``golf serve`` opened at http://localhost:PORT (passkeys need a domain):

a laptop plays a Golf Solitaire game, signs up with a passkey and sets a password; a phone (360×740)
signs in with the password and sees the same statistics on /me; the player takes Quick play, the table
fills with a bot, the match is played to its end; /me shows the rating, its range and the plot on both
devices and /leaderboards lists the account's name; the player takes Quick play again and a second
person, on the same grid and seats, takes the bot's seat from the next hole, the table showing the
account's name; signed out, the phone's /me is a stranger's again and the leaderboard marks no row
as its own."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect
from tests.web.conftest import GUIDE_SEEN, start_server
from tests.web.play import BLOCKING_CODE, click_action, deal, statistics
from tests.web.sixcard_play import click_and_settle, play_my_seat, player_context, seated, states, wait_states
from tests.web.test_account_page import close_end_window, with_passkeys

pytestmark = pytest.mark.browser
PASSWORD = "a long enough password"
SLOW_MACHINE_MS = 120_000
"""How long a step may wait for what it waits for (a bound on failure only: a loaded machine's first
solver job or a bot's decision can take tens of seconds)."""


@pytest.fixture(scope="module")
def story_server(tmp_path_factory):
    """A server of its own (its lobby and leaderboard hold only this story) whose public tables wait one
    second for people and whose leaderboard takes a player after one rated match; by name, for passkeys."""
    process, address = start_server(
        tmp_path_factory.mktemp("story") / "golf.sqlite3",
        extra=("--quick-play-wait", "1", "--leaderboard-matches", "1", "--new-players", "1000"),
    )
    yield address.replace("127.0.0.1", "localhost")
    process.terminate()
    process.wait(timeout=10)


def device(browser, base: str, phone: bool = False):
    """A browser (context) of the player's: it counts six-card states and has seen the Solitaire guide."""
    context = player_context(browser, base, phone=phone)
    context.add_init_script(GUIDE_SEEN)
    context.set_default_timeout(SLOW_MACHINE_MS)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.errors = errors
    return context, page


def visit(page, path: str) -> None:
    page.goto(path)
    page.wait_for_selector("body.ready")


def my_page(page) -> dict[str, list[list[str]]]:
    """/me's tables (ratings, six-card statistics, Solitaire, daily deal) as rows of cell texts."""
    visit(page, "/me")
    return page.evaluate(
        """() => Object.fromEntries(["ratings", "sixcard-stats", "solitaire", "daily"].map((id) => [id,
             [...document.querySelectorAll(`#${id} tbody tr`)].map((tr) => [...tr.cells].map((c) => c.innerText))]))"""
    )


def quick_play(page, name: str | None = None) -> None:
    """From the lobby: ask for a seat at a public table of two 4-card grids, under ``name`` if given
    (else as the form stands: signed in, the account's name)."""
    visit(page, "/sixcard")
    form = page.locator("#quick-form")
    if name is not None:
        form.locator('input[name="name"]').fill(name)
    form.locator('select[name="grid"]').select_option("4")
    form.locator('select[name="players"]').select_option("2")
    form.locator("#quick-play").click()
    page.wait_for_url("**/sixcard/*")


def test_a_player_comes_back_on_two_devices_and_quick_play_fills_with_bots_then_a_person(browser, story_server):
    laptop, ada = device(browser, story_server)
    phone, ada_phone = device(browser, story_server, phone=True)
    other, bea = device(browser, story_server, phone=True)
    try:
        # A Solitaire game as a visitor, then an account with a passkey and a password.
        visit(ada, "/solitaire")
        deal(ada, BLOCKING_CODE)
        for _ in range(16):
            click_action(ada, "d")
        close_end_window(ada)
        assert statistics(ada), "the blocked game is counted"
        visit(ada, "/account")
        with_passkeys(laptop, ada)
        ada.fill("#signup-name", "Ada")
        ada.click("#passkey-signup")
        expect(ada.locator("#account-name")).to_have_text("Ada")
        ada.fill("#new-password", PASSWORD)
        ada.click("#password-form button[type=submit]")
        expect(ada.locator("#password-state")).to_have_text("A password is set: you can sign in with it on any device.")
        on_laptop = my_page(ada)
        assert [row[1:3] for row in on_laptop["solitaire"]] == [["1", "0"]], on_laptop

        # The phone signs in with the password and sees the same statistics.
        visit(ada_phone, "/account")
        ada_phone.fill("#signin-name", "ada")
        ada_phone.fill("#signin-password", PASSWORD)
        ada_phone.click("#password-signin button[type=submit]")
        expect(ada_phone.locator("#account-name")).to_have_text("Ada")
        assert my_page(ada_phone) == on_laptop, "the phone's /me is the laptop's"

        # Quick play: nobody comes within the wait, a bot of the closest level takes the seat; the
        # match is played to its end.
        visit(ada, "/sixcard")
        named = ada.locator('#quick-form input[name="name"]')
        expect(named).to_have_value("Ada")
        expect(named).not_to_be_editable()
        quick_play(ada)
        seated(ada)
        expect(ada.locator("#me h2 span").first).to_have_text("Ada")
        expect(ada.locator("#opponents .seat-panel h2 span").first).to_have_text("Normal bot 2")
        play_my_seat(ada, through_the_match=True)
        expect(ada.locator("#rematch")).to_be_visible()

        # The rating right after the match, on both devices, with its range and the plot.
        for page in (ada, ada_phone):
            after = my_page(page)
            assert len(after["ratings"]) == 1, after
            grid, rating, likely, matches, _bot = after["ratings"][0]
            assert grid == "4 cards" and matches == "1"
            assert " to " in likely, "the likely range is shown"
            assert page.locator("#plot svg.rating-plot polyline[data-grid='4']").count() == 1
            assert after["sixcard-stats"][0][:2] == ["4 cards", "1"]
            assert page.locator("#recent li").count() == 1
            assert after["solitaire"] == on_laptop["solitaire"]
        visit(ada_phone, "/leaderboards?board=sixcard&grid=4")
        mine = ada_phone.locator("#board-table tbody tr.you")
        expect(mine.locator("th")).to_have_text("Ada (you)")
        expect(mine.locator("td").nth(1)).to_have_text(rating)
        expect(ada_phone.locator("#board-table tbody tr")).to_have_count(1)

        # Quick play again: a bot fills the table, and a second person on the same grid and seats takes
        # the bot's seat from the next hole; the lobby and the table name the player by the account.
        quick_play(ada)
        seated(ada)
        visit(bea, "/sixcard")
        listed = bea.locator("#public-table-list .public-table")
        expect(listed).to_have_count(1)
        expect(listed.locator(".table-people")).to_have_text("Ada")
        expect(listed.locator(".table-facts")).to_contain_text("1 bot's seat you can take")
        before = states(ada)
        quick_play(bea, "Bea")
        bea.wait_for_selector("#stand-in:not([hidden])")
        assert "next hole" in bea.text_content("#stand-in-text")
        expect(bea.locator("#opponents .seat-panel h2 span").first).to_have_text("Ada")
        wait_states(ada, before)
        play_my_seat(ada)
        click_and_settle([ada, bea], ada, "#next-hole")
        bea.wait_for_selector("#stand-in", state="hidden")
        bea.wait_for_selector("#me .grid button.back:not([disabled])")
        expect(bea.locator("#me h2 span").first).to_have_text("Bea")
        expect(ada.locator("#opponents .seat-panel h2 span").first).to_have_text("Bea")

        # Signed out, the phone is a stranger again: its /me shows nothing of the account.
        visit(ada_phone, "/account")
        ada_phone.click("#sign-out")
        expect(ada_phone.locator("#signed-out")).to_be_visible()
        gone = my_page(ada_phone)
        assert gone == {"ratings": [], "sixcard-stats": [], "solitaire": [], "daily": []}, gone
        visit(ada_phone, "/leaderboards?board=sixcard&grid=4")
        expect(ada_phone.locator("#board-table tbody tr th")).to_have_text(["Ada"])
        expect(ada_phone.locator("#board-table tbody tr.you")).to_have_count(0)
        assert not (ada.errors or ada_phone.errors or bea.errors)
    finally:
        for context in (laptop, phone, other):
            context.close()
