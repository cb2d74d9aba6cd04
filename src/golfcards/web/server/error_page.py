"""The page an address that does not exist answers with, in the request's language, with a way back."""

from __future__ import annotations

from html import escape

from starlette.responses import HTMLResponse, Response

from golfcards.errors import GolfError
from golfcards.i18n import Translator
from golfcards.i18n.errors import error_text
from golfcards.web.server.html import shell


def message_page(t: Translator, error: GolfError, status: int) -> Response:
    """A short localized page for an address that does not exist."""
    back = t.gettext("Back to the game")
    body = f'<h1>{escape(error_text(error, t))}</h1><p><a href="/solitaire?lang={t.language}">{escape(back)}</a></p>'
    return HTMLResponse(shell(t, error_text(error, t), body, "/solitaire"), status_code=status)
