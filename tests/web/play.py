"""What a player does on the Golf Solitaire page, for the browser tests and the scripts that drive it."""

from __future__ import annotations

REFERENCE = "GO1-E-AAAAAAB"
BLOCKING_CODE = "GO1-E-AAAAAAE"
"""Sixteen draws block this deal: no free card ever fits."""


def deal(page, code: str) -> None:
    """Deal ``code`` through the New game window."""
    page.click("#new-game")
    page.fill("#code-input", code)
    page.click("#deal")
    page.wait_for_function(
        "code => document.getElementById('code').textContent === code && !document.getElementById('new-dialog').open",
        arg=code,
    )


def moves(page) -> int:
    return int(page.text_content("#moves"))


def wait_moves(page, count: int) -> None:
    """Wait until the server has answered and the move counter reads at least ``count``."""
    page.wait_for_function(
        "n => Number(document.getElementById('moves').textContent) >= n && !document.body.dataset.busy", arg=count
    )


def click_action(page, action: str) -> None:
    """Click what a player clicks for one action of the replay notation (d or a column number)."""
    before = moves(page)
    if action == "d":
        page.click("#stock")
    else:
        page.click(f'#tableau [data-column="{action}"].free')
    wait_moves(page, before + 1)


def settled(page) -> None:
    """Wait until no action is on its way to the server."""
    page.wait_for_function("!document.body.dataset.busy")
