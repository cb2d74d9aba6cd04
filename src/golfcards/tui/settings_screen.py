"""The settings window of both games: interactive rules, language, card style.

Each change applies at once and is remembered in the settings file (:mod:`golfcards.tui.settings`);
a new language re-words every screen (``GolfApp.set_language``).
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widgets import Button, Checkbox, RadioButton, RadioSet, Static

from golfcards.i18n import LANGUAGES, available_languages
from golfcards.tui.frame import Dialog, Worded, plain, relabel
from golfcards.tui.settings import CARD_STYLES
from golfcards.tui.widgets import Choice, Tick


class SettingsScreen(Dialog[None], Worded):
    """Interactive rules, language, card style: applied at once and remembered in the settings file."""

    def compose(self) -> ComposeResult:
        settings = self.app.settings  # type: ignore[attr-defined]
        language = self.t.language
        with Vertical(classes="dialog", id="settings-dialog"):
            yield Static(id="settings-title", classes="dialog-title")
            with VerticalScroll(classes="dialog-body"):
                yield Tick("", settings.interactive_rules, id="interactive-rules", compact=True)
                yield Static(id="interactive-help", classes="help")
                with Horizontal(classes="fields"):
                    with Vertical(classes="field"):
                        yield Static(id="language-label")
                        with RadioSet(id="language", compact=True):
                            for code in available_languages():
                                yield Choice(LANGUAGES[code], value=code == language, id=f"language-{code}")
                    with Vertical(classes="field"):
                        yield Static(id="style-label")
                        with RadioSet(id="card-style", compact=True):
                            for style in CARD_STYLES:
                                yield Choice("", value=style == settings.card_style, id=f"style-{style}")
            with Horizontal(classes="dialog-buttons"):
                yield Button("", id="close", compact=True, variant="primary")

    def on_mount(self) -> None:
        self.update_words()
        self.query_one("#interactive-rules", Checkbox).focus()

    def update_words(self) -> None:
        t = self.t
        self.query_one("#settings-title", Static).update(plain(t.gettext("Settings"), "bold"))
        self.query_one("#interactive-rules", Checkbox).label = t.gettext("Interactive rules")
        self.query_one("#interactive-help", Static).update(plain(t.gettext("Explain why a card is refused."), "italic"))
        self.query_one("#language-label", Static).update(plain(t.gettext("Language"), "bold"))
        self.query_one("#style-label", Static).update(plain(t.gettext("Card style"), "bold"))
        self.query_one("#style-classic", RadioButton).label = t.gettext("Classic: red and black")
        self.query_one("#style-four", RadioButton).label = t.gettext("Four colours")
        relabel(self.query_one("#close", Button), t.gettext("Close"))

    def on_checkbox_changed(self, event: Checkbox.Changed) -> None:
        self.app.settings.interactive_rules = event.value  # type: ignore[attr-defined]
        self.app.save_settings()  # type: ignore[attr-defined]

    def on_radio_set_changed(self, event: RadioSet.Changed) -> None:
        pressed = (event.pressed.id or "").split("-", 1)
        if event.radio_set.id == "language" and len(pressed) == 2:
            self.app.set_language(pressed[1])  # type: ignore[attr-defined]
        elif event.radio_set.id == "card-style" and len(pressed) == 2 and pressed[1] in CARD_STYLES:
            self.app.settings.card_style = pressed[1]  # type: ignore[attr-defined]
            self.app.save_settings()  # type: ignore[attr-defined]

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss(None)
