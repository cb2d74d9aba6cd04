"""``golf solitaire daily`` and the live "still winnable" line, through the command line."""

from __future__ import annotations

import datetime
import io
import json

import pytest

from golfcards.cli.solitaire import PlaySession
from golfcards.i18n import translator
from golfcards.main import main
from golfcards.solitaire import Board
from golfcards.solitaire.codes import GameCode
from golfcards.solitaire.daily import daily_code, daily_numbers
from golfcards.solitaire.difficulty import Grade, grade_of
from golfcards.solitaire.rules import EASY
from golfcards.solitaire.solver import solve

PINNED = {
    ("2026-12-01", "easy"): "GO1-E-CLVQXHH",
    ("2026-12-01", "classic"): "GO1-C-SHXFWJY",
    ("2026-12-01", "strict"): "GO1-S-CSKQHSQ",
    ("2027-01-01", "easy"): "GO1-E-STSOGPN",
}
"""Graded tricky (before the grade existed the Easy code of 2026-12-01 was the first winnable
candidate, GO1-E-AETDYNA, a gentle deal; the Classic one was already tricky)."""
WINNING_START = "6 5 1 4 3 d 7 5 d d 3 5 d d 6 d 6 d 2 6 4 d d d 7 3 2".split()
"""The first 27 moves of a winning line of GO1-E-AETDYNA; taking column 3 next loses the game."""


def run(capsys, *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    captured = capsys.readouterr()
    return status, captured.out, captured.err


@pytest.mark.parametrize(("day", "rule"), sorted(PINNED))
def test_the_daily_code_is_pinned_and_the_same_on_every_call(capsys, day, rule):
    first = run(capsys, "solitaire", "daily", "--date", day, "--rule", rule, "--json")
    second = run(capsys, "solitaire", "daily", "--rule", rule, "--date", day, "--json")
    assert first[0] == 0 and first == second
    assert json.loads(first[1]) == {"date": day, "rule": rule, "code": PINNED[(day, rule)]}


def test_the_daily_code_in_words_names_the_day_and_the_rule(capsys):
    status, out, _ = run(capsys, "solitaire", "daily", "--date", "2026-12-01", "--lang", "ca")
    assert status == 0
    assert out.startswith("Repartiment del dia 2026-12-01 (") and out.strip().endswith("): GO1-E-CLVQXHH")


def test_today_is_the_default_day(capsys):
    today = datetime.datetime.now(datetime.UTC).date()
    status, out, _ = run(capsys, "solitaire", "daily", "--json")
    assert status == 0
    assert json.loads(out)["date"] in (today.isoformat(), (today + datetime.timedelta(days=1)).isoformat())


@pytest.mark.parametrize("text", ["2026-02-30", "2026-13-01", "1.12.2026", "２０２６-01-01", "x" * 5000])
def test_a_bad_date_is_a_clear_localized_error(capsys, text):
    with pytest.raises(SystemExit) as stop:
        main(["solitaire", "daily", "--date", text, "--json", "--lang", "fr"])
    status = stop.value.code
    error = json.loads(capsys.readouterr().out)["error"]
    assert status == 2 and error["key"] == "argument.not_date"
    assert "AAAA-MM-JJ" in error["message"] and "Traceback" not in error["message"]


def test_the_daily_sequence_skips_deals_a_grade_refuses():
    day = datetime.date(2026, 12, 1)
    plain = daily_code(day, EASY, accept=None)
    later = daily_code(day, EASY, accept=lambda code, verdict: code != plain)
    assert later != plain and later.number in _first(daily_numbers(day, EASY), 50)
    assert daily_code(day, EASY, accept=lambda code, verdict: verdict.winnable) == plain
    # The daily deal itself: the first winnable candidate graded tricky.
    tricky = daily_code(day, EASY)
    assert grade_of(plain) is not Grade.TRICKY and grade_of(tricky) is Grade.TRICKY
    candidates = (GameCode(number, EASY) for number in daily_numbers(day, EASY))
    assert tricky == next(code for code in candidates if solve(code).winnable and grade_of(code) is Grade.TRICKY)


def _first(numbers, count: int) -> list[int]:
    return [next(numbers) for _ in range(count)]


def test_daily_play_deals_the_days_code(capsys, monkeypatch):
    monkeypatch.setattr("sys.stdin", io.StringIO("t\nq\n"))
    status, out, _ = run(capsys, "solitaire", "daily", "--date", "2026-12-01", "--play", "--lang", "en")
    assert status == 0
    assert "GO1-E-CLVQXHH · Easy" in out


def _session(live: bool = False) -> tuple[PlaySession, io.StringIO]:
    out = io.StringIO()
    return PlaySession(Board.from_code("GO1-E-AETDYNA"), translator("en"), out=out, live_winnable=live), out


def test_the_live_line_is_off_by_default_and_w_on_turns_it_on():
    session, out = _session()
    session.handle("d")
    assert "winnable" not in out.getvalue().lower()
    session.handle("w on")
    assert "Live still-winnable line: on" in out.getvalue()
    out.truncate(0), out.seek(0)
    session.handle("u")
    assert "Still winnable" in out.getvalue()
    session.handle("w off")
    out.truncate(0), out.seek(0)
    session.handle("d")
    assert "winnable" not in out.getvalue().lower()


def test_the_live_line_says_when_a_move_loses_the_game(capsys, monkeypatch):
    commands = ["w on", *WINNING_START, "3", "q"]
    monkeypatch.setattr("sys.stdin", io.StringIO("\n".join(commands) + "\n"))
    status, out, _ = run(capsys, "solitaire", "play", "GO1-E-AETDYNA", "--lang", "en")
    assert status == 0
    lines = [line for line in out.splitlines() if "winnable" in line.lower() and "line:" not in line]
    assert lines[-2] == "Still winnable"
    assert lines[-1] == "No longer winnable"


def test_the_live_line_flag_and_its_words_in_german(capsys, monkeypatch):
    monkeypatch.setattr("sys.stdin", io.StringIO("\n".join([*WINNING_START, "3", "q"]) + "\n"))
    status, out, _ = run(capsys, "solitaire", "play", "GO1-E-AETDYNA", "--live-winnable", "--lang", "de")
    assert status == 0
    assert "Noch gewinnbar" in out and "Nicht mehr gewinnbar" in out
