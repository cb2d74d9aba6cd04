"""axe-core (through axe-playwright-python) on the page as it is now: its serious and critical violations."""

from __future__ import annotations

from axe_playwright_python.sync_playwright import Axe

AXE = Axe()
OPTIONS = {
    "resultTypes": ["violations"],
    # Experimental in axe-core, so off by default: a button's visible text must be part of its name.
    "rules": {"label-content-name-mismatch": {"enabled": True}},
}


def serious_violations(page) -> list[str]:
    """One line per serious or critical violation: rule, impact, the first elements and axe's advice."""
    found = []
    for violation in AXE.run(page, options=OPTIONS).response["violations"]:
        if violation["impact"] in ("serious", "critical"):
            nodes = violation["nodes"]
            summary = nodes[0].get("failureSummary", "").replace("\n", " ")[:200]
            found.append(f"{violation['id']} ({violation['impact']}, {len(nodes)}): {nodes[0]['target']} {summary}")
    return found
