"""The browser's Solitaire engine (static/solitaire/engine.js) plays exactly as golfcards.solitaire.

Thousands of random games — random codes over every rule, jokers, empty discard, case and spaces,
some of them not codes at all; random legal and illegal actions, undos and redos, with small undo
limits too — are played by both engines step by step (the JavaScript one under Node, one process
reading the games as JSON lines); every state, score, moved card and refusal key must agree. A
difference fails with the first differing step of the first game that differs.
"""

from __future__ import annotations

import json
import random
import shutil
import subprocess
from pathlib import Path

import pytest

from golfcards.errors import GolfError
from golfcards.i18n import translator
from golfcards.shuffle import DEAL_COUNT, number_to_letters
from golfcards.solitaire.board import Board, Refusal, Undo, parse_action
from golfcards.solitaire.codes import rules_key
from golfcards.solitaire.solver import solve
from golfcards.solitaire.view import SolitaireView
from golfcards.web.solitaire.state_json import board_json

ROOT = Path(__file__).resolve().parent.parent
ENGINE = ROOT / "src/golfcards/web/static/solitaire/engine.js"
DRIVER = ROOT / "tests/js/solitaire_engine_driver.mjs"
GAMES = 3000
REDO = "redo"
"""Not an action of the notation: the page's redo (the last action undone, played again)."""

pytestmark = pytest.mark.skipif(shutil.which("node") is None, reason="Node.js is not installed")

ENGINE_FIELDS = ("status", "score", "moves", "removed", "cards_left", "stock_count", "can_draw", "undo_available")


def page_fields(game: dict[str, object]) -> dict[str, object]:
    """The fields of the page's game (state_json.board_json) that the engine decides, cards by code."""
    columns = game["columns"]
    assert isinstance(columns, list)
    discard = game["discard"]
    rules = game["rules"]
    assert isinstance(rules, dict)
    return {
        "code": game["code"],
        "rules": {key: rules[key] for key in ("key", "name", "jokers", "empty_discard")},
        **{key: game[key] for key in ENGINE_FIELDS},
        "columns": [
            [{key: card[key] for key in ("code", "column", "row", "free", "playable")} for card in column]
            for column in columns
        ],
        "discard": None if discard is None else discard["code"],  # type: ignore[index]
    }


def view_fields(view: SolitaireView) -> dict[str, object]:
    """:func:`page_fields` of ``board_json(view)``, built from the view alone (ten times quicker)."""
    columns = []
    for number, cards in enumerate(view.columns, start=1):
        playable = any(getattr(move, "column", None) == number for move in view.legal)
        columns.append(
            [
                {"code": card.code, "column": number, "row": row, "free": row == len(cards)}
                | {"playable": playable and row == len(cards)}
                for row, card in enumerate(cards, start=1)
            ]
        )
    return {
        "code": str(view.code),
        "rules": {
            "key": rules_key(view.rules),
            "name": view.rules.name.word,
            "jokers": view.rules.jokers,
            "empty_discard": view.rules.empty_discard,
        },
        "status": view.status.value,
        "score": view.score,
        "moves": view.moves,
        "removed": view.removed,
        "cards_left": view.cards_left,
        "stock_count": view.stock_count,
        "can_draw": any(move.notation == "d" for move in view.legal),
        "undo_available": view.undo_available,
        "columns": columns,
        "discard": None if view.discard is None else view.discard.code,
    }


def state(fields: dict[str, object]) -> str:
    """One line for a position (the driver's ``state``)."""
    columns = fields["columns"]
    assert isinstance(columns, list)
    marked = [
        ",".join(
            f"{c['code']}{'!' if c['free'] else ''}{'*' if c['playable'] else ''}@{c['column']}.{c['row']}"
            for c in column
        )
        for column in columns
    ]
    values = [
        fields["status"],
        fields["score"],
        fields["moves"],
        fields["removed"],
        fields["cards_left"],
        fields["stock_count"],
        1 if fields["can_draw"] else 0,
        fields["undo_available"],
        fields["discard"] or "-",
        "/".join(marked),
    ]
    return " ".join(str(value) for value in values)


def python_trace(code: str, undo_limit: int, actions: list[str]) -> list[str]:
    """The steps of one game as golfcards.solitaire plays it, with the page's redo."""
    try:
        board = Board.from_code(code)
    except GolfError as error:
        params = json.dumps(error.params, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
        return [f"refused {error.key} {params}"]
    board = Board(board.deal, board.rules, undo_limit=undo_limit, code=board.code)
    fields = view_fields(board.view())
    rules = fields["rules"]
    assert isinstance(rules, dict)
    steps = [
        f"start {fields['code']} {rules['key']} {rules['name']} {rules['jokers']} "
        f"{1 if rules['empty_discard'] else 0} | {state(fields)}"
    ]
    redoable: list[str] = []
    for text in actions:
        redo = text == REDO
        card = None
        if redo and not redoable:
            refusal: str | None = "nothing_to_redo"
        else:
            try:
                action = parse_action(redoable.pop() if redo else text)
            except GolfError as error:
                refusal = error.key
            else:
                before = board.position()
                card = board.moved_card(action)
                refused = board.apply(action)
                refusal = None if refused is None else refused.value
                if refusal is not None:
                    card = None
                    if redo:
                        redoable.clear()
                elif isinstance(action, Undo):
                    after = board.position()
                    grown = [c + 1 for c in range(7) if after.heights[c] > before.heights[c]]
                    redoable.append("d" if after.drawn < before.drawn else str(grown[0]))
                elif not redo:
                    redoable.clear()
        steps.append(
            f"{json.dumps(text, ensure_ascii=False)} {refusal or '-'} {'-' if card is None else card.code} | {state(view_fields(board.view()))}"
        )
    return steps


def random_code(rng: random.Random) -> str:
    """A game code of any rule and options, in any case, with spaces around; now and then not a code."""
    letters = number_to_letters(rng.randrange(DEAL_COUNT))
    parts = ["GO1", rng.choice("ECSN"), letters]
    parts += rng.sample(["J1", "J2", "ND", "T"], rng.randrange(4))
    parts = [p for i, p in enumerate(parts) if not (p == "J2" and "J1" in parts[:i])] if rng.random() < 0.9 else parts
    text = "-".join(part.lower() if rng.random() < 0.2 else part for part in parts)
    text = rng.choice(["", " ", "\t", "\u00a0", "\u3000", "\x1c"]) + text + rng.choice(["", " ", "\n", "\u2003"])
    if rng.random() < 0.08:
        text = rng.choice(
            [
                "",
                "   ",
                "GO2-E-AAAAAAB",
                "GO1-E",
                "GO1-X-AAAAAAB",
                f"GO1-E-{letters[:6]}",
                f"GO1-E-{letters}ß",
                f"GO1-E-{letters}-J3",
                f"GO1-E-{letters}-ND-ND",
                f"GO1-E-{letters}-j1-J2",
                f"GO1-E- {letters} ",
                f"GO1-E-{letters}- ND",
                f"GO1-E-{letters}-\ufeff",
                f"\ufeffGO1-E-{letters}",
                f"GO1-ſ-{letters}",
                f"go1-c-{letters.lower()}-t",
                "GO1-__proto__-AAAAAAB",
            ]
        )
    return text


def random_actions(rng: random.Random, code: str) -> list[str]:
    """Up to ~90 actions: mostly legal moves, with undos, redos, illegal and unreadable ones."""
    try:
        board = Board.from_code(code)
    except GolfError:
        return []
    actions: list[str] = []
    for _ in range(rng.randrange(1, 90)):
        roll = rng.random()
        legal = board.legal_actions()
        if roll < 0.6 and legal:
            move = rng.choice(legal)
            column = getattr(move, "column", None)
            text = f"{column}.{board.heights[column - 1]}" if column and rng.random() < 0.3 else move.notation
        elif roll < 0.72:
            text = rng.choice(["u", "U", " u "])
        elif roll < 0.8:
            text = REDO
        elif roll < 0.95:
            text = rng.choice(["d", "D", str(rng.randint(1, 7)), f"{rng.randint(1, 7)}.{rng.randint(1, 12)}"])
        else:
            text = rng.choice(
                ["0", "8", "x", "", " ", "3.0", "3.100", "１", "3.５", "1.", ".1", "dd", "d\u00a0", "\ufeffd"]
            )
        actions.append(text)
        try:
            board.apply(parse_action(text))
        except (GolfError, KeyError):
            pass
    return actions


def won_games(rng: random.Random, count: int) -> list[dict[str, object]]:
    """Games the solver wins (random deals of every rule and option), its line mixed with undos, redos
    and refused actions, then a few actions after the win."""
    games: list[dict[str, object]] = []
    while len(games) < count:
        options = rng.choice(["", "-J1", "-J2", "-ND", "-J1-ND"])
        code = f"GO1-{rng.choice('ECS')}-{number_to_letters(rng.randrange(DEAL_COUNT))}{options}"
        verdict = solve(Board.from_code(code), budget=20_000)
        if verdict.notation is None:
            continue
        actions: list[str] = []
        for move in verdict.notation:
            if rng.random() < 0.15:
                actions += rng.choice([["u", REDO], ["u", move], ["9"], ["4.1"], [REDO]])
            actions.append(move)
        actions += rng.sample(["u", "d", "3", "3.1", REDO, "x"], 3)
        games.append({"code": code, "undo_limit": 100, "actions": actions})
    return games


def test_the_page_fields_are_board_json_s() -> None:
    """The comparison's Python side is what the page receives (board_json), words left out."""
    t = translator("en")
    rng = random.Random(7)
    for rule in ("E", "C-J1", "S-J2-ND", "E-ND"):
        board = Board.from_code(
            f"GO1-{rule.split('-')[0]}-{number_to_letters(rng.randrange(DEAL_COUNT))}"
            + "".join(f"-{o}" for o in rule.split("-")[1:])
        )
        for _ in range(60):
            assert view_fields(board.view()) == page_fields(board_json(board.view(), t))
            legal = board.legal_actions()
            if not legal:
                break
            board.apply(rng.choice(legal))
        assert view_fields(board.view()) == page_fields(board_json(board.view(), t))


def test_the_javascript_engine_plays_as_the_python_engine() -> None:
    rng = random.Random(20240611)
    games = []
    for _ in range(GAMES):
        code = random_code(rng)
        undo_limit = rng.choice([100, 100, 100, 0, 1, 3, 10])
        games.append({"code": code, "undo_limit": undo_limit, "actions": random_actions(rng, code)})
    games += won_games(rng, 40)
    lines = "".join(json.dumps(game) + "\n" for game in games)
    node = shutil.which("node")
    assert node is not None
    ran = subprocess.run(
        [node, str(DRIVER), str(ENGINE)], input=lines, capture_output=True, text=True, timeout=300, check=False
    )
    assert ran.returncode == 0, ran.stderr
    answers = ran.stdout.splitlines()
    assert len(answers) == len(games), ran.stderr
    compared = 0
    seen_statuses: set[str] = set()
    refusals: set[str] = set()
    for number, (game, answer) in enumerate(zip(games, answers, strict=True)):
        expected = python_trace(game["code"], game["undo_limit"], game["actions"])
        got = json.loads(answer)
        for step, (want, have) in enumerate(zip(expected, got, strict=False)):
            assert have == want, (
                f"game {number} ({game['code']!r}, undo limit {game['undo_limit']}), step {step}"
                f" after {game['actions'][: max(step - 1, 0)]}:\n  python: {want}\n  js:     {have}"
            )
        assert len(got) == len(expected), f"game {number}: {len(got)} steps from js, {len(expected)} from python"
        compared += len(expected)
        seen_statuses.update(step.split(" | ")[1].split()[0] for step in expected if " | " in step)
        refusals.update(step.split(" | ")[0].split()[-2 if " | " in step else 1] for step in expected[1:] or expected)
    assert compared > GAMES * 20
    assert {"won", "blocked"} <= seen_statuses
    assert refusals >= {*(r.value for r in Refusal), "nothing_to_redo", "action.bad", "code.bad_option"}
