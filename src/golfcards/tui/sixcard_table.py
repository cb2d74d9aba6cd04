"""A Six-card Golf table as the terminal draws it, whoever runs the match.

:class:`Table` is everything one seat may see: its view (built by the engine's ``view_for`` and
nothing else), the seats, what the table saw each player do, and the scorecard. Two drivers fill it:

* :class:`LocalTable` — a match against bots in this process: the bots choose from their own views;
* :func:`table_from_message` — a room of a running ``golf serve``, from the state messages its
  WebSocket sends (see :mod:`golfcards.tui.remote`); the view is the server's ``view_for`` output.

Everything a server sends is outside input: :mod:`golfcards.runners.room_messages` reads and checks
each message (shapes, bounds, text without control characters) before it reaches a table.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from golfcards.cards import AnyCard
from golfcards.errors import GolfError
from golfcards.i18n import N_, Translator
from golfcards.i18n.cards import card_name
from golfcards.i18n.sixcard import action_text, bot_seat_name, over_text
from golfcards.runners.room_messages import RoomSeat, SeenAction, StateMessage
from golfcards.runners.sixcard_table import (
    LastAction,
    Status,
    bot_to_act,
    last_action,
    play_bot,
    seen_cards,
    table_status,
)
from golfcards.sixcard.actions import Action
from golfcards.sixcard.bots import Bot, make_bot
from golfcards.sixcard.codes import DealCode
from golfcards.sixcard.match import Match
from golfcards.sixcard.rules import SixCardRules
from golfcards.sixcard.state import Refusal
from golfcards.sixcard.view import View


@dataclass(frozen=True, slots=True)
class Table:
    """One seat's picture of the table (``seat`` None: watching); ``view`` None before the match starts."""

    seat: int | None
    seats: tuple[RoomSeat, ...]
    view: View | None
    seen: tuple[SeenAction, ...]
    """Each player's last action in this hole, as the whole table saw it."""
    results: tuple[tuple[int, ...], ...]
    totals: tuple[int, ...]
    holes: int
    match_over: bool
    match_winners: tuple[int, ...]
    host: bool
    room: str | None = None
    link: str | None = None
    sequence: int = 0
    """Counts the changes at the table (a room's server numbers its state messages so)."""
    spectators: int = 0
    """How many watch the room without a seat (its server counts them)."""

    @property
    def started(self) -> bool:
        return self.view is not None

    def name(self, seat: int) -> str:
        return self.seats[seat].name if 0 <= seat < len(self.seats) else "?"

    def latest(self, seat: int) -> SeenAction | None:
        mine = [seen for seen in self.seen if seen.seat == seat]
        return max(mine, key=lambda seen: seen.sequence) if mine else None


# --- a match against bots in this process ------------------------------------------------------


@dataclass(frozen=True, slots=True)
class _Record:
    """An action, the cards it made public (read from the spectator's view right after it), and how
    the table saw it."""

    action: Action
    card: AnyCard | None
    thrown: AnyCard | None
    seen: LastAction


class LocalTable:
    """A match at this keyboard: seat 0 is the person, the other seats are bots of the given levels."""

    def __init__(
        self,
        levels: Sequence[str],
        name: str,
        *,
        seed: int,
        number: int,
        key: bytes,
        rules: SixCardRules | None = None,
        code: str | None = None,
    ) -> None:
        """Deal ``code`` (or deal ``number`` under ``rules``); later holes come from the secret ``key``."""
        if code:
            self.code = DealCode.parse(code)
        else:
            self.code = DealCode(number, rules or SixCardRules(players=len(levels) + 1))
        if self.code.rules.players != len(levels) + 1:
            raise GolfError(
                "sixcard.too_many_bots",
                "one person and a bot in every other seat",
                bots=len(levels),
                players=self.code.rules.players,
            )
        self.match = Match(self.code, key)
        self.levels = list(levels)
        self.player_name = name
        self.seed = seed
        self.bots: dict[int, Bot] = {seat: make_bot(level, seed + seat) for seat, level in enumerate(levels, start=1)}
        self.records: dict[int, _Record] = {}
        self.sequence = 0

    SEAT = 0

    def names(self, t: Translator) -> list[str]:
        people = [self.player_name or t.gettext("Player {number}", number=1)]
        return people + [bot_seat_name(level, seat, t) for seat, level in enumerate(self.levels, start=1)]

    def table(self, t: Translator) -> Table:
        names = self.names(t)
        match = self.match
        seen = tuple(
            SeenAction(
                **vars(record.seen),
                text=action_text(names[record.seen.seat], record.action, t, card=record.card, thrown=record.thrown),
            )
            for record in self.records.values()
        )
        return Table(
            seat=self.SEAT,
            seats=tuple(
                RoomSeat(name, "human" if seat == self.SEAT else "bot", connected=True, you=seat == self.SEAT)
                for seat, name in enumerate(names)
            ),
            view=match.view(self.SEAT),
            seen=seen,
            results=tuple(match.results),
            totals=match.totals,
            holes=match.rules.holes,
            match_over=match.is_terminal(),
            match_winners=match.winners() if match.is_terminal() else (),
            host=True,
            sequence=self.sequence,
        )

    def act(self, seat: int, action: Action) -> Refusal | None:
        """``seat`` plays ``action`` through the engine; the table records what everyone saw."""
        hole = self.match.hole
        refusal = self.match.apply(action, seat)
        if refusal is None:
            self.sequence += 1
            card, thrown = seen_cards(self.match, seat, action)
            seen = last_action(self.match, seat, action, self.sequence, hole)
            self.records[seat] = _Record(action, card, thrown, seen)
        return refusal

    def bot_to_act(self) -> int | None:
        return bot_to_act(self.match, self.bots.__contains__)

    def bot_turn(self, seat: int) -> tuple[Bot, View, int]:
        """The bot of ``seat``, its own view, and the table's sequence number when it was taken."""
        return self.bots[seat], self.match.view(seat), self.sequence

    def play_bot(self, seat: int, action: Action | None, sequence: int) -> None:
        """Play the bot's choice if the table has not changed meanwhile (a bot bug plays a legal action)."""
        if sequence != self.sequence or self.bot_to_act() != seat:
            return
        play_bot(self.match, seat, action, self.act)

    def next_hole(self) -> Refusal | None:
        refusal = self.match.next_hole()
        if refusal is None:
            self.records = {}
            self.sequence += 1
        return refusal

    def rematch(self, number: int, key: bytes) -> Refusal | None:
        """A new match at the same table once this one is over: deal ``number``, later holes from ``key``."""
        if not self.match.is_terminal():
            return Refusal.HOLE_NOT_OVER
        self.match = Match(DealCode(number, self.code.rules), key)
        self.records = {}
        self.sequence += 1
        return None


# --- a room of golf serve ------------------------------------------------------------------------


def table_from_message(message: StateMessage) -> Table:
    """The table of a room's state message, as :func:`~golfcards.runners.room_messages.decode_server_message`
    read and checked it."""
    room, scorecard = message.room, message.scorecard
    return Table(
        seat=message.seat,
        seats=room.seats,
        view=message.view,
        seen=message.last_actions,
        results=() if scorecard is None else scorecard.results,
        totals=(0,) * len(room.seats) if scorecard is None else scorecard.totals,
        holes=room.holes,
        match_over=scorecard is not None and scorecard.over,
        match_winners=() if scorecard is None else scorecard.winners,
        host=room.host,
        room=room.code,
        link=room.link,
        sequence=message.sequence,
        spectators=message.spectator_count,
    )


# --- what to do now, in words ----------------------------------------------------------------------

WAITING = N_("Waiting for players: share the room code or fill the empty seats with bots.")
SEATED = N_("Everyone is seated: the host can start the match.")
SEATED_HOST = N_("Everyone is seated: press S to start the match.")
DRAW = N_("Your turn: D draws from the stock, T takes the discard ({card}).")
TAKING = N_("Press the position (1–{size}) where the discard {card} goes, or Esc.")
PLACE = N_("You drew {card}: press a position (1–{size}) to put it there, or X to throw it away.")
EVERYONE_REVEALS = N_("Everyone turns up their first cards.")
PLAYING = N_("{player} is playing.")
NEXT_HOLE = N_("Press N for the next hole.")
REMATCH = N_("Press M for a rematch.")


def status_text(table: Table, taking: bool, t: Translator) -> str:
    """One sentence: what is going on at the table, or what this seat may do and with which keys."""
    view = table.view
    status = table_status(
        view,
        table.seat,
        open_seats=any(seat.kind == "open" for seat in table.seats),
        match_winners=table.match_winners if table.match_over else None,
    )
    size = view.rules.grid if view is not None else 0
    match status.status:
        case Status.WAITING:
            return t.gettext(WAITING)
        case Status.SEATED:
            return t.gettext(SEATED_HOST if table.host else SEATED)
        case Status.HOLE_OVER | Status.MATCH_OVER:
            after = ""
            if table.seat is not None:
                after = t.gettext(REMATCH if status.status is Status.MATCH_OVER else NEXT_HOLE)
            return " ".join(part for part in (over_text(status, table.name, t), after) if part)
        case Status.REVEAL:
            return t.ngettext(
                "Turn up {count} more card: press its position (1–{size}) or click it.",
                "Turn up {count} more cards: press their positions (1–{size}) or click them.",
                status.count,
                size=size,
            )
        case Status.PLACE:
            assert status.card is not None
            return t.gettext(PLACE, card=card_name(status.card, t), size=size)
        case Status.DRAW:
            assert view is not None
            if taking:
                return t.gettext(TAKING, card=card_name(view.discard_top, t), size=size)
            return t.gettext(DRAW, card=card_name(view.discard_top, t))
        case Status.EVERYONE_REVEALS:
            return t.gettext(EVERYONE_REVEALS)
    return t.gettext(PLAYING, player=table.name(status.seat))
