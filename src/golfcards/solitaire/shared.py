"""A game shared as a link anyone can check: the deal's code and its moves in effect, one letter each.

The moves are written ``d`` (a draw) and ``1``–``7`` (the free card of that column taken), the replay
notation without undos or touches: ``d31d4…``. A game has at most 35 removals and 19 draws (two
jokers, an empty discard), so a log is at most :data:`MAX_SHARED_MOVES` letters. Replaying such a log
on the deal's code with this engine gives the game's status, score and cards left: the result cannot
be made up. Reading never raises anything but :class:`~golfcards.errors.GolfError` (``shared.*``
keys, or a code's own).
"""

from __future__ import annotations

from collections.abc import Iterable

from golfcards.errors import GolfError
from golfcards.solitaire.actions import Draw, Move, Take
from golfcards.solitaire.board import Board
from golfcards.solitaire.codes import GameCode

MAX_SHARED_MOVES = 64
"""The longest move log a shared link may carry (a whole game is at most 54 moves)."""
MAX_SHARED_CODE = 40
"""The longest code text read from a shared link (a code with every option is 18 characters)."""
_LETTERS = frozenset("dD1234567")


def compact_log(log: Iterable[str]) -> str:
    """The moves in effect (``d``, ``1``–``7`` or ``C.R``, as stored) one letter each: a touch that
    was accepted removed its column's free card, so it is written as that column."""
    return "".join(token.split(".", 1)[0].strip().lower() for token in log)


def parse_moves(text: str) -> tuple[Move, ...]:
    """The moves of a shared log (``d31d4``; case and surrounding spaces ignored).

    ``shared.too_long`` beyond :data:`MAX_SHARED_MOVES` letters; ``shared.bad_letter`` names the
    first letter that is not ``d`` or ``1``–``7``.
    """
    if not isinstance(text, str):
        raise GolfError("shared.bad_letter", "the moves are a text", position=1, letter="?")
    cleaned = text.strip()
    if len(cleaned) > MAX_SHARED_MOVES:
        raise GolfError("shared.too_long", f"at most {MAX_SHARED_MOVES} moves", limit=MAX_SHARED_MOVES)
    for position, letter in enumerate(cleaned, start=1):
        if letter not in _LETTERS:
            shown = letter if letter.isprintable() else "?"
            raise GolfError(
                "shared.bad_letter", f"move {position} ({shown!r}) is not d or 1-7", position=position, letter=shown
            )
    return tuple(Draw() if letter in "dD" else Take(int(letter)) for letter in cleaned)


def parse_bounded_code(text: str) -> GameCode:
    """A game code from outside (a link, a query): ``shared.code_too_long`` beyond
    :data:`MAX_SHARED_CODE` characters, else :meth:`GameCode.parse`."""
    if isinstance(text, str) and len(text.strip()) > MAX_SHARED_CODE:
        raise GolfError("shared.code_too_long", f"a code is at most {MAX_SHARED_CODE} characters")
    return GameCode.parse(text)


def parse_shared_code(text: str) -> GameCode:
    """The code of a shared game: one deal (a course's deal is shared by its own code)."""
    code = parse_bounded_code(text)
    if code.course:
        raise GolfError("shared.course", "a shared game is one deal: its code has no -T")
    return code


def replay_shared(code: GameCode, moves: Iterable[Move]) -> Board:
    """The board after playing ``moves`` from ``code``'s deal; ``shared.refused`` (with the move's
    ``number``, its ``move`` letter and the rules' ``refusal`` key) at the first one the rules refuse."""
    board = Board.from_code(code)
    for number, move in enumerate(moves, start=1):
        refusal = board.apply(move)
        if refusal is not None:
            raise GolfError(
                "shared.refused",
                f"move {number} ({move.notation}) is refused there: {refusal.value}",
                number=number,
                move=move.notation,
                refusal=refusal.value,
            )
    return board
