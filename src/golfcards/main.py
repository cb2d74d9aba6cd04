"""The ``golf`` command: ``golf solitaire …``, ``golf sixcard …``, ``golf serve``, ``golf tui``.

The one place that knows every interface: it gathers their sub-commands into one parser, so the
interfaces themselves never import each other.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from golfcards import __version__
from golfcards.cli import sixcard, solitaire
from golfcards.i18n.console import Handler
from golfcards.tui import command as tui
from golfcards.web import serve


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="golf", description="Golf Solitaire and Six-card Golf.")
    parser.add_argument("--version", action="version", version=f"golfcards {__version__}")
    games = parser.add_subparsers(dest="game")
    solitaire.add_parser(games)
    sixcard.add_parser(games)
    serve.add_parser(games)
    tui.add_parser(games)
    return parser


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
