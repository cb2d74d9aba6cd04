"""The daily deal on a shared server: the day's game, each player's streak and the day's table.

The day is the UTC date (a clock, so it lives here and not in the engine); the code of a day comes
from :func:`golfcards.solitaire.daily.daily_code`, which keeps each day's and rule's code once
solved. A player's daily game is an ordinary saved game; :class:`~golfcards.runners.storage.DailyStore`
remembers which game counts for the day (the first one played), so starting the daily deal again
later is practice that neither the table nor the streak sees. The streak is the number of
consecutive days won, up to today, or up to yesterday while today's deal is not won yet.

The table ranks only results played unaided: a player who asked for a hint or the solution in a game
of the day's deal is *assisted*, shown their own result but left out of the ranking; and only the first
:data:`RANKED_PER_NETWORK` entries of a day and rule from one network are ranked (the others play on
unranked), so fresh cookies from one place cannot fill the table.
"""

from __future__ import annotations

import datetime
import hashlib
from collections.abc import Callable
from dataclasses import dataclass

from golfcards.runners.solitaire_games import Game, SolitaireGames
from golfcards.runners.storage import DailyEntry, DailyStore
from golfcards.solitaire.codes import GameCode, rules_key
from golfcards.solitaire.daily import daily_code
from golfcards.solitaire.rules import Rules

TABLE_ROWS = 100
"""The day's table shows at most this many results (the asking player's own is always added)."""
RANKED_PER_NETWORK = 5
"""Entries of one network (an address; an IPv6 /64) ranked per day and rule; later ones play unranked."""


def today_utc() -> datetime.date:
    return datetime.datetime.now(datetime.UTC).date()


@dataclass(frozen=True, slots=True)
class DailyRow:
    """One line of the day's table: rank (None: the player's own result, not ranked), whether it is
    the asking player, and the game's result."""

    rank: int | None
    you: bool
    entry: DailyEntry


@dataclass(frozen=True, slots=True)
class DailySummary:
    """What the daily page shows for one rule: the day, its code, the player's streak and the table."""

    day: datetime.date
    code: GameCode
    streak: int
    best_streak: int
    played: bool
    rows: tuple[DailyRow, ...]
    own: DailyEntry | None = None
    """The asking player's entry of the day, if they started the deal."""


def streaks(days_won: list[str], today: datetime.date) -> tuple[int, int]:
    """The current streak (consecutive days won ending today, or yesterday) and the best one."""
    won = sorted({datetime.date.fromisoformat(day) for day in days_won})
    best = run = 0
    previous: datetime.date | None = None
    for day in won:
        run = run + 1 if previous is not None and day - previous == datetime.timedelta(days=1) else 1
        best = max(best, run)
        previous = day
    current = run if previous is not None and (today - previous).days in (0, 1) else 0
    return current, best


class DailyDeals:
    """Start a player's daily game and read the day's table and streaks (call off the event loop)."""

    def __init__(
        self, storage: DailyStore, games: SolitaireGames, today: Callable[[], datetime.date] | None = None
    ) -> None:
        self.storage = storage
        self.games = games
        self.today = today or today_utc

    def start(self, player: str, rules: Rules, network: str = "") -> Game:
        """Deal today's code under ``rules`` (or go back to the player's daily game if it is current);
        ``network`` is where the request came from (see :data:`RANKED_PER_NETWORK`)."""
        day = self.today()
        code = daily_code(day, rules)
        key = rules_key(code.rules)
        entry = self.storage.daily_entry(player, day.isoformat(), key)
        if entry is not None and entry.current:
            return self.games.load(player)
        game = self.games.start(player, code)
        self.storage.record_daily(
            player, day.isoformat(), key, game.saved.id, network_mark(network, day), RANKED_PER_NETWORK
        )
        return game

    def summary(self, player: str | None, rules: Rules) -> DailySummary:
        """The day's table under ``rules`` and ``player``'s streak and own result (None: a visitor who
        has not played)."""
        day = self.today()
        code = daily_code(day, rules)
        key = rules_key(code.rules)
        entries = self.storage.daily_results(day.isoformat(), key, TABLE_ROWS)
        rows = [DailyRow(rank, entry.player == player, entry) for rank, entry in enumerate(entries, start=1)]
        if player is None:
            return DailySummary(day, code, 0, 0, False, tuple(rows))
        own = self.storage.daily_entry(player, day.isoformat(), key)
        if own is not None and own.moves > 0 and not any(row.you for row in rows):
            rank = self.storage.daily_rank(player, day.isoformat(), key)
            rows.append(DailyRow(rank, True, own))
        current, best = streaks(self.storage.daily_days_won(player, key), day)
        return DailySummary(day, code, current, best, own is not None and own.moves > 0, tuple(rows), own)


def network_mark(network: str, day: datetime.date) -> str:
    """What a daily entry keeps of the network it came from: a hash with the day, enough to count a
    day's entries per network and useless to tell the address."""
    return hashlib.sha256(f"{day.isoformat()}|{network}".encode()).hexdigest()[:32]
