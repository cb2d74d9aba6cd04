"""Golf Solitaire installable and kept for offline play: the manifest, the service worker and what it
keeps, and the offline kit of words, as the server answers them."""

from __future__ import annotations

import json

import pytest
from starlette.testclient import TestClient

from golfcards.i18n import available_languages
from golfcards.solitaire.board import Refusal
from golfcards.web.app import create_app


@pytest.fixture
def client(tmp_path):
    with TestClient(create_app(tmp_path / "golf.sqlite3")) as test_client:
        yield test_client


def worker_files(client: TestClient) -> dict[str, object]:
    """The ``OFFLINE`` line the server puts before the worker's code."""
    first = client.get("/sw.js").text.splitlines()[0]
    assert first.startswith("const OFFLINE = ") and first.endswith(";")
    return json.loads(first.removeprefix("const OFFLINE = ").removesuffix(";"))


def test_the_manifest_names_the_app_in_the_request_s_language(client):
    response = client.get("/solitaire.webmanifest", headers={"Accept-Language": "fr"})
    assert response.status_code == 200
    assert response.headers["content-type"].split(";")[0] == "application/manifest+json"
    manifest = response.json()
    assert manifest["start_url"] == "/solitaire" and manifest["display"] == "standalone"
    assert manifest["lang"] == "fr" and manifest["short_name"] == "Solitaire Golf"
    assert manifest["theme_color"].startswith("#") and manifest["background_color"].startswith("#")
    sizes = {icon["sizes"]: icon for icon in manifest["icons"]}
    assert {"any", "192x192", "512x512"} <= set(sizes)
    for icon in manifest["icons"]:
        image = client.get(icon["src"])
        assert image.status_code == 200 and image.headers["content-type"] == icon["type"]
        if icon["type"] == "image/png":
            width = int.from_bytes(image.content[16:20], "big")
            assert image.content[:8] == b"\x89PNG\r\n\x1a\n" and f"{width}x{width}" == icon["sizes"]
    assert 'rel="manifest" href="/solitaire.webmanifest"' in client.get("/solitaire").text


def test_the_worker_is_javascript_never_cached_without_asking(client):
    response = client.get("/sw.js")
    assert response.status_code == 200
    assert response.headers["content-type"].split(";")[0] == "text/javascript"
    assert response.headers["cache-control"] == "no-cache"
    assert "script-src 'self'" in response.headers["content-security-policy"]


def test_the_worker_keeps_the_page_its_modules_and_the_words_of_every_language(client):
    offline = worker_files(client)
    files = offline["files"]
    assert isinstance(files, list)
    for needed in ("/solitaire", "/static/solitaire.js", "/static/solitaire/engine.js", "/static/golfcards.css"):
        assert needed in files
    for later in ("end.js", "course.js", "stats-window.js", "replay.js"):  # loaded when first used
        assert f"/static/solitaire/{later}" in files
    for language in available_languages():
        assert f"/api/i18n?lang={language}" in files and f"/api/solitaire/offline-kit?lang={language}" in files
    for path in files:
        assert client.get(path).status_code == 200, path
    assert offline["extras"] == [f"/api/solitaire/daily?rule={rule}" for rule in ("easy", "classic", "strict")]
    assert len(offline["version"]) == 16


def test_the_offline_kit_has_every_card_refusal_and_rule_in_every_language(client):
    for language in available_languages():
        kit = client.get(f"/api/solitaire/offline-kit?lang={language}").json()
        assert kit["language"] == language
        assert len(kit["faces"]) == 54 and kit["faces"]["X2"]["joker"] is True
        assert set(kit["refusals"]) == {refusal.value for refusal in Refusal}
        assert set(kit["rule_names"]) == {"easy", "classic", "strict"}
        assert "{score}" in kit["won"] and "{card}" in kit["removed"]
        assert len(kit["board_text"]["stock"]) == 19
    french = client.get("/api/solitaire/offline-kit?lang=fr").json()
    assert french["faces"]["QS"]["name"] == "dame de pique"
