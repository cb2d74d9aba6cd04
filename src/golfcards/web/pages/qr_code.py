"""A QR code of a short text (a room's link) as an SVG picture, for a phone's camera.

The symbol is segno's (ISO/IEC 18004: byte mode, error correction M, the smallest version that holds
the text, at most :data:`MAX_VERSION`); the picture is built here with ``xml.etree``: one path of
dark modules on a light square with the four-module quiet zone the standard asks for, no text, no
style, no script, so it passes the pages' Content-Security-Policy as an ``<img>``.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET

import segno

from golfcards.errors import GolfError

MAX_VERSION = 10
"""The largest symbol made (57 × 57 modules, 213 bytes at level M): a room's link is far shorter."""
QUIET = 4
"""Light modules around the symbol (the standard's quiet zone)."""
SVG = "http://www.w3.org/2000/svg"


def qr_matrix(text: str) -> list[list[bool]]:
    """The modules of ``text``'s QR code (byte mode, level M), row by row, True for dark, without
    the quiet zone; a :class:`GolfError` (``qr.too_long``) if it needs more than :data:`MAX_VERSION`."""
    data = text.encode("utf-8")
    try:
        symbol = segno.make_qr(data, error="m", mode="byte", boost_error=False)
    except segno.DataOverflowError:
        symbol = None
    if symbol is None or int(symbol.version) > MAX_VERSION:
        raise GolfError("qr.too_long", f"{len(data)} bytes do not fit a QR code of version {MAX_VERSION}")
    return [[bool(module) for module in row] for row in symbol.matrix]


def qr_svg(text: str, title: str) -> str:
    """``text``'s QR code as an SVG document titled ``title`` (one module per user unit, scalable)."""
    matrix = qr_matrix(text)
    size = len(matrix) + 2 * QUIET
    ET.register_namespace("", SVG)
    svg = ET.Element(
        f"{{{SVG}}}svg",
        {"viewBox": f"0 0 {size} {size}", "shape-rendering": "crispEdges", "role": "img"},
    )
    ET.SubElement(svg, f"{{{SVG}}}title").text = title
    ET.SubElement(svg, f"{{{SVG}}}rect", {"width": str(size), "height": str(size), "fill": "#fff"})
    steps = []
    for y, row in enumerate(matrix):
        x = 0
        while x < len(row):
            if not row[x]:
                x += 1
                continue
            start = x
            while x < len(row) and row[x]:
                x += 1
            steps.append(f"M{start + QUIET} {y + QUIET}h{x - start}v1h-{x - start}z")
    ET.SubElement(svg, f"{{{SVG}}}path", {"d": "".join(steps), "fill": "#000"})
    return ET.tostring(svg, encoding="unicode")
