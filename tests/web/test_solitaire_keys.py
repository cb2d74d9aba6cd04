"""The Golf Solitaire page's keyboard from the moment it loads."""

from __future__ import annotations

import pytest
from play import BLOCKING_CODE, REFERENCE, click_action, deal, press_and_wait, reload

pytestmark = pytest.mark.browser

ACTIVE = """() => {
  const active = document.activeElement;
  return { column: active.dataset.column || null, free: active.classList.contains("free"),
           dialog: active.closest("dialog[open]") ? active.closest("dialog").id : null };
}"""


def test_the_arrow_keys_work_as_soon_as_the_page_is_loaded(new_page):
    """The page says "Arrow keys choose a card, Enter plays it": so they do, before any click or Tab."""
    page = new_page()
    assert "Arrow keys choose a card" in page.text_content("#keys-short")
    page.keyboard.press("ArrowRight")
    assert page.evaluate(ACTIVE) == {"column": "2", "free": True, "dialog": None}
    page.keyboard.press("ArrowLeft")
    assert page.evaluate(ACTIVE) == {"column": "1", "free": True, "dialog": None}
    assert not page.errors


def test_a_window_open_at_load_keeps_the_focus(new_page):
    """A finished game opens its end window as the page loads: the focus stays in that window."""
    page = new_page()
    deal(page, BLOCKING_CODE)
    for _ in range(16):
        click_action(page, "d")
    page.locator("#end-dialog").wait_for(state="visible")
    reload(page)
    page.locator("#end-dialog").wait_for(state="visible")
    assert page.evaluate(ACTIVE)["dialog"] == "end-dialog"


def test_r_redoes_as_in_the_terminal_app(new_page):
    page = new_page()
    deal(page, REFERENCE)
    before = page.text_content("#board-text")
    click_action(page, "d")
    after = page.text_content("#board-text")
    press_and_wait(page, "u")
    assert page.text_content("#board-text") == before
    press_and_wait(page, "r")
    assert page.text_content("#board-text") == after
    assert page.is_disabled("#redo"), "nothing left to redo"
    press_and_wait(page, "u")
    press_and_wait(page, "Shift+R")
    assert page.text_content("#board-text") == after
    page.keyboard.press("?")
    page.locator("#help-dialog").wait_for(state="visible")
    redo_row = page.locator("#help-keys tr", has_text="Redo").inner_text()
    assert redo_row.split()[0] == "R", redo_row
