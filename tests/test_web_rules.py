"""The rules pages: the seeds' text per language, worked examples computed by the engine."""

from __future__ import annotations

import html
import re
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from golfcards.web.app import create_app


@pytest.fixture(scope="module")
def client(tmp_path_factory):
    with TestClient(create_app(tmp_path_factory.mktemp("rules") / "db.sqlite3")) as test_client:
        yield test_client


def captions(page: str) -> list[str]:
    return [html.unescape(text) for text in re.findall(r"<figcaption>(.*?)</figcaption>", page)]


def test_catalan_page_shows_the_three_states_of_the_seed(client, catalan_seed_states):
    page = client.get("/rules/solitaire?lang=ca").text
    assert captions(page) == catalan_seed_states
    assert "<h1>Les regles de Golf</h1>" in page
    assert "«Ha de ser d’un valor superior o inferior»" in html.unescape(page)
    assert "«Aquesta carta està bloquejada»" in html.unescape(page)
    assert "«Ja no hi ha cap moviment possible»" in html.unescape(page)


@pytest.mark.parametrize(
    "lang, sentences",
    [
        (
            "el",
            [
                "«Πρέπει να έχει αξία κατά μία μεγαλύτερη ή μικρότερη»",
                "«Αυτό το φύλλο είναι μπλοκαρισμένο»",
                "«Δεν υπάρχουν άλλες διαθέσιμες κινήσεις»",
                "Οι κανόνες του Golf",
            ],
        ),
        ("pt", ["«Esta carta está bloqueada»", "As regras do Golf", "30 cartas retiradas, 5 restantes: 250 pontos;"]),
        (
            "en",
            [
                "«Must be one rank higher or lower»",
                "«This card is blocked»",
                "«No more moves possible»",
                "31 cards removed, 4 left: 270 points;",
                "17 cards removed, 18 left: 0 points;",
            ],
        ),
    ],
)
def test_every_language_has_the_rules(client, lang, sentences):
    page = html.unescape(client.get(f"/rules/solitaire?lang={lang}").text)
    assert f'<html lang="{lang}">' in page
    for sentence in sentences:
        assert sentence in page
    assert len(captions(page)) == 3
    assert captions(page)[2].count("(") == 7, "before move 35 every column still has a free card"


def test_score_examples_of_the_catalan_page(client):
    page = html.unescape(client.get("/rules/solitaire?lang=ca").text)
    for line in (
        "31 cartes retirades, 4 restants: 270 punts;",
        "30 cartes retirades, 5 restants: 250 punts;",
        "25 cartes retirades, 10 restants: 150 punts;",
        "17 cartes retirades, 18 restants: 0 punts;",
    ):
        assert line in page


def test_rules_address_redirects_and_keeps_the_language(client):
    response = client.get("/rules?lang=el", follow_redirects=False)
    assert response.headers["location"] == "/rules/solitaire?lang=el"


def test_sixcard_rules_follow_the_portuguese_guide(client):
    seed = (Path(__file__).parent / "data" / "seed-003-pt.txt").read_text(encoding="utf-8")
    page = html.unescape(client.get("/rules/sixcard?lang=pt").text)
    paragraphs = re.findall(r"<p>(.*?)</p>", page)
    assert len(paragraphs) > 6, "the house rules and the questions follow the guide's six paragraphs"
    for paragraph in paragraphs[:6]:
        assert paragraph in seed, paragraph[:60]
    assert "Sem substituição, as colunas valeriam 0, 10 e 5: total 15." in page
    assert "As colunas valem 0 + 0 + 5 = 5, poupando 10." in page
    assert "Com 4 pessoas há 24 cartas nas grelhas, 1 no descarte e 27 no monte." in page


@pytest.mark.parametrize(
    "lang, heading",
    [("en", "Values and vertical pairs"), ("ca", "Valors i parelles verticals"), ("el", "Αξίες και κάθετα ζεύγη")],
)
def test_sixcard_rules_in_every_language(client, lang, heading):
    page = html.unescape(client.get(f"/rules/sixcard?lang={lang}").text)
    assert f"<h2>{heading}</h2>" in page
    assert 'href="/rules/solitaire?lang=' + lang in page
    assert '<span class="column-points">10</span>' in page and "Total: 15" in page.replace("Σύνολο", "Total")
