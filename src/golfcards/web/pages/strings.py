"""The words of the web pages, served as JSON per page and language (``/api/i18n?page=solitaire&lang=ca``).

The static page has no text of its own: every label carries a key of :data:`PAGE_STRINGS`, and
the script fills it in from this table, translated by the ``web`` gettext domain. Placeholders
(``{score}``) are filled by the page. Card names, refusals, rule names and end messages are not
here: the API sends them already translated by ``golfcards.i18n.cards`` / ``i18n.solitaire``.

A page is sent the words its first load's files name (its HTML and the modules its script imports,
read once: :mod:`golfcards.web.pages.static_files`) and the words no page's files name, which its
scripts make from parts (``bot_${level}``): never the other pages' words. The words that only its
modules loaded later name (``import("…")``) come with them (``/api/i18n?page=solitaire&part=later``).
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from golfcards.i18n import LANGUAGES, N_, Translator, available_languages
from golfcards.i18n.sixcard import BOT_NAMES
from golfcards.i18n.solitaire import refusal_text, rule_name
from golfcards.solitaire.board import Refusal
from golfcards.solitaire.rules import RuleName
from golfcards.web.pages.account_strings import ACCOUNT_STRINGS
from golfcards.web.pages.daily_strings import DAILY_STRINGS
from golfcards.web.pages.difficulty_strings import DIFFICULTY_STRINGS
from golfcards.web.pages.guide_strings import GUIDE_STRINGS
from golfcards.web.pages.moments_strings import MOMENTS_STRINGS
from golfcards.web.pages.review_strings import REVIEW_STRINGS
from golfcards.web.pages.shared_strings import SHARED_STRINGS
from golfcards.web.pages.sixcard_strings import SIXCARD_STRINGS
from golfcards.web.pages.standings_strings import STANDINGS_STRINGS
from golfcards.web.pages.static_files import PAGES, page_text

PAGE_STRINGS: dict[str, str] = {
    # site
    "app_name": N_("golfcards"),
    "solitaire_title": N_("Golf Solitaire"),
    "sixcard_title": N_("Six-card Golf"),
    "rules": N_("Rules"),
    "language": N_("Language"),
    "close": N_("Close"),
    "cancel": N_("Cancel"),
    "error_network": N_("The server cannot be reached. Check that golf serve is still running."),
    "offline_playing": N_(
        "No network: you are playing on this device. Your games reach the server when the network returns."
    ),
    "offline_needs_network": N_(
        "Hints, “Still winnable?” and the solution need the network: this game is played on this device."
    ),
    "home_title": N_("Two card games called Golf"),
    "home_solitaire_help": N_(
        "Alone: clear the seven columns, one rank up or down at a time, before the stock runs out."
    ),
    "home_sixcard_help": N_(
        "2 to 6 players, six cards each, the lowest score after 9 holes wins: against bots or "
        "with friends on the same network."
    ),
    # solitaire toolbar and status
    "new_game": N_("New game"),
    "undo": N_("Undo"),
    "statistics": N_("Statistics"),
    "settings": N_("Settings"),
    "score": N_("Score"),
    "moves": N_("Moves"),
    "stock": N_("Stock"),
    "discard": N_("Discard"),
    "game_code": N_("Game code"),
    "copy_code": N_("Copy the game code"),
    "code_copied": N_("Game code copied: {code}"),
    "draw_card": N_("Draw a card from the stock ({count} left)"),
    "discard_empty": N_("The discard is empty: remove any free card to start it"),
    "column": N_("Column {number}"),
    "board_as_text": N_("The board as text"),
    "keyboard_help": N_(
        "Keys: D draws, 1–7 remove the free card of a column, U undoes, H gives a hint, N opens a new game."
    ),
    "hint": N_("Hint"),
    "still_winnable": N_("Still winnable?"),
    "solution": N_("Solution"),
    "thinking": N_("Thinking…"),
    "solution_step": N_("Solution: move {number} of {count}"),
    "stop_replay": N_("Back to my game"),
    "winnable_only": N_("Winnable deals only"),
    "winnable_only_help": N_("The solver proves the deal can be won before dealing it."),
    "course_line": N_("Course: deal {deal} of {deals} · {total} cards left · par {par_so_far} ({against})"),
    "next_deal": N_("Next deal"),
    "course_finished": N_("Course finished: {total} cards left for par {par} ({against})."),
    # new game window
    "new_game_title": N_("New game"),
    "rule": N_("Rule"),
    "rule_easy_help": N_("The default: an Ace goes on a King and a King on an Ace."),
    "rule_classic_help": N_("The sequence stops at both ends: on a King only a Queen, on an Ace only a 2."),
    "variants": N_("Variants"),
    "rule_strict": N_("Strict traditional rule"),
    "rule_strict_help": N_("King and Ace apart, no card on a King, draw only when no card can be removed."),
    "jokers": N_("Jokers"),
    "jokers_none": N_("No jokers"),
    "jokers_one": N_("One joker"),
    "jokers_two": N_("Two jokers"),
    "jokers_help": N_("A joker stands for any card: it goes on any discard and any card goes on it."),
    "empty_discard": N_("Empty discard"),
    "empty_discard_help": N_("The discard starts empty and you choose the first card."),
    "course": N_("Traditional course"),
    "course_help": N_("9 deals in a row, 1 point per card left on the tableau, par 45."),
    "paste_code": N_("Or paste a game code"),
    "paste_code_help": N_("A code deals exactly the same cards again, with its own rule."),
    "deal": N_("Deal"),
    # settings
    "settings_title": N_("Settings"),
    "interactive_rules": N_("Interactive rules"),
    "interactive_rules_help": N_("Explain why a card is refused."),
    "card_style": N_("Card style"),
    "style_classic": N_("Classic: red and black"),
    "style_four": N_("Four colours"),
    "style_large": N_("Large print"),
    # end of game
    "blocked_title": N_("No more moves"),
    "won_title": N_("Well played!"),
    "final_score": N_("Score: {score}"),
    "cards_left": N_("Cards left on the tableau: {count}"),
    # statistics
    "statistics_title": N_("Statistics"),
    "stats_rule": N_("Rule"),
    "stats_games": N_("Games"),
    "stats_wins": N_("Wins"),
    "stats_win_rate": N_("Win rate"),
    "stats_current_streak": N_("Current streak"),
    "stats_best_streak": N_("Best streak"),
    "stats_best_score": N_("Best score"),
    "stats_average_left": N_("Average cards left"),
    "stats_recent": N_("Recent results"),
    "stats_chart_label": N_("Scores of the last {count} games, oldest first"),
    "stats_won": N_("Won"),
    "stats_lost": N_("Lost"),
    "stats_none": N_("No finished game under this rule yet."),
    "stats_how": N_("A game counts once it is won, blocked, or left unfinished for another game."),
    "stats_course": N_("Traditional course (par 45)"),
    "stats_course_current": N_("Current course"),
    "stats_course_deal": N_("Deal"),
    "stats_course_left": N_("Cards left"),
    "stats_course_total": N_("Total"),
    "stats_course_finished": N_("Finished courses"),
    "stats_course_none": N_("No course finished yet. Choose Traditional course in the New game window."),
    "stats_game_row": N_("{code}: {result}, score {score}"),
    # six-card golf
    "play_bots": N_("Play against bots"),
    "your_name": N_("Your name"),
    "opponents": N_("Opponents"),
    "bot_level": N_("Bot level"),
    "play": N_("Play"),
    "play_friends": N_("Play with friends"),
    "play_friends_help": N_("Create a room, then give its code or link to people on the same network."),
    "players": N_("Players"),
    "create_room": N_("Create a room"),
    "join_room": N_("Join a room"),
    "room_code": N_("Room"),
    "join": N_("Join"),
    "copy_link": N_("Copy the link"),
    "link_copied": N_("Link copied"),
    "room_link_help": N_("Others open {link} on their phone or computer to join."),
    "seats": N_("Seats"),
    "open_seat": N_("Open seat"),
    "seat_for": N_("Seat {number}"),
    "you": N_("you"),
    "online": N_("online"),
    "offline": N_("offline"),
    "take_seat": N_("Take a seat"),
    "start_match": N_("Start the match"),
    "you_drew": N_("You drew"),
    "throw_away": N_("Throw it away"),
    "take_discard": N_("Take the discard: {card}"),
    "turn": N_("to play"),
    "hole_points": N_("Points: {points}"),
    "next_hole": N_("Next hole"),
    "rematch": N_("Rematch"),
    "scorecard": N_("Scorecard"),
    "hole": N_("Hole"),
    # the game's feel: keyboard, looks, sound, timer, course scorecard, solution replay
    "redo": N_("Redo"),
    "time": N_("Time"),
    "skip_to_board": N_("Go to the cards"),
    "status_label": N_("Game status"),
    "tableau_label": N_("Tableau: seven columns"),
    "piles_label": N_("Stock and discard"),
    "keys_short": N_("Arrow keys choose a card, Enter plays it; ? lists every key."),
    "card_free": N_("{card}, column {column}, free"),
    "card_playable": N_("{card}, column {column}, free, fits the discard"),
    "card_covered": N_("{card}, column {column}, row {row}, covered"),
    "column_empty": N_("Column {number}, empty"),
    "announce_state": N_("Score {score}, stock {count}."),
    "not_allowed": N_("That move is not allowed."),
    "course_line_first": N_("Course: deal {deal} of {deals} · par {par}"),
    "finish_course": N_("See the scorecard"),
    "course_card_title": N_("Course scorecard"),
    "course_par": N_("Par"),
    "course_against": N_("Against par"),
    "new_course": N_("New course"),
    "stats_change": N_("Your statistics"),
    "help_title": N_("Keyboard shortcuts"),
    "help_drag": N_("With a mouse or a finger: tap a free card, or drag it onto the discard."),
    "guide_again": N_("Show the first-deal guide"),
    "key_columns": N_("Move between the columns and the stock"),
    "key_rows": N_("Move up and down a column, to hear the covered cards"),
    "key_play": N_("Play the card in focus, or draw from the stock"),
    "key_draw": N_("Draw a card"),
    "key_take": N_("Remove the free card of that column"),
    "key_undo": N_("Undo"),
    "key_redo": N_("Redo"),
    "key_hint": N_("Hint"),
    "key_new": N_("New game"),
    "key_help": N_("Show or hide this list"),
    "key_close": N_("Close a window"),
    "keyname_enter": N_("Enter"),
    "keyname_space": N_("Space"),
    "keyname_ctrl": N_("Ctrl"),
    "keyname_shift": N_("Shift"),
    "keyname_esc": N_("Esc"),
    "settings_play": N_("Game play"),
    "settings_look": N_("Appearance"),
    "highlight_playable": N_("Highlight playable cards"),
    "highlight_playable_help": N_("Free cards that fit the discard are outlined in gold."),
    "auto_draw": N_("Draw automatically"),
    "auto_draw_help": N_("When no card fits the discard, the next card is drawn for you."),
    "sound": N_("Sound effects"),
    "sound_help": N_("Short sounds when you draw, remove or undo, and when a move is refused."),
    "theme": N_("Theme"),
    "theme_auto": N_("Like this device"),
    "theme_light": N_("Light"),
    "theme_dark": N_("Dark"),
    "table_colour": N_("Table colour"),
    "card_back": N_("Card backs"),
    "colour_green": N_("Green"),
    "colour_blue": N_("Blue"),
    "colour_wine": N_("Wine red"),
    "colour_grey": N_("Grey"),
    "colour_red": N_("Red"),
    "replay_back": N_("Previous move"),
    "replay_forward": N_("Next move"),
    "replay_play": N_("Play the solution"),
    "replay_pause": N_("Pause"),
    "replay_speed": N_("Speed"),
    "speed_slow": N_("Slow"),
    "speed_normal": N_("Normal"),
    "speed_fast": N_("Fast"),
    "face_down_at": N_("Face-down card, row {row}, column {column}"),
    "face_up_at": N_("{card}, row {row}, column {column}"),
    # six-card seats: absent players, stand-in bots, the host's buttons
    "take_back": N_("Take my seat back"),
    "away": N_("away"),
    "bot_plays_for": N_("a bot is playing for them"),
    "stand_in_now": N_("Let a bot play"),
    "stand_in_now_named": N_("Let a bot play for {name} now"),
    "remove_player": N_("Remove"),
    "remove_player_named": N_("Remove {name} from the table"),
}
PAGE_STRINGS.update(SIXCARD_STRINGS)
PAGE_STRINGS.update(DAILY_STRINGS)
PAGE_STRINGS.update(DIFFICULTY_STRINGS)
PAGE_STRINGS.update(MOMENTS_STRINGS)
PAGE_STRINGS.update(STANDINGS_STRINGS)
PAGE_STRINGS.update(ACCOUNT_STRINGS)


STRING_PARTS: dict[str, dict[str, str]] = {"guide": GUIDE_STRINGS, "shared": SHARED_STRINGS, "review": REVIEW_STRINGS}
"""Words that only a part of a page loaded later needs, served apart (``/api/i18n?part=NAME``)."""

LATER_PART = "later"
"""The part (with ``page=NAME``) holding the words that only the page's modules loaded later name."""


def part_strings(
    part: str, t: Translator, page: str | None = None, later: Mapping[str, frozenset[str]] | None = None
) -> dict[str, object] | None:
    """The words of ``part`` in ``t``'s language; for :data:`LATER_PART`, those of ``page``'s modules
    loaded later (None: there is no such part or page). ``later``: :func:`later_keys`, worked out
    beforehand (else now)."""
    if part == LATER_PART:
        if page not in PAGES:
            return None
        keys = (later if later is not None else later_keys(page_keys()))[page]
        strings = {key: text for key, text in _all_strings(t).items() if key in keys}
        return {"language": t.language, "strings": strings}
    messages = STRING_PARTS.get(part)
    if messages is None:
        return None
    return {"language": t.language, "strings": {key: t.gettext(message) for key, message in messages.items()}}


def _all_strings(t: Translator) -> dict[str, str]:
    return {
        **{key: t.gettext(message) for key, message in PAGE_STRINGS.items()},
        "rule_easy": rule_name(RuleName.EASY, t),
        "rule_classic": rule_name(RuleName.CLASSIC, t),
        "stock_empty": refusal_text(Refusal.STOCK_EMPTY, t),
        **{f"bot_{level}": t.gettext(name) for level, name in BOT_NAMES.items()},
    }


def _named_in(text: str, keys: list[str]) -> set[str]:
    """The ``keys`` that ``text`` names in quotes (``t("undo")``, ``data-i18n="undo"``)."""
    named = set(re.findall(r"""["'`]([a-z][a-z0-9_]*)["'`]""", text))
    return {key for key in keys if key in named}


def page_keys() -> dict[str, frozenset[str]]:
    """The keys of the words each page is sent at once: those its first load's files name, and those no
    page's files name. It reads every page's files: the server works it out once, at start-up."""
    keys = list(_all_strings(Translator("en")))
    anywhere = set().union(*(_named_in(page_text(name), keys) for name in PAGES))
    unnamed = set(keys) - anywhere
    return {page: frozenset(_named_in(page_text(page, later=False), keys) | unnamed) for page in PAGES}


def later_keys(first: Mapping[str, frozenset[str]]) -> dict[str, frozenset[str]]:
    """The keys that only each page's modules loaded later name (sent with :data:`LATER_PART`), given
    :func:`page_keys`' ``first``; worked out once, at start-up, too."""
    keys = list(_all_strings(Translator("en")))
    return {page: frozenset(_named_in(page_text(page), keys) - first[page]) for page in PAGES}


def page_strings(
    t: Translator, page: str | None = None, keys: Mapping[str, frozenset[str]] | None = None
) -> dict[str, object] | None:
    """The words of ``page`` (every page's when None) in ``t``'s language, with the list of languages
    for the menu; None for a page there is not. ``keys``: :func:`page_keys`, worked out beforehand
    (else now)."""
    if page is not None and page not in PAGES:
        return None
    strings = _all_strings(t)
    if page is not None:
        wanted = (keys if keys is not None else page_keys())[page]
        strings = {key: text for key, text in strings.items() if key in wanted}
    return {
        "language": t.language,
        "languages": [{"code": code, "name": LANGUAGES[code]} for code in available_languages()],
        "strings": strings,
    }
