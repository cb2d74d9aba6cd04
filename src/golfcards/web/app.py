"""The web app: ``create_app(db_path)`` builds the Starlette application that ``golf serve`` runs.

Pages are static files (``web/static``) that draw themselves from the JSON API; the rules pages
are rendered on the server per language. Everything a player has is in the SQLite file.
"""

from __future__ import annotations

import asyncio
import contextlib
import datetime
import gc
import logging
import threading
import time
from collections.abc import AsyncIterator, Callable, Collection
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from golfcards.errors import GolfError
from golfcards.i18n import normalize_language
from golfcards.runners.accounts import SignInLimits
from golfcards.runners.bot_ratings import closest_bot_level
from golfcards.runners.compute import FairPool
from golfcards.runners.daily import DailyDeals
from golfcards.runners.sixcard_records import SixCardRecords
from golfcards.runners.solitaire_games import SolitaireGames
from golfcards.runners.storage import BUSY_TIMEOUT, Forgotten, Storage
from golfcards.runners.storage.matchmaking import MatchmakingStore
from golfcards.solitaire.solver import warm_up
from golfcards.web import accounts as account_routes
from golfcards.web import standings
from golfcards.web.pages import rules as rules_pages
from golfcards.web.pages.strings import later_keys, page_keys, page_strings, part_strings
from golfcards.web.server.error_page import message_page
from golfcards.web.server.forwarded import ForwardedHeaders, Networks, parse_networks
from golfcards.web.server.guard import Guard
from golfcards.web.server.operations import Metrics, Operations
from golfcards.web.server.players import SignedInPlayers
from golfcards.web.server.reach import Reach
from golfcards.web.server.requests import (
    NEW_PLAYERS_AT_ONCE,
    PLAYER_KEY,
    NewPlayers,
    error_response,
    request_translator,
)
from golfcards.web.sixcard import quick_play
from golfcards.web.sixcard import records as sixcard_record
from golfcards.web.sixcard import routes as sixcard_routes
from golfcards.web.sixcard.bot_pool import DECISION_CAP, BotPool
from golfcards.web.sixcard.invite import QrCodes
from golfcards.web.sixcard.room_store import CLEAN_EVERY, HEARTBEAT_SECONDS, RoomStore
from golfcards.web.sixcard.rooms import ROOMS_PER_ADDRESS, Room, Rooms
from golfcards.web.sixcard.routes import Tables
from golfcards.web.sixcard.seats import AWAY_SECONDS
from golfcards.web.solitaire import daily as daily_routes
from golfcards.web.solitaire import live as live_routes
from golfcards.web.solitaire import offline as offline_routes
from golfcards.web.solitaire import routes as solitaire_routes
from golfcards.web.solitaire import shared as shared_routes
from golfcards.web.solitaire.first_deals import FirstDeals
from golfcards.web.standings import LEADERBOARD_MATCHES

logger = logging.getLogger(__name__)
STATIC = Path(__file__).resolve().parent / "static"
BOT_DELAY = 0.7
LOOPBACK = ("127.0.0.0/8", "::1")
SOLVER_JOBS_PER_OWNER = 4
"""Solver requests (hints, "still winnable", solutions, winnable deals) a player may have waiting."""
KEEP_IDLE_DAYS = 365.0
"""Days a player who plays nothing is kept (``golf serve --keep-idle-days``), with all their data."""
KEEP_UNFINISHED_DAYS = 30.0
"""Days a course left unfinished is kept (``golf serve --keep-unfinished-days``); its games stay."""
FORGET_EVERY = 3600.0
"""Seconds between two runs of the retention policy (the first runs as the server starts)."""
DAY = 86400.0


def _page(name: str) -> Callable[[Request], Response]:
    def endpoint(request: Request) -> Response:
        return FileResponse(STATIC / name, headers={"Cache-Control": "no-cache"})

    return endpoint


async def i18n(request: Request) -> Response:
    """The words of a page's first load (``?page=NAME``; without it every page's) or of a part of one
    loaded later (``?part=NAME``; ``?page=NAME&part=later``: its modules loaded later); an unknown page
    or part is a 404."""
    t = request_translator(request)
    part = request.query_params.get("part")
    page = request.query_params.get("page")
    if part is None:
        words = page_strings(t, page, request.app.state.page_keys)
        if words is None:
            return error_response(GolfError("request.not_found", "no such page"), t, 404)
        return JSONResponse(words)
    strings = part_strings(part, t, page, request.app.state.later_keys)
    if strings is None:
        return error_response(GolfError("request.not_found", "no such part of the words"), t, 404)
    return JSONResponse(strings)


async def not_found(request: Request, exc: Exception) -> Response:
    """404 (and 405) answers: localized JSON for the API, a short page with a way back otherwise."""
    t = request_translator(request)
    status = getattr(exc, "status_code", 404)
    error = GolfError("request.not_found", "not found")
    if request.url.path.startswith("/api/"):
        return error_response(error, t, status)
    return message_page(t, error, status)


def _log_loaded(room: Room) -> None:
    logger.info("room %s loaded from storage", room.code, extra={"event": "room.loaded", "fields": {"room": room.code}})


GC_THRESHOLDS = (50_000, 20, 10)
"""The garbage collector's thresholds once the server has started (Python's are 700, 10, 10). Under
load thousands of connections' short-lived objects (tasks, futures, timers) are alive at any moment:
with 700 young collections ran hundreds of times a second and carried so many of them into the
oldest generation that it was walked whole every few seconds, for 100-460 ms each time (2,000
clients, docs/web.md); with 50,000 most are gone before a collection sees them."""


def _freeze_heap(_: object) -> None:
    """Move every object made so far out of the garbage collector's reach (see ``freeze_heap``), and
    collect the young generations less often from now on (:data:`GC_THRESHOLDS`)."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(*GC_THRESHOLDS)


def create_app(
    db_path: str | Path,
    *,
    default_language: str | None = None,
    new_number: Callable[[], int] | None = None,
    bot_delay: float = BOT_DELAY,
    public_url: str | None = None,
    storage_timeout: float = BUSY_TIMEOUT,
    freeze_heap: bool = False,
    allowed_origins: Collection[str] = (),
    hosts: Collection[str] | None = None,
    away: float = AWAY_SECONDS,
    quick_play_wait: float = quick_play.QUICK_PLAY_WAIT,
    today: Callable[[], datetime.date] | None = None,
    bot_decision_cap: float = DECISION_CAP,
    keep_idle_days: float | None = KEEP_IDLE_DAYS,
    keep_unfinished_days: float | None = KEEP_UNFINISHED_DAYS,
    new_players: int = NEW_PLAYERS_AT_ONCE,
    rooms_per_address: int = ROOMS_PER_ADDRESS,
    leaderboard_matches: int = LEADERBOARD_MATCHES,
    trusted_proxies: Collection[str] = (),
    metrics_allowed: Collection[str] = LOOPBACK,
    reach: Reach | None = None,
    worker_id: str | None = None,
) -> Starlette:
    """The app on the SQLite file ``db_path``.

    ``new_number`` picks random deals and room seeds (tests fix it); ``bot_delay`` is the pause in
    seconds before a bot acts, so that people can follow the table; ``public_url`` is the address
    other devices use (``golf serve`` passes the one it prints), for the room links;
    ``allowed_origins`` are pages of other addresses (``http://host:port``) that may open a room's
    WebSocket, besides pages of the address the server is reached at; ``hosts`` are the names the
    server goes by (any IP address is taken too; None: any ``Host``).
    ``away`` is the time in seconds a player may be away during a six-card match before a bot plays
    for them; ``quick_play_wait`` the seconds a public six-card table waits for people before bots
    take its empty seats (:mod:`golfcards.web.sixcard.quick_play`); ``bot_decision_cap`` the seconds
    a table waits for a bot's decision before a cheaper
    level decides that turn (:mod:`golfcards.web.sixcard.bot_pool`); ``today`` is the day of the daily deal
    (default: the UTC date; tests fix it); ``keep_idle_days`` and ``keep_unfinished_days`` are the
    retention policy (:meth:`~golfcards.runners.storage.Storage.forget`, run as the server starts
    and every :data:`FORGET_EVERY` seconds in a thread of its own): players who played nothing for
    that many days are deleted with their data, and courses left unfinished that long (None or 0:
    kept for ever); ``new_players`` is how many players one network (an address, an IPv6 /64) may
    create at once, then one more every :data:`~golfcards.web.server.requests.NEW_PLAYER_SECONDS`,
    and ``rooms_per_address`` how many six-card rooms in use it may hold; ``leaderboard_matches`` is
    how many rated matches a player needs at a grid size to be on its six-card leaderboard;
    ``trusted_proxies`` are the reverse proxies (addresses or networks) whose forwarded headers name
    the client (:mod:`golfcards.web.server.forwarded`; none: such headers are ignored); ``metrics_allowed``
    the clients that may read ``/metrics`` (:mod:`golfcards.web.server.operations`); ``reach`` is how
    ``golf serve`` listens, for the rooms' links (:mod:`golfcards.web.sixcard.invite`; None: the
    address each request came in on);
    ``worker_id`` names
    this server in the six-card rooms' leases when several share the database (default ``host:pid``;
    :mod:`golfcards.web.sixcard.room_store`);
    ``storage_timeout`` is how long a write waits for another writer of the file; with
    ``freeze_heap`` (``golf serve``) everything made once started (modules, routes, the solver's
    tables) is frozen (``gc.freeze()``): it lives as long as the server, and the garbage collector
    never walks it again, so its pauses stay short (docs/web.md has the figures).

    The event loop only reads requests and writes answers: SQLite runs in two storage threads, the
    solver's hints, verdicts, live checks and winnable deals in a worker process of lower priority
    (started at its first job, where it loads or compiles the search) and the bots in another.
    """
    storage = Storage(db_path, busy_timeout=storage_timeout)
    # SQLite and the replays of Solitaire games, off the event loop: changes in one thread, reads in
    # another, so that a change waiting for the file (another program holding its write lock) holds
    # up no read. One of each: a thread holds the interpreter lock while it runs Python, and a second
    # thread for changes took it from the event loop more than it added answers (docs/web.md).
    writes = ThreadPoolExecutor(1, thread_name_prefix="golfcards-writes")
    reads = ThreadPoolExecutor(1, thread_name_prefix="golfcards-reads")
    solver = FairPool(1, per_owner=SOLVER_JOBS_PER_OWNER, warm_up=warm_up)
    retention = ThreadPoolExecutor(1, thread_name_prefix="golfcards-retention")
    stopping = threading.Event()

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        # The solver is loaded (or compiled) here too, off the event loop, for the route that still
        # solves in this process (the daily deal's code, once a day).
        warming = asyncio.get_running_loop().run_in_executor(None, warm_up)
        if freeze_heap:
            warming.add_done_callback(_freeze_heap)
        await app.state.tables.store.heartbeat()  # this worker is alive before it holds any room
        beating = asyncio.create_task(heartbeats())
        await app.state.tables.store.clean()  # old rooms go before anyone can ask for them
        cleaning = asyncio.create_task(clean_rooms())
        forgetting = asyncio.create_task(forget_old())
        yield
        beating.cancel()
        cleaning.cancel()
        forgetting.cancel()
        stopping.set()  # a retention run ends after its current transaction
        app.state.quick_play.close()
        app.state.tables.close()
        solver.close()
        await warming
        writes.shutdown(wait=True)
        reads.shutdown(wait=True)
        retention.shutdown(wait=True, cancel_futures=True)
        storage.close()

    async def heartbeats() -> None:
        """Renew the rooms' leases every HEARTBEAT_SECONDS (and hand over the rooms asked for)."""
        while True:
            await asyncio.sleep(HEARTBEAT_SECONDS)
            try:
                await app.state.tables.store.heartbeat()
            except GolfError as error:  # the database did not answer: the next beat tries again
                logger.warning("the rooms' heartbeat failed: %s", error, extra={"event": "heartbeat.failed"})
            except Exception:  # a bug must not end the beats to come
                logger.exception("the rooms' heartbeat failed")

    async def clean_rooms() -> None:
        """Delete old six-card rooms every CLEAN_EVERY seconds."""
        while True:
            await asyncio.sleep(CLEAN_EVERY)
            await app.state.tables.store.clean()

    def forget() -> Forgotten:
        now = time.time()
        idle = now - keep_idle_days * DAY if keep_idle_days else None
        unfinished = now - keep_unfinished_days * DAY if keep_unfinished_days else None
        return storage.forget(idle, unfinished, now, stopping.is_set)

    async def forget_old() -> None:
        """Run the retention policy now and every FORGET_EVERY seconds, in its own thread."""
        loop = asyncio.get_running_loop()
        while True:
            try:
                forgotten = await loop.run_in_executor(retention, forget)
            except GolfError as error:  # a busy or damaged file: the next run tries again
                logger.warning("the retention policy could not run: %s", error)
            except Exception:  # a bug must not end the runs to come
                logger.exception("the retention policy failed")
            else:
                if forgotten.players or forgotten.courses:
                    logger.info(
                        "retention: %d idle players and %d unfinished courses deleted",
                        forgotten.players,
                        forgotten.courses,
                    )
            await asyncio.sleep(FORGET_EVERY)

    app = Starlette(
        routes=[
            Route("/", _page("home.html")),
            Route("/solitaire", _page("solitaire.html")),
            Route("/api/i18n", i18n),
            *solitaire_routes.routes(),
            *daily_routes.routes(Route("/daily", _page("daily.html"))),
            *live_routes.routes(),
            *offline_routes.routes(),
            *shared_routes.routes(),
            *sixcard_record.routes(STATIC),
            *quick_play.routes(),
            *standings.routes(STATIC),
            *sixcard_routes.routes(sixcard_record.player_page(STATIC / "sixcard.html")),
            *rules_pages.routes(),
            *account_routes.routes(STATIC),
            Mount("/static", StaticFiles(directory=STATIC), name="static"),
        ],
        exception_handlers={HTTPException: not_found},
        middleware=[
            Middleware(ForwardedHeaders, proxies=parse_networks(trusted_proxies)),
            Middleware(Operations, metrics_allowed=Networks(parse_networks(metrics_allowed))),
            Middleware(Guard, hosts=hosts),
            Middleware(SignedInPlayers),
        ],
        lifespan=lifespan,
    )
    app.state.storage = storage
    app.state.write_thread = writes
    app.state.read_thread = reads
    app.state.solver = solver
    app.state.default_language = normalize_language(default_language)
    app.state.allowed_origins = frozenset(origin.strip().lower().rstrip("/") for origin in allowed_origins)
    app.state.new_players = NewPlayers(at_once=max(1, new_players))
    app.state.sign_in_limits = SignInLimits()
    app.state.password_slots = asyncio.Semaphore(account_routes.PASSWORD_WORKERS)
    app.state.player_key = storage.secret_key(PLAYER_KEY)
    app.state.solitaire = SolitaireGames(storage, new_number)
    app.state.first_deals = FirstDeals(solver, app.state.solitaire.new_number)
    app.state.daily = DailyDeals(storage, app.state.solitaire, today)
    app.state.leaderboard_matches = max(1, leaderboard_matches)
    app.state.rooms = Rooms(new_number, per_address=max(1, rooms_per_address))
    app.state.tables = Tables(
        app.state.rooms,
        RoomStore(storage, app.state.rooms, worker_id),
        bot_delay,
        public_url,
        away,
        BotPool(decision_cap=bot_decision_cap),
    )
    app.state.quick_play = quick_play.QuickPlay(
        app.state.tables, MatchmakingStore(storage.database), closest_bot_level, quick_play_wait
    )
    app.state.reach = reach
    app.state.qr_codes = QrCodes()
    app.state.page_keys = page_keys()
    app.state.later_keys = later_keys(app.state.page_keys)
    """The keys of the words each page is sent, worked out here (each page's files read once), not
    on a first visitor's request in the event loop."""
    app.state.stopping = False
    """Set when the server is told to stop: ``/readyz`` answers 503 from then on."""
    app.state.ready_checks = [lambda: storage.schema_version]
    """What ``/readyz`` asks of the storage (each run in the storage thread for reads)."""
    app.state.metrics = Metrics(app.state)
    app.state.tables.store.on_load.append(_log_loaded)
    app.state.sixcard_records = SixCardRecords(storage)
    recorder = sixcard_record.MatchRecorder(app.state.sixcard_records, app.state.player_key)
    app.state.tables.listeners.append(recorder)
    app.state.on_sign_in = [
        lambda visitor, player: recorder.signed_in(
            visitor, player, [client.socket for clients in app.state.tables.clients.values() for client in clients]
        )
    ]
    """Called with the visitor's id and the account's player when a browser signs in (see web/accounts.py)."""
    app.state.tables.store.on_load.append(recorder.restored)
    return app
