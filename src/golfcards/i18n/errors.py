"""Sentences for the message keys of :class:`golfcards.errors.GolfError`."""

from __future__ import annotations

from golfcards.errors import GolfError
from golfcards.i18n import N_, Translator
from golfcards.i18n.analysis import ERRORS as ANALYSIS_ERRORS
from golfcards.i18n.sixcard import ERRORS as SIXCARD_ERRORS
from golfcards.i18n.solitaire import refusal_text
from golfcards.i18n.web import ERRORS as WEB_ERRORS
from golfcards.solitaire.board import Refusal

ERRORS: dict[str, str] = {
    "card.not_text": N_("A card must be written as text, like TS or 10♠"),
    "card.empty": N_("No card was given"),
    "card.bad_suit": N_("{text}: unknown suit {suit} (use C D H S or ♣ ♦ ♥ ♠)"),
    "card.bad_rank": N_("{text}: unknown rank {rank} (use A, 2–9, T or 10, J, Q, K)"),
    "card.bad_joker": N_("A joker is written X1 or X2"),
    "card.bad_index": N_("No card has that number"),
    "code.empty": N_("No game code was given"),
    "code.bad_prefix": N_("{code}: a game code starts with GO1-"),
    "code.too_short": N_("{code}: a game code looks like GO1-E-AAAAAAB"),
    "code.bad_rule": N_("{code}: the rule letter must be E (Easy), C (Classic) or S (Strict), not {rule}"),
    "code.bad_deal_letters": N_("{letters}: the deal is 7 letters from A to Z"),
    "code.deal_out_of_range": N_("That deal number does not exist"),
    "code.bad_option": N_("{code}: unknown or repeated option {option} (use J1, J2, ND, T)"),
    "action.bad": N_("{action}: an action is d (draw), u (undo), a column 1–7, or COLUMN.ROW like 3.5"),
    "rules.bad_jokers": N_("There can be 0, 1 or 2 jokers"),
    "rules.deal_mismatch": N_("The deal does not match the rules"),
    "course.finished": N_("The course is over"),
    "course.deal_not_over": N_("Finish this deal first (win it or play until no move is left)."),
    "shared.too_long": N_("A shared game has at most {limit} moves"),
    "shared.bad_letter": N_("Move {position} ({letter}) is not a move: the moves are d (draw) and the columns 1–7"),
    "shared.code_too_long": N_("That game code is too long"),
    "shared.course": N_("A shared game is one deal: its code has no -T"),
    "shared.refused": N_("This game does not replay: move {number} ({move}) is not allowed there. {reason}"),
}
ERRORS.update(WEB_ERRORS)
ERRORS.update(ANALYSIS_ERRORS)
ERRORS.update(SIXCARD_ERRORS)


def error_text(error: GolfError, t: Translator) -> str:
    """The localized sentence for ``error`` (its English detail if the key is unknown)."""
    message = ERRORS.get(error.key)
    if message is None:
        return str(error)
    params = {name: value for name, value in error.params.items()}
    if error.key == "shared.refused":  # the rules' reason, in words
        params["reason"] = refusal_text(Refusal(str(params.get("refusal"))), t)
    try:
        return t.gettext(message, **params)
    except (KeyError, IndexError):
        return t.gettext(message)
