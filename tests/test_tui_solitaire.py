"""Golf Solitaire in ``golf tui``, driven by keys and clicks through Textual's Pilot."""

from __future__ import annotations

import asyncio
import json
import re

import pytest

from golfcards.i18n import translator
from golfcards.i18n.solitaire import board_text
from golfcards.runners.solitaire_games import SOLUTION_BUDGET, SolitaireGames
from golfcards.runners.storage import Storage
from golfcards.solitaire.board import Board, Move, Status, Take
from golfcards.solitaire.solver import solve
from golfcards.tui.settings import Settings, load_settings, settings_path
from golfcards.tui.settings_screen import SettingsScreen
from golfcards.tui.solitaire_dialogs import EndScreen, NewGameScreen, StatisticsScreen
from golfcards.tui.solitaire_screen import LARGE, ColumnView, SolitaireScreen, StockView

from .tui_helpers import REFERENCE, WINNING_LINE, make_app, pause_until, screen_text, settle


def run(coroutine):
    return asyncio.run(coroutine)


def message(app) -> str:
    return app.screen.message_text if isinstance(app.screen, SolitaireScreen) else ""


def reference_solution() -> tuple[Move, ...]:
    """The solver's winning line of the reference deal, as the Solution key asks for it."""
    verdict = solve(Board.from_code(REFERENCE), budget=SOLUTION_BUDGET)
    assert verdict.line
    return tuple(verdict.line)


def test_winning_the_reference_deal_by_keys(tmp_path):
    db = tmp_path / "golf.sqlite3"

    async def play():
        app = make_app(db, start="solitaire", code=REFERENCE)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot)
            assert "GO1-E-AAAAAAB" in screen_text(app)
            for key in WINNING_LINE:
                await pilot.press(key)
            await settle(pilot)
            assert isinstance(app.screen, EndScreen)
            text = screen_text(app)
            assert "Well played!" in text and "You won! Score: 350" in text
            game = app.screen.game
            assert game.board.status is Status.WON and game.board.score == 350 and game.board.moves == 51
            return app.session.player

    player = run(play())
    # The game is in the database golf serve uses: the same runner finds it won, and it counts.
    storage = Storage(db)
    assert SolitaireGames(storage).load(player).board.status is Status.WON
    assert storage.statistics(player, "E").wins == 1
    storage.close()


def test_a_refusal_is_explained_in_catalan(tmp_path, monkeypatch):
    import golfcards.tui.solitaire_screen as solitaire_screen

    monkeypatch.setattr(solitaire_screen, "MARK_SECONDS", 3600)  # the refused card stays framed while we look

    async def play():
        app = make_app(tmp_path / "golf.sqlite3", start="solitaire", code=REFERENCE, language="ca")
        async with app.run_test() as pilot:
            await settle(pilot)
            await pilot.press("3")  # the jack of spades on the ace of clubs
            assert message(app) == "Ha de ser d’un valor superior o inferior"
            assert "Ha de ser d’un valor superior o inferior" in screen_text(app)
            assert "╔" in screen_text(app), "the refused card is framed, which needs no colour"
            await pilot.click("#column-2", offset=(3, 1))  # the 2 of spades, under four cards
            assert message(app) == translator("ca").gettext("This card is blocked")
            await pilot.click("#column-2", offset=(3, 6))  # its free card, the 8 of clubs: not on the ace
            assert message(app) == "Ha de ser d’un valor superior o inferior"
            assert app.screen.shown.moves == 0
            await pilot.click(StockView)
            assert message(app) == "Has robat: 8 de piques."
            assert app.screen.shown.moves == 1

    run(play())


def test_refusals_are_silent_without_interactive_rules(tmp_path):
    async def play():
        app = make_app(tmp_path / "golf.sqlite3", start="solitaire", code=REFERENCE)
        async with app.run_test() as pilot:
            await settle(pilot)
            await pilot.press("o")
            assert isinstance(app.screen, SettingsScreen)
            await pilot.click("#interactive-rules")
            await pilot.press("escape")
            await pilot.press("3")
            assert message(app) == ""

    run(play())
    assert load_settings(settings_path(tmp_path / "golf.sqlite3")).interactive_rules is False


def test_undo_redo_and_the_move_counter(tmp_path):
    async def play():
        app = make_app(tmp_path / "golf.sqlite3", start="solitaire", code=REFERENCE)
        async with app.run_test() as pilot:
            await settle(pilot)
            for key in "d52":
                await pilot.press(key)
            board = app.screen.shown
            assert (board.moves, board.score, board.stock_count) == (3, 20, 15)
            await pilot.press("u", "u")
            board = app.screen.shown
            assert (board.removed, board.moves) == (0, 3), "undo takes back; the move counter never goes down"
            assert message(app) == "Undone: 9 of clubs goes back."
            await pilot.press("r")
            assert app.screen.shown.removed == 1 and message(app) == "You removed 9 of clubs."
            await pilot.press("r", "r")
            assert message(app) == "There is nothing to redo"
            await pilot.press("u", "d")  # a new move ends redo
            await pilot.press("r")
            assert message(app) == "There is nothing to redo"

    run(play())


def playable_on_screen(app) -> set[int]:
    """The columns whose free card the screen marks as playable (◆ on its top edge), read from the
    screen's text inside each column's place."""
    lines = screen_text(app).splitlines()
    marked = set()
    for number in range(1, 8):
        region = app.screen.query_one(f"#column-{number}").region
        drawn = "".join(line[region.x : region.right] for line in lines[region.y : region.bottom])
        if "◆" in drawn:
            marked.add(number)
    return marked


def test_playable_cards_are_marked_after_every_move_undo_and_redo(tmp_path):
    async def play():
        app = make_app(tmp_path / "golf.sqlite3", start="solitaire", code=REFERENCE)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot)
            seen = []
            for key in ("", "d", "5", "2", "u", "u", "r", "d", "6"):
                if key:
                    await pilot.press(key)
                board = app.screen.shown
                playable = {move.column for move in board.legal if isinstance(move, Take)}
                assert playable_on_screen(app) == playable, f"after {key or 'the deal'}"
                seen.append(playable)
            assert any(seen) and not all(seen), "some positions have playable cards, some none"
            assert seen[1] == {5}, "after the draw, the 9 of clubs on the 8 of spades"

    run(play())


def test_hint_still_winnable_and_the_solution_replay(tmp_path, monkeypatch):
    import golfcards.tui.solitaire_screen as solitaire_screen

    monkeypatch.setattr(solitaire_screen, "REPLAY_SECONDS", 3600)  # the replay moves only by keys here

    async def play():
        app = make_app(tmp_path / "golf.sqlite3", start="solitaire", code=REFERENCE)
        async with app.run_test() as pilot:
            await settle(pilot)
            await pilot.press("h")
            await settle(pilot)
            assert message(app) == "Hint: draw from the stock. It is the next move of a winning line."
            assert "┏" in str(app.screen.query_one(StockView).render()), "the hinted stock has a heavy frame"
            await pilot.press("w")
            await settle(pilot)
            assert message(app) == "Still winnable: yes"
            await pilot.press("s")
            await settle(pilot)
            screen = app.screen
            count = len(reference_solution())
            assert screen.replay is not None and len(screen.replay.views) == count + 1
            assert message(app) == f"Easy (King and Ace joined): winnable in {count} moves"
            await pilot.press("right", "right")
            assert screen.replay.index == 2
            assert screen.replay.texts[2].startswith("Move 2: ")
            assert f"Solution: move 2 of {count} · {screen.replay.texts[2]}" in screen_text(app)
            await pilot.press("d")  # the game is not played during the replay
            assert screen.game.board.moves == 0
            await pilot.press("escape")
            assert screen.replay is None and screen.shown.moves == 0

    run(play())


def test_the_solution_replays_by_itself_to_the_win_and_back(tmp_path, monkeypatch):
    import golfcards.tui.solitaire_screen as solitaire_screen

    monkeypatch.setattr(solitaire_screen, "REPLAY_SECONDS", 0.001)

    async def play():
        app = make_app(tmp_path / "golf.sqlite3", start="solitaire", code=REFERENCE)
        async with app.run_test() as pilot:
            await settle(pilot)
            await pilot.press("d")
            await pilot.press("s")
            await settle(pilot)
            screen = app.screen
            count = len(reference_solution())
            await pause_until(pilot, lambda: screen.replay.index == count, "the replay reached the win")
            assert screen.replay.index == count and screen.shown.score == 350 and not screen.replay.playing
            assert isinstance(app.screen, SolitaireScreen), "a replayed win is not the player's win"
            await pilot.press("escape")
            assert screen.shown.moves == 1 and screen.shown.score == 0

    run(play())


def test_the_new_game_window_deals_a_code_and_explains_a_bad_one(tmp_path):
    async def play():
        app = make_app(tmp_path / "golf.sqlite3", start="solitaire", code=REFERENCE, language="ca")
        async with app.run_test() as pilot:
            await settle(pilot)
            await pilot.press("n")
            assert isinstance(app.screen, NewGameScreen)
            app.screen.query_one("#code").focus()
            await pilot.press(*"GO1-X-AAAAAAB", "enter")
            assert isinstance(app.screen, NewGameScreen)
            error = str(app.screen.query_one("#new-error").render())
            assert error.startswith("GO1-X-AAAAAAB: la lletra de la regla"), error
            app.screen.query_one("#code").value = " go1-c-aaaaaac-j1 "
            await pilot.press("enter")
            await settle(pilot)
            screen = app.screen
            assert isinstance(screen, SolitaireScreen)
            assert str(screen.shown.code) == "GO1-C-AAAAAAC-J1" and screen.shown.stock_count == 17

    run(play())


def test_a_random_winnable_deal_under_the_chosen_rule(tmp_path):
    async def play():
        app = make_app(tmp_path / "golf.sqlite3", start="solitaire", code=REFERENCE)
        async with app.run_test() as pilot:
            await settle(pilot)
            await pilot.press("n")
            await pilot.click("#rule-classic")
            await pilot.pause()
            await pilot.click("#deal")
            await settle(pilot)
            board = app.screen.shown
            assert board.rules.name.name == "CLASSIC" and board.moves == 0
            assert str(board.code) != REFERENCE

    run(play())


def test_a_course_its_next_deal_and_the_statistics(tmp_path):
    async def play():
        app = make_app(tmp_path / "golf.sqlite3", start="solitaire", code=REFERENCE + "-T")
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot)
            assert "Course: deal 1 of 9 · 0 cards left · par 0 (0)" in screen_text(app)
            await pilot.press(*WINNING_LINE)
            await settle(pilot)
            assert isinstance(app.screen, EndScreen)
            await pilot.press("x")  # next deal
            await settle(pilot)
            screen = app.screen
            assert isinstance(screen, SolitaireScreen)
            assert str(screen.shown.code) == "GO1-E-AAAAAAC"
            assert "Course: deal 2 of 9 · 0 cards left · par 5 (-5)" in screen_text(app)
            await pilot.press("i")
            assert isinstance(app.screen, StatisticsScreen)
            text = screen_text(app)
            assert re.search(r"Games\s+1", text) and re.search(r"Wins\s+1", text) and "100 %" in text
            assert "Current course · GO1-E-AAAAAAB-T" in text
            assert "✓" in text, "a won game is marked without colour"

    run(play())


def test_the_board_as_text_on_demand(tmp_path):
    async def play():
        app = make_app(tmp_path / "golf.sqlite3", start="solitaire", code=REFERENCE, language="ca")
        async with app.run_test(size=(100, 30)) as pilot:
            await settle(pilot)
            panel = app.screen.query_one("#board-text")
            assert not panel.display
            await pilot.press("t")
            assert panel.display
            expected = board_text(Board.from_code(REFERENCE).view(), translator("ca"))
            assert str(panel.render()) == expected
            assert expected.startswith("Pila per robar: 16 cartes; descart: as de trèvols.")
            await pilot.press("d")
            assert str(panel.render()).startswith("Pila per robar: 15 cartes; descart: 8 de piques.")

    run(play())


def test_the_language_changes_everywhere_at_once(tmp_path):
    async def play():
        app = make_app(tmp_path / "golf.sqlite3", start="solitaire", code=REFERENCE)
        async with app.run_test() as pilot:
            await settle(pilot)
            await pilot.press("o")
            await pilot.click("#language-de")
            assert str(app.screen.query_one("#settings-title").render()) == "Einstellungen"
            await pilot.press("escape")
            assert "Neues Spiel" in screen_text(app)
            await pilot.press("3")
            assert message(app) == translator("de").gettext("Must be one rank higher or lower")

    run(play())
    assert load_settings(settings_path(tmp_path / "golf.sqlite3")).language == "de"


@pytest.mark.parametrize("language", ["en", "ca", "el", "pt", "es", "fr", "de"])
def test_every_language_fits_the_standard_terminal(tmp_path, language):
    """In 80 × 24 the whole board and the key line are on screen, nothing scrolls away."""

    async def play():
        app = make_app(tmp_path / "golf.sqlite3", start="solitaire", code=REFERENCE, language=language)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot)
            text = screen_text(app)
            lines = text.splitlines()
            assert len(lines) == 24
            assert "╰───6♥╯" in text and "░16░" in text
            assert "?" in lines[-1] or "?" in lines[-2]
            screen = app.screen
            assert screen.query_one("#tableau").region.bottom <= 24
            assert screen.max_scroll_y == 0, "the screen does not scroll"

    run(play())


def test_a_large_terminal_gets_large_cards(tmp_path):
    async def play():
        app = make_app(tmp_path / "golf.sqlite3", start="solitaire", code=REFERENCE)
        async with app.run_test(size=(120, 40)) as pilot:
            await settle(pilot)
            column = app.screen.query_one("#column-1", ColumnView)
            assert column.card_size == LARGE and column.region.height == 1 + 4 * LARGE.covered + LARGE.free

    run(play())


def test_without_colour_every_colour_is_grey_and_the_marks_stay(tmp_path, monkeypatch):
    monkeypatch.setenv("NO_COLOR", "1")

    async def play():
        app = make_app(tmp_path / "golf.sqlite3", start="solitaire", code=REFERENCE)
        async with app.run_test() as pilot:
            await settle(pilot)
            assert app.no_color
            await pilot.press("d", "h")
            await settle(pilot)
            svg = app.export_screenshot()
            assert "┏" in screen_text(app), "the hint is a heavy frame, not a colour"
            assert "◆" in screen_text(app), "a playable card is marked, not coloured"
            return svg

    svg = run(play())
    # The cells' backgrounds and the text styles (not the picture's window frame around them).
    colours = set(re.findall(r'<rect fill="#([0-9a-fA-F]{6})" x=', svg))
    colours |= set(re.findall(r"-r(?!1 )\d+ \{ fill: #([0-9a-fA-F]{6})", svg))
    assert len(colours) > 3
    not_grey = [c for c in colours if len({c[0:2].lower(), c[2:4].lower(), c[4:6].lower()}) != 1]
    assert not not_grey, not_grey


def test_the_settings_file_is_read_defensively(tmp_path):
    path = tmp_path / "golf-terminal.json"
    path.write_text('{"player": 5, "card_style": "neon", "language": "xx", "interactive_rules": "no", "rooms": []}')
    assert load_settings(path) == Settings()
    path.write_text("[" * 5000)
    assert load_settings(path) == Settings()
    path.write_bytes(b"{" + b" " * (70 * 1024) + b"}")
    assert load_settings(path) == Settings()
    path.write_text(json.dumps({"player": "abc", "card_style": "four", "language": "el", "rooms": {"k": "t"}}))
    settings = load_settings(path)
    assert (settings.player, settings.card_style, settings.language, settings.rooms) == (
        "abc",
        "four",
        "el",
        {"k": "t"},
    )


def test_the_terminal_player_keeps_its_game_between_runs(tmp_path):
    db = tmp_path / "golf.sqlite3"

    async def first():
        app = make_app(db, start="solitaire", code=REFERENCE)
        async with app.run_test() as pilot:
            await settle(pilot)
            await pilot.press("d", "5")
            return app.session.player

    async def second():
        app = make_app(db, start="solitaire")
        async with app.run_test() as pilot:
            await settle(pilot)
            return app.session.player, app.screen.shown.moves, str(app.screen.shown.code)

    player = run(first())
    assert run(second()) == (player, 2, REFERENCE)
