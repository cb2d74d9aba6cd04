"""Take the README's screenshots of the web app (desktop 1280×800 and phone 360×740) into docs/screenshots.

Starts the real ``golf serve`` on a free port with a throw-away database, drives Debian's Chromium
with Playwright, and plays a few known moves so the pictures show a game in progress:

    python scripts/screenshots.py            # all pictures
    python scripts/screenshots.py --only sixcard
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests" / "web"))

from conftest import CHROMIUM, CHROMIUM_ARGS, start_server  # noqa: E402

OUT = ROOT / "docs" / "screenshots"
SIZES = {"desktop": {"width": 1280, "height": 800}, "phone": {"width": 360, "height": 740}}
OPENING = "d 5 2 d 6 6 5 6 1 5".split()
"""The first actions of GO1-E-AAAAAAB's winning line: a game well under way."""


def play(page, actions: list[str]) -> None:
    for action in actions:
        moves = int(page.text_content("#moves"))
        page.click("#stock" if action == "d" else f'#tableau [data-column="{action}"].free')
        page.wait_for_function("n => Number(document.getElementById('moves').textContent) > n", arg=moves)


def solitaire(browser, url: str) -> list[Path]:
    taken = []
    for size, viewport in SIZES.items():
        context = browser.new_context(
            base_url=url, viewport=viewport, locale="en-GB", device_scale_factor=2 if size == "phone" else 1
        )
        page = context.new_page()
        page.goto("/solitaire")
        page.wait_for_selector("body.ready")
        page.click("#new-game")
        page.fill("#code-input", "GO1-E-AAAAAAB")
        page.click("#deal")
        page.wait_for_function("() => document.getElementById('code').textContent === 'GO1-E-AAAAAAB'")
        play(page, OPENING)
        page.click('#tableau [data-column="1"].free')
        page.wait_for_function("() => document.getElementById('message').textContent !== ''")
        path = OUT / f"solitaire-{size}.png"
        page.screenshot(path=str(path))
        taken.append(path)
        if size == "desktop":
            page.click("#new-game")
            page.locator("#new-dialog").wait_for(state="visible")
            path = OUT / "solitaire-new-game.png"
            page.screenshot(path=str(path))
            taken.append(path)
            page.keyboard.press("Escape")
        else:
            catalan = browser.new_context(base_url=url, viewport=viewport, locale="ca-ES", device_scale_factor=2)
            rules = catalan.new_page()
            rules.goto("/rules/solitaire")
            path = OUT / "rules-phone-ca.png"
            rules.screenshot(path=str(path))
            taken.append(path)
            catalan.close()
        context.close()
    return taken


def sixcard(browser, url: str) -> list[Path]:
    """A match against two bots: the first cards turned up and a card drawn, on both screen sizes."""
    taken = []
    for size, viewport in SIZES.items():
        context = browser.new_context(
            base_url=url, viewport=viewport, locale="en-GB", device_scale_factor=2 if size == "phone" else 1
        )
        page = context.new_page()
        page.goto("/")
        page.wait_for_selector("body.ready")
        if size == "desktop":
            path = OUT / "home-desktop.png"
            page.screenshot(path=str(path))
            taken.append(path)
        page.goto("/sixcard")
        page.wait_for_selector("body.ready")
        page.fill('#bots-form input[name="name"]', "Ana")
        page.select_option('#bots-form select[name="bots"]', "2")
        page.click('#bots-form button[type="submit"]')
        page.wait_for_selector("#play:not([hidden])")
        for _ in range(2):
            page.locator("#me .grid button.back:not([disabled])").first.click()
            page.wait_for_timeout(200)
        page.wait_for_function("() => !document.getElementById('six-stock').disabled", timeout=15000)
        page.click("#six-stock")
        page.wait_for_selector("#holding:not([hidden])")
        page.wait_for_timeout(400)
        path = OUT / f"sixcard-{size}.png"
        page.screenshot(path=str(path), full_page=size == "phone")
        taken.append(path)
        context.close()
    return taken


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--only", choices=["solitaire", "sixcard"], help="take only these pictures")
    args = parser.parse_args(argv)
    from playwright.sync_api import sync_playwright

    OUT.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        process, url = start_server(Path(tmp) / "golf.sqlite3")
        try:
            with sync_playwright() as playwright:
                browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
                for game in (solitaire, sixcard):
                    if args.only in (None, game.__name__):
                        for path in game(browser, url):
                            print(path.relative_to(ROOT))
                browser.close()
        finally:
            process.terminate()
            process.wait(timeout=10)
    return 0


if __name__ == "__main__":
    sys.exit(main())
