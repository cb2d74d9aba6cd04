"""The web app: ``create_app(db_path)`` builds the Starlette application that ``golf serve`` runs.

Pages are static files (``web/static``) that draw themselves from the JSON API; the rules pages
are rendered on the server per language. Everything a player has is in the SQLite file.
"""

from __future__ import annotations

import contextlib
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
from golfcards.runners.compute import FairPool
from golfcards.runners.sixcard_records import SixCardRecords
from golfcards.runners.solitaire_games import SolitaireGames
from golfcards.runners.storage import BUSY_TIMEOUT, Storage
from golfcards.solitaire.solver import warm_up
from golfcards.web import rules_pages, sixcard_record, sixcard_routes, solitaire_routes
from golfcards.web.first_deals import FirstDeals
from golfcards.web.guard import Guard
from golfcards.web.requests import error_response, request_translator
from golfcards.web.rooms import Rooms
from golfcards.web.sixcard_routes import Tables
from golfcards.web.strings import page_strings

STATIC = Path(__file__).resolve().parent / "static"
BOT_DELAY = 0.7
STORAGE_THREADS = 2
"""Threads that run SQLite and the replays of Solitaire games, off the event loop (requests of one
player in two threads, or on two servers, are kept apart by each game's version)."""
SOLVER_JOBS_PER_OWNER = 4
"""Solver requests (hints, "still winnable", solutions, winnable deals) a player may have waiting."""


def _page(name: str) -> Callable[[Request], Response]:
    def endpoint(request: Request) -> Response:
        return FileResponse(STATIC / name, headers={"Cache-Control": "no-cache"})

    return endpoint


async def i18n(request: Request) -> Response:
    return JSONResponse(page_strings(request_translator(request)))


async def not_found(request: Request, exc: Exception) -> Response:
    """404 (and 405) answers: localized JSON for the API, a short page with a way back otherwise."""
    t = request_translator(request)
    status = getattr(exc, "status_code", 404)
    error = GolfError("request.not_found", "not found")
    if request.url.path.startswith("/api/"):
        return error_response(error, t, status)
    return rules_pages.message_page(t, error, status)


def create_app(
    db_path: str | Path,
    *,
    default_language: str | None = None,
    new_number: Callable[[], int] | None = None,
    bot_delay: float = BOT_DELAY,
    public_url: str | None = None,
    storage_timeout: float = BUSY_TIMEOUT,
    allowed_origins: Collection[str] = (),
    hosts: Collection[str] | None = None,
) -> Starlette:
    """The app on the SQLite file ``db_path``.

    ``new_number`` picks random deals and room seeds (tests fix it); ``bot_delay`` is the pause in
    seconds before a bot acts, so that people can follow the table; ``public_url`` is the address
    other devices use (``golf serve`` passes the one it prints), for the room links;
    ``allowed_origins`` are pages of other addresses (``http://host:port``) that may open a room's
    WebSocket, besides pages of the address the server is reached at; ``hosts`` are the names the
    server goes by (any IP address is taken too; None: any ``Host``); ``storage_timeout`` is how long
    a write waits for another writer of the file.

    The event loop only reads requests and writes answers: SQLite runs in a few storage threads and
    the solver in a worker process of lower priority (started at its first job, where it loads or
    compiles the search), so neither its time nor its tables weigh on the server.
    """
    storage = Storage(db_path, busy_timeout=storage_timeout)
    threads = ThreadPoolExecutor(STORAGE_THREADS, thread_name_prefix="golfcards-storage")
    solver = FairPool(1, per_owner=SOLVER_JOBS_PER_OWNER, warm_up=warm_up)

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        yield
        solver.close()
        app.state.tables.bot_pool.close()
        threads.shutdown(wait=True)
        storage.close()

    app = Starlette(
        routes=[
            Route("/", _page("home.html")),
            Route("/solitaire", _page("solitaire.html")),
            Route("/api/i18n", i18n),
            *solitaire_routes.routes(),
            *sixcard_record.routes(STATIC),
            *sixcard_routes.routes(sixcard_record.player_page(STATIC / "sixcard.html")),
            *rules_pages.routes(),
            Mount("/static", StaticFiles(directory=STATIC), name="static"),
        ],
        exception_handlers={HTTPException: not_found},
        middleware=[Middleware(Guard, hosts=hosts)],
        lifespan=lifespan,
    )
    app.state.storage = storage
    app.state.storage_threads = threads
    app.state.solver = solver
    app.state.default_language = normalize_language(default_language)
    app.state.allowed_origins = frozenset(origin.strip().lower().rstrip("/") for origin in allowed_origins)
    app.state.solitaire = SolitaireGames(storage, new_number)
    app.state.first_deals = FirstDeals(solver, app.state.solitaire.new_number)
    app.state.rooms = Rooms(new_number)
    app.state.tables = Tables(app.state.rooms, bot_delay, public_url)
    app.state.sixcard_records = SixCardRecords(storage)
    app.state.tables.listeners.append(sixcard_record.MatchRecorder(app.state.sixcard_records))
    return app
