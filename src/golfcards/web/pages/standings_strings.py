"""The words of the leaderboards page and of the player's own page (``web`` domain)."""

from __future__ import annotations

from golfcards.i18n import N_

STANDINGS_STRINGS: dict[str, str] = {
    "leaderboards_title": N_("Leaderboards"),
    "me_title": N_("My page"),
    "lb_board": N_("Leaderboard"),
    "lb_sixcard": N_("Six-card Golf by rating"),
    "lb_solitaire": N_("Golf Solitaire by wins"),
    "lb_daily": N_("Daily deal by days won"),
    "lb_period": N_("Period"),
    "lb_today": N_("Today"),
    "lb_week": N_("This week"),
    "lb_all": N_("All time"),
    "lb_rating": N_("Rating"),
    "lb_range": N_("Likely range"),
    "lb_cautious": N_("Cautious rating"),
    "lb_empty": N_("Nobody is on this leaderboard yet."),
    "lb_sixcard_help": N_(
        "Players with an account and enough rated matches at this grid size (at least {count}), by "
        "cautious rating: the rating minus three times its uncertainty."
    ),
    "lb_solitaire_help": N_("Players with an account, by games won under this rule."),
    "lb_daily_help": N_(
        "Players with an account, by daily deals won (UTC days; a week starts on Monday), then by score."
    ),
    "rating_interval": N_("{low} to {high}"),
    "me_heading": N_("Your games and ratings"),
    "me_ratings": N_("Six-card ratings"),
    "me_ratings_help": N_(
        "A rating estimates your strength and the likely range its uncertainty, which shrinks as you "
        "play. Everyone starts at 25, the strength of the normal bot."
    ),
    "me_rating_none": N_("No rated match yet: finish a six-card match to get a rating."),
    "me_nearest_bot": N_("Nearest bot"),
    "me_plot": N_("Rating over time"),
    "me_plot_label": N_("Your six-card rating after each rated match, one line per grid size"),
    "me_axis_match": N_("Rated matches"),
    "me_plot_table": N_("The ratings as a table"),
    "me_after_match": N_("After match"),
    "me_date": N_("Date"),
    "me_recent": N_("Recent six-card matches"),
    "me_solitaire": N_("Golf Solitaire statistics"),
    "me_solitaire_none": N_("No Solitaire game counted yet."),
    "me_days_won": N_("Days won"),
    "me_last_won": N_("Last day won"),
    "me_daily_none": N_("No daily deal won yet."),
    "me_device_note": N_("Without an account, this page shows what was played in this browser."),
}
"""Keys the pages name (``data-i18n`` and ``t("…")``) and their English messages."""
