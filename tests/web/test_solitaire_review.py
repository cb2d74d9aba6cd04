"""A game that teaches, in Chromium: a blocked game's end window names the move after which it could
no longer be won and one that would have kept it winnable (or, for a deal no play wins, the fewest
cards against the player's), counts the hints used, says offline that the review needs the network;
a course's scorecard shows the fewest cards each deal could leave. The words are checked against the
solver (golfcards.solitaire.review and its test)."""

from __future__ import annotations

import pytest
from axe_check import serious_violations
from play import (
    BLOCKING_CODE,
    click_action,
    course_to_its_last_action,
    deal,
    ending_line,
    installed,
    post_actions,
    reload,
)

from golfcards.i18n import Translator
from golfcards.i18n.analysis import review_text
from golfcards.solitaire import Draw, GameCode, parse_action
from golfcards.solitaire.review import course_fewest, review

pytestmark = pytest.mark.browser

REVIEWED = (
    "() => ['lost', 'never', 'winnable', 'failed'].includes(document.getElementById('end-review').dataset.review)"
)


def figures(page) -> dict[str, str]:
    return page.eval_on_selector_all(
        "#end-figures .figure",
        "items => Object.fromEntries(items.map(i => [i.firstChild.textContent, i.lastChild.textContent]))",
    )


def test_a_blocked_game_names_the_move_that_lost_it_and_the_hints_used(new_page):
    page = new_page(phone=True)
    deal(page, BLOCKING_CODE)
    for _ in range(2):
        page.evaluate("document.getElementById('message').textContent = ''")
        page.click("#hint")
        page.wait_for_function("() => document.getElementById('message').textContent.startsWith('Hint:')")
    post_actions(page, ending_line(BLOCKING_CODE)[:-1])
    reload(page)
    click_action(page, "d")
    page.locator("#end-dialog").wait_for(state="visible")
    page.wait_for_function(REVIEWED)
    expected = review_text(review(GameCode.parse(BLOCKING_CODE), [Draw()] * 16), Translator("en"))
    assert expected and expected.startswith("After move ")
    assert page.text_content("#end-review") == expected
    assert figures(page)["Hints used"] == "2"
    assert serious_violations(page) == []
    # The same deal again is another game: its hints start from none.
    page.click("#end-again")
    page.wait_for_function("() => document.body.dataset.status === 'playing'")
    post_actions(page, ending_line(BLOCKING_CODE)[:-1])
    reload(page)
    click_action(page, "d")
    page.locator("#end-dialog").wait_for(state="visible")
    page.wait_for_function(REVIEWED)
    assert figures(page)["Hints used"] == "0"
    assert not page.errors


def test_a_deal_no_play_wins_says_the_fewest_cards_against_the_player_s(new_page):
    code = "GO1-E-AAAAAAD"
    page = new_page(locale="fr-FR")
    deal(page, code)
    post_actions(page, ending_line(code)[:-1])
    reload(page)
    click_action(page, ending_line(code)[-1])
    page.locator("#end-dialog").wait_for(state="visible")
    page.wait_for_function(REVIEWED)
    moves = [parse_action(action) for action in ending_line(code)]
    expected = review_text(review(GameCode.parse(code), moves), Translator("fr"))
    assert expected and expected.startswith("Aucune partie ne pouvait gagner cette donne")
    assert page.text_content("#end-review") == expected
    assert figures(page)["Indices utilisés"] == "0"
    assert not page.errors


def test_offline_the_review_says_it_needs_the_network(new_page):
    page = new_page()
    installed(page)
    page.context.set_offline(True)
    reload(page)
    deal(page, BLOCKING_CODE)
    for _ in range(16):
        click_action(page, "d")
    page.locator("#end-dialog").wait_for(state="visible")
    page.wait_for_function(REVIEWED)
    assert page.text_content("#end-review") == (
        "Looking back at this game needs the network: the solver runs on the server."
    )
    assert not page.errors


def test_the_course_scorecard_shows_the_fewest_cards_each_deal_could_leave(new_page):
    code = "GO1-E-AAAAAAD-T"
    page = new_page()
    deal(page, code)
    click_action(page, course_to_its_last_action(page, code))
    page.locator("#end-dialog").wait_for(state="visible")
    page.click("#end-next")
    page.locator("#course-dialog").wait_for(state="visible")
    page.wait_for_function("() => document.getElementById('course-table').dataset.fewest === 'shown'")
    fewest = course_fewest(GameCode.parse(code))
    assert page.eval_on_selector_all("#course-table tbody td.fewest", "cells => cells.map(c => c.textContent)") == [
        str(count) for count in fewest
    ]
    assert page.text_content("#course-table tfoot td.fewest") == str(sum(fewest))
    assert page.eval_on_selector_all("#course-table thead th", "cells => cells.map(c => c.textContent)")[-1] == (
        "Fewest possible"
    )
    assert serious_violations(page) == []
    assert not page.errors
