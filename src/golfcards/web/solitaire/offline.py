"""Golf Solitaire installed and played without the network (docs/web.md, "Offline play").

* ``GET /solitaire.webmanifest`` — the web app manifest, in the request's language;
* ``GET /sw.js`` — the service worker (``static/sw.js``) after one line that names the files it keeps
  for offline play and their version (a hash of their bytes and of the catalogs): when any of them
  changes, the worker's bytes change, so the browser installs the new one and it refreshes its cache;
* ``GET /api/solitaire/offline-kit?lang=xx`` — the words the page needs to show a game the browser
  plays itself (``static/solitaire/engine.js``): every card's face, the refusals, the rules' names,
  the end and action messages and the board-as-text templates, all from the catalogs;
* ``POST /api/solitaire/offline-games`` — ``{"id", "code", "actions"}``: a game the page played
  offline, sent once the network is back. The server replays it with the Python engine: a log with an
  action the rules refuse is refused whole (``offline.bad_log``, naming the action); a good one is
  stored as one of the player's games, once per id (sent again, it answers ``"repeated": true``). The
  day's daily deal, replayed, counts as the player's daily game (unless one with a move already does).

The worker keeps the Solitaire page and the daily deal's, every module they load or may load later,
their styles and icons, their strings and the kit of all seven languages, and the daily deal's code of
each rule (the daily page registers the same worker for its own scope, ``/daily``).
"""

from __future__ import annotations

import functools
import hashlib
import json

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from golfcards.cards import CARDS_BY_INDEX
from golfcards.errors import GolfError
from golfcards.i18n import LOCALE_DIR, Translator, available_languages
from golfcards.i18n.errors import ERRORS
from golfcards.i18n.solitaire import (
    BLOCKED_MESSAGE,
    DREW,
    REMOVED,
    UNDONE,
    WON_MESSAGE,
    refusal_text,
    rule_name,
)
from golfcards.runners.daily import RANKED_PER_NETWORK, network_mark
from golfcards.runners.solitaire_games import summary
from golfcards.solitaire.board import Board, Refusal, Undo, parse_action
from golfcards.solitaire.codes import GameCode, rules_key
from golfcards.solitaire.daily import daily_code
from golfcards.solitaire.rules import RuleName, Rules
from golfcards.web.pages.card_faces import card_json
from golfcards.web.pages.static_files import PAGES, STATIC, module_graph
from golfcards.web.server.requests import (
    REQUEST_ID,
    client_address,
    field,
    json_body,
    request_translator,
    writing,
)
from golfcards.web.solitaire.routes import _player_route

ENTRY = PAGES["solitaire"][1]
DAILY_ENTRY = PAGES["daily"][1]
PAGE_FILES = (
    "/solitaire",
    "/daily",
    "/static/daily.css",
    "/solitaire.webmanifest",
    "/static/look.js",
    "/static/golfcards.css",
    "/static/icon.svg",
    "/static/app/icon.svg",
    "/static/app/icon-192.png",
    "/static/app/icon-512.png",
    "/static/solitaire/engine.js",
    "/static/solitaire/offline.js",
    "/static/solitaire/guide.css",
    "/static/solitaire/later.css",
)
"""What the worker keeps besides the Solitaire and daily pages' module graphs."""
MAX_STOCK = 18
MAX_ACTIONS = 1000
"""The most actions an offline game may send (a game has at most 53 moves; undos and redos add some)."""
CODE_ERRORS = (
    "code.empty",
    "code.bad_prefix",
    "code.too_short",
    "code.bad_rule",
    "code.bad_deal_letters",
    "code.bad_option",
)


def api_files() -> list[str]:
    """The answers of the API the worker keeps: the Solitaire and daily pages' words (the Solitaire
    page's first load's and its later parts'), the first deal's guide's, a shared game's window's, what
    is said after a game and the kit, in every language."""
    files = []
    for language in available_languages():
        files += [
            f"/api/i18n?page=solitaire&lang={language}",
            f"/api/i18n?page=solitaire&part=later&lang={language}",
            f"/api/i18n?page=daily&lang={language}",
            f"/api/i18n?part=guide&lang={language}",
            f"/api/i18n?part=shared&lang={language}",
            f"/api/i18n?part=review&lang={language}",
            f"/api/solitaire/offline-kit?lang={language}",
        ]
    return files


DAILY_FILES = [f"/api/solitaire/daily?rule={rule.word}" for rule in RuleName]
"""The answers the worker keeps if it can (solving the day's deal may take the server a while)."""


@functools.cache
def offline_files() -> dict[str, object]:
    """The worker's files (all needed), extras (kept if they can be had) and their version (the static
    files and the catalogs hashed)."""
    files = sorted({*PAGE_FILES, *module_graph(ENTRY), *module_graph(DAILY_ENTRY)})
    digest = hashlib.sha256()
    kept = [f.removeprefix("/static/") for f in files if f.startswith("/static/")]
    for name in ["solitaire.html", "daily.html", *kept]:
        digest.update(name.encode() + b"\0" + (STATIC / name).read_bytes())
    for catalog in sorted(LOCALE_DIR.glob("*/LC_MESSAGES/*.mo")):
        digest.update(catalog.read_bytes())
    return {"version": digest.hexdigest()[:16], "files": files + api_files(), "extras": DAILY_FILES}


async def service_worker(request: Request) -> Response:
    """The worker, its list of files first; never taken from a cache without asking (no-cache)."""
    head = f"const OFFLINE = {json.dumps(offline_files())};\n"
    body = head + (STATIC / "sw.js").read_text(encoding="utf-8")
    return Response(body, media_type="text/javascript", headers={"Cache-Control": "no-cache"})


async def manifest(request: Request) -> Response:
    """The web app manifest, named in the request's language."""
    t = request_translator(request)
    icon = "/static/app/icon"
    data = {
        "name": f"{t.gettext('Golf Solitaire')} · golfcards",
        "short_name": t.gettext("Golf Solitaire"),
        "lang": t.language,
        "start_url": "/solitaire",
        "scope": "/",
        "display": "standalone",
        "background_color": "#154a37",
        "theme_color": "#1f6b4f",
        "icons": [
            {"src": f"{icon}.svg", "sizes": "any", "type": "image/svg+xml"},
            {"src": f"{icon}-192.png", "sizes": "192x192", "type": "image/png"},
            {"src": f"{icon}-512.png", "sizes": "512x512", "type": "image/png"},
            {"src": f"{icon}-512.png", "sizes": "512x512", "type": "image/png", "purpose": "maskable"},
        ],
    }
    return Response(
        json.dumps(data, ensure_ascii=False),
        media_type="application/manifest+json",
        headers={"Cache-Control": "no-cache"},
    )


def offline_kit(t: Translator) -> dict[str, object]:
    """What the page shows of a game it plays itself, in ``t``'s language (templates keep their
    ``{placeholders}``; the stock's line is given for every count, plurals being the catalogs')."""
    return {
        "language": t.language,
        "faces": {card.code: card_json(card, t) for card in CARDS_BY_INDEX},
        "refusals": {refusal.value: refusal_text(refusal, t) for refusal in Refusal},
        "rule_names": {name.word: rule_name(name, t) for name in RuleName},
        "code_errors": {key: t.gettext(ERRORS[key]) for key in CODE_ERRORS},
        "offline_course": t.gettext(ERRORS["offline.course"]),
        "won": t.gettext(WON_MESSAGE),
        "blocked": t.gettext(BLOCKED_MESSAGE),
        "drew": t.gettext(DREW),
        "removed": t.gettext(REMOVED),
        "undone": t.gettext(UNDONE),
        "board_text": {
            "stock": [t.ngettext("Stock: {count} card", "Stock: {count} cards", n) for n in range(MAX_STOCK + 1)],
            "discard_empty": t.gettext("discard: empty"),
            "discard": t.gettext("discard: {card}"),
            "card_separator": t.pgettext("list separator", ", "),
            "column_empty": t.gettext("column {number}: empty"),
            "column": t.gettext("column {number}: {cards} (free: {card})"),
            "column_separator": t.pgettext("column separator", "; "),
            "whole": t.gettext("{stock}; {discard}. {columns}."),
        },
    }


@functools.cache
def _kit_json(t: Translator) -> bytes:
    return json.dumps(offline_kit(t), ensure_ascii=False).encode()


async def kit(request: Request) -> Response:
    return Response(_kit_json(request_translator(request)), media_type="application/json")


def replayed(code: GameCode, actions: list[str]) -> tuple[Board, tuple[str, ...]]:
    """The board after ``actions`` and the log of the actions in effect (an undo takes its action
    out, as the server stores a game); ``offline.bad_log`` at the first action the rules refuse."""
    board = Board.from_code(code)
    log: list[str] = []
    for number, text in enumerate(actions, start=1):
        try:
            action = parse_action(text)
        except GolfError:
            action = None
        refusal = None if action is None else board.apply(action)
        if action is None or refusal is not None:
            raise GolfError(
                "offline.bad_log",
                f"action {number} ({text[:8]!r}) is not allowed there: {refusal or 'unreadable'}",
                number=number,
                action=text[:8],
            )
        if isinstance(action, Undo):
            log.pop()
        else:
            log.append(action.notation)
    return board, tuple(log)


def _offline_game(data: dict[str, object]) -> tuple[str, GameCode, list[str]]:
    """The id, code and actions of an offline game as sent, checked (``request.bad_field``, the code's
    own errors, ``offline.course``)."""
    offline_id = field(data, "id", str)
    if not 8 <= len(offline_id) <= 64 or not REQUEST_ID.fullmatch(offline_id):
        raise GolfError("request.bad_field", "id: 8 to 64 letters, digits, - or _", field="id")
    code = GameCode.parse(field(data, "code", str))
    if code.course:
        raise GolfError("offline.course", "a course is played with the server")
    actions = field(data, "actions", list)
    if len(actions) > MAX_ACTIONS or not all(isinstance(action, str) and len(action) <= 8 for action in actions):
        raise GolfError("request.bad_field", f"actions: at most {MAX_ACTIONS} short texts", field="actions")
    return offline_id, code, actions


async def offline_game(request: Request, player: str, t: Translator) -> dict[str, object]:
    offline_id, code, actions = _offline_game(await json_body(request))
    board, log = replayed(code, actions)
    storage = request.app.state.solitaire.storage
    game_id = await writing(
        request, storage.record_offline_game, player, offline_id, str(code), rules_key(code.rules), log, summary(board)
    )
    daily = False
    if game_id is not None and not code.rules.is_variant:
        day = request.app.state.daily.today()
        if await run_in_threadpool(daily_code, day, Rules(code.rules.name)) == code:
            mark = network_mark(client_address(request), day)
            entry = (player, day.isoformat(), rules_key(code.rules), game_id, mark, RANKED_PER_NETWORK)
            await writing(request, storage.record_daily, *entry)
            daily = True
    return {
        "recorded": game_id is not None,
        "repeated": game_id is None,
        "daily": daily,
        "status": board.status.value,
        "score": board.score,
    }


def routes() -> list[Route]:
    return [
        Route("/api/solitaire/offline-games", _player_route(offline_game), methods=["POST"]),
        Route("/sw.js", service_worker, methods=["GET"]),
        Route("/solitaire.webmanifest", manifest, methods=["GET"]),
        Route("/api/solitaire/offline-kit", kit, methods=["GET"]),
    ]
