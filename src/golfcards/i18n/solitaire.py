"""Golf Solitaire in words: the board as one line of text, refusals and end messages.

The board line is what the Catalan rules page writes for each state, and what a screen reader
says: ``Pila per robar: 16 cartes; descart: as de trèvols. columna 1: …``.
"""

from __future__ import annotations

from golfcards.i18n import N_, Translator
from golfcards.i18n.cards import card_name
from golfcards.solitaire.board import Board, Refusal, Status
from golfcards.solitaire.rules import RuleName

REFUSALS: dict[Refusal, str] = {
    Refusal.NOT_CONSECUTIVE: N_("Must be one rank higher or lower"),
    Refusal.CARD_BLOCKED: N_("This card is blocked"),
    Refusal.NOTHING_ON_KING: N_("Under the strict rule no card may go on a King"),
    Refusal.NO_CARD: N_("There is no card there"),
    Refusal.NO_SUCH_COLUMN: N_("There is no such place on the board"),
    Refusal.STOCK_EMPTY: N_("The stock is empty"),
    Refusal.MUST_REMOVE_FIRST: N_("Under the strict rule you may draw only when no card can be removed"),
    Refusal.GAME_OVER: N_("The game is over: undo or start a new game"),
    Refusal.GAME_WON: N_("You won this game: start a new game"),
    Refusal.NOTHING_TO_UNDO: N_("There is nothing to undo"),
    Refusal.UNDO_LIMIT: N_("Only the last 100 actions can be undone"),
}
RULE_NAMES: dict[RuleName, str] = {
    RuleName.EASY: N_("Easy (King and Ace joined)"),
    RuleName.CLASSIC: N_("Classic (King and Ace apart)"),
    RuleName.STRICT: N_("Strict (nothing on a King, draw only when stuck)"),
}
BLOCKED_MESSAGE = N_("No more moves possible")
WON_MESSAGE = N_("You won! Score: {score}")


def refusal_text(refusal: Refusal, t: Translator) -> str:
    return t.gettext(REFUSALS[refusal])


def status_text(board: Board, t: Translator) -> str | None:
    """The end message, or None while the game goes on."""
    status = board.status
    if status is Status.BLOCKED:
        return t.gettext(BLOCKED_MESSAGE)
    if status is Status.WON:
        return t.gettext(WON_MESSAGE, score=board.score)
    return None


def rule_name(name: RuleName, t: Translator) -> str:
    return t.gettext(RULE_NAMES[name])


def board_text(board: Board, t: Translator) -> str:
    """The whole board as one sentence, in the language of ``t``."""
    stock = t.ngettext("Stock: {count} card", "Stock: {count} cards", board.stock_count)
    if board.discard is None:
        discard = t.gettext("discard: empty")
    else:
        discard = t.gettext("discard: {card}", card=card_name(board.discard, t))
    card_separator = t.pgettext("list separator", ", ")
    columns = []
    for number, cards in enumerate(board.columns, start=1):
        if not cards:
            columns.append(t.gettext("column {number}: empty", number=number))
            continue
        names = card_separator.join(card_name(card, t) for card in cards)
        columns.append(
            t.gettext(
                "column {number}: {cards} (free: {card})", number=number, cards=names, card=card_name(cards[-1], t)
            )
        )
    return t.gettext(
        "{stock}; {discard}. {columns}.",
        stock=stock,
        discard=discard,
        columns=t.pgettext("column separator", "; ").join(columns),
    )
