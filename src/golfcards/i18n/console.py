"""What every command-line front door shares: the ``--lang`` and ``--db`` options and one-line
translated errors."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable

from golfcards.errors import GolfError
from golfcards.i18n import LANGUAGES, Translator
from golfcards.i18n.errors import error_text
from golfcards.runners.storage import database_location, default_db_path

Handler = Callable[[argparse.Namespace], int]
"""A command's handler: it gets the parsed arguments and returns the process exit status."""


def add_language_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--lang",
        choices=sorted(LANGUAGES),
        default=None,
        help="language of the text (default: from LANGUAGE / LC_ALL / LANG)",
    )


def add_database_option(parser: argparse.ArgumentParser) -> None:
    """``--db``: where games and statistics are kept (``golf serve``, ``golf tui``)."""
    parser.add_argument(
        "--db",
        type=database_location,
        default=None,
        help=f"SQLite file, or postgresql://user@host/database, for games and statistics (default {default_db_path()})",
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
