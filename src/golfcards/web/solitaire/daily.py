"""The daily deal's JSON API and page.

* ``GET  /daily`` — the page: today's code per rule, the player's streak, the day's table;
* ``GET  /api/solitaire/daily?rule=easy`` — ``{date, rule, code, streak, best_streak, played, table,
  note}`` where each table row is ``{rank, you, tag, status, score, moves, seconds, assisted}``: a
  player is shown by a pseudonym's ``tag`` (:func:`player_tag`, the same for the same player every
  day, from which neither the cookie nor the player's id can be found) and whether the row is the
  asking player's. The table ranks results played
  without help; the asking player's own result is always in it, with ``rank`` null when it is not
  ranked (played with a hint or the solution: ``assisted``; or past its network's cap of ranked
  entries), and ``note`` says why in the request's language ("" otherwise). A visitor who has not
  played reads the table and stores nothing;
* ``POST /api/solitaire/daily`` — ``{"rule": "easy"}``: deal today's code as the player's game (or
  return to it); the answer is ``{"game"}`` like ``/api/solitaire/new``.

Solving the day's deal and every storage call run off the event loop.
"""

from __future__ import annotations

import hashlib
import hmac
from typing import Any

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.routing import Route

from golfcards.errors import GolfError
from golfcards.i18n import Translator
from golfcards.i18n.solitaire import rules_label
from golfcards.runners.daily import DailyDeals, DailyRow, DailySummary
from golfcards.solitaire.rules import RuleName, Rules
from golfcards.web.pages.daily_strings import DAILY_STRINGS
from golfcards.web.server.addresses import limit_key
from golfcards.web.server.requests import client_address, field, json_body
from golfcards.web.solitaire.routes import _player_route, _reader_route
from golfcards.web.solitaire.state_json import game_json


def _rules(name: object) -> Rules:
    rule = RuleName.from_word(name)
    if rule is None:
        raise GolfError("request.bad_field", "rule must be easy, classic or strict", field="rule")
    return Rules(rule)


def _daily(request: Request) -> DailyDeals:
    return request.app.state.daily


TAG_LENGTH = 6
"""Hexadecimal digits of a player's tag on the daily table ("Player 4F2A9C"): 24 bits, so that two of the
table's 101 rows share one about once in 3,000 tables."""


def player_tag(player: str, key: bytes) -> str:
    """A stable pseudonym for ``player`` on the daily table: the start of an HMAC of the player's id
    under the server's secret ``key`` (so nobody can compute it from an id, nor an id from it)."""
    digest = hmac.new(key, b"daily-table:" + player.encode(), hashlib.sha256).hexdigest()
    return digest[:TAG_LENGTH].upper()


def row_json(row: DailyRow, key: bytes) -> dict[str, object]:
    entry = row.entry
    return {
        "rank": row.rank,
        "you": row.you,
        "tag": player_tag(entry.player, key),
        "status": entry.status,
        "score": entry.score,
        "moves": entry.moves,
        "seconds": round(max(entry.seconds, 0.0)),
        "assisted": entry.assisted,
    }


def own_note(summary: DailySummary, t: Translator) -> str:
    """Why the player's own result is not ranked, in their language ("" if it is, or if there is none)."""
    own = summary.own
    if own is None or own.moves == 0:
        return ""
    if own.assisted:
        return t.gettext(DAILY_STRINGS["daily_assisted"])
    return "" if own.ranked else t.gettext(DAILY_STRINGS["daily_unranked"])


def summary_json(summary: DailySummary, rule: str, t: Translator, key: bytes) -> dict[str, object]:
    return {
        "date": summary.day.isoformat(),
        "rule": rule,
        "label": rules_label(summary.code.rules, t),
        "code": str(summary.code),
        "streak": summary.streak,
        "best_streak": summary.best_streak,
        "played": summary.played,
        "table": [row_json(row, key) for row in summary.rows],
        "note": own_note(summary, t),
    }


async def daily_summary(request: Request, player: str | None, t: Translator) -> dict[str, Any]:
    name = request.query_params.get("rule", "easy")
    summary = await run_in_threadpool(_daily(request).summary, player, _rules(name))
    return summary_json(summary, name, t, request.app.state.player_key)


async def daily_start(request: Request, player: str, t: Translator) -> dict[str, Any]:
    data = await json_body(request)
    rules = _rules(field(data, "rule", str, "easy"))
    network = limit_key(client_address(request))
    game = await run_in_threadpool(_daily(request).start, player, rules, network)
    return {"game": game_json(game, t)}


def routes(page: Route) -> list[Route]:
    return [
        page,
        Route("/api/solitaire/daily", _reader_route(daily_summary), methods=["GET"]),
        Route("/api/solitaire/daily", _player_route(daily_start), methods=["POST"]),
    ]
