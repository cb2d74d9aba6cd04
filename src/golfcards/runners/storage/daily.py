"""The daily deal: one row per player, day and rule, naming the game that counts for that day (the
first one started; a fresh start replaces it only while it has no move). The day's table and the
player's streak read that game's row. Each entry notes the network it came from (a one-way hash of
the address's network and the day) and whether it is ranked (a network past its cap of entries per
day plays on unranked)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from golfcards.runners.storage.database import Database

NO_CAP = 2**62
"""The cap of ranked entries per network when there is none."""


@dataclass(frozen=True, slots=True)
class DailyEntry:
    """The game that counts for a player's daily deal, with what the day's table shows of it: whether
    the player was helped (``assisted``) and whether the entry may be ranked (its network's cap)."""

    player: str
    game: int
    status: str
    score: int
    moves: int
    seconds: float
    current: bool
    assisted: bool = False
    ranked: bool = True


class DailyStore:
    """The daily deal's entries and tables."""

    def __init__(self, database: Database) -> None:
        self.database = database

    def daily_entry(self, player: str, day: str, rules: str) -> DailyEntry | None:
        """The game that counts for ``player``'s daily deal of ``day`` under ``rules``, if any."""
        with self.database.read() as db:
            row = db.execute(
                f"{_DAILY_SELECT} WHERE d.day = ? AND d.rules = ? AND d.player = ?", (day, rules, player)
            ).fetchone()
        return None if row is None else _daily_entry(row)

    def record_daily(
        self, player: str, day: str, rules: str, game_id: int, network: str = "", cap: int | None = None
    ) -> None:
        """Make ``game_id`` the game that counts for the day, unless one with a move already does. A new
        entry notes ``network`` (where it came from); it is ranked unless ``cap`` ranked entries of
        that day and rules came from the same network already."""
        with self.database.write() as db:
            db.execute(
                "INSERT INTO daily_entries (day, rules, player, game, network, ranked) VALUES (?, ?, ?, ?, ?, "
                "CASE WHEN (SELECT COUNT(*) FROM daily_entries WHERE day = ? AND rules = ? AND network = ? "
                "AND ranked = 1) < ? THEN 1 ELSE 0 END) "
                "ON CONFLICT (day, rules, player) DO UPDATE SET game = excluded.game "
                "WHERE (SELECT moves FROM solitaire_games WHERE id = daily_entries.game) = 0",
                (day, rules, player, game_id, network, day, rules, network, NO_CAP if cap is None else cap),
            )

    def daily_results(self, day: str, rules: str, limit: int) -> list[DailyEntry]:
        """The day's ranked games under ``rules`` with at least one move (neither helped nor past their
        network's cap): wins first, then score, moves, time."""
        with self.database.read() as db:
            rows = db.execute(
                f"{_DAILY_SELECT} WHERE d.day = ? AND d.rules = ? AND g.moves > 0 AND d.ranked = 1 "
                f"AND NOT {_ASSISTED} ORDER BY {_DAILY_ORDER} LIMIT ?",
                (day, rules, limit),
            ).fetchall()
        return [_daily_entry(row) for row in rows]

    def daily_rank(self, player: str, day: str, rules: str) -> int | None:
        """``player``'s place in the day's table (as :meth:`daily_results` orders it), if they are in it."""
        with self.database.read() as db:
            row = db.execute(
                "SELECT place FROM (SELECT d.player, ROW_NUMBER() OVER (ORDER BY "
                f"{_DAILY_ORDER}) AS place FROM daily_entries d JOIN solitaire_games g ON g.id = d.game "
                f"WHERE d.day = ? AND d.rules = ? AND g.moves > 0 AND d.ranked = 1 AND NOT {_ASSISTED}) AS ranks "
                "WHERE player = ?",
                (day, rules, player),
            ).fetchone()
        return None if row is None else int(row["place"])

    def daily_days_won(self, player: str, rules: str) -> list[str]:
        """The days (``YYYY-MM-DD``) whose daily deal under ``rules`` ``player`` won, oldest first."""
        with self.database.read() as db:
            rows = db.execute(
                "SELECT d.day FROM daily_entries d JOIN solitaire_games g ON g.id = d.game "
                "WHERE d.player = ? AND d.rules = ? AND g.status = 'won' ORDER BY d.day",
                (player, rules),
            ).fetchall()
        return [row["day"] for row in rows]


_DAILY_ORDER = "g.status = 'won' DESC, g.score DESC, g.moves, g.updated - g.started, g.id"
_ASSISTED = "EXISTS (SELECT 1 FROM solitaire_games a WHERE a.player = d.player AND a.code = g.code AND a.assisted = 1)"
"""Whether a daily entry's player was helped (a hint, the solution) in any game of that deal: a
fresh start of the daily deal after asking for its solution stays assisted."""
_DAILY_SELECT = (
    "SELECT d.player, d.game, g.status, g.score, g.moves, g.updated - g.started AS seconds, g.current, "
    f"g.abandoned, d.ranked, {_ASSISTED} AS assisted FROM daily_entries d JOIN solitaire_games g ON g.id = d.game"
)


def _daily_entry(row: Any) -> DailyEntry:
    status = "abandoned" if row["abandoned"] and row["status"] == "playing" else row["status"]
    return DailyEntry(
        row["player"],
        int(row["game"]),
        status,
        int(row["score"]),
        int(row["moves"]),
        float(row["seconds"]),
        bool(row["current"]),
        bool(row["assisted"]),
        bool(row["ranked"]),
    )
