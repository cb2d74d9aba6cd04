"""The words of the New game window's difficulty choice (``web`` domain)."""

from __future__ import annotations

from golfcards.i18n import N_

DIFFICULTY_STRINGS: dict[str, str] = {
    "difficulty": N_("Difficulty"),
    "difficulty_help": N_(
        "Graded by the solver from the traps along a winning line; a graded deal is always winnable."
    ),
    "grade_any": N_("Any"),
    "grade_gentle": N_("Gentle"),
    "grade_tricky": N_("Tricky"),
    "grade_fiendish": N_("Fiendish"),
}
