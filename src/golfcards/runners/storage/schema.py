"""The schema: numbered migration steps, each bringing a database from one version to the next.

:data:`MIGRATIONS` holds each step in SQLite's words; :func:`postgres_step` says the same in
PostgreSQL's (its types: identity columns, ``BIGINT``, ``DOUBLE PRECISION``, ``BYTEA``; a column
added only if missing), so both engines carry one schema and one version number. SQLite keeps the
version in ``PRAGMA user_version``, PostgreSQL in the one-row table ``schema_version``.

Version 1: players, Solitaire games and 9-deal courses. Version 2: finished Six-card Golf matches
and one result row per known player's seat. Version 3: the six-card rooms that live and the events of
their matches. Version 4: the daily deal's entries. Version 5: a version per Solitaire game (for
optimistic concurrency) and the ids of applied requests. Version 6: help taken in a game, the network
and rank of a daily entry, the indexes retention reads, and the server's secret keys. Version 7: the
ids of the games played offline that the server recorded (each recorded once). Version 8: the
lease of each six-card room (the worker that plays it, and an epoch raised at each take-over that
every write of the room is conditional on), the worker another one asked to hand the room over to,
and the heartbeats of the workers (``golf serve`` processes sharing the database). Version 9: the
accounts (a name, and the player every game of the account is stored under), their password hashes,
passkeys, sign-in sessions (a hash of each token), the single-use challenges of passkey ceremonies
and the device codes a terminal signs in with.
Version 10: the six-card ratings of players, per grid size, and their history.

A step only creates tables and indexes that do not exist yet (``IF NOT EXISTS``) and adds columns
that are missing, so it can take any version number when branches merge.
"""

from __future__ import annotations

import re

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
SCHEMA_VERSION = 10
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
    7: """
    CREATE TABLE IF NOT EXISTS offline_games (
        player TEXT NOT NULL,
        id TEXT NOT NULL,
        game INTEGER NOT NULL REFERENCES solitaire_games(id),
        PRIMARY KEY (player, id)
    );
    """,
    8: """
    ALTER TABLE sixcard_rooms ADD COLUMN owner TEXT;
    ALTER TABLE sixcard_rooms ADD COLUMN epoch INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE sixcard_rooms ADD COLUMN wanted TEXT;
    CREATE INDEX IF NOT EXISTS sixcard_rooms_owner ON sixcard_rooms(owner);
    CREATE TABLE IF NOT EXISTS room_workers (
        id TEXT PRIMARY KEY,
        alive_until REAL NOT NULL
    );
    """,
    9: """
    CREATE TABLE IF NOT EXISTS accounts (
        id TEXT PRIMARY KEY,
        player TEXT NOT NULL UNIQUE REFERENCES players(id),
        name TEXT NOT NULL,
        name_key TEXT NOT NULL UNIQUE,
        created REAL NOT NULL
    );
    CREATE TABLE IF NOT EXISTS account_passwords (
        account TEXT PRIMARY KEY REFERENCES accounts(id),
        hash TEXT NOT NULL,
        updated REAL NOT NULL
    );
    CREATE TABLE IF NOT EXISTS passkeys (
        id TEXT PRIMARY KEY,
        account TEXT NOT NULL REFERENCES accounts(id),
        public_key BLOB NOT NULL,
        sign_count INTEGER NOT NULL,
        transports TEXT NOT NULL DEFAULT '',
        device TEXT NOT NULL DEFAULT '',
        created REAL NOT NULL,
        used REAL
    );
    CREATE INDEX IF NOT EXISTS passkeys_account ON passkeys(account);
    CREATE TABLE IF NOT EXISTS account_sessions (
        token_hash TEXT PRIMARY KEY,
        id TEXT NOT NULL UNIQUE,
        account TEXT NOT NULL REFERENCES accounts(id),
        device TEXT NOT NULL DEFAULT '',
        created REAL NOT NULL,
        expires REAL NOT NULL
    );
    CREATE INDEX IF NOT EXISTS account_sessions_account ON account_sessions(account);
    CREATE TABLE IF NOT EXISTS account_challenges (
        challenge TEXT PRIMARY KEY,
        purpose TEXT NOT NULL,
        account TEXT,
        name TEXT,
        expires REAL NOT NULL
    );
    CREATE INDEX IF NOT EXISTS account_challenges_expires ON account_challenges(expires);
    CREATE TABLE IF NOT EXISTS device_codes (
        code TEXT PRIMARY KEY,
        poll_hash TEXT NOT NULL UNIQUE,
        account TEXT REFERENCES accounts(id),
        device TEXT NOT NULL DEFAULT '',
        expires REAL NOT NULL
    );
    """,
    10: """
    CREATE TABLE IF NOT EXISTS ratings (
        player TEXT NOT NULL REFERENCES players(id),
        grid INTEGER NOT NULL,
        mu REAL NOT NULL,
        sigma REAL NOT NULL,
        matches INTEGER NOT NULL,
        updated REAL NOT NULL,
        PRIMARY KEY (player, grid)
    );
    CREATE TABLE IF NOT EXISTS rating_history (
        player TEXT NOT NULL REFERENCES players(id),
        grid INTEGER NOT NULL,
        match INTEGER NOT NULL REFERENCES sixcard_matches(id),
        mu REAL NOT NULL,
        sigma REAL NOT NULL,
        at REAL NOT NULL,
        PRIMARY KEY (player, grid, match)
    );
    CREATE INDEX IF NOT EXISTS ratings_grid ON ratings(grid, matches);
    """,
}


_POSTGRES_WORDS = (
    (re.compile(r"\bINTEGER PRIMARY KEY AUTOINCREMENT\b"), "BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY"),
    (re.compile(r"\bINTEGER\b"), "BIGINT"),
    (re.compile(r"\bREAL\b"), "DOUBLE PRECISION"),
    (re.compile(r"\bBLOB\b"), "BYTEA"),
    (re.compile(r"\bADD COLUMN\b"), "ADD COLUMN IF NOT EXISTS"),
    (re.compile(r"\)\s*WITHOUT ROWID"), ")"),
)


def postgres_step(sqlite_step: str) -> str:
    """A migration step of :data:`MIGRATIONS` in PostgreSQL's words (the same tables, columns and indexes)."""
    for pattern, words in _POSTGRES_WORDS:
        sqlite_step = pattern.sub(words, sqlite_step)
    return sqlite_step


POSTGRES_MIGRATIONS: dict[int, str] = {version: postgres_step(step) for version, step in MIGRATIONS.items()}
"""The steps of :data:`MIGRATIONS` for PostgreSQL."""
