"""Every page under its Content-Security-Policy in Chromium: the headers are there and nothing is refused."""

from __future__ import annotations

import httpx2
import pytest

pytestmark = pytest.mark.browser

RECORD_VIOLATIONS = """
window.__violations = [];
document.addEventListener("securitypolicyviolation", (event) => {
  window.__violations.push(`${event.violatedDirective} ${event.blockedURI}`);
});
"""
PAGES = [
    "/",
    "/solitaire",
    "/daily",
    "/sixcard",
    "/sixcard/record",
    "/account",
    "/leaderboards",
    "/me",
    "/rules",
    "/rules/solitaire",
    "/rules/sixcard?lang=el",
    "/no/such/page",
]


@pytest.mark.parametrize("path", [*PAGES, "/api/solitaire", "/static/icon.svg", "/static/no-such-file.js"])
def test_every_answer_carries_the_security_headers(server_url, path):
    headers = httpx2.get(server_url + path, timeout=30).headers
    policy = headers["content-security-policy"]
    assert "frame-ancestors 'none'" in policy and "script-src 'self'" in policy
    assert headers["x-content-type-options"] == "nosniff"
    assert headers["referrer-policy"] == "no-referrer"
    assert headers["x-frame-options"] == "DENY"
    assert "server" not in headers, "golf serve does not name its server software"


@pytest.mark.parametrize("path", ["/static/golfcards.css", "/static/solitaire.js", "/static/common/dom.js"])
def test_stylesheets_and_scripts_carry_only_what_applies_to_them(server_url, path):
    """No document policy on the thirty files a page loads (the page's own policy rules its scripts);
    never sniffed as another type, and a stylesheet's own fetches send no referrer."""
    headers = httpx2.get(server_url + path, timeout=30).headers
    assert headers["x-content-type-options"] == "nosniff"
    assert headers["referrer-policy"] == "no-referrer"
    assert "content-security-policy" not in headers and "x-frame-options" not in headers


def _page(browser, server_url):
    context = browser.new_context(base_url=server_url)
    page = context.new_page()
    page.add_init_script(RECORD_VIOLATIONS)
    console: list[str] = []
    page.on("console", lambda message: console.append(message.text) if message.type == "error" else None)
    return context, page, console


@pytest.mark.parametrize("path", PAGES)
def test_the_pages_pass_their_content_security_policy(browser, server_url, path):
    context, page, console = _page(browser, server_url)
    with context:
        answer = page.goto(path)
        assert "content-security-policy" in answer.headers
        page.wait_for_load_state("networkidle")
        assert page.evaluate("window.__violations") == []
        assert not [line for line in console if "Content Security Policy" in line], console


def test_a_match_against_bots_passes_the_policy_too(browser, server_url):
    """The room page opens its WebSocket and draws the table under the policy."""
    context, page, console = _page(browser, server_url)
    with context:
        page.goto("/sixcard")
        page.wait_for_selector("body.ready")
        page.fill('#bots-form input[name="name"]', "Ana")
        page.click('#bots-form button[type="submit"]')
        page.wait_for_selector("#play:not([hidden])")
        page.locator("#me .grid button.back:not([disabled])").first.click()
        page.wait_for_selector("#me .grid .card:not(.back)")
        assert page.evaluate("window.__violations") == []
        assert not [line for line in console if "Content Security Policy" in line], console
