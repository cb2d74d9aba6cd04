"""The daily deal without the network, in Chromium: after one visit of the daily page, the page and
the day's code come from the service worker, *Play today's deal* deals it on the device, and the
game played there counts as the player's daily game once the network is back, once."""

from __future__ import annotations

import pytest
from play import OUTBOX, click_action, play_daily, send_kept_game_again, sent

from golfcards.solitaire.solver import solve

pytestmark = pytest.mark.browser

DAILY = "() => fetch('/api/solitaire/daily?rule=easy').then((answer) => answer.json())"
BOTH_KEPT = """() => navigator.serviceWorker.getRegistrations().then((all) =>
  all.filter((r) => r.active && r.active.state === 'activated').map((r) => new URL(r.scope).pathname).sort().join(' '))"""


def test_after_one_visit_the_daily_deal_plays_offline_and_counts_once_back(new_page):
    page = new_page("/daily")
    page.wait_for_function("() => document.getElementById('daily-code').textContent.startsWith('GO1-')")
    code = page.text_content("#daily-code")
    page.wait_for_function(f"() => ({BOTH_KEPT[6:]}).then((scopes) => scopes === '/daily /solitaire')")
    page.evaluate("() => navigator.serviceWorker.ready")
    page.wait_for_function("() => navigator.serviceWorker.controller !== null")
    page.context.set_offline(True)
    page.reload()
    page.wait_for_selector("body.ready")
    page.wait_for_function("code => document.getElementById('daily-code').textContent === code", arg=code)
    play_daily(page)
    page.wait_for_function("code => document.getElementById('code').textContent === code", arg=code)
    line = solve(code).line
    assert line is not None, "the daily deal is winnable"
    for move in line:
        click_action(page, move.notation)
    page.locator("#end-dialog").wait_for(state="visible")
    assert page.evaluate(OUTBOX) is not None
    page.context.set_offline(False)
    sent(page)
    mine = [row for row in page.evaluate(DAILY)["table"] if row["you"]]
    assert [(row["status"], row["moves"]) for row in mine] == [("won", len(line))]
    # Sent again (its answer lost on the way): still counted once.
    send_kept_game_again(page)
    assert len([row for row in page.evaluate(DAILY)["table"] if row["you"]]) == 1
    assert not page.errors
