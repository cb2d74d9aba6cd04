"""Dealing a hole: one grid per seat, the first discard and the stock.

A deal is the deck — the 52 cards in new-deck order, then any jokers (with two decks, the second
deck after the first, its card indexes shifted by :data:`~golfcards.sixcard.rules.DECK_SLOTS`:
:attr:`SixCardRules.deck <golfcards.sixcard.rules.SixCardRules.deck>`) — shuffled by
:mod:`golfcards.shuffle` and laid out in one fixed way: the first ``grid`` cards are seat 1's grid
row by row (top row first, left to right), the next ``grid`` cards seat 2's, and so on; the next
card starts the discard; the rest is the stock in draw order.
"""

from __future__ import annotations

from dataclasses import dataclass

from golfcards.cards import CARDS_BY_INDEX, AnyCard
from golfcards.errors import GolfError
from golfcards.shuffle import deal_seed, permutation
from golfcards.sixcard.rules import DECK_SLOTS, SixCardRules

SIXCARD_STREAM = 0x6C6F
"""The shuffle stream of Six-card Golf deals (Golf Solitaire uses another)."""
RESHUFFLE_STREAM = 0x6C70
"""The stream of the discard reshuffles of the ``reshuffle_discard`` house rule."""


SIXCARD_CARDS: tuple[AnyCard, ...] = CARDS_BY_INDEX * 2
"""The card at each of Six-card Golf's card indexes (two decks: the second's are the first's + 54)."""


def card_at(index: int) -> AnyCard:
    """The card with Six-card Golf index ``index`` (``Card.index``, or that + 54 in a second deck)."""
    if 0 <= index < 2 * DECK_SLOTS:
        return SIXCARD_CARDS[index]
    raise GolfError("card.bad_index", f"no card has index {index}", index=index)


@dataclass(frozen=True, slots=True)
class SixCardDeal:
    """The cards of one hole before any action, as card indexes (``Card.index``; jokers 52, 53)."""

    grids: tuple[tuple[int, ...], ...]
    discard: int
    stock: tuple[int, ...]

    @classmethod
    def from_number(cls, number: int, rules: SixCardRules) -> SixCardDeal:
        order = permutation(rules.deck_size, deal_seed(SIXCARD_STREAM, number))
        deck = rules.deck
        return cls.from_sequence([deck[i] for i in order], rules)

    @classmethod
    def from_sequence(cls, indexes: list[int] | tuple[int, ...], rules: SixCardRules) -> SixCardDeal:
        """Lay card indexes out in the fixed order described in the module docstring."""
        size = rules.grid
        grids = tuple(tuple(indexes[s * size : (s + 1) * size]) for s in range(rules.players))
        rest = indexes[rules.players * size :]
        return cls(grids, rest[0], tuple(rest[1:]))

    def grid_cards(self, seat: int) -> tuple[AnyCard, ...]:
        return tuple(card_at(i) for i in self.grids[seat])

    @property
    def cards(self) -> tuple[int, ...]:
        return tuple(i for grid in self.grids for i in grid) + (self.discard,) + self.stock


def reshuffle_order(size: int, number: int, count: int) -> list[int]:
    """The permutation of the ``count``-th reshuffle (0, 1, …) of a discard of ``size`` cards."""
    return permutation(size, deal_seed(RESHUFFLE_STREAM, number) ^ (count << 36))
