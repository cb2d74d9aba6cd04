"""The pages' scripts as the browser gets them: one ES module entry per page, its whole module graph
announced with ``<link rel="modulepreload">`` (no import waterfall before the first paint), every
module served as JavaScript, and every module loaded later (``import("…")``) there to load."""

from __future__ import annotations

import posixpath
import re

import pytest
from starlette.testclient import TestClient

from golfcards.web.app import create_app

PAGES = ["/", "/solitaire", "/daily", "/sixcard", "/sixcard/record"]
STATIC_IMPORT = re.compile(r'^import (?:[^"]* from )?"([^"]+)";', re.MULTILINE)
DYNAMIC_IMPORT = re.compile(r'\bimport\("([^"]+)"\)')
SCRIPT = re.compile(r"<script([^>]*)></script>")
PRELOAD = re.compile(r'<link rel="modulepreload" href="([^"]+)">')


@pytest.fixture
def client(tmp_path):
    with TestClient(create_app(tmp_path / "golf.sqlite3")) as test_client:
        yield test_client


def module(client: TestClient, path: str) -> str:
    """The module at ``path``, checked to be served as JavaScript (a module of another type never runs)."""
    response = client.get(path)
    assert response.status_code == 200, path
    assert response.headers["content-type"].split(";")[0] == "text/javascript", (path, response.headers["content-type"])
    return response.text


def resolve(importer: str, specifier: str) -> str:
    return posixpath.normpath(posixpath.join(posixpath.dirname(importer), specifier))


def static_graph(client: TestClient, entry: str) -> tuple[set[str], set[str]]:
    """The modules ``entry`` imports, directly or not, and the modules they load later."""
    seen: set[str] = set()
    later: set[str] = set()
    waiting = [entry]
    while waiting:
        path = waiting.pop()
        if path in seen:
            continue
        seen.add(path)
        text = module(client, path)
        waiting.extend(resolve(path, specifier) for specifier in STATIC_IMPORT.findall(text))
        later.update(resolve(path, specifier) for specifier in DYNAMIC_IMPORT.findall(text))
    return seen - {entry}, later


@pytest.mark.parametrize("page", PAGES)
def test_each_page_has_one_module_entry_and_preloads_its_module_graph(client, page):
    html = client.get(page).text
    scripts = SCRIPT.findall(html)
    classic = [attrs for attrs in scripts if 'type="module"' not in attrs]
    entries = [re.search(r'src="([^"]+)"', attrs).group(1) for attrs in scripts if 'type="module"' in attrs]
    # look.js, the only classic script, applies the player's theme before the first paint.
    assert classic == [' src="/static/look.js"'], classic
    assert len(entries) == 1, entries
    imported, later = static_graph(client, entries[0])
    assert set(PRELOAD.findall(html)) == imported
    for path in later - imported:
        static_graph(client, path)
