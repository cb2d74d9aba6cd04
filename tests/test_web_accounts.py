"""Accounts through the API: sign up keeps the history played before, a second device joins it, and
the attacks the feature invites (session fixation, cross-site requests, replayed passkey ceremonies,
password spraying, reading another player's account, hostile names) are refused."""

from __future__ import annotations

import itertools
import time

import pytest
from starlette.testclient import TestClient

from golfcards.runners.accounts import FAILURES_PER_ACCOUNT, FAILURES_PER_NETWORK
from golfcards.runners.storage import Storage
from golfcards.web.app import create_app
from tests.passkeys import SoftPasskey
from tests.postgres import rows, writing

PASSWORD = "correct horse battery"


def numbers():
    counter = itertools.count(1000)
    return lambda: next(counter)


def play_a_game(client: TestClient) -> dict:
    """A Solitaire game played to a result by a visitor (draws until it ends), and the statistics after."""
    assert client.post("/api/solitaire/new", json={"rule": "easy"}).status_code == 200
    for _ in range(60):
        state = client.post("/api/solitaire/action", json={"action": "d"}).json()
        if state.get("status", "playing") != "playing" or not state.get("accepted", True):
            break
    client.post("/api/solitaire/new", json={"rule": "easy"})
    return stats(client)


def stats(client: TestClient) -> dict:
    answer = client.get("/api/solitaire/stats")
    assert answer.status_code == 200, answer.text
    return {row["rules"]: (row["games"], row["wins"]) for row in answer.json()["rules"] if row["games"]}


def sign_up(client: TestClient, name: str, password: str = PASSWORD) -> None:
    answer = client.post("/api/account/signup", json={"name": name, "password": password})
    assert answer.status_code == 200, answer.text


def sign_in(client: TestClient, name: str, password: str = PASSWORD):
    return client.post("/api/account/signin", json={"name": name, "password": password})


# --- history kept, devices linked -----------------------------------------------------------------


def test_signing_up_keeps_the_games_played_before_and_a_second_device_sees_them(db_location):
    db = db_location
    with TestClient(create_app(db, new_number=numbers())) as laptop, TestClient(create_app(db)) as phone:
        played = play_a_game(laptop)
        assert played, "a game counted"
        cookie_player = laptop.cookies["golfcards_player"]
        sign_up(laptop, "Ann")
        assert "golfcards_player" not in laptop.cookies, "the player cookie joined the account and is cleared"
        assert stats(laptop) == played
        assert rows(db, "SELECT COUNT(*) AS n FROM players WHERE id = ?", (cookie_player,))[0]["n"] == 0

        phone_played = play_a_game(phone)  # the phone played alone before signing in
        assert sign_in(phone, "ann").status_code == 200
        both = {
            rules: tuple(a + b for a, b in zip(played.get(rules, (0, 0)), phone_played.get(rules, (0, 0)), strict=True))
            for rules in played | phone_played
        }
        assert stats(phone) == both
        assert stats(laptop) == both
        account = laptop.get("/api/account").json()
        assert [session["current"] for session in account["sessions"]].count(True) == 1
        assert len(account["sessions"]) == 2


def test_signing_in_moves_every_kind_of_history_and_keeps_the_accounts_daily_entry(db_location):
    db = db_location
    storage = Storage(db)
    try:
        account = storage.create_account("Bea", "bea")
        now = time.time()
        with writing(db) as w:
            w.execute("INSERT INTO players (id, created) VALUES (?, ?)", ("visitor", now))
            for player, game in ((account.player, 1), ("visitor", 2), ("visitor", 3)):
                w.execute(
                    "INSERT INTO solitaire_games (id, player, code, rules, current, started, updated) "
                    "VALUES (?, ?, 'GO1-E-AAAAAAB', 'E', 1, ?, ?)",
                    (game, player, now, now),
                )
            w.execute("UPDATE solitaire_games SET current = 0 WHERE id = 2")
            w.execute(
                "INSERT INTO daily_entries (day, rules, player, game) VALUES ('2026-12-07', 'E', ?, 1)",
                (account.player,),
            )
            w.execute("INSERT INTO daily_entries (day, rules, player, game) VALUES ('2026-12-07', 'E', 'visitor', 2)")
            w.execute("INSERT INTO daily_entries (day, rules, player, game) VALUES ('2026-12-06', 'E', 'visitor', 3)")
            w.execute(
                "INSERT INTO sixcard_matches (id, room, seats, summary, record, finished) "
                "VALUES (7, 'ROOM', '[]', '{}', '{}', ?)",
                (now,),
            )
            w.execute(
                "INSERT INTO sixcard_results (match, seat, player, grid, holes, points, best_hole, won, bots) "
                "VALUES (7, 0, 'visitor', 6, 9, 30, 2, 1, '')"
            )
            w.execute(
                "INSERT INTO ratings (player, grid, mu, sigma, matches, updated) VALUES ('visitor', 6, 27, 7, 1, ?)",
                (now,),
            )
            w.execute("INSERT INTO requests (player, id, created) VALUES ('visitor', 'r1', ?)", (now,))
        storage.open_session(account.id, "phone", merged="visitor")
        owners = {row["id"]: row["player"] for row in rows(db, "SELECT id, player FROM solitaire_games")}
        assert set(owners.values()) == {account.player}
        current = [row["id"] for row in rows(db, "SELECT id FROM solitaire_games WHERE current = 1")]
        assert current == [1], "the account's current game stays the one played on"
        daily = rows(db, "SELECT day, player, game FROM daily_entries ORDER BY day")
        assert [(row["day"], row["game"]) for row in daily] == [("2026-12-06", 3), ("2026-12-07", 1)]
        assert {row["player"] for row in daily} == {account.player}
        assert rows(db, "SELECT player FROM sixcard_results")[0]["player"] == account.player
        assert rows(db, "SELECT player FROM ratings")[0]["player"] == account.player
        assert rows(db, "SELECT COUNT(*) AS n FROM players WHERE id = 'visitor'")[0]["n"] == 0
    finally:
        storage.close()


def test_retention_never_forgets_an_accounts_player_and_deleting_the_account_deletes_its_data(db_location):
    db = db_location
    with TestClient(create_app(db, new_number=numbers())) as client:
        play_a_game(client)
        sign_up(client, "Cy")
        storage: Storage = client.app.state.storage
        forgotten = storage.forget(idle_before=time.time() + 3600, unfinished_before=None)
        assert forgotten.players == 0
        assert stats(client)
        refused = client.post("/api/account/delete", json={"name": "someone else"})
        assert refused.status_code == 400 and refused.json()["error"]["key"] == "account.confirm_name"
        assert client.post("/api/account/delete", json={"name": "cy"}).status_code == 200
        assert client.get("/api/account").json() == {"signed_in": False}
        for table in ("accounts", "players", "solitaire_games", "account_sessions", "account_passwords"):
            assert rows(db, f"SELECT COUNT(*) AS n FROM {table}")[0]["n"] == 0, table


# --- session fixation --------------------------------------------------------------------------------


def test_a_planted_session_cookie_is_ignored_and_every_sign_in_makes_a_new_token(tmp_path):
    app = create_app(tmp_path / "golf.sqlite3")
    with TestClient(app) as victim:
        first = victim.post("/api/account/signup", json={"name": "Dee", "password": PASSWORD}).cookies[
            "golfcards_session"
        ]
        victim.post("/api/account/signout")
        assert victim.get("/api/account").json() == {"signed_in": False}
        ended = TestClient(app, cookies={"golfcards_session": first})  # an ended session's token
        assert ended.get("/api/account").json() == {"signed_in": False}
        planted = "A" * 43  # set by an attacker (a sibling site, a shared computer) before the victim signs in
        fixed = TestClient(app, cookies={"golfcards_session": planted})
        assert fixed.get("/api/account").json() == {"signed_in": False}
        answer = fixed.post("/api/account/signin", json={"name": "Dee", "password": PASSWORD})
        assert answer.status_code == 200
        second = answer.cookies["golfcards_session"]
        assert second not in (first, planted)
        attacker = TestClient(app, cookies={"golfcards_session": planted})
        assert attacker.get("/api/account").json() == {"signed_in": False}, "the planted token opens nothing"
        again = TestClient(app, cookies={"golfcards_session": second})
        assert again.get("/api/account").json()["name"] == "Dee"
        third = again.post("/api/account/signin", json={"name": "Dee", "password": PASSWORD}).cookies[
            "golfcards_session"
        ]
        assert third != second
        assert TestClient(app, cookies={"golfcards_session": second}).get("/api/account").json() == {
            "signed_in": False
        }, "signing in again ends the session the browser held"


def test_sign_out_everywhere_ends_the_other_devices_sessions(tmp_path):
    app = create_app(tmp_path / "golf.sqlite3")
    with TestClient(app) as laptop, TestClient(app) as phone:
        sign_up(laptop, "Eve")
        assert sign_in(phone, "Eve").status_code == 200
        assert phone.post("/api/account/signout-everywhere").status_code == 200
        assert laptop.get("/api/account").json() == {"signed_in": False}


# --- cross-site requests -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("path", "headers", "body"),
    [
        ("/api/account/signout", {"Origin": "https://evil.example"}, "x=1"),
        ("/api/account/delete", {"Origin": "null"}, "name=Fay"),
        ("/api/solitaire/new", {"Origin": "http://testserver.evil.example"}, "rule=easy"),
        ("/api/account/name", {"Sec-Fetch-Site": "cross-site"}, "name=owned"),
        ("/api/sixcard/rooms", {"Sec-Fetch-Site": "same-site"}, "players=2"),
    ],
)
def test_a_cross_site_form_post_is_refused_before_any_route(tmp_path, path, headers, body):
    with TestClient(create_app(tmp_path / "golf.sqlite3")) as client:
        sign_up(client, "Fay")
        answer = client.post(
            path, content=body, headers={**headers, "Content-Type": "application/x-www-form-urlencoded"}
        )
        assert answer.status_code == 403
        assert answer.json()["error"]["key"] == "request.cross_site"
        assert client.get("/api/account").json()["name"] == "Fay", "still signed in, nothing changed"


def test_the_pages_own_origin_and_programs_without_one_may_change_things(tmp_path):
    with TestClient(create_app(tmp_path / "golf.sqlite3")) as client:
        same = {"Origin": "http://testserver", "Sec-Fetch-Site": "same-origin"}
        assert (
            client.post("/api/account/signup", json={"name": "Gus", "password": PASSWORD}, headers=same).status_code
            == 200
        )
        assert client.post("/api/account/name", json={"name": "Gustav"}).status_code == 200  # a program: no Origin
        assert client.get("/api/account").json()["name"] == "Gustav"


# --- passkeys ---------------------------------------------------------------------------------------


def test_a_passkey_signs_up_and_in_and_neither_ceremony_can_be_replayed(db_location):
    db = db_location
    with TestClient(create_app(db)) as client:
        passkey = SoftPasskey()
        options = client.post("/api/account/passkeys/register", json={"name": "Hal"}).json()
        assert options["rp"]["id"] == "testserver"
        registration = passkey.register(options)
        answer = client.post("/api/account/passkeys/register/finish", json={"credential": registration})
        assert answer.status_code == 200, answer.text
        assert client.get("/api/account").json()["name"] == "Hal"
        client.post("/api/account/signout")

        replayed = client.post("/api/account/passkeys/register/finish", json={"credential": registration})
        assert replayed.status_code == 401 and replayed.json()["error"]["key"] == "account.passkey_refused"
        assert rows(db, "SELECT COUNT(*) AS n FROM accounts")[0]["n"] == 1

        options = client.post("/api/account/passkeys/signin").json()
        assertion = passkey.sign_in(options)
        assert client.post("/api/account/passkeys/signin/finish", json={"credential": assertion}).status_code == 200
        assert client.get("/api/account").json()["name"] == "Hal"
        client.post("/api/account/signout")
        again = client.post("/api/account/passkeys/signin/finish", json={"credential": assertion})
        assert again.status_code == 401
        assert client.get("/api/account").json() == {"signed_in": False}


def test_a_passkey_signed_for_another_origin_is_refused(tmp_path):
    with TestClient(create_app(tmp_path / "golf.sqlite3")) as client:
        passkey = SoftPasskey()
        options = client.post("/api/account/passkeys/register", json={"name": "Ivy"}).json()
        forged = passkey.register(options, origin="https://evil.example")
        answer = client.post("/api/account/passkeys/register/finish", json={"credential": forged})
        assert answer.status_code == 401
        assert client.get("/api/account").json() == {"signed_in": False}


def test_a_signed_in_player_adds_a_passkey_for_another_device(tmp_path):
    with TestClient(create_app(tmp_path / "golf.sqlite3")) as client:
        sign_up(client, "Jo")
        phone_key = SoftPasskey()
        options = client.post("/api/account/passkeys/register", json={}).json()
        answer = client.post("/api/account/passkeys/register/finish", json={"credential": phone_key.register(options)})
        assert answer.status_code == 200, answer.text
        assert len(client.get("/api/account").json()["passkeys"]) == 1
        client.post("/api/account/signout")
        options = client.post("/api/account/passkeys/signin").json()
        finish = client.post("/api/account/passkeys/signin/finish", json={"credential": phone_key.sign_in(options)})
        assert finish.status_code == 200 and client.get("/api/account").json()["name"] == "Jo"


# --- password spraying and guessing -----------------------------------------------------------------------


def test_guessing_one_accounts_password_is_stopped_and_says_so(tmp_path):
    with TestClient(create_app(tmp_path / "golf.sqlite3")) as client:
        sign_up(client, "Kim")
        sign_up(TestClient(client.app), "Lou")
        client.post("/api/account/signout")
        for _ in range(FAILURES_PER_ACCOUNT):
            assert sign_in(client, "Kim", "wrong password").status_code == 401
        stopped = sign_in(client, "Kim", PASSWORD)
        assert stopped.status_code == 429
        assert stopped.json()["error"]["key"] == "account.too_many_attempts"
        french = client.post("/api/account/signin?lang=fr", json={"name": "Kim", "password": PASSWORD}).json()["error"][
            "message"
        ]
        assert french.startswith("Trop de")
        assert sign_in(client, "Lou").status_code == 200, "another account is not locked by it"


def test_password_spraying_from_one_network_is_stopped(tmp_path):
    with TestClient(create_app(tmp_path / "golf.sqlite3")) as client:
        sign_up(client, "Max")
        client.post("/api/account/signout")
        for number in range(FAILURES_PER_NETWORK):
            assert sign_in(client, f"user{number}", "password123").status_code == 401
        assert sign_in(client, "Max").status_code == 429


def test_passwords_are_stored_as_argon2id_hashes_only(tmp_path):
    db = tmp_path / "golf.sqlite3"
    with TestClient(create_app(db)) as client:
        sign_up(client, "Ned")
    stored = rows(db, "SELECT hash FROM account_passwords")[0]["hash"]
    assert stored.startswith("$argon2id$") and PASSWORD not in stored
    assert PASSWORD.encode() not in db.read_bytes()


# --- one player's account is theirs only ------------------------------------------------------------------


def test_the_account_api_shows_and_changes_only_the_requesters_own_account(tmp_path):
    app = create_app(tmp_path / "golf.sqlite3")
    with TestClient(app) as owner, TestClient(app) as other:
        sign_up(owner, "Oda")
        key = SoftPasskey()
        options = owner.post("/api/account/passkeys/register", json={}).json()
        owner.post("/api/account/passkeys/register/finish", json={"credential": key.register(options)})
        mine = owner.get("/api/account").json()
        sign_up(other, "Pia")
        theirs = other.get("/api/account").json()
        assert theirs["name"] == "Pia" and theirs["passkeys"] == []
        assert {s["id"] for s in theirs["sessions"]}.isdisjoint(s["id"] for s in mine["sessions"])
        ended = other.post("/api/account/sessions/end", json={"id": mine["sessions"][0]["id"]})
        assert ended.status_code == 404
        deleted = other.post("/api/account/passkeys/delete", json={"id": mine["passkeys"][0]["id"]})
        assert deleted.status_code == 404
        assert owner.get("/api/account").json() == mine
        anonymous = TestClient(app)
        assert anonymous.get("/api/account").json() == {"signed_in": False}
        assert anonymous.post("/api/account/name", json={"name": "x"}).status_code == 401


# --- names --------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "status", "key"),
    [
        ("Eve\u202egnp.exe", 400, "account.bad_name_characters"),
        ("a\u2066b", 400, "account.bad_name_characters"),
        ("zero\u200bwidth", 400, "account.bad_name_characters"),
        ("tab\x07bell", 400, "account.bad_name_characters"),
        ("   ", 400, "account.bad_name"),
        ("n" * 25, 400, "account.bad_name"),
        ("n" * 2000, 400, "account.bad_name"),
        ("n" * 10_000, 413, "request.too_large"),
        (["list"], 400, "account.bad_name"),
    ],
)
def test_hostile_names_are_refused_with_a_clear_error(tmp_path, name, status, key):
    with TestClient(create_app(tmp_path / "golf.sqlite3")) as client:
        answer = client.post("/api/account/signup", json={"name": name, "password": PASSWORD})
        assert answer.status_code == status
        assert answer.json()["error"]["key"] == key
        assert answer.json()["error"]["message"]


def test_names_are_normalised_and_unique_whatever_their_case(tmp_path):
    app = create_app(tmp_path / "golf.sqlite3")
    with TestClient(app) as first, TestClient(app) as second:
        sign_up(first, "  <b>Ｑｕｉｎ</b>  ")
        assert first.get("/api/account").json()["name"] == "<b>Quin</b>", "NFKC, trimmed, kept as text"
        taken = second.post("/api/account/signup", json={"name": "<B>QUIN</B>", "password": PASSWORD})
        assert taken.status_code == 400 and taken.json()["error"]["key"] == "account.name_taken"
        sign_up(second, "Rex")
        assert (
            second.post("/api/account/name", json={"name": "<b>quin</b>"}).json()["error"]["key"]
            == "account.name_taken"
        )
        assert second.post("/api/account/name", json={"name": "Rexa"}).status_code == 200


# --- a terminal signs in with a device code ------------------------------------------------------------


def test_a_terminal_signs_in_with_a_code_confirmed_in_a_signed_in_browser(db_location):
    app = create_app(db_location)
    with TestClient(app) as browser, TestClient(app) as terminal:
        sign_up(browser, "Uma")
        started = terminal.post("/api/account/device", json={"device": "golf tui"}).json()
        assert started["url"] == "/device" and len(started["code"]) == 9
        waiting = terminal.post("/api/account/device/poll", json={"poll": started["poll"]})
        assert waiting.status_code == 202
        wrong = browser.post("/api/account/device/confirm", json={"code": "AAAA-AAAA"})
        assert wrong.status_code == 400 and wrong.json()["error"]["key"] == "account.device_unknown"
        anonymous = TestClient(app).post("/api/account/device/confirm", json={"code": started["code"]})
        assert anonymous.status_code == 401, "only a signed-in browser confirms"
        confirmed = browser.post("/api/account/device/confirm", json={"code": started["code"].lower()})
        assert confirmed.status_code == 200
        answer = terminal.post("/api/account/device/poll", json={"poll": started["poll"]}).json()
        token = answer["token"]
        again = terminal.post("/api/account/device/poll", json={"poll": started["poll"]})
        assert again.status_code == 410, "the token is given once"
        signed_in = TestClient(app, cookies={answer["cookie"]: token}).get("/api/account").json()
        assert signed_in["name"] == "Uma"
        assert "golf tui" in [session["device"] for session in browser.get("/api/account").json()["sessions"]]


def test_the_session_cookie_is_http_only_same_site_lax_and_secure_under_https(tmp_path):
    app = create_app(tmp_path / "golf.sqlite3")
    with TestClient(app, base_url="https://golf.example") as client:
        answer = client.post("/api/account/signup", json={"name": "Wes", "password": PASSWORD})
        cookie = next(h for h in answer.headers.get_list("set-cookie") if h.startswith("golfcards_session="))
        flags = {part.strip().lower() for part in cookie.split(";")[1:]}
        assert {"httponly", "secure", "samesite=lax", "path=/"} <= flags
        forged = client.post(
            "/api/account/signout", headers={"Origin": "http://golf.example", "Content-Type": "text/plain"}
        )
        assert forged.status_code == 403, "an http page may not act on the https site"
