"""The daily deal's page and the live "still winnable" line in a real browser."""

from __future__ import annotations

import re

import pytest
from play import click_action, deal, play_daily

pytestmark = pytest.mark.browser


WINNING_START = "6 5 1 4 3 d 7 5 d d 3 5 d d 6 d 6 d 2 6 4 d d d 7 3 2".split()
"""The first 27 moves of a winning line of GO1-E-AETDYNA; taking column 3 next loses the game."""


def open_daily(new_page, locale: str = "en-GB"):
    page = new_page("/daily", locale=locale)
    page.wait_for_function("() => document.getElementById('daily-code').textContent.startsWith('GO1-')")
    return page


def test_the_daily_page_shows_todays_code_and_plays_it(new_page):
    page = open_daily(new_page)
    api = page.request.get("/api/solitaire/daily?rule=easy").json()
    code = page.text_content("#daily-code")
    assert code == api["code"] and code.startswith("GO1-E-")
    assert api["date"] in page.text_content("#daily-date")
    assert page.text_content("#daily-streak") == "Daily streak: 0 · best: 0"
    page.select_option("#daily-rule", "classic")
    page.wait_for_function("() => document.getElementById('daily-code').textContent.startsWith('GO1-C-')")
    page.select_option("#daily-rule", "easy")
    page.wait_for_function("c => document.getElementById('daily-code').textContent === c", arg=code)
    play_daily(page)
    page.wait_for_function("c => document.getElementById('code').textContent === c", arg=code)
    assert not page.errors


def test_the_days_table_shows_a_second_players_result(new_page):
    first = open_daily(new_page)
    play_daily(first)
    click_action(first, "d")
    click_action(first, "d")
    second = open_daily(new_page, locale="fr-FR")
    rows = second.locator("#daily-table tbody tr")
    assert rows.count() >= 1
    others = [rows.nth(i).inner_text() for i in range(rows.count())]
    assert any(re.search(r"Joueur [0-9A-F]{6}\t", row) and "\t2\t" in row for row in others), others
    headings = second.locator("#daily-table thead th").all_text_contents()
    assert headings[:3] == ["Rang", "Joueur", "Résultat"] and headings[-1] == "Temps"
    assert not first.errors and not second.errors


def test_the_home_page_and_the_new_game_window_lead_to_the_daily_deal(new_page):
    home = new_page("/")
    assert home.text_content("#daily-link") == "Daily deal"
    page = new_page()
    page.click("#change-rules")
    page.click("#daily-link")
    page.wait_for_url("**/daily")
    page.wait_for_selector("body.ready")


def live_text(page) -> str:
    return page.text_content("#live-winnable") or ""


def test_the_live_line_is_off_by_default_then_says_when_the_game_is_lost(new_page):
    page = new_page()
    deal(page, "GO1-E-AETDYNA")
    assert not page.is_visible("#live-winnable")
    page.click("#open-settings")
    page.check("#live-setting")
    page.click("#settings-dialog .actions .primary")
    page.wait_for_function("() => document.getElementById('live-winnable').textContent === 'Still winnable'")
    page.reload()
    page.wait_for_selector("body.ready")
    page.wait_for_function("() => document.getElementById('live-winnable').textContent === 'Still winnable'")
    assert page.is_checked("#live-setting"), "the setting is remembered"
    for action in WINNING_START:
        click_action(page, action)
    page.wait_for_function("() => document.getElementById('moves').textContent === '27'")
    page.wait_for_function("() => document.getElementById('live-winnable').textContent === 'Still winnable'")
    click_action(page, "3")
    page.wait_for_function("() => document.getElementById('live-winnable').textContent === 'No longer winnable'")
    assert page.get_attribute("#live-winnable", "data-winnable") == "false"
    page.click("#open-settings")
    page.uncheck("#live-setting")
    assert not page.is_visible("#live-winnable")
    assert not page.errors


def test_a_result_played_with_a_hint_says_so_on_the_daily_page(new_page):
    page = open_daily(new_page, locale="es-ES")
    play_daily(page)
    assert page.request.get("/api/solitaire/hint").ok
    assert page.request.post("/api/solitaire/action", data={"action": "d"}).ok
    page.goto("/daily")
    page.wait_for_function("() => document.getElementById('daily-message').textContent !== ''")
    assert "pista" in page.text_content("#daily-message"), "told in the player's language"
    own = page.locator("#daily-table tbody tr.you")
    assert own.count() == 1 and own.locator("td").first.inner_text() == "–"
    assert not page.errors
