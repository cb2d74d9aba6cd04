"""Agreement with an independent exhaustive solver on the reference deals (a fixed sample in CI).

``bench/golf-solitaire-2000.tsv`` gives 2,000 deals with verdicts for strict, Classic and Easy;
``bench/solver.py`` checks all 6,000 (it takes minutes; see docs/solver.md for the figures). Here a
fixed sample of every 40th deal runs in CI. The file's "strict" lets the player draw at any time
(nothing on a King, no wrap); the engine's STRICT draws only when stuck, so the file is compared
with the solver under the file's definition, and the engine's rule is checked not to disagree the
other way (a win under "draw only when stuck" is a win when drawing is free too).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from golfcards.runners.reference_deals import read_reference_deals
from golfcards.solitaire.board import Board, Status
from golfcards.solitaire.rules import CLASSIC, EASY, STRICT
from golfcards.solitaire.solver import search, start_of

ROOT = Path(__file__).resolve().parent.parent
DEALS = read_reference_deals(ROOT / "bench" / "golf-solitaire-2000.tsv")
SAMPLE = DEALS[::40]


def test_the_file_is_complete():
    assert len(DEALS) == 2000
    assert sum(expected["strict"] for _, expected in DEALS) == 535
    assert sum(expected["classic"] for _, expected in DEALS) == 922
    assert sum(expected["easy"] for _, expected in DEALS) == 1851


@pytest.mark.parametrize("rules, column", [(CLASSIC, "classic"), (EASY, "easy")])
def test_classic_and_easy_verdicts_agree(rules, column):
    for deal, expected in SAMPLE:
        verdict = search(start_of(deal, rules))
        assert verdict.winnable is expected[column]
        if verdict.winnable:
            board = Board(deal, rules)
            for move in verdict.line:
                assert board.apply(move) is None
            assert board.status is Status.WON


def test_strict_verdicts_agree_with_the_files_definition():
    for deal, expected in SAMPLE:
        assert search(start_of(deal, STRICT, draw_anytime=True)).winnable is expected["strict"]


def test_engine_strict_wins_only_where_the_file_wins():
    for deal, expected in SAMPLE:
        if search(start_of(deal, STRICT)).winnable:
            assert expected["strict"]
