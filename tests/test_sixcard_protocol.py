"""The bot protocol end to end: ``golf sixcard bot`` as a subprocess, ``cmd:`` players in the arena."""

from __future__ import annotations

import json
import os
import pickle
import random
import shlex
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from golfcards.errors import GolfError
from golfcards.main import main
from golfcards.runners.arena import MAX_HOLE_TURNS, ArenaConfig, run_arena
from golfcards.runners.bot_protocol import CommandPlayer, answer_line, encode_view
from golfcards.sixcard.actions import TakeDiscard, action_from_json
from golfcards.sixcard.bots import make_bot
from golfcards.sixcard.codes import DealCode
from golfcards.sixcard.rules import SixCardRules
from golfcards.sixcard.state import HoleState
from golfcards.sixcard.view import View, view_for

SOURCE = str(Path(__file__).resolve().parent.parent / "src")
ENVIRONMENT = {**os.environ, "PYTHONPATH": SOURCE + os.pathsep + os.environ.get("PYTHONPATH", "")}
PYTHON = shlex.quote(sys.executable)


@pytest.fixture(autouse=True)
def source_on_path(monkeypatch, tmp_path):
    """Subprocesses (bots started by the arena) import this worktree's golfcards; the arena's
    default log folders are made in the test's own temporary folder."""
    monkeypatch.setenv("PYTHONPATH", ENVIRONMENT["PYTHONPATH"])
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))


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


def test_a_hole_that_never_ends_stops_its_match_not_a_hang():
    config = ArenaConfig(("a", "b"), SixCardRules(holes=1), matches=1, factory=lambda spec, seed: DiscardSwapper())
    result = run_arena(config)
    assert (result.matches, result.stopped) == (0, 1)
    assert [(f.player, f.key, dict(f.params)) for f in result.faults] == [
        (player, "sixcard.endless_hole", {"turns": MAX_HOLE_TURNS}) for player in (0, 1)
    ]


LOOPER = """
import json, sys
matches = 0
for line in sys.stdin:
    view = json.loads(line)
    grid = view["grids"][view["viewer"]]
    if view["phase"] == "reveal" and view["hole"] == 0 and all(card is None for card in grid):
        matches += 1  # the first view of a match
    if view["phase"] == "reveal":
        action = view["legal"][0]
    elif matches == 2:  # in its second match, swap the discard with a face-up card for ever
        action = {"type": "take", "position": next(p for p, card in enumerate(grid) if card is not None)}
    else:  # otherwise draw and throw away: the stock runs out and the hole ends
        action = {"type": "draw"} if view["phase"] == "draw" else {"type": "discard"}
    print(json.dumps(action), flush=True)
"""


def test_two_outside_bots_that_never_end_a_hole_stop_only_that_match(tmp_path, capsys):
    path = tmp_path / "looper.py"
    path.write_text(LOOPER)
    command = f"cmd:{PYTHON} {shlex.quote(str(path))}"
    args = ["sixcard", "arena", "--players", f"{command},{command}", "--matches", "4", "--holes", "2"]
    args += ["--bot-logs", str(tmp_path / "logs")]
    assert main([*args, "--workers", "1", "--seed", "3", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert (data["matches"], data["stopped_matches"], data["holes"]) == (3, 1, 6), "the finished matches are kept"
    assert data["faults"] == [1, 1]
    assert {example["key"] for example in data["fault_examples"]} == {"sixcard.endless_hole"}
    assert main([*args, "--workers", "1", "--seed", "3", "--lang", "fr"]) == 0
    text = capsys.readouterr().out
    assert "1 partie arrêtée" in text and "plus de 2000 tours" in text


def test_errors_cross_process_boundaries_whole():
    """Arena chunks run in worker processes: their errors must unpickle with key and parameters."""
    error = pickle.loads(pickle.dumps(GolfError("sixcard.bot_died", "stopped", command="my-bot")))
    assert (error.key, error.params, str(error)) == ("sixcard.bot_died", {"command": "my-bot"}, "stopped")


def test_the_arena_names_the_bot_in_its_fault_message(tmp_path, capsys):
    path = tmp_path / "bot.py"
    path.write_text("import sys\nsys.stdin.readline()")
    command = f"{PYTHON} {shlex.quote(str(path))}"
    args = ["--players", f"cmd:{command},easy", "--matches", "1", "--workers", "1", "--bot-logs", str(tmp_path)]
    assert main(["sixcard", "arena", *args]) == 0
    output = capsys.readouterr().out
    assert f"The bot program {command} stopped" in output and "{command}" not in output


def sample_views() -> list[dict]:
    """Views a bot really gets: every rule set, every phase, from a few random holes."""
    rng = random.Random(11)
    views = []
    for number, rules in enumerate(
        [SixCardRules(), SixCardRules(players=4, grid=9, jokers=2, final_turn=True, reshuffle_discard=True)]
        + [SixCardRules(players=3, grid=4, jokers=1), SixCardRules(grid=8, reshuffle_discard=True)]
    ):
        state = HoleState.from_code(DealCode(number * 7919, rules))
        while not state.is_terminal():
            seat = state.current_player
            views.append(view_for(state, seat).to_json())
            state.apply(rng.choice(state.legal_actions()), seat)
    return views[::3]


VIEWS = sample_views()
JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers(-(10**20), 10**20) | st.floats() | st.text(max_size=6),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=3),
    max_leaves=8,
)
BOT_ERRORS = {"sixcard.bad_view", "sixcard.bad_action", "sixcard.bot_not_my_turn", "sixcard.bot_not_json"}


@st.composite
def junk_views(draw) -> dict:
    """A real view with one to three fields broken: replaced, removed, or a list cut or spoilt."""
    view = json.loads(json.dumps(draw(st.sampled_from(VIEWS))))
    for _ in range(draw(st.integers(1, 3))):
        key = draw(st.sampled_from(sorted(view)))
        how = draw(st.sampled_from(["replace", "remove", "shorten", "spoil", "nudge"]))
        value = view[key]
        if how == "remove":
            del view[key]
        elif how == "shorten" and isinstance(value, list) and value:
            view[key] = value[: draw(st.integers(0, len(value) - 1))]
        elif how == "spoil" and isinstance(value, (list, dict)) and value:
            inner = draw(st.sampled_from(range(len(value)) if isinstance(value, list) else sorted(value)))
            value[inner] = draw(JSON_VALUES)
        elif how == "nudge" and isinstance(value, int) and not isinstance(value, bool):
            view[key] = value + draw(st.sampled_from([-1, 1, 4, -(10**9)]))
        else:
            view[key] = draw(JSON_VALUES)
    return view


@settings(max_examples=300, deadline=None)
@given(view=junk_views(), level=st.sampled_from(["random", "easy", "normal", "strong", "expert"]))
def test_the_bot_answers_any_junk_view_with_an_error_or_a_legal_action(view, level):
    reply = json.loads(answer_line(make_bot(level, 1), json.dumps(view)))
    if "error" in reply:
        assert reply["error"] in BOT_ERRORS and isinstance(reply["detail"], str)
    else:
        assert action_from_json(reply) in View.from_json(view).legal


def inconsistent_views() -> list[tuple[str, dict]]:
    """The inconsistencies outside programs sent (each a real view with one thing wrong)."""
    base = next(v for v in VIEWS if v["phase"] == "draw" and v["rules"]["players"] == 2)
    return [
        ("empty discard", {**base, "discard": []}),
        ("fewer grids than players", {**base, "grids": base["grids"][:1]}),
        ("viewer out of range", {**base, "viewer": 7}),
        ("negative viewer", {**base, "viewer": -1}),
        ("to_act out of range", {**base, "to_act": [5]}),
        ("a grid too short", {**base, "grids": [base["grids"][0][:4], base["grids"][1]]}),
        ("a grid too long", {**base, "grids": [[*base["grids"][0], None], base["grids"][1]]}),
        ("a card twice", {**base, "discard": [*base["discard"], base["discard"][-1]]}),
        ("a drawn card for nobody", {**base, "holding": "X2"}),
        ("dealer as text", {**base, "dealer": "1"}),
        ("a huge stock", {**base, "stock": 10**30}),
        ("rules not a flag", {**base, "rules": {**base["rules"], "final_turn": 3}}),
    ]


def test_golf_sixcard_bot_answers_inconsistent_views_with_an_error_and_keeps_reading():
    cases = inconsistent_views()
    lines = [json.dumps(view) for _, view in cases] + [json.dumps(VIEWS[0])]
    result = subprocess.run(
        [sys.executable, "-m", "golfcards", "sixcard", "bot", "--level", "strong"],
        input="\n".join(lines) + "\n",
        capture_output=True,
        text=True,
        env=ENVIRONMENT,
        timeout=60,
    )
    assert result.returncode == 0 and "Traceback" not in result.stderr
    replies = [json.loads(line) for line in result.stdout.splitlines()]
    assert len(replies) == len(lines)
    for (name, _), reply in zip(cases, replies, strict=False):
        assert reply.get("error") == "sixcard.bad_view", name
    assert action_from_json(replies[-1]) in View.from_json(VIEWS[0]).legal, "still playing after the junk"


# --- the outside bot's side: logs, lifecycle messages, quoting, the JSON ------------------------------


def arena_json(capsys, *argv: str) -> tuple[dict, str]:
    """``golf sixcard arena … --json`` through the CLI: its JSON output and its standard error."""
    assert main(["sixcard", "arena", *argv, "--json"]) == 0
    captured = capsys.readouterr()
    return json.loads(captured.out), captured.err


def bot_command(tmp_path: Path, script: str, *args: str, name: str = "bot.py") -> str:
    """``cmd:`` and a command running ``script`` (written to ``tmp_path``) with ``args``."""
    path = tmp_path / name
    path.write_text(script)
    return "cmd:" + " ".join([PYTHON, shlex.quote(str(path)), *map(shlex.quote, args)])


FAULTY = {
    "exited": ("import sys\nsys.stdin.readline()\nraise RuntimeError('clue: my bug')", "sixcard.bot_died"),
    "not JSON": (
        "import sys\nsys.stdin.readline()\nprint('clue: thinking', file=sys.stderr, flush=True)\nprint('nonsense')",
        "sixcard.bot_not_json",
    ),
    "illegal": (
        "import sys\nfor line in sys.stdin:\n    print('clue: swapping 40', file=sys.stderr, flush=True)\n"
        '    print(\'{"type": "swap", "position": 40}\', flush=True)',
        "sixcard.refusal.no_such_position",
    ),
    "timeout": (
        "import json, sys, time\nview = json.loads(sys.stdin.readline())\n"
        "print(json.dumps(view['legal'][0]), flush=True)\nsys.stdin.readline()\n"
        "print('clue: stuck', file=sys.stderr, flush=True)\ntime.sleep(30)",
        "sixcard.bot_timeout",
    ),
}


@pytest.mark.parametrize("kind", sorted(FAULTY))
def test_a_bots_standard_error_goes_to_the_named_log_and_its_fault_quotes_it(tmp_path, capsys, kind):
    script, key = FAULTY[kind]
    command = bot_command(tmp_path, "import sys\nprint('loading', file=sys.stderr, flush=True)\n" + script)
    logs = tmp_path / "logs"
    args = ["--players", f"{command},easy", "--matches", "1", "--holes", "1", "--workers", "1"]
    args += ["--seed", "2", "--timeout", "0.5", "--bot-logs", str(logs)]
    data, err = arena_json(capsys, *args)
    log = logs / "player0.log"
    assert data["bot_logs"] == str(logs) and str(logs) in err, "named at the start and in the JSON"
    assert "loading" in log.read_text() and "clue:" in log.read_text()
    fault = data["fault_examples"][0]
    assert (fault["player"], fault["key"], fault["log"]) == (0, key, str(log))
    assert "clue:" in fault["stderr"]
    assert main(["sixcard", "arena", *args, "--lang", "en"]) == 0
    text = capsys.readouterr().out
    assert f"its standard error is in {log}" in text
    assert any(line.startswith("  | ") and "clue:" in line for line in text.splitlines())


def test_without_bot_logs_the_arena_makes_a_folder_and_names_it(tmp_path, capsys):
    command = bot_command(tmp_path, "import sys\nprint('clue: hello from stderr', file=sys.stderr)\n")
    data, err = arena_json(capsys, "--players", f"{command},easy", "--matches", "1", "--holes", "1", "--workers", "1")
    folder = Path(data["bot_logs"])
    try:
        assert str(folder) in err.splitlines()[0]
        assert "clue: hello from stderr" in (folder / "player0.log").read_text()
        assert "clue: hello from stderr" in data["fault_examples"][0]["stderr"]
    finally:
        shutil.rmtree(folder)


RECORDER = """
import json, random, sys
log = open(sys.argv[1], "a")
rng = random.Random(0)
for line in sys.stdin:
    message = json.loads(line)
    log.write(line)
    log.flush()
    if message["type"] == "match_start":
        rng = random.Random(message["seed"])
    if message["type"] == "view":
        print(json.dumps(rng.choice(message["view"]["legal"])), flush=True)
"""


def test_protocol_2_tells_the_bot_its_seeds_the_matches_and_each_holes_end(tmp_path, capsys):
    heard = tmp_path / "heard.jsonl"
    command = bot_command(tmp_path, RECORDER, str(heard))
    args = ["--players", f"{command},easy", "--matches", "10", "--holes", "2", "--seed", "5"]
    data, _ = arena_json(capsys, *args, "--protocol", "2", "--workers", "1")
    messages = [json.loads(line) for line in heard.read_text().splitlines()]
    hello, rest = messages[0], messages[1:]
    assert hello["type"] == "hello" and hello["protocol"] == 2 and hello["player"] == 0 and hello["start"] == 1
    assert hello["rules"]["holes"] == 2 and hello["matches"] == 10 and isinstance(hello["seed"], int)
    assert [m["type"] for m in rest].count("hello") == 0, "one process for the whole run (more than 8 matches)"
    starts = [m for m in rest if m["type"] == "match_start"]
    assert [m["match"] for m in starts] == list(range(10))
    assert len({m["seed"] for m in starts}) == 10, "a new seed for every match"
    records = data["match_records"]
    for start, record in zip(starts, records, strict=True):
        assert start["seat"] == record["seats"][0]
    match, seat, hole = None, None, 0
    for message in rest:
        kind = message["type"]
        if kind == "match_start":
            match, seat, hole = message["match"], message["seat"], 0
        elif kind == "view":
            view = message["view"]
            assert message["match"] == match and view["viewer"] == seat and view["hole"] == hole
            assert view["code"] is None and view["points"] is None
            assert any(card is None for grid in view["grids"] for card in grid), "nothing shown before the end"
        elif kind == "hole_end":
            view = message["view"]
            assert (message["match"], message["hole"], view["viewer"]) == (match, hole, seat)
            assert all(card is not None for grid in view["grids"] for card in grid), "every card shown"
            assert view["phase"] == "over" and view["code"] == records[match]["deals"][hole]
            assert view["points"][seat] == records[match]["holes"][hole][0]
            hole += 1
        else:
            assert kind == "match_end" and message["match"] == match and hole == 2
            record = records[match]
            assert message["totals"][seat] == record["totals"][0]
            assert message["placing"][seat] == record["placing"][0] and message["stopped"] is False


def test_a_seeded_bot_repeats_its_run_and_not_its_matches(tmp_path, capsys):
    command = bot_command(tmp_path, RECORDER, str(tmp_path / "heard.jsonl"))
    args = ["--players", f"{command},random", "--matches", "12", "--holes", "1", "--seed", "8", "--protocol", "2"]
    once, _ = arena_json(capsys, *args, "--workers", "1")
    again, _ = arena_json(capsys, *args, "--workers", "1")
    split, _ = arena_json(capsys, *args, "--workers", "2")
    assert once["match_records"] == again["match_records"] == split["match_records"]
    assert once["faults"] == [0, 0]
    seat_zero = [record["holes"][0][0] for record in once["match_records"] if record["seats"][0] == 0]
    assert len(set(seat_zero)) > 1, "the same deal from the same seat, but other choices each match"


def documented_bot(introduction: str) -> str:
    """The Python block that follows ``introduction`` in docs/sixcard-protocol.md."""
    documented = (Path(__file__).resolve().parent.parent / "docs" / "sixcard-protocol.md").read_text()
    return documented.split(introduction + "\n\n```python\n", 1)[1].split("```", 1)[0]


def test_the_reference_bot_and_a_protocol_1_bot_keep_working(tmp_path, capsys):
    old = bot_command(tmp_path, documented_bot("A minimal outside bot in Python (protocol 1):"))
    reference = f"cmd:{PYTHON} -m golfcards sixcard bot --level easy"
    args = ["--matches", "2", "--holes", "2", "--seed", "1", "--workers", "1"]
    data, _ = arena_json(capsys, "--players", f"{old},{reference}", *args)
    assert data["faults"] == [0, 0] and data["matches"] == 2
    data, _ = arena_json(capsys, "--players", f"{reference},easy", *args, "--protocol", "2")
    assert data["faults"] == [0, 0] and data["matches"] == 2


def test_the_documented_protocol_2_bot_plays_and_logs(tmp_path, capsys):
    introduction = "The same bot for protocol 2 (`--protocol 2`), seeded by each match and keeping what the ends of the\nholes showed:"
    new = bot_command(tmp_path, documented_bot(introduction))
    args = ["--players", f"{new},easy", "--matches", "2", "--holes", "2", "--seed", "1", "--workers", "1"]
    data, _ = arena_json(capsys, *args, "--protocol", "2", "--bot-logs", str(tmp_path / "logs"))
    assert data["faults"] == [0, 0] and data["matches"] == 2
    log = (tmp_path / "logs" / "player0.log").read_text().splitlines()
    assert log.count("hello done") == 1 and log.count("hole_end done") == 4 and log.count("match_end done") == 2


ECHO_ARGUMENT = """
import json, sys
for line in sys.stdin:
    view = json.loads(line)
    print(json.dumps(view["legal"][0]) if sys.argv[1] == "a, b" else "wrong argument", flush=True)
"""


def test_a_command_with_a_comma_in_quotes_or_given_with_player(tmp_path, capsys):
    command = bot_command(tmp_path, ECHO_ARGUMENT, "a, b", name="my, bot.py")
    assert "'a, b'" in command and "my, bot.py'" in command
    args = ["--matches", "1", "--holes", "1", "--seed", "1", "--workers", "1"]
    data, _ = arena_json(capsys, "--players", f"{command},easy", *args)
    assert data["players"] == [command, "easy"] and data["faults"] == [0, 0]
    data, _ = arena_json(capsys, "--player", command, "--player", "easy", *args)
    assert data["players"] == [command, "easy"] and data["faults"] == [0, 0]
    escaped = f"cmd:{PYTHON} {shlex.quote(str(tmp_path / 'my, bot.py'))} a\\,\\ b"
    data, _ = arena_json(capsys, "--players", f"{escaped},easy", *args)
    assert data["players"] == [escaped, "easy"] and data["faults"] == [0, 0]


@pytest.mark.parametrize(
    "argv, key",
    [
        (["--players", 'cmd:python "my bot.py,easy'], "sixcard.unclosed_quote"),
        (["--players", "cmd:python bot.py 'a,b,easy"], "sixcard.unclosed_quote"),
        (["--players", "easy,random", "--player", "easy"], "sixcard.player_options"),
        (["--matches", "1"], "sixcard.player_options"),
        (["--player", "cmd:", "--player", "easy"], "sixcard.bad_command"),
        (["--player", "cmd:python bot.py\\", "--player", "easy"], "sixcard.bad_command"),
    ],
)
def test_malformed_player_lists_are_clear_errors(capsys, argv, key):
    assert main(["sixcard", "arena", *argv, "--json"]) == 2
    assert json.loads(capsys.readouterr().out)["error"]["key"] == key
    assert main(["sixcard", "arena", *argv, "--lang", "es"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("Error: ") and "Traceback" not in err and "{" not in err


def test_the_json_has_every_match_and_each_players_decision_times(tmp_path, capsys):
    reference = f"cmd:{PYTHON} -m golfcards sixcard bot --level easy"
    args = ["--players", f"{reference},normal,random", "--matches", "4", "--holes", "3", "--seed", "6"]
    data, _ = arena_json(capsys, *args, "--workers", "1")
    records = data["match_records"]
    assert [record["match"] for record in records] == [0, 1, 2, 3]
    for record in records:
        assert sorted(record["seats"]) == [0, 1, 2] and len(record["deals"]) == 3 == len(record["holes"])
        assert all(code.startswith("G6-P3-") for code in record["deals"])
        assert record["totals"] == [sum(points) for points in zip(*record["holes"], strict=True)]
        lowest = min(record["totals"])
        assert [p == 1 for p in record["placing"]] == [t == lowest for t in record["totals"]]
    assert records[0]["deals"] == records[1]["deals"] != records[3]["deals"], "a rotation group shares its deals"
    assert data["holes"] == sum(len(record["holes"]) for record in records)
    for times in data["decision_ms"]:
        assert times["count"] > 0 and 0 < times["p50"] <= times["p95"] <= times["max"]
        assert 0 < times["mean"] <= times["max"]
