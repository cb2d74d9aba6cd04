"""The Textual application: the home screen, and what every screen needs from the app.

:class:`GolfApp` owns the translator, the settings file, the shared database and the terminal player's
Solitaire session; screens read them through ``self.app``, and ask it where to go
(:meth:`GolfApp.go_back`, :meth:`GolfApp.open_settings`). A change of language re-words every screen
on the stack in place (:meth:`GolfApp.set_language`), like the web page's language menu. What the
screens share is in :mod:`golfcards.tui.frame`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Button, Static

from golfcards.i18n import Translator, language_from_environment, translator
from golfcards.runners.storage import Storage
from golfcards.tui.faces import Look
from golfcards.tui.frame import Worded, plain, relabel
from golfcards.tui.remote import RoomAddress
from golfcards.tui.settings import Settings, load_settings, save_settings, settings_path
from golfcards.tui.settings_screen import SettingsScreen
from golfcards.tui.sixcard_screen import SixcardLobby, SixcardScreen
from golfcards.tui.solitaire_screen import SolitaireScreen
from golfcards.tui.solitaire_session import SolitaireSession, StorageFailure

BOT_DELAY = 0.7
"""Seconds before a bot acts, so that people can follow the table (tests use 0)."""


@dataclass
class Options:
    """What ``golf tui`` was asked for; tests build it directly."""

    db_path: Path
    language: str | None = None
    start: str = "home"
    """``home``, ``solitaire`` or ``sixcard``."""
    code: str | None = None
    """A Golf Solitaire code to deal at the start, or a Six-card deal code."""
    join: RoomAddress | None = None
    bots: list[str] | None = None
    """Six-card Golf opponents: given, the match starts at once; None opens the lobby."""
    name: str | None = None
    bot_delay: float = BOT_DELAY
    seed: int | None = None
    new_number: Callable[[], int] | None = None
    """Picks random deals (tests fix it)."""


def storage_failure_text(failure: StorageFailure, t: Translator) -> str:
    """What the player reads when the database fails while the app runs."""
    return t.gettext(
        "Games can no longer be saved in {path} ({reason}). You can play on; this game is kept only until you quit.",
        path=failure.path,
        reason=failure.reason,
    )


class HomeScreen(Screen[None], Worded):
    """Choose a game, like the web app's home page."""

    BINDINGS = [
        Binding("s,1", "solitaire", show=False),
        Binding("6,2", "sixcard", show=False),
        Binding("o", "settings", show=False),
        Binding("q,escape", "app.quit", show=False),
    ]

    def compose(self) -> ComposeResult:
        with Vertical(id="home"):
            yield Static(id="home-title")
            yield Static(id="home-lead")
            yield Button("", id="go-solitaire", compact=True)
            yield Static(id="solitaire-help", classes="help")
            yield Button("", id="go-sixcard", compact=True)
            yield Static(id="sixcard-help", classes="help")
            yield Static(id="home-keys", classes="keys")

    def on_mount(self) -> None:
        self.update_words()

    def update_words(self) -> None:
        t: Translator = self.app.t  # type: ignore[attr-defined]
        self.query_one("#home-title", Static).update(plain("♣ " + t.gettext("golfcards"), "bold"))
        self.query_one("#home-lead", Static).update(plain(t.gettext("Two card games called Golf")))
        relabel(self.query_one("#go-solitaire", Button), t.gettext("Golf Solitaire"))
        self.query_one("#solitaire-help", Static).update(
            plain(
                t.gettext("Alone: clear the seven columns, one rank up or down at a time, before the stock runs out.")
            )
        )
        relabel(self.query_one("#go-sixcard", Button), t.gettext("Six-card Golf"))
        self.query_one("#sixcard-help", Static).update(
            plain(
                t.gettext(
                    "2 to 6 players, six cards each, the lowest score after 9 holes wins: against bots or "
                    "with friends on the same network."
                )
            )
        )
        self.query_one("#home-keys", Static).update(
            plain(t.gettext("S Golf Solitaire · 6 Six-card Golf · O settings · Q quit · Tab, Enter or the mouse"))
        )

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "go-solitaire":
            self.action_solitaire()
        elif event.button.id == "go-sixcard":
            self.action_sixcard()

    def action_solitaire(self) -> None:
        self.app.push_screen(SolitaireScreen())

    def action_sixcard(self) -> None:
        self.app.push_screen(SixcardLobby())

    def action_settings(self) -> None:
        self.app.push_screen(SettingsScreen())


class GolfApp(App[int]):
    """Both games of golfcards in the terminal."""

    CSS_PATH = "golf.tcss"
    TITLE = "golfcards"
    ENABLE_COMMAND_PALETTE = False

    def __init__(self, options: Options, storage: Storage) -> None:
        super().__init__()
        self.options = options
        self.storage = storage
        self.settings_file = settings_path(options.db_path)
        self.settings: Settings = load_settings(self.settings_file)
        self.t: Translator = translator(options.language or self.settings.language or language_from_environment())
        self.session = SolitaireSession.open(storage, self.settings.player, options.new_number)
        if self.session.failure is None and self.session.player != self.settings.player:
            self.settings.player = self.session.player
            self.save_settings()
        self.session.on_failure = self.storage_failed

    @property
    def look(self) -> Look:
        return Look(self.t, self.settings.card_style)

    def save_settings(self) -> None:
        save_settings(self.settings_file, self.settings)

    def set_language(self, language: str) -> None:
        """Speak ``language`` from now on, on every screen, and remember it."""
        self.t = translator(language)
        self.settings.language = self.t.language
        self.save_settings()
        for screen in self.screen_stack:
            if isinstance(screen, Worded):
                screen.update_words()

    def storage_failed(self) -> None:
        """The database failed: say so in the app's language (safe from any thread); the games go on
        in memory (see :class:`SolitaireSession`)."""
        failure = self.session.failure
        if failure is not None:
            self.notify(storage_failure_text(failure, self.t), severity="error", timeout=30, markup=False)

    def on_mount(self) -> None:
        if self.session.failure is not None:
            self.storage_failed()
        options = self.options
        self.push_screen(HomeScreen())
        if options.start == "solitaire":
            self.push_screen(SolitaireScreen(code=options.code))
        elif options.start == "sixcard":
            if options.join is not None:
                self.push_screen(SixcardScreen.joining(options.join))
            elif options.bots is not None or options.code:
                name = options.name if options.name is not None else self.settings.name
                self.push_screen(SixcardScreen.local_match(options.bots or ["strong"], name, options.code))
            else:
                self.push_screen(SixcardLobby())

    def open_settings(self, then: Callable[[], object]) -> None:
        """Open the settings window over the current screen; ``then`` runs once it is closed."""

        def closed(_: None) -> None:
            then()

        self.push_screen(SettingsScreen(), closed)

    def go_back(self) -> None:
        """Leave the current game screen for the home screen (Q on the home screen quits)."""
        if isinstance(self.screen, HomeScreen):
            self.exit(0)
        else:
            self.pop_screen()
