"""The words of the Solitaire page's moments (``web`` domain): leaving a game under way, a new deal
in one tap, the end window's Share and Play this deal again, a shared link's code, the recent
results chart's axes, the daily table's player names."""

from __future__ import annotations

from golfcards.i18n import N_

MOMENTS_STRINGS: dict[str, str] = {
    "new_deal": N_("New deal"),
    "change_rules": N_("Change rules…"),
    "leave_title": N_("Leave this game?"),
    "leave_text": N_("This game counts as lost: your winning streak ends and your win rate goes down."),
    "deal_anyway": N_("Deal anyway"),
    "keep_playing": N_("Keep playing"),
    "play_again": N_("Play this deal again"),
    "share": N_("Share"),
    "share_fallback": N_("Copy this text to share it:"),
    "share_copied": N_("Copied: paste it wherever you want to share it."),
    "share_text": N_("Golf Solitaire, {rule}: {result} · {moves} moves · {time} · {link}"),
    "share_won": N_("won, score {score}"),
    "share_left": N_("blocked, cards left: {count}"),
    "link_code_bad": N_("The link's game code cannot be dealt — {reason}. Here is another deal."),
    "chart_games": N_("Games, oldest first"),
    "chart_game": N_("Game"),
    "daily_pseudonym": N_("Player {tag}"),
    "daily_you_named": N_("{name} (you)"),
}
