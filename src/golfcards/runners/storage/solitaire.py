"""Golf Solitaire: saved games, their results, 9-deal courses, and the statistics read from them.

A saved game is its code and the log of accepted actions in the replay notation (``d 5 2 u``);
loading replays the log on a fresh :class:`~golfcards.solitaire.Board`, so a game in progress
survives a page reload and a server restart, and the stored data stays tiny and exact.

After every action the game's row also keeps what statistics need (status, score, cards left,
moves). A game *counts* in the statistics once it is over (won or blocked) or once the player
leaves it unfinished for another game after at least one move (``abandoned``, a loss). Undoing
out of a block makes the game uncounted again until it ends once more.

Each game has a version, counted up by every write: a write computed from a game as read is applied
only if the game is still at that version (optimistic concurrency), and a request id is applied once.
"""

from __future__ import annotations

import enum
import json
import time
from dataclasses import dataclass
from typing import Any

from golfcards.runners.storage.database import Database
from golfcards.runners.storage.players import claim_request

RECENT_RESULTS = 20
"""How many of the latest counted games the statistics return for the chart."""


class Commit(enum.Enum):
    """What became of a write computed from a stored version of a game."""

    DONE = "done"
    CONFLICT = "conflict"
    """The game changed since it was read (another request, another server): nothing was written."""
    REPEATED = "repeated"
    """The request id was applied already: nothing was written."""


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


class SolitaireStore:
    """Each player's Solitaire games and courses, and the statistics of their counted games."""

    def __init__(self, database: Database) -> None:
        self.database = database

    def current_game(self, player: str) -> SavedGame | None:
        with self.database.read() as db:
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
        with self.database.write() as db:
            if not claim_request(db, player, request_id):
                db.abort()
                return Commit.REPEATED
            if replacing is not None:
                cursor = db.execute(
                    f"UPDATE solitaire_games SET abandoned = {_LEFT_PLAYING}, current = 0, "
                    "version = version + 1 WHERE id = ? AND version = ? AND current = 1",
                    (replacing.id, replacing.version),
                )
                if cursor.rowcount != 1:
                    db.abort()
                    return Commit.CONFLICT
            db.execute(
                f"UPDATE solitaire_games SET abandoned = {_LEFT_PLAYING}, current = 0, "
                "version = version + 1 WHERE player = ? AND current = 1",
                (player,),
            )
            if course_results is not None and course_id is not None:
                results, finished = course_results
                db.execute(
                    "UPDATE courses SET results = ?, finished = ? WHERE id = ?",
                    (json.dumps(results), now if finished else None, course_id),
                )
            game_id = db.execute(
                "INSERT INTO solitaire_games (player, code, rules, course, started, updated) VALUES (?, ?, ?, ?, ?, ?) "
                "RETURNING id",
                (player, code, rules, course_id, now, now),
            ).fetchone()["id"]
        return SavedGame(int(game_id), code, (), course_id)

    def commit_action(
        self, player: str, game: SavedGame, actions: tuple[str, ...], summary: GameSummary, request_id: str | None
    ) -> Commit:
        """Store the game's new action log and summary, computed from ``game`` as read: in one
        transaction, only if it is still the player's current game at that version."""
        with self.database.write() as db:
            if not claim_request(db, player, request_id):
                db.abort()
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
                db.abort()
                return Commit.CONFLICT
        return Commit.DONE

    def record_offline_game(
        self, player: str, offline_id: str, code: str, rules: str, actions: tuple[str, ...], summary: GameSummary
    ) -> int | None:
        """Store a game played offline (already replayed: ``summary`` is its end) as one of the player's
        past games, once per ``offline_id``: its id, or None if that id was recorded before. A game
        left playing after a move counts as abandoned, like one left online."""
        now = time.time()
        with self.database.write() as db:
            game_id = db.execute(
                "INSERT INTO solitaire_games (player, code, rules, actions, current, status, score, cards_left, "
                "moves, abandoned, started, updated) VALUES (?, ?, ?, ?, 0, ?, ?, ?, ?, ?, ?, ?) RETURNING id",
                (
                    player,
                    code,
                    rules,
                    " ".join(actions),
                    summary.status,
                    summary.score,
                    summary.cards_left,
                    summary.moves,
                    1 if summary.status == "playing" and summary.moves > 0 else 0,
                    now,
                    now,
                ),
            ).fetchone()["id"]
            cursor = db.execute(
                "INSERT INTO offline_games (player, id, game) VALUES (?, ?, ?) ON CONFLICT DO NOTHING",
                (player, offline_id, game_id),
            )
            if cursor.rowcount != 1:
                db.abort()
                return None
        return int(game_id)

    def record_action(self, game_id: int, action: str, summary: GameSummary) -> None:
        """Append one accepted action to game ``game_id``'s log and keep its summary (a new version),
        for a caller that alone writes the game (the terminal app rebuilding a game elsewhere)."""
        with self.database.write() as db:
            db.execute(
                "UPDATE solitaire_games SET actions = TRIM(actions || ' ' || ?), status = ?, score = ?, "
                "cards_left = ?, moves = ?, updated = ?, version = version + 1 WHERE id = ?",
                (action, summary.status, summary.score, summary.cards_left, summary.moves, time.time(), game_id),
            )

    def mark_assisted(self, game_id: int) -> None:
        """Note that the player of game ``game_id`` was helped in it (a hint, the solution)."""
        with self.database.write() as db:
            db.execute("UPDATE solitaire_games SET assisted = 1 WHERE id = ? AND assisted = 0", (game_id,))

    def start_course(self, player: str, code: str) -> int:
        with self.database.write() as db:
            row = db.execute(
                "INSERT INTO courses (player, code, started) VALUES (?, ?, ?) RETURNING id", (player, code, time.time())
            ).fetchone()
        return int(row["id"])

    def course(self, course_id: int) -> SavedCourse | None:
        with self.database.read() as db:
            row = db.execute("SELECT id, code, results, finished FROM courses WHERE id = ?", (course_id,)).fetchone()
        return None if row is None else _saved_course(row)

    def record_course_results(self, course_id: int, results: list[int], finished: bool) -> None:
        with self.database.write() as db:
            db.execute(
                "UPDATE courses SET results = ?, finished = ? WHERE id = ?",
                (json.dumps(results), time.time() if finished else None, course_id),
            )

    def finished_courses(self, player: str, limit: int = 10) -> list[SavedCourse]:
        """The player's finished courses, newest first."""
        with self.database.read() as db:
            rows = db.execute(
                "SELECT id, code, results, finished FROM courses WHERE player = ? AND finished IS NOT NULL "
                "ORDER BY id DESC LIMIT ?",
                (player, limit),
            ).fetchall()
        return [_saved_course(row) for row in rows]

    # --- statistics -------------------------------------------------------------------------

    def rules_played(self, player: str) -> list[str]:
        """The rule parts (``E``, ``C``…) under which the player has counted games, most played first."""
        with self.database.read() as db:
            rows = db.execute(
                f"SELECT rules, COUNT(*) AS n FROM solitaire_games WHERE player = ? AND {_COUNTED} "
                "GROUP BY rules ORDER BY n DESC, rules",
                (player,),
            ).fetchall()
        return [row["rules"] for row in rows]

    def statistics(self, player: str, rules: str) -> Statistics:
        with self.database.read() as db:
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


_LEFT_PLAYING = "CASE WHEN status = 'playing' AND moves > 0 THEN 1 ELSE 0 END"
"""Whether a game that stops being current counts as abandoned (1) or not (0)."""
_COUNTED = "(status IN ('won', 'blocked') OR abandoned = 1)"


def _saved_game(row: Any) -> SavedGame:
    return SavedGame(
        int(row["id"]),
        row["code"],
        tuple(row["actions"].split()),
        row["course"],
        int(row["moves"]),
        int(row["version"]),
        bool(row["assisted"]),
    )


def _saved_course(row: Any) -> SavedCourse:
    return SavedCourse(int(row["id"]), row["code"], tuple(json.loads(row["results"])), row["finished"] is not None)
