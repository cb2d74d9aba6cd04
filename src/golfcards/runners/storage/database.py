"""The connection layer under every store: one database, SQLite (a file) or PostgreSQL (a server).

A :class:`Database` opens the database and brings its schema to :data:`SCHEMA_VERSION`, gives each
thread its own connection, and runs the stores' statements in a read (:meth:`Database.read`) or in a
write transaction (:meth:`Database.write`). The writers of one process take turns on one lock; the
writers of several processes on one database take turns too (SQLite's ``BEGIN IMMEDIATE``, a
transaction-level advisory lock on PostgreSQL), so a write computed from what it has just read is
applied as it was computed. A failure of the database becomes a :class:`StorageFailure` with a
``storage.*`` key, whichever the engine.

The stores write their SQL once, in the words both engines share: ``?`` parameters, ``INSERT … ON
CONFLICT DO NOTHING``, ``RETURNING id``. The engines' own words stay here, in
:mod:`~golfcards.runners.storage.postgres` and in :mod:`~golfcards.runners.storage.schema`.

Durability: SQLite's file is in WAL mode with ``synchronous = NORMAL`` (a commit is in the operating
system's hands when it returns); PostgreSQL commits with ``synchronous_commit = on`` (in its write-ahead
log on disk when it returns). Either way an acknowledged action survives a ``kill -9`` of the server.
"""

from __future__ import annotations

import contextlib
import errno
import sqlite3
import threading
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any, Protocol
from urllib.parse import urlsplit, urlunsplit

from golfcards.errors import GolfError
from golfcards.runners.storage.schema import MIGRATIONS, SCHEMA_VERSION

BUSY_TIMEOUT = 5.0
"""Seconds a write waits for another writer (another thread or server on the same database) to finish."""
POSTGRES_SCHEMES = ("postgresql://", "postgres://")
"""How a ``--db`` location names a PostgreSQL database (a libpq URL); anything else is a SQLite file."""


class StorageFailure(GolfError, sqlite3.Error):
    """A failure of the database: a :class:`GolfError` whose ``storage.*`` key the interfaces translate,
    and an :class:`sqlite3.Error` for a caller that goes on without the database (the terminal app);
    its text is the engine's (or the system's) reason, its ``path`` parameter the database."""


class Cursor(Protocol):
    """What the stores read of a statement's result (a cursor of :mod:`sqlite3` or of psycopg)."""

    @property
    def rowcount(self) -> int: ...

    def fetchone(self) -> Any: ...

    def fetchall(self) -> list[Any]: ...

    def __iter__(self) -> Iterator[Any]: ...


class Session:
    """A thread's connection inside :meth:`Database.read` or :meth:`Database.write`; rows are read by
    column name."""

    def __init__(self, connection: Any, placeholder: str) -> None:
        self._connection = connection
        self._placeholder = placeholder
        self.aborted = False

    def execute(self, sql: str, parameters: Sequence[object] = ()) -> Cursor:
        """Run one statement (``?`` marks its parameters)."""
        cursor = self._connection.cursor()
        cursor.execute(self._sql(sql), tuple(parameters))
        return cursor  # type: ignore[no-any-return]

    def executemany(self, sql: str, rows: Sequence[Sequence[object]]) -> None:
        """Run one statement for each of ``rows``."""
        if rows:
            self._connection.cursor().executemany(self._sql(sql), [tuple(row) for row in rows])

    def abort(self) -> None:
        """End the write transaction without writing anything (a conflict, a repeated request)."""
        self.aborted = True

    def _sql(self, sql: str) -> str:
        return sql if self._placeholder == "?" else sql.replace("?", self._placeholder)


class Database:
    """One database shared by the threads of a process (each uses its own connection) and by several
    processes; :func:`open_database` picks the engine."""

    engine = ""
    placeholder = "?"
    errors: tuple[type[BaseException], ...] = (sqlite3.Error, OSError)

    def __init__(self, location: str, *, busy_timeout: float = BUSY_TIMEOUT) -> None:
        self.location = location
        """What the database is called in messages (a path, or a URL without its password)."""
        self.busy_timeout = busy_timeout
        self._local = threading.local()
        self._lock = threading.Lock()
        self._writing = threading.Lock()
        """Held for each write transaction of this process: its writers (the storage threads, the rooms'
        writer) take turns here and each starts the moment the last one commits, instead of
        retrying in the engine's own wait, whose sleeps grow."""
        self._connections: list[Any] = []

    def _open(self) -> None:
        """Connect and migrate; a database that cannot be used is a ``storage.cannot_open`` error."""
        try:
            self._prepare()
            self._migrate()
        except GolfError:
            self.close()
            raise
        except self.errors as error:  # a folder, not a database, no permission, no server…
            self.close()
            raise GolfError(
                "storage.cannot_open", f"{self.location}: {error}", path=self.location, reason=str(error)
            ) from error

    # --- engine-specific ------------------------------------------------------------------------

    def _prepare(self) -> None:
        """What the engine does once before the first connection is used."""

    def _connect(self) -> Any:
        raise NotImplementedError

    def _usable(self, connection: Any) -> bool:
        return True

    def _begin_write(self, session: Session, exclusive: bool = True) -> None:
        raise NotImplementedError

    def _in_transaction(self, connection: Any) -> bool:
        raise NotImplementedError

    def _read_version(self, session: Session) -> int:
        raise NotImplementedError

    def _apply_step(self, session: Session, version: int) -> None:
        raise NotImplementedError

    def failure(self, error: BaseException) -> StorageFailure:
        """A failure of the database while the program runs, as an error the interfaces translate."""
        raise NotImplementedError

    # --- connections and transactions -----------------------------------------------------------

    def close(self) -> None:
        """Close every thread's connection (call once no thread uses the database any more)."""
        with self._lock:
            connections, self._connections = self._connections, []
        for connection in connections:
            with contextlib.suppress(*self.errors):
                connection.close()
        self._local = threading.local()

    def connection(self) -> Any:
        """The calling thread's connection (made at its first use, made again once broken)."""
        connection = getattr(self._local, "connection", None)
        if connection is not None and not self._usable(connection):
            with self._lock:
                if connection in self._connections:
                    self._connections.remove(connection)
            connection = None
        if connection is None:
            connection = self._connect()
            self._local.connection = connection
            with self._lock:
                self._connections.append(connection)
        return connection

    @contextlib.contextmanager
    def read(self) -> Iterator[Session]:
        """This thread's connection for reading; a failure becomes a ``storage.*`` :class:`StorageFailure`."""
        try:
            yield Session(self.connection(), self.placeholder)
        except self.errors as error:
            raise self.failure(error) from error

    @contextlib.contextmanager
    def write(self, *, exclusive: bool = True) -> Iterator[Session]:
        """A write transaction, committed when the block ends (rolled back on an error or after
        :meth:`Session.abort`), after the writers of this process and of the others before it.

        ``exclusive=False``: on PostgreSQL, the writers of other processes are not waited for (no
        advisory lock), for writes that are conditional on the rows they change (the rooms' leases:
        each write names the epoch it holds), so that the workers sharing a database write their
        rooms side by side; the rows' own locks order writes of one room. SQLite has one writer."""
        try:
            connection = self.connection()
            if not self._writing.acquire(timeout=self.busy_timeout):
                raise StorageFailure("storage.busy", "another writer held the database too long", path=self.location)
            try:
                session = Session(connection, self.placeholder)
                try:
                    self._begin_write(session, exclusive)
                    yield session
                except BaseException:
                    if self._in_transaction(connection):
                        with contextlib.suppress(*self.errors):  # (the first failure is the one to tell)
                            session.execute("ROLLBACK")
                    raise
                if self._in_transaction(connection):
                    session.execute("ROLLBACK" if session.aborted else "COMMIT")
            finally:
                self._writing.release()
        except self.errors as error:
            raise self.failure(error) from error

    @property
    def writing(self) -> bool:
        """Whether a thread of this process holds the turn to write: a write transaction under way, or
        one waiting for the database's write lock while another program holds it."""
        return self._writing.locked()

    def ping(self) -> bool:
        """Whether the database answers a trivial read now (for a readiness probe)."""
        try:
            with self.read() as session:
                session.execute("SELECT 1").fetchall()
        except GolfError:
            return False
        return True

    # --- schema ---------------------------------------------------------------------------------

    @property
    def schema_version(self) -> int:
        with self.read() as session:
            return self._read_version(session)

    def _migrate(self) -> None:
        session = Session(self.connection(), self.placeholder)
        version = self._read_version(session)
        if version > SCHEMA_VERSION:
            raise GolfError(
                "storage.newer",
                f"{self.location} was written by a newer golfcards (schema {version})",
                path=self.location,
            )
        if version == SCHEMA_VERSION:
            return
        self._begin_write(session)
        try:
            version = self._read_version(session)  # another server may have done it
            for target in range(version + 1, SCHEMA_VERSION + 1):
                self._apply_step(session, target)
        except BaseException:
            session.execute("ROLLBACK")
            raise
        session.execute("COMMIT")


class SQLiteDatabase(Database):
    """A SQLite file in WAL mode (``:memory:``: a database in memory for each thread)."""

    engine = "sqlite"

    def __init__(self, path: str | Path, *, busy_timeout: float = BUSY_TIMEOUT) -> None:
        super().__init__(str(path), busy_timeout=busy_timeout)
        self.path = Path(path)
        self._open()

    def _prepare(self) -> None:
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self.connection().execute("PRAGMA journal_mode = WAL")

    def _connect(self) -> sqlite3.Connection:
        db = sqlite3.connect(self.path, timeout=self.busy_timeout, check_same_thread=False, isolation_level=None)
        db.row_factory = sqlite3.Row
        db.execute("PRAGMA foreign_keys = ON")
        db.execute("PRAGMA synchronous = NORMAL")
        return db

    def _begin_write(self, session: Session, exclusive: bool = True) -> None:
        session.execute("BEGIN IMMEDIATE")

    def _in_transaction(self, connection: Any) -> bool:
        return bool(connection.in_transaction)

    def _read_version(self, session: Session) -> int:
        return int(session.execute("PRAGMA user_version").fetchone()[0])

    def _apply_step(self, session: Session, version: int) -> None:
        for statement in MIGRATIONS[version].split(";"):
            if statement.strip():
                _run_sqlite_step(session, statement)
        session.execute(f"PRAGMA user_version = {version}")

    def failure(self, error: BaseException) -> StorageFailure:
        """The disk is full, the file became read-only or damaged, another program holds it…"""
        if isinstance(error, StorageFailure):
            return error
        code = getattr(error, "sqlite_errorcode", None)
        key = _SQLITE_FAILURES.get(code & 0xFF, "storage.failed") if isinstance(code, int) else "storage.failed"
        if isinstance(error, OSError) and error.errno == errno.ENOSPC:
            key = "storage.full"
        return StorageFailure(key, str(error), path=self.location)


_SQLITE_FAILURES = {
    sqlite3.SQLITE_BUSY: "storage.busy",
    sqlite3.SQLITE_LOCKED: "storage.busy",
    sqlite3.SQLITE_READONLY: "storage.read_only",
    sqlite3.SQLITE_PERM: "storage.read_only",
    sqlite3.SQLITE_FULL: "storage.full",
    sqlite3.SQLITE_CORRUPT: "storage.corrupt",
    sqlite3.SQLITE_NOTADB: "storage.corrupt",
}


def _run_sqlite_step(session: Session, statement: str) -> None:
    """One statement of a migration step; a column the file has already is left alone, so that a
    step can run again when merged branches renumber it (its tables say ``IF NOT EXISTS``)."""
    try:
        session.execute(statement)
    except sqlite3.OperationalError as error:
        if not (statement.strip().upper().startswith("ALTER TABLE") and "duplicate column" in str(error)):
            raise


def shown_location(url: str) -> str:
    """A database URL as messages may show it: without its password."""
    parts = urlsplit(url)
    if parts.password is None:
        return url
    host = parts.hostname or ""
    netloc = f"{parts.username}@{host}" if parts.username else host
    if parts.port is not None:
        netloc += f":{parts.port}"
    return urlunsplit(parts._replace(netloc=netloc))
