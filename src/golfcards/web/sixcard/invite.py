"""How friends reach a room: its links, and a QR code of each for a phone's camera.

``GET /api/sixcard/rooms/{code}/invite`` answers ``{"reach", "address", "links"}``: ``reach`` is
``network`` (the links use this machine's network addresses), ``loopback`` (``golf serve`` listens
on ``address`` only, so only this computer can open them), ``proxy`` (the public host the request
came in on, behind a trusted proxy) or ``here`` (an app not started by ``golf serve``: the address
the request came in on); ``links`` the room's addresses, the best first
(:class:`~golfcards.web.server.reach.Reach`). ``GET /sixcard/{code}/qr.svg?link=N`` is the QR code
of the N-th of those links (0 by default).

A link is ``ORIGIN/sixcard/CODE``: never a seat's token. Neither route looks the room up (a code is
only checked for its form), so neither tells whether a room exists nor counts as a guess. A QR code
takes a few milliseconds to draw, for any well-formed code: :class:`QrCodes` keeps the last ones
drawn, and draws at most :data:`QR_BURST` new ones per address at once, then one every
:data:`QR_SECONDS` (``room.too_many_qr_codes``, 429, beyond).
"""

from __future__ import annotations

import time
from collections import OrderedDict
from collections.abc import Callable

from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from golfcards.errors import GolfError
from golfcards.runners.limits import Buckets
from golfcards.web.pages.qr_code import qr_svg
from golfcards.web.server.addresses import limit_key
from golfcards.web.server.reach import Reach
from golfcards.web.server.requests import client_address, error_response, request_translator
from golfcards.web.sixcard.rooms import normal_code

NO_STORE = {"Cache-Control": "no-store"}
QR_KEPT = 256
"""QR codes kept once drawn (a link's picture is asked for again by every phone shown it)."""
QR_BURST = 20
"""New QR codes one address may have drawn at once (an invitation shows one per link of the room)."""
QR_SECONDS = 3.0
"""Then one more new QR code every so many seconds."""
QR_ADDRESSES = 4096
"""Addresses whose drawing is counted at once (the oldest forgotten first)."""


class QrCodes:
    """The QR codes of room links: drawn once and kept (:data:`QR_KEPT`), and drawn for one address at
    most :data:`QR_BURST` at once, then one every :data:`QR_SECONDS` (a token bucket per
    :func:`~golfcards.web.server.addresses.limit_key`), so that asking for codes of made-up rooms
    costs the server little."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self.clock = clock
        self.drawn = 0
        """QR codes drawn since the server started (each a few milliseconds)."""
        self._kept: OrderedDict[str, str] = OrderedDict()
        self._drawing = Buckets(QR_BURST, QR_SECONDS, QR_ADDRESSES, clock)

    def picture(self, link: str, address: str) -> str:
        """The SVG picture of ``link``'s QR code for a client at ``address``; ``room.too_many_qr_codes``
        if it must be drawn and that address has drawn its share."""
        kept = self._kept.get(link)
        if kept is not None:
            self._kept.move_to_end(link)
            return kept
        key = limit_key(address)
        if not self._drawing.take(key):
            raise GolfError("room.too_many_qr_codes", f"{key} asked for too many QR codes")
        picture = self._kept[link] = qr_svg(link, link)
        self.drawn += 1
        if len(self._kept) > QR_KEPT:
            self._kept.popitem(last=False)
        return picture


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
        qr_codes: QrCodes = request.app.state.qr_codes
        picture = qr_codes.picture(links[int(text)], client_address(request))
    except GolfError as error:
        return error_response(error, request_translator(request), 429 if error.key == "room.too_many_qr_codes" else 404)
    return Response(picture, media_type="image/svg+xml", headers=NO_STORE)
