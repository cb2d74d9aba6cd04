"""The Solitaire page when the server's file fails while it runs: the player reads why, in their language."""

from __future__ import annotations

import sqlite3

import pytest
from tests.web.conftest import GUIDE_SEEN, start_server

pytestmark = pytest.mark.browser


def test_a_file_held_by_another_program_is_said_on_the_page(browser, tmp_path):
    db = tmp_path / "golf.sqlite3"
    process, address = start_server(db)
    try:
        context = browser.new_context(base_url=address, locale="es-ES")
        context.add_init_script(GUIDE_SEEN)
        page = context.new_page()
        page.goto("/solitaire")
        page.wait_for_selector("body.ready")
        page.click("#stock")  # the first action stores the player and the game
        page.wait_for_function("() => document.getElementById('moves').textContent === '1'")
        holder = sqlite3.connect(db, isolation_level=None)
        holder.execute("BEGIN IMMEDIATE")  # another program writes to the file meanwhile
        try:
            page.click("#stock")
            page.wait_for_function("() => document.getElementById('message').dataset.kind === 'error'", timeout=60_000)
            assert page.text_content("#message") == (
                "Otro programa o servidor está usando sus partidas: inténtelo de nuevo en un momento"
            )
            assert page.text_content("#moves") == "1"
        finally:
            holder.execute("ROLLBACK")
            holder.close()
        page.click("#stock")
        page.wait_for_function("() => document.getElementById('moves').textContent === '2'")
        context.close()
    finally:
        process.terminate()
        process.wait(timeout=10)
