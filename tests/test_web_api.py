"""The web app's JSON API through Starlette's TestClient: play, refusals, bad input, persistence."""

from __future__ import annotations

import itertools
import json
import re
import sqlite3

import pytest
from starlette.testclient import TestClient

from golfcards.cards import parse_card
from golfcards.errors import GolfError
from golfcards.runners.storage import SCHEMA_VERSION, Storage
from golfcards.solitaire import GameCode
from golfcards.solitaire.difficulty import Grade, grade_of
from golfcards.solitaire.rules import EASY
from golfcards.solitaire.solver import solve
from golfcards.solitaire.winnable import random_winnable_code
from golfcards.web.app import create_app
from golfcards.web.pages.static_files import PAGES, STATIC, module_graph, page_text

BLOCKING_CODE = "GO1-E-AAAAAAE"
"""A deal that blocks when the player only draws: 16 draws, no free card fits the last one."""


def numbers():
    counter = itertools.count(1000)
    return lambda: next(counter)


@pytest.fixture
def db_path(tmp_path):
    return tmp_path / "golf.sqlite3"


@pytest.fixture
def client(db_path):
    with TestClient(create_app(db_path, new_number=numbers())) as test_client:
        yield test_client


def new(client, lang="en", **body):
    response = client.post(f"/api/solitaire/new?lang={lang}", json=body)
    assert response.status_code == 200, response.text
    return response.json()["game"]


def act(client, action, lang="en"):
    response = client.post(f"/api/solitaire/action?lang={lang}", json={"action": action})
    assert response.status_code == 200, response.text
    return response.json()


def test_first_visit_deals_an_easy_game_and_the_first_action_sets_a_player_cookie(client):
    response = client.get("/api/solitaire")
    assert response.status_code == 200
    assert "golfcards_player" not in response.cookies, "nothing is stored before the visitor acts"
    assert "golfcards_player" in client.post("/api/solitaire/action", json={"action": "d"}).cookies
    game = response.json()["game"]
    assert solve(game["code"]).winnable is True, "the first deal is a winnable Easy deal"
    assert (game["rules"]["name"], game["score"], game["moves"], game["stock_count"]) == ("easy", 0, 0, 16)
    assert [len(column) for column in game["columns"]] == [5] * 7
    assert "stock" not in game, "the stock's order is hidden from the page"


def test_the_winning_line_scores_350(client, reference_deal):
    new(client, code=reference_deal["code"])
    for action in reference_deal["easy_winning_line"]:
        result = act(client, action)
        assert result["outcome"]["accepted"], action
    game = result["game"]
    assert (game["status"], game["score"], game["cards_left"]) == ("won", 350, 0)
    assert game["end_message"] == "You won! Score: 350"
    stats = client.get("/api/solitaire/stats").json()
    easy = stats["rules"][0]
    assert (easy["rules"], easy["games"], easy["wins"], easy["best_score"], easy["current_streak"]) == (
        "E",
        1,
        1,
        350,
        1,
    )
    assert easy["recent"] == [{"code": "GO1-E-AAAAAAB", "won": True, "score": 350, "cards_left": 0}]


def test_a_won_game_is_over_for_good_undo_is_refused_and_the_win_stays_counted(client, reference_deal):
    new(client, code=reference_deal["code"])
    for action in reference_deal["easy_winning_line"]:
        act(client, action)
    undone = act(client, "u", lang="fr")
    assert undone["outcome"]["refusal"] == {
        "key": "game_won",
        "message": "Vous avez gagné cette partie\u00a0: commencez-en une nouvelle",
    }
    assert (undone["game"]["status"], undone["game"]["score"], undone["game"]["undo_available"]) == ("won", 350, 0)
    assert client.get("/api/solitaire").json()["game"]["status"] == "won"
    new(client, code="GO1-E-AAAAAAC")
    easy = client.get("/api/solitaire/stats").json()["rules"][0]
    assert (easy["games"], easy["wins"], easy["best_score"]) == (1, 1, 350)


def test_refusals_carry_a_key_and_the_localized_sentence(client):
    new(client, code="GO1-E-AAAAAAB")
    refused = act(client, "1.5", lang="ca")["outcome"]
    assert refused == {
        "accepted": False,
        "action": "1.5",
        "refusal": {"key": "not_consecutive", "message": "Ha de ser d’un valor superior o inferior"},
    }
    blocked = act(client, "1.4", lang="el")["outcome"]["refusal"]
    assert blocked == {"key": "card_blocked", "message": "Αυτό το φύλλο είναι μπλοκαρισμένο"}
    assert act(client, "1")["game"]["moves"] == 0, "a refused action changes nothing"


def test_actions_and_their_messages_in_catalan(client):
    new(client, code="GO1-E-AAAAAAB")
    drawn = act(client, "d", lang="ca")
    assert drawn["outcome"]["message"] == "Has robat: 8 de piques."
    assert drawn["outcome"]["card"]["rank"] == "8" and drawn["outcome"]["card"]["suit"] == "♠"
    removed = act(client, "5", lang="ca")
    assert removed["outcome"]["message"] == "Has retirat: 9 de trèvols."
    king = removed["game"]["columns"][1][1]
    assert (king["name"], king["rank"], king["red"]) == ("rei de trèvols", "R", False)


def test_the_board_text_is_the_engine_line(client, catalan_seed_states):
    game = new(client, "ca", code="GO1-E-AAAAAAB")
    assert game["board_text"] == catalan_seed_states[0]
    for action in "d 5".split():
        act(client, action)
    assert act(client, "2", lang="ca")["game"]["board_text"] == catalan_seed_states[1]


def test_block_then_undo_out_of_it(client):
    new(client, code=BLOCKING_CODE)
    for _ in range(16):
        game = act(client, "d", lang="ca")["game"]
    assert (game["status"], game["score"]) == ("blocked", 0)
    assert game["end_message"] == "Ja no hi ha cap moviment possible"
    undone = act(client, "u")["game"]
    assert (undone["status"], undone["stock_count"], undone["moves"]) == ("playing", 1, 16)
    assert act(client, "d")["game"]["status"] == "blocked"


def test_a_game_survives_a_server_restart(db_path):
    with TestClient(create_app(db_path)) as first:
        new(first, code="GO1-E-AAAAAAB")
        for action in "d 5 2 1.5".split():
            act(first, action)
        cookie = first.cookies["golfcards_player"]
        before = first.get("/api/solitaire").json()["game"]
    with TestClient(create_app(db_path), cookies={"golfcards_player": cookie}) as second:
        after = second.get("/api/solitaire").json()["game"]
        assert after == before
        assert (after["moves"], after["score"], after["discard"]["code"]) == (3, 20, "8C")
        undone = act(second, "u")["game"]
        assert (undone["score"], undone["moves"], undone["discard"]["code"]) == (10, 3, "9C")


def test_two_browsers_have_two_games(db_path):
    app = create_app(db_path)
    with TestClient(app) as alice, TestClient(app) as bob:
        new(alice, code="GO1-E-AAAAAAB")
        new(bob, code="GO1-C-AAAAAAC")
        act(alice, "d")
        assert alice.get("/api/solitaire").json()["game"]["moves"] == 1
        assert bob.get("/api/solitaire").json()["game"]["code"] == "GO1-C-AAAAAAC"
        assert bob.get("/api/solitaire").json()["game"]["moves"] == 0


def test_a_forged_player_cookie_gets_a_new_player(client):
    for forged in ("x" * 500, "x" * 24):
        client.cookies.clear()
        client.cookies.set("golfcards_player", forged)
        assert client.get("/api/solitaire").status_code == 200
        response = client.post("/api/solitaire/action", json={"action": "d"})
        assert response.status_code == 200
        assert response.cookies["golfcards_player"] not in ("", forged)


@pytest.mark.parametrize(
    "body, key",
    [
        (b"not json", "request.bad_json"),
        (b"[1, 2]", "request.bad_json"),
        pytest.param(b"[" * 2000, "request.bad_json", id="short-but-nested-deeper-than-the-parser-recurses"),
        (b'"d"', "request.bad_json"),
        (b"{}", "request.bad_field"),
        (b'{"action": 5}', "request.bad_field"),
        (b'{"action": true}', "request.bad_field"),
        (b'{"action": ["d"]}', "request.bad_field"),
        (b'{"action": "zz"}', "action.bad"),
        (b'{"action": "9"}', "action.bad"),
        (b'{"action": "\\u0000"}', "action.bad"),
        pytest.param(b'{"action": "' + b"d" * 20000 + b'"}', "request.too_large", id="over-8-KB"),
        *(
            pytest.param(json.dumps({"action": text}).encode(), "action.bad", id=f"action-{text[:6]}")
            for text in ("³", "1.²", "1." + "9" * 4400, "٣", "３", "𝟑", "3.٣", "1.0", "1.100", "+3", " 3 3")
        ),
    ],
)
def test_hostile_actions_get_a_clear_answer_and_the_game_goes_on(client, body, key):
    new(client, code="GO1-E-AAAAAAB")
    response = client.post("/api/solitaire/action?lang=pt", content=body, headers={"Content-Type": "application/json"})
    assert response.status_code == (413 if key == "request.too_large" else 400)
    error = response.json()["error"]
    assert error["key"] == key and error["message"]
    assert act(client, "d")["game"]["moves"] == 1


@pytest.mark.parametrize(
    "body, key, message",
    [
        (
            {"code": "GO1-X-AAAAAAB"},
            "code.bad_rule",
            "GO1-X-AAAAAAB: la lletra de la regla ha de ser E (Fàcil), C (Clàssic) o S (Estricta), no X",
        ),
        ({"code": "hello"}, "code.bad_prefix", "hello: un codi de partida comença per GO1-"),
        ({"code": "GO1-E-AAA"}, "code.bad_deal_letters", "AAA: el repartiment són 7 lletres de la A a la Z"),
        ({"code": "GO1-E-AAAAAß"}, "code.bad_deal_letters", "AAAAAß: el repartiment són 7 lletres de la A a la Z"),
        ({"code": "GO1-E-AAAAAAſ"}, "code.bad_deal_letters", "AAAAAAſ: el repartiment són 7 lletres de la A a la Z"),
        (
            {"code": "GO1-E-AAAAAAB-J２"},
            "code.bad_option",
            "GO1-E-AAAAAAB-J２: opció desconeguda o repetida J２ (feu servir J1, J2, ND, T)",
        ),
        ({"rule": "hard"}, "request.bad_field", "Falta el camp rule o té un valor incorrecte"),
        ({"jokers": 3}, "request.bad_field", "Falta el camp jokers o té un valor incorrecte"),
        ({"course": "yes"}, "request.bad_field", "Falta el camp course o té un valor incorrecte"),
        ({"grade": "hard"}, "request.bad_field", "Falta el camp grade o té un valor incorrecte"),
        ({"grade": 3}, "request.bad_field", "Falta el camp grade o té un valor incorrecte"),
    ],
)
def test_wrong_codes_and_options_are_refused_in_the_players_language(client, body, key, message):
    new(client, code="GO1-E-AAAAAAB")
    act(client, "d")
    response = client.post("/api/solitaire/new?lang=ca", json=body)
    assert response.status_code == 400
    assert response.json()["error"] == {"key": key, "message": message}
    assert client.get("/api/solitaire").json()["game"]["moves"] == 1, "the game in progress is untouched"


def test_new_game_options(client):
    game = new(client, rule="classic", jokers=2, empty_discard=True)
    assert game["code"] == f"GO1-C-{GameCode(1000).letters}-J2-ND"
    assert (game["stock_count"], game["discard"], game["rules"]["key"]) == (54 - 35, None, "C-J2-ND")
    assert new(client, code="go1-n-aaaaaab")["code"] == "GO1-E-AAAAAAB", "an old N code is Easy"


def test_an_abandoned_game_counts_as_a_loss_and_breaks_the_streak(client, reference_deal):
    new(client, code="GO1-E-AAAAAAB")
    for action in reference_deal["easy_winning_line"]:
        act(client, action)
    new(client, code="GO1-E-AAAAAAC")
    act(client, "d")
    new(client, code="GO1-E-AAAAAAD")
    stats = client.get("/api/solitaire/stats?lang=ca").json()
    easy = next(r for r in stats["rules"] if r["rules"] == "E")
    assert (easy["games"], easy["wins"], easy["win_rate"], easy["best_streak"], easy["current_streak"]) == (
        2,
        1,
        0.5,
        1,
        0,
    )
    assert easy["average_cards_left"] == 35 / 2
    assert easy["label"] == "Fàcil (rei i as units)"


def play_to_the_end(client) -> dict:
    """Play the first legal move until the deal is over (the engine decides what is legal)."""
    game = client.get("/api/solitaire").json()["game"]
    while game["status"] == "playing":
        rules = GameCode.parse(game["code"]).rules
        columns = [[card["code"] for card in column] for column in game["columns"]]
        fits = [
            n
            for n, column in enumerate(columns, start=1)
            if column and rules.fits(parse_card(column[-1]), parse_card(game["discard"]["code"]))
        ]
        game = act(client, str(fits[0]) if fits else "d")["game"]
    return game


def test_a_traditional_course_of_nine_deals(client):
    game = new(client, code="GO1-S-AAAAAAB-T")
    assert game["course"]["deal"] == 1 and game["code"] == "GO1-S-AAAAAAB"
    refused = client.post("/api/solitaire/next?lang=el")
    assert refused.status_code == 400 and refused.json()["error"]["key"] == "course.deal_not_over"
    left = []
    for _ in range(9):
        game = play_to_the_end(client)
        left.append(game["cards_left"])
        game = client.post("/api/solitaire/next").json()["game"]
        assert game["course"]["results"] == left
    course = game["course"]
    assert course["finished"] and course["total"] == sum(left) and course["against_par"] == sum(left) - 45
    stats = client.get("/api/solitaire/stats").json()
    assert stats["finished_courses"][0]["results"] == left
    assert stats["rules"][0]["games"] == 9
    over = client.post("/api/solitaire/next?lang=pt")
    assert over.status_code == 400 and over.json()["error"]["message"] == "O percurso terminou"


def test_next_deal_outside_a_course(client):
    new(client, code="GO1-E-AAAAAAB")
    response = client.post("/api/solitaire/next?lang=ca")
    assert response.json()["error"] == {
        "key": "course.none",
        "message": "Aquesta partida no forma part de cap recorregut",
    }


def test_unknown_addresses_and_methods(client):
    response = client.get("/api/nothing?lang=el")
    assert response.status_code == 404
    assert response.json()["error"]["message"] == "Δεν υπάρχει τίποτα σε αυτή τη διεύθυνση"
    assert client.get("/api/solitaire/action").status_code == 405
    page = client.get("/nowhere?lang=pt")
    assert page.status_code == 404 and "Não há nada neste endereço" in page.text


def test_language_from_query_header_or_server_default(db_path):
    with TestClient(create_app(db_path, default_language="el")) as client:

        def language(headers=None, query=""):
            return client.get(f"/api/i18n{query}", headers=headers or {}).json()["language"]

        assert language({"Accept-Language": "pt-PT,pt;q=0.9,en;q=0.5"}) == "pt"
        assert language({"Accept-Language": "ca"}, "?lang=el") == "el"
        assert language({"Accept-Language": "en-GB"}) == "en"
        assert language({"Accept-Language": "ja"}) == "el", "nothing supported: the server's --lang"
        assert language({"Accept-Language": "ca"}, "?lang=xx") == "ca", "an unknown ?lang= is ignored"


def test_page_strings_are_translated(client):
    english = client.get("/api/i18n?lang=en").json()["strings"]
    for lang in ("ca", "el", "pt"):
        data = client.get(f"/api/i18n?lang={lang}").json()
        assert data["language"] == lang
        assert set(data["strings"]) == set(english)
        assert {entry["code"] for entry in data["languages"]} >= {"en", "ca", "el", "pt"}
        same = [key for key, text in data["strings"].items() if text == english[key]]
        same_words = {"app_name", "jokers", "variants", "stats_course_total", "course_par", "speed_normal"}
        key_names = {"keyname_enter", "keyname_ctrl", "keyname_shift", "keyname_esc"}
        assert set(same) <= same_words | key_names, same
    assert client.get("/api/i18n?lang=ca").json()["strings"]["rule_easy"] == "Fàcil (rei i as units)"


def test_the_guides_words_are_served_apart(client):
    """The first-deal guide's words come only with ``?part=guide``; an unknown part is refused in words."""
    page = client.get("/api/i18n?lang=de").json()["strings"]
    assert "guide_again" in page and "guide_discard" not in page
    english = client.get("/api/i18n?lang=en&part=guide").json()
    assert english["language"] == "en" and english["strings"]["guide_skip"] == "Skip the guide"
    for lang in ("ca", "de", "el", "es", "fr", "pt"):
        data = client.get(f"/api/i18n?lang={lang}&part=guide").json()
        assert data["language"] == lang and set(data["strings"]) == set(english["strings"])
        assert all(data["strings"][key] != text for key, text in english["strings"].items()), lang
    answer = client.get("/api/i18n?part=everything")
    assert answer.status_code == 404 and answer.json()["error"]["key"] == "request.not_found"


def test_each_page_is_sent_its_own_words(client):
    """A page gets at once every word its HTML and first load's modules name, and with ``part=later``
    those only its modules loaded later name (so none shows as its key), and none that only other pages
    name: the Solitaire page carries no six-card word, and its first load no word of its end window.
    An unknown page is refused in words."""
    every = client.get("/api/i18n?lang=fr").json()["strings"]
    for page in PAGES:
        first = client.get(f"/api/i18n?page={page}&lang=fr").json()["strings"]
        later = client.get(f"/api/i18n?page={page}&part=later&lang=fr").json()["strings"]
        assert not set(first) & set(later), page
        named = {key for key in every if re.search(rf"[\"'`]{key}[\"'`]", page_text(page, later=False))}
        assert named <= set(first), (page, sorted(named - set(first)))
        named = {key for key in every if re.search(rf"[\"'`]{key}[\"'`]", page_text(page))}
        assert named <= set(first) | set(later), (page, sorted(named - set(first) - set(later)))
        assert all(text == every[key] for key, text in (first | later).items())
    solitaire = client.get("/api/i18n?page=solitaire").json()["strings"]
    assert "undo" in solitaire and "take_back" not in solitaire and "rule_final_turn" not in solitaire
    assert "won_title" not in solitaire and len(solitaire) < len(every)
    later = client.get("/api/i18n?page=solitaire&part=later&lang=el").json()
    assert later["language"] == "el" and later["strings"]["won_title"] == every_in(client, "el")["won_title"]
    for address in ("/api/i18n?page=nowhere", "/api/i18n?page=nowhere&part=later", "/api/i18n?part=later"):
        answer = client.get(address)
        assert answer.status_code == 404 and answer.json()["error"]["key"] == "request.not_found", address


def test_modules_loaded_later_are_loaded_with_their_words():
    """Only a page's ``later.js`` loads modules later (``import("…")``): it fetches their words with them
    (``part=later``), which the page's first words leave out."""
    for page, (_, entry) in PAGES.items():
        for path in module_graph(entry):
            text = (STATIC / path.removeprefix("/static/")).read_text(encoding="utf-8")
            assert "import(" not in text or path.endswith("/later.js"), (page, path)


def every_in(client, language: str) -> dict[str, str]:
    """Every page's words in ``language``."""
    return client.get(f"/api/i18n?lang={language}").json()["strings"]


def test_pages_and_static_files(client):
    page = client.get("/solitaire")
    assert page.status_code == 200 and 'id="tableau"' in page.text
    for name in ("golfcards.css", "common/dom.js", "solitaire.js", "sixcard.js", "home.js", "icon.svg"):
        assert client.get(f"/static/{name}").status_code == 200
    home = client.get("/")
    assert 'href="/solitaire"' in home.text and 'href="/sixcard"' in home.text
    assert client.get("/sixcard").status_code == 200 and client.get("/sixcard/ABCDE").status_code == 200


def test_storage_schema_is_versioned(db_path):
    Storage(db_path).close()
    with sqlite3.connect(db_path) as db:
        assert db.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
        db.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    with pytest.raises(GolfError, match="newer golfcards") as raised:
        Storage(db_path)
    assert raised.value.key == "storage.newer"


def test_hint_still_winnable_and_solution(client):
    new(client, code="GO1-E-AAAAAAB")
    advice = client.get("/api/solitaire/hint?lang=ca").json()["hint"]
    assert advice["kind"] in ("winning", "best_found") and advice["move"] == "d", "drawing is the only move"
    assert advice["message"].startswith("Pista: ") or advice["message"].startswith("Hint: ")
    assert client.get("/api/solitaire/winnable").json()["winnable"] is True
    solution = client.get("/api/solitaire/solution").json()
    steps = solution["steps"]
    assert solution["winnable"] is True and len(steps) > 35
    assert steps[0]["game"]["moves"] == 0 and steps[-1]["game"]["status"] == "won"
    assert steps[-1]["game"]["score"] == 350
    assert steps[1]["move"] == "d" and steps[1]["game"]["discard"]["code"] == "8S"
    assert client.get("/api/solitaire").json()["game"]["moves"] == 0, "the solution does not touch the game"


def test_no_hint_once_blocked_and_not_winnable(client):
    new(client, code=BLOCKING_CODE)
    for _ in range(16):
        act(client, "d")
    assert client.get("/api/solitaire/winnable").json()["winnable"] is False
    assert client.get("/api/solitaire/hint").json()["hint"]["kind"] == "game_over"


def test_winnable_deals_only(client):
    for rule in ("easy", "classic"):
        game = new(client, rule=rule, winnable=True)
        assert solve(game["code"]).winnable is True


@pytest.mark.parametrize("grade", ["gentle", "fiendish"])
def test_a_new_game_of_a_difficulty_grade(client, grade):
    # The server's next number seeds the draw: the first winnable deal of that grade in its stream.
    game = new(client, rule="easy", grade=grade)
    assert grade_of(game["code"]).value == grade
    assert game["code"] == str(random_winnable_code(EASY, 1000, Grade.from_word(grade)))
    assert new(client, rule="easy", grade="any")["code"] == str(GameCode(1001)), "any: a plain random deal"


def test_the_words_of_each_page_are_sorted_out_at_start_up(db_path, monkeypatch):
    """Which words each page is sent needs every page's files read: the server does it when it starts,
    so the first request for a page's words reads no file in the event loop."""
    from golfcards.web.pages import strings

    app = create_app(db_path, new_number=numbers())
    expected = {page: strings.page_keys()[page] for page in PAGES}

    def no_reading(page: str) -> str:
        raise AssertionError(f"the files of {page} were read during a request")

    monkeypatch.setattr(strings, "page_text", no_reading)
    with TestClient(app) as client:
        for page in PAGES:
            answer = client.get(f"/api/i18n?page={page}&lang=de")
            assert answer.status_code == 200 and set(answer.json()["strings"]) == expected[page]
