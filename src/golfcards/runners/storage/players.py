"""Players (an unguessable id each, kept in a browser cookie), the ids of their applied requests,
and the server's secret keys."""

from __future__ import annotations

import secrets
import time

from golfcards.runners.storage.database import Database, Session

REQUEST_MEMORY = 24 * 3600.0
"""Seconds a request id is remembered: a retry of the same request within that time is applied once."""


class PlayerStore:
    """Who plays, and which of their requests were applied."""

    def __init__(self, database: Database) -> None:
        self.database = database

    def new_player(self, player: str | None = None) -> str:
        """Create a player and return their unguessable id (kept in a browser cookie): ``player`` (an id
        the server gave out before storing it; kept as it is if it exists already) or a new one."""
        player = player or secrets.token_urlsafe(18)
        with self.database.write() as db:
            db.execute("INSERT INTO players (id, created) VALUES (?, ?) ON CONFLICT DO NOTHING", (player, time.time()))
        return player

    def player_exists(self, player: str) -> bool:
        with self.database.read() as db:
            return db.execute("SELECT 1 FROM players WHERE id = ?", (player,)).fetchone() is not None

    def request_applied(self, player: str, request_id: str) -> bool:
        """Whether the player's request ``request_id`` was applied already (within :data:`REQUEST_MEMORY`)."""
        with self.database.read() as db:
            row = db.execute(
                "SELECT created FROM requests WHERE player = ? AND id = ?", (player, request_id)
            ).fetchone()
        return row is not None and row["created"] > time.time() - REQUEST_MEMORY


def claim_request(db: Session, player: str, request_id: str | None) -> bool:
    """Inside a write: remember ``request_id``; False if it was applied already."""
    if request_id is None:
        return True
    now = time.time()
    db.execute("DELETE FROM requests WHERE player = ? AND created < ?", (player, now - REQUEST_MEMORY))
    cursor = db.execute(
        "INSERT INTO requests (player, id, created) VALUES (?, ?, ?) ON CONFLICT DO NOTHING", (player, request_id, now)
    )
    return cursor.rowcount == 1


class SecretKeyStore:
    """The server's secret keys, shared by every server on the database and every restart."""

    def __init__(self, database: Database) -> None:
        self.database = database

    def secret_key(self, name: str) -> bytes:
        """The server's secret key ``name`` (32 random bytes, made at its first use and kept in the
        database, so every server on it and every restart share it)."""
        with self.database.write() as db:
            db.execute(
                "INSERT INTO secret_keys (name, key) VALUES (?, ?) ON CONFLICT DO NOTHING",
                (name, secrets.token_bytes(32)),
            )
            return bytes(db.execute("SELECT key FROM secret_keys WHERE name = ?", (name,)).fetchone()["key"])
