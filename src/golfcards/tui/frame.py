"""The frame every screen of ``golf tui`` is built in: words, bars, the list of keys, windows, the game screen.

A screen's words come from the app's translator (:class:`Worded`, re-worded in place when the language
changes); its bars are :func:`topbar` and :func:`keys_line`, worded by :func:`word_bars`; ``?`` lists
its keys (:class:`KeysScreen`); a window over it is a :class:`Dialog`. :class:`GameScreen` is what both
games do alike around their table. Screens reach the app (``self.app``) for the translator, the
settings and where to go next (``go_back``, ``open_settings``); they never import it.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable
from typing import Any, TypeVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen, Screen
from textual.widgets import Button, Static

from golfcards.i18n import Translator


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


def topbar(*tools: str, keys: bool = True) -> Horizontal:
    """The bar at the top of a screen: its title (``#title``), a button for each tool id (worded by the
    screen's ``update_words``), then ``?`` for the list of keys (``#open-keys``) unless ``keys`` is False."""
    buttons = [Button("", id=tool, compact=True) for tool in tools]
    if keys:
        buttons.append(Button("?", id="open-keys", compact=True))
    return Horizontal(Static(id="title"), *buttons, id="topbar")


def keys_line() -> Static:
    """The line at the bottom of a screen that names its keys (``#keys``)."""
    return Static(id="keys", classes="keys")


def word_bars(screen: Screen[Any], title: str | None, keys: str, labels: dict[str, str] | None = None) -> None:
    """Word the bars of ``screen``: the title (None: left to the screen, which draws more in it), the
    line of keys, and each tool button of ``labels`` (id → words)."""
    if title is not None:
        screen.query_one("#title", Static).update(plain(title, "bold"))
    for button_id, label in (labels or {}).items():
        relabel(screen.query_one(f"#{button_id}", Button), label)
    screen.query_one("#keys", Static).update(plain(keys))


ResultT = TypeVar("ResultT")


class Dialog(ModalScreen[ResultT]):
    """A window over the game: a title, a scrolling body, a row of buttons; Esc closes it."""

    BINDINGS = [Binding("escape", "close", show=False)]

    @property
    def t(self) -> Translator:
        return self.app.t  # type: ignore[attr-defined,no-any-return]

    def action_close(self) -> None:
        self.dismiss(None)


class LeaveScreen(Dialog[bool]):
    """Asks before a game that leaving would lose (or hand to a stand-in) is left: True leaves.

    "Keep playing" has the focus, so Enter, Esc and N all keep playing; Y or the Leave button leaves.
    """

    BINDINGS = [
        Binding("escape,n", "close", show=False),
        Binding("y", "leave", show=False),
    ]

    def __init__(self, title: str, body: str) -> None:
        super().__init__()
        self.title_text = title
        self.body_text = body

    def compose(self) -> ComposeResult:
        t = self.t
        with Vertical(classes="dialog", id="leave-dialog"):
            yield Static(plain(self.title_text, "bold"), classes="dialog-title")
            yield Static(plain(self.body_text), id="leave-body")
            with Horizontal(classes="dialog-buttons"):
                yield Button(t.gettext("Keep playing") + " (N)", id="keep", compact=True, variant="primary")
                yield Button(t.gettext("Leave") + " (Y)", id="leave", compact=True)

    def on_mount(self) -> None:
        self.query_one("#keep", Button).focus()

    def action_close(self) -> None:
        self.dismiss(False)

    def action_leave(self) -> None:
        self.dismiss(True)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss(event.button.id == "leave")


class GameScreen(Screen[None], Worded):
    """A game's screen: what both games do alike around their table.

    The bars (:func:`topbar`, :func:`keys_line`, :func:`word_bars`); ``?`` or F1 lists the keys in words
    (:meth:`key_lines`, then how to go back), ``O`` opens the settings and draws again, ``Q`` goes back
    home, first asking (:class:`LeaveScreen`) when :meth:`leave_question` has a question; a button runs
    the action :meth:`button_actions` gives its id (``?`` included).
    """

    AUTO_FOCUS = ""  # no button has the focus: keys play; Tab reaches the buttons
    BINDINGS = [
        Binding("o", "settings", show=False),
        Binding("question_mark,f1", "keys", show=False),
        Binding("q", "back", show=False),
    ]

    @property
    def t(self) -> Translator:
        return self.app.t  # type: ignore[attr-defined,no-any-return]

    def draw(self) -> None:  # pragma: no cover - every game screen overrides it
        raise NotImplementedError

    def key_lines(self) -> list[str]:  # pragma: no cover - every game screen overrides it
        """The screen's keys, a sentence each, in the app's language."""
        raise NotImplementedError

    def button_actions(self) -> dict[str, Callable[[], object]]:  # pragma: no cover - every game screen overrides it
        """What each tool button does (by id); an action may be a coroutine function."""
        raise NotImplementedError

    def action_keys(self) -> None:
        t = self.t
        lines = [*self.key_lines(), t.gettext("Q: back to the home screen")]
        self.app.push_screen(KeysScreen(t.gettext("Keys"), lines))

    def action_settings(self) -> None:
        self.app.open_settings(self.draw)  # type: ignore[attr-defined]

    def leave_question(self) -> tuple[str, str] | None:
        """What to ask before going back (a title and a sentence), or None: leaving loses nothing."""
        return None

    def action_back(self) -> None:
        question = self.leave_question()
        if question is None:
            self.app.go_back()  # type: ignore[attr-defined]
            return

        def answered(leave: bool | None) -> None:
            if leave:
                self.app.go_back()  # type: ignore[attr-defined]

        self.app.push_screen(LeaveScreen(*question), answered)

    async def on_button_pressed(self, event: Button.Pressed) -> None:
        actions = {"open-keys": self.action_keys, **self.button_actions()}
        action = actions.get(event.button.id or "")
        if action is not None:
            result = action()
            if inspect.isawaitable(result):
                await result
