"""``golf tui``: the full-screen terminal app (Golf Solitaire, Six-card Golf, a seat in a web room).

    golf tui                       # the home screen: choose a game
    golf tui solitaire [CODE]      # Golf Solitaire (CODE deals that game)
    golf tui sixcard --bots strong,normal [--name Ana]
    golf tui --join http://192.168.1.5:8000/sixcard/Q34TM

Textual is imported only when the app starts, so ``golf --help`` works without the ``[tui]`` extra.
"""

from __future__ import annotations

import argparse
import random

from golfcards.errors import GolfError
from golfcards.i18n import N_, translator
from golfcards.i18n.console import add_database_option, add_language_option, report_error, report_message
from golfcards.runners.storage import Storage, default_db_path
from golfcards.sixcard.bots import LEVELS

MISSING_EXTRA = N_("the terminal app needs its extra packages: pip install 'golfcards[tui]'")
BAD_ROOM_URL = N_("{url}: a room link looks like http://192.168.1.5:8000/sixcard/Q34TM")
BAD_BOTS = N_("{bots}: give 1 to 3 bot levels separated by commas ({levels})")


def add_parser(games: argparse._SubParsersAction) -> None:
    parser = games.add_parser("tui", help="play full-screen in the terminal (keys and mouse)")
    parser.add_argument(
        "game", nargs="?", choices=["solitaire", "sixcard"], help="start with this game (default: the home screen)"
    )
    parser.add_argument("code", nargs="?", help="a game code to deal (GO1-E-AAAAAAB, or G6-P2-AAAAAAB for sixcard)")
    parser.add_argument("--join", metavar="URL", help="take a seat in a room of a running golf serve (its room link)")
    parser.add_argument(
        "--bots",
        default=None,
        help=f"Six-card Golf opponents, comma-separated: {', '.join(LEVELS)} (given: the match starts at once)",
    )
    parser.add_argument("--name", default=None, help="your name at a Six-card Golf table")
    add_database_option(parser)
    parser.add_argument("--seed", type=int, default=None, help="seed of the bots' own random choices")
    add_language_option(parser)
    parser.set_defaults(handler=run_tui)


def run_tui(args: argparse.Namespace) -> int:
    t = translator(args.lang)
    try:
        from golfcards.tui.app import GolfApp, Options
        from golfcards.tui.remote import parse_room_url
    except ImportError:
        return report_message("tui.missing_extra", t.gettext(MISSING_EXTRA), t)
    join = None
    if args.join:
        try:
            join = parse_room_url(args.join)
        except GolfError as error:
            return report_message(error.key, t.gettext(BAD_ROOM_URL, url=error.params.get("url", "")), t)
    bots = None
    if args.bots is not None:
        bots = [level.strip().lower() for level in args.bots.split(",") if level.strip()]
        if not 1 <= len(bots) <= 3 or any(level not in LEVELS for level in bots):
            return report_message("tui.bad_bots", t.gettext(BAD_BOTS, bots=args.bots, levels=", ".join(LEVELS)), t)
    try:
        storage = Storage(args.db or default_db_path())
    except GolfError as error:
        return report_error(error, t)
    start = "sixcard" if join is not None else args.game or "home"
    options = Options(
        db_path=storage.path or default_db_path(),
        language=args.lang,
        start=start,
        code=args.code,
        join=join,
        bots=bots,
        name=args.name,
        seed=args.seed if args.seed is not None else random.randrange(1 << 30),
    )
    try:
        result = GolfApp(options, storage).run()
    finally:
        storage.close()
    return result if isinstance(result, int) else 0
