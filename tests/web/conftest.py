"""Browser tests: the real ``golf serve`` in a subprocess, Debian's Chromium driven by Playwright."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


def start_server(db_path: Path, port: int = 0, extra: tuple[str, ...] = ()) -> tuple[subprocess.Popen, str]:
    """``golf serve --port PORT`` (0: any free port) on ``db_path`` with ``extra`` options; returns the
    process and the address it printed."""
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src"), "PYTHONUNBUFFERED": "1"}
    process = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "golfcards",
            "serve",
            "--host",
            "127.0.0.1",
            "--port",
            str(port),
            "--db",
            str(db_path),
            "--lang",
            "en",
            *extra,
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
        env=env,
    )
    assert process.stdout is not None
    line = process.stdout.readline()
    if "http://" not in line:
        process.kill()
        raise RuntimeError(f"golf serve did not start: {line!r}")
    address = line[line.index("http://") :].split()[0].rstrip("/")
    return process, address


@pytest.fixture(scope="session")
def server_url(tmp_path_factory):
    # Every page of the session is a new player from 127.0.0.1, and many leave a match under way (kept
    # from eviction): more than one network may create at once or hold.
    process, address = start_server(
        tmp_path_factory.mktemp("serve") / "golf.sqlite3",
        extra=("--new-players", "100000", "--rooms-per-address", "1000"),
    )
    yield address
    process.terminate()
    process.wait(timeout=10)


@pytest.fixture(scope="session")
def browser():
    if not Path(CHROMIUM).exists():
        pytest.skip("Debian's chromium is not installed")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()


GUIDE_SEEN = "localStorage.setItem('golfcards.guide', JSON.stringify({ done: true }))"
"""Run before a page's scripts: the Solitaire page's first-deal guide counts as seen (solitaire/later.js)."""

PHONE = {"width": 360, "height": 740}
DESKTOP = {"width": 1280, "height": 800}


@pytest.fixture
def new_page(browser, server_url):
    """Open a page in a fresh browser context (a new player).

    ``new_page(path, locale=…, phone=…, init_script=…, guide=…, **context_options)``: the script runs
    before the page's own (to count animations or sounds); the Solitaire page's first-deal guide is
    marked as seen unless ``guide`` is True (the guide's own tests); the options go to Playwright's
    ``new_context`` (``reduced_motion``, ``color_scheme``, ``has_touch``…).
    """
    contexts = []

    def open_page(
        path: str = "/solitaire",
        locale: str = "en-GB",
        phone: bool = False,
        init_script: str | None = None,
        guide: bool = False,
        **options,
    ):
        viewport = options.pop("viewport", PHONE if phone else DESKTOP)
        context = browser.new_context(base_url=server_url, locale=locale, viewport=viewport, **options)
        if not guide:
            context.add_init_script(GUIDE_SEEN)
        if init_script:
            context.add_init_script(init_script)
        contexts.append(context)
        page = context.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda error: errors.append(str(error)))
        page.errors = errors
        page.goto(path)
        page.wait_for_selector("body.ready")
        return page

    yield open_page
    for context in contexts:
        context.close()
