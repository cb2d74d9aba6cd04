"""The traditional course: 9 deals, 1 point per card left on the tableau, par 45.

Like golf, lower is better. A course is named by the code of its first deal with the ``T``
option (``GO1-S-AAAAAAB-T``); its deals are that deal number and the 8 that follow, all under
the course's rules. A deal counts once the game is over (won or blocked): the player may still
undo out of a block until they move on to the next deal.
"""

from __future__ import annotations

from golfcards.errors import GolfError
from golfcards.solitaire.board import Board
from golfcards.solitaire.codes import GameCode

COURSE_DEALS = 9
PAR = 45
PAR_PER_DEAL = PAR // COURSE_DEALS


class Course:
    """A 9-deal course in progress: the finished deals' cards left and the board being played."""

    def __init__(self, code: GameCode, results: list[int] | None = None) -> None:
        self.code = GameCode(code.number, code.rules, course=True)
        self.results: list[int] = list(results or [])
        if len(self.results) > COURSE_DEALS:
            raise GolfError("course.finished", "a course has 9 deals")
        self.board = Board.from_code(self.deal_code(min(self.deal_index, COURSE_DEALS - 1)))

    @classmethod
    def from_code(cls, code: GameCode | str) -> Course:
        return cls(code if isinstance(code, GameCode) else GameCode.parse(code))

    def deal_code(self, index: int) -> GameCode:
        """The code of deal ``index`` (0–8) of the course, as a single game."""
        return self.code.single().following(index)

    @property
    def deal_index(self) -> int:
        """0-based index of the deal being played (9 once the course is finished)."""
        return len(self.results)

    @property
    def finished(self) -> bool:
        return len(self.results) == COURSE_DEALS

    @property
    def total(self) -> int:
        """Cards left over the finished deals."""
        return sum(self.results)

    @property
    def par_so_far(self) -> int:
        return PAR_PER_DEAL * len(self.results)

    @property
    def against_par(self) -> int:
        """Running total minus par for the deals played: negative is under par (good)."""
        return self.total - self.par_so_far

    def next_deal(self) -> Board | None:
        """Record the finished deal and deal the next one (None when the course is over)."""
        if self.finished:
            raise GolfError("course.finished", "the course is over")
        if not self.board.is_terminal():
            raise GolfError("course.deal_not_over", "finish this deal (win or block) before the next")
        self.results.append(self.board.cards_left)
        if self.finished:
            return None
        self.board = Board.from_code(self.deal_code(self.deal_index))
        return self.board
