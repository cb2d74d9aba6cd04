"""Golf Solitaire as JSON for the page: every value comes from the engine, every word from gettext.

The board is sent as the engine's view (:func:`golfcards.solitaire.view.view_for`): the stock's
order is never sent (only its count), so the page knows what the player may see.
"""

from __future__ import annotations

from collections.abc import Sequence

from golfcards.cards import AnyCard
from golfcards.i18n import Translator
from golfcards.i18n.analysis import hint_text, move_text, numbered_move, still_winnable_text, verdict_text
from golfcards.i18n.solitaire import action_text, board_text, game_over_text, refusal_text, rule_name, rules_label
from golfcards.runners.solitaire_games import Game
from golfcards.runners.storage import SavedCourse, Statistics
from golfcards.solitaire.board import Action, Board, Draw, Move, Refusal, Take
from golfcards.solitaire.codes import parse_rules_key, rules_key
from golfcards.solitaire.course import COURSE_DEALS, PAR, PAR_PER_DEAL, Course
from golfcards.solitaire.hint import Hint
from golfcards.solitaire.shared import compact_log
from golfcards.solitaire.solver import Verdict
from golfcards.solitaire.view import SolitaireView
from golfcards.web.pages.card_faces import card_json


def board_json(view: SolitaireView, t: Translator) -> dict[str, object]:
    """The player's view of the board: columns, discard, counts, score, status and the text line.

    A free card says whether it may go on the discard now (``playable``) and the game whether a draw
    is allowed (``can_draw``), from the view's legal moves: the page highlights those and may show a
    removal at once, before the server's answer.
    """
    columns = []
    for number, cards in enumerate(view.columns, start=1):
        playable = Take(number) in view.legal
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
        "code": None if view.code is None else str(view.code),
        "rules": {
            "key": rules_key(view.rules),
            "name": view.rules.name.word,
            "label": rule_name(view.rules.name, t),
            "jokers": view.rules.jokers,
            "empty_discard": view.rules.empty_discard,
        },
        "status": view.status.value,
        "score": view.score,
        "moves": view.moves,
        "removed": view.removed,
        "cards_left": view.cards_left,
        "stock_count": view.stock_count,
        "can_draw": Draw() in view.legal,
        "undo_available": view.undo_available,
        "columns": columns,
        "discard": None if view.discard is None else card_json(view.discard, t),
        "board_text": board_text(view, t),
        "end_message": game_over_text(view, t),
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
    view = game.board.view()
    return {
        **board_json(view, t),
        "course": None if game.course is None else course_json(game.course),
        "log": compact_log(game.log),
    }


def outcome_json(action: Action, refusal: Refusal | None, card: AnyCard | None, t: Translator) -> dict[str, object]:
    """What an action did (``card``: the card it moved), with the sentence to show (the refusal when refused)."""
    result: dict[str, object] = {"accepted": refusal is None, "action": action.notation}
    if refusal is not None:
        result["refusal"] = {"key": refusal.value, "message": refusal_text(refusal, t)}
        return result
    if card is not None:
        result["card"] = card_json(card, t)
        result["message"] = action_text(action, card, t)
    return result


def statistics_json(stats: Statistics, t: Translator) -> dict[str, object]:
    return {
        "rules": stats.rules,
        "label": rules_label(parse_rules_key(stats.rules), t),
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


def hint_json(advice: Hint, view: SolitaireView, t: Translator) -> dict[str, object]:
    """The hint: its kind, its move in the replay notation, and the sentence saying how sure it is."""
    return {
        "kind": advice.kind.value,
        "move": None if advice.move is None else advice.move.notation,
        "cards_left": advice.cards_left,
        "message": hint_text(advice, view, t),
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
    result["steps"] = steps_json(start, verdict.line, t)
    return result


def steps_json(start: Board, line: Sequence[Move], t: Translator) -> list[dict[str, object]]:
    """Every position of ``line`` (moves the rules accept, each in turn) from ``start``, the first
    the start itself, each with its move and the sentence that numbers and says it."""
    board = start.clone()
    steps: list[dict[str, object]] = [{"move": None, "text": "", "game": board_json(board.view(), t)}]
    for number, move in enumerate(line, start=1):
        text = numbered_move(number, move_text(move, board.view(), t, drawn=board.moved_card(move)), t)
        refusal = board.apply(move)
        assert refusal is None, "the line is legal"
        steps.append({"move": move.notation, "text": text, "game": board_json(board.view(), t)})
    return steps
