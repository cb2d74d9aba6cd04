"""A player's six-card record as JSON and CSV for the record page: statistics, history, replays.

Replays are built from stored records only, and a record exists only for a finished match
(:mod:`golfcards.sixcard.record`), so every card may be shown: a replay step gives every grid
card by card together with which cards were face up at that step. Words come from gettext, card
faces from :func:`golfcards.web.pages.card_faces.card_json`.
"""

from __future__ import annotations

import csv
import io
from datetime import UTC, datetime
from typing import Any

from golfcards.cards import card_from_index
from golfcards.i18n import N_, Translator
from golfcards.i18n.sixcard import BOT_NAMES, action_text, bot_seat_name, end_text, hole_winners_text
from golfcards.runners.sixcard_records import BotRecord, GridStatistics, MatchSummary, SeatInfo
from golfcards.sixcard.actions import DiscardDrawn, DrawStock, Reveal, Swap, TakeDiscard
from golfcards.sixcard.match import winners
from golfcards.sixcard.record import MatchRecord
from golfcards.sixcard.state import HoleState
from golfcards.sixcard.view import RULE_FIELDS
from golfcards.web.pages.card_faces import card_json
from golfcards.web.sixcard.house import house_rules_json, rule_value_text

DEALT = N_("Hole {hole}: the deal, every card face down")
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
"""A spreadsheet reads a cell starting with one of these as a formula: names get a leading quote."""


def seat_label(seats: tuple[SeatInfo, ...], seat: int, t: Translator) -> str:
    """A seat's name as the table showed it: the player's name, or ``Strong bot 3``."""
    info = seats[seat]
    if info.kind == "bot" and info.level in BOT_NAMES:
        return bot_seat_name(info.level, seat, t)
    return info.name or t.gettext("Player {number}", number=seat + 1)


def iso_time(timestamp: float) -> str:
    return datetime.fromtimestamp(timestamp, UTC).isoformat(timespec="seconds")


def statistics_json(grids: list[GridStatistics], bots: list[BotRecord], t: Translator) -> dict[str, Any]:
    return {
        "grids": [
            {
                "grid": stats.grid,
                "label": t.gettext("{cards} cards", cards=stats.grid),
                "matches": stats.matches,
                "wins": stats.wins,
                "win_rate": stats.wins / stats.matches,
                "holes": stats.holes,
                "average_per_hole": round(stats.average_per_hole, 2),
                "best_hole": stats.best_hole,
            }
            for stats in grids
        ],
        "bots": [
            {"level": bot.level, "name": t.gettext(BOT_NAMES[bot.level]), "matches": bot.matches, "wins": bot.wins}
            for bot in sorted(bots, key=lambda bot: list(BOT_NAMES).index(bot.level) if bot.level in BOT_NAMES else 99)
            if bot.level in BOT_NAMES
        ],
    }


def summary_json(summary: MatchSummary, t: Translator) -> dict[str, Any]:
    """A history line: the match's id, time, changed house rules, every seat's total, who won."""
    changed = [rule for rule in house_rules_json(summary.rules, t) if not rule["default"]]
    return {
        "id": summary.id,
        "finished": iso_time(summary.finished),
        "code": summary.code,
        "holes": summary.rules.holes,
        "grid": summary.rules.grid,
        "rules": [f"{rule['label']}: {rule_value_text(summary.rules, rule['name'], t)}" for rule in changed],
        "you": summary.seat,
        "won": summary.seat in summary.winners,
        "players": [
            {
                "name": seat_label(summary.seats, seat, t),
                "kind": summary.seats[seat].kind,
                "total": summary.totals[seat],
                "winner": seat in summary.winners,
                "you": seat == summary.seat,
            }
            for seat in range(len(summary.seats))
        ],
    }


def scorecard_json(summary: MatchSummary, t: Translator) -> dict[str, Any]:
    """The scorecard as a JSON download: rules, players, each hole's points, totals, winners."""
    return {
        "match": summary.id,
        "finished": iso_time(summary.finished),
        "code": summary.code,
        "rules": {name: getattr(summary.rules, name) for name in RULE_FIELDS},
        "players": [
            {"seat": seat + 1, "name": seat_label(summary.seats, seat, t), "kind": info.kind, "level": info.level}
            for seat, info in enumerate(summary.seats)
        ],
        "holes": [list(points) for points in summary.results],
        "totals": list(summary.totals),
        "winners": [seat + 1 for seat in summary.winners],
    }


def _cell(name: str) -> str:
    return f"'{name}" if name.startswith(FORMULA_STARTS) else name


def scorecard_csv(summary: MatchSummary, t: Translator) -> str:
    """The scorecard as CSV: a header of names, a row per hole, then the totals."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    names = [_cell(seat_label(summary.seats, seat, t)) for seat in range(len(summary.seats))]
    writer.writerow([t.gettext("Hole"), *names])
    for number, points in enumerate(summary.results, start=1):
        writer.writerow([number, *points])
    writer.writerow([t.gettext("Total"), *summary.totals])
    return out.getvalue()


def _step_text(state: HoleState, names: list[str], t: Translator) -> str:
    """The last action of ``state`` in words, with every card it moved (the match is over)."""
    seat, action = state.history[-1]
    card = thrown = None
    if isinstance(action, (Reveal, Swap, TakeDiscard)):
        card = card_from_index(state.grids[seat][action.position])
    if isinstance(action, (Swap, TakeDiscard, DiscardDrawn)):
        thrown = card_from_index(state.discard[-1])  # a reshuffle keeps the thrown card on top
    text = action_text(names[seat], action, t, card=card, thrown=thrown)
    if isinstance(action, DrawStock) and state.holding is not None:
        text = f"{text}: {card_json(card_from_index(state.holding), t)['name']}"
    if state.is_terminal() and state.end is not None:
        went_out = names[state.went_out] if state.went_out is not None else ""
        best = hole_winners_text([names[seat] for seat in winners(state.points())], t)
        text = f"{text}. {end_text(state.end, went_out, t)} {best}"
    return text


def _step(state: HoleState, text: str, seen: set[int]) -> dict[str, Any]:
    for grid in state.grids:
        seen.update(grid)
    seen.update(state.discard[-1:])
    if state.holding is not None:
        seen.add(state.holding)
    return {
        "text": text,
        "seat": state.history[-1][0] if state.history else None,
        "phase": state.phase.value,
        "grids": [[card_from_index(card).code for card in grid] for grid in state.grids],
        "face_up": [list(flags) for flags in state.face_up],
        "discard": card_from_index(state.discard[-1]).code if state.discard else None,
        "stock": len(state.stock),
        "holder": state.holder,
        "holding": None if state.holding is None else card_from_index(state.holding).code,
        "points": list(state.points()) if state.is_terminal() else None,
    }


def replay_json(summary: MatchSummary, record: MatchRecord, t: Translator, hole: int = 0) -> dict[str, Any]:
    """The finished match with hole ``hole`` step by step, every card shown (one hole per answer: a
    9-hole match of four 9-card grids is close to a megabyte of steps in all)."""
    names = [seat_label(summary.seats, seat, t) for seat in range(len(summary.seats))]
    played = record.holes[hole]
    states = played.replay(record.rules)
    seen: set[int] = set()
    steps = [_step(states[0], t.gettext(DEALT, hole=played.hole + 1), seen)]
    steps += [_step(state, _step_text(state, names, t), seen) for state in states[1:]]
    return {
        **summary_json(summary, t),
        "house_rules": house_rules_json(record.rules, t),
        "columns": record.rules.columns,
        "names": names,
        "results": [list(points) for points in record.results],
        "totals": list(record.totals),
        "winners": list(record.winners()),
        "holes": [
            {"hole": h.hole, "code": h.code, "dealer": h.dealer, "points": list(h.points), "steps": len(h.actions) + 1}
            for h in record.holes
        ],
        "hole": {"hole": played.hole, "code": played.code, "points": list(played.points), "steps": steps},
        "cards": {card_from_index(i).code: card_json(card_from_index(i), t) for i in sorted(seen)},
    }
