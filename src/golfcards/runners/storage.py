"""Player data in one SQLite file: saved Golf Solitaire games, their results, 9-deal courses.

A saved game is its code and the log of accepted actions in the replay notation (``d 5 2 u``);
loading replays the log on a fresh :class:`~golfcards.solitaire.Board`, so a game in progress
survives a page reload and a server restart, and the stored data stays tiny and exact.

After every action the game's row also keeps what statistics need (status, score, cards left,
moves). A game *counts* in the statistics once it is over (won or blocked) or once the player
leaves it unfinished for another game after at least one move (``abandoned``, a loss). Undoing
out of a block makes the game uncounted again until it ends once more.

Finished Six-card Golf matches (schema version 2) are kept whole: a row per match with its seats,
a short summary and its record (:mod:`golfcards.sixcard.record`, every deal and action), and a row
per seat held by a known player with what the statistics need. Nothing of a match is stored before
it is over. :mod:`golfcards.runners.sixcard_records` reads and writes them.

Schema version 3 gives each Solitaire game a version (counted up by every write, for optimistic
concurrency) and remembers the ids of applied requests (a retry is applied once).

The schema carries a version number (``PRAGMA user_version``); :data:`MIGRATIONS` lists the
statements that bring a file from each version to the next.

Each thread that uses a :class:`Storage` gets its own connection, so the web server's storage
threads read at the same time while one of them writes. The file is in WAL mode with
``synchronous = NORMAL``: a commit is in the operating system's hands when it returns, so an
acknowledged action survives the server being killed (``kill -9``); only a power cut or an
operating system crash may lose the last commits, never corrupt the file.
"""

from __future__ import annotations

import contextlib
import enum
import errno
import json
import secrets
import sqlite3
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from golfcards.errors import GolfError

SCHEMA_VERSION = 3
MIGRATIONS: dict[int, str] = {
    1: """
    CREATE TABLE players (
        id TEXT PRIMARY KEY,
        created REAL NOT NULL
    );
    CREATE TABLE courses (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        player TEXT NOT NULL REFERENCES players(id),
        code TEXT NOT NULL,
        results TEXT NOT NULL DEFAULT '[]',
        started REAL NOT NULL,
        finished REAL
    );
    CREATE TABLE solitaire_games (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        player TEXT NOT NULL REFERENCES players(id),
        code TEXT NOT NULL,
        rules TEXT NOT NULL,
        actions TEXT NOT NULL DEFAULT '',
        course INTEGER REFERENCES courses(id),
        current INTEGER NOT NULL DEFAULT 1,
        status TEXT NOT NULL DEFAULT 'playing',
        score INTEGER NOT NULL DEFAULT 0,
        cards_left INTEGER NOT NULL DEFAULT 35,
        moves INTEGER NOT NULL DEFAULT 0,
        abandoned INTEGER NOT NULL DEFAULT 0,
        started REAL NOT NULL,
        updated REAL NOT NULL
    );
    CREATE INDEX solitaire_games_player ON solitaire_games(player, rules, id);
    """,
    2: """
    CREATE TABLE sixcard_matches (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        room TEXT NOT NULL,
        seats TEXT NOT NULL,
        summary TEXT NOT NULL,
        record TEXT NOT NULL,
        finished REAL NOT NULL
    );
    CREATE TABLE sixcard_results (
        match INTEGER NOT NULL REFERENCES sixcard_matches(id),
        seat INTEGER NOT NULL,
        player TEXT NOT NULL REFERENCES players(id),
        grid INTEGER NOT NULL,
        holes INTEGER NOT NULL,
        points INTEGER NOT NULL,
        best_hole INTEGER NOT NULL,
        won INTEGER NOT NULL,
        bots TEXT NOT NULL,
        PRIMARY KEY (match, seat)
    );
    CREATE INDEX sixcard_results_player ON sixcard_results(player, match);
    """,
    3: """
    ALTER TABLE solitaire_games ADD COLUMN version INTEGER NOT NULL DEFAULT 0;
    CREATE TABLE requests (
        player TEXT NOT NULL,
        id TEXT NOT NULL,
        created REAL NOT NULL,
        PRIMARY KEY (player, id)
    ) WITHOUT ROWID;
    """,
}
RECENT_RESULTS = 20
"""How many of the latest counted games the statistics return for the chart."""
BUSY_TIMEOUT = 5.0
"""Seconds a write waits for another writer (another thread or server on the same file) to finish."""
REQUEST_MEMORY = 24 * 3600.0
"""Seconds a request id is remembered: a retry of the same request within that time is applied once."""


class Commit(enum.Enum):
    """What became of a write computed from a stored version of a game."""

    DONE = "done"
    CONFLICT = "conflict"
    """The game changed since it was read (another request, another server): nothing was written."""
    REPEATED = "repeated"
    """The request id was applied already: nothing was written."""


def default_db_path() -> Path:
    """Where ``golf serve`` and ``golf tui`` keep player data unless ``--db`` says otherwise.

    Both interfaces read this one function, so the browser and the terminal share one file.
    """
    from platformdirs import user_data_dir

    return Path(user_data_dir("golfcards", appauthor=False)) / "golfcards.sqlite3"


@dataclass(frozen=True, slots=True)
class SavedGame:
    """One stored game: its id, code, the log of its accepted actions, the course it belongs to (if
    any), its move counter and its version (counted up by every write, for optimistic concurrency)."""

    id: int
    code: str
    actions: tuple[str, ...]
    course_id: int | None
    moves: int = 0
    version: int = 0


@dataclass(frozen=True, slots=True)
class SavedCourse:
    """A stored 9-deal course: its code (with ``-T``) and the cards left of each finished deal."""

    id: int
    code: str
    results: tuple[int, ...]
    finished: bool


@dataclass(frozen=True, slots=True)
class GameSummary:
    """What the statistics need of a game after an action."""

    status: str
    score: int
    cards_left: int
    moves: int


@dataclass(frozen=True, slots=True)
class RecentResult:
    code: str
    won: bool
    score: int
    cards_left: int


@dataclass(frozen=True, slots=True)
class Statistics:
    """A player's record under one set of rules (``rules`` is the code's rule part: ``E``, ``C-J1``…)."""

    rules: str
    games: int
    wins: int
    current_streak: int
    best_streak: int
    best_score: int | None
    average_cards_left: float | None
    recent: tuple[RecentResult, ...]

    @property
    def win_rate(self) -> float | None:
        return self.wins / self.games if self.games else None

    @classmethod
    def empty(cls, rules: str) -> Statistics:
        return cls(rules, 0, 0, 0, 0, None, None, ())


_FAILURES = {
    sqlite3.SQLITE_BUSY: "storage.busy",
    sqlite3.SQLITE_LOCKED: "storage.busy",
    sqlite3.SQLITE_READONLY: "storage.read_only",
    sqlite3.SQLITE_PERM: "storage.read_only",
    sqlite3.SQLITE_FULL: "storage.full",
    sqlite3.SQLITE_CORRUPT: "storage.corrupt",
    sqlite3.SQLITE_NOTADB: "storage.corrupt",
}


def storage_failure(error: sqlite3.Error | OSError, path: Path) -> GolfError:
    """A failure of the file while the program runs as an error the interfaces translate: the disk
    is full, the file became read-only or damaged, another program holds it…"""
    code = getattr(error, "sqlite_errorcode", None)
    key = _FAILURES.get(code & 0xFF, "storage.failed") if isinstance(code, int) else "storage.failed"
    if isinstance(error, OSError) and error.errno == errno.ENOSPC:
        key = "storage.full"
    return GolfError(key, f"{path}: {error}", path=str(path))


class Storage:
    """The SQLite file, shared by the threads of a server (each uses its own connection) and by
    several servers started on the same file."""

    def __init__(self, path: str | Path, *, busy_timeout: float = BUSY_TIMEOUT) -> None:
        self.path = Path(path)
        self.busy_timeout = busy_timeout
        self._local = threading.local()
        self._lock = threading.Lock()
        self._connections: list[sqlite3.Connection] = []
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            db = self._connection()
            db.execute("PRAGMA journal_mode = WAL")
            self._migrate(db)
        except (OSError, sqlite3.Error) as error:  # a folder, not a database, no permission…
            self.close()
            raise GolfError(
                "storage.cannot_open", f"{self.path}: {error}", path=str(self.path), reason=str(error)
            ) from error

    def close(self) -> None:
        """Close every thread's connection (call once no thread uses the storage any more)."""
        with self._lock:
            connections, self._connections = self._connections, []
        for db in connections:
            db.close()
        self._local = threading.local()

    def _connection(self) -> sqlite3.Connection:
        db: sqlite3.Connection | None = getattr(self._local, "db", None)
        if db is None:
            db = sqlite3.connect(self.path, timeout=self.busy_timeout, check_same_thread=False, isolation_level=None)
            db.row_factory = sqlite3.Row
            db.execute("PRAGMA foreign_keys = ON")
            db.execute("PRAGMA synchronous = NORMAL")
            self._local.db = db
            with self._lock:
                self._connections.append(db)
        return db

    @contextlib.contextmanager
    def _use(self, write: bool = False) -> Iterator[sqlite3.Connection]:
        """This thread's connection (in a write transaction with ``write``); a failure of the file
        becomes a ``storage.*`` :class:`GolfError`."""
        try:
            db = self._connection()
            if not write:
                yield db
                return
            db.execute("BEGIN IMMEDIATE")
            try:
                yield db
            except BaseException:
                if db.in_transaction:
                    db.execute("ROLLBACK")
                raise
            if db.in_transaction:  # (a write that found a conflict rolled back already)
                db.execute("COMMIT")
        except (sqlite3.Error, OSError) as error:
            raise storage_failure(error, self.path) from error

    # --- schema -------------------------------------------------------------------------------

    @property
    def schema_version(self) -> int:
        with self._use() as db:
            return int(db.execute("PRAGMA user_version").fetchone()[0])

    def _migrate(self, db: sqlite3.Connection) -> None:
        version = int(db.execute("PRAGMA user_version").fetchone()[0])
        if version > SCHEMA_VERSION:
            raise GolfError(
                "storage.newer", f"{self.path} was written by a newer golfcards (schema {version})", path=str(self.path)
            )
        if version == SCHEMA_VERSION:
            return
        db.execute("BEGIN IMMEDIATE")
        try:
            version = int(db.execute("PRAGMA user_version").fetchone()[0])  # another server may have done it
            for target in range(version + 1, SCHEMA_VERSION + 1):
                for statement in MIGRATIONS[target].split(";"):
                    if statement.strip():
                        db.execute(statement)
                db.execute(f"PRAGMA user_version = {target}")
        except BaseException:
            db.execute("ROLLBACK")
            raise
        db.execute("COMMIT")

    # --- players ------------------------------------------------------------------------------

    def new_player(self) -> str:
        """Create a player and return their unguessable id (kept in a browser cookie)."""
        player = secrets.token_urlsafe(18)
        with self._use() as db:
            db.execute("INSERT INTO players (id, created) VALUES (?, ?)", (player, time.time()))
        return player

    def player_exists(self, player: str) -> bool:
        with self._use() as db:
            return db.execute("SELECT 1 FROM players WHERE id = ?", (player,)).fetchone() is not None

    def request_applied(self, player: str, request_id: str) -> bool:
        """Whether the player's request ``request_id`` was applied already (within :data:`REQUEST_MEMORY`)."""
        with self._use() as db:
            row = db.execute(
                "SELECT created FROM requests WHERE player = ? AND id = ?", (player, request_id)
            ).fetchone()
        return row is not None and row["created"] > time.time() - REQUEST_MEMORY

    def _claim_request(self, db: sqlite3.Connection, player: str, request_id: str | None) -> bool:
        """Inside a write: remember ``request_id``; False if it was applied already."""
        if request_id is None:
            return True
        now = time.time()
        db.execute("DELETE FROM requests WHERE player = ? AND created < ?", (player, now - REQUEST_MEMORY))
        cursor = db.execute(
            "INSERT OR IGNORE INTO requests (player, id, created) VALUES (?, ?, ?)", (player, request_id, now)
        )
        return cursor.rowcount == 1

    # --- games --------------------------------------------------------------------------------

    def current_game(self, player: str) -> SavedGame | None:
        with self._use() as db:
            row = db.execute(
                "SELECT id, code, actions, course, moves, version FROM solitaire_games "
                "WHERE player = ? AND current = 1 ORDER BY id DESC LIMIT 1",
                (player,),
            ).fetchone()
        return None if row is None else _saved_game(row)

    def start_game(
        self,
        player: str,
        code: str,
        rules: str,
        course_id: int | None = None,
        *,
        request_id: str | None = None,
        replacing: SavedGame | None = None,
        course_results: tuple[list[int], bool] | None = None,
    ) -> SavedGame | Commit:
        """Make ``code`` the player's current game; a game left unfinished after a move counts as lost.

        With ``replacing``, only if that game is still the current one at its version (else
        :attr:`Commit.CONFLICT`); ``course_results`` (results, finished) are stored with it for
        ``course_id``. A ``request_id`` applied already gives :attr:`Commit.REPEATED`.
        """
        now = time.time()
        with self._use(write=True) as db:
            if not self._claim_request(db, player, request_id):
                db.execute("ROLLBACK")
                return Commit.REPEATED
            if replacing is not None:
                cursor = db.execute(
                    "UPDATE solitaire_games SET abandoned = (status = 'playing' AND moves > 0), current = 0, "
                    "version = version + 1 WHERE id = ? AND version = ? AND current = 1",
                    (replacing.id, replacing.version),
                )
                if cursor.rowcount != 1:
                    db.execute("ROLLBACK")
                    return Commit.CONFLICT
            db.execute(
                "UPDATE solitaire_games SET abandoned = (status = 'playing' AND moves > 0), current = 0, "
                "version = version + 1 WHERE player = ? AND current = 1",
                (player,),
            )
            if course_results is not None and course_id is not None:
                results, finished = course_results
                db.execute(
                    "UPDATE courses SET results = ?, finished = ? WHERE id = ?",
                    (json.dumps(results), now if finished else None, course_id),
                )
            cursor = db.execute(
                "INSERT INTO solitaire_games (player, code, rules, course, started, updated) VALUES (?, ?, ?, ?, ?, ?)",
                (player, code, rules, course_id, now, now),
            )
            game_id = int(cursor.lastrowid or 0)
        return SavedGame(game_id, code, (), course_id)

    def commit_action(
        self, player: str, game: SavedGame, actions: tuple[str, ...], summary: GameSummary, request_id: str | None
    ) -> Commit:
        """Store the game's new action log and summary, computed from ``game`` as read: in one
        transaction, only if it is still the player's current game at that version."""
        with self._use(write=True) as db:
            if not self._claim_request(db, player, request_id):
                db.execute("ROLLBACK")
                return Commit.REPEATED
            cursor = db.execute(
                "UPDATE solitaire_games SET actions = ?, status = ?, score = ?, cards_left = ?, moves = ?, "
                "updated = ?, version = version + 1 WHERE id = ? AND version = ? AND current = 1",
                (
                    " ".join(actions),
                    summary.status,
                    summary.score,
                    summary.cards_left,
                    summary.moves,
                    time.time(),
                    game.id,
                    game.version,
                ),
            )
            if cursor.rowcount != 1:
                db.execute("ROLLBACK")
                return Commit.CONFLICT
        return Commit.DONE

    # --- courses ------------------------------------------------------------------------------

    def start_course(self, player: str, code: str) -> int:
        with self._use() as db:
            cursor = db.execute(
                "INSERT INTO courses (player, code, started) VALUES (?, ?, ?)", (player, code, time.time())
            )
        return int(cursor.lastrowid or 0)

    def course(self, course_id: int) -> SavedCourse | None:
        with self._use() as db:
            row = db.execute("SELECT id, code, results, finished FROM courses WHERE id = ?", (course_id,)).fetchone()
        return None if row is None else _saved_course(row)

    def record_course_results(self, course_id: int, results: list[int], finished: bool) -> None:
        with self._use() as db:
            db.execute(
                "UPDATE courses SET results = ?, finished = ? WHERE id = ?",
                (json.dumps(results), time.time() if finished else None, course_id),
            )

    def finished_courses(self, player: str, limit: int = 10) -> list[SavedCourse]:
        """The player's finished courses, newest first."""
        with self._use() as db:
            rows = db.execute(
                "SELECT id, code, results, finished FROM courses WHERE player = ? AND finished IS NOT NULL "
                "ORDER BY id DESC LIMIT ?",
                (player, limit),
            ).fetchall()
        return [_saved_course(row) for row in rows]

    # --- statistics ---------------------------------------------------------------------------

    def rules_played(self, player: str) -> list[str]:
        """The rule parts (``E``, ``C``…) under which the player has counted games, most played first."""
        with self._use() as db:
            rows = db.execute(
                f"SELECT rules, COUNT(*) AS n FROM solitaire_games WHERE player = ? AND {_COUNTED} "
                "GROUP BY rules ORDER BY n DESC, rules",
                (player,),
            ).fetchall()
        return [row["rules"] for row in rows]

    def statistics(self, player: str, rules: str) -> Statistics:
        with self._use() as db:
            rows = db.execute(
                f"SELECT code, status, score, cards_left FROM solitaire_games "
                f"WHERE player = ? AND rules = ? AND {_COUNTED} ORDER BY id",
                (player, rules),
            ).fetchall()
        wins = [row["status"] == "won" for row in rows]
        best_streak = streak = 0
        for won in wins:
            streak = streak + 1 if won else 0
            best_streak = max(best_streak, streak)
        recent = tuple(
            RecentResult(row["code"], row["status"] == "won", row["score"], row["cards_left"])
            for row in rows[-RECENT_RESULTS:]
        )
        return Statistics(
            rules=rules,
            games=len(rows),
            wins=sum(wins),
            current_streak=streak,
            best_streak=best_streak,
            best_score=max((row["score"] for row in rows), default=None),
            average_cards_left=sum(row["cards_left"] for row in rows) / len(rows) if rows else None,
            recent=recent,
        )

    # --- six-card matches -------------------------------------------------------------------

    def save_sixcard_match(
        self, room: str, seats: str, summary: str, record: str, results: list[SixCardResultRow]
    ) -> int:
        """Store a finished match (JSON texts) and one result per seat whose player exists; its id."""
        with self._use(write=True) as db:
            cursor = db.execute(
                "INSERT INTO sixcard_matches (room, seats, summary, record, finished) VALUES (?, ?, ?, ?, ?)",
                (room, seats, summary, record, time.time()),
            )
            match_id = int(cursor.lastrowid or 0)
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
        with self._use() as db:
            rows = db.execute(
                "SELECT seat, player, grid, holes, points, best_hole, won, bots, match FROM sixcard_results "
                "WHERE player = ? ORDER BY match",
                (player,),
            ).fetchall()
        return [_result_row(row) for row in rows]

    def sixcard_matches(self, player: str, limit: int, before: int | None = None) -> list[StoredSixCardMatch]:
        """The matches ``player`` took part in, newest first (ids below ``before``), without records."""
        with self._use() as db:
            rows = db.execute(
                "SELECT m.id, m.seats, m.summary, NULL AS record, m.finished, r.seat FROM sixcard_matches m "
                "JOIN sixcard_results r ON r.match = m.id WHERE r.player = ? AND m.id < ? "
                "ORDER BY m.id DESC LIMIT ?",
                (player, before if before is not None else 2**62, limit),
            ).fetchall()
        return [_stored_match(row) for row in rows]

    def sixcard_match(self, match_id: int, player: str) -> StoredSixCardMatch | None:
        """Match ``match_id`` with its record, if ``player`` took part in it."""
        with self._use() as db:
            row = db.execute(
                "SELECT m.id, m.seats, m.summary, m.record, m.finished, r.seat FROM sixcard_matches m "
                "JOIN sixcard_results r ON r.match = m.id WHERE m.id = ? AND r.player = ? ORDER BY r.seat LIMIT 1",
                (match_id, player),
            ).fetchone()
        return None if row is None else _stored_match(row)


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


def _result_row(row: sqlite3.Row) -> SixCardResultRow:
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


def _stored_match(row: sqlite3.Row) -> StoredSixCardMatch:
    return StoredSixCardMatch(
        int(row["id"]), row["seats"], row["summary"], row["record"], float(row["finished"]), int(row["seat"])
    )


_COUNTED = "(status IN ('won', 'blocked') OR abandoned = 1)"


def _saved_game(row: sqlite3.Row) -> SavedGame:
    return SavedGame(
        int(row["id"]),
        row["code"],
        tuple(row["actions"].split()),
        row["course"],
        int(row["moves"]),
        int(row["version"]),
    )


def _saved_course(row: sqlite3.Row) -> SavedCourse:
    return SavedCourse(int(row["id"]), row["code"], tuple(json.loads(row["results"])), row["finished"] is not None)
