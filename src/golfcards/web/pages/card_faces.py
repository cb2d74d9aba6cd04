"""A card as the pages draw it, in the page's language: the one place that turns a card into JSON."""

from __future__ import annotations

import functools

from golfcards.cards import AnyCard, Card, parse_card
from golfcards.i18n import Translator
from golfcards.i18n.cards import card_name, rank_short
from golfcards.runners.room_messages import CardFace


def card_json(card: AnyCard, t: Translator) -> dict[str, object]:
    """A card as the page draws it: corner rank (localized: ``R`` for a Catalan King), suit, colour, name."""
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


def face(code: str, t: Translator) -> dict[str, object]:
    """:func:`card_json` of the card written ``code`` (a valid code, as the engine writes them)."""
    return dict(_face(code, t))


@functools.lru_cache(maxsize=1024)
def card_face(code: str, t: Translator) -> CardFace:
    """:func:`face` as a room's state message carries it (shared: it is frozen)."""
    return CardFace(**face(code, t))  # type: ignore[arg-type]


@functools.lru_cache(maxsize=1024)
def _face(code: str, t: Translator) -> tuple[tuple[str, object], ...]:
    """Kept per code and language: every six-card message shows a dozen cards to each player after
    every action, and reading and naming them again was a third of the work of the message."""
    return tuple(card_json(parse_card(code), t).items())
