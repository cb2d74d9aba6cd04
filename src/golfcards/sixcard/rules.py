"""The rules of one Six-card Golf table: players, grid, jokers and the agreed house rules.

The defaults are the seed's game: 2 players (2–4 allowed), 6 cards in 2 rows of 3, 52 cards,
the hole ends at once when a grid is all face up, no reshuffle of the discard, 9 holes.

House rules (agree them before the deal; each is one field of :class:`SixCardRules`):

* ``grid`` — 4 (2 rows × 2), 6 (2 × 3, the default), 8 (2 × 4) or 9 (3 × 3) cards per player.
  In 2-row grids a column is worth 0 when its two cards have the same rank; in the 3 × 3 grid a
  column is worth 0 only when all **three** cards have the same rank (two of a kind there do not
  cancel). Players turn up 2 cards at the start, 3 in the 3 × 3 grid.
* ``jokers`` — 0, 1 or 2 jokers added to the deck. A joker is worth −2, like a deuce. Jokers are
  not wild: a joker pairs only with a joker (a column of jokers is worth 0, as a pair of deuces
  is), never with a 2 or any other card.
* ``final_turn`` — when a player goes out, every other player gets one last turn before scoring.
* ``reshuffle_discard`` — when the stock runs out, the discard (all but its top card) is shuffled
  into a new stock. To make sure a hole ends, this happens at most :data:`MAX_RESHUFFLES` times;
  when the stock runs out after that, the hole ends as in the seed's rule.
* ``holes`` — the number of holes (deals) in a match, 9 by default.
"""

from __future__ import annotations

from dataclasses import dataclass

from golfcards.errors import GolfError

GRID_SHAPES: dict[int, tuple[int, int]] = {4: (2, 2), 6: (2, 3), 8: (2, 4), 9: (3, 3)}
"""Cards per grid → (rows, columns)."""
MIN_PLAYERS = 2
MAX_PLAYERS = 4
MAX_HOLES = 99
MAX_RESHUFFLES = 3
DECK_SIZE = 52


@dataclass(frozen=True, slots=True)
class SixCardRules:
    """Everything agreed before the deal. Immutable; compare with ``==``."""

    players: int = 2
    grid: int = 6
    jokers: int = 0
    final_turn: bool = False
    reshuffle_discard: bool = False
    holes: int = 9

    def __post_init__(self) -> None:
        if not MIN_PLAYERS <= self.players <= MAX_PLAYERS:
            raise GolfError("sixcard.bad_players", f"2 to 4 players, not {self.players}", players=self.players)
        if self.grid not in GRID_SHAPES:
            raise GolfError("sixcard.bad_grid", f"a grid has 4, 6, 8 or 9 cards, not {self.grid}", grid=self.grid)
        if self.jokers not in (0, 1, 2):
            raise GolfError("sixcard.bad_jokers", f"jokers must be 0, 1 or 2, not {self.jokers}", jokers=self.jokers)
        if not 1 <= self.holes <= MAX_HOLES:
            raise GolfError(
                "sixcard.bad_holes", f"a match has 1 to {MAX_HOLES} holes, not {self.holes}", holes=self.holes
            )

    @property
    def rows(self) -> int:
        return GRID_SHAPES[self.grid][0]

    @property
    def columns(self) -> int:
        return GRID_SHAPES[self.grid][1]

    @property
    def initial_face_up(self) -> int:
        """Cards each player turns up before the first turn: 2 (3 in the 3 × 3 grid)."""
        return 3 if self.rows == 3 else 2

    @property
    def deck_size(self) -> int:
        return DECK_SIZE + self.jokers

    @property
    def stock_size(self) -> int:
        """Cards in the stock after the deal (one card starts the discard)."""
        return self.deck_size - self.players * self.grid - 1
