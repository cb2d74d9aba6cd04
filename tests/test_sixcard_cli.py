"""``golf sixcard score | arena | bot | play`` through ``golfcards.main.main``."""

from __future__ import annotations

import io
import json
import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from golfcards.main import main
from golfcards.shuffle import DEAL_COUNT
from golfcards.sixcard.codes import DealCode
from tests.interrupts import as_a_terminals_job


def run(capsys, *argv: str, stdin: str | None = None, monkeypatch=None) -> tuple[int, str, str]:
    if stdin is not None:
        monkeypatch.setattr(sys, "stdin", io.StringIO(stdin))
    status = main(list(argv))
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def repeatable(data: dict) -> dict:
    """An arena's JSON without what differs from run to run: how long decisions took (their count stays)."""
    return {**data, "decision_ms": [times["count"] for times in data["decision_ms"]]}


def test_score_explains_the_seed_example(capsys):
    status, out, _ = run(capsys, "sixcard", "score", "9S KD 2C / 9H QC 7D", "--lang", "en")
    assert status == 0
    assert out.splitlines() == [
        "Column 1: 9♠ 9♥ — equal ranks cancel: 0",
        "Column 2: K♦ Q♣ — 0 + 10 = 10",
        "Column 3: 2♣ 7♦ — (-2) + 7 = 5",
        "Total: 15",
    ]


def test_score_json_after_the_blind_swap(capsys):
    status, out, _ = run(capsys, "sixcard", "score", "9♠ K♦ 2♣ / 9♥ K♣ 7♦", "--json")
    data = json.loads(out)
    assert status == 0 and data["total"] == 5
    assert [column["points"] for column in data["columns"]] == [0, 0, 5]
    assert data["columns"][1] == {"cards": ["KD", "KC"], "values": [0, 0], "cancelled": True, "points": 0}


def test_score_any_supported_grid_and_localized(capsys):
    status, out, _ = run(capsys, "sixcard", "score", "AS 2C 3D / 4H 5S 6C / 7D 8H 9S", "--lang", "pt")
    assert status == 0 and "Coluna 1" in out and out.strip().endswith("Total: 41")


@pytest.mark.parametrize(
    "grid, key",
    [
        ("9S KD 2C / 9H QC", "sixcard.bad_grid_shape"),
        ("9S KD / 9S QC", "sixcard.duplicate_card"),
        ("9S KD 2C / 9H QC ZZ", "card.bad_suit"),
        pytest.param("9S KD 2C / 9H QC 7ſ", "card.bad_suit", id="long-s-is-not-an-S"),
    ],
)
def test_score_refuses_bad_grids_clearly(capsys, grid, key):
    status, out, _ = run(capsys, "sixcard", "score", grid, "--json")
    assert status == 2 and json.loads(out)["error"]["key"] == key
    status, _, err = run(capsys, "sixcard", "score", grid, "--lang", "ca")
    assert status == 2 and err.startswith("Error: ") and "Traceback" not in err


def test_arena_json_has_the_documented_keys(capsys):
    status, out, _ = run(
        capsys,
        "sixcard",
        "arena",
        "--players",
        "normal,random",
        "--matches",
        "4",
        "--seed",
        "3",
        "--holes",
        "2",
        "--workers",
        "1",
        "--json",
    )
    data = json.loads(out)
    assert status == 0
    assert data["players"] == ["normal", "random"] and data["matches"] == 4 and data["holes"] == 8
    for key in ("points_per_hole", "hole_win_rate", "match_win_rate"):
        assert len(data[key]) == 2
    assert abs(sum(data["hole_win_rate"]) - 1) < 1e-3 and abs(sum(data["match_win_rate"]) - 1) < 1e-3
    assert data["faults"] == [0, 0]


def test_arena_text_and_same_result_with_two_workers(capsys):
    args = [
        "sixcard",
        "arena",
        "--players",
        "easy,random,normal",
        "--matches",
        "3",
        "--seed",
        "5",
        "--holes",
        "1",
        "--json",
    ]
    _, one, _ = run(capsys, *args, "--workers", "1")
    _, two, _ = run(capsys, *args, "--workers", "2")
    assert repeatable(json.loads(one)) == repeatable(json.loads(two))
    status, out, _ = run(
        capsys,
        "sixcard",
        "arena",
        "--players",
        "easy,random",
        "--matches",
        "2",
        "--holes",
        "1",
        "--workers",
        "1",
        "--lang",
        "el",
    )
    assert status == 0 and "πόντοι ανά τρύπα" in out


@pytest.mark.parametrize("players", ["normal,wizard", "normal", "a,b,c,d,e"])
def test_arena_refuses_bad_players(capsys, players):
    status, _, err = run(capsys, "sixcard", "arena", "--players", players, "--matches", "1")
    assert status == 2 and err.startswith("Error: ")


def test_play_against_a_bot_to_the_end_of_the_match(capsys, monkeypatch):
    moves = "1\n2\n" + "d\nx\n" * 40
    status, out, _ = run(
        capsys,
        "sixcard",
        "play",
        "--bots",
        "normal",
        "--code",
        "G6-P2-AAAAAAB-H1",
        "--seed",
        "1",
        "--lang",
        "en",
        stdin=moves,
        monkeypatch=monkeypatch,
    )
    assert status == 0
    assert "Hole 1 of 1" in out and "Normal bot 2" in out
    assert "Hole" in out and "Total" in out  # the scorecard
    assert "wins the match!" in out or "Shared win" in out
    assert "Deal code of this hole: G6-P2-AAAAAAB-H1" in out
    assert out.index("Deal code") > out.index("Player 1 turns up")  # never before the hole is over
    assert "Play this match again with --code G6-P2-AAAAAAB-H1" in out


def test_play_survives_garbage_out_of_range_and_end_of_input(capsys, monkeypatch):
    status, out, err = run(
        capsys,
        "sixcard",
        "play",
        "--bots",
        "easy",
        "--code",
        "G6-P2-AAAAAAB",
        "--seed",
        "2",
        "--lang",
        "en",
        stdin="banana\n0\n99\n1\n1\n2\nx\n7\n",
        monkeypatch=monkeypatch,
    )
    assert status == 0 and "Traceback" not in err
    assert "I did not understand “banana”." in out
    assert "There is no such position in your grid" in out
    assert "That card is already face up" in out
    assert out.rstrip().endswith("Game stopped.")


def test_play_prints_nothing_that_predicts_the_next_hole_and_replays_with_its_key(capsys, monkeypatch):
    typed = "\n".join(str(1 + k % 6) for k in range(600)) + "\n"  # reveals, takes, swaps: any phase
    args = ["sixcard", "play", "--bots", "easy", "--players", "2", "--holes", "2", "--seed", "1", "--lang", "en"]
    status, out, _ = run(capsys, *args, stdin=typed, monkeypatch=monkeypatch)
    assert status == 0
    codes = re.findall(r"Deal code of this hole: (\S+)", out)
    assert len(codes) == 2
    first, second = DealCode.parse(codes[0]), DealCode.parse(codes[1])
    assert second.number != (first.number + 1) % DEAL_COUNT, "hole 2 is not the next deal number"
    again = re.search(r"Play this match again with --code (\S+) --key ([0-9a-f]{64})\n", out)
    assert again and again.group(1) == codes[0]
    assert out.count(again.group(2)) == 1 and out.index(again.group(0)) > out.index(codes[1]), "the key at the end only"

    status, replayed, _ = run(
        capsys, *args, "--code", codes[0], "--key", again.group(2), stdin=typed, monkeypatch=monkeypatch
    )
    assert status == 0 and re.findall(r"Deal code of this hole: (\S+)", replayed) == codes
    status, _, err = run(capsys, *args, "--key", "ab" * 31 + "zz", stdin="", monkeypatch=monkeypatch)
    assert status == 2 and "64 hex digits" in err


def test_play_reads_positions_in_ascii_digits_only(capsys, monkeypatch):
    typed = "３\n³\n٣\n𝟑\n" + "9" * 4400 + "\n"
    args = ["sixcard", "play", "--bots", "easy", "--code", "G6-P2-AAAAAAB", "--seed", "2", "--lang", "en"]
    status, out, err = run(capsys, *args, stdin=typed, monkeypatch=monkeypatch)
    assert status == 0 and "Traceback" not in err
    for text in ("３", "³", "٣", "𝟑", "9" * 40):
        assert f"I did not understand “{text}”." in out
    assert "turns up" not in out.split("Player 1")[1], "no look-alike digit turned a card up"


@pytest.mark.parametrize(
    "code", ["G６-P2-AAAAAAB", "G6-P２-AAAAAAB", "G6-P2-AAAAAAB-H１", "G6-P2-AAAAAAſ", "G6-P2-AAAAAAB-D٢"]
)
def test_deal_codes_are_ascii_not_look_alikes(capsys, monkeypatch, code):
    status, _, err = run(capsys, "sixcard", "play", "--code", code, "--lang", "en", stdin="", monkeypatch=monkeypatch)
    assert status == 2 and err.startswith("Error: ") and "Traceback" not in err


def test_hot_seat_for_two_people_in_portuguese(capsys, monkeypatch):
    status, out, _ = run(
        capsys,
        "sixcard",
        "play",
        "--bots",
        "",
        "--players",
        "2",
        "--names",
        "Ana,Rui",
        "--lang",
        "pt",
        stdin="1\n2\n1\n2\nd\nq\n",
        monkeypatch=monkeypatch,
    )
    assert status == 0
    assert "Ana (você)" in out and "Rui (você)" in out and "Comprou:" in out
    assert "Buraco 1 de 9" in out and out.rstrip().endswith("Jogo interrompido.")


def test_play_refuses_bad_options(capsys, monkeypatch):
    status, _, err = run(
        capsys, "sixcard", "play", "--bots", "strong,strong", "--players", "2", stdin="", monkeypatch=monkeypatch
    )
    assert status == 2 and "at least one seat" in err
    status, _, err = run(capsys, "sixcard", "play", "--code", "G6-P9-AAAAAAB", stdin="", monkeypatch=monkeypatch)
    assert status == 2 and "2 to 6 players" in err


def _group(leader: int) -> list[str]:
    return subprocess.run(["pgrep", "-g", str(leader)], capture_output=True, text=True).stdout.split()


def _ready_workers(leader: int) -> int:
    """The pool workers of ``leader``'s group whose set-up has run: they ignore Ctrl-C (SIGINT).

    Waiting for this, rather than for a while, sends the interrupt only once the pool is at work
    (before, a worker still starting would die of it with a traceback, however busy the machine)."""
    ready = 0
    for pid in _group(leader):
        try:
            command = Path(f"/proc/{pid}/cmdline").read_bytes()
            status = Path(f"/proc/{pid}/status").read_text()
        except OSError:
            continue  # gone meanwhile
        ignored = next(int(line.split()[1], 16) for line in status.splitlines() if line.startswith("SigIgn:"))
        if b"spawn_main" in command and ignored & (1 << (signal.SIGINT - 1)):
            ready += 1
    return ready


def test_ctrl_c_stops_an_arena_on_several_workers_at_once():
    """Ctrl-C reaches the whole process group, workers included: the arena must stop, not hang."""
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parent.parent / "src")}
    process = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "golfcards",
            "sixcard",
            "arena",
            "--players",
            "expert,strong",
            "--matches",
            "400",
            "--workers",
            "2",
        ],
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
        preexec_fn=as_a_terminals_job,
    )
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline and _ready_workers(process.pid) < 2:
        time.sleep(0.05)
    assert _ready_workers(process.pid) == 2, "both workers started (and ignore Ctrl-C, as the pool sets them up)"
    os.killpg(process.pid, signal.SIGINT)
    try:
        _, err = process.communicate(timeout=30)
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
    assert process.returncode == 130 and "Traceback" not in err
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline and _group(process.pid):
        time.sleep(0.1)
    assert _group(process.pid) == [], "no worker is left behind"


def test_an_arena_without_a_seed_prints_its_secret_seed_only_at_the_end_and_repeats_with_it(capsys):
    args = ["sixcard", "arena", "--players", "easy,random", "--matches", "2", "--holes", "2", "--workers", "1"]
    status, out, _ = run(capsys, *args, "--json")
    data = json.loads(out)
    assert status == 0 and 0 <= data["seed"] < 2**64
    status, again, _ = run(capsys, *args, "--json", "--seed", str(data["seed"]))
    assert status == 0 and repeatable(json.loads(again)) == repeatable(data)
    status, text, _ = run(capsys, *args, "--seed", str(data["seed"]), "--lang", "en")
    assert text.splitlines()[0].endswith(f"seed {data['seed']}")


def refused(capsys, *argv: str) -> tuple[int, str, str]:
    """Run a command whose arguments are refused while parsing: the exit status and the output."""
    with pytest.raises(SystemExit) as leaving:
        main(list(argv))
    captured = capsys.readouterr()
    return leaving.value.code, captured.out, captured.err


@pytest.mark.parametrize(
    "option, value",
    [
        ("--matches", "1" + "0" * 30),
        ("--matches", "0"),
        ("--matches", "-3"),
        ("--matches", "٣"),
        ("--timeout", "nan"),
        ("--timeout", "inf"),
        ("--timeout", "-1"),
        ("--timeout", "0"),
        ("--timeout", "1e3"),
        ("--seed", "-1"),
        ("--seed", str(2**64)),
        ("--workers", "0"),
        ("--holes", "３"),
        ("--holes", "100"),
        ("--jokers", "3"),
    ],
)
def test_arena_numbers_are_ascii_and_in_range(capsys, option, value):
    args = ["sixcard", "arena", "--players", "easy,random", option, value]
    status, out, _ = refused(capsys, *args, "--json")
    assert status == 2 and json.loads(out)["error"]["key"] in (
        "argument.out_of_range",
        "argument.not_whole",
        "argument.not_decimal",
    )
    status, _, err = refused(capsys, *args, "--lang", "pt")
    assert status == 2 and err.splitlines()[-1].startswith(f"Erro: {option}: ") and "Traceback" not in err


@pytest.mark.parametrize("command", [["bot", "--seed", "-4"], ["play", "--players", "9"], ["play", "--seed", "１"]])
def test_other_sixcard_numbers_are_range_checked(capsys, command):
    status, _, err = refused(capsys, "sixcard", *command, "--lang", "en")
    assert status == 2 and err.splitlines()[-1].startswith("Error: --") and "Traceback" not in err
