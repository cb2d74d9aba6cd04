"""The daily deal and the live "still winnable" line through the JSON API."""

from __future__ import annotations

import datetime
import sqlite3

import pytest
from starlette.testclient import TestClient

from golfcards.runners.storage import SCHEMA_VERSION, Storage
from golfcards.solitaire import Board, Draw, GameCode
from golfcards.solitaire.solver import solve
from golfcards.web.app import create_app

DAY = datetime.date(2026, 12, 1)
WINNING_START = "6 5 1 4 3 d 7 5 d d 3 5 d d 6 d 6 d 2 6 4 d d d 7 3 2".split()
"""The first 27 moves of a winning line of GO1-E-AETDYNA (a deal whose live line the tests follow)."""


class Calendar:
    """The server's day, moved by the test."""

    def __init__(self, day: datetime.date) -> None:
        self.day = day

    def __call__(self) -> datetime.date:
        return self.day


@pytest.fixture
def calendar():
    return Calendar(DAY)


@pytest.fixture
def app(db_location, calendar):
    return create_app(db_location, today=calendar)


@pytest.fixture
def client(app):
    with TestClient(app) as test_client:
        yield test_client


def act(client, action: str) -> dict:
    response = client.post("/api/solitaire/action?lang=en", json={"action": action})
    assert response.status_code == 200, response.text
    return response.json()["game"]


def play_daily(client, rule: str = "easy") -> dict:
    response = client.post("/api/solitaire/daily?lang=en", json={"rule": rule})
    assert response.status_code == 200, response.text
    return response.json()["game"]


def win(client) -> dict:
    game = client.get("/api/solitaire").json()["game"]
    verdict = solve(GameCode.parse(game["code"]))
    for action in verdict.notation or []:
        game = act(client, action)
    assert game["status"] == "won"
    return game


def summary(client, rule: str = "easy", lang: str = "en") -> dict:
    response = client.get(f"/api/solitaire/daily?rule={rule}&lang={lang}")
    assert response.status_code == 200, response.text
    return response.json()


def test_the_daily_code_is_pinned_and_the_same_for_every_player(app, client):
    first = summary(client)
    other = TestClient(app)
    assert (first["date"], first["code"]) == ("2026-12-01", "GO1-E-CLVQXHH")
    assert summary(other)["code"] == first["code"] == summary(client)["code"]
    assert summary(client, "classic")["code"] == "GO1-C-SHXFWJY"
    assert summary(client, "strict")["code"] == "GO1-S-CSKQHSQ"
    assert play_daily(client)["code"] == "GO1-E-CLVQXHH"


def test_the_streak_counts_consecutive_days_won(client, calendar):
    assert summary(client)["streak"] == 0
    play_daily(client)
    win(client)
    assert (summary(client)["streak"], summary(client)["best_streak"]) == (1, 1)
    calendar.day = DAY + datetime.timedelta(days=1)
    assert summary(client)["streak"] == 1  # yesterday's win holds until today's deal is played
    assert play_daily(client)["code"] != "GO1-E-CLVQXHH"
    win(client)
    assert (summary(client)["streak"], summary(client)["best_streak"]) == (2, 2)
    calendar.day = DAY + datetime.timedelta(days=3)
    assert summary(client)["streak"] == 0
    play_daily(client)
    win(client)
    assert (summary(client)["streak"], summary(client)["best_streak"]) == (1, 2)
    assert summary(client, "classic")["streak"] == 0


def test_only_the_first_daily_game_counts(client):
    play_daily(client)
    act(client, "d")
    client.post("/api/solitaire/new?lang=en", json={"code": "GO1-E-AAAAAAB"})
    play_daily(client)  # practice: the first game, left unfinished, stays on the table
    win(client)
    table = summary(client)["table"]
    assert [(row["status"], row["moves"]) for row in table] == [("abandoned", 1)]
    assert summary(client)["streak"] == 0


def test_the_days_table_shows_a_second_players_result(app, client):
    assert summary(client)["table"] == []
    play_daily(client)
    win(client)
    second = TestClient(app)
    play_daily(second)
    act(second, "d")
    act(second, "d")
    table = summary(second, lang="ca")["table"]
    assert [(row["rank"], row["you"], row["status"], row["score"]) for row in table] == [
        (1, False, "won", 350),
        (2, True, "playing", 0),
    ]
    assert table[1]["moves"] == 2 and table[0]["seconds"] >= 0
    assert all(set(row) == {"rank", "you", "tag", "status", "score", "moves", "seconds", "assisted"} for row in table)
    assert [row["you"] for row in summary(client)["table"]] == [True, False]


def test_the_days_table_names_players_by_a_stable_pseudonym_that_reveals_no_id(app, client):
    play_daily(client)
    act(client, "d")
    second = TestClient(app)
    play_daily(second)
    act(second, "d")
    tags = [row["tag"] for row in summary(second)["table"]]
    assert len(set(tags)) == 2 and all(len(tag) == 6 and tag.isalnum() for tag in tags), "two players, two names"
    assert [row["tag"] for row in summary(client)["table"]] == tags, "the same names whoever asks"
    cookies = [client.cookies["golfcards_player"], second.cookies["golfcards_player"]]
    assert not any(tag.lower() in cookie.lower() for tag in tags for cookie in cookies), "no part of the cookie"


@pytest.mark.parametrize("query", ["rule=hard", "rule=", "rule=" + "e" * 5000])
def test_a_bad_rule_is_a_localized_error(client, query):
    response = client.get(f"/api/solitaire/daily?{query}&lang=es")
    assert response.status_code == 400 and response.json()["error"]["key"] == "request.bad_field"
    response = client.post("/api/solitaire/daily?lang=es", json={"rule": ["easy"]})
    assert response.status_code == 400 and response.json()["error"]["key"] == "request.bad_field"


def test_the_daily_page_is_served(client):
    page = client.get("/daily")
    assert page.status_code == 200 and 'src="/static/daily.js"' in page.text
    assert "daily_title" in client.get("/api/i18n?lang=fr").json()["strings"]


def live(client, lang: str = "en") -> dict:
    response = client.get(f"/api/solitaire/live?lang={lang}")
    assert response.status_code == 200, response.text
    return response.json()


def test_the_live_line_says_still_winnable_then_no_longer_winnable(client):
    client.post("/api/solitaire/new?lang=en", json={"code": "GO1-E-AETDYNA"})
    for action in WINNING_START:
        act(client, action)
    assert live(client) == {"winnable": True, "message": "Still winnable", "moves": 27}
    act(client, "3")
    assert live(client) == {"winnable": False, "message": "No longer winnable", "moves": 28}
    assert live(client, "el")["message"] == "Δεν κερδίζεται πια"


def test_asking_the_live_line_before_playing_keeps_the_deal_shown(client):
    """A new visitor's live question creates no player and deals nothing: the first action applies
    to the deal their page shows."""
    shown = client.get("/api/solitaire?lang=en").json()["game"]
    assert live(client)["moves"] == 0
    assert "golfcards_player" not in client.cookies
    board = Board.from_code(GameCode.parse(shown["code"]))
    move = next((action for action in board.legal_actions() if action != Draw()), Draw())  # some deals open with a draw
    game = act(client, move.notation)
    assert (game["code"], game["moves"]) == (shown["code"], 1)


def test_the_live_line_is_silent_after_a_win(client):
    client.post("/api/solitaire/new?lang=en", json={"code": "GO1-E-AETDYNA"})
    win(client)
    assert live(client)["message"] == ""


def test_the_daily_tables_step_can_run_again_after_a_renumbering(tmp_path):
    """A merge may renumber the step: a file that already has the tables takes it again unharmed."""
    path = tmp_path / "golf.sqlite3"
    storage = Storage(path)
    player = storage.new_player()
    game = storage.start_game(player, "GO1-E-AETDYNA", "E")
    storage.record_daily(player, "2026-12-01", "E", game.id)
    storage.close()
    with sqlite3.connect(path) as db:
        db.execute(f"PRAGMA user_version = {SCHEMA_VERSION - 1}")
    again = Storage(path)
    assert again.schema_version == SCHEMA_VERSION
    assert again.daily_entry(player, "2026-12-01", "E") is not None
    again.close()


def test_a_player_below_the_shown_rows_still_sees_their_own_place(app, client, monkeypatch):
    monkeypatch.setattr("golfcards.runners.daily.TABLE_ROWS", 1)
    play_daily(client)
    win(client)
    second = TestClient(app)
    play_daily(second)
    act(second, "d")
    table = summary(second)["table"]
    assert [(row["rank"], row["you"], row["status"]) for row in table] == [(1, False, "won"), (2, True, "playing")]
    assert [(row["rank"], row["you"]) for row in summary(client)["table"]] == [(1, True)]


# --- a table of unaided results, a few per network -----------------------------------------------


def replay_the_solution(client) -> dict:
    """The attack: fetch the deal's solution from the server and play it back, move after move."""
    steps = client.get("/api/solitaire/solution").json()["steps"]
    game = {}
    for step in steps[1:]:
        game = act(client, step["move"])
    assert game["status"] == "won"
    return game


def test_a_daily_result_played_with_the_solution_is_marked_assisted_and_not_ranked(app, client):
    play_daily(client)
    act(client, "d")
    cheat = TestClient(app)
    play_daily(cheat)
    cheat.get("/api/solitaire/solution")
    play_daily(cheat)  # a fresh start of the deal (the first had no move) forgets no help
    replay_the_solution(cheat)
    hinted = TestClient(app)
    play_daily(hinted)
    assert hinted.get("/api/solitaire/hint").status_code == 200
    act(hinted, "d")

    table = summary(client)["table"]
    assert [(row["rank"], row["you"], row["status"]) for row in table] == [(1, True, "playing")]
    own = summary(cheat, lang="fr")
    assert [(row["rank"], row["you"], row["status"], row["assisted"]) for row in own["table"]] == [
        (1, False, "playing", False),
        (None, True, "won", True),
    ]
    assert "solution" in own["note"] and "classé" in own["note"], "the player is told, in their language"
    assert summary(hinted)["table"][-1]["assisted"] and summary(hinted)["note"]
    assert summary(client)["note"] == ""


def test_one_network_ranks_a_few_daily_entries_and_one_per_player(app, client):
    from golfcards.runners.daily import RANKED_PER_NETWORK

    players = [TestClient(app) for _ in range(RANKED_PER_NETWORK + 2)]
    for player in players:  # fresh cookies, one address: each starts the day's deal and wins it
        play_daily(player)
        win(player)
    play_daily(players[0])  # a second game of the day is practice: still one entry
    act(players[0], "d")
    table = summary(client)["table"]
    assert len(table) == RANKED_PER_NETWORK and [row["rank"] for row in table] == list(range(1, 1 + RANKED_PER_NETWORK))
    late = summary(players[-1], lang="de")
    assert late["table"][-1]["you"] and late["table"][-1]["rank"] is None and late["table"][-1]["status"] == "won"
    assert "Netzwerk" in late["note"], "the player is told why, in their language"
    assert [row["you"] for row in summary(players[0])["table"]].count(True) == 1


def test_a_days_table_written_before_the_assisted_mark_is_read_after_the_upgrade(tmp_path, calendar):
    """A file of schema 5 with today's entries: they stay in the table, ranked, after the upgrade."""
    from golfcards.runners.storage import MIGRATIONS
    from golfcards.solitaire.daily import daily_code
    from golfcards.solitaire.rules import EASY

    path = tmp_path / "golf.sqlite3"
    code = str(daily_code(DAY, EASY))
    with sqlite3.connect(path) as old:
        for step in range(1, 6):
            old.executescript(MIGRATIONS[step])
        old.execute("INSERT INTO players (id, created) VALUES ('old-player', strftime('%s', 'now'))")
        old.execute(
            "INSERT INTO solitaire_games (id, player, code, rules, actions, status, score, moves, started, updated) "
            "VALUES (7, 'old-player', ?, 'E', 'd', 'playing', 0, 1, strftime('%s', 'now'), strftime('%s', 'now'))",
            (code,),
        )
        old.execute(
            f"INSERT INTO daily_entries (day, rules, player, game) VALUES ('{DAY.isoformat()}', 'E', 'old-player', 7)"
        )
        old.execute("PRAGMA user_version = 5")
    with TestClient(create_app(path, today=calendar)) as client:
        client.cookies.set("golfcards_player", "old-player")
        table = summary(client)["table"]
        assert [(row["rank"], row["you"], row["assisted"]) for row in table] == [(1, True, False)]
        act(client, "d")
