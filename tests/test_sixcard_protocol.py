"""The bot protocol end to end: ``golf sixcard bot`` as a subprocess, ``cmd:`` players in the arena."""

from __future__ import annotations

import json
import os
import pickle
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

from golfcards.errors import GolfError
from golfcards.main import main
from golfcards.runners.arena import MAX_HOLE_TURNS, ArenaConfig, run_arena
from golfcards.runners.bot_protocol import CommandPlayer, answer_line, encode_view
from golfcards.sixcard.actions import TakeDiscard, action_from_json
from golfcards.sixcard.bots import make_bot
from golfcards.sixcard.codes import DealCode
from golfcards.sixcard.rules import SixCardRules
from golfcards.sixcard.state import HoleState
from golfcards.sixcard.view import view_for

SOURCE = str(Path(__file__).resolve().parent.parent / "src")
ENVIRONMENT = {**os.environ, "PYTHONPATH": SOURCE + os.pathsep + os.environ.get("PYTHONPATH", "")}
PYTHON = shlex.quote(sys.executable)


@pytest.fixture(autouse=True)
def source_on_path(monkeypatch):
    """Subprocesses (bots started by the arena) import this worktree's golfcards."""
    monkeypatch.setenv("PYTHONPATH", ENVIRONMENT["PYTHONPATH"])


def test_answer_line_answers_views_and_reports_bad_lines():
    state = HoleState.from_code("G6-P2-AAAAAAB")
    bot = make_bot("normal", 1)
    reply = json.loads(answer_line(bot, encode_view(view_for(state, 0))))
    assert action_from_json(reply) in state.legal_actions(0)
    assert json.loads(answer_line(bot, "not json"))["error"] == "sixcard.bot_not_json"
    assert json.loads(answer_line(bot, "[" * 5000))["error"] == "sixcard.bot_not_json", "nested too deep"
    assert json.loads(answer_line(bot, '{"viewer": 0}'))["error"] == "sixcard.bad_view"
    state.apply(state.legal_actions(0)[0], 0)
    state.apply(state.legal_actions(0)[0], 0)
    assert json.loads(answer_line(bot, encode_view(view_for(state, 0))))["error"] == "sixcard.bot_not_my_turn"


def test_golf_sixcard_bot_plays_a_whole_hole_through_a_pipe():
    process = subprocess.Popen(
        [sys.executable, "-m", "golfcards", "sixcard", "bot", "--level", "strong"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
        env=ENVIRONMENT,
    )
    try:
        state = HoleState.from_code("G6-P3-QWERTYU")
        local = {1: make_bot("easy", 1), 2: make_bot("normal", 2)}
        answered = 0
        while not state.is_terminal():
            seat = state.current_player
            view = view_for(state, seat)
            if seat == 0:
                process.stdin.write(encode_view(view) + "\n")
                process.stdin.flush()
                action = action_from_json(json.loads(process.stdout.readline()))
                answered += 1
            else:
                action = local[seat].choose(view)
            assert state.apply(action, seat) is None
        process.stdin.write("garbage\n")
        process.stdin.flush()
        assert json.loads(process.stdout.readline())["error"] == "sixcard.bot_not_json"
        assert answered >= 3
    finally:
        process.stdin.close()
        assert process.wait(timeout=20) == 0


def test_outside_bots_play_in_the_arena_through_cmd():
    command = f"cmd:{PYTHON} -m golfcards sixcard bot --level easy"
    rules = SixCardRules(holes=2)
    result = run_arena(ArenaConfig((command, "random"), rules, matches=2, seed=4))
    assert result.matches == 2 and result.faults == []
    assert result.to_json()["hole_win_rate"][0] > 0.5


@pytest.mark.parametrize(
    "script, key",
    [
        ("import sys\nfor line in sys.stdin: print('nonsense', flush=True)", "sixcard.bot_not_json"),
        (
            'import sys\nfor line in sys.stdin: print(\'{"type": "swap", "position": 40}\', flush=True)',
            "sixcard.refusal.no_such_position",
        ),
        (
            "import json, sys, time\nview = json.loads(sys.stdin.readline())\n"
            "print(json.dumps(view['legal'][0]), flush=True)\nsys.stdin.readline()\ntime.sleep(30)",
            "sixcard.bot_timeout",
        ),
        ("import sys\nsys.stdin.readline()", "sixcard.bot_died"),
        ('import sys\nfor line in sys.stdin: print(\'{"type": ["draw"]}\', flush=True)', "sixcard.bad_action"),
    ],
)
def test_bad_answers_are_reported_never_a_crash(tmp_path, script, key):
    path = tmp_path / "bot.py"
    path.write_text(script)
    config = ArenaConfig(
        (f"cmd:{PYTHON} {shlex.quote(str(path))}", "easy"), SixCardRules(holes=1), matches=1, seed=2, timeout=0.5
    )
    result = run_arena(config)
    assert result.matches == 1 and len(result.records[0].holes) == 1
    faults = result.faults
    assert faults and faults[0].player == 0 and faults[0].key == key
    assert result.to_json()["faults"][0] == len(faults)


def test_a_command_that_cannot_start_is_a_clear_error():
    player = CommandPlayer("/nonexistent/bot --fast")
    view = view_for(HoleState.from_code(DealCode(3)), 0)
    with pytest.raises(GolfError) as error:
        player.choose(view)
    assert error.value.key == "sixcard.bot_cannot_start"
    with pytest.raises(GolfError) as error:
        CommandPlayer('"unclosed')
    assert error.value.key == "sixcard.bad_command"


class DiscardSwapper:
    """Always takes the discard onto its first card: two of them never use the stock."""

    def choose(self, view):
        take = TakeDiscard(0)
        return take if take in view.legal else view.legal[0]


def test_a_hole_that_never_ends_is_a_clear_error_not_a_hang():
    config = ArenaConfig(("a", "b"), SixCardRules(holes=1), matches=1, factory=lambda spec, seed: DiscardSwapper())
    with pytest.raises(GolfError) as error:
        run_arena(config)
    assert error.value.key == "sixcard.endless_hole" and error.value.params == {"turns": MAX_HOLE_TURNS}


def test_errors_cross_process_boundaries_whole():
    """Arena chunks run in worker processes: their errors must unpickle with key and parameters."""
    error = pickle.loads(pickle.dumps(GolfError("sixcard.bot_died", "stopped", command="my-bot")))
    assert (error.key, error.params, str(error)) == ("sixcard.bot_died", {"command": "my-bot"}, "stopped")


def test_the_arena_names_the_bot_in_its_fault_message(tmp_path, capsys):
    path = tmp_path / "bot.py"
    path.write_text("import sys\nsys.stdin.readline()")
    command = f"{PYTHON} {shlex.quote(str(path))}"
    assert main(["sixcard", "arena", "--players", f"cmd:{command},easy", "--matches", "1", "--workers", "1"]) == 0
    output = capsys.readouterr().out
    assert f"The bot program {command} stopped" in output and "{command}" not in output
