"""The Golf Solitaire windows: end of game, new game, statistics (the web page's dialogs).

The settings window, which both games share, is :mod:`golfcards.tui.settings_screen`.

Each window is a modal screen: Esc closes it, Tab moves between its fields, the mouse works too.
"""

from __future__ import annotations

from dataclasses import dataclass

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widget import Widget
from textual.widgets import Button, Checkbox, Input, RadioSet, Static

from golfcards.errors import GolfError
from golfcards.i18n import Translator
from golfcards.i18n.errors import error_text
from golfcards.i18n.solitaire import game_over_text, rule_name, rules_label
from golfcards.runners.solitaire_games import Game
from golfcards.runners.storage import SavedCourse, Statistics
from golfcards.solitaire.board import Status
from golfcards.solitaire.codes import GameCode, parse_rules_key
from golfcards.solitaire.course import COURSE_DEALS, PAR, Course
from golfcards.solitaire.rules import RuleName, Rules
from golfcards.tui.frame import Dialog, plain
from golfcards.tui.solitaire_session import StatisticsPage
from golfcards.tui.widgets import Choice, Tick

RULE_ORDER = (RuleName.EASY, RuleName.CLASSIC, RuleName.STRICT)
BARS = "▁▂▃▄▅▆▇█"
WON_MARK = "✓"
LOST_MARK = "✗"


def signed(number: int) -> str:
    return f"+{number}" if number > 0 else str(number)


def course_line(course: Course, t: Translator) -> str:
    """``Course: deal 3 of 9 · 4 cards left · par 10 (-6)``."""
    return t.gettext(
        "Course: deal {deal} of {deals} · {total} cards left · par {par_so_far} ({against})",
        deal=min(course.deal_index + 1, COURSE_DEALS),
        deals=COURSE_DEALS,
        total=course.total,
        par_so_far=course.par_so_far,
        against=signed(course.against_par),
    )


# --- end of game ---------------------------------------------------------------------------------


class EndScreen(Dialog[str | None]):
    """Won or blocked: the score, and what next (undo, the course's next deal, a new game)."""

    BINDINGS = [
        Binding("escape", "close", show=False),
        Binding("u", "choose('undo')", show=False),
        Binding("n", "choose('new')", show=False),
        Binding("x", "choose('next')", show=False),
    ]

    def __init__(self, game: Game) -> None:
        super().__init__()
        self.game = game

    def compose(self) -> ComposeResult:
        t, board, course = self.t, self.game.board, self.game.course
        won = board.status is Status.WON
        with Vertical(classes="dialog end-won" if won else "dialog"):
            yield Static(
                plain(t.gettext("Well played!") if won else t.gettext("No more moves"), "bold"), id="end-title"
            )
            yield Static(plain(game_over_text(board.view(), t) or ""), id="end-message")
            if not won:
                detail = t.gettext("Score: {score}", score=board.score) + " · "
                detail += t.gettext("Cards left on the tableau: {count}", count=board.cards_left)
                yield Static(plain(detail), id="end-detail")
            if course is not None:
                yield Static(plain(course_line(course, t)), id="end-course")
            with Horizontal(classes="dialog-buttons"):
                if board.undo_available:
                    yield Button(t.gettext("Undo") + " (U)", id="undo", compact=True)
                if course is not None and not course.finished:
                    yield Button(t.gettext("Next deal") + " (X)", id="next", compact=True, variant="primary")
                yield Button(t.gettext("New game") + " (N)", id="new", compact=True, variant="primary")
                yield Button(t.gettext("Close"), id="close", compact=True)

    def action_choose(self, choice: str) -> None:
        if choice == "next" and (self.game.course is None or self.game.course.finished):
            return
        if choice == "undo" and not self.game.board.undo_available:
            return
        self.dismiss(choice)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss(None if event.button.id == "close" else event.button.id)


# --- new game ------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class NewGameRequest:
    """A pasted code, or the rules and options of a random deal."""

    code: GameCode | None
    rules: Rules
    course: bool
    winnable: bool


class NewGameScreen(Dialog[NewGameRequest | None]):
    """Rule, variants, winnable only, course, or a pasted code; the focused option's help below."""

    def __init__(self, game: Game) -> None:
        super().__init__()
        self.game = game
        self.helps: dict[str, str] = {}

    def compose(self) -> ComposeResult:
        t = self.t
        rules = self.game.board.rules
        course = self.game.course is not None and not self.game.course.finished
        rule_help = {
            RuleName.EASY: t.gettext("The default: an Ace goes on a King and a King on an Ace."),
            RuleName.CLASSIC: t.gettext("The sequence stops at both ends: on a King only a Queen, on an Ace only a 2."),
            RuleName.STRICT: t.gettext("King and Ace apart, no card on a King, draw only when no card can be removed."),
        }
        with Vertical(classes="dialog", id="new-dialog"):
            yield Static(plain(t.gettext("New game"), "bold"), classes="dialog-title")
            with VerticalScroll(classes="dialog-body"):
                with Horizontal(classes="fields"):
                    with Vertical(classes="field wide"):
                        yield Static(plain(t.gettext("Rule"), "bold"))
                        with RadioSet(id="rule", compact=True):
                            for name in RULE_ORDER:
                                button = Choice(
                                    rule_name(name, t), value=name is rules.name, id=f"rule-{name.name.lower()}"
                                )
                                self.helps[button.id or ""] = rule_help[name]
                                yield button
                    with Vertical(classes="field"):
                        yield Static(plain(t.gettext("Jokers"), "bold"))
                        with RadioSet(id="jokers", compact=True):
                            for count, label in enumerate(
                                (t.gettext("No jokers"), t.gettext("One joker"), t.gettext("Two jokers"))
                            ):
                                yield Choice(label, value=count == rules.jokers, id=f"jokers-{count}")
                jokers_help = t.gettext("A joker stands for any card: it goes on any discard and any card goes on it.")
                for count in range(3):
                    self.helps[f"jokers-{count}"] = jokers_help
                yield Tick(t.gettext("Empty discard"), rules.empty_discard, id="empty-discard", compact=True)
                self.helps["empty-discard"] = t.gettext("The discard starts empty and you choose the first card.")
                yield Tick(t.gettext("Winnable deals only"), True, id="winnable", compact=True)
                self.helps["winnable"] = t.gettext("The solver proves the deal can be won before dealing it.")
                yield Tick(t.gettext("Traditional course"), course, id="course", compact=True)
                self.helps["course"] = t.gettext("9 deals in a row, 1 point per card left on the tableau, par 45.")
                yield Static(plain(t.gettext("Or paste a game code"), "bold"))
                yield Input(placeholder="GO1-E-AAAAAAB", id="code", max_length=60, compact=True)
                self.helps["code"] = t.gettext("A code deals exactly the same cards again, with its own rule.")
            yield Static(id="new-help", classes="help")
            yield Static(id="new-error", classes="error")
            with Horizontal(classes="dialog-buttons"):
                yield Button(t.gettext("Cancel"), id="cancel", compact=True)
                yield Button(t.gettext("Deal"), id="deal", compact=True, variant="primary")

    def on_mount(self) -> None:
        self.query_one("#rule", RadioSet).focus()
        self._show_help(self.query_one("#rule", RadioSet))

    def on_descendant_focus(self, event: object) -> None:
        widget = getattr(event, "widget", None)
        if isinstance(widget, Widget):
            self._show_help(widget)

    def _show_help(self, widget: Widget) -> None:
        key = widget.id or ""
        if isinstance(widget, RadioSet):
            pressed = widget.pressed_button
            key = pressed.id if pressed is not None and pressed.id else key
        self.query_one("#new-help", Static).update(plain(self.helps.get(key, ""), "italic"))

    @on(RadioSet.Changed)
    def _changed(self, event: RadioSet.Changed) -> None:
        self._show_help(event.radio_set)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self.deal()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "deal":
            self.deal()
        else:
            self.dismiss(None)

    def deal(self) -> None:
        """Check the form; a bad code is explained here and the window stays open."""
        text = self.query_one("#code", Input).value.strip()
        code = None
        if text:
            try:
                code = GameCode.parse(text)
            except GolfError as error:
                self.query_one("#new-error", Static).update(plain(error_text(error, self.t)))
                return
        rule_set = self.query_one("#rule", RadioSet)
        joker_set = self.query_one("#jokers", RadioSet)
        rule = RULE_ORDER[max(0, rule_set.pressed_index)]
        jokers = max(0, joker_set.pressed_index)
        rules = Rules(rule, jokers, self.query_one("#empty-discard", Checkbox).value)
        self.dismiss(
            NewGameRequest(
                code=code,
                rules=rules,
                course=self.query_one("#course", Checkbox).value,
                winnable=self.query_one("#winnable", Checkbox).value,
            )
        )


# --- statistics -------------------------------------------------------------------------------------


def chart(records: tuple[Statistics, ...], selected: str) -> tuple[Text, Text]:
    """The recent scores as bars (height: the score out of 350) with ✓ won / ✗ lost under each."""
    record = next(record for record in records if record.rules == selected)
    bars, marks = Text(), Text()
    for result in record.recent:
        level = min(len(BARS) - 1, result.score * len(BARS) // 351)
        style = "green" if result.won else "grey50"
        bars.append(BARS[level] + " ", style=style)
        marks.append((WON_MARK if result.won else LOST_MARK) + " ", style=style)
    return bars, marks


class StatisticsScreen(Dialog[None]):
    """Per rule: games, wins, streaks, best score, average cards left, recent results; the courses."""

    BINDINGS = [
        Binding("escape", "close", show=False),
        Binding("left", "rule(-1)", show=False),
        Binding("right", "rule(1)", show=False),
    ]

    def __init__(self, page: StatisticsPage) -> None:
        super().__init__()
        self.page = page
        self.selected = page.selected

    def compose(self) -> ComposeResult:
        t = self.t
        with Vertical(classes="dialog wide", id="stats-dialog"):
            yield Static(plain(t.gettext("Statistics"), "bold"), classes="dialog-title")
            yield Static(id="stats-rule")
            with VerticalScroll(classes="dialog-body"):
                yield Static(id="stats-grid")
                yield Static(id="stats-course")
            with Horizontal(classes="dialog-buttons"):
                yield Button("◀", id="previous", compact=True)
                yield Button("▶", id="next", compact=True)
                yield Button(t.gettext("Close"), id="close", compact=True, variant="primary")

    def on_mount(self) -> None:
        self.show()

    def action_rule(self, step: int) -> None:
        keys = [record.rules for record in self.page.records]
        self.selected = keys[(keys.index(self.selected) + step) % len(keys)]
        self.show()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "previous":
            self.action_rule(-1)
        elif event.button.id == "next":
            self.action_rule(1)
        else:
            self.dismiss(None)

    def show(self) -> None:
        t = self.t
        record = next(record for record in self.page.records if record.rules == self.selected)
        position = [r.rules for r in self.page.records].index(self.selected) + 1
        label = rules_label(parse_rules_key(record.rules), t)
        heading = f"{t.gettext('Rule')}: {label}  ({position}/{len(self.page.records)} ◀ ▶)"
        self.query_one("#stats-rule", Static).update(plain(heading, "bold"))

        def number(value: float | int | None, digits: int = 0) -> str:
            return "—" if value is None else f"{value:.{digits}f}"

        rows = [
            (t.gettext("Games"), number(record.games)),
            (t.gettext("Wins"), number(record.wins)),
            (t.gettext("Win rate"), "—" if record.win_rate is None else f"{round(record.win_rate * 100)} %"),
            (t.gettext("Current streak"), number(record.current_streak)),
            (t.gettext("Best streak"), number(record.best_streak)),
            (t.gettext("Best score"), number(record.best_score)),
            (t.gettext("Average cards left"), number(record.average_cards_left, 1)),
        ]
        width = max(len(label) for label, _ in rows) + 2
        grid = Text()
        for label, value in rows:
            grid.append(label.ljust(width))
            grid.append(value + "\n", style="bold")
        grid.append("\n" + t.gettext("Recent results") + "\n", style="bold")
        if record.recent:
            bars, marks = chart(self.page.records, self.selected)
            grid.append_text(bars)
            grid.append("\n")
            grid.append_text(marks)
            grid.append(f"\n{WON_MARK} {t.gettext('Won')}   {LOST_MARK} {t.gettext('Lost')}\n", style="dim")
        else:
            grid.append(t.gettext("No finished game under this rule yet.") + "\n", style="dim")
        grid.append(
            t.gettext("A game counts once it is won, blocked, or left unfinished for another game."), style="italic"
        )
        self.query_one("#stats-grid", Static).update(grid)
        self.query_one("#stats-course", Static).update(course_text(self.page, t))


def course_text(page: StatisticsPage, t: Translator) -> Text:
    """The current course deal by deal, then the finished courses against par."""
    text = Text("\n" + t.gettext("Traditional course (par 45)") + "\n", style="bold")
    game = page.course
    if game is not None and game.course is not None:
        course = game.course
        deal_word, left_word = t.gettext("Deal"), t.gettext("Cards left")
        width = max(len(deal_word), len(left_word)) + 1
        head = deal_word.ljust(width) + "".join(f"{n:>3}" for n in range(1, COURSE_DEALS + 1))
        results = [str(r) for r in course.results] + ["·"] * (COURSE_DEALS - len(course.results))
        left = left_word.ljust(width) + "".join(f"{r:>3}" for r in results)
        summary = f"{t.gettext('Total')}: {course.total} ({signed(course.against_par)})"
        text.append(f"{t.gettext('Current course')} · {course.code}\n{head}\n{left}\n{summary}\n")
    finished: tuple[SavedCourse, ...] = page.finished_courses
    if finished:
        text.append(t.gettext("Finished courses") + "\n", style="bold")
        for saved in finished:
            total = sum(saved.results)
            text.append(f"{saved.code}: {total} / {PAR} ({signed(total - PAR)})\n")
    elif game is None:
        text.append(t.gettext("No course finished yet. Choose Traditional course in the New game window."), style="dim")
    return text
