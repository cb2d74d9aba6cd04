"""A game of the server cut off by the network mid-game goes on in Chromium with the browser's engine,
and what was played meanwhile reaches the server's game when the network is back: one game, counted
once."""

from __future__ import annotations

import pytest
from play import OUTBOX, REFERENCE, STATS, click_action, deal, installed, moves

pytestmark = pytest.mark.browser

SERVER_GAME = "() => fetch('/api/solitaire').then((answer) => answer.json()).then((data) => data.game)"
KEPT = "() => localStorage.getItem('golfcards.solitaire.offline')"


def test_a_game_cut_off_online_goes_on_offline_and_the_rest_reaches_the_server(new_page, reference_deal):
    page = new_page()
    installed(page)
    deal(page, REFERENCE)
    line = reference_deal["easy_winning_line"]
    for action in line[:10]:
        click_action(page, action)
    page.context.set_offline(True)
    for action in line[10:20]:
        click_action(page, action)
    page.click("#undo-near")  # an undo played offline is sent too
    page.wait_for_function("() => document.getElementById('message').textContent.startsWith('Undone')")
    click_action(page, line[19])
    assert moves(page) == 21, "the move counter goes on from the server's"
    assert page.evaluate(KEPT) is not None and page.evaluate(OUTBOX) is not None
    page.context.set_offline(False)
    page.wait_for_function(f"() => ({OUTBOX[6:]}) === null && ({KEPT[6:]}) === null")
    game = page.evaluate(SERVER_GAME)
    assert game["code"] == REFERENCE and game["log"] == "".join(line[:20]) and game["moves"] == 21
    for action in line[20:]:  # the server's game again
        click_action(page, action)
    page.locator("#end-dialog").wait_for(state="visible")
    assert page.text_content("#end-message") == "You won! Score: 350"
    assert page.evaluate(KEPT) is None
    assert page.evaluate(STATS) == [[1, 1]], "one game, counted once"
    assert not page.errors


def test_an_action_whose_answer_was_lost_is_applied_once(new_page, reference_deal):
    page = new_page()
    installed(page)
    deal(page, REFERENCE)
    line = reference_deal["easy_winning_line"]
    for action in line[:5]:
        click_action(page, action)

    def answer_lost(route) -> None:
        route.fetch()  # the server applies the action; its answer never comes back
        route.abort("internetdisconnected")

    page.route("**/api/solitaire/action*", answer_lost, times=1)
    click_action(page, line[5])  # played on the device
    assert page.evaluate(SERVER_GAME)["log"] == "".join(line[:6]), "the server has it too"
    for action in line[6:9]:
        click_action(page, action)
    page.context.set_offline(True)  # the next "online" event sends the rest
    page.wait_for_function("() => !navigator.onLine")
    page.context.set_offline(False)
    page.wait_for_function(f"() => ({OUTBOX[6:]}) === null && ({KEPT[6:]}) === null")
    game = page.evaluate(SERVER_GAME)
    assert game["log"] == "".join(line[:9]) and game["moves"] == 9
    for action in line[9:]:
        click_action(page, action)
    page.locator("#end-dialog").wait_for(state="visible")
    assert page.evaluate(STATS) == [[1, 1]], "one game, counted once"
    assert not page.errors
