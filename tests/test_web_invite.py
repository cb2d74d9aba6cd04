"""How friends reach a room: the links by how golf serve listens (golfcards.web.server.reach), their
QR codes (golfcards.web.pages.qr_code) and the invite routes (golfcards.web.sixcard.invite)."""

from __future__ import annotations

import ipaddress
import re
import shutil
import struct
import subprocess
import xml.etree.ElementTree as ET
import zlib

import pytest
from starlette.testclient import TestClient

from golfcards.errors import GolfError
from golfcards.web.app import create_app
from golfcards.web.pages.qr_code import MAX_VERSION, QUIET, qr_matrix, qr_svg
from golfcards.web.server.reach import Reach, network_addresses

SVG = "{http://www.w3.org/2000/svg}"
LONGEST = "http://[2001:db8:1234:5678:9abc:def0:1234:5678]:65535/sixcard/Q34TMW8KRA"
"""A room's link at its longest: an IPv6 address written in full, the highest port."""


@pytest.mark.parametrize(
    ("host", "kind", "origins"),
    [
        ("127.0.0.1", "loopback", ["http://127.0.0.1:8000"]),
        ("::1", "loopback", ["http://127.0.0.1:8000"]),
        ("localhost", "loopback", ["http://127.0.0.1:8000"]),
        ("0.0.0.0", "network", ["http://192.0.2.7:8000", "http://[2001:db8::7]:8000"]),
        ("192.0.2.9", "network", ["http://192.0.2.9:8000"]),
    ],
)
def test_the_links_follow_how_the_server_listens(host, kind, origins):
    reach = Reach(host, 8000, ("192.0.2.7", "2001:db8::7") if host == "0.0.0.0" else ())
    assert reach.kind == kind
    assert list(reach.origins("http://127.0.0.1:8000", "127.0.0.1")) == origins


def test_a_page_opened_by_a_network_address_gives_that_one_first_and_a_proxy_its_public_host():
    reach = Reach("0.0.0.0", 8000, ("192.0.2.7",))
    assert reach.origins("http://198.51.100.4:8000", "198.51.100.4") == (
        "http://198.51.100.4:8000",
        "http://192.0.2.7:8000",
    )
    assert reach.origins("http://127.0.0.1:8000", "127.0.0.1") == ("http://192.0.2.7:8000",), "loopback is no help"
    proxied = Reach("127.0.0.1", 8000, proxied=True)
    assert proxied.kind == "proxy"
    assert proxied.origins("https://golf.example", "golf.example") == ("https://golf.example",)


def test_the_machines_network_addresses_are_ones_another_device_could_open():
    for ipv6 in (True, False):
        found = network_addresses(ipv6=ipv6)
        parsed = [ipaddress.ip_address(text) for text in found]
        assert len(set(parsed)) == len(parsed) <= 6
        assert not any(a.is_loopback or a.is_link_local or a.is_multicast or a.is_unspecified for a in parsed)
        assert [a.version for a in parsed] == sorted(a.version for a in parsed), "IPv4 first"
        if not ipv6:
            assert all(a.version == 4 for a in parsed)
    assert Reach.listening("127.0.0.1", 8000).addresses == (), "loopback looks nothing up"


def svg_modules(svg: str) -> list[list[bool]]:
    """The dark modules an SVG of :func:`qr_svg` draws (its quiet zone included), read back from its path."""
    root = ET.fromstring(svg)
    size = int(root.get("viewBox").split()[2])
    grid = [[False] * size for _ in range(size)]
    for x, y, width in re.findall(r"M(\d+) (\d+)h(\d+)v1h-\d+z", root.find(f"{SVG}path").get("d")):
        for column in range(int(x), int(x) + int(width)):
            grid[int(y)][column] = True
    return grid


FORMAT_MASK = 0b101010000010010
FORMAT_GENERATOR = 0b10100110111


def format_bits(matrix: list[list[bool]]) -> int:
    """The 15 format bits around the top-left finder (ISO/IEC 18004, 7.9), most significant first."""
    cells = [(8, c) for c in (0, 1, 2, 3, 4, 5, 7, 8)] + [(r, 8) for r in (7, 5, 4, 3, 2, 1, 0)]
    bits = 0
    for row, column in cells:
        bits = (bits << 1) | matrix[row][column]
    return bits


def test_a_qr_code_of_a_link_is_level_m_with_its_finders_and_a_quiet_zone():
    link = "http://192.0.2.7:8000/sixcard/Q34TMW8KRA"
    matrix = qr_matrix(link)
    size = len(matrix)
    assert size == 29, "version 3 (29 × 29) holds 42 bytes at level M"
    finder = [[r in (0, 6) or c in (0, 6) or (2 <= r <= 4 and 2 <= c <= 4) for c in range(7)] for r in range(7)]
    for top, left in ((0, 0), (0, size - 7), (size - 7, 0)):
        assert [row[left : left + 7] for row in matrix[top : top + 7]] == finder
    bits = format_bits(matrix) ^ FORMAT_MASK
    remainder = bits
    for shift in range(4, -1, -1):
        if remainder >> (shift + 10) & 1:
            remainder ^= FORMAT_GENERATOR << shift
    assert remainder == 0, "the format bits are a BCH code word"
    assert bits >> 13 == 0b00, "error correction level M"
    assert matrix[size - 8][8], "the dark module"

    drawn = svg_modules(qr_svg(link, link))
    assert len(drawn) == size + 2 * QUIET
    assert [row[QUIET : QUIET + size] for row in drawn[QUIET : QUIET + size]] == matrix
    border = drawn[:QUIET] + drawn[-QUIET:] + [row[:QUIET] + row[-QUIET:] for row in drawn]
    assert not any(any(row) for row in border), "a quiet zone of four light modules"


def test_the_longest_link_fits_and_the_svg_is_only_a_picture():
    assert len(qr_matrix(LONGEST)) <= 17 + 4 * MAX_VERSION
    svg = qr_svg(LONGEST, "<a title>")
    root = ET.fromstring(svg)
    assert {child.tag for child in root} == {f"{SVG}title", f"{SVG}rect", f"{SVG}path"}
    assert root.find(f"{SVG}title").text == "<a title>"
    assert "<script" not in svg and "style" not in svg
    with pytest.raises(GolfError) as raised:
        qr_matrix("x" * 300)
    assert raised.value.key == "qr.too_long"


def png(modules: list[list[bool]], scale: int = 6) -> bytes:
    """A black-and-white PNG of ``modules`` (True: black), each module ``scale`` pixels square."""
    rows = b"".join(
        b"\0" + bytes(0 if dark else 255 for dark in row for _ in range(scale)) for row in modules for _ in range(scale)
    )
    width = len(modules[0]) * scale

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    header = struct.pack(">IIBBBBB", width, len(modules) * scale, 8, 0, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(rows)) + chunk(b"IEND", b"")


ZBARIMG = shutil.which("zbarimg")


@pytest.mark.skipif(ZBARIMG is None, reason="a reference decoder: apt-get install zbar-tools")
@pytest.mark.parametrize(
    "link", ["http://192.0.2.7:8000/sixcard/Q34TMW8KRA", LONGEST, "https://golf.example/sixcard/Z"]
)
def test_a_reference_decoder_reads_the_link_back_from_the_svg(tmp_path, link):
    picture = tmp_path / "qr.png"
    picture.write_bytes(png(svg_modules(qr_svg(link, link))))
    decoded = subprocess.run([ZBARIMG, "-q", "--raw", str(picture)], capture_output=True, text=True, check=False)
    assert decoded.stdout.strip() == link


def invite_of(path, reach, host="testserver"):
    """A room made on an app that listens as ``reach`` says, and the invite routes' answers about it."""
    app = create_app(path / f"{host}.sqlite3", bot_delay=0, reach=reach)
    with TestClient(app, base_url=f"http://{host}") as client:
        room = client.post("/api/sixcard/rooms", json={"players": 2, "name": "Ana"}).json()
        answer = client.get(f"/api/sixcard/rooms/{room['code'].lower()}/invite")
        qr = client.get(f"/sixcard/{room['code']}/qr.svg")
        missing = client.get(f"/sixcard/{room['code']}/qr.svg?link=9")
        bad = client.get("/api/sixcard/rooms/no-such!/invite")
    return room, answer, qr, missing, bad


def test_the_invite_routes_give_the_links_and_their_qr_codes_never_a_token(tmp_path):
    reach = Reach("0.0.0.0", 8000, ("192.0.2.7", "2001:db8::7"))
    room, answer, qr, missing, bad = invite_of(tmp_path, reach)
    code = room["code"]
    assert answer.status_code == 200 and answer.headers["cache-control"] == "no-store"
    assert answer.json() == {
        "reach": "network",
        "address": "0.0.0.0",
        "links": [f"http://192.0.2.7:8000/sixcard/{code}", f"http://[2001:db8::7]:8000/sixcard/{code}"],
    }
    assert room["token"] not in answer.text
    assert qr.status_code == 200 and qr.headers["content-type"].startswith("image/svg+xml")
    assert ET.fromstring(qr.text).find(f"{SVG}title").text == f"http://192.0.2.7:8000/sixcard/{code}"
    assert missing.status_code == 404 and bad.status_code == 404
    assert bad.json()["error"]["key"] == "room.not_found"


def test_behind_a_proxy_the_public_host_and_on_loopback_this_computer_only(tmp_path):
    room, answer, *_ = invite_of(tmp_path, Reach("127.0.0.1", 8000, proxied=True), host="golf.example")
    assert answer.json()["links"] == [f"http://golf.example/sixcard/{room['code']}"]
    assert answer.json()["reach"] == "proxy"
    room, answer, *_ = invite_of(tmp_path, Reach("127.0.0.1", 8000), host="localhost")
    assert answer.json() == {
        "reach": "loopback",
        "address": "127.0.0.1",
        "links": [f"http://localhost/sixcard/{room['code']}"],
    }
    room, answer, *_ = invite_of(tmp_path, None, host="127.0.0.1")
    assert answer.json()["reach"] == "here"


def test_qr_codes_are_kept_and_an_address_draws_only_its_share(tmp_path):
    """A QR code costs milliseconds for any well-formed code: the same link is drawn once, and one
    address drawing codes of made-up rooms is refused in words (429) after its share, while another
    address is not, and a code already drawn is still shown."""
    from golfcards.web.sixcard.invite import QR_BURST
    from golfcards.web.sixcard.rooms import ROOM_ALPHABET

    app = create_app(tmp_path / "golf.sqlite3")
    codes = ["Q34TM" + "".join(ROOM_ALPHABET[digit] for digit in divmod(number, 32)) for number in range(QR_BURST + 1)]
    with TestClient(app, client=("203.0.113.7", 5000)) as client:
        for _ in range(3):
            assert client.get(f"/sixcard/{codes[0]}/qr.svg").status_code == 200
        assert app.state.qr_codes.drawn == 1, "a link's picture is drawn once"
        for code in codes[1:-1]:
            answer = client.get(f"/sixcard/{code}/qr.svg")
            assert answer.status_code == 200 and answer.headers["content-type"].startswith("image/svg+xml")
        refused = client.get(f"/sixcard/{codes[-1]}/qr.svg?lang=fr")
        assert refused.status_code == 429
        assert refused.json()["error"] == {
            "key": "room.too_many_qr_codes",
            "message": "Trop de codes QR demandés depuis votre réseau\u00a0: attendez une minute",
        }
        assert app.state.qr_codes.drawn == QR_BURST
        assert client.get(f"/sixcard/{codes[0]}/qr.svg").status_code == 200, "a code already drawn is shown"
    with TestClient(app, client=("198.51.100.9", 5000)) as other:
        assert other.get(f"/sixcard/{codes[-1]}/qr.svg").status_code == 200, "another address has its own share"
