"""Golf Solitaire in a real browser: win, refusals, block and undo, reload, keyboard, phone width."""

from __future__ import annotations

import pytest
from play import BLOCKING_CODE, click_action, deal, moves, settled, statistics, wait_moves

pytestmark = pytest.mark.browser


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
    # The win screen: score, time and moves, and what the win did to the statistics.
    figures = dict(
        zip(
            page.locator("#end-figures dt").all_text_contents(),
            page.locator("#end-figures dd").all_text_contents(),
            strict=True,
        )
    )
    assert figures["Score"] == "350" and figures["Moves"] == str(len(reference_deal["easy_winning_line"]))
    assert figures["Time"].count(":") == 1
    page.locator("#end-stats").wait_for(state="visible")
    rows = page.eval_on_selector_all(
        "#end-stats-rows tr", "rows => rows.map(r => [...r.cells].map(c => c.textContent))"
    )
    change = {cells[0]: cells[1:] for cells in rows}
    assert change["Wins"] == ["0", "→", "1"] and change["Games"] == ["0", "→", "1"]
    assert not page.is_visible("#end-undo"), "a won game is over: no undo"
    assert page.is_visible("#end-stats-open") and page.is_visible("#end-new")
    assert not page.errors


def test_catalan_refusal_message(new_page):
    page = new_page(locale="ca-ES")
    deal(page, "GO1-E-AAAAAAB")
    assert page.text_content("#new-game") == "Repartiment nou"
    six = page.locator('#tableau [data-column="1"][data-row="5"]')
    assert page.get_by_role("button", name="6 de cors, columna 1, lliure").count() == 1
    six.click()
    page.wait_for_function("() => document.getElementById('message').textContent !== ''")
    assert page.text_content("#message") == "Ha de ser d’un valor superior o inferior"
    page.click('#tableau [data-column="1"][data-row="4"]', position={"x": 12, "y": 8})
    page.wait_for_function("() => document.getElementById('message').textContent === 'Aquesta carta està bloquejada'")
    settled(page)
    assert page.text_content("#moves") == "0"


def test_interactive_rules_off_hides_the_reason(new_page):
    page = new_page()
    deal(page, "GO1-E-AAAAAAB")
    page.click("#open-settings")
    page.uncheck("#interactive-rules")
    page.keyboard.press("Escape")
    page.evaluate(
        """() => {
            window.said = [];
            const message = document.getElementById("message");
            new MutationObserver(() => window.said.push(message.textContent))
                .observe(message, {childList: true, characterData: true, subtree: true});
        }"""
    )
    page.click('#tableau [data-column="1"][data-row="5"]')
    settled(page)  # the click queued the action at once: this waits for the server's answer
    assert page.text_content("#message") == ""
    # the live region is filled on the next frame, so a screen reader hears the change
    page.wait_for_function("() => document.getElementById('announce').textContent !== ''")
    assert page.text_content("#announce") == "That move is not allowed.", "a screen reader still hears it"
    click_action(page, "d")
    assert page.text_content("#message") == "You drew 8 of spades."
    assert "Must be one rank higher or lower" not in page.evaluate("() => window.said"), "the reason stayed hidden"


def test_block_a_game_and_undo_out_of_it(new_page):
    page = new_page(locale="ca")
    deal(page, BLOCKING_CODE)
    for _ in range(16):
        click_action(page, "d")
    page.locator("#end-dialog").wait_for(state="visible")
    assert page.text_content("#end-title") == "No hi ha més moviments"
    assert not page.is_visible("#end-message"), "the title says it; the window does not say it twice"
    assert page.locator("#end-figures dt").all_text_contents()[:2] == ["Puntuació", "Cartes restants"]
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
    assert page.locator("#discard > .card:not(.spare)").get_attribute("aria-label") == "Discard: 8 of clubs"
    assert page.text_content("#code") == "GO1-E-AAAAAAB"


def test_keyboard_play_and_accessible_names(new_page, catalan_seed_states):
    page = new_page(locale="ca")
    deal(page, "GO1-E-AAAAAAB")
    assert page.text_content("#board-text") == catalan_seed_states[0]
    assert page.locator("#tableau button.card").count() == 35
    assert page.locator("#tableau [tabindex='0'], #stock[tabindex='0']").count() == 1, "one Tab stop for the board"
    for key in "d52":
        before = moves(page)
        page.keyboard.press(key)
        wait_moves(page, before + 1)
    assert page.text_content("#board-text") == catalan_seed_states[1]
    page.keyboard.press("u")
    page.wait_for_function("() => document.getElementById('score').textContent === '10'")
    settled(page)
    page.focus('#tableau [data-column="2"].free')
    page.keyboard.press("Enter")
    page.wait_for_function("() => document.getElementById('score').textContent === '20'")


def test_a_wrong_code_gets_a_localized_answer(new_page):
    page = new_page(locale="pt-PT")
    deal(page, "GO1-E-AAAAAAB")
    page.click("#change-rules")
    page.fill("#code-input", "GO1-E-ABC")
    page.click("#deal")
    page.wait_for_function("() => document.getElementById('new-error').textContent !== ''")
    assert "7 letras" in page.text_content("#new-error") or "ABC" in page.text_content("#new-error")
    assert page.is_visible("#new-dialog")
    page.click("#new-dialog [data-close]")
    assert page.text_content("#code") == "GO1-E-AAAAAAB"


def test_new_game_window_options_and_language_switch(new_page):
    page = new_page()
    page.click("#change-rules")
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
    assert page.text_content("#new-game") == "Νέα μοιρασιά"
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
    page.wait_for_function(f"() => document.getElementById('code').textContent !== '{BLOCKING_CODE}'")
    values = statistics(page)
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


def test_new_game_window_deals_a_deal_of_the_chosen_difficulty(new_page):
    from golfcards.solitaire.difficulty import grade_of

    page = new_page(locale="de-DE")
    page.click("#change-rules")
    options = page.locator('select[name="grade"] option').all_text_contents()
    assert options == ["Beliebig", "Sanft", "Knifflig", "Teuflisch"]
    page.check('input[name="rule"][value="easy"]')
    page.select_option('select[name="grade"]', "fiendish")
    before = page.text_content("#code")
    page.click("#deal")
    page.wait_for_function(f"() => document.getElementById('code').textContent !== {before!r}")
    code = page.text_content("#code")
    assert code.startswith("GO1-E-") and grade_of(code).value == "fiendish"
    assert not page.errors
