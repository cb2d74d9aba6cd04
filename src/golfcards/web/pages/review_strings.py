"""The words of what the Solitaire page says after a game (``web`` domain): the solver's review of a
blocked game, the hints used and the course scorecard's fewest cards, served apart from the page's
other words (``/api/i18n?part=review``) and fetched when a game first ends. The review's own sentence
comes with the server's answer."""

from __future__ import annotations

from golfcards.i18n import N_

REVIEW_STRINGS: dict[str, str] = {
    "review_looking": N_("The solver is looking back at your game…"),
    "review_network": N_("Looking back at this game needs the network: the solver runs on the server."),
    "hints_used": N_("Hints used"),
    "course_fewest": N_("Fewest possible"),
}
