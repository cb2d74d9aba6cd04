"""The account page in Chromium: a game played before signing up stays in the statistics, a passkey
made by Chromium's virtual authenticator signs up and back in, and a second device signing in with
the password sees the same statistics; names are shown as text; axe finds nothing serious."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect
from tests.web.axe_check import serious_violations
from tests.web.conftest import DESKTOP, GUIDE_SEEN, PHONE
from tests.web.play import BLOCKING_CODE, click_action, deal, statistics

pytestmark = pytest.mark.browser
PASSWORD = "a long enough password"


@pytest.fixture
def localhost(server_url: str) -> str:
    """The server by name: WebAuthn needs a relying party that is a domain (an IP address is not one),
    and ``localhost`` is a secure context over plain HTTP."""
    return server_url.replace("127.0.0.1", "localhost")


def open_context(browser, base: str, viewport: dict):
    context = browser.new_context(base_url=base, locale="en-GB", viewport=viewport)
    context.add_init_script(GUIDE_SEEN)
    return context


def with_passkeys(context, page) -> str:
    """Give ``page`` Chromium's virtual authenticator (a platform passkey that verifies its user)."""
    cdp = context.new_cdp_session(page)
    cdp.send("WebAuthn.enable")
    found = cdp.send(
        "WebAuthn.addVirtualAuthenticator",
        {
            "options": {
                "protocol": "ctap2",
                "transport": "internal",
                "hasResidentKey": True,
                "hasUserVerification": True,
                "isUserVerified": True,
                "automaticPresenceSimulation": True,
            }
        },
    )
    page.cdp = cdp
    return found["authenticatorId"]


def close_end_window(page) -> None:
    """The blocked game's end window (shown as it ends, and at each visit while it is the current game) closed."""
    page.locator("#end-dialog").wait_for(state="visible")
    page.keyboard.press("Escape")
    expect(page.locator("#end-dialog")).to_be_hidden()


def solitaire_statistics(page) -> dict[str, str]:
    """The Solitaire page's statistics, its current game being the blocked one."""
    page.goto("/solitaire")
    page.wait_for_selector("body.ready")
    close_end_window(page)
    return statistics(page)


def test_sign_up_with_a_passkey_keeps_the_game_and_a_second_device_sees_it(browser, localhost):
    laptop = open_context(browser, localhost, DESKTOP)
    phone = open_context(browser, localhost, PHONE)
    try:
        page = laptop.new_page()
        page.goto("/solitaire")
        page.wait_for_selector("body.ready")
        expect(page.locator("#account-link")).to_have_text("Sign in")
        deal(page, BLOCKING_CODE)
        for _ in range(16):
            click_action(page, "d")
        close_end_window(page)
        played = statistics(page)
        assert played, "the blocked game is counted"

        page.goto("/account")
        page.wait_for_selector("body.ready")
        authenticator = with_passkeys(laptop, page)
        expect(page.locator("#signed-out")).to_be_visible()
        assert serious_violations(page) == []
        page.fill("#signup-name", "Ada")
        page.click("#passkey-signup")
        expect(page.locator("#account-name")).to_have_text("Ada")
        expect(page.locator("#message")).to_have_text("Your account is ready: you are signed in.")
        credentials = page.cdp.send("WebAuthn.getCredentials", {"authenticatorId": authenticator})["credentials"]
        assert len(credentials) == 1 and credentials[0]["isResidentCredential"]
        expect(page.locator("#passkeys li")).to_have_count(1)
        page.fill("#new-password", PASSWORD)
        page.click("#password-form button[type=submit]")
        expect(page.locator("#password-state")).to_have_text(
            "A password is set: you can sign in with it on any device."
        )
        assert serious_violations(page) == []
        assert solitaire_statistics(page) == played, "the game played before signing up is the account's"
        expect(page.locator("#account-link")).to_have_text("Ada")

        second = phone.new_page()
        second.goto("/account")
        second.wait_for_selector("body.ready")
        second.fill("#signin-name", "ada")
        second.fill("#signin-password", PASSWORD)
        second.click("#password-signin button[type=submit]")
        expect(second.locator("#account-name")).to_have_text("Ada")
        expect(second.locator("#devices li")).to_have_count(2)
        assert serious_violations(second) == []
        assert second.evaluate("document.documentElement.scrollWidth <= innerWidth"), "nothing wider than a phone"
        assert solitaire_statistics(second) == played, "the second device sees the same statistics"

        page.goto("/account")
        page.wait_for_selector("body.ready")
        page.click("#sign-out")
        expect(page.locator("#signed-out")).to_be_visible()
        page.click("#passkey-signin")
        expect(page.locator("#account-name")).to_have_text("Ada")
    finally:
        laptop.close()
        phone.close()


def test_a_name_written_as_markup_is_shown_as_text_and_a_bidi_override_is_refused(browser, localhost):
    context = open_context(browser, localhost, PHONE)
    try:
        page = context.new_page()
        page.goto("/account")
        page.wait_for_selector("body.ready")
        hostile = '<img src=x id="injected">'
        page.fill("#signup-name", hostile[:24])
        page.fill("#signup-password", PASSWORD)
        page.click("#password-signup")
        expect(page.locator("#account-name")).to_have_text(hostile[:24])
        assert page.locator("#injected").count() == 0
        assert page.evaluate("document.getElementById('account-name').children.length") == 0
        page.fill("#new-name", "abc\u202edcb")
        page.click("#rename-form button[type=submit]")
        expect(page.locator("#rename-error")).to_have_text(
            "A name may hold only visible characters (no control or direction marks)"
        )
        page.goto("/?lang=de")
        page.wait_for_selector("body.ready")
        expect(page.locator("#account-link")).to_have_text(hostile[:24])
        page.click("#account-link")
        page.wait_for_selector("body.ready")
        expect(page.locator("#delete-start")).to_have_text("Konto löschen…")
        page.click("#delete-start")
        page.fill("#delete-name", hostile[:24])
        page.click("#delete-form button[type=submit]")
        expect(page.locator("#message")).to_have_text("Das Konto und seine Spiele sind gelöscht.")
        expect(page.locator("#signed-out")).to_be_visible()
        assert serious_violations(page) == []
    finally:
        context.close()


def test_a_page_opened_at_an_ip_address_offers_the_password_only(new_page):
    page = new_page("/account", phone=True)  # http://127.0.0.1:PORT: no relying party for a passkey
    expect(page.locator("#signed-out")).to_be_visible()
    expect(page.locator("#passkey-signin")).to_be_hidden()
    expect(page.locator("#passkey-signup")).to_be_hidden()
    page.fill("#signup-name", "Ike")
    page.fill("#signup-password", PASSWORD)
    page.press("#signup-name", "Enter")
    expect(page.locator("#account-name")).to_have_text("Ike")
    expect(page.locator("#add-passkey")).to_be_hidden()


def test_a_form_posted_from_another_sites_page_changes_nothing(browser, localhost):
    """A signed-in player has a page of another site open (a page of no origin of the server's)
    whose form posts to the account's API: refused, still signed in."""
    context = open_context(browser, localhost, DESKTOP)
    try:
        page = context.new_page()
        page.goto("/account")
        page.wait_for_selector("body.ready")
        page.fill("#signup-name", "Zoe")
        page.fill("#signup-password", PASSWORD)
        page.click("#password-signup")
        expect(page.locator("#account-name")).to_have_text("Zoe")

        other = context.new_page()
        other.set_content(
            f'<form id="attack" method="post" action="{localhost}/api/account/signout"></form>'
        )  # a request with no body at all: only the origin check stands in its way
        with other.expect_navigation() as navigation:
            other.evaluate("document.getElementById('attack').submit()")
        assert navigation.value.status == 403
        assert "another site" in other.text_content("body")

        page.reload()
        page.wait_for_selector("body.ready")
        expect(page.locator("#account-name")).to_have_text("Zoe")
    finally:
        context.close()
