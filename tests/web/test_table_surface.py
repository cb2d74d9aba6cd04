"""The playing surface in a real browser: a table sized to the window, a dragged card that stays in
view, three looks for playable, hinted and focused cards, drawn court cards and icons that need no font.

Each test failed on the page before its fix: cards were at most 86 px wide at every size (a third of a
1920-px window; a phone on its side scrolled to reach the stock), a six-card player's 9-card grid fell
below the fold with three bots, a dragged card was clipped as it left the columns, one gold ring meant
playable, hinted and focused alike, court cards were a letter in a box, and the replay's buttons were
font glyphs (empty boxes on a stock Debian Chromium).
"""

from __future__ import annotations

import re

import pytest
from axe_check import serious_violations
from play import REFERENCE, click_action, deal, settled, wait_moves
from playwright.sync_api import expect
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


# --- a dragged card stays in view -------------------------------------------------------------------

COUNT_ANIMATE = """
window.__animate = 0;
const nativeAnimate = Element.prototype.animate;
Element.prototype.animate = function (...args) { window.__animate += 1; return nativeAnimate.apply(this, args); };
"""
DRAGGED_AT = """([x, y]) => {
  const found = document.elementFromPoint(x, y);
  const copy = found && found.closest('.card.dragging');
  return Boolean(copy && copy.getAttribute('aria-hidden') === 'true' && !copy.closest('#tableau'));
}"""


def centre(page, selector: str, down: float = 0.5) -> tuple[float, float]:
    box = page.locator(selector).bounding_box()
    return box["x"] + box["width"] / 2, box["y"] + box["height"] * down


def mouse_drag_through(page, source: str, points: list[tuple[float, float]]) -> None:
    """Press on ``source`` and move through ``points``; after each, the dragged card is what the pointer is over."""
    page.mouse.move(*centre(page, source, 0.7))
    page.mouse.down()
    for point in points:
        page.mouse.move(*point, steps=6)
        page.wait_for_function(DRAGGED_AT, arg=list(point))


def refusal_of_a_tap(page, selector: str) -> str:
    page.click(selector)
    page.wait_for_function("() => document.getElementById('message').dataset.kind === 'refusal'")
    return page.text_content("#message")


@pytest.mark.parametrize("size", [(1280, 800), (360, 740), (740, 360)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_a_dragged_card_stays_above_everything_and_follows_the_mouse(new_page, size):
    page = new_page(init_script=COUNT_ANIMATE)
    page.set_viewport_size({"width": size[0], "height": size[1]})
    deal(page, REFERENCE)
    click_action(page, "d")
    board = page.locator("#tableau").bounding_box()
    above_board = (board["x"] + board["width"] / 2, max(board["y"] - 12, 2))
    over_stock = centre(page, "#stock")
    first = '#tableau [data-column="1"].free'
    # Away from the discard: the card flies back to its place, nothing is played.
    mouse_drag_through(page, first, [above_board, over_stock])
    page.mouse.move(*centre(page, '#tableau .column[data-number="4"]'), steps=4)
    page.mouse.up()
    page.wait_for_function("() => !document.querySelector('.card.dragging') && !document.querySelector('.drag-ghost')")
    settled(page)
    assert page.text_content("#moves") == "1"
    assert page.eval_on_selector(first, "card => card.style.transform") == ""
    assert page.evaluate("window.__animate") >= 1, "the card flies back"
    # A refused drop says what a tap on that card says.
    told = refusal_of_a_tap(page, first)
    page.evaluate("document.getElementById('message').textContent = ''")
    mouse_drag_through(page, first, [over_stock, centre(page, "#discard")])
    page.mouse.up()
    page.wait_for_function("text => document.getElementById('message').textContent === text", arg=told)
    page.wait_for_function("() => !document.querySelector('.card.dragging')")
    assert page.text_content("#moves") == "1"
    # Onto the discard: played as a tap plays it.
    mouse_drag_through(page, '#tableau [data-column="5"].free', [above_board, centre(page, "#discard")])
    page.mouse.up()
    wait_moves(page, 2)
    assert page.get_attribute("#discard > .card:not(.spare)", "aria-label") == "Discard: 9 of clubs"
    assert page.locator(".card.dragging, .drag-ghost").count() == 0
    assert not page.errors


def test_a_dragged_card_follows_a_finger(new_page):
    page = new_page(phone=True, has_touch=True, is_mobile=True)
    deal(page, REFERENCE)
    page.tap("#stock")
    wait_moves(page, 1)
    cdp = page.context.new_cdp_session(page)
    x0, y0 = centre(page, '#tableau [data-column="5"].free', 0.7)
    board = page.locator("#tableau").bounding_box()
    path = [(board["x"] + board["width"] / 2, board["y"] - 10), centre(page, "#stock"), centre(page, "#discard")]
    cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x0, "y": y0}]})
    x, y = x0, y0
    for tx, ty in path:
        for i in range(1, 7):
            point = {"x": x + (tx - x) * i / 6, "y": y + (ty - y) * i / 6}
            cdp.send("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [point]})
        x, y = tx, ty
        page.wait_for_function(DRAGGED_AT, arg=[x, y])
    cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    wait_moves(page, 2)
    assert page.get_attribute("#discard > .card:not(.spare)", "aria-label") == "Discard: 9 of clubs"
    assert page.locator(".card.dragging").count() == 0


def test_no_flight_back_under_reduced_motion(new_page):
    page = new_page(init_script=COUNT_ANIMATE, reduced_motion="reduce")
    deal(page, REFERENCE)
    click_action(page, "d")
    page.evaluate("window.__animate = 0")
    mouse_drag_through(page, '#tableau [data-column="1"].free', [centre(page, "#stock")])
    page.mouse.move(*centre(page, '#tableau .column[data-number="4"]'), steps=4)
    page.mouse.up()
    assert page.evaluate("() => document.querySelectorAll('.card.dragging, .drag-ghost').length") == 0
    mouse_drag_through(page, '#tableau [data-column="5"].free', [centre(page, "#discard")])
    page.mouse.up()
    wait_moves(page, 2)
    assert page.evaluate("window.__animate") == 0


# --- playable, hinted and focused: three looks ----------------------------------------------------

LOOKS = """([cards, themes]) => {
  const look = (node) => {
    const style = getComputedStyle(node);
    const before = getComputedStyle(node, '::before');
    const after = getComputedStyle(node, '::after');
    return {
      outline: style.outlineStyle === 'none' ? 'none' : `${style.outlineStyle} ${style.outlineWidth} ${style.outlineOffset}`,
      lift: style.translate,
      ring: before.content === 'none' ? 'none' : `${before.borderStyle} ${before.borderWidth}`,
      marker: after.content === 'none' ? 'none' : `${after.width} ${after.borderRadius}`,
      label: node.querySelector('.hint-badge') ? node.querySelector('.hint-badge').textContent : '',
    };
  };
  // In one task: the hint's marks last a few seconds, and nothing changes while this runs.
  return themes.map(([theme, felt, style]) => {
    Object.assign(document.documentElement.dataset, { theme, felt, cards: style });
    return [[theme, felt, style], Object.fromEntries(Object.entries(cards).map(([name, s]) => [name, look(document.querySelector(s))]))];
  });
}"""


def test_playable_hinted_and_focused_cards_each_have_their_own_look_in_every_theme(new_page):
    page = new_page()
    deal(page, REFERENCE)
    click_action(page, "d")
    click_action(page, "d")
    playable = sorted(page.eval_on_selector_all("#tableau .card.playable", "cards => cards.map(c => c.dataset.column)"))
    assert playable == ["2", "6"]
    page.locator("#skip").focus()
    page.keyboard.press("Enter")  # Go to the cards: the keyboard on the board (the stock, the last one clicked)
    page.keyboard.press("ArrowRight")
    focused = '#tableau [data-column="1"].free'
    page.wait_for_function("s => document.querySelector(s).matches(':focus-visible')", arg=focused)
    page.keyboard.press("h")
    hinted = page.wait_for_selector("#tableau .card.hinted")
    hinted_column = hinted.get_attribute("data-column")
    assert hinted_column in playable
    other = next(c for c in playable if c != hinted_column)
    assert "Hint" in page.locator("#tableau .card.hinted").inner_text(), "the label is part of the card's name"
    cards = {
        "playable": f'#tableau [data-column="{other}"].free',
        "hinted": "#tableau .card.hinted",
        "focused": focused,
    }
    themes = [
        [theme, felt, style]
        for theme in ("light", "dark")
        for felt, style in (("green", "classic"), ("blue", "four"), ("wine", "large"), ("grey", "classic"))
    ]
    for where, looks in page.evaluate(LOOKS, [cards, themes]):
        where = (where, looks)
        assert looks["playable"]["lift"] != "none" and looks["playable"]["marker"] != "none", where
        assert looks["hinted"]["ring"].startswith("dashed") and looks["hinted"]["label"] == "Hint", where
        assert looks["focused"]["outline"].startswith("solid") and looks["focused"]["ring"] == "none", where
        assert looks["playable"]["outline"] == "none" and looks["focused"]["lift"] == "none", where
        for a, b in (("playable", "hinted"), ("playable", "focused"), ("hinted", "focused")):
            assert looks[a] != looks[b], (a, b, where)
    assert not page.errors


# --- drawn court cards, icons that need no font ---------------------------------------------------

COURT_FACES = """() => [...document.querySelectorAll('#tableau .card, #discard > .card:not(.spare)')]
  .filter((card) => 'JQK'.includes(card.dataset.code[0]) || card.querySelector('.pip svg'))
  .map((card) => {
    const image = card.querySelector('.pip svg');
    const use = image && image.querySelector('use');
    const symbol = use && document.querySelector(use.getAttribute('href'));
    const box = image ? image.getBoundingClientRect() : { width: 0 };
    return {
      code: card.dataset.code,
      figure: use ? use.getAttribute('href') : null,
      shapes: symbol ? symbol.querySelectorAll('path, circle').length : 0,
      drawing: symbol ? new XMLSerializer().serializeToString(symbol).replace(/id="[^"]*"/, '') : '',
      share: box.width / card.getBoundingClientRect().width,
    };
  })"""
GLYPHS = """(ids) => ids.map((id) => {
  const button = document.getElementById(id);
  const seen = [...button.childNodes].filter((n) => !(n.classList && n.classList.contains('visually-hidden')));
  const path = button.querySelector('svg path');
  return { id, text: seen.map((n) => n.textContent).join('').trim(), drawn: Boolean(path && path.getAttribute('d').length > 10) };
})"""


def test_court_cards_show_a_figure_and_the_buttons_icons_need_no_font(new_page):
    page = new_page()
    deal(page, REFERENCE)
    faces = page.evaluate(COURT_FACES)
    assert {face["code"][0] for face in faces} == {"J", "Q", "K"}, faces
    for face in faces:
        assert face["figure"] == f"#figure-{face['code'][0]}", face
        assert face["shapes"] >= 6 and face["share"] >= 0.35, face
    drawings = {face["figure"]: face["drawing"] for face in faces}
    assert len(set(drawings.values())) == 3, "a jack, a queen and a king, each drawn differently"
    page.click("#solution")
    page.wait_for_selector("#replay-bar:not([hidden])")
    buttons = ["replay-back", "replay-play", "replay-forward", "undo-near", "redo-near"]
    for found in page.evaluate(GLYPHS, buttons):
        assert found["text"] == "" and found["drawn"], found
    for selector, name in (
        ("#replay-back", "Previous move"),
        ("#replay-forward", "Next move"),
        ("#undo-near", "Undo"),
        ("#redo-near", "Redo"),
    ):
        expect(page.locator(selector)).to_have_accessible_name(name)
    expect(page.locator("#replay-play")).to_have_accessible_name(re.compile("^(Pause|Play)$"))
    before = page.get_attribute("#replay-play-icon", "d")
    page.click("#replay-play")
    expect(page.locator("#replay-play-icon")).not_to_have_attribute("d", before)
    assert serious_violations(page) == []
    assert not page.errors


def test_a_joker_shows_a_figure_in_its_corners_and_middle(new_page):
    page = new_page()
    deal(page, "GO1-E-AAAAAAB-J2")  # a joker among the columns' cards (a random deal may hide both in the stock)
    jokers = page.locator("#tableau .card.joker, #discard > .card.joker:not(.spare)")
    page.wait_for_function("() => document.querySelectorAll('#tableau .card.joker, #discard > .card.joker').length > 0")
    first = jokers.first
    assert first.locator(".pip svg use").get_attribute("href") == "#figure-X"
    assert first.locator(".corner svg use").count() == 2
    assert "🃏" not in first.inner_text()


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_no_serious_axe_violation_at_every_size(new_page, size):
    page = new_page()
    page.set_viewport_size({"width": size[0], "height": size[1]})
    deal(page, REFERENCE)
    click_action(page, "d")
    page.keyboard.press("h")
    page.wait_for_selector("#tableau .card.hinted, #stock.hinted")
    page.wait_for_function("() => document.getAnimations().every((a) => a.playState !== 'running')")
    assert serious_violations(page) == []
