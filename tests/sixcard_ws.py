"""Steps shared by the six-card WebSocket tests: create a room over HTTP, read the messages that matter."""

from __future__ import annotations

from typing import Any


def create(client: Any, lang: str = "en", **body: Any) -> dict[str, Any]:
    """Create a room through the HTTP API (``body`` is the request's JSON) and return its answer."""
    response = client.post(f"/api/sixcard/rooms?lang={lang}", json=body)
    assert response.status_code == 200, response.text
    return response.json()


def receive(ws: Any, kind: str) -> dict[str, Any]:
    """The next message of type ``kind`` (state messages of other changes are skipped)."""
    while True:
        message = ws.receive_json()
        if message["type"] == kind:
            return message


def receive_state(ws: Any, predicate: Any) -> dict[str, Any]:
    """The next state message for which ``predicate`` holds."""
    while True:
        message = ws.receive_json()
        if message["type"] == "state" and predicate(message):
            return message
