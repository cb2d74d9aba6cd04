"""Player data in one database: SQLite (a file, the default, nothing to set up) or PostgreSQL (a
server several ``golf serve`` share, ``--db postgresql://…``).

:mod:`~golfcards.runners.storage.database` is the connection layer (the engine, the schema's
migrations, read and write transactions, failures as ``storage.*`` keys). Over it, one store per kind
of data, each taking the :class:`Database`:

- :class:`PlayerStore` (players and the ids of their applied requests) and :class:`SecretKeyStore`;
- :class:`SolitaireStore` (Solitaire games, 9-deal courses, statistics);
- :class:`DailyStore` (the daily deal's entries and tables);
- :class:`SixCardMatchStore` (finished six-card matches, rated as they are stored),
  :class:`RatingStore` (the ratings, their history, the leaderboards) and :class:`SixCardRoomStore` (live rooms,
  each leased to the one worker that plays it when several ``golf serve`` share the database);
- :class:`AccountStore` (accounts, their passwords, passkeys and sessions);
- :class:`RetentionStore` (what the retention policy deletes).

:class:`Storage` is every store over one database, for the interfaces that use several kinds.
Both engines keep the same promise: an acknowledged action survives the server being killed
(``kill -9``); only a power cut or an operating system crash may lose SQLite's last commits.
"""

from __future__ import annotations

from pathlib import Path

from golfcards.runners.storage.accounts import (
    Account,
    AccountStore,
    Challenge,
    SessionRow,
    SignedIn,
    StoredPasskey,
    absorb_player,
    token_hash,
)
from golfcards.runners.storage.daily import DailyEntry, DailyStore
from golfcards.runners.storage.database import (
    BUSY_TIMEOUT,
    POSTGRES_SCHEMES,
    Database,
    Session,
    SQLiteDatabase,
    StorageFailure,
)
from golfcards.runners.storage.database import shown_location as database_shown
from golfcards.runners.storage.players import REQUEST_MEMORY, PlayerStore, SecretKeyStore
from golfcards.runners.storage.postgres import PostgresDatabase
from golfcards.runners.storage.ratings import (
    RatingLeader,
    RatingPoint,
    RatingStore,
    SolitaireLeader,
    StoredPlayerRating,
)
from golfcards.runners.storage.retention import FORGET_BATCH, Forgotten, RetentionStore
from golfcards.runners.storage.rooms import (
    Heartbeat,
    Held,
    RoomTaken,
    RoomWrite,
    SixCardRoomStore,
    StoredEvent,
    StoredRoom,
)
from golfcards.runners.storage.schema import DAILY_TABLES, MIGRATIONS, POSTGRES_MIGRATIONS, SCHEMA_VERSION
from golfcards.runners.storage.sixcard_matches import (
    RateSeats,
    SixCardMatchStore,
    SixCardResultRow,
    StoredRating,
    StoredSixCardMatch,
)
from golfcards.runners.storage.solitaire import (
    RECENT_RESULTS,
    Commit,
    GameSummary,
    RecentResult,
    SavedCourse,
    SavedGame,
    SolitaireStore,
    Statistics,
)

__all__ = [
    "Account",
    "AccountStore",
    "Challenge",
    "SessionRow",
    "SignedIn",
    "StoredPasskey",
    "absorb_player",
    "token_hash",
    "BUSY_TIMEOUT",
    "DAILY_TABLES",
    "FORGET_BATCH",
    "MIGRATIONS",
    "POSTGRES_MIGRATIONS",
    "RECENT_RESULTS",
    "REQUEST_MEMORY",
    "SCHEMA_VERSION",
    "Commit",
    "DailyEntry",
    "DailyStore",
    "Database",
    "Forgotten",
    "GameSummary",
    "Heartbeat",
    "Held",
    "PlayerStore",
    "PostgresDatabase",
    "RateSeats",
    "RatingLeader",
    "RatingPoint",
    "RatingStore",
    "RecentResult",
    "RetentionStore",
    "RoomTaken",
    "RoomWrite",
    "SQLiteDatabase",
    "SavedCourse",
    "SavedGame",
    "SecretKeyStore",
    "Session",
    "SixCardMatchStore",
    "SixCardResultRow",
    "SixCardRoomStore",
    "SolitaireLeader",
    "SolitaireStore",
    "Statistics",
    "Storage",
    "StorageFailure",
    "StoredEvent",
    "StoredPlayerRating",
    "StoredRating",
    "StoredRoom",
    "StoredSixCardMatch",
    "database_location",
    "default_db_path",
    "is_postgres",
    "open_database",
    "shown_location",
]


def default_db_path() -> Path:
    """Where ``golf serve`` and ``golf tui`` keep player data unless ``--db`` says otherwise.

    Both interfaces read this one function, so the browser and the terminal share one file.
    """
    from platformdirs import user_data_dir

    return Path(user_data_dir("golfcards", appauthor=False)) / "golfcards.sqlite3"


def is_postgres(location: str | Path) -> bool:
    """Whether ``location`` (a ``--db`` value) names a PostgreSQL database rather than a SQLite file."""
    return str(location).startswith(POSTGRES_SCHEMES)


def database_location(text: str) -> str | Path:
    """A ``--db`` argument: a ``postgresql://`` URL as it is, anything else the path of a SQLite file."""
    return text if is_postgres(text) else Path(text)


def shown_location(location: str | Path) -> str:
    """A database location as messages show it: a path, or a URL without its password."""
    return database_shown(str(location)) if is_postgres(location) else str(location)


def open_database(location: str | Path, *, busy_timeout: float = BUSY_TIMEOUT) -> Database:
    """The database at ``location``: a ``postgresql://`` URL, or the path of a SQLite file (made if
    missing); its schema brought to :data:`SCHEMA_VERSION`, or a ``storage.cannot_open`` /
    ``storage.newer`` :class:`~golfcards.errors.GolfError`."""
    if is_postgres(location):
        return PostgresDatabase(str(location), busy_timeout=busy_timeout)
    return SQLiteDatabase(location, busy_timeout=busy_timeout)


class Storage(
    AccountStore,
    PlayerStore,
    SecretKeyStore,
    SolitaireStore,
    DailyStore,
    SixCardMatchStore,
    RatingStore,
    SixCardRoomStore,
    RetentionStore,
):
    """Every store over one database (a ``postgresql://`` URL or a SQLite path), for the interfaces
    that use several kinds: a :class:`Storage` is each of the stores, so it goes wherever one is asked."""

    def __init__(self, location: str | Path, *, busy_timeout: float = BUSY_TIMEOUT) -> None:
        self.database = open_database(location, busy_timeout=busy_timeout)

    @property
    def path(self) -> Path | None:
        """The SQLite file (None on PostgreSQL)."""
        return self.database.path if isinstance(self.database, SQLiteDatabase) else None

    @property
    def location(self) -> str:
        """The database as messages name it: a path, or a URL without its password."""
        return self.database.location

    @property
    def schema_version(self) -> int:
        return self.database.schema_version

    @property
    def writing(self) -> bool:
        """Whether a thread of this process holds the turn to write (:attr:`Database.writing`)."""
        return self.database.writing

    def close(self) -> None:
        """Close every thread's connection (call once no thread uses the storage any more)."""
        self.database.close()
