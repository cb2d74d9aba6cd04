"""Signing the terminal in to an account of a running ``golf serve``, with a device code.

The terminal asks the server for a code (``POST /api/account/device``), shows it with the address of
the server's ``/device`` page, where a browser signed in to the account types it; meanwhile it asks
every few seconds (``/api/account/device/poll``) until the server gives it a session token, once. The
token is kept in the settings file (written readable by its owner only) per server, and sent as the
``golfcards_session`` cookie on the room's WebSocket, so what the terminal plays there is the account's.

The terminal is a program, not a browser: it sends no ``Origin``, which is how the server tells its
requests from a page of another site's (``docs/web.md``, cross-site requests).
"""

from __future__ import annotations

import asyncio
import json
import urllib.error
import urllib.request
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlsplit

from golfcards.errors import GolfError
from golfcards.json_input import read_json

SESSION_COOKIE = "golfcards_session"
MAX_ANSWER = 16 * 1024
WAIT_SECONDS = 600.0
"""How long the terminal waits for its code to be confirmed (the server keeps a code as long)."""


@dataclass(frozen=True, slots=True)
class DeviceCode:
    """What the terminal shows: the code, the page to type it at; and the secret it polls with."""

    code: str
    url: str
    poll: str
    interval: float


def server_base(text: str) -> str:
    """``http://host:port`` from a server address or a room link; ``tui.bad_server`` otherwise."""
    cleaned = text.strip() if isinstance(text, str) else ""
    parts = urlsplit(cleaned if "://" in cleaned else f"http://{cleaned}")
    scheme = {"http": "http", "https": "https", "ws": "http", "wss": "https"}.get(parts.scheme.lower())
    try:
        port = parts.port
    except ValueError:
        port = None
        scheme = None
    if scheme is None or not parts.hostname or len(cleaned) > 300:
        raise GolfError("tui.bad_server", f"{cleaned!r} is not a server address", url=cleaned[:80])
    host = parts.hostname if ":" not in parts.hostname else f"[{parts.hostname}]"
    return f"{scheme}://{host}{f':{port}' if port else ''}"


def _post(base: str, path: str, body: dict[str, Any]) -> tuple[int, Any]:
    """POST ``body`` as JSON to the server; its status and JSON answer (``tui.server_unreachable``)."""
    request = urllib.request.Request(
        f"{base}{path}",
        data=json.dumps(body).encode(),
        headers={"Content-Type": "application/json"},
        method="POST",
    )
    try:
        with urllib.request.urlopen(request, timeout=15) as answer:  # noqa: S310 (http or https only)
            return answer.status, read_json(answer.read(MAX_ANSWER))
    except urllib.error.HTTPError as error:
        try:
            return error.code, read_json(error.read(MAX_ANSWER))
        except ValueError:
            return error.code, None
    except (OSError, ValueError) as error:
        raise GolfError("tui.server_unreachable", str(error), url=base) from None


def _refusal(status: int, answer: Any, base: str) -> GolfError:
    error = answer.get("error") if isinstance(answer, dict) else None
    if isinstance(error, dict) and isinstance(error.get("message"), str):
        return GolfError("tui.server_said", error["message"][:300], message=error["message"][:300])
    return GolfError("tui.server_unreachable", f"HTTP {status}", url=base)


async def start_device(base: str, language: str) -> DeviceCode:
    """Ask the server for a device code."""
    status, answer = await asyncio.to_thread(
        _post, base, f"/api/account/device?lang={language}", {"device": "golf tui"}
    )
    if status != 200 or not isinstance(answer, dict) or not isinstance(answer.get("code"), str):
        raise _refusal(status, answer, base)
    return DeviceCode(
        answer["code"][:20], f"{base}{answer.get('url', '/device')}", str(answer["poll"]), float(answer["interval"])
    )


async def wait_for_session(
    base: str, device: DeviceCode, language: str, sleep: Callable[[float], Any] = asyncio.sleep
) -> str:
    """Poll until the code is confirmed: the session token (``tui.sign_in_expired`` after
    :data:`WAIT_SECONDS`, or as soon as the server says the code is gone)."""
    waited = 0.0
    while waited < WAIT_SECONDS:
        status, answer = await asyncio.to_thread(
            _post, base, f"/api/account/device/poll?lang={language}", {"poll": device.poll}
        )
        if status == 200 and isinstance(answer, dict) and isinstance(answer.get("token"), str):
            return str(answer["token"])[:128]
        if status != 202:
            raise _refusal(status, answer, base)
        await sleep(device.interval)
        waited += device.interval
    raise GolfError("tui.sign_in_expired", "the code was not confirmed in time")


def session_headers(token: str | None) -> dict[str, str]:
    """The headers that carry the terminal's session on a request or WebSocket to its server."""
    return {"Cookie": f"{SESSION_COOKIE}={token}"} if token else {}
