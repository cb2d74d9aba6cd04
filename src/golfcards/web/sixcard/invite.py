"""How friends reach a room: its links, and a QR code of each for a phone's camera.

``GET /api/sixcard/rooms/{code}/invite`` answers ``{"reach", "address", "links"}``: ``reach`` is
``network`` (the links use this machine's network addresses), ``loopback`` (``golf serve`` listens
on ``address`` only, so only this computer can open them), ``proxy`` (the public host the request
came in on, behind a trusted proxy) or ``here`` (an app not started by ``golf serve``: the address
the request came in on); ``links`` the room's addresses, the best first
(:class:`~golfcards.web.server.reach.Reach`). ``GET /sixcard/{code}/qr.svg?link=N`` is the QR code
of the N-th of those links (0 by default).

A link is ``ORIGIN/sixcard/CODE``: never a seat's token. Neither route looks the room up (a code is
only checked for its form), so neither tells whether a room exists nor counts as a guess.
"""

from __future__ import annotations

from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from golfcards.errors import GolfError
from golfcards.web.pages.qr_code import qr_svg
from golfcards.web.server.reach import Reach
from golfcards.web.server.requests import error_response, request_translator
from golfcards.web.sixcard.rooms import normal_code

NO_STORE = {"Cache-Control": "no-store"}


def room_links(request: Request, code: str) -> tuple[str, str, tuple[str, ...]]:
    """The reach, the address listened on (for ``loopback``) and the links of room ``code`` for a
    page that asked through ``request``."""
    origin = f"{request.url.scheme}://{request.headers.get('host') or request.url.netloc}"
    reach: Reach | None = getattr(request.app.state, "reach", None)
    if reach is None:
        return "here", "", (f"{origin}/sixcard/{code}",)
    origins = reach.origins(origin, request.url.hostname or "")
    return reach.kind, reach.host, tuple(f"{base}/sixcard/{code}" for base in origins)


def _code(request: Request) -> str:
    code = normal_code(request.path_params["code"])
    if code is None:
        raise GolfError("room.not_found", "no room code has that form")
    return code


async def invite(request: Request) -> Response:
    try:
        code = _code(request)
    except GolfError as error:
        return error_response(error, request_translator(request), 404)
    reach, address, links = room_links(request, code)
    return JSONResponse({"reach": reach, "address": address, "links": list(links)}, headers=NO_STORE)


async def qr_code(request: Request) -> Response:
    try:
        code = _code(request)
        text = request.query_params.get("link", "0")
        links = room_links(request, code)[2]
        if not (text.isascii() and text.isdigit() and len(text) <= 2 and int(text) < len(links)):
            raise GolfError("room.not_found", "the room has no such link")
        link = links[int(text)]
        picture = qr_svg(link, link)
    except GolfError as error:
        return error_response(error, request_translator(request), 404)
    return Response(picture, media_type="image/svg+xml", headers=NO_STORE)
