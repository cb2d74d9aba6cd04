"""The playing surface in a real browser: a table sized to the window, a dragged card that stays in
view, three looks for playable, hinted and focused cards, drawn court cards and icons that need no font.

Each test failed on the page before its fix: cards were at most 86 px wide at every size (a third of a
1920-px window; a phone on its side scrolled to reach the stock), a six-card player's 9-card grid fell
below the fold with three bots, a dragged card was clipped as it left the columns, one gold ring meant
playable, hinted and focused alike, court cards were a letter in a box, and the replay's buttons were
font glyphs (empty boxes on a stock Debian Chromium).
"""

from __future__ import annotations

import pytest
from play import REFERENCE, deal
from sixcard_play import start_against_bots

pytestmark = pytest.mark.browser

SIZES = [(360, 640), (360, 740), (740, 360), (1024, 600), (1280, 800), (1920, 960), (2560, 1440)]

BOXES = """(selectors) => {
  const page = document.documentElement;
  return {
    width: innerWidth, height: innerHeight, scrollWidth: page.scrollWidth, scrollHeight: page.scrollHeight,
    scrollY: scrollY,
    boxes: Object.fromEntries(selectors.map((s) => [s, [...document.querySelectorAll(s)].map((e) => {
      const b = e.getBoundingClientRect();
      return [b.left, b.top, b.right, b.bottom];
    })])),
  };
}"""


def resize(page, width: int, height: int) -> dict:
    page.set_viewport_size({"width": width, "height": height})
    page.wait_for_function("([w, h]) => innerWidth === w && innerHeight === h", arg=[width, height])
    page.evaluate("() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))")
    return page.evaluate(BOXES, ["#tableau .card", "#tableau", "#stock", "#discard", "#me .grid", "#me .grid .card"])


def outside(found: dict, selector: str) -> list:
    """The boxes of ``selector`` that are not wholly inside the window (none found counts as outside)."""
    boxes = found["boxes"][selector]
    if not boxes:
        return ["nothing found"]
    w, h = found["width"], found["height"]
    return [b for b in boxes if b[0] < -0.5 or b[1] < -0.5 or b[2] > w + 0.5 or b[3] > h + 0.5]


def test_the_solitaire_table_fills_the_window_without_scrolling(new_page):
    page = new_page()
    deal(page, REFERENCE)
    widths = {}
    for width, height in SIZES:
        found = resize(page, width, height)
        where = f"{width}×{height}"
        assert len(found["boxes"]["#tableau .card"]) == 35, where
        for selector in ("#tableau .card", "#tableau", "#stock", "#discard"):
            assert not outside(found, selector), (where, selector, outside(found, selector))
        assert found["scrollHeight"] <= height and found["scrollWidth"] <= width, (where, found["scrollHeight"])
        first = found["boxes"]["#tableau .card"][0]
        widths[(width, height)] = first[2] - first[0]
    assert widths[(1920, 960)] >= 1.3 * widths[(1280, 800)], widths
    assert widths[(2560, 1440)] >= widths[(1920, 960)], widths
    assert widths[(740, 360)] >= 50, "a phone on its side still shows cards a finger can take"
    assert not page.errors


@pytest.mark.parametrize("grid", ["9", "8", "4"])
def test_your_six_card_grid_stays_whole_on_screen_with_three_bots(new_page, grid):
    page = new_page("/sixcard")
    start_against_bots(page, 3, grid=grid)
    page.wait_for_selector("#scorecard-panel:not([hidden])")
    sizes = {}
    for width, height in SIZES:
        found = resize(page, width, height)
        where = f"{width}×{height}"
        assert found["scrollY"] == 0, where
        assert len(found["boxes"]["#me .grid .card"]) == int(grid), where
        assert not outside(found, "#me .grid"), (where, outside(found, "#me .grid"))
        assert found["scrollWidth"] <= width, where
        box = found["boxes"]["#me .grid .card"][0]
        sizes[(width, height)] = box[2] - box[0]
    assert sizes[(1920, 960)] > sizes[(1280, 800)], sizes
    assert not page.errors
