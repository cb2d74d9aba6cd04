"""The six-card rules page's section on the house rules: every rule of the engine explained, in every
language, each card-value rule with a worked example whose numbers the engine's scoring gives."""

from __future__ import annotations

import dataclasses
import html
import re

import pytest
from starlette.testclient import TestClient

from golfcards.cards import parse_cards
from golfcards.i18n import LANGUAGES, translator
from golfcards.sixcard.rules import SixCardRules
from golfcards.sixcard.scoring import grid_points, hole_points, score_grid
from golfcards.web.app import create_app


@pytest.fixture(scope="module")
def client(tmp_path_factory):
    with TestClient(create_app(tmp_path_factory.mktemp("rules") / "db.sqlite3")) as test_client:
        yield test_client


def text_of(fragment: str) -> str:
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", fragment)).split())


def rule_paragraph(page: str, name: str) -> str:
    found = re.search(rf'<p id="rule-{name}">(.*?)</p>', page, flags=re.S)
    assert found, name
    return text_of(found.group(1))


def minus(value: int) -> str:
    return f"−{-value}" if value < 0 else str(value)


GRIDS = {
    # rule: (top row, bottom row, what the rule needs besides, the sum the page writes)
    "super_kings": ("K♠ 5♥ K♦", "K♥ 7♣ 9♥", {}, "{0} + {1} + {2} = {total}"),
    "tens_one": ("10♠ 5♥ 3♣", "4♦ 7♣ 9♥", {}, "{0} + {1} + {2} = {total}"),
    "one_eyed_jacks": ("J♥ 5♥ 3♣", "4♦ 7♣ 9♥", {}, "{0} + {1} + {2} = {total}"),
    "lucky_swing": ("🃏1 5♥ 3♣", "4♦ 7♣ 9♥", {"jokers": 1}, "{0} + {1} + {2} = {total}"),
    "eagle_eye": ("🃏1 5♥ 3♣", "🃏2 7♣ 9♥", {"jokers": 2}, "{0} + {1} + {2} = {total}"),
    "negative_pairs": ("2♠ 5♥ 3♣", "2♦ 7♣ 9♥", {}, "{0} + {1} + {2} = {total}"),
    "four_of_a_kind": ("9♠ 9♥ 3♣", "9♦ 9♣ 4♥", {}, "{0} + {1} + {2} − 20 = {total}"),
    "wolfpack": ("J♠ J♥ 3♣", "J♦ J♣ 4♥", {}, "{0} + {1} + {2} − 20 = {total}"),
    "blackjack": ("10♠ 5♥ 3♣", "A♦ 2♣ 4♥", {}, "{0} + {1} + {2} = 21 → {total}"),
}
"""The page's example grids as a reader copies them, scored here by the engine."""


def cards(row: str) -> list:
    return parse_cards(
        row.replace("🃏1", "X1")
        .replace("🃏2", "X2")
        .replace("♠", "S")
        .replace("♥", "H")
        .replace("♦", "D")
        .replace("♣", "C")
        .replace("10", "T")
    )


def test_every_rule_of_the_engine_is_explained_in_every_language(client):
    names = {field.name for field in dataclasses.fields(SixCardRules)} - {"players"}
    explained_above = {"grid", "holes", "jokers", "final_turn", "reshuffle_discard"}
    for lang in LANGUAGES:
        page = client.get(f"/rules/sixcard?lang={lang}").text
        section = page[page.index('<section id="house-rules">') : page.index('<section id="faq">')]
        for name in names - explained_above:
            paragraph = rule_paragraph(section, name)
            assert len(paragraph) > 40, (lang, name, paragraph)
        if lang != "en":
            english = client.get("/rules/sixcard?lang=en").text
            assert rule_paragraph(section, "wolfpack") != rule_paragraph(english, "wolfpack"), lang
        for group in ("dealing", "values", "sets", "going_out"):
            assert f'<h3 id="rules-{group}">' in section


@pytest.mark.parametrize("name", list(GRIDS))
def test_each_card_value_example_is_the_engines_score(client, name):
    top, bottom, needs, sum_form = GRIDS[name]
    grid = cards(top) + cards(bottom)
    with_rule = score_grid(grid, 3, SixCardRules(**{name: True, **needs}))
    without = score_grid(grid, 3, SixCardRules(**needs)).total
    columns = [minus(column.points) for column in with_rule.columns]
    written = sum_form.format(*columns, total=minus(with_rule.total))
    page = client.get("/rules/sixcard?lang=en").text
    assert rule_paragraph(page, name).endswith(
        f"Example: {top} / {bottom} scores {written}; without this rule, {minus(without)}."
    )
    assert with_rule.total != without, "the example shows what the rule changes"


def test_the_examples_of_the_catalan_page_use_its_card_names(client):
    page = client.get("/rules/sixcard?lang=ca").text
    super_kings = rule_paragraph(page, "super_kings")
    kings = score_grid(cards("K♠ 5♥ K♦") + cards("K♥ 7♣ 9♥"), 3, SixCardRules(super_kings=True))
    assert "R♠ 5♥ R♦ / R♥ 7♣ 9♥" in super_kings and f"= {kings.total};" in super_kings
    assert super_kings.startswith("Reis súper.")


@pytest.mark.parametrize("name", ["knock_penalty", "knock_bonus", "tied_shame", "underdog"])
def test_each_hole_rule_example_is_the_engines_score(client, name):
    grids = [
        [card.index for card in cards("A♣ 2♣ 3♣") + cards("4♣ 5♣ 6♣")],
        [card.index for card in cards("A♦ 2♦ 3♦") + cards("4♦ 5♦ 6♦")],
    ]
    rules = SixCardRules(**{name: True})
    totals = (20, 35) if name == "underdog" else None
    first, second = (grid_points(grid, rules) for grid in grids)
    scores = hole_points(grids, rules, 0, totals)
    assert scores != (first, second), "the example shows what the rule changes"
    paragraph = rule_paragraph(client.get("/rules/sixcard?lang=en").text, name)
    hole = f"the hole scores {scores[0]} and {scores[1]}."
    assert paragraph.endswith(hole)
    if totals:
        assert (
            f"with totals of {totals[0]} and {totals[1]} before the hole and grids worth {first} and {second},"
            in paragraph
        )
    else:
        assert f"two grids are worth {first} and {second} and the first player went out:" in paragraph


def test_the_decks_paragraph_counts_the_stock(client):
    stock = SixCardRules(players=6, decks=2).stock_size
    t = translator("de")
    paragraph = rule_paragraph(client.get("/rules/sixcard?lang=de").text, "decks")
    assert (
        t.gettext(
            "With {players} players and two decks, {stock} cards are left in the stock after the deal.",
            players=6,
            stock=stock,
        )
        in paragraph
    )
