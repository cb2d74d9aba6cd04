"""No page is wider than a phone's screen, in any language: a long word of one language (a rule's name
in Greek, a link in Catalan, a scorecard of four players in German) must wrap or scroll inside its own
box, never make the whole page scroll sideways."""

from __future__ import annotations

import pytest
from tests.web.page_fits import assert_fits

pytestmark = pytest.mark.browser

LANGUAGES = ["ca", "de", "el", "en", "es", "fr", "pt"]
PAGES = [
    "/",
    "/solitaire",
    "/daily",
    "/sixcard",
    "/sixcard/record",
    "/account",
    "/leaderboards",
    "/me",
    "/rules",
    "/rules/solitaire",
    "/rules/sixcard",
]


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_page_fits_a_phone_in_every_language(new_page, language):
    page = new_page(f"/?lang={language}", phone=True)
    for path in PAGES:
        page.goto(f"{path}?lang={language}")
        page.wait_for_function(
            "() => document.body.classList.contains('ready') || !document.querySelector('script[type=module]')"
        )
        assert_fits(page, path)
    page.goto(f"/sixcard?lang={language}")
    page.wait_for_selector("body.ready")
    page.select_option("#bots-form select[name=bots]", "3")
    page.click("#bots-form button[type=submit]")
    page.wait_for_selector("#play:not([hidden])")
    page.wait_for_selector("#scorecard-panel:not([hidden])")
    assert_fits(page, "a six-card table with three bots")
    assert not page.errors


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_solitaire_windows_fit_a_small_phone_in_every_language(new_page, language):
    """320 px wide (the narrowest phones still in use), large print: the new game, settings,
    statistics and shortcuts windows keep to the screen (a key combination or a fieldset wider than
    the window cut its text off)."""
    page = new_page(
        f"/solitaire?lang={language}",
        phone=True,
        init_script="localStorage.setItem('golfcards.look', JSON.stringify({cards: 'large'}))",
    )
    page.set_viewport_size({"width": 320, "height": 640})
    page.wait_for_function("() => innerWidth === 320")
    assert_fits(page, "the board")
    for opener, window in [
        ("#change-rules", "#new-dialog"),
        ("#open-settings", "#settings-dialog"),
        ("#open-stats", "#stats-dialog"),
        ("#open-help", "#help-dialog"),
    ]:
        page.click(opener)
        page.wait_for_selector(f"{window}[open]")
        assert_fits(page, window)
        page.keyboard.press("Escape")
        page.wait_for_selector(f"{window}:not([open])", state="attached")
    assert not page.errors


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_six_card_room_fits_a_small_phone_in_every_language(new_page, language):
    """320 px wide: a new room of four waiting for its players, then a table with three bots (the
    house rules' list wraps its long words: Catalan and Spanish pushed the page sideways)."""
    page = new_page(f"/sixcard?lang={language}", phone=True)
    page.set_viewport_size({"width": 320, "height": 640})
    page.wait_for_function("() => innerWidth === 320")
    page.select_option("#room-form select[name=players]", "4")
    page.click("#create-room")
    page.wait_for_selector("#seats li")
    assert_fits(page, "a room waiting for its players")
    page.goto(f"/sixcard?lang={language}")
    page.wait_for_selector("body.ready")
    page.select_option("#bots-form select[name=bots]", "3")
    page.click("#bots-form button[type=submit]")
    page.wait_for_selector("#play:not([hidden])")
    assert_fits(page, "a table with three bots")
    assert not page.errors
