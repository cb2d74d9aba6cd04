"""Golf Solitaire installable and kept for offline play: the manifest, the service worker and what it
keeps, and the offline kit of words, as the server answers them."""

from __future__ import annotations

import datetime
import json
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from golfcards.i18n import available_languages
from golfcards.runners.storage import GameSummary, Storage
from golfcards.solitaire.board import Refusal
from golfcards.solitaire.codes import GameCode
from golfcards.solitaire.solver import solve
from golfcards.web.app import create_app

ROOT = Path(__file__).resolve().parent.parent


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
    for needed in ("/daily", "/static/daily.js", "/static/daily.css"):  # the daily deal's page, offline too
        assert needed in files
    for later in (
        "end.js",
        "course.js",
        "stats-window.js",
        "replay.js",
        "guide.js",
        "guide.css",
        "later.css",
    ):  # when first used
        assert f"/static/solitaire/{later}" in files
    for language in available_languages():
        assert (
            f"/api/i18n?page=solitaire&lang={language}" in files
            and f"/api/solitaire/offline-kit?lang={language}" in files
        )
        assert f"/api/i18n?part=guide&lang={language}" in files, "the first deal's guide, offline too"
        assert f"/api/i18n?page=daily&lang={language}" in files and f"/api/i18n?part=review&lang={language}" in files
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


# --- games played offline, sent when the network is back -------------------------------------------

REFERENCE = "GO1-E-AAAAAAB"
DAY = datetime.date(2026, 12, 1)
DAILY_EASY = "GO1-E-CLVQXHH"
"""The Easy daily deal of :data:`DAY` (tests/test_web_daily.py pins it)."""


@pytest.fixture
def day_client(tmp_path):
    with TestClient(create_app(tmp_path / "golf.sqlite3", today=lambda: DAY)) as test_client:
        yield test_client


def send(client: TestClient, code: str, actions: list[str], offline_id: str = "offline-game-0001"):
    return client.post(
        "/api/solitaire/offline-games?lang=en", json={"id": offline_id, "code": code, "actions": actions}
    )


def easy_stats(client: TestClient) -> dict:
    rules = client.get("/api/solitaire/stats").json()["rules"]
    return next((entry for entry in rules if entry["rules"] == "E"), {"games": 0, "wins": 0})


def test_a_game_played_offline_is_replayed_and_recorded_once(client, reference_deal):
    line = reference_deal["easy_winning_line"]
    actions = [*line[:5], "u", line[4], *line[5:]]  # an undo and its redo on the way
    first = send(client, REFERENCE, actions)
    assert first.status_code == 200, first.text
    assert first.json() == {"recorded": True, "repeated": False, "daily": False, "status": "won", "score": 350}
    again = send(client, REFERENCE, actions)  # the network failed before the page saw the answer
    assert again.status_code == 200 and again.json()["repeated"] is True and again.json()["recorded"] is False
    stats = easy_stats(client)
    assert (stats["games"], stats["wins"]) == (1, 1)
    other = send(client, REFERENCE, line[:3], "offline-game-0002")  # another game, left after 3 moves
    assert other.json()["status"] == "playing" and other.json()["recorded"] is True
    stats = easy_stats(client)
    assert (stats["games"], stats["wins"]) == (2, 1), "a game left after a move counts as abandoned"


def test_a_forged_log_is_refused_and_nothing_is_recorded(client, reference_deal):
    line = reference_deal["easy_winning_line"]
    forged = [*line[:10], "1", *line[10:]]  # a card that does not fit the discard there
    answer = send(client, REFERENCE, forged)
    assert answer.status_code == 400
    error = answer.json()["error"]
    assert error["key"] == "offline.bad_log"
    assert error["message"] == "Action 11 (1) of this game is not allowed at that point: the game was not recorded"
    assert send(client, REFERENCE, ["d", "u", "u"]).json()["error"]["key"] == "offline.bad_log"
    assert send(client, REFERENCE, ["d", "x"]).json()["error"]["key"] == "offline.bad_log"
    assert easy_stats(client)["games"] == 0


@pytest.mark.parametrize(
    ("body", "key"),
    [
        ({"id": "short", "code": REFERENCE, "actions": []}, "request.bad_field"),
        ({"id": "offline-game-0001", "code": REFERENCE, "actions": "d 1"}, "request.bad_field"),
        ({"id": "offline-game-0001", "code": REFERENCE, "actions": ["d"] * 1001}, "request.bad_field"),
        ({"id": "offline-game-0001", "code": REFERENCE, "actions": [["d"]]}, "request.bad_field"),
        ({"id": "offline game 0001", "code": REFERENCE, "actions": []}, "request.bad_field"),
        ({"id": "offline-game-0001", "code": "GO1-E-AAAAAAB-T", "actions": []}, "offline.course"),
        ({"id": "offline-game-0001", "code": "GO1-Q-AAAAAAB", "actions": []}, "code.bad_rule"),
        ({"id": "offline-game-0001", "actions": []}, "request.bad_field"),
    ],
)
def test_what_is_not_an_offline_game_is_refused_clearly(client, body, key):
    answer = client.post("/api/solitaire/offline-games?lang=fr", json=body)
    assert answer.status_code == 400 and answer.json()["error"]["key"] == key
    assert answer.json()["error"]["message"] and "Traceback" not in answer.text


def test_the_day_s_deal_played_offline_counts_once_it_replays(day_client):
    assert day_client.get("/api/solitaire/daily?rule=easy").json()["code"] == DAILY_EASY
    line = solve(GameCode.parse(DAILY_EASY)).notation
    assert line is not None
    assert send(day_client, DAILY_EASY, [*line[:-1], "9"]).status_code == 400  # forged: not counted
    assert day_client.get("/api/solitaire/daily?rule=easy").json()["played"] is False
    answer = send(day_client, DAILY_EASY, line)
    assert answer.json()["daily"] is True
    summary = day_client.get("/api/solitaire/daily?rule=easy").json()
    assert summary["played"] is True and summary["streak"] == 1
    assert [row["status"] for row in summary["table"] if row["you"]] == ["won"]


def test_the_icons_are_the_ones_the_script_draws():
    """The committed icons are what ``scripts/make_app_icons.py`` draws now (its ``--check``)."""
    checked = subprocess.run(
        [sys.executable, str(ROOT / "scripts/make_app_icons.py"), "--check"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert checked.returncode == 0, checked.stdout


def test_an_idle_player_s_offline_games_go_with_them(tmp_path):
    storage = Storage(tmp_path / "golf.sqlite3")
    try:
        player = storage.new_player(None)
        end = GameSummary("won", 350, 0, 47)
        assert storage.record_offline_game(player, "offline-game-0001", REFERENCE, "E", ("d",), end) is not None
        assert storage.record_offline_game(player, "offline-game-0001", REFERENCE, "E", ("d",), end) is None
        forgotten = storage.forget(time.time() + 10, None)
        assert forgotten.players == 1
        with sqlite3.connect(tmp_path / "golf.sqlite3") as db:
            assert db.execute("SELECT COUNT(*) FROM offline_games").fetchone()[0] == 0
            assert db.execute("SELECT COUNT(*) FROM solitaire_games").fetchone()[0] == 0
    finally:
        storage.close()
