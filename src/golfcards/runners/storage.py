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

Six-card Golf rooms (schema version 3) are kept while they live, so that a server restart ends no
match: a row per room with its rules, its seats (seat tokens only as SHA-256 hashes), the first deal
code and the secret key of its match, and a row per event of the match (an action of a seat, or the
deal of the next hole) in the order they happened. Loading a room replays its events through the
engine. :mod:`golfcards.web.room_store` turns rooms into these rows and back.

The daily deal (schema version 4) adds one row per player, day and rule: the game that counts for
that day (the first one started; a fresh start replaces it only while it has no move). The day's
table and the player's streak read that game's row. The step only creates tables and indexes that
do not exist yet (``IF NOT EXISTS``), so it can take any version number when branches merge.

Schema version 5 gives each Solitaire game a version (counted up by every write, for optimistic
concurrency) and remembers the ids of applied requests (a retry is applied once).

Schema version 6 marks a Solitaire game played with help (a hint or the solution), notes the network
each daily entry came from (a one-way hash of the address's network and the day) and whether it is
ranked (a network past its cap of entries per day plays on unranked), and keeps the server's secret
keys (:meth:`Storage.secret_key`). :meth:`Storage.forget` is the retention policy: it deletes idle
players with everything of theirs, unfinished courses nobody plays, and request ids past their memory.

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
from collections.abc import Callable, Collection, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

from golfcards.errors import GolfError

DAILY_TABLES = """
    CREATE TABLE IF NOT EXISTS daily_entries (
        day TEXT NOT NULL,
        rules TEXT NOT NULL,
        player TEXT NOT NULL REFERENCES players(id),
        game INTEGER NOT NULL REFERENCES solitaire_games(id),
        PRIMARY KEY (day, rules, player)
    );
    CREATE INDEX IF NOT EXISTS daily_entries_player ON daily_entries(player, rules, day);
"""
"""The daily deal's tables: self-contained, so renumbering the step at a merge is a one-line change."""
SCHEMA_VERSION = 6
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
    CREATE TABLE sixcard_rooms (
        code TEXT PRIMARY KEY,
        rules TEXT NOT NULL,
        seats TEXT NOT NULL,
        match_code TEXT,
        match_key BLOB,
        serial INTEGER NOT NULL DEFAULT 0,
        sequence INTEGER NOT NULL DEFAULT 0,
        finished REAL,
        created REAL NOT NULL,
        updated REAL NOT NULL
    );
    CREATE TABLE sixcard_room_events (
        room TEXT NOT NULL REFERENCES sixcard_rooms(code) ON DELETE CASCADE,
        serial INTEGER NOT NULL,
        n INTEGER NOT NULL,
        seat INTEGER NOT NULL,
        event TEXT NOT NULL,
        sequence INTEGER NOT NULL,
        PRIMARY KEY (room, serial, n)
    );
    """,
    4: DAILY_TABLES,
    5: """
    ALTER TABLE solitaire_games ADD COLUMN version INTEGER NOT NULL DEFAULT 0;
    CREATE TABLE IF NOT EXISTS requests (
        player TEXT NOT NULL,
        id TEXT NOT NULL,
        created REAL NOT NULL,
        PRIMARY KEY (player, id)
    ) WITHOUT ROWID;
    """,
    6: """
    ALTER TABLE solitaire_games ADD COLUMN assisted INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE daily_entries ADD COLUMN network TEXT NOT NULL DEFAULT '';
    ALTER TABLE daily_entries ADD COLUMN ranked INTEGER NOT NULL DEFAULT 1;
    CREATE INDEX IF NOT EXISTS daily_entries_network ON daily_entries(day, rules, network);
    CREATE INDEX IF NOT EXISTS requests_created ON requests(created);
    CREATE INDEX IF NOT EXISTS courses_player ON courses(player);
    CREATE INDEX IF NOT EXISTS solitaire_games_course ON solitaire_games(course);
    CREATE TABLE IF NOT EXISTS secret_keys (
        name TEXT PRIMARY KEY,
        key BLOB NOT NULL
    );
    """,
}
RECENT_RESULTS = 20
"""How many of the latest counted games the statistics return for the chart."""
BUSY_TIMEOUT = 5.0
"""Seconds a write waits for another writer (another thread or server on the same file) to finish."""
REQUEST_MEMORY = 24 * 3600.0
"""Seconds a request id is remembered: a retry of the same request within that time is applied once."""
FORGET_BATCH = 500
"""Players (or courses, or request ids) :meth:`Storage.forget` deletes per write transaction: each
holds the file's write lock only briefly, so players' writes go on between them."""


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
    any), its move counter, its version (counted up by every write, for optimistic concurrency) and
    whether the player was helped (a hint or the solution)."""

    id: int
    code: str
    actions: tuple[str, ...]
    course_id: int | None
    moves: int = 0
    version: int = 0
    assisted: bool = False


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


class StorageFailure(GolfError, sqlite3.Error):
    """A failure of the file: a :class:`GolfError` whose ``storage.*`` key the interfaces translate,
    and an :class:`sqlite3.Error` for a caller that goes on without the file (the terminal app);
    its text is SQLite's (or the system's) reason, its ``path`` parameter the file."""


def storage_failure(error: sqlite3.Error | OSError, path: Path) -> StorageFailure:
    """A failure of the file while the program runs as an error the interfaces translate: the disk
    is full, the file became read-only or damaged, another program holds it…"""
    code = getattr(error, "sqlite_errorcode", None)
    key = _FAILURES.get(code & 0xFF, "storage.failed") if isinstance(code, int) else "storage.failed"
    if isinstance(error, OSError) and error.errno == errno.ENOSPC:
        key = "storage.full"
    return StorageFailure(key, str(error), path=str(path))


class Storage:
    """The SQLite file, shared by the threads of a server (each uses its own connection) and by
    several servers started on the same file."""

    def __init__(self, path: str | Path, *, busy_timeout: float = BUSY_TIMEOUT) -> None:
        self.path = Path(path)
        self.busy_timeout = busy_timeout
        self._local = threading.local()
        self._lock = threading.Lock()
        self._writing = threading.Lock()
        """Held for each write transaction of this process: its writers (the storage threads, the rooms'
        writer) take turns here and each starts the moment the last one commits, instead of
        retrying in SQLite's busy handler, whose sleeps grow to 100 ms."""
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

    @property
    def writing(self) -> bool:
        """Whether a thread of this process holds the turn to write: a write transaction under way, or
        one waiting for the file's write lock while another program holds it."""
        return self._writing.locked()

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
            if not self._writing.acquire(timeout=self.busy_timeout):
                busy = sqlite3.OperationalError("database is locked")
                busy.sqlite_errorcode = sqlite3.SQLITE_BUSY  # as SQLite's own, after its busy timeout
                raise busy
            try:
                db.execute("BEGIN IMMEDIATE")
                try:
                    yield db
                except BaseException:
                    if db.in_transaction:
                        db.execute("ROLLBACK")
                    raise
                if db.in_transaction:  # (a write that found a conflict rolled back already)
                    db.execute("COMMIT")
            finally:
                self._writing.release()
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
                        _run_step(db, statement)
                db.execute(f"PRAGMA user_version = {target}")
        except BaseException:
            db.execute("ROLLBACK")
            raise
        db.execute("COMMIT")

    # --- players ------------------------------------------------------------------------------

    def new_player(self, player: str | None = None) -> str:
        """Create a player and return their unguessable id (kept in a browser cookie): ``player`` (an id
        the server gave out before storing it; kept as it is if it exists already) or a new one."""
        player = player or secrets.token_urlsafe(18)
        with self._use() as db:
            db.execute("INSERT OR IGNORE INTO players (id, created) VALUES (?, ?)", (player, time.time()))
        return player

    def secret_key(self, name: str) -> bytes:
        """The server's secret key ``name`` (32 random bytes, made at its first use and kept in the
        file, so every server on the file and every restart share it)."""
        with self._use(write=True) as db:
            db.execute("INSERT OR IGNORE INTO secret_keys (name, key) VALUES (?, ?)", (name, secrets.token_bytes(32)))
            return bytes(db.execute("SELECT key FROM secret_keys WHERE name = ?", (name,)).fetchone()["key"])

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

    # --- retention ----------------------------------------------------------------------------

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
        results and request ids (a match goes once none of its players is left); the courses left
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
            with self._use(write=True) as db:
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
        with self._use() as db:
            rows = db.execute(
                f"SELECT id FROM players p WHERE {_IDLE} LIMIT ?", (idle_before,) * 4 + (FORGET_BATCH,)
            ).fetchall()
        return [row["id"] for row in rows]

    def _forget_players(self, players: list[str], idle_before: float) -> int:
        """Delete ``players`` with everything of theirs, those still idle (checked again in the write)."""
        marks = ", ".join("?" * len(players))
        with self._use(write=True) as db:
            idle = [
                row["id"]
                for row in db.execute(
                    f"SELECT id FROM players p WHERE id IN ({marks}) AND {_IDLE}", (*players, *(idle_before,) * 4)
                )
            ]
            if not idle:
                return 0
            marks = ", ".join("?" * len(idle))
            matches = [
                row["match"]
                for row in db.execute(f"SELECT DISTINCT match FROM sixcard_results WHERE player IN ({marks})", idle)
            ]
            for table in ("daily_entries", "requests", "sixcard_results"):
                db.execute(f"DELETE FROM {table} WHERE player IN ({marks})", idle)
            db.execute(f"DELETE FROM solitaire_games WHERE player IN ({marks})", idle)
            db.execute(f"DELETE FROM courses WHERE player IN ({marks})", idle)
            db.execute(f"DELETE FROM players WHERE id IN ({marks})", idle)
            for match in matches:
                db.execute(
                    "DELETE FROM sixcard_matches WHERE id = ? AND NOT EXISTS "
                    "(SELECT 1 FROM sixcard_results WHERE match = ?)",
                    (match, match),
                )
        return len(idle)

    def _unfinished_courses(self, unfinished_before: float) -> list[int]:
        with self._use() as db:
            rows = db.execute(
                f"SELECT id FROM courses c WHERE {_UNFINISHED} LIMIT ?", (unfinished_before,) * 2 + (FORGET_BATCH,)
            ).fetchall()
        return [int(row["id"]) for row in rows]

    def _forget_courses(self, courses: list[int], unfinished_before: float) -> int:
        """Delete ``courses`` still unfinished and unplayed (checked again in the write); their games
        stay as single games."""
        marks = ", ".join("?" * len(courses))
        with self._use(write=True) as db:
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

    # --- games --------------------------------------------------------------------------------

    def current_game(self, player: str) -> SavedGame | None:
        with self._use() as db:
            row = db.execute(
                "SELECT id, code, actions, course, moves, version, assisted FROM solitaire_games "
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

    def record_action(self, game_id: int, action: str, summary: GameSummary) -> None:
        """Append one accepted action to game ``game_id``'s log and keep its summary (a new version),
        for a caller that alone writes the game (the terminal app rebuilding a game elsewhere)."""
        with self._use(write=True) as db:
            db.execute(
                "UPDATE solitaire_games SET actions = TRIM(actions || ' ' || ?), status = ?, score = ?, "
                "cards_left = ?, moves = ?, updated = ?, version = version + 1 WHERE id = ?",
                (action, summary.status, summary.score, summary.cards_left, summary.moves, time.time(), game_id),
            )

    def mark_assisted(self, game_id: int) -> None:
        """Note that the player of game ``game_id`` was helped in it (a hint, the solution)."""
        with self._use(write=True) as db:
            db.execute("UPDATE solitaire_games SET assisted = 1 WHERE id = ? AND assisted = 0", (game_id,))

    @property
    def _db(self) -> sqlite3.Connection:
        """The calling thread's connection (the terminal app's tests make SQLite fail through it)."""
        return self._connection()

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

    # --- the daily deal -----------------------------------------------------------------------

    def daily_entry(self, player: str, day: str, rules: str) -> DailyEntry | None:
        """The game that counts for ``player``'s daily deal of ``day`` under ``rules``, if any."""
        with self._use() as db:
            row = db.execute(
                f"{_DAILY_SELECT} WHERE d.day = ? AND d.rules = ? AND d.player = ?", (day, rules, player)
            ).fetchone()
        return None if row is None else _daily_entry(row)

    def record_daily(
        self, player: str, day: str, rules: str, game_id: int, network: str = "", cap: int | None = None
    ) -> None:
        """Make ``game_id`` the game that counts for the day, unless one with a move already does. A new
        entry notes ``network`` (where it came from); it is ranked unless ``cap`` ranked entries of
        that day and rules came from the same network already."""
        with self._use(write=True) as db:
            db.execute(
                "INSERT INTO daily_entries (day, rules, player, game, network, ranked) VALUES (?, ?, ?, ?, ?, "
                "? IS NULL OR (SELECT COUNT(*) FROM daily_entries WHERE day = ? AND rules = ? AND network = ? "
                "AND ranked = 1) < ?) "
                "ON CONFLICT (day, rules, player) DO UPDATE SET game = excluded.game "
                "WHERE (SELECT moves FROM solitaire_games WHERE id = daily_entries.game) = 0",
                (day, rules, player, game_id, network, cap, day, rules, network, cap),
            )

    def daily_results(self, day: str, rules: str, limit: int) -> list[DailyEntry]:
        """The day's ranked games under ``rules`` with at least one move (neither helped nor past their
        network's cap): wins first, then score, moves, time."""
        with self._use() as db:
            rows = db.execute(
                f"{_DAILY_SELECT} WHERE d.day = ? AND d.rules = ? AND g.moves > 0 AND d.ranked = 1 "
                f"AND NOT {_ASSISTED} ORDER BY {_DAILY_ORDER} LIMIT ?",
                (day, rules, limit),
            ).fetchall()
        return [_daily_entry(row) for row in rows]

    def daily_rank(self, player: str, day: str, rules: str) -> int | None:
        """``player``'s place in the day's table (as :meth:`daily_results` orders it), if they are in it."""
        with self._use() as db:
            row = db.execute(
                "SELECT place FROM (SELECT d.player, ROW_NUMBER() OVER (ORDER BY "
                f"{_DAILY_ORDER}) AS place FROM daily_entries d JOIN solitaire_games g ON g.id = d.game "
                f"WHERE d.day = ? AND d.rules = ? AND g.moves > 0 AND d.ranked = 1 AND NOT {_ASSISTED}) "
                "WHERE player = ?",
                (day, rules, player),
            ).fetchone()
        return None if row is None else int(row["place"])

    def daily_days_won(self, player: str, rules: str) -> list[str]:
        """The days (``YYYY-MM-DD``) whose daily deal under ``rules`` ``player`` won, oldest first."""
        with self._use() as db:
            rows = db.execute(
                "SELECT d.day FROM daily_entries d JOIN solitaire_games g ON g.id = d.game "
                "WHERE d.player = ? AND d.rules = ? AND g.status = 'won' ORDER BY d.day",
                (player, rules),
            ).fetchall()
        return [row["day"] for row in rows]

    # --- six-card matches -------------------------------------------------------------------

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
        with self._use(write=True) as db:
            now = time.time()
            db.executemany(
                "INSERT OR IGNORE INTO players (id, created) VALUES (?, ?)",
                [(row.player, now) for row in results if row.player in new_players],
            )
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

    # --- six-card rooms -----------------------------------------------------------------------

    def insert_room(self, room: StoredRoom) -> bool:
        """Store a new room; False (nothing written) if a room with its code exists already."""
        return bool(self.write_rooms([RoomWrite(room.code, room, insert=True)])[0])

    def save_room(self, room: StoredRoom, events: Sequence[StoredEvent]) -> None:
        """Write the room's row and append ``events``, at once (one transaction): events of an earlier
        match (``serial``) are dropped, an event already stored is kept as it is."""
        self.write_rooms([RoomWrite(room.code, room, tuple(events))])

    def delete_room(self, code: str) -> None:
        self.write_rooms([RoomWrite(code)])

    def write_rooms(self, writes: Sequence[RoomWrite]) -> list[bool]:
        """Carry out ``writes`` in their order, in one transaction (a group commit): for each, True,
        or False for an insert whose code is taken. Consecutive saves of one room become one save
        (its last row, the events of all), which stores the same as saving them one by one."""
        with self._use(write=True) as db:
            results: list[bool] = []
            pending: dict[str, list[RoomWrite]] = {}  # saves of each room not yet written, in order
            for write in writes:
                if write.room is not None and not write.insert:
                    pending.setdefault(write.code, []).append(write)
                    results.append(True)
                    continue
                _save_rooms(db, pending.pop(write.code, []))
                if write.room is None:
                    db.execute("DELETE FROM sixcard_room_events WHERE room = ?", (write.code,))
                    db.execute("DELETE FROM sixcard_rooms WHERE code = ?", (write.code,))
                    results.append(True)
                else:
                    inserted = db.execute(
                        "INSERT OR IGNORE INTO sixcard_rooms (code, rules, seats, match_code, match_key, serial, "
                        "sequence, finished, created, updated) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                        _room_values(write.room),
                    )
                    results.append(inserted.rowcount == 1)
            for saves in pending.values():
                _save_rooms(db, saves)
        return results

    def load_room(self, code: str) -> tuple[StoredRoom, list[StoredEvent]] | None:
        """A stored room and the events of its current match in order, or None."""
        with self._use() as db:
            row = db.execute("SELECT * FROM sixcard_rooms WHERE code = ?", (code,)).fetchone()
            if row is None:
                return None
            events = db.execute(
                "SELECT n, seat, event, sequence FROM sixcard_room_events WHERE room = ? AND serial = ? ORDER BY n",
                (code, row["serial"]),
            ).fetchall()
        room = StoredRoom(
            code=row["code"],
            rules=row["rules"],
            seats=row["seats"],
            match_code=row["match_code"],
            match_key=None if row["match_key"] is None else bytes(row["match_key"]),
            serial=int(row["serial"]),
            sequence=int(row["sequence"]),
            finished=row["finished"],
            created=float(row["created"]),
            updated=float(row["updated"]),
        )
        return room, [StoredEvent(int(e["n"]), int(e["seat"]), e["event"], int(e["sequence"])) for e in events]

    def old_rooms(self, idle_before: float, playing_before: float) -> list[str]:
        """Codes of the rooms last written before ``idle_before`` whose match has not started or is over,
        and of those with a match under way last written before ``playing_before``."""
        with self._use() as db:
            rows = db.execute(
                "SELECT code FROM sixcard_rooms WHERE updated < CASE "
                "WHEN match_code IS NOT NULL AND finished IS NULL THEN ? ELSE ? END",
                (playing_before, idle_before),
            ).fetchall()
        return [row["code"] for row in rows]


@dataclass(frozen=True, slots=True)
class Forgotten:
    """What one run of :meth:`Storage.forget` deleted: players (with their data), courses, request ids."""

    players: int
    courses: int
    requests: int


@dataclass(frozen=True, slots=True)
class DailyEntry:
    """The game that counts for a player's daily deal, with what the day's table shows of it: whether
    the player was helped (``assisted``) and whether the entry may be ranked (its network's cap)."""

    player: str
    game: int
    status: str
    score: int
    moves: int
    seconds: float
    current: bool
    assisted: bool = False
    ranked: bool = True


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


@dataclass(frozen=True, slots=True)
class StoredRoom:
    """A six-card room as stored: rules and seats as JSON texts, its match's first code and key."""

    code: str
    rules: str
    seats: str
    match_code: str | None
    match_key: bytes | None
    serial: int
    sequence: int
    finished: float | None
    created: float
    updated: float


@dataclass(frozen=True, slots=True)
class StoredEvent:
    """Event ``n`` of a room's match: ``seat``'s action as JSON, or ``"next"`` (the next hole dealt),
    and the room's change counter after it (what the table was told)."""

    n: int
    seat: int
    event: str
    sequence: int


@dataclass(frozen=True, slots=True)
class RoomWrite:
    """One write of :meth:`Storage.write_rooms`: the room ``code``'s row ``room`` with ``events`` to
    append (a save), the row of a new room (``insert``), or, with ``room`` None, the room's deletion."""

    code: str
    room: StoredRoom | None = None
    events: tuple[StoredEvent, ...] = ()
    insert: bool = False


def _save_rooms(db: sqlite3.Connection, saves: Sequence[RoomWrite]) -> None:
    """Consecutive saves of one room as one: the last row, the events of its match from all of them
    (the first of equal numbers kept, as saving them one by one would)."""
    if not saves:
        return
    room = saves[-1].room
    assert room is not None
    db.execute(
        "UPDATE sixcard_rooms SET rules = ?, seats = ?, match_code = ?, match_key = ?, serial = ?, "
        "sequence = ?, finished = ?, updated = ? WHERE code = ?",
        (*_room_values(room)[1:8], room.updated, room.code),
    )
    db.execute("DELETE FROM sixcard_room_events WHERE room = ? AND serial < ?", (room.code, room.serial))
    db.executemany(
        "INSERT OR IGNORE INTO sixcard_room_events (room, serial, n, seat, event, sequence) VALUES (?, ?, ?, ?, ?, ?)",
        [
            (room.code, room.serial, event.n, event.seat, event.event, event.sequence)
            for save in saves
            if save.room is not None and save.room.serial == room.serial
            for event in save.events
        ],
    )


def _room_values(room: StoredRoom) -> tuple[object, ...]:
    return (
        room.code,
        room.rules,
        room.seats,
        room.match_code,
        room.match_key,
        room.serial,
        room.sequence,
        room.finished,
        room.created,
        room.updated,
    )


_COUNTED = "(status IN ('won', 'blocked') OR abandoned = 1)"
_IDLE = (
    "p.created < ? AND NOT EXISTS (SELECT 1 FROM solitaire_games g WHERE g.player = p.id AND g.updated >= ?) "
    "AND NOT EXISTS (SELECT 1 FROM courses c WHERE c.player = p.id AND c.started >= ?) "
    "AND NOT EXISTS (SELECT 1 FROM sixcard_results r JOIN sixcard_matches m ON m.id = r.match "
    "WHERE r.player = p.id AND m.finished >= ?)"
)
"""A player (``p``) created and last active before the time given four times."""
_UNFINISHED = (
    "c.finished IS NULL AND c.started < ? AND NOT EXISTS "
    "(SELECT 1 FROM solitaire_games g WHERE g.course = c.id AND g.updated >= ?)"
)
"""A course (``c``) left unfinished, started and last played before the time given twice."""
_DAILY_ORDER = "g.status = 'won' DESC, g.score DESC, g.moves, g.updated - g.started, g.id"
_ASSISTED = "EXISTS (SELECT 1 FROM solitaire_games a WHERE a.player = d.player AND a.code = g.code AND a.assisted = 1)"
"""Whether a daily entry's player was helped (a hint, the solution) in any game of that deal: a
fresh start of the daily deal after asking for its solution stays assisted."""
_DAILY_SELECT = (
    "SELECT d.player, d.game, g.status, g.score, g.moves, g.updated - g.started AS seconds, g.current, "
    f"g.abandoned, d.ranked, {_ASSISTED} AS assisted FROM daily_entries d JOIN solitaire_games g ON g.id = d.game"
)


def _daily_entry(row: sqlite3.Row) -> DailyEntry:
    status = "abandoned" if row["abandoned"] and row["status"] == "playing" else row["status"]
    return DailyEntry(
        row["player"],
        int(row["game"]),
        status,
        int(row["score"]),
        int(row["moves"]),
        float(row["seconds"]),
        bool(row["current"]),
        bool(row["assisted"]),
        bool(row["ranked"]),
    )


def _run_step(db: sqlite3.Connection, statement: str) -> None:
    """One statement of a migration step; a column the file has already is left alone, so that a
    step can run again when merged branches renumber it (its tables say ``IF NOT EXISTS``)."""
    try:
        db.execute(statement)
    except sqlite3.OperationalError as error:
        if not (statement.strip().upper().startswith("ALTER TABLE") and "duplicate column" in str(error)):
            raise


def _saved_game(row: sqlite3.Row) -> SavedGame:
    return SavedGame(
        int(row["id"]),
        row["code"],
        tuple(row["actions"].split()),
        row["course"],
        int(row["moves"]),
        int(row["version"]),
        bool(row["assisted"]),
    )


def _saved_course(row: sqlite3.Row) -> SavedCourse:
    return SavedCourse(int(row["id"]), row["code"], tuple(json.loads(row["results"])), row["finished"] is not None)
