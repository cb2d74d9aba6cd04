"""Hardening of the real ``golf serve``: the names it answers to."""

from __future__ import annotations

import socket

import httpx2
import pytest

from tests.serving import golf_serve


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    db = tmp_path_factory.mktemp("hardening") / "golf.sqlite3"
    with golf_serve(db, "--allow-origin", "http://game.example:8000") as running:
        yield running


def _get(server, path: str, host: str) -> httpx2.Response:
    return httpx2.get(f"{server.address}{path}", headers={"Host": host}, timeout=20)


@pytest.mark.parametrize(
    "host",
    ["127.0.0.1:{port}", "localhost:{port}", "LOCALHOST.:{port}", "[::1]:{port}", "192.168.1.20:{port}"]
    + [f"{socket.gethostname()}:{{port}}", f"{socket.gethostname()}.local:{{port}}", "game.example:8000"],
)
def test_the_names_the_server_goes_by_are_answered(server, host):
    assert _get(server, "/solitaire", host.format(port=server.port)).status_code == 200


def test_another_name_is_refused_for_pages_api_and_rooms(server):
    """A page of another site whose name was made to point at this machine (DNS rebinding)."""
    host = f"rebind.example:{server.port}"
    page = _get(server, "/solitaire?lang=de", host)
    assert page.status_code == 400 and "Dieser Server ist unter diesem Namen nicht bekannt" in page.text
    api = _get(server, "/api/solitaire?lang=ca", host)
    assert api.status_code == 400 and api.json()["error"] == {
        "key": "request.bad_host",
        "message": "Aquest servidor no es coneix amb aquest nom: obre l’adreça que ha mostrat golf serve",
    }
    assert "set-cookie" not in api.headers, "no player is created for it"
    code = httpx2.post(f"{server.address}/api/sixcard/rooms", json={"players": 2}, timeout=20).json()["code"]
    assert _ws_handshake(server, code, host, origin=f"http://{host}").startswith(b"HTTP/1.1 403")
    assert _ws_handshake(server, code, host).startswith(b"HTTP/1.1 101"), "a program (no Origin) may use any name"


def _ws_handshake(server, code: str, host: str, origin: str | None = None) -> bytes:
    with server.connect() as sock:
        sock.sendall(
            (
                f"GET /ws/sixcard/{code} HTTP/1.1\r\nHost: {host}\r\nUpgrade: websocket\r\n"
                "Connection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
                + (f"Origin: {origin}\r\n" if origin else "")
                + "Sec-WebSocket-Version: 13\r\n\r\n"
            ).encode()
        )
        return sock.recv(65536)


@pytest.mark.parametrize(
    "content_type", [None, "text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x"]
)
@pytest.mark.parametrize("path", ["/api/solitaire/action", "/api/solitaire/new", "/api/sixcard/rooms"])
def test_a_body_not_sent_as_json_gets_415(server, path, content_type):
    """What a page of another site may send without asking (a form, plain text) is not taken as JSON."""
    headers = {} if content_type is None else {"Content-Type": content_type}
    answer = httpx2.post(f"{server.address}{path}?lang=es", content=b'{"action": "d"}', headers=headers, timeout=20)
    assert answer.status_code == 415
    assert answer.json()["error"] == {
        "key": "request.not_json",
        "message": "La petición debe enviarse como JSON (Content-Type: application/json)",
    }


def test_json_with_a_charset_is_json(server):
    answer = httpx2.post(
        f"{server.address}/api/sixcard/rooms",
        content=b'{"players": 2}',
        headers={"Content-Type": "Application/JSON; charset=utf-8"},
        timeout=20,
    )
    assert answer.status_code == 200, answer.text
