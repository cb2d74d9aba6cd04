"""Six-card records on the web: matches stored as they end, and the record page with its API.

* :class:`MatchRecorder` listens to every room's broadcasts: it notes which player (the
  ``golfcards_player`` cookie, as for Solitaire, sent with the WebSocket) holds each seat, and
  stores a match once, when it is over, off the event loop, before the last state goes out (a
  signed-in player's seat is their account's player, also when they signed in during the match).
* ``GET /sixcard/record`` is the page. The six-card pages give a visitor without a player a player id
  in the cookie, signed by the server and stored nowhere (:func:`~golfcards.web.server.requests.unstored_player_id`),
  so that the room's WebSocket carries it: the player is stored with their first finished match (or
  their first Solitaire game). Reading the pages, the record or a match stores nothing.
* ``GET /api/sixcard/record[?before=ID]``: statistics per grid and per bot level, and the history
  (newest first, 20 at a time: ``next`` is the ``before`` of the next page, or null).
* ``GET /api/sixcard/matches/{id}[?hole=N]``: a finished match, and hole N (from 0) step by step with
  every card shown; ``…/scorecard.csv`` and ``…/scorecard.json`` download its scorecard.

A match is served only to a player who sat in it (anyone else gets the same 404 as for an id that
does not exist), and a match in progress is never stored, so it cannot be replayed.
"""

from __future__ import annotations

import logging
import weakref
from collections.abc import Awaitable, Callable, Iterable, Sequence
from pathlib import Path
from typing import Protocol

from starlette.concurrency import run_in_threadpool
from starlette.requests import HTTPConnection, Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Route

from golfcards.errors import GolfError
from golfcards.i18n import Translator
from golfcards.runners.sixcard_records import HISTORY_PAGE, MatchSummary, SeatInfo, SixCardRecords
from golfcards.shuffle import ascii_number
from golfcards.sixcard.match import Match
from golfcards.sixcard.record import MatchRecord
from golfcards.web.server.players import current_player
from golfcards.web.server.requests import (
    COOKIE_AGE,
    PLAYER_COOKIE,
    error_response,
    request_translator,
    signed_player_id,
    unstored_player_id,
)
from golfcards.web.sixcard.record_page import replay_json, scorecard_csv, scorecard_json, statistics_json, summary_json
from golfcards.web.sixcard.rooms import Room, SeatKind

logger = logging.getLogger(__name__)
_SIGNED_IN_SINCE = "golfcards.signed_in_since"
"""The scope key of a room connection opened before its browser signed in: the account's player."""
MAX_ID = 2**62
"""Ids above this are refused unread (SQLite integers stop at 2**63)."""


class Seated(Protocol):
    """A room connection as the recorder needs it: its seat (None: watching) and its socket."""

    @property
    def seat(self) -> int | None: ...

    @property
    def socket(self) -> HTTPConnection: ...


def cookie_player(connection: HTTPConnection) -> str | None:
    """The connection's player (:func:`~golfcards.web.server.players.current_player`: the signed-in
    account's, else the cookie's id if it looks like one; the store decides whether it exists)."""
    return current_player(connection)


class MatchRecorder:
    """Stores each finished match once, with the players who held its seats (a seat whose player the
    host removed is a bot's at the end, and in no player's record; a quick-play bot's seat a person
    took during the match is in no player's record either)."""

    def __init__(self, records: SixCardRecords, player_key: bytes) -> None:
        self.records = records
        self.player_key = player_key
        self._players: weakref.WeakKeyDictionary[Match, dict[int, str]] = weakref.WeakKeyDictionary()
        self._saved: weakref.WeakSet[Match] = weakref.WeakSet()

    def signed_in(self, visitor: str, player: str, sockets: Iterable[HTTPConnection]) -> None:
        """A browser that played as ``visitor`` (its cookie's id) signed in to the account of ``player``:
        of ``sockets`` (the room connections open now), those that came as ``visitor`` hold their seats
        for ``player`` from now on, so a match under way is stored under the account. A connection opened
        later carries the session itself; one opened with the old cookie afterwards stays the visitor's."""
        for socket in sockets:
            if _SIGNED_IN_SINCE not in socket.scope and cookie_player(socket) == visitor:
                socket.scope[_SIGNED_IN_SINCE] = player

    def holder(self, socket: HTTPConnection) -> str | None:
        """The player a room connection holds its seat for (see :meth:`signed_in`)."""
        since = socket.scope.get(_SIGNED_IN_SINCE)
        return since if isinstance(since, str) else cookie_player(socket)

    def restored(self, room: Room) -> None:
        """A room loaded from the database after a restart: a match of it already over was stored when
        it ended (the room is written before the broadcast that stores it), so it is not stored again."""
        if room.match is not None and room.match.is_terminal():
            self._saved.add(room.match)

    async def __call__(self, room: Room, clients: Sequence[Seated]) -> None:
        match = room.match
        if match is None:
            return
        players = self._players.setdefault(match, {})
        for client in clients:
            player = self.holder(client.socket)
            if client.seat is not None and player is not None:
                players[client.seat] = player
        if not match.is_terminal() or match in self._saved:
            return
        self._saved.add(match)
        seats = [SeatInfo(seat.kind.value, seat.name, seat.level) for seat in room.seats]
        # A player the host removed held their seat no longer: the bot that played it on is not theirs.
        # A person who took a quick-play bot's seat during the match played only its last holes: the
        # match is not theirs to be rated on or recorded (the seat counts as an unknown person's).
        holders = {
            seat: player
            for seat, player in players.items()
            if room.seats[seat].kind is SeatKind.HUMAN and room.seats[seat].arrived_at_hole is None
        }
        try:
            record = MatchRecord.from_match(match)
            new = {player for player in holders.values() if signed_player_id(player, self.player_key)}
            await run_in_threadpool(self.records.save, room.code, record, seats, holders, new)
        except Exception:  # a full disk or a bug must not stop the table: the record is lost, and logged
            logger.exception("the finished match of room %s could not be stored", room.code)


async def request_player(request: Request) -> str | None:
    """The request's stored player, or None (nothing is created)."""
    storage = request.app.state.storage
    player = cookie_player(request)
    if player is None:
        return None
    return player if await run_in_threadpool(storage.player_exists, player) else None


def player_page(path: Path) -> Callable[[Request], Awaitable[Response]]:
    """A static page whose visitor carries a player id in the cookie, so that the room's WebSocket
    carries it: their stored player's, one the server gave out before, or a new one (stored nowhere)."""

    async def endpoint(request: Request) -> Response:
        response = FileResponse(path, headers={"Cache-Control": "no-cache"})
        cookie = cookie_player(request)
        key = request.app.state.player_key
        if cookie is None or not (signed_player_id(cookie, key) or await request_player(request)):
            player = unstored_player_id(key)
            response.set_cookie(PLAYER_COOKIE, player, max_age=COOKIE_AGE, httponly=True, samesite="lax")
        return response

    return endpoint


def _records(request: Request) -> SixCardRecords:
    return request.app.state.sixcard_records


async def record(request: Request) -> Response:
    t = request_translator(request)
    player = await request_player(request)
    before_text = request.query_params.get("before")
    before = None if before_text is None else ascii_number(before_text, 18)  # (isdigit takes "³" and "٣")
    if before_text is not None and before is None:
        return error_response(GolfError("request.bad_field", "before is a match id", field="before"), t)
    records = _records(request)
    grids, bots = await run_in_threadpool(records.statistics, player or "")
    history = await run_in_threadpool(records.history, player, before) if player else []
    body = {
        "statistics": statistics_json(grids, bots, t),
        "history": [summary_json(summary, t) for summary in history],
        "next": history[-1].id if len(history) == HISTORY_PAGE else None,
    }
    return JSONResponse(body)


Found = tuple[MatchSummary, MatchRecord]


async def _stored_match(request: Request, t: Translator) -> Found | Response:
    """The path's match if the request's player sat in it, else an error answer (the same 404 for all)."""
    player = await request_player(request)
    match_id = request.path_params["match"]
    found = None
    if player is not None and 0 < match_id <= MAX_ID:
        try:
            found = await run_in_threadpool(_records(request).match, match_id, player)
        except GolfError as error:  # a damaged record
            return error_response(error, t)
    if found is None:
        return error_response(GolfError("request.not_found", "no such match"), t, 404)
    return found


async def replay(request: Request) -> Response:
    t = request_translator(request)
    found = await _stored_match(request, t)
    if isinstance(found, Response):
        return found
    hole = ascii_number(request.query_params.get("hole", "0"), 3)
    if hole is None or hole >= len(found[1].holes):
        return error_response(GolfError("request.bad_field", "hole is a hole of the match", field="hole"), t)
    try:
        body = await run_in_threadpool(replay_json, *found, t, hole)
    except GolfError as error:
        return error_response(error, t)
    return JSONResponse(body)


def _download(name: str) -> dict[str, str]:
    return {"Content-Disposition": f'attachment; filename="{name}"', "Cache-Control": "no-store"}


async def scorecard_as_csv(request: Request) -> Response:
    t = request_translator(request)
    found = await _stored_match(request, t)
    if isinstance(found, Response):
        return found
    summary = found[0]
    text = "\ufeff" + scorecard_csv(summary, t)  # the mark tells spreadsheets the file is UTF-8
    headers = _download(f"golfcards-sixcard-{summary.id}.csv")
    return Response(text, media_type="text/csv; charset=utf-8", headers=headers)


async def scorecard_as_json(request: Request) -> Response:
    t = request_translator(request)
    found = await _stored_match(request, t)
    if isinstance(found, Response):
        return found
    summary = found[0]
    return JSONResponse(scorecard_json(summary, t), headers=_download(f"golfcards-sixcard-{summary.id}.json"))


def routes(static: Path) -> list[Route]:
    """The record's routes; they go before ``/sixcard/{code}`` so that ``record`` is not read as a room."""
    return [
        Route("/sixcard/record", player_page(static / "sixcard-record.html")),
        Route("/api/sixcard/record", record, methods=["GET"]),
        Route("/api/sixcard/matches/{match:int}", replay, methods=["GET"]),
        Route("/api/sixcard/matches/{match:int}/scorecard.csv", scorecard_as_csv, methods=["GET"]),
        Route("/api/sixcard/matches/{match:int}/scorecard.json", scorecard_as_json, methods=["GET"]),
    ]
