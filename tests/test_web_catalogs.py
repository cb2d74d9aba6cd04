"""Every message of the web domain is translated in ca, el and pt, with the same placeholders."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.extract import extract_from_file
from babel.messages.pofile import read_po

ROOT = Path(__file__).resolve().parent.parent
SOURCES = [
    *sorted((ROOT / "src" / "golfcards" / "web").rglob("*.py")),
    ROOT / "src" / "golfcards" / "i18n" / "web.py",
]
KEYWORDS = {"N_": None, "gettext": None, "ngettext": (1, 2), "pgettext": ((1, "c"), 2)}
PLACEHOLDER = re.compile(r"\{(\w+)\}")


def catalog(lang: str, domain: str):
    with (ROOT / "src" / "golfcards" / "locale" / lang / "LC_MESSAGES" / f"{domain}.po").open("rb") as handle:
        return read_po(handle)


def source_messages() -> list[str | tuple[str, str]]:
    found = []
    for path in SOURCES:
        for _, message, _, _ in extract_from_file("python", str(path), keywords=KEYWORDS):
            found.append(message if isinstance(message, str) else tuple(message))
    return found


@pytest.mark.parametrize("lang", ["ca", "el", "pt", "es", "fr", "de"])
def test_web_messages_are_translated(lang):
    web, core = catalog(lang, "web"), catalog(lang, "golfcards")
    for message in source_messages():
        msgid = message if isinstance(message, str) else message[0]
        entry = web.get(msgid) or core.get(msgid)
        if entry is None:
            entry = next((m for m in core if (m.id if isinstance(m.id, str) else m.id[0]) == msgid), None)
        assert entry is not None and entry.string, f"{lang}: no translation for {msgid!r}"
        translations = [entry.string] if isinstance(entry.string, str) else list(entry.string)
        wanted = set(PLACEHOLDER.findall(msgid if isinstance(message, str) else " ".join(message)))
        for text in translations:
            found = set(PLACEHOLDER.findall(text))
            assert found <= wanted and (found == wanted or not isinstance(message, str)), (lang, msgid, text)


@pytest.mark.parametrize("lang", ["ca", "el", "pt", "es", "fr", "de"])
def test_web_catalog_has_a_plural_header_and_no_stale_entries(lang):
    web = catalog(lang, "web")
    assert web.plural_forms.startswith("nplurals=")
    wanted = {m if isinstance(m, str) else m[0] for m in source_messages()}
    stale = [m.id for m in web if m.id and (m.id if isinstance(m.id, str) else m.id[0]) not in wanted]
    assert not stale, stale
