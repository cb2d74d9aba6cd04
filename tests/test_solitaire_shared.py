"""A shared game anyone can check: the compact move log, GET /api/solitaire/check, and
``golf solitaire replay LINK`` (or a code and its moves as one word)."""

from __future__ import annotations

import json

import pytest
from starlette.testclient import TestClient

from golfcards.cards import CARDS_BY_INDEX
from golfcards.errors import GolfError
from golfcards.main import main
from golfcards.solitaire.board import Board, Draw, Take, Touch
from golfcards.solitaire.codes import GameCode
from golfcards.solitaire.shared import MAX_SHARED_MOVES, compact_log, parse_moves, replay_shared
from golfcards.web.app import create_app

REFERENCE = "GO1-E-AAAAAAB"
BLOCKING = "GO1-E-AAAAAAE"
"""Sixteen draws block this deal."""


@pytest.fixture
def client(tmp_path):
    with TestClient(create_app(tmp_path / "golf.sqlite3")) as test_client:
        yield test_client


def test_the_log_is_one_letter_a_move_and_replays_to_the_same_board(reference_deal):
    line = reference_deal["easy_winning_line"]
    assert compact_log(["d", "5.5", "D", "3", " 7 "]) == "d5d37"
    assert parse_moves(" d31 ") == (Draw(), Take(3), Take(1))
    board = replay_shared(GameCode.parse(REFERENCE), parse_moves("".join(line)))
    assert board.status.value == "won" and board.score == 350 and board.moves == len(line)


@pytest.mark.parametrize(
    ("moves", "key", "params"),
    [
        ("d8", "shared.bad_letter", {"position": 2, "letter": "8"}),
        ("dd u", "shared.bad_letter", {"position": 3, "letter": " "}),
        ("d３", "shared.bad_letter", {"position": 2, "letter": "３"}),
        ("3.5", "shared.bad_letter", {"position": 2, "letter": "."}),
        ("d" * (MAX_SHARED_MOVES + 1), "shared.too_long", {"limit": MAX_SHARED_MOVES}),
    ],
)
def test_moves_that_are_not_a_log_are_refused_with_their_reason(moves, key, params):
    with pytest.raises(GolfError) as caught:
        parse_moves(moves)
    assert caught.value.key == key and caught.value.params == params


def test_a_move_the_rules_refuse_names_its_number():
    with pytest.raises(GolfError) as caught:
        replay_shared(GameCode.parse(BLOCKING), parse_moves("d" * 17))
    assert caught.value.key == "shared.refused"
    assert caught.value.params == {"number": 17, "move": "d", "refusal": "game_over"}


def test_the_game_sent_to_the_page_carries_its_moves_in_effect(client):
    client.post("/api/solitaire/new", json={"code": REFERENCE})
    for action in ["d", "5.5", "5", "u", "5.4", "5"]:
        client.post("/api/solitaire/action", json={"action": action})
    game = client.get("/api/solitaire").json()["game"]
    board = Board.from_code(REFERENCE)
    for action in (Draw(), Touch(5, 5), Touch(5, 4), Take(5)):
        assert board.apply(action) is None
    assert game["log"] == "d555"
    assert replay_shared(GameCode.parse(REFERENCE), parse_moves(game["log"])).view() == board.view()


def test_the_check_confirms_a_won_game_and_names_no_card(client, reference_deal):
    moves = "".join(reference_deal["easy_winning_line"])
    answer = client.get("/api/solitaire/check", params={"code": REFERENCE.lower(), "moves": moves})
    assert answer.status_code == 200
    assert answer.json() == {
        "check": {
            "code": REFERENCE,
            "rule": "Easy (King and Ace joined)",
            "status": "won",
            "score": 350,
            "cards_left": 0,
            "moves": len(moves),
            "message": f"It replays: won, score 350, {len(moves)} moves.",
        }
    }
    for card in CARDS_BY_INDEX:  # not a card of the deal, in any notation the page knows
        assert f'"{card.code}"' not in answer.text
    assert "set-cookie" not in answer.headers, "checking a link creates no player"


def test_the_check_of_a_blocked_game_in_french_and_its_steps_on_request(client):
    answer = client.get("/api/solitaire/check", params={"code": BLOCKING, "moves": "d" * 16, "lang": "fr"})
    check = answer.json()["check"]
    assert check["status"] == "blocked" and check["cards_left"] == 35 and check["score"] == 0
    assert check["message"].startswith("Elle se rejoue\u00a0: plus aucun coup possible")
    assert "steps" not in answer.json()
    steps = client.get("/api/solitaire/check", params={"code": BLOCKING, "moves": "d" * 16, "steps": "1"}).json()
    assert [step["move"] for step in steps["steps"]] == [None, *["d"] * 16]
    assert steps["steps"][-1]["game"]["status"] == "blocked"


@pytest.mark.parametrize(
    ("params", "key", "words"),
    [
        ({"code": BLOCKING, "moves": "d" * 17}, "shared.refused", "move 17 (d) is not allowed there. The game is over"),
        ({"code": BLOCKING, "moves": "dx"}, "shared.bad_letter", "Move 2 (x) is not a move"),
        ({"code": BLOCKING, "moves": "d" * 5000}, "shared.too_long", "at most 64 moves"),
        ({"code": "GO1-E-" + "A" * 5000, "moves": "d"}, "shared.code_too_long", "too long"),
        ({"code": "GO1-E-AAAAAAB-T", "moves": "d"}, "shared.course", "no -T"),
        ({"code": "hello", "moves": "d"}, "code.bad_prefix", "starts with GO1-"),
        ({"moves": "d"}, "code.empty", "No game code"),
    ],
)
def test_a_hostile_or_broken_link_gets_a_clear_refusal(client, params, key, words):
    answer = client.get("/api/solitaire/check", params=params)
    assert answer.status_code == 400
    error = answer.json()["error"]
    assert error["key"] == key and words in error["message"], error


def run(capsys, *args: str) -> tuple[int, str, str]:
    status = main(list(args))
    out, err = capsys.readouterr()
    return status, out, err


def test_golf_solitaire_replay_checks_a_shared_link(capsys, reference_deal):
    moves = "".join(reference_deal["easy_winning_line"])
    link = f"https://golf.example/solitaire?code={REFERENCE}&moves={moves}"
    status, out, _ = run(capsys, "solitaire", "replay", link)
    assert status == 0
    assert out.splitlines() == [
        f"{REFERENCE} · Easy (King and Ace joined)",
        f"It replays: won, score 350, {len(moves)} moves.",
    ]
    status, out, _ = run(capsys, "solitaire", "replay", REFERENCE, moves, "--json")
    data = json.loads(out)
    assert status == 0 and data["replays"] is True and data["status"] == "won" and data["score"] == 350


def test_golf_solitaire_replay_says_plainly_when_a_shared_game_does_not_replay(capsys, reference_deal):
    moves = "".join(reference_deal["easy_winning_line"])
    forged = moves[:10] + ("1" if moves[10] != "1" else "2") + moves[11:]
    status, out, err = run(capsys, "solitaire", "replay", f"http://x/solitaire?code={REFERENCE}&moves={forged}")
    assert status == 2 and out == ""
    assert err.startswith("Error: This game does not replay: move 11 (")
    status, _, err = run(capsys, "solitaire", "replay", BLOCKING, "dd3x", "--lang", "de")
    assert status == 2 and "Zug 4 (x) ist kein Zug" in err
    status, _, err = run(capsys, "solitaire", "replay", "http://x/solitaire?moves=dd")
    assert status == 2 and "No game code" in err
