"""Take the screenshots of the web app into docs/screenshots.

They are the pictures of docs/web.md (its Pictures section; the README shows one of them).

Starts the real ``golf serve`` on a free port with a throw-away database, drives Debian's Chromium
with Playwright, and plays a few known moves so the pictures show a game in progress. The Solitaire
page and a six-card table of four (three bots) are taken at every size of :data:`SIZES` (a wide
screen, a laptop, a small laptop, a phone upright and on its side), then a few moments: the first
deal's guide, the new game and shortcuts windows, the dark theme, a rules page in Catalan, a six-card
hole's end (every column scored) and the match's end window:

    python scripts/screenshots.py            # all pictures, and the animated win (needs ffmpeg)
    python scripts/screenshots.py --only sixcard
    python scripts/screenshots.py --only win

The animated win is recorded with Chromium's screencast (CDP ``Page.startScreencast``) while the
last moves of ``GO1-E-AAAAAAB``'s winning line are clicked, and turned into a GIF by ffmpeg
(``apt-get install ffmpeg``) with one palette for the whole clip, kept under 1 MB; without ffmpeg
the GIF already in docs/screenshots is kept. With pngquant (``apt-get install pngquant``) every
PNG is cut to a 256-colour palette, about a quarter of its bytes; without it the full PNGs are kept.
"""

from __future__ import annotations

import argparse
import base64
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests" / "web"))

from play import click_action, deal, post_actions, reload  # noqa: E402
from sixcard_play import (  # noqa: E402
    COUNT_STATES,
    click_and_settle,
    play_my_seat,
    start_against_bots,
    still,
    turn_up_and_draw,
)

from conftest import CHROMIUM, CHROMIUM_ARGS, GUIDE_SEEN, start_server  # noqa: E402

OUT = ROOT / "docs" / "screenshots"
SIZES = {
    "wide": {"width": 1920, "height": 960},
    "desktop": {"width": 1280, "height": 800},
    "small": {"width": 1024, "height": 600},
    "phone": {"width": 360, "height": 740},
    "phone-side": {"width": 740, "height": 360},
}
"""Every size the Solitaire page and the six-card table are taken at: ``solitaire-<size>.png``."""
SCALE = {"phone": 2}
"""Device pixels per CSS pixel where not 1: the phone upright is taken as a phone shows it."""
HOLES = 4
"""Holes of the match whose hole's end and match's end are taken."""
OPENING = "d 5 2 d 6 6 5 6 1 5".split()
"""The first actions of GO1-E-AAAAAAB's winning line: a game well under way."""


WINNING_LINE = ("d 5 2 d 6 6 5 6 1 5 d 7 4 5 2 d 3 1 7 d 2 3 d 4 4 3 7 d d 4 d d 1 2 3 2 4 6 1 1 7 d 6 5 3 d 7").split()
"""GO1-E-AAAAAAB's winning line (tests/data/reference-deal.json)."""
FINISH = 7
"""Moves of the winning line the animated capture shows being played."""


def new_context(browser, url: str, size: str, **options):
    """A new browser context (a new player) at one of :data:`SIZES`, in British English."""
    return browser.new_context(
        base_url=url,
        viewport=SIZES[size],
        locale=options.pop("locale", "en-GB"),
        device_scale_factor=SCALE.get(size, 1),
        **options,
    )


def shoot(page, name: str, taken: list[Path]) -> None:
    """Screenshot ``page`` into ``OUT/name``; with pngquant, down to a palette of at most 256 colours
    (about a quarter of the bytes, no visible change: a card's art and the felt's gradient still fit)."""
    path = OUT / name
    page.screenshot(path=str(path))
    if shutil.which("pngquant"):
        # exit 98/99: no smaller file, or not within the quality asked; the full PNG stays then
        subprocess.run(
            ["pngquant", "--quality=70-95", "--speed", "1", "--strip", "--force", "--output", str(path), str(path)],
            check=False,
        )
    taken.append(path)


def play(page, actions: list[str]) -> None:
    for action in actions:
        click_action(page, action)


def solitaire(browser, url: str) -> list[Path]:
    taken: list[Path] = []
    for size in SIZES:
        context = new_context(browser, url, size)
        context.add_init_script(GUIDE_SEEN)  # the pictures show the board, not the first deal's guide
        page = context.new_page()
        page.goto("/solitaire")
        page.wait_for_selector("body.ready")
        deal(page, "GO1-E-AAAAAAB")
        play(page, OPENING)
        page.click('#tableau [data-column="1"].free')
        page.wait_for_function("() => document.getElementById('message').dataset.kind === 'refusal'")
        page.wait_for_timeout(300)
        shoot(page, f"solitaire-{size}.png", taken)
        if size == "desktop":
            page.click("#change-rules")
            page.locator("#new-dialog").wait_for(state="visible")
            shoot(page, "solitaire-new-game.png", taken)
            page.keyboard.press("Escape")
            page.keyboard.press("?")
            page.locator("#help-dialog").wait_for(state="visible")
            shoot(page, "solitaire-shortcuts.png", taken)
            page.keyboard.press("Escape")
        context.close()

    first = new_context(browser, url, "phone")  # a new player: the first deal's guide, its first step
    page = first.new_page()
    page.goto("/solitaire")
    page.wait_for_selector("body.ready")
    page.locator("#guide").wait_for(state="visible")
    page.wait_for_timeout(600)
    shoot(page, "solitaire-guide.png", taken)
    first.close()

    dark = new_context(browser, url, "phone", color_scheme="dark")
    dark.add_init_script(GUIDE_SEEN)
    night = dark.new_page()
    night.goto("/solitaire")
    night.wait_for_selector("body.ready")
    night.click("#open-settings")
    night.select_option("#felt", "blue")
    night.select_option("#back", "blue")
    night.keyboard.press("Escape")
    deal(night, "GO1-E-AAAAAAB")
    play(night, OPENING[:6])
    night.wait_for_timeout(300)
    shoot(night, "solitaire-dark-phone.png", taken)
    dark.close()

    catalan = new_context(browser, url, "phone", locale="ca-ES")
    rules = catalan.new_page()
    rules.goto("/rules/solitaire")
    shoot(rules, "rules-phone-ca.png", taken)
    catalan.close()
    return taken


def sixcard(browser, url: str) -> list[Path]:
    """A match against three bots (the first cards turned up and a card drawn) at every size; then a
    match of :data:`HOLES` holes on a laptop: a hole's end with a column cancelled (the first such hole
    but the last, else the last but one), and the match's end window."""
    taken: list[Path] = []
    for size in SIZES:
        context = new_context(browser, url, size)
        context.add_init_script(COUNT_STATES)
        page = context.new_page()
        if size == "desktop":
            page.goto("/")
            page.wait_for_selector("body.ready")
            shoot(page, "home-desktop.png", taken)
        page.goto("/sixcard")
        page.wait_for_selector("body.ready")
        start_against_bots(page, 3)
        turn_up_and_draw(page)
        still(page)
        shoot(page, f"sixcard-{size}.png", taken)
        context.close()

    context = new_context(browser, url, "desktop")
    context.add_init_script(COUNT_STATES)
    page = context.new_page()
    page.goto("/sixcard")
    page.wait_for_selector("body.ready")
    start_against_bots(page, 3, level="normal", holes=str(HOLES))
    hole_end_taken = False
    for hole in range(HOLES):
        play_my_seat(page)
        if hole == HOLES - 1:
            break
        still(page)
        if not hole_end_taken and (page.locator("#play .card.cancelled").count() or hole == HOLES - 2):
            shoot(page, "sixcard-hole-end.png", taken)
            hole_end_taken = True
        click_and_settle([page], page, "#next-hole")
    page.locator("#match-end").wait_for(state="visible")
    still(page)
    shoot(page, "sixcard-match-end.png", taken)
    context.close()
    return taken


def win(browser, url: str) -> list[Path]:
    """The last moves of GO1-E-AAAAAAB's winning line, the cascade and the win window, as a GIF."""
    if not shutil.which("ffmpeg"):
        print("no ffmpeg: the animated win is kept as it was (apt-get install ffmpeg)", file=sys.stderr)
        return []
    context = browser.new_context(base_url=url, viewport={"width": 720, "height": 560}, locale="en-GB")
    context.add_init_script(GUIDE_SEEN)
    page = context.new_page()
    page.goto("/solitaire")
    page.wait_for_selector("body.ready")
    deal(page, "GO1-E-AAAAAAB")
    post_actions(page, WINNING_LINE[:-FINISH])
    reload(page)
    page.evaluate("window.scrollTo(0, 90)")
    cdp = context.new_cdp_session(page)
    frames: list[tuple[float, bytes]] = []

    def frame(event) -> None:
        frames.append((event["metadata"]["timestamp"], base64.b64decode(event["data"])))
        cdp.send("Page.screencastFrameAck", {"sessionId": event["sessionId"]})

    cdp.on("Page.screencastFrame", frame)
    cdp.send("Page.startScreencast", {"format": "png", "everyNthFrame": 1})
    page.wait_for_timeout(500)
    for action in WINNING_LINE[-FINISH:]:
        click_action(page, action)
        page.wait_for_timeout(380)
    page.locator("#end-stats").wait_for(state="visible")
    page.wait_for_timeout(1600)
    cdp.send("Page.stopScreencast")
    context.close()
    path = OUT / "solitaire-win.gif"
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        listing = []
        for index, (stamp, data) in enumerate(frames):
            name = folder / f"{index:04d}.png"
            name.write_bytes(data)
            following = frames[index + 1][0] if index + 1 < len(frames) else stamp + 1.5
            listing.append(f"file '{name}'\nduration {max(following - stamp, 0.02):.3f}")
        listing.append(f"file '{folder / f'{len(frames) - 1:04d}.png'}'")
        (folder / "frames.txt").write_text("\n".join(listing) + "\n")
        scale = "fps=15,scale=480:-1:flags=lanczos"
        subprocess.run(
            [
                "ffmpeg",
                "-loglevel",
                "error",
                "-y",
                "-f",
                "concat",
                "-safe",
                "0",
                "-i",
                str(folder / "frames.txt"),
                "-vf",
                f"{scale},split[a][b];[a]palettegen=max_colors=96:stats_mode=diff[p];[b][p]paletteuse=dither=bayer:bayer_scale=4:diff_mode=rectangle",
                "-loop",
                "0",
                str(path),
            ],
            check=True,
        )
    size = path.stat().st_size
    if size > 1024 * 1024:
        raise SystemExit(f"{path} is {size / 1024:.0f} KB: keep it under 1 MB")
    return [path]


def main(argv: list[str] | None = None) -> int:
    if not shutil.which("pngquant"):
        print("no pngquant: the pictures are kept as full PNGs (apt-get install pngquant)", file=sys.stderr)
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--only", choices=["solitaire", "sixcard", "win"], help="take only these pictures")
    args = parser.parse_args(argv)
    from playwright.sync_api import sync_playwright

    OUT.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        process, url = start_server(Path(tmp) / "golf.sqlite3")
        try:
            with sync_playwright() as playwright:
                browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
                for game in (solitaire, sixcard, win):
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
