"""Dealing Golf Solitaire: 7 columns of 5 face-up cards, a discard and the stock.

Every deal is the fixed :data:`STARTING_ORDER` (plus any jokers) shuffled by the deterministic
shuffle of :mod:`golfcards.shuffle`, seeded by the deal number, then laid out in one fixed way:
cards 0–34 fill column 1 top to bottom, then column 2, … column 7; card 35 is the discard;
the rest is the stock in draw order. With an empty discard, card 35 becomes the stock's first.

:data:`STARTING_ORDER` is not special-cased anywhere: it is the reference deal of
``GO1-E-AAAAAAB`` put back through deal 1's permutation (``tests/test_codes.py`` recomputes it),
so every deal, deal 1 included, comes out of the same general algorithm.
"""

from __future__ import annotations

from dataclasses import dataclass

from golfcards.cards import JOKERS, AnyCard, parse_cards
from golfcards.shuffle import deal_seed, permutation

COLUMNS = 7
ROWS = 5
TABLEAU_SIZE = COLUMNS * ROWS
SOLITAIRE_STREAM = 0x5017
"""The shuffle stream of Golf Solitaire deals (other games use other streams)."""

STARTING_ORDER: tuple[AnyCard, ...] = tuple(
    parse_cards(
        "QD 9C 9S KH KC 7H JD 8C 9H 5S 5D 6S 9D 5H 2C AC QH 6C 2S 4H 7S 8S 3S KS 3D JH "
        "6D KD 3H AH 2H 2D TS 4D 5C TH 4C 8H 4S JC TD 7D 6H TC JS QS AD 7C AS 8D QC 3C"
    )
)


@dataclass(frozen=True, slots=True)
class Deal:
    """The cards of one game before any move: columns (top to bottom), discard, stock (draw order)."""

    columns: tuple[tuple[AnyCard, ...], ...]
    discard: AnyCard | None
    stock: tuple[AnyCard, ...]

    @classmethod
    def from_number(cls, number: int, jokers: int = 0, empty_discard: bool = False) -> Deal:
        """Deal ``number`` (0 … 26⁷−1) with ``jokers`` wild cards added to the deck."""
        deck = STARTING_ORDER + JOKERS[:jokers]
        order = permutation(len(deck), deal_seed(SOLITAIRE_STREAM, number))
        cards = [deck[i] for i in order]
        return cls.from_sequence(cards, empty_discard)

    @classmethod
    def from_sequence(cls, cards: list[AnyCard] | tuple[AnyCard, ...], empty_discard: bool = False) -> Deal:
        """Lay ``cards`` out in the fixed order described in the module docstring."""
        columns = tuple(tuple(cards[c * ROWS : (c + 1) * ROWS]) for c in range(COLUMNS))
        rest = tuple(cards[TABLEAU_SIZE:])
        if empty_discard:
            return cls(columns, None, rest)
        return cls(columns, rest[0], rest[1:])

    @property
    def cards(self) -> tuple[AnyCard, ...]:
        """All cards in layout order (the inverse of :meth:`from_sequence`)."""
        head = () if self.discard is None else (self.discard,)
        return tuple(card for column in self.columns for card in column) + head + self.stock

    def to_json(self) -> dict[str, object]:
        return {
            "columns": [[card.code for card in column] for column in self.columns],
            "discard": None if self.discard is None else self.discard.code,
            "stock": [card.code for card in self.stock],
        }
