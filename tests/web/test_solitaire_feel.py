"""Golf Solitaire's feel in a real browser: the defects a player hit, and what players expect.

Each defect test failed on the page before its fix: Enter on the win window undid the win, the
Deal button was below the fold, every card was a Tab stop, names did not say free or covered,
Large print cut the suits off covered cards, the course's last deal said Next deal and its code
lost -T, the tab title stayed English.
"""

from __future__ import annotations

import re

import pytest
from play import (
    BLOCKING_CODE,
    REFERENCE,
    answered,
    click_action,
    course_to_its_last_action,
    deal,
    moves,
    press_and_wait,
    reload,
    settled,
    statistics,
    wait_moves,
)

from conftest import DESKTOP, PHONE
from golfcards.i18n import Translator
from golfcards.solitaire import EASY, Board, Draw, GameCode, Take

pytestmark = pytest.mark.browser

COUNT_ANIMATIONS = """
window.__animations = 0;
const nativeAnimate = Element.prototype.animate;
Element.prototype.animate = function (...args) { window.__animations += 1; return nativeAnimate.apply(this, args); };
document.addEventListener("animationstart", () => { window.__animations += 1; }, true);
"""
COUNT_SOUNDS = """
window.__sounds = 0;
for (const Node of [window.OscillatorNode, window.AudioBufferSourceNode]) {
  if (!Node) continue;
  const start = Node.prototype.start;
  Node.prototype.start = function (...args) { window.__sounds += 1; return start.apply(this, args); };
}
"""
RECORD_POINTERS = """
window.__pointers = [];
document.addEventListener("pointerdown", (event) => window.__pointers.push(event.pointerType), true);
"""

RECORD_GHOSTS = """
window.__ghosts = [];
new MutationObserver((records) => {
  for (const record of records) {
    for (const node of record.addedNodes) {
      if (node.classList && node.classList.contains("ghost")) {
        window.__ghosts.push({ code: node.dataset.code, hidden: node.getAttribute("aria-hidden") });
      }
    }
  }
}).observe(document, { childList: true, subtree: true });
"""


def frames(page, count: int = 2) -> None:
    """Wait until the page has drawn ``count`` more frames (what a style change starts is running by then)."""
    page.evaluate(
        """(count) => new Promise((done) => {
             const next = (left) => (left ? requestAnimationFrame(() => next(left - 1)) : done());
             next(count);
           })""",
        count,
    )


def fake_clock(page) -> None:
    """Give the page Playwright's clock (time still flows; ``page.clock.run_for`` jumps ahead) and reload it."""
    page.clock.install()
    reload(page)


def focus_on_board(page) -> bool:
    return page.evaluate(
        "() => { const a = document.activeElement; return Boolean(a && (a.closest('#tableau') || a.id === 'stock')); }"
    )


# --- defects ----------------------------------------------------------------------------------------


def test_enter_on_the_win_window_never_undoes_the_win(new_page, reference_deal):
    page = new_page()
    deal(page, REFERENCE)
    for action in reference_deal["easy_winning_line"]:
        before = moves(page)
        page.keyboard.press(action)
        wait_moves(page, before + 1)
    page.locator("#end-dialog").wait_for(state="visible")
    assert page.evaluate("document.activeElement.id") == "end-new"
    page.keyboard.press("Enter")
    # Enter deals a new game at once (the win is over: nothing to leave), never an undo.
    page.wait_for_function("code => document.getElementById('code').textContent !== code", arg=REFERENCE)
    settled(page)
    assert page.text_content("#score") == "0" and page.get_attribute("body", "data-status") == "playing"
    values = statistics(page)
    assert (values["Games"], values["Wins"]) == ("1", "1"), "the win is recorded as a win"


def test_the_blocked_window_does_not_make_undo_the_enter_default(new_page):
    page = new_page()
    deal(page, BLOCKING_CODE)
    for _ in range(16):
        click_action(page, "d")
    page.locator("#end-dialog").wait_for(state="visible")
    assert page.is_visible("#end-undo")
    assert page.evaluate("document.activeElement.id") == "end-new"
    page.keyboard.press("Enter")
    page.wait_for_function("code => document.getElementById('code').textContent !== code", arg=BLOCKING_CODE)
    settled(page)
    assert page.get_attribute("body", "data-status") == "playing" and moves(page) == 0, "a new deal, not an undo"


@pytest.mark.parametrize("phone", [False, True], ids=["desktop", "phone"])
@pytest.mark.parametrize("window", ["#change-rules", "#open-settings"])
def test_the_windows_main_button_stays_in_view(new_page, phone, window):
    page = new_page(phone=phone)
    page.click(window)
    dialog = page.locator("dialog[open]")
    button = dialog.locator("[type=submit]")
    box = button.bounding_box()
    height = (PHONE if phone else DESKTOP)["height"]
    assert box["y"] >= 0 and box["y"] + box["height"] <= height, box
    hit = page.evaluate(
        "([x, y]) => document.elementFromPoint(x, y).closest('button') === document.querySelector('dialog[open] [type=submit]')",
        [box["x"] + box["width"] / 2, box["y"] + box["height"] / 2],
    )
    assert hit, "nothing covers the button"


def test_keyboard_only_play_of_the_reference_line_in_under_40_presses(new_page, reference_deal):
    """The keyboard starts on the board ("Go to the cards" brings it back), then arrows and Enter (D
    draws): focus stays on the board."""
    page = new_page()
    deal(page, REFERENCE)
    page.reload()
    page.wait_for_selector("body.ready")
    presses = 0

    def press(key: str) -> None:
        nonlocal presses
        presses += 1
        page.keyboard.press(key)

    assert focus_on_board(page), "the keyboard is on the board as the page loads"
    page.focus("#skip")
    press("Enter")
    assert focus_on_board(page)
    line = reference_deal["easy_winning_line"][:12]
    for action in line:
        before = moves(page)
        if action == "d":
            press("d")
        else:
            ring = page.evaluate(
                "() => [...document.querySelectorAll('#tableau .column')].filter(c => c.querySelector('.card'))"
                ".map(c => Number(c.dataset.number)).concat([0])"
            )
            at = ring.index(page.evaluate("Number(document.activeElement.dataset.column || 0)"))
            target = ring.index(int(action))
            options = [["ArrowRight"] * ((target - at) % len(ring)), ["ArrowLeft"] * ((at - target) % len(ring))]
            if target == 0 and at != 0:
                options.append(["Home"])
            for key in min(options, key=len):
                press(key)
            assert page.evaluate("document.activeElement.dataset.column") == action
            press("Enter")
        wait_moves(page, before + 1)
        assert focus_on_board(page), f"focus left the board after {action}"
    assert moves(page) == len(line) and page.text_content("#score") == str(10 * (len(line) - line.count("d")))
    assert presses < 40, presses
    assert page.locator("#tableau [tabindex='0'], #stock[tabindex='0']").count() == 1


def test_question_mark_opens_the_shortcuts(new_page):
    page = new_page()
    page.keyboard.press("?")
    page.locator("#help-dialog").wait_for(state="visible")
    rows = page.locator("#help-keys tr").all_inner_texts()
    assert len(rows) >= 10 and any("Draw a card" in row for row in rows) and any("Redo" in row for row in rows)
    page.keyboard.press("?")
    page.locator("#help-dialog").wait_for(state="hidden")
    page.click("#open-help")
    page.locator("#help-dialog").wait_for(state="visible")
    page.keyboard.press("Escape")
    page.locator("#help-dialog").wait_for(state="hidden")


def test_names_say_free_or_covered_and_the_live_region_says_what_happened(new_page):
    page = new_page()
    deal(page, REFERENCE)
    assert page.get_by_role("button", name="6 of hearts, column 1, free", exact=True).count() == 1
    assert page.get_by_role("button", name="10 of spades, column 1, row 4, covered", exact=True).count() == 1
    click_action(page, "d")
    assert page.get_by_role("button", name="9 of clubs, column 5, free, fits the discard", exact=True).count() == 1
    page.wait_for_function("() => document.getElementById('announce').textContent !== ''")
    assert page.text_content("#announce") == "You drew 8 of spades. Score 0, stock 15."
    assert page.get_attribute("#announce", "aria-live") == "polite"


@pytest.mark.parametrize("phone", [False, True], ids=["desktop", "phone"])
def test_large_print_keeps_the_suit_of_covered_cards_in_view(new_page, phone):
    page = new_page(phone=phone)
    deal(page, REFERENCE)
    page.click("#open-settings")
    page.select_option("#card-style", "large")
    page.keyboard.press("Escape")
    cut = page.evaluate(
        """() => [...document.querySelectorAll('#tableau .card.covered')].map((card) => {
             const suit = card.querySelector('.corner.top .suit').getBoundingClientRect();
             const next = card.nextElementSibling.getBoundingClientRect();
             return [card.dataset.code, suit.bottom - next.top];
           }).filter(([, over]) => over > 0.5)"""
    )
    assert cut == [], "suits hidden under the next card"


def test_a_course_shows_its_code_par_and_a_scorecard_at_the_end(new_page):
    page = new_page()
    deal(page, "GO1-E-AAAAAAB-T")
    assert page.text_content("#code") == "GO1-E-AAAAAAB-T", "the code keeps -T"
    assert page.text_content("#course-line") == "Course: deal 1 of 9 · par 45"
    last = course_to_its_last_action(page, "GO1-E-AAAAAAB-T")
    assert page.text_content("#code") == "GO1-E-AAAAAAB-T"
    assert page.text_content("#course-line").startswith("Course: deal 9 of 9 · ")
    click_action(page, last)
    page.locator("#end-dialog").wait_for(state="visible")
    assert page.text_content("#end-next") == "See the scorecard", "the last deal has no next deal"
    page.click("#end-next")
    page.locator("#course-dialog").wait_for(state="visible")
    rows = page.eval_on_selector_all(
        "#course-table tbody tr", "rows => rows.map(r => [...r.cells].map(c => c.textContent))"
    )
    assert [row[0] for row in rows] == [str(n) for n in range(1, 10)]
    assert all(row[2] == "5" for row in rows), "par 5 a deal"
    total = page.eval_on_selector("#course-table tfoot tr", "r => [...r.cells].map(c => c.textContent)")
    assert total[0] == "Total" and total[2] == "45"
    assert page.text_content("#course-summary").startswith("Course finished: ")
    assert page.evaluate("document.activeElement.id") == "course-again"


@pytest.mark.parametrize(
    ("path", "title"),
    [("/solitaire", "Golf Solitaire"), ("/sixcard", "Six-card Golf"), ("/", "Two card games called Golf")],
)
def test_the_tab_title_is_in_the_pages_language(new_page, path, title):
    page = new_page(path, locale="ca-ES")
    expected = f"{Translator('ca').gettext(title)} · golfcards"
    assert expected != f"{title} · golfcards"
    page.wait_for_function("t => document.title === t", arg=expected)


def test_the_tab_title_follows_a_language_change(new_page):
    page = new_page()
    page.click("#open-settings")
    page.select_option("#language", "de")
    page.wait_for_function("() => document.documentElement.lang === 'de'")
    assert page.title() == f"{Translator('de').gettext('Golf Solitaire')} · golfcards"


# --- what players expect ---------------------------------------------------------------------------


def drag(page, source: str, target: str, steps: int = 8) -> None:
    start = page.locator(source).bounding_box()
    end = page.locator(target).bounding_box()
    page.mouse.move(start["x"] + start["width"] / 2, start["y"] + start["height"] * 0.7)
    page.mouse.down()
    page.mouse.move(end["x"] + end["width"] / 2, end["y"] + end["height"] / 2, steps=steps)
    page.mouse.up()


def test_drag_a_free_card_onto_the_discard_with_the_mouse(new_page):
    page = new_page(init_script=RECORD_POINTERS)
    deal(page, REFERENCE)
    click_action(page, "d")
    drag(page, '#tableau [data-column="5"].free', "#discard")
    wait_moves(page, 2)
    assert page.get_attribute("#discard > .card:not(.spare)", "aria-label") == "Discard: 9 of clubs"
    assert page.text_content("#score") == "10"
    sent = answered(page)
    drag(page, '#tableau [data-column="1"].free', "#tableau .column[data-number='4']")
    # the card flies back to its place; an action would have been queued by the release itself
    page.wait_for_function("() => document.getAnimations().length === 0")
    settled(page)
    assert moves(page) == 2 and answered(page) == sent, "let go away from the discard: nothing happens"
    drag(page, '#tableau [data-column="1"].free', "#discard")
    page.wait_for_function(
        "() => document.getElementById('message').textContent === 'Must be one rank higher or lower'"
    )
    assert moves(page) == 2
    assert page.eval_on_selector('#tableau [data-column="1"].free', "card => card.style.transform") == "", "sent back"
    assert set(page.evaluate("window.__pointers")) == {"mouse"}


def test_drag_a_free_card_onto_the_discard_with_a_finger(new_page):
    page = new_page(phone=True, has_touch=True, is_mobile=True, init_script=RECORD_POINTERS)
    deal(page, REFERENCE)
    page.tap("#stock")
    wait_moves(page, 1)
    cdp = page.context.new_cdp_session(page)
    start = page.locator('#tableau [data-column="5"].free').bounding_box()
    end = page.locator("#discard").bounding_box()
    x0, y0 = start["x"] + start["width"] / 2, start["y"] + start["height"] * 0.7
    x1, y1 = end["x"] + end["width"] / 2, end["y"] + end["height"] / 2
    cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x0, "y": y0}]})
    for i in range(1, 9):
        point = {"x": x0 + (x1 - x0) * i / 8, "y": y0 + (y1 - y0) * i / 8}
        cdp.send("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [point]})
    cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    wait_moves(page, 2)
    assert page.get_attribute("#discard > .card:not(.spare)", "aria-label") == "Discard: 9 of clubs"
    assert "touch" in page.evaluate("window.__pointers")


@pytest.mark.parametrize("reduced", [False, True], ids=["motion", "reduced-motion"])
def test_motion_only_without_reduced_motion(new_page, reduced):
    page = new_page(init_script=COUNT_ANIMATIONS, reduced_motion="reduce" if reduced else "no-preference")
    deal(page, REFERENCE)
    page.evaluate("window.__animations = 0")
    for action in "d 5 2".split():
        click_action(page, action)
    press_and_wait(page, "u")
    page.click('#tableau [data-column="1"].free')
    page.wait_for_function("() => document.getElementById('message').dataset.kind === 'refusal'")
    page.click("#hint")
    page.wait_for_selector(".hinted")
    frames(page, 3)
    count = page.evaluate("window.__animations")
    assert (count == 0) if reduced else (count >= 4), count
    durations = page.evaluate(
        "() => document.getAnimations().map(a => a.effect.getComputedTiming().duration).filter(d => d > 200)"
    )
    assert durations == [], "no motion lasts more than 200 ms"


def test_undoing_a_draw_flies_the_drawn_card_back_to_the_stock(new_page):
    page = new_page(init_script=RECORD_GHOSTS)
    deal(page, REFERENCE)
    click_action(page, "d")
    drawn = page.get_attribute("#discard > .card:not(.spare)", "data-code")
    page.evaluate("window.__ghosts = []")
    press_and_wait(page, "u")
    assert page.evaluate("window.__ghosts") == [{"code": drawn, "hidden": "true"}]
    assert page.get_attribute("#discard > .card:not(.spare)", "data-code") != drawn
    page.wait_for_function("() => !document.querySelector('.ghost')")


def test_playable_cards_are_highlighted_by_default_and_the_setting_is_kept(new_page):
    page = new_page()
    deal(page, REFERENCE)
    click_action(page, "d")
    board = Board.from_code(REFERENCE)
    assert board.apply(Draw()) is None
    expected = sorted(str(m.column) for m in board.legal_actions() if isinstance(m, Take))
    found = sorted(page.eval_on_selector_all("#tableau .card.playable", "cards => cards.map(c => c.dataset.column)"))
    assert found == expected == ["5"]
    glow = "getComputedStyle(document.querySelector('#tableau .card.playable')).boxShadow"
    assert "241, 199, 91" in page.evaluate(glow)
    page.click("#open-settings")
    page.uncheck("#highlight-playable")
    page.keyboard.press("Escape")
    assert "241, 199, 91" not in page.evaluate(glow)
    page.reload()
    page.wait_for_selector("body.ready")
    assert "241, 199, 91" not in page.evaluate(glow)
    page.click("#open-settings")
    assert not page.is_checked("#highlight-playable")


def stuck_code() -> tuple[str, list[str]]:
    """The first Easy deal with a legal first move after which no free card fits (only a draw is
    possible), and that move."""
    number = 1
    while True:
        code = GameCode(number, EASY)
        board = Board.from_code(code)
        first = board.legal_actions()[0]
        assert board.apply(first) is None
        if board.legal_actions() == [Draw()]:
            return str(code), [first.notation]
        number += 1


def test_auto_draw_draws_when_nothing_fits(new_page):
    page = new_page()
    fake_clock(page)
    code, line = stuck_code()
    deal(page, code)
    for action in line:
        click_action(page, action)
    page.clock.run_for(2000)
    settled(page)
    assert moves(page) == len(line), "off by default: nothing fits, and nothing is drawn"
    page.click("#open-settings")
    page.check("#auto-draw")
    page.keyboard.press("Escape")
    page.clock.run_for(2000)
    wait_moves(page, len(line) + 1)
    assert int(page.text_content("#stock-count")) < 16 - line.count("d")


def boards_along(page, actions: str) -> list[str]:
    """Deal the reference deal, play ``actions`` by clicks, and return the board as text before and
    after each."""
    deal(page, REFERENCE)
    texts = [page.text_content("#board-text")]
    for action in actions.split():
        click_action(page, action)
        texts.append(page.text_content("#board-text"))
    return texts


def test_redo_with_the_button_and_the_keys(new_page):
    page = new_page()
    texts = boards_along(page, "d 5")
    assert page.is_disabled("#redo")
    for expected in (texts[1], texts[0]):
        press_and_wait(page, "u")
        assert page.text_content("#board-text") == expected
    assert page.is_enabled("#redo")
    press_and_wait(page, "Control+y")
    assert page.text_content("#board-text") == texts[1]
    press_and_wait(page, "Control+Shift+Z")
    assert page.text_content("#board-text") == texts[2]
    assert page.is_disabled("#redo"), "nothing left to redo"
    press_and_wait(page, "u")
    assert page.is_enabled("#redo")
    click_action(page, "d")
    assert page.is_disabled("#redo"), "a new action clears what could be redone"
    page.click("#undo")
    page.wait_for_function("() => !document.getElementById('redo').disabled")
    settled(page)
    page.click("#redo")
    page.wait_for_function("() => document.getElementById('redo').disabled")
    settled(page)
    assert page.text_content("#moves") == "6", "a redo is a move again; an undo never lowers the counter"


def test_what_can_be_redone_survives_a_reload_of_the_same_game(new_page):
    page = new_page()
    texts = boards_along(page, "d 5 2")
    press_and_wait(page, "u")
    press_and_wait(page, "u")
    assert page.text_content("#board-text") == texts[1]
    reload(page)
    assert page.is_enabled("#redo"), "the two undone moves can still be redone"
    press_and_wait(page, "Control+y")
    assert page.text_content("#board-text") == texts[2]
    press_and_wait(page, "Control+y")
    assert page.text_content("#board-text") == texts[3]
    assert page.is_disabled("#redo")
    press_and_wait(page, "u")
    click_action(page, "d")
    reload(page)
    assert page.is_disabled("#redo"), "a new action dropped what could be redone"
    press_and_wait(page, "u")
    deal(page, REFERENCE)
    reload(page)
    assert page.is_disabled("#redo"), "a new game drops it, even of the same deal"


def test_the_game_timer_runs_from_the_first_move_and_survives_a_reload(new_page):
    page = new_page()
    fake_clock(page)
    deal(page, REFERENCE)
    page.clock.run_for(3000)
    assert page.text_content("#clock") == "0:00", "the clock waits for the first move"
    click_action(page, "d")
    page.clock.run_for(2500)
    page.wait_for_function("() => document.getElementById('clock').textContent >= '0:02'", timeout=5000)
    page.reload()
    page.wait_for_selector("body.ready")
    assert page.text_content("#clock") >= "0:02"


def test_sound_effects_and_the_remembered_setting(new_page):
    page = new_page(init_script=COUNT_SOUNDS)
    deal(page, REFERENCE)
    click_action(page, "d")
    # a sound starts once the frame is painted, a moment after the move counter changes
    page.wait_for_function("() => window.__sounds > 0", timeout=5000)
    page.click("#open-settings")
    page.uncheck("#sound")
    page.keyboard.press("Escape")
    page.evaluate("window.__sounds = 0")
    click_action(page, "5")
    page.click('#tableau [data-column="1"].free')
    page.wait_for_function("() => document.getElementById('message').dataset.kind === 'refusal'")
    page.evaluate("() => new Promise((done) => requestAnimationFrame(() => setTimeout(done, 50)))")
    assert page.evaluate("window.__sounds") == 0
    page.reload()
    page.wait_for_selector("body.ready")
    page.click("#open-settings")
    assert not page.is_checked("#sound")


def css_var(page, name: str) -> str:
    return page.evaluate("n => getComputedStyle(document.documentElement).getPropertyValue(n).trim()", name)


def test_dark_theme_follows_the_system_and_can_be_chosen(new_page):
    page = new_page(color_scheme="dark")
    assert css_var(page, "--sheet") == "#1c2220", "dark like the system"
    page.click("#open-settings")
    page.select_option("#theme", "light")
    assert css_var(page, "--sheet") == "#fbfaf6"
    page.select_option("#felt", "blue")
    page.select_option("#back", "green")
    assert (css_var(page, "--felt"), css_var(page, "--back-1")) == ("#1d4f7a", "#1d5537")
    page.goto("/sixcard")
    page.wait_for_selector("body.ready")
    assert (css_var(page, "--sheet"), css_var(page, "--felt")) == ("#fbfaf6", "#1d4f7a"), "every page, remembered"
    page.goto("/rules/solitaire")
    assert css_var(page, "--felt") == "#1d4f7a"
    page.goto("/solitaire")
    page.wait_for_selector("body.ready")
    page.click("#open-settings")
    page.select_option("#theme", "dark")
    assert css_var(page, "--sheet") == "#1c2220"


def test_solution_replay_pause_step_and_speed(new_page):
    page = new_page()
    fake_clock(page)
    deal(page, REFERENCE)
    page.click("#solution")
    page.wait_for_selector("#replay-bar:not([hidden])")
    page.wait_for_function("() => Number(document.getElementById('moves').textContent) >= 2")
    page.click("#replay-play")
    assert page.text_content("#replay-play-name") == "Play the solution"
    paused = moves(page)
    page.clock.run_for(3000)
    assert moves(page) == paused, "paused"
    page.click("#replay-forward")
    assert moves(page) == paused + 1
    page.click("#replay-back")
    page.click("#replay-back")
    assert moves(page) == paused - 1
    page.keyboard.press("ArrowRight")
    assert moves(page) == paused
    page.select_option("#replay-speed", "250")
    page.click("#replay-play")
    assert page.text_content("#replay-play-name") == "Pause"
    page.wait_for_function("n => Number(document.getElementById('moves').textContent) >= n + 3", arg=paused)
    page.click("#replay-stop")
    page.wait_for_selector("#replay-bar", state="hidden")
    assert moves(page) == 0 and page.locator("#tableau .card").count() == 35


def test_no_text_caret_stays_behind_once_the_code_is_dealt(new_page):
    # The caret of the code field moved to the page's last text when the window closed and stayed
    # there, unseen: each later move then worked out its place (a tenth of the work of a frame).
    page = new_page(phone=True)
    deal(page, REFERENCE)
    assert page.evaluate("getSelection().type") == "None"
    click_action(page, "d")
    wait_moves(page, 1)
    assert page.evaluate("getSelection().type") == "None"
    page.click("#change-rules")
    page.fill("#code-input", "GO1-E-")
    assert page.evaluate("getSelection().type") == "Caret", "typing in the field keeps its caret"
    page.keyboard.press("Escape")
    page.wait_for_function("() => !document.getElementById('new-dialog').open")
    assert page.evaluate("getSelection().type") == "None"


def settled_discard(page) -> bytes:
    """The discard once its motion is over, as pixels."""
    page.wait_for_function("() => document.getAnimations().length === 0")
    frames(page)
    return page.locator("#discard").screenshot()


@pytest.mark.parametrize(
    ("phone", "theme", "style"),
    [(True, "light", "classic"), (False, "dark", "large")],
    ids=["phone-light", "desktop-dark-large-print"],
)
def test_a_removal_shows_the_face_made_ahead_and_it_looks_like_a_new_one(new_page, phone, theme, style):
    page = new_page(phone=phone)
    page.click("#open-settings")
    page.select_option("#theme", theme)
    page.select_option("#card-style", style)
    page.keyboard.press("Escape")
    deal(page, REFERENCE)
    click_action(page, "d")
    # While the page is idle it makes the discard's face of every card that fits it, hidden.
    page.wait_for_function(
        """() => {
             const spares = [...document.querySelectorAll('#discard > .card.spare')].map((n) => n.dataset.code).sort();
             const fitting = [...document.querySelectorAll('#tableau .card.playable')].map((n) => n.dataset.code).sort();
             return fitting.length > 0 && spares.join() === fitting.join();
           }"""
    )
    spares = page.locator("#discard > .card.spare")
    assert all(not spares.nth(i).is_visible() for i in range(spares.count()))
    discard_names = page.get_by_role("img", name=re.compile("^Discard"))
    assert discard_names.count() == 1, "the hidden faces are not in the accessibility tree"
    page.eval_on_selector('#discard > .card.spare[data-code="9C"]', "node => { node.madeAhead = true; }")
    click_action(page, "5")
    top = page.locator("#discard > .card:not(.spare)")
    assert top.evaluate("node => node.madeAhead === true && node === node.parentNode.firstElementChild")
    assert discard_names.count() == 1
    assert discard_names.get_attribute("aria-label") == "Discard: 9 of clubs"
    shown = settled_discard(page)
    reload(page)
    assert page.locator("#discard > .card:not(.spare)").evaluate("node => node.madeAhead === undefined")
    assert settled_discard(page) == shown, "the face made ahead looks like one made when it is needed"
