"""The solver's results in words: verdicts, winning lines move by move, hints, analysis summaries.

Message ids live in the gettext domain ``analysis``; the error sentences of the solver and of
deal analysis are merged into ``golfcards.i18n.errors.ERRORS``.
"""

from __future__ import annotations

from golfcards.cards import AnyCard
from golfcards.i18n import N_, Translator
from golfcards.i18n.cards import card_name
from golfcards.i18n.solitaire import rule_name
from golfcards.runners.analysis import ANYTIME_STRICT, RuleSummary, Summary
from golfcards.solitaire.board import Draw, Move, Take
from golfcards.solitaire.hint import Hint, HintKind
from golfcards.solitaire.review import Review
from golfcards.solitaire.rules import RuleName
from golfcards.solitaire.solver import Solvability, Verdict
from golfcards.solitaire.view import SolitaireView

ERRORS: dict[str, str] = {
    "solver.bad_game": N_("Only a board, a deal or a game code can be solved"),
    "solver.rules_mismatch": N_("The rule's jokers and empty-discard options must match the game's cards"),
    "analysis.bad_count": N_("The number of deals must be at least 1"),
    "analysis.bad_skip": N_("--skip {skip} leaves none of the {count} deals"),
    "analysis.no_rules": N_("Choose at least one rule to analyse"),
    "analysis.table_mismatch": N_("{path} holds a table with other columns: choose another file"),
    "analysis.table_damaged": N_("{path} has an unreadable row: it is not a table written by this command"),
    "analysis.no_dask": N_("The --cluster option needs Dask: pip install golfcards[cluster]"),
    "analysis.cluster_unreachable": N_("Cannot reach the Dask scheduler at {address}"),
    "analysis.no_parquet": N_("A .parquet table needs pyarrow: pip install golfcards[parquet]"),
    "analysis.cannot_write": N_("Cannot write {path}: {reason}"),
}


def move_text(move: Move, view: SolitaireView, t: Translator, *, drawn: AnyCard | None = None) -> str:
    """What ``move`` does in the position ``view`` shows (before it is played): ``draw the 8 of spades``.

    The stock is face down: advice for the player in the middle of a game (a hint) says only
    ``draw from the stock``; a solution replay, which shows the whole deal, names the card ``drawn``.
    """
    if isinstance(move, Draw):
        if drawn is None:
            return t.gettext("draw from the stock")
        return t.gettext("draw the {card}", card=card_name(drawn, t))
    card = view.free_card(move.column)
    assert card is not None, "a move of a line always takes a card"
    return t.gettext("take the {card} from column {column}", card=card_name(card, t), column=move.column)


def verdict_text(rule: RuleName, verdict: Verdict, t: Translator) -> str:
    """One line: the rule's name and whether the position can be won."""
    name = rule_name(rule, t)
    if verdict.solvability is Solvability.WINNABLE:
        assert verdict.line is not None
        return t.ngettext(
            "{rule}: winnable in {count} move", "{rule}: winnable in {count} moves", len(verdict.line), rule=name
        )
    if verdict.solvability is Solvability.NOT_WINNABLE:
        return t.gettext("{rule}: not winnable", rule=name)
    return t.gettext("{rule}: undecided (the search budget ran out)", rule=name)


def line_text(verdict: Verdict, t: Translator) -> str:
    """The winning line in the replay notation."""
    return t.gettext("Winning line: {moves}", moves=" ".join(verdict.notation or []))


def numbered_move(number: int, description: str, t: Translator) -> str:
    return t.gettext("Move {number}: {move}", number=number, move=description)


def hint_text(hint: Hint, view: SolitaireView, t: Translator) -> str:
    """The hint as a sentence that says what kind of advice it is."""
    if hint.kind is HintKind.GAME_OVER or hint.move is None:
        return t.gettext("The game is over: there is no move to suggest.")
    move = move_text(hint.move, view, t)
    if hint.kind is HintKind.WINNING:
        return t.gettext("Hint: {move}. It is the next move of a winning line.", move=move)
    if hint.kind is HintKind.MOST_CARDS:
        return t.ngettext(
            "Hint: {move}. This game can no longer be won; this move leaves the fewest cards possible: {count} card.",
            "Hint: {move}. This game can no longer be won; this move leaves the fewest cards possible: {count} cards.",
            hint.cards_left,
            move=move,
        )
    return t.ngettext(
        "Hint: {move}. Not proven (the search stopped early): the best line found leaves {count} card.",
        "Hint: {move}. Not proven (the search stopped early): the best line found leaves {count} cards.",
        hint.cards_left,
        move=move,
    )


def still_winnable_text(winnable: bool | None, t: Translator) -> str:
    if winnable is None:
        return t.gettext("Still winnable: not decided within the search budget")
    return t.gettext("Still winnable: yes") if winnable else t.gettext("Still winnable: no")


def live_winnable_text(winnable: bool | None, t: Translator) -> str:
    """The live line shown after every action (its quick check may leave a position undecided)."""
    if winnable is None:
        return t.gettext("Still winnable? Undecided: the quick check ran out of time")
    return t.gettext("Still winnable") if winnable else t.gettext("No longer winnable")


def _percent(value: float) -> str:
    return f"{100 * value:.1f}"


def summary_lines(summary: Summary, t: Translator) -> list[str]:
    """The analysis summary: the deals, then per rule the winnable share and the times."""
    seconds, rate = f"{summary.seconds:.1f}", f"{summary.deals_per_second:.1f}"
    lines = [
        t.gettext(
            "Deals: {count}; solved by this run: {solved} in {seconds} s ({rate} per second)",
            count=summary.deals,
            solved=summary.solved_now,
            seconds=seconds,
            rate=rate,
        )
    ]
    for rule in summary.rules:
        lines.append(_rule_line(rule, t))
    return lines


def _rule_line(rule: RuleSummary, t: Translator) -> str:
    if rule.rule == ANYTIME_STRICT:
        name = t.gettext("Strict, drawing at any time (the reference file's strict)")
    else:
        rule_word = RuleName.from_word(rule.rule)
        assert rule_word is not None, "a summary names its rules by their words"
        name = rule_name(rule_word, t)
    share = t.gettext(
        "{rule}: {winnable} of {deals} winnable, {share} % (95 % interval {low}–{high} %)",
        rule=name,
        winnable=rule.winnable,
        deals=rule.deals,
        share=_percent(rule.share),
        low=_percent(rule.low),
        high=_percent(rule.high),
    )
    median, p99, longest = f"{rule.median_ms:.1f}", f"{rule.p99_ms:.1f}", f"{rule.max_ms:.1f}"
    times = t.gettext(
        "time per deal: median {median} ms, 99th percentile {p99} ms, longest {longest} ms",
        median=median,
        p99=p99,
        longest=longest,
    )
    line = f"{share}; {times}"
    if rule.graded:
        counts = dict(rule.grades)
        line += "; " + t.gettext(
            "grades of {graded} winnable deals: gentle {gentle} %, tricky {tricky} %, fiendish {fiendish} %",
            graded=rule.graded,
            gentle=_percent(counts["gentle"] / rule.graded),
            tricky=_percent(counts["tricky"] / rule.graded),
            fiendish=_percent(counts["fiendish"] / rule.graded),
        )
    return line


def review_move_text(move: Move, card: AnyCard | None, t: Translator) -> str:
    """A move of a review, as the player saw it: a draw (the stock's card not named) or the card taken."""
    if card is None:
        return t.gettext("draw from the stock")
    assert isinstance(move, Take)
    return t.gettext("take the {card} from column {column}", card=card_name(card, t), column=move.column)


def review_text(review: Review, t: Translator) -> str | None:
    """What the solver says of a game over (None when it was won or could still be won)."""
    if review.lost is not None:
        lost = review.lost
        return t.gettext(
            "After move {number} ({played}) the game could no longer be won. To keep it winnable: {instead}.",
            number=lost.number,
            played=review_move_text(lost.played, lost.played_card, t),
            instead=review_move_text(lost.instead, lost.instead_card, t),
        )
    if review.fewest_left == 0:
        return None
    if review.cards_left == review.fewest_left:
        return t.ngettext(
            "No play could win this deal: the best leaves {count} card, and so did you.",
            "No play could win this deal: the best leaves {count} cards, and so did you.",
            review.fewest_left,
        )
    return t.ngettext(
        "No play could win this deal: the best leaves {count} card; you left {left}.",
        "No play could win this deal: the best leaves {count} cards; you left {left}.",
        review.fewest_left,
        left=review.cards_left,
    )
