"""The review of a game over, checked against the solver on several deals: the move after which it
could no longer be won and one that would have kept it winnable, or the fewest cards a deal no play
wins leaves; and the same through GET /api/solitaire/review and /fewest."""

from __future__ import annotations

import random

import pytest
from starlette.testclient import TestClient

from golfcards.i18n import Translator
from golfcards.i18n.cards import card_name
from golfcards.solitaire.board import Board, Draw, Move, Take
from golfcards.solitaire.codes import GameCode
from golfcards.solitaire.course import COURSE_DEALS
from golfcards.solitaire.review import course_fewest, fewest_left, review
from golfcards.solitaire.solver import most_removals, solve
from golfcards.web.app import create_app


def blocked_game(code: GameCode, seed: int) -> list[Move]:
    """A game of ``code`` played with random legal moves until it ends."""
    rng = random.Random(seed)
    board = Board.from_code(code)
    moves: list[Move] = []
    while not board.is_terminal():
        move = rng.choice(board.legal_actions())
        assert board.apply(move) is None
        moves.append(move)
    return moves


def after(code: GameCode, moves: list[Move]) -> Board:
    board = Board.from_code(code)
    for move in moves:
        assert board.apply(move) is None
    return board


DEALS = [(GameCode(number), number) for number in range(1, 13)] + [
    (GameCode(number, rules=GameCode.parse("GO1-C-AAAAAAB").rules), number) for number in (2, 9, 17)
]


@pytest.mark.parametrize(("code", "seed"), DEALS, ids=[f"{code}" for code, _ in DEALS])
def test_the_review_names_the_move_the_solver_says_lost_the_game(code, seed):
    moves = blocked_game(code, seed)
    end = after(code, moves)
    looked = review(code, moves)
    assert looked.cards_left == end.cards_left
    if end.cards_left == 0:
        assert looked.lost is None and looked.fewest_left == 0
        return
    if not solve(Board.from_code(code)).winnable:
        best = most_removals(Board.from_code(code))
        assert looked.lost is None and looked.fewest_left == best.cards_left > 0
        assert after(code, list(best.line)).cards_left == best.cards_left, "the solver's line leaves that many"
        assert looked.cards_left >= looked.fewest_left
        return
    lost = looked.lost
    assert lost is not None and looked.fewest_left == 0
    before = after(code, moves[: lost.number - 1])
    assert solve(before).winnable, "before the lost move the game could be won"
    assert not solve(after(code, moves[: lost.number])).winnable, "after it, it could not"
    assert lost.played == moves[lost.number - 1]
    assert lost.instead != lost.played
    kept = before.clone()
    assert kept.apply(lost.instead) is None and solve(kept).winnable, "the other move keeps it winnable"
    for move, card in ((lost.played, lost.played_card), (lost.instead, lost.instead_card)):
        assert card == (before.free_card(move.column) if isinstance(move, Take) else None)


def test_the_deals_reviewed_cover_both_kinds():
    kinds = set()
    for code, seed in DEALS:
        looked = review(code, blocked_game(code, seed))
        kinds.add("lost" if looked.lost else "never" if looked.fewest_left else "won")
    assert {"lost", "never"} <= kinds


def test_a_course_s_fewest_are_each_deal_s():
    code = GameCode.parse("GO1-E-AAAAAAD-T")
    fewest = course_fewest(code)
    assert len(fewest) == COURSE_DEALS
    for index, count in enumerate(fewest):
        deal = code.single().following(index)
        assert count == fewest_left(deal)
        assert (count == 0) == bool(solve(Board.from_code(deal)).winnable)


# --- through the API (the solver in the server's worker processes) ---------------------------------


@pytest.fixture(scope="module")
def client(tmp_path_factory):
    with TestClient(create_app(tmp_path_factory.mktemp("review") / "golf.sqlite3")) as test_client:
        yield test_client


def letters(moves: list[Move]) -> str:
    return "".join(move.notation for move in moves)


def test_the_review_in_words_names_the_move_and_what_would_have_kept_it_winnable(client):
    code = GameCode.parse("GO1-E-AAAAAAE")
    moves = [Draw()] * 16
    looked = review(code, moves)
    assert looked.lost is not None
    data = client.get("/api/solitaire/review", params={"code": str(code), "moves": letters(moves)}).json()["review"]
    assert data["lost"] == {
        "number": looked.lost.number,
        "played": "d",
        "instead": looked.lost.instead.notation,
    }
    assert data["message"].startswith(f"After move {looked.lost.number} (draw from the stock) the game could no")
    instead = looked.lost.instead
    said = (
        "draw from the stock"
        if looked.lost.instead_card is None
        else f"take the {card_name(looked.lost.instead_card, Translator('en'))} from column {instead.column}"
    )
    assert data["message"].endswith(f"To keep it winnable: {said}.")
    french = client.get(
        "/api/solitaire/review", params={"code": str(code), "moves": letters(moves), "lang": "fr"}
    ).json()["review"]["message"]
    assert french.startswith(f"Après le coup {looked.lost.number} (") and "gagnable\u00a0: " in french


def test_the_review_of_a_deal_no_play_wins_says_the_fewest_against_the_player_s(client):
    code = GameCode.parse("GO1-E-AAAAAAD")
    fewest = fewest_left(code)
    assert fewest > 0
    data = client.get("/api/solitaire/review", params={"code": str(code), "moves": "d" * 16}).json()["review"]
    assert data["lost"] is None and data["fewest_left"] == fewest and data["cards_left"] == 35
    assert data["message"] == (
        f"No play could win this deal: the best leaves {fewest} card{'s' if fewest > 1 else ''}; you left 35."
    )
    assert client.get("/api/solitaire/fewest", params={"code": "GO1-E-AAAAAAD-T"}).json() == {
        "fewest": course_fewest(GameCode.parse("GO1-E-AAAAAAD-T"))
    }


@pytest.mark.parametrize(
    ("path", "params", "key"),
    [
        ("/api/solitaire/review", {"code": "GO1-E-AAAAAAE", "moves": "d" * 17}, "shared.refused"),
        ("/api/solitaire/review", {"code": "GO1-E-AAAAAAE", "moves": "d" * 999}, "shared.too_long"),
        ("/api/solitaire/review", {"code": "GO1-E-AAAAAAE-T", "moves": "d"}, "shared.course"),
        ("/api/solitaire/fewest", {"code": "GO1-E-" + "A" * 900}, "shared.code_too_long"),
        ("/api/solitaire/fewest", {"code": "nope"}, "code.bad_prefix"),
    ],
)
def test_bad_reviews_are_refused_before_the_solver(client, path, params, key):
    answer = client.get(path, params=params)
    assert answer.status_code == 400 and answer.json()["error"]["key"] == key
