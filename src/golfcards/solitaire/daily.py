"""The daily deal: one game code per day and rule, the same for everyone everywhere.

The code of day ``D`` (a calendar date; interfaces use the UTC date, so the whole world shares a
day) under rules ``R`` is derived from the date alone, with nothing random and no clock:

1. ``text = "golfcards-daily:YYYY-MM-DD:<rule>"`` where ``<rule>`` is the rule part of a game code
   (``E``, ``C``, ``S``, with the variants after it: ``E-J1``, ``C-ND``, ``S-J2-ND``);
2. ``seed`` = the first 8 bytes of SHA-256(``text`` in UTF-8), read as a big-endian integer;
3. the candidate deal numbers are :class:`golfcards.shuffle.SplitMix64` (``seed``)
   ``.below(DEAL_COUNT)`` (uniform in [0, 26⁷) by rejection sampling), one after another — the same
   generator that draws random winnable deals;
4. the daily deal is the first of them that the exact solver (no budget) proves winnable under
   ``R`` and whose difficulty grade (:mod:`golfcards.solitaire.difficulty`, which depends only on
   the solver's verdicts) is :data:`DAILY_GRADE`, *tricky*.

Anyone can repeat it from this description; a test pins the code of a few days.
"""

from __future__ import annotations

import datetime
import hashlib
from collections.abc import Callable, Iterator
from functools import lru_cache

from golfcards.shuffle import DEAL_COUNT, SplitMix64
from golfcards.solitaire.codes import GameCode, rules_key
from golfcards.solitaire.difficulty import Grade, grade_of
from golfcards.solitaire.rules import Rules
from golfcards.solitaire.solver import Verdict
from golfcards.solitaire.winnable import winnable_deals

DAILY_PREFIX = "golfcards-daily"

Accept = Callable[[GameCode, Verdict], bool]
"""A filter on winnable deals (for example "graded tricky"): the code and the solver's verdict."""
DAILY_GRADE = Grade.TRICKY
"""The difficulty of every daily deal: a game worth a day, neither a gift nor a wall."""


def of_the_daily_grade(code: GameCode, verdict: Verdict) -> bool:
    """The daily deal's filter: the winnable deals graded :data:`DAILY_GRADE`."""
    return grade_of(code) is DAILY_GRADE


def daily_seed(day: datetime.date, rules: Rules) -> int:
    """The 64-bit seed of ``day`` under ``rules``: SHA-256 of ``golfcards-daily:YYYY-MM-DD:<rule>``."""
    text = f"{DAILY_PREFIX}:{day.isoformat()}:{rules_key(rules)}"
    return int.from_bytes(hashlib.sha256(text.encode("utf-8")).digest()[:8], "big")


def daily_numbers(day: datetime.date, rules: Rules) -> Iterator[int]:
    """The endless sequence of candidate deal numbers for ``day`` under ``rules``."""
    generator = SplitMix64(daily_seed(day, rules))
    while True:
        yield generator.below(DEAL_COUNT)


@lru_cache(maxsize=64)
def daily_code(day: datetime.date, rules: Rules, accept: Accept | None = of_the_daily_grade) -> GameCode:
    """The daily deal of ``day`` under ``rules``: the first candidate proven winnable and accepted
    (by default: graded :data:`DAILY_GRADE`; ``accept=None`` takes the first winnable one). Kept per
    day, rules and filter: grading the candidates takes a few seconds in pure Python."""
    for code, verdict in winnable_deals(rules, daily_numbers(day, rules)):
        if accept is None or accept(code, verdict):
            return code
    raise AssertionError("the candidate sequence is endless")  # pragma: no cover
