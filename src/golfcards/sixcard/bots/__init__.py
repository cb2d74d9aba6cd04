"""Bots of measured strength; each receives views only (see :mod:`golfcards.sixcard.view`).

Levels, weakest first: ``random`` (the yardstick), ``easy``, ``normal``, ``strong``, ``expert``.
The arena (:mod:`golfcards.runners.arena`) measures them; ``docs/sixcard-bots.md`` has the table.
"""

from __future__ import annotations

from golfcards.errors import GolfError
from golfcards.sixcard.bots.base import Bot, RandomBot
from golfcards.sixcard.bots.expert import ExpertBot
from golfcards.sixcard.bots.normal import EasyBot, NormalBot
from golfcards.sixcard.bots.strong import StrongBot

LEVELS: dict[str, type[Bot]] = {
    "random": RandomBot,
    "easy": EasyBot,
    "normal": NormalBot,
    "strong": StrongBot,
    "expert": ExpertBot,
}


def make_bot(level: str, seed: int = 0) -> Bot:
    """A bot of ``level`` (one of :data:`LEVELS`) with its own seeded random choices."""
    bot_class = LEVELS.get(level.strip().lower()) if isinstance(level, str) else None
    if bot_class is None:
        raise GolfError(
            "sixcard.bad_level",
            f"{level!r}: a bot level is one of {', '.join(LEVELS)}",
            level=str(level),
            levels=", ".join(LEVELS),
        )
    return bot_class(seed)
