"""Six-card Golf in words: grids, actions, refusals, end of hole, scorecards, the calculator.

Everything here returns translated text for :mod:`golfcards.cli.sixcard` (and any other
interface); the engine only hands over values and message keys.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from golfcards.cards import AnyCard
from golfcards.i18n import N_, Translator
from golfcards.i18n.cards import card_name, card_short
from golfcards.runners.sixcard_table import Status, TableStatus
from golfcards.sixcard.actions import (
    Action,
    DiscardDrawn,
    DiscardFlip,
    DrawStock,
    Flip,
    KnockEarly,
    Reveal,
    Swap,
    TakeDiscard,
)
from golfcards.sixcard.scoring import ColumnScore, GridScore
from golfcards.sixcard.state import EndReason, Refusal

ERRORS: dict[str, str] = {
    "sixcard.bad_players": N_("Six-card Golf is for 2 to 6 players"),
    "sixcard.bad_decks": N_("There can be 1 or 2 decks"),
    "sixcard.bad_start_face_up": N_("0 to {most} cards can be face up at the start"),
    "sixcard.bad_flip_after_discard": N_("After a discard a card is turned up never, always or in the endgame"),
    "sixcard.bad_house_rule": N_("{rule}: a house rule is on or off"),
    "sixcard.players_need_two_decks": N_("Five or six players need two decks"),
    "sixcard.lucky_swing_eagle_eye": N_(
        "The lucky swing and eagle-eye jokers cannot apply together: a joker has one value"
    ),
    "sixcard.lucky_swing_one_joker": N_("The lucky swing is played with exactly one joker per deck"),
    "sixcard.eagle_eye_needs_jokers": N_("Eagle-eye jokers need jokers in the deck"),
    "sixcard.four_of_a_kind_two_rows": N_("Four of a kind and the wolfpack need a grid of two rows"),
    "sixcard.knock_early_too_few_cards": N_("Knocking early needs at least three cards face down after the start"),
    "sixcard.flip_always_flip_as_turn": N_(
        "Turning a card up after every discard and turning one up as a turn cannot apply together"
    ),
    "sixcard.unknown_house_rule": N_("{name}: unknown house rule (one of {names})"),
    "sixcard.bad_house_option": N_("{text}: a house rule is NAME=VALUE, e.g. super_kings=on"),
    "sixcard.bad_house_value": N_("{name}={value}: not a value of this house rule"),
    "sixcard.bad_grid": N_("A grid has 4, 6, 8 or 9 cards"),
    "sixcard.bad_jokers": N_("There can be 0, 1 or 2 jokers"),
    "sixcard.bad_holes": N_("A match has 1 to 99 holes"),
    "sixcard.bad_code_prefix": N_("{code}: a deal code starts with G4, G6, G8 or G9"),
    "sixcard.code_too_short": N_("{code}: a deal code looks like G6-P2-AAAAAAB"),
    "sixcard.bad_code_option": N_(
        "{code}: unknown or repeated option {option} (use J1, J2, F, R, U0–U3, DD, FT, FA, FE, SK, T1, OJ, LS, EE, NP, FK, WP, BJ, KP, KB, KE, TS, UD, D1–D6, H1–H99)"  # noqa: E501
    ),
    "sixcard.bad_dealer": N_("Seat {seat} is not at the table"),
    "sixcard.bad_grid_shape": N_(
        "Rows must be equally long and make a 2 × 2, 2 × 3, 2 × 4 or 3 × 3 grid (got {sizes})"
    ),
    "sixcard.duplicate_card": N_("{card} appears twice, but the game uses one deck"),
    "sixcard.bad_action": N_("Not an action: {action}"),
    "sixcard.bad_view": N_("Not a view of a hole: {problem}"),
    "sixcard.no_such_seat": N_("Seat {seat} is not at the table"),
    "sixcard.bad_level": N_("{level}: a bot level is one of {levels}"),
    "sixcard.bad_player_spec": N_("{spec}: a player is a bot level ({levels}) or cmd:COMMAND"),
    "sixcard.unclosed_quote": N_(
        "{text}: the quote at character {position} is never closed (a comma inside quotes belongs to the command)"
    ),
    "sixcard.player_options": N_("Give the players either with --players or with --player (once per seat), not both"),
    "sixcard.bad_log_folder": N_("{folder}: the folder for the bots' logs cannot be made"),
    "sixcard.bad_matches": N_("Play at least one match"),
    "sixcard.arena_players": N_("The arena needs one player per seat"),
    "sixcard.endless_hole": N_(
        "A hole went on for more than {turns} turns: the players keep swapping through the discard"
    ),
    "sixcard.too_many_bots": N_("{bots} bots for {players} players: leave at least one seat or use the arena"),
    "sixcard.bot_not_json": N_("The bot's answer is not JSON: {answer}"),
    "sixcard.bot_not_my_turn": N_("The view offers the bot no action"),
    "sixcard.bot_timeout": N_("The bot gave no answer within {seconds} s"),
    "sixcard.bot_died": N_("The bot program {command} stopped"),
    "sixcard.bot_cannot_start": N_("The bot program {command} cannot be started"),
    "sixcard.bad_command": N_("{command}: not a command that can be run"),
    "sixcard.bad_record": N_("This match record is damaged and cannot be replayed"),
    "sixcard.match_not_over": N_("A match can be replayed only once it is over"),
    "sixcard.hole_not_over": N_("A hole can be replayed only once it is over"),
    "sixcard.bad_key": N_("{text}: a match key is 64 hex digits, as printed at the end of a match"),
}

REFUSALS: dict[Refusal, str] = {
    Refusal.HOLE_OVER: N_("The hole is over"),
    Refusal.NO_SUCH_SEAT: N_("There is no such seat"),
    Refusal.NOT_YOUR_TURN: N_("It is not your turn"),
    Refusal.NO_SUCH_POSITION: N_("There is no such position in your grid"),
    Refusal.REVEAL_FIRST: N_("First turn up your starting cards"),
    Refusal.ALREADY_REVEALED: N_("You have already turned up your starting cards"),
    Refusal.ALREADY_FACE_UP: N_("That card is already face up"),
    Refusal.PLACE_DRAWN_CARD: N_("Place the card you drew or discard it"),
    Refusal.NOTHING_DRAWN: N_("Draw a card first, or take the discard"),
    Refusal.NOT_AN_ACTION: N_("That is not an action of this game"),
    Refusal.HOLE_NOT_OVER: N_("The hole is not over yet"),
    Refusal.MATCH_OVER: N_("The match is over"),
    Refusal.NOTHING_TO_UNDO: N_("There is nothing to undo"),
    Refusal.NOT_UNDER_THESE_RULES: N_("The house rules of this table do not allow that"),
    Refusal.TURN_A_CARD_UP: N_("After throwing the card away, turn up one of your face-down cards"),
    Refusal.NOT_ENDGAME_YET: N_("A card may be turned up after a discard only near the end of the hole"),
    Refusal.TOO_MANY_FACE_DOWN: N_("You can knock early only with one or two cards face down"),
}
for _refusal, _text in REFUSALS.items():
    ERRORS[f"sixcard.refusal.{_refusal.value}"] = _text

END_REASONS: dict[EndReason, str] = {
    EndReason.WENT_OUT: N_("{player} went out: every card of that grid is face up."),
    EndReason.STOCK_EMPTY: N_("The stock ran out: the hole ends without a reshuffle."),
}


BOT_NAMES: dict[str, str] = {
    "random": N_("Random bot"),
    "easy": N_("Easy bot"),
    "normal": N_("Normal bot"),
    "strong": N_("Strong bot"),
    "expert": N_("Expert bot"),
}
"""Bot level (``golfcards.sixcard.bots.LEVELS``) → its name at the table."""


def bot_seat_name(level: str, seat: int, t: Translator) -> str:
    """``Strong bot 3``: a bot's name at the table (seats are numbered from 1)."""
    return t.gettext("{bot} {number}", bot=t.gettext(BOT_NAMES[level.lower()]), number=seat + 1)


def refusal_text(refusal: Refusal, t: Translator) -> str:
    return t.gettext(REFUSALS[refusal])


def end_text(reason: EndReason, player: str, t: Translator) -> str:
    return t.gettext(END_REASONS[reason], player=player)


def card_text(card: AnyCard | None, t: Translator) -> str:
    """The short name of a card, or ``▒▒`` for a face-down card."""
    return "▒▒" if card is None else card_short(card, t)


def column_explanation(number: int, column: ColumnScore, t: Translator) -> str:
    """``Column 1: 9♠ 9♥ — a pair of equal ranks: 0`` / ``Column 2: K♦ Q♣ — 0 + 10 = 10``."""
    cards = " ".join(card_short(card, t) for card in column.cards)
    if column.cancelled:
        return t.gettext("Column {number}: {cards} — equal ranks cancel: 0", number=number, cards=cards)
    values = " + ".join(str(v) if v >= 0 else f"({v})" for v in column.values)
    return t.gettext(
        "Column {number}: {cards} — {values} = {points}",
        number=number,
        cards=cards,
        values=values,
        points=column.points,
    )


BONUS_TEXTS: dict[str, str] = {
    "four_of_a_kind": N_("Four of a kind: {points}"),
    "wolfpack": N_("Wolfpack (two pairs of jacks): {points}"),
}
"""A grid's bonuses (:attr:`GridScore.bonuses`) in words."""


def score_text(score: GridScore, t: Translator) -> list[str]:
    lines = [column_explanation(k, column, t) for k, column in enumerate(score.columns, start=1)]
    lines.extend(t.gettext(BONUS_TEXTS[name], points=points) for name, points in score.bonuses)
    if score.blackjack:
        lines.append(t.gettext("Exactly 21: the grid scores 0"))
    lines.append(t.gettext("Total: {total}", total=score.total))
    return lines


def action_text(
    player: str, action: Action, t: Translator, *, card: AnyCard | None = None, thrown: AnyCard | None = None
) -> str:
    """What ``player`` did, as the table saw it (``card``: the card placed; ``thrown``: discarded)."""
    if isinstance(action, KnockEarly):
        return t.gettext("{player} knocks early and turns up the last cards", player=player)
    if isinstance(action, DiscardFlip):
        return t.gettext(
            "{player} throws the drawn card away ({thrown}) and turns up position {position}: {card}",
            player=player,
            thrown=card_name(thrown, t) if thrown else "?",
            position=action.position + 1,
            card=card_name(card, t) if card else "?",
        )
    if isinstance(action, (Reveal, Flip)):
        return t.gettext(
            "{player} turns up position {position}: {card}",
            player=player,
            position=action.position + 1,
            card=card_name(card, t) if card else "?",
        )
    if isinstance(action, DrawStock):
        return t.gettext("{player} draws from the stock", player=player)
    if isinstance(action, DiscardDrawn):
        return t.gettext(
            "{player} throws the drawn card away: {card}", player=player, card=card_name(thrown, t) if thrown else "?"
        )
    verb = (
        N_("{player} takes the discard ({card}) into position {position} and discards {thrown}")
        if isinstance(action, TakeDiscard)
        else N_("{player} puts the drawn card ({card}) into position {position} and discards {thrown}")
    )
    assert isinstance(action, (TakeDiscard, Swap))
    return t.gettext(
        verb,
        player=player,
        card=card_name(card, t) if card else "?",
        position=action.position + 1,
        thrown=card_name(thrown, t) if thrown else "?",
    )


def scorecard_lines(names: Sequence[str], results: Sequence[Sequence[int]], t: Translator) -> list[str]:
    """The scorecard: one row per hole played, then the totals."""
    width = max(6, *(len(name) for name in names))
    hole_word = t.gettext("Hole")
    head_width = max(len(hole_word), len(t.gettext("Total"))) + 3
    lines = [hole_word.ljust(head_width) + "".join(name.rjust(width + 2) for name in names)]
    for number, points in enumerate(results, start=1):
        lines.append(f"{number:>{len(hole_word)}}".ljust(head_width) + "".join(str(p).rjust(width + 2) for p in points))
    totals = [sum(column) for column in zip(*results, strict=False)] if results else [0] * len(names)
    lines.append(t.gettext("Total").ljust(head_width) + "".join(str(p).rjust(width + 2) for p in totals))
    return lines


def winners_text(names: Sequence[str], t: Translator) -> str:
    if len(names) == 1:
        return t.gettext("{player} wins the match!", player=names[0])
    separator = t.pgettext("list separator", ", ")
    return t.gettext("Shared win: {players}", players=separator.join(names))


def hole_winners_text(names: Sequence[str], t: Translator) -> str:
    if len(names) == 1:
        return t.gettext("{player} wins the hole.", player=names[0])
    separator = t.pgettext("list separator", ", ")
    return t.gettext("The hole is shared: {players}", players=separator.join(names))


def over_text(status: TableStatus, name: Callable[[int], str], t: Translator) -> str:
    """The end of a hole or of the match (``status``: ``HOLE_OVER`` or ``MATCH_OVER``) in one line: how
    the hole ended, then who won it, or the match; ``name`` names a seat."""
    ending = end_text(status.end, name(status.seat), t) if status.end else ""
    names = [name(seat) for seat in status.winners]
    if status.status is Status.MATCH_OVER:
        result = winners_text(names, t)
    else:
        result = hole_winners_text(names, t) if names else ""
    return " ".join(part for part in (ending, result) if part)
