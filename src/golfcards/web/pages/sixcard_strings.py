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
    # quick play and the public tables (web/sixcard/quick_play.py words each table's summary)
    "quick_play": N_("Quick play"),
    "quick_play_help": N_(
        "A seat at a public table now, with players of your level. If nobody comes within a few seconds,"
        " bots of a similar strength take the empty seats; people who come later take their seats"
        " between holes."
    ),
    "grid_cards": N_("Cards in each grid"),
    "play_now": N_("Play now"),
    "public_tables": N_("Public tables"),
    "no_public_tables": N_("No public table right now: Quick play starts one."),
    "watch": N_("Watch"),
    "watch_table": N_("Watch the table of {names}"),
    # spectators and the connection
    "watching": N_("You are watching: you see the table as every spectator does."),
    "spectators": N_("Spectators"),
    "spectator_count": N_("Watching: {count}"),
    "reconnecting": N_("Reconnecting…"),
    # the stock button: its name begins with the count it shows
    "stock_button": N_("{count} left: draw a card from the stock"),
    # a hole's end: each column scored
    "column_number": N_("Column {number}:"),
    "column_pair": N_("pair: {points}"),
    "column_three": N_("three of a kind: {points}"),
    "part_four_of_a_kind": N_("Four of a kind: {points}"),
    "part_wolfpack": N_("Wolfpack (two pairs of jacks): {points}"),
    "part_blackjack": N_("Exactly 21: the grid scores 0"),
    "part_knock_penalty": N_("Went out without the lowest grid: {points}"),
    "part_knock_bonus": N_("Went out: {points}"),
    "part_tied_shame": N_("Tied for the lowest grid: {points}"),
    "part_underdog": N_("Furthest behind in the match: {points}"),
    # the match's end
    "match_over": N_("The match is over"),
    "ranking": N_("Ranking"),
    "place": N_("Place"),
    "player": N_("Player"),
    "place_tied": N_("{place} (tied)"),
    "see_table": N_("See the table"),
    # who may sit, and the room's link
    "seat_free": N_("A seat is free: take it to play."),
    "link_loopback": N_(
        "Only this computer can open this link: golf serve listens on {address} only. To let phones and "
        "other computers join, start it with: golf serve --host 0.0.0.0"
    ),
    "link_others": N_("Others open one of these addresses on their phone or computer to join:"),
    "qr_code": N_("QR code of the room's link {link}: scan it with a phone to join."),
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
