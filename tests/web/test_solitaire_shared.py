"""A shared game in Chromium: the link Share copies, opened on a second golfcards server, is replayed
there and its result confirmed; no card of the stock is shown (nor fetched) until the visitor has been
told and chose to see the moves; a forged link says plainly that it does not replay."""

from __future__ import annotations

import re

import pytest
from axe_check import serious_violations
from play import REFERENCE, click_action, deal

from conftest import start_server

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def second_server(tmp_path_factory):
    process, address = start_server(tmp_path_factory.mktemp("second") / "golf.sqlite3")
    yield address
    process.terminate()
    process.wait(timeout=10)


def shared_text(page) -> str:
    """Click Share in the end window and read the text it copied."""
    page.locator("#end-dialog").wait_for(state="visible")
    page.click("#end-share")
    page.wait_for_function("() => document.getElementById('share-status').textContent !== ''")
    return page.evaluate("navigator.clipboard.readText()")


def open_on(browser, address: str, link: str, phone: bool = False):
    """``link``'s path and query opened on the server at ``address``, by a new visitor."""
    context = browser.new_context(
        viewport={"width": 360, "height": 740} if phone else {"width": 1280, "height": 800}, locale="en-GB"
    )
    context.add_init_script("localStorage.setItem('golfcards.guide', JSON.stringify({ done: true }))")
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.errors = errors
    asked: list[str] = []
    page.on("request", lambda request: asked.append(request.url))
    page.asked = asked
    page.goto(address + link[link.index("/solitaire") :])
    page.wait_for_selector("body.ready")
    return context, page


def test_a_shared_win_is_confirmed_on_another_server_and_shows_the_stock_only_when_asked(
    new_page, reference_deal, browser, second_server
):
    page = new_page(permissions=["clipboard-read", "clipboard-write"])
    deal(page, REFERENCE)
    line = reference_deal["easy_winning_line"]
    for action in line:
        click_action(page, action)
    link = re.search(r"https?://\S+", shared_text(page)).group(0)
    context, friend = open_on(browser, second_server, link, phone=True)
    try:
        friend.locator("#check-dialog").wait_for(state="visible")
        friend.wait_for_function("() => document.getElementById('check-message').dataset.result === 'won'")
        assert friend.text_content("#check-message") == f"It replays: won, score 350, {len(line)} moves."
        assert friend.text_content("#check-deal") == f"{REFERENCE} · Easy (King and Ace joined)"
        assert friend.evaluate("location.search") == "", "the link leaves the address"
        # Nothing of the shared deal is on the board or was fetched: the visitor's own deal stays.
        assert friend.text_content("#code") != REFERENCE
        assert not any("steps=1" in url for url in friend.asked)
        friend.click("#check-watch")
        assert serious_violations(friend) == []
        assert "every card of the stock" in friend.text_content("#check-warning")
        assert not any("steps=1" in url for url in friend.asked)
        friend.click("#check-show")
        friend.locator("#replay-bar").wait_for(state="visible")
        friend.wait_for_function(
            "() => document.getElementById('replay-text').textContent.startsWith('Shared game: move')"
        )
        assert re.match(rf"Shared game: move \d+ of {len(line)}", friend.text_content("#replay-text"))
        assert not friend.errors
    finally:
        context.close()


def test_a_forged_link_says_it_does_not_replay_and_offers_the_deal(browser, second_server, reference_deal):
    moves = "".join(reference_deal["easy_winning_line"])
    forged = moves[:10] + ("1" if moves[10] != "1" else "2") + moves[11:]
    context, friend = open_on(browser, second_server, f"/solitaire?code={REFERENCE}&moves={forged}")
    try:
        friend.locator("#check-dialog").wait_for(state="visible")
        friend.wait_for_function("() => document.getElementById('check-message').dataset.result === 'bad'")
        assert friend.text_content("#check-message").startswith("This game does not replay: move 11 (")
        assert friend.is_hidden("#check-watch")
        friend.click("#check-play")
        friend.wait_for_function("code => document.getElementById('code').textContent === code", arg=REFERENCE)
        assert friend.text_content("#moves") == "0"
        assert not friend.errors
    finally:
        context.close()
