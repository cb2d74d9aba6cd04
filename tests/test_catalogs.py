"""Every message the code can show has a real translation in every required language; the web
server's messages are in the catalogs it reads (its own domain, ``web``, and the core domain)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.extract import extract_from_file
from babel.messages.pofile import read_po

ROOT = Path(__file__).resolve().parent.parent
SOURCE = ROOT / "src" / "golfcards"
LOCALE = SOURCE / "locale"
REQUIRED = ("ca", "el", "pt", "es", "fr", "de")
KEYWORDS = {"N_": None, "gettext": None, "ngettext": (1, 2), "pgettext": ((1, "c"), 2)}
PLACEHOLDER = re.compile(r"\{(\w*)[^{}]*\}")
NAMED_FIELD = re.compile(r"\{(\w+)\}")
WEB_SOURCES = [*sorted((SOURCE / "web").rglob("*.py")), SOURCE / "i18n" / "web.py"]


def extracted() -> dict[tuple[str | None, str], str]:
    """(context, msgid) → where it is used, for every marked message in the package."""
    found = {}
    for path in sorted(SOURCE.rglob("*.py")):
        for lineno, message, _comments, context in extract_from_file("python", str(path), keywords=KEYWORDS):
            msgid = message[0] if isinstance(message, tuple) else message
            if msgid:
                found[(context, msgid)] = f"{path.relative_to(ROOT)}:{lineno}"
    return found


def catalog_entries(language: str) -> dict[tuple[str | None, str], object]:
    entries = {}
    for po_path in sorted((LOCALE / language / "LC_MESSAGES").glob("*.po")):
        with po_path.open("rb") as handle:
            for message in read_po(handle):
                if message.id:
                    msgid = message.id[0] if isinstance(message.id, tuple) else message.id
                    entries[(message.context, msgid)] = message
    return entries


MESSAGES = extracted()


def test_the_code_marks_messages():
    assert ("rank", "ace") in MESSAGES
    assert (None, "Must be one rank higher or lower") in MESSAGES


@pytest.mark.parametrize("language", REQUIRED)
def test_every_message_is_translated(language):
    entries = catalog_entries(language)
    missing = [
        f"{where}: {msgid!r}"
        for (context, msgid), where in MESSAGES.items()
        if (context, msgid) not in entries or not _translated(entries[(context, msgid)])
    ]
    assert not missing, f"{len(missing)} untranslated in {language}:\n" + "\n".join(missing)


@pytest.mark.parametrize("language", [path.name for path in sorted(LOCALE.iterdir()) if path.is_dir()])
def test_placeholders_survive_translation(language):
    for (_context, msgid), message in catalog_entries(language).items():
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        expected = set(PLACEHOLDER.findall(msgid))
        for translation in strings:
            if translation:
                assert set(PLACEHOLDER.findall(translation)) == expected, (language, msgid, translation)


def _translated(message) -> bool:
    strings = message.string if isinstance(message.string, tuple) else (message.string,)
    return all(strings) and not message.fuzzy


def _header(po_path: Path, field: str) -> str:
    with po_path.open("rb") as handle:
        return dict(read_po(handle).mime_headers)[field]


@pytest.mark.parametrize("language", [path.name for path in sorted(LOCALE.iterdir()) if path.is_dir()])
def test_one_plural_rule_per_language(language):
    """Every domain of a language counts alike (French: 0 is singular in all of them)."""
    rules = {po.name: _header(po, "Plural-Forms") for po in (LOCALE / language / "LC_MESSAGES").glob("*.po")}
    assert len(set(rules.values())) == 1, rules


def test_french_punctuation_has_its_no_break_space():
    """French puts a no-break space before : ; ? ! so the sign never starts a line on a phone."""
    for (_context, msgid), message in catalog_entries("fr").items():
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        for translation in strings:
            assert not re.search(r" [:;?!]", translation), (msgid, translation)


# --- the web server's domain ----------------------------------------------------------------------


def catalog(language: str, domain: str):
    with (LOCALE / language / "LC_MESSAGES" / f"{domain}.po").open("rb") as handle:
        return read_po(handle)


def web_messages() -> list[str | tuple[str, str]]:
    """The messages marked in the web server's modules: a msgid, or a (singular, plural) pair."""
    found = []
    for path in WEB_SOURCES:
        for _, message, _, _ in extract_from_file("python", str(path), keywords=KEYWORDS):
            found.append(message if isinstance(message, str) else tuple(message))
    return found


WEB_MESSAGES = web_messages()


@pytest.mark.parametrize("language", REQUIRED)
def test_web_messages_are_translated_in_the_domains_the_server_reads(language):
    web, core = catalog(language, "web"), catalog(language, "golfcards")
    for message in WEB_MESSAGES:
        msgid = message if isinstance(message, str) else message[0]
        entry = web.get(msgid) or core.get(msgid)
        if entry is None:
            entry = next((m for m in core if (m.id if isinstance(m.id, str) else m.id[0]) == msgid), None)
        assert entry is not None and entry.string, f"{language}: no translation for {msgid!r}"
        translations = [entry.string] if isinstance(entry.string, str) else list(entry.string)
        wanted = set(NAMED_FIELD.findall(msgid if isinstance(message, str) else " ".join(message)))
        for text in translations:
            found = set(NAMED_FIELD.findall(text))
            assert found <= wanted and (found == wanted or not isinstance(message, str)), (language, msgid, text)


@pytest.mark.parametrize("language", REQUIRED)
def test_web_catalog_has_a_plural_header_and_no_stale_entries(language):
    web = catalog(language, "web")
    assert web.plural_forms.startswith("nplurals=")
    wanted = {m if isinstance(m, str) else m[0] for m in WEB_MESSAGES}
    stale = [m.id for m in web if m.id and (m.id if isinstance(m.id, str) else m.id[0]) not in wanted]
    assert not stale, stale
