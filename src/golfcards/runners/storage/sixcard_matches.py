"""Finished Six-card Golf matches, kept whole: a row per match with its seats, a short summary and its
record (:mod:`golfcards.sixcard.record`, every deal and action), and a row per seat held by a known
player with what the statistics need. Nothing of a match is stored before it is over;
:mod:`golfcards.runners.sixcard_records` reads and writes them."""

from __future__ import annotations

import time
from collections.abc import Collection
from dataclasses import dataclass
from typing import Any

from golfcards.runners.storage.database import Database


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
    ) -> int:
        """Store a finished match (JSON texts) and one result per seat whose player exists (those of
        ``new_players`` are created first); its id."""
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
