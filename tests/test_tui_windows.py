"""Windows of ``golf tui`` and leaving a game: nothing of the screen behind shows beside a window, and
``Q`` asks before leaving a match that leaving would lose (Solitaire loses nothing, so it never asks)."""

from __future__ import annotations

import asyncio

import pytest

from golfcards.sixcard.state import Phase
from golfcards.tui.app import HomeScreen
from golfcards.tui.frame import KeysScreen, LeaveScreen
from golfcards.tui.settings_screen import SettingsScreen
from golfcards.tui.sixcard_screen import ScorecardScreen, SixcardScreen
from golfcards.tui.solitaire_dialogs import NewGameScreen, StatisticsScreen
from golfcards.tui.solitaire_screen import SolitaireScreen

from .tui_helpers import REFERENCE, WINNING_LINE, make_app, screen_text, settle

SOLITAIRE = {"start": "solitaire", "code": REFERENCE}
SIXCARD = {"start": "sixcard", "bots": ["easy"], "name": "Ana", "code": "G6-P2-AAAAAAB"}

WINDOWS = {
    "keys": (SOLITAIRE, "question_mark", KeysScreen),
    "settings": (SOLITAIRE, "o", SettingsScreen),
    "new game": (SOLITAIRE, "n", NewGameScreen),
    "statistics": (SOLITAIRE, "i", StatisticsScreen),
    "scorecard": (SIXCARD, "c", ScorecardScreen),
    "six-card keys": (SIXCARD, "question_mark", KeysScreen),
    "leave": (SIXCARD, "q", LeaveScreen),
}


def first_face_down(view, seat: int) -> int:
    return next((p for p, card in enumerate(view.grids[seat]) if card is None), 0)


def outside(text: str, region: tuple[int, int, int, int]) -> str:
    """Every character of the screen ``text`` outside ``region`` (x, y, width, height)."""
    x, y, width, height = region
    left = []
    for row, line in enumerate(text.splitlines()):
        if y <= row < y + height:
            left.append(line[:x] + line[x + width :])
        else:
            left.append(line)
    return "".join(left)


@pytest.mark.parametrize("size", [(80, 24), (120, 40)], ids=["80x24", "120x40"])
@pytest.mark.parametrize("window", WINDOWS)
def test_a_window_leaves_no_stray_text_beside_its_frame(tmp_path, window, size):
    options, key, screen_class = WINDOWS[window]

    async def play():
        app = make_app(tmp_path / "golf.sqlite3", **options)
        async with app.run_test(size=size) as pilot:
            await settle(pilot)
            await pilot.press(key)
            await settle(pilot)
            assert isinstance(app.screen, screen_class)
            frame = app.screen.query_one(".dialog").region
            text = screen_text(app)
            lines = text.splitlines()
            assert (
                lines[frame.y][frame.x] == "╭" and lines[frame.y + frame.height - 1][frame.x + frame.width - 1] in "╯╝"
            )
            stray = outside(text, (frame.x, frame.y, frame.width, frame.height)).strip()
            assert stray == "", f"drawn outside the {window} window: {stray[:60]!r}"

    asyncio.run(play())


def test_q_asks_before_leaving_a_match_against_bots(tmp_path):
    async def play():
        app = make_app(tmp_path / "golf.sqlite3", language="fr", **SIXCARD)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot)
            table = app.screen
            assert isinstance(table, SixcardScreen)
            for keep in ("escape", "n", "enter"):  # Esc, N and Enter (Keep playing has the focus) keep playing
                await pilot.press("q")
                assert isinstance(app.screen, LeaveScreen)
                text = " ".join(screen_text(app).split())
                assert "Quitter la partie ?" in text and "Cette partie n’est pas enregistrée" in text
                assert "Continuer à jouer" in text
                await pilot.press(keep)
                assert app.screen is table, keep
            await pilot.press("q")
            await pilot.click("#leave")
            assert isinstance(app.screen, HomeScreen)

    asyncio.run(play())


def test_q_leaves_a_finished_match_without_asking(tmp_path):
    async def play():
        app = make_app(tmp_path / "golf.sqlite3", start="sixcard", bots=["random"], code="G6-P2-AAAAAAC-H1")
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot)
            screen = app.screen
            await pilot.press("1", "2")
            for _ in range(60):
                match = screen.local.match
                if match.is_terminal():
                    break
                view = match.view(0)
                if view.my_turn:
                    await pilot.press("d" if view.phase is Phase.DRAW else str(first_face_down(view, 0) + 1))
                await settle(pilot)
            assert screen.local.match.is_terminal()
            await pilot.press("q")
            assert isinstance(app.screen, HomeScreen), "nothing is lost: no question"

    asyncio.run(play())


def test_q_leaves_solitaire_at_once_and_the_course_is_kept(tmp_path):
    """Solitaire stores every move: Q asks nothing, and the game and its course come back as they were."""

    async def play():
        app = make_app(tmp_path / "golf.sqlite3", start="solitaire", code=REFERENCE + "-T")
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot)
            await pilot.press(*WINNING_LINE[:5])
            before = app.screen.shown
            assert before.moves == 5
            await pilot.press("q")
            assert isinstance(app.screen, HomeScreen)
            await pilot.press("s")
            await settle(pilot)
            assert isinstance(app.screen, SolitaireScreen)
            assert app.screen.shown == before
            assert "Course: deal 1 of 9" in screen_text(app)

    asyncio.run(play())
