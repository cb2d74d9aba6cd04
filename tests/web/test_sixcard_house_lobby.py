"""The lobby's house rules in Chromium, at 1280×800 and 360×740: every rule of the engine set through
the form (grouped disclosures), shown in the room's rules summary as the server words it; a combination
the engine refuses explained before Create; a six-seat table drawn and playable; no sideways scrolling,
no serious axe violation."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect
from tests.web.axe_check import serious_violations
from tests.web.page_fits import assert_fits
from tests.web.sixcard_play import OWN_BACKS, set_house_rule, start_against_bots, turn_up, wait_my_draw

pytestmark = pytest.mark.browser

SIZES = {"desktop": False, "phone": True}

FRIENDS = {
    "grid": 8,
    "holes": 2,
    "decks": 2,
    "start_face_up": 1,
    "flip_as_turn": True,
    "flip_after_discard": "endgame",
    "reshuffle_discard": True,
    "jokers": 1,
    "super_kings": True,
    "tens_one": True,
    "one_eyed_jacks": True,
    "lucky_swing": True,
    "negative_pairs": True,
    "four_of_a_kind": True,
    "wolfpack": True,
    "blackjack": True,
    "final_turn": True,
    "knock_early": True,
    "knock_penalty": True,
    "knock_bonus": True,
    "tied_shame": True,
    "underdog": True,
}
"""A room with friends: every rule but eagle eye changed at once (they all apply together)."""
BOTS = {"grid": 9, "start_face_up": 3, "jokers": 2, "eagle_eye": True, "flip_after_discard": "always"}
"""A match against bots: eagle eye, and the other values of the rules above."""


def expected_summary(page, players: int, rules: dict) -> dict[str, str]:
    """The summary the server words for these rules (its own check endpoint, in the page's language)."""
    answer = page.request.post("/api/sixcard/house-rules?lang=en", data={"players": players, "rules": rules})
    assert answer.ok, answer.text()
    return {rule["name"]: rule["text"] for rule in answer.json()["house_rules"]}


def assert_summary(page, expected: dict[str, str]) -> None:
    listed = page.locator("#house-rules-list .house-rule")
    expect(listed).to_have_count(len(expected))
    for name, text in expected.items():
        expect(page.locator(f'#house-rules-list [data-rule="{name}"] dd')).to_have_text(text)


@pytest.mark.parametrize("size", list(SIZES))
def test_every_rule_set_in_the_lobby_is_listed_at_the_table(new_page, size):
    page = new_page("/sixcard", phone=SIZES[size])
    form = page.locator("#room-form")
    expect(form.locator("details.house-group")).to_have_count(4)
    assert form.locator("details.house-group[open]").count() == 1, "only the common rules open at first"
    closed = form.locator("details.house-group:not([open]) summary")
    while closed.count():
        closed.first.click()
    assert_fits(page, f"{size}: the lobby with every group open")
    assert serious_violations(page) == []

    # A combination the engine refuses is explained before Create, and the explanation goes once fixed.
    problem = form.locator(".house-rules-problem")
    set_house_rule(form, "eagle_eye", True)
    expect(problem).to_have_text("Eagle-eye jokers need jokers in the deck")
    set_house_rule(form, "jokers", 2)
    expect(problem).to_be_hidden()
    set_house_rule(form, "eagle_eye", False)
    form.locator('select[name="players"]').select_option("6")
    set_house_rule(form, "decks", 1)
    expect(problem).to_have_text("Five or six players need two decks")

    form.locator('input[name="name"]').fill("Ana")
    for name, value in FRIENDS.items():
        set_house_rule(form, name, value)
    expect(problem).to_be_hidden()
    form.locator('button[type="submit"]').click()
    page.wait_for_selector("#house-rules-list .house-rule")
    assert_summary(page, expected_summary(page, 6, FRIENDS))
    expect(page.locator("#seats li")).to_have_count(6)
    assert_fits(page, f"{size}: a six-seat room")
    assert serious_violations(page) == []
    assert not page.errors, page.errors


@pytest.mark.parametrize("size", list(SIZES))
def test_six_players_against_bots_with_the_other_rules(new_page, size):
    page = new_page("/sixcard", phone=SIZES[size])
    start_against_bots(page, 5, house=BOTS, level="easy")
    assert_summary(page, expected_summary(page, 6, BOTS))
    expect(page.locator("#opponents .seat-panel")).to_have_count(5)
    expect(page.locator("#opponents .grid .card")).to_have_count(45)
    expect(page.locator("#me .grid button")).to_have_count(9)
    for _ in range(3):
        turn_up(page)
    # Flip after a discard, always: the drawn card thrown away, one of one's cards turned up.
    wait_my_draw(page)
    page.click("#six-stock")
    move = page.locator('#house-moves [data-move="discard_flip"]')
    expect(move).to_be_visible()
    move.click()
    expect(move).to_have_attribute("aria-pressed", "true")
    backs = page.locator(OWN_BACKS).count()
    page.locator(f"{OWN_BACKS}:not([disabled])").first.click()
    expect(page.locator(OWN_BACKS)).to_have_count(backs - 1)
    expect(page.locator("#last-actions")).to_contain_text("Ana threw away the drawn card")
    for panel in page.locator("#opponents .seat-panel, #me").all():
        box = panel.bounding_box()
        assert box and box["width"] > 0 and box["x"] >= 0 and box["x"] + box["width"] <= page.viewport_size["width"]
    assert_fits(page, f"{size}: a six-seat table")
    assert serious_violations(page) == []
    assert not page.errors, page.errors


def test_a_card_turned_up_as_a_turn_and_a_knock_on_the_page(new_page):
    """Flip as a turn twice, then knock early with the last two cards: the hole ends on the page."""
    page = new_page("/sixcard")
    start_against_bots(page, 1, house={"flip_as_turn": True, "knock_early": True})
    for _ in range(2):
        turn_up(page)
    for expected_backs in (3, 2):
        wait_my_draw(page)
        expect(page.locator('#house-moves [data-move="knock"]')).to_have_count(0)
        page.click('#house-moves [data-move="flip"]')
        page.locator(f"{OWN_BACKS}:not([disabled])").first.click()
        expect(page.locator(OWN_BACKS)).to_have_count(expected_backs)
    wait_my_draw(page)
    page.click('#house-moves [data-move="knock"]')
    expect(page.locator(OWN_BACKS)).to_have_count(0)
    expect(page.locator("#last-actions")).to_contain_text("Ana knocked early and turned up the last cards")
    expect(page.locator("#house-moves")).to_be_hidden()
    assert serious_violations(page) == []


@pytest.mark.parametrize("language", ["ca", "de", "el", "es", "fr", "pt"])
def test_the_open_form_fits_a_phone_in_every_language(new_page, language):
    """Every group open at 360 px: the longest labels and hints wrap, the page never scrolls sideways."""
    page = new_page(f"/sixcard?lang={language}", phone=True)
    for form in ("#bots-form", "#room-form"):
        expect(page.locator(f"{form} details.house-group")).to_have_count(4)
        closed = page.locator(f"{form} details.house-group:not([open]) summary")
        while closed.count():
            closed.first.click()
        hint = page.locator(f'{form} [data-rule="underdog"]').locator("xpath=..").locator("small")
        expect(hint).not_to_have_text("The player alone furthest behind when a hole starts scores −3 on it.")
    assert_fits(page, f"{language}: both forms with every group open")
