"""The live "still winnable" line: ``GET /api/solitaire/live``.

The page asks after every action while the player has the line turned on (a setting kept in the
browser). The answer comes from a quick check with a small budget
(:data:`golfcards.solitaire.hint.LIVE_BUDGET`), run off the event loop: ``{"winnable": true | false |
null, "message", "moves"}``, where null (undecided) is said honestly rather than guessed, ``moves``
is the move count of the position judged (the page drops an answer about an older position), and a
won game gets no message.
"""

from __future__ import annotations

from typing import Any

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.routing import Route

from golfcards.i18n import Translator
from golfcards.i18n.analysis import live_winnable_text
from golfcards.runners.solitaire_games import SolitaireGames
from golfcards.solitaire.board import Status
from golfcards.solitaire.hint import LIVE_BUDGET, is_still_winnable
from golfcards.web.solitaire_routes import _player_route


def _judge(games: SolitaireGames, player: str) -> tuple[bool | None, Status, int]:
    board = games.load(player).board
    return is_still_winnable(board, budget=LIVE_BUDGET), board.status, board.moves


async def live(request: Request, player: str, t: Translator) -> dict[str, Any]:
    winnable, status, moves = await run_in_threadpool(_judge, request.app.state.solitaire, player)
    message = "" if status is Status.WON else live_winnable_text(winnable, t)
    return {"winnable": winnable, "message": message, "moves": moves}


def routes() -> list[Route]:
    return [Route("/api/solitaire/live", _player_route(live), methods=["GET"])]
