"""The few pages the server writes itself (rules, error pages): one escaped HTML shell.

Every text goes through :func:`html.escape`; the shell links the game pages' stylesheet and the
rules pages' own (``pages.css``, which the game pages do not load), and offers the languages as
plain links, so these pages work without JavaScript (with it,
``look.js`` applies the player's chosen theme). No inline script or style: the pages keep to a
``script-src 'self'; style-src 'self'`` Content-Security-Policy.
"""

from __future__ import annotations

from html import escape
from urllib.parse import urlencode

from golfcards.i18n import LANGUAGES, N_, Translator, available_languages

MAIN_MENU = N_("Main menu")
NAV = (("/solitaire", N_("Golf Solitaire")), ("/sixcard", N_("Six-card Golf")), ("/rules/solitaire", N_("Rules")))


def language_links(t: Translator, path: str) -> str:
    links = []
    for code in available_languages():
        current = ' aria-current="true"' if code == t.language else ""
        links.append(
            f'<a href="{escape(path)}?{urlencode({"lang": code})}" lang="{code}" hreflang="{code}"'
            f"{current}>{escape(LANGUAGES[code])}</a>"
        )
    label = escape(t.gettext("Language"))
    return f'<nav class="languages" aria-label="{label}">{"".join(links)}</nav>'


def shell(t: Translator, title: str, body: str, path: str) -> str:
    """A whole HTML page in ``t``'s language around ``body`` (already HTML)."""
    lang = urlencode({"lang": t.language})
    nav = "".join(f'<a href="{href}?{lang}">{escape(t.gettext(label))}</a>' for href, label in NAV)
    menu = escape(t.gettext(MAIN_MENU))
    return f"""<!doctype html>
<html lang="{t.language}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{escape(title)} · golfcards</title>
<meta name="color-scheme" content="light dark">
<link rel="icon" href="/static/icon.svg" type="image/svg+xml">
<script src="/static/look.js"></script>
<link rel="stylesheet" href="/static/golfcards.css">
<link rel="stylesheet" href="/static/pages.css">
</head>
<body class="page">
<header class="topbar">
<a class="brand" href="/?{lang}"><span class="brand-mark" aria-hidden="true">♣</span>
<span class="brand-text">golfcards</span></a>
<nav class="mainnav" aria-label="{menu}">{nav}</nav>
</header>
<main class="prose">
{language_links(t, path)}
{body}
</main>
</body>
</html>"""
