"""Driving ``golf tui`` in tests: the app on a fresh database, run headless by Textual's ``run_test``."""

from __future__ import annotations

import io
import itertools
from pathlib import Path

from rich.console import Console

from golfcards.runners.storage import Storage
from golfcards.tui.app import GolfApp, Options

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


def screen_text(app: GolfApp) -> str:
    """The screen as plain text, exactly as drawn (what a terminal's text buffer holds)."""
    width, height = app.size
    console = Console(width=width, height=height, file=io.StringIO(), force_terminal=True, record=True)
    console.print(app.screen._compositor.render_update(full=True, screen_stack=app._background_screens))
    return console.export_text()


async def settle(pilot: object) -> None:
    """Let every worker (solver, bots, the room's socket messages) finish and the screen redraw."""
    app = pilot.app  # type: ignore[attr-defined]
    await pilot.pause()  # type: ignore[attr-defined]
    await app.workers.wait_for_complete()
    await pilot.pause()  # type: ignore[attr-defined]
