"""The words of a shared game's window on the Solitaire page (``web`` domain), served apart from the
page's other words (``/api/i18n?part=shared``): only a visitor who opens a shared game's link fetches them."""

from __future__ import annotations

from golfcards.i18n import N_

SHARED_STRINGS: dict[str, str] = {
    "shared_title": N_("A shared game"),
    "shared_checking": N_("Replaying it on this server…"),
    "shared_watch": N_("Watch it move by move"),
    "shared_warning": N_(
        "Move by move, the replay shows every card of the stock in the order it comes. To try this deal "
        "yourself first, choose Play this deal."
    ),
    "shared_show": N_("Show every move"),
    "shared_play": N_("Play this deal"),
    "shared_step": N_("Shared game: move {number} of {count}"),
    "shared_network": N_("The server cannot be reached: a shared game is checked by the server."),
}
"""What the window says; the sentence that confirms the result comes with the server's answer."""
