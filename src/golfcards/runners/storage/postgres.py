"""PostgreSQL behind the stores, through psycopg 3 (the ``postgres`` extra).

The operator creates a role and a database it owns; the first server to start creates the tables
(the same migration steps as SQLite's, :data:`~golfcards.runners.storage.schema.POSTGRES_MIGRATIONS`)
and keeps the version in the table ``schema_version``. Reads run in autocommit; every write is one
transaction that first takes a transaction-level advisory lock, so the writers of every server on
the database take turns as SQLite's ``BEGIN IMMEDIATE`` makes them do, and a write computed from
what it read (a version check, a request id) is applied once. ``synchronous_commit`` is on: a commit
that returned is in the server's write-ahead log on disk.
"""

from __future__ import annotations

from typing import Any

from golfcards.errors import GolfError
from golfcards.runners.storage.database import BUSY_TIMEOUT, Database, Session, StorageFailure, shown_location
from golfcards.runners.storage.schema import POSTGRES_MIGRATIONS

_FAILURES = {
    "53100": "storage.full",  # disk_full
    "53200": "storage.full",  # out_of_memory
    "25006": "storage.read_only",  # read_only_sql_transaction
    "42501": "storage.read_only",  # insufficient_privilege
    "55P03": "storage.busy",  # lock_not_available (lock_timeout)
    "57014": "storage.busy",  # query_canceled (statement_timeout)
    "40001": "storage.busy",  # serialization_failure
    "40P01": "storage.busy",  # deadlock_detected
    "53300": "storage.busy",  # too_many_connections
    "XX001": "storage.corrupt",  # data_corrupted
    "XX002": "storage.corrupt",  # index_corrupted
}
"""psycopg's errors (by SQLSTATE) as the same ``storage.*`` keys as SQLite's; any other is ``storage.failed``."""
WRITERS_LOCK = 0x676F6C66
"""The advisory lock the writers of every process take in turn (``golf`` in ASCII)."""
_VERSION_TABLE = "CREATE TABLE IF NOT EXISTS schema_version (version BIGINT NOT NULL)"


class PostgresDatabase(Database):
    """A PostgreSQL database named by a libpq URL (``postgresql://user@host/db``)."""

    engine = "postgresql"
    placeholder = "%s"

    def __init__(self, url: str, *, busy_timeout: float = BUSY_TIMEOUT) -> None:
        try:
            import psycopg
            from psycopg.rows import dict_row
        except ImportError as error:
            raise GolfError(
                "storage.cannot_open",
                f"{shown_location(url)}: psycopg is missing (pip install 'golfcards[postgres]')",
                path=shown_location(url),
                reason=str(error),
            ) from error
        super().__init__(shown_location(url), busy_timeout=busy_timeout)
        self.url = url
        self._psycopg = psycopg
        self._dict_row = dict_row
        self.errors = (psycopg.Error, OSError)
        self._open()

    def _connect(self) -> Any:
        milliseconds = max(1, round(self.busy_timeout * 1000))
        return self._psycopg.connect(
            self.url,
            autocommit=True,
            row_factory=self._dict_row,
            connect_timeout=max(1, round(self.busy_timeout)),
            options=f"-c synchronous_commit=on -c lock_timeout={milliseconds} -c timezone=UTC",
            application_name="golfcards",
        )

    def _usable(self, connection: Any) -> bool:
        return not connection.broken and not connection.closed

    def _begin_write(self, session: Session, exclusive: bool = True) -> None:
        session.execute("BEGIN")
        if exclusive:
            session.execute("SELECT pg_advisory_xact_lock(?)", (WRITERS_LOCK,)).fetchall()

    def _in_transaction(self, connection: Any) -> bool:
        status = connection.info.transaction_status
        return bool(status != self._psycopg.pq.TransactionStatus.IDLE and not connection.broken)

    def _read_version(self, session: Session) -> int:
        row = session.execute("SELECT to_regclass('schema_version') AS name").fetchone()
        if row["name"] is None:
            return 0
        row = session.execute("SELECT MAX(version) AS version FROM schema_version").fetchone()
        return int(row["version"] or 0)

    def _apply_step(self, session: Session, version: int) -> None:
        session.execute(_VERSION_TABLE)
        for statement in POSTGRES_MIGRATIONS[version].split(";"):
            if statement.strip():
                session.execute(statement)
        session.execute("DELETE FROM schema_version")
        session.execute("INSERT INTO schema_version (version) VALUES (?)", (version,))

    def failure(self, error: BaseException) -> StorageFailure:
        """The disk is full, the role may not write, another writer held the lock too long, the
        server is gone…"""
        if isinstance(error, StorageFailure):
            return error
        state = getattr(error, "sqlstate", None)
        key = _FAILURES.get(state, "storage.failed") if isinstance(state, str) else "storage.failed"
        return StorageFailure(key, str(error).strip(), path=self.location)
