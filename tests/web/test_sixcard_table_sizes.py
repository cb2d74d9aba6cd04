"""A six-card table of four (you and three bots) at every size, upright and on its side, with every grid.

Each grid (2 × 2, 2 × 3, 2 × 4, 3 × 3), before and after you draw a card, at 360×640, 360×740, 740×360,
640×360, 1024×600, 1280×800, 1920×960 and 2560×1440: the page is at its top, nothing scrolls sideways,
every grid, the piles and the card you drew are wholly in the window, no two parts overlap, and the
cards stay large enough to read and to play (yours at least 44 px wide, the opponents' at least 18 px).
Before the table was sized for low, wide windows, your 3 × 3 grid had cards 34 px wide on a phone on
its side, the opponents' 2 × 4 grids 11–13 px, and the card you drew fell below the window there.
"""

from __future__ import annotations

import pytest
from sixcard_play import NO_MOTION, start_against_bots, turn_up, wait_my_draw

pytestmark = pytest.mark.browser

SIZES = [(360, 640), (360, 740), (740, 360), (640, 360), (1024, 600), (1280, 800), (1920, 960), (2560, 1440)]
OWN_CARD = 44
"""The narrowest of your cards, in CSS pixels: a finger's target."""
OPPONENT_CARD = 18
"""The narrowest of an opponent's cards, in CSS pixels."""

TABLE = """() => {
  const box = (node) => { const b = node.getBoundingClientRect(); return [b.left, b.top, b.right, b.bottom]; };
  const shown = (selector) => [...document.querySelectorAll(selector)].filter((node) => node.offsetParent);
  const parts = shown('#opponents .seat-panel, #me, #six-stock, #six-discard, #holding-card, #throw');
  const overlaps = [];
  const panels = shown('#opponents .seat-panel, #me, .play .middle');
  panels.forEach((a, i) => panels.slice(i + 1).forEach((b) => {
    const [p, q] = [box(a), box(b)];
    if (p[0] < q[2] - 0.5 && q[0] < p[2] - 0.5 && p[1] < q[3] - 0.5 && q[1] < p[3] - 0.5) overlaps.push([a.className, b.className]);
  }));
  return {
    width: innerWidth, height: innerHeight, scrollY, scrollWidth: document.documentElement.scrollWidth,
    parts: parts.map((node) => [node.id || node.className, box(node)]),
    grids: shown('#opponents .grid, #me .grid').map(box),
    overlaps,
    spilling: shown('#opponents .grid, #me .grid').filter((grid) => {
      const [g, p] = [box(grid), box(grid.parentElement)];
      return g[0] < p[0] - 0.5 || g[2] > p[2] + 0.5;
    }).length,
    own: Math.min(...shown('#me .grid .card').map((c) => c.offsetWidth)),
    opponents: Math.min(...shown('#opponents .grid .card').map((c) => c.offsetWidth)),
    holding: Boolean(shown('#holding-card .card').length),
  };
}"""


def measured(page, width: int, height: int) -> dict:
    page.set_viewport_size({"width": width, "height": height})
    page.wait_for_function("([w, h]) => innerWidth === w && innerHeight === h", arg=[width, height])
    page.evaluate("() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))")
    page.wait_for_function(NO_MOTION)
    return page.evaluate(TABLE)


def problems(found: dict) -> list[str]:
    """What is wrong with the table as measured (nothing: an empty list)."""
    w, h = found["width"], found["height"]
    inside = lambda b: b[0] >= -0.5 and b[1] >= -0.5 and b[2] <= w + 0.5 and b[3] <= h + 0.5  # noqa: E731
    found_problems = [f"{name} outside the window {b}" for name, b in found["parts"] if not inside(b)]
    found_problems += [f"a grid outside the window {b}" for b in found["grids"] if not inside(b)]
    if len(found["grids"]) != 4:
        found_problems.append(f"{len(found['grids'])} grids shown")
    if found["scrollY"] or found["scrollWidth"] > w:
        found_problems.append(f"scrolled {found['scrollY']}, {found['scrollWidth']} px wide")
    if found["overlaps"] or found["spilling"]:
        found_problems.append(f"overlapping {found['overlaps']}, {found['spilling']} grids wider than their panel")
    if found["own"] < OWN_CARD:
        found_problems.append(f"your cards {found['own']} px wide")
    if found["opponents"] < OPPONENT_CARD:
        found_problems.append(f"the opponents' cards {found['opponents']} px wide")
    return found_problems


@pytest.mark.parametrize("grid", ["4", "6", "8", "9"])
def test_a_table_of_four_is_whole_on_screen_at_every_size(new_page, grid):
    page = new_page("/sixcard")
    start_against_bots(page, 3, grid=grid)
    page.wait_for_selector("#scorecard-panel:not([hidden])")
    failures, own = [], {}
    for width, height in SIZES:
        found = measured(page, width, height)
        failures += [f"{width}×{height}: {problem}" for problem in problems(found)]
        own[(width, height)] = found["own"]
    while page.locator("#me .grid button.back:not([disabled])").count() and page.is_disabled("#six-stock"):
        turn_up(page)  # the first cards of the hole (2, or 3 with a 3 × 3 grid)
    wait_my_draw(page)
    page.click("#six-stock")
    page.wait_for_selector("#holding:not([hidden])")
    for width, height in SIZES:
        found = measured(page, width, height)
        assert found["holding"], "the card you drew is shown"
        failures += [f"{width}×{height}, a card drawn: {problem}" for problem in problems(found)]
    assert not failures, "\n".join(failures)
    assert own[(1920, 960)] >= own[(1280, 800)] and own[(2560, 1440)] >= own[(1920, 960)], own
    assert not page.errors
