"""A Golf Solitaire game given by its code and its moves: checked (``GET /api/solitaire/check``) and
reviewed by the solver (``GET /api/solitaire/review``); and the fewest cards each deal of a course can
leave (``GET /api/solitaire/fewest``).

``?code=GO1-E-AAAAAAB&moves=d31d4…`` (the link Share copies: :mod:`golfcards.solitaire.shared`)
answers ``{"check": {"code", "rule", "status", "score", "cards_left", "moves", "message"}}``: the
game replayed by the Python engine, its result and the sentence that confirms it; nothing in it
names a card, so opening a link tells nothing of the deal's stock. ``&steps=1`` adds ``"steps"``,
every position of the game (the page asks for them only after saying that they show the stock's
cards). A code or moves that are not one, too long, or a move the rules refuse: 400 with the
reason (``shared.*``, ``code.*``).

``/api/solitaire/review`` takes the same ``code`` and ``moves`` (a game over, as the end window has
it) and answers ``{"review": {"cards_left", "fewest_left", "lost", "message"}}``: for a deal that could
be won, the move after which this game could not (``lost``: ``{"number", "played", "instead"}``, in
the replay notation) and a move that would have kept it winnable; for a deal no play wins, the fewest
cards any play leaves; ``message`` says it (null for a game won or still winnable). Nothing names a
card the player has not seen: a draw is "draw from the stock". ``/api/solitaire/fewest?code=…-T``
answers ``{"fewest": [9 numbers]}`` for a course (a single deal's code: one number). Both run the
solver in the server's worker processes, in the asking address's turn; they store nothing.
"""

from __future__ import annotations

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from golfcards.errors import GolfError
from golfcards.i18n.analysis import review_text
from golfcards.i18n.solitaire import rule_name, shared_result_text
from golfcards.runners.compute import FairPool
from golfcards.solitaire.board import Board
from golfcards.solitaire.review import course_fewest, fewest_left, review
from golfcards.solitaire.shared import parse_bounded_code, parse_moves, parse_shared_code, replay_shared
from golfcards.web.server.requests import client_address, error_response, request_translator
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


def _solver(request: Request) -> FairPool:
    return request.app.state.solver


async def review_game(request: Request) -> Response:
    t = request_translator(request)
    try:
        code = parse_shared_code(request.query_params.get("code", ""))
        moves = parse_moves(request.query_params.get("moves", ""))
        replay_shared(code, moves)  # refused here, before the solver's turn
        looked = await _solver(request).run(client_address(request), review, code, moves)
    except GolfError as error:
        return error_response(error, t)
    lost = looked.lost
    return JSONResponse(
        {
            "review": {
                "cards_left": looked.cards_left,
                "fewest_left": looked.fewest_left,
                "lost": None
                if lost is None
                else {"number": lost.number, "played": lost.played.notation, "instead": lost.instead.notation},
                "message": review_text(looked, t),
            }
        }
    )


async def fewest(request: Request) -> Response:
    t = request_translator(request)
    try:
        code = parse_bounded_code(request.query_params.get("code", ""))
        owner = client_address(request)
        if code.course:
            numbers = await _solver(request).run(owner, course_fewest, code)
        else:
            numbers = [await _solver(request).run(owner, fewest_left, code)]
    except GolfError as error:
        return error_response(error, t)
    return JSONResponse({"fewest": numbers})


def routes() -> list[Route]:
    return [
        Route("/api/solitaire/check", check, methods=["GET"]),
        Route("/api/solitaire/review", review_game, methods=["GET"]),
        Route("/api/solitaire/fewest", fewest, methods=["GET"]),
    ]
