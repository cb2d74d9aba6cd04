"""A shared Golf Solitaire game, checked by this server: ``GET /api/solitaire/check``.

``?code=GO1-E-AAAAAAB&moves=d31d4…`` (the link Share copies: :mod:`golfcards.solitaire.shared`)
answers ``{"check": {"code", "rule", "status", "score", "cards_left", "moves", "message"}}``: the
game replayed by the Python engine, its result and the sentence that confirms it; nothing in it
names a card, so opening a link tells nothing of the deal's stock. ``&steps=1`` adds ``"steps"``,
every position of the game (the page asks for them only after saying that they show the stock's
cards). A code or moves that are not one, too long, or a move the rules refuse: 400 with the
reason (``shared.*``, ``code.*``).
"""

from __future__ import annotations

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from golfcards.errors import GolfError
from golfcards.i18n.solitaire import rule_name, shared_result_text
from golfcards.solitaire.board import Board
from golfcards.solitaire.shared import parse_moves, parse_shared_code, replay_shared
from golfcards.web.server.requests import error_response, request_translator
from golfcards.web.solitaire.state_json import steps_json


async def check(request: Request) -> Response:
    t = request_translator(request)
    try:
        code = parse_shared_code(request.query_params.get("code", ""))
        moves = parse_moves(request.query_params.get("moves", ""))
        board = replay_shared(code, moves)
    except GolfError as error:
        return error_response(error, t)
    view = board.view()
    answer: dict[str, object] = {
        "check": {
            "code": str(code),
            "rule": rule_name(code.rules.name, t),
            "status": view.status.value,
            "score": view.score,
            "cards_left": view.cards_left,
            "moves": view.moves,
            "message": shared_result_text(view, t),
        }
    }
    if request.query_params.get("steps") == "1":
        answer["steps"] = steps_json(Board.from_code(code), moves, t)
    return JSONResponse(answer)


def routes() -> list[Route]:
    return [Route("/api/solitaire/check", check, methods=["GET"])]
