"""Accounts: a name, the player every game of the account is stored under, and the ways to sign in
(a password hash, passkeys), the sign-in sessions and the single-use challenges of passkey ceremonies.

An account's player is made for the account and never given out in a ``golfcards_player`` cookie: it
is reached only through a session. Signing in from a browser whose cookie names a stored player moves
that player's games, courses, daily entries, six-card results, ratings and request ids to the
account's player (:func:`absorb_player`), in the write that opens the session, and deletes it.

A session is stored as the SHA-256 of its token (the cookie holds the token): a copy of the database
gives nobody a session.
"""

from __future__ import annotations

import hashlib
import secrets
import time
from dataclasses import dataclass
from typing import Any

from golfcards.errors import GolfError
from golfcards.runners.storage.database import Database, Session
from golfcards.runners.storage.retention import delete_players

SESSION_SECONDS = 180 * 24 * 3600.0
"""How long a sign-in lasts (then the player signs in again)."""
CHALLENGE_SECONDS = 300.0
"""How long a passkey ceremony's challenge may be answered (once)."""
DEVICE_CODE_SECONDS = 600.0
"""How long a device code (a terminal signing in) waits to be confirmed in a signed-in browser."""
SESSIONS_PER_ACCOUNT = 50
"""Sessions an account keeps: a new sign-in past this many ends the oldest."""


@dataclass(frozen=True, slots=True)
class Account:
    """An account: its id (also the passkeys' user handle), the player its games are stored under, its name."""

    id: str
    player: str
    name: str
    created: float


@dataclass(frozen=True, slots=True)
class SignedIn:
    """A session as the request resolves it: the account, its player, and the session's public id."""

    account: str
    player: str
    name: str
    session: str


@dataclass(frozen=True, slots=True)
class StoredPasskey:
    """A passkey of an account (``id``: the credential id, base64url)."""

    id: str
    account: str
    public_key: bytes
    sign_count: int
    transports: str
    device: str
    created: float
    used: float | None


@dataclass(frozen=True, slots=True)
class SessionRow:
    """A signed-in device, as the account page lists it."""

    id: str
    device: str
    created: float


@dataclass(frozen=True, slots=True)
class Challenge:
    """A passkey ceremony's challenge taken (once): its purpose, the account it is for (adding a
    passkey, or a sign-in), the name asked for (a sign-up)."""

    purpose: str
    account: str | None
    name: str | None


def token_hash(token: str) -> str:
    """What is stored of a session token (its SHA-256, hex)."""
    return hashlib.sha256(token.encode("utf-8", "replace")).hexdigest()


def absorb_player(db: Session, source: str, target: str) -> None:
    """Inside a write: move everything of player ``source`` to player ``target`` and delete ``source``.

    The target's current Solitaire game stays current (the source's becomes a game left, counted as
    abandoned after a move); on a daily deal both played, the target's entry stays; a rating of a
    grid both have, the target's; request ids both used, the target's."""
    if source == target or db.execute("SELECT 1 FROM players WHERE id = ?", (source,)).fetchone() is None:
        return
    has_current = db.execute("SELECT 1 FROM solitaire_games WHERE player = ? AND current = 1", (target,)).fetchone()
    if has_current is not None:
        db.execute(
            "UPDATE solitaire_games SET abandoned = CASE WHEN status = 'playing' AND moves > 0 THEN 1 ELSE 0 END, "
            "current = 0, version = version + 1 WHERE player = ? AND current = 1",
            (source,),
        )
    db.execute("UPDATE solitaire_games SET player = ? WHERE player = ?", (target, source))
    db.execute("UPDATE courses SET player = ? WHERE player = ?", (target, source))
    clashes = {
        "daily_entries": "(day, rules)",
        "offline_games": "(id)",
        "requests": "(id)",
        "ratings": "(grid)",
        "rating_history": "(grid, match)",
    }
    for table, key in clashes.items():
        columns = key.strip("()")
        db.execute(
            f"DELETE FROM {table} WHERE player = ? AND {key} IN (SELECT {columns} FROM {table} WHERE player = ?)",
            (source, target),
        )
        db.execute(f"UPDATE {table} SET player = ? WHERE player = ?", (target, source))
    db.execute("UPDATE sixcard_results SET player = ? WHERE player = ?", (target, source))
    db.execute("DELETE FROM players WHERE id = ?", (source,))


class AccountStore:
    """Accounts, their passwords, passkeys, sessions and passkey challenges."""

    def __init__(self, database: Database) -> None:
        self.database = database

    # --- accounts -------------------------------------------------------------------------------

    def create_account(self, name: str, name_key: str, merged: str | None = None) -> Account:
        """A new account named ``name`` (``name_key``: its case-folded form, unique), with a new player;
        ``merged`` (the browser's cookie player, if stored) joins it. ``account.name_taken`` if the
        name is someone's."""
        now = time.time()
        account = Account(secrets.token_urlsafe(18), secrets.token_urlsafe(18), name, now)
        with self.database.write() as db:
            if db.execute("SELECT 1 FROM accounts WHERE name_key = ?", (name_key,)).fetchone() is not None:
                db.abort()
                raise GolfError("account.name_taken", "an account has this name", name=name)
            db.execute("INSERT INTO players (id, created) VALUES (?, ?)", (account.player, now))
            db.execute(
                "INSERT INTO accounts (id, player, name, name_key, created) VALUES (?, ?, ?, ?, ?)",
                (account.id, account.player, name, name_key, now),
            )
            if merged is not None:
                absorb_player(db, merged, account.player)
        return account

    def account(self, account_id: str) -> Account | None:
        with self.database.read() as db:
            row = db.execute("SELECT id, player, name, created FROM accounts WHERE id = ?", (account_id,)).fetchone()
        return None if row is None else Account(row["id"], row["player"], row["name"], row["created"])

    def account_named(self, name_key: str) -> Account | None:
        with self.database.read() as db:
            row = db.execute(
                "SELECT id, player, name, created FROM accounts WHERE name_key = ?", (name_key,)
            ).fetchone()
        return None if row is None else Account(row["id"], row["player"], row["name"], row["created"])

    def is_account_player(self, player: str) -> bool:
        """Whether ``player`` is an account's (reached only through a session, never a cookie)."""
        with self.database.read() as db:
            return db.execute("SELECT 1 FROM accounts WHERE player = ?", (player,)).fetchone() is not None

    def rename_account(self, account_id: str, name: str, name_key: str) -> None:
        """Rename; ``account.name_taken`` if another account has the name."""
        with self.database.write() as db:
            row = db.execute("SELECT id FROM accounts WHERE name_key = ?", (name_key,)).fetchone()
            if row is not None and row["id"] != account_id:
                db.abort()
                raise GolfError("account.name_taken", "an account has this name", name=name)
            db.execute("UPDATE accounts SET name = ?, name_key = ? WHERE id = ?", (name, name_key, account_id))

    def delete_account(self, account_id: str) -> bool:
        """Delete the account, its ways to sign in, its sessions and its player with all their data."""
        with self.database.write() as db:
            row = db.execute("SELECT player FROM accounts WHERE id = ?", (account_id,)).fetchone()
            if row is None:
                return False
            for table in ("account_sessions", "passkeys", "account_passwords", "device_codes"):
                db.execute(f"DELETE FROM {table} WHERE account = ?", (account_id,))
            db.execute("DELETE FROM account_challenges WHERE account = ?", (account_id,))
            db.execute("DELETE FROM accounts WHERE id = ?", (account_id,))
            delete_players(db, [row["player"]])
        return True

    # --- passwords ------------------------------------------------------------------------------

    def password_hash(self, account_id: str) -> str | None:
        with self.database.read() as db:
            row = db.execute("SELECT hash FROM account_passwords WHERE account = ?", (account_id,)).fetchone()
        return None if row is None else str(row["hash"])

    def set_password_hash(self, account_id: str, password_hash: str) -> None:
        with self.database.write() as db:
            db.execute(
                "INSERT INTO account_passwords (account, hash, updated) VALUES (?, ?, ?) "
                "ON CONFLICT (account) DO UPDATE SET hash = excluded.hash, updated = excluded.updated",
                (account_id, password_hash, time.time()),
            )

    # --- passkeys -------------------------------------------------------------------------------

    def add_passkey(self, passkey: StoredPasskey) -> bool:
        """Store a new passkey; False if that credential is stored already (a registration replayed)."""
        with self.database.write() as db:
            cursor = db.execute(
                "INSERT INTO passkeys (id, account, public_key, sign_count, transports, device, created) "
                "VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING",
                (
                    passkey.id,
                    passkey.account,
                    passkey.public_key,
                    passkey.sign_count,
                    passkey.transports,
                    passkey.device,
                    passkey.created,
                ),
            )
        return cursor.rowcount == 1

    def passkey(self, credential_id: str) -> StoredPasskey | None:
        with self.database.read() as db:
            row = db.execute("SELECT * FROM passkeys WHERE id = ?", (credential_id,)).fetchone()
        return None if row is None else _passkey(row)

    def passkeys(self, account_id: str) -> list[StoredPasskey]:
        with self.database.read() as db:
            rows = db.execute("SELECT * FROM passkeys WHERE account = ? ORDER BY created", (account_id,)).fetchall()
        return [_passkey(row) for row in rows]

    def passkey_used(self, credential_id: str, old_count: int, new_count: int) -> bool:
        """Note a sign-in with the passkey: its new signature counter, only if still ``old_count`` (a
        cloned authenticator, or the same assertion twice at once, loses)."""
        with self.database.write() as db:
            cursor = db.execute(
                "UPDATE passkeys SET sign_count = ?, used = ? WHERE id = ? AND sign_count = ?",
                (new_count, time.time(), credential_id, old_count),
            )
        return cursor.rowcount == 1

    def delete_passkey(self, account_id: str, credential_id: str) -> bool:
        with self.database.write() as db:
            cursor = db.execute("DELETE FROM passkeys WHERE id = ? AND account = ?", (credential_id, account_id))
        return cursor.rowcount == 1

    # --- challenges -----------------------------------------------------------------------------

    def add_challenge(self, challenge: str, purpose: str, account: str | None = None, name: str | None = None) -> None:
        """Keep a ceremony's challenge (base64url) until it is answered or :data:`CHALLENGE_SECONDS` pass."""
        now = time.time()
        with self.database.write() as db:
            db.execute("DELETE FROM account_challenges WHERE expires < ?", (now,))
            db.execute(
                "INSERT INTO account_challenges (challenge, purpose, account, name, expires) VALUES (?, ?, ?, ?, ?)",
                (challenge, purpose, account, name, now + CHALLENGE_SECONDS),
            )

    def take_challenge(self, challenge: str, purpose: str) -> Challenge | None:
        """The challenge if it was given out for ``purpose`` and has not expired, deleted as it is
        taken (a second answer to it finds nothing); None otherwise."""
        with self.database.write() as db:
            row = db.execute(
                "DELETE FROM account_challenges WHERE challenge = ? AND purpose = ? AND expires >= ? "
                "RETURNING account, name",
                (challenge, purpose, time.time()),
            ).fetchone()
        return None if row is None else Challenge(purpose, row["account"], row["name"])

    # --- sessions -------------------------------------------------------------------------------

    def open_session(self, account_id: str, device: str, merged: str | None = None) -> str:
        """A new session of the account (its token; only its hash is stored); ``merged`` (the
        browser's cookie player, if any) joins the account's player in the same write."""
        with self.database.write() as db:
            row = db.execute("SELECT player FROM accounts WHERE id = ?", (account_id,)).fetchone()
            if row is None:
                db.abort()
                raise GolfError("account.not_signed_in", "the account is gone")
            token = _new_session(db, account_id, device)
            if merged is not None:
                absorb_player(db, merged, row["player"])
        return token

    # --- device codes (a terminal signing in) -----------------------------------------------------

    def start_device(self, code: str, poll_token: str, device: str) -> None:
        """Keep a device code (shown by the terminal, typed in a signed-in browser) and the hash of the
        terminal's poll token, for :data:`DEVICE_CODE_SECONDS`."""
        now = time.time()
        with self.database.write() as db:
            db.execute("DELETE FROM device_codes WHERE expires < ?", (now,))
            db.execute(
                "INSERT INTO device_codes (code, poll_hash, device, expires) VALUES (?, ?, ?, ?)",
                (code, token_hash(poll_token), device, now + DEVICE_CODE_SECONDS),
            )

    def confirm_device(self, code: str, account_id: str) -> bool:
        """The signed-in account confirms a device code still waiting; False if there is none."""
        with self.database.write() as db:
            cursor = db.execute(
                "UPDATE device_codes SET account = ? WHERE code = ? AND account IS NULL AND expires >= ?",
                (account_id, code, time.time()),
            )
        return cursor.rowcount == 1

    def device_session(self, poll_token: str) -> str | None:
        """The terminal's answer: a new session token once its code is confirmed (the code is then
        gone: the token is given once), "" while it waits; None for an unknown or expired code."""
        with self.database.write() as db:
            row = db.execute(
                "SELECT code, account, device FROM device_codes WHERE poll_hash = ? AND expires >= ?",
                (token_hash(poll_token), time.time()),
            ).fetchone()
            if row is None:
                return None
            if row["account"] is None:
                return ""
            db.execute("DELETE FROM device_codes WHERE code = ?", (row["code"],))
            return _new_session(db, row["account"], row["device"])

    def signed_in(self, token: str) -> SignedIn | None:
        """The account a session token opens, or None (unknown, expired, or the account is gone)."""
        with self.database.read() as db:
            row = db.execute(
                "SELECT s.id AS session, a.id AS account, a.player, a.name FROM account_sessions s "
                "JOIN accounts a ON a.id = s.account WHERE s.token_hash = ? AND s.expires > ?",
                (token_hash(token), time.time()),
            ).fetchone()
        return None if row is None else SignedIn(row["account"], row["player"], row["name"], row["session"])

    def sessions(self, account_id: str) -> list[SessionRow]:
        with self.database.read() as db:
            rows = db.execute(
                "SELECT id, device, created FROM account_sessions WHERE account = ? AND expires > ? "
                "ORDER BY created DESC",
                (account_id, time.time()),
            ).fetchall()
        return [SessionRow(row["id"], row["device"], row["created"]) for row in rows]

    def close_session(self, account_id: str, session_id: str) -> bool:
        with self.database.write() as db:
            cursor = db.execute("DELETE FROM account_sessions WHERE account = ? AND id = ?", (account_id, session_id))
        return cursor.rowcount == 1

    def close_sessions(self, account_id: str) -> int:
        """End every session of the account (sign out everywhere)."""
        with self.database.write() as db:
            cursor = db.execute("DELETE FROM account_sessions WHERE account = ?", (account_id,))
        return cursor.rowcount


def _new_session(db: Session, account_id: str, device: str) -> str:
    """Inside a write: a new session of the account (the oldest past :data:`SESSIONS_PER_ACCOUNT` and
    the expired ones end); its token."""
    token = secrets.token_urlsafe(32)
    now = time.time()
    db.execute("DELETE FROM account_sessions WHERE account = ? AND expires < ?", (account_id, now))
    db.execute(
        "DELETE FROM account_sessions WHERE id IN (SELECT id FROM account_sessions WHERE account = ? "
        "ORDER BY created DESC LIMIT 1000000 OFFSET ?)",
        (account_id, SESSIONS_PER_ACCOUNT - 1),
    )
    db.execute(
        "INSERT INTO account_sessions (token_hash, id, account, device, created, expires) VALUES (?, ?, ?, ?, ?, ?)",
        (token_hash(token), secrets.token_urlsafe(12), account_id, device, now, now + SESSION_SECONDS),
    )
    return token


def _passkey(row: Any) -> StoredPasskey:
    return StoredPasskey(
        row["id"],
        row["account"],
        bytes(row["public_key"]),
        int(row["sign_count"]),
        row["transports"],
        row["device"],
        row["created"],
        row["used"],
    )
