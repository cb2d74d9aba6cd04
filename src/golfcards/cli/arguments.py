"""What the commands share: a parser whose errors are localized, and range-checked number types.

``argparse``'s ``type=int`` reads ``"３"`` and ``"٣"`` as 3 and numbers of any size (``10**30``
matches, a budget of ``-10**30``); ``type=float`` reads ``nan`` and ``inf``. The types here read
ASCII digits only and check the range; :class:`CommandParser` prints any error of a command's
arguments as one line in the language of its ``--lang`` (or the environment's), as
``{"error": {"key", "message"}}`` when ``--json`` is among them, and exits with status 2 — never a
traceback.
"""

from __future__ import annotations

import argparse
import datetime
import json
import math
import re
import sys
from collections.abc import Sequence
from contextvars import ContextVar
from typing import Any, NoReturn

from golfcards.errors import GolfError
from golfcards.i18n import N_, normalize_language, translator

_language: ContextVar[str | None] = ContextVar("golfcards_cli_language", default=None)
"""The ``--lang`` of the command being parsed (its types translate their errors with it)."""
_problem: ContextVar[GolfError | None] = ContextVar("golfcards_cli_problem", default=None)
"""The last argument refused by a type here: its key goes into the JSON error."""
_ARGUMENT = re.compile(r"argument ([^:]+): (.*)", re.DOTALL)
_DATE = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}")
_DECIMAL = re.compile(r"[0-9]{1,9}(\.[0-9]{0,9})?|\.[0-9]{1,9}")
MESSAGES = {
    "argument.not_whole": N_("{value} is not a whole number written with the digits 0–9"),
    "argument.not_decimal": N_("{value} is not a number written with the digits 0–9 (like 2 or 0.5)"),
    "argument.out_of_range": N_("{value} is out of range: choose from {low} to {high}"),
    "argument.not_date": N_("{value} is not a date written as YYYY-MM-DD"),
}
NAMED = N_("{option}: {message}")
"""An argument's error after its name (French puts a no-break space before the colon)."""


class CommandParser(argparse.ArgumentParser):
    """The parser of one command (``golf sixcard arena``…): localized errors, exit status 2."""

    _json = False

    def parse_known_args(  # type: ignore[override]
        self, args: Sequence[str] | None = None, namespace: argparse.Namespace | None = None
    ) -> tuple[argparse.Namespace, list[str]]:
        words = list(sys.argv[1:] if args is None else args)
        _language.set(normalize_language(_value_of(words, "--lang")))
        _problem.set(None)
        self._json = "--json" in words
        return super().parse_known_args(words, namespace)

    def error(self, message: str) -> NoReturn:
        t = translator(_language.get())
        problem = _problem.get()
        named = _ARGUMENT.fullmatch(message)
        if problem is not None and named:  # "argument --budget: …" → "--budget: …", no English left
            message = t.gettext(NAMED, option=named.group(1), message=named.group(2))
        if self._json:
            key = problem.key if problem is not None else "argument.bad"
            print(json.dumps({"error": {"key": key, "message": message}}, ensure_ascii=False))
        else:
            self.print_usage(sys.stderr)
            print(t.gettext("Error: {message}", message=message), file=sys.stderr)
        self.exit(2)


def _value_of(words: list[str], option: str) -> str | None:
    """The value given to ``option`` (``--lang ca`` or ``--lang=ca``) among ``words``, if any."""
    for index, word in enumerate(words):
        if word == option and index + 1 < len(words):
            return words[index + 1]
        if word.startswith(option + "="):
            return word[len(option) + 1 :]
    return None


def _refuse(key: str, detail: str, **params: Any) -> NoReturn:
    _problem.set(GolfError(key, detail, **params))
    raise argparse.ArgumentTypeError(translator(_language.get()).gettext(MESSAGES[key], **params))


def _shown(text: str) -> str:
    return text if len(text) <= 24 else text[:20] + "…"


class WholeNumber:
    """An ``argparse`` type: a whole number in ASCII digits (a leading ``-`` allowed) from ``low``
    to ``high``."""

    def __init__(self, low: int, high: int) -> None:
        self.low, self.high = low, high
        self.__name__ = "whole number"

    def __call__(self, text: str) -> int:
        cleaned = text.strip()
        digits = cleaned[1:] if cleaned[:1] in ("-", "+") else cleaned
        if not digits or not all("0" <= ch <= "9" for ch in digits):
            _refuse("argument.not_whole", f"{text!r} is not a whole number", value=_shown(text))
        longest = max(len(str(abs(self.low))), len(str(abs(self.high))))
        value = int(cleaned) if len(digits.lstrip("0")) <= longest else None  # never int() of 5,000 digits
        if value is None or not self.low <= value <= self.high:
            _refuse(
                "argument.out_of_range",
                f"{text!r} is not in {self.low}..{self.high}",
                value=_shown(text),
                low=self.low,
                high=self.high,
            )
        return value


class DecimalNumber:
    """An ``argparse`` type: a decimal number in ASCII (``2``, ``0.5``, ``.25``; no ``nan``, ``inf``
    or exponent) from ``low`` to ``high``."""

    def __init__(self, low: float, high: float) -> None:
        self.low, self.high = low, high
        self.__name__ = "number"

    def __call__(self, text: str) -> float:
        cleaned = text.strip()
        negative = cleaned.startswith("-")
        if not _DECIMAL.fullmatch(cleaned[1:] if negative else cleaned):
            _refuse("argument.not_decimal", f"{text!r} is not a number", value=_shown(text))
        value = float(cleaned)
        if not math.isfinite(value) or not self.low <= value <= self.high:
            _refuse(
                "argument.out_of_range",
                f"{text!r} is not in {self.low:g}..{self.high:g}",
                value=_shown(text),
                low=f"{self.low:g}",
                high=f"{self.high:g}",
            )
        return value


class IsoDate:
    """An ``argparse`` type: a calendar date written ``YYYY-MM-DD`` in ASCII digits (a real day)."""

    __name__ = "date"

    def __call__(self, text: str) -> datetime.date:
        cleaned = text.strip()
        try:
            if not _DATE.fullmatch(cleaned):
                raise ValueError(cleaned)
            return datetime.date.fromisoformat(cleaned)
        except ValueError:
            _refuse("argument.not_date", f"{text!r} is not a date", value=_shown(text))
