"""The six-card record page on a phone: with a finished match of four on the 9-card grid in the record,
its statistics, its history and its replay board (four 3×3 grids, the scorecard) keep to the screen at
360×740 and 320×640; a wide table may scroll inside its own box, never the page (in English at
360 px the statistics' tables need not even that), with no serious axe violation."""

from __future__ import annotations

import pytest
from axe_check import serious_violations
from tests.web.test_phone_width import assert_fits

pytestmark = pytest.mark.browser

PLAY_A_MATCH = """async (rules) => {
  // Ana (this browser's player) against three bots, through the API and the WebSocket, as the page
  // would: turn up cards, then draw and swap into a face-down place until the match is over.
  const created = await fetch("/api/sixcard/rooms?lang=en", {
    method: "POST", headers: { "content-type": "application/json" },
    body: JSON.stringify({ name: "Ana", players: 4, bots: ["easy", "normal", "strong"], start: true, rules }),
  });
  const room = await created.json();
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const ws = new WebSocket(`${scheme}://${location.host}/ws/sixcard/${room.code}?lang=en`);
  const choose = (view) => {
    if (view.phase === "draw") return { type: "draw" };
    if (view.phase === "place") {
      const down = view.grids[view.viewer].flatMap((card, place) => (card === null ? [place] : []));
      return down.length ? { type: "swap", position: down[0] } : { type: "discard" };
    }
    return view.legal[0];
  };
  return await new Promise((resolve, reject) => {
    ws.onopen = () => ws.send(JSON.stringify({ type: "hello", token: room.token }));
    ws.onerror = () => reject(new Error("the socket failed"));
    ws.onmessage = (event) => {
      const message = JSON.parse(event.data);
      if (message.type === "error") reject(new Error(JSON.stringify(message)));
      if (message.type !== "state" || message.view === null || message.seat !== 0) return;
      if (message.scorecard.over) { ws.close(); resolve(message.scorecard.totals); return; }
      const view = message.view;
      if (view.phase === "over") ws.send(JSON.stringify({ type: "next_hole" }));
      else if (view.to_act.includes(0) && view.legal.length) ws.send(JSON.stringify({ type: "act", action: choose(view) }));
    };
  });
}"""


@pytest.fixture
def record_page(new_page):
    """A new player's record page once the player has finished one match of four on the 9-card grid."""
    page = new_page("/sixcard", phone=True)
    totals = page.evaluate(PLAY_A_MATCH, {"grid": 9, "holes": 1})
    assert len(totals) == 4
    page.goto("/sixcard/record")
    page.wait_for_selector("body.ready")
    page.wait_for_selector("#history li.match")
    return page


@pytest.mark.parametrize("size", [{"width": 360, "height": 740}, {"width": 320, "height": 640}])
def test_the_record_and_its_replay_fit_a_phone(record_page, size):
    page = record_page
    page.set_viewport_size(size)
    page.wait_for_function("w => innerWidth === w", arg=size["width"])
    assert page.locator("#grid-stats tbody tr").count() == 1
    assert_fits(page, "the statistics and the history")
    for table in ("#grid-stats", "#bot-stats") if size["width"] >= 360 else ():  # in English, nothing to scroll
        box = page.locator(table).evaluate("t => [t.parentElement.scrollWidth, t.parentElement.clientWidth]")
        assert box[0] <= box[1], (table, box)
    page.click("#history li.match button[data-match]")
    page.wait_for_selector("#replay:not([hidden]) .replay-seats .seat-panel .grid")
    assert page.locator("#replay-table .seat-panel").count() == 4
    assert_fits(page, "the replay at the deal")
    page.click("#replay-last")
    page.wait_for_function("() => document.getElementById('replay-next').disabled")
    assert_fits(page, "the replay at the hole's end")
    assert serious_violations(page) == [], "the record with a replay open"
    assert not page.errors
