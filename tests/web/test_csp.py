"""The pages keep to ``script-src 'self'; style-src 'self'``: no inline script, style or handler.

The markup is scanned, and the pages are played in Chromium under the policy the server sends
(drag, motion, every window, themes, replay, a six-card match): the browser reports anything it blocks.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from play import REFERENCE, click_action, deal
from sixcard_play import start_against_bots, still, turn_up

pytestmark = pytest.mark.browser

STATIC = Path(__file__).resolve().parents[2] / "src" / "golfcards" / "web" / "static"
INLINE = re.compile(r"<script(?![^>]*\bsrc=)[^>]*>|<style\b|\sstyle=|\son[a-z]+=", re.IGNORECASE)
RECORD = """
window.__blocked = [];
document.addEventListener("securitypolicyviolation", (event) => {
  window.__blocked.push(`${event.violatedDirective} ${event.blockedURI} ${event.sample}`);
});
"""


@pytest.mark.parametrize("name", sorted(path.name for path in STATIC.glob("*.html")))
def test_static_pages_have_no_inline_script_style_or_handler(name):
    assert INLINE.findall((STATIC / name).read_text(encoding="utf-8")) == []


def test_server_pages_have_no_inline_script_style_or_handler(new_page):
    page = new_page("/")
    for path in ("/rules/solitaire?lang=fr", "/rules/sixcard", "/nowhere"):
        html = page.request.get(path).text()
        assert INLINE.findall(html) == [], path


def test_the_pages_are_played_under_the_servers_policy(new_page, reference_deal):
    page = new_page("/", init_script=RECORD)
    policy = page.request.get("/solitaire").headers["content-security-policy"]
    assert "script-src 'self'" in policy and "style-src 'self'" in policy and "unsafe-inline" not in policy
    page.goto("/solitaire")
    page.wait_for_selector("body.ready")
    deal(page, REFERENCE)
    for action in reference_deal["easy_winning_line"][:6]:
        click_action(page, action)
    page.click('#tableau [data-column="1"][data-row="1"]', position={"x": 10, "y": 6})
    page.wait_for_function("() => document.getElementById('message').dataset.kind === 'refusal'")
    drag_start = page.locator('#tableau [data-column="3"].free').bounding_box()
    page.mouse.move(drag_start["x"] + 20, drag_start["y"] + 20)
    page.mouse.down()
    page.mouse.move(drag_start["x"] + 80, drag_start["y"] + 120, steps=5)
    page.mouse.up()
    for opener in ("#open-settings", "#open-help", "#open-stats"):
        page.click(opener)
        page.locator("dialog[open]").wait_for(state="visible")
        page.keyboard.press("Escape")
    page.click("#open-settings")
    page.select_option("#theme", "dark")
    page.select_option("#card-style", "large")
    page.keyboard.press("Escape")
    page.click("#solution")
    page.wait_for_selector("#replay-bar:not([hidden])")
    page.wait_for_function("() => !document.getElementById('replay-back').disabled")  # it played a move
    still(page)
    page.click("#replay-stop")
    assert page.evaluate("window.__blocked") == []
    for path in ("/", "/rules/solitaire", "/sixcard"):
        page.goto(path)
        page.wait_for_load_state()
        assert page.evaluate("window.__blocked") == [], path
    start_against_bots(page)
    turn_up(page)
    still(page)
    assert page.evaluate("window.__blocked") == []
    assert not page.errors
