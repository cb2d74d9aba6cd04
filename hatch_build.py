"""Compile the gettext catalogs (.po -> .mo) whenever the package is built or installed."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from hatchling.builders.hooks.plugin.interface import BuildHookInterface


def compile_catalogs(root: Path) -> list[Path]:
    """Write a .mo beside every .po under src/golfcards/locale; return the .mo paths."""
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    written = []
    for po_path in sorted((root / "src" / "golfcards" / "locale").glob("*/LC_MESSAGES/*.po")):
        with po_path.open("rb") as po_file:
            catalog = read_po(po_file)
        mo_path = po_path.with_suffix(".mo")
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
