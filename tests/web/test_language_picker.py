"""The language picker of every page, in a real browser: it offers the seven languages, shows the
page's own, and a choice holds, also on a page opened with ``?lang=`` in its address (as the home
page's links open them)."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.browser

LANGUAGES = ["ca", "de", "el", "en", "es", "fr", "pt"]


@pytest.mark.parametrize("path", ["/", "/daily", "/solitaire", "/sixcard", "/account", "/leaderboards", "/me"])
def test_the_picker_offers_every_language_and_a_choice_holds(new_page, path):
    page = new_page(f"{path}?lang=ca")
    assert page.evaluate("() => document.documentElement.lang") == "ca"
    options = page.eval_on_selector_all("#language option", "os => os.map((o) => [o.value, o.lang])")
    assert sorted(options) == [[code, code] for code in LANGUAGES]
    assert page.input_value("#language") == "ca"
    if path == "/solitaire":
        page.click("#open-settings")  # the picker is among the settings there
    page.select_option("#language", "pt")
    page.wait_for_function("() => document.documentElement.lang === 'pt'")
    page.wait_for_selector("body.ready")
    assert page.input_value("#language") == "pt"
    page.reload()
    page.wait_for_selector("body.ready")
    assert page.evaluate("() => document.documentElement.lang") == "pt"
    assert page.input_value("#language") == "pt"
    assert not page.errors
