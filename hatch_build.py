"""Compile the gettext catalogs (.po -> .mo) whenever the package is built or installed."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from hatchling.builders.hooks.plugin.interface import BuildHookInterface


def compile_catalogs(root: Path, out: Path | None = None) -> list[Path]:
    """Compile every .po under src/golfcards/locale: a .mo beside each, or with ``out`` into the same
    ``<lang>/LC_MESSAGES/`` tree under ``out`` (what ``GOLFCARDS_LOCALE_DIR`` may point to); return
    the .mo paths."""
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    locale = root / "src" / "golfcards" / "locale"
    written = []
    for po_path in sorted(locale.glob("*/LC_MESSAGES/*.po")):
        with po_path.open("rb") as po_file:
            catalog = read_po(po_file)
        mo_path = po_path.with_suffix(".mo") if out is None else out / po_path.relative_to(locale).with_suffix(".mo")
        mo_path.parent.mkdir(parents=True, exist_ok=True)
        with mo_path.open("wb") as mo_file:
            write_mo(mo_file, catalog, use_fuzzy=False)
        written.append(mo_path)
    return written


class CatalogBuildHook(BuildHookInterface):
    PLUGIN_NAME = "custom"

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        compile_catalogs(Path(self.root))


if __name__ == "__main__":
    for path in compile_catalogs(Path(__file__).parent):
        print(path)
