"""The terminal player's Golf Solitaire games: the web app's runners, plus redo.

The game lives in the shared SQLite file exactly as a browser's does (code + log of accepted
actions, replayed on load), through :class:`~golfcards.runners.solitaire_games.SolitaireGames`. The
engine keeps an undo history but no redo; redo is the terminal's own: the moves undone since the
last new move, played again as ordinary moves (so they are logged and counted like any other).

When the database fails while the app runs (the file became read-only, or corrupt), the session
moves the game being played to a database in memory and goes on there: the player keeps playing,
:attr:`SolitaireSession.failure` says why nothing is saved any more, and ``on_failure`` is called once
(from whichever thread met the failure) so that the app can say so.
"""

from __future__ import annotations

import sqlite3
import threading
from collections.abc import Callable
from dataclasses import dataclass
from typing import TypeVar

from golfcards.cards import AnyCard
from golfcards.runners.solitaire_games import (
    HINT_BUDGET,
    SOLUTION_BUDGET,
    WINNABLE_BUDGET,
    Game,
    SolitaireGames,
    summary,
)
from golfcards.runners.storage import SavedCourse, SavedGame, Statistics, Storage
from golfcards.solitaire.board import Action, Board, Draw, Move, Refusal, Take, Undo, parse_action
from golfcards.solitaire.codes import GameCode, rules_key
from golfcards.solitaire.hint import Hint, hint, is_still_winnable
from golfcards.solitaire.rules import Rules
from golfcards.solitaire.solver import Verdict, solve

T = TypeVar("T")


def effective_moves(tokens: tuple[str, ...]) -> list[Move]:
    """The moves on the undo stack after the logged actions ``tokens`` (each ``u`` takes one back)."""
    stack: list[Move] = []
    for token in tokens:
        action = parse_action(token)
        if isinstance(action, Undo):
            if stack:
                stack.pop()
        elif isinstance(action, Draw):
            stack.append(action)
        else:
            stack.append(Take(action.column))  # an accepted touch removed that column's free card
    return stack


@dataclass(frozen=True, slots=True)
class Done:
    """What one action did: refused (and why), or accepted, with the card it moved."""

    action: Action
    refusal: Refusal | None
    card: AnyCard | None

    @property
    def accepted(self) -> bool:
        return self.refusal is None


@dataclass(frozen=True, slots=True)
class StatisticsPage:
    """What the statistics window shows: one record per rule played (the current rule first)."""

    records: tuple[Statistics, ...]
    selected: str
    course: Game | None
    finished_courses: tuple[SavedCourse, ...]


@dataclass(frozen=True, slots=True)
class StorageFailure:
    """Why the games are no longer saved: the database file and SQLite's own words."""

    path: str
    reason: str


@dataclass(frozen=True, slots=True)
class Kept:
    """The game being played as the database holds it, to carry it into memory if the database fails."""

    code: str
    actions: tuple[str, ...]
    course: str | None = None
    results: tuple[int, ...] = ()
    finished: bool = False

    @classmethod
    def of(cls, game: Game, played: Action | None = None) -> Kept:
        """``game`` as loaded, plus the action ``played`` on it since (None: nothing was accepted)."""
        actions = game.saved.actions + ((played.notation,) if played is not None else ())
        course = game.course
        if course is None:
            return cls(game.saved.code, actions)
        return cls(game.saved.code, actions, str(course.code), tuple(course.results), course.finished)


class SolitaireSession:
    """One terminal player's games in the shared database (in memory once the database fails)."""

    def __init__(self, storage: Storage, player: str, new_number: Callable[[], int] | None = None) -> None:
        self.storage = storage
        self.player = player
        self.new_number = new_number
        self.games = SolitaireGames(storage, new_number)
        self.redo_stack: list[Move] = []
        self.failure: StorageFailure | None = None
        """Why nothing is saved any more (None while the database works)."""
        self.on_failure: Callable[[], None] | None = None
        """Called once when the database fails, from the thread that met the failure."""
        self.kept: Kept | None = None
        self._lock = threading.RLock()

    @classmethod
    def open(cls, storage: Storage, known: str | None, new_number: Callable[[], int] | None = None) -> SolitaireSession:
        """The session of player ``known`` if the database has that player, else of a new player (the
        first run, or another ``--db``); in memory from the start if the database cannot even do that."""
        try:
            return cls(storage, cls.player_for(storage, known), new_number)
        except sqlite3.Error as error:
            session = cls(storage, "", new_number)
            session._to_memory(session.games, error)
            return session

    @staticmethod
    def player_for(storage: Storage, known: str | None) -> str:
        """``known`` if the database has that player, else a new player (the first run, or another ``--db``)."""
        if known and len(known) <= 64 and storage.player_exists(known):
            return known
        return storage.new_player()

    # --- the database, or memory once it fails --------------------------------------------------------

    def _run(self, operation: Callable[[SolitaireGames, str], T]) -> T:
        """``operation(games, player)`` on the database; once the database fails, on the game carried
        into memory (the failed operation is done again there: what failed was not stored)."""
        with self._lock:
            games = self.games
            try:
                return operation(games, self.player)
            except sqlite3.Error as error:
                self._to_memory(games, error)
                return operation(self.games, self.player)

    def _to_memory(self, failed: SolitaireGames, error: sqlite3.Error) -> None:
        """Go on in a database in memory holding the game being played, and say so once."""
        with self._lock:
            if self.games is not failed:
                return  # another thread has moved already
            memory = Storage(":memory:")
            self.player = memory.new_player()
            self.games = SolitaireGames(memory, self.new_number)
            self.storage = memory
            kept = self.kept
            if kept is not None:
                _store(memory, self.player, kept)
            self.failure = StorageFailure(failed.storage.database.location, str(error))
        if self.on_failure is not None:
            self.on_failure()

    def _keep(self, game: Game, played: Action | None = None) -> Game:
        self.kept = Kept.of(game, played)
        return game

    # --- playing ---------------------------------------------------------------------------------------

    def load(self) -> Game:
        with self._lock:
            return self._keep(self._run(lambda games, player: games.load(player)))

    def act(self, action: Action) -> tuple[Game, Done]:
        """Apply ``action``; an accepted undo makes its move redoable, any other accepted move ends redo."""

        def run(games: SolitaireGames, player: str) -> tuple[tuple[str, ...], Game, Refusal | None, AnyCard | None]:
            before = games.load(player).saved.actions if isinstance(action, Undo) else ()
            return (before, *games.act(player, action))

        with self._lock:
            before, game, refusal, card = self._run(run)
            self._keep(game, action if refusal is None else None)
        if refusal is None:
            if isinstance(action, Undo):
                undone = effective_moves(before)
                if undone:
                    self.redo_stack.append(undone[-1])
            else:
                self.redo_stack.clear()
        return game, Done(action, refusal, card)

    def redo(self) -> tuple[Game, Done] | None:
        """Play the last undone move again (None when there is nothing to redo)."""
        if not self.redo_stack:
            return None
        move = self.redo_stack.pop()
        with self._lock:
            game, refusal, card = self._run(lambda games, player: games.act(player, move))
            self._keep(game, move if refusal is None else None)
        if refusal is not None:
            self.redo_stack.clear()
        return game, Done(move, refusal, card)

    def start(self, code: GameCode) -> Game:
        self.redo_stack.clear()
        with self._lock:
            return self._keep(self._run(lambda games, player: games.start(player, code)))

    def random_code(self, rules: Rules, course: bool, winnable: bool) -> GameCode:
        return self.games.random_code(rules, course, winnable)

    def next_deal(self) -> Game:
        self.redo_stack.clear()
        with self._lock:
            return self._keep(self._run(lambda games, player: games.next_deal(player)))

    # --- the solver's help (the game is read under the lock, the solver runs outside it) ---------------

    def _current(self) -> Game:
        return self._run(lambda games, player: games.load(player))

    def hint(self) -> tuple[Game, Hint]:
        game = self._current()
        return game, hint(game.board, budget=HINT_BUDGET)

    def still_winnable(self) -> bool | None:
        return is_still_winnable(self._current().board, budget=WINNABLE_BUDGET)

    def solution(self) -> tuple[Board, Verdict]:
        """The deal of the current game at its start, and the solver's verdict with a winning line."""
        code = self._current().board.code
        assert code is not None
        start = Board.from_code(code)
        return start, solve(start, budget=SOLUTION_BUDGET)

    def statistics(self) -> StatisticsPage:
        def read(games: SolitaireGames, player: str) -> StatisticsPage:
            game = games.load(player)
            assert game.board.code is not None
            current = rules_key(game.board.code.rules)
            storage = games.storage
            keys = list(dict.fromkeys([current, *storage.rules_played(player)]))
            return StatisticsPage(
                records=tuple(storage.statistics(player, key) for key in keys),
                selected=current,
                course=game if game.course is not None else None,
                finished_courses=tuple(storage.finished_courses(player)),
            )

        return self._run(read)


def _store(storage: Storage, player: str, kept: Kept) -> None:
    """Write ``kept`` into ``storage`` as ``player``'s current game, as the runners would have."""
    course_id = None
    if kept.course is not None:
        course_id = storage.start_course(player, kept.course)
        storage.record_course_results(course_id, list(kept.results), kept.finished)
    saved = storage.start_game(player, kept.code, rules_key(GameCode.parse(kept.code).rules), course_id)
    assert isinstance(saved, SavedGame)  # no request id, no game replaced: a game is always started
    board = Board.from_code(kept.code)
    for token in kept.actions:
        board.apply(parse_action(token))
        storage.record_action(saved.id, token, summary(board))
