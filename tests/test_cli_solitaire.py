"""``golf solitaire`` through its command line, as scripts and players use it."""

from __future__ import annotations

import io
import json
import subprocess
import sys

import pytest

from golfcards.cli.solitaire import PlaySession
from golfcards.i18n import translator
from golfcards.main import main
from golfcards.solitaire import Board, GameCode


def run(capsys, *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def test_deal_json_is_the_reference_deal(capsys, reference_deal):
    status, out, _ = run(capsys, "solitaire", "deal", "GO1-E-AAAAAAB", "--json")
    assert status == 0
    data = json.loads(out)
    assert data == {
        "code": "GO1-E-AAAAAAB",
        "rules": "easy",
        "columns": reference_deal["columns"],
        "discard": "AC",
        "stock": reference_deal["stock"],
    }


def test_deal_json_classic_and_forgiving_input(capsys):
    status, out, _ = run(capsys, "solitaire", "deal", "  go1-c-aaaaaab ", "--json")
    assert status == 0 and json.loads(out)["rules"] == "classic" and json.loads(out)["code"] == "GO1-C-AAAAAAB"


def test_deal_human_output_is_localized(capsys, catalan_seed_states):
    status, out, _ = run(capsys, "solitaire", "deal", "GO1-E-AAAAAAB", "--lang", "ca")
    assert status == 0
    assert "Fàcil (rei i as units)" in out
    assert catalan_seed_states[0] in out.splitlines()
    assert "R♣" in out


@pytest.mark.parametrize(
    "argv",
    [
        ["solitaire", "deal", "GO1-E-AAAAAA", "--json"],
        ["solitaire", "replay", "XYZ", "d", "--json"],
    ],
)
def test_bad_code_gives_a_json_error_and_status_2(capsys, argv):
    status, out, _ = run(capsys, *argv)
    assert status == 2
    assert set(json.loads(out)["error"]) == {"key", "message"}


def test_bad_code_human_error_is_one_translated_line(capsys):
    status, out, err = run(capsys, "solitaire", "deal", "GO1-Q-AAAAAAB", "--lang", "pt")
    assert status == 2 and out == ""
    assert (
        err.strip() == "Erro: GO1-Q-AAAAAAB: a letra da regra tem de ser E (Fácil), C (Clássico) ou S (Estrita), não Q"
    )


def test_replay_winning_line_json(capsys, reference_deal):
    status, out, _ = run(capsys, "solitaire", "replay", "GO1-E-AAAAAAB", *reference_deal["easy_winning_line"], "--json")
    data = json.loads(out)
    assert status == 0
    assert (data["status"], data["score"], data["moves"]) == ("won", 350, 47)
    assert data["columns"] == [[]] * 7 and data["messages"] == []
    assert set(data) == {
        "code",
        "rules",
        "status",
        "score",
        "moves",
        "columns",
        "discard",
        "stock_count",
        "undo_available",
        "messages",
    }


def test_replay_in_classic_reports_where_the_line_breaks_and_goes_on(capsys, reference_deal):
    status, out, _ = run(capsys, "solitaire", "replay", "GO1-C-AAAAAAB", *reference_deal["easy_winning_line"])
    data = json.loads(out)
    assert status == 0
    assert data["messages"][0] == {"index": 24, "action": "4", "key": "not_consecutive"}
    assert data["status"] in ("playing", "blocked")


def test_replay_refusals_undo_and_touch(capsys):
    status, out, _ = run(
        capsys, "solitaire", "replay", "GO1-E-AAAAAAB", "1.5", "1.4", "d", "5.5", "u", "u", "u", "zz", "9", "--json"
    )
    data = json.loads(out)
    assert [(m["action"], m["key"]) for m in data["messages"]] == [
        ("1.5", "not_consecutive"),
        ("1.4", "card_blocked"),
        ("u", "nothing_to_undo"),
        ("zz", "bad_action"),
        ("9", "bad_action"),
    ]
    assert data["moves"] == 2 and data["stock_count"] == 16 and data["undo_available"] == 0


def test_replay_text_in_catalan(capsys, catalan_seed_states):
    status, out, _ = run(
        capsys, "solitaire", "replay", "GO1-E-AAAAAAB", "d", "5", "2", "1", "1.4", "--lang", "ca", "--text"
    )
    lines = out.splitlines()
    assert lines[0] == catalan_seed_states[1]
    assert lines[1] == "4. 1: Ha de ser d’un valor superior o inferior"
    assert lines[2] == "5. 1.4: Aquesta carta està bloquejada"


def test_replay_text_in_greek_shows_the_end_message(capsys):
    from tests.test_solitaire_rules import SCORE_EXAMPLES

    code, line, _, _ = SCORE_EXAMPLES[0]
    status, out, _ = run(capsys, "solitaire", "replay", code, *line.split(), "--lang", "el", "--text")
    assert out.splitlines()[-1] == "Δεν υπάρχουν άλλες διαθέσιμες κινήσεις"


def test_replay_json_blocked_score(capsys):
    from tests.test_solitaire_rules import SCORE_EXAMPLES

    code, line, _, score = SCORE_EXAMPLES[1]
    data = json.loads(run(capsys, "solitaire", "replay", code, *line.split())[1])
    assert (data["status"], data["score"]) == ("blocked", score)
    data = json.loads(run(capsys, "solitaire", "replay", code, *line.split(), "u")[1])
    assert data["status"] == "playing" and data["score"] > 0


# --- interactive play -------------------------------------------------------------------------


def play_session(commands: str, code: str = "GO1-E-AAAAAAB", language: str = "en", **kwargs) -> tuple[PlaySession, str]:
    out = io.StringIO()
    parsed = GameCode.parse(code)
    from golfcards.solitaire.course import Course

    course = Course(parsed) if parsed.course else None
    board = course.board if course else Board.from_code(parsed)
    session = PlaySession(board, translator(language), out=out, course=course, new_number=lambda: 7, **kwargs)
    session.run(io.StringIO(commands))
    return session, out.getvalue()


def test_play_shows_board_score_moves_and_stock():
    session, out = play_session("d\n5\nq\n")
    assert "Stock: 16   Discard: A♣   Score: 0   Moves: 0" in out
    assert "You drew 8 of spades." in out
    assert "Stock: 15   Discard: 9♣   Score: 10   Moves: 2" in out
    assert session.board.moves == 2


def test_play_explains_refusals_only_with_interactive_rules():
    _, out = play_session("1\nr\n1\nr\n1.4\nq\n", language="ca")
    assert out.count("Ha de ser d’un valor superior o inferior") == 1
    assert "Regles interactives: desactivades" in out
    assert "Aquesta carta està bloquejada" in out
    _, out = play_session("1\nq\n", interactive_rules=False)
    assert "Must be one rank higher or lower" not in out


def test_play_undo_new_game_by_code_and_by_rule():
    session, out = play_session("d\nu\nn GO1-C-AAAAAAC\nc\nn nonsense\nq\n")
    assert "Undone: 8 of spades goes back." in out
    assert "New game: GO1-C-AAAAAAC" in out
    assert "New game: GO1-C-AAAAAAH" in out
    assert "a game code starts with GO1-" in out
    assert str(session.board.code) == "GO1-C-AAAAAAH"


def test_play_language_switch_and_text_line(catalan_seed_states):
    _, out = play_session("l ca\nt\nl xx\nq\n")
    assert "Idioma: Català" in out
    assert catalan_seed_states[0] in out
    assert "Trieu un idioma:" in out


def test_play_survives_garbage_and_end_of_input():
    session, out = play_session("hello\n99\n3.9\n\n")
    assert "Unknown command 'hello'" in out
    assert "There is no such place on the board" in out
    assert session.board.moves == 0


def test_play_win_message(reference_deal):
    _, out = play_session("\n".join(reference_deal["easy_winning_line"]) + "\nq\n")
    assert "You won! Score: 350" in out


def test_play_block_message_and_undo_out_of_it():
    from tests.test_solitaire_rules import SCORE_EXAMPLES

    code, line, _, _ = SCORE_EXAMPLES[0]
    session, out = play_session("\n".join(line.split()) + "\nu\nq\n", code=code, language="ca")
    assert "Ja no hi ha cap moviment possible" in out
    assert session.board.status.value == "playing"


def test_play_course_runs_nine_deals_against_par():
    from tests.test_solitaire_rules import SCORE_EXAMPLES

    code, line, removed, _ = SCORE_EXAMPLES[0]
    session, out = play_session("next\n" + "\n".join(line.split()) + "\nnext\nq\n", code=code + "-T")
    assert "Finish this deal first" in out
    assert "Course: deal 2 of 9 · total 4 · par so far 5 · -1" in out
    assert session.course is not None and session.course.results == [35 - removed]


def test_help_lists_the_commands(capsys):
    _, out = play_session("h\nq\n", language="el")
    assert "Εντολές:" in out and "ελληνικά" not in out


def test_golf_command_runs_as_a_process_without_traceback():
    result = subprocess.run(
        [sys.executable, "-m", "golfcards", "solitaire", "replay", "GO1-E-AAAAAAB", "d", "5", "--json"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 0 and json.loads(result.stdout)["score"] == 10
    result = subprocess.run(
        [sys.executable, "-m", "golfcards", "solitaire", "deal", "bad"], capture_output=True, text=True, timeout=60
    )
    assert result.returncode == 2 and "Traceback" not in result.stderr


def test_interactive_play_as_a_process():
    result = subprocess.run(
        [sys.executable, "-m", "golfcards", "solitaire", "play", "GO1-E-AAAAAAB", "--lang", "ca"],
        input="d\n5\n2\nq\n",
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 0
    assert "Punts: 20" in result.stdout and "Traceback" not in result.stderr


# --- solver help in play ------------------------------------------------------------------------


def test_play_hint_follows_a_winning_line_to_a_win():
    from golfcards.solitaire.hint import hint

    board = Board.from_code("GO1-E-AAAAAAB")
    out = io.StringIO()
    session = PlaySession(board, translator("en"), out=out)
    for _ in range(60):
        if board.is_terminal():
            break
        session.handle("?")
        session.handle(hint(board).move.notation)
    assert board.status.value == "won" and board.score == 350
    assert "It is the next move of a winning line." in out.getvalue()


def test_play_still_winnable_on_request(capsys):
    _, out = play_session("w\n", code="GO1-E-AAAAAAB")
    assert "Still winnable: yes" in out
    _, out = play_session("w\n", code="GO1-C-AAAAAAB", language="ca")
    assert "Encara es pot guanyar: no" in out


def test_play_lost_position_hint_says_so():
    _, out = play_session("?\n", code="GO1-C-AAAAAAB")
    assert "This game can no longer be won" in out


def test_play_winnable_only_new_games_are_proven_winnable():
    from golfcards.solitaire.solver import solve

    session, out = play_session("c\nn\n", winnable_only=True)
    code = session.board.code
    assert code.rules.name.value == "C"
    assert solve(code).winnable is True
    assert out.count("New game: ") == 2


def test_a_hint_never_names_the_face_down_stock_card():
    _, out = play_session("?\n", code="GO1-E-AAAAAAB")
    assert "Hint: draw from the stock." in out
    assert "8 of spades" not in out.split("Hint:")[1]


LOOK_ALIKES = ["³", "1.²", "1." + "9" * 4400, "٣", "３", "𝟑", "3.٣"]
"""Digits that str.isdigit() accepts (and int() may not), and a row longer than int() reads."""


def test_replay_reads_only_ascii_actions_in_range(capsys):
    status, out, err = run(capsys, "solitaire", "replay", "GO1-E-AAAAAAB", *LOOK_ALIKES, "d", "--json")
    assert status == 0 and "Traceback" not in err
    data = json.loads(out)
    assert data["moves"] == 1, "only the draw was played"
    assert [m["key"] for m in data["messages"]] == ["bad_action"] * len(LOOK_ALIKES)


@pytest.mark.parametrize("action", LOOK_ALIKES, ids=range(len(LOOK_ALIKES)))
def test_hint_refuses_a_look_alike_or_huge_action_clearly(capsys, action):
    status, out, _ = run(capsys, "solitaire", "hint", "GO1-E-AAAAAAB", "d", action, "--json")
    assert status == 2 and json.loads(out)["error"]["key"] == "action.bad"
    status, _, err = run(capsys, "solitaire", "hint", "GO1-E-AAAAAAB", action, "--lang", "de")
    assert status == 2 and err.startswith("Fehler: ") and "Traceback" not in err


@pytest.mark.parametrize("code", ["GO1-E-AAAAAß", "GO1-E-AAAAAAſ", "GO1-E-ＡAAAAAB", "GO１-E-AAAAAAB"])
def test_codes_are_ascii_not_look_alikes(capsys, code):
    status, out, _ = run(capsys, "solitaire", "deal", code, "--json")
    assert status == 2 and json.loads(out)["error"]["key"] in ("code.bad_deal_letters", "code.bad_prefix")
