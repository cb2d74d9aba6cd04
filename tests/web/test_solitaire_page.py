"""Golf Solitaire in a real browser: win, refusals, block and undo, reload, keyboard, phone width."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.browser

BLOCKING_CODE = "GO1-E-AAAAAAE"


def deal(page, code: str) -> None:
    page.click("#new-game")
    page.fill("#code-input", code)
    page.click("#deal")
    page.wait_for_function("code => document.getElementById('code').textContent === code", arg=code)


def click_action(page, action: str) -> None:
    """Click what a player clicks for one action of the replay notation (d or a column number)."""
    moves = int(page.text_content("#moves"))
    if action == "d":
        page.click("#stock")
    else:
        page.click(f'#tableau [data-column="{action}"].free')
    page.wait_for_function("n => Number(document.getElementById('moves').textContent) > n", arg=moves)


def test_win_the_reference_deal_by_clicking_its_winning_line(new_page, reference_deal):
    page = new_page()
    deal(page, "GO1-E-AAAAAAB")
    for action in reference_deal["easy_winning_line"]:
        click_action(page, action)
    dialog = page.locator("#end-dialog")
    dialog.wait_for(state="visible")
    assert page.text_content("#end-message") == "You won! Score: 350"
    assert page.text_content("#score") == "350"
    assert page.locator("#tableau .card").count() == 0
    assert not page.is_visible("#end-next"), "Next deal belongs to courses only"
    assert not page.errors


def test_catalan_refusal_message(new_page):
    page = new_page(locale="ca-ES")
    deal(page, "GO1-E-AAAAAAB")
    assert page.text_content("#new-game") == "Partida nova"
    six = page.locator('#tableau [data-column="1"][data-row="5"]')
    assert six.get_attribute("aria-label") == "6 de cors"
    six.click()
    page.wait_for_function("() => document.getElementById('message').textContent !== ''")
    assert page.text_content("#message") == "Ha de ser d’un valor superior o inferior"
    page.click('#tableau [data-column="1"][data-row="4"]', position={"x": 12, "y": 8})
    page.wait_for_function("() => document.getElementById('message').textContent === 'Aquesta carta està bloquejada'")
    assert page.text_content("#moves") == "0"


def test_interactive_rules_off_hides_the_reason(new_page):
    page = new_page()
    deal(page, "GO1-E-AAAAAAB")
    page.click("#open-settings")
    page.uncheck("#interactive-rules")
    page.keyboard.press("Escape")
    page.click('#tableau [data-column="1"][data-row="5"]')
    page.wait_for_timeout(300)
    assert page.text_content("#message") == ""
    click_action(page, "d")
    assert page.text_content("#message") == "You drew 8 of spades."


def test_block_a_game_and_undo_out_of_it(new_page):
    page = new_page(locale="ca")
    deal(page, BLOCKING_CODE)
    for _ in range(16):
        click_action(page, "d")
    page.locator("#end-dialog").wait_for(state="visible")
    assert page.text_content("#end-message") == "Ja no hi ha cap moviment possible"
    assert page.is_visible("#end-new")
    page.click("#end-undo")
    page.locator("#end-dialog").wait_for(state="hidden")
    page.wait_for_function("() => document.getElementById('stock-count').textContent === '1'")
    assert page.get_attribute("body", "data-status") == "playing"
    assert page.text_content("#moves") == "16", "undo never lowers the move counter"


def test_reload_mid_game_keeps_the_game(new_page):
    page = new_page()
    deal(page, "GO1-E-AAAAAAB")
    for action in "d 5 2".split():
        click_action(page, action)
    page.reload()
    page.wait_for_selector("body.ready")
    assert (page.text_content("#score"), page.text_content("#moves"), page.text_content("#stock-count")) == (
        "20",
        "3",
        "15",
    )
    assert page.locator("#discard .card").get_attribute("aria-label") == "Discard: 8 of clubs"
    assert page.text_content("#code") == "GO1-E-AAAAAAB"


def test_keyboard_play_and_accessible_names(new_page, catalan_seed_states):
    page = new_page(locale="ca")
    deal(page, "GO1-E-AAAAAAB")
    assert page.text_content("#board-text") == catalan_seed_states[0]
    assert page.locator("#tableau button.card").count() == 35
    for key in "d52":
        moves = int(page.text_content("#moves"))
        page.keyboard.press(key)
        page.wait_for_function("n => Number(document.getElementById('moves').textContent) > n", arg=moves)
    assert page.text_content("#board-text") == catalan_seed_states[1]
    page.keyboard.press("u")
    page.wait_for_function("() => document.getElementById('score').textContent === '10'")
    page.focus('#tableau [data-column="2"].free')
    page.keyboard.press("Enter")
    page.wait_for_function("() => document.getElementById('score').textContent === '20'")


def test_a_wrong_code_gets_a_localized_answer(new_page):
    page = new_page(locale="pt-PT")
    deal(page, "GO1-E-AAAAAAB")
    page.click("#new-game")
    page.fill("#code-input", "GO1-E-ABC")
    page.click("#deal")
    page.wait_for_function("() => document.getElementById('new-error').textContent !== ''")
    assert "7 letras" in page.text_content("#new-error") or "ABC" in page.text_content("#new-error")
    assert page.is_visible("#new-dialog")
    page.click("#new-dialog [data-close]")
    assert page.text_content("#code") == "GO1-E-AAAAAAB"


def test_new_game_window_options_and_language_switch(new_page):
    page = new_page()
    page.click("#new-game")
    page.check('input[name="rule"][value="classic"]')
    page.select_option('select[name="jokers"]', "1")
    page.click("#deal")
    page.wait_for_function("() => document.getElementById('code').textContent.startsWith('GO1-C-')")
    assert page.text_content("#code").endswith("-J1")
    assert page.text_content("#stock-count") == "17"
    page.click("#open-settings")
    page.select_option("#language", "el")
    page.wait_for_function("() => document.documentElement.lang === 'el'")
    page.keyboard.press("Escape")
    assert page.text_content("#new-game") == "Νέα παρτίδα"
    page.wait_for_function(
        "() => document.getElementById('rule-label').textContent === 'Κλασικό (ρήγας και άσος χωριστά)'"
    )


def test_statistics_and_chart(new_page):
    page = new_page()
    deal(page, BLOCKING_CODE)
    for _ in range(16):
        click_action(page, "d")
    page.locator("#end-dialog").wait_for(state="visible")
    page.click("#end-new")
    page.click("#deal")
    page.wait_for_function(f"() => document.getElementById('code').textContent !== '{BLOCKING_CODE}'")
    page.click("#open-stats")
    page.locator("#stats-dialog").wait_for(state="visible")
    names = page.locator("#stats-grid dt").all_text_contents()
    values = dict(zip(names, page.locator("#stats-grid dd").all_text_contents(), strict=True))
    assert values["Games"] == "1" and values["Wins"] == "0" and values["Win rate"] == "0 %"
    assert values["Average cards left"] == "35"
    assert page.locator("#stats-chart svg rect.lost").count() == 1


def test_phone_width_fits_without_horizontal_scroll(new_page):
    page = new_page(phone=True)
    deal(page, "GO1-E-AAAAAAB")
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    box = page.locator('#tableau [data-column="7"].free').bounding_box()
    assert box["x"] + box["width"] <= 360
    click_action(page, "d")
    assert page.text_content("#stock-count") == "15"


def test_hint_and_solution_replay(new_page):
    page = new_page()
    deal(page, "GO1-E-AAAAAAB")
    page.click("#hint")
    page.wait_for_function(
        "() => document.getElementById('message').textContent.startsWith('Hint: draw from the stock')"
    )
    page.click("#solution")
    page.wait_for_selector("#replay-bar:not([hidden])")
    page.wait_for_function("() => document.getElementById('moves').textContent === '3'")
    assert page.text_content("#replay-text").startswith("Solution: move 3 of ")
    page.click("#replay-stop")
    page.wait_for_selector("#replay-bar", state="hidden")
    assert page.text_content("#moves") == "0" and page.locator("#tableau .card").count() == 35
