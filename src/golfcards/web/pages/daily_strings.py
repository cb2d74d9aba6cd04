"""The words of the daily deal's page and of the live "still winnable" line (``web`` domain)."""

from __future__ import annotations

from golfcards.i18n import N_

DAILY_STRINGS: dict[str, str] = {
    "daily_title": N_("Daily deal"),
    "daily_help": N_(
        "One deal a day for each rule, the same for everyone and proven winnable. The first game you "
        "play of it counts for the table and your streak."
    ),
    "daily_of": N_("Deal of {date} (UTC)"),
    "daily_play": N_("Play today's deal"),
    "daily_streak": N_("Daily streak: {count} · best: {best}"),
    "daily_table": N_("Today's table"),
    "daily_none": N_("Nobody has played today's deal on this server yet."),
    "daily_rank": N_("Rank"),
    "daily_result": N_("Result"),
    "daily_time": N_("Time"),
    "daily_player": N_("Player"),
    "daily_other": N_("another player"),
    "daily_playing": N_("Playing"),
    "daily_blocked": N_("Blocked"),
    "daily_abandoned": N_("Left unfinished"),
    "daily_assisted": N_(
        "You played today's deal with a hint or the solution: your result is shown to you but not ranked."
    ),
    "daily_unranked": N_("Many results of today's deal came from your network: yours is shown to you but not ranked."),
    "live_setting": N_("Say whether it can still be won"),
    "live_setting_help": N_("After every action, a quick check says whether the game can still be won."),
}
