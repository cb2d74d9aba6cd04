"""``golf solitaire solve | hint | winnable | analyze``: the solver on the command line.

* ``solve CODE [--json] [--strict] [--show]`` — the verdict for Easy and Classic (and Strict) with
  a winning line; ``--show`` replays the winning line of the code's own rule move by move.
* ``hint CODE [ACTIONS…]`` — the position after the actions: the hint and whether it can still be won.
* ``winnable [--rule R] [--grade G] [--seed S]`` — a random deal proven winnable under the rule,
  drawn uniformly among the winnable deals of difficulty grade G (any, gentle, tricky, fiendish).
* ``analyze --from CODE --count N | --random N --seed S [--skip K]`` — solve many deals on every core
  into a resumable table, then print the summary; ``--jokers``, ``--empty-discard``, ``--strict``,
  ``--anytime-strict`` (the reference file's strict) and ``--grade-every K`` make it a census, and
  ``--skip`` lets several machines (or sessions) share one.
"""

from __future__ import annotations

import argparse
import json
import secrets
import sys
from pathlib import Path
from typing import Any

from golfcards.cli.arguments import WholeNumber
from golfcards.errors import GolfError
from golfcards.i18n import Translator, translator
from golfcards.i18n.analysis import (
    hint_text,
    line_text,
    move_text,
    numbered_move,
    still_winnable_text,
    summary_lines,
    verdict_text,
)
from golfcards.i18n.console import add_language_option, report_error, report_message
from golfcards.i18n.solitaire import board_text, refusal_text, rule_name
from golfcards.runners import analysis
from golfcards.solitaire.board import Board, parse_action
from golfcards.solitaire.codes import GameCode, rules_key
from golfcards.solitaire.difficulty import Grade
from golfcards.solitaire.hint import INTERACTIVE, hint, is_still_winnable
from golfcards.solitaire.rules import RuleName, Rules
from golfcards.solitaire.solver import Verdict, solve
from golfcards.solitaire.winnable import random_code

RULE_CHOICES = {"easy": RuleName.EASY, "classic": RuleName.CLASSIC, "strict": RuleName.STRICT}
MAX_BUDGET = 10**12
"""Positions a hint may examine at most (0 = no limit); far beyond what a day of search reaches."""
MAX_DEALS = 10**7
"""Deals one analysis may solve; its list of deal numbers is built in memory first."""
MAX_WORKERS = 256
MAX_CHUNK = 100_000
SEED = WholeNumber(0, 2**64 - 1)
GRADE_CHOICES = ["any"] + [grade.value for grade in Grade]


def add_commands(commands: argparse._SubParsersAction) -> None:
    """Add the solver's commands to ``golf solitaire``."""
    solve_parser = commands.add_parser("solve", help="is a deal winnable (Easy and Classic), and how")
    solve_parser.add_argument("code", help="a game code, e.g. GO1-E-AAAAAAB")
    solve_parser.add_argument("--json", action="store_true", help="print JSON with the verdicts and lines")
    solve_parser.add_argument("--strict", action="store_true", help="also solve under the strict rule")
    solve_parser.add_argument(
        "--show", action="store_true", help="replay the winning line of the code's rule move by move"
    )
    add_language_option(solve_parser)
    solve_parser.set_defaults(handler=run_solve)

    hint_parser = commands.add_parser("hint", help="the best next move after some actions, and if it can still be won")
    hint_parser.add_argument("code", help="a game code, e.g. GO1-E-AAAAAAB")
    hint_parser.add_argument("actions", nargs="*", help="actions played so far: d, 1-7, u, C.R")
    hint_parser.add_argument("--json", action="store_true", help="print JSON")
    hint_parser.add_argument(
        "--budget",
        type=WholeNumber(0, MAX_BUDGET),
        default=INTERACTIVE,
        help="positions the search may examine (default: a fraction of a second's worth; 0 = no limit)",
    )
    add_language_option(hint_parser)
    hint_parser.set_defaults(handler=run_hint)

    winnable_parser = commands.add_parser("winnable", help="print a random deal proven winnable")
    winnable_parser.add_argument("--rule", choices=list(RULE_CHOICES), default="easy")
    winnable_parser.add_argument("--jokers", type=WholeNumber(0, 2), default=0)
    winnable_parser.add_argument("--empty-discard", action="store_true")
    winnable_parser.add_argument(
        "--grade",
        choices=GRADE_CHOICES,
        default="any",
        help="difficulty: any winnable deal, or one graded gentle, tricky or fiendish by the solver",
    )
    winnable_parser.add_argument("--seed", type=SEED, default=None, help="random seed (default: a fresh one)")
    winnable_parser.add_argument("--json", action="store_true", help="print JSON")
    add_language_option(winnable_parser)
    winnable_parser.set_defaults(handler=run_winnable)

    analyze_parser = commands.add_parser("analyze", help="solve many deals on every core: table and summary")
    which = analyze_parser.add_mutually_exclusive_group(required=True)
    which.add_argument("--from", dest="start", metavar="CODE", help="first deal (its J1/J2/ND options apply)")
    which.add_argument("--random", type=WholeNumber(1, MAX_DEALS), metavar="N", help="N distinct random deals")
    analyze_parser.add_argument("--count", type=WholeNumber(1, MAX_DEALS), help="how many deals from --from")
    analyze_parser.add_argument("--seed", type=SEED, default=0, help="seed of --random (default 0)")
    analyze_parser.add_argument(
        "--skip",
        type=WholeNumber(0, MAX_DEALS),
        default=0,
        metavar="K",
        help="leave out the first K of those deals (solved elsewhere: one census shared by several machines)",
    )
    analyze_parser.add_argument("--strict", action="store_true", help="also solve under the strict rule")
    analyze_parser.add_argument(
        "--anytime-strict",
        action="store_true",
        help="also solve under the strict rule with drawing allowed at any time (the reference file's strict)",
    )
    analyze_parser.add_argument(
        "--jokers",
        type=WholeNumber(0, 2),
        default=None,
        help="jokers in the deck (default: those of --from's code, or 0)",
    )
    analyze_parser.add_argument(
        "--empty-discard", action="store_true", help="the discard starts empty (as a code's -ND option)"
    )
    analyze_parser.add_argument(
        "--grade-every",
        type=WholeNumber(0, MAX_DEALS),
        default=0,
        metavar="K",
        help="grade the difficulty of the winnable deals whose number is a multiple of K (0: none)",
    )
    analyze_parser.add_argument(
        "--out", type=Path, default=None, help="the table, .csv (default) or .parquet; rerun to resume it"
    )
    analyze_parser.add_argument(
        "--workers", type=WholeNumber(1, MAX_WORKERS), default=None, help="processes (default: every core)"
    )
    analyze_parser.add_argument(
        "--chunk", type=WholeNumber(1, MAX_CHUNK), default=analysis.DEFAULT_CHUNK, help="deals per task"
    )
    analyze_parser.add_argument(
        "--cluster",
        metavar="ADDRESS",
        default=None,
        help="run on this Dask scheduler (tcp://host:8786) instead of local processes",
    )
    analyze_parser.add_argument("--json", action="store_true", help="print the summary as JSON")
    analyze_parser.add_argument("--quiet", action="store_true", help="no progress bar")
    add_language_option(analyze_parser)
    analyze_parser.set_defaults(handler=run_analyze)


def _verdict_json(verdict: Verdict) -> dict[str, object]:
    return {"winnable": verdict.winnable, "line": verdict.notation}


# --- solve ----------------------------------------------------------------------------------------


def run_solve(args: argparse.Namespace) -> int:
    t = translator(args.lang)
    try:
        code = GameCode.parse(args.code).single()
    except GolfError as error:
        return report_error(error, t, args.json)
    names = [RuleName.EASY, RuleName.CLASSIC] + ([RuleName.STRICT] if args.strict else [])
    verdicts = {name: solve(code, _same_cards(code, name)) for name in names}
    if args.json:
        print(
            json.dumps({"code": str(code), **{name.word: _verdict_json(verdict) for name, verdict in verdicts.items()}})
        )
        return 0
    print(str(code))
    for name, verdict in verdicts.items():
        print(verdict_text(name, verdict, t))
        if verdict.winnable:
            print("  " + line_text(verdict, t))
    if args.show:
        own = verdicts.get(code.rules.name) or solve(code)
        show_line(code, own, t)
    return 0


def _same_cards(code: GameCode, name: RuleName) -> Rules:
    return Rules(name, code.rules.jokers, code.rules.empty_discard)


def show_line(code: GameCode, verdict: Verdict, t: Translator) -> None:
    """Replay ``verdict``'s winning line on ``code`` move by move, with the board after each."""
    print()
    print(f"{code} · {rule_name(code.rules.name, t)}")
    if not verdict.winnable or verdict.line is None:
        print(verdict_text(code.rules.name, verdict, t))
        return
    board = Board.from_code(code)
    print(board_text(board.view(), t))
    for number, move in enumerate(verdict.line, start=1):
        description = move_text(move, board.view(), t, drawn=board.moved_card(move))
        refusal = board.apply(move)
        assert refusal is None, "the solver's line is legal"
        print()
        print(numbered_move(number, description, t))
        print(board_text(board.view(), t))


# --- hint -----------------------------------------------------------------------------------------


def run_hint(args: argparse.Namespace) -> int:
    t = translator(args.lang)
    try:
        code = GameCode.parse(args.code).single()
        board = Board.from_code(code)
        for index, token in enumerate(args.actions, start=1):
            refusal = board.apply(parse_action(token))
            if refusal is not None:
                message = t.gettext(
                    "Action {index} ({action}) cannot be played: {reason}",
                    index=index,
                    action=token,
                    reason=refusal_text(refusal, t),
                )
                return report_message(f"refusal.{refusal.value}", message, t, args.json)
    except GolfError as error:
        return report_error(error, t, args.json)
    budget = None if args.budget == 0 else args.budget
    advice = hint(board, budget=budget)
    winnable = is_still_winnable(board, budget=budget)
    if args.json:
        print(
            json.dumps(
                {
                    "code": str(code),
                    "kind": advice.kind.value,
                    "move": advice.move.notation if advice.move else None,
                    "cards_left": advice.cards_left,
                    "line": [move.notation for move in advice.line],
                    "still_winnable": winnable,
                }
            )
        )
        return 0
    print(board_text(board.view(), t))
    print(hint_text(advice, board.view(), t))
    print(still_winnable_text(winnable, t))
    return 0


# --- winnable -------------------------------------------------------------------------------------


def run_winnable(args: argparse.Namespace) -> int:
    t = translator(args.lang)
    try:
        rules = Rules(RULE_CHOICES[args.rule], args.jokers, args.empty_discard)
    except GolfError as error:
        return report_error(error, t, args.json)
    seed = args.seed if args.seed is not None else secrets.randbits(64)
    code = random_code(rules, seed, winnable=True, grade=Grade.from_word(args.grade))
    if args.json:
        print(json.dumps({"code": str(code), "rule": args.rule, "grade": args.grade, "seed": seed}))
    else:
        print(str(code))
    return 0


# --- analyze --------------------------------------------------------------------------------------


def run_analyze(args: argparse.Namespace) -> int:
    t = translator(args.lang)
    try:
        if args.start is not None:
            if args.count is None:
                raise GolfError("analysis.bad_count", "--from needs --count", count=0)
            first = GameCode.parse(args.start)
            numbers = analysis.consecutive_numbers(first.number, args.count)
            options = first.rules
            default_name = f"analysis-{first.letters}-{args.count}.csv"
        else:
            numbers = analysis.random_numbers(args.random, args.seed)
            options = Rules()
            default_name = f"analysis-random-{args.seed}-{args.random}.csv"
        if args.skip:
            if args.skip >= len(numbers):
                raise GolfError(
                    "analysis.bad_skip",
                    f"--skip {args.skip} leaves none of the {len(numbers)} deals",
                    skip=args.skip,
                    count=len(numbers),
                )
            numbers = numbers[args.skip :]
            default_name = default_name.replace(".csv", f"-skip-{args.skip}.csv")
        names = [RuleName.EASY, RuleName.CLASSIC] + ([RuleName.STRICT] if args.strict else [])
        jokers = options.jokers if args.jokers is None else args.jokers
        empty_discard = options.empty_discard or args.empty_discard
        rules = [Rules(name, jokers, empty_discard) for name in names]
        if jokers or empty_discard:
            default_name = default_name.replace(".csv", f"-{rules_key(rules[0])[2:]}.csv")
        table = args.out or Path(default_name)
        with _ProgressBar(t, quiet=args.quiet or args.json) as progress:
            summary = analysis.analyze(
                numbers,
                rules,
                table,
                workers=args.workers,
                chunk_size=args.chunk,
                cluster=args.cluster,
                progress=progress,
                anytime_strict=args.anytime_strict,
                grade_every=args.grade_every,
            )
    except GolfError as error:
        return report_error(error, t, args.json)
    except KeyboardInterrupt:
        print(
            t.gettext(
                "Interrupted: the finished deals are saved in {path}; run the same command again to go on.",
                path=str(args.out or default_name),
            ),
            file=sys.stderr,
        )
        return 130
    if args.json:
        print(json.dumps({"table": str(table), **summary.to_json()}))
        return 0
    for line in summary_lines(summary, t):
        print(line)
    print(t.gettext("Table: {path}", path=str(table)))
    return 0


class _ProgressBar:
    """A rich progress bar on standard error, fed by the analysis progress callback."""

    def __init__(self, t: Translator, quiet: bool) -> None:
        self.t = t
        self.quiet = quiet
        self.bar: Any = None
        self.task: Any = None

    def __enter__(self) -> analysis.Progress:
        if self.quiet:
            return lambda done, total: None
        from rich.console import Console
        from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

        self.bar = Progress(
            TextColumn("{task.description}"),
            BarColumn(),
            MofNCompleteColumn(),
            TimeRemainingColumn(),
            console=Console(stderr=True),
        )

        def update(done: int, total: int) -> None:
            if self.task is None:  # shown from the first report: a table that cannot be written shows none
                self.bar.start()
                self.task = self.bar.add_task(self.t.gettext("Solving deals"), total=total)
            self.bar.update(self.task, completed=done, total=total)

        return update

    def __exit__(self, *exc: object) -> None:
        if self.task is not None:
            self.bar.stop()
