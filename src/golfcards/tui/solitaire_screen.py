"""Golf Solitaire full-screen: the board as cards, the web page's keys and buttons, the solver's help.

The game is the terminal player's current game in the shared database (see
:mod:`golfcards.tui.solitaire_session`): every accepted action is stored at once, so leaving and
coming back (or opening the browser on the same database with the same player) finds the same game.
Keys are the web page's: ``D`` draws, ``1``–``7`` remove a column's free card, ``U`` undoes, ``H``
hints, ``N`` opens the new game window; the terminal adds ``R`` redo, ``W`` still winnable, ``S``
the solution replay, ``I`` statistics, ``O`` settings, ``T`` the board as one line of text.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from dataclasses import dataclass
from typing import NamedTuple

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.timer import Timer
from textual.widget import Widget
from textual.widgets import Button, Static

from golfcards.cards import AnyCard
from golfcards.errors import GolfError
from golfcards.i18n import Translator
from golfcards.i18n.analysis import hint_text, move_text, numbered_move, still_winnable_text, verdict_text
from golfcards.i18n.errors import error_text
from golfcards.i18n.solitaire import action_text, board_text, refusal_text, rule_name
from golfcards.runners.solitaire_games import Game
from golfcards.solitaire.board import Action, Board, Draw, Move, Status, Take, Touch, Undo, parse_action
from golfcards.solitaire.codes import GameCode
from golfcards.solitaire.course import PAR, Course
from golfcards.solitaire.deal import ROWS
from golfcards.solitaire.view import SolitaireView
from golfcards.tui.faces import Look, back_lines, face_lines, join_lines, slot_lines
from golfcards.tui.frame import GameScreen, keys_line, plain, topbar, word_bars
from golfcards.tui.solitaire_dialogs import (
    EndScreen,
    NewGameRequest,
    NewGameScreen,
    StatisticsScreen,
    course_line,
    signed,
)
from golfcards.tui.solitaire_session import Done, SolitaireSession

REPLAY_SECONDS = 0.65
MARK_SECONDS = 0.6


class CardSize(NamedTuple):
    """Cells of a card: its width, the lines a covered card shows, the lines of a whole card."""

    width: int
    covered: int
    free: int


SMALL = CardSize(7, 1, 3)
LARGE = CardSize(9, 2, 5)
LARGE_FROM = (100, 36)
"""Terminals at least this wide and tall get the large cards."""


def card_size_for(width: int, height: int) -> CardSize:
    return LARGE if width >= LARGE_FROM[0] and height >= LARGE_FROM[1] else SMALL


# --- the widgets ---------------------------------------------------------------------------------


class ColumnView(Widget):
    """One column: its number, then its cards overlapping top to bottom, the free card whole (marked
    when it can be played now, see :func:`~golfcards.tui.faces.face_lines`).

    A click on a card touches it (removed if it is free and fits; otherwise the refusal says why);
    a click on the number takes the column's free card.
    """

    def __init__(self, number: int) -> None:
        super().__init__(id=f"column-{number}", classes="column")
        self.number = number
        self.cards: tuple[AnyCard, ...] = ()
        self.card_size = SMALL
        self.frame_row: int | None = None
        self.frame = "plain"
        self.playable = False
        self.look: Look | None = None

    def show(
        self,
        cards: tuple[AnyCard, ...],
        look: Look,
        size: CardSize,
        frame_row: int | None,
        frame: str,
        playable: bool = False,
    ) -> None:
        self.cards, self.look, self.card_size = cards, look, size
        self.frame_row, self.frame, self.playable = frame_row, frame, playable
        self.styles.width = size.width
        self.styles.height = 1 + size.covered * (ROWS - 1) + size.free
        self.refresh()

    def render(self) -> Text:
        size = self.card_size
        lines = [Text(str(self.number).center(size.width), style="bold")]
        if self.look is None:
            return join_lines(lines)
        if not self.cards:
            lines.extend(slot_lines(size.width, size.free))
        for row, card in enumerate(self.cards, start=1):
            last = row == len(self.cards)
            frame = self.frame if row == self.frame_row else "plain"
            height = size.free if last else size.covered
            lines.extend(face_lines(card, self.look, size.width, height, frame, playable=last and self.playable))
        return join_lines(lines)

    def row_at(self, y: int) -> int | None:
        """The row (1 = top) of the card drawn at line ``y`` (None: the number line)."""
        if y <= 0:
            return None
        covered_lines = self.card_size.covered * max(0, len(self.cards) - 1)
        if y - 1 < covered_lines:
            return (y - 1) // self.card_size.covered + 1
        return max(1, len(self.cards))

    def on_click(self, event: events.Click) -> None:
        row = self.row_at(event.y)
        screen = self.screen
        if isinstance(screen, SolitaireScreen):
            screen.play(Take(self.number) if row is None else Touch(self.number, row))


class StockView(Widget):
    """The stock, face down, with the number of cards left on it; a click draws."""

    def __init__(self) -> None:
        super().__init__(id="stock")
        self.count = 0
        self.card_size = SMALL
        self.frame = "plain"

    def show(self, count: int, size: CardSize, frame: str) -> None:
        self.count, self.card_size, self.frame = count, size, frame
        self.styles.width = size.width
        self.styles.height = size.free
        self.refresh()

    def render(self) -> Text:
        size = self.card_size
        if self.count == 0:
            return join_lines(slot_lines(size.width, size.free, "0"))
        return join_lines(back_lines(size.width, size.free, str(self.count), self.frame))

    def on_click(self, event: events.Click) -> None:
        screen = self.screen
        if isinstance(screen, SolitaireScreen):
            screen.play(Draw())


class DiscardView(Widget):
    """The discard's top card (or an empty place)."""

    def __init__(self) -> None:
        super().__init__(id="discard")
        self.card: AnyCard | None = None
        self.card_size = SMALL
        self.look: Look | None = None

    def show(self, card: AnyCard | None, look: Look, size: CardSize) -> None:
        self.card, self.look, self.card_size = card, look, size
        self.styles.width = size.width
        self.styles.height = size.free
        self.refresh()

    def render(self) -> Text:
        size = self.card_size
        if self.card is None or self.look is None:
            return join_lines(slot_lines(size.width, size.free))
        return join_lines(face_lines(self.card, self.look, size.width, size.free))


# --- the solution replay -----------------------------------------------------------------------


@dataclass
class Replay:
    """The deal's winning line from its start: the player's view of each position, the words of each move."""

    views: list[SolitaireView]
    texts: list[str]
    index: int = 0
    playing: bool = True


def replay_from(start: Board, line: tuple[Move, ...], t: Translator) -> Replay:
    """Every position of ``line`` played from ``start`` (the card each draw turns is named: it is a replay)."""
    board = start.clone()
    views, texts = [board.view()], [""]
    for number, move in enumerate(line, start=1):
        texts.append(numbered_move(number, move_text(move, board.view(), t, drawn=board.moved_card(move)), t))
        refusal = board.apply(move)
        assert refusal is None, "the solver's line is legal"
        views.append(board.view())
    return Replay(views, texts)


# --- the screen --------------------------------------------------------------------------------------


class SolitaireScreen(GameScreen):
    """Golf Solitaire."""

    BINDINGS = [
        Binding("d", "play('d')", show=False),
        *(Binding(str(n), f"play('{n}')", show=False) for n in range(1, 8)),
        Binding("u", "play('u')", show=False),
        Binding("r", "redo", show=False),
        Binding("h", "hint", show=False),
        Binding("w", "winnable", show=False),
        Binding("s", "solution", show=False),
        Binding("n", "new_game", show=False),
        Binding("i", "statistics", show=False),
        Binding("t", "board_text", show=False),
        Binding("left", "replay_step(-1)", show=False),
        Binding("right", "replay_step(1)", show=False),
        Binding("space", "replay_pause", show=False),
        Binding("escape", "escape", show=False),
    ]

    def __init__(self, code: str | None = None) -> None:
        super().__init__()
        self.start_code = code
        self.game: Game | None = None
        self.replay: Replay | None = None
        self.replay_timer: Timer | None = None
        self.hinted: Action | None = None
        self.marked: Action | None = None
        self.mark_timer: Timer | None = None
        self.serial = 0
        self.message_kind = "info"
        self.card_size = SMALL

    # --- the app's things ---------------------------------------------------------------------

    @property
    def session(self) -> SolitaireSession:
        return self.app.session  # type: ignore[attr-defined,no-any-return]

    @property
    def look(self) -> Look:
        return self.app.look  # type: ignore[attr-defined,no-any-return]

    @property
    def shown(self) -> SolitaireView:
        """The player's view of the position shown: the game's, or a position of the solution replay."""
        if self.replay is not None:
            return self.replay.views[self.replay.index]
        assert self.game is not None
        return self.game.board.view()

    # --- layout -----------------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        yield topbar("new-game", "open-stats", "open-settings")
        yield Static(id="status")
        yield Static(id="rule-line")
        with Horizontal(id="tableau"):
            for number in range(1, 8):
                yield ColumnView(number)
        with Horizontal(id="piles"):
            yield StockView()
            yield DiscardView()
            with Vertical(id="helpers"):
                with Horizontal(classes="button-row"):
                    yield Button("", id="undo", compact=True)
                    yield Button("", id="redo", compact=True)
                    yield Button("", id="hint", compact=True)
                with Horizontal(classes="button-row"):
                    yield Button("", id="winnable", compact=True)
                    yield Button("", id="solution", compact=True)
        yield Static(id="replay-bar")
        yield Static(id="message")
        yield Static(id="board-text")
        yield keys_line()

    def on_mount(self) -> None:
        self.query_one("#replay-bar").display = False
        self.query_one("#board-text").display = False
        self.card_size = card_size_for(self.app.size.width, self.app.size.height)
        game: Game | None = None
        if self.start_code:
            try:
                game = self.session.start(GameCode.parse(self.start_code))
            except GolfError as error:
                self.say(error_text(error, self.t), "refusal")
        self.game = game or self.session.load()
        self.update_words()
        if self.game.board.status is not Status.PLAYING:
            self.show_end()

    def on_resize(self, event: events.Resize) -> None:
        size = card_size_for(self.app.size.width, self.app.size.height)
        if size != self.card_size:
            self.card_size = size
            self.draw()

    def update_words(self) -> None:
        """Every label in the app's language, then the board."""
        t = self.t
        labels = {
            "new-game": t.gettext("New game"),
            "open-stats": t.gettext("Statistics"),
            "open-settings": t.gettext("Settings"),
            "undo": t.gettext("Undo"),
            "redo": t.gettext("Redo"),
            "hint": t.gettext("Hint"),
            "winnable": t.gettext("Still winnable?"),
            "solution": t.gettext("Solution"),
        }
        keys = t.gettext("D draw · 1–7 take · U undo · R redo · H hint · N new · T text · ? keys · Q back")
        word_bars(self, t.gettext("Golf Solitaire"), keys, labels)
        if self.game is not None:
            self.draw()

    # --- drawing ----------------------------------------------------------------------------------

    def draw(self) -> None:
        """Draw the board being shown (the game, or a position of the solution replay)."""
        if self.game is None:
            return
        t, look, board, size = self.t, self.look, self.shown, self.card_size
        playable = {move.column for move in board.legal if isinstance(move, Take)}
        for number, cards in enumerate(board.columns, start=1):
            frame_row, frame = None, "plain"
            for action, kind in ((self.hinted, "hint"), (self.marked, "mark")):
                if isinstance(action, Take) and action.column == number:
                    frame_row, frame = len(cards), kind
                elif isinstance(action, Touch) and action.column == number:
                    frame_row, frame = action.row, kind
            column = self.query_one(f"#column-{number}", ColumnView)
            column.show(cards, look, size, frame_row, frame, number in playable)
        stock_frame = "mark" if isinstance(self.marked, Draw) else "hint" if isinstance(self.hinted, Draw) else "plain"
        self.query_one(StockView).show(board.stock_count, size, stock_frame)
        self.query_one(DiscardView).show(board.discard, look, size)
        code = "" if board.code is None else str(self.game.course.code if self.game.course else board.code)
        status = " · ".join(
            [
                t.gettext("Score: {score}", score=board.score),
                t.gettext("Moves: {moves}", moves=board.moves),
                t.ngettext("Stock: {count} card", "Stock: {count} cards", board.stock_count),
                code,
                *([t.gettext("not saved")] if self.session.failure is not None else []),
            ]
        )
        self.query_one("#status", Static).update(plain(status))
        rule = rule_name(board.rules.name, t)
        if board.rules.jokers:
            rule += " · " + t.ngettext("{count} joker", "{count} jokers", board.rules.jokers)
        if board.rules.empty_discard:
            rule += " · " + t.gettext("empty discard")
        course = self.game.course
        if course is not None:
            rule += " · " + course_line(course, t)
        self.query_one("#rule-line", Static).update(plain(rule, "dim"))
        self.query_one("#board-text", Static).update(plain(board_text(board, t)))
        self.query_one("#undo", Button).disabled = self.replay is not None or board.undo_available == 0
        self.query_one("#redo", Button).disabled = self.replay is not None or not self.session.redo_stack
        bar = self.query_one("#replay-bar", Static)
        bar.display = self.replay is not None
        if self.replay is not None:
            replay = self.replay
            words = t.gettext("Solution: move {number} of {count}", number=replay.index, count=len(replay.views) - 1)
            if replay.texts[replay.index]:
                words += " · " + replay.texts[replay.index]
            keys = t.gettext("←/→ step · Space pause · Esc back to my game")
            bar.update(plain(f"{words}\n{keys}", "bold"))

    def say(self, text: str, kind: str = "info") -> None:
        message = self.query_one("#message", Static)
        message.update(plain(text))
        message.set_classes(f"message-{kind}")
        self.message_kind = kind

    @property
    def message_text(self) -> str:
        """What the message line says now (tests and screen readers read it)."""
        return str(self.query_one("#message", Static).render())

    # --- playing ----------------------------------------------------------------------------------

    def action_play(self, notation: str) -> None:
        self.play(parse_action(notation))

    def play(self, action: Action) -> None:
        """Send ``action`` to the game; say what it did, or why it was refused."""
        if self.replay is not None:
            self.say(self.t.gettext("Solution replay: Esc goes back to your game."))
            return
        self.after(*self.session.act(action))

    def action_redo(self) -> None:
        if self.replay is not None:
            return
        done = self.session.redo()
        if done is None:
            self.say(self.t.gettext("There is nothing to redo"), "refusal")
            return
        self.after(*done)

    def after(self, game: Game, outcome: Done) -> None:
        self.game = game
        self.serial += 1
        t = self.t
        if outcome.accepted:
            self.hinted = None
            self.marked = None
            if outcome.card is not None:
                self.say(action_text(outcome.action, outcome.card, t))
        else:
            assert outcome.refusal is not None
            if self.app.settings.interactive_rules:  # type: ignore[attr-defined]
                self.say(refusal_text(outcome.refusal, t), "refusal")
                self.mark(outcome.action)
            else:
                self.say("")
        self.draw()
        if outcome.accepted and game.board.status is not Status.PLAYING:
            self.show_end()

    def mark(self, action: Action) -> None:
        """Frame the card (or the stock) an action was refused on, for a moment."""
        self.marked = action
        if self.mark_timer is not None:
            self.mark_timer.stop()

        def clear() -> None:
            self.marked = None
            self.draw()

        self.mark_timer = self.set_timer(MARK_SECONDS, clear)

    # --- the end of a game, new games, courses ----------------------------------------------------

    def show_end(self) -> None:
        assert self.game is not None
        self.app.push_screen(EndScreen(self.game), self.end_chosen)

    def end_chosen(self, choice: str | None) -> None:
        if choice == "undo":
            self.play(Undo())
        elif choice == "next":
            self.next_deal()
        elif choice == "new":
            self.action_new_game()

    def next_deal(self) -> None:
        try:
            game = self.session.next_deal()
        except GolfError as error:
            self.say(error_text(error, self.t), "refusal")
            return
        self.game = game
        self.serial += 1
        self.hinted = None
        course = game.course
        if course is not None and course.finished:
            self.say(course_finished_text(course, self.t))
        else:
            self.say("")
        self.draw()

    def action_new_game(self) -> None:
        if self.replay is not None:
            self.stop_replay()
        assert self.game is not None
        self.app.push_screen(NewGameScreen(self.game), self.new_game_chosen)

    def new_game_chosen(self, request: NewGameRequest | None) -> None:
        if request is None:
            return
        if request.code is not None:
            self.start(request.code)
        elif request.winnable:
            self.say(self.t.gettext("Thinking…"))
            self.run_worker(self._deal_winnable(request), group="deal", exclusive=True)
        else:
            self.start(self.session.random_code(request.rules, request.course, False))

    async def _deal_winnable(self, request: NewGameRequest) -> None:
        code = await asyncio.to_thread(self.session.random_code, request.rules, request.course, True)
        self.start(code)

    def start(self, code: GameCode) -> None:
        self.game = self.session.start(code)
        self.serial += 1
        self.hinted = self.marked = None
        self.say("")
        self.draw()

    # --- the solver's help ------------------------------------------------------------------------

    def action_hint(self) -> None:
        if self.replay is None:
            self.say(self.t.gettext("Thinking…"))
            self.run_worker(self._hint(self.serial), group="solver", exclusive=True)

    async def _hint(self, serial: int) -> None:
        game, advice = await asyncio.to_thread(self.session.hint)
        if serial != self.serial:
            return
        self.hinted = advice.move
        self.say(hint_text(advice, game.board.view(), self.t), "hint")
        self.draw()

    def action_winnable(self) -> None:
        if self.replay is None:
            self.say(self.t.gettext("Thinking…"))
            self.run_worker(self._winnable(self.serial), group="solver", exclusive=True)

    async def _winnable(self, serial: int) -> None:
        winnable = await asyncio.to_thread(self.session.still_winnable)
        if serial == self.serial:
            self.say(still_winnable_text(winnable, self.t), "refusal" if winnable is False else "hint")

    def action_solution(self) -> None:
        if self.replay is None:
            self.say(self.t.gettext("Thinking…"))
            self.run_worker(self._solution(self.serial), group="solver", exclusive=True)

    async def _solution(self, serial: int) -> None:
        start, verdict = await asyncio.to_thread(self.session.solution)
        if serial != self.serial:
            return
        self.say(verdict_text(start.rules.name, verdict, self.t), "hint")
        if not verdict.line:
            return
        self.replay = replay_from(start, tuple(verdict.line), self.t)
        self.hinted = self.marked = None
        self.replay_timer = self.set_interval(REPLAY_SECONDS, self._replay_tick)
        self.draw()

    def _replay_tick(self) -> None:
        replay = self.replay
        if replay is None or not replay.playing:
            return
        if replay.index + 1 < len(replay.views):
            replay.index += 1
            self.draw()
        else:
            replay.playing = False

    def action_replay_step(self, step: int) -> None:
        replay = self.replay
        if replay is None:
            return
        replay.playing = False
        replay.index = min(max(0, replay.index + step), len(replay.views) - 1)
        self.draw()

    def action_replay_pause(self) -> None:
        if self.replay is not None:
            self.replay.playing = not self.replay.playing

    def stop_replay(self) -> None:
        if self.replay_timer is not None:
            self.replay_timer.stop()
            self.replay_timer = None
        self.replay = None
        self.draw()

    # --- windows and the rest ---------------------------------------------------------------------

    def action_escape(self) -> None:
        if self.replay is not None:
            self.stop_replay()
            self.say("")

    def action_back(self) -> None:
        if self.replay is not None:
            self.stop_replay()
        super().action_back()

    def action_statistics(self) -> None:
        self.app.push_screen(StatisticsScreen(self.session.statistics()))

    def action_board_text(self) -> None:
        panel = self.query_one("#board-text", Static)
        panel.display = not panel.display

    def key_lines(self) -> list[str]:
        t = self.t
        return [
            t.gettext("D: draw a card from the stock"),
            t.gettext("1–7: remove the free card of that column"),
            t.gettext("U: undo (up to 100 actions) · R: redo"),
            t.gettext("H: hint · W: still winnable? · S: the solution, replayed from the deal's start"),
            t.gettext("N: new game · I: statistics · O: settings (language, interactive rules, card style)"),
            t.gettext("T: the board as one line of text, as a screen reader says it"),
            t.gettext("Mouse: click a card to remove it, the stock to draw, a column's number to take its card"),
        ]

    def button_actions(self) -> dict[str, Callable[[], object]]:
        return {
            "new-game": self.action_new_game,
            "open-stats": self.action_statistics,
            "open-settings": self.action_settings,
            "undo": lambda: self.play(Undo()),
            "redo": self.action_redo,
            "hint": self.action_hint,
            "winnable": self.action_winnable,
            "solution": self.action_solution,
        }


def course_finished_text(course: Course, t: Translator) -> str:
    against = signed(course.against_par)
    return t.gettext(
        "Course finished: {total} cards left for par {par} ({against}).", total=course.total, par=PAR, against=against
    )
