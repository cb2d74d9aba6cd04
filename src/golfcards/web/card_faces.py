"""A card as the pages draw it, in the page's language: the one place that turns a card into JSON."""

from __future__ import annotations

from functools import lru_cache

from golfcards.cards import AnyCard, Card
from golfcards.i18n import Translator
from golfcards.i18n.cards import card_name, rank_short


def card_json(card: AnyCard, t: Translator) -> dict[str, object]:
    """A card as the page draws it: corner rank (localized: ``R`` for a Catalan King), suit, colour, name."""
    return dict(_card_json(card, t))


@lru_cache(maxsize=1024)
def _card_json(card: AnyCard, t: Translator) -> dict[str, object]:
    """Computed once per card and language (a page shows the same cards again and again)."""
    if not isinstance(card, Card):
        return {"code": card.code, "name": card_name(card, t), "rank": "🃏", "suit": "", "red": False, "joker": True}
    return {
        "code": card.code,
        "name": card_name(card, t),
        "rank": rank_short(card.rank, t),
        "suit": card.suit.symbol,
        "red": card.suit.is_red,
        "joker": False,
    }
