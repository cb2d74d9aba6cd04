"""The six-card house rules in words: their groups, names and one-sentence hints.

Shared by the lobby's form and the table's summary (:mod:`golfcards.web.sixcard.house`) and the rules
page (:mod:`golfcards.web.pages.rules`), so each rule has one name and one explanation everywhere.
"""

from __future__ import annotations

from golfcards.i18n import N_
from golfcards.sixcard.rules import FlipAfterDiscard

GROUPS: tuple[tuple[str, str, tuple[str, ...]], ...] = (
    (
        "dealing",
        N_("Dealing and turns"),
        (
            "grid",
            "holes",
            "decks",
            "jokers",
            "start_face_up",
            "flip_as_turn",
            "flip_after_discard",
            "reshuffle_discard",
        ),
    ),
    ("values", N_("Card values"), ("super_kings", "tens_one", "one_eyed_jacks", "lucky_swing", "eagle_eye")),
    ("sets", N_("Pairs and sets"), ("negative_pairs", "four_of_a_kind", "wolfpack", "blackjack")),
    (
        "going_out",
        N_("Going out"),
        ("final_turn", "knock_early", "knock_penalty", "knock_bonus", "tied_shame", "underdog"),
    ),
)
"""The lobby's groups of rules: a name, its title, its rules in the order the form shows them."""
LABELS: dict[str, str] = {
    "grid": N_("Grid"),
    "holes": N_("Holes"),
    "decks": N_("Decks"),
    "start_face_up": N_("Cards up at the start"),
    "flip_as_turn": N_("Flip as a turn"),
    "flip_after_discard": N_("Flip after a discard"),
    "reshuffle_discard": N_("Reshuffle the discard"),
    "jokers": N_("Jokers"),
    "super_kings": N_("Super kings"),
    "tens_one": N_("Tens worth 1"),
    "one_eyed_jacks": N_("One-eyed jacks"),
    "lucky_swing": N_("Lucky swing"),
    "eagle_eye": N_("Eagle eye"),
    "negative_pairs": N_("Negative pairs"),
    "four_of_a_kind": N_("Four of a kind"),
    "wolfpack": N_("Wolfpack"),
    "blackjack": N_("Blackjack"),
    "final_turn": N_("Final turn"),
    "knock_early": N_("Knock early"),
    "knock_penalty": N_("Knock penalty"),
    "knock_bonus": N_("Knock bonus"),
    "tied_shame": N_("Tied shame"),
    "underdog": N_("Underdog"),
}
HINTS: dict[str, str] = {
    "grid": N_("In the 3 × 3 grid a column cancels only with three cards of one rank."),
    "holes": N_("The match adds up the holes; the lowest total wins."),
    "decks": N_("Five or six players need two decks."),
    "start_face_up": N_("Cards each player turns up before the first turn."),
    "flip_as_turn": N_("Instead of drawing, a player may spend the turn turning up one face-down card."),
    "flip_after_discard": N_("After throwing away a card drawn from the stock."),
    "reshuffle_discard": N_("When the stock runs out, the discard becomes a new stock."),
    "jokers": N_("A joker is worth −2 and pairs only with a joker."),
    "super_kings": N_("Kings are worth −2 instead of 0; two kings in a column still cancel."),
    "tens_one": N_("Tens are worth 1 instead of 10."),
    "one_eyed_jacks": N_("The jacks of hearts and spades are worth 0; they still pair with any jack."),
    "lucky_swing": N_("One joker per deck, worth −5 (choose one joker)."),
    "eagle_eye": N_("A joker alone is worth +2, a column of jokers −4 (choose jokers)."),
    "negative_pairs": N_("A column of one rank worth less than 0 keeps its value: two 2s make −4."),
    "four_of_a_kind": N_("Two columns of the same rank take a further −20 (grids of two rows)."),
    "wolfpack": N_("Two columns of jacks take a further −20 (grids of two rows)."),
    "blackjack": N_("A grid worth exactly 21 scores 0."),
    "final_turn": N_("Once someone goes out, every other player plays one more turn."),
    "knock_early": N_("With one or two cards face down, turn them all up as your turn and go out."),
    "knock_penalty": N_("Whoever goes out scores +10 unless their grid is strictly the lowest."),
    "knock_bonus": N_("Whoever goes out scores −5."),
    "tied_shame": N_("Players who share the lowest score of a hole each score +5."),
    "underdog": N_("The player alone furthest behind when a hole starts scores −3 on it."),
}
"""One sentence per rule: the lobby's hint, and a rule's setting in words when it is on."""
FLIP_AFTER_DISCARD: dict[FlipAfterDiscard, str] = {
    FlipAfterDiscard.NEVER: N_("Never turn a card up (the guide)"),
    FlipAfterDiscard.ALWAYS: N_("Always turn one of your face-down cards up"),
    FlipAfterDiscard.ENDGAME: N_("Turn one up if you like, once a grid has at most one card face down"),
}
