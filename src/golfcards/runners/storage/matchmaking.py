"""What quick play reads of the six-card ratings: a player's (mu, sigma) at one grid size, read only.

The ratings themselves (table ``ratings``, schema version 10) are written when a match of people
ends; quick play only reads them to seat people of a similar strength together. A player with no
rating at that grid has OpenSkill's default: mu 25, sigma 25/3.
"""

from __future__ import annotations

from dataclasses import dataclass

from golfcards.runners.ratings import DEFAULT_MU, DEFAULT_SIGMA
from golfcards.runners.storage.database import Database

PUBLIC_MARK = '%"public": {%'
"""How a public table's stored seats read (``web/sixcard/room_store.py``'s ``seats_json``)."""


@dataclass(frozen=True, slots=True)
class StoredTable:
    """A public table's row as every worker may read it: its code, house rules and seats (JSON texts)."""

    code: str
    rules: str
    seats: str


class MatchmakingStore:
    """Read-only look-ups of players' six-card ratings and of the public tables of every worker."""

    def __init__(self, database: Database) -> None:
        self.database = database

    def rating(self, player: str | None, grid: int) -> tuple[float, float]:
        """``player``'s (mu, sigma) at ``grid`` cards; the default for None or an unrated player."""
        if player is None:
            return DEFAULT_MU, DEFAULT_SIGMA
        with self.database.read() as db:
            row = db.execute("SELECT mu, sigma FROM ratings WHERE player = ? AND grid = ?", (player, grid)).fetchone()
        if row is None:
            return DEFAULT_MU, DEFAULT_SIGMA
        return float(row["mu"]), float(row["sigma"])

    def public_tables(self) -> list[StoredTable]:
        """The stored public tables whose match is not over, whichever worker plays them."""
        with self.database.read() as db:
            rows = db.execute(
                "SELECT code, rules, seats FROM sixcard_rooms WHERE finished IS NULL AND seats LIKE ? ORDER BY created",
                (PUBLIC_MARK,),
            ).fetchall()
        return [StoredTable(row["code"], row["rules"], row["seats"]) for row in rows]
