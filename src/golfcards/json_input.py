"""JSON that comes from outside — an HTTP request, a room socket message, a bot program's line."""

from __future__ import annotations

import json
from typing import Any


def read_json(text: str | bytes) -> Any:
    """The JSON value of ``text``; ValueError for anything else.

    That includes text nested deeper than the parser recurses: 2,000 brackets are a short message,
    and json raises RecursionError on them, which no caller expects from bad input.
    """
    try:
        return json.loads(text)
    except RecursionError:
        raise ValueError("JSON nested too deep") from None
