"""The Textual application: the home screen, shared helpers, and what every screen needs from the app.

:class:`GolfApp` owns the translator, the settings file, the shared database and the terminal player's
Solitaire session; screens read them through ``self.app``. A change of language re-words every
screen on the stack in place (:meth:`GolfApp.set_language`), like the web page's language menu.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from rich.text import Text
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen, Screen
from textual.widgets import Button, Static

from golfcards.i18n import Translator, language_from_environment, translator
from golfcards.runners.storage import Storage
from golfcards.tui.faces import Look
from golfcards.tui.remote import RoomAddress
from golfcards.tui.settings import Settings, load_settings, save_settings, settings_path
from golfcards.tui.solitaire_session import SolitaireSession

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


class Worded:
    """A screen whose words come from the app's translator: :meth:`update_words` re-words it."""

    def update_words(self) -> None:  # pragma: no cover - every screen overrides it
        raise NotImplementedError


def plain(text: str, style: str = "") -> Text:
    """Text drawn as is: a player's name or a translated sentence is never read as markup."""
    return Text(text, style=style)


def relabel(button: Button, label: str) -> None:
    """Give ``button`` new words; its width follows them."""
    button.label = label
    button.refresh(layout=True)


class KeysScreen(ModalScreen[None]):
    """The list of keys of a screen, in words (also what a screen reader user reads first)."""

    BINDINGS = [Binding("escape,q,question_mark,f1,enter", "dismiss", show=False)]

    def __init__(self, title: str, lines: list[str]) -> None:
        super().__init__()
        self.title_text = title
        self.lines = lines

    def compose(self) -> ComposeResult:
        t: Translator = self.app.t  # type: ignore[attr-defined]
        with Vertical(classes="dialog"):
            yield Static(plain(self.title_text, "bold"), classes="dialog-title")
            with VerticalScroll(classes="dialog-body"):
                yield Static(plain("\n".join(self.lines)), id="keys-list")
            with Horizontal(classes="dialog-buttons"):
                yield Button(t.gettext("Close"), id="close", compact=True)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss(None)


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
                    "2 to 4 players, six cards each, the lowest score after 9 holes wins: against bots or "
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
        from golfcards.tui.solitaire_screen import SolitaireScreen

        self.app.push_screen(SolitaireScreen())

    def action_sixcard(self) -> None:
        from golfcards.tui.sixcard_screen import SixcardLobby

        self.app.push_screen(SixcardLobby())

    def action_settings(self) -> None:
        from golfcards.tui.solitaire_dialogs import SettingsScreen

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
        player = SolitaireSession.player_for(storage, self.settings.player)
        if player != self.settings.player:
            self.settings.player = player
            self.save_settings()
        self.session = SolitaireSession(storage, player, options.new_number)

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

    def on_mount(self) -> None:
        options = self.options
        self.push_screen(HomeScreen())
        if options.start == "solitaire":
            from golfcards.tui.solitaire_screen import SolitaireScreen

            self.push_screen(SolitaireScreen(code=options.code))
        elif options.start == "sixcard":
            from golfcards.tui.sixcard_screen import SixcardLobby, SixcardScreen

            if options.join is not None:
                self.push_screen(SixcardScreen.joining(options.join))
            elif options.bots is not None or options.code:
                name = options.name if options.name is not None else self.settings.name
                self.push_screen(SixcardScreen.local_match(options.bots or ["strong"], name, options.code))
            else:
                self.push_screen(SixcardLobby())

    def go_back(self) -> None:
        """Leave the current game screen for the home screen (Q on the home screen quits)."""
        if isinstance(self.screen, HomeScreen):
            self.exit(0)
        else:
            self.pop_screen()
