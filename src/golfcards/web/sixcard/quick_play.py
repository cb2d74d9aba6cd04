"""Quick play: a seat at a public six-card table, now, with people of a similar rating, else bots.

``POST /api/sixcard/quick-play`` ``{"grid": 4|6|8|9 (6), "players": 2–6 (4), "name"}`` answers
``{"code", "seat", "token", "plays_from_hole"}`` like room creation (``plays_from_hole``: the hole,
from 1, from which the player plays a bot's seat they took; null when they play at once): the page
then opens the room as any other. A signed-in player's seat bears their account's name (the one the
leaderboard shows), whatever ``name`` says. The request's player is rated at that grid by their stored
six-card rating (OpenSkill's default, mu 25 and sigma 25/3, for a newcomer), and their *ordinal* is
``mu − 3·sigma``.

**The matchmaking rule.** A public table with the same grid and number of seats takes the player if
their ordinal is within ``WINDOW_BASE + WINDOW_PER_SECOND × w`` of the mean ordinal of the people
quick play seated there, ``w`` being the seconds since the table's first person sat down: the window
widens the longer a table waits. Among the tables that take them, a table still forming (its match
not started, a seat open) comes first, the closest in ordinal; else a table under way with a seat of
quick play's bots and a hole still to deal, where the person takes the bot's seat *between holes*:
the bot plays on until the next hole is dealt (never a person mid-hole), and the points it scored stay
the seat's. Failing both, a new public table is formed with the player in its first seat.

A forming table starts as soon as every seat holds a person. Otherwise, ``wait`` seconds (``golf
serve --quick-play-wait``, :data:`QUICK_PLAY_WAIT` by default) after its first person sat down, bots
of the level whose measured rating is closest to the people's mean mu take the empty seats and the
match starts. A public table has no host: nobody sets bots, starts, removes a player or lets a bot
play for one.

``GET /api/sixcard/tables`` lists the public tables whose match is not over (never a private room):
the grid, the seats, the people seated, the hole, free seats and bots' seats a person may take, each
with its room code for a spectator's Watch link; nothing about any card.

Quick-play requests are rate-limited per network (:class:`QuickRequests`). With several workers on
one database, every worker sees every public table: its own in memory, the others' as last stored
(a public table's stored seats carry what the list needs, :class:`TableFacts`; never a card). A
player matched to a table another worker plays is seated after this worker takes the table over
(its lease, as any connection to it would); the table's pages reconnect through the proxy. Whichever
worker holds a forming table fills it with bots when its wait is over.
"""

from __future__ import annotations

import asyncio
import functools
import json
import logging
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from golfcards.errors import GolfError
from golfcards.i18n import Translator
from golfcards.i18n.sixcard import BOT_NAMES, bot_seat_name
from golfcards.runners.limits import Buckets
from golfcards.runners.ratings import Rating
from golfcards.runners.storage.matchmaking import MatchmakingStore, StoredTable
from golfcards.sixcard.rules import GRID_SHAPES, MAX_PLAYERS, MIN_PLAYERS, SixCardRules
from golfcards.web.server.addresses import limit_key
from golfcards.web.server.players import signed_in
from golfcards.web.server.requests import client_address, error_response, field, json_body, request_translator
from golfcards.web.sixcard.house import rules_from_json
from golfcards.web.sixcard.records import cookie_player, request_player
from golfcards.web.sixcard.rooms import Room, SeatKind, clean_name, token_hash
from golfcards.web.sixcard.routes import Tables

QUICK_PLAY_WAIT = 10.0
"""Seconds a forming public table waits for people before bots take its empty seats."""
DEFAULT_GRID = 6
DEFAULT_PLAYERS = 4
WINDOW_BASE = 5.0
"""Ordinal points between a player and a table's people that quick play always accepts…"""
WINDOW_PER_SECOND = 2.0
"""…and how much wider the window gets for each second the table has waited."""
REQUESTS_AT_ONCE = 10
"""Quick-play requests one network (an address, an IPv6 /64) may make at once…"""
REQUEST_SECONDS = 3.0
"""…then one more every this many seconds."""
NETWORKS_KEPT = 65_536
"""Networks whose recent requests are remembered (the oldest is forgotten first)."""
TABLES_LISTED = 50
"""Public tables the lobby lists at most (those still forming first)."""
STORED_SECONDS = 2.0
"""The lobby's list reads the other workers' public tables from the database at most this often."""
logger = logging.getLogger(__name__)


def ordinal(rating: tuple[float, float]) -> float:
    """A rating as one number, the cautious estimate ``mu − 3·sigma`` (0 for a newcomer)."""
    return Rating(*rating).ordinal


class QuickRequests:
    """Quick-play requests per network, a leaky bucket: :data:`REQUESTS_AT_ONCE` at once, then one more
    every :data:`REQUEST_SECONDS`. Use from the event loop only."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self._made = Buckets(REQUESTS_AT_ONCE, REQUEST_SECONDS, NETWORKS_KEPT, clock)

    def admit(self, address: str) -> None:
        """Count a request of ``address``; ``quick.too_many`` if its network has made too many lately."""
        key = limit_key(address)
        if not self._made.take(key):
            raise GolfError("quick.too_many", f"{key} asked for quick play too often")


class QuickPlay:
    """The public tables of this worker, the matchmaking between them and the bots that fill them.

    ``bot_level(mu, grid)`` names the bot level whose measured rating is closest to ``mu``; ``wait``
    is how long a forming table waits for people."""

    def __init__(
        self,
        tables: Tables,
        ratings: MatchmakingStore,
        bot_level: Callable[[float, int], str],
        wait: float = QUICK_PLAY_WAIT,
        clock: Callable[[], float] = time.time,
    ) -> None:
        self.tables = tables
        self.ratings = ratings
        self.bot_level = bot_level
        self.wait = wait
        self.clock = clock
        self.requests = QuickRequests()
        self._public: dict[str, Room] = {}
        self._timers: dict[str, asyncio.Task[None]] = {}
        self._stored: tuple[float, list[TableFacts]] | None = None
        """When the stored public tables were last read, and what they said."""
        tables.store.on_load.append(self.adopt)

    # --- the tables ---------------------------------------------------------------------------

    def public_tables(self) -> list[Room]:
        """This worker's public tables in memory now (those forgotten, moved or failed are dropped)."""
        live = []
        for code, room in list(self._public.items()):
            if self.tables.rooms.loaded(code) is room and not room.moved:
                live.append(room)
            else:
                del self._public[code]
        return live

    def adopt(self, room: Room) -> None:
        """Keep a public table (one formed here, or loaded from the database: another worker's or
        this one's before a restart) and, while it forms, its bots' turn to come."""
        if not room.public:
            return
        self._public[room.code] = room
        timer = self._timers.get(room.code)
        if room.match is None and (timer is None or timer.done()):
            self._timers[room.code] = task = asyncio.create_task(self._fill_when_due(room))
            task.add_done_callback(functools.partial(self._timer_done, room.code))

    def _timer_done(self, code: str, task: asyncio.Task[None]) -> None:
        if self._timers.get(code) is task:
            del self._timers[code]

    def close(self) -> None:
        """Stop every table's wait (the server is stopping; a table loaded again waits on)."""
        for task in self._timers.values():
            task.cancel()
        self._timers.clear()

    async def _fill_when_due(self, room: Room) -> None:
        since = room.forming_since if room.forming_since is not None else self.clock()
        await asyncio.sleep(max(0.0, since + self.wait - self.clock()))
        if self.tables.rooms.loaded(room.code) is not room or room.match is not None:
            return
        mu = _people_mu(room)
        level = self.bot_level(mu, room.rules.grid)
        try:
            await self.tables.apply(room, lambda: room.fill_with_bots(level))
        except GolfError:
            return  # not written: another worker plays the table now, or it is loaded again when asked for
        await self.tables.settle(room)

    # --- matchmaking --------------------------------------------------------------------------

    def window(self, table: TableFacts, now: float) -> float:
        """How far (in ordinal points) a player may be from ``table``'s people to be seated there now."""
        waited = 0.0 if table.forming_since is None else max(0.0, now - table.forming_since)
        return WINDOW_BASE + WINDOW_PER_SECOND * waited

    async def tables_now(self, fresh: bool = False) -> list[TableFacts]:
        """Every public table whose match is not over: this worker's as they are in memory, the others'
        (other workers', or this one's not loaded since a restart) as last stored, read at most every
        :data:`STORED_SECONDS` unless ``fresh``."""
        held = self.public_tables()
        mine = [facts_of(room) for room in held if room.match is None or not room.match.is_terminal()]
        now = time.monotonic()
        if fresh or self._stored is None or now - self._stored[0] > STORED_SECONDS:
            rows = await run_in_threadpool(self.ratings.public_tables)
            self._stored = (now, [facts for row in rows if (facts := facts_from_row(row)) is not None])
        # A table this worker holds is as it is in memory: one over since the stored rows were read is not listed.
        codes = {room.code for room in held}
        return [*mine, *(facts for facts in self._stored[1] if facts.code not in codes)]

    async def candidates(
        self, rules: SixCardRules, rating: tuple[float, float], player: str | None
    ) -> list[TableFacts]:
        """The public tables that take a player of ``rating`` now, best first (see the module's rule)."""
        now, mine = self.clock(), ordinal(rating)
        hashed = None if player is None else token_hash(player)
        ranked = []
        for table in await self.tables_now(fresh=True):
            if table.rules != rules or (hashed is not None and hashed in table.players):
                continue
            if not table.forming and not table.replaceable:
                continue
            distance = 0.0 if table.people_ordinal is None else abs(table.people_ordinal - mine)
            if distance <= self.window(table, now):
                ranked.append((not table.forming, distance, table.code, table))
        return [table for *_, table in sorted(ranked, key=lambda entry: entry[:3])]

    async def seat(
        self, rules: SixCardRules, name: str, player: str | None, rating: tuple[float, float], address: str
    ) -> tuple[Room, int, str, int | None]:
        """Seat a player at a public table (see the module's rule): the room, the seat, its token, and
        the hole from which the player plays it (None: at once). A table another worker plays is taken
        over (its lease) first; its players' pages reconnect through the proxy."""
        for table in await self.candidates(rules, rating, player):
            room = self.tables.rooms.loaded(table.code)
            try:
                if room is None or room.moved:
                    room = await self.tables.store.load(table.code)
                if room is None or not room.public:
                    continue

                def sit(room: Room = room) -> tuple[int, str]:
                    if room.match is None:
                        seat, token = room.join(name, player)  # (the last open seat starts the match)
                        room.seats[seat].rating = rating
                        return seat, token
                    return room.take_bot_seat(name, player, rating)

                seat, token = await self.tables.apply(room, sit)
            except GolfError as error:
                if error.key in ("room.full", "room.started", "room.barred", "room.moved"):
                    continue  # taken meanwhile, gone, or not for this player: the next table
                raise
            self.adopt(room)
            await self.tables.settle(room)
            return room, seat, token, room.seats[seat].joins_at_hole
        room = await self.tables.store.create(rules, address, player)

        def form() -> tuple[int, str]:
            room.public, room.forming_since = True, self.clock()
            seat, token = room.join(name, player)
            room.seats[seat].rating = rating
            return seat, token

        seat, token = await self.tables.apply(room, form)
        self.adopt(room)
        return room, seat, token, None

    # --- the lobby's list ---------------------------------------------------------------------

    async def listing(self, t: Translator) -> list[dict[str, Any]]:
        """The public tables as the lobby lists them, in ``t``'s language: what everyone may know of a
        table (seats, names, hole), never a card."""
        tables = await self.tables_now()
        tables.sort(key=lambda table: (table.hole is not None, -(table.forming_since or 0.0)))
        return [table_json(table, t) for table in tables[:TABLES_LISTED]]


@dataclass(frozen=True, slots=True)
class TableFacts:
    """What matchmaking and the lobby know of a public table, from memory or from its stored row: no card.

    ``hole``: the current hole from 0 (None before the match); ``players``: the hashes of the player
    ids that held its seats; ``ratings``: the people's, as quick play seated them."""

    code: str
    rules: SixCardRules
    kinds: tuple[SeatKind, ...]
    names: tuple[str, ...]
    levels: tuple[str | None, ...]
    filled: tuple[bool, ...]
    ratings: tuple[tuple[float, float], ...]
    players: frozenset[str]
    forming_since: float | None
    hole: int | None

    @property
    def forming(self) -> bool:
        """Its match has not started and a seat is open."""
        return self.hole is None and SeatKind.OPEN in self.kinds

    @property
    def replaceable(self) -> int:
        """How many of quick play's bots' seats a person may take (a hole still to deal)."""
        if self.hole is None or self.hole + 1 >= self.rules.holes:
            return 0
        return sum(1 for kind, filled in zip(self.kinds, self.filled, strict=True) if kind is SeatKind.BOT and filled)

    @property
    def people_ordinal(self) -> float | None:
        """The mean ordinal of the people quick play seated (None: there are none)."""
        return None if not self.ratings else sum(ordinal(rating) for rating in self.ratings) / len(self.ratings)


def facts_of(room: Room) -> TableFacts:
    """A public table in memory as :class:`TableFacts`."""
    seats = room.seats
    return TableFacts(
        code=room.code,
        rules=room.rules,
        kinds=tuple(seat.kind for seat in seats),
        names=tuple(seat.name for seat in seats),
        levels=tuple(seat.level for seat in seats),
        filled=tuple(seat.filled for seat in seats),
        ratings=tuple(seat.rating for seat in seats if seat.kind is SeatKind.HUMAN and seat.rating is not None),
        players=frozenset(hashed for seat in seats for hashed in seat.players),
        forming_since=room.forming_since,
        hole=None if room.match is None else room.match.hole,
    )


@functools.lru_cache(maxsize=4096)
def facts_from_row(row: StoredTable) -> TableFacts | None:
    """A stored public table as :class:`TableFacts` (None if its row cannot be read: it is not listed);
    kept per row, which changes with every write of its table."""
    try:
        rules = SixCardRules(**json.loads(row.rules))
        kept = json.loads(row.seats)
        seats, public = kept["seats"], kept["public"]
        kinds = tuple(SeatKind(seat["kind"]) for seat in seats)
        ratings = tuple(
            (float(seat["rating"][0]), float(seat["rating"][1]))
            for seat, kind in zip(seats, kinds, strict=True)
            if kind is SeatKind.HUMAN and seat.get("rating")
        )
        hole = public.get("hole")
        since = public.get("forming_since")
        return TableFacts(
            code=row.code,
            rules=rules,
            kinds=kinds,
            names=tuple(str(seat.get("name") or "") for seat in seats),
            levels=tuple(seat.get("level") for seat in seats),
            filled=tuple(bool(seat.get("filled")) for seat in seats),
            ratings=ratings,
            players=frozenset(str(hashed) for seat in seats for hashed in seat.get("players") or ()),
            forming_since=float(since) if isinstance(since, (int, float)) else None,
            hole=hole if isinstance(hole, int) else None,
        )
    except (ValueError, KeyError, TypeError, IndexError, AttributeError):
        logger.warning("public table %s cannot be listed: its stored seats do not read", row.code)
        return None


def _people_mu(room: Room) -> float:
    """The mean mu of the people quick play seated at ``room`` (OpenSkill's default when there are none)."""
    people = [seat.rating for seat in room.seats if seat.kind is SeatKind.HUMAN and seat.rating is not None]
    return 25.0 if not people else sum(mu for mu, _ in people) / len(people)


def _seat_name(table: TableFacts, number: int, t: Translator) -> str:
    level = table.levels[number]
    if table.kinds[number] is SeatKind.BOT and level in BOT_NAMES:
        return bot_seat_name(level, number, t)
    return table.names[number] or t.gettext("Player {number}", number=number + 1)


def table_json(table: TableFacts, t: Translator) -> dict[str, Any]:
    """One public table as the lobby lists it: ``{"code", "grid", "players", "people": [names], "bots",
    "free", "replaceable", "started", "hole", "holes", "summary"}`` (``hole`` from 1, None before the
    match; ``summary``: the same in words)."""
    rules = table.rules
    kinds = table.kinds
    people = [_seat_name(table, number, t) for number, kind in enumerate(kinds) if kind is SeatKind.HUMAN]
    free = kinds.count(SeatKind.OPEN)
    replaceable = table.replaceable
    hole = None if table.hole is None else table.hole + 1
    rows, columns = GRID_SHAPES[rules.grid]
    parts = [
        t.gettext("{cards} cards ({rows} × {columns})", cards=rules.grid, rows=rows, columns=columns),
        t.ngettext("{count} seat", "{count} seats", rules.players),
        t.gettext("waiting for players")
        if hole is None
        else t.gettext("hole {hole} of {holes}", hole=hole, holes=rules.holes),
    ]
    if free:
        parts.append(t.ngettext("{count} free seat", "{count} free seats", free))
    if replaceable:
        parts.append(t.ngettext("{count} bot's seat you can take", "{count} bots' seats you can take", replaceable))
    return {
        "code": table.code,
        "grid": rules.grid,
        "players": rules.players,
        "people": people,
        "bots": kinds.count(SeatKind.BOT),
        "free": free,
        "replaceable": replaceable,
        "started": hole is not None,
        "hole": hole,
        "holes": rules.holes,
        "summary": " · ".join(parts),
    }


def _quick_play(request: Request) -> QuickPlay:
    quick: QuickPlay = request.app.state.quick_play
    return quick


async def quick_play(request: Request) -> Response:
    """``POST /api/sixcard/quick-play``: a seat at a public table (see the module's docstring)."""
    t = request_translator(request)
    quick = _quick_play(request)
    try:
        address = client_address(request)
        quick.requests.admit(address)
        data = await json_body(request)
        grid = field(data, "grid", int, DEFAULT_GRID)
        if grid not in GRID_SHAPES:
            raise GolfError("sixcard.bad_grid", f"a grid has 4, 6, 8 or 9 cards, not {grid!r}", grid=str(grid)[:12])
        players = field(data, "players", int, DEFAULT_PLAYERS)
        if not MIN_PLAYERS <= players <= MAX_PLAYERS:
            raise GolfError("sixcard.bad_players", f"2 to 6 players, not {players!r}", players=str(players)[:12])
        session = signed_in(request)
        # A signed-in player sits under their account's name, the one the leaderboard shows.
        name = clean_name(data.get("name") if session is None else session.name)
        rules = rules_from_json({"grid": grid}, players)
        stored = await request_player(request)
        rating = await run_in_threadpool(quick.ratings.rating, stored, grid)
        room, seat, token, joins = await quick.seat(rules, name, cookie_player(request), rating, address)
    except GolfError as error:
        if error.key == "room.moved":
            error = GolfError("storage.write_failed", str(error))
        return error_response(error, t)
    plays_from = None if joins is None else joins + 1
    return JSONResponse({"code": room.code, "seat": seat, "token": token, "plays_from_hole": plays_from})


async def public_tables(request: Request) -> Response:
    """``GET /api/sixcard/tables``: ``{"tables": [...]}`` (:func:`table_json`), in the request's language."""
    t = request_translator(request)
    return JSONResponse({"tables": await _quick_play(request).listing(t)}, headers={"Cache-Control": "no-store"})


def routes() -> list[Route]:
    return [
        Route("/api/sixcard/quick-play", quick_play, methods=["POST"]),
        Route("/api/sixcard/tables", public_tables),
    ]
