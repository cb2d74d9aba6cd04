"""The first deal's guide on the Solitaire page: shown to a new player, four steps on the real board
(the second waits for the player's move), skippable, never shown again, offered again from the keys
window, in the page's language, with no serious axe violation."""

from __future__ import annotations

import json

import pytest
from axe_check import serious_violations
from play import reload, settled

pytestmark = pytest.mark.browser

BLOCKED = """
window.__blocked = [];
document.addEventListener("securitypolicyviolation", (event) => window.__blocked.push(event.violatedDirective));
"""
"""Run before the page's scripts: what the server's Content-Security-Policy blocks (test_csp.py does the same)."""


def apart(a: dict, b: dict) -> bool:
    """Whether two bounding boxes do not overlap."""
    return (
        a["x"] + a["width"] <= b["x"]
        or b["x"] + b["width"] <= a["x"]
        or a["y"] + a["height"] <= b["y"]
        or b["y"] + b["height"] <= a["y"]
    )


def guide_text(page) -> str:
    return page.text_content("#guide-text")


def step_title(page) -> str:
    return page.text_content("#guide-title")


@pytest.mark.parametrize(
    "size", [(1280, 720), (1280, 800), (1920, 960), (1024, 600), (740, 360), (360, 740)], ids=lambda s: f"{s[0]}x{s[1]}"
)
def test_the_guide_never_covers_the_piles_it_does_not_point_at(new_page, size):
    """Step 1 points at the discard and step 3 at the stock: the other pile stays in sight and can be
    tapped (on a wide window the piles stand side by side with the board, one above the other)."""
    width, height = size
    page = new_page(guide=True, viewport={"width": width, "height": height})
    page.locator("#guide").wait_for(state="visible")
    box = page.locator("#guide").bounding_box()
    assert apart(box, page.locator("#stock").bounding_box()), "step 1 leaves the stock in sight"
    assert apart(box, page.locator("#discard").bounding_box()), "step 1 is beside the discard"
    page.click("#stock")  # a draw, the guide open: a new player may play at once
    page.wait_for_function("() => document.getElementById('moves').textContent === '1'")


@pytest.mark.parametrize("phone", [False, True], ids=["1280x800", "360x740"])
def test_a_new_player_is_guided_through_a_first_move(new_page, phone):
    page = new_page(guide=True, phone=phone, init_script=BLOCKED)
    guide = page.locator("#guide")
    guide.wait_for(state="visible")
    assert step_title(page) == "Your first deal · step 1 of 4"
    assert guide_text(page).startswith("This is the discard.")
    assert page.get_attribute("#guide", "role") == "dialog"
    assert page.get_attribute("#guide-text", "aria-live") == "polite"
    assert page.locator("#discard.guide-target").count() == 1, "step 1 points at the discard"
    assert page.eval_on_selector("#discard", "node => getComputedStyle(node).animationName") == "guide-ring"
    assert page.evaluate("document.activeElement.id") == "guide-next", "the focus is on the guide's button"
    assert serious_violations(page) == []
    box, discard = guide.bounding_box(), page.locator("#discard").bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= page.viewport_size["width"], "the guide fits the width"
    assert apart(box, discard), "beside the discard, never over it"

    page.click("#guide-next")
    assert step_title(page) == "Your first deal · step 2 of 4"
    assert page.locator("#guide-next").is_hidden(), "step 2 waits for the move"
    target = page.locator(".guide-target")
    fits = page.locator("#tableau .card.free.playable").count() > 0
    if fits:
        assert guide_text(page) == "This card fits the discard: tap it, or press Enter."
        assert target.evaluate("node => node.matches('#tableau .card.free.playable')")
    else:
        assert guide_text(page).startswith("No bottom card fits")
        assert target.evaluate("node => node.id") == "stock"
    assert serious_violations(page) == []
    if phone:
        target.click()
    else:
        assert page.evaluate("document.activeElement.classList.contains('guide-target')"), "the focus is on it"
        page.keyboard.press("Enter")
    page.wait_for_function("() => document.getElementById('moves').textContent === '1'")
    settled(page)
    page.wait_for_function("() => document.getElementById('guide-title').textContent.includes('step 3 of 4')")
    assert guide_text(page).startswith("No card fits? Draw from the stock")
    assert page.locator("#stock.guide-target").count() == 1

    page.click("#guide-next")
    assert step_title(page) == "Your first deal · step 4 of 4"
    assert guide_text(page).startswith("Clear all 35 cards of the seven columns to win.")
    assert "King and an Ace go on each other" in guide_text(page)
    assert page.text_content("#guide-next") == "Play"
    page.click("#guide-next")
    guide.wait_for(state="detached")
    assert page.locator(".guide-target").count() == 0
    assert json.loads(page.evaluate("localStorage.getItem('golfcards.guide')")) == {"done": True}
    reload(page)
    page.wait_for_load_state("networkidle")
    assert page.locator("#guide").count() == 0, "never shown again"
    assert page.evaluate("window.__blocked") == [], "the guide's looks and placing keep to the policy"
    assert not page.errors


@pytest.mark.parametrize("phone", [False, True], ids=["1280x800", "360x740"])
def test_skip_ends_the_guide_for_good_and_the_keys_window_offers_it_again(new_page, phone):
    page = new_page(guide=True, phone=phone, color_scheme="dark")
    page.locator("#guide").wait_for(state="visible")
    assert serious_violations(page) == [], "dark"
    page.click("#guide-skip")
    page.locator("#guide").wait_for(state="detached")
    assert json.loads(page.evaluate("localStorage.getItem('golfcards.guide')")) == {"done": True}
    reload(page)
    page.wait_for_load_state("networkidle")
    assert page.locator("#guide").count() == 0

    page.click("#open-help")
    page.click("#guide-again")
    page.locator("#guide").wait_for(state="visible")
    assert not page.locator("#help-dialog").evaluate("node => node.open")
    assert step_title(page) == "Your first deal · step 1 of 4"
    page.click("#guide-next")
    assert step_title(page) == "Your first deal · step 2 of 4"
    page.keyboard.press("Escape")  # Esc skips at any step
    page.locator("#guide").wait_for(state="detached")
    assert page.locator(".guide-target").count() == 0
    assert page.text_content("#moves") == "0"
    assert not page.errors


def test_the_guide_speaks_the_pages_language_and_keeps_still_under_reduced_motion(new_page):
    page = new_page(guide=True, locale="fr-FR", reduced_motion="reduce")
    page.locator("#guide").wait_for(state="visible")
    assert page.eval_on_selector(".guide-target", "node => getComputedStyle(node).animationName") == "none"
    assert step_title(page) == "Votre première donne · étape 1 sur 4"
    assert guide_text(page).startswith("Voici la défausse.")
    assert page.text_content("#guide-skip") == "Passer le guide"
    page.click("#open-help")
    page.locator("#help-dialog").wait_for(state="visible")  # once its module, looks and words are loaded
    assert page.text_content("#guide-again") == "Revoir le guide de la première donne"
    page.keyboard.press("Escape")
    page.locator("#help-dialog").wait_for(state="hidden")
    page.click("#open-settings")
    page.select_option("#language", "de")  # the guide follows a change of the page's language
    page.wait_for_function("() => document.getElementById('guide-title').textContent.startsWith('Ihr erstes')")
    assert step_title(page) == "Ihr erstes Spiel · Schritt 1 von 4"
    assert guide_text(page).startswith("Das ist die Ablage.")


def test_no_guide_for_a_game_opened_by_its_address(new_page):
    page = new_page("/solitaire?code=GO1-E-AAAAAAB", guide=True)
    page.wait_for_load_state("networkidle")
    assert page.locator("#guide").count() == 0
    assert page.evaluate("localStorage.getItem('golfcards.guide')") is None, "still due for a plain visit"
