"""``golf serve`` behind a real HAProxy (``deploy/haproxy.cfg``, with one worker): the clients
behind the proxy count as themselves in the limits per address, a client that forges
``X-Forwarded-For`` straight to the server changes nothing, cookies are ``Secure`` under HTTPS, the
Origin check follows the forwarded scheme, and a room is played through the proxy."""

from __future__ import annotations

import contextlib
import json
from collections.abc import Iterator
from dataclasses import dataclass

import httpx2
import pytest
from websockets.exceptions import ConnectionClosed, InvalidStatus
from websockets.sync.client import connect

from golfcards.web.sixcard.rooms import GUESSES
from tests.haproxy import haproxy, has_haproxy
from tests.serving import Server, golf_serve

pytestmark = pytest.mark.skipif(not has_haproxy(), reason="scripts/test.sh installs haproxy")


@dataclass
class Proxied:
    server: Server
    plain: str
    """``http://127.0.0.1:PORT`` of the proxy's plain frontend."""
    https: str
    """The frontend that tells the server the scheme is https (TLS itself is the proxy's business)."""


@pytest.fixture
def proxied(tmp_path):
    with golf_serve(tmp_path / "golf.sqlite3", "--forwarded-allow-ips", "127.0.0.1") as server:
        with haproxy(tmp_path, [server.port]) as proxy:
            yield Proxied(server, proxy.plain, proxy.https)


def _client(base: str, source: str) -> httpx2.Client:
    return httpx2.Client(base_url=base, transport=httpx2.HTTPTransport(local_address=source), timeout=20)


def _ws(base: str, code: str, source: str, headers: dict[str, str] | None = None, origin: str | None = None):
    return connect(
        f"{base.replace('http', 'ws', 1)}/ws/sixcard/{code}?lang=en",
        source_address=(source, 0),
        additional_headers=headers,
        origin=origin,
        proxy=None,
        open_timeout=20,
    )


def _first(ws, kind: str) -> dict:
    while True:
        message = json.loads(ws.recv(timeout=20))
        if message["type"] == kind:
            return message


def _closed_with(ws) -> int | None:
    with pytest.raises(Exception) as closed:
        while True:
            ws.recv(timeout=20)
    return getattr(getattr(closed.value, "rcvd", None), "code", None)


def _spend_guesses(base: str, source: str, headers: Iterator[dict[str, str]] | None = None) -> None:
    """Spend the failed room look-ups of ``source``'s address (each with the next ``headers``)."""
    for guess in range(GUESSES):
        with _ws(base, f"GUESS{guess:05d}", source, next(headers) if headers else None) as ws:
            assert _first(ws, "error")["key"] == "room.not_found"


def _locked_out(base: str, source: str, headers: dict[str, str] | None = None) -> bool:
    """Whether ``source``'s address has spent its look-ups (a wrong code is refused with 4429)."""
    # The server refuses and closes at once: the message may go after the close came, and closing
    # again says so (both are the refusal the test is about).
    with contextlib.suppress(ConnectionClosed), _ws(base, "GUESS99999", source, headers) as ws:
        with contextlib.suppress(ConnectionClosed):
            ws.send(json.dumps({"type": "watch", "name": "Eve"}))
        key = _first(ws, "error")["key"]
        code = _closed_with(ws)
    assert (key, code) in (("room.too_many_tries", 4429), ("room.not_found", 4404)), (key, code)
    return code == 4429


def test_clients_behind_the_proxy_count_as_their_own_addresses(proxied):
    """127.0.0.2 spends its room look-ups through the proxy; 127.0.0.3, through the same proxy, has
    all of its own (without the trust both were the proxy, 127.0.0.1, and one locked out the other)."""
    _spend_guesses(proxied.plain, "127.0.0.2")
    assert _locked_out(proxied.plain, "127.0.0.2")
    forged = {"X-Forwarded-For": "127.0.0.2", "Forwarded": "for=127.0.0.2"}
    assert not _locked_out(proxied.plain, "127.0.0.3", forged), "what the client wrote itself is passed over"
    assert not _locked_out(proxied.plain, "127.0.0.3"), "a neighbour behind the same proxy is not held up"
    assert not _locked_out(proxied.server.address, "127.0.0.1"), "nor the proxy's own address"


def _forged() -> Iterator[dict[str, str]]:
    for n in range(10, 250):
        yield {"X-Forwarded-For": f"198.51.100.{n}", "Forwarded": f"for=198.51.100.{n}"}


@pytest.mark.parametrize("trusted", [False, True])
def test_a_forged_forwarded_header_sent_straight_to_the_server_changes_nothing(tmp_path, trusted):
    """Without ``--forwarded-allow-ips`` the headers are ignored from everyone; with it, from anyone
    but the proxy: a new forged address for each look-up still spends the sender's own."""
    options = ["--forwarded-allow-ips", "127.0.0.1"] if trusted else []
    source = "127.0.0.5" if trusted else "127.0.0.1"
    with golf_serve(tmp_path / "golf.sqlite3", *options) as server:
        _spend_guesses(server.address, source, _forged())
        assert _locked_out(server.address, source, {"X-Forwarded-For": "203.0.113.7"})
        with _client(server.address, source) as client:
            answer = client.get("/sixcard", headers={"X-Forwarded-Proto": "https", "X-Forwarded-Host": "evil.example"})
        assert answer.status_code == 200 and "secure" not in answer.headers["set-cookie"].lower()


def test_cookies_are_secure_under_https_only(proxied):
    with _client(proxied.https, "127.0.0.2") as client:
        assert client.get("/sixcard").headers["set-cookie"].endswith("; Secure")
    with _client(proxied.plain, "127.0.0.2") as client:
        assert "secure" not in client.get("/sixcard").headers["set-cookie"].lower()


def test_the_origin_check_follows_the_forwarded_scheme(proxied):
    """Behind HTTPS only an https page of the server's own address opens a room's WebSocket."""
    with _client(proxied.https, "127.0.0.2") as client:
        code = client.post("/api/sixcard/rooms", json={"players": 2}).json()["code"]
    with _ws(proxied.https, code, "127.0.0.2", origin=proxied.https.replace("http", "https", 1)) as ws:
        assert _first(ws, "state")["room"]["code"] == code
    for origin in (proxied.https, "https://elsewhere.example"):
        with pytest.raises(InvalidStatus) as refused:
            _ws(proxied.https, code, "127.0.0.2", origin=origin)
        assert refused.value.response.status_code == 403, origin


def test_malformed_forwarded_headers_from_the_proxy_fall_back_to_its_address(proxied):
    """Garbage, 10 KB, unicode and hundreds of entries: answered, never a server error (a forwarded
    host that is not the server's name is refused as that ``Host`` would be)."""
    for value in ("garbage", "x" * 10_000, "é, ü, 🂡", ", ".join(["1.2.3.4"] * 700), "[::1", "300.1.1.1"):
        with _client(proxied.server.address, "127.0.0.1") as client:
            headers = {
                "X-Forwarded-For": value.encode(),
                "X-Forwarded-Proto": value[:200].encode(),
                "X-Forwarded-Host": value[:200].encode(),
            }
            answer = client.get("/api/i18n", headers=headers)
            assert answer.status_code == 200 or answer.json()["error"]["key"] == "request.bad_host", value[:20]
            forwarded = {"Forwarded": f'for="{value[:2000]}";proto=https'.encode()}
            assert client.get("/api/i18n", headers=forwarded).status_code == 200, value[:20]


def test_a_room_is_played_through_the_proxy(proxied):
    """A seat against a bot: three moves of ours over the proxy's WebSocket, each answered."""
    with _client(proxied.https, "127.0.0.2") as client:
        room = client.post("/api/sixcard/rooms", json={"players": 2, "name": "Ana", "bots": ["random"], "start": True})
    room = room.json()
    origin = proxied.https.replace("http", "https", 1)
    moves = 0
    with _ws(proxied.https, room["code"], "127.0.0.2", origin=origin) as ws:
        ws.send(json.dumps({"type": "hello", "token": room["token"]}))
        assert _first(ws, "welcome")["seat"] == 0
        last = -1
        while moves < 3:
            message = _first(ws, "state")
            view = message["view"]
            if message["sequence"] > last and 0 in view["to_act"] and view["legal"]:
                last = message["sequence"]
                ws.send(json.dumps({"type": "act", "action": view["legal"][0]}))
                moves += 1
        assert _first(ws, "state")["sequence"] > last, "the last move came back through the proxy"
