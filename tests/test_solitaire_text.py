"""The board as text and the messages, in every language; the seed's lines character for character."""

from __future__ import annotations

import pytest

from golfcards.cards import FULL_DECK, Joker, parse_card
from golfcards.errors import GolfError
from golfcards.i18n import (
    LANGUAGES,
    available_languages,
    language_from_accept_header,
    language_from_environment,
    translator,
)
from golfcards.i18n.cards import card_name, card_short
from golfcards.i18n.errors import error_text
from golfcards.i18n.solitaire import board_text, game_over_text, refusal_text
from golfcards.solitaire import Board, GameCode, Refusal, parse_action
from tests.test_solitaire_rules import SCORE_EXAMPLES


def board_after(actions: list[str], code: str = "GO1-E-AAAAAAB") -> Board:
    board = Board.from_code(code)
    for token in actions:
        assert board.apply(parse_action(token)) is None
    return board


def test_catalan_start_state_equals_the_seed(catalan_seed_states):
    assert board_text(Board.from_code("GO1-E-AAAAAAB").view(), translator("ca")) == catalan_seed_states[0]


def test_catalan_state_after_d_5_2_equals_the_seed(catalan_seed_states):
    assert board_text(board_after(["d", "5", "2"]).view(), translator("ca")) == catalan_seed_states[1]


def test_catalan_state_before_move_35_equals_the_seed(catalan_seed_states, reference_deal):
    board = board_after(reference_deal["easy_winning_line"][:34])
    assert board_text(board.view(), translator("ca")) == catalan_seed_states[2]


def test_the_seed_has_exactly_three_board_lines(catalan_seed_states):
    assert len(catalan_seed_states) == 3


def test_english_board_line():
    assert board_text(board_after(["d", "5", "2"]).view(), translator("en")).startswith(
        "Stock: 15 cards; discard: 8 of clubs. column 1: 6 of clubs, 5 of spades, queen of spades, "
        "10 of spades, 6 of hearts (free: 6 of hearts); column 2: 2 of spades, king of clubs,"
    )


@pytest.mark.parametrize(
    "language, start",
    [
        ("el", "Στοίβα τραβήγματος: 16 φύλλα· απόρριψη: άσος σπαθί. στήλη 1: 6 σπαθί, 5 μπαστούνι,"),
        ("pt", "Monte: 16 cartas; descarte: ás de paus. coluna 1: 6 de paus, 5 de espadas, dama de espadas,"),
    ],
)
def test_board_line_in_other_languages(language, start):
    assert board_text(Board.from_code("GO1-E-AAAAAAB").view(), translator(language)).startswith(start)


@pytest.mark.parametrize("language", sorted(LANGUAGES))
def test_every_language_writes_every_state(language):
    t = translator(language)
    board = Board.from_code("GO1-E-AAAAAAB-ND-J1")
    text = board_text(board.view(), t)
    assert text.endswith(".") and "{" not in text
    board = Board.from_code(SCORE_EXAMPLES[0][0])
    for token in SCORE_EXAMPLES[0][1].split():
        board.apply(parse_action(token))
    assert "{" not in board_text(board.view(), t) and game_over_text(board.view(), t)


def test_singular_stock_and_empty_columns():
    board = board_after(["d"] * 15, "GO1-C-AAAAAAB")
    assert board_text(board.view(), translator("ca")).startswith("Pila per robar: 1 carta;")
    assert board_text(board.view(), translator("en")).startswith("Stock: 1 card;")


def test_empty_column_and_empty_discard_are_spoken():
    board = Board.from_code("GO1-E-AAAAAAB-ND")
    assert "descart: buit." in board_text(board.view(), translator("ca"))
    for token in ["1"] * 1:
        board.apply(parse_action(token))
    board = board_after("d 5 2 d 6 6 5 6 1 5 d 7 4 5 2 d 3 1 7 d 2 3 d 4 4 3 7 d d 4 d d 1 2".split())
    assert "columna 2: buida" not in board_text(board.view(), translator("ca"))
    board = board_after("d 5 2 d 6 6 5 6 1 5 d 7 4 5 2 d 3 1 7 d 2 3 d 4 4 3 7 d d 4 d d 1 2 3 2".split())
    assert "columna 2: buida" in board_text(board.view(), translator("ca"))


# --- messages exactly as the seeds write them ---------------------------------------------------

SEED_MESSAGES = {
    "ca": (
        "Ha de ser d’un valor superior o inferior",
        "Aquesta carta està bloquejada",
        "Ja no hi ha cap moviment possible",
    ),
    "el": (
        "Πρέπει να έχει αξία κατά μία μεγαλύτερη ή μικρότερη",
        "Αυτό το φύλλο είναι μπλοκαρισμένο",
        "Δεν υπάρχουν άλλες διαθέσιμες κινήσεις",
    ),
    "en": ("Must be one rank higher or lower", "This card is blocked", "No more moves possible"),
}


@pytest.mark.parametrize("language", sorted(SEED_MESSAGES))
def test_refusal_and_end_messages_are_the_seeds_wording(language):
    not_consecutive, blocked_card, no_more_moves = SEED_MESSAGES[language]
    t = translator(language)
    assert refusal_text(Refusal.NOT_CONSECUTIVE, t) == not_consecutive
    assert refusal_text(Refusal.CARD_BLOCKED, t) == blocked_card
    code, line, _removed, _score = SCORE_EXAMPLES[0]
    board = Board.from_code(code)
    for token in line.split():
        board.apply(parse_action(token))
    assert game_over_text(board.view(), t) == no_more_moves


@pytest.mark.parametrize("seed_file", ["seed-000-ca.txt", "seed-002-el.txt"])
def test_the_seed_pages_contain_our_messages(seed_file):
    from tests.conftest import ROOT

    text = (ROOT / "tests" / "data" / seed_file).read_text(encoding="utf-8")
    language = "ca" if "ca" in seed_file else "el"
    for message in SEED_MESSAGES[language]:
        assert f"«{message}»" in text


@pytest.mark.parametrize("language", sorted(LANGUAGES))
def test_every_refusal_has_a_sentence(language):
    t = translator(language)
    for refusal in Refusal:
        assert refusal_text(refusal, t)


# --- card names ---------------------------------------------------------------------------------


def test_king_of_clubs_is_r_in_catalan_and_greek():
    king = parse_card("KC")
    assert card_short(king, translator("ca")) == "R♣"
    assert card_short(king, translator("el")) == "R♣"
    assert card_short(king, translator("en")) == "K♣"
    assert card_short(parse_card("AH"), translator("el")) == "A♥"


def test_card_names_are_distinct_in_every_language():
    for language in LANGUAGES:
        t = translator(language)
        names = {card_name(card, t) for card in FULL_DECK}
        assert len(names) == 52, language
    assert card_name(Joker(2), translator("ca")) == "comodí 2"


def test_errors_are_translated():
    with pytest.raises(GolfError) as caught:
        GameCode.parse("GO1-X-AAAAAAB")
    assert error_text(caught.value, translator("ca")) == (
        "GO1-X-AAAAAAB: la lletra de la regla ha de ser E (Fàcil), C (Clàssic) o S (Estricta), no X"
    )


# --- language choice ------------------------------------------------------------------------------


def test_language_from_environment():
    assert language_from_environment({"LANG": "ca_ES.UTF-8"}) == "ca"
    assert language_from_environment({"LANGUAGE": "xx:el", "LANG": "pt_PT.UTF-8"}) == "el"
    assert language_from_environment({"LANG": "C.UTF-8"}) == "en"
    assert language_from_environment({}) == "en"


def test_language_from_accept_header():
    assert language_from_accept_header("pt-BR,pt;q=0.9,en;q=0.8") == "pt"
    assert language_from_accept_header("ja, el;q=0.5, ca;q=0.7") == "ca"
    assert language_from_accept_header("") == "en"
    assert language_from_accept_header("de;q=abc, ca") == "ca"


def test_required_languages_are_available():
    assert {"en", "ca", "el", "pt"} <= set(available_languages())


def test_unknown_language_is_refused():
    from golfcards.i18n import Translator

    with pytest.raises(ValueError):
        Translator("xx")
