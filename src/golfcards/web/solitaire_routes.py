"""The Golf Solitaire JSON API.

* ``GET  /api/solitaire`` — the player's current game (a first visit deals an Easy game);
* ``POST /api/solitaire/new`` — ``{"code": "GO1-C-AAAAAAB"}`` or ``{"rule", "jokers",
  "empty_discard", "course"}``;
* ``POST /api/solitaire/action`` — ``{"action": "d" | "u" | "1"…"7" | "C.R"}`` (the replay notation);
  the answer says whether it was accepted, and why not (key + localized sentence);
* ``POST /api/solitaire/next`` — the next deal of a course;
* ``GET  /api/solitaire/stats`` — statistics per rule (the current game's first) and the 9-deal courses;
* ``GET  /api/solitaire/hint``, ``/winnable``, ``/solution`` — the solver's advice for the current
  position, whether it can still be won, and the deal's winning line from its start (every position);
* ``POST /api/solitaire/new`` also takes ``"winnable": true``: a random deal proven winnable, and
  ``"grade": "gentle" | "tricky" | "fiendish"``: one drawn uniformly among the winnable deals of
  that difficulty (``"any"``, the default: no grade).

The player is the browser's ``golfcards_player`` cookie, created on first contact.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from golfcards.errors import GolfError
from golfcards.i18n import Translator
from golfcards.runners.solitaire_games import SolitaireGames
from golfcards.solitaire.board import parse_action
from golfcards.solitaire.codes import GameCode, rules_key
from golfcards.solitaire.difficulty import Grade
from golfcards.solitaire.rules import RuleName, Rules
from golfcards.web.requests import (
    COOKIE_AGE,
    PLAYER_COOKIE,
    error_response,
    field,
    json_body,
    request_translator,
)
from golfcards.web.solitaire_view import (
    course_json,
    finished_course_json,
    game_json,
    hint_json,
    outcome_json,
    solution_json,
    statistics_json,
    winnable_json,
)

Handler = Callable[[Request, str, Translator], Awaitable[dict[str, Any]]]


def _player_route(handler: Handler) -> Callable[[Request], Awaitable[Response]]:
    """Wrap ``handler``: find or create the player, translate, turn GolfErrors into 400 answers."""

    async def endpoint(request: Request) -> Response:
        storage = request.app.state.storage
        t = request_translator(request)
        player = request.cookies.get(PLAYER_COOKIE, "")
        created = not (0 < len(player) <= 64 and storage.player_exists(player))
        if created:
            player = storage.new_player()
        try:
            response: Response = JSONResponse(await handler(request, player, t))
        except GolfError as error:
            response = error_response(error, t)
        if created:
            response.set_cookie(PLAYER_COOKIE, player, max_age=COOKIE_AGE, httponly=True, samesite="lax")
        return response

    return endpoint


def _games(request: Request) -> SolitaireGames:
    return request.app.state.solitaire


async def current(request: Request, player: str, t: Translator) -> dict[str, Any]:
    return {"game": game_json(await run_in_threadpool(_games(request).load, player), t)}


async def new_game(request: Request, player: str, t: Translator) -> dict[str, Any]:
    data = await json_body(request)
    games = _games(request)
    code_text = field(data, "code", str, "").strip()
    if code_text:
        code = GameCode.parse(code_text)
    else:
        rule = RuleName.from_word(field(data, "rule", str, "easy"))
        if rule is None:
            raise GolfError("request.bad_field", "rule must be easy, classic or strict", field="rule")
        jokers = field(data, "jokers", int, 0)
        if jokers not in (0, 1, 2):
            raise GolfError("request.bad_field", "jokers must be 0, 1 or 2", field="jokers")
        rules = Rules(rule, jokers, field(data, "empty_discard", bool, False))
        code = await run_in_threadpool(
            games.random_code,
            rules,
            field(data, "course", bool, False),
            field(data, "winnable", bool, False),
            _grade(data),
        )
    return {"game": game_json(games.start(player, code), t)}


def _grade(data: dict[str, Any]) -> Grade | None:
    """The ``grade`` of a new game: ``any`` (the default) or a difficulty grade, which implies winnable."""
    word = field(data, "grade", str, "any")
    grade = Grade.from_word(word)
    if grade is None and word != "any":
        raise GolfError("request.bad_field", "grade must be any, gentle, tricky or fiendish", field="grade")
    return grade


async def act(request: Request, player: str, t: Translator) -> dict[str, Any]:
    data = await json_body(request)
    action = parse_action(field(data, "action", str))
    game, refusal, card = _games(request).act(player, action)
    return {"outcome": outcome_json(action, refusal, card, t), "game": game_json(game, t)}


async def give_hint(request: Request, player: str, t: Translator) -> dict[str, Any]:
    game, advice = await run_in_threadpool(_games(request).hint, player)
    return {"hint": hint_json(advice, game.board.view(), t)}


async def still_winnable(request: Request, player: str, t: Translator) -> dict[str, Any]:
    return winnable_json(await run_in_threadpool(_games(request).still_winnable, player), t)


async def solution(request: Request, player: str, t: Translator) -> dict[str, Any]:
    start, verdict = await run_in_threadpool(_games(request).solution, player)
    return solution_json(start, verdict, t)


async def next_deal(request: Request, player: str, t: Translator) -> dict[str, Any]:
    return {"game": game_json(_games(request).next_deal(player), t)}


async def stats(request: Request, player: str, t: Translator) -> dict[str, Any]:
    storage = request.app.state.storage
    game = await run_in_threadpool(_games(request).load, player)  # a new player's first deal is solved
    played = storage.rules_played(player)
    assert game.board.code is not None
    current_key = rules_key(game.board.code.rules)
    keys = list(dict.fromkeys([current_key, *played]))
    return {
        "rules": [statistics_json(storage.statistics(player, key), t) for key in keys],
        "selected": current_key,
        "course": None if game.course is None else course_json(game.course),
        "finished_courses": [finished_course_json(course) for course in storage.finished_courses(player)],
    }


def routes() -> list[Route]:
    return [
        Route("/api/solitaire", _player_route(current), methods=["GET"]),
        Route("/api/solitaire/new", _player_route(new_game), methods=["POST"]),
        Route("/api/solitaire/action", _player_route(act), methods=["POST"]),
        Route("/api/solitaire/next", _player_route(next_deal), methods=["POST"]),
        Route("/api/solitaire/stats", _player_route(stats), methods=["GET"]),
        Route("/api/solitaire/hint", _player_route(give_hint), methods=["GET"]),
        Route("/api/solitaire/winnable", _player_route(still_winnable), methods=["GET"]),
        Route("/api/solitaire/solution", _player_route(solution), methods=["GET"]),
    ]
