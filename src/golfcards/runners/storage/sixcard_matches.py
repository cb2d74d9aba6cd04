"""Finished Six-card Golf matches, kept whole: a row per match with its seats, a short summary and its
record (:mod:`golfcards.sixcard.record`, every deal and action), and a row per seat held by a known
player with what the statistics need. Nothing of a match is stored before it is over;
:mod:`golfcards.runners.sixcard_records` reads and writes them.

The players' ratings (per grid size) move in the same write transaction that stores the match, with
a history row per rated player and match: a match is rated exactly when it is stored."""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Callable, Collection
from dataclasses import dataclass
from typing import Any

from golfcards.runners.storage.database import Database, Session


@dataclass(frozen=True, slots=True)
class SixCardResultRow:
    """One seat's result in a finished six-card match (``bots``: JSON list of the bot levels at the table)."""

    seat: int
    player: str
    grid: int
    holes: int
    points: int
    best_hole: int
    won: bool
    bots: str
    match: int = 0


@dataclass(frozen=True, slots=True)
class StoredSixCardMatch:
    """A stored match as JSON texts; ``seat`` is the asking player's seat, ``record`` None in lists."""

    id: int
    seats: str
    summary: str
    record: str | None
    finished: float
    seat: int


StoredRating = tuple[float, float, int]
"""A stored rating: mu, sigma and the number of rated matches."""
RateSeats = Callable[[dict[int, StoredRating | None]], dict[int, StoredRating]]
"""Given the current rating of each rated seat's player (None: not rated yet at this grid), the new
rating of each."""


def _result_row(row: Any) -> SixCardResultRow:
    return SixCardResultRow(
        seat=int(row["seat"]),
        player=row["player"],
        grid=int(row["grid"]),
        holes=int(row["holes"]),
        points=int(row["points"]),
        best_hole=int(row["best_hole"]),
        won=bool(row["won"]),
        bots=row["bots"],
        match=int(row["match"]),
    )


def _stored_match(row: Any) -> StoredSixCardMatch:
    return StoredSixCardMatch(
        int(row["id"]), row["seats"], row["summary"], row["record"], float(row["finished"]), int(row["seat"])
    )


def _rate_stored(db: Session, match_id: int, stored: list[SixCardResultRow], rate: RateSeats, now: float) -> None:
    """Move the ratings of the stored players who held one seat each, and write their history rows."""
    seats_of = Counter(row.player for row in stored)
    rated = {row.seat: row for row in stored if seats_of[row.player] == 1}
    current: dict[int, StoredRating | None] = {}
    for seat, row in rated.items():
        found = db.execute(
            "SELECT mu, sigma, matches FROM ratings WHERE player = ? AND grid = ?", (row.player, row.grid)
        ).fetchone()
        current[seat] = None if found is None else (float(found["mu"]), float(found["sigma"]), int(found["matches"]))
    for seat, (mu, sigma, matches) in rate(current).items():
        row = rated[seat]
        db.execute(
            "INSERT INTO ratings (player, grid, mu, sigma, matches, updated) VALUES (?, ?, ?, ?, ?, ?) "
            "ON CONFLICT (player, grid) DO UPDATE SET mu = excluded.mu, sigma = excluded.sigma, "
            "matches = excluded.matches, updated = excluded.updated",
            (row.player, row.grid, mu, sigma, matches, now),
        )
        db.execute(
            "INSERT INTO rating_history (player, grid, match, mu, sigma, at) VALUES (?, ?, ?, ?, ?, ?)",
            (row.player, row.grid, match_id, mu, sigma, now),
        )


class SixCardMatchStore:
    """Finished six-card matches and their players' results."""

    def __init__(self, database: Database) -> None:
        self.database = database

    def save_sixcard_match(
        self,
        room: str,
        seats: str,
        summary: str,
        record: str,
        results: list[SixCardResultRow],
        new_players: Collection[str] = (),
        rate: RateSeats | None = None,
    ) -> int:
        """Store a finished match (JSON texts) and one result per seat whose player exists (those of
        ``new_players`` are created first); its id. With ``rate``, the ratings at the match's grid of
        the players who held exactly one seat move as ``rate`` says, and each gets a history row."""
        with self.database.write() as db:
            now = time.time()
            db.executemany(
                "INSERT INTO players (id, created) VALUES (?, ?) ON CONFLICT DO NOTHING",
                [(row.player, now) for row in results if row.player in new_players],
            )
            match_id = int(
                db.execute(
                    "INSERT INTO sixcard_matches (room, seats, summary, record, finished) VALUES (?, ?, ?, ?, ?) "
                    "RETURNING id",
                    (room, seats, summary, record, time.time()),
                ).fetchone()["id"]
            )
            stored: list[SixCardResultRow] = []
            for row in results:
                if db.execute("SELECT 1 FROM players WHERE id = ?", (row.player,)).fetchone() is None:
                    continue
                db.execute(
                    "INSERT INTO sixcard_results (match, seat, player, grid, holes, points, best_hole, won, bots) "
                    "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    (
                        match_id,
                        row.seat,
                        row.player,
                        row.grid,
                        row.holes,
                        row.points,
                        row.best_hole,
                        int(row.won),
                        row.bots,
                    ),
                )
                stored.append(row)
            if rate is not None and stored:
                _rate_stored(db, match_id, stored, rate, now)
        return match_id

    def sixcard_results(self, player: str) -> list[SixCardResultRow]:
        """Every six-card result of ``player``, oldest first."""
        with self.database.read() as db:
            rows = db.execute(
                "SELECT seat, player, grid, holes, points, best_hole, won, bots, match FROM sixcard_results "
                "WHERE player = ? ORDER BY match",
                (player,),
            ).fetchall()
        return [_result_row(row) for row in rows]

    def sixcard_matches(self, player: str, limit: int, before: int | None = None) -> list[StoredSixCardMatch]:
        """The matches ``player`` took part in, newest first (ids below ``before``), without records."""
        with self.database.read() as db:
            rows = db.execute(
                "SELECT m.id, m.seats, m.summary, NULL AS record, m.finished, r.seat FROM sixcard_matches m "
                "JOIN sixcard_results r ON r.match = m.id WHERE r.player = ? AND m.id < ? "
                "ORDER BY m.id DESC LIMIT ?",
                (player, before if before is not None else 2**62, limit),
            ).fetchall()
        return [_stored_match(row) for row in rows]

    def sixcard_match(self, match_id: int, player: str) -> StoredSixCardMatch | None:
        """Match ``match_id`` with its record, if ``player`` took part in it."""
        with self.database.read() as db:
            row = db.execute(
                "SELECT m.id, m.seats, m.summary, m.record, m.finished, r.seat FROM sixcard_matches m "
                "JOIN sixcard_results r ON r.match = m.id WHERE m.id = ? AND r.player = ? ORDER BY r.seat LIMIT 1",
                (match_id, player),
            ).fetchone()
        return None if row is None else _stored_match(row)
