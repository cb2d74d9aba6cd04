"""The rule sets of Golf Solitaire: which card may be removed onto which discard, and when to draw.

``EASY`` (King and Ace joined, the default), ``CLASSIC`` (apart) and ``STRICT`` (the strict
traditional rule: apart, nothing on a King, draw only when no removal is possible) are the
named rules; jokers and the empty discard are options that combine with any of them.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, replace

from golfcards.cards import AnyCard, Card, Rank
from golfcards.errors import GolfError


class RuleName(enum.Enum):
    """The rule letter of a game code."""

    EASY = "E"
    CLASSIC = "C"
    STRICT = "S"

    @property
    def word(self) -> str:
        """The rule's name in the command line, JSON and the web API: ``easy``, ``classic``, ``strict``."""
        return self.name.lower()

    @classmethod
    def from_word(cls, word: object) -> RuleName | None:
        """Read :attr:`word` (None for anything else: the caller says what was wrong where)."""
        return next((name for name in cls if name.word == word), None)


@dataclass(frozen=True, slots=True)
class Rules:
    """Everything that decides legality. Immutable; compare with ``==``.

    * ``name`` — Easy (King–Ace wrap, Queen on King), Classic (no wrap, Queen on King) or
      Strict (no wrap, nothing on a King, draw only when no removal is possible).
    * ``jokers`` — 0, 1 or 2 wild cards shuffled into the deck (the stock grows to 17 or 18).
      A joker may be removed onto any discard, and any card may be removed onto a joker;
      a joker counts as one tableau card for the score (+10 removed, −10 left when blocked),
      so a won game is still worth 350. In Strict, nothing goes on a King, a joker included.
    * ``empty_discard`` — the discard starts empty (its card becomes the stock's first) and the
      player's first removal may be any free card.
    """

    name: RuleName = RuleName.EASY
    jokers: int = 0
    empty_discard: bool = False

    def __post_init__(self) -> None:
        if self.jokers not in (0, 1, 2):
            raise GolfError("rules.bad_jokers", f"jokers must be 0, 1 or 2, not {self.jokers}", jokers=self.jokers)

    @property
    def wrap(self) -> bool:
        """King and Ace are consecutive (Easy only)."""
        return self.name is RuleName.EASY

    @property
    def queen_on_king(self) -> bool:
        """A card (a Queen, or an Ace with wrap) may be removed onto a King."""
        return self.name is not RuleName.STRICT

    @property
    def draw_anytime(self) -> bool:
        """Drawing is allowed even while a removal is possible."""
        return self.name is not RuleName.STRICT

    @property
    def is_variant(self) -> bool:
        return bool(self.jokers or self.empty_discard)

    def with_options(self, *, jokers: int | None = None, empty_discard: bool | None = None) -> Rules:
        return replace(
            self,
            jokers=self.jokers if jokers is None else jokers,
            empty_discard=self.empty_discard if empty_discard is None else empty_discard,
        )

    def refusal(self, card: AnyCard, discard: AnyCard | None) -> str | None:
        """Why ``card`` cannot be removed onto ``discard`` (a message key), or None if it can."""
        if discard is None:
            return None
        if not self.queen_on_king and isinstance(discard, Card) and discard.rank is Rank.KING:
            return "nothing_on_king"
        if not isinstance(card, Card) or not isinstance(discard, Card):
            return None  # a joker goes on anything, and anything on a joker
        gap = abs(card.rank - discard.rank)
        if gap == 1 or (self.wrap and gap == 12):
            return None
        return "not_consecutive"

    def fits(self, card: AnyCard, discard: AnyCard | None) -> bool:
        return self.refusal(card, discard) is None


EASY = Rules(RuleName.EASY)
CLASSIC = Rules(RuleName.CLASSIC)
STRICT = Rules(RuleName.STRICT)
