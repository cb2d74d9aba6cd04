"""Six-card Golf full-screen: the lobby, and a table against bots here or in a room of ``golf serve``.

The table draws a :class:`~golfcards.tui.sixcard_table.Table` and nothing else: the grids, the
discard and the drawn card come from this seat's view, which the engine's ``view_for`` built (here,
or on the server for a room). A face-down card is drawn as a back; the app never has its identity.

Keys: ``1``–``9`` a position of your grid (turn it up, put the drawn card there, or put the discard
there after ``T``), ``D`` draw from the stock, ``T`` take the discard, ``X`` throw the drawn card
away, ``N`` next hole, ``M`` rematch, ``C`` the scorecard, ``S`` start the match (a room's host),
``J`` take a seat (a room), ``Esc`` cancel, ``Q`` back (asking first while a match is under way).
The mouse works on the stock, the discard and your cards.
"""

from __future__ import annotations

import asyncio
import contextlib
import secrets
from collections.abc import Callable

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen, Screen
from textual.widget import Widget
from textual.widgets import Button, Input, RadioButton, RadioSet, Static

from golfcards.cards import AnyCard
from golfcards.errors import GolfError
from golfcards.i18n import Translator
from golfcards.i18n.cards import card_name
from golfcards.i18n.errors import error_text
from golfcards.i18n.sixcard import BOT_NAMES, refusal_text
from golfcards.shuffle import DEAL_COUNT
from golfcards.sixcard.actions import (
    KNOCK_EARLY,
    Action,
    DiscardDrawn,
    DiscardFlip,
    DrawStock,
    Flip,
    Reveal,
    Swap,
    TakeDiscard,
)
from golfcards.sixcard.rules import SixCardRules, house_rule
from golfcards.sixcard.state import Phase
from golfcards.sixcard.view import View
from golfcards.tui.account import server_base, start_device, wait_for_session
from golfcards.tui.faces import BACK, FACE, Look, back_lines, corner, face_lines, ink, join_lines, slot_lines
from golfcards.tui.frame import GameScreen, Worded, keys_line, plain, relabel, topbar, word_bars
from golfcards.tui.remote import RemoteTable, RoomAddress, parse_room_url
from golfcards.tui.sixcard_table import LocalTable, Table, status_text
from golfcards.tui.widgets import Choice

CARD_WIDTH = 5
CARD_HEIGHT = 3
SIDE_SCORECARD_FROM = 110
"""Terminals at least this wide show the scorecard beside the table."""
LOBBY_LEVELS = ("easy", "normal", "strong", "expert")


# --- widgets --------------------------------------------------------------------------------------


class SeatPanel(Widget):
    """A player's name line and grid; a click on your own card plays that position."""

    def __init__(self, owner: int, mine: bool, **kwargs: object) -> None:
        super().__init__(classes="seat-panel", **kwargs)  # type: ignore[arg-type]
        self.owner = owner
        self.mine = mine
        self.table: Table | None = None
        self.look: Look | None = None
        self.compact = False
        self.taking = False

    def show(self, table: Table, look: Look, compact: bool, taking: bool) -> None:
        self.table, self.look, self.compact, self.taking = table, look, compact, taking
        self.refresh(layout=True)

    def title(self, t: Translator) -> Text:
        table = self.table
        assert table is not None
        view = table.view
        turn = view is not None and view.phase is not Phase.OVER and self.owner in view.to_act
        line = Text("▶ " if turn else "  ", style="bold")
        name = table.name(self.owner)
        line.append(t.gettext("{player} (you)", player=name) if self.mine else name, style="bold" if turn else "")
        if view is not None and view.points is not None:
            line.append(" · " + t.gettext("Points: {points}", points=view.points[self.owner]))
        elif table.totals and any(table.results):
            line.append(" · " + t.gettext("Total: {total}", total=table.totals[self.owner]), style="dim")
        return line

    def clickable(self, view: View, position: int) -> bool:
        """Whether this seat may play ``position`` now (gold frame; the engine decides, the view says)."""
        if not self.mine:
            return False
        for action in view.legal:
            if isinstance(action, Reveal) and action.position == position:
                return True
            if isinstance(action, Swap) and action.position == position:
                return True
            if self.taking and isinstance(action, TakeDiscard) and action.position == position:
                return True
        return False

    def render(self) -> Text:
        table, look = self.table, self.look
        if table is None or look is None or table.view is None:
            return Text("")
        view = table.view
        lines = [self.title(look.t)]
        columns, rows = view.rules.columns, view.rules.rows
        latest = table.latest(self.owner)
        recent = latest.position if latest is not None else None
        grid = view.grids[self.owner]
        for row in range(rows):
            height = 1 if self.compact else CARD_HEIGHT
            row_lines = [Text() for _ in range(height)]
            for column in range(columns):
                position = row * columns + column
                card = grid[position]
                frame = "mark" if position == recent else "hint" if self.clickable(view, position) else "plain"
                tag = str(position + 1) if self.mine else ""
                cells = self.cell(card, look, frame, tag)
                for index, cell in enumerate(cells):
                    if column:
                        row_lines[index].append(" ")
                    row_lines[index].append_text(cell)
            lines.extend(row_lines)
        return join_lines(lines)

    def cell(self, card: AnyCard | None, look: Look, frame: str, tag: str) -> list[Text]:
        if not self.compact:
            if card is None:
                return back_lines(CARD_WIDTH, CARD_HEIGHT, frame=frame, tag=tag)
            return face_lines(card, look, CARD_WIDTH, CARD_HEIGHT, frame, tag)
        # One line a card: the position, then the corner on the card's face, or a back; the frame's sides.
        side = {"plain": " ", "hint": "┃", "mark": "║"}[frame]
        if card is None:
            body, ground = Text("░░░", style=BACK), BACK
        else:
            body, ground = Text(corner(card, look.t).center(3), style=ink(card, look)), FACE
        return [Text(tag or " ", style="bold") + Text(side, style=ground) + body + Text(side, style=ground)]

    def position_at(self, x: int, y: int) -> int | None:
        table = self.table
        if table is None or table.view is None or y < 1:
            return None
        rules = table.view.rules
        height = 1 if self.compact else CARD_HEIGHT
        width = CARD_WIDTH + (1 if self.compact else 0) + 1
        row, column = (y - 1) // height, x // width
        if row >= rules.rows or column >= rules.columns:
            return None
        return row * rules.columns + column

    async def on_click(self, event: events.Click) -> None:
        position = self.position_at(event.x, event.y)
        screen = self.screen
        if self.mine and position is not None and isinstance(screen, SixcardScreen):
            await screen.action_position(position + 1)


class PileView(Widget):
    """The stock (a back with its count), the discard's top card, or the card you drew."""

    def __init__(self, pile_id: str) -> None:
        super().__init__(id=pile_id)
        self.lines: list[Text] = slot_lines(CARD_WIDTH, CARD_HEIGHT)
        self.styles.width = CARD_WIDTH
        self.styles.height = CARD_HEIGHT

    def show(self, lines: list[Text]) -> None:
        self.lines = lines
        self.refresh()

    def render(self) -> Text:
        return join_lines(self.lines)

    async def on_click(self, event: events.Click) -> None:
        screen = self.screen
        if not isinstance(screen, SixcardScreen):
            return
        if self.id == "six-stock":
            await screen.action_draw()
        elif self.id == "six-discard":
            await screen.discard_clicked()


# --- the table ------------------------------------------------------------------------------------


class SixcardScreen(GameScreen):
    """A Six-card Golf table: a local match against bots, or a seat in a room of ``golf serve``."""

    BINDINGS = [
        *(Binding(str(n), f"position({n})", show=False) for n in range(1, 10)),
        Binding("d", "draw", show=False),
        Binding("t", "take", show=False),
        Binding("x", "throw", show=False),
        Binding("k", "knock", show=False),
        Binding("n", "next_hole", show=False),
        Binding("m", "rematch", show=False),
        Binding("s", "start", show=False),
        Binding("j", "join", show=False),
        Binding("c", "scorecard", show=False),
        Binding("escape", "cancel", show=False),
    ]

    def __init__(
        self,
        *,
        levels: list[str] | None = None,
        name: str = "",
        code: str | None = None,
        address: RoomAddress | None = None,
        rules: SixCardRules | None = None,
    ) -> None:
        super().__init__()
        self.request = (levels, name, code)
        self.rules = rules
        self.flipping = False
        """After ``x`` where the rules turn a card up with the discard: the next position is that card."""
        self.local: LocalTable | None = None
        self.address = address
        self.remote: RemoteTable | None = None
        self.table: Table | None = None
        self.taking = False
        self.compact = False

    @classmethod
    def local_match(
        cls, levels: list[str], name: str, code: str | None = None, rules: SixCardRules | None = None
    ) -> SixcardScreen:
        """A match against bots of ``levels`` under ``rules`` (default: the guide's for that many
        players), dealt with the app's deal picker and seed when shown."""
        return cls(levels=levels, name=name, code=code, rules=rules)

    @classmethod
    def joining(cls, address: RoomAddress) -> SixcardScreen:
        """A seat in the room at ``address``."""
        return cls(address=address)

    # --- layout -------------------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        yield topbar("scorecard-button")
        yield Static(id="seating")
        yield Horizontal(id="opponents")
        with Horizontal(id="middle"):
            yield PileView("six-stock")
            yield PileView("six-discard")
            yield PileView("holding")
            with Vertical(id="middle-buttons"):
                yield Static(id="holding-label")
                with Horizontal(classes="button-row"):
                    yield Button("", id="throw", compact=True)
                    yield Button("", id="next-hole", compact=True, variant="primary")
                    yield Button("", id="rematch", compact=True, variant="primary")
                    yield Button("", id="start", compact=True, variant="primary")
                    yield Button("", id="take-seat", compact=True, variant="primary")
        with Horizontal(id="me-row"):
            yield SeatPanel(0, True, id="me")
        yield Static(id="status")
        yield Static(id="seen")
        yield Static(id="side-scorecard")
        yield keys_line()

    def on_mount(self) -> None:
        app = self.app
        levels, name, code = self.request
        if levels is not None:
            seed = app.options.seed or 0  # type: ignore[attr-defined]
            try:
                self.local = LocalTable(
                    levels, name, seed=seed, number=self.new_number(), key=new_key(), code=code, rules=self.rules
                )
            except GolfError as error:
                self.local = LocalTable(levels, name, seed=seed, number=self.new_number(), key=new_key())
                self.say(error_text(error, self.t), "refusal")
        self.update_words()
        if self.address is not None:
            settings = app.settings  # type: ignore[attr-defined]
            name = app.options.name if app.options.name is not None else settings.name  # type: ignore[attr-defined]
            self.remote = RemoteTable(
                self.address,
                name,
                settings.rooms.get(self.address.key),
                self.on_remote_table,
                self.on_remote_error,
                self.on_remote_welcome,
                session=settings.sessions.get(self.address.base),
            )
            self.say(self.t.gettext("Connecting to {address}…", address=self.address.key))
            self.run_worker(self.remote.run(self.t.language), group="socket", exclusive=True)
        else:
            self.refresh_table()
            self.wake_bots()

    def update_words(self) -> None:
        t = self.t
        labels = {
            "scorecard-button": t.gettext("Scorecard"),
            "throw": t.gettext("Throw it away") + " (X)",
            "next-hole": t.gettext("Next hole") + " (N)",
            "rematch": t.gettext("Rematch") + " (M)",
            "start": t.gettext("Start the match") + " (S)",
            "take-seat": t.gettext("Take a seat") + " (J)",
        }
        keys = t.gettext("1–9 your cards · D draw · T take · X throw away · C scores · ? keys · Q back")
        word_bars(self, None, keys, labels)
        if self.remote is not None and self.remote.language != t.language:
            self.run_worker(self.remote.reconnect(t.language), group="reconnect")
        self.refresh_table()

    # --- drawing --------------------------------------------------------------------------------------

    def refresh_table(self) -> None:
        if self.local is not None:
            self.table = self.local.table(self.t)
        self.draw()

    def draw(self) -> None:
        t = self.t
        table = self.table
        title = t.gettext("Six-card Golf")
        if table is None:
            self.query_one("#title", Static).update(plain(title, "bold"))
            return
        view = table.view
        if view is not None and view.context is not None:
            title += " · " + t.gettext("Hole {hole} of {holes}", hole=view.context.hole + 1, holes=view.context.holes)
        if table.room:
            title += " · " + t.gettext("Room {code}", code=table.room)
        if table.spectators:
            title += " · " + t.ngettext("{count} watching", "{count} watching", table.spectators)
        self.query_one("#title", Static).update(plain(title, "bold"))
        if view is None or view.phase is not Phase.DRAW or table.seat not in view.to_act:
            self.taking = False
        self.compact = self.needs_compact(view)
        self.draw_seating(table)
        side = self.query_one("#side-scorecard", Static)
        side.display = table.started and self.app.size.width >= SIDE_SCORECARD_FROM
        if side.display:
            side.update(Text(t.gettext("Scorecard") + "\n", style="bold") + scorecard_text(table, t, 30))
        self.draw_panels(table)
        self.draw_piles(table)
        self.query_one("#status", Static).update(plain(status_text(table, self.taking, t), "bold"))
        # The latest actions first, as many as the terminal has lines for (the others stay framed on their grids).
        room = max(1, self.app.size.height - (21 if not self.compact else 15))
        seen = sorted(table.seen, key=lambda item: -item.sequence)[:room]
        self.query_one("#seen", Static).update(plain("\n".join(item.text for item in seen)))

    def needs_compact(self, view: View | None) -> bool:
        rows = view.rules.rows if view is not None else 2
        return self.app.size.height < 6 * rows + 12

    def draw_seating(self, table: Table) -> None:
        t = self.t
        seating = self.query_one("#seating", Static)
        seating.display = not table.started
        if table.started:
            return
        lines = [t.gettext("Room {code}", code=table.room or "")]
        if table.link:
            lines.append(t.gettext("Others open {link} on their phone or computer to join.", link=table.link))
        lines.append("")
        lines.append(t.gettext("Seats"))
        for number, seat in enumerate(table.seats, start=1):
            if seat.kind == "open":
                state = t.gettext("Open seat")
                line = f"{number}. {state}"
            else:
                state = (
                    t.gettext("you") if seat.you else t.gettext("online") if seat.connected else t.gettext("offline")
                )
                line = f"{number}. {seat.name} · {state}"
            lines.append(line)
        seating.update(plain("\n".join(lines)))

    def draw_panels(self, table: Table) -> None:
        look = self.app.look  # type: ignore[attr-defined]
        started = table.started
        opponents = self.query_one("#opponents", Horizontal)
        others = [seat for seat in range(len(table.seats)) if seat != table.seat] if started else []
        panels = list(opponents.query(SeatPanel))
        if [panel.owner for panel in panels] != others:
            for panel in panels:
                panel.remove()
            panels = [SeatPanel(owner, False, id=f"seat-{owner}") for owner in others]
            opponents.mount_all(panels)
        for panel in panels:
            panel.show(table, look, self.compact, False)
        me = self.query_one("#me", SeatPanel)
        me.display = started and table.seat is not None
        if table.seat is not None:
            me.owner = table.seat
            me.show(table, look, self.compact, self.taking)

    def draw_piles(self, table: Table) -> None:
        t, look = self.t, self.app.look  # type: ignore[attr-defined]
        view = table.view
        middle = self.query_one("#middle", Horizontal)
        middle.display = view is not None
        seated = table.seat is not None
        over = view is not None and view.phase is Phase.OVER
        self.query_one("#take-seat", Button).display = (
            not seated and not table.started and any(seat.kind == "open" for seat in table.seats)
        )
        start = self.query_one("#start", Button)
        start.display = table.host and not table.started
        if view is None:
            return
        legal = view.legal
        stock_frame = "hint" if any(isinstance(a, DrawStock) for a in legal) else "plain"
        self.query_one("#six-stock", PileView).show(
            back_lines(CARD_WIDTH, CARD_HEIGHT, str(view.stock_count), stock_frame)
            if view.stock_count
            else slot_lines(CARD_WIDTH, CARD_HEIGHT, "0")
        )
        may_take = any(isinstance(a, TakeDiscard) for a in legal)
        discard_frame = "mark" if self.taking else "hint" if may_take else "plain"
        top = view.discard[-1] if view.discard else None
        self.query_one("#six-discard", PileView).show(
            face_lines(top, look, CARD_WIDTH, CARD_HEIGHT, discard_frame)
            if top is not None
            else slot_lines(CARD_WIDTH, CARD_HEIGHT)
        )
        holding = self.query_one("#holding", PileView)
        holding.display = view.holding is not None
        label = self.query_one("#holding-label", Static)
        if view.holding is not None:
            holding.show(face_lines(view.holding, look, CARD_WIDTH, CARD_HEIGHT, "mark"))
            label.update(plain(t.gettext("You drew: {card}", card=card_name(view.holding, t))))
        elif view.holder is not None:
            label.update(
                plain(t.gettext("{player} holds a card drawn from the stock.", player=table.name(view.holder)))
            )
        else:
            label.update(plain(t.ngettext("Stock: {count} card", "Stock: {count} cards", view.stock_count)))
        self.query_one("#throw", Button).display = any(isinstance(a, DiscardDrawn) for a in legal)
        self.query_one("#next-hole", Button).display = over and seated and not table.match_over
        self.query_one("#rematch", Button).display = over and seated and table.match_over

    def say(self, text: str, kind: str = "info") -> None:
        status = self.query_one("#status", Static)
        status.update(plain(text, "bold"))
        status.set_classes(f"message-{kind}")

    def on_resize(self, event: events.Resize) -> None:
        if self.table is not None:
            self.draw()

    # --- acting --------------------------------------------------------------------------------------

    async def send(self, action: Action) -> None:
        """Play ``action`` for this seat: through the engine here, or through the room's server."""
        self.taking = False
        if self.local is not None:
            refusal = self.local.act(LocalTable.SEAT, action)
            self.refresh_table()
            if refusal is not None:
                self.say(refusal_text(refusal, self.t), "refusal")
            else:
                self.query_one("#status").set_classes("")
            self.wake_bots()
        elif self.remote is not None:
            if not await self.remote.act(action):
                self.say(self.t.gettext("Not connected to the room."), "refusal")

    def my_view(self) -> View | None:
        table = self.table
        return table.view if table is not None and table.seat is not None else None

    async def action_position(self, number: int) -> None:
        view = self.my_view()
        if view is None:
            return
        position = number - 1
        if view.phase is Phase.REVEAL:
            await self.send(Reveal(position))
        elif view.phase is Phase.DRAW and self.taking:
            await self.send(TakeDiscard(position))
        elif view.phase is Phase.DRAW and Flip(position) in view.legal:
            await self.send(Flip(position))  # the flip-as-a-turn house rule
        elif view.phase is Phase.PLACE and self.flipping:
            self.flipping = False
            await self.send(DiscardFlip(position))
        else:
            await self.send(Swap(position))  # in the draw phase the engine says: draw first

    async def action_draw(self) -> None:
        if self.my_view() is not None:
            await self.send(DrawStock())

    async def action_take(self) -> None:
        view = self.my_view()
        if view is None:
            return
        if any(isinstance(action, TakeDiscard) for action in view.legal):
            self.taking = not self.taking
            self.draw()
        else:
            self.say(self.t.gettext("You cannot take the discard now."), "refusal")

    async def discard_clicked(self) -> None:
        view = self.my_view()
        if view is not None and any(isinstance(action, DiscardDrawn) for action in view.legal):
            await self.send(DiscardDrawn())
        else:
            await self.action_take()

    async def action_throw(self) -> None:
        view = self.my_view()
        if view is None:
            return
        if DiscardDrawn() not in view.legal and any(isinstance(action, DiscardFlip) for action in view.legal):
            self.flipping = True  # the house rules turn a card up with the discard: which one?
            self.say(self.t.gettext("Throw it away: now choose the face-down card to turn up (1–9)."))
            return
        await self.send(DiscardDrawn())

    async def action_knock(self) -> None:
        """Knock early (a house rule): turn the last one or two face-down cards up and go out."""
        if self.my_view() is not None:
            await self.send(KNOCK_EARLY)

    def action_cancel(self) -> None:
        self.flipping = False
        if self.taking:
            self.taking = False
            self.draw()

    async def action_next_hole(self) -> None:
        if self.local is not None:
            refusal = self.local.next_hole()
            if refusal is not None:
                self.say(refusal_text(refusal, self.t), "refusal")
                return
            self.refresh_table()
            self.wake_bots()
        elif self.remote is not None:
            await self.remote.next_hole()

    async def action_rematch(self) -> None:
        if self.local is not None:
            refusal = self.local.rematch(self.new_number(), new_key())
            if refusal is not None:
                self.say(self.t.gettext("The match is still going on."), "refusal")
                return
            self.refresh_table()
            self.wake_bots()
        elif self.remote is not None:
            await self.remote.rematch()

    async def action_start(self) -> None:
        if self.remote is not None and self.table is not None and self.table.host:
            await self.remote.start()

    async def action_join(self) -> None:
        if self.remote is not None and self.table is not None and self.table.seat is None:
            await self.remote.join()

    def leave_question(self) -> tuple[str, str] | None:
        """Ask before leaving a match under way at this seat: a local match is lost (it lives only
        here); in a room the match goes on and, after the server's time away, a stand-in bot plays
        the seat until the player comes back with the same link."""
        table = self.table
        if table is None or table.seat is None or not table.started or table.match_over:
            return None
        t = self.t
        if self.remote is not None:
            body = t.gettext(
                "The match goes on without you: after a while away, a bot plays your seat. "
                "Open the same room link again to take your seat back."
            )
        else:
            body = t.gettext("This match is not saved: leaving ends it.")
        return t.gettext("Leave the match?"), body

    def action_scorecard(self) -> None:
        if self.table is not None:
            self.app.push_screen(ScorecardScreen(self.table))

    def key_lines(self) -> list[str]:
        t = self.t
        return [
            t.gettext("1–9: a position of your grid, row by row: turn that card up, or put your card there"),
            t.gettext("D: draw from the stock · X: throw the drawn card away"),
            t.gettext("T: take the discard, then a position for it (Esc cancels)"),
            t.gettext("N: next hole · M: rematch · C: the scorecard"),
            t.gettext("S: start the match (the room's host) · J: take a seat in a room"),
            t.gettext("O: settings (language, card style)"),
            t.gettext("Mouse: click the stock, the discard, then one of your cards"),
        ]

    def new_number(self) -> int:
        """A deal number for a local match: the app's picker (tests fix it), else a random one."""
        picker = self.app.options.new_number  # type: ignore[attr-defined]
        return picker() % DEAL_COUNT if picker is not None else secrets.randbelow(DEAL_COUNT)

    def button_actions(self) -> dict[str, Callable[[], object]]:
        return {
            "scorecard-button": self.action_scorecard,
            "throw": self.action_throw,
            "next-hole": self.action_next_hole,
            "rematch": self.action_rematch,
            "start": self.action_start,
            "take-seat": self.action_join,
        }

    # --- bots (a local match) ----------------------------------------------------------------------------

    def wake_bots(self) -> None:
        """Let the bots play their turns, one after another, each after a short pause."""
        if self.local is not None and self.local.bot_to_act() is not None:
            self.run_worker(self._run_bots(), group="bots", exclusive=True)

    async def _run_bots(self) -> None:
        local = self.local
        assert local is not None
        delay = self.app.options.bot_delay  # type: ignore[attr-defined]
        while (seat := local.bot_to_act()) is not None:
            await asyncio.sleep(delay)
            if local.bot_to_act() != seat:
                continue
            bot, view, sequence = local.bot_turn(seat)
            action: Action | None
            try:
                action = await asyncio.to_thread(bot.choose, view)
            except Exception:  # a bot bug must not stall the table: play_bot plays a legal action instead
                action = None
            local.play_bot(seat, action, sequence)
            self.refresh_table()

    # --- a room's messages ---------------------------------------------------------------------------------

    def _gone(self) -> bool:
        """Whether the screen has lost its widgets: the room's connection may still report while the
        player leaves (a message or the connection's end), and then there is nothing to draw."""
        return not self.query("#status")

    def on_remote_table(self, table: Table) -> None:
        if self._gone():
            return
        self.table = table
        self.query_one("#status").set_classes("")
        self.draw()

    def on_remote_error(self, key: str, text: str) -> None:
        if self._gone():
            return
        t = self.t
        if key == "tui.connection_lost":
            text = t.gettext("The connection to the room was lost.")
        elif key == "tui.bad_message":
            text = t.gettext("The server sent a message this app cannot read.")
        elif key == "room.not_found":
            text = text or t.gettext("There is no such room.")
        self.say(text, "refusal")

    def on_remote_welcome(self, seat: int, token: str) -> None:
        assert self.address is not None
        settings = self.app.settings  # type: ignore[attr-defined]
        settings.rooms.pop(self.address.key, None)
        settings.rooms[self.address.key] = token
        self.app.save_settings()  # type: ignore[attr-defined]


def new_key() -> bytes:
    """The secret key a local match derives its later holes from (nobody at the table sees it)."""
    return secrets.token_bytes(32)


# --- the scorecard -------------------------------------------------------------------------------------


def scorecard_text(table: Table, t: Translator, width: int) -> Text:
    """The scorecard in at most ``width`` cells: a row per hole (· not played yet), the totals, ★ the winners."""
    names = [table.name(seat) for seat in range(len(table.seats))]
    hole_word, total_word = t.gettext("Hole"), t.gettext("Total")
    head_width = max(len(hole_word), len(total_word)) + 1
    cell = max(4, min(max(len(name) for name in names), (width - head_width) // len(names) - 1)) + 1
    text = Text(hole_word.ljust(head_width) + "".join(name[: cell - 1].rjust(cell) for name in names) + "\n")
    for hole in range(table.holes):
        points = table.results[hole] if hole < len(table.results) else None
        cells = [str(p) for p in points] if points is not None else ["·"] * len(names)
        text.append(str(hole + 1).ljust(head_width) + "".join(c.rjust(cell) for c in cells) + "\n")
    totals = [("★" if seat in table.match_winners else "") + str(total) for seat, total in enumerate(table.totals)]
    text.append(total_word.ljust(head_width) + "".join(c.rjust(cell) for c in totals), style="bold")
    return text


class ScorecardScreen(ModalScreen[None]):
    """Points of every hole played, and the totals (the winners marked ★)."""

    BINDINGS = [Binding("escape,c,q,enter", "dismiss", show=False)]

    def __init__(self, table: Table) -> None:
        super().__init__()
        self.table = table

    def compose(self) -> ComposeResult:
        t: Translator = self.app.t  # type: ignore[attr-defined]
        text = scorecard_text(self.table, t, 66)
        with Vertical(classes="dialog"):
            yield Static(plain(t.gettext("Scorecard"), "bold"), classes="dialog-title")
            yield Static(text, id="scorecard")
            with Horizontal(classes="dialog-buttons"):
                yield Button(t.gettext("Close"), id="close", compact=True)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss(None)


# --- the lobby -------------------------------------------------------------------------------------------


def lobby_rules(text: str, players: int) -> SixCardRules:
    """The rules of the lobby's house-rules field: ``NAME=VALUE`` items separated by spaces or
    commas (raises :class:`GolfError` with the first problem)."""
    items = text.replace(",", " ").split()
    fields: dict[str, object] = dict(house_rule(item) for item in items)
    fields["players"] = players
    return SixCardRules(**fields)  # type: ignore[arg-type]


def sign_in_error_text(error: GolfError, t: Translator) -> str:
    """Why signing the terminal in failed, in ``t``'s language."""
    if error.key == "tui.bad_server":
        return t.gettext("{url}: a server address looks like http://192.168.1.5:8000", url=error.params.get("url", ""))
    if error.key == "tui.server_said":
        return str(error.params.get("message", ""))
    if error.key == "tui.sign_in_expired":
        return t.gettext("The code was not confirmed in time: sign in again")
    return t.gettext("The server {url} cannot be reached", url=error.params.get("url", ""))


class SixcardLobby(Screen[None], Worded):
    """Play against bots (your name, 1–3 opponents, their level), join a room by its link, or sign the
    terminal in to a server's account (a device code confirmed in a signed-in browser)."""

    BINDINGS = [Binding("escape", "back", show=False)]

    def compose(self) -> ComposeResult:
        settings = self.app.settings  # type: ignore[attr-defined]
        yield topbar(keys=False)
        with Vertical(id="lobby"):
            yield Static(id="bots-heading", classes="lobby-heading")
            yield Static(id="name-label")
            yield Input(settings.name, id="name", max_length=24, compact=True)
            with Horizontal(classes="fields"):
                with Vertical(classes="field"):
                    yield Static(id="opponents-label")
                    with RadioSet(id="opponents-count", compact=True):
                        for count in (1, 2, 3):
                            yield Choice(str(count), value=count == 1, id=f"opponents-{count}")
                with Vertical(classes="field"):
                    yield Static(id="level-label")
                    with RadioSet(id="level", compact=True):
                        for level in LOBBY_LEVELS:
                            yield Choice("", value=level == "normal", id=f"level-{level}")
            yield Static(id="house-label")
            yield Input(placeholder="super_kings=on knock_penalty=on", id="house", max_length=400, compact=True)
            yield Button("", id="play", compact=True, variant="primary")
            yield Static(id="join-heading", classes="lobby-heading")
            yield Static(id="join-help", classes="help")
            with Horizontal(classes="inline"):
                yield Input(placeholder="http://192.168.1.5:8000/sixcard/Q34TM", id="room-link", compact=True)
                yield Button("", id="join", compact=True)
            yield Static(id="lobby-error", classes="error")
            yield Static(id="sign-in-heading", classes="lobby-heading")
            with Horizontal(classes="inline"):
                yield Input(placeholder="http://192.168.1.5:8000", id="server", compact=True)
                yield Button("", id="sign-in", compact=True)
            yield Static(id="sign-in-status")
        yield keys_line()

    def on_mount(self) -> None:
        self.update_words()
        self.query_one("#name", Input).focus()

    def update_words(self) -> None:
        t: Translator = self.app.t  # type: ignore[attr-defined]
        word_bars(self, t.gettext("Six-card Golf"), t.gettext("Tab moves between fields · Enter chooses · Esc back"))
        self.query_one("#bots-heading", Static).update(plain(t.gettext("Play against bots")))
        self.query_one("#name-label", Static).update(plain(t.gettext("Your name")))
        self.query_one("#opponents-label", Static).update(plain(t.gettext("Opponents"), "bold"))
        self.query_one("#level-label", Static).update(plain(t.gettext("Bot level"), "bold"))
        for level in LOBBY_LEVELS:
            self.query_one(f"#level-{level}", RadioButton).label = t.gettext(BOT_NAMES[level])
        self.query_one("#house-label", Static).update(
            plain(t.gettext("House rules (NAME=VALUE, separated by spaces; see golf sixcard play --help)"))
        )
        relabel(self.query_one("#play", Button), t.gettext("Play"))
        self.query_one("#join-heading", Static).update(plain(t.gettext("Join a room")))
        self.query_one("#join-help", Static).update(
            plain(t.gettext("Paste the room link that golf serve or a friend's browser shows."))
        )
        relabel(self.query_one("#join", Button), t.gettext("Join"))
        self.query_one("#sign-in-heading", Static).update(plain(t.gettext("Sign in to a server")))
        relabel(self.query_one("#sign-in", Button), t.gettext("Sign in"))

    def on_input_submitted(self, event: Input.Submitted) -> None:
        if event.input.id == "room-link":
            self.join()
        elif event.input.id == "server":
            self.sign_in()
        else:
            self.play()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "play":
            self.play()
        elif event.button.id == "join":
            self.join()
        elif event.button.id == "sign-in":
            self.sign_in()

    def sign_in(self) -> None:
        """Sign the terminal in to the server typed (or the room link's), with a device code."""
        text = self.query_one("#server", Input).value or self.query_one("#room-link", Input).value
        self.run_worker(self._sign_in(text), group="sign-in", exclusive=True)

    async def _sign_in(self, text: str) -> None:
        t: Translator = self.app.t  # type: ignore[attr-defined]
        status = self.query_one("#sign-in-status", Static)
        try:
            base = server_base(text)
            device = await start_device(base, t.language)
            status.update(
                plain(
                    t.gettext(
                        "In a browser signed in to your account, open {url} and type the code {code}",
                        url=device.url,
                        code=device.code,
                    )
                )
            )
            token = await wait_for_session(base, device, t.language)
        except GolfError as error:
            status.update(plain(sign_in_error_text(error, t)))
            return
        settings = self.app.settings  # type: ignore[attr-defined]
        settings.sessions.pop(base, None)
        settings.sessions[base] = token
        self.app.save_settings()  # type: ignore[attr-defined]
        status.update(plain(t.gettext("This terminal is signed in on {server}.", server=base)))

    def _remember_name(self) -> str:
        name = " ".join(self.query_one("#name", Input).value.split())[:24]
        app = self.app
        app.settings.name = name  # type: ignore[attr-defined]
        app.save_settings()  # type: ignore[attr-defined]
        return name

    def play(self) -> None:
        name = self._remember_name()
        count = max(0, self.query_one("#opponents-count", RadioSet).pressed_index) + 1
        level = LOBBY_LEVELS[max(0, self.query_one("#level", RadioSet).pressed_index)]
        try:
            rules = lobby_rules(self.query_one("#house", Input).value, count + 1)
        except GolfError as error:
            t: Translator = self.app.t  # type: ignore[attr-defined]
            self.query_one("#lobby-error", Static).update(plain(error_text(error, t)))
            return
        self.app.switch_screen(SixcardScreen.local_match([level] * count, name, rules=rules))

    def join(self) -> None:
        t: Translator = self.app.t  # type: ignore[attr-defined]
        text = self.query_one("#room-link", Input).value
        try:
            address = parse_room_url(text)
        except GolfError:
            self.query_one("#lobby-error", Static).update(
                plain(t.gettext("{url}: a room link looks like http://192.168.1.5:8000/sixcard/Q34TM", url=text[:80]))
            )
            return
        self._remember_name()
        self.app.switch_screen(SixcardScreen.joining(address))

    def action_back(self) -> None:
        with contextlib.suppress(Exception):
            self.app.go_back()  # type: ignore[attr-defined]
