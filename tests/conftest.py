"""Shared test set-up: compile the gettext catalogs so tests see the current .po files."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SHARED = ROOT.parent / "shared"
sys.path.insert(0, str(ROOT))

from hatch_build import compile_catalogs  # noqa: E402

compile_catalogs(ROOT)


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
