"""``golf sixcard``: the score calculator, the bot arena, the bot protocol and terminal play."""

from __future__ import annotations

import argparse
import json
import os
import random
import re
import secrets
import shlex
import sys
import tempfile
from typing import TextIO

from golfcards.cli.arguments import CommandParser, DecimalNumber, WholeNumber
from golfcards.errors import GolfError
from golfcards.i18n import Translator, translator
from golfcards.i18n.console import add_language_option, report_error
from golfcards.i18n.errors import error_text
from golfcards.i18n.sixcard import (
    action_text,
    bot_seat_name,
    card_text,
    end_text,
    hole_winners_text,
    refusal_text,
    score_text,
    scorecard_lines,
    winners_text,
)
from golfcards.runners.arena import MAX_MATCHES, SEED_LIMIT, ArenaConfig, ArenaResult, run_arena
from golfcards.runners.bot_protocol import COMMAND_PREFIX, PROTOCOLS, answer_line, split_player_list
from golfcards.shuffle import DEAL_COUNT, ascii_number
from golfcards.sixcard.actions import (
    Action,
    DiscardDrawn,
    DiscardFlip,
    DrawStock,
    Flip,
    KnockEarly,
    Reveal,
    Swap,
    TakeDiscard,
)
from golfcards.sixcard.bots import LEVELS, Bot, make_bot
from golfcards.sixcard.codes import DealCode
from golfcards.sixcard.match import Match, winners
from golfcards.sixcard.rules import HOUSE_RULE_FIELDS, MAX_PLAYERS, MIN_PLAYERS, SixCardRules, house_rule
from golfcards.sixcard.scoring import parse_grid, score_grid
from golfcards.sixcard.state import Phase
from golfcards.sixcard.view import View, view_for

SEED = WholeNumber(0, SEED_LIMIT - 1)
MAX_WORKERS = 64
MIN_TIMEOUT, MAX_TIMEOUT = 0.01, 3600.0


def add_parser(games: argparse._SubParsersAction) -> None:
    parser = games.add_parser("sixcard", help="Six-card Golf: score a grid, play bots, measure bots")
    commands = parser.add_subparsers(dest="command", parser_class=CommandParser)
    parser.set_defaults(handler=lambda args: (parser.print_help(), 2)[1])

    score = commands.add_parser("score", help='score a grid: top row / bottom row, e.g. "9S KD 2C / 9H QC 7D"')
    score.add_argument("grid", help="cards row by row, rows separated by /")
    score.add_argument("--json", action="store_true", help='print {"total", "columns": [...]}')
    _add_house_option(score)
    add_language_option(score)
    score.set_defaults(handler=run_score)

    arena = commands.add_parser("arena", help="play seeded matches between bots and print the statistics")
    arena.add_argument(
        "--players",
        help=f"comma-separated players, one per seat: {', '.join(LEVELS)} or cmd:COMMAND "
        "(a comma inside quotes, or after a backslash, belongs to the command)",
    )
    arena.add_argument(
        "--player",
        action="append",
        dest="player_entries",
        metavar="PLAYER",
        help="one player (a bot level or cmd:COMMAND, taken whole); repeat it for each seat, instead of --players",
    )
    arena.add_argument("--matches", type=WholeNumber(1, MAX_MATCHES), default=100, help="matches to play (default 100)")
    arena.add_argument(
        "--seed",
        type=SEED,
        default=None,
        help="seed of the deals and the bots (default: a secret random seed, printed at the end of the run)",
    )
    arena.add_argument(
        "--workers",
        type=WholeNumber(1, MAX_WORKERS),
        default=min(2, os.cpu_count() or 1),
        help="processes to play in (default 2)",
    )
    arena.add_argument(
        "--timeout",
        type=DecimalNumber(MIN_TIMEOUT, MAX_TIMEOUT),
        default=5.0,
        help="seconds a cmd: player may think per move (default 5)",
    )
    arena.add_argument(
        "--protocol",
        type=WholeNumber(min(PROTOCOLS), max(PROTOCOLS)),
        default=1,
        help="what cmd: players are sent: 1 views only (default), 2 typed messages with the matches' ends and seeds",
    )
    arena.add_argument(
        "--bot-logs",
        metavar="DIR",
        help="folder for the cmd: players' standard error, one log per player and process "
        "(default: a new temporary folder, printed at the start)",
    )
    arena.add_argument(
        "--json", action="store_true", help="print the statistics, every match and the decision times as JSON"
    )
    _add_rule_options(arena, players=False)
    add_language_option(arena)
    arena.set_defaults(handler=run_arena_command)

    bot = commands.add_parser("bot", help="be a bot: read one JSON view per line, answer one JSON action per line")
    bot.add_argument("--level", default="strong", help=f"bot level: {', '.join(LEVELS)} (default strong)")
    bot.add_argument("--seed", type=SEED, default=0, help="seed of the bot's own random choices")
    bot.set_defaults(handler=run_bot)

    play = commands.add_parser("play", help="play a match in the terminal against bots, or hot-seat")
    play.add_argument(
        "--bots",
        default="strong",
        help="comma-separated bot levels for the last seats (default strong); "
        "the other seats are people at this keyboard",
    )
    play.add_argument("--names", default="", help="comma-separated names of the people")
    play.add_argument("--code", help="a deal code to start from, e.g. G6-P3-AAAAAAB (carries the rules)")
    play.add_argument("--seed", type=SEED, default=None, help="seed of the bots' own random choices")
    play.add_argument(
        "--key",
        help="the match's secret key (64 hex digits), printed when a match ends: with --code, replays that match",
    )
    _add_rule_options(play, players=True)
    add_language_option(play)
    play.set_defaults(handler=run_play)


def _add_rule_options(parser: argparse.ArgumentParser, *, players: bool) -> None:
    if players:
        parser.add_argument(
            "--players",
            type=WholeNumber(MIN_PLAYERS, MAX_PLAYERS),
            default=None,
            help="2 to 6, five or six with --house decks=2 (default: people + bots)",
        )
    parser.add_argument("--grid", type=WholeNumber(4, 9), default=6, help="cards per grid: 4, 6, 8 or 9 (default 6)")
    parser.add_argument("--jokers", type=WholeNumber(0, 2), default=0, help="jokers in the deck (-2 each)")
    parser.add_argument("--final-turn", action="store_true", help="the others get one last turn after someone goes out")
    parser.add_argument("--reshuffle", action="store_true", help="reshuffle the discard when the stock runs out")
    parser.add_argument("--holes", type=WholeNumber(1, 99), default=9, help="holes in a match, 1 to 99 (default 9)")
    _add_house_option(parser)


def _add_house_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--house",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="a house rule, repeatable: on/off rules take on or off, flip_after_discard never/always/endgame, "
        f"decks 1 or 2, start_face_up 0-3 (see docs/sixcard-rules.md); names: {', '.join(HOUSE_RULE_FIELDS)}",
    )


def _rules(args: argparse.Namespace, players: int) -> SixCardRules:
    """The table's rules from the options (raises :class:`GolfError` with the first problem)."""
    fields: dict[str, object] = {
        "players": players,
        "grid": args.grid,
        "jokers": args.jokers,
        "final_turn": args.final_turn,
        "reshuffle_discard": args.reshuffle,
        "holes": args.holes,
    }
    fields.update(house_rule(assignment) for assignment in args.house)
    return SixCardRules(**fields)  # type: ignore[arg-type]


# --- score: the calculator -------------------------------------------------------------------


def run_score(args: argparse.Namespace) -> int:
    t = translator(args.lang)
    try:
        rules = SixCardRules(**dict(house_rule(assignment) for assignment in args.house))  # type: ignore[arg-type]
        cards, columns = parse_grid(args.grid, rules.decks)
    except GolfError as error:
        return report_error(error, t, args.json)
    score = score_grid(cards, columns, rules)
    if args.json:
        print(json.dumps(score.to_json(), ensure_ascii=False))
    else:
        print("\n".join(score_text(score, t)))
    return 0


# --- arena ------------------------------------------------------------------------------------


def _player_specs(listed: str | None, entries: list[str] | None) -> tuple[str, ...]:
    """The players from ``--players`` (split by :func:`split_player_list`) or the ``--player`` entries."""
    if (listed is None) == (entries is None):
        raise GolfError("sixcard.player_options", "give the players with --players or with --player, not both")
    specs = split_player_list(listed) if listed is not None else tuple(entry.strip() for entry in entries or ())
    for spec in specs:
        if spec.startswith(COMMAND_PREFIX):
            command = spec[len(COMMAND_PREFIX) :]
            try:
                words = shlex.split(command)
            except ValueError as error:
                raise GolfError("sixcard.bad_command", f"{command!r}: {error}", command=command) from error
            if not words:
                raise GolfError("sixcard.bad_command", "empty command after cmd:", command=command)
        elif spec.lower() not in LEVELS:
            raise GolfError(
                "sixcard.bad_player_spec",
                f"{spec!r}: not a bot level nor cmd:COMMAND",
                spec=spec,
                levels=", ".join(LEVELS),
            )
    return specs


def _bot_logs(args: argparse.Namespace, specs: tuple[str, ...], t: Translator) -> str | None:
    """The folder of the outside programs' logs (made if need be, announced on standard error);
    None when no player is an outside program."""
    if not any(spec.startswith(COMMAND_PREFIX) for spec in specs):
        return None
    if args.bot_logs is None:
        folder = tempfile.mkdtemp(prefix="golf-arena-logs-")
    else:
        folder = os.path.abspath(args.bot_logs)
        try:
            os.makedirs(folder, exist_ok=True)
        except OSError as error:
            raise GolfError("sixcard.bad_log_folder", f"{folder}: {error}", folder=folder) from error
    print(t.gettext("Standard error of the cmd: players goes to {folder}", folder=folder), file=sys.stderr, flush=True)
    return folder


def run_arena_command(args: argparse.Namespace) -> int:
    t = translator(args.lang)
    try:
        specs = _player_specs(args.players, args.player_entries)
        rules = _rules(args, len(specs))
        logs = _bot_logs(args, specs, t)
        # An outside program may read this process's command line, never a seed drawn here: the
        # seed that would let it foresee the deals is printed only once every match is played.
        seed = args.seed if args.seed is not None else secrets.randbelow(SEED_LIMIT)
        config = ArenaConfig(
            specs, rules, args.matches, seed, timeout=args.timeout, bot_logs=logs, protocol=args.protocol
        )
        result = run_arena(config, workers=args.workers)
    except GolfError as error:
        return report_error(error, t, args.json)
    if args.json:
        print(json.dumps({**result.to_json(), "seed": seed, "bot_logs": logs}, ensure_ascii=False))
    else:
        print("\n".join(arena_lines(result, rules, seed, t)))
    return 0


def _percent(interval: object, t: Translator) -> str:
    value, low, high = interval.value, interval.low, interval.high  # type: ignore[attr-defined]
    return f"{100 * value:5.1f}% [{100 * low:.1f}, {100 * high:.1f}]"


def _number(interval: object) -> str:
    value, low, high = interval.value, interval.low, interval.high  # type: ignore[attr-defined]
    return f"{value:6.2f} [{low:.2f}, {high:.2f}]"


def arena_lines(result: ArenaResult, rules: SixCardRules, seed: int, t: Translator) -> list[str]:
    lines = [
        t.gettext(
            "{matches} matches of {holes} holes ({total} holes), seed {seed}",
            matches=result.matches,
            holes=rules.holes,
            total=result.holes,
            seed=seed,
        )
    ]
    headers = [
        t.gettext("Player"),
        t.gettext("points per hole"),
        t.gettext("margin per hole"),
        t.gettext("holes won"),
        t.gettext("matches won"),
    ]
    rows = [
        [name, _number(points), _number(margin), _percent(holes, t), _percent(matches, t)]
        for name, points, margin, holes, matches in zip(
            result.players,
            result.points_per_hole(),
            result.margin_per_hole(),
            result.hole_win_rate(),
            result.match_win_rate(),
            strict=False,
        )
    ]
    widths = [max(len(row[k]) for row in [headers, *rows]) for k in range(len(headers))]
    for row in [headers, *rows]:
        lines.append("  ".join(cell.ljust(width) for cell, width in zip(row, widths, strict=False)).rstrip())
    lines.append(
        t.gettext(
            "95% intervals in brackets; margin = own points minus the others' mean "
            "(negative is better); a shared win counts as a share."
        )
    )
    if result.stopped:
        lines.append(
            t.ngettext(
                "{count} match stopped because a hole never ended: only its bad answers count",
                "{count} matches stopped because a hole never ended: only their bad answers count",
                result.stopped,
            )
        )
    faults = result.faults
    for player, name in enumerate(result.players):
        count = sum(fault.player == player for fault in faults)
        if count:
            example = next(fault for fault in faults if fault.player == player)
            message = error_text(GolfError(example.key, example.detail, **dict(example.params)), t)
            lines.append(
                t.ngettext(
                    "{player}: {count} bad answer (first: {message})",
                    "{player}: {count} bad answers (first: {message})",
                    count,
                    player=name,
                    message=message,
                )
            )
            if example.log is not None:
                lines.append("  " + t.gettext("its standard error is in {log}; it ends with:", log=example.log))
                lines.extend("  | " + line for line in example.stderr.splitlines() or [""])
    return lines


# --- bot: the line protocol ---------------------------------------------------------------------


def run_bot(args: argparse.Namespace, stdin: TextIO | None = None, stdout: TextIO | None = None) -> int:
    source, sink = stdin or sys.stdin, stdout or sys.stdout
    try:
        bot = make_bot(args.level, args.seed)
    except GolfError as error:
        return report_error(error, translator(None))
    for line in source:
        if not line.strip():
            continue
        reply = answer_line(bot, line)
        if reply is not None:
            sink.write(reply + "\n")
            sink.flush()
    return 0


# --- play: a match at the terminal ----------------------------------------------------------------

KEY_BYTES = 32
"""A match's secret key: 32 random bytes, written as 64 hex digits."""


def parse_key(text: str) -> bytes:
    """A match key as printed at the end of a match: exactly 64 hex digits (ASCII only)."""
    cleaned = text.strip()
    if not re.fullmatch(f"[0-9a-fA-F]{{{2 * KEY_BYTES}}}", cleaned):
        raise GolfError("sixcard.bad_key", f"{text[:80]!r}: a match key is {2 * KEY_BYTES} hex digits", text=text[:80])
    return bytes.fromhex(cleaned)


class QuitGame(Exception):
    """The person typed q, or the input ended."""


class TerminalMatch:
    """A match at one keyboard: people type, bots answer, everyone sees the narration."""

    def __init__(
        self, match: Match, names: list[str], bots: dict[int, Bot], t: Translator, lines: TextIO, out: TextIO
    ) -> None:
        """``match`` holds its secret key: shown only once the match is over, with the first code."""
        self.match = match
        self.names = names
        self.bots = bots
        self.t = t
        self.lines = lines
        self.out = out

    def say(self, text: str = "") -> None:
        self.out.write(text + "\n")
        self.out.flush()

    def ask(self, prompt: str) -> str:
        self.out.write(prompt + " ")
        self.out.flush()
        line = self.lines.readline()
        if not line:
            raise QuitGame
        text = line.strip()
        if text.lower() in ("q", "quit", "exit"):
            raise QuitGame
        return text

    # drawing --------------------------------------------------------------------------------

    def grid_lines(self, view: View, seat: int, numbered: bool) -> list[str]:
        rules = view.rules
        cells = []
        for position, card in enumerate(view.grids[seat]):
            text = card_text(card, self.t).rjust(3)
            cells.append(f"{position + 1}:{text}" if numbered else text)
        return [" ".join(cells[r * rules.columns : (r + 1) * rules.columns]) for r in range(rules.rows)]

    def show_table(self, view: View) -> None:
        t = self.t
        context = view.context
        if context is not None:
            self.say(t.gettext("Hole {hole} of {holes}", hole=context.hole + 1, holes=context.holes))
        self.say(
            t.ngettext("Stock: {count} card", "Stock: {count} cards", view.stock_count)
            + " · "
            + t.gettext("Discard: {card}", card=card_text(view.discard_top, t))
        )
        for seat in range(view.rules.players):
            name = self.names[seat]
            if seat == view.viewer:
                name = t.gettext("{player} (you)", player=name)
            lines = self.grid_lines(view, seat, numbered=seat == view.viewer)
            self.say(name)
            for line in lines:
                self.say("   " + line)
        if view.holding is not None:
            self.say(t.gettext("You drew: {card}", card=card_text(view.holding, t)))

    # acting -----------------------------------------------------------------------------------

    def prompt(self, view: View) -> str:
        t = self.t
        size = view.rules.grid
        if view.phase is Phase.REVEAL:
            return t.gettext("Turn up a card: its position 1–{size} (q quits):", size=size)
        if view.phase is Phase.DRAW:
            text = t.gettext(
                "d draws from the stock; 1–{size} takes the discard ({card}) into that position (q quits):",
                size=size,
                card=card_text(view.discard_top, t),
            )
            if any(isinstance(action, (Flip, KnockEarly)) for action in view.legal):
                text = t.gettext("f N turns up card N as your turn; k knocks early.") + " " + text
            return text
        text = t.gettext(
            "1–{size} puts the drawn card ({card}) into that position; x throws it away (q quits):",
            size=size,
            card=card_text(view.holding, t),
        )
        if any(isinstance(action, DiscardFlip) for action in view.legal):
            text = t.gettext("x N throws it away and turns up card N.") + " " + text
        return text

    def read_action(self, view: View) -> Action:
        while True:
            text = self.ask(self.prompt(view)).lower()
            number = ascii_number(text, 2)  # the engine refuses positions outside the grid
            if number is not None:
                position = number - 1
                if view.phase is Phase.REVEAL:
                    return Reveal(position)
                return TakeDiscard(position) if view.phase is Phase.DRAW else Swap(position)
            flip = ascii_number(text[1:].strip(), 2) if text[:1] in ("f", "x") else None
            if flip is not None and text[:1] == "f" and view.phase is Phase.DRAW:
                return Flip(flip - 1)
            if flip is not None and text[:1] == "x" and view.phase is Phase.PLACE:
                return DiscardFlip(flip - 1)
            if text == "k" and view.phase is Phase.DRAW:
                return KnockEarly()
            if text == "d" and view.phase is Phase.DRAW:
                return DrawStock()
            if text == "x" and view.phase is Phase.PLACE:
                return DiscardDrawn()
            self.say(self.t.gettext("I did not understand “{text}”.", text=text[:40]) if text else "")

    def narrate(self, seat: int, action: Action) -> None:
        public = view_for(self.match.state, None)
        card = thrown = None
        if isinstance(action, (Reveal, TakeDiscard, Swap, Flip, DiscardFlip)):
            card = public.grids[seat][action.position]
        if isinstance(action, (TakeDiscard, Swap, DiscardDrawn, DiscardFlip)):
            thrown = public.discard_top
        self.say(action_text(self.names[seat], action, self.t, card=card, thrown=thrown))

    def play_turn(self, seat: int) -> None:
        view = self.match.view(seat)
        if seat in self.bots:
            action = self.bots[seat].choose(view)
        else:
            self.say()
            self.show_table(view)
            action = self.read_action(view)
        refusal = self.match.apply(action, seat)
        if refusal is not None:
            self.say(refusal_text(refusal, self.t))
            return
        self.narrate(seat, action)

    def end_of_hole(self) -> None:
        t, state = self.t, self.match.state
        view = view_for(state, None)
        self.say()
        assert view.end is not None and view.points is not None
        went_out = self.names[view.went_out] if view.went_out is not None else ""
        self.say(end_text(view.end, went_out, t))
        for seat in range(view.rules.players):
            points = view.points[seat]
            self.say(
                t.ngettext(
                    "{player}: {points} point",
                    "{player}: {points} points",
                    points,
                    player=self.names[seat],
                    points=points,
                )
            )
            for line in self.grid_lines(view, seat, numbered=False):
                self.say("   " + line)
        self.say(hole_winners_text([self.names[s] for s in winners(view.points)], t))
        self.say()
        for line in scorecard_lines(self.names, self.match.results, t):
            self.say(line)
        if view.code:
            self.say(t.gettext("Deal code of this hole: {code}", code=view.code))

    def run(self) -> int:
        t = self.t
        # The match's code and key are shown only at the end: they would re-deal every hidden card.
        self.say(t.ngettext("Six-card Golf, {count} hole.", "Six-card Golf, {count} holes.", self.match.rules.holes))
        try:
            while True:
                state = self.match.state
                while not state.is_terminal():
                    seat = state.current_player
                    assert seat is not None
                    self.play_turn(seat)
                self.end_of_hole()
                if self.match.is_terminal():
                    self.say(winners_text([self.names[s] for s in self.match.winners()], t))
                    self.say(
                        t.gettext(
                            "Play this match again with --code {code} --key {key}",
                            code=str(self.match.code),
                            key=self.match.key.hex(),
                        )
                    )
                    return 0
                self.ask(t.gettext("Press Enter for the next hole (q quits):"))
                self.match.next_hole()
        except QuitGame:
            self.say()
            self.say(t.gettext("Game stopped."))
            return 0


def run_play(args: argparse.Namespace, lines: TextIO | None = None, out: TextIO | None = None) -> int:
    t = translator(args.lang)
    try:
        levels = [part.strip() for part in args.bots.split(",") if part.strip()]
        for level in levels:
            if level.lower() not in LEVELS:
                raise GolfError(
                    "sixcard.bad_level", f"{level!r}: not a bot level", level=level, levels=", ".join(LEVELS)
                )
        key = secrets.token_bytes(KEY_BYTES) if args.key is None else parse_key(args.key)
        if args.code:
            code = DealCode.parse(args.code)
        else:
            players = args.players if args.players is not None else len(levels) + 1
            code = DealCode(secrets.randbelow(DEAL_COUNT), _rules(args, players))
        players = code.rules.players
        if len(levels) >= players:
            raise GolfError("sixcard.too_many_bots", "no seat left for a person", bots=len(levels), players=players)
    except GolfError as error:
        return report_error(error, t)
    people = players - len(levels)
    given = [name.strip() for name in args.names.split(",") if name.strip()]
    names = [given[k] if k < len(given) else t.gettext("Player {number}", number=k + 1) for k in range(people)]
    seed = args.seed if args.seed is not None else random.randrange(1 << 30)
    bots: dict[int, Bot] = {}
    for k, level in enumerate(levels):
        seat = people + k
        bots[seat] = make_bot(level, seed + seat)
        names.append(bot_seat_name(level, seat, t))
    table = TerminalMatch(Match(code, key), names, bots, t, lines or sys.stdin, out or sys.stdout)
    return table.run()
