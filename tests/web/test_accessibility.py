"""axe-core on every page and state, desktop and phone, light and dark: no serious or critical violation.

The states: the home page, both rules pages, a missing page; Golf Solitaire while playing (with a
refusal and a hint showing), each of its windows (new game, settings, statistics empty and filled,
shortcuts), the solution replay, the win and block windows, a course's last deal and its scorecard;
Six-card Golf's lobby, a room's seats, a match against bots while turning up and holding a drawn
card, and the record page. The hole's end and a room with a phone guest are checked in test_sixcard_page.
"""

from __future__ import annotations

import pytest
from axe_check import serious_violations
from play import (
    BLOCKING_CODE,
    REFERENCE,
    click_action,
    course_to_its_last_action,
    deal,
    ending_line,
    post_actions,
    reload,
    settled,
)
from sixcard_play import start_against_bots, still, turn_up_and_draw

pytestmark = pytest.mark.browser

SIZES = [False, True]
THEMES = ["light", "dark"]


class Audit:
    """Collects violations state by state, so one run names every state that fails."""

    def __init__(self, page) -> None:
        self.page = page
        self.found: dict[str, list[str]] = {}

    def check(self, state: str) -> None:
        still(self.page)  # contrast is measured on still pages
        violations = serious_violations(self.page)
        if violations:
            self.found[state] = violations

    def close_dialog(self) -> None:
        self.page.keyboard.press("Escape")
        self.page.wait_for_function("() => !document.querySelector('dialog[open]')")


@pytest.mark.parametrize("theme", THEMES)
@pytest.mark.parametrize("phone", SIZES, ids=["desktop", "phone"])
def test_pages_without_a_game(new_page, phone, theme):
    page = new_page("/", phone=phone, color_scheme=theme)
    audit = Audit(page)
    audit.check("home")
    for path in ("/rules/solitaire", "/rules/sixcard?lang=ca", "/nowhere"):
        page.goto(path)
        audit.check(path)
    page.goto("/sixcard/record")
    page.wait_for_selector("body.ready")
    audit.check("six-card record, nothing played")
    page.goto("/sixcard")
    page.wait_for_selector("body.ready")
    audit.check("six-card lobby")
    page.fill('#room-form input[name="name"]', "Ana")
    page.click("#create-room")
    page.wait_for_selector("#seating:not([hidden])")
    audit.check("six-card room, seats open")
    page.goto("/sixcard")
    page.wait_for_selector("body.ready")
    start_against_bots(page, 3)
    audit.check("six-card match, turning up")
    turn_up_and_draw(page)
    audit.check("six-card match, holding a drawn card")
    assert audit.found == {}


@pytest.mark.parametrize("theme", THEMES)
@pytest.mark.parametrize("phone", SIZES, ids=["desktop", "phone"])
def test_golf_solitaire_in_every_state(new_page, reference_deal, phone, theme):
    page = new_page(phone=phone, color_scheme=theme)
    audit = Audit(page)
    deal(page, REFERENCE)
    line = reference_deal["easy_winning_line"]
    for action in line[:3]:
        click_action(page, action)
    audit.check("playing")
    page.click('#tableau [data-column="1"].free')
    page.wait_for_function("() => document.getElementById('message').dataset.kind === 'refusal'")
    audit.check("a refusal")
    page.click("#hint")
    page.wait_for_function("() => document.getElementById('message').dataset.kind === 'hint'")
    audit.check("a hint")
    for opener, state in (("#open-help", "shortcuts"), ("#open-settings", "settings"), ("#change-rules", "new game")):
        page.click(opener)
        page.locator("dialog[open]").wait_for(state="visible")
        audit.check(state)
        audit.close_dialog()
    page.click("#open-stats")
    page.locator("#stats-dialog").wait_for(state="visible")
    audit.check("statistics, nothing finished")
    audit.close_dialog()
    page.click("#solution")
    page.wait_for_selector("#replay-bar:not([hidden])")
    page.click("#replay-play")
    audit.check("solution replay")
    page.click("#replay-stop")

    post_actions(page, line[3:-1])
    reload(page)
    click_action(page, line[-1])
    page.locator("#end-stats").wait_for(state="visible")
    audit.check("won")
    page.click("#end-stats-open")
    page.locator("#stats-dialog").wait_for(state="visible")
    audit.check("statistics with a game")
    audit.close_dialog()

    deal(page, BLOCKING_CODE)
    post_actions(page, ending_line(BLOCKING_CODE)[:-1])
    reload(page)
    click_action(page, "d")
    page.locator("#end-dialog").wait_for(state="visible")
    audit.check("blocked")
    audit.close_dialog()

    deal(page, "GO1-C-AAAAAAC-T")
    audit.check("a course's first deal")
    click_action(page, course_to_its_last_action(page, "GO1-C-AAAAAAC-T"))
    page.locator("#end-dialog").wait_for(state="visible")
    audit.check("a course's last deal")
    page.click("#end-next")
    page.locator("#course-dialog").wait_for(state="visible")
    settled(page)
    audit.check("the course's scorecard")
    audit.close_dialog()
    page.click("#open-stats")
    page.locator("#stats-dialog").wait_for(state="visible")
    audit.check("statistics with a finished course")
    assert audit.found == {}
