"""Each player's Golf Solitaire game, rebuilt from storage on every request.

The server keeps no game in memory: a request loads the player's current game (code + action
log), replays it on a fresh engine :class:`Board`, applies the new action and stores it. Replaying
a few hundred actions takes well under a millisecond, and nothing can drift between memory and
disk, so a reload or a restart finds exactly the same game.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable
from dataclasses import dataclass

from golfcards.cards import AnyCard
from golfcards.errors import GolfError
from golfcards.runners.storage import GameSummary, SavedGame, Storage
from golfcards.shuffle import DEAL_COUNT
from golfcards.solitaire.board import Action, Board, Refusal, parse_action
from golfcards.solitaire.codes import GameCode, rules_key
from golfcards.solitaire.course import Course
from golfcards.solitaire.difficulty import Grade
from golfcards.solitaire.hint import Hint, hint, is_still_winnable
from golfcards.solitaire.rules import EASY, Rules
from golfcards.solitaire.solver import Verdict, solve
from golfcards.solitaire.winnable import random_code

HINT_BUDGET = 300_000
WINNABLE_BUDGET = 1_000_000
SOLUTION_BUDGET = 2_000_000
"""Positions the solver may examine for a hint, "still winnable" and a deal's solution. The solver
visits about 200 000 positions a second; most positions are decided with far fewer, and an
undecided answer says so."""


@dataclass
class Game:
    """A player's current game: the stored row, the replayed board, and its course if it has one."""

    saved: SavedGame
    board: Board
    course: Course | None = None


def summary(board: Board) -> GameSummary:
    return GameSummary(board.status.value, board.score, board.cards_left, board.moves)


class SolitaireGames:
    """Start, load, play and advance the players' games; everything is saved after each step."""

    def __init__(self, storage: Storage, new_number: Callable[[], int] | None = None) -> None:
        self.storage = storage
        self.new_number = new_number or (lambda: secrets.randbelow(DEAL_COUNT))

    def random_code(
        self, rules: Rules = EASY, course: bool = False, winnable: bool = False, grade: Grade | None = None
    ) -> GameCode:
        """A random deal; with ``winnable``, a uniformly random deal the solver proves winnable; with
        ``grade``, one uniformly random among the winnable deals of that difficulty."""
        return random_code(rules, self.new_number(), course=course, winnable=winnable, grade=grade)

    def load(self, player: str) -> Game:
        """The player's current game; a first visit starts a random winnable Easy deal."""
        saved = self.storage.current_game(player)
        if saved is None:
            return self.start(player, self.random_code(winnable=True))
        board = Board.from_code(saved.code)
        for token in saved.actions:
            board.apply(parse_action(token))
        course = None
        if saved.course_id is not None:
            stored = self.storage.course(saved.course_id)
            if stored is not None:
                course = Course(GameCode.parse(stored.code), list(stored.results))
                course.board = board
        return Game(saved, board, course)

    def start(self, player: str, code: GameCode) -> Game:
        """Deal ``code`` as the player's new current game (a course if the code has ``-T``)."""
        course_id = None
        course = None
        if code.course:
            course = Course(code)
            course_id = self.storage.start_course(player, str(course.code))
        single = code.single()
        saved = self.storage.start_game(player, str(single), rules_key(single.rules), course_id)
        board = course.board if course else Board.from_code(single)
        return Game(saved, board, course)

    def act(self, player: str, action: Action) -> tuple[Game, Refusal | None, AnyCard | None]:
        """Apply ``action`` to the player's game; an accepted action is stored at once.

        Returns the game, the refusal (None if accepted) and the card the action moved."""
        game = self.load(player)
        card = game.board.moved_card(action)
        refusal = game.board.apply(action)
        if refusal is None:
            self.storage.record_action(game.saved.id, action.notation, summary(game.board))
        return game, refusal, card

    def hint(self, player: str) -> tuple[Game, Hint]:
        """The solver's advice for the player's current position (within the hint budget)."""
        game = self.load(player)
        return game, hint(game.board, budget=HINT_BUDGET)

    def still_winnable(self, player: str) -> bool | None:
        return is_still_winnable(self.load(player).board, budget=WINNABLE_BUDGET)

    def solution(self, player: str) -> tuple[Board, Verdict]:
        """The deal of the player's game at its start, and the solver's verdict with a winning line."""
        game = self.load(player)
        assert game.board.code is not None
        start = Board.from_code(game.board.code)
        return start, solve(start, budget=SOLUTION_BUDGET)

    def next_deal(self, player: str) -> Game:
        """Record the finished deal of the player's course and deal the next one."""
        game = self.load(player)
        course = game.course
        if course is None:
            raise GolfError("course.none", "the current game is not part of a course")
        board = course.next_deal()
        assert game.saved.course_id is not None
        self.storage.record_course_results(game.saved.course_id, course.results, course.finished)
        if board is None:
            return game
        assert board.code is not None
        saved = self.storage.start_game(player, str(board.code), rules_key(board.code.rules), game.saved.course_id)
        return Game(saved, board, course)
