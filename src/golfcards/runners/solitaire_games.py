"""Each player's Golf Solitaire game, rebuilt from storage on every request.

The server keeps no game in memory: a request loads the player's current game (code + action
log), replays it on a fresh engine :class:`Board`, applies the new action and stores the result,
so a reload or a restart finds exactly the same game. The store is one transaction that succeeds
only if the game is still at the version it was read at (optimistic concurrency): two requests,
or two servers on one file, never both apply an action to the same state; the loser reads the game
again and applies its action to what is there now. A request may carry an id; a retried request
(same id) is applied once.

The log is bounded: an undo takes the action it undoes out of the log instead of adding ``u``, so
the log holds only the actions in effect — at most one per tableau and stock card (53 with two
jokers), fewer than the engine's 100 undos — and replaying it rebuilds the same board, undo history
included. The move counter, which an undo never lowers, is stored beside it. (A log written before
holds every action, ``u`` included; it is read the same way and stored collapsed at the next action.)

Everything here blocks (SQLite, replays): the web server calls it from its storage threads. The
functions at the end are the solver's work, which the server runs in a worker process.
"""

from __future__ import annotations

import random
import secrets
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass

from golfcards.cards import AnyCard
from golfcards.errors import GolfError
from golfcards.runners.storage import Commit, GameSummary, SavedGame, Storage
from golfcards.shuffle import DEAL_COUNT
from golfcards.solitaire.board import Action, Board, Refusal, Undo, parse_action
from golfcards.solitaire.codes import GameCode, rules_key
from golfcards.solitaire.course import Course
from golfcards.solitaire.difficulty import Grade
from golfcards.solitaire.hint import LIVE_BUDGET, Hint, hint, is_still_winnable
from golfcards.solitaire.rules import EASY, Rules
from golfcards.solitaire.solver import Verdict, solve
from golfcards.solitaire.winnable import random_code

HINT_BUDGET = 300_000
WINNABLE_BUDGET = 1_000_000
SOLUTION_BUDGET = 2_000_000
"""Positions the solver may examine for a hint, "still winnable" and a deal's solution. The solver
visits about 200 000 positions a second; most positions are decided with far fewer, and an
undecided answer says so."""
ATTEMPTS = 8
"""Times an action is computed again when the game changed meanwhile, before ``storage.conflict``."""
FIRST_PAUSE = 0.001
"""Seconds, at most, that a writer who lost waits before its second try; the bound doubles at each
try after (a random share of it: writers who lost together do not come back together)."""


def attempts() -> Iterator[int]:
    """The tries of an optimistic write: :data:`ATTEMPTS` of them, each after the first a random
    pause (up to :data:`FIRST_PAUSE`, doubling) after the one that lost."""
    for attempt in range(ATTEMPTS):
        if attempt:
            time.sleep(random.uniform(0, FIRST_PAUSE * 2 ** (attempt - 1)))
        yield attempt


class NoGame(Exception):
    """The player has no current game yet."""


@dataclass
class Game:
    """A player's current game: the stored row (with id 0 for a deal shown to a visitor who has not
    played yet: stored nowhere), the replayed board, its course if it has one, and the log of the
    actions in effect."""

    saved: SavedGame
    board: Board
    course: Course | None = None
    log: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Played:
    """What an action request did: the game after it, the engine's refusal (None: accepted), the card
    the action moved, and whether the request had been applied already (a retry: then only that)."""

    game: Game
    refusal: Refusal | None
    card: AnyCard | None = None
    repeated: bool = False


def summary(board: Board) -> GameSummary:
    return GameSummary(board.status.value, board.score, board.cards_left, board.moves)


def replay(saved: SavedGame) -> tuple[Board, tuple[str, ...]]:
    """The stored game's board and the log of the actions in effect (undone ones left out)."""
    board = Board.from_code(saved.code)
    log: list[str] = []
    for token in saved.actions:
        action = parse_action(token)
        if board.apply(action) is None:
            if isinstance(action, Undo):
                log.pop()
            else:
                log.append(action.notation)
    board.moves = max(board.moves, saved.moves)
    return board, tuple(log)


def preview(code: GameCode) -> Game:
    """``code`` dealt for a visitor who has not played yet: nothing is stored."""
    course = Course(code) if code.course else None
    board = course.board if course else Board.from_code(code.single())
    return Game(SavedGame(0, str(code.single()), (), None), board, course)


class SolitaireGames:
    """Start, load, play and advance the players' games; everything is saved after each step."""

    def __init__(self, storage: Storage, new_number: Callable[[], int] | None = None) -> None:
        self.storage = storage
        self.new_number = new_number or (lambda: secrets.randbelow(DEAL_COUNT))

    def random_code(
        self, rules: Rules = EASY, course: bool = False, winnable: bool = False, grade: Grade | None = None
    ) -> GameCode:
        """A random deal; with ``winnable``, a uniformly random deal the solver proves winnable; with
        ``grade``, one uniformly random among the winnable deals of that difficulty. Solved here (the web
        server solves in a worker instead: :func:`winnable_code`)."""
        return random_code(rules, self.new_number(), course=course, winnable=winnable, grade=grade)

    def load(self, player: str) -> Game:
        """The player's current game; a player without one starts a random winnable Easy deal
        (solved here: for the terminal app)."""
        game = self.stored(player)
        if game is None:
            return self.start(player, self.random_code(EASY, winnable=True))
        return game

    def stored(self, player: str) -> Game | None:
        """The player's current game, or None if they have none."""
        saved = self.storage.current_game(player)
        if saved is None:
            return None
        board, log = replay(saved)
        course = None
        if saved.course_id is not None:
            stored = self.storage.course(saved.course_id)
            if stored is not None:
                course = Course(GameCode.parse(stored.code), list(stored.results))
                course.board = board
        return Game(saved, board, course, log)

    def begin(self, code: GameCode, player: str | None = None) -> str:
        """A new player whose current game is ``code`` (a visitor's first action or new game): stored
        with the id ``player`` (one given out earlier) or a new one."""
        player = self.storage.new_player(player)
        self.start(player, code)
        return player

    def start(self, player: str, code: GameCode, request_id: str | None = None) -> Game:
        """Deal ``code`` as the player's new current game (a course if the code has ``-T``)."""
        course_id = None
        course = None
        if code.course:
            course = Course(code)
            course_id = self.storage.start_course(player, str(course.code))
        single = code.single()
        saved = self.storage.start_game(player, str(single), rules_key(single.rules), course_id, request_id=request_id)
        if isinstance(saved, Commit):  # a retried request: the game it started is the current one
            return self._current(player)
        board = course.board if course else Board.from_code(single)
        return Game(saved, board, course)

    def _current(self, player: str) -> Game:
        game = self.stored(player)
        if game is None:
            raise NoGame(player)
        return game

    def act(self, player: str, action: Action) -> tuple[Game, Refusal | None, AnyCard | None]:
        """Apply ``action`` to the player's game (see :meth:`play`): the game, the refusal (None if
        accepted) and the card the action moved."""
        played = self.play(player, action)
        return played.game, played.refusal, played.card

    def play(self, player: str, action: Action, request_id: str | None = None) -> Played:
        """Apply ``action`` to the player's game; an accepted action is stored at once, against the
        version it was computed from (computed again on a conflict)."""
        for _ in attempts():
            if request_id is not None and self.storage.request_applied(player, request_id):
                return Played(self._current(player), None, repeated=True)
            game = self._current(player)
            card = game.board.moved_card(action)
            refusal = game.board.apply(action)
            if refusal is not None:
                return Played(game, refusal)
            log = game.log[:-1] if isinstance(action, Undo) else (*game.log, action.notation)
            done = self.storage.commit_action(player, game.saved, log, summary(game.board), request_id)
            if done is Commit.DONE:
                game.log = log
                return Played(game, None, card)
            if done is Commit.REPEATED:
                return Played(self._current(player), None, repeated=True)
        raise GolfError("storage.conflict", "the game kept changing meanwhile")

    def next_deal(self, player: str, request_id: str | None = None) -> Game:
        """Record the finished deal of the player's course and deal the next one."""
        for _ in attempts():
            game = self._current(player)
            course = game.course
            if course is None:
                raise GolfError("course.none", "the current game is not part of a course")
            board = course.next_deal()
            assert game.saved.course_id is not None
            if board is None:
                self.storage.record_course_results(game.saved.course_id, course.results, course.finished)
                return game
            assert board.code is not None
            saved = self.storage.start_game(
                player,
                str(board.code),
                rules_key(board.code.rules),
                game.saved.course_id,
                request_id=request_id,
                replacing=game.saved,
                course_results=(course.results, course.finished),
            )
            if saved is Commit.REPEATED:
                return self._current(player)
            if isinstance(saved, SavedGame):
                return Game(saved, board, course)
        raise GolfError("storage.conflict", "the game kept changing meanwhile")

    def hint(self, player: str) -> tuple[Game, Hint]:
        """The solver's advice for the player's current position, computed here (the terminal app)."""
        game = self.load(player)
        return game, advise(game.board)

    def still_winnable(self, player: str) -> bool | None:
        return winnable_now(self.load(player).board)

    def solution(self, player: str) -> tuple[Board, Verdict]:
        """The deal of the player's game at its start, and the solver's verdict with a winning line."""
        game = self.load(player)
        assert game.board.code is not None
        return Board.from_code(game.board.code), solve_deal(game.board.code)


# --- the solver's work, run in a worker process -----------------------------------------------


def winnable_code(rules: Rules, seed: int, course: bool = False, grade: Grade | None = None) -> GameCode:
    """A uniformly random deal the solver proves winnable under ``rules``, of difficulty ``grade`` if
    given (same seed, same code)."""
    return random_code(rules, seed, course=course, winnable=True, grade=grade)


def advise(board: Board) -> Hint:
    """The solver's advice for ``board`` (within the hint budget)."""
    return hint(board, budget=HINT_BUDGET)


def winnable_now(board: Board) -> bool | None:
    """Whether ``board`` can still be won (None: the budget ran out first)."""
    return is_still_winnable(board, budget=WINNABLE_BUDGET)


def judge_live(board: Board) -> bool | None:
    """The live "still winnable" line's quick check of ``board`` (None: its small budget ran out)."""
    return is_still_winnable(board, budget=LIVE_BUDGET)


def solve_deal(code: GameCode) -> Verdict:
    """The solver's verdict for the deal of ``code`` from its start, with a winning line."""
    return solve(Board.from_code(code), budget=SOLUTION_BUDGET)
