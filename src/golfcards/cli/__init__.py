"""The ``golf`` command: ``golf solitaire …``, ``golf sixcard …``, ``golf serve``.

Each game's commands live in their own module, which adds a sub-parser here; every command
handler returns the process exit status. Errors from bad input are printed as one clear line
(translated), never as a traceback.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Sequence

from golfcards import __version__
from golfcards.errors import GolfError
from golfcards.i18n import LANGUAGES, Translator
from golfcards.i18n.errors import error_text

Handler = Callable[[argparse.Namespace], int]


def build_parser() -> argparse.ArgumentParser:
    from golfcards.cli import serve, sixcard, solitaire

    parser = argparse.ArgumentParser(prog="golf", description="Golf Solitaire and Six-card Golf.")
    parser.add_argument("--version", action="version", version=f"golfcards {__version__}")
    games = parser.add_subparsers(dest="game")
    solitaire.add_parser(games)
    sixcard.add_parser(games)
    serve.add_parser(games)
    return parser


def add_language_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--lang",
        choices=sorted(LANGUAGES),
        default=None,
        help="language of the text (default: from LANGUAGE / LC_ALL / LANG)",
    )


def report_error(error: GolfError, t: Translator, as_json: bool = False) -> int:
    """Print a bad-input error as one translated line (or a JSON object); return exit status 2."""
    return report_message(error.key, error_text(error, t), t, as_json)


def report_message(key: str, message: str, t: Translator, as_json: bool = False) -> int:
    """Print an already translated error with its message key; return exit status 2."""
    if as_json:
        print(json.dumps({"error": {"key": key, "message": message}}, ensure_ascii=False))
    else:
        print(t.gettext("Error: {message}", message=message), file=sys.stderr)
    return 2


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    handler: Handler | None = getattr(args, "handler", None)
    if handler is None:
        parser.print_help()
        return 2
    try:
        return handler(args)
    except KeyboardInterrupt:
        print(file=sys.stderr)
        return 130
    except BrokenPipeError:
        return 0
