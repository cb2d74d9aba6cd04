"""The client behind a reverse proxy the operator names, and nobody else's word for it (a pure ASGI middleware).

Behind a proxy (HAProxy, Caddy, nginx) every connection comes from the proxy. ``golf serve
--forwarded-allow-ips`` names the proxies; a request whose socket peer is one of them has its
client address, scheme and host taken from the headers the proxy adds:

* the client address: the right-most entry of ``X-Forwarded-For`` that is not itself a trusted
  proxy (each proxy appends the address it saw, so entries further left are the client's own
  word); without ``X-Forwarded-For``, the same from the ``for=`` parameters of ``Forwarded``;
* the scheme: the right-most ``X-Forwarded-Proto`` (``http`` or ``https``; a WebSocket's becomes
  ``ws`` or ``wss``), else the ``proto=`` of the last ``Forwarded`` element;
* the host: the right-most ``X-Forwarded-Host``, else the ``host=`` of the last ``Forwarded``
  element, put in the request's ``Host`` header (the proxies shipped in ``deploy/`` pass ``Host``
  on as they got it, so this changes nothing there).

Headers from any other peer are ignored entirely, so a client that sends ``X-Forwarded-For``
straight to the server changes nothing. A malformed header (garbage, an entry that is no IP
address, a huge list) is never an error: the request keeps what the socket says.

Every answer sent under the scheme ``https`` marks its cookies ``Secure``.
"""

from __future__ import annotations

import functools
import ipaddress
import re
from collections.abc import Iterable
from typing import TYPE_CHECKING

from golfcards.errors import GolfError

if TYPE_CHECKING:  # ``golf serve`` reads its options before it knows the web extra is installed
    from starlette.types import ASGIApp, Message, Receive, Scope, Send

Network = ipaddress.IPv4Network | ipaddress.IPv6Network
MAX_ENTRIES = 32
"""Forwarded entries looked at, from the right: a chain of proxies is a few hops long."""
HOST = re.compile(r"(\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9.-]{1,253})(:\d{1,5})?", re.ASCII)
SCHEMES = {"http": ("http", "ws"), "https": ("https", "wss")}
"""A forwarded scheme as (the HTTP scheme, the WebSocket one)."""


def parse_networks(texts: Iterable[str]) -> tuple[Network, ...]:
    """Addresses and networks (``127.0.0.1``, ``10.0.0.0/8``, ``::1``), comma-separated in each text;
    a :class:`GolfError` (``serve.bad_network``) for anything else."""
    networks = []
    for text in texts:
        for item in text.split(","):
            item = item.strip()
            if not item:
                continue
            try:
                networks.append(ipaddress.ip_network(item, strict=False))
            except ValueError:
                raise GolfError("serve.bad_network", f"{item!r} is no address or network", value=item[:60]) from None
    return tuple(networks)


class Networks:
    """A set of networks that answers whether an address (text) is in one of them."""

    def __init__(self, networks: Iterable[Network]) -> None:
        self.networks = tuple(networks)
        self.contains = functools.lru_cache(maxsize=4096)(self._contains)

    def __bool__(self) -> bool:
        return bool(self.networks)

    def _contains(self, address: str) -> bool:
        parsed = ip_address(address)
        if parsed is None:
            return False
        if isinstance(parsed, ipaddress.IPv6Address) and parsed.ipv4_mapped is not None:
            parsed = parsed.ipv4_mapped
        return any(parsed in network for network in self.networks)


def ip_address(text: str) -> ipaddress.IPv4Address | ipaddress.IPv6Address | None:
    """``text`` as an IP address (no zone index), or None."""
    if not 0 < len(text) <= 45 or "%" in text:
        return None
    try:
        return ipaddress.ip_address(text)
    except ValueError:
        return None


def _entry_address(entry: str) -> str | None:
    """The address of one forwarded entry (``192.0.2.7``, ``192.0.2.7:4711``, ``[2001:db8::1]:80``,
    ``2001:db8::1``, quoted or not) in its normal form; None if it is none."""
    entry = entry.strip().strip('"').strip()
    if entry.startswith("["):
        entry = entry[1:].partition("]")[0]
    elif entry.count(":") == 1:
        entry = entry.partition(":")[0]
    parsed = ip_address(entry)
    return None if parsed is None else str(parsed)


def _split(values: list[str]) -> list[str]:
    """The comma-separated entries of a header sent once or several times, the last :data:`MAX_ENTRIES`."""
    entries = ",".join(values).split(",")
    return entries[-MAX_ENTRIES:]


def _forwarded_elements(values: list[str]) -> list[dict[str, str]]:
    """The elements of ``Forwarded`` headers (RFC 7239) as parameter dicts, names in lower case."""
    elements = []
    for element in _split(values):
        parameters = {}
        for pair in element.split(";"):
            name, separator, value = pair.partition("=")
            if separator:
                parameters[name.strip().lower()] = value.strip().strip('"')
        elements.append(parameters)
    return elements


def client_from(entries: list[str], proxies: Networks) -> str | None:
    """The client's address from forwarded entries, the nearest last: the right-most one that is not
    a trusted proxy (the left-most if every one is); None if that entry is no IP address."""
    if not entries:
        return None
    for entry in reversed(entries):
        address = _entry_address(entry)
        if address is None:
            return None
        if not proxies.contains(address):
            return address
    return _entry_address(entries[0])


class ForwardedHeaders:
    """Sets a request's client, scheme and host from a trusted proxy's headers (see the module);
    marks cookies ``Secure`` under https. ``proxies``: the trusted proxies (none: headers ignored)."""

    def __init__(self, app: ASGIApp, proxies: Iterable[Network] = ()) -> None:
        self.app = app
        self.proxies = Networks(proxies)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        client = scope.get("client")
        if self.proxies and client and self.proxies.contains(client[0]):
            scope = self._forwarded(scope)
        if scope["type"] == "http" and scope.get("scheme") == "https":
            send = _secure_cookies(send)
        await self.app(scope, receive, send)

    def _forwarded(self, scope: Scope) -> Scope:
        """``scope`` with the client, scheme and host the proxy names (each kept if malformed)."""
        found: dict[bytes, list[str]] = {}
        for name, value in scope["headers"]:
            if name in (b"x-forwarded-for", b"x-forwarded-proto", b"x-forwarded-host", b"forwarded"):
                found.setdefault(name, []).append(value.decode("latin-1"))
        if not found:
            return scope
        scope = dict(scope)
        elements = _forwarded_elements(found.get(b"forwarded", []))
        last = elements[-1] if elements else {}
        if b"x-forwarded-for" in found:
            address = client_from(_split(found[b"x-forwarded-for"]), self.proxies)
        else:
            address = client_from([element.get("for", "") for element in elements], self.proxies)
        if address is not None:
            scope["client"] = (address, 0)
        proto = _split(found[b"x-forwarded-proto"])[-1] if b"x-forwarded-proto" in found else last.get("proto", "")
        schemes = SCHEMES.get(proto.strip().lower())
        if schemes is not None:
            scope["scheme"] = schemes[scope["type"] == "websocket"]
        host = _split(found[b"x-forwarded-host"])[-1] if b"x-forwarded-host" in found else last.get("host", "")
        host = host.strip()
        if HOST.fullmatch(host):
            scope["headers"] = [
                *((name, value) for name, value in scope["headers"] if name != b"host"),
                (b"host", host.encode("ascii")),
            ]
        return scope


def _secure_cookies(send: Send) -> Send:
    """``send`` with ``Secure`` added to every cookie the answer sets."""

    async def sending(message: Message) -> None:
        if message["type"] == "http.response.start":
            headers = [
                (name, value + b"; Secure")
                if name.lower() == b"set-cookie" and b"; secure" not in value.lower()
                else (name, value)
                for name, value in message.get("headers", [])
            ]
            message = {**message, "headers": headers}
        await send(message)

    return sending


def _secure(cookie: bytes) -> bytes:
    return cookie if b"; secure" in cookie.lower() else cookie + b"; Secure"
