"""Quick play in Chromium: a lone player's public table is filled by bots after the server's wait; the
lobby lists it and a spectator watches it; a second person, arriving during the first hole, takes the
bot's seat when the next hole is dealt. Phone (360×740) and desktop (1280×800), axe clean."""

from __future__ import annotations

import pytest
from axe_check import serious_violations
from sixcard_play import click_and_settle, play_my_seat, player_context, seated, states, wait_states

from conftest import start_server


@pytest.fixture(scope="module")
def quick_server(tmp_path_factory):
    """A server of its own (its lobby lists only this test's tables) whose tables wait one second."""
    process, address = start_server(
        tmp_path_factory.mktemp("quick") / "golf.sqlite3",
        extra=("--quick-play-wait", "1", "--new-players", "1000"),
    )
    yield address
    process.terminate()
    process.wait(timeout=10)


def quick_play(page, name: str) -> None:
    """From the lobby: ``name`` asks for a table of two 4-card grids."""
    page.goto("/sixcard")
    page.wait_for_selector("body.ready")
    form = page.locator("#quick-form")
    form.locator('input[name="name"]').fill(name)
    form.locator('select[name="grid"]').select_option("4")
    form.locator('select[name="players"]').select_option("2")
    form.locator("#quick-play").click()
    page.wait_for_url("**/sixcard/*")


def test_quick_play_filled_by_bots_then_a_second_person_takes_the_bots_seat_between_holes(browser, quick_server):
    contexts = [
        player_context(browser, quick_server),
        player_context(browser, quick_server, phone=True),
        player_context(browser, quick_server, phone=True),
    ]
    try:
        ana, bea, watcher = (context.new_page() for context in contexts)
        quick_play(ana, "Ana")
        seated(ana)  # the bot took the empty seat after the wait, and the match started
        # A newcomer (mu 25) meets the level measured closest to it: the normal bot, placed at mu 25.
        assert ana.locator("#opponents .seat-panel h2 span").first.text_content() == "Normal bot 2"
        assert ana.is_hidden("#start")

        watcher.goto("/sixcard")
        watcher.wait_for_selector("#public-table-list .public-table")
        row = watcher.locator("#public-table-list .public-table")
        assert row.count() == 1
        assert row.locator(".table-people").text_content() == "Ana"
        assert "1 bot's seat you can take" in row.locator(".table-facts").text_content()
        assert serious_violations(watcher) == []
        assert watcher.evaluate("document.documentElement.scrollWidth") <= 360, "the list fits a phone"
        desk = contexts[0].new_page()
        desk.goto("/sixcard")
        desk.wait_for_selector("#public-table-list .public-table")
        assert serious_violations(desk) == []
        desk.close()
        row.get_by_role("link", name="Watch the table of Ana").click()
        watcher.wait_for_selector("#watching:not([hidden])")
        watcher.wait_for_selector("#play:not([hidden])")

        before = states(ana)
        quick_play(bea, "Bea")
        bea.wait_for_selector("#stand-in:not([hidden])")
        assert "next hole" in bea.text_content("#stand-in-text")
        assert bea.is_hidden("#take-back"), "nothing to take back before the next hole"
        assert bea.locator("#me .grid button:not([disabled])").count() == 0, "the bot plays this hole"
        wait_states(ana, before)
        assert serious_violations(bea) == []

        play_my_seat(ana)  # to the hole's end; the bot plays Bea's seat meanwhile
        assert bea.is_visible("#stand-in")
        click_and_settle([ana, bea], ana, "#next-hole")
        bea.wait_for_selector("#stand-in", state="hidden")
        bea.wait_for_selector("#me .grid button.back:not([disabled])")  # Bea turns up her own cards now
        assert bea.text_content("#me h2 span") == "Bea"
    finally:
        for context in contexts:
            context.close()
