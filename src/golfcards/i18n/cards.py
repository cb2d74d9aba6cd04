"""Localized card names: ``as de trèvols`` (full) and ``R♣`` (short)."""

from __future__ import annotations

from golfcards.cards import AnyCard, Rank, Suit
from golfcards.i18n import N_, Translator

RANK_NAMES: dict[Rank, str] = {
    Rank.ACE: N_("ace"), Rank.TWO: "2", Rank.THREE: "3", Rank.FOUR: "4", Rank.FIVE: "5",
    Rank.SIX: "6", Rank.SEVEN: "7", Rank.EIGHT: "8", Rank.NINE: "9", Rank.TEN: "10",
    Rank.JACK: N_("jack"), Rank.QUEEN: N_("queen"), Rank.KING: N_("king"),
}
RANK_SHORT: dict[Rank, str] = {Rank.ACE: N_("A"), Rank.JACK: N_("J"), Rank.QUEEN: N_("Q"), Rank.KING: N_("K")}
SUIT_NAMES: dict[Suit, str] = {
    Suit.CLUBS: N_("clubs"), Suit.DIAMONDS: N_("diamonds"), Suit.HEARTS: N_("hearts"), Suit.SPADES: N_("spades"),
}


def rank_name(rank: Rank, t: Translator) -> str:
    name = RANK_NAMES[rank]
    return t.pgettext("rank", name) if not name.isdigit() else name


def rank_short(rank: Rank, t: Translator) -> str:
    """The rank as printed on the corner of a card: ``R`` for a King in Catalan and Greek."""
    return t.pgettext("rank short", RANK_SHORT[rank]) if rank in RANK_SHORT else rank.label


def card_name(card: AnyCard, t: Translator) -> str:
    """The full name, as a screen reader says it: ``queen of spades`` / ``dama de piques``."""
    if card.is_joker:
        return t.gettext("joker {number}", number=card.number)
    return t.gettext("{rank} of {suit}", rank=rank_name(card.rank, t),
                     suit=t.pgettext("suit", SUIT_NAMES[card.suit]))


def card_short(card: AnyCard, t: Translator) -> str:
    """The short name with the suit symbol: ``Q♠`` / ``D♠``; ``🃏1`` for a joker."""
    if card.is_joker:
        return card.symbol
    return rank_short(card.rank, t) + card.suit.symbol
