"""The six-card page's words for house rules, spectators and the record (merged into ``PAGE_STRINGS``).

Kept apart from :mod:`golfcards.web.strings` so that these features' words travel together; the
page reads them like every other string (``data-i18n`` keys, ``Golf.t(key)``).
"""

from __future__ import annotations

from golfcards.i18n import N_

SIXCARD_STRINGS: dict[str, str] = {
    # house rules (lobby and table)
    "house_rules": N_("House rules"),
    "house_rules_help": N_("Agree on them before the deal: everyone at the table sees them."),
    "rule_grid": N_("Grid"),
    "grid_cards": N_("{cards} cards ({rows} × {columns})"),
    "rule_final_turn": N_("Final turn"),
    "rule_final_turn_help": N_("Once someone goes out, every other player plays one more turn."),
    "rule_reshuffle": N_("Reshuffle the discard"),
    "rule_reshuffle_help": N_("When the stock runs out, the discard becomes a new stock."),
    "rule_holes": N_("Holes"),
    # spectators and the connection
    "watching": N_("You are watching: you see the table as every spectator does."),
    "spectators": N_("Spectators"),
    "reconnecting": N_("Reconnecting…"),
}
