"""Who can reach the server, and so which addresses a room's link may be given with.

``golf serve`` knows the address it listens on: loopback (``127.0.0.1``, the default: only this
computer), one address of the network, or every address (``0.0.0.0``, ``::``). Listening on every
address, the links use this machine's network addresses, found once at start without sending a
packet (:func:`network_addresses`). Behind a trusted reverse proxy the public host a request came in
on (``Host``, set from the proxy's headers by :mod:`golfcards.web.server.forwarded`) is the one.

Nothing here needs the web extra: ``golf serve`` builds its :class:`Reach` before the app.
"""

from __future__ import annotations

import ipaddress
import socket
from dataclasses import dataclass
from typing import Literal

Kind = Literal["proxy", "loopback", "network", "here"]
WILDCARDS = ("0.0.0.0", "::", "")
PROBES = (
    (socket.AF_INET, "192.0.2.1"),  # TEST-NET-1 and the IPv6 documentation prefix: never reached, as
    (socket.AF_INET6, "2001:db8::1"),  # connecting a UDP socket sends nothing; it only picks a route
)
MAX_ADDRESSES = 6


def _usable(text: str) -> ipaddress.IPv4Address | ipaddress.IPv6Address | None:
    """``text`` as an address another device could open (no loopback, link-local, multicast,
    unspecified or zone-scoped address), else None."""
    try:
        address = ipaddress.ip_address(text.split("%", 1)[0])
    except ValueError:
        return None
    if "%" in text or address.is_loopback or address.is_link_local or address.is_multicast or address.is_unspecified:
        return None
    return address


def network_addresses(ipv6: bool = True) -> tuple[str, ...]:
    """This machine's addresses on its networks, the routed IPv4 one first, then its other IPv4
    ones, then (with ``ipv6``) its IPv6 ones; at most :data:`MAX_ADDRESSES`. No packet is sent:
    the routes are found by connecting UDP sockets, the rest from the machine's own name."""
    found: list[ipaddress.IPv4Address | ipaddress.IPv6Address] = []
    for family, target in PROBES:
        if family == socket.AF_INET6 and not ipv6:
            continue
        try:
            with socket.socket(family, socket.SOCK_DGRAM) as probe:
                probe.connect((target, 9))
                address = _usable(str(probe.getsockname()[0]))
        except OSError:  # no route, no such family
            continue
        if address is not None:
            found.append(address)
    try:
        infos = socket.getaddrinfo(socket.gethostname(), None, type=socket.SOCK_STREAM)
    except OSError:  # a name the resolver does not know
        infos = []
    for family, _, _, _, sockaddr in infos:
        if family == socket.AF_INET6 and not ipv6:
            continue
        address = _usable(str(sockaddr[0]))
        if address is not None:
            found.append(address)
    unique = list(dict.fromkeys(found))
    unique.sort(key=lambda address: address.version)  # stable: the routed IPv4 address stays first
    return tuple(str(address) for address in unique[:MAX_ADDRESSES])


def host_text(address: str) -> str:
    """An address as a URL's host: IPv6 in brackets."""
    return f"[{address}]" if ":" in address else address


@dataclass(frozen=True, slots=True)
class Reach:
    """How ``golf serve`` listens: the address given (``host``), the port, this machine's network
    addresses when it listens on every address, and whether a trusted proxy stands in front."""

    host: str
    port: int
    addresses: tuple[str, ...] = ()
    proxied: bool = False

    @classmethod
    def listening(cls, host: str, port: int, *, proxied: bool = False) -> Reach:
        """The reach of a server listening on ``host``:``port``; every address (``0.0.0.0``: IPv4,
        ``::``: both) makes it look up the machine's network addresses now."""
        addresses = network_addresses(ipv6=host != "0.0.0.0") if host in WILDCARDS and not proxied else ()
        return cls(host, port, addresses, proxied)

    @property
    def kind(self) -> Kind:
        """``proxy`` (links use the host the request came in on), ``loopback`` (this computer
        only), or ``network`` (links use the network addresses)."""
        if self.proxied:
            return "proxy"
        if self.host == "localhost":
            return "loopback"
        try:
            address = ipaddress.ip_address(self.host)
        except ValueError:  # a name of this machine on the network, or "" (every address)
            return "network"
        return "loopback" if address.is_loopback else "network"

    def origins(self, request_origin: str, request_host: str) -> tuple[str, ...]:
        """The origins (``scheme://host:port``) a room's link may be given with, the best first, for
        a request that came in on ``request_origin`` (its host alone, without the port:
        ``request_host``)."""
        if self.kind in ("proxy", "loopback"):
            return (request_origin,)
        if self.host not in WILDCARDS:
            return (f"http://{host_text(self.host)}:{self.port}",)
        origins = [f"http://{host_text(address)}:{self.port}" for address in self.addresses]
        if _usable(request_host.strip("[]")) is not None and request_origin not in origins:
            origins.insert(0, request_origin)  # this page was opened by a network address: it works
        return tuple(origins) or (f"http://{host_text(socket.gethostname())}:{self.port}",)
