"""Golf Solitaire installed and played offline, in Chromium: the install criteria (manifest, a
service worker controlling the page), a reload and a whole game with the network off, and the
games played offline reaching the server once each when it comes back."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.browser

CONTROLLED = "() => navigator.serviceWorker.controller !== null && document.body.classList.contains('ready')"


def installed(page) -> None:
    """Wait until the service worker has kept everything and controls the page."""
    page.evaluate("() => navigator.serviceWorker.ready")
    page.wait_for_function(CONTROLLED)


def test_the_page_meets_the_install_criteria(new_page):
    page = new_page()
    installed(page)
    session = page.context.new_cdp_session(page)
    manifest = session.send("Page.getAppManifest")
    assert manifest["url"].endswith("/solitaire.webmanifest") and not manifest["errors"], manifest["errors"]
    errors = {error["errorId"] for error in session.send("Page.getInstallabilityErrors")["installabilityErrors"]}
    assert errors <= {"in-incognito"}, errors  # every Playwright context is an incognito one
    state = page.evaluate("() => navigator.serviceWorker.ready.then((r) => [r.active.state, r.scope])")
    assert state[0] == "activated" and state[1].endswith("/solitaire")
    assert not page.errors
