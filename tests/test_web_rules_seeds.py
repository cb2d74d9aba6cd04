"""The rules pages against the seeds' last items: sources, the small-screen line, the questions,
and the six-card house rules explained with numbers the engine computes."""

from __future__ import annotations

import html
import re
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from golfcards.i18n import LANGUAGES
from golfcards.sixcard.scoring import column_points
from golfcards.web.app import create_app

DATA = Path(__file__).parent / "data"


@pytest.fixture(scope="module")
def client(tmp_path_factory):
    with TestClient(create_app(tmp_path_factory.mktemp("rules") / "db.sqlite3")) as test_client:
        yield test_client


def text_of(fragment: str) -> str:
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", fragment)).split())


def paragraphs(page: str) -> list[str]:
    return [text_of(p) for p in re.findall(r"<p\b[^>]*>(.*?)</p>", page, flags=re.S)]


@pytest.mark.parametrize(
    "lang, seed, see_sources",
    [("ca", "seed-000-ca.txt", "Vegeu les fonts."), ("el", "seed-002-el.txt", "Δείτε τις πηγές.")],
)
def test_the_solitaire_page_ends_its_variants_with_the_seeds_link_to_the_sources(client, lang, seed, see_sources):
    page = client.get(f"/rules/solitaire?lang={lang}").text
    seed_text = (DATA / seed).read_text(encoding="utf-8")
    variants = next(line for line in seed_text.splitlines() if line.endswith(see_sources))
    assert variants in paragraphs(page), "the seed's paragraph, word for word"
    assert f'<a href="#sources">{see_sources}</a>' in page
    sources = page[page.index('<section id="sources">') :]
    items = re.findall(r"<li>(.*?)</li>", sources)
    assert len(items) == 3
    assert 'href="https://en.wikipedia.org/wiki/Golf_(patience)"' in sources
    assert "<cite>The Complete Book of Solitaire and Patience Games (1949), “Golf”</cite>" in sources


@pytest.mark.parametrize("lang", [code for code in LANGUAGES])
def test_every_rules_page_has_the_small_screen_line_and_the_sections(client, lang):
    solitaire = client.get(f"/rules/solitaire?lang={lang}").text
    sixcard = client.get(f"/rules/sixcard?lang={lang}").text
    for page in (solitaire, sixcard):
        hint = re.search(r'<p class="scroll-hint">(.*?)</p>', page).group(1)
        assert text_of(hint).startswith("← ") and text_of(hint).endswith(" →")
    assert '<section id="sources">' in solitaire and '<section id="house-rules">' in sixcard
    faq = sixcard[sixcard.index('<section id="faq">') :]
    assert len(re.findall(r"<h3>", faq)) == 8 and len(re.findall(r"<p>", faq)) == 8


def test_the_portuguese_six_card_page_has_the_seeds_last_lines(client):
    page = client.get("/rules/sixcard?lang=pt").text
    seed = (DATA / "seed-003-pt.txt").read_text(encoding="utf-8")
    assert "← Num ecrã pequeno, desloque o esquema na horizontal. →" in seed
    assert "← Num ecrã pequeno, desloque o esquema na horizontal. →" in paragraphs(page)
    assert "<h2>Perguntas frequentes</h2>" in page
    assert page.index("desloque o esquema") < page.index("Perguntas frequentes")


def test_the_house_rules_are_explained_with_the_engines_numbers(client):
    page = text_of(client.get("/rules/sixcard?lang=en").text)
    # stock after the deal: 52 cards, minus the grids, minus the first discard
    for cards, shape, up in ((4, "2 × 2", 2), (6, "2 × 3", 2), (8, "2 × 4", 2), (9, "3 × 3", 3)):
        row = f"{cards} cards {shape} {up} {52 - 2 * cards - 1} {52 - 4 * cards - 1}"
        assert row in page, row
    sevens, fours = column_points([6, 6, 6]), column_points([3, 3, 8])
    assert f"the three 7s are worth {sevens}, but the two 4s over a 9 are worth {fours}" in page
    assert "a joker over a 2 is worth −4 (no pair), the two 2s are worth 0 and the 9 over the other joker 7" in page
    assert (
        "the first player goes out on turn 4; the 2 others each play once more, and the hole ends after turn 6" in page
    )
    assert "the stock runs out after 39 turns and the 39 cards under the top of the discard" in page
    assert "2♣ over 2♥ scores 0, while 2♣ over 3♥ scores 1." in page


def test_the_catalan_house_rules_and_questions(client):
    page = text_of(client.get("/rules/sixcard?lang=ca").text)
    assert "Regles de la casa" in page and "Preguntes freqüents" in page
    assert "els tres 7 valen 0, però els dos 4 sobre un 9 valen 17" in page
