"""House rules at a Six-card Golf table: read from a client (hostile input), shown to everyone.

A room is created with ``{"players": 2–4, "rules": {"grid": 4|6|8|9, "jokers": 0–2,
"final_turn": bool, "reshuffle_discard": bool, "holes": 1–99}}``; every field of ``rules`` is
optional (the engine's defaults: the seed's game) and checked for its type and its range before
the engine sees it, each mistake with its own localized sentence. The room keeps its rules for
every rematch; every client's state message describes them (:func:`house_rules_json`). The
sentences of the error keys are in :mod:`golfcards.i18n.web`.
"""

from __future__ import annotations

import functools
from typing import Any

from golfcards.errors import GolfError
from golfcards.i18n import N_, Translator
from golfcards.sixcard.rules import GRID_SHAPES, MAX_HOLES, MAX_PLAYERS, MAX_RESHUFFLES, MIN_PLAYERS, SixCardRules

HOUSE_RULES = ("grid", "jokers", "final_turn", "reshuffle_discard", "holes")
"""The fields of a room's ``rules`` object, in the order the table lists them."""
DEFAULTS = SixCardRules()

LABELS: dict[str, str] = {
    "grid": N_("Grid"),
    "jokers": N_("Jokers"),
    "final_turn": N_("Final turn"),
    "reshuffle_discard": N_("Reshuffle the discard"),
    "holes": N_("Holes"),
}


def _whole(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def rules_from_json(value: object, players: object) -> SixCardRules:
    """The rules a client asked for; a :class:`GolfError` naming the first wrong field otherwise."""
    if value is None:
        value = {}
    if not isinstance(value, dict):
        raise GolfError("room.bad_rules", "the house rules are a JSON object")
    for name in value:
        if name not in HOUSE_RULES:
            raise GolfError("room.unknown_rule", f"{name!r} is not a house rule", rule=str(name)[:24])
    if not _whole(players) or not MIN_PLAYERS <= players <= MAX_PLAYERS:  # type: ignore[operator]
        raise GolfError("sixcard.bad_players", f"2 to 4 players, not {players!r}", players=str(players)[:12])
    grid = value.get("grid", DEFAULTS.grid)
    if not _whole(grid) or grid not in GRID_SHAPES:
        raise GolfError("sixcard.bad_grid", f"a grid has 4, 6, 8 or 9 cards, not {grid!r}", grid=str(grid)[:12])
    jokers = value.get("jokers", DEFAULTS.jokers)
    if not _whole(jokers) or not 0 <= jokers <= 2:
        raise GolfError("sixcard.bad_jokers", f"jokers must be 0, 1 or 2, not {jokers!r}", jokers=str(jokers)[:12])
    holes = value.get("holes", DEFAULTS.holes)
    if not _whole(holes) or not 1 <= holes <= MAX_HOLES:
        raise GolfError("sixcard.bad_holes", f"1 to {MAX_HOLES} holes, not {holes!r}", holes=str(holes)[:12])
    final_turn = value.get("final_turn", DEFAULTS.final_turn)
    if not isinstance(final_turn, bool):
        raise GolfError("room.bad_final_turn", "final_turn is true or false")
    reshuffle = value.get("reshuffle_discard", DEFAULTS.reshuffle_discard)
    if not isinstance(reshuffle, bool):
        raise GolfError("room.bad_reshuffle", "reshuffle_discard is true or false")
    return SixCardRules(
        players=players,  # type: ignore[arg-type]
        grid=grid,
        jokers=jokers,
        final_turn=final_turn,
        reshuffle_discard=reshuffle,
        holes=holes,
    )


def rule_value_text(rules: SixCardRules, name: str, t: Translator) -> str:
    """One house rule's setting in words (``6 cards: 2 rows of 3``, ``No``…)."""
    if name == "grid":
        return t.gettext(
            "{cards} cards: {rows} rows of {columns}", cards=rules.grid, rows=rules.rows, columns=rules.columns
        )
    if name == "jokers":
        if not rules.jokers:
            return t.gettext("No jokers")
        return t.ngettext("{count} joker, worth −2", "{count} jokers, worth −2 each", rules.jokers)
    if name == "final_turn":
        if rules.final_turn:
            return t.gettext("Yes: once someone goes out, every other player plays one more turn")
        return t.gettext("No: the hole ends as soon as a grid is all face up")
    if name == "reshuffle_discard":
        if rules.reshuffle_discard:
            return t.ngettext(
                "Yes: when the stock runs out, the discard becomes a new stock (at most {count} time)",
                "Yes: when the stock runs out, the discard becomes a new stock (at most {count} times)",
                MAX_RESHUFFLES,
            )
        return t.gettext("No: when the stock runs out, the hole ends")
    return str(rules.holes)


def house_rules_json(rules: SixCardRules, t: Translator) -> list[dict[str, Any]]:
    """Every house rule of the table: its field, label, value, setting in words, and whether it is the default."""
    return [dict(rule) for rule in _house_rules(rules, t)]


@functools.lru_cache(maxsize=256)
def _house_rules(rules: SixCardRules, t: Translator) -> tuple[tuple[tuple[str, Any], ...], ...]:
    """Kept per rules and language: every state message of a table carries them, after every action."""
    return tuple(
        tuple(
            {
                "name": name,
                "label": t.gettext(LABELS[name]),
                "value": getattr(rules, name),
                "text": rule_value_text(rules, name, t),
                "default": getattr(rules, name) == getattr(DEFAULTS, name),
            }.items()
        )
        for name in HOUSE_RULES
    )
