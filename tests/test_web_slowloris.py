"""Slowloris against the real ``golf serve``: trickling clients hold nothing for long, and never starve others.

Attackers connect from other loopback addresses (127.0.0.2 …) than the normal client (127.0.0.1), as
other devices of the network would.
"""

from __future__ import annotations

import json
import resource
import socket
import time

import httpx2
import psutil
import pytest

from tests.serving import golf_serve

HANG_GUARD = 40
"""Seconds before a test calls the server stuck (its header and body time limits are 10 s)."""


@pytest.fixture
def server(tmp_path):
    with golf_serve(tmp_path / "golf.sqlite3") as running:
        yield running


def _usual_file_limit() -> None:
    """In the server's process before it starts: the common soft limit of 1,024 open files."""
    _, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (1024, hard))


def _answer(sock: socket.socket) -> bytes:
    """What the server sends until it closes the connection (the test's hang guard as a timeout)."""
    sock.settimeout(HANG_GUARD)
    answer = b""
    try:
        while chunk := sock.recv(65536):
            answer += chunk
    except ConnectionResetError:
        pass
    return answer


def test_1100_trickling_sockets_do_not_make_normal_requests_fail(tmp_path):
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft < 2500:
        if hard != resource.RLIM_INFINITY and hard < 2500:
            pytest.skip("this test process may not open 1,100 sockets")
        resource.setrlimit(resource.RLIMIT_NOFILE, (2500, hard))
    with golf_serve(tmp_path / "golf.sqlite3", preexec_fn=_usual_file_limit) as server:
        server_soft, server_hard = psutil.Process(server.process.pid).rlimit(psutil.RLIMIT_NOFILE)
        assert server_soft == server_hard or server_soft >= 65536, "the server raised its soft file limit"
        trickling = []
        try:
            for attacker in range(11):
                for _ in range(100):
                    sock = server.connect(f"127.0.0.{attacker + 2}")
                    sock.sendall(b"GET /solitaire HTTP/1.1\r\n")
                    trickling.append(sock)
            for sock in trickling:
                sock.sendall(b"X-Slow: 1\r\n")
            with httpx2.Client(timeout=HANG_GUARD) as client:
                answers = [client.get(f"{server.address}/solitaire").status_code for _ in range(20)]
            assert answers == [200] * 20
        finally:
            for sock in trickling:
                sock.close()


def test_headers_that_take_too_long_are_cut_off(server):
    """A first request, and a next one on a kept-alive connection, whose headers trickle in: 408."""
    first = server.connect("127.0.0.2")
    kept = server.connect("127.0.0.2")
    with first, kept:
        kept.sendall(f"HEAD /solitaire HTTP/1.1\r\nHost: 127.0.0.1:{server.port}\r\n\r\n".encode())
        answer = b""
        while b"\r\n\r\n" not in answer:
            answer += kept.recv(65536)
        assert answer.startswith(b"HTTP/1.1 200") and answer.endswith(b"\r\n\r\n"), answer
        deadline = time.monotonic() + HANG_GUARD
        closed = {}
        for sock in (first, kept):
            sock.sendall(b"GET /solitaire HTTP/1.1\r\n")
        while len(closed) < 2 and time.monotonic() < deadline:
            for name, sock in (("first", first), ("kept", kept)):
                if name in closed:
                    continue
                try:
                    sock.sendall(b"X")  # one byte a second: every byte resets uvicorn's idle timer
                except OSError:
                    closed[name] = b""
            time.sleep(1)
            for name, sock in (("first", first), ("kept", kept)):
                sock.setblocking(False)
                try:
                    data = sock.recv(65536)
                    closed.setdefault(name, data)
                except BlockingIOError:
                    pass
                except ConnectionResetError:
                    closed.setdefault(name, b"")
                finally:
                    sock.setblocking(True)
        assert set(closed) == {"first", "kept"}, "both trickling requests were ended by the server"
        assert all(data == b"" or data.startswith(b"HTTP/1.1 408") for data in closed.values()), closed


def test_one_address_holds_a_bounded_number_of_connections(server):
    held = [server.connect("127.0.0.3") for _ in range(100)]
    try:
        over = [server.connect("127.0.0.3") for _ in range(20)]
        for sock in over:
            with sock:
                assert _answer(sock).startswith(b"HTTP/1.1 503"), "the 101st connection of an address"
        assert httpx2.get(f"{server.address}/solitaire", timeout=HANG_GUARD).status_code == 200, "other addresses"
    finally:
        for sock in held:
            sock.close()
    for _ in range(100):  # the server counts the closed ones out
        with server.connect("127.0.0.3") as again:
            again.sendall(f"GET /solitaire HTTP/1.1\r\nHost: 127.0.0.1:{server.port}\r\n\r\n".encode())
            answer = again.recv(65536)
        if answer.startswith(b"HTTP/1.1 200"):
            break
        time.sleep(0.1)
    assert answer.startswith(b"HTTP/1.1 200"), answer[:100]


def test_a_body_that_trickles_gets_408(server):
    with server.connect("127.0.0.4") as sock:
        sock.sendall(
            f"POST /api/solitaire/action HTTP/1.1\r\nHost: 127.0.0.1:{server.port}\r\n"
            'Content-Type: application/json\r\nContent-Length: 100\r\n\r\n{"action'.encode()
        )
        answer = _answer(sock)
    assert answer.startswith(b"HTTP/1.1 408"), answer[:200]
    assert json.loads(answer.partition(b"\r\n\r\n")[2])["error"]["key"] == "request.too_slow"
