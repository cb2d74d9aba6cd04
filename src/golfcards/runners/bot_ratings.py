"""The six-card bots' measured ratings, per grid size, on the scale people are rated on.

Each bot level's OpenSkill Plackett–Luce rating (mu, sigma) was fitted to seeded arena matches
between the levels (tables of 2, 3 and 4, the default rules of each grid, 9 holes) by
``bench/bot_ratings.py``; :data:`MEASURE_COMMAND` reproduces the numbers below and
:data:`MEASURED_MATCHES` says how many matches each grid's fit rests on. Only differences of mu
mean anything to the model, so each grid's ratings are placed with the ``normal`` bot at mu 25,
OpenSkill's default: a newcomer's first rating (25, sigma 25/3) says "as strong as the normal bot,
give or take the whole range from random to expert".

A bot's seat at a rated table counts with its level's rating here, and that rating never moves:
people's games against bots move their own ratings against a fixed, measured yardstick.
"""

from __future__ import annotations

from golfcards.errors import GolfError

# measured: begin (written by bench/bot_ratings.py)
MEASURE_COMMAND = "PYTHONPATH=src nice -n 19 python3 bench/bot_ratings.py --groups 1 --workers 2 --expert-up-to 2 --outcomes A.jsonl && PYTHONPATH=src nice -n 19 python3 bench/bot_ratings.py --expert-up-to 0 --groups 10 --seed 2 --workers 1 --outcomes B.jsonl && cat A.jsonl B.jsonl > all.jsonl && PYTHONPATH=src python3 bench/bot_ratings.py --refit all.jsonl --seed 1 --write"  # noqa: E501 (one line to copy)
MEASURED_MATCHES: dict[int, int] = {4: 316, 6: 316, 8: 316, 9: 316}
BOT_RATINGS: dict[int, dict[str, tuple[float, float]]] = {
    4: {
        "random": (-26.03, 4.43),
        "easy": (13.46, 2.37),
        "normal": (25.00, 2.23),
        "strong": (24.89, 2.22),
        "expert": (20.65, 6.31),
    },
    6: {
        "random": (-27.10, 4.28),
        "easy": (9.41, 2.78),
        "normal": (25.00, 2.53),
        "strong": (38.70, 2.91),
        "expert": (31.56, 6.60),
    },
    8: {
        "random": (-25.54, 4.28),
        "easy": (12.03, 2.71),
        "normal": (25.00, 2.53),
        "strong": (40.62, 2.99),
        "expert": (32.97, 6.60),
    },
    9: {
        "random": (-19.09, 4.41),
        "easy": (22.84, 2.19),
        "normal": (25.00, 2.14),
        "strong": (31.53, 2.20),
        "expert": (34.37, 6.26),
    },
}
# measured: end


def bot_rating(level: str, grid: int) -> tuple[float, float]:
    """The measured (mu, sigma) of bot ``level`` at ``grid`` cards; a ``sixcard.bad_level`` or
    ``sixcard.bad_grid`` :class:`~golfcards.errors.GolfError` for anything else."""
    levels = _grid_ratings(grid)
    if level not in levels:
        raise GolfError("sixcard.bad_level", f"{level!r}: a bot level is one of {', '.join(levels)}", level=str(level))
    return levels[level]


def closest_bot_level(mu: float, grid: int) -> str:
    """The bot level whose measured mu at ``grid`` cards is nearest to ``mu`` (the weaker on a tie)."""
    levels = _grid_ratings(grid)
    return min(levels, key=lambda level: (abs(levels[level][0] - mu), levels[level][0]))


def _grid_ratings(grid: int) -> dict[str, tuple[float, float]]:
    levels = BOT_RATINGS.get(grid)
    if levels is None:
        raise GolfError("sixcard.bad_grid", f"a grid has 4, 6, 8 or 9 cards, not {grid}", grid=grid)
    return levels
