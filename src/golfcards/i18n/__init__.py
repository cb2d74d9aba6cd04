"""Translations: gettext catalogs, one domain per area, merged into one :class:`Translator`.

Catalogs live in ``golfcards/locale/<lang>/LC_MESSAGES/<domain>.po`` and are compiled to ``.mo``
when the package is built or installed (``hatch_build.py``); the environment variable
``GOLFCARDS_LOCALE_DIR`` names another folder of compiled catalogs (the tests compile theirs
there). Message ids are the English text, so English needs no catalog. Engines never import this
package: they return message keys, and the presentation helpers in this package (``cards``,
``solitaire``…) turn them into sentences.
"""

from __future__ import annotations

import gettext
import os
from functools import cache
from pathlib import Path

LOCALE_DIR = Path(os.environ.get("GOLFCARDS_LOCALE_DIR") or Path(__file__).resolve().parent.parent / "locale")
LANGUAGES: dict[str, str] = {
    "en": "English",
    "ca": "Català",
    "el": "Ελληνικά",
    "pt": "Português",
    "es": "Español",
    "fr": "Français",
    "de": "Deutsch",
}
"""Language code → the language's own name, in menu order."""
DEFAULT_LANGUAGE = "en"


def available_languages() -> list[str]:
    """Languages with at least one compiled catalog, English always first."""
    found = {path.parent.parent.name for path in LOCALE_DIR.glob("*/LC_MESSAGES/*.mo")}
    return [code for code in LANGUAGES if code == DEFAULT_LANGUAGE or code in found]


def normalize_language(tag: str | None) -> str | None:
    """``pt_BR.UTF-8`` / ``ca-ES`` / ``EL`` → the supported code (``pt``, ``ca``, ``el``), or None."""
    if not tag:
        return None
    base = tag.strip().split(".")[0].split("@")[0].replace("-", "_").split("_")[0].lower()
    return base if base in LANGUAGES else None


def language_from_environment(environ: dict[str, str] | None = None) -> str:
    """The first supported language named by LANGUAGE, LC_ALL, LC_MESSAGES or LANG."""
    env = os.environ if environ is None else environ
    for variable in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        for tag in env.get(variable, "").split(":"):
            code = normalize_language(tag)
            if code:
                return code
    return DEFAULT_LANGUAGE


def language_from_accept_header(header: str | None) -> str:
    """The best supported language of an HTTP ``Accept-Language`` header."""
    choices: list[tuple[float, int, str]] = []
    for position, part in enumerate((header or "").split(",")):
        tag, _, params = part.strip().partition(";")
        quality = 1.0
        if params.strip().startswith("q="):
            try:
                quality = float(params.strip()[2:])
            except ValueError:
                quality = 0.0
        code = normalize_language(tag)
        if code and quality > 0:
            choices.append((-quality, position, code))
    return min(choices)[2] if choices else DEFAULT_LANGUAGE


class Translator:
    """All of golfcards' catalogs for one language."""

    def __init__(self, language: str) -> None:
        code = normalize_language(language)
        if code is None:
            raise ValueError(f"unsupported language {language!r}; choose from {', '.join(LANGUAGES)}")
        self.language = code
        self._catalog: gettext.NullTranslations = gettext.NullTranslations()
        domains = sorted((LOCALE_DIR / code / "LC_MESSAGES").glob("*.mo"))
        for mo_path in domains:
            with mo_path.open("rb") as handle:
                catalog = gettext.GNUTranslations(handle)
            if isinstance(self._catalog, gettext.GNUTranslations):
                self._catalog.add_fallback(catalog)
            else:
                self._catalog = catalog

    def gettext(self, msgid: str, /, **params: object) -> str:
        text = self._catalog.gettext(msgid)
        return text.format(**params) if params else text

    def ngettext(self, singular: str, plural: str, count: int, /, **params: object) -> str:
        text = self._catalog.ngettext(singular, plural, count)
        return text.format(count=count, **params)

    def pgettext(self, context: str, msgid: str, /, **params: object) -> str:
        text = self._catalog.pgettext(context, msgid)
        return text.format(**params) if params else text

    __call__ = gettext


@cache
def translator(language: str | None = None) -> Translator:
    """The cached translator for ``language`` (default: from the environment)."""
    return Translator(language or language_from_environment())


def N_(message: str) -> str:
    """Mark ``message`` for extraction without translating it now."""
    return message
