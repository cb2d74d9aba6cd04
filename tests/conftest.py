"""Shared test set-up: compile the gettext catalogs so tests see the current .po files.

They are compiled into a temporary folder that ``GOLFCARDS_LOCALE_DIR`` points the translations
at, in this process and in every command the tests start: the tests never write into the source
tree, and always see the .po files as they are now (the install step compiles them only once).
"""

from __future__ import annotations

import atexit
import json
import os
import shutil
import sys
import tempfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SHARED = ROOT.parent / "shared"
sys.path.insert(0, str(ROOT))

from hatch_build import compile_catalogs  # noqa: E402

CATALOGS = Path(tempfile.mkdtemp(prefix="golfcards-locale-"))
atexit.register(shutil.rmtree, CATALOGS, ignore_errors=True)
compile_catalogs(ROOT, CATALOGS)
os.environ["GOLFCARDS_LOCALE_DIR"] = str(CATALOGS)
assert "golfcards.i18n" not in sys.modules, "the catalogs' folder is chosen before golfcards.i18n is imported"


@pytest.fixture(scope="session")
def reference_deal() -> dict:
    """``GO1-E-AAAAAAB`` as the rules pages give it (a copy lives in tests/data)."""
    return json.loads((ROOT / "tests" / "data" / "reference-deal.json").read_text(encoding="utf-8"))


@pytest.fixture(scope="session")
def catalan_seed_states() -> list[str]:
    """The three board lines of the Catalan rules page (seed 000), in order."""
    text = (ROOT / "tests" / "data" / "seed-000-ca.txt").read_text(encoding="utf-8")
    return [line for line in text.splitlines() if line.startswith("Pila per robar:")]


def pytest_terminal_summary(terminalreporter) -> None:
    """End with the plain 'N passed, N failed[, N skipped]' line CI reads."""
    stats = terminalreporter.stats

    def count(key):
        return len([r for r in stats.get(key, []) if getattr(r, "when", "call") == "call"])

    failed = count("failed") + len(stats.get("error", []))
    line = f"{count('passed')} passed, {failed} failed"
    if stats.get("skipped"):
        line += f", {len(stats['skipped'])} skipped"
    terminalreporter.write_line(line)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The browser tests last: Playwright's session keeps an event loop running in its process, where
    ``asyncio.run`` fails from then on. Each pytest-xdist worker (``--dist load``) runs its share of
    the tests in this order too."""
    items.sort(key=lambda item: item.get_closest_marker("browser") is not None)


from .postgres import db_location, postgres_cluster  # noqa: E402, F401  (the fixtures of both engines)
