"""Ranks, suits, cards and jokers; parsing and formatting.

Two notations are read and written:

* two-letter: rank in ``A23456789TJQK`` then suit in ``CDHS`` (``TS``, ``8C``); ``10S`` is read too;
* symbol: rank (``10`` for ten) then a suit symbol (``10♠``, ``8♣``).

Jokers (a variant in both games) are ``X1`` and ``X2`` (symbol form ``🃏1``, ``🃏2``).
Parsing is forgiving of case and surrounding spaces and raises :class:`GolfError`
(a ``ValueError``) naming what is wrong.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable
from dataclasses import dataclass, field

from golfcards.errors import GolfError


class Rank(enum.IntEnum):
    """Card ranks, valued 1 (Ace) to 13 (King)."""

    ACE = 1
    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13

    @property
    def letter(self) -> str:
        """The rank's letter in two-letter notation (``T`` for ten)."""
        return RANK_LETTERS[self.value - 1]

    @property
    def label(self) -> str:
        """The rank as printed in symbol form (``10`` for ten)."""
        return "10" if self is Rank.TEN else self.letter


class Suit(enum.Enum):
    """The four suits; the value is the two-letter notation's suit letter."""

    CLUBS = "C"
    DIAMONDS = "D"
    HEARTS = "H"
    SPADES = "S"

    @property
    def symbol(self) -> str:
        return SUIT_SYMBOLS[self]

    @property
    def is_red(self) -> bool:
        return self in (Suit.DIAMONDS, Suit.HEARTS)


RANK_LETTERS = "A23456789TJQK"
SUIT_SYMBOLS = {Suit.CLUBS: "♣", Suit.DIAMONDS: "♦", Suit.HEARTS: "♥", Suit.SPADES: "♠"}
_SUIT_BY_TEXT = (
    {s.value: s for s in Suit}
    | {sym: s for s, sym in SUIT_SYMBOLS.items()}
    | {
        "♧": Suit.CLUBS,
        "♢": Suit.DIAMONDS,
        "♡": Suit.HEARTS,
        "♤": Suit.SPADES,
    }
)
_RANK_BY_TEXT = {letter: Rank(i + 1) for i, letter in enumerate(RANK_LETTERS)} | {"10": Rank.TEN}
JOKER_SYMBOL = "🃏"


@dataclass(frozen=True, slots=True)
class Card:
    """A standard playing card."""

    rank: Rank
    suit: Suit
    code: str = field(init=False, repr=False, compare=False)
    """Two-letter notation: ``TS`` (kept: messages name every card they show, after every action)."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "code", self.rank.letter + self.suit.value)

    @property
    def index(self) -> int:
        """0..51 in new-deck order (clubs A..K, diamonds, hearts, spades)."""
        return _SUIT_ORDER[self.suit] * 13 + self.rank.value - 1

    @property
    def is_joker(self) -> bool:
        return False

    @property
    def symbol(self) -> str:
        """Symbol notation: ``10♠``."""
        return self.rank.label + self.suit.symbol

    def __str__(self) -> str:
        return self.code

    def __repr__(self) -> str:
        return f"Card({self.code})"


@dataclass(frozen=True, slots=True)
class Joker:
    """A wild card; ``number`` (1 or 2) tells the two jokers of a deck apart."""

    number: int

    def __post_init__(self) -> None:
        if self.number not in (1, 2):
            raise GolfError("card.bad_joker", f"joker number must be 1 or 2, not {self.number}", number=self.number)

    @property
    def is_joker(self) -> bool:
        return True

    @property
    def index(self) -> int:
        """51 + number: jokers follow the 52 cards."""
        return 51 + self.number

    @property
    def code(self) -> str:
        return f"X{self.number}"

    @property
    def symbol(self) -> str:
        return f"{JOKER_SYMBOL}{self.number}"

    def __str__(self) -> str:
        return self.code

    def __repr__(self) -> str:
        return f"Joker({self.number})"


AnyCard = Card | Joker

_SUIT_ORDER = {Suit.CLUBS: 0, Suit.DIAMONDS: 1, Suit.HEARTS: 2, Suit.SPADES: 3}
FULL_DECK: tuple[Card, ...] = tuple(Card(rank, suit) for suit in Suit for rank in Rank)
"""The 52 cards in new-deck order: ``FULL_DECK[card.index] == card``."""
JOKERS: tuple[Joker, Joker] = (Joker(1), Joker(2))


CARDS_BY_INDEX: tuple[AnyCard, ...] = (*FULL_DECK, *JOKERS)
"""Every card at its ``.index`` (0..53): for code that turns many indices into cards."""


def card_from_index(index: int) -> AnyCard:
    """Inverse of ``.index`` (0..53)."""
    if 0 <= index < len(CARDS_BY_INDEX):
        return CARDS_BY_INDEX[index]
    raise GolfError("card.bad_index", f"no card has index {index}", index=index)


def parse_card(text: str) -> AnyCard:
    """Read a card in two-letter or symbol notation (``TS``, ``10♠``, ``8c``, ``X1``)."""
    if not isinstance(text, str):
        raise GolfError("card.not_text", f"a card must be text, not {type(text).__name__}")
    # Upper-case ASCII only: "ſ".upper() is "S", which would read "Kſ" as the King of spades.
    cleaned = "".join(ch.upper() if ch.isascii() else ch for ch in text.strip())
    if not cleaned:
        raise GolfError("card.empty", "no card given", text=text)
    if cleaned[0] in ("X", JOKER_SYMBOL) or cleaned in ("JOKER", "JK"):
        number_text = cleaned[1:] if cleaned[0] in ("X", JOKER_SYMBOL) else "1"
        if cleaned.startswith("JOKER") or number_text == "":
            number_text = "1"
        if number_text not in ("1", "2"):
            raise GolfError("card.bad_joker", f"{text.strip()!r}: a joker is X1 or X2", text=text)
        return JOKERS[int(number_text) - 1]
    rank_text, suit_text = cleaned[:-1], cleaned[-1]
    suit = _SUIT_BY_TEXT.get(suit_text)
    if suit is None:
        raise GolfError(
            "card.bad_suit",
            f"{text.strip()!r}: unknown suit {suit_text!r} (use C D H S or ♣ ♦ ♥ ♠)",
            text=text.strip(),
            suit=suit_text,
        )
    rank = _RANK_BY_TEXT.get(rank_text)
    if rank is None:
        raise GolfError(
            "card.bad_rank",
            f"{text.strip()!r}: unknown rank {rank_text!r} (use A 2-9 T or 10 J Q K)",
            text=text.strip(),
            rank=rank_text,
        )
    return Card(rank, suit)


def parse_cards(text: str | Iterable[str]) -> list[AnyCard]:
    """Read cards separated by spaces or commas (or an iterable of card texts)."""
    items = text.replace(",", " ").split() if isinstance(text, str) else list(text)
    return [parse_card(item) for item in items]


def format_cards(cards: Iterable[AnyCard], symbols: bool = False) -> str:
    """Cards joined by spaces, in two-letter or symbol notation."""
    return " ".join(card.symbol if symbols else card.code for card in cards)
