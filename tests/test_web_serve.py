"""``golf serve`` as a user runs it: a subprocess that prints its address and answers there."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import httpx2

ROOT = Path(__file__).resolve().parent.parent


def test_golf_serve_prints_its_address_and_serves(tmp_path):
    db = tmp_path / "data" / "golf.sqlite3"
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src")}
    process = subprocess.Popen([sys.executable, "-m", "golfcards", "serve", "--port", "0", "--db", str(db),
                                "--lang", "ca"], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, env=env)
    try:
        assert process.stdout is not None
        ready = process.stdout.readline()
        assert ready.startswith("golfcards és a punt a http://127.0.0.1:"), ready
        saved = process.stdout.readline()
        assert str(db) in saved
        address = ready.split()[5]
        page = httpx2.get(address + "solitaire", timeout=10)
        assert page.status_code == 200 and 'id="tableau"' in page.text
        assert httpx2.get(address + "api/i18n", timeout=10).json()["language"] == "ca", "--lang when the browser names none"
        assert db.exists()
    finally:
        process.terminate()
        process.wait(timeout=10)


def test_golf_serve_on_a_busy_port_fails_cleanly(tmp_path):
    import socket

    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen(1)
        port = busy.getsockname()[1]
        env = {**os.environ, "PYTHONPATH": str(ROOT / "src")}
        result = subprocess.run([sys.executable, "-m", "golfcards", "serve", "--port", str(port), "--db",
                                 str(tmp_path / "db.sqlite3")], capture_output=True, text=True, env=env, timeout=30)
    assert result.returncode == 2
    assert "Traceback" not in result.stderr and f"127.0.0.1:{port}" in result.stderr
