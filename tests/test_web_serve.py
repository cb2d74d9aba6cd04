"""``golf serve`` as a user runs it: a subprocess that prints its address and answers there."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import httpx2
import pytest

ROOT = Path(__file__).resolve().parent.parent


def test_golf_serve_prints_its_address_and_serves(tmp_path):
    db = tmp_path / "data" / "golf.sqlite3"
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src")}
    process = subprocess.Popen(
        [sys.executable, "-m", "golfcards", "serve", "--port", "0", "--db", str(db), "--lang", "ca"],
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
        env=env,
    )
    try:
        assert process.stdout is not None
        ready = process.stdout.readline()
        assert ready.startswith("golfcards és a punt a http://127.0.0.1:"), ready
        saved = process.stdout.readline()
        assert str(db) in saved
        address = ready.split()[5]
        page = httpx2.get(address + "solitaire", timeout=10)
        assert page.status_code == 200 and 'id="tableau"' in page.text
        assert httpx2.get(address + "api/i18n", timeout=10).json()["language"] == "ca", (
            "--lang when the browser names none"
        )
        assert db.exists()
    finally:
        process.terminate()
        process.wait(timeout=10)


def test_the_first_requests_right_after_start_are_answered(tmp_path):
    """The server warms the solver up in a thread while the first visitor's requests already need it
    (a new player's first deal is solved): both must get there without an error."""
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src")}
    process = subprocess.Popen(
        [sys.executable, "-m", "golfcards", "serve", "--port", "0", "--db", str(tmp_path / "golf.sqlite3")],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
    )
    try:
        assert process.stdout is not None and process.stderr is not None
        address = re.search(r"http://\S+/", process.stdout.readline()).group()
        with ThreadPoolExecutor(4) as pool:
            paths = ["api/solitaire", "api/solitaire/stats", "api/solitaire/hint", "api/solitaire/winnable"]
            answers = list(pool.map(lambda path: httpx2.get(address + path, timeout=60), paths))
        assert [answer.status_code for answer in answers] == [200] * 4, [answer.text for answer in answers]
    finally:
        process.terminate()
        process.wait(timeout=10)
    assert "Traceback" not in process.stderr.read()


def test_golf_serve_on_a_busy_port_fails_cleanly(tmp_path):
    import socket

    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen(1)
        port = busy.getsockname()[1]
        env = {**os.environ, "PYTHONPATH": str(ROOT / "src")}
        result = subprocess.run(
            [sys.executable, "-m", "golfcards", "serve", "--port", str(port), "--db", str(tmp_path / "db.sqlite3")],
            capture_output=True,
            text=True,
            env=env,
            timeout=30,
        )
    assert result.returncode == 2
    assert "Traceback" not in result.stderr and f"127.0.0.1:{port}" in result.stderr


@pytest.mark.parametrize("port", ["99999", "65536", "-1", "\u0663", "\u00b3", "\uff13", "8_000", "+80", "1e3"])
def test_golf_serve_refuses_a_port_that_is_not_0_to_65535_in_ascii_digits(tmp_path, port):
    """``type=int`` took "٣" (Arabic-Indic three) as port 3 and "8_000" as 8000: only 0-9, 0 to 65535."""
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src")}
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "golfcards",
            "serve",
            "--port",
            port,
            "--db",
            str(tmp_path / "db.sqlite3"),
            "--lang",
            "fr",
        ],
        capture_output=True,
        text=True,
        env=env,
        timeout=30,
    )
    assert result.returncode == 2 and result.stdout == "", "no server starts"
    assert "Traceback" not in result.stderr
    assert (
        result.stderr
        == f"Erreur\u00a0: {port}\u00a0: un port est un nombre de 0 à 65535 écrit avec les chiffres 0 à 9\n"
    )
    assert not (tmp_path / "db.sqlite3").exists(), "refused before anything is created"


@pytest.mark.parametrize("make_db", [lambda folder: folder, lambda folder: _text_file(folder / "notes.txt")])
def test_golf_serve_with_an_unusable_db_fails_cleanly(tmp_path, make_db):
    db = make_db(tmp_path)
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src")}
    result = subprocess.run(
        [sys.executable, "-m", "golfcards", "serve", "--port", "0", "--db", str(db), "--lang", "ca"],
        capture_output=True,
        text=True,
        env=env,
        timeout=30,
    )
    assert result.returncode == 2 and result.stdout == "", "no 'ready' line for a server that cannot start"
    assert result.stderr.startswith(f"Error: No es poden desar partides ni estadístiques a {db}: ")


def _text_file(path: Path) -> Path:
    path.write_text("my notes, not a database\n")
    return path
