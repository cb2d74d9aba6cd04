"""Golf Solitaire as JSON for the page: every value comes from the engine, every word from gettext.

The stock's order is never sent (only its count): the page knows what the player may see.
"""

from __future__ import annotations

from golfcards.i18n import N_, Translator
from golfcards.i18n.analysis import hint_text, move_text, numbered_move, still_winnable_text, verdict_text
from golfcards.i18n.cards import card_name
from golfcards.i18n.solitaire import board_text, refusal_text, rule_name, status_text
from golfcards.runners.solitaire_games import Game, rules_key
from golfcards.runners.storage import SavedCourse, Statistics
from golfcards.solitaire.board import Board, Draw, Outcome, Take, Undo
from golfcards.solitaire.codes import GameCode
from golfcards.solitaire.course import COURSE_DEALS, PAR, PAR_PER_DEAL, Course
from golfcards.solitaire.hint import Hint
from golfcards.solitaire.solver import Verdict
from golfcards.web.card_faces import card_json

DREW = N_("You drew {card}.")
REMOVED = N_("You removed {card}.")
UNDONE = N_("Undone: {card} goes back.")


def board_json(board: Board, t: Translator) -> dict[str, object]:
    """The visible state of ``board``: columns, discard, counts, score, status and the text line.

    A free card says whether it may go on the discard now (``playable``) and the game whether a draw
    is allowed (``can_draw``), as the engine decides: the page highlights those and may show a
    removal at once, before the server's answer.
    """
    columns = []
    for number, cards in enumerate(board.columns, start=1):
        playable = bool(cards) and board.why_not(Take(number)) is None
        columns.append(
            [
                {
                    **card_json(card, t),
                    "column": number,
                    "row": row,
                    "free": row == len(cards),
                    "playable": playable and row == len(cards),
                }
                for row, card in enumerate(cards, start=1)
            ]
        )
    return {
        "code": None if board.code is None else str(board.code),
        "rules": {
            "key": None if board.code is None else rules_key(board.code),
            "name": board.rules.name.name.lower(),
            "label": rule_name(board.rules.name, t),
            "jokers": board.rules.jokers,
            "empty_discard": board.rules.empty_discard,
        },
        "status": board.status.value,
        "score": board.score,
        "moves": board.moves,
        "removed": board.removed,
        "cards_left": board.cards_left,
        "stock_count": board.stock_count,
        "can_draw": board.why_not(Draw()) is None,
        "undo_available": board.undo_available,
        "columns": columns,
        "discard": None if board.discard is None else card_json(board.discard, t),
        "board_text": board_text(board, t),
        "end_message": status_text(board, t),
    }


def course_json(course: Course) -> dict[str, object]:
    return {
        "code": str(course.code),
        "deal_codes": [str(course.deal_code(index)) for index in range(COURSE_DEALS)],
        "deal": min(course.deal_index + 1, COURSE_DEALS),
        "deals": COURSE_DEALS,
        "results": list(course.results),
        "total": course.total,
        "par": PAR,
        "par_per_deal": PAR_PER_DEAL,
        "par_so_far": course.par_so_far,
        "against_par": course.against_par,
        "finished": course.finished,
    }


def game_json(game: Game, t: Translator) -> dict[str, object]:
    return {**board_json(game.board, t), "course": None if game.course is None else course_json(game.course)}


def outcome_json(outcome: Outcome, t: Translator) -> dict[str, object]:
    """What an action did, with the sentence to show (the localized refusal when refused)."""
    result: dict[str, object] = {"accepted": outcome.accepted, "action": outcome.action.notation}
    if not outcome.accepted:
        assert outcome.refusal is not None
        result["refusal"] = {"key": outcome.refusal.value, "message": refusal_text(outcome.refusal, t)}
        return result
    if outcome.card is not None:
        result["card"] = card_json(outcome.card, t)
        template = UNDONE if isinstance(outcome.action, Undo) else DREW if isinstance(outcome.action, Draw) else REMOVED
        result["message"] = t.gettext(template, card=card_name(outcome.card, t))
    return result


def rules_label(key: str, t: Translator) -> str:
    """The localized name of a rule part (``E``, ``C-J1-ND``): the rule, then its variants."""
    parts = key.split("-")
    code = GameCode.parse("-".join(["GO1", parts[0], "AAAAAAA", *parts[1:]]))
    words = [rule_name(code.rules.name, t)]
    if code.rules.jokers:
        words.append(t.ngettext("{count} joker", "{count} jokers", code.rules.jokers))
    if code.rules.empty_discard:
        words.append(t.gettext("empty discard"))
    return " · ".join(words)


def statistics_json(stats: Statistics, t: Translator) -> dict[str, object]:
    return {
        "rules": stats.rules,
        "label": rules_label(stats.rules, t),
        "games": stats.games,
        "wins": stats.wins,
        "win_rate": stats.win_rate,
        "current_streak": stats.current_streak,
        "best_streak": stats.best_streak,
        "best_score": stats.best_score,
        "average_cards_left": stats.average_cards_left,
        "recent": [{"code": r.code, "won": r.won, "score": r.score, "cards_left": r.cards_left} for r in stats.recent],
    }


def finished_course_json(course: SavedCourse) -> dict[str, object]:
    total = sum(course.results)
    return {
        "code": course.code,
        "results": list(course.results),
        "total": total,
        "par": PAR,
        "against_par": total - PAR,
    }


def hint_json(advice: Hint, board: Board, t: Translator) -> dict[str, object]:
    """The hint: its kind, its move in the replay notation, and the sentence saying how sure it is."""
    return {
        "kind": advice.kind.value,
        "move": None if advice.move is None else advice.move.notation,
        "cards_left": advice.cards_left,
        "message": hint_text(advice, board, t),
    }


def winnable_json(winnable: bool | None, t: Translator) -> dict[str, object]:
    return {"winnable": winnable, "message": still_winnable_text(winnable, t)}


def solution_json(start: Board, verdict: Verdict, t: Translator) -> dict[str, object]:
    """The verdict for the deal and, when winnable, every position of the winning line from the start."""
    result: dict[str, object] = {
        "winnable": verdict.winnable,
        "message": verdict_text(start.rules.name, verdict, t),
        "steps": [],
    }
    if verdict.line is None:
        return result
    board = start.copy()
    steps = [{"move": None, "text": "", "game": board_json(board, t)}]
    for number, move in enumerate(verdict.line, start=1):
        text = numbered_move(number, move_text(move, board, t), t)
        board.push(move)
        steps.append({"move": move.notation, "text": text, "game": board_json(board, t)})
    result["steps"] = steps
    return result
