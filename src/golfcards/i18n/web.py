"""Sentences for the error keys of the web app and of the course engine (merged into ERRORS)."""

from __future__ import annotations

from golfcards.i18n import N_

ERRORS: dict[str, str] = {
    "course.finished": N_("This course is over: start a new game"),
    "course.deal_not_over": N_("Finish this deal (win it or play until no move is left) before the next one"),
    "course.none": N_("This game is not part of a course"),
    "request.bad_json": N_("The request could not be read: it must be a JSON object"),
    "request.bad_field": N_("The field {field} is missing or has a wrong value"),
    "request.not_found": N_("There is nothing at this address"),
}
