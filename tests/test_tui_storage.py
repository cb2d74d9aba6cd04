"""``golf tui`` when its database fails while it runs: the game goes on in memory, and the app says so.

The database is made to fail for real: SQLite refuses every write once ``query_only`` is on (what a
read-only file gives), and reads fail once the file is overwritten with junk and SQLite may not
answer from its cache (a corrupt file).
"""

from __future__ import annotations

import asyncio
import os
from pathlib import Path

from golfcards.i18n import translator
from golfcards.runners.solitaire_games import SolitaireGames
from golfcards.runners.storage import Storage
from golfcards.tui.settings import load_settings, settings_path
from golfcards.tui.solitaire_dialogs import EndScreen, StatisticsScreen
from golfcards.tui.solitaire_screen import SolitaireScreen

from .tui_helpers import REFERENCE, WINNING_LINE, make_app, screen_text, settle

NOT_SAVED = "Games can no longer be saved in {path} ({reason}). You can play on; this game is kept only until you quit."


def toasts(app) -> list[str]:
    """What the app's notifications say on the screen now."""
    return [str(toast.render()) for toast in app.screen.query("Toast")]


def read_only(storage: Storage) -> None:
    storage.database.connection().execute("PRAGMA query_only = ON")


def corrupt(storage: Storage) -> None:
    """Junk over every page of the file but its header, and no cache to answer from."""
    storage.database.connection().execute("PRAGMA wal_checkpoint(TRUNCATE)")
    storage.database.connection().execute("PRAGMA cache_size = 0")
    size = os.path.getsize(storage.path)
    with open(storage.path, "r+b") as handle:
        handle.seek(100)
        handle.write(b"\xff" * (size - 100))


def saved_actions(db: Path, player: str) -> tuple[str, ...]:
    storage = Storage(db)
    try:
        return SolitaireGames(storage).load(player).saved.actions
    finally:
        storage.close()


def test_a_database_that_turns_read_only_mid_game_lets_the_game_go_on_to_the_win(tmp_path):
    db = tmp_path / "golf.sqlite3"

    async def play():
        app = make_app(db, start="solitaire", code=REFERENCE)
        async with app.run_test(size=(80, 24), notifications=True) as pilot:
            await settle(pilot)
            for key in WINNING_LINE[:2]:
                await pilot.press(key)
            assert "not saved" not in screen_text(app)
            read_only(app.storage)
            await pilot.press(WINNING_LINE[2])
            await settle(pilot)
            screen = app.screen
            assert isinstance(screen, SolitaireScreen)
            assert screen.message_text == "You removed 8 of clubs."
            assert screen.shown.moves == 3
            assert toasts(app) == [
                NOT_SAVED.format(path=db, reason="attempt to write a readonly database"),
            ]
            assert "· not saved" in screen_text(app).splitlines()[1]
            await pilot.press("u", "r")  # undo and redo, in memory
            assert screen.shown.removed == 2 and screen.message_text == "You removed 8 of clubs."
            for key in WINNING_LINE[3:]:
                await pilot.press(key)
            await settle(pilot)
            assert isinstance(app.screen, EndScreen)
            assert "You won! Score: 350" in screen_text(app)
            assert len(toasts(app)) <= 1, "said once"
        return app.settings.player

    player = asyncio.run(play())
    assert saved_actions(db, player) == tuple(WINNING_LINE[:2]), "the file keeps what it held"


def test_a_database_that_turns_corrupt_mid_game_is_explained_in_german(tmp_path):
    db = tmp_path / "golf.sqlite3"
    t = translator("de")

    async def play():
        app = make_app(db, start="solitaire", code=REFERENCE, language="de")
        async with app.run_test(size=(80, 24), notifications=True) as pilot:
            await settle(pilot)
            await pilot.press("d")
            corrupt(app.storage)
            await pilot.press("5")
            await settle(pilot)
            screen = app.screen
            assert isinstance(screen, SolitaireScreen) and screen.shown.moves == 2
            said = t.gettext(NOT_SAVED, path=db, reason="database disk image is malformed")
            assert said != NOT_SAVED.format(path=db, reason="database disk image is malformed")
            assert toasts(app) == [said]
            assert t.gettext("not saved") in screen_text(app)
            await pilot.press("h")  # the solver reads the game in memory, in a worker thread
            await settle(pilot)
            hint = t.gettext("Hint: {move}. It is the next move of a winning line.", move="|").split("|")
            assert screen.message_text.startswith(hint[0]) and screen.message_text.endswith(hint[1])
            await pilot.press("i")
            await settle(pilot)
            assert isinstance(app.screen, StatisticsScreen)
            await pilot.press("escape")
            await pilot.press("d")
            assert screen.shown.moves == 3

    asyncio.run(play())


def test_a_database_that_refuses_writes_from_the_start(tmp_path):
    db = tmp_path / "golf.sqlite3"
    storage = Storage(db)
    read_only(storage)  # not even a player can be written

    async def play():
        app = make_app(db, storage, start="solitaire")
        async with app.run_test(size=(80, 24), notifications=True) as pilot:
            await settle(pilot)
            screen = app.screen
            assert isinstance(screen, SolitaireScreen)
            assert toasts(app) == [NOT_SAVED.format(path=db, reason="attempt to write a readonly database")]
            await pilot.press("d")
            assert screen.shown.moves == 1

    try:
        asyncio.run(play())
    finally:
        storage.close()
    assert load_settings(settings_path(db)).player is None, "no player of the memory is remembered"
