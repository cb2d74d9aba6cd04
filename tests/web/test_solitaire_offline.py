"""Golf Solitaire installed and played offline, in Chromium: the install criteria (manifest, a
service worker controlling the page), a reload and a whole game with the network off, and the
games played offline reaching the server once each when it comes back."""

from __future__ import annotations

import pytest
from play import BLOCKING_CODE, OUTBOX, REFERENCE, STATS, click_action, deal, installed, send_kept_game_again, sent

pytestmark = pytest.mark.browser


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


def test_offline_the_page_reloads_deals_plays_and_undoes_and_the_game_reaches_the_server_once(new_page, reference_deal):
    page = new_page()
    installed(page)
    page.context.set_offline(True)
    page.reload()
    page.wait_for_selector("body.ready")
    # No network: a game of this device is dealt, and the page says how it is played.
    page.wait_for_function("() => document.getElementById('message').textContent.startsWith('No network')")
    assert page.locator("#tableau .card").count() == 35
    deal(page, REFERENCE)
    line = reference_deal["easy_winning_line"]
    for action in line[:6]:
        click_action(page, action)
    stock_before = page.text_content("#stock-count")
    page.click("#undo-near")  # the sixth action, a take from column 6, goes back
    page.wait_for_function("() => document.getElementById('message').textContent.startsWith('Undone')")
    assert page.text_content("#stock-count") == stock_before
    page.click("#redo-near")
    page.wait_for_function("() => document.getElementById('message').textContent.startsWith('You removed')")
    for action in line[6:]:
        click_action(page, action)
    page.locator("#end-dialog").wait_for(state="visible")
    assert page.text_content("#end-message") == "You won! Score: 350"
    # Back online: the won game goes to the server once.
    page.context.set_offline(False)
    sent(page)
    assert page.evaluate(STATS) == [[1, 1]]
    # The answer was lost on the way (the game is sent again): the server recorded it once.
    send_kept_game_again(page)
    assert page.evaluate(STATS) == [[1, 1]]
    assert not page.errors


def test_offline_a_game_blocks_the_solver_needs_the_network_and_a_left_game_counts_once_back(new_page):
    page = new_page()
    installed(page)
    page.context.set_offline(True)
    page.reload()
    page.wait_for_selector("body.ready")
    page.click("#hint")
    page.wait_for_function("() => document.getElementById('message').textContent.includes('need the network')")
    deal(page, BLOCKING_CODE)
    for _ in range(16):
        click_action(page, "d")
    page.locator("#end-dialog").wait_for(state="visible")
    assert page.text_content("#end-title") == "No more moves"
    assert page.is_visible("#end-undo")
    page.click("#end-undo")  # out of the block, and back into it
    page.wait_for_function(
        "() => !document.getElementById('end-dialog').open && document.getElementById('stock-count').textContent === '1'"
    )
    click_action(page, "d")
    page.locator("#end-dialog").wait_for(state="visible")
    page.click("#end-new")  # the blocked game is left for a new deal: it goes to the outbox
    page.wait_for_function("() => !document.getElementById('end-dialog').open")
    deal(page, REFERENCE)
    assert page.evaluate(OUTBOX) is not None
    page.context.set_offline(False)
    sent(page)
    assert page.evaluate(STATS) == [[1, 0]]
    assert not page.errors
