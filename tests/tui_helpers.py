"""Driving ``golf tui`` in tests: the app on a fresh database, run headless by Textual's ``run_test``."""

from __future__ import annotations

import html
import itertools
import re
import time
from collections.abc import Callable
from pathlib import Path

from rich.cells import cell_len

from golfcards.runners.storage import Storage
from golfcards.tui.app import GolfApp, Options

from .conditions import DEADLINE

REFERENCE = "GO1-E-AAAAAAB"
WINNING_LINE = (
    "d 5 2 d 6 6 1 6 5 5 d 7 4 5 2 d 3 1 7 d 2 3 6 7 3 d 4 4 d 6 d 4 d d d d 4 d 7 d 2 3 2 7 d 1 5 3 d 1 1".split()
)
"""``golf solitaire solve GO1-E-AAAAAAB --show``: the solver's winning line of the reference deal."""


def make_app(db_path: Path, storage: Storage | None = None, **options: object) -> GolfApp:
    """The app on ``db_path`` (opened as ``storage`` if given): English, no pause before bots, deals
    picked from a fixed sequence."""
    counter = itertools.count(7)
    settings: dict[str, object] = {"language": "en", "bot_delay": 0, "seed": 1, "new_number": lambda: next(counter)}
    settings.update(options)
    return GolfApp(Options(db_path=db_path, **settings), storage or Storage(db_path))  # type: ignore[arg-type]


SVG_TEXT = re.compile(
    r'<text [^>]*?x="(?P<x>[^"]+)"[^>]*?textLength="(?P<length>[^"]+)"[^>]*?-line-(?P<line>\d+)\)">(?P<text>[^<]*)</text>'
)
"""A run of characters in the SVG screenshot: where it starts (x), its width, its line."""


def screen_text(app: GolfApp) -> str:
    """The screen as plain text, exactly as drawn (what a terminal's text buffer holds), read from
    Textual's screenshot (``App.export_screenshot``, an SVG with a ``<text>`` per run of characters
    that are not all spaces, placed at its column)."""
    width, height = app.size
    lines = [""] * height
    for run in SVG_TEXT.finditer(app.export_screenshot()):
        text = html.unescape(run["text"].replace("&#160;", " ")).rstrip("\n")
        if not text:
            continue  # the end of a line
        column = round(float(run["x"]) * len(text) / float(run["length"]))
        line = lines[int(run["line"])]
        lines[int(run["line"])] = line + " " * (column - cell_len(line)) + text
    return "\n".join(line + " " * (width - cell_len(line)) for line in lines)


async def pause_until(pilot: object, condition: Callable[[], object], what: str, deadline: float = DEADLINE) -> None:
    """Let the app run until ``condition()`` holds; fail with ``what`` if it is still false after
    ``deadline`` seconds (which only bounds a failure)."""
    end = time.monotonic() + deadline
    while not condition():
        assert time.monotonic() < end, f"still not so after {deadline:g} s: {what}"
        await pilot.pause(0.01)  # type: ignore[attr-defined]


async def settle(pilot: object) -> None:
    """Let every worker (solver, bots, the room's socket messages) finish and the screen redraw."""
    app = pilot.app  # type: ignore[attr-defined]
    await pilot.pause()  # type: ignore[attr-defined]
    await app.workers.wait_for_complete()
    await pilot.pause()  # type: ignore[attr-defined]
