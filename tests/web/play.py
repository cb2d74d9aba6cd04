"""What a player does on the Golf Solitaire page, for the browser tests and the scripts that drive it."""

from __future__ import annotations

REFERENCE = "GO1-E-AAAAAAB"
BLOCKING_CODE = "GO1-E-AAAAAAE"
"""Sixteen draws block this deal: no free card ever fits."""


def deal(page, code: str) -> None:
    """Deal ``code`` through the New game window (Change rules…); a game under way is left (Deal anyway)."""
    page.click("#change-rules")
    page.fill("#code-input", code)
    page.click("#deal")
    page.wait_for_function(
        """code => (document.getElementById('code').textContent === code && !document.getElementById('new-dialog').open)
             || (document.getElementById('leave-dialog') || {}).open""",
        arg=code,
    )
    if page.evaluate("Boolean((document.getElementById('leave-dialog') || {}).open)"):
        page.click("#leave-confirm")
    page.wait_for_function(
        "code => document.getElementById('code').textContent === code && !document.getElementById('new-dialog').open",
        arg=code,
    )


def play_daily(page) -> None:
    """Click *Play today's deal* on the daily page and wait until the Solitaire page has dealt it (the
    daily page is ``ready`` too, so waiting for ``body.ready`` alone can act on the page being left)."""
    page.click("#daily-play")
    page.wait_for_url("**/solitaire**")
    page.wait_for_selector("body.ready")


def moves(page) -> int:
    return int(page.text_content("#moves"))


def wait_moves(page, count: int) -> None:
    """Wait until the server has answered and the move counter reads at least ``count``."""
    page.wait_for_function(
        "n => Number(document.getElementById('moves').textContent) >= n && !document.body.dataset.busy", arg=count
    )


def click_action(page, action: str) -> None:
    """Click what a player clicks for one action of the replay notation (d or a column number)."""
    before = moves(page)
    if action == "d":
        page.click("#stock")
    else:
        page.click(f'#tableau [data-column="{action}"].free')
    wait_moves(page, before + 1)


def settled(page) -> None:
    """Wait until no action is on its way to the server."""
    page.wait_for_function("() => !document.body.dataset.busy")


def answered(page) -> int:
    """How many actions the server has answered so far on this page."""
    return int(page.evaluate("Number(document.body.dataset.answered || 0)"))


def press_and_wait(page, key: str) -> None:
    """Press ``key`` and wait for the server's answer to the action it sends (an undo keeps the move counter)."""
    before = answered(page)
    page.keyboard.press(key)
    page.wait_for_function(
        "n => Number(document.body.dataset.answered || 0) > n && !document.body.dataset.busy", arg=before
    )


def statistics(page) -> dict[str, str]:
    """Open the Statistics window and read its figures (name → value)."""
    page.click("#open-stats")
    page.locator("#stats-dialog").wait_for(state="visible")
    return page.eval_on_selector_all(
        "#stats-grid .stat",
        "stats => Object.fromEntries(stats.map(s => [s.firstChild.textContent, s.lastChild.textContent]))",
    )


POST_ACTIONS = """async (line) => {
  for (const action of line) {
    const answer = await fetch('/api/solitaire/action', { method: 'POST', headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ action }) });
    if (!answer.ok) throw new Error(await answer.text());
  }
}"""
NEXT_DEAL = "() => fetch('/api/solitaire/next', { method: 'POST' }).then((answer) => answer.ok)"


def post_actions(page, line: list[str]) -> None:
    """Play ``line`` through the API with the page's player (quick set-up; the page does not see it)."""
    page.evaluate(POST_ACTIONS, line)


def reload(page) -> None:
    page.reload()
    page.wait_for_selector("body.ready")


def ending_line(code) -> list[str]:
    """Actions that end the deal ``code`` (won or blocked): draw while possible, else the engine's first legal move."""
    from golfcards.solitaire import Board, Draw

    board = Board.from_code(code)
    line = []
    while not board.is_terminal():
        legal = board.legal_actions()
        move = Draw() if Draw() in legal else legal[0]
        assert board.apply(move) is None
        line.append(move.notation)
    return line


def course_to_its_last_action(page, code: str) -> str:
    """Play the course ``code`` (dealt on the page) through the API to one action before its end."""
    from golfcards.solitaire import GameCode

    course = GameCode.parse(code)
    for index in range(9):
        line = ending_line(course.single().following(index))
        if index < 8:
            post_actions(page, line)
            assert page.evaluate(NEXT_DEAL)
        else:
            post_actions(page, line[:-1])
            reload(page)
            return line[-1]
    raise AssertionError("a course has 9 deals")


# --- offline play (the service worker, the games kept on the device and sent later) ---------------

OUTBOX = "() => localStorage.getItem('golfcards.solitaire.outbox')"
"""What the page still has to send to the server (null once everything arrived)."""
STATS = """() => fetch('/api/solitaire/stats').then((answer) => answer.json())
  .then((data) => data.rules.filter((entry) => entry.rules === 'E').map((entry) => [entry.games, entry.wins]))"""
"""The server's [games, wins] under the Easy rule."""
CONTROLLED = "() => navigator.serviceWorker.controller !== null && document.body.classList.contains('ready')"


def installed(page) -> None:
    """Wait until the service worker has kept everything and controls the page."""
    page.evaluate("() => navigator.serviceWorker.ready")
    page.wait_for_function(CONTROLLED)


def sent(page) -> None:
    """Wait until the page has sent everything it kept offline."""
    page.wait_for_function(f"() => ({OUTBOX[6:]}) === null")


def send_kept_game_again(page) -> None:
    """Queue the game kept on the device once more, as if the server's answer had been lost on the
    way, let the page go offline and back, and wait until it has sent it."""
    page.evaluate(
        "() => { localStorage.setItem('golfcards.solitaire.outbox', JSON.stringify(["
        "{...JSON.parse(localStorage.getItem('golfcards.solitaire.offline')), queued: undefined}])); }"
    )
    page.context.set_offline(True)
    page.context.set_offline(False)
    sent(page)
