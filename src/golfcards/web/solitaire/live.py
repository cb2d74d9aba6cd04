"""The live "still winnable" line: ``GET /api/solitaire/live``.

The page asks after every action while the player has the line turned on (a setting kept in the
browser). The answer comes from a quick check with a small budget
(:data:`golfcards.solitaire.hint.LIVE_BUDGET`), run in the solver's worker process like every search
of the server: ``{"winnable": true | false | null, "message", "moves"}``, where null (undecided) is
said honestly rather than guessed, ``moves`` is the move count of the position judged (the page
drops an answer about an older position), and a won game gets no message.

The position judged is the visitor's current game as every Solitaire route sees it
(:func:`golfcards.web.solitaire.routes._game`): for a visitor who has not played yet, the deal their
page shows. Asking creates no player and deals no game, so the page's first action still applies to
the deal on screen.
"""

from __future__ import annotations

from typing import Any

from starlette.requests import Request
from starlette.routing import Route

from golfcards.i18n import Translator
from golfcards.i18n.analysis import live_winnable_text
from golfcards.runners.solitaire_games import judge_live
from golfcards.solitaire.board import Status
from golfcards.web.solitaire.routes import Visitor, _game, _solver, _visitor_route


async def live(request: Request, visitor: Visitor, t: Translator) -> dict[str, Any]:
    board = (await _game(request, visitor)).board
    if board.status is Status.WON:
        return {"winnable": True, "message": "", "moves": board.moves}
    winnable = await _solver(request).run(visitor.owner, judge_live, board)
    return {"winnable": winnable, "message": live_winnable_text(winnable, t), "moves": board.moves}


def routes() -> list[Route]:
    return [Route("/api/solitaire/live", _visitor_route(live), methods=["GET"])]
