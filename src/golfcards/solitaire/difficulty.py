"""How hard a winnable deal is, measured by the exact solver: its grade (gentle, tricky, fiendish).

The measure is the *decision bits* of a deal: play it along its *canonical winning line* and, at
every position with more than one legal move, ask the solver which moves keep the game winnable;
the position adds ``log2(legal moves / winning moves)`` bits (0 when every move still wins, 1 when
one of two loses, 2 when one of four wins…). The sum is how much a player must know to stay on a
winning path: about the number of traps along the way, weighted by how many of the moves at each
one lose. The canonical line takes, at each position, the first winning move in the order a simple
player looks at them (the tallest column's card first, the lower column first among equals, the
draw last), so the walk, and the grade, depend only on the solver's verdicts — never on which
search (pure Python or compiled) found them, nor on its move order: the same deal has the same
grade everywhere, which the daily deal needs.

The grade cuts the bits at the terciles of the winnable deals of the same rules (:data:`CUTS`,
measured on random deals, see ``docs/difficulty.md``): about a third of the winnable deals are
gentle, a third tricky, a third fiendish. ``docs/difficulty.md`` also shows that a simple player
(greedy, with a little look-ahead) wins gentle deals much more often than tricky ones, and those
more often than fiendish ones.

Nothing here prints or reads a clock; interfaces translate :class:`Grade` values (message keys).
"""

from __future__ import annotations

import enum
import math
from dataclasses import dataclass

from golfcards.errors import GolfError
from golfcards.solitaire.board import Board, Draw, Move, Status, Take
from golfcards.solitaire.codes import GameCode, rules_key
from golfcards.solitaire.rules import Rules
from golfcards.solitaire.solver import solve


class Grade(enum.StrEnum):
    """A winnable deal's difficulty; the value is the message key interfaces translate."""

    GENTLE = "gentle"
    TRICKY = "tricky"
    FIENDISH = "fiendish"

    @classmethod
    def from_word(cls, word: object) -> Grade | None:
        """The grade named ``word`` (``gentle``, ``tricky``, ``fiendish``), or None."""
        return next((grade for grade in cls if grade.value == word), None)


@dataclass(frozen=True, slots=True)
class Difficulty:
    """A winnable deal's measure and grade.

    ``bits``: the decision bits along the canonical winning line (see the module); ``traps``: the
    positions on it where some legal move loses; ``choices``: those with more than one legal move.
    With ``complete`` False the walk stopped early, once the bits passed the fiendish cut (the
    grade is exact, the counts are those of the part walked).
    """

    bits: float
    traps: int
    choices: int
    grade: Grade
    complete: bool = True


CUTS: dict[str, tuple[float, float]] = {
    "E": (13.5, 23.0),
    "C": (24.0, 31.5),
    "S": (7.0, 10.0),
}
"""Per rules (the rule part of a game code, :func:`golfcards.solitaire.codes.rules_key`): the bits
up to which a winnable deal is gentle, then tricky; above the second it is fiendish. The terciles
of random winnable deals of those rules (``bench/difficulty.py cuts``; docs/difficulty.md).
Changing them changes every grade, and so the daily deals: they are part of the daily deal's
definition."""


def cuts_for(rules: Rules) -> tuple[float, float]:
    """The gentle and tricky cuts of ``rules`` (those of the plain rule for variants not measured)."""
    return CUTS.get(rules_key(rules)) or CUTS[rules.name.value]


def grade_for(bits: float, rules: Rules) -> Grade:
    """The grade of a deal with this many decision bits under ``rules``."""
    gentle, tricky = cuts_for(rules)
    if bits <= gentle:
        return Grade.GENTLE
    return Grade.TRICKY if bits <= tricky else Grade.FIENDISH


def canonical_order(board: Board) -> list[Move]:
    """The legal moves in the order a simple player looks at them: the tallest column's card first
    (the lower column first among equals), the draw last."""
    moves = board.legal_actions()
    takes = sorted((move for move in moves if isinstance(move, Take)), key=lambda move: -board.heights[move.column - 1])
    return takes + [move for move in moves if isinstance(move, Draw)]


def assess(game: Board | GameCode | str, *, full: bool = False) -> Difficulty:
    """The difficulty of a winnable position (a board's current one, or a code's deal).

    Raises :class:`GolfError` ``difficulty.not_winnable`` when the position cannot be won (a grade
    is only for winnable deals). Without ``full`` the walk stops once the bits pass the fiendish
    cut (the grade is then already certain), which saves the slowest part of the hardest deals.
    """
    board = Board.from_code(game) if isinstance(game, GameCode | str) else game.clone()
    if board.status is not Status.WON and not solve(board).winnable:
        raise GolfError("difficulty.not_winnable", "only a winnable deal has a difficulty grade")
    _, fiendish = cuts_for(board.rules)
    bits = 0.0
    traps = choices = 0
    while board.status is Status.PLAYING:
        moves = canonical_order(board)
        winning = moves
        if len(moves) > 1:
            choices += 1
            winning = []
            for index, move in enumerate(moves):
                if index == len(moves) - 1 and not winning:
                    winning.append(move)  # the position is winnable: if all others lose, this one wins
                    break
                child = board.clone()
                child.apply(move)
                if solve(child).winnable:
                    winning.append(move)
            if len(winning) < len(moves):
                traps += 1
                bits += math.log2(len(moves) / len(winning))
                if bits > fiendish and not full:
                    return Difficulty(bits, traps, choices, Grade.FIENDISH, complete=False)
        board.apply(winning[0])
    return Difficulty(bits, traps, choices, grade_for(bits, board.rules))


def grade_of(game: Board | GameCode | str) -> Grade:
    """The grade of a winnable position (see :func:`assess`)."""
    return assess(game).grade
