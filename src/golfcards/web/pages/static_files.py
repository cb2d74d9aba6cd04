"""The pages' static files as the browser meets them: each page's HTML and the module graph of its script.

Read from the files themselves, so a new module or a new word needs no list to update: the service
worker keeps the Solitaire page's graph (:mod:`golfcards.web.solitaire.offline`), and each page is
sent the words its files name (:func:`golfcards.web.pages.strings.page_strings`).
"""

from __future__ import annotations

import functools
import posixpath
import re
from pathlib import Path

STATIC = Path(__file__).resolve().parent.parent / "static"
PAGES: dict[str, tuple[str, str]] = {
    "solitaire": ("solitaire.html", "/static/solitaire.js"),
    "sixcard": ("sixcard.html", "/static/sixcard.js"),
    "record": ("sixcard-record.html", "/static/sixcard-record.js"),
    "daily": ("daily.html", "/static/daily.js"),
    "home": ("home.html", "/static/home.js"),
    "leaderboards": ("leaderboards.html", "/static/leaderboards.js"),
    "me": ("me.html", "/static/me.js"),
    "account": ("account.html", "/static/account.js"),
}
"""Each page by the name its ``<body data-page>`` gives: its HTML file and its script's entry module."""
IMPORT = re.compile(r'^import (?:[^"]* from )?"([^"]+)";|\bimport\("([^"]+)"\)', re.MULTILINE)


@functools.cache
def module_graph(entry: str, later: bool = True) -> list[str]:
    """Every module ``entry`` imports or, when ``later``, loads later (``import("…")``), directly or
    not, itself included (sorted paths under ``/static/``); without ``later``, the modules the page's
    first load fetches."""
    seen: set[str] = set()
    waiting = [entry]
    while waiting:
        path = waiting.pop()
        if path in seen:
            continue
        seen.add(path)
        text = (STATIC / path.removeprefix("/static/")).read_text(encoding="utf-8")
        for static, dynamic in IMPORT.findall(text):
            if dynamic and not later:
                continue
            waiting.append(posixpath.normpath(posixpath.join(posixpath.dirname(path), static or dynamic)))
    return sorted(seen)


@functools.cache
def page_text(page: str, later: bool = True) -> str:
    """The text of ``page``'s HTML and of every module of its script (without ``later``, of the modules
    its first load fetches), one after the other."""
    html, entry = PAGES[page]
    files = [STATIC / html, *(STATIC / path.removeprefix("/static/") for path in module_graph(entry, later))]
    return "\n".join(file.read_text(encoding="utf-8") for file in files)
