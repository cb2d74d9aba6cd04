"""A new player's first load of the Golf Solitaire page keeps to its budget, the first deal's guide included."""

from __future__ import annotations

import re

import pytest

from conftest import PHONE

pytestmark = pytest.mark.browser

BUDGET = 150 * 1024
"""Bytes a new player's browser receives for ``/solitaire`` (headers and bodies, uncompressed), no cache,
until the network is idle."""


def test_a_new_players_first_load_is_under_the_budget(browser, server_url):
    """A fresh profile opens /solitaire: the page, its modules, words, game and the guide that a new
    player is shown, counted as Chromium received them (``Network.loadingFinished``), stay under 150 KB."""
    context = browser.new_context(base_url=server_url, viewport=PHONE, locale="en-GB")
    try:
        page = context.new_page()
        cdp = context.new_cdp_session(page)
        cdp.send("Network.enable")
        cdp.send("Network.setCacheDisabled", {"cacheDisabled": True})
        urls: dict[str, str] = {}
        received: dict[str, int] = {}
        cdp.on("Network.requestWillBeSent", lambda event: urls.update({event["requestId"]: event["request"]["url"]}))
        cdp.on(
            "Network.loadingFinished",
            lambda event: received.update({event["requestId"]: int(event["encodedDataLength"])}),
        )
        page.goto("/solitaire")
        page.wait_for_selector("body.ready")
        page.locator("#guide").wait_for(state="visible")  # the new player's guide, its words and looks loaded
        page.wait_for_load_state("networkidle")
        sizes = sorted(((size, urls.get(request, "?")) for request, size in received.items()), reverse=True)
        total = sum(size for size, _ in sizes)
        assert any("/static/solitaire/guide.js" in url for _, url in sizes), "the guide is part of the count"
        listing = ", ".join(f"{url.replace(server_url, '')} {size / 1024:.1f} KB" for size, url in sizes)
        assert total < BUDGET, f"{total / 1024:.1f} KB in {len(sizes)} requests: {listing}"
    finally:
        context.close()


KEY_LIKE = r"\b[a-z]+_[a-z_]+\b"
"""A word's key shown in its place (``stats_games``) where its words were missing."""


def test_the_windows_loaded_later_bring_their_words_in_the_pages_language(new_page):
    """The statistics window's words (sent only when it is first opened) are French on a French page;
    after the language is changed to Greek the keys window's and the statistics window's are Greek."""
    page = new_page(locale="fr-FR")
    assert page.evaluate("() => document.documentElement.lang") == "fr"
    page.click("#open-stats")
    page.locator("#stats-dialog").wait_for(state="visible")
    stats = page.text_content("#stats-dialog")
    assert "Parties" in stats and not re.search(KEY_LIKE, stats), stats
    page.keyboard.press("Escape")
    page.locator("#stats-dialog").wait_for(state="hidden")
    page.click("#open-settings")
    page.select_option("#language", "el")
    page.wait_for_function("() => document.documentElement.lang === 'el'")
    page.keyboard.press("Escape")
    page.locator("#settings-dialog").wait_for(state="hidden")
    page.click("#open-help")
    page.locator("#help-dialog").wait_for(state="visible")
    keys = page.text_content("#help-keys")
    assert not re.search(KEY_LIKE, keys) and re.search("[α-ω]", keys), keys
    page.keyboard.press("Escape")
    page.click("#open-stats")
    page.locator("#stats-dialog").wait_for(state="visible")
    stats = page.text_content("#stats-dialog")
    assert "Parties" not in stats and not re.search(KEY_LIKE, stats) and re.search("[α-ω]", stats), stats
    assert not page.errors
