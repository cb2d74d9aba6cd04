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

The player is the signed-in account's, else the browser's ``golfcards_player`` cookie
(:func:`~golfcards.web.server.players.current_player`), created when the visitor first acts (an
action or a new game): until then nothing is stored, and the deal shown is one of the winnable deals
of :mod:`golfcards.web.solitaire.first_deals`, remembered in the ``golfcards_deal`` cookie. One network creates
at most :data:`~golfcards.web.server.requests.NEW_PLAYERS_AT_ONCE` players at once (then 429,
``request.too_many_players``). Changes may carry a ``request_id``: a retried request is applied once.
A hint or the solution marks the player's stored game as assisted (the daily table leaves it out).

SQLite and the replays run in the app's storage threads, the solver in its worker process: the event
loop only reads requests and writes answers.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from golfcards.errors import GolfError
from golfcards.i18n import Translator
from golfcards.runners.compute import FairPool
from golfcards.runners.solitaire_games import (
    Game,
    NoGame,
    SolitaireGames,
    advise,
    preview,
    solve_deal,
    winnable_code,
    winnable_now,
)
from golfcards.runners.storage import Statistics
from golfcards.solitaire.board import Action, Board, parse_action
from golfcards.solitaire.codes import GameCode, rules_key
from golfcards.solitaire.difficulty import Grade
from golfcards.solitaire.rules import RuleName, Rules
from golfcards.web.server.players import current_player
from golfcards.web.server.requests import (
    COOKIE_AGE,
    PLAYER_COOKIE,
    NewPlayers,
    client_address,
    error_response,
    field,
    json_body,
    reading,
    render_json,
    request_id,
    request_translator,
    signed_player_id,
    writing,
)
from golfcards.web.solitaire.first_deals import FirstDeals
from golfcards.web.solitaire.state_json import (
    course_json,
    finished_course_json,
    game_json,
    hint_json,
    outcome_json,
    solution_json,
    statistics_json,
    winnable_json,
)

DEAL_COOKIE = "golfcards_deal"
MAX_PLAYER = 64
"""A player id is 24 characters; a longer cookie is not one."""


@dataclass
class Visitor:
    """Who sent the request: the player cookie (checked against storage in the same storage call
    that serves the request), the deal their browser was shown before they played, and their place
    in the solver's queue (their player once known, else their address)."""

    cookie: str
    owner: str
    shown: str | None = None
    player: str | None = None
    created: bool = False
    show: str | None = None
    """A deal shown by this answer (for the deal cookie)."""


class NoPlayer(Exception):
    """The request's cookie names no stored player."""


Handler = Callable[[Request, Visitor, Translator], Awaitable[dict[str, Any] | bytes]]
"""A route's work: its answer as JSON data, or already encoded (in a storage thread, off the loop)."""


def _visitor_route(handler: Handler) -> Callable[[Request], Awaitable[Response]]:
    """Wrap ``handler``: translate, turn GolfErrors into 4xx/5xx answers, set the cookies."""

    async def endpoint(request: Request) -> Response:
        t = request_translator(request)
        visitor = Visitor(_cookie(request), client_address(request))
        visitor.shown = request.cookies.get(DEAL_COOKIE)
        try:
            answer = await handler(request, visitor, t)
            response: Response = (
                Response(answer, media_type="application/json") if isinstance(answer, bytes) else JSONResponse(answer)
            )
        except GolfError as error:
            response = error_response(error, t)
        if visitor.created and visitor.player is not None:
            response.set_cookie(PLAYER_COOKIE, visitor.player, max_age=COOKIE_AGE, httponly=True, samesite="lax")
        if visitor.show is not None:
            response.set_cookie(DEAL_COOKIE, visitor.show, httponly=True, samesite="lax")
        return response

    return endpoint


PlayerHandler = Callable[[Request, str, Translator], Awaitable[dict[str, Any]]]
ReaderHandler = Callable[[Request, str | None, Translator], Awaitable[dict[str, Any]]]


def _player_route(handler: PlayerHandler) -> Callable[[Request], Awaitable[Response]]:
    """Wrap a route that acts as a stored player (starting the daily deal): the cookie's player, or
    one created now (with its cookie; :func:`_newcomer`); looked up and created in a storage thread."""

    async def endpoint(request: Request) -> Response:
        t = request_translator(request)
        cookie = _cookie(request)
        games = _games(request)
        created = False
        try:
            try:
                player = await reading(request, _known, games, cookie)
            except NoPlayer:
                chosen = _newcomer(request, cookie)
                player, created = await writing(request, games.storage.new_player, chosen), True
            response: Response = JSONResponse(await handler(request, player, t))
        except GolfError as error:
            response = error_response(error, t)
        if created:
            response.set_cookie(PLAYER_COOKIE, player, max_age=COOKIE_AGE, httponly=True, samesite="lax")
        return response

    return endpoint


def _reader_route(handler: ReaderHandler) -> Callable[[Request], Awaitable[Response]]:
    """Wrap a route that only reads (the daily table): the cookie's stored player, or None; nothing
    is stored for a visitor who has not played."""

    async def endpoint(request: Request) -> Response:
        t = request_translator(request)
        try:
            try:
                player: str | None = await reading(request, _known, _games(request), _cookie(request))
            except NoPlayer:
                player = None
            return JSONResponse(await handler(request, player, t))
        except GolfError as error:
            return error_response(error, t)

    return endpoint


def _cookie(request: Request) -> str:
    """The request's player (:func:`~golfcards.web.server.players.current_player`: the signed-in
    account's, else the cookie's), "" if none."""
    return current_player(request) or ""


def _newcomer(request: Request, cookie: str) -> str | None:
    """Count a player about to be created for the request's network (``request.too_many_players``
    when it has created its share lately); the id to store: the cookie's if this server gave it out
    (:func:`~golfcards.web.server.requests.unstored_player_id`), else None (a new one)."""
    new_players: NewPlayers = request.app.state.new_players
    new_players.admit(client_address(request))
    return cookie if cookie and signed_player_id(cookie, request.app.state.player_key) else None


def _games(request: Request) -> SolitaireGames:
    return request.app.state.solitaire


def _solver(request: Request) -> FairPool:
    return request.app.state.solver


def _first_deals(request: Request) -> FirstDeals:
    return request.app.state.first_deals


def _known(games: SolitaireGames, cookie: str) -> str:
    """The stored player the cookie names (in a storage thread); :class:`NoPlayer` if none."""
    if not cookie or not games.storage.player_exists(cookie):
        raise NoPlayer(cookie)
    return cookie


def _stored_game(games: SolitaireGames, cookie: str) -> Game:
    """The cookie's player's game; :class:`NoPlayer`, or :class:`NoGame` for a player without one."""
    game = games.stored(_known(games, cookie))
    if game is None:
        raise NoGame(cookie)
    return game


async def _shown(request: Request, visitor: Visitor) -> GameCode:
    """The deal shown to a visitor who has not played yet: the one their browser was shown, or a
    first deal."""
    if visitor.shown:
        try:
            return GameCode.parse(visitor.shown[:MAX_PLAYER])
        except GolfError:
            pass
    code = await _first_deals(request).pick()
    visitor.show = str(code)
    return code


async def _game(request: Request, visitor: Visitor) -> Game:
    """The visitor's current game; for one who has not played yet, the deal shown (stored nowhere)."""
    try:
        game = await reading(request, _stored_game, _games(request), visitor.cookie)
    except NoGame:  # a player whose games were all played offline: their statistics are theirs
        visitor.player = visitor.owner = visitor.cookie
        return preview(await _shown(request, visitor))
    except NoPlayer:
        return preview(await _shown(request, visitor))
    visitor.player = visitor.owner = visitor.cookie
    return game


async def _first_game(request: Request, visitor: Visitor, code: GameCode | None = None) -> str:
    """The visitor's first stored game: ``code`` (else the deal shown), for a player created now
    unless the cookie names one without a game."""
    first = code is None
    code = code or await _shown(request, visitor)
    games = _games(request)
    try:
        player = await reading(request, _known, games, visitor.cookie)
        await writing(request, games.start, player, code)
    except NoPlayer:
        player = await writing(request, games.begin, code, _newcomer(request, visitor.cookie))
        visitor.created = True
    visitor.player = visitor.owner = player
    if first:
        _first_deals(request).taken(code)
    return player


def _game_json(game: Game, t: Translator) -> bytes:
    return render_json({"game": game_json(game, t)})


def _stored_json(games: SolitaireGames, player: str, t: Translator) -> bytes:
    return _game_json(_stored_game(games, player), t)


async def current(request: Request, visitor: Visitor, t: Translator) -> bytes:
    game = await _game(request, visitor)
    return await reading(request, _game_json, game, t)


def _start_json(games: SolitaireGames, cookie: str, code: GameCode, repeat: str | None, t: Translator) -> Any:
    return _game_json(games.start(_known(games, cookie), code, repeat), t)


async def new_game(request: Request, visitor: Visitor, t: Translator) -> dict[str, Any] | bytes:
    data = await json_body(request)
    repeat = request_id(data)
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
        course = field(data, "course", bool, False)
        grade = _grade(data)
        if field(data, "winnable", bool, False) or grade is not None:
            code = await _solver(request).run(visitor.owner, winnable_code, rules, games.new_number(), course, grade)
        else:
            code = games.random_code(rules, course)
    try:
        return await writing(request, _start_json, games, visitor.cookie, code, repeat, t)
    except NoPlayer:
        player = await _first_game(request, visitor, code)
        return await reading(request, _stored_json, games, player, t)


def _grade(data: dict[str, Any]) -> Grade | None:
    """The ``grade`` of a new game: ``any`` (the default) or a difficulty grade, which implies winnable."""
    word = field(data, "grade", str, "any")
    grade = Grade.from_word(word)
    if grade is None and word != "any":
        raise GolfError("request.bad_field", "grade must be any, gentle, tricky or fiendish", field="grade")
    return grade


def _act_json(games: SolitaireGames, cookie: str, action: Action, repeat: str | None, t: Translator) -> Any:
    played = games.play(_known(games, cookie), action, repeat)
    outcome = outcome_json(action, played.refusal, played.card, t)
    if played.repeated:
        outcome["repeated"] = True
    return render_json({"outcome": outcome, "game": game_json(played.game, t)})


async def act(request: Request, visitor: Visitor, t: Translator) -> dict[str, Any] | bytes:
    data = await json_body(request)
    action = parse_action(field(data, "action", str))
    repeat = request_id(data)
    games = _games(request)
    try:
        return await writing(request, _act_json, games, visitor.cookie, action, repeat, t)
    except (NoPlayer, NoGame):  # the visitor's first action: the deal shown becomes their game
        player = await _first_game(request, visitor)
        return await writing(request, _act_json, games, player, action, repeat, t)


async def _assisted(request: Request, game: Game) -> None:
    """Mark the visitor's stored game as played with help (a hint, the solution)."""
    if game.saved.id and not game.saved.assisted:
        await writing(request, _games(request).storage.mark_assisted, game.saved.id)


async def give_hint(request: Request, visitor: Visitor, t: Translator) -> dict[str, Any]:
    game = await _game(request, visitor)
    advice = await _solver(request).run(visitor.owner, advise, game.board)
    await _assisted(request, game)
    return {"hint": hint_json(advice, game.board.view(), t)}


async def still_winnable(request: Request, visitor: Visitor, t: Translator) -> dict[str, Any]:
    game = await _game(request, visitor)
    return winnable_json(await _solver(request).run(visitor.owner, winnable_now, game.board), t)


async def solution(request: Request, visitor: Visitor, t: Translator) -> dict[str, Any]:
    game = await _game(request, visitor)
    assert game.board.code is not None
    verdict = await _solver(request).run(visitor.owner, solve_deal, game.board.code)
    await _assisted(request, game)
    return await reading(request, solution_json, Board.from_code(game.board.code), verdict, t)


def _next_json(games: SolitaireGames, cookie: str, repeat: str | None, t: Translator) -> Any:
    try:
        player = _known(games, cookie)
    except NoPlayer:
        raise GolfError("course.none", "the current game is not part of a course") from None
    return _game_json(games.next_deal(player, repeat), t)


async def next_deal(request: Request, visitor: Visitor, t: Translator) -> dict[str, Any] | bytes:
    data = await json_body(request) if "content-type" in request.headers else {}  # a body is optional here
    try:
        return await writing(request, _next_json, _games(request), visitor.cookie, request_id(data), t)
    except NoGame:
        raise GolfError("course.none", "the current game is not part of a course") from None


def _stats_json(games: SolitaireGames, player: str | None, game: Game, t: Translator) -> dict[str, Any]:
    storage = games.storage
    assert game.board.code is not None
    current_key = rules_key(game.board.code.rules)
    played = storage.rules_played(player) if player is not None else []
    keys = list(dict.fromkeys([current_key, *played]))
    return {
        "rules": [
            statistics_json(storage.statistics(player, key) if player else Statistics.empty(key), t) for key in keys
        ],
        "selected": current_key,
        "course": None if game.course is None else course_json(game.course),
        "finished_courses": [finished_course_json(c) for c in storage.finished_courses(player)] if player else [],
    }


async def stats(request: Request, visitor: Visitor, t: Translator) -> dict[str, Any]:
    game = await _game(request, visitor)
    return await reading(request, _stats_json, _games(request), visitor.player, game, t)


def routes() -> list[Route]:
    return [
        Route("/api/solitaire", _visitor_route(current), methods=["GET"]),
        Route("/api/solitaire/new", _visitor_route(new_game), methods=["POST"]),
        Route("/api/solitaire/action", _visitor_route(act), methods=["POST"]),
        Route("/api/solitaire/next", _visitor_route(next_deal), methods=["POST"]),
        Route("/api/solitaire/stats", _visitor_route(stats), methods=["GET"]),
        Route("/api/solitaire/hint", _visitor_route(give_hint), methods=["GET"]),
        Route("/api/solitaire/winnable", _visitor_route(still_winnable), methods=["GET"]),
        Route("/api/solitaire/solution", _visitor_route(solution), methods=["GET"]),
    ]
