"""Six-card ratings as stored (written with the match that moves them:
:meth:`~golfcards.runners.storage.sixcard_matches.SixCardMatchStore.save_sixcard_match`) and the
leaderboards: six-card by conservative rating, Solitaire by wins and by the daily deal.

A leaderboard lists only players with an account, by their account's name; a player's own rows
are read by their player id alone."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from golfcards.runners.storage.database import Database

CONSERVATIVE = "r.mu - 3 * r.sigma"
"""The rating leaderboards sort by (OpenSkill's ordinal)."""


@dataclass(frozen=True, slots=True)
class StoredPlayerRating:
    """A player's rating at one grid size."""

    grid: int
    mu: float
    sigma: float
    matches: int


@dataclass(frozen=True, slots=True)
class RatingPoint:
    """A player's rating at one grid size just after match ``match`` (finished at ``at``)."""

    grid: int
    match: int
    mu: float
    sigma: float
    at: float


@dataclass(frozen=True, slots=True)
class RatingLeader:
    """A row of the six-card leaderboard."""

    player: str
    name: str
    mu: float
    sigma: float
    matches: int


@dataclass(frozen=True, slots=True)
class SolitaireLeader:
    """A row of a Solitaire leaderboard: games won, games counted, and the sum of their scores."""

    player: str
    name: str
    wins: int
    games: int
    score: int


class RatingStore:
    """Ratings, their history, and the leaderboards."""

    def __init__(self, database: Database) -> None:
        self.database = database

    def player_ratings(self, player: str) -> list[StoredPlayerRating]:
        """``player``'s rating at each grid size they were rated at, by grid."""
        with self.database.read() as db:
            rows = db.execute(
                "SELECT grid, mu, sigma, matches FROM ratings WHERE player = ? ORDER BY grid", (player,)
            ).fetchall()
        return [StoredPlayerRating(int(r["grid"]), float(r["mu"]), float(r["sigma"]), int(r["matches"])) for r in rows]

    def rating_history(self, player: str, limit: int) -> list[RatingPoint]:
        """``player``'s ratings after each of their last ``limit`` rated matches, oldest first."""
        with self.database.read() as db:
            rows = db.execute(
                "SELECT grid, match, mu, sigma, at FROM rating_history WHERE player = ? "
                "ORDER BY match DESC, grid LIMIT ?",
                (player, limit),
            ).fetchall()
        points = [
            RatingPoint(int(r["grid"]), int(r["match"]), float(r["mu"]), float(r["sigma"]), float(r["at"]))
            for r in rows
        ]
        return points[::-1]

    def rating_leaders(self, grid: int, min_matches: int, limit: int) -> list[RatingLeader]:
        """The players with an account and at least ``min_matches`` rated matches at ``grid`` cards,
        highest conservative rating (mu - 3 sigma) first."""
        with self.database.read() as db:
            rows = db.execute(
                "SELECT r.player, a.name, r.mu, r.sigma, r.matches FROM ratings r "
                "JOIN accounts a ON a.player = r.player WHERE r.grid = ? AND r.matches >= ? "
                f"ORDER BY {CONSERVATIVE} DESC, r.matches DESC, a.name_key LIMIT ?",
                (grid, min_matches, limit),
            ).fetchall()
        return [
            RatingLeader(r["player"], r["name"], float(r["mu"]), float(r["sigma"]), int(r["matches"])) for r in rows
        ]

    def solitaire_rules_stored(self) -> list[str]:
        """The Solitaire rules (``E``, ``C``, ``S``, with their variants) of the games stored, most played first."""
        with self.database.read() as db:
            rows = db.execute(
                "SELECT rules, COUNT(*) AS n FROM solitaire_games GROUP BY rules ORDER BY n DESC, rules"
            ).fetchall()
        return [row["rules"] for row in rows]

    def solitaire_leaders(self, rules: str, limit: int) -> list[SolitaireLeader]:
        """Players with an account by Solitaire games won under ``rules`` (then fewer games, then score)."""
        with self.database.read() as db:
            rows = db.execute(
                "SELECT g.player, a.name, SUM(CASE WHEN g.status = 'won' THEN 1 ELSE 0 END) AS wins, "
                "COUNT(*) AS games, SUM(g.score) AS score FROM solitaire_games g "
                "JOIN accounts a ON a.player = g.player "
                "WHERE g.rules = ? AND (g.status IN ('won', 'blocked') OR g.abandoned = 1) "
                "GROUP BY g.player, a.name, a.name_key HAVING SUM(CASE WHEN g.status = 'won' THEN 1 ELSE 0 END) > 0 "
                "ORDER BY wins DESC, games, score DESC, a.name_key LIMIT ?",
                (rules, limit),
            ).fetchall()
        return [_solitaire_leader(row) for row in rows]

    def daily_leaders(self, rules: str, first_day: str | None, last_day: str, limit: int) -> list[SolitaireLeader]:
        """Players with an account by daily deals won under ``rules`` from ``first_day`` (None: ever)
        to ``last_day`` (``YYYY-MM-DD``), then by the sum of their scores; ranked, unhelped entries
        with at least one move, as the daily table counts them."""
        with self.database.read() as db:
            rows = db.execute(
                "SELECT d.player, a.name, SUM(CASE WHEN g.status = 'won' THEN 1 ELSE 0 END) AS wins, "
                "COUNT(*) AS games, SUM(g.score) AS score FROM daily_entries d "
                "JOIN solitaire_games g ON g.id = d.game JOIN accounts a ON a.player = d.player "
                "WHERE d.rules = ? AND d.day >= ? AND d.day <= ? AND g.moves > 0 AND d.ranked = 1 "
                "AND NOT EXISTS (SELECT 1 FROM solitaire_games h WHERE h.player = d.player AND h.code = g.code "
                "AND h.assisted = 1) "
                "GROUP BY d.player, a.name, a.name_key ORDER BY wins DESC, score DESC, games, a.name_key LIMIT ?",
                (rules, first_day or "", last_day, limit),
            ).fetchall()
        return [_solitaire_leader(row) for row in rows]


def _solitaire_leader(row: Any) -> SolitaireLeader:
    return SolitaireLeader(row["player"], row["name"], int(row["wins"]), int(row["games"]), int(row["score"] or 0))
