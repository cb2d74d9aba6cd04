"""Golf Solitaire in words: the board as one line of text, what an action did, refusals, end messages.

The board line is what the Catalan rules page writes for each state, and what a screen reader
says: ``Pila per robar: 16 cartes; descart: as de trèvols. columna 1: …``.
"""

from __future__ import annotations

from golfcards.cards import AnyCard
from golfcards.i18n import N_, Translator
from golfcards.i18n.cards import card_name
from golfcards.solitaire.board import Action, Draw, Refusal, Status, Undo
from golfcards.solitaire.rules import RuleName, Rules
from golfcards.solitaire.view import SolitaireView

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
DREW = N_("You drew {card}.")
REMOVED = N_("You removed {card}.")
UNDONE = N_("Undone: {card} goes back.")
SHARED_WON = N_("It replays: won, score {score}, {moves} moves.")
SHARED_BLOCKED = N_("It replays: no more moves possible, cards left: {count}, score {score}, {moves} moves.")
SHARED_PLAYING = N_("It replays, but the game is not over: cards left: {count}, {moves} moves so far.")


def refusal_text(refusal: Refusal, t: Translator) -> str:
    return t.gettext(REFUSALS[refusal])


def action_text(action: Action, card: AnyCard, t: Translator) -> str:
    """What an accepted ``action`` did with ``card`` (see ``Board.moved_card``): ``You drew …``."""
    template = UNDONE if isinstance(action, Undo) else DREW if isinstance(action, Draw) else REMOVED
    return t.gettext(template, card=card_name(card, t))


def game_over_text(view: SolitaireView, t: Translator) -> str | None:
    """The end message, or None while the game goes on."""
    if view.status is Status.BLOCKED:
        return t.gettext(BLOCKED_MESSAGE)
    if view.status is Status.WON:
        return t.gettext(WON_MESSAGE, score=view.score)
    return None


def rule_name(name: RuleName, t: Translator) -> str:
    return t.gettext(RULE_NAMES[name])


def rules_label(rules: Rules, t: Translator) -> str:
    """The localized name of a rule set: the rule, then its variants (``Easy … · 1 joker``)."""
    words = [rule_name(rules.name, t)]
    if rules.jokers:
        words.append(t.ngettext("{count} joker", "{count} jokers", rules.jokers))
    if rules.empty_discard:
        words.append(t.gettext("empty discard"))
    return " · ".join(words)


def board_text(view: SolitaireView, t: Translator) -> str:
    """The whole board as one sentence, in the language of ``t``."""
    stock = t.ngettext("Stock: {count} card", "Stock: {count} cards", view.stock_count)
    if view.discard is None:
        discard = t.gettext("discard: empty")
    else:
        discard = t.gettext("discard: {card}", card=card_name(view.discard, t))
    card_separator = t.pgettext("list separator", ", ")
    columns = []
    for number, cards in enumerate(view.columns, start=1):
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


def shared_result_text(view: SolitaireView, t: Translator) -> str:
    """What a shared game's replay confirms: its end (won, or blocked with its cards left) or that it is not over."""
    if view.status is Status.WON:
        return t.gettext(SHARED_WON, score=view.score, moves=view.moves)
    if view.status is Status.BLOCKED:
        return t.gettext(SHARED_BLOCKED, count=view.cards_left, score=view.score, moves=view.moves)
    return t.gettext(SHARED_PLAYING, count=view.cards_left, moves=view.moves)
