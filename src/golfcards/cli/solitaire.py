"""``golf solitaire``: deal, replay (machine interface) and interactive play in a terminal."""

from __future__ import annotations

import argparse
import datetime
import json
import random
import sys
import urllib.parse
from collections.abc import Callable
from typing import TextIO

from golfcards.cards import AnyCard, Card
from golfcards.cli import solitaire_analysis
from golfcards.cli.arguments import CommandParser, IsoDate, WholeNumber
from golfcards.errors import GolfError
from golfcards.i18n import LANGUAGES, N_, Translator, translator
from golfcards.i18n.analysis import hint_text, live_winnable_text, still_winnable_text
from golfcards.i18n.cards import card_short
from golfcards.i18n.console import add_language_option, report_error
from golfcards.i18n.errors import error_text
from golfcards.i18n.solitaire import (
    action_text,
    board_text,
    game_over_text,
    refusal_text,
    rule_name,
    shared_result_text,
)
from golfcards.shuffle import DEAL_COUNT
from golfcards.solitaire.board import Action, Board, Refusal, Status, parse_action
from golfcards.solitaire.codes import GameCode
from golfcards.solitaire.course import COURSE_DEALS, PAR, Course
from golfcards.solitaire.daily import daily_code
from golfcards.solitaire.deal import COLUMNS, ROWS
from golfcards.solitaire.hint import LIVE_BUDGET, hint, is_still_winnable
from golfcards.solitaire.rules import RuleName, Rules
from golfcards.solitaire.shared import parse_moves, parse_shared_code, replay_shared
from golfcards.solitaire.view import SolitaireView
from golfcards.solitaire.winnable import random_code


def add_parser(games: argparse._SubParsersAction) -> None:
    parser = games.add_parser("solitaire", help="Golf Solitaire: 7 columns, one discard, 16 cards to draw")
    commands = parser.add_subparsers(dest="command", parser_class=CommandParser)

    play = commands.add_parser("play", help="play in the terminal (the default)")
    _add_play_options(play)
    play.set_defaults(handler=run_play)
    parser.set_defaults(handler=lambda args: run_play(play.parse_args([])))

    deal = commands.add_parser("deal", help="show the cards a game code deals")
    deal.add_argument("code", help="a game code, e.g. GO1-E-AAAAAAB")
    deal.add_argument("--json", action="store_true", help="print JSON: code, rules, columns, discard, stock")
    add_language_option(deal)
    deal.set_defaults(handler=run_deal)

    replay = commands.add_parser(
        "replay",
        help="play a list of actions from a code and print the final state; "
        "check a shared game (a link, or a code and its moves as one word like d31d4)",
    )
    replay.add_argument("code", help="a game code, e.g. GO1-E-AAAAAAB, or a shared game's link")
    replay.add_argument(
        "actions",
        nargs="*",
        help="d = draw, 1-7 = take that column's free card, u = undo, C.R = touch column C row R; "
        "or a shared game's moves as one word (d31d4…)",
    )
    output = replay.add_mutually_exclusive_group()
    output.add_argument("--json", action="store_true", help="print the final state as JSON (the default)")
    output.add_argument("--text", action="store_true", help="print the board line and the messages")
    add_language_option(replay)
    replay.set_defaults(handler=run_replay)

    daily = commands.add_parser("daily", help="the daily deal: one code per day and rule, the same everywhere")
    daily.add_argument("--rule", choices=["easy", "classic", "strict"], default="easy", help="the rule (default easy)")
    daily.add_argument("--date", type=IsoDate(), default=None, help="the day, YYYY-MM-DD (default: today, UTC)")
    daily.add_argument("--json", action="store_true", help="print JSON: date, rule, code")
    daily.add_argument("--play", action="store_true", help="play the daily deal in the terminal")
    daily.add_argument(
        "--live-winnable", action="store_true", help="say after every action whether it can still be won"
    )
    add_language_option(daily)
    daily.set_defaults(handler=run_daily)

    solitaire_analysis.add_commands(commands)


def _add_play_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("code", nargs="?", help="a game code to re-deal (default: a new random deal)")
    parser.add_argument(
        "--rule",
        choices=["easy", "classic", "strict"],
        default=None,
        help="rule of a new random deal (default easy; a code carries its own rule)",
    )
    parser.add_argument("--jokers", type=WholeNumber(0, 2), default=0, help="jokers in a new random deal")
    parser.add_argument("--empty-discard", action="store_true", help="the discard starts empty")
    parser.add_argument("--course", action="store_true", help="play the traditional 9-deal course (par 45)")
    parser.add_argument(
        "--winnable", action="store_true", help="new random deals are proven winnable under their rule (by the solver)"
    )
    parser.add_argument(
        "--live-winnable", action="store_true", help="say after every action whether the game can still be won"
    )
    parser.add_argument(
        "--no-interactive-rules",
        dest="interactive_rules",
        action="store_false",
        help="do not explain why a card is refused",
    )
    add_language_option(parser)


# --- deal and replay: the machine interface ---------------------------------------------------


def run_deal(args: argparse.Namespace) -> int:
    t = translator(args.lang)
    try:
        code = GameCode.parse(args.code)
    except GolfError as error:
        return report_error(error, t, args.json)
    board = Board.from_code(code)
    if args.json:
        print(json.dumps({"code": str(code), "rules": code.rules.name.word, **board.deal.to_json()}))
    else:
        print(f"{code} · {rule_name(code.rules.name, t)}")
        print(draw_grid(board.view(), t))
        print(board_text(board.view(), t))
    return 0


def replay_actions(code: GameCode, tokens: list[str]) -> tuple[Board, list[dict[str, object]]]:
    """Apply ``tokens`` in the replay notation; refused or malformed ones become messages."""
    board = Board.from_code(code)
    messages: list[dict[str, object]] = []
    for index, token in enumerate(tokens, start=1):
        try:
            action = parse_action(token)
        except GolfError:
            messages.append({"index": index, "action": token, "key": "bad_action"})
            continue
        refusal = board.apply(action)
        if refusal is not None:
            messages.append({"index": index, "action": token, "key": refusal.value})
    return board, messages


def shared_game(first: str, actions: list[str]) -> tuple[str, str] | None:
    """The code and moves of a shared game given as a link (its ``code`` and ``moves`` parameters,
    ``actions`` empty or the moves) or as a code and one word of two or more moves; None for a list
    of actions."""
    if "://" in first or "?" in first:
        query = urllib.parse.parse_qs(urllib.parse.urlsplit(first.strip()).query)
        code = query.get("code", [""])[0]
        moves = actions[0] if len(actions) == 1 else query.get("moves", [""])[0]
        return code, moves
    if len(actions) == 1 and len(actions[0].strip()) > 1 and "." not in actions[0]:
        return first, actions[0]
    return None


def run_check(code_text: str, moves_text: str, t: Translator, as_json: bool) -> int:
    """Replay a shared game: its result and status 0, or why it does not replay (status 2)."""
    try:
        code = parse_shared_code(code_text)
        board = replay_shared(code, parse_moves(moves_text))
    except GolfError as error:
        return report_error(error, t, as_json)
    view = board.view()
    if as_json:
        print(json.dumps({**view.to_json(), "replays": True, "message": shared_result_text(view, t)}))
    else:
        print(f"{code} · {rule_name(code.rules.name, t)}")
        print(shared_result_text(view, t))
    return 0


def run_replay(args: argparse.Namespace) -> int:
    t = translator(args.lang)
    shared = shared_game(args.code, args.actions)
    if shared is not None:
        return run_check(*shared, t, args.json)
    try:
        code = GameCode.parse(args.code)
    except GolfError as error:
        return report_error(error, t, not args.text)
    board, messages = replay_actions(code, args.actions)
    view = board.view()
    if not args.text:
        print(json.dumps({**view.to_json(), "messages": messages}))
        return 0
    print(board_text(view, t))
    for message in messages:
        print(f"{message['index']}. {message['action']}: {_message_text(str(message['key']), t)}")
    ending = game_over_text(view, t)
    if ending:
        print(ending)
    return 0


def _message_text(key: str, t: Translator) -> str:
    if key == "bad_action":
        return t.gettext("not an action (use d, u, 1-7 or COLUMN.ROW)")
    return refusal_text(Refusal(key), t)


# --- drawing the board -------------------------------------------------------------------------

RED, RESET = "\033[31m", "\033[0m"


def _cell(card: AnyCard | None, t: Translator, colour: bool) -> str:
    if card is None:
        return " " * 4
    text = card_short(card, t).rjust(4)
    return f"{RED}{text}{RESET}" if colour and isinstance(card, Card) and card.suit.is_red else text


def draw_grid(view: SolitaireView, t: Translator, colour: bool = False) -> str:
    """The tableau as a grid: column numbers across, row numbers down, then discard and stock."""
    lines = ["    " + "".join(str(c).rjust(5) for c in range(1, COLUMNS + 1))]
    columns = view.columns
    for row in range(ROWS):
        cells = [columns[c][row] if row < len(columns[c]) else None for c in range(COLUMNS)]
        lines.append(f"{row + 1:>4}" + "".join(" " + _cell(card, t, colour) for card in cells))
    discard = card_short(view.discard, t) if view.discard is not None else "—"
    lines.append(
        t.gettext(
            "Stock: {stock}   Discard: {discard}   Score: {score}   Moves: {moves}",
            stock=view.stock_count,
            discard=discard,
            score=view.score,
            moves=view.moves,
        )
    )
    return "\n".join(lines)


# --- interactive play ----------------------------------------------------------------------------

HELP = N_("""Commands:
  d            draw the stock's top card onto the discard
  1-7          remove the free card of that column
  C.R          touch the card in column C, row R (like 3.5)
  u            undo the last action (up to 100)
  n [CODE]     new game: a new deal with the same rules, or the deal of CODE
  e / c / s    new game with the Easy, Classic or Strict rule
  r            interactive rules on/off (explain refused cards)
  t            read the board as one line of text
  l LANG       language ({languages})
  h            this help
  q            quit""")
SOLVER_HELP = N_("""  ?            hint: the next move of a winning line (or, if the game is lost, the move that leaves the most cards removable)
  w            can the game still be won?
  Start with --winnable to be dealt only deals the solver proved winnable.""")  # noqa: E501
LIVE_HELP = N_("  w on, w off  say after every action whether the game can still be won (a quick check)")


class PlaySession:
    """One person playing in a terminal: reads commands, prints the board and messages."""

    def __init__(
        self,
        board: Board,
        t: Translator,
        *,
        interactive_rules: bool = True,
        course: Course | None = None,
        out: TextIO = sys.stdout,
        winnable_only: bool = False,
        new_number: Callable[[], int] = lambda: random.randrange(DEAL_COUNT),
        live_winnable: bool = False,
    ) -> None:
        self.board = board
        self.t = t
        self.interactive_rules = interactive_rules
        self.course = course
        self.out = out
        self.colour = out.isatty()
        self.new_number = new_number
        self.winnable_only = winnable_only
        self.live_winnable = live_winnable

    def say(self, text: str) -> None:
        print(text, file=self.out)

    def show(self) -> None:
        board, t = self.board, self.t
        code = str(board.code) if board.code else "—"
        self.say("")
        self.say(f"{code} · {rule_name(board.rules.name, t)}")
        if self.course:
            self.say(self._course_line())
        self.say(draw_grid(board.view(), t, self.colour))

    def _course_line(self) -> str:
        course = self.course
        assert course is not None
        return self.t.gettext(
            "Course: deal {deal} of {deals} · total {total} · par so far {par} · {against:+d}",
            deal=min(course.deal_index + 1, COURSE_DEALS),
            deals=COURSE_DEALS,
            total=course.total,
            par=course.par_so_far,
            against=course.against_par,
        )

    def play(self, action: Action) -> None:
        """Apply ``action`` and say what it did, or why it was refused (with interactive rules on)."""
        t = self.t
        card = self.board.moved_card(action)
        refusal = self.board.apply(action)
        if refusal is not None:
            if self.interactive_rules:
                self.say(refusal_text(refusal, t))
            return
        assert card is not None, "an accepted action always moves a card"
        self.say(action_text(action, card, t))
        ending = game_over_text(self.board.view(), t)
        if ending:
            self.say(ending)
            self.say(t.gettext("Type u to undo or n for a new game."))
        self.say_live()

    def say_live(self) -> None:
        """With the live line on, say whether the position can still be won (quick, budgeted check)."""
        if self.live_winnable and self.board.status is not Status.WON:
            self.say(live_winnable_text(is_still_winnable(self.board, budget=LIVE_BUDGET), self.t))

    def new_game(self, code: GameCode) -> None:
        if code.course:
            self.course = Course(code)
            self.board = self.course.board
        else:
            self.course = None
            self.board = Board.from_code(code)
        self.say(self.t.gettext("New game: {code}", code=str(code)))
        self.say_live()

    def _random_code(self, rules: Rules) -> GameCode:
        """A new random deal; with winnable-only, uniform over the deals proven winnable."""
        course = self.course is not None
        return random_code(rules, self.new_number(), course=course, winnable=self.winnable_only and not course)

    def handle(self, line: str) -> bool:
        """Carry out one command line; False means quit."""
        t = self.t
        words = line.strip().split()
        if not words:
            return True
        command, rest = words[0].lower(), words[1:]
        if command in ("q", "quit", "exit"):
            return False
        if command in ("h", "help"):
            self.say(t.gettext(HELP, languages=", ".join(LANGUAGES)))
            self.say(t.gettext(SOLVER_HELP))
            self.say(t.gettext(LIVE_HELP))
            return True
        if command in ("?", "hint"):
            self.say(hint_text(hint(self.board), self.board.view(), t))
            return True
        if command == "w" and rest and rest[0].lower() in ("on", "off"):
            self.live_winnable = rest[0].lower() == "on"
            self.say(
                t.gettext("Live still-winnable line: on")
                if self.live_winnable
                else t.gettext("Live still-winnable line: off")
            )
            self.say_live()
            return True
        if command == "w":
            self.say(still_winnable_text(is_still_winnable(self.board), t))
            return True
        if command == "t":
            self.say(board_text(self.board.view(), t))
            return True
        if command == "r":
            self.interactive_rules = not self.interactive_rules
            self.say(
                t.gettext("Interactive rules: on") if self.interactive_rules else t.gettext("Interactive rules: off")
            )
            return True
        if command == "l":
            if not rest or rest[0].lower() not in LANGUAGES:
                self.say(t.gettext("Choose a language: {languages}", languages=", ".join(LANGUAGES)))
                return True
            self.t = translator(rest[0].lower())
            self.say(self.t.gettext("Language: {language}", language=LANGUAGES[self.t.language]))
        elif command in ("e", "c", "s"):
            rule = RuleName(command.upper())
            self.new_game(self._random_code(Rules(rule, self.board.rules.jokers, self.board.rules.empty_discard)))
        elif command == "n":
            try:
                code = GameCode.parse(" ".join(rest)) if rest else self._random_code(self.board.rules)
            except GolfError as error:
                self.say(error_text(error, t))
                return True
            self.new_game(code)
        elif self.course and command in ("next", "+"):
            return self._next_course_deal()
        else:
            try:
                action = parse_action(command)
            except GolfError:
                self.say(t.gettext("Unknown command {command!r}: type h for help.", command=command))
                return True
            self.play(action)
            if self.course and self.board.is_terminal():
                self.say(t.gettext("Type next for the next deal of the course."))
        self.show()
        return True

    def _next_course_deal(self) -> bool:
        course, t = self.course, self.t
        assert course is not None
        if not self.board.is_terminal():
            self.say(t.gettext("Finish this deal first (win it or play until no move is left)."))
            return True
        board = course.next_deal()
        if board is None:
            self.say(
                t.gettext(
                    "Course finished: {total} cards left, par {par} ({against:+d}).",
                    total=course.total,
                    par=PAR,
                    against=course.against_par,
                )
            )
            self.course = None
            self.new_game(self._random_code(self.board.rules))
        else:
            self.board = board
            self.say_live()
        self.show()
        return True

    def run(self, lines: TextIO) -> None:
        self.show()
        while True:
            print("> ", end="", file=self.out, flush=True)
            line = lines.readline()
            if not line:
                self.say("")
                return
            if not self.handle(line):
                return


def run_play(args: argparse.Namespace) -> int:
    t = translator(args.lang)
    try:
        if args.code:
            code = GameCode.parse(args.code)
            if args.course:
                code = GameCode(code.number, code.rules, course=True)
        else:
            rule = RuleName.from_word(args.rule or "easy")
            assert rule is not None, "argparse offers only the rules' words"
            rules = Rules(rule, args.jokers, args.empty_discard)
            winnable = args.winnable and not args.course
            code = random_code(rules, random.randrange(DEAL_COUNT), course=args.course, winnable=winnable)
    except GolfError as error:
        return report_error(error, t, False)
    course = Course(code) if code.course else None
    board = course.board if course else Board.from_code(code)
    session = PlaySession(
        board,
        t,
        interactive_rules=args.interactive_rules,
        course=course,
        winnable_only=args.winnable,
        live_winnable=args.live_winnable,
        out=sys.stdout,
    )
    session.say(t.gettext("Type h for help."))
    session.run(sys.stdin)
    return 0


def today_utc() -> datetime.date:
    """The day of the daily deal: the UTC date, so that everyone everywhere shares it."""
    return datetime.datetime.now(datetime.UTC).date()


def run_daily(args: argparse.Namespace) -> int:
    """Print (or play) the daily deal of ``--date`` (today, UTC) under ``--rule``."""
    t = translator(args.lang)
    day = args.date or today_utc()
    rule = RuleName[args.rule.upper()]
    code = daily_code(day, Rules(rule))
    if args.json:
        print(json.dumps({"date": day.isoformat(), "rule": args.rule, "code": str(code)}))
    else:
        print(
            t.gettext(
                "Daily deal of {date} ({rule}): {code}", date=day.isoformat(), rule=rule_name(rule, t), code=str(code)
            )
        )
    if not args.play:
        return 0
    session = PlaySession(
        Board.from_code(code), t, winnable_only=True, live_winnable=args.live_winnable, out=sys.stdout
    )
    session.say(t.gettext("Type h for help."))
    session.run(sys.stdin)
    return 0
