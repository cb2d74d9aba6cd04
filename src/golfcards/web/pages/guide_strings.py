"""The words of the Solitaire page's first-deal guide (``web`` domain), served apart from the page's
other words (``/api/i18n?part=guide``): only a player who sees the guide fetches them."""

from __future__ import annotations

from golfcards.i18n import N_

GUIDE_STRINGS: dict[str, str] = {
    "guide_step": N_("Your first deal · step {step} of {steps}"),
    "guide_discard": N_(
        "This is the discard. The bottom card of a column can go on it when it is one rank higher or "
        "lower: on an 8, a 7 or a 9. Suits never matter."
    ),
    "guide_play": N_("This card fits the discard: tap it, or press Enter."),
    "guide_play_none": N_("No bottom card fits the discard now: tap the stock to draw a card."),
    "guide_stock": N_(
        "No card fits? Draw from the stock: its top card becomes the new discard. The stock is never "
        "turned over, so draw only when you must."
    ),
    "guide_goal": N_(
        "Clear all 35 cards of the seven columns to win. Under Easy, the default rule, a King and an "
        "Ace go on each other; under Classic they do not."
    ),
    "guide_next": N_("Next"),
    "guide_finish": N_("Play"),
    "guide_skip": N_("Skip the guide"),
}
"""What the guide says; the menu entry that shows it again (``guide_again``) is among the page's words."""
