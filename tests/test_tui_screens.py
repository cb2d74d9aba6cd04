"""What both game screens of ``golf tui`` do alike: their bars, the list of keys, the settings, going back."""

from __future__ import annotations

import asyncio

import pytest

from golfcards.tui.app import HomeScreen
from golfcards.tui.frame import KeysScreen, LeaveScreen
from golfcards.tui.settings_screen import SettingsScreen
from golfcards.tui.sixcard_screen import SixcardLobby, SixcardScreen
from golfcards.tui.solitaire_screen import SolitaireScreen

from .tui_helpers import REFERENCE, make_app, screen_text, settle

GAMES = {
    "solitaire": (
        {"start": "solitaire", "code": REFERENCE},
        SolitaireScreen,
        "Golf Solitaire",
        "D: draw a card from the stock",
        "D draw · 1–7 take",
    ),
    "sixcard": (
        {"start": "sixcard", "bots": ["easy"], "name": "Ana", "code": "G6-P2-AAAAAAB"},
        SixcardScreen,
        "Six-card Golf · Hole 1 of 9",
        "D: draw from the stock · X: throw the drawn card away",
        "1–9 your cards · D draw",
    ),
}


@pytest.mark.parametrize("game", GAMES)
def test_the_bars_the_keys_the_settings_and_back_home(tmp_path, game):
    options, screen_class, title, a_key, keys_line = GAMES[game]

    async def play():
        app = make_app(tmp_path / "golf.sqlite3", **options)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot)
            screen = app.screen
            assert isinstance(screen, screen_class)
            lines = screen_text(app).splitlines()
            assert title in lines[0] and lines[0].rstrip().endswith("?"), "the title, the tools, then ?"
            assert keys_line in screen_text(app)
            for opener in ("question_mark", "f1", "click"):
                if opener == "click":
                    await pilot.click("#open-keys")
                else:
                    await pilot.press(opener)
                assert isinstance(app.screen, KeysScreen)
                listed = app.screen.lines
                assert a_key in listed and listed[-1] == "Q: back to the home screen"
                await pilot.press("escape")
                assert app.screen is screen
            await pilot.press("o")
            assert isinstance(app.screen, SettingsScreen)
            await pilot.press("escape")
            assert app.screen is screen
            await pilot.press("q")
            if game == "sixcard":  # a match under way: Q asks first (Solitaire is stored at every move)
                assert isinstance(app.screen, LeaveScreen)
                await pilot.press("y")
            assert isinstance(app.screen, HomeScreen)

    asyncio.run(play())


def test_the_lobby_has_a_title_and_its_keys_but_no_list_of_keys(tmp_path):
    async def play():
        app = make_app(tmp_path / "golf.sqlite3", start="sixcard")
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot)
            assert isinstance(app.screen, SixcardLobby)
            text = screen_text(app)
            assert text.splitlines()[0].strip() == "Six-card Golf"
            assert "Tab moves between fields · Enter chooses · Esc back" in text
            assert not app.screen.query("#open-keys")

    asyncio.run(play())
