"""The retention policy: idle players go with everything of theirs, unfinished courses nobody plays
go (their games stay), and request ids go past their memory; in short write transactions, so
players' writes go on between them."""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass

from golfcards.runners.storage.database import Database, Session
from golfcards.runners.storage.players import REQUEST_MEMORY

FORGET_BATCH = 500
"""Players (or courses, or request ids) :meth:`RetentionStore.forget` deletes per write transaction:
each holds the database's write lock only briefly, so players' writes go on between them."""


@dataclass(frozen=True, slots=True)
class Forgotten:
    """What one run of :meth:`RetentionStore.forget` deleted: players (with their data), courses, request ids."""

    players: int
    courses: int
    requests: int


class RetentionStore:
    """Deletes what the retention policy says is no longer kept."""

    def __init__(self, database: Database) -> None:
        self.database = database

    def forget(
        self,
        idle_before: float | None,
        unfinished_before: float | None,
        now: float | None = None,
        stopping: Callable[[], bool] = lambda: False,
    ) -> Forgotten:
        """The retention policy, in short write transactions (:data:`FORGET_BATCH` rows each): delete
        the players created and last active (a Solitaire game played, a course started, a six-card
        match finished) before ``idle_before`` with all their games, courses, daily entries, six-card
        results, ratings and request ids (an account's player is never idle; a match goes once none
        of its players is left); the courses left
        unfinished whose last game was played before ``unfinished_before`` (their games stay, as
        single games); and every request id older than :data:`REQUEST_MEMORY`. None keeps that kind.
        Between two transactions it ends early once ``stopping()`` is true (the server stops)."""
        now = time.time() if now is None else now
        players = courses = 0
        if idle_before is not None:
            while not stopping() and (players_batch := self._idle_players(idle_before)):
                players += self._forget_players(players_batch, idle_before)
                if len(players_batch) < FORGET_BATCH:
                    break
        if unfinished_before is not None:
            while not stopping() and (courses_batch := self._unfinished_courses(unfinished_before)):
                courses += self._forget_courses(courses_batch, unfinished_before)
                if len(courses_batch) < FORGET_BATCH:
                    break
        requests = 0
        while not stopping():
            with self.database.write() as db:
                cursor = db.execute(
                    "DELETE FROM requests WHERE (player, id) IN "
                    "(SELECT player, id FROM requests WHERE created < ? LIMIT ?)",
                    (now - REQUEST_MEMORY, FORGET_BATCH),
                )
            requests += cursor.rowcount
            if cursor.rowcount < FORGET_BATCH:
                break
        return Forgotten(players, courses, requests)

    def _idle_players(self, idle_before: float) -> list[str]:
        with self.database.read() as db:
            rows = db.execute(
                f"SELECT id FROM players p WHERE {_IDLE} LIMIT ?", (idle_before,) * 4 + (FORGET_BATCH,)
            ).fetchall()
        return [row["id"] for row in rows]

    def _forget_players(self, players: list[str], idle_before: float) -> int:
        """Delete ``players`` with everything of theirs, those still idle (checked again in the write)."""
        marks = ", ".join("?" * len(players))
        with self.database.write() as db:
            idle = [
                row["id"]
                for row in db.execute(
                    f"SELECT id FROM players p WHERE id IN ({marks}) AND {_IDLE}", (*players, *(idle_before,) * 4)
                )
            ]
            if not idle:
                return 0
            delete_players(db, idle)
        return len(idle)

    def _unfinished_courses(self, unfinished_before: float) -> list[int]:
        with self.database.read() as db:
            rows = db.execute(
                f"SELECT id FROM courses c WHERE {_UNFINISHED} LIMIT ?", (unfinished_before,) * 2 + (FORGET_BATCH,)
            ).fetchall()
        return [int(row["id"]) for row in rows]

    def _forget_courses(self, courses: list[int], unfinished_before: float) -> int:
        """Delete ``courses`` still unfinished and unplayed (checked again in the write); their games
        stay as single games."""
        marks = ", ".join("?" * len(courses))
        with self.database.write() as db:
            left = [
                int(row["id"])
                for row in db.execute(
                    f"SELECT id FROM courses c WHERE id IN ({marks}) AND {_UNFINISHED}",
                    (*courses, *(unfinished_before,) * 2),
                )
            ]
            if not left:
                return 0
            marks = ", ".join("?" * len(left))
            db.execute(f"UPDATE solitaire_games SET course = NULL WHERE course IN ({marks})", left)
            db.execute(f"DELETE FROM courses WHERE id IN ({marks})", left)
        return len(left)


_IDLE = (
    "NOT EXISTS (SELECT 1 FROM accounts a WHERE a.player = p.id) "
    "AND p.created < ? AND NOT EXISTS (SELECT 1 FROM solitaire_games g WHERE g.player = p.id AND g.updated >= ?) "
    "AND NOT EXISTS (SELECT 1 FROM courses c WHERE c.player = p.id AND c.started >= ?) "
    "AND NOT EXISTS (SELECT 1 FROM sixcard_results r JOIN sixcard_matches m ON m.id = r.match "
    "WHERE r.player = p.id AND m.finished >= ?)"
)
"""A player (``p``) of no account, created and last active before the time given four times."""


def delete_players(db: Session, players: list[str]) -> None:
    """Inside a write: delete ``players`` with all their games, courses, daily entries, six-card
    results, ratings and request ids (a finished match goes once none of its players is left)."""
    if not players:
        return
    marks = ", ".join("?" * len(players))
    matches = [
        row["match"]
        for row in db.execute(f"SELECT DISTINCT match FROM sixcard_results WHERE player IN ({marks})", players)
    ]
    for table in ("daily_entries", "requests", "sixcard_results", "offline_games", "rating_history", "ratings"):
        db.execute(f"DELETE FROM {table} WHERE player IN ({marks})", players)
    db.execute(f"DELETE FROM solitaire_games WHERE player IN ({marks})", players)
    db.execute(f"DELETE FROM courses WHERE player IN ({marks})", players)
    db.execute(f"DELETE FROM players WHERE id IN ({marks})", players)
    for match in matches:
        db.execute(
            "DELETE FROM sixcard_matches WHERE id = ? AND NOT EXISTS (SELECT 1 FROM sixcard_results WHERE match = ?)",
            (match, match),
        )


_UNFINISHED = (
    "c.finished IS NULL AND c.started < ? AND NOT EXISTS "
    "(SELECT 1 FROM solitaire_games g WHERE g.course = c.id AND g.updated >= ?)"
)
"""A course (``c``) left unfinished, started and last played before the time given twice."""
