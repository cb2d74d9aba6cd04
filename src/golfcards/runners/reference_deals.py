"""The reference deals: Golf Solitaire deals with the verdicts of an independent exhaustive solver.

The file (``bench/golf-solitaire-2000.tsv`` in the repository) is tab-separated text: lines starting
with ``#`` are comments, then a header line (``id``, ``columns``, ``discard``, ``stock``, ``strict``,
``classic``, ``easy``) and one deal per line: its columns top to bottom separated by ``|``, the
discard, the stock in draw order, and ``S`` (winnable) or ``U`` (not) under each rule. Its
``strict`` is *nothing on a King, no wrap*, with drawing allowed at any time. The solver's benchmark
(``bench/solver.py``) checks every deal; the tests check a sample.
"""

from __future__ import annotations

from pathlib import Path

from golfcards.cards import parse_card, parse_cards
from golfcards.solitaire.deal import Deal

VERDICT_COLUMNS = ("strict", "classic", "easy")
"""The rules a reference deal has a verdict for, in the file's order."""


def read_reference_deals(path: Path) -> list[tuple[Deal, dict[str, bool]]]:
    """Every deal of the file at ``path`` in order, with whether it is winnable under each rule of
    :data:`VERDICT_COLUMNS`."""
    deals = []
    for line in path.read_text(encoding="utf-8").splitlines():
        if not line or line.startswith("#") or line.startswith("id\t"):
            continue
        _id, columns, discard, stock, *verdicts = line.split("\t")
        deal = Deal(
            tuple(tuple(parse_cards(column)) for column in columns.split("|")),
            parse_card(discard),
            tuple(parse_cards(stock)),
        )
        deals.append((deal, {rule: verdict == "S" for rule, verdict in zip(VERDICT_COLUMNS, verdicts, strict=True)}))
    return deals
