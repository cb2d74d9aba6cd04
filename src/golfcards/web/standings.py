"""The leaderboards and the player's own page.

* ``GET /leaderboards`` is the page; ``GET /api/leaderboards`` its data:

  - ``?board=sixcard&grid=6``: six-card players by conservative rating (mu - 3 sigma) at that grid,
    those with at least the server's minimum of rated matches (``golf serve --leaderboard-matches``);
  - ``?board=solitaire&rules=E``: Solitaire players by games won under those rules (``E``, ``C``,
    ``S`` and their variants, ``C-J1``…);
  - ``?board=daily&rules=E&period=today|week|all``: players by daily deals won (this week: since
    Monday, UTC days).

  Only players with an account are listed, by their account's name, never by id; the viewer's own
  row says ``you``.
* ``GET /me`` is the page; ``GET /api/me`` the requester's own data and no one else's (no
  parameter names a player): six-card ratings per grid with their uncertainty and the bot level
  nearest, the ratings' history, six-card statistics and recent matches, Solitaire statistics per
  rules and the daily deal's results per rules. A visitor with nothing stored gets empty lists.
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Route

from golfcards.errors import GolfError
from golfcards.i18n import Translator
from golfcards.i18n.sixcard import BOT_NAMES
from golfcards.i18n.solitaire import rules_label
from golfcards.runners.bot_ratings import closest_bot_level
from golfcards.runners.daily import streaks
from golfcards.runners.ratings import INTERVAL_SIGMAS, Rating
from golfcards.runners.sixcard_records import SixCardRecords
from golfcards.runners.storage import RatingLeader, SolitaireLeader, Storage
from golfcards.sixcard.rules import GRID_SHAPES
from golfcards.solitaire.codes import parse_rules_key, rules_key
from golfcards.web.server.requests import error_response, reading, request_translator
from golfcards.web.sixcard.record_page import statistics_json, summary_json
from golfcards.web.sixcard.records import request_player

LEADERBOARD_MATCHES = 5
"""Rated matches a player needs at a grid to be on its leaderboard (``golf serve --leaderboard-matches``)."""
LEADERBOARD_ROWS = 50
"""Rows of a leaderboard."""
HISTORY_POINTS = 200
"""Rating history points the player's page plots (the latest, over every grid)."""
RECENT_MATCHES = 10
"""Six-card matches the player's page lists (the whole history is on the record page)."""
BOARDS = ("sixcard", "solitaire", "daily")
PERIODS = ("today", "week", "all")
DEFAULT_RULES = "E"
MAX_PARAMETER = 32
"""Longest query parameter read (a rules key is a few characters)."""


@dataclass(frozen=True, slots=True)
class LeaderboardQuery:
    """A leaderboard asked for, its parameters checked."""

    board: str
    grid: int = 6
    rules: str = DEFAULT_RULES
    period: str = "today"


def leaderboard_query(parameters: dict[str, str]) -> LeaderboardQuery:
    """The query string read and checked: a ``request.bad_field`` :class:`GolfError` for anything else."""
    for name, value in parameters.items():
        if len(value) > MAX_PARAMETER:
            raise GolfError("request.bad_field", f"{name} is too long", field=name)
    board = parameters.get("board", "sixcard")
    if board not in BOARDS:
        raise GolfError("request.bad_field", "board is sixcard, solitaire or daily", field="board")
    grid_text = parameters.get("grid", "6")
    grid = int(grid_text) if grid_text.isascii() and grid_text.isdigit() else 0
    if grid not in GRID_SHAPES:
        raise GolfError("request.bad_field", "grid is 4, 6, 8 or 9", field="grid")
    try:
        rules = rules_key(parse_rules_key(parameters.get("rules", DEFAULT_RULES)))
    except GolfError as error:
        raise GolfError("request.bad_field", "rules is a rules key such as E, C or S-J1", field="rules") from error
    period = parameters.get("period", "today")
    if period not in PERIODS:
        raise GolfError("request.bad_field", "period is today, week or all", field="period")
    return LeaderboardQuery(board, grid, rules, period)


def rating_json(rating: Rating, grid: int, t: Translator) -> dict[str, Any]:
    """A rating as shown: rounded mu, sigma, the range mu ± 2 sigma, the conservative ordinal."""
    spread = INTERVAL_SIGMAS * rating.sigma
    level = closest_bot_level(rating.mu, grid)
    return {
        "grid": grid,
        "label": t.gettext("{cards} cards", cards=grid),
        "mu": round(rating.mu, 2),
        "sigma": round(rating.sigma, 2),
        "low": round(rating.mu - spread, 2),
        "high": round(rating.mu + spread, 2),
        "ordinal": round(rating.ordinal, 2),
        "matches": rating.matches,
        "bot": level,
        "bot_name": t.gettext(BOT_NAMES[level]),
    }


def _rating_row(rank: int, leader: RatingLeader, viewer: str | None, t: Translator, grid: int) -> dict[str, Any]:
    row = rating_json(Rating(leader.mu, leader.sigma, leader.matches), grid, t)
    return {"rank": rank, "name": leader.name, "you": leader.player == viewer, **row}


def _solitaire_row(rank: int, leader: SolitaireLeader, viewer: str | None) -> dict[str, Any]:
    return {
        "rank": rank,
        "name": leader.name,
        "you": leader.player == viewer,
        "wins": leader.wins,
        "games": leader.games,
        "score": leader.score,
    }


def _rules_options(storage: Storage, t: Translator, chosen: str) -> list[dict[str, str]]:
    """The rules a Solitaire leaderboard can be filtered by: the three named ones, then the variants stored."""
    keys = ["E", "C", "S"]
    for key in storage.solitaire_rules_stored():
        try:
            normal = rules_key(parse_rules_key(key))
        except GolfError:
            continue
        if normal not in keys:
            keys.append(normal)
    if chosen not in keys:
        keys.append(chosen)
    return [{"key": key, "label": rules_label(parse_rules_key(key), t)} for key in keys]


def leaderboard(
    storage: Storage, query: LeaderboardQuery, viewer: str | None, today: datetime.date, minimum: int, t: Translator
) -> dict[str, Any]:
    """The leaderboard ``query`` asks for, as the API answers it."""
    body: dict[str, Any] = {"board": query.board, "min_matches": minimum}
    if query.board == "sixcard":
        leaders = storage.rating_leaders(query.grid, minimum, LEADERBOARD_ROWS)
        body["grid"] = query.grid
        body["grids"] = [{"grid": grid, "label": t.gettext("{cards} cards", cards=grid)} for grid in GRID_SHAPES]
        body["rows"] = [_rating_row(rank, leader, viewer, t, query.grid) for rank, leader in enumerate(leaders, 1)]
        return body
    body["rules"] = query.rules
    body["rules_options"] = _rules_options(storage, t, query.rules)
    if query.board == "solitaire":
        solitaire = storage.solitaire_leaders(query.rules, LEADERBOARD_ROWS)
        body["rows"] = [_solitaire_row(rank, leader, viewer) for rank, leader in enumerate(solitaire, 1)]
        return body
    first = {"today": today, "week": today - datetime.timedelta(days=today.weekday()), "all": None}[query.period]
    daily = storage.daily_leaders(
        query.rules, None if first is None else first.isoformat(), today.isoformat(), LEADERBOARD_ROWS
    )
    body["period"] = query.period
    body["rows"] = [_solitaire_row(rank, leader, viewer) for rank, leader in enumerate(daily, 1)]
    return body


def own_page(
    storage: Storage, records: SixCardRecords, player: str | None, today: datetime.date, t: Translator
) -> dict[str, Any]:
    """Everything ``/api/me`` shows of ``player`` (None: a visitor with nothing stored)."""
    if player is None:
        return {
            "ratings": [],
            "rating_history": [],
            "sixcard": statistics_json([], [], t),
            "matches": [],
            "solitaire": [],
            "daily": [],
        }
    ratings = [
        rating_json(Rating(stored.mu, stored.sigma, stored.matches), stored.grid, t)
        for stored in storage.player_ratings(player)
    ]
    history = [
        {
            "grid": point.grid,
            "match": point.match,
            "mu": round(point.mu, 2),
            "sigma": round(point.sigma, 2),
            "at": datetime.datetime.fromtimestamp(point.at, datetime.UTC).isoformat(timespec="seconds"),
        }
        for point in storage.rating_history(player, HISTORY_POINTS)
    ]
    grids, bots = records.statistics(player)
    matches = [summary_json(summary, t) for summary in records.history(player, None, RECENT_MATCHES)]
    solitaire = []
    daily = []
    for key in storage.rules_played(player):
        try:
            rules = parse_rules_key(key)
        except GolfError:
            continue
        stats = storage.statistics(player, key)
        solitaire.append(
            {
                "rules": key,
                "label": rules_label(rules, t),
                "games": stats.games,
                "wins": stats.wins,
                "win_rate": stats.win_rate,
                "best_score": stats.best_score,
                "current_streak": stats.current_streak,
                "best_streak": stats.best_streak,
            }
        )
    for key in ("E", "C", "S"):
        won = storage.daily_days_won(player, key)
        if not won:
            continue
        current, best = streaks(won, today)
        daily.append(
            {
                "rules": key,
                "label": rules_label(parse_rules_key(key), t),
                "days_won": len(won),
                "streak": current,
                "best_streak": best,
                "last_won": won[-1],
            }
        )
    return {
        "ratings": ratings,
        "rating_history": history,
        "sixcard": statistics_json(grids, bots, t),
        "matches": matches,
        "solitaire": solitaire,
        "daily": daily,
    }


async def leaderboards_api(request: Request) -> Response:
    t = request_translator(request)
    try:
        query = leaderboard_query(dict(request.query_params))
        viewer = await request_player(request)
        state = request.app.state
        today = state.daily.today()
        body = await reading(request, leaderboard, state.storage, query, viewer, today, state.leaderboard_matches, t)
    except GolfError as error:
        return error_response(error, t)
    return JSONResponse(body, headers={"Cache-Control": "no-store"})


async def me_api(request: Request) -> Response:
    t = request_translator(request)
    try:
        player = await request_player(request)
        state = request.app.state
        body = await reading(request, own_page, state.storage, state.sixcard_records, player, state.daily.today(), t)
    except GolfError as error:
        return error_response(error, t)
    return JSONResponse(body, headers={"Cache-Control": "no-store"})


def _static_page(path: Path) -> Route:
    async def endpoint(request: Request) -> Response:
        return FileResponse(path, headers={"Cache-Control": "no-cache"})

    return Route(f"/{path.stem}", endpoint)


def routes(static: Path) -> list[Route]:
    """The pages and their APIs."""
    return [
        _static_page(static / "leaderboards.html"),
        _static_page(static / "me.html"),
        Route("/api/leaderboards", leaderboards_api, methods=["GET"]),
        Route("/api/me", me_api, methods=["GET"]),
    ]
