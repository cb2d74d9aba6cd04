"""Sentences for the error keys of the web app (merged into ``golfcards.i18n.errors.ERRORS``)."""

from __future__ import annotations

from golfcards.i18n import N_

ERRORS: dict[str, str] = {
    "course.none": N_("This game is not part of a course"),
    "request.bad_json": N_("The request could not be read: it must be a JSON object"),
    "request.bad_field": N_("The field {field} is missing or has a wrong value"),
    "request.not_found": N_("There is nothing at this address"),
}
