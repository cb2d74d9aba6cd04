"""A new player's first action on the Golf Solitaire page applies to the deal the page shows."""

from __future__ import annotations

import pytest
from play import click_action, reload, settled

pytestmark = pytest.mark.browser


def test_the_live_line_leaves_a_new_players_deal_alone(new_page):
    """Fresh browser, the live "still winnable" line turned on, then a free card played: the deal on
    screen is the one the server plays, and the move is applied to it."""
    page = new_page()
    code = page.text_content("#code")
    assert page.text_content("#moves") == "0"
    page.click("#open-settings")
    page.check("#live-setting")
    page.click("#settings-dialog .actions .primary")
    page.locator("#settings-dialog").wait_for(state="hidden")
    page.locator("#live-winnable").wait_for(state="visible")  # the server has answered the live question
    assert page.text_content("#code") == code
    draws = 0
    while page.locator("#tableau .card.free.playable").count() == 0:  # some deals start with a draw
        click_action(page, "d")
        draws += 1
    card = page.locator("#tableau .card.free.playable").first
    name = card.get_attribute("data-code")
    card.click()
    page.wait_for_function("n => Number(document.body.dataset.answered || 0) > n", arg=draws)
    settled(page)
    assert page.text_content("#code") == code, "the deal on screen did not change"
    assert page.text_content("#moves") == str(draws + 1), page.text_content("#message")
    assert page.get_attribute("#message", "data-kind") not in ("refusal", "error"), page.text_content("#message")
    assert page.locator(f'#tableau .card[data-code="{name}"]').count() == 0, "the card left its column"
    reload(page)
    assert (page.text_content("#code"), page.text_content("#moves")) == (code, str(draws + 1)), "the server's game"
    assert not page.errors
