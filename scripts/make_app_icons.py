"""Draw the installed app's icons: ``static/app/icon.svg`` and the PNGs 192 and 512 pixels wide.

One drawing, written twice: as SVG, and rasterized here with no dependency (a club on a card on the
felt, every shape an interval per scan line, four scan lines a pixel, coverage measured exactly
along each line; the PNG written with :mod:`zlib`). The felt fills the square and the card keeps
inside its middle 80 %, so the icons may be masked to any shape (``"purpose": "maskable"``).

    python3 scripts/make_app_icons.py        # rewrite the icons
    python3 scripts/make_app_icons.py --check  # exit 1 if they differ from what is committed
"""

from __future__ import annotations

import math
import struct
import sys
import zlib
from pathlib import Path

APP = Path(__file__).resolve().parent.parent / "src/golfcards/web/static/app"
SIZES = (192, 512)
FELT = (0x1F, 0x6B, 0x4F)
CARD = (0xFF, 0xFD, 0xF7)
INK = (0x1D, 0x5A, 0x43)
SUBROWS = 4

# The drawing, in a 100 × 100 square.
CARD_BOX = (27.0, 17.0, 73.0, 83.0, 7.0)  # left, top, right, bottom, corner radius
CLUB_LEAVES = ((50.0, 38.0, 10.0), (39.5, 53.0, 10.0), (60.5, 53.0, 10.0))  # x, y, radius
CLUB_STEM = ((50.0, 40.0), (41.0, 68.0), (59.0, 68.0))


def svg() -> str:
    left, top, right, bottom, radius = CARD_BOX
    leaves = "".join(f'<circle cx="{x:g}" cy="{y:g}" r="{r:g}"/>' for x, y, r in CLUB_LEAVES)
    stem = " ".join(f"{x:g},{y:g}" for x, y in CLUB_STEM)
    return (
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">'
        f'<rect width="100" height="100" fill="#{bytes(FELT).hex()}"/>'
        f'<rect x="{left:g}" y="{top:g}" width="{right - left:g}" height="{bottom - top:g}" rx="{radius:g}"'
        f' fill="#{bytes(CARD).hex()}"/>'
        f'<g fill="#{bytes(INK).hex()}">{leaves}<polygon points="{stem}"/></g></svg>\n'
    )


def _card_span(y: float) -> tuple[float, float] | None:
    left, top, right, bottom, radius = CARD_BOX
    if not top <= y <= bottom:
        return None
    inset = 0.0
    corner = max(top + radius - y, y - (bottom - radius), 0.0)
    if corner:
        inset = radius - math.sqrt(max(radius * radius - corner * corner, 0.0))
    return left + inset, right - inset


def _club_spans(y: float) -> list[tuple[float, float]]:
    spans = []
    for cx, cy, r in CLUB_LEAVES:
        if abs(y - cy) <= r:
            half = math.sqrt(r * r - (y - cy) ** 2)
            spans.append((cx - half, cx + half))
    (ax, ay), (bx, by), (cx, cy) = CLUB_STEM
    if ay <= y <= by:
        share = (y - ay) / (by - ay)
        spans.append((ax + (bx - ax) * share, ax + (cx - ax) * share))
    spans.sort()
    merged: list[tuple[float, float]] = []
    for start, end in spans:
        if merged and start <= merged[-1][1]:
            merged[-1] = (merged[-1][0], max(merged[-1][1], end))
        else:
            merged.append((start, end))
    return merged


def _cover(row: list[float], span: tuple[float, float], scale: float, share: float) -> None:
    """Add ``share`` × the part of each pixel of ``row`` that ``span`` (drawing units) covers."""
    start, end = span[0] * scale, span[1] * scale
    for x in range(max(int(start), 0), min(int(math.ceil(end)), len(row))):
        row[x] += share * max(0.0, min(end, x + 1) - max(start, x))


def png(size: int) -> bytes:
    scale = size / 100
    lines = []
    for y in range(size):
        card = [0.0] * size
        club = [0.0] * size
        for sub in range(SUBROWS):
            at = (y + (sub + 0.5) / SUBROWS) / scale
            span = _card_span(at)
            if span:
                _cover(card, span, scale, 1 / SUBROWS)
            for piece in _club_spans(at):
                _cover(club, piece, scale, 1 / SUBROWS)
        line = bytearray([0])
        for x in range(size):
            ink, white = club[x], max(card[x] - club[x], 0.0)
            felt = max(1.0 - ink - white, 0.0)
            line += bytes(round(f * felt + c * white + i * ink) for f, c, i in zip(FELT, CARD, INK, strict=True))
        lines.append(bytes(line))

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    header = struct.pack(">IIBBBBB", size, size, 8, 2, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(b"".join(lines), 9))
        + chunk(b"IEND", b"")
    )


def icons() -> dict[Path, bytes]:
    """Every icon file and its bytes."""
    return {APP / "icon.svg": svg().encode(), **{APP / f"icon-{size}.png": png(size) for size in SIZES}}


def main(argv: list[str]) -> int:
    wanted = icons()
    if "--check" in argv:
        stale = [path.name for path, data in wanted.items() if not path.exists() or path.read_bytes() != data]
        if stale:
            print("out of date:", ", ".join(stale), "(python3 scripts/make_app_icons.py)")
        return 1 if stale else 0
    for path, data in wanted.items():
        path.write_bytes(data)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
