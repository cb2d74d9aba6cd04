"""Localized card names: ``as de trèvols`` (full) and ``R♣`` (short).

The names are kept per card and translator once made: a six-card table message names a dozen cards
for each player after every action, and translating them again was half the work of the message.
"""

from __future__ import annotations

import functools

from golfcards.cards import AnyCard, Joker, Rank, Suit
from golfcards.i18n import Translator


def rank_name(rank: Rank, t: Translator) -> str:
    """``ace`` / ``as``; number ranks are their digits in every language."""
    names = {
        Rank.ACE: t.pgettext("rank", "ace"),
        Rank.JACK: t.pgettext("rank", "jack"),
        Rank.QUEEN: t.pgettext("rank", "queen"),
        Rank.KING: t.pgettext("rank", "king"),
    }
    return names.get(rank, rank.label)


@functools.lru_cache(maxsize=1024)
def rank_short(rank: Rank, t: Translator) -> str:
    """The rank as printed on the corner of a card: ``R`` for a King in Catalan and Greek."""
    letters = {
        Rank.ACE: t.pgettext("rank short", "A"),
        Rank.JACK: t.pgettext("rank short", "J"),
        Rank.QUEEN: t.pgettext("rank short", "Q"),
        Rank.KING: t.pgettext("rank short", "K"),
    }
    return letters.get(rank, rank.label)


def suit_name(suit: Suit, t: Translator) -> str:
    names = {
        Suit.CLUBS: t.pgettext("suit", "clubs"),
        Suit.DIAMONDS: t.pgettext("suit", "diamonds"),
        Suit.HEARTS: t.pgettext("suit", "hearts"),
        Suit.SPADES: t.pgettext("suit", "spades"),
    }
    return names[suit]


@functools.lru_cache(maxsize=1024)
def card_name(card: AnyCard, t: Translator) -> str:
    """The full name, as a screen reader says it: ``queen of spades`` / ``dama de piques``."""
    if isinstance(card, Joker):
        return t.gettext("joker {number}", number=card.number)
    return t.gettext("{rank} of {suit}", rank=rank_name(card.rank, t), suit=suit_name(card.suit, t))


def card_short(card: AnyCard, t: Translator) -> str:
    """The short name with the suit symbol: ``Q♠`` / ``D♠``; ``🃏1`` for a joker."""
    if isinstance(card, Joker):
        return card.symbol
    return rank_short(card.rank, t) + card.suit.symbol
