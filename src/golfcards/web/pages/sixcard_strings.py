"""The six-card page's words for house rules, spectators and the record (merged into ``PAGE_STRINGS``).

Kept apart from :mod:`golfcards.web.pages.strings` so that these features' words travel together; the
page reads them like every other string (``data-i18n`` keys, ``Golf.t(key)``).
"""

from __future__ import annotations

from golfcards.i18n import N_

SIXCARD_STRINGS: dict[str, str] = {
    # house rules (the lobby's form is described by /api/sixcard/house-rules; the table lists them)
    "house_rules": N_("House rules"),
    "house_rules_help": N_("Agree on them before the deal: everyone at the table sees them."),
    "house_flip": N_("Turn a card up instead of drawing"),
    "house_discard_flip": N_("Throw it away and turn a card up"),
    "house_knock": N_("Knock: turn up your last cards"),
    "house_choose": N_("Click one of your face-down cards to turn it up."),
    "rule_grid": N_("Grid"),
    # spectators and the connection
    "watching": N_("You are watching: you see the table as every spectator does."),
    "spectators": N_("Spectators"),
    "spectator_count": N_("Watching: {count}"),
    "reconnecting": N_("Reconnecting…"),
    # the record
    "record_link": N_("Your record: statistics and past matches"),
    "record_after_match": N_("Replay this match in your record"),
    "record_title": N_("Your Six-card Golf record"),
    "record_none": N_("No finished match yet: play one against bots or with friends."),
    "record_matches": N_("Matches"),
    "record_average": N_("Average points per hole"),
    "record_best_hole": N_("Best hole"),
    "record_bots": N_("Against bots"),
    "record_history": N_("Match history"),
    "record_more": N_("Older matches"),
    "record_replay": N_("Replay"),
    "record_csv": N_("Scorecard (CSV)"),
    "record_json": N_("Scorecard (JSON)"),
    "replay_title": N_("Replay of match {id}"),
    "replay_hole": N_("Hole {hole} of {holes}"),
    "replay_step": N_("Step {step} of {steps}"),
    "replay_step_label": N_("Step of the hole"),
    "replay_first": N_("First step"),
    "replay_previous": N_("Previous step"),
    "replay_next": N_("Next step"),
    "replay_last": N_("Last step"),
    "replay_face_down": N_(
        "Dashed cards were still face down at that step; the match is over, so every card is shown."
    ),
}
