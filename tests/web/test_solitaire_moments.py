"""The moments of the Solitaire page in a real browser: a win (its cascade, then its window, Share and
Play this deal again, a shared link), leaving a game under way, the end of a course against par, and
smaller things a player saw (keyboard hints on a phone, sideways spill, a cut-off error, the chart's
axes, the blocked window's title, R for redo)."""

from __future__ import annotations

import re

import pytest
from axe_check import serious_violations
from play import (
    BLOCKING_CODE,
    NEXT_DEAL,
    REFERENCE,
    click_action,
    deal,
    ending_line,
    moves,
    play_daily,
    post_actions,
    press_and_wait,
    reload,
    settled,
    statistics,
)

from golfcards.solitaire import Board, GameCode
from golfcards.solitaire.solver import solve

pytestmark = pytest.mark.browser

RECORD_CASCADE = """
window.__cascade = { ghosts: 0, whileOpen: 0, atOpen: null };
new MutationObserver((records) => {
  for (const record of records) {
    const target = record.target;
    if (record.type === "attributes" && target.id === "end-dialog" && target.open && window.__cascade.atOpen === null) {
      window.__cascade.atOpen = document.querySelectorAll(".ghost").length;
    }
    for (const node of record.addedNodes || []) {
      if (node.classList && node.classList.contains("ghost")) {
        window.__cascade.ghosts += 1;
        if (document.getElementById("end-dialog").open) window.__cascade.whileOpen += 1;
      }
    }
  }
}).observe(document, { childList: true, subtree: true, attributes: true, attributeFilter: ["open"] });
"""
SLOW_CASCADE = """
const nativeAnimate = Element.prototype.animate;
Element.prototype.animate = function (frames, options) {
  const slow = this.classList && this.classList.contains("ghost") ? { ...options, duration: 600000 } : options;
  return nativeAnimate.call(this, frames, slow);
};
"""
REFUSE_CLIPBOARD = """
Object.defineProperty(Navigator.prototype, "clipboard", { get: () => ({
  writeText: () => Promise.reject(new DOMException("refused", "NotAllowedError")),
}) });
"""


def win_reference(page, reference_deal) -> None:
    """Deal the reference deal and win it by clicking its winning line."""
    deal(page, REFERENCE)
    for action in reference_deal["easy_winning_line"]:
        click_action(page, action)


def open_end(page) -> None:
    page.locator("#end-dialog").wait_for(state="visible")


def close_stats(page) -> None:
    page.click("#stats-dialog .sheet-footer button")
    page.locator("#stats-dialog").wait_for(state="hidden")


def no_sideways_scroll(page) -> bool:
    return page.evaluate("document.documentElement.scrollWidth <= document.documentElement.clientWidth")


# --- a win ------------------------------------------------------------------------------------------


def test_the_win_cascade_plays_on_the_table_before_the_window(new_page, reference_deal):
    page = new_page(init_script=RECORD_CASCADE)
    win_reference(page, reference_deal)
    open_end(page)
    cascade = page.evaluate("window.__cascade")
    assert cascade["ghosts"] >= 12, "the cards spill across the table"
    assert cascade["whileOpen"] == 0, "no card flies under the window"
    assert cascade["atOpen"] == 0, "the window comes once the cascade has ended"
    assert not page.errors


def test_a_key_during_the_cascade_brings_the_window_at_once(new_page, reference_deal):
    page = new_page(init_script=SLOW_CASCADE)
    deal(page, REFERENCE)
    line = reference_deal["easy_winning_line"]
    for action in line[:-1]:
        click_action(page, action)
    page.click(f'#tableau [data-column="{line[-1]}"].free')
    page.wait_for_function("() => document.body.dataset.status === 'won' && document.querySelector('.ghost')")
    settled(page)
    assert not page.evaluate("document.getElementById('end-dialog').open"), "the cards are still flying"
    page.keyboard.press("Shift")
    open_end(page)
    assert page.locator(".ghost").count() == 0
    assert serious_violations(page) == []


def test_without_motion_the_win_window_comes_at_once(new_page, reference_deal):
    page = new_page(init_script=RECORD_CASCADE, reduced_motion="reduce")
    win_reference(page, reference_deal)
    open_end(page)
    assert page.evaluate("window.__cascade.ghosts") == 0


def test_play_this_deal_again_deals_the_same_code_afresh(new_page, reference_deal):
    page = new_page()
    win_reference(page, reference_deal)
    open_end(page)
    page.click("#end-again")
    page.wait_for_function("() => document.body.dataset.status === 'playing'")
    settled(page)
    assert page.text_content("#code") == REFERENCE and moves(page) == 0
    assert not page.is_visible("#end-dialog") and not page.is_visible("#leave-dialog")


def test_share_copies_a_link_that_carries_the_code_and_the_moves(new_page, reference_deal, server_url):
    page = new_page(permissions=["clipboard-read", "clipboard-write"])
    win_reference(page, reference_deal)
    open_end(page)
    page.click("#end-share")
    page.wait_for_function("() => document.getElementById('share-status').textContent !== ''")
    text = page.evaluate("navigator.clipboard.readText()")
    line = reference_deal["easy_winning_line"]
    assert "Easy" in text and "won, score 350" in text and f"{len(line)} moves" in text
    link = re.search(r"https?://\S+", text).group(0)
    assert link == f"{server_url}/solitaire?code={REFERENCE}&moves={''.join(line)}", "the code and the moves in effect"
    assert not page.is_visible("#share-box")


def test_share_shows_the_text_to_copy_when_the_clipboard_is_refused(new_page, reference_deal):
    page = new_page(init_script=REFUSE_CLIPBOARD)
    win_reference(page, reference_deal)
    open_end(page)
    page.click("#end-share")
    page.locator("#share-text").wait_for(state="visible")
    assert f"/solitaire?code={REFERENCE}&moves=" in page.input_value("#share-text")
    assert page.evaluate("document.activeElement.id") == "share-text"


def test_a_link_with_a_bad_code_says_so_and_deals_as_usual(new_page):
    page = new_page("/solitaire?code=GO1-X-BAD")
    page.wait_for_function("() => document.getElementById('message').textContent !== ''")
    message = page.text_content("#message")
    assert "cannot be dealt" in message and "rule letter" in message
    assert re.fullmatch(r"GO1-[ECS]-[A-Z]{7}(-.*)?", page.text_content("#code"))
    assert not page.errors


def test_a_link_with_jokers_deals_its_rules(new_page):
    page = new_page("/solitaire?code=GO1-C-AAAAAAB-J2-ND")
    page.wait_for_function("() => document.getElementById('code').textContent === 'GO1-C-AAAAAAB-J2-ND'")
    assert "Classic" in page.text_content("#rule-label")


# --- leaving a game under way -----------------------------------------------------------------------


def test_new_deal_during_a_game_asks_first_and_keep_playing_records_nothing(new_page):
    page = new_page()
    deal(page, REFERENCE)
    click_action(page, "d")
    before = statistics(page)
    close_stats(page)
    page.click("#new-game")
    page.locator("#leave-dialog").wait_for(state="visible")
    assert page.text_content("#leave-text").startswith("This game counts as lost: ")
    assert page.evaluate("document.activeElement.id") == "leave-cancel", "Enter keeps the game"
    assert serious_violations(page) == []
    page.click("#leave-cancel")
    page.locator("#leave-dialog").wait_for(state="hidden")
    assert page.text_content("#code") == REFERENCE and moves(page) == 1
    assert statistics(page) == before and before["Games"] == "0"


def test_deal_anyway_records_the_game_as_lost(new_page):
    page = new_page()
    deal(page, REFERENCE)
    click_action(page, "d")
    page.click("#new-game")
    page.click("#leave-confirm")
    page.wait_for_function("code => document.getElementById('code').textContent !== code", arg=REFERENCE)
    settled(page)
    assert moves(page) == 0
    values = statistics(page)
    assert (values["Games"], values["Wins"], values["Win rate"]) == ("1", "0", "0 %")


def test_one_tap_deals_a_new_game_with_the_last_rules(new_page):
    page = new_page()
    deal(page, "GO1-C-AAAAAAB-J1")
    page.click("#new-game")
    page.wait_for_function("() => document.getElementById('code').textContent !== 'GO1-C-AAAAAAB-J1'")
    assert re.fullmatch(r"GO1-C-[A-Z]{7}-J1", page.text_content("#code")), "same rule and jokers"
    assert not page.is_visible("#new-dialog") and not page.is_visible("#leave-dialog")
    page.click("#change-rules")
    page.locator("#new-dialog").wait_for(state="visible")


def test_the_form_asks_before_leaving_a_game_under_way(new_page):
    page = new_page()
    deal(page, REFERENCE)
    click_action(page, "d")
    page.click("#change-rules")
    page.fill("#code-input", BLOCKING_CODE)
    page.click("#deal")
    page.locator("#leave-dialog").wait_for(state="visible")
    page.click("#leave-cancel")
    assert page.text_content("#code") == REFERENCE
    page.click("#deal")
    page.click("#leave-confirm")
    page.wait_for_function("code => document.getElementById('code').textContent === code", arg=BLOCKING_CODE)


# --- the end of a course ----------------------------------------------------------------------------

UNDER_PAR_COURSE = "GO1-E-AAAAAAH-T"
"""Its first 8 deals can be won: won, and the ninth blocked, the course ends under par."""


def test_the_last_deals_window_counts_it_and_agrees_with_the_scorecard(new_page):
    page = new_page()
    deal(page, UNDER_PAR_COURSE)
    course = GameCode.parse(UNDER_PAR_COURSE)
    for index in range(8):
        verdict = solve(Board.from_code(course.single().following(index)))
        assert verdict.winnable and verdict.line is not None
        post_actions(page, [move.notation for move in verdict.line])
        assert page.evaluate(NEXT_DEAL)
    line = ending_line(course.single().following(8))
    post_actions(page, line[:-1])
    reload(page)
    click_action(page, line[-1])
    open_end(page)
    left = int(page.locator("#end-figures dt", has_text="Cards left").locator("xpath=../dd").text_content())
    against = left - 45
    assert against < 0
    assert page.text_content("#end-course") == f"Course: deal 9 of 9 · {left} cards left · par 45 ({against})"
    assert page.get_attribute("#end-course", "data-par") == "under"
    page.click("#end-next")
    page.locator("#course-dialog").wait_for(state="visible")
    total = page.eval_on_selector("#course-table tfoot tr", "r => [...r.cells].map(c => c.textContent)")
    assert total[1] == str(left) and total[2] == "45" and total[4] == str(against)
    summary = page.locator("#course-summary")
    assert summary.text_content() == f"Course finished: {left} cards left for par 45 ({against})."
    assert summary.get_attribute("data-par") == "under"
    assert colour(page, "#course-summary") == colour_of(page, "var(--accent)") != colour_of(page, "var(--danger)"), (
        "under par reads as a success, not in red"
    )


def colour(page, selector: str) -> str:
    return page.eval_on_selector(selector, "n => getComputedStyle(n).color")


def colour_of(page, value: str) -> str:
    """The colour ``value`` (a custom property) comes to inside the open window."""
    return page.evaluate(
        """(value) => {
             const probe = document.createElement("span");
             probe.style.color = value;
             document.querySelector("dialog[open] .sheet-body").append(probe);
             const colour = getComputedStyle(probe).color;
             probe.remove();
             return colour;
           }""",
        value,
    )


# --- smaller things ---------------------------------------------------------------------------------


def shown(page, selector: str) -> bool:
    return page.eval_on_selector(
        selector, "n => getComputedStyle(n).display !== 'none' && n.getBoundingClientRect().width > 1"
    )


def test_keyboard_hints_only_with_a_fine_pointer_or_once_a_key_is_pressed(new_page):
    phone = new_page(phone=True, has_touch=True, is_mobile=True)
    assert not shown(phone, "#keys-short") and not shown(phone, ".board-text")
    desktop = new_page()
    assert shown(desktop, "#keys-short") and shown(desktop, ".board-text")
    phone.keyboard.press("Shift")
    phone.wait_for_function("() => document.body.classList.contains('keyboard-used')")
    assert shown(phone, "#keys-short")


def test_nothing_spills_sideways_on_a_phone(new_page, reference_deal):
    page = new_page("/daily", phone=True, has_touch=True, is_mobile=True)
    play_daily(page)
    click_action(page, "d")
    page.goto("/daily")
    page.wait_for_selector("body.ready")
    page.wait_for_selector("#daily-table tbody tr")
    assert no_sideways_scroll(page), "the daily page"
    assert page.evaluate(
        "document.getElementById('daily-table').getBoundingClientRect().right <= document.documentElement.clientWidth"
    ), "the whole daily table is in view, without scrolling it sideways"
    page = new_page(phone=True, has_touch=True, is_mobile=True)
    win_reference(page, reference_deal)
    open_end(page)
    page.click("#end-stats-open")
    page.locator("#stats-dialog").wait_for(state="visible")
    assert no_sideways_scroll(page), "the statistics"
    close_stats(page)
    page.click("#new-game")
    settled(page)
    page.click("#solution")
    page.locator("#replay-bar").wait_for(state="visible")
    assert no_sideways_scroll(page), "the replay"


@pytest.mark.parametrize(
    "size", [{"width": 360, "height": 640}, {"width": 1280, "height": 800}], ids=["phone", "desktop"]
)
def test_a_bad_codes_error_is_fully_in_view(new_page, size):
    page = new_page()
    page.set_viewport_size(size)
    page.click("#change-rules")
    page.fill("#code-input", "GO1-X-AAAAAAB")
    page.click("#deal")
    error = page.locator("#new-error")
    error.wait_for(state="visible")
    box = error.bounding_box()
    dialog = page.locator("#new-dialog").bounding_box()
    assert box["height"] > 0 and error.text_content().startswith("GO1-X-AAAAAAB: the rule letter")
    assert box["y"] >= dialog["y"] and box["y"] + box["height"] <= dialog["y"] + dialog["height"] + 0.5
    assert box["y"] + box["height"] <= size["height"]


def test_the_recent_results_chart_has_labelled_axes_and_a_table(new_page):
    page = new_page()
    deal(page, BLOCKING_CODE)
    for _ in range(16):
        click_action(page, "d")
    open_end(page)
    page.click("#end-stats-open")
    page.locator("#stats-dialog").wait_for(state="visible")
    texts = page.locator("#stats-chart svg text").all_text_contents()
    assert "Score" in texts and "Games, oldest first" in texts and "0" in texts and "350" in texts
    rows = page.eval_on_selector_all(
        "#stats-chart-table tr", "rows => rows.map(r => [...r.cells].map(c => c.textContent))"
    )
    assert rows == [["Game", "Game code", "Result", "Score"], ["1", BLOCKING_CODE, "Lost", "0"]]


def test_the_daily_table_names_its_players_apart(new_page):
    first = new_page("/daily")
    play_daily(first)
    click_action(first, "d")
    second = new_page("/daily")
    play_daily(second)
    click_action(second, "d")
    second.goto("/daily")
    second.wait_for_selector("#daily-table tbody tr >> nth=1")
    names = second.eval_on_selector_all("#daily-table tbody tr", "rows => rows.map(r => r.cells[1].textContent)")
    assert all(re.fullmatch(r"Player [0-9A-F]{6}( \(you\))?", name) for name in names), names
    assert len(set(names)) == len(names) and sum(name.endswith("(you)") for name in names) == 1


def test_the_blocked_window_says_no_more_moves_once(new_page):
    page = new_page()
    deal(page, BLOCKING_CODE)
    for _ in range(16):
        click_action(page, "d")
    open_end(page)
    assert page.inner_text("#end-dialog").count("No more moves") == 1


def test_r_redoes(new_page):
    page = new_page()
    deal(page, REFERENCE)
    click_action(page, "d")
    text = page.text_content("#board-text")
    press_and_wait(page, "u")
    assert page.text_content("#board-text") != text
    press_and_wait(page, "r")
    assert page.text_content("#board-text") == text


def test_a_new_deal_during_the_solutions_replay_ends_the_replay(new_page):
    page = new_page()
    deal(page, REFERENCE)
    page.click("#solution")
    page.locator("#replay-bar").wait_for(state="visible")
    page.click("#new-game")
    page.wait_for_function("code => document.getElementById('code').textContent !== code", arg=REFERENCE)
    page.locator("#replay-bar").wait_for(state="hidden")
    click_action(page, "d")
    assert moves(page) == 1, "the new game is played, not the replay"
