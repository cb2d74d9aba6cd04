"""The pages keep to ``script-src 'self'; style-src 'self'``: no inline script, style or handler.

The markup is scanned, and the pages are played in Chromium against the app behind a server that
adds that Content-Security-Policy to every answer: the browser reports any script or style it blocks.
"""

from __future__ import annotations

import os
import re
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest
from play import REFERENCE

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]
STATIC = ROOT / "src" / "golfcards" / "web" / "static"
POLICY = "script-src 'self'; style-src 'self'"
INLINE = re.compile(r"<script(?![^>]*\bsrc=)[^>]*>|<style\b|\sstyle=|\son[a-z]+=", re.IGNORECASE)
RECORD = """
window.__blocked = [];
document.addEventListener("securitypolicyviolation", (event) => {
  window.__blocked.push(`${event.violatedDirective} ${event.blockedURI} ${event.sample}`);
});
"""


def until(page, expression: str, arg=None) -> None:
    """Wait for ``expression`` (a function of ``arg``) to be true. Playwright's wait_for_function
    evaluates its predicate with eval, which the policy forbids; evaluate itself is not affected."""
    for _ in range(200):
        if page.evaluate(expression, arg):
            return
        page.wait_for_timeout(50)
    raise AssertionError(f"never true: {expression}")


def play(page, action: str) -> None:
    before = int(page.text_content("#moves"))
    page.click("#stock" if action == "d" else f'#tableau [data-column="{action}"].free')
    until(page, "n => Number(document.getElementById('moves').textContent) > n && !document.body.dataset.busy", before)


SERVE_WITH_POLICY = """
import sys
import uvicorn
from golfcards.web.app import create_app

app = create_app(sys.argv[1], default_language="en")
header = (b"content-security-policy", sys.argv[3].encode())


async def with_policy(scope, receive, send):
    async def send_with_header(message):
        if message["type"] == "http.response.start":
            message["headers"] = [*message.get("headers", []), header]
        await send(message)

    await app(scope, receive, send_with_header if scope["type"] == "http" else send)


uvicorn.run(with_policy, host="127.0.0.1", port=int(sys.argv[2]), log_level="warning")
"""


@pytest.fixture(scope="module")
def policy_url(tmp_path_factory):
    """The app behind a server that sends the policy with every answer (as a deployment would)."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src")}
    db = tmp_path_factory.mktemp("csp") / "golf.sqlite3"
    process = subprocess.Popen(
        [sys.executable, "-c", SERVE_WITH_POLICY, str(db), str(port), POLICY], env=env, stderr=subprocess.DEVNULL
    )
    url = f"http://127.0.0.1:{port}"
    for _ in range(200):
        try:
            with urllib.request.urlopen(f"{url}/api/i18n", timeout=1) as answer:
                assert answer.headers["content-security-policy"] == POLICY
                break
        except OSError:
            time.sleep(0.1)
    else:
        process.kill()
        raise RuntimeError("the server with the policy did not start")
    yield url
    process.terminate()
    process.wait(timeout=10)


@pytest.mark.parametrize("name", sorted(path.name for path in STATIC.glob("*.html")))
def test_static_pages_have_no_inline_script_style_or_handler(name):
    assert INLINE.findall((STATIC / name).read_text(encoding="utf-8")) == []


def test_server_pages_have_no_inline_script_style_or_handler(new_page):
    page = new_page("/")
    for path in ("/rules/solitaire?lang=fr", "/rules/sixcard", "/nowhere"):
        html = page.request.get(path).text()
        assert INLINE.findall(html) == [], path


def test_the_pages_work_under_the_policy(browser, policy_url, reference_deal):
    context = browser.new_context(base_url=policy_url, locale="en-GB")
    context.add_init_script(RECORD)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto("/solitaire")
    page.wait_for_selector("body.ready")
    page.click("#new-game")
    page.fill("#code-input", REFERENCE)
    page.click("#deal")
    until(page, "code => document.getElementById('code').textContent === code", REFERENCE)
    for action in reference_deal["easy_winning_line"][:6]:
        play(page, action)
    page.click('#tableau [data-column="1"][data-row="1"]', position={"x": 10, "y": 6})
    until(page, "() => document.getElementById('message').dataset.kind === 'refusal'")
    for opener in ("#open-settings", "#open-help", "#open-stats"):
        page.click(opener)
        page.locator("dialog[open]").wait_for(state="visible")
        page.keyboard.press("Escape")
    page.click("#open-settings")
    page.select_option("#theme", "dark")
    page.select_option("#card-style", "large")
    page.keyboard.press("Escape")
    page.click("#solution")
    page.wait_for_selector("#replay-bar:not([hidden])")
    page.wait_for_timeout(800)
    page.click("#replay-stop")
    assert page.evaluate("window.__blocked") == []
    for path in ("/", "/rules/solitaire", "/sixcard"):
        page.goto(path)
        page.wait_for_load_state()
        assert page.evaluate("window.__blocked") == [], path
    page.fill('#bots-form input[name="name"]', "Ana")
    page.click('#bots-form button[type="submit"]')
    page.wait_for_selector("#play:not([hidden])")
    page.locator("#me .grid button.back:not([disabled])").first.click()
    page.wait_for_timeout(500)
    assert page.evaluate("window.__blocked") == []
    assert not errors
    context.close()
