"""Take the pictures of ``golf tui`` (SVG, as Textual exports them) into docs/screenshots.

They are the pictures of docs/tui.md (its Pictures section).

Runs the app headless (Textual's ``run_test``) on a throw-away database and plays known keys, so the
pictures show games in progress; the terminal sizes are the ones people have (80 × 24, and larger):

    python scripts/tui_screenshots.py
"""

from __future__ import annotations

import asyncio
import itertools
import os
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))

from golfcards.runners.storage import Storage  # noqa: E402
from golfcards.tui.app import GolfApp, Options  # noqa: E402

OUT = ROOT / "docs" / "screenshots"
OPENING = "d 5 2 d 6 6 5 6 1 5".split()
"""The first actions of GO1-E-AAAAAAB's winning line: a game well under way."""


async def picture(picture_name: str, size: tuple[int, int], keys: list[str], folder: Path, **options: object) -> Path:
    """Start the app with ``options``, press ``keys``, wait for the solver and the bots, save ``picture_name``.svg."""
    db = folder / f"{picture_name}.sqlite3"
    counter = itertools.count(11)
    settings: dict[str, object] = {"language": "en", "bot_delay": 0, "seed": 3, "new_number": lambda: next(counter)}
    settings.update(options)
    app = GolfApp(Options(db_path=db, **settings), Storage(db))  # type: ignore[arg-type]
    async with app.run_test(size=size) as pilot:
        for key in keys:
            await pilot.press(key)
            await pilot.pause()
            await app.workers.wait_for_complete()
        await pilot.pause()
        path = Path(app.save_screenshot(f"{picture_name}.svg", str(OUT)))
    app.storage.close()
    return path


async def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as folder:
        work = Path(folder)
        solitaire = {"start": "solitaire", "code": "GO1-E-AAAAAAB"}
        taken = [
            await picture("tui-solitaire", (80, 24), [*OPENING, "3", "h"], work, **solitaire),
            await picture("tui-solitaire-large", (120, 40), [*OPENING, "t"], work, **solitaire),
            await picture("tui-solitaire-ca", (80, 24), [*OPENING, "4"], work, language="ca", **solitaire),
            await picture("tui-new-game", (80, 24), ["n"], work, **solitaire),
            await picture("tui-statistics", (80, 24), ["i"], work, **solitaire),
            await picture(
                "tui-sixcard",
                (80, 24),
                ["1", "5", "d"],
                work,
                start="sixcard",
                bots=["strong", "normal", "easy"],
                name="Ana",
                code="G6-P4-AAAAAAD",
            ),
        ]
        os.environ["NO_COLOR"] = "1"
        taken.append(await picture("tui-solitaire-no-color", (80, 24), [*OPENING, "h"], work, **solitaire))
    for path in taken:
        print(path.relative_to(ROOT))


if __name__ == "__main__":
    asyncio.run(main())
